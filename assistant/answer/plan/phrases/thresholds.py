"""A threshold a reported quantity must pass, as a question says it ("a speedup of more than 100x", "over 90%
accuracy", "an error below 10 cm", "an error measured in centimetres")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan.phrases.dates import YEAR
from assistant.answer.plan.phrases.wording import STRUCTURE
from assistant.text import STOP

# "a speedup of more than 100x", "over 90% accuracy", "fewer than 8 GPUs": a threshold on a reported quantity.
_BOUND = {
    "more than": 1, "over": 1, "above": 1, "greater than": 1, "higher than": 1, "larger than": 1, "exceeding": 1,
    "in excess of": 1, "at least": 1, "less than": -1, "under": -1, "below": -1, "fewer than": -1,
    "lower than": -1, "smaller than": -1, "at most": -1,
}  # fmt: skip
QUANTITY_THRESHOLD = re.compile(
    r"(?:\b(?P<before>[A-Za-z][\w-]*)\s+(?:(?:of|at|by|reaching)\s+)?)?\b(?P<bound>"
    + "|".join(_BOUND)
    + r")\s+(?P<factor>(?:an?\s+)?factor\s+of\s+)?"
    r"(?P<said>(?P<v>\d+(?:\.\d+)?)(?:\s*(?P<unit>[x×]|%|percent\b|times\b|-?fold\b))?)"
    r"(?:\s+(?P<after>[A-Za-z][\w-]*))?",
    re.I,
)


@dataclass(frozen=True)
class Threshold:
    noun: str  # what is measured ("speedup", "accuracy", "GPUs")
    direction: int  # 1: more than the value, -1: less than it
    value: float
    said: str  # the bound as the question says it ("more than 100x")
    ratio: bool  # the value is a factor ("100x", "10 times")
    percent: bool
    unit: str = ""  # a unit word after the number when the noun came before it ("an error below 10 cm": "cm")
    also: str = ""  # another noun the bound applies to ("a speedup or improvement of more than 100x": "speedup")


# "an error measured in centimetres": a quantity asked for in a unit, whatever its value.
_IN_UNIT = re.compile(
    r"\b(?P<noun>[A-Za-z][\w-]*)\s+(?:measured|given|reported|expressed|stated|quantified)\s+in\s+(?P<unit>[A-Za-z]+)\b",
    re.I,
)


def quantity_threshold(question: str) -> Threshold | None:
    """A bound on a reported quantity the question asks for ("a speedup of more than 100x" -> speedup > 100), or
    None. The noun is the word the bound follows ("a speedup of …") or, failing that, the one after the number
    ("over 90% accuracy")."""
    for m in QUANTITY_THRESHOLD.finditer(question):
        words = [w for w in (m.group("before"), m.group("after")) if w and w.casefold() not in STRUCTURE | STOP]
        if not words or re.fullmatch(YEAR, m.group("v")):
            continue
        unit = (m.group("unit") or "").casefold()
        unit_word = m.group("after") if words[0] == m.group("before") and m.group("after") and not unit else ""
        other = re.search(r"([A-Za-z][\w-]*)\s+or\s+$", question[: m.start()])
        return Threshold(
            noun=words[0],
            direction=_BOUND[re.sub(r"\s+", " ", m.group("bound").casefold())],
            value=float(m.group("v")),
            said=f"{m.group('bound')} {m.group('factor') or ''}{m.group('said').strip()}",
            ratio=unit in ("x", "×", "times") or unit.endswith("fold") or bool(m.group("factor")),
            percent=unit in ("%", "percent"),
            unit=unit_word,
            also=other.group(1) if other and other.group(1).casefold() not in STRUCTURE | STOP else "",
        )
    m = _IN_UNIT.search(question)
    if m and not {m.group("noun").casefold(), m.group("unit").casefold()} & (STRUCTURE | STOP):
        return Threshold(m.group("noun"), 0, 0.0, f"in {m.group('unit')}", False, False, unit=m.group("unit"))
    return None
