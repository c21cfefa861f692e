"""Refuse, or answer from the papers the subject words ground, when a question's topic grounds no paper: learned from
every writer's labelled questions (plan/refusal.py).

`--collect` answers every item of every visible set (both corpora; a conversation's earlier turns answered first)
and keeps each case where the topic grounds nothing but some subject word grounds papers (refusal.case), on either
path that asks the decision (refusal.decided): the topic reader's (a list or count) or the evidence step's (a question
no paper is relevant to as a whole), recorded as the row's `path`. Each case is
answered both ways, refused (as before the model) and answered from the reading, and scored by the evaluation's own
rules: labelled 1 when answering scores higher. Refused answerable items and answered unanswerable ones are kept
for both ways. A conversation's earlier turn that meets a case is answered both ways too, scored by the share of the
item's expected papers it cites, less those it cites beside them (Jaccard; fitted on, never scored: the per-writer
table reads last turns only).

`--fit` fits a plain numpy logistic regression over refusal.FEATURES on the decisive cases (the two ways score
differently) leaving one writer out at a time (team sets fit only, never held out), prints per writer the answerable
items refused and unanswerable items answered, today against the learned decision, on the same items, and writes the
weights fitted on every writer to assistant/answer/plan/data/refusal.json.

    python -m bench.refusal_fit --collect --only seeds --rows /tmp/refusal_seeds.json
    python -m bench.refusal_fit --collect --only corpus2 --corpus2 /tmp/c2-wt/store --rows /tmp/refusal_c2.json
    python -m bench.refusal_fit --fit --rows /tmp/refusal_seeds.json /tmp/refusal_c2.json
"""

from __future__ import annotations

import argparse
import json
import os
from functools import partial
from pathlib import Path

import numpy as np

from bench.frame_words import _sets, writer_of
from bench.learned import logistic

ROWS = Path("/tmp/refusal_rows.json")
OUT = Path("assistant/answer/plan/data/refusal.json")
L2 = 1.0
THRESHOLD = 0.5
CONVERSATIONS = False


def decisive(r: dict) -> bool:
    """A case whose score the decision changes: a tie (answered or refused alike) says nothing of which is better,
    and is left out of the fit (it is still scored). A conversation's earlier turn is fitted on, never scored."""
    return r["score_answered"] != r["score_today"]


def _share(answer, expected: list[dict]) -> float:
    """How well an earlier turn's citations are the item's papers (Jaccard: a list of five holding the two asked
    about leaves "those two" of the next turn unresolved)."""
    from assistant.evaluation_rules import matches

    hit = sum(any(matches(e, c) for c in answer.citations) for e in expected)
    extra = sum(not any(matches(e, c) for e in expected) for c in answer.citations)
    return hit / (len(expected) + extra)


