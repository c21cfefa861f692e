"""The nouns that name a paper ("papers", "studies", "preprints"): one list (data/paper_nouns.json) every phrase reads.

A phrase that needs a paper noun takes its alternation from here, in the number it needs (`PLURAL` "her studies",
`SINGULAR` "the study", `EITHER`), and adds the words of its own that are no noun of a written work ("ones",
"items", "entries") itself. `COUNT_SINGULAR` leaves out the nouns whose singular also names a body of work ("her work
on X"); `GENERIC_*` leave out the nouns that also name a kind of work ("preprints": only on arXiv).
"""

from __future__ import annotations

import json
from pathlib import Path

_NOUNS: list[dict] = json.loads((Path(__file__).parent / "data" / "paper_nouns.json").read_text())["nouns"]
SINGULARS: frozenset[str] = frozenset(n["singular"] for n in _NOUNS)
PLURALS: frozenset[str] = frozenset(n["plural"] for n in _NOUNS)
MASS: frozenset[str] = frozenset(n["singular"] for n in _NOUNS if n.get("mass"))
KIND_OF: dict[str, str] = {w: n["kind"] for n in _NOUNS if n.get("kind") for w in (n["singular"], n["plural"])}


def alternation(*forms: str) -> str:
    """A non-capturing regex group of the words, longest first (no word boundary: the phrase adds its own)."""
    return "(?:" + "|".join(sorted(set(forms), key=lambda w: (-len(w), w))) + ")"


PLURAL = alternation(*PLURALS)  # "(?:publications|manuscripts|…|papers|works)"
SINGULAR = alternation(*SINGULARS)
EITHER = alternation(*SINGULARS, *PLURALS)
COUNT_SINGULAR = alternation(*(SINGULARS - MASS))  # "the study", not "the work" (often her work as a whole)
GENERIC_PLURAL = alternation(*(PLURALS - set(KIND_OF)))
GENERIC_EITHER = alternation(*((SINGULARS | PLURALS) - set(KIND_OF)))
