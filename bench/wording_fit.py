"""A topic that grounds no paper after every reading: the question's wording (no topic) or a subject the corpus lacks
(refused), measured on every writer's labelled questions. Not shipped: the runtime reads no model of this. Measured
when written (182 cases, 132 of them writers', 5 where no topic scores higher): leaving one writer out, answerable
items refused 6 -> 4 and unanswerable answered 0 -> 0, mean 0.933 -> 0.948; but the gain comes from one feature,
whether the question puts the words where a topic goes (without in_place/no_place: 6 -> 6, no gain), and of 32 new
wordings a near-negative with no such place ("Which of her papers concern cancer immunotherapy?") became answered
(frame 5/16 -> 7/16, subject 16/16 -> 15/16).

`--collect` answers every item of every visible set (both corpora; a conversation's earlier turns answered first) and
keeps, for every item, its plan's topic and score and the topic words no expected paper holds in any form (the
per-writer table of topics holding a word that is not content: `--table`). Each item whose topic grounds nothing at
the end of the topic reader (TopicReader.read, wrapped here: `wrapped`, `case`) is answered both ways, refused (as
today) and with no topic, and scored by the evaluation's own rules: labelled 1 when reading it as wording scores higher.

`--fit` fits a plain numpy logistic regression over FEATURES on the decisive cases (the two ways score
differently) leaving one writer out at a time (team sets fit only, never held out), prints per writer the answerable
items refused and unanswerable items answered, today against the learned decision, on the same items, and writes the
weights fitted on every writer to OUT (--drop leaves features out). `--new` asks the new wordings of a file once with
the weights of OUT (--off: without them) and counts how many pass.

    python -m bench.wording_fit --collect --only seeds --rows /tmp/wording_seeds.json
    python -m bench.wording_fit --collect --only corpus2 --corpus2 /tmp/c2-wt/store --rows /tmp/wording_c2.json
    python -m bench.wording_fit --table --fit --rows /tmp/wording_seeds.json /tmp/wording_c2.json
    python -m bench.wording_fit --new bench/wording_new_wordings.json --seeds store --corpus2 /tmp/c2-wt/store
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from pathlib import Path

import numpy as np

from bench.frame_words import _sets, writer_of
from bench.learned import logistic
from bench.refusal_fit import collect_into, decisive, figures, predict, report

OUT = Path("/tmp/wording_weights.json")
L2 = 1.0
THRESHOLD = 0.5
UNANSWERABLE = {"out_of_corpus", "near_negative"}
FEATURES = (
    "words",  # how many words the topic has (/5)
    "best_subject",  # the frame model's highest subject log-odds among the words (/5)
    "mean_subject",  # their mean subject log-odds (/5)
    "least_zipf",  # general English frequency of its rarest word (/7)
    "most_zipf",  # of its commonest word (/7)
    "unused_share",  # share of its words no paper of the corpus holds
    "corpus_share",  # the highest share of the corpus's papers holding one of its words
    "in_place",  # share of its words where the question puts a topic ("on X", "his X papers", a parenthesis)
    "no_place",  # the question has no such place
    "filtered",  # another slot narrows the papers
    "topic_cosine",  # best paper's cosine to the topic's words
    "question_cosine",  # best paper's cosine to the whole question
)


def case(corpus, question: str, topic: str, pool: list, filtered: bool) -> tuple[float, ...] | None:
    """The evidence on a topic that grounds no paper of the pool (None when it has no word)."""
    from assistant.answer.evidence import distinct
    from assistant.answer.plan import frame, refusal
    from assistant.answer.plan.content import places
    from assistant.models import Filters

    words = list(dict.fromkeys(w for w in topic.replace(" or ", " ").split() if w))
    if not words or not pool:
        return None
    share, embed = refusal.word_evidence(corpus)
    odds = frame.subject_scores(question, words, share, embed)
    shares = [share(w) for w in words]
    zipfs = [distinct.zipf(w) for w in words]
    held = places(question)
    inside = set().union(*held) if held else set()
    ids = {p.id for p in pool}
    best = lambda text: max(  # noqa: E731
        (h.dense for h in corpus.retriever.search(text, Filters(), k=5) if h.paper.id in ids), default=0.0
    )
    feats = (
        len(words) / 5,
        max(odds) / 5,
        sum(odds) / len(odds) / 5,
        min(zipfs) / 7,
        max(zipfs) / 7,
        sum(1 for s in shares if s == 0) / len(words),
        max(shares),
        sum(1 for w in words if w.casefold() in inside) / len(words),
        float(not held),
        float(filtered),
        best(topic),
        best(question),
    )
    return tuple(float(f) for f in feats)


def assumed(topic: str) -> str:
    """What the answer opens with when the topic is read as wording (the sentence the topic reader already says)."""
    return f"I read “{topic}” as the question's wording, not a topic, so no topic narrows the papers."


def wrapped(way: dict, seen: list, weights: dict | None = None) -> None:
    """TopicReader.read, asked of a topic that still grounds no paper at its end (a date pick's is the planner's):
    its features kept in `seen`, and read as wording when way["wording"] is set (or the weights say so)."""
    from assistant.answer.plan.topic import TopicReader

    original = TopicReader.read

    def read(self, topic, question, pool, filtered, route):
        out = original(self, topic, question, pool, filtered, route)
        if not out[0] or out[2] or route in ("earliest", "latest") or self._grounds(out[0], pool):
            return out
        found = case(self.corpus, question, out[0], pool, filtered)
        if found is None:
            return out
        seen.append((out[0], found))
        chosen = np.array([[found[i] for i in weights["cols"]]]) if weights is not None else None
        take = way.get("wording") or (chosen is not None and predict(weights, chosen)[0] >= THRESHOLD)
        return ("", assumed(out[0]), []) if take else out

    TopicReader.read = read


def collect(store: Path, corpus: str) -> list[dict]:
    from assistant import evaluation_rules as rules
    from assistant.answer.evidence import distinct
    from assistant.core import Assistant
    from assistant.evaluation import score_question
    from assistant.evaluation_rules import matches
    from assistant.models import Filters, Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings
    from bench.topic_membership import _Cited

    seeds = store.parent / "tanaka" if corpus == "corpus2" else Path("seeds")
    assistant = Assistant.from_settings(Settings(store_dir=store, seeds_dir=seeds))
    answerer = assistant.answerer()
    c = answerer.corpus
    papers = list(c.by_id.values())
    ids = set(c.by_id)
    seen: list = []
    way = {"wording": False}
    wrapped(way, seen)
    rows = []
    for name in _sets(corpus):
        data = json.loads(Path(f"tests/data/{name}.json").read_text())
        hard = rules.is_hard(data["questions"])
        principal = data.get("principal_author") or assistant.principal_author
        for q in data["questions"]:
            turns = q.get("turns") or [q["question"]]
            messages: list[Message] = []
            way["wording"] = False
            for turn in turns[:-1]:
                messages.append(Message(role="user", content=turn))
                said = present_answer(answerer.answer(messages, Filters()))
                messages.append(Message(role="assistant", content=said.answer[:4000]))
            messages.append(Message(role="user", content=turns[-1]))
            seen.clear()
            today = present_answer(answerer.answer(messages, Filters()))
            plan = answerer.plan(messages, Filters())
            expected = q.get("expected_papers") or []
            held = [p for e in expected if (p := next((p for p in papers if matches(e, _Cited(p))), None))]
            vocab = [c.topics.vocabulary_of(p) for p in held]
            words = [w for w in (plan.topic or "").replace(" or ", " ").split() if w]
            before = score_question(q, today, ids, hard, principal)[0]
            ok = rules.answerable(q)
            row = dict(
                set=name, writer=writer_of(name), id=q["id"], kind=q["kind"], question=turns[-1], answerable=ok,
                topic=plan.topic or "", assumed=plan.assumed or "", expected=len(held), cited=len(today.citations),
                leaked=[w for w in words if held and not any(distinct.held(w, v) for v in vocab)],
                score_today=before, case=bool(seen),
            )  # fmt: skip
            if seen:
                topic, found = seen[-1]
                way["wording"] = True
                other = present_answer(answerer.answer(messages, Filters()))
                after = score_question(q, other, ids, hard, principal)[0]
                row.update(
                    case_topic=topic, label=int(after > before), score_answered=after,
                    refused_today=ok is True and rules.refused(q, today),
                    refused_answered=ok is True and rules.refused(q, other),
                    wrong_today=ok is False and rules.wrongly_answered(q, today),
                    wrong_answered=ok is False and rules.wrongly_answered(q, other),
                    features=list(found),
                )  # fmt: skip
                print(name, q["id"], ok, f"{before:.2f} -> {after:.2f}", repr(topic), flush=True)
            rows.append(row)
    return rows


def frame_leak(r: dict) -> bool:
    """An answerable item whose topic holds a word no expected paper holds and whose answer misses (a refusal, or a
    wrong list where the expected answer has papers)."""
    return bool(r["expected"]) and r["kind"] not in UNANSWERABLE and bool(r["leaked"]) and r["score_today"] < 1


def table(rows: list[dict]) -> None:
    """Per writer: items, those whose topic holds a word that is not content and misses, and those refused."""
    leaks = [r for r in rows if frame_leak(r)]
    n, items = Counter(r["writer"] or "team" for r in leaks), Counter(r["writer"] or "team" for r in rows)
    refused = Counter(r["writer"] or "team" for r in leaks if not r["cited"])
    print(f"{'writer':<14} {'items':>5} {'leaks':>5} {'refused':>7}")
    for w in sorted(items, key=lambda w: (w == "team", len(w), w)):
        print(f"{w:<14} {items[w]:>5} {n[w]:>5} {refused[w]:>7}")
    print(f"{'all':<14} {len(rows):>5} {len(leaks):>5} {sum(refused.values()):>7}")
    for r in leaks:
        print(f"  {r['id']:<9} {r['kind']:<13} {r['score_today']:.2f} cited={r['cited']} topic={r['topic']!r} "
              f"leaked={r['leaked']} | {r['question'][:100]}")  # fmt: skip


def fit(rows: list[dict], drop: tuple[str, ...] = ()) -> None:
    """Leave one writer out, per writer today against learned; then the weights fitted on all, written to OUT."""
    cols = [i for i, f in enumerate(FEATURES) if f not in drop]
    cases = [r for r in rows if r.get("case")]
    x = np.array([r["features"] for r in cases])[:, cols]
    y = np.array([float(r["label"]) for r in cases])
    per = {}
    for w in sorted({r["writer"] for r in cases if r["writer"]}):
        train = np.array([r["writer"] != w and decisive(r) for r in cases])
        m = logistic(x[train], y[train], l2=L2)
        per[w] = figures([(r, p) for r, p in zip(cases, predict(m, x)) if r["writer"] == w])
    total, mean = report(per)
    fitted = [r for r in cases if decisive(r)]
    fx = np.array([r["features"] for r in fitted])[:, cols]
    m = logistic(fx, np.array([float(r["label"]) for r in fitted]), l2=L2)
    full = predict(m, x)
    team = [r for r, p in zip(cases, full) if r["answerable"] is False and p >= THRESHOLD and r["wrong_answered"]]
    print("unanswerable answered by the model fitted on all:", [(r["set"], r["id"], r["case_topic"]) for r in team])
    data = dict(
        about=(
            "Read a topic that grounds no paper as the question's wording (no topic) or refuse it (not shipped); "
            "fitted by `python -m bench.wording_fit --fit` on every visible set's cases (both corpora; writers' and "
            "team's), L2 logistic regression on standardised features, fitted on the decisive cases (the two ways "
            "score differently); label: no topic scores higher than refusing. leave_one_writer_out: each writer's "
            "cases scored by a model fitted without them."
        ),
        sets=sorted({r["set"] for r in cases}),
        cases=len(cases),
        decisive=len(fitted),
        positives=int(y.sum()),
        leave_one_writer_out=per,
        held_out_totals=total,
        held_out_mean_score=mean,
        features=[FEATURES[i] for i in cols],
        mean=[round(float(v), 5) for v in m["mean"]],
        scale=[round(float(v), 5) for v in m["scale"]],
        weights=[round(float(v), 4) for v in m["weights"]],
        bias=round(float(m["bias"]), 4),
        l2=L2,
        threshold=THRESHOLD,
    )
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print("weights", dict(zip(data["features"], data["weights"])), "bias", data["bias"])


def new_wordings(path: Path, seeds: Path, corpus2: Path, off: bool) -> None:
    """The generalisation count: each new wording asked once, with the weights of OUT read (off: today's reading);
    a 'frame' item passes when answered (a citation, no refusal on a topic), a 'subject' item when refused (no
    citation)."""
    import re

    if not off:
        data = json.loads(OUT.read_text())
        cols = [FEATURES.index(f) for f in data["features"]]
        model = {k: np.asarray(data[k]) for k in ("mean", "scale", "weights")} | {"bias": data["bias"]}
        weights = model | {"cols": cols}
        wrapped({}, [], weights)

    from assistant.models import Filters, Message
    from assistant.presenter import present_answer
    from bench.learned import opened

    refusal = re.compile(r"\bnone of\b.*\babout\b|cannot find a paper matching", re.I | re.S)
    items = json.loads(path.read_text())
    passed, total = Counter(), Counter()
    for store, key in ((seeds, "seeds"), (corpus2, "corpus2")):
        answerer = opened(store).answerer()
        for q in items[key]:
            answer = present_answer(answerer.answer([Message(role="user", content=q["question"])], Filters()))
            said = bool(answer.citations) and not refusal.search(answer.answer)
            ok = said if q["want"] == "frame" else not answer.citations
            passed[q["want"]] += ok
            total[q["want"]] += 1
            print(
                "ok " if ok else "BAD",
                q["id"],
                q["want"],
                repr(q["question"]),
                "->",
                answer.answer[:140].replace("\n", " "),
            )
    print({w: f"{passed[w]}/{total[w]}" for w in total}, f"all {sum(passed.values())}/{sum(total.values())}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--collect", action="store_true")
    ap.add_argument("--table", action="store_true")
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--seeds", type=Path, default=Path("store"))
    ap.add_argument("--corpus2", type=Path)
    ap.add_argument("--only", choices=("seeds", "corpus2"))
    ap.add_argument("--new", type=Path, help="ask the new wordings of this file (the generalisation count)")
    ap.add_argument("--off", action="store_true", help="--new without the weights (today's reading)")
    ap.add_argument("--drop", default="", help="features to leave out of --fit, comma-separated")
    ap.add_argument("--rows", type=Path, nargs="+", default=[Path("/tmp/wording_rows.json")])
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if args.collect:
        collect_into(args.rows[0], collect, args)
    rows = [r for path in args.rows for r in json.loads(path.read_text())] if args.table or args.fit else []
    if args.table:
        table(rows)
    if args.fit:
        fit(rows, tuple(f for f in args.drop.split(",") if f))
    if args.new:
        new_wordings(args.new, args.seeds, args.corpus2, args.off)


if __name__ == "__main__":
    main()
