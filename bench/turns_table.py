"""Per turn of every follow-up item: the papers each answer shows and whether the last turn lands on the expected one.

    python -m bench.turns_table [--ids r13s24,r15c18] [--misses]

Reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2) as the regression run builds them. For each follow_up
item of every set in tests/data it runs the conversation as the evaluation does (each earlier answer cut to
HISTORY_CHARS) and prints, per turn, the route and the titles cited (first citation first); the last line of an item
says whether the last turn's first citation is an expected paper. --misses prints only items whose last turn misses.
"""

from __future__ import annotations

import argparse

from bench.common import ROOT
from bench.hops_fit import _expected
from bench.learned import questions
from bench.meant_fit import STORES

DATA = ROOT / "tests" / "data"


def main() -> None:
    from assistant.core import Assistant
    from assistant.evaluation import HISTORY_CHARS
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    ap = argparse.ArgumentParser()
    ap.add_argument("--ids", default="")
    ap.add_argument("--misses", action="store_true")
    args = ap.parse_args()
    wanted = set(filter(None, args.ids.split(",")))
    assistants: dict = {}
    right = total = 0
    for path, q, store in questions(DATA):
        if q.get("kind") != "follow_up" or not q.get("expected_papers") or (wanted and q["id"] not in wanted):
            continue
        if store not in assistants:
            assistants[store] = Assistant.from_settings(Settings(store_dir=STORES[store]))
        assistant = assistants[store]
        corpus = assistant.answerer().corpus
        messages: list[Message] = []
        lines = []
        for turn in q["turns"]:
            messages.append(Message(role="user", content=turn))
            answer = present_answer(assistant.answer(messages))
            titles = [
                f"{'*' if _expected(corpus, q, c.paper_id) else ''}{(c.title or c.display_title or c.paper_id)[:50]}"
                for c in answer.citations
            ]
            lines.append(f"   {turn[:90]!r}\n      -> {' | '.join(dict.fromkeys(titles))[:240]}")
            messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
        ok = bool(answer.citations) and _expected(corpus, q, answer.citations[0].paper_id)
        right += ok
        total += 1
        if args.misses and ok:
            continue
        print(f"{'ok ' if ok else 'BAD'} {path.stem:28} {q['id']}")
        print("\n".join(lines), flush=True)
    print(f"{right} of {total} follow-up items: the last turn's first citation is an expected paper")


if __name__ == "__main__":
    main()
