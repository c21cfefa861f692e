"""The question's main clause: where it starts asking, after any lead-in clause ("According to him, why …?", "In the
LLC framework, how is …?", "Looking at his 2025 papers, which …?"). Every reader of a question's opening word (a why,
a how, a which) reads this one, so a lead-in before the wh-word hides it from none of them."""

from __future__ import annotations

import re
from functools import lru_cache

WH_WORDS = ("what", "which", "how", "who", "whom", "whose", "when", "where", "why")
# A question that opens asking: a wh-word or an auxiliary first (after "and", "so", … and punctuation).
_OPENS_ASKING = re.compile(
    rf"^\W*(?:(?:and|so|but|then|ok(?:ay)?)\W+)?(?:{'|'.join(WH_WORDS)}|is|are|was|were|am|do|does|did|has|have|had"
    r"|can|could|will|would|should)\b",
    re.I,
)
# The lead-in: a clause of at most this many words, closed by a comma (or colon or dash), then the wh-word.
MAX_LEAD_IN_WORDS = 15
_AFTER_LEAD_IN = re.compile(rf"(?:,|:|\s[-–—])\s*(?=(?:by\s+)?(?:{'|'.join(WH_WORDS)})\b)", re.I)


@lru_cache(maxsize=2048)
def lead_in(question: str) -> tuple[str, str]:
    """(the lead-in, the main clause): ("According to him", "why don't X …?"); ("", question) when the question
    opens asking or its first wh-word follows no short lead-in clause."""
    if _OPENS_ASKING.match(question):
        return "", question
    m = _AFTER_LEAD_IN.search(question)
    if m is None or len(question[: m.start()].split()) > MAX_LEAD_IN_WORDS:
        return "", question
    return question[: m.start()].strip(), question[m.end() :]


def main_clause(question: str) -> str:
    """The question from where it starts asking ("According to him, why don't X?" -> "why don't X?")."""
    return lead_in(question)[1]


# "How did he speed up X?", "In the LLC framework, how is the search reformulated?": "how" then an auxiliary asks for
# a method; "how many/much/fast/well …" put an adjective between them and ask a figure.
_HOW_AUX = re.compile(
    r"^\W*(?:(?:and|so|but|then)\W+)?how\s+(?:do|does|did|is|are|was|were|can|could|would|will|has|have|had|should"
    r"|might|must)\b",
    re.I,
)
# "How does X compare with Y?", "how is X different from Y": the ask weighs two things.
_WEIGHS = re.compile(r"\b(?:compar\w*|differ\w*|versus|vs\.?)\b", re.I)


def asks_how(question: str) -> bool:
    """The question's main clause asks how something is done: "how" and an auxiliary, not a comparison."""
    main = main_clause(question)
    return bool(_HOW_AUX.match(main)) and not _WEIGHS.search(main)


_WHY = re.compile(r"^\W*(?:(?:and|so|but|then)\W+)?why\b", re.I)


def asks_why(question: str) -> bool:
    """The question's main clause asks why ("Why did they …?", "According to him, why don't …?")."""
    return bool(_WHY.match(main_clause(question)))


# Where the asked clause of a last sentence begins: after a comma, colon or dash (a typed "--" too), a wh-word, or
# one lowercase word and then the wh-word (the preposition that governs it: "into which components", "over how many
# glaciers", "within how many metres").
_ASK_START = re.compile(rf"(?:,|:|\s(?:--|[-–—]))\s*(?=(?:[a-z]+\s+)?(?i:{'|'.join(WH_WORDS)})\b)")
_SENTENCE_END = re.compile(r"(?<=[.?!;])\s+")
MIN_DESCRIPTION_WORDS = 3  # a shorter remainder ("So, what …") describes nothing


def asking_sentences(question: str) -> str:
    """The question's sentences that ask (end in "?"), when others only set the scene ("AtomWorld and SwarmThinkers
    both do atomic-scale simulation. What hardware does each run on?"); the whole question otherwise."""
    sentences = [s for s in _SENTENCE_END.split(question.strip()) if s.strip()]
    asking = [s for s in sentences if s.endswith("?")]
    return " ".join(asking) if asking and len(asking) < len(sentences) else question


@lru_cache(maxsize=2048)
def asked_part(question: str) -> tuple[str, str]:
    """(what the question describes, what it asks) when it first identifies a paper and then asks about it: "Jinhao
    Zhang is first author on two papers. For the one that chooses a PTQ algorithm per layer, which LLMs were
    evaluated?" -> (everything before "which", "which LLMs were evaluated?"). ("", question) when it is one ask."""
    sentences = [s for s in _SENTENCE_END.split(question.strip()) if s.strip()]
    if not sentences:
        return "", question
    last = sentences[-1]
    starts = [m.end() for m in _ASK_START.finditer(last)]
    cut = starts[-1] if starts and len(last[: starts[-1]].split()) >= 2 else 0
    description = " ".join([*sentences[:-1], last[:cut]]).strip(" ,:;-–—")
    if len(description.split()) < MIN_DESCRIPTION_WORDS:
        return "", question
    return description, last[cut:].strip()
