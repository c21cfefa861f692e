"""A figure a source states, asked as a count: "how many papers does his profile page list?" asks the page's own
"16 papers", not a count of the corpus (which merges every source). The figures are the ones the ingest read from the
pages (Corpus.profile: h-index, citations, papers, published items); the one asked is the figure whose label shares a
word with the question, when the question names a page or profile and narrows nothing (no topic, dates or kind)."""

from __future__ import annotations

import re

_COUNT = re.compile(r"\b(?:how many|number of|count of|total)\b", re.I)
_SOURCE = re.compile(r"\b(?:profile|page|listing|site|website)\b", re.I)
# A count the page's figure cannot answer: of the papers on a topic, from some years, with a co-author or position
# ("how many papers on his profile page have Boyang Zhang as first author?").
_NARROWED = re.compile(
    r"\b(?:about|dated|from|since|before|after|during|in (?:19|20)\d\d|on \w+ing|with|co-?authors?|authors?|"
    r"authored|led|appears?|first|second|third|last)\b",
    re.I,
)


def _stems(text: str) -> set[str]:
    return {w.casefold().rstrip("s") for w in re.findall(r"[A-Za-z][\w-]+", text) if len(w) > 3}


def stated_fact(question: str, facts):
    """The stated figure (a corpus.ProfileFact) a count question about a page asks for, or None."""
    if not facts or not _COUNT.search(question) or not _SOURCE.search(question) or _NARROWED.search(question):
        return None
    asked = _stems(question)
    scored = [(len(_stems(f.label) & asked), f) for f in facts]
    best = max(scored, key=lambda s: s[0], default=(0, None))
    return best[1] if best[0] else None


def stated_by_record(field: str, facts) -> bool:
    """The author's record (a profile page's figures, corpus.ProfileFact) states the field ("citations 99")."""
    return any(_stems(field) & _stems(f.label) for f in facts)
