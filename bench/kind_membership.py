"""Which papers naming a kind of the topic the corpus states ("LLaMA" for "LLMs", "post-training quantization" for
"model compression") are on the topic: every writer's visible topic items on both corpora, each paper a kind
grounds (TopicMatcher._kind_scopes) that papers_on leaves out, labelled by the item, with what the kind rule reads of
it: its closest sentence's cosine to the topic (the KIND_DENSE gate), its grounding score, and whether the sentence
writes the kind as a name (topic_terms.said_as_name). Per writer, the items' set score with papers_on's members as
they are and with the named kinds below the gate admitted too, on the same items (run with the evidence gathered
before the named kinds were admitted: `--cache` keeps it).

    python -m bench.kind_membership --seeds store --corpus2 /tmp/c2-wt/store [--cache ev.pkl] [--fit]
"""

from __future__ import annotations

import argparse

import numpy as np

from assistant.answer.evidence.topic_terms import WORD_TIER, said_as_name
from bench.topic_membership import WRITERS, cached, set_score


def evidence(answerer, rows: list[dict]) -> list[dict]:
    """Per positive topic: papers_on's members, and each labelled paper a kind grounds with its features."""
    m = answerer.corpus.topics
    out = []
    for r in rows:
        if r["negated"] or not r["labels"]:
            continue
        current = {sp.paper.id for sp in m.papers_on(r["topic"], r["scope"])}
        rest = [p for p in r["scope"] if p.id not in current and p.id in r["labels"]]
        cands: dict[str, dict] = {}
        for alts, narrowed, reading in m._kind_scopes(r["topic"], r["scope"], rest):
            on_kind = [sp for sp in m._grounded_in(alts, narrowed, reading) if sp.score >= WORD_TIER]
            if not on_kind:
                continue
            near = m._best_sims(r["topic"], [sp.paper for sp in on_kind])
            for sp in on_kind:
                f = dict(
                    sim=near.get(sp.paper.id, 0.0), kind_score=sp.score - WORD_TIER,
                    name=float(any(said_as_name(a, sp.sentence) for a in alts)), words=len(alts[0].split()),
                    kind=alts[0], sentence=sp.sentence[:120],
                )  # fmt: skip
                if sp.paper.id not in cands or cands[sp.paper.id]["sim"] < f["sim"]:
                    cands[sp.paper.id] = f
        out.append(
            dict(id=r["id"], set=r["set"], writer=r["writer"], topic=r["topic"], labels=r["labels"], current=current,
                 cands=cands)
        )  # fmt: skip
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--cache", default="")
    args = ap.parse_args()
    ev = cached(args.seeds, args.corpus2, args.cache, evidence)
    for e in ev:
        for pid, f in e["cands"].items():
            print(
                f"{e['id']:<8} {e['writer']} '{e['topic']}' y={e['labels'][pid]} sim={f['sim']:.2f} "
                f"ks={f['kind_score']:.2f} name={f['name']:.0f} kind={f['kind']!r} | {f['sentence']}"
            )
    print(f"{'writer':<14} {'topics':>6}  gate only -> named kinds too")
    for writer in [*WRITERS, None]:
        mine = [e for e in ev if e["writer"] == writer]
        old = [set_score(e["current"], e["labels"]) for e in mine]
        new = [set_score(e["current"] | {p for p, f in e["cands"].items() if f["name"]}, e["labels"]) for e in mine]
        print(f"{writer or 'team':<14} {len(mine):>6}  {np.mean(old):.3f} -> {np.mean(new):.3f}")


if __name__ == "__main__":
    main()
