"""The number of papers a statement says a selection holds ("She has used gradient-boosted trees in two papers.",
"He has two atomistic simulation papers;", "Three of his preprints went up …"), and the statement without it."""

from __future__ import annotations

import re

from assistant.answer.plan.paper_nouns import EITHER
from assistant.answer.plan.phrases.date_words import NUMBER_WORDS

_NUMBERS = {w: n for n, w in NUMBER_WORDS.items() if n}
# a number, up to three words of what the papers are ("two atomistic simulation papers"), then a paper noun
_COUNTED = re.compile(
    rf"\b(?P<n>{'|'.join(_NUMBERS)}|\d{{1,2}})\b(?:\s+of\s+(?:his|her|their)|(?:\s+[\w-]+){{0,3}}?)\s+(?:{EITHER})\b",
    re.I,
)


def stated_count(statement: str) -> tuple[int, str] | None:
    """The number of papers the statement says, and the statement without the number (its words of what the papers
    are kept); None when it says no number of papers."""
    m = _COUNTED.search(statement)
    if not m:
        return None
    said = m.group("n").casefold()
    n = int(said) if said.isdigit() else _NUMBERS[said]
    if n == 1 and re.match(r"\s+of\b", statement[m.end("n") :], re.I):
        return None  # "one of his stencil papers": one member of a selection whose size is not said
    return n, statement[: m.start("n")] + statement[m.end("n") :]


# A bound said before the number of papers ("more than 3 papers", "at least two of his papers") or after it ("5 or
# more papers"): (bound, how much it moves the number, which way the count may go from there).
_BOUND_BEFORE = {
    "more than": (1, 1), "over": (1, 1), "above": (1, 1), "at least": (0, 1), "fewer than": (-1, -1),
    "less than": (-1, -1), "under": (-1, -1), "at most": (0, -1), "no more than": (0, -1), "exactly": (0, 0),
}  # fmt: skip
_BOUND_AFTER = {"or more": 1, "or fewer": -1, "or less": -1}
_BEFORE = re.compile(r"\b(?P<bound>" + "|".join(sorted(_BOUND_BEFORE, key=len, reverse=True)) + r")\s+$", re.I)
_AFTER = re.compile(r"^\s+(?P<bound>" + "|".join(_BOUND_AFTER) + r")\b", re.I)


def count_bound(question: str) -> tuple[int, int | None, str] | None:
    """The range a question bounds its number of papers to, inclusive, with the bound as said: "more than 3 papers"
    -> (4, None, "more than 3"), "at most two papers" -> (0, 2, "at most two"), "exactly one paper" -> (1, 1, …);
    None when the question states no number of papers."""
    m = _COUNTED.search(question)
    if not m:
        return None
    said = m.group("n").casefold()
    n = int(said) if said.isdigit() else _NUMBERS[said]
    if before := _BEFORE.search(question[: m.start("n")]):
        step, way = _BOUND_BEFORE[before["bound"].casefold()]
        said = f"{before['bound']} {m.group('n')}"
        value = n + step
        return (value, None, said) if way > 0 else (0, value, said) if way < 0 else (n, n, said)
    if after := _AFTER.match(question[m.end("n") :]):
        way = _BOUND_AFTER[after["bound"].casefold()]
        said = f"{m.group('n')} {after['bound']}"
        return (n, None, said) if way > 0 else (0, n, said)
    return n, n, f"exactly {m.group('n')}"
