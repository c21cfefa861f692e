"""A relative change read as the ratio it makes, so that a claim's "halved" (0.5) or "doubled" (2) is compared by
magnitude with a sentence's "30% lower" (0.7), "a 40% increase" (1.4) or "3x faster" (3). The claim's ratio words are
quantities of kind "ratio" (data/quantity_words.txt); a sentence's share or factor becomes one when a direction word
(data/directions.txt) says which way it changes what it measures. Read by alignment.py.
"""

from __future__ import annotations

import re

from assistant.answer.evidence.figures import Quantity

RATIO = "ratio"
# A ratio word states a round change ("halved" is also 0.45 or 0.55), so it is met within this relative slack.
SLACK = 0.12
_WORD = re.compile(r"[A-Za-z][\w-]*")
NEAR = 3  # words after a share ("30% lower") or before it ("reduced by 30%") that may say its direction


def _direction(text: str, q: Quantity, directions: dict[str, tuple[int, int]]) -> int | None:
    """The side (0 up, 1 down) of the direction word next to the figure, or None: the first of the few words after
    it ("30% lower", "a 40% increase"), else the last of the few before it ("reduced by 30%", "a drop of 30%")."""
    after = _WORD.findall(text[q.end :])[:NEAR]
    before = _WORD.findall(text[: q.start])[-NEAR:][::-1]
    for word in [*after, *before]:
        if (found := directions.get(word.casefold())) is not None:
            return found[1]
    return None


def as_ratio(text: str, q: Quantity, directions: dict[str, tuple[int, int]]) -> Quantity | None:
    """The figure as the ratio of the changed value to the old one, or None when it states no change: "30% lower"
    -> 0.7, "a 40% increase" -> 1.4, "3x faster" -> 3, "3x lower" -> 0.33; a ratio word as it is."""
    if q.kind == RATIO:
        return q
    if q.kind not in ("%", "x"):
        return None
    side = _direction(text, q, directions)
    if side is None:
        return None
    if q.kind == "%":
        sign = 1 if side == 0 else -1
        lo, hi = sorted((1 + sign * q.low / 100, 1 + sign * q.high / 100))
    else:
        lo, hi = (q.low, q.high) if side == 0 else (1 / q.high, 1 / q.low)
    return Quantity(lo, hi, RATIO, q.said, q.start, q.end)


def meets(claim: Quantity, stated: Quantity) -> bool:
    """The stated ratio is the claim's, within the slack of a round ratio word."""
    return stated.high >= claim.low * (1 - SLACK) and stated.low <= claim.high * (1 + SLACK)
