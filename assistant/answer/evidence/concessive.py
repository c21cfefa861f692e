"""A claim that one thing is as another ("do abilities linked in humans also turn out to be linked in LLMs?") against a
sentence that sets the two apart ("While some abilities are considered interrelated in humans, they appear nearly
uncorrelated in LLMs"): a false premise.

The claim says the two are alike ("also", "too", "as well", "likewise"); the sentence is concessive ("while",
"whereas", "although", "unlike", "but"): a clause naming one of the claim's things, and a clause naming another one
of them, with no word of likeness in the second. Words the claim and both clauses share are the property the
sentence compares, so each side is a content word of the claim said in its own clause only.
"""

from __future__ import annotations

import re

from assistant.answer.evidence.query_terms import stem
from assistant.answer.plan.intents import STOP

_ALIKE = re.compile(r"\b(?:also|too|as well|likewise|similarly|the same)\b", re.I)
# "While A, B", "Although A, B", "Unlike A, B": the first clause conceded; "A, whereas B", "A, but B": the second.
_LEADING = re.compile(r"^\W*(?:\d+\.\s*)?(?:while|whereas|although|though|unlike)\b(?P<a>[^,;]+)[,;](?P<b>.+)$", re.I)
_JOINED = re.compile(r"^(?P<a>.+?)[,;]\s*(?:whereas|while|but)\b(?P<b>.+)$", re.I)
_WORD = re.compile(r"[A-Za-z][\w-]*")


def _stems(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text) if w.casefold() not in STOP and len(w) > 2}


def set_apart(claim: str, sentences: list[str]) -> str | None:
    """The first sentence setting apart two things the claim says are alike, or None."""
    if not _ALIKE.search(claim):
        return None
    asked = _stems(claim)
    for s in sentences:
        m = _LEADING.match(s) or _JOINED.match(s)
        if m is None or _ALIKE.search(m["b"]):
            continue
        a, b = _stems(m["a"]) & asked, _stems(m["b"]) & asked
        if a - b and b - a:
            return s
    return None
