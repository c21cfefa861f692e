"""A comparative claim between two values of one slot, weighed by the figures a sentence states for each ("multi-year
ice drops off faster than first-year ice?" against "a slope of -0.21 dB per degree for first-year ice and -0.12 dB per
degree for multi-year ice"). Read by write/verdict.py.

The figures are compared by size (a slope of -0.21 falls faster than one of -0.12); a claim with no figure for both
sides in one sentence, or with figures in different units, is left to the other checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.evidence.query_terms import stem

_MORE = r"more|greater|higher|larger|bigger|faster|stronger|steeper|longer|wider|heavier|quicker"
_LESS = r"less|fewer|lower|smaller|slower|weaker|shallower|shorter|narrower|lighter"
# The comparative may take an adverb and the first side before its "than" ("drops off more steeply with angle for
# multi-year ice than for first-year ice").
_CLAIM = re.compile(
    rf"\b(?P<cmp>{_MORE}|{_LESS})(?:\s+\w+ly)?(?P<first>(?:\s+[\w-]+){{0,8}}?)\s+than\s+(?:(?:that|those)\s+of\s+|(?:on|in|for|with|at|of)\s+)?(?:the\s+)?"
    r"(?P<other>[\w-]+)",
    re.I,
)
# "-0.21 dB per degree for first-year ice": a figure, its unit (up to four words), and the value it is stated for.
_STATED = re.compile(
    r"(?P<fig>[-−]?\d[\d.,]*)\s*(?P<unit>%|(?:[A-Za-z/°]+\s+){0,3}?)(?:for|of|in|on|with)\s+(?:the\s+)?(?P<what>[\w-]+)",
    re.I,
)


@dataclass(frozen=True)
class Weighed:
    holds: bool
    sentence: str
    stated: str  # the figure of the side the claim puts first


def _figure(text: str) -> float | None:
    try:
        return float(text.replace("−", "-").replace(",", ""))
    except ValueError:
        return None


def weigh(claim: str, sentences: list[str]) -> Weighed | None:
    """Whether a sentence's figures for the claim's two sides hold the claim's comparative, or None."""
    m = _CLAIM.search(claim)
    if not m:
        return None
    more = bool(re.fullmatch(_MORE, m.group("cmp"), re.I))
    other = stem(m.group("other"))
    before = {stem(w) for w in re.findall(r"[\w-]+", claim[: m.end("first")])}
    for s in sentences:
        sides: dict[str, tuple[float, str, str]] = {}
        for f in _STATED.finditer(s):
            value = _figure(f.group("fig"))
            if value is not None:
                sides.setdefault(stem(f.group("what")), (value, f.group("unit").strip().casefold(), f.group(0)))
        if other not in sides:
            continue
        b, unit, _ = sides[other]
        for key, (a, unit_a, said) in sides.items():
            if key != other and key in before and unit_a == unit and abs(a) != abs(b):
                return Weighed((abs(a) > abs(b)) == more, s, said)
    return None
