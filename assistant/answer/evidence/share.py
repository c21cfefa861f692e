"""A share the claim asks in words ("most of the chart area", "less than a fifth of the area") against the percentage
the paper states for the same thing ("different concentration classes to 17% of the area").

The asked bound is a direction and a fraction; the paper's figure is a percentage followed closely by a word of what
the claim's share is of. Read by write/premises.py before the figures are aligned, so a share in words is weighed as
the figure it is, not missed ("two ice services" met is not the claim).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.evidence.figures import FRACTIONS, phrase_pattern
from assistant.answer.evidence.query_terms import stem
from assistant.index.bm25 import terms

# Fractions as the claim writes them ("a fifth", "one third", "two-thirds", "half"): data/quantity_words.txt's shares.
_FRACTION = "|".join(phrase_pattern(f) for f in sorted(FRACTIONS, key=len, reverse=True))


def _fraction(said: str) -> float:
    """The fraction a phrase of FRACTIONS says, however its words are joined ("two-thirds": 2/3)."""
    return FRACTIONS[" ".join(re.split(r"[\s-]+", said.casefold()))]


_BELOW = r"(?:less than|fewer than|under|below|at most|no more than)"
_ABOVE = r"(?:more than|over|above|at least|greater than)"
# "most of", "the majority of" mean more than half; "a minority of" less than half; "a small fraction of" less
# than SMALL.
_ASKED = re.compile(
    rf"\b(?:(?P<below>{_BELOW})\s+(?P<bf>{_FRACTION})|(?P<above>{_ABOVE})\s+(?P<af>{_FRACTION})"
    rf"|(?P<most>most|the majority|the bulk)|(?P<few>a minority)"
    rf"|(?P<small>(?:only\s+)?an?\s+(?:small|tiny)\s+(?:fraction|portion|part|share|slice|subset|percentage)))\s+of\b"
    # "win back all the accuracy", "all of the area": the whole of it
    r"|\b(?P<all>all)(?=\s+(?:of\s+)?the\b)",
    re.I,
)
# "a small fraction of the labels": a vague share, read as under a quarter (a judgement: "with 5% of the labels" is
# a small slice, a third of them is not).
SMALL = 0.25
# "all the accuracy" is the whole of it: met only by a share above this (100%, not "two thirds").
WHOLE = 0.995
# The paper's share: a percentage, or a fraction in words followed by "of" ("recovers two thirds of the accuracy").
_STATED = re.compile(
    rf"(?<![\d.])(\d{{1,3}}(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)|\b(?P<words>{_FRACTION})(?=\s+of\b)", re.I
)
# What a share is of is named within this many words after its figure ("17% of the area"), and the claim names it
# within this many content words after its quantifier ("most of the chart area").
NEAR = 4


@dataclass(frozen=True)
class Share:
    holds: bool
    sentence: str
    stated: str  # the paper's figure, as written


def asked(question: str) -> tuple[str, float, list[str]] | None:
    """The claim's share in words: its direction ("<" or ">"), its fraction, and the words naming what it is of."""
    m = _ASKED.search(question)
    if not m:
        return None
    if m.group("below"):
        op, value = "<", _fraction(m.group("bf"))
    elif m.group("above"):
        op, value = ">", _fraction(m.group("af"))
    elif m.group("most"):
        op, value = ">", 0.5
    elif m.group("small"):
        op, value = "<", SMALL
    elif m.group("all"):
        op, value = ">", WHOLE
    else:
        op, value = "<", 0.5
    return op, value, terms(question[m.end() :])[:NEAR]


def wording(question: str) -> set[str]:
    """The words that say the share ("only a small slice of"): the figure stands for them, the paper need not hold
    them."""
    m = _ASKED.search(question)
    return {w.casefold() for w in re.findall(r"[\w-]+", m.group(0))} if m else set()


def weigh(question: str, sentences: list[str]) -> Share | None:
    """The verdict on a share asked in words, from the first sentence stating a percentage of what it is of."""
    read = asked(question)
    if read is None:
        return None
    op, value, of = read
    wanted = {stem(t) for t in of}
    for s in sentences:
        for m in _STATED.finditer(s):
            after = {stem(t) for t in terms(s[m.end() :])[:NEAR]}
            if wanted & after:
                share = _fraction(m.group("words")) if m.group("words") else float(m.group(1)) / 100
                return Share(share < value if op == "<" else share > value, s, m.group(0))
    return None
