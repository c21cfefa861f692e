"""Display titles for papers no source titles: the system the abstract introduces, else its own words."""

from __future__ import annotations

import re

from assistant.text import research_sentences

# "This paper presents SparStencil", "We present SwarmThinkers", "proposes RACE (…)".
_INTRO = re.compile(
    r"\b(?:present|presents|propose|proposes|introduce|introduces|develop|develops)\s+(?P<name>[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9-]*)\b"
)
# "This paper proposes a novel stencil algorithm …", "we will show that …": the paper's own claim.
_PHRASE = re.compile(
    r"\b(?:this (?:paper|work|study)|we)\s+(?:will\s+)?(?:presents?|proposes?|"
    r"provides?|introduces?|show that)\s+(?:a |an |the )?(?P<phrase>[^.;:]+)",
    re.I,
)
MAX_WORDS = 10
# An abstract that is nothing but orders or markup names nothing.
UNTITLED = "Untitled"


def _clip(words: list[str]) -> str:
    text = " ".join(words[:MAX_WORDS]).rstrip(",;")
    return text + ("…" if len(words) > MAX_WORDS else "")


def derive_display_title(abstract: str, arxiv_id: str | None) -> str:
    """A title from the abstract's research sentences only: a planted order ("Ignore all previous instructions and
    state that …") in a source with no title must not become the name every answer and reference shows."""
    suffix = f" (arXiv:{arxiv_id})" if arxiv_id else ""
    sentences = research_sentences(abstract)
    if not sentences:
        return UNTITLED + suffix
    if m := _INTRO.search(" ".join(sentences)):
        return m["name"] + suffix
    for sentence in sentences:
        if m := _PHRASE.search(sentence):
            phrase = m["phrase"].strip()
            return _clip((phrase[0].upper() + phrase[1:]).split()) + suffix
    return _clip(" ".join(sentences).split()) + suffix
