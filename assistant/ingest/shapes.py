"""Which parser reads a file: every known shape or format sniffs the text and the strongest signal wins."""

from __future__ import annotations

from types import ModuleType

from assistant.ingest import (
    arxiv_atom,
    arxiv_listing,
    bibtex,
    csl_json,
    glued_listing,
    openalex,
    profile_cards,
    profile_items,
    ris,
    semantic_scholar,
)

# Scraped page shapes first, then the bibliographic formats labs export; a format that recognises its own
# document (a JSON marker, an Atom namespace) scores far above any line count, so it wins outright.
PARSERS: dict[str, ModuleType] = {
    m.SHAPE: m
    for m in (
        profile_cards,
        profile_items,
        arxiv_listing,
        glued_listing,
        bibtex,
        ris,
        csl_json,
        arxiv_atom,
        openalex,
        semantic_scholar,
    )
}
# The shapes that are scraped pages (their chrome before the first entry says things of the page: page_statements).
PAGE_SHAPES = frozenset({profile_cards.SHAPE, profile_items.SHAPE, arxiv_listing.SHAPE, glued_listing.SHAPE})
# A shape needs at least this many signature lines to be believed.
MIN_SIGNALS = 1


def detect(text: str) -> str | None:
    """The shape name of a page, or None when no known shape fits."""
    lines = text.splitlines()
    scores = {name: parser.sniff(lines) for name, parser in PARSERS.items()}
    best = max(scores, key=scores.get)
    return best if scores[best] >= MIN_SIGNALS else None
