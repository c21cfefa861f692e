"""Measure the learned choice of the sentence that answers a two-part question's ask, leave-one-writer-out, against
the current choice (the sentence picker's best for the whole question) on the same items.

    python -m bench.asked_fit --collect   # every one-paper item whose question describes, then asks; save features
    python -m bench.asked_fit --fit       # the leave-one-writer-out table, then the weights (all writers)

A two-part question ("X is first author on two papers. For the one that …, which LLMs were evaluated?") identifies a
paper by a description and asks a property of it (main_clause.asked_part splits them). The item's expected paper is
taken as given (which paper is the first hop's decision, not this one); its sentences are the candidates, labelled by
whether they hold one of the item's expected facts. evidence/asked_sentence.py computes the features; the pick is the
most probable sentence. --collect reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2) as the regression run
builds them and writes /tmp/asked_rows.json.

Each tests/data/first_contact_*_{seeds,corpus2}.json was written by another writer who never saw the code; those are
the held-out folds. The team's sets are fitted on, never held out.
"""

from __future__ import annotations

import json
import statistics
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from bench.common import ROOT
from bench.learned import logistic, paper_of, questions, run_steps, writer

DATA = ROOT / "tests" / "data"
ROWS = Path("/tmp/asked_rows.json")
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
L2 = 3.0  # ridge on the standardised weights (a few hundred items, 8 correlated features)


def _facts(q: dict) -> list[str]:
    """The item's expected facts as flat strings (an item whose facts are per-paper groups is not one-paper)."""
    facts = q.get("expected_facts") or []
    return [f for f in facts if isinstance(f, str)] if all(isinstance(f, str) for f in facts) else []


def items() -> list[tuple[Path, dict, str]]:
    from assistant.answer.plan.phrases.main_clause import asked_part

    return [
        (path, q, store)
        for path, q, store in questions(DATA)
        if isinstance(q, dict)
        and len(q.get("expected_papers") or []) == 1
        and _facts(q)
        and not q.get("turns")
        and asked_part(q.get("question", ""))[0]
    ]


def collect() -> None:
    from assistant.answer.evidence.asked_sentence import features
    from assistant.core import Assistant
    from assistant.settings import Settings

    rows, opened = [], {}
    for path, q, store in items():
        if store not in opened:
            opened[store] = Assistant.from_settings(Settings(store_dir=STORES[store])).answerer().corpus
        corpus = opened[store]
        paper = paper_of(corpus, q["expected_papers"][0])
        if paper is None:
            continue
        texts, x = features(corpus.picker, corpus.qterms, q["question"], paper)
        facts = [f.casefold() for f in _facts(q)]
        y = [int(any(f in t.casefold() for f in facts)) for t in texts]
        current = corpus.picker.best(q["question"], corpus.qterms(q["question"]), paper)
        rows.append(
            {
                "id": q["id"],
                "set": path.stem,
                "writer": writer(path),
                "kind": q.get("kind"),
                "x": x.tolist(),
                "y": y,
                "current": texts.index(current) if current in texts else -1,
            }
        )
    ROWS.write_text(json.dumps(rows))
    print(f"{len(rows)} items -> {ROWS}")


def _p(m: dict, x) -> np.ndarray:
    return 1 / (1 + np.exp(-(((np.asarray(x) - m["mean"]) / m["scale"]) @ m["weights"] + m["bias"])))


def _right(r: dict, i: int) -> int:
    return int(i >= 0 and r["y"][i] == 1)


def fit() -> None:
    from assistant.answer.evidence.asked_sentence import FEATURES, WEIGHTS

    rows = json.loads(ROWS.read_text())
    usable = [r for r in rows if any(r["y"])]
    writers = sorted({r["writer"] for r in usable if r["writer"]})
    print(f"{len(usable)} of {len(rows)} items have a sentence of the expected paper holding an expected fact")
    table, spread = [], []
    for held in writers:
        train = [r for r in usable if r["writer"] != held]
        m = logistic(np.asarray([v for r in train for v in r["x"]]), np.asarray([v for r in train for v in r["y"]]), L2)
        spread.append(m["weights"])
        test = [r for r in usable if r["writer"] == held]
        old = [_right(r, r["current"]) for r in test]
        new = [_right(r, int(np.argmax(_p(m, r["x"])))) for r in test]
        hop = [(o, n) for r, o, n in zip(test, old, new) if r["kind"] == "multihop"]
        for r, o, n in zip(test, old, new):
            if o != n:
                print(f"  {held}: {r['id']} ({r['kind']}) {o} -> {n}")
        table.append(
            (held, len(test), np.mean(old), np.mean(new), len(hop), sum(o for o, _ in hop), sum(n for _, n in hop))
        )
    print("\nleave-one-writer-out: the picked sentence holds an expected fact (current -> learned)")
    print(f"  {'writer':22} {'n':>3} {'current':>7} {'learned':>7}   multihop current/learned of n")
    for w, n, a, b, h, ho, hn in table:
        print(f"  {w:22} {n:3d} {a:7.3f} {b:7.3f}   {ho}/{hn} of {h}")
    mean_old = statistics.fmean(t[2] for t in table)
    mean_new = statistics.fmean(t[3] for t in table)
    deltas = [t[3] - t[2] for t in table]
    hop_n, hop_old, hop_new = (sum(t[i] for t in table) for i in (4, 5, 6))
    print(
        f"  {'mean':22} {sum(t[1] for t in table):3d} {mean_old:7.3f} {mean_new:7.3f}   {hop_old}/{hop_new} of {hop_n}"
    )
    print(
        f"  change per writer: min {min(deltas):+.3f}, max {max(deltas):+.3f}, "
        f"better on {sum(d > 0 for d in deltas)}, worse on {sum(d < 0 for d in deltas)} of {len(deltas)}"
    )
    m = logistic(np.asarray([v for r in usable for v in r["x"]]), np.asarray([v for r in usable for v in r["y"]]), L2)
    lo, hi = np.min(spread, 0), np.max(spread, 0)
    print("\nweights fitted on all (standardised), and their range over the folds:")
    for f, w, a, b in zip(FEATURES, m["weights"], lo, hi):
        print(f"  {f:12} {w:+.3f}   [{a:+.3f}, {b:+.3f}]")
    WEIGHTS.write_text(
        json.dumps(
            {
                "features": list(FEATURES),
                "model": {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in m.items()},
                "provenance": {
                    "fitted": datetime.now(UTC).strftime("%Y-%m-%d"),
                    "script": "python -m bench.asked_fit --collect && python -m bench.asked_fit --fit",
                    "items": len(usable),
                    "sets": sorted({r["set"] for r in usable}),
                    "l2": L2,
                    "leave_one_writer_out": {
                        "folds": len(table),
                        "current": round(mean_old, 3),
                        "learned": round(mean_new, 3),
                        "multihop_items": [hop_n, hop_old, hop_new],
                        "per_writer": {w: [n, round(a, 3), round(b, 3)] for w, n, a, b, *_ in table},
                    },
                },
            },
            indent=1,
        )
        + "\n"
    )
    print(f"\nwrote {WEIGHTS}")


def main() -> None:
    run_steps(__doc__, collect, fit)


if __name__ == "__main__":
    main()
