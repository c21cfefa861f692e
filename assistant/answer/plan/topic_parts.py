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

from assistant.answer.evidence.query_terms import stem

# What may stand between two alternatives that share their context: a slash, a comma, "or", "and" (with spaces).
_BETWEEN = re.compile(r"\s*(?:/|,|\bor\b|\band\b)\s*", re.I)
# A word of the question as the topic's words are written (hyphens inside a word kept: "low-rank").
_TOKEN = re.compile(r"(?<![\w-])[\w-]+(?![\w-])")


def said_at(word: str, question: str, start: int = 0) -> re.Match | None:
    """Where the question says the topic's word from `start`, as written or in another derived form of it (query_terms
    .stem, derived): the topic holds the form the papers write ("quantization" for the question's "quantizing":
    topic_words.in_papers_forms), so "quantizing or binarizing large language models" has its two alternatives side by
    side."""
    written = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.I).search(question, start)
    if written is not None or not word.isalpha():  # as written first, as before; "c++", "fp=xint" only so
        return written
    root = stem(word, derived=True)
    return next(
        (
            m
            for m in _TOKEN.finditer(question, start)
            if m.group(0).isalpha() and stem(m.group(0), derived=True) == root
        ),
        None,
    )


def adjacent(left: list[str], right: list[str], question: str) -> bool:
    """The question says the left alternative's last word and the right's first with only a separator between."""
    end = said_at(left[-1], question)
    while end is not None:
        start = said_at(right[0], question, end.end())
        if start is not None and _BETWEEN.fullmatch(question[end.end() : start.start()]):
            return True
        end = said_at(left[-1], question, end.end())
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
