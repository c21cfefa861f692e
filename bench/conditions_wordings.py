"""The new wordings of the author-position structures (bench/conditions_new_wordings.json), planned on their store:
each passes when the plan reads what it expects (see _holds). `--items` runs another file of the same form, e.g.
the stacked-condition wordings (bench/stacked_new_wordings.json), whose items pass by the papers they cite.

    python -m bench.conditions_wordings --seeds store --corpus2 /tmp/c2-wt/store [--items FILE]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from assistant.answer.plan.people import PersonConstraint
from assistant.models import Filters, Message
from bench.learned import opened

ITEMS = Path(__file__).with_name("conditions_new_wordings.json")


def _cited(answer, said: str) -> bool:
    """The answer cites a paper whose title opens with `said`, or whose arXiv id is `said`."""
    return any((c.title or c.display_title or "").startswith(said) or c.arxiv_id == said for c in answer.citations)


def _holds(item: dict, plan, people: list[str], answer=None) -> bool:
    """The plan reads what the item expects: its person constraints (and no topic where asked), its years, the
    person it names as a co-author (not as absent), its categories, its threshold; or the answer cites the papers
    it expects and none it rules out."""
    if "cites" in item:
        return all(_cited(answer, c) for c in item["cites"]) and not any(_cited(answer, c) for c in item["not_cites"])
    if "threshold" in item:
        t = plan.threshold
        return bool(t) and [t.noun, t.direction, t.value] == item["threshold"]
    if "people" in item:
        return people == sorted(item["people"]) and not (item.get("no_topic") and plan.topic)
    if "years" in item:
        return [plan.filters.year_from, plan.filters.year_to] == item["years"]
    if "person" in item:
        return any(c.who == item["person"] and not c.absent for c in plan.people)
    return sorted(plan.categories) == sorted(item["categories"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--items", type=Path, default=ITEMS, help="a wordings file (default: %(default)s)")
    args = ap.parse_args()
    items = json.loads(args.items.read_text())["items"]
    passed, total = Counter(), Counter()
    for store_name, store in (("seeds", Path(args.seeds)), ("corpus2", Path(args.corpus2))):
        answerer = opened(store).answerer()
        for it in (i for i in items if i["store"] == store_name):
            messages = [Message(role="user", content=it["question"])]
            plan = answerer.plan(messages, Filters())
            people = sorted(f"{c.who}: {c.role}" for c in plan.people)
            if plan.position and not any(c.position for c in plan.people):
                # the position read without its person's constraint: the plan's own position fields say it
                said = PersonConstraint(plan.person or answerer.corpus.principal, plan.position, plan.position_negated)
                people = sorted([*people, f"{said.who}: {said.role}"])
            answer = answerer.answer(messages, Filters()) if "cites" in it else None
            ok = _holds(it, plan, people, answer)
            total[it["structure"]] += 1
            passed[it["structure"]] += ok
            if not ok:
                f = plan.filters
                print(f"MISS {it['question']}\n     read {people} topic {plan.topic!r} route {plan.route} years "
                      f"{[f.year_from, f.year_to]} categories {plan.categories} threshold {plan.threshold} "
                      f"cited {[c.title or c.arxiv_id for c in answer.citations] if answer else None}")  # fmt: skip
    for s in total:
        print(f"{s:<24} {passed[s]} of {total[s]}")
    print(f"{'all':<24} {sum(passed.values())} of {sum(total.values())}")


if __name__ == "__main__":
    main()
