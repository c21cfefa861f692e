"""Why a topic-list or summary item misses an expected paper, per writer: each writer's summary, both-groups and
topic-list item is planned and answered as the eval asks it, and each expected paper it does not cite is put down to
one cause (first that applies):

- scope: the paper is outside the plan's scope (the author's papers, the other groups', a year);
- no topic: the plan read no topic (the route answers from retrieval, or lists the whole scope, cut by the writer);
- topic wrong: the read topic has a word no expected paper holds in any form (a frame word leaked in) or misses
  every word the expected papers share;
- membership: the topic's words are all in the expected papers, but papers_on leaves the paper out;
- dropped: papers_on keeps the paper, the answer does not cite it (the writer's cap or the both-groups split).

Cited papers outside the expected and allowed ones are counted as extras (precision). With `--papers`, each missed
and each wrongly cited paper is listed per writer and cause with the membership evidence the code had: the rule of
papers_on that admitted it (unchecked; "-" none), whether the learned check kept it, its closest sentence's cosine to
the topic and that cosine's rank in the scope, the share of the topic's weight its text holds by stem, its title's
cosine, and whether it names a kind of the topic ("kind" rule).

    python -m bench.topic_causes --seeds store --corpus2 /tmp/c2-wt/store [--save rows.json] [--papers]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np

from assistant import evaluation_rules
from assistant.answer.evidence import distinct, topic_score
from assistant.evaluation import score_question
from assistant.evaluation_rules import matches
from assistant.models import Filters
from bench.learned import opened, replayed
from bench.topic_membership import C2, WRITERS, _Cited

KINDS = {"topic", "summary", "both_groups", "negation", "superlative", "stacked", "list_condition", "filter"}
CAUSES = ("scope", "no topic", "topic wrong", "membership", "dropped")


def cause_of(in_scope: bool, topic: str, member: bool, leaked: bool) -> str:
    """Why an expected paper the answer does not cite is missed (see the module's docstring)."""
    if not in_scope:
        return "scope"
    if not topic:
        return "no topic"
    if member:
        return "dropped"
    return "topic wrong" if leaked else "membership"


def _sets() -> list[str]:
    return [s for v in WRITERS.values() for s in v]


def measured(assistant, name: str, q: dict, hard: bool, principal: str) -> dict:
    answerer, corpus = assistant.answerer(), assistant.answerer().corpus
    m = corpus.topics
    asked, answer = replayed(assistant, q)
    plan = answerer.plan(asked, Filters())
    papers = list(corpus.by_id.values())
    expected = [next((p for p in papers if matches(e, _Cited(p))), None) for e in q["expected_papers"]]
    allowed = q["expected_papers"] + (q.get("allowed_papers") or []) + (q.get("related_others") or [])
    scope = answerer.tables.scoped(plan)
    topic = plan.topic or ""
    members = {sp.paper.id for sp in m.papers_on(topic, scope)} if topic else {p.id for p in scope}
    words = [w for w in topic.replace(" or ", " ").split() if w]
    held = [p for p in expected if p is not None]
    leaked = [w for w in words if held and not any(distinct.held(w, m.vocabulary_of(p)) for p in held)]
    causes, missed = [], []
    for e, p in zip(q["expected_papers"], expected):
        if any(matches(e, c) for c in answer.citations):
            continue
        in_scope = p is not None and p.id in {x.id for x in scope}
        causes.append(cause_of(in_scope, topic, p is not None and p.id in members, bool(leaked)))
        if p is not None:
            missed.append((p, causes[-1]))
    extra = [c for c in answer.citations if not any(matches(e, c) for e in allowed)]
    wrong = [(corpus.by_id[c.paper_id], "extra, member" if c.paper_id in members else "extra, not member")
             for c in extra if c.paper_id in corpus.by_id]  # fmt: skip
    papers_ev = paper_evidence(m, topic, scope, members, missed + wrong) if topic else []
    score = score_question(q, answer, set(corpus.by_id), hard, principal)[0]
    return dict(
        set=name, id=q["id"], kind=q["kind"], question=q.get("question") or " / ".join(q["turns"]), topic=topic,
        route=plan.route, leaked=leaked, expected=len(expected), members=len(members), scope=len(scope),
        score=score, causes=causes, extra=len(extra), extra_in_members=sum(1 for c in extra if c.paper_id in members),
        papers=papers_ev,
    )  # fmt: skip


def paper_evidence(m, topic: str, scope: list, members: set[str], papers: list[tuple]) -> list[dict]:
    """The membership evidence of each (paper, cause) (see the module's docstring); a paper outside the scope has
    only its cause and title."""
    ids = {x.id for x in scope}
    inside = [p for p, _ in papers if p.id in ids]
    rules = {sp.paper.id: sp.rule or "score" for sp in m.papers_on(topic, scope, checked=False)} if inside else {}
    feats: dict[str, dict] = {}
    for alt, words, qterms in m.scored_alternatives(topic, scope) if inside else []:
        read = topic_score.features(m, topic, alt, words, qterms, scope, inside, {"title", "rank"})
        for pid, f in read.items():
            f = f["features"]
            if pid not in feats or f["sentence"] + f["stems"] > feats[pid]["sentence"] + feats[pid]["stems"]:
                feats[pid] = f
    out = []
    for p, cause in papers:
        f = feats.get(p.id, {})
        rank = round(1 / f["rank"]) if f.get("rank") else 0
        out.append(dict(
            cause=cause, title=(p.title or "")[:60], rule=rules.get(p.id, "-"), member=p.id in members,
            cosine=round(f.get("sentence", 0.0), 3), rank=rank, stems=round(f.get("stems", 0.0), 3),
            title_cos=round(f.get("title", 0.0), 3),
        ))  # fmt: skip
    return out


def papers_table(by: dict[str, list[dict]]) -> None:
    """Each missed and wrongly cited paper per writer and cause, with its membership evidence."""
    print(f"\n{'writer':<14} {'cause':<18} {'rule':<9} {'kept':<5} {'cos':>5} {'rank':>4} {'stems':>5} {'tcos':>5}  "
          "item / topic / paper")  # fmt: skip
    for w, mine in by.items():
        if w == "all writers":
            continue
        rows = [(r, e) for r in mine for e in r["papers"]]
        for r, e in sorted(rows, key=lambda x: (x[1]["cause"], x[0]["id"])):
            print(
                f"{w:<14} {e['cause']:<18} {e['rule']:<9} {'yes' if e['member'] else 'no':<5} {e['cosine']:>5.2f} "
                f"{e['rank']:>4} {e['stems']:>5.2f} {e['title_cos']:>5.2f}  {r['id']} [{r['topic']}] {e['title']}"
            )
    print("\nper cause (all writers): papers, mean cosine, mean rank, mean stems; rules")
    rows = [e for r in by["all writers"] for e in r["papers"]]
    for cause in sorted({e["cause"] for e in rows}):
        mine = [e for e in rows if e["cause"] == cause]
        rules = Counter(e["rule"] for e in mine)
        print(f"  {cause:<18} {len(mine):>4}  cos {np.mean([e['cosine'] for e in mine]):.2f}  rank "
              f"{np.mean([e['rank'] for e in mine]):.1f}  stems {np.mean([e['stems'] for e in mine]):.2f}  "
              + ", ".join(f"{k} {v}" for k, v in rules.most_common()))  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--save", default="")
    ap.add_argument("--kinds", default=",".join(sorted(KINDS)))
    ap.add_argument("--papers", action="store_true", help="list each missed and extra paper with its evidence")
    args = ap.parse_args()
    kinds = set(args.kinds.split(","))
    rows = []
    for store, sets in (
        (args.seeds, [s for s in _sets() if s not in C2]),
        (args.corpus2, [s for s in _sets() if s in C2]),
    ):
        assistant = opened(store)
        for name in sets:
            data = json.loads(Path(f"tests/data/{name}.json").read_text())
            hard = evaluation_rules.is_hard(data["questions"])
            principal = data.get("principal_author") or assistant.principal_author
            for q in data["questions"]:
                if q["kind"] in kinds and q.get("expected_papers"):
                    rows.append(measured(assistant, name, q, hard, principal))
    print(
        f"{'writer':<14} {'items':>5} {'expected':>8} {'missed':>6} "
        + " ".join(f"{c:>11}" for c in CAUSES)
        + "  extras  score"
    )
    by = {}
    for w, sets in WRITERS.items():
        mine = [r for r in rows if r["set"] in sets]
        if mine:
            by[w] = mine
    by["all writers"] = rows
    for w, mine in by.items():
        n = Counter(c for r in mine for c in r["causes"])
        extra, score = sum(r["extra"] for r in mine), np.mean([r["score"] for r in mine])
        print(f"{w:<14} {len(mine):>5} {sum(r['expected'] for r in mine):>8} {sum(n.values()):>6} "
              + " ".join(f"{n[c]:>11}" for c in CAUSES) + f"  {extra:>6}  {score:.3f}")  # fmt: skip
    for k in sorted({r["kind"] for r in rows}):
        mine = [r for r in rows if r["kind"] == k]
        n = Counter(c for r in mine for c in r["causes"])
        print(
            f"  kind {k:<14} {len(mine):>4} items, score {np.mean([r['score'] for r in mine]):.3f}, missed "
            f"{sum(n.values())}: " + ", ".join(f"{c} {n[c]}" for c in CAUSES)
        )
    if args.papers:
        papers_table(by)
    if args.save:
        Path(args.save).write_text(json.dumps(rows, indent=0))


if __name__ == "__main__":
    main()
