"""A negated phrase that asks for a figure ("don't give a numeric speedup", "no concrete speedup number", "any
speedup figure"): the claim negated is that a paper states a number of that measure, so a paper is ruled out by a
sentence that gives one, not by a sentence that only names the measure ("a substantial speedup" states no figure)."""

from __future__ import annotations

import re

from assistant.answer.evidence.alignment import DIRECTIONS
from assistant.answer.evidence.change import as_ratio
from assistant.answer.evidence.figures import quantities
from assistant.answer.plan.phrases.wording import FUNCTION_WORDS
from assistant.presenter import plain_text

# The words that make a noun phrase ask for a figure rather than name a subject; "number" and "figure" only as the
# phrase's own noun or modifier ("a speedup number", "a numeric speedup").
FIGURE_WORDS = frozenset("number numbers numeric numerical figure figures quantitative quantified percentage".split())
# Words that sharpen what is asked without naming the measure ("a concrete speedup number", "any exact figure").
QUALIFIERS = frozenset("concrete specific exact actual precise explicit any single hard".split())
# The kinds of figure that state a change by themselves ("7.1x", "8.31%"), against counts ("79 kernels").
CHANGE_KINDS = ("%", "x", "ratio")
_WORD = re.compile(r"[A-Za-z][\w-]*")


def measure_asked(phrase: str) -> tuple[str, ...] | None:
    """The words of the measure a negated phrase asks a figure of ("speedup" of "concrete speedup number"), () for a
    figure of anything ("any numbers"), or None when the phrase asks for no figure."""
    words = [w.casefold() for w in _WORD.findall(phrase)]
    if not FIGURE_WORDS & set(words):
        return None
    return tuple(w for w in words if w not in FIGURE_WORDS | QUALIFIERS and w not in FUNCTION_WORDS)


def _holds(word: str, words: set[str]) -> bool:
    stem = word.removesuffix("s")[:5]  # a light stem: "speedups", "speed-up" and "speed" hold "speedup"
    return any(w.startswith(stem) for w in words)


def states_figure(measure: tuple[str, ...], sentence: str) -> bool:
    """The sentence gives a figure of the measure. A change ("speedup", "reduction": a word of data/directions.txt)
    is given by a factor or share said to change something ("up to 7.1x speedup", "increase the performance by
    8.31%"); another measure by any figure in a sentence holding its words ("64 GPUs")."""
    shown = plain_text(sentence)  # as the sentence is shown: "11$\times$ compression" is 11×
    found = quantities(shown)
    if not found:
        return False
    words = {w.casefold() for w in _WORD.findall(shown)}
    if not measure:
        return True
    if any(w in DIRECTIONS for w in measure):
        changed = any(w in DIRECTIONS for w in words) or any(_holds(m, words) for m in measure)
        return any(as_ratio(shown, q, DIRECTIONS) or (q.kind in CHANGE_KINDS and changed) for q in found)
    return all(_holds(m, words) for m in measure)
