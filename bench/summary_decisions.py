"""The first failing decision of each summary item below full score: the route the planner took, the description it
kept, where the description's meaning ranks each missed expected paper, and which choice (the words' reading, the
fitted keep/add) left it out or let a wrong paper in.

    python -m bench.summary_decisions [--save rows.json]

Reads the regression stores of this worktree (/tmp/rstore-<worktree>/{seeds,corpus2}). Causes, first that applies
to the item:
- route: the plan is not a topic summary (fact, list, overview, ...);
- no description: a topic summary with no description to read by meaning;
- far by meaning: a missed expected paper is outside the candidates (not found by the words, below the first
  described_members.TOP by meaning);
- not added: a missed paper is a candidate the words did not find and the add model left out;
- not kept: a missed paper the words found and the keep model dropped;
- not cited: chosen but not cited (the writer's cap);
- extra found / extra added: no paper missed, but a paper outside the set came from the words' reading / was added.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np

from assistant import evaluation_rules
from assistant.evaluation import score_question
from assistant.evaluation_rules import matches
from assistant.models import Filters
from bench.common import ROOT
from bench.learned import opened, replayed
from bench.topic_membership import C2, WRITERS, _Cited

STORES = {"seeds": Path(f"/tmp/rstore-{ROOT.name}/seeds"), "corpus2": Path(f"/tmp/rstore-{ROOT.name}/corpus2")}


def measured(assistant, name: str, q: dict, hard: bool, principal: str) -> dict:
    from assistant.answer.evidence import described_members
    from assistant.answer.plan.phrases.governs import negates

    answerer = assistant.answerer()
    corpus = answerer.corpus
    asked, answer = replayed(assistant, q)
    score = score_question(q, answer, set(corpus.by_id), hard, principal)[0]
    plan = answerer.plan(asked, Filters())
    papers = list(corpus.by_id.values())
    expected = [next((p for p in papers if matches(e, _Cited(p))), None) for e in q["expected_papers"]]
    allowed = q["expected_papers"] + (q.get("allowed_papers") or []) + (q.get("related_others") or [])
    cited = {c.paper_id for c in answer.citations}
    missed = [p for e, p in zip(q["expected_papers"], expected) if p is not None and p.id not in cited]
    extra = [c.paper_id for c in answer.citations if not any(matches(e, c) for e in allowed)]
    row = dict(set=name, id=q["id"], question=q.get("question") or " / ".join(q["turns"]), route=plan.route,
               described=plan.described, topic=plan.topic, score=score, expected=len(expected), missed=len(missed),
               extra=len(extra), causes=[])  # fmt: skip
    if score >= 1.0:
        return row
    if plan.route != "topic_summary":
        row["causes"] = [f"route {plan.route}"]
        return row
    if not plan.described:
        row["causes"] = ["no description"]
        return row
    found_ids = answerer.tables.structured(replace(plan, route="list")).meta.get("papers") or []
    found = [corpus.by_id[i] for i in found_ids if i in corpus.by_id]
    pool = list(answerer.tables.scoped(plan))
    negated = bool(plan.negated) or negates(plan.question)
    reading = described_members.read(corpus.topics, plan.described, pool, found, fit=not negated)
    chosen = {p.id for p in reading.meant.papers}
    cands, _ = described_members.features(corpus.topics, plan.described, pool, found, reading.scores)
    cand_ids = {p.id for p in cands}
    order = sorted(reading.scores, key=lambda k: -reading.scores[k])
    ranks = []
    for p in missed:
        rank = order.index(p.id) + 1 if p.id in order else 0
        ranks.append(rank)
        if p.id not in {x.id for x in pool}:
            row["causes"].append("scope")
        elif p.id not in cand_ids:
            row["causes"].append("far by meaning")
        elif p.id in chosen:
            row["causes"].append("not cited")
        elif p.id in {f.id for f in found}:
            row["causes"].append("not kept")
        else:
            row["causes"].append("not added")
    if not missed:
        fids = {f.id for f in found}
        row["causes"] = ["extra found" if any(i in fids for i in extra) else "extra added"]
    row["ranks"] = ranks
    row["found"] = len(found)
    row["negated"] = negated
    return row


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--save", default="")
    args = ap.parse_args()
    rows = []
    for store, sets in (
        ("seeds", [s for v in WRITERS.values() for s in v if s not in C2]),
        ("corpus2", [s for v in WRITERS.values() for s in v if s in C2]),
    ):
        assistant = opened(STORES[store])
        for name in sets:
            data = json.loads((ROOT / f"tests/data/{name}.json").read_text())
            hard = evaluation_rules.is_hard(data["questions"])
            principal = data.get("principal_author") or assistant.principal_author
            for q in data["questions"]:
                if q["kind"] == "summary" and q.get("expected_papers"):
                    rows.append(measured(assistant, name, q, hard, principal))
    below = [r for r in rows if r["score"] < 1.0]
    print(f"{len(rows)} summary items, {len(below)} below full score, mean {np.mean([r['score'] for r in rows]):.3f}")
    first = Counter(r["causes"][0] if r["causes"] else "?" for r in below)
    lost = Counter()
    for r in below:
        lost[r["causes"][0] if r["causes"] else "?"] += 1 - r["score"]
    print("first failing decision: items, points lost")
    for c, n in first.most_common():
        print(f"  {c:<22} {n:>4}  {lost[c]:6.1f}")
    papers = Counter(c for r in below for c in r["causes"] if not c.startswith(("route", "extra")))
    print("missed papers by cause:", dict(papers))
    ranks = [k for r in below for k, c in zip(r.get("ranks", []), r["causes"], strict=False) if c == "far by meaning"]
    if ranks:
        print(f"  far by meaning: rank by meaning median {np.median(ranks):.0f}, within 12: "
              f"{sum(k <= 12 for k in ranks)}/{len(ranks)}")  # fmt: skip
    if args.save:
        Path(args.save).write_text(json.dumps(rows, indent=0))


if __name__ == "__main__":
    main()
