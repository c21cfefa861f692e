"""Fit and measure the choice of a described topic summary's papers (answer/evidence/described_members.py), each
first-contact writer held out in turn, against the words' reading and the earlier meaning rule on the same items.

    python -m bench.described_fit --collect   # every summary item planned as a topic summary: candidates, features
    python -m bench.described_fit --fit       # the held-out table, then the weights (all items)

Each summary item of tests/data that the planner reads as a topic summary gives its candidates (the words' reading
and the papers first by the description's meaning), labelled by the item's expected papers (1), other papers (0) and
its allowed papers (left out of the fit, neutral in the score). An item's score is the evaluation's filter rule: the
share of its expected papers chosen less 0.25 per chosen paper outside the expected and allowed ones. --collect reads
the regression stores of this worktree (/tmp/rstore-<worktree>/{seeds,corpus2}) and writes
/tmp/described_rows-<worktree>.json.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from bench.common import ROOT
from bench.learned import logistic, opened, questions, run_steps, writer

DATA = ROOT / "tests" / "data"
ROWS = Path(f"/tmp/described_rows-{ROOT.name}.json")  # per worktree: engineers collect in parallel
STORES = {"seeds": Path(f"/tmp/rstore-{ROOT.name}/seeds"), "corpus2": Path(f"/tmp/rstore-{ROOT.name}/corpus2")}
L2 = 3.0  # ridge on the standardised weights (a few hundred items, correlated features)
KEEP_THRESHOLDS = (0.3, 0.4, 0.5, 0.6)
ADD_THRESHOLDS = (0.6, 0.7, 0.75, 0.8)
WHOLE_ABOVE = (3, 4, 5, 6, 8, 99)
# the thresholds chosen are those moving fewest held-out items down among those within NEAR of the best mean score
NEAR = 0.005


def _label(q: dict, paper) -> int | None:
    from assistant.evaluation_rules import matches

    c = SimpleNamespace(
        paper_id=paper.id, arxiv_id=paper.arxiv_id, title=paper.title, display_title=paper.display_title
    )
    if any(matches(e, c) for e in q.get("expected_papers") or []):
        return 1
    if any(matches(e, c) for e in q.get("allowed_papers") or []):
        return None
    return 0


def collect() -> None:
    from assistant.answer.evidence import described, described_members
    from assistant.answer.plan.phrases.governs import negates
    from assistant.models import Filters, Message

    rows, routes = [], {}
    for store, path in STORES.items():
        assistant = opened(path)
        answerer = assistant.answerer()
        topics = answerer.corpus.topics
        for file, q, where in questions(DATA):
            if where != store or q.get("kind") != "summary" or q.get("turns") or not q.get("expected_papers"):
                continue
            plan = answerer.plan([Message(role="user", content=q["question"])], Filters())
            routes[plan.route] = routes.get(plan.route, 0) + 1
            if plan.route != "topic_summary" or not plan.described:
                continue
            listed = answerer.tables.structured(replace(plan, route="list"))
            found = [answerer.corpus.by_id[i] for i in listed.meta.get("papers") or [] if i in answerer.corpus.by_id]
            pool = list(answerer.tables.scoped(plan))
            scored = described.scores(topics, plan.described, pool)
            papers, x = described_members.features(topics, plan.described, pool, found, scored)
            old = described.read(topics, plan.described, pool, found, scored)
            rows.append(
                {
                    "set": file.stem,
                    "writer": writer(file),
                    "id": q["id"],
                    "negated": bool(plan.negated) or negates(plan.question),
                    "expected": len(q["expected_papers"]),
                    "found": [p.id for p in found],
                    "found_labels": [_label(q, p) for p in found],
                    "old": [p.id for p in old.papers] if old.papers else [p.id for p in found],
                    "old_labels": [_label(q, p) for p in (old.papers or found)],
                    "candidates": [p.id for p in papers],
                    "labels": [_label(q, p) for p in papers],
                    "x": x.tolist(),
                }
            )
    ROWS.write_text(json.dumps({"rows": rows, "routes": routes}))
    print(f"{len(rows)} topic-summary items; routes of the summary items: {routes}")


def item_score(row: dict, labels: list) -> float:
    hit = sum(1 for v in labels if v == 1)
    extra = sum(1 for v in labels if v == 0)
    return max(0.0, hit / row["expected"] - 0.25 * extra)


def chosen(row: dict, keep: np.ndarray, add: np.ndarray, decision: tuple[float, float, int]) -> list:
    """The labels of the papers chosen as described_members.read chooses them: a found candidate kept at the keep
    threshold (every found paper when the words found more than the third value) unless the earlier meaning rule
    left it out, another added at the add threshold or when that rule added it, found papers the models cannot
    weigh; the words' reading when none; the earlier rule's reading when the words found papers none of which can be
    weighed."""
    keep_at, add_at, whole_above = decision
    if row["found"] and not set(row["found"]) & set(row["candidates"]):
        return row["old_labels"]  # no found paper the models can weigh: the earlier reading stands
    earlier = set(row["old"]) - set(row["found"])
    # the earlier rule leaves out a found paper only when it adds others (described.read)
    left_out = set(row["found"]) - set(row["old"]) if earlier else set()
    out = [
        lab
        for i, lab, k, a in zip(row["candidates"], row["labels"], keep, add, strict=True)
        if (
            (k >= keep_at or len(row["found"]) > whole_above) and i not in left_out
            if i in row["found"]
            else a >= add_at or i in earlier
        )
    ]
    out += [lab for i, lab in zip(row["found"], row["found_labels"], strict=True) if i not in row["candidates"]]
    return out or row["found_labels"]


def _fit(rows: list[dict], found: bool) -> dict:
    pairs = [
        (v, lab)
        for r in rows
        for i, v, lab in zip(r["candidates"], r["x"], r["labels"], strict=True)
        if lab is not None and (i in r["found"]) == found
    ]
    return logistic(np.asarray([v for v, _ in pairs]), np.asarray([lab for _, lab in pairs], dtype=float), L2)


def _probs(model: dict, x) -> np.ndarray:
    x = np.asarray(x, dtype=float)
    if not len(x):
        return np.zeros(0)
    return 1 / (1 + np.exp(-(((x - model["mean"]) / model["scale"]) @ model["weights"] + model["bias"])))


def _plain(model: dict, threshold: float) -> dict:
    return {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in model.items()} | {"threshold": threshold}


def fit() -> None:
    from assistant.answer.evidence.described_members import FEATURES, WEIGHTS

    data = json.loads(ROWS.read_text())
    # a description with a negated part ("X that is not about Y") stays on the earlier path (described_members.read
    # is not asked of it), so its items are neither fitted nor scored here
    rows = [r for r in data["rows"] if not r["negated"]]
    writers = sorted({r["writer"] for r in rows if r["writer"]})
    grid = [(k, a, n) for k in KEEP_THRESHOLDS for a in ADD_THRESHOLDS for n in WHOLE_ABOVE]
    held: dict[tuple[float, float, int], list[float]] = {t: [] for t in grid}
    base, old, per = [], [], {}
    for w in writers:
        keep, add = (
            _fit([r for r in rows if r["writer"] != w], True),
            _fit([r for r in rows if r["writer"] != w], False),
        )
        test = [r for r in rows if r["writer"] == w]
        for t in grid:
            held[t] += [item_score(r, chosen(r, _probs(keep, r["x"]), _probs(add, r["x"]), t)) for r in test]
        base += [item_score(r, r["found_labels"]) for r in test]
        old += [item_score(r, r["old_labels"]) for r in test]
        per[w] = len(test)
    down = {t: sum(a < b - 1e-9 for a, b in zip(held[t], old, strict=True)) for t in grid}
    top = max(statistics.mean(held[t]) for t in grid)
    # of the thresholds within NEAR of the best held-out score, the one moving fewest items down
    best = min((t for t in grid if statistics.mean(held[t]) >= top - NEAR), key=lambda t: (down[t], t))
    print(f"held out by writer ({len(base)} items of {len(writers)} writers):")
    print(f"  words' reading {statistics.mean(base):.3f}, with the meaning rule {statistics.mean(old):.3f}")
    for t in grid:
        s = held[t]
        up = sum(a > b + 1e-9 for a, b in zip(s, old, strict=True))
        down = sum(a < b - 1e-9 for a, b in zip(s, old, strict=True))
        print(
            f"  keep at {t[0]:.2f}, add at {t[1]:.2f}, all found above {t[2]}: {statistics.mean(s):.3f} "
            f"({up} up, {down} down)"
        )
    out = {
        "features": list(FEATURES),
        "keep": _plain(_fit(rows, True), best[0]),
        "add": _plain(_fit(rows, False), best[1]),
        "keep_whole_above": best[2],
        "provenance": {
            "fitted": datetime.now(UTC).date().isoformat(),
            "script": "python -m bench.described_fit --collect --fit",
            "items": len(rows),
            "held_out": {
                "words": round(statistics.mean(base), 3),
                "meaning_rule": round(statistics.mean(old), 3),
                "model": round(statistics.mean(held[best]), 3),
                "up": sum(a > b + 1e-9 for a, b in zip(held[best], old, strict=True)),
                "down": sum(a < b - 1e-9 for a, b in zip(held[best], old, strict=True)),
            },
            "writers": per,
        },
    }
    WEIGHTS.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {WEIGHTS} (keep at {best[0]}, add at {best[1]}, every found paper kept above {best[2]})")


if __name__ == "__main__":
    run_steps(__doc__, collect, fit)
