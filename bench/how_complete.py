"""Measure the method answer against the generic one on every writer's "how" items: the structural reading of "how" +
auxiliary (plan/operation.STRUCTURAL_HOW) on and off, the method answer quoting the generic answer's sentences
(write/by_role.QUOTES_GENERIC) on and off; per writer, the item score and whether an expected fact is quoted.

    python -m bench.how_complete [extra.json ...]   # extra files (new wordings, seed store) reported as one group
    python -m bench.how_complete bench/how_new_wordings.json   # the 18 wordings written before the change was tested

Reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2), as the regression run builds them. Nothing is fitted,
so every writer's items are held out; the team's sets are reported apart and never as evidence.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from bench.common import ROOT
from bench.learned import writer

DATA = ROOT / "tests" / "data"
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
VARIANTS = {  # name: (STRUCTURAL_HOW, QUOTES_GENERIC)
    "base": (False, False),
    "quotes": (False, True),
    "read": (True, False),
    "read+quotes": (True, True),
}


def items(extra: list[Path]) -> list[tuple[str, Path, dict, str]]:
    """(group, file, question, store) for every how item with expected facts."""
    out = []
    for path in sorted(DATA.glob("*.json")) + extra:
        try:
            data = json.loads(path.read_text())
            questions = data["questions"]
        except (KeyError, TypeError, json.JSONDecodeError):
            continue
        store = "corpus2" if "corpus2" in path.stem else "seeds"
        group = "new wordings" if path in extra else (writer(path) or "team")
        out += [
            (group, path, q, store)
            for q in questions
            if q.get("kind") == "how" and q.get("expected_facts") and not q.get("turns")
        ]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("extra", nargs="*", type=Path)
    args = parser.parse_args()
    from assistant import evaluation_rules as rules
    from assistant.answer.plan import operation
    from assistant.answer.write import by_role
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    assistants = {s: Assistant.from_settings(Settings(store_dir=d)) for s, d in STORES.items()}
    results: dict[str, dict[str, list[tuple[float, bool]]]] = {}
    for group, path, q, store in items([p.resolve() for p in args.extra]):
        principal = json.loads(path.read_text()).get("principal_author") or assistants[store].principal_author
        facts = [f for g in rules.fact_groups(q) for f in g]
        line = []
        for v, (read, quotes) in VARIANTS.items():
            operation.STRUCTURAL_HOW, by_role.QUOTES_GENERIC = read, quotes
            answer = present_answer(assistants[store].answer([Message(role="user", content=q["question"])]))
            score = rules.score_hard(q, answer, principal)[0]
            fact = any(rules.fact_found(f, rules.norm_text(answer.answer)) for f in facts)
            results.setdefault(group, {}).setdefault(v, []).append((score, fact))
            line.append(f"{v}={score:.2f}{'F' if fact else '-'}/{answer.meta.get('route', '?')}")
        print(f"{group:14} {q['id']:8} {' '.join(line)}  {q['question'][:70]}")
    print(f"\nper writer: n, then score / expected fact quoted for {', '.join(VARIANTS)}")
    held = [g for g in results if g not in ("team", "new wordings")]
    for g in sorted(held) + [g for g in ("team", "new wordings") if g in results]:
        n = len(results[g]["base"])
        cols = " ".join(
            f"{np.mean([s for s, _ in results[g][v]]):.3f}/{np.mean([f for _, f in results[g][v]]):.3f}"
            for v in VARIANTS
        )
        print(f"  {g:14} {n:3d}  {cols}")
    allw = {v: [r for g in held for r in results[g][v]] for v in VARIANTS}
    cols = " ".join(f"{np.mean([s for s, _ in allw[v]]):.3f}/{np.mean([f for _, f in allw[v]]):.3f}" for v in VARIANTS)
    print(f"  {'writers (all)':14} {len(allw['base']):3d}  {cols}")


if __name__ == "__main__":
    main()
