"""Table every count, meta, superlative, both-groups and dated-count item of every writer (both corpora): the route
and aggregate the plan reads, and whether the answer passes; and score the aggregate wordings written after the code.

    python -m bench.aggregates --table OUT.json   # every such item replayed on the regression stores (STORES)
    python -m bench.aggregates --new bench/aggregates_new_wordings.json

The stores are the ones the regression run builds from this worktree (./store and /tmp/c2-<worktree>/store)."""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from assistant import evaluation_rules as rules
from assistant.evaluation import score_question
from bench.common import ROOT
from bench.learned import opened, replayed, writer

DATA = ROOT / "tests" / "data"
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
KINDS = ("count", "meta", "superlative", "both_groups")


def _wanted(q: dict) -> bool:
    return q["kind"] in KINDS or (q["kind"] == "dates" and q.get("rule") == "count")


def table(out: Path) -> None:
    rows = []
    for store, path in STORES.items():
        a = opened(path)
        ids = {p.id for p in a.papers()}
        for f in sorted(DATA.glob(f"first_contact*_{store}.json")):
            data = json.loads(f.read_text())
            hard, principal = rules.is_hard(data["questions"]), data.get("principal_author") or a.principal_author
            for q in filter(_wanted, data["questions"]):
                _, ans = replayed(a, q)
                score, fails, _ = score_question(q, ans, ids, hard, principal)
                plan = ans.meta.get("plan") or {}
                rows.append(
                    dict(
                        id=q["id"], writer=writer(f), kind=q["kind"], rule=q.get("rule"),
                        q=(q.get("turns") or [q.get("question")])[-1], route=plan.get("route"),
                        aggregate=plan.get("aggregate"), score=score, fails=fails[:1],
                    )
                )  # fmt: skip
    out.write_text(json.dumps(rows, indent=1, ensure_ascii=False))
    by = defaultdict(list)
    for r in rows:
        by[(r["kind"], r["route"])].append(r["score"])
    for (kind, route), s in sorted(by.items(), key=lambda kv: -len(kv[1])):
        print(
            f"{kind:12} {route or '-':18} {len(s):4} items  mean {sum(s) / len(s):.2f}  misses {sum(x < 1 for x in s)}"
        )


def new(path: Path) -> None:
    from assistant.models import Message

    items = json.loads(path.read_text())["wordings"]
    passed = 0
    for store in STORES:
        a = opened(STORES[store])
        for w in (w for w in items if w["store"] == store):
            ans = a.answer([Message(role="user", content=w["q"])])
            got = (ans.meta.get("plan") or {}).get("aggregate")
            ok = got == w["aggregate"] and all(f in ans.answer for f in w["facts"]) and bool(ans.citations)
            passed += ok
            print(f"{'ok ' if ok else 'BAD'} {store:8} {got or '-':26} {w['q']}")
            if not ok:
                print("      " + ans.answer[:160].replace("\n", " / "))
    print(f"{passed} of {len(items)} new wordings read as the aggregate asked, with its number and citations")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", type=Path)
    ap.add_argument("--new", type=Path)
    args = ap.parse_args()
    if args.table:
        table(args.table)
    if args.new:
        new(args.new)
