"""Topic lists per writer: every writer's topic-list items (a list or summary of a topic, both groups, negation,
superlative and stacked lists, a topic's count, conditions), answered as the eval asks them, and the cited set's
precision and recall against the item's expected papers (allowed papers count neither way). One row per writer's
set; `--save` writes the per-item figures so a change can be compared item by item with `--against`.

    python -m bench.topic_lists --seeds store --corpus2 /tmp/c2-wt/store [--save out.json] [--against before.json]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from assistant.evaluation_rules import matches
from bench.learned import opened, replayed
from bench.topic_membership import C2, WRITERS

KINDS = {"topic", "summary", "both_groups", "negation", "superlative", "stacked", "list_condition", "filter", "count"}


def topic_items(sets: list[str]) -> list[tuple[str, dict]]:
    out = []
    for name in sets:
        for q in json.loads(Path(f"tests/data/{name}.json").read_text())["questions"]:
            if q["kind"] in KINDS and q.get("expected_papers"):
                out.append((name, q))
    return out


def measured(assistant, name: str, q: dict) -> dict:
    answer = replayed(assistant, q)[1]
    expected = q["expected_papers"]
    allowed = expected + (q.get("allowed_papers") or []) + (q.get("related_others") or [])
    found = sum(any(matches(e, c) for c in answer.citations) for e in expected)
    extra = sum(1 for c in answer.citations if not any(matches(e, c) for e in allowed))
    cited = found + extra
    return dict(
        set=name, id=q["id"], kind=q["kind"], expected=len(expected), found=found, extra=extra,
        precision=found / cited if cited else (1.0 if not expected else 0.0), recall=found / len(expected),
    )  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--save", default="")
    ap.add_argument("--against", default="", help="a --save file of an earlier run: per-writer figures before -> now")
    args = ap.parse_args()
    rows = []
    for store, sets in (
        (args.seeds, [s for v in WRITERS.values() for s in v if s not in C2]),
        (args.corpus2, [s for v in WRITERS.values() for s in v if s in C2]),
    ):
        assistant = opened(store)
        rows += [measured(assistant, name, q) for name, q in topic_items(sets)]
    before = {(r["set"], r["id"]): r for r in json.loads(Path(args.against).read_text())} if args.against else {}
    print(f"{'set':<28} {'items':>5} {'P':>6} {'R':>6}" + ("   P before  R before" if before else ""))
    for group in (
        [s for v in WRITERS.values() for s in v if s not in C2],
        [s for v in WRITERS.values() for s in v if s in C2],
    ):
        for name in group:
            mine = [r for r in rows if r["set"] == name]
            if not mine:
                continue
            p, r = np.mean([x["precision"] for x in mine]), np.mean([x["recall"] for x in mine])
            line = f"{name:<28} {len(mine):>5} {p:6.3f} {r:6.3f}"
            if before:
                old = [before[(x["set"], x["id"])] for x in mine if (x["set"], x["id"]) in before]
                line += f"   {np.mean([x['precision'] for x in old]):8.3f}  {np.mean([x['recall'] for x in old]):8.3f}"
            print(line)
    kinds = sorted({r["kind"] for r in rows})
    for k in kinds:
        mine = [r for r in rows if r["kind"] == k]
        print(f"  kind {k:<16} {len(mine):>4}  P {np.mean([x['precision'] for x in mine]):.3f}  "
              f"R {np.mean([x['recall'] for x in mine]):.3f}")  # fmt: skip
    if before:
        for r in rows:
            b = before.get((r["set"], r["id"]))
            if b and (b["found"], b["extra"]) != (r["found"], r["extra"]):
                print(f"  changed {r['id']:<10} {r['kind']:<12} found {b['found']}->{r['found']}/{r['expected']} "
                      f"extra {b['extra']}->{r['extra']}")  # fmt: skip
    if args.save:
        Path(args.save).write_text(json.dumps(rows, indent=0))


if __name__ == "__main__":
    main()
