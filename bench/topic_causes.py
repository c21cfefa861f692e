"""Why a topic-list or summary item misses an expected paper, per writer: each writer's summary, both-groups and
topic-list item is planned and answered as the eval asks it, and each expected paper it does not cite is put down to
one cause (first that applies):

- scope: the paper is outside the plan's scope (the author's papers, the other groups', a year);
- no topic: the plan read no topic (the route answers from retrieval, or lists the whole scope, cut by the writer);
- topic wrong: the read topic has a word no expected paper holds in any form (a frame word leaked in) or misses
  every word the expected papers share;
- membership: the topic's words are all in the expected papers, but papers_on leaves the paper out;
- dropped: papers_on keeps the paper, the answer does not cite it (the writer's cap or the both-groups split).

Cited papers outside the expected and allowed ones are counted as extras (precision).

    python -m bench.topic_causes --seeds store --corpus2 /tmp/c2-wt/store [--save rows.json]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np

from assistant import evaluation_rules
from assistant.answer.evidence import distinct
from assistant.evaluation import score_question
from assistant.evaluation_rules import matches
from assistant.models import Filters
from bench.learned import opened, replayed
from bench.topic_membership import C2, WRITERS, _Cited

KINDS = {"topic", "summary", "both_groups", "negation", "superlative", "stacked", "list_condition", "filter"}
CAUSES = ("scope", "no topic", "topic wrong", "membership", "dropped")


def cause_of(in_scope: bool, topic: str, member: bool, leaked: bool) -> str:
    """Why an expected paper the answer does not cite is missed (see the module's docstring)."""
    if not in_scope:
        return "scope"
    if not topic:
        return "no topic"
    if member:
        return "dropped"
    return "topic wrong" if leaked else "membership"


def _sets() -> list[str]:
    return [s for v in WRITERS.values() for s in v]


def measured(assistant, name: str, q: dict, hard: bool, principal: str) -> dict:
    answerer, corpus = assistant.answerer(), assistant.answerer().corpus
    m = corpus.topics
    asked, answer = replayed(assistant, q)
    plan = answerer.plan(asked, Filters())
    papers = list(corpus.by_id.values())
    expected = [next((p for p in papers if matches(e, _Cited(p))), None) for e in q["expected_papers"]]
    allowed = q["expected_papers"] + (q.get("allowed_papers") or []) + (q.get("related_others") or [])
    scope = answerer.tables.scoped(plan)
    topic = plan.topic or ""
    members = {sp.paper.id for sp in m.papers_on(topic, scope)} if topic else {p.id for p in scope}
    words = [w for w in topic.replace(" or ", " ").split() if w]
    held = [p for p in expected if p is not None]
    leaked = [w for w in words if held and not any(distinct.held(w, m.vocabulary_of(p)) for p in held)]
    causes = []
    for e, p in zip(q["expected_papers"], expected):
        if any(matches(e, c) for c in answer.citations):
            continue
        in_scope = p is not None and p.id in {x.id for x in scope}
        causes.append(cause_of(in_scope, topic, p is not None and p.id in members, bool(leaked)))
    extra = [c for c in answer.citations if not any(matches(e, c) for e in allowed)]
    score = score_question(q, answer, set(corpus.by_id), hard, principal)[0]
    return dict(
        set=name, id=q["id"], kind=q["kind"], question=q.get("question") or " / ".join(q["turns"]), topic=topic,
        route=plan.route, leaked=leaked, expected=len(expected), members=len(members), scope=len(scope),
        score=score, causes=causes, extra=len(extra), extra_in_members=sum(1 for c in extra if c.paper_id in members),
    )  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--save", default="")
    ap.add_argument("--kinds", default=",".join(sorted(KINDS)))
    args = ap.parse_args()
    kinds = set(args.kinds.split(","))
    rows = []
    for store, sets in (
        (args.seeds, [s for s in _sets() if s not in C2]),
        (args.corpus2, [s for s in _sets() if s in C2]),
    ):
        assistant = opened(store)
        for name in sets:
            data = json.loads(Path(f"tests/data/{name}.json").read_text())
            hard = evaluation_rules.is_hard(data["questions"])
            principal = data.get("principal_author") or assistant.principal_author
            for q in data["questions"]:
                if q["kind"] in kinds and q.get("expected_papers"):
                    rows.append(measured(assistant, name, q, hard, principal))
    print(
        f"{'writer':<14} {'items':>5} {'expected':>8} {'missed':>6} "
        + " ".join(f"{c:>11}" for c in CAUSES)
        + "  extras  score"
    )
    by = {}
    for w, sets in WRITERS.items():
        mine = [r for r in rows if r["set"] in sets]
        if mine:
            by[w] = mine
    by["all writers"] = rows
    for w, mine in by.items():
        n = Counter(c for r in mine for c in r["causes"])
        extra, score = sum(r["extra"] for r in mine), np.mean([r["score"] for r in mine])
        print(f"{w:<14} {len(mine):>5} {sum(r['expected'] for r in mine):>8} {sum(n.values()):>6} "
              + " ".join(f"{n[c]:>11}" for c in CAUSES) + f"  {extra:>6}  {score:.3f}")  # fmt: skip
    for k in sorted({r["kind"] for r in rows}):
        mine = [r for r in rows if r["kind"] == k]
        n = Counter(c for r in mine for c in r["causes"])
        print(
            f"  kind {k:<14} {len(mine):>4} items, score {np.mean([r['score'] for r in mine]):.3f}, missed "
            f"{sum(n.values())}: " + ", ".join(f"{c} {n[c]}" for c in CAUSES)
        )
    if args.save:
        Path(args.save).write_text(json.dumps(rows, indent=0))


if __name__ == "__main__":
    main()
