"""A count said without a figure ("a handful of stencil kernels", "several datasets") against the figure the paper
states for the same head noun ("Evaluated on 79 stencil kernels"): met when the figure is inside the range the vague
word says (data/vague_counts.txt), contradicted when outside. A vague count is read only against a figure counting the
same thing: alone it decides nothing (the claim's other words do). Read by write/premises.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from assistant.answer.evidence.figures import quantities
from assistant.answer.evidence.query_terms import parts, stem

DATA = Path(__file__).parent / "data"
# Words of a noun phrase after a vague count that end it: function words, a preposition or a verb's particle.
_ENDS = frozenset(
    """of in on at to for from by with into over under across per and or but than that which who is are was were be
    been has have had do does did can could would will should may might must not while where when as""".split()
)
NOUN_WORDS = 3  # at most this many words name what is counted ("labelled RADARSAT-2 scenes")
AFTER = 3  # the head noun stands within this many words after the paper's figure ("79 diverse stencil kernels")
NEAR = 30  # characters after the vague word read for a magnitude or a unit
_WORD = re.compile(r"[A-Za-z][\w-]*")


def _load() -> list[tuple[re.Pattern, float, float]]:
    rows = []
    for line in (DATA / "vague_counts.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            phrase, low, high = (part.strip() for part in line.split("|"))
            spaced = r"\s+".join(map(re.escape, phrase.split()))
            pattern = re.compile(rf"(?<![\w-]){spaced}\s+", re.I)
            rows.append((pattern, float(low), float(high)))
    return sorted(rows, key=lambda r: -len(r[0].pattern))  # "a few" after "a couple of": no overlap either way


VAGUE = _load()
WHY = "a vague count against the stated one"  # the verdict's reason (write/premises.py), read as a figure's


@dataclass(frozen=True)
class Weighed:
    holds: bool
    sentence: str
    stated: str  # the paper's figure with what it counts, as written


def _heads(claim: str) -> list[tuple[str, float, float]]:
    """(head noun stem, low, high) of each vague count of the claim."""
    out = []
    for pattern, low, high in VAGUE:
        for m in pattern.finditer(claim):
            if any(q.start == 0 for q in quantities(claim[m.start() : m.end() + NEAR])):
                continue  # "a few hundred", "several points": a magnitude or a unit, read by figures.py
            words = []
            for w in _WORD.findall(claim[m.end() :])[:NOUN_WORDS]:
                if w.casefold() in _ENDS:
                    break
                words.append(w)
            if words:  # the head of a compound is its last part ("ice-chart" counts charts)
                out.append((stem(parts(words[-1])[-1]), low, high))
    return out


def words(claim: str) -> set[str]:
    """The words of the claim's vague counts ("a handful of"): the paper states them as a figure, not as words."""
    return {w.casefold() for pattern, _, _ in VAGUE for m in pattern.finditer(claim) for w in _WORD.findall(m.group(0))}


def weigh(claim: str, sentences: list[str]) -> Weighed | None:
    """The first sentence (ranked order) stating a count of the claim's vaguely counted head noun, weighed against the
    range; None when the claim has no vague count or no sentence counts the same thing."""
    heads = _heads(claim)
    if not heads:
        return None
    for s in sentences:
        for q in quantities(s):
            if q.kind != "count" or q.low != q.high:
                continue
            following = _WORD.findall(s[q.end :])[:AFTER]
            # a compound by its parts: "79 stencil-kernels" counts kernels
            after = [{stem(p) for p in parts(w)} for w in following]
            for head, low, high in heads:
                if (at := next((i for i, held in enumerate(after) if head in held), None)) is not None:
                    said = f"{q.said} {' '.join(following[: at + 1])}"
                    return Weighed(low <= q.low <= high, s, said)
    return None