def collect(store: Path, corpus: str) -> list[dict]:
    from assistant import evaluation_rules as rules
    from assistant.answer.plan import refusal
    from assistant.core import Assistant
    from assistant.evaluation import score_question
    from assistant.models import Filters, Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    seeds = store.parent / "tanaka" if corpus == "corpus2" else Path("seeds")
    assistant = Assistant.from_settings(Settings(store_dir=store, seeds_dir=seeds))
    answerer = assistant.answerer()
    ids = {p.id for p in assistant.papers()}
    case, seen = refusal.case, []

    def observed(*args, **kwargs):
        found = case(*args, **kwargs)
        if found is not None:
            seen.append(found)
        return found

    refusal.case = observed
    # which refusal path met the case: the evidence step's (a question no paper is relevant to as a whole) or the
    # topic reader's (a list or count whose topic grounds nothing)
    from assistant.answer.evidence.finding import Evidence

    read_again, paths = Evidence.read_again, []

    def reading_again(self, plan):
        paths.append(len(seen))
        return read_again(self, plan)

    Evidence.read_again = reading_again
    path = lambda: "evidence" if paths and paths[-1] == len(seen) - 1 else "topic"  # noqa: E731
    rows = []
    for name in _sets(corpus):
        data = json.loads(Path(f"tests/data/{name}.json").read_text())
        hard = rules.is_hard(data["questions"])
        principal = data.get("principal_author") or assistant.principal_author
        for q in data["questions"]:
            turns = q.get("turns") or [q["question"]]
            if CONVERSATIONS and len(turns) < 2:
                continue
            messages: list[Message] = []
            expected = q.get("expected_papers") or []
            for turn in turns[:-1]:
                messages.append(Message(role="user", content=turn))
                seen.clear()
                paths.clear()
                refusal.answers = lambda found: False
                said = present_answer(answerer.answer(messages, Filters()))
                if seen and expected:  # an earlier turn: scored by the share of the item's papers it cites
                    refusal.answers = lambda found: True
                    other = present_answer(answerer.answer(messages, Filters()))
                    share = partial(_share, expected=expected)
                    rows.append(
                        dict(
                            set=name,
                            writer=writer_of(name),
                            id=q["id"],
                            earlier_turn=True,
                            question=turn,
                            answerable=rules.answerable(q),
                            label=int(share(other) > share(said)),
                            score_today=share(said),
                            score_answered=share(other),
                            topic=seen[-1].topic,
                            path=path(),
                            reading=seen[-1].reading,
                            features=list(seen[-1].features),
                        )
                    )
                    print(name, q["id"], "earlier turn", f"{share(said):.2f} -> {share(other):.2f}", repr(turn))
                messages.append(Message(role="assistant", content=said.answer[:4000]))
            messages.append(Message(role="user", content=turns[-1]))
            seen.clear()
            paths.clear()
            refusal.answers = lambda found: False  # today: a topic that grounds nothing is refused
            today = present_answer(answerer.answer(messages, Filters()))
            if not seen:
                continue
            found = seen[-1]
            refusal.answers = lambda found: True  # the other way: answered from the reading
            other = present_answer(answerer.answer(messages, Filters()))
            before = score_question(q, today, ids, hard, principal)[0]
            after = score_question(q, other, ids, hard, principal)[0]
            ok = rules.answerable(q)
            rows.append(
                dict(
                    set=name,
                    writer=writer_of(name),
                    id=q["id"],
                    question=turns[-1],
                    answerable=ok,
                    label=int(after > before),
                    score_today=before,
                    score_answered=after,
                    topic=found.topic,
                    path=path(),
                    reading=found.reading,
                    refused_today=ok is True and rules.refused(q, today),
                    refused_answered=ok is True and rules.refused(q, other),
                    wrong_today=ok is False and rules.wrongly_answered(q, today),
                    wrong_answered=ok is False and rules.wrongly_answered(q, other),
                    features=list(found.features),
                )
            )
            print(name, q["id"], ok, f"{before:.2f} -> {after:.2f}", repr(found.topic), "->", repr(found.reading))
    return rows


def group(r: dict) -> str:
    return r["writer"] or "team"


def table(rows: list[dict]) -> dict:
    """Leave one writer out: per writer, answerable refused and unanswerable answered, today and learned."""
    x = np.array([r["features"] for r in rows])
    y = np.array([float(r["label"]) for r in rows])
    out = {}
    for w in sorted({r["writer"] for r in rows if r["writer"]}):
        train = np.array([r["writer"] != w and decisive(r) for r in rows])
        m = logistic(x[train], y[train], l2=L2)
        held = [(r, p) for r, p in zip(rows, predict(m, x)) if r["writer"] == w and not r.get("earlier_turn")]
        out[w] = figures(held)
    return out


def predict(m: dict, x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(((x - m["mean"]) / m["scale"]) @ m["weights"] + m["bias"])))


def figures(held: list[tuple[dict, float]]) -> dict:
    """Today and learned, on the writer's cases: answerable items refused (no citation), unanswerable items answered
    (cited what they should not), and the mean score (each case scored as answered when the model says so)."""
    answered = [(r, p >= THRESHOLD) for r, p in held]
    return dict(
        n=len(held),
        answerable=sum(1 for r, _ in held if r["answerable"]),
        unanswerable=sum(1 for r, _ in held if r["answerable"] is False),
        refused_today=sum(r["refused_today"] for r, _ in held),
        refused_learned=sum(r["refused_answered"] if a else r["refused_today"] for r, a in answered),
        wrong_today=sum(r["wrong_today"] for r, _ in held),
        wrong_learned=sum(r["wrong_answered"] if a else r["wrong_today"] for r, a in answered),
        score_today=round(float(np.mean([r["score_today"] for r, _ in held])), 3),
        score_learned=round(float(np.mean([r["score_answered"] if a else r["score_today"] for r, a in answered])), 3),
        score_best=round(float(np.mean([max(r["score_answered"], r["score_today"]) for r, _ in held])), 3),
    )


