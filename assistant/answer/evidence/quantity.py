"""Quantities the papers report next to a noun ("64 GPUs", "up to 7.1x speedup", "a speedup of 2.32X"): the evidence
for a superlative across papers ("the largest GPU count any of his papers reports")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.evidence.weigh import forms
from assistant.models import Paper
from assistant.text import research_sentences

_NUMBER = (
    r"(?P<num>(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?P<unit>[kKmMbB](?![a-z])|thousand|million|billion)?\s*"
    r"(?:[x×X](?![a-z]))?)"
)
# Words allowed between a number and its noun ("64 NVIDIA A100 GPUs", "7.1x end-to-end speedup").
_BETWEEN = r"(?:[\w-]+\s+){0,5}?"
_SCALE = {"k": 1e3, "m": 1e6, "b": 1e9, "thousand": 1e3, "million": 1e6, "billion": 1e9}
# A name right before a number makes it a model number, not a count: all capitals ("RTX 4090"), or a capitalised
# word inside the sentence ("Huawei Ascend 910"; a sentence's first word, "Using 64 GPUs", is not a name).
_MODEL = re.compile(r"(?:\b[A-Z]{2,}[\w-]*|(?<=\S\s)[A-Z][a-z]+)\s*$")


@dataclass(frozen=True)
class Reading:
    paper: Paper
    sentence: str  # the abstract's sentence, verbatim
    value: float
    said: str  # the number as the sentence writes it ("1,024", "7.1x")


def _noun_pattern(noun: str) -> str:
    words = sorted({noun, *forms(noun.casefold())}, key=len, reverse=True)
    return r"(?:" + "|".join(re.escape(w) for w in words) + r")\b"


# Nouns of a ratio: "4963x faster", "3 times quicker" report one as well as "a 4963x speedup" does.
RATIO_NOUNS = {"speedup", "speedups", "speed-up", "speed-ups", "acceleration", "factor", "improvement", "gain"}
_FASTER = rf"\b{_NUMBER}\s*(?:\([^)]{{0,40}}\)\s*)?(?:times\s+)?(?:faster|quicker|speedup)\b"


def readings(noun: str, papers: list[Paper]) -> list[Reading]:
    """Every number each paper's abstract reports next to the noun (before it, or after "of", "up to", "by"); for a
    ratio ("speedup"), also "Nx faster"."""
    nn = _noun_pattern(noun)
    patterns = [
        re.compile(rf"\b{_NUMBER}\s+{_BETWEEN}{nn}", re.I),
        re.compile(
            rf"\b{nn}\s+(?:of\s+|up to\s+|by\s+|reaching\s+|to\s+|=\s*|on\s+)+(?:about\s+|nearly\s+)?{_NUMBER}", re.I
        ),
    ]
    if noun.casefold() in RATIO_NOUNS:
        patterns.append(re.compile(_FASTER, re.I))
    out = []
    for p in papers:
        for abstract in p.abstracts:
            for s in research_sentences(abstract):
                for pattern in patterns:
                    for m in pattern.finditer(s):
                        raw = m.group("n")
                        if re.fullmatch(r"(?:19|20)\d{2}", raw) or _MODEL.search(s[: m.start("n")]):
                            continue  # a year, or a model number ("RTX 4090"), not a count
                        value = float(raw.replace(",", "")) * _SCALE.get((m.group("unit") or "").casefold(), 1)
                        said = m.group("num").strip().rstrip(",.")
                        out.append(Reading(p, s, value, said))
    return out


def extreme(noun: str, papers: list[Paper], direction: int) -> list[Reading]:
    """The readings ordered from the most extreme (largest for direction 1), one per paper."""
    best: dict[str, Reading] = {}
    for r in readings(noun, papers):
        cur = best.get(r.paper.id)
        if cur is None or (r.value - cur.value) * direction > 0:
            best[r.paper.id] = r
    return sorted(best.values(), key=lambda r: -r.value * direction)
