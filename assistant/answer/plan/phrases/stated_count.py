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
