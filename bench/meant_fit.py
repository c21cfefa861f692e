"""Fit and measure the learned choice of the paper a follow-up turn means (plan/meant.py), leave-one-writer-out.

    python -m bench.meant_fit --collect   # run each conversation up to its correction turns, save candidates
    python -m bench.meant_fit --fit [meant|continued]   # leave-one-writer-out table (rules vs learned), write the
                                                        # shipped weights of plan/meant.MODELS (default: all)

A correction turn ("No, not the dynamic one - the other, with the static algorithms", "hmm no, I meant the paper
where she trains the ensemble herself") or a turn that picks one of the papers shown ("zoom in on the one built
around a mixture of experts", "of those, which came out more recently?") decides which paper the conversation is
about; the next turn asks of "that one". A turn that goes on about the one paper the previous answer showed ("how did
that one keep the network communication down?") is a third kind, "continue", with a model of its own
(plan/meant.continued), choosing among the papers the answers showed only: the answer before it may have shown
another paper than the one the conversation means. The item's expected paper is the paper the turn means (for a turn
that is not the last, an approximation: the last turn may move on to another paper). Candidates are the papers the
conversation showed and the relatives of the previous question and of the description (plan/meant.candidates); the
rules' pick is a feature. --collect reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2), as the regression
run builds them, with no weights in place (the answers are the rules'), and writes /tmp/meant_rows.json.

Each tests/data/first_contact_*_{seeds,corpus2}.json was written by another writer who never saw the code; those are
the held-out folds. The team's sets are fitted on, never held out.
"""

from __future__ import annotations

import argparse
import json
import statistics
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np

from bench.common import ROOT
from bench.hops_fit import _expected
from bench.learned import logistic, questions, writer

DATA = ROOT / "tests" / "data"
ROWS = Path("/tmp/meant_rows.json")
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
OUT = ROOT / "assistant" / "answer" / "plan" / "data" / "meant.json"
L2 = 1.0
# The learned pick replaces the rules' only at the threshold probability or more: the one of these with the most turns
# right held out by writer; of thresholds right on as many, the highest (the learned choice replaces the rules only
# where it is surest: of 32 correction wordings written after the fit, 0.25 answered 18 and 0.5 23).
KINDS = ("correction", "pick", "continue")


@dataclass(frozen=True)
class Spec:
    """One learned choice of plan/meant.MODELS: the kinds of turn it decides, its L2 and the thresholds tried."""

    kinds: tuple[str, ...]
    l2: float
    thresholds: tuple[float, ...]
    about: str


THRESHOLDS = (0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6)

# A turn that goes on about the one paper shown: nearly always that paper, so the learned choice takes another (one an
# earlier answer showed) wherever it ranks first; held out by writer, 0.05 and 0.1 answered the most turns right.
CONTINUED_THRESHOLDS = (0.02, 0.05, 0.08, 0.1, 0.15, 0.2, 0.25, 0.3)
SPECS = {
    "meant": Spec(
        ("correction", "pick"),
        L2,
        THRESHOLDS,
        "Which paper a correction turn, or a turn picking one of the papers shown, means (plan/meant.py)",
    ),
    "continued": Spec(
        ("continue",),
        L2,
        CONTINUED_THRESHOLDS,
        "Which paper a turn that goes on about the one paper the previous answer showed means: that one, a paper an "
        "earlier answer showed or a relative of the previous question (plan/meant.continued)",
    ),
}


def _conversations() -> dict[str, list[tuple[Path, dict]]]:
    out: dict[str, list[tuple[Path, dict]]] = {"seeds": [], "corpus2": []}
    for path, q, store in questions(DATA):
        if len(q.get("turns") or []) >= 2 and q.get("expected_papers"):
            out[store].append((path, q))
    return out


