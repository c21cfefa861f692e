"""Fit the learned choice of each comparison grid row's cell (answer/write/grid_model.py), and measure it
leave-one-writer-out against the hand-set choice on the same items, through the whole pipeline.

    python -m bench.grid_fit --fit   # answer every comparison item (kind or rule "compare", one turn) with the
                                     # hand-set choice, collect each grid row's candidates (features, label), fit
                                     # leave-one-writer-out and answer each held-out writer's items again with the
                                     # fold's model; print the per-writer table; write grid_model.json fitted on all

It reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2), as the regression run builds them. A candidate is
labelled 1 when it holds one of the item's expected facts (the evaluation's own fact rule). Each
tests/data/first_contact_*_{seeds,corpus2}.json was written by another writer who never saw the code; those are the
held-out folds. The team's sets are fitted on, never held out.
"""

from __future__ import annotations

import argparse
import json
import statistics
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from bench.common import ROOT
from bench.learned import logistic, questions, writer

DATA = ROOT / "tests" / "data"
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
L2 = 3.0  # ridge on the standardised weights (a few thousand candidates, 10 correlated features)


def items() -> list[tuple[Path, dict, str]]:
    from assistant.evaluation_rules import rule_of

    return [(path, q, store) for path, q, store in questions(DATA) if rule_of(q) == "compare" and not q.get("turns")]


def _candidates(sentences, row: str):
    """A row's candidates as the learned choice reads them (grid.rows_for), before any is used by another row."""
    from assistant.answer.evidence.roles import of_role
    from assistant.answer.write.grid import _SETTING

    if row == "Problem":
        return of_role(sentences, "motivation") or of_role(sentences, "background"), ("motivation", "background")
    if row == "Approach":
        return of_role(sentences, "method"), ("method",)
    if row == "Result":
        return of_role(sentences, "result"), ("result",)
    return [s for s in sentences if s.role in ("method", "result") and _SETTING.search(s.text)], ("method", "result")


def run(out: Path) -> None:
    from assistant import evaluation_rules as rules
    from assistant.answer.evidence.roles import with_roles
    from assistant.answer.learned import Logistic
    from assistant.answer.write import grid, grid_model
    from assistant.answer.write.by_role import ranked, statement
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    assistants = {s: Assistant.from_settings(Settings(store_dir=d)) for s, d in STORES.items()}
    real_rows = grid.rows_for
    calls: list[tuple] = []

    def record(plan, paper, corpus, asked="", said="", model=grid._MODEL):
        calls.append((plan, paper, corpus))
        return real_rows(plan, paper, corpus, asked, said, model)

    grid.rows_for = record

    def answer(store, path, q, model) -> float:
        grid_model.model = lambda: model
        principal = json.loads(path.read_text()).get("principal_author") or assistants[store].principal_author
        a = present_answer(assistants[store].answer([Message(role="user", content=q["question"])]))
        return rules.score_hard(q, a, principal)[0]

    rows = []
    for path, q, store in items():
        calls.clear()
        score = answer(store, path, q, None)
        facts = [f for g in rules.fact_groups(q) for f in g]
        x, y = [], []
        for plan, paper, corpus in calls:
            scores = ranked(plan, paper, corpus)
            sentences = [s for s in with_roles(paper, corpus.picker.stored) if statement(s)]
            ctx = grid_model.context(
                plan.words,
                corpus.qterms(plan.words),
                paper,
                sentences,
                scores,
                corpus.picker,
                grid._figure,
                grid._SETTING,
            )
            for row in grid.ROWS:
                cands, roles = _candidates(sentences, row)
                if cands:
                    x += grid_model.row_features(ctx, cands, roles).tolist()
                    y += [any(rules.fact_found(f, rules.norm_text(s.text)) for f in facts) for s in cands]
        rows.append({"path": path, "q": q, "store": store, "writer": writer(path), "rule": score, "x": x, "y": y})
        print(f"{path.stem:28} {q['id']:8} rule={score:.2f} candidates={len(y)} labelled={sum(y)}")
    writers = sorted({r["writer"] for r in rows if r["writer"]})
    table, spread = [], []
    for held in writers:
        train = [r for r in rows if r["writer"] != held and r["x"]]
        m = logistic(
            np.asarray([v for r in train for v in r["x"]]), np.asarray([v for r in train for v in r["y"]], float), L2
        )
        spread.append(m["weights"])
        fold = Logistic.of(m)
        test = [r for r in rows if r["writer"] == held]
        new = []
        for r in test:
            new.append(answer(r["store"], r["path"], r["q"], fold))
            if new[-1] != r["rule"]:
                print(f"  {held}: {r['q']['id']} {r['rule']:.2f} -> {new[-1]:.2f}  {r['q']['question'][:70]}")
        table.append((held, len(test), float(np.mean([r["rule"] for r in test])), float(np.mean(new))))
    print("\nleave-one-writer-out, comparison items through the whole pipeline: mean score (rule -> learned)")
    for w, n, a, b in table:
        print(f"  {w:22} {n:3d}  {a:.3f} -> {b:.3f}")
    mean_a = statistics.fmean(t[2] for t in table)
    mean_b = statistics.fmean(t[3] for t in table)
    deltas = [b - a for *_, a, b in table]
    print(f"  {'mean of writers':22} {sum(t[1] for t in table):3d}  {mean_a:.3f} -> {mean_b:.3f}")
    print(
        f"  change per writer: min {min(deltas):+.3f}, max {max(deltas):+.3f}, better on "
        f"{sum(d > 0 for d in deltas)}, worse on {sum(d < 0 for d in deltas)} of {len(deltas)}"
    )
    usable = [r for r in rows if r["x"]]
    m = logistic(
        np.asarray([v for r in usable for v in r["x"]]), np.asarray([v for r in usable for v in r["y"]], float), L2
    )
    lo, hi = np.min(spread, 0), np.max(spread, 0)
    print("\nweights fitted on all (standardised), and their range over the folds:")
    for f, w, a, b in zip(grid_model.FEATURES, m["weights"], lo, hi):
        print(f"  {f:12} {w:+.3f}   [{a:+.3f}, {b:+.3f}]")
    out.write_text(
        json.dumps(
            {
                "features": list(grid_model.FEATURES),
                "model": {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in m.items()},
                "provenance": {
                    "fitted": datetime.now(UTC).strftime("%Y-%m-%d"),
                    "script": "python -m bench.grid_fit --fit",
                    "items": len(rows),
                    "candidates": sum(len(r["y"]) for r in usable),
                    "sets": sorted({r["path"].stem for r in rows}),
                    "l2": L2,
                    "leave_one_writer_out": {
                        "folds": len(table),
                        "score_rule": round(mean_a, 3),
                        "score_learned": round(mean_b, 3),
                        "per_writer": {w: [n, round(a, 3), round(b, 3)] for w, n, a, b in table},
                    },
                },
            },
            indent=1,
        )
        + "\n"
    )
    print(f"\nwrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--out", type=Path, default=None, help="the weights file (default: grid_model.json)")
    args = parser.parse_args()
    if args.fit:
        from assistant.answer.write.grid_model import WEIGHTS

        run(args.out or WEIGHTS)


if __name__ == "__main__":
    main()
