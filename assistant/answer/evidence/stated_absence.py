"""Whether a paper states that it does without a thing ("These algorithms do not require fine-tuning", "a
fine-tuning-free framework", "without calibration sets or fine-tuning"): the sentence of its own text that says so."""

from __future__ import annotations

import re
from functools import cache

from assistant.answer.evidence.topic_terms import texts_of
from assistant.answer.evidence.weigh import forms
from assistant.models import Paper
from assistant.text import STOP

# Words that may stand between an absence's cue and the thing ("without calibration sets or fine-tuning", "do not
# require any additional fine-tuning"): more would reach into another clause.
BETWEEN = 3
_CUE = (
    r"\bwithout|\bno|\bnor|\bfree\s+of|\beliminat\w*(?:\s+the\s+need\s+for)?|\bremov\w*\s+the\s+need\s+for"
    r"|\b(?:not|n't|never)\s+(?:\w+ly\s+)?(?:require|requiring|need|needing|use|using|rely\s+on|depend\s+on|involve)s?"
)


@cache
def _pattern(thing: str) -> re.Pattern | None:
    words = [w for w in re.findall(r"[\w]+", thing.casefold()) if w not in STOP]
    if not words:
        return None
    said = r"[\s-]+".join(
        "(?:" + "|".join(sorted(map(re.escape, forms(w)), key=len, reverse=True)) + ")" for w in words
    )
    gap = rf"(?:[\w-]+[\s,]+){{0,{BETWEEN}}}?"
    # "without … X", "do not require … X", or "X-free"
    return re.compile(rf"(?:{_CUE})\s+(?:any\s+|the\s+)?{gap}\b{said}\b|\b{said}-free\b", re.I)


def states_absence(thing: str, sentence: str) -> bool:
    """The sentence says something does without `thing`."""
    pattern = _pattern(thing)
    return pattern is not None and pattern.search(sentence) is not None


def alternatives(thing: str) -> list[str]:
    """The things a disjunction offers ("fine-tuning or retraining": either absence is the one asked)."""
    parts = [p.strip() for p in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", thing) if p.strip()]
    return parts or [thing]


def stating_absence(thing: str, paper: Paper) -> str | None:
    """The first sentence of the paper's own text that says it does without `thing` (or one thing of a disjunction:
    "fine-tuning or retraining"), or None."""
    things = alternatives(thing)
    return next((t for t in texts_of(paper) if any(states_absence(x, t) for x in things)), None)