def collect() -> None:
    from unittest import mock

    from assistant.answer.plan import meant
    from assistant.core import Assistant
    from assistant.evaluation import HISTORY_CHARS
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    for data in meant.MODELS.values():
        assert not data.exists(), f"move {data} away first: the answers must be the rules'"
    asked: list[tuple] = []  # the learned choice's calls during a turn: (corpus, question, history, rule, named)

    def record(corpus, question, history, rule, named=(), model="meant"):
        asked.append((corpus, question, history, rule, tuple(named)))
        return None  # the rules decide

    rows = []
    with mock.patch.object(meant, "pick", record):
        for store, group in _conversations().items():
            assistant = Assistant.from_settings(Settings(store_dir=STORES[store]))
            answerer = assistant.answerer()
            corpus, planner = answerer.corpus, answerer.planner
            _BY_TITLE[0] = corpus.by_title
            for path, q in group:
                messages: list[Message] = []
                for i, turn in enumerate(q["turns"]):
                    history = list(messages)
                    messages.append(Message(role="user", content=turn))
                    asked.clear()
                    answer = present_answer(assistant.answer(messages))
                    if i and (meant.corrects(turn, history) or asked):
                        # every correction turn (as the rules' "other one" reads it); a pick where the planner asked
                        question, rule, named = (
                            (turn, planner._other_rule(turn, history), asked[-1][4] if asked else ())
                            if meant.corrects(turn, history)
                            else (asked[-1][1], asked[-1][3], asked[-1][4])
                        )
                        cands = meant.candidates(corpus, question, history, rule, named)
                        cited = [c.paper_id for c in answer.citations]
                        rows.append(
                            {
                                "set": path.stem,
                                "writer": writer(path),
                                "id": q["id"],
                                "turn": i,
                                "kind": _kind(question, history),
                                "last": i == len(q["turns"]) - 1,
                                "question": turn,
                                "answered": cited[0] if cited else None,
                                "answered_right": bool(cited) and _expected(corpus, q, cited[0]),
                                "candidates": [
                                    {"id": c.pid, "x": list(c.x), "y": _expected(corpus, q, c.pid)} for c in cands
                                ],
                            }
                        )
                        r = rows[-1]
                        print(
                            f"{path.stem:28} {q['id']:8} t{i} {r['kind']:10} answered_right={r['answered_right']!s:5}"
                            f" in_pool={any(c['y'] for c in r['candidates'])} n={len(cands)}",
                            flush=True,
                        )
                    messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
    ROWS.write_text(json.dumps(rows, indent=1))
    print(f"{len(rows)} rows -> {ROWS}")


def _kind(question: str, history: list) -> str:
    """A correction, a pick among the several papers the previous answer showed, or a turn that goes on about the one
    paper it showed (plan/meant.continued)."""
    from assistant.answer.plan import meant
    from assistant.answer.plan.conversation import cited_papers, previous_answer

    if meant.corrects(question, history):
        return "correction"
    return "pick" if len(cited_papers(previous_answer(history), _BY_TITLE[0])) != 1 else "continue"


_BY_TITLE: list = [{}]  # the corpus's titles while collecting (cited_papers reads the names)


