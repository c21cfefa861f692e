"""Superlatives read from their form: an English adjective and "-est" ("fastest", "biggest", "heaviest"), or one of
the few without that form ("most", "best", "top", "worst"), with the end of a ranking each picks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

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
