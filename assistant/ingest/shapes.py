"""Which parser reads a page: every known shape sniffs the text and the strongest signal wins."""

from __future__ import annotations

from types import ModuleType

from assistant.ingest import arxiv_listing, glued_listing, profile_cards, profile_items

PARSERS: dict[str, ModuleType] = {m.SHAPE: m for m in (profile_cards, profile_items, arxiv_listing, glued_listing)}
# A shape needs at least this many signature lines to be believed.
MIN_SIGNALS = 1


def detect(text: str) -> str | None:
    """The shape name of a page, or None when no known shape fits."""
    lines = text.splitlines()
    scores = {name: parser.sniff(lines) for name, parser in PARSERS.items()}
    best = max(scores, key=scores.get)
    return best if scores[best] >= MIN_SIGNALS else None
