"""A topic whose parts the question joins by "and" ("glaciers and ice shelves"): read as papers on either part."""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer.plan.topic_parts import said_at

# What may stand between the two sides of an "and" that splits a topic ("glaciers and ice shelves", "HPC, and AI").
_AND_ONLY = re.compile(r"\s*,?\s*and\s+", re.I)


def facets(topic: str, question: str, on: Callable[[str], set[str]]) -> str:
    """ "his work on quantum chemistry and electronic-structure computing", "HONPAS and kinetic Monte Carlo": a
    topic whose parts the question joins by "and" means papers on any part, when some part grounds papers of its
    own and together they ground more than the whole phrase does; "" otherwise. Each part is grounded on its own
    (a paper saying only the words all parts share, "computing", is on none of them), read as specifically as a
    paper says it: the words the parts share go with each ("benchmarking HPC and AI systems" is "benchmarking
    HPC systems" or "benchmarking AI systems") when a paper is on that, else the part alone. `on`: the ids of the
    papers in scope a phrase grounds."""
    grounded: dict[str, set[str]] = {}  # each phrase read once: a part chosen below is read again to compare

    def on_once(phrase: str) -> set[str]:
        if phrase not in grounded:
            grounded[phrase] = on(phrase)
        return grounded[phrase]

    parts: list[str] = []
    for alt in re.split(r"\s+or\s+", topic):
        split = either(alt, question)
        if not split:
            parts.append(alt)
            continue
        left, right = (p.split() for p in split.split(" or ", 1))
        # the left part with the right's head, the right with the left's leading words, most specific first
        lefts = ([" ".join([*left, right[-1]])] if len(right) > 1 else []) + [" ".join(left)]
        rights = [" ".join([*left[:k], *right]) for k in range(len(left) - 1, 0, -1)] + [" ".join(right)]
        parts += [next((c for c in cands if on_once(c)), cands[-1]) for cands in (lefts, rights)]
    joined = " or ".join(dict.fromkeys(parts))
    if joined == topic:
        return ""
    found = [on_once(part) for part in joined.split(" or ")]
    return joined if any(found) and len(set().union(*found)) > len(on_once(topic)) else ""


def either(topic: str, question: str) -> str:
    """ "work on glaciers and ice shelves": the topic's words on each side of an "and" the question puts between
    them, as alternatives ("glaciers or ice shelves"); "" when no "and" splits the topic."""
    words = topic.split()
    if " or " in f" {topic} " or len(words) < 2:
        return ""
    at, start = [], 0
    for w in words:
        m = said_at(w, question, start)  # as written or in the question's own form of it ("quantizing")
        if m is None:
            return ""
        at.append(m.span())
        start = m.end()
    for m in re.finditer(r"\band\b", question, re.I):
        cut = sum(1 for a, _ in at if a < m.start())
        # the "and" stands right between the two words it splits: "ice" of "land ice" and "shelves" after
        # "icebergs and ice" are no "ice or shelves"
        if 0 < cut < len(words) and _AND_ONLY.fullmatch(question[at[cut - 1][1] : at[cut][0]]):
            return f"{' '.join(words[:cut])} or {' '.join(words[cut:])}"
    return ""