def _stack(rows: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    cands = [c for r in rows for c in r["candidates"]]
    return np.array([c["x"] for c in cands], dtype=float), np.array([float(c["y"]) for c in cands])


def _scores(model: dict, row: dict) -> np.ndarray:
    from assistant.answer.plan.meant import Candidate, ruled_out

    x = np.array([c["x"] for c in row["candidates"]], dtype=float)
    s = 1 / (1 + np.exp(-(((x - model["mean"]) / model["scale"]) @ model["weights"] + model["bias"])))
    out = ruled_out([Candidate(c["id"], tuple(c["x"])) for c in row["candidates"]])
    return np.array([0.0 if c["id"] == out else v for c, v in zip(row["candidates"], s)])


def _learned(model: dict, row: dict, threshold: float) -> bool:
    """The turn's paper under the learned choice is the expected one: the best candidate when it is sure enough,
    else what the turn answers today (the rules' pick)."""
    if not row["candidates"]:
        return row["answered_right"]
    s = _scores(model, row)
    best = int(np.argmax(s))
    return row["candidates"][best]["y"] if s[best] >= threshold else row["answered_right"]


def fit(name: str) -> None:
    """The leave-one-writer-out table of one learned choice of plan/meant.MODELS, and its shipped weights."""
    from assistant.answer.plan.meant import FEATURES, MODELS, Candidate, among

    spec = SPECS[name]
    rows = [r for r in json.loads(ROWS.read_text()) if r["kind"] in spec.kinds]
    for r in rows:  # the candidates the model chooses among at run time
        kept = {c.pid for c in among([Candidate(c["id"], tuple(c["x"])) for c in r["candidates"]], name)}
        r["candidates"] = [c for c in r["candidates"] if c["id"] in kept]
    usable = [r for r in rows if r["candidates"]]
    writers = sorted({r["writer"] for r in rows if r["writer"]})
    table, gains = {}, []
    folds = {w: logistic(*_stack([r for r in usable if r["writer"] != w]), spec.l2) for w in writers}
    held = [r for r in rows if r["writer"]]
    by_threshold = {t: sum(_learned(folds[r["writer"]], r, t) for r in held) for t in spec.thresholds}
    threshold = max(t for t in spec.thresholds if by_threshold[t] == max(by_threshold.values()))
    print(f"{name}: held-out turns right per threshold:", by_threshold, "->", threshold)
    print(f"{'writer':22} {'n':>3} {'rules':>6} {'learned':>8}   " + " / ".join(spec.kinds) + " (n rules learned)")
    for w in writers:
        test = [r for r in rows if r["writer"] == w]
        model = folds[w]
        kinds = {}
        for kind in spec.kinds:
            of = [r for r in test if r["kind"] == kind]
            right = sum(_learned(model, r, threshold) for r in of)
            kinds[kind] = [len(of), sum(r["answered_right"] for r in of), right]
        last = [r for r in test if r["last"]]
        kinds["last_turns"] = [len(last), sum(r["answered_right"] for r in last)]
        kinds["last_turns"].append(sum(_learned(model, r, threshold) for r in last))
        before = sum(r["answered_right"] for r in test)
        after = sum(_learned(model, r, threshold) for r in test)
        table[w] = {"n": len(test), "rules": before, "learned": after, **kinds}
        gains.append((after - before) / len(test))
        print(
            f"{w:22} {len(test):3} {before:6} {after:8}   "
            + " / ".join(str(kinds[k]) for k in spec.kinds)
            + f"   last turns {kinds['last_turns']}"
        )
    n = sum(t["n"] for t in table.values())
    rules = sum(t["rules"] for t in table.values())
    learned = sum(t["learned"] for t in table.values())
    print(
        f"{'all writers':22} {n:3} {rules:6} {learned:8}  mean per-writer gain {statistics.fmean(gains):+.3f}"
        f" (spread {min(gains):+.3f} .. {max(gains):+.3f})"
    )
    x, y = _stack(usable)
    model = logistic(x, y, spec.l2)
    MODELS[name].write_text(
        json.dumps(
            {
                "about": f"{spec.about}; fitted by `python -m bench.meant_fit --fit {name}` on every visible set's "
                "such turns (both corpora; writers' and team's), L2 logistic regression on standardised features over "
                "the candidates; label: the item's expected paper. leave_one_writer_out: each writer's turns scored by "
                "a model fitted without them (rules: the turn's first citation today is the expected paper; learned: "
                "the same with the learned pick where it is sure and differs); per kind [n, rules, learned].",
                "fitted": date.today().isoformat(),
                "sets": sorted({r["set"] for r in rows}),
                "turns": len(rows),
                "candidates": int(len(y)),
                "positives": int(y.sum()),
                "l2": spec.l2,
                "leave_one_writer_out": table,
                "mean_gain_per_writer": statistics.fmean(gains),
                "gain_spread": [min(gains), max(gains)],
                "features": list(FEATURES),
                "mean": model["mean"].tolist(),
                "scale": model["scale"].tolist(),
                "weights": model["weights"].tolist(),
                "bias": model["bias"],
                "threshold": threshold,
                "held_out_right_per_threshold": {str(t): v for t, v in by_threshold.items()},
            },
            indent=1,
        )
    )
    print("weights:", dict(zip(FEATURES, np.round(model["weights"], 2))), "->", MODELS[name])


def score_new(path: Path, off: list[str]) -> None:
    """Conversations written after the fit: is the last turn's first citation the paper meant, with the rules alone
    (the learned choices of plan/meant.MODELS named in `off` switched off) and with the learned choice?"""
    from unittest import mock

    from assistant.answer.plan import meant
    from assistant.core import Assistant
    from assistant.evaluation import HISTORY_CHARS
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    conversations = json.loads(path.read_text())["conversations"]
    assistants = {
        s: Assistant.from_settings(Settings(store_dir=STORES[s])) for s in {c["store"] for c in conversations}
    }

    def right(c: dict) -> bool:
        assistant, messages, answer = assistants[c["store"]], [], None
        for turn in c["turns"]:
            messages.append(Message(role="user", content=turn))
            answer = present_answer(assistant.answer(messages))
            messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
        first = (answer.citations[0].title or answer.citations[0].display_title or "") if answer.citations else ""
        return c["expected"].casefold() in first.casefold()  # the expected title, or a part of it that tells it

    learned = [right(c) for c in conversations]
    missing = Path("/nonexistent/weights.json")  # a model whose weights are absent leaves the decision to the rules
    with mock.patch.dict(meant.MODELS, {name: missing for name in off}):
        rules = [right(c) for c in conversations]
    for c, r, x in zip(conversations, rules, learned):
        print(f"rules={r!s:5} learned={x!s:5} {c.get('shape', '')} {' / '.join(c['turns'])}")
    print(f"{len(conversations)} conversations: rules {sum(rules)}, learned {sum(learned)}")
    for shape in sorted({c.get("shape", "") for c in conversations}):
        of = [i for i, c in enumerate(conversations) if c.get("shape", "") == shape]
        print(f"  {shape or '-'}: {len(of)}, rules {sum(rules[i] for i in of)}, learned {sum(learned[i] for i in of)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--collect", action="store_true")
    ap.add_argument("--fit", nargs="*", choices=sorted(SPECS), help="the learned choices to fit (default: all)")
    ap.add_argument("--new", type=Path, help="score conversations written after the fit")
    ap.add_argument("--off", nargs="*", choices=sorted(SPECS), help="with --new: the learned choices the rules replace")
    args = ap.parse_args()
    if args.new:
        score_new(args.new, args.off or list(SPECS))
    if args.collect:
        collect()
    if args.fit is not None:
        for name in args.fit or SPECS:
            fit(name)


if __name__ == "__main__":
    main()
