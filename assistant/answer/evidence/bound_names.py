"""A figure moved between two named things: the claim states a figure of one name, the paper states it of another.

"The 6.2 cm RMSE was computed against ICESat-2 measurements" against "… a root-mean-square error of 6.2 cm against
Operation IceBridge": the same figure, bound by the same relation ("against") to another name in the paper's
sentence, while ICESat-2 is a thing the paper names elsewhere (one of its inputs). The figure is met, the claim
is not: it binds the figure to the wrong one. alignment.py asks this of each figure it finds stated as claimed.
"""

from __future__ import annotations

import re

# Words that relate a figure to a named thing it is said of, measured against, or run on.
_RELATIONS = frozenset({"against", "on", "over", "versus", "vs", "than", "at", "for", "with", "using", "via", "by"})
_ARTICLES = frozenset({"a", "an", "the"})
_TOKEN = re.compile(r"[A-Za-z0-9][\w'’.-]*[\w]|[A-Za-z0-9]")


def _name_like(token: str) -> bool:
    """A name: capitalised ("Operation"), or with a capital or a digit after its first letter ("ICESat-2")."""
    return token[:1].isupper() or any(c.isupper() or c.isdigit() for c in token[1:])


def named(text: str) -> dict[str, str]:
    """The names a text relates by a relation word: {"against": "Operation IceBridge"}; the first name per word."""
    tokens = _TOKEN.findall(text)
    out: dict[str, str] = {}
    for i, t in enumerate(tokens):
        rel = t.casefold()
        if rel not in _RELATIONS or rel in out:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].casefold() in _ARTICLES:
            j += 1
        k = j
        while k < len(tokens) and _name_like(tokens[k]) and tokens[k].casefold() not in _RELATIONS:
            k += 1
        if k > j:
            out[rel] = " ".join(tokens[j:k])
    return out


def _in(name: str, text: str) -> bool:
    """Some word of the name stands in the text (as a whole word, any case)."""
    return any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I) for w in name.split())


def moved(claim_clause: str, claim: str, stated_clause: str, sentence: str, sentences: list[str]) -> str | None:
    """How the figure's name differs ("against Operation IceBridge, not ICESat-2"), when the claim relates it to a
    name the deciding sentence lacks and the paper names elsewhere, and the sentence relates it the same way to a
    name the claim lacks; else None."""
    theirs = named(stated_clause)
    for rel, mine in named(claim_clause).items():
        other = theirs.get(rel)
        if other is None or _in(mine, sentence) or _in(other, claim):
            continue
        if any(_in(mine, s) for s in sentences if s != sentence):
            return f"{rel} {other}, not {mine}"
    return None
