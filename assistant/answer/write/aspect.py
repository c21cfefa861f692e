"""The cell a comparison gives to the aspect its question asks ("the way they distribute the integral work across
processors", "the hardware feature each exploits"): per paper, the sentence that answers that aspect, quoted with the
enumeration it announces or belongs to ("two algorithms. Firstly, …. Secondly, …"). One choice, read by the grid's
asked row and so by its "what differs" line: the aspect's meaning against each sentence, a margin for the sentence
role the row asks (method, data or hardware, result), and a margin for the aspect's own terms the quoted text holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from assistant.answer.evidence.query_terms import derived_form
from assistant.answer.evidence.roles import RoleSentence
from assistant.index.bm25 import terms

# A sentence of the role the asked row wants gains this much over one whose meaning answers the aspect as well: a
# tie-breaker (it was the grid's ROW_ROLE_BONUS).
ROLE_MARGIN = 0.15
# A quoted text holding every one of the aspect's own terms (in any form of the word, weighted as the question's
# terms are) gains this much, a share of it for a share of their weight: a tie-breaker like the role's, between
# sentences whose meaning is near ("two static distributed algorithms. Firstly, … distributed over shell pairs" holds
# the aspect's "distribute"; "the most time-consuming step is the calculation of the integrals" only its subject).
TERM_MARGIN = 0.15

# "Here, we present two algorithms. Firstly, … Secondly, …": an enumeration spread over sentences is quoted whole.
_ITEM_START = re.compile(r"^\s*(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|then|finally|lastly)\b\s*,?", re.I)
MAX_RUN = 4  # sentences one cell may span (an announcing sentence and its items)


def run(sentences: list[RoleSentence], s: RoleSentence) -> str:
    """The sentence, with the enumeration it announces or belongs to ("two algorithms. Firstly, …. Secondly, …")."""
    at = sentences.index(s)
    start = at
    while start > 0 and _ITEM_START.match(sentences[start].text):
        start -= 1
    end = at + 1
    while end < len(sentences) and _ITEM_START.match(sentences[end].text) and end - start < MAX_RUN:
        end += 1
    if end - start < 2 or not any(_ITEM_START.match(x.text) for x in sentences[start:end]):
        return s.text
    return " ".join(x.text for x in sentences[start:end])


def cover(text: str, weights: Mapping[str, float]) -> float:
    """The share of the aspect's term weight whose term the text holds in some form ("distributed" for
    "distribute")."""
    total = sum(weights.values())
    if not total:
        return 0.0
    held = set(terms(text))
    return sum(w for t, w in weights.items() if t in held or any(derived_form(t, h) for h in held)) / total


def choose(
    candidates: list[RoleSentence],
    sentences: list[RoleSentence],
    meaning: Mapping[str, float],
    fits_row: Callable[[RoleSentence], bool],
    weights: Mapping[str, float],
) -> tuple[RoleSentence, str] | None:
    """The candidate answering the aspect best, and the text quoted for it (with its enumeration): its meaning against
    the aspect, ROLE_MARGIN when it is of the row's role, TERM_MARGIN for the share of the aspect's terms its quoted
    text holds."""
    if not candidates:
        return None
    quoted = {s.text: run(sentences, s) for s in candidates}

    def score(s: RoleSentence) -> float:
        return (
            meaning.get(s.text, -1.0)
            + (ROLE_MARGIN if fits_row(s) else 0.0)
            + TERM_MARGIN * cover(quoted[s.text], weights)
        )

    pick = max(candidates, key=score)
    return pick, quoted[pick.text]