def report(per: dict) -> tuple[dict, dict]:
    """Print the leave-one-writer-out table (per writer: refusals and wrong answers today -> learned, scores) and the
    held-out line; return the totals and the mean scores that go into the weights file."""
    print(
        f"{'writer':8} {'cases':>5} {'ans':>4} {'refused':>10} {'unans':>5} {'answered':>9}", "score today/learned/best"
    )
    for w, f in per.items():
        print(
            f"{w:8} {f['n']:5} {f['answerable']:4} {f['refused_today']:>4} -> {f['refused_learned']:<2} "
            f"{f['unanswerable']:5} {f['wrong_today']:>3} -> {f['wrong_learned']:<2} "
            f"{f['score_today']:>10.3f} {f['score_learned']:.3f} {f['score_best']:.3f}"
        )
    keys = ("refused_today", "refused_learned", "wrong_today", "wrong_learned")
    total = {k: sum(f[k] for f in per.values()) for k in keys}
    mean = {k: round(float(np.mean([f[k] for f in per.values()])), 3) for k in ("score_today", "score_learned")}
    gains = [f["score_learned"] - f["score_today"] for f in per.values()]
    print("held-out writers:", total, mean, f"per-writer gain {min(gains):+.3f}..{max(gains):+.3f}")
    return total, mean


def fit(rows: list[dict]) -> None:
    from assistant.answer.plan import refusal

    per = table(rows)
    total, mean = report(per)
    fitted = [r for r in rows if decisive(r)]
    m = logistic(np.array([r["features"] for r in fitted]), np.array([float(r["label"]) for r in fitted]), l2=L2)
    data = dict(
        about=(
            "Refuse or answer a topic that grounds no paper, on the topic reader's path and the evidence step's "
            "(plan/refusal.py); fitted by `python -m bench.refusal_fit --fit` on every visible set's cases (both "
            "corpora; writers' and team's), L2 logistic regression on "
            "standardised features, fitted on the decisive cases (answering and refusing score differently); label: "
            "answering from the reading scores higher than refusing. "
            "leave_one_writer_out: each writer's cases scored by a model fitted without them."
        ),
        sets=sorted({r["set"] for r in rows}),
        cases=len(rows),
        decisive=len(fitted),
        positives=int(sum(r["label"] for r in rows)),
        leave_one_writer_out=per,
        held_out_totals=total,
        held_out_mean_score=mean,
        features=list(refusal.FEATURES),
        mean=[round(float(v), 5) for v in m["mean"]],
        scale=[round(float(v), 5) for v in m["scale"]],
        weights=[round(float(v), 4) for v in m["weights"]],
        bias=round(float(m["bias"]), 4),
        l2=L2,
        threshold=THRESHOLD,
    )
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print("weights", dict(zip(refusal.FEATURES, data["weights"])), "bias", data["bias"])


def collect_into(path: Path, collect, args) -> None:
    """Each corpus's rows (`collect(store, corpus)`: the seeds' store, and corpus2's when given), as `--only` selects,
    written to `path` as JSON (the `--collect` of this fit and of bench.wording_fit)."""
    rows = []
    if args.only in (None, "seeds"):
        rows += collect(args.seeds, "seeds")
    if args.corpus2 and args.only in (None, "corpus2"):
        rows += collect(args.corpus2, "corpus2")
    path.write_text(json.dumps(rows, indent=1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--collect", action="store_true")
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--seeds", type=Path, default=Path("store"))
    ap.add_argument("--corpus2", type=Path)
    ap.add_argument("--only", choices=("seeds", "corpus2"))
    ap.add_argument("--rows", type=Path, nargs="+", default=[ROWS])
    ap.add_argument("--conversations", action="store_true", help="collect conversations only")
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    global CONVERSATIONS
    CONVERSATIONS = args.conversations
    if args.collect:
        collect_into(args.rows[0], collect, args)
    if args.fit:
        fit([r for path in args.rows for r in json.loads(path.read_text())])


if __name__ == "__main__":
    main()
