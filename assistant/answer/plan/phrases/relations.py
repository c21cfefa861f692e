"""Relations a follow-up places a paper by besides its dates: "with the same co-author", "on the same theme" (the
venue's "same journal" is placed.SAME_VENUE), and the relative a statement introduced that the ask points back to."""

from __future__ import annotations

import re

# The people of the paper pointed back to: "with the same co-author", "the same collaborators", "the same team".
SAME_PEOPLE = re.compile(
    r"\b(?:(?:the|that|this)\s+)?same\s+(?:co-?authors?|collaborators?|co-?writers?|team|group|people|partners?|"
    r"persons?|researchers?|scientists?)\b",
    re.I,
)
# The subject of the paper pointed back to: "on the same theme", "the same topic", "that same line of work".
SAME_THEME = re.compile(
    r"\b(?:(?:on|about|in|along)\s+)?(?:the|that)\s+same\s+(?:theme|topic|subject|problem|area|line\s+of\s+work"
    r"|line\s+of\s+research|research\s+line|thread)\b",
    re.I,
)

# The relative a statement before the ask introduced, pointed back to in the ask: "that other preprint", "the later
# one", "this earlier paper" (which paper it is, the record says; its date order is placed_direction's).
THAT_RELATIVE = re.compile(r"\b(?:that|the|this)\s+(?:other|earlier|later|older|newer)\b", re.I)


def without_relations(question: str) -> str:
    """The question without its relation phrases (the rest may describe the paper by its own words)."""
    return SAME_THEME.sub(" ", SAME_PEOPLE.sub(" ", question))
