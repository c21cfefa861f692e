"""Every writer's comparison items answered, and each miss put down to its cause: the sides not read as a
comparison, a wrong paper as a side, a fact the abstract holds but the grid did not show (the asked row's cell),
a fact the abstract does not hold, and a "which ... more" question whose answer opens with no side.

    python -m bench.compare_misses [--writers r18,r17] [--all]   # one line per item, then the table per writer

It reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2), as the regression run builds them.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from assistant.answer.evidence.weigh import paper_text
from bench.common import ROOT
from bench.learned import opened, paper_of, questions, replayed, writer

DATA = ROOT / "tests" / "data"
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
CAUSES = ("sides not found", "wrong paper as a side", "asked row wrong cell", "fact absent", "verdict missing")
# "Which cuts cost more, A or B?": a question that asks for one side.
_WHICH_MORE = re.compile(r"^\W*which\b.*\b(?:more|less|fewer|better|worse|first|earlier|later|\w+er)\b", re.I)


def causes(q: dict, answer, table, principal: str) -> list[str]:
    """The causes of one item's miss (none: it scored full)."""
    from assistant import evaluation_rules as rules

    score, _ = rules.score_hard(q, answer, principal)
    out = []
    expected = [paper_of(table, e) for e in q.get("expected_papers") or []]
    cited = [c.paper_id for c in answer.citations]
    missing = [p for p, e in zip(expected, q.get("expected_papers") or []) if not rules.cited(answer, e)]
    if answer.meta.get("route") != "compare" and missing:
        out.append("sides not found")
    elif missing or any(i not in {p.id for p in expected if p} for i in cited):
        out.append("wrong paper as a side")
    text = rules.norm_text(answer.answer)
    for g, p in zip(rules.fact_groups(q), expected):
        if any(rules.fact_found(f, text) for f in g) or (p and p in missing):
            continue  # a side not cited: its facts are missing with it, counted once as the side's
        abstract = rules.norm_text(paper_text(p)) if p else ""
        out.append("asked row wrong cell" if any(rules.fact_found(f, abstract) for f in g) else "fact absent")
    if _WHICH_MORE.search(q["question"]) and not any(
        p and rules.norm_text(p.label or p.display_title)[:12] in rules.norm_text(rules.first_sentence(answer.answer))
        for p in expected
    ):
        out.append("verdict missing")
    return out if score < 1 else []


def main() -> None:
    from assistant.evaluation_rules import rule_of

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", default="", help="comma-separated writer suffixes (r18, end, ...); default all")
    args = parser.parse_args()
    wanted = {w.strip() for w in args.writers.split(",") if w.strip()}
    assistants = {}
    per_writer: dict[str, Counter] = defaultdict(Counter)
    for path, q, store in questions(DATA):
        w = writer(path)
        if not w or rule_of(q) != "compare" or q.get("turns"):
            continue
        short = w.replace("first_contact_", "") if w != "first_contact" else "r0"
        if wanted and short not in wanted:
            continue
        a = assistants.get(store) or assistants.setdefault(store, opened(STORES[store]))
        principal = json.loads(path.read_text()).get("principal_author") or a.principal_author
        _, answer = replayed(a, q)
        found = causes(q, answer, a.table(), principal)
        per_writer[short]["items"] += 1
        per_writer[short]["misses"] += bool(found)
        for c in set(found):
            per_writer[short][c] += 1
        if found:
            print(f"{q['id']:8} {', '.join(found):45} {q['question'][:90]}")
    print(f"\n{'writer':8} items misses " + " | ".join(CAUSES))
    for w, c in sorted(per_writer.items()):
        print(f"{w:8} {c['items']:5} {c['misses']:6} " + " | ".join(f"{c[k]:{len(k)}}" for k in CAUSES))


if __name__ == "__main__":
    main()
