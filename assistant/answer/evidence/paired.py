"""Two modifiers the claim pairs with two heads the other way round from the sentence ("decentralized training with
centralized execution" against "a centralized-training, decentralized-execution paradigm"): a false premise."""

from __future__ import annotations

import re

from assistant.answer.evidence.query_terms import stem
from assistant.answer.plan.intents import STOP

# Words joined by a space or a hyphen within one clause; punctuation and "and"/"with" between them part a pair.
_CLAUSE = re.compile(r"[,;:()\[\].!?]")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def _pairs(text: str) -> list[tuple[str, str, str]]:
    """Each two adjacent content words of a clause as (modifier stem, head stem, as written)."""
    out = []
    for part in _CLAUSE.split(text):
        words = [(m.group(0), m.start()) for m in _WORD.finditer(part)]
        for (a, at), (b, bt) in zip(words, words[1:]):
            gap = part[at + len(a) : bt]
            if gap.strip(" -") or a.casefold() in STOP or b.casefold() in STOP:
                continue
            out.append((stem(a.casefold()), stem(b.casefold()), part[at : bt + len(b)]))
    return out


def crossed(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the claim's pair, the sentence's pair) when the claim puts modifier a before head x and b before y while the
    sentence puts b before x and a before y, and states neither of the claim's pairs; else None."""
    held = {(a, x): said for a, x, said in _pairs(sentence)}
    asked = _pairs(claim)
    for a, x, said in asked:
        for b, y, _ in asked:
            if a != b and x != y and (a, x) not in held and (b, y) not in held and (b, x) in held and (a, y) in held:
                return said, held[(b, x)]
    return None
