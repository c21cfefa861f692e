"""The nouns that name a paper ("papers", "studies", "preprints"): one list (data/paper_nouns.json) every phrase reads.

A phrase that needs a paper noun takes its alternation from here, in the number it needs (`PLURAL` "her studies",
`SINGULAR` "the study", `EITHER`), and adds the words of its own that are no noun of a written work ("ones",
"items", "entries") itself.
"""

from __future__ import annotations

import json
from pathlib import Path

_NOUNS: dict[str, str] = json.loads((Path(__file__).parent / "data" / "paper_nouns.json").read_text())["nouns"]
SINGULARS: frozenset[str] = frozenset(_NOUNS)
PLURALS: frozenset[str] = frozenset(_NOUNS.values())


def alternation(*forms: str) -> str:
    """A non-capturing regex group of the words, longest first (no word boundary: the phrase adds its own)."""
    return "(?:" + "|".join(sorted(set(forms), key=lambda w: (-len(w), w))) + ")"


PLURAL = alternation(*PLURALS)  # "(?:publications|manuscripts|…|papers|works)"
SINGULAR = alternation(*SINGULARS)
EITHER = alternation(*SINGULARS, *PLURALS)
