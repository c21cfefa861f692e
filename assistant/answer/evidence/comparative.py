"""A comparative claim between two values of one slot, weighed by the figures a sentence states for each ("multi-year
ice drops off faster than first-year ice?" against "a slope of -0.21 dB per degree for first-year ice and -0.12 dB per
degree for multi-year ice"). Read by write/verdict.py.

The figures are compared by size (a slope of -0.21 falls faster than one of -0.12); a claim with no figure for both
sides in one sentence, or with figures in different units, is left to the other checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from assistant.answer.evidence.query_terms import stem

_MORE = r"more|greater|higher|larger|bigger|faster|stronger|steeper|longer|wider|heavier|quicker"
_LESS = r"less|fewer|lower|smaller|slower|weaker|shallower|shorter|narrower|lighter"
# The comparative may take an adverb and the first side before its "than" ("drops off more steeply with angle for
# multi-year ice than for first-year ice").
_CLAIM = re.compile(
    rf"\b(?P<cmp>{_MORE}|{_LESS})(?:\s+\w+ly)?(?P<first>(?:\s+[\w-]+){{0,8}}?)\s+than\s+(?:(?:that|those)\s+of\s+|(?:on|in|for|with|at|of)\s+)?(?:the\s+)?"
    r"(?P<other>[\w-]+(?:\s+[\w-]+){0,3})",
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
    before = {stem(w) for w in re.findall(r"[\w-]+", claim[: m.end("first")])}
    # The other side is the first word after "than" that the first side does not repeat: "faster than backscatter
    # from first-year ice" sets first-year ice, not backscatter, against multi-year ice.
    after = [stem(w) for w in m.group("other").split()]
    others = [w for w in after if w not in before] or after[:1]
    for s in sentences:
        sides: dict[str, tuple[float, str, str]] = {}
        for f in _STATED.finditer(s):
            value = _figure(f.group("fig"))
            if value is not None:
                sides.setdefault(stem(f.group("what")), (value, f.group("unit").strip().casefold(), f.group(0)))
        other = next((w for w in others if w in sides), None)
        if other is None:
            continue
        b, unit, _ = sides[other]
        for key, (a, unit_a, said) in sides.items():
            if key != other and key in before and unit_a == unit and abs(a) != abs(b):
                return Weighed((abs(a) > abs(b)) == more, s, said)
    return None


class Part(Protocol):
    """A clause with its content words: alignment.Clause."""

    text: str
    start: int  # offset of the clause in its text
    words: list[tuple[int, str]]  # (offset in the text, stem) of each content word


_THAN = re.compile(
    r"\b(?:than|compared\s+(?:to|with)|relative\s+to)\b", re.I
)  # the standard a comparative is set against


_MORE_OR_LESS = re.compile(r"\b(more|less)\b", re.I)


def with_standard(text: str, found: list[re.Match]) -> list[re.Match]:
    """The direction words `found` in a clause, with "more" and "less" where a standard of comparison ("than",
    "compared to") follows within six words ("tolerate more compression than the first layer"): alone they are too
    often no direction to be listed (alignment's directions.txt)."""
    for m in _MORE_OR_LESS.finditer(text):
        standard = _THAN.search(text, m.end())
        near = standard is not None and len(text[m.end() : standard.start()].split()) <= 6
        if near and not any(d.start() <= m.start() < d.end() for d in found):
            found.append(m)
    return sorted(found, key=lambda m: m.start())


def _sides(part: Part, at: int) -> tuple[set[str], set[str]] | None:
    """A comparison's two sides in a clause: the content words before its comparative word (at offset `at`) and those
    after the "than" that follows it; None without a "than"."""
    than = _THAN.search(part.text, max(0, at - part.start))
    if not than:
        return None
    end = part.start + than.end()
    return {w for o, w in part.words if o < at}, {w for o, w in part.words if o >= end}


def reversed_sides(claim: Part, claim_at: int, stated: Part, stated_at: int) -> bool:
    """The sentence's comparison puts the claim's two sides the other way round: "MC dropout is better calibrated
    than the ensemble" against "The ensemble is better calibrated than a single network with MC dropout" (the claim's
    sides share more words with the sentence's opposite sides than with its same sides)."""
    a, b = _sides(claim, claim_at), _sides(stated, stated_at)
    if a is None or b is None:
        return False
    (first, other), (first2, other2) = a, b
    return len(first & other2) + len(other & first2) > len(first & first2) + len(other & other2)
