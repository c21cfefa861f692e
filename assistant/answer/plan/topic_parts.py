"""The context two alternatives of a topic share: "low-rank factorization / decomposition for model compression" is
"low-rank factorization for model compression" or "low-rank decomposition for model compression", not
"decomposition model compression" alone (which every compression paper grounds).

Where the question sets a separator ("/", "or", ",") between the last word of one alternative and the first word of
the next, the words before the first ("low-rank") and after the second ("model compression") belong to both. Which
reading holds is decided by the corpus, not by grammar: each alternative takes the most specific reading a paper in
scope is on (the left with what follows the right, or its head; the right with the left's modifier), else the
alternative as said, as plan/facets.py reads "and".
"""

from __future__ import annotations

import re
from collections.abc import Callable

# What may stand between two alternatives that share their context: a slash, a comma, "or", "and" (with spaces).
_BETWEEN = re.compile(r"\s*(?:/|,|\bor\b|\band\b)\s*", re.I)


def _at(word: str, question: str, start: int = 0) -> re.Match | None:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.I).search(question, start)


def adjacent(left: list[str], right: list[str], question: str) -> bool:
    """The question says the left alternative's last word and the right's first with only a separator between."""
    end = _at(left[-1], question)
    while end is not None:
        start = _at(right[0], question, end.end())
        if start is not None and _BETWEEN.fullmatch(question[end.end() : start.start()]):
            return True
        end = _at(left[-1], question, end.end())
    return False


def shared(topic: str, question: str, on: Callable[[str], set[str]]) -> str:
    """The topic's two alternatives each read with the context they share, when a paper in scope is on that reading
    and it changes the topic; "" otherwise (more or fewer than two alternatives, the alternatives apart in the
    question, no context to share, or no reading a paper is on). `on`: the ids of the papers on a phrase."""
    alts = [a.split() for a in re.split(r"\s+or\s+", topic.strip()) if a.strip()]
    if len(alts) != 2 or not adjacent(*alts, question):
        return ""
    left, right = alts
    if len(left) == 1 and len(right) == 1:
        return ""
    # the left takes what follows the right ("model compression", else its head); the right takes one word, the
    # left's modifier ("low-rank"): a longer run before is the frame or a list's lead-in ("supercomputers like
    # Sunway or Tianhe" is no "supercomputers like Tianhe")
    lefts = [[*left, *right[1:]], [*left, right[-1]], left] if len(right) > 1 else [left]
    rights = [[left[-2], *right], right] if len(left) > 1 else [right]
    found = set()
    parts = []
    for cands in (lefts, rights):
        for cand in dict.fromkeys(" ".join(c) for c in cands):
            if papers := on(cand):
                found |= papers
                parts.append(cand)
                break
        else:
            parts.append(" ".join(cands[-1]))
    read = " or ".join(dict.fromkeys(parts))
    return read if found and read != topic else ""
