"""Superlatives read from their form: an English adjective and "-est" ("fastest", "biggest", "heaviest"), or one of
the few without that form ("most", "best", "top", "worst"), with the end of a ranking each picks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from assistant.answer.plan.phrases.dates import NUMBER_WORDS
from assistant.answer.plan.phrases.picks import dates_a_paper
from assistant.answer.plan.spelling import english_words

DATA = Path(__file__).parent.parent / "data" / "superlatives.txt"


@cache
def _table() -> dict[str, frozenset[str]]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    rows = (line.split(":", 1) for line in lines if line.strip() and not line.startswith("#"))
    return {key.strip(): frozenset(w.casefold() for w in words.split()) for key, words in rows}


@dataclass(frozen=True)
class Superlative:
    direction: int  # 1 picks the largest value, -1 the smallest
    trusted: bool  # asks for a quantity wherever it stands, not only where the papers report its noun


def _adjective_forms(word: str) -> frozenset[str] | None:
    """The forms of the adjective a "-est" word ranks by ("heaviest" -> heavi, heavy), or None when the word is no
    superlative: a superlative shares its stem with a comparative English has ("biggest": bigger, "widest": wider),
    which "interest", "forest" and "honest" do not ("interer")."""
    if not word.endswith("est") or len(word) < 6:
        return None
    stem = word[:-3]
    if stem + "er" not in english_words():
        return None
    forms = {stem, stem + "e"}  # long-est, wid-est
    if stem.endswith("i"):
        forms.add(stem[:-1] + "y")  # heavi-est
    if len(stem) > 2 and stem[-1] == stem[-2]:
        forms.add(stem[:-1])  # bigg-est
    return frozenset(forms)


def superlative(word: str) -> Superlative | None:
    """The ranking a word asks for, or None: a date pick ("latest", "oldest") picks a paper, not a quantity."""
    w, table = word.casefold(), _table()
    if dates_a_paper(w):
        return None
    trusted = w in table["trusted"]
    if w in table["irregular_high"]:
        return Superlative(1, trusted)
    if w in table["irregular_low"]:
        return Superlative(-1, trusted)
    forms = _adjective_forms(w)
    if forms is None:
        return None
    return Superlative(-1 if forms & table["low_end"] else 1, trusted)


# The most papers a ranking may ask for by number: a larger figure before a superlative is a year or a quantity
# ("his 2024 latest paper", "the 100 largest"), not a count of papers.
MOST_ASKED = 20
_COUNTS = {w: n for n, w in NUMBER_WORDS.items()}
# A number after "top" ("the top five") or just before the superlative ("his three latest papers", "the 2 most cited").
_TOP = re.compile(r"\btop\s+(?P<n>[\w-]+)", re.I)
_BEFORE = re.compile(r"\b(?P<n>[\w-]+)\s+(?P<w>most|least|[a-z]+est)\b", re.I)


def _count(word: str) -> int | None:
    w = word.casefold()
    n = int(w) if w.isdigit() else _COUNTS.get(w)
    return n if n is not None and 1 <= n <= MOST_ASKED else None


def _ranks(word: str) -> bool:
    w = word.casefold()
    return w in ("most", "least") or dates_a_paper(w) or superlative(w) is not None


def papers_ranked(question: str) -> int:
    """How many papers a ranking asks for: the number the question puts before its superlative ("his three latest
    papers", "the 2 most cited", "the top five"), else 1 ("his most recent paper", "which papers have the longest
    author lists": the top one and those tied with it)."""
    counts = [_count(m.group("n")) for m in _TOP.finditer(question)]
    counts += [_count(m.group("n")) for m in _BEFORE.finditer(question) if _ranks(m.group("w"))]
    return next((n for n in counts if n is not None), 1)
