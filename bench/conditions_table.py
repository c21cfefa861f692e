"""Every writer's stacked, negation and list-condition items, planned and answered as the eval asks them: the
conditions the plan reads (people and their positions, record conditions, negated topic, source left out, years,
venues, fields had, kind of work, team size, topic), the score and the eval's failures, and for a missed item the
cause put down to it by hand in bench/conditions_causes.json (one of CAUSES; "route" is a plan that answers the
question with another route than a list, "other" a threshold, a date or a claim about code). Run it before and
after a change on the same items: the per-writer table is the result.

    python -m bench.conditions_table --seeds store --corpus2 /tmp/c2-wt/store [--save rows.json] [--rows]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np

from assistant import evaluation_rules
from assistant.evaluation import score_question
from assistant.models import Filters
from bench.learned import opened, replayed
from bench.topic_membership import C2, WRITERS

KINDS = {"stacked", "negation", "list_condition"}
CAUSES = (
    "position unread",
    "position subject",
    "negation scope",
    "condition as topic",
    "topic membership",
    "record field unread",
    "route",
    "other",
)
CAUSES_FILE = Path(__file__).with_name("conditions_causes.json")


def conditions(plan) -> str:
    """The conditions a plan reads, in one line."""
    f = plan.filters
    out = []
    if f.year_from or f.year_to:
        out.append(f"years {f.year_from}-{f.year_to}")
    out += [f"{c.who.split()[-1]}: {c.role}" for c in plan.people]
    if plan.position and not plan.people:
        out.append(f"position {plan.position}{' not' if plan.position_negated else ''} of {plan.person}")
    out += plan.record.explain()
    if plan.negated:
        out.append(f"not topic '{plan.negated}'")
    if plan.not_in:
        out.append(f"not in {plan.not_in}")
    out += [f"venue {v}" for v in plan.venues] + [f"category {c}" for c in plan.categories]
    out += [f"{'' if had else 'no '}{n}" for n, had in plan.has]
    if plan.work_type:
        out.append(f"kind {plan.work_type}")
    if plan.team:
        out.append(f"team {plan.team.phrase}")
    if plan.sources and plan.sources.restricts:
        out.append(f"sources {plan.sources.explain()}")
    if f.coauthor:
        out.append(f"coauthor {f.coauthor}")
    if plan.topic:
        out.append(f"topic '{plan.topic}'")
    return f"[{plan.route}/{plan.scope}] " + "; ".join(out)


def measured(assistant, name: str, q: dict, hard: bool, principal: str) -> dict:
    answerer = assistant.answerer()
    asked, answer = replayed(assistant, q)
    plan = answerer.plan(asked, Filters())
    score, failures, _ = score_question(q, answer, set(answerer.corpus.by_id), hard, principal)
    return dict(
        set=name, id=q["id"], kind=q["kind"], question=q.get("question") or " / ".join(q["turns"]),
        read=conditions(plan), score=score, failures=failures,
    )  # fmt: skip


def rows_of(seeds: str, corpus2: str) -> list[dict]:
    rows = []
    sets = [s for v in WRITERS.values() for s in v]
    for store, names in ((seeds, [s for s in sets if s not in C2]), (corpus2, [s for s in sets if s in C2])):
        assistant = opened(store)
        for name in names:
            data = json.loads(Path(f"tests/data/{name}.json").read_text())
            hard = evaluation_rules.is_hard(data["questions"])
            principal = data.get("principal_author") or assistant.principal_author
            rows += [measured(assistant, name, q, hard, principal) for q in data["questions"] if q["kind"] in KINDS]
    return rows


def table(rows: list[dict], causes: dict[str, dict]) -> None:
    """Per writer: items, score, missed items and their causes."""
    print(f"{'writer':<22} {'items':>5} {'score':>6} {'missed':>6}  " + " ".join(f"{c[:10]:>10}" for c in CAUSES))
    groups = {w: [r for r in rows if r["set"] in sets] for w, sets in WRITERS.items()}
    groups["all writers"] = rows
    for w, mine in groups.items():
        if not mine:
            continue
        missed = [r for r in mine if r["score"] < 1]
        n = Counter(causes.get(r["id"], {}).get("cause", "other") for r in missed)
        print(
            f"{w:<22} {len(mine):>5} {np.mean([r['score'] for r in mine]):>6.3f} {len(missed):>6}  "
            + " ".join(f"{n[c]:>10}" for c in CAUSES)
        )
    for k in sorted(KINDS):
        mine = [r for r in rows if r["kind"] == k]
        print(f"  kind {k:<15} {len(mine):>4} items, score {np.mean([r['score'] for r in mine]):.3f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--save", default="")
    ap.add_argument("--load", default="", help="rows saved by an earlier --save (no answering)")
    ap.add_argument("--rows", action="store_true", help="print every missed item: read, needed, cause")
    args = ap.parse_args()
    rows = json.loads(Path(args.load).read_text()) if args.load else rows_of(args.seeds, args.corpus2)
    causes = json.loads(CAUSES_FILE.read_text()) if CAUSES_FILE.exists() else {}
    if args.rows:
        for r in rows:
            if r["score"] < 1:
                c = causes.get(r["id"], {})
                print(f"{r['id']:<8} {r['kind']:<14} {r['score']:.2f} {r['question']}")
                print(f"         read:  {r['read']}")
                print(f"         needs: {c.get('needs', '?')}   cause: {c.get('cause', '?')}   {r['failures']}")
    table(rows, causes)
    if args.save:
        Path(args.save).write_text(json.dumps(rows, indent=0))


if __name__ == "__main__":
    main()
