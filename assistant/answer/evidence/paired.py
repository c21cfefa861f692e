"""Two pairings the claim makes the other way round from the sentence: "decentralized training with centralized
execution" against "a centralized-training, decentralized-execution paradigm", "trained in a decentralized way and
then executed centrally" against the same, "interrelated in LLMs but uncorrelated in humans" against "interrelated in
humans, … nearly uncorrelated in LLMs", "classify Sentinel-1 waveforms and check them against CryoSat-2 images"
against "classify CryoSat-2 radar altimeter waveforms … seen in coincident Sentinel-1 images": a false premise.

A pairing is two content words of one clause at most PAIR_WORDS content words apart (a hyphen joins the parts of a
compound into one: "centralized-training"). The claim pairs a with x in one clause and b with y in another; the
sentence pairs a with y and b with x, in one sentence or two of the best ones, and never the claim's pairs (even a
word further apart). Words are matched in any form of one word ("trained", "training"; "centrally", "centralized"),
a name with a number only as written ("Sentinel-1" is not "Sentinel-2").
"""

from __future__ import annotations

import re

from assistant.answer.evidence.query_terms import COMPOUND_WORD, derived_form, parts
from assistant.answer.plan import paper_nouns
from assistant.answer.plan.intents import STOP

# A clause ends at punctuation, a coordinating word or "with": "trained in a decentralized way and then executed
# centrally" pairs "trained" with "decentralized", never with "centrally"; "decentralized training with centralized
# execution" makes two pairs.
_CLAUSE = re.compile(r"[,;:()\[\].!?]|\s(?:and|but|with|while|whereas|although|though|yet)\s", re.I)
# Two words of a clause at most this many content words apart are paired ("classify CryoSat-2 radar altimeter
# waveforms": 3 apart; "pond fraction from Sentinel-2 reflectances": 1 apart).
PAIR_WORDS = 3
# A claim's pair the sentence states a word further apart is still stated ("classify CryoSat-2 waveforms" against
# "classify CryoSat-2 radar altimeter waveforms", 4 apart), so it is no crossing.
HELD_WORDS = PAIR_WORDS + 1


# The claim's description of the paper it asks about ("the domain adaptation paper", "his LLM meta study"): words
# that name the paper, not what the claim pairs.
_DESCRIBED = re.compile(
    rf"\b(?:the|this|that|her|his|their|its|our|your)\s+(?:[\w-]+\s+){{0,5}}?{paper_nouns.SINGULAR}\b", re.I
)


def _clauses(text: str) -> list[list[str]]:
    """Each clause's content words in order, a compound by its parts."""
    out = []
    for part in _CLAUSE.split(text):
        words = [p for w in COMPOUND_WORD.findall(part) for p in parts(w)]
        out.append([w for w in words if w.casefold() not in STOP and len(w) > 1])
    return out


def _pairs(text: str, apart: int = PAIR_WORDS) -> list[tuple[str, str, int]]:
    """Each two content words of a clause at most `apart` content words apart, in their order, with the clause's
    place."""
    out = []
    for k, ws in enumerate(_clauses(text)):
        out += [(ws[i], ws[j], k) for i in range(len(ws)) for j in range(i + 1, min(i + 1 + apart, len(ws)))]
    return out


def _same(a: str, b: str) -> bool:
    """One word in two forms; a name with a digit only as written."""
    if any(c.isdigit() for c in a + b):
        return a.casefold() == b.casefold()
    return derived_form(a.casefold(), b.casefold())


def crossed(claim: str, sentences: list[str]) -> tuple[str, str, str] | None:
    """(the claim's pair, the sentences' pair, the sentence stating it) when the claim pairs a with x in one clause
    and b with y in another while the sentences pair a with y and b with x (a and b first in their pairs, as the
    claim says them) and hold neither of the claim's pairs; else None."""
    held: dict[tuple[str, str], tuple[str, str]] = {}
    for s in sentences:
        for x, y, _ in _pairs(s):
            held.setdefault((x, y), (f"{x} {y}", s))
            held.setdefault((y, x), (f"{x} {y}", s))
    stated = {p for s in sentences for x, y, _ in _pairs(s, HELD_WORDS) for p in ((x, y), (y, x))}
    asked = _pairs(_DESCRIBED.sub(",", claim))
    # each claim word's forms among the sentences' words, found once (a claim has ~20 pairs, the sentences ~100)
    vocabulary = {w for s in sentences for ws in _clauses(s) for w in ws}
    forms = {w: [v for v in vocabulary if _same(w, v)] for a, x, _ in asked for w in (a, x)}

    def pairing(a: str, b: str) -> list[tuple[str, str]]:
        return [(u, v) for u in forms[a] for v in forms[b]]

    for a, x, k in asked:
        if any(p in stated for p in pairing(a, x)):
            continue
        for b, y, m in asked:
            words = (a, x, b, y)
            if k == m or any(_same(p, q) for i, p in enumerate(words) for q in words[i + 1 :]):
                continue
            if any(p in stated for p in pairing(b, y)) or not any(p in held for p in pairing(b, x)):
                continue
            if one := next((held[p] for p in pairing(a, y) if p in held), None):
                return f"{a} {x}", *one
    return None
