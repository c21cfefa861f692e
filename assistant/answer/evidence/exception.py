"""A universal claim against a stated exception: "… under 12 cm everywhere on the grid, including the Greenland coast?"
against "Errors in ice thickness stay below 12 cm, except along the coast of Greenland …". The claim says its
statement holds everywhere (or names the place it includes); the paper states it with an exception, and the
exception names something of the claim. Read by write/premises.py, which then quotes the sentence holding the
exception."""

from __future__ import annotations

import re

from assistant.answer.evidence.query_terms import parts, stem
from assistant.answer.plan.intents import STOP

# The claim holds without exception: "everywhere", "all", "always", "throughout", "including X", "even X".
_UNIVERSAL = re.compile(r"\b(?:everywhere|every|all|always|throughout|including|even|without exception)\b", re.I)
# The sentence states one: "except along the coast of Greenland", "with the exception of", "apart from", "other than".
_EXCEPT = re.compile(
    r"\b(?:except(?:\s+for)?|excepting|excluding|with the exception of|apart from|other than|save for|barring)\b", re.I
)
# The excepted thing ends at a new clause ("… Greenland where the emulator smooths ridging").
_END = re.compile(r"[,;:()]|\.\s|\.$|\s(?:where|which|that|when|while|because|as|and)\s", re.I)
_WORD = re.compile(r"[A-Za-z][\w-]*")
# The statement the exception is made to shares this many content words with the claim (the claim's statement).
SHARED = 2


def _stems(text: str) -> set[str]:
    """The text's content words as stems, a compound by its parts ("sea-ice dynamics" holds "ice")."""
    return {stem(p) for w in _WORD.findall(text) for p in parts(w) if p.casefold() not in STOP and len(p) > 2}


def excepted(claim: str, sentences: list[str]) -> str | None:
    """The first sentence (ranked order) stating the claim's statement with an exception that names a word of the
    claim, when the claim holds without exception; None otherwise. A claim stating an exception itself is not
    universal ("below 12 cm except near Greenland?")."""
    if not _UNIVERSAL.search(claim) or _EXCEPT.search(claim):
        return None
    asked = _stems(claim)
    for s in sentences:
        for m in _EXCEPT.finditer(s):
            rest = s[m.end() :]
            end = _END.search(rest)
            thing = _stems(rest[: end.start() if end else len(rest)])
            statement = _stems(s[: m.start()])
            if thing & asked and len(statement & asked) >= SHARED:
                return s
    return None
