"""The months a claim and a paper's sentences name for what happens in a year ("pond coverage peaked in mid-August"
against "pond fractions peaking in early July"): a month the claim names that the paper never does, where a
sentence names another, is said otherwise. A month beside a year ("her May 2021 paper") dates the paper, which the
record decides (evidence/claim_record.py). Read by write/premises.py."""

from __future__ import annotations

import re

from assistant.answer.plan.phrases.date_words import MONTHS

# Month names written whole and capitalised ("July", not "jul" or the verb "may"); "May" only after a word that
# places it in the year ("in May", "mid-May").
_MONTH = re.compile(
    r"(?:(?<=\bin )|(?<=\bearly )|(?<=\blate )|(?<=\bmid-)|(?<=\bmid )|(?<=\bof )|(?<=\bby ))May\b"
    r"|\b(?:January|February|March|April|June|July|August|September|October|November|December)\b"
)
_YEAR = re.compile(r"\s*,?\s*(?:19|20)\d{2}\b")


def named(text: str) -> set[int]:
    """The months the text names within the year, not beside a year."""
    return {MONTHS[m.group(0).casefold()] for m in _MONTH.finditer(text) if not _YEAR.match(text, m.end())}


def said_otherwise(claim: str, sentences: list[str]) -> str | None:
    """The first sentence naming another month when the claim names months the sentences never do; else None."""
    asked = named(claim)
    if not asked or any(asked & named(s) for s in sentences):
        return None
    return next((s for s in sentences if named(s)), None)
