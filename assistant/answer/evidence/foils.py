"""The spans of a text that name what a work is set against ("than cuSPARSE", "unlike prior work", "without
calibration sets"), read from data/foils.txt: a claim's word found only inside such a span is not the work's own.
Read by evidence/claim_terms.py.
"""

from __future__ import annotations

import re
from pathlib import Path

DATA = Path(__file__).parent / "data"
_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")


def _load_foils() -> list[tuple[str, re.Pattern]]:
    rows = []
    for line in (DATA / "foils.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            scope, _, pattern = line.partition("|")
            rows.append((scope.strip(), re.compile(rf"(?<![\w-])(?:{pattern.strip()})(?![\w-])", re.I)))
    return rows


FOILS = _load_foils()
# Where a foil ends: a clause ends at punctuation or a new clause; a thing also at the preposition or conjunction
# that follows its noun phrase ("than cuSPARSE on A100 GPUs" sets only cuSPARSE against the work), or after
# FOIL_WORDS words.
_CLAUSE_END = re.compile(
    r"[;:()\[\]]|,(?!\d{3})|\.\s|\s(?:and|but|while|whereas|although|though|which|where)\s|$", re.I
)
_THING_END = re.compile(
    r"[;:,()\[\]]|\.\s|\s(?:on|in|at|with|without|for|by|from|to|across|using|under|over|into|via|and|but|which|that"
    r"|who|where|when|is|are|was|were|has|have|had|can|could|while)\s|$",
    re.I,
)
FOIL_WORDS = 6
# Words that deny rather than name ("without losing accuracy"): never a term the paper must hold outside a foil.
NEGATORS = frozenset({"without", "not", "no", "never", "nor", "neither", "none"})


def foils(text: str) -> list[tuple[int, int]]:
    """The spans of a text that name what a work is set against (data/foils.txt)."""
    out = []
    for scope, pattern in FOILS:
        for m in pattern.finditer(text):
            first = _WORD.search(text, m.end())
            if scope == "denied" and first and first.group(0).casefold().endswith("ing"):
                out.append((first.start(), first.end()))  # "without losing accuracy": only the verb is denied
                continue
            end = (_CLAUSE_END if scope == "clause" else _THING_END).search(text, m.end() + 1)
            stop = end.start() if end else len(text)
            if scope != "clause":
                words = list(_WORD.finditer(text, m.end(), stop))
                if len(words) > FOIL_WORDS:
                    stop = words[FOIL_WORDS - 1].end()
            out.append((m.end(), stop))
    return out
