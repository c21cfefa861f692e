"""Which words of a topic only name the items a question lists ("which of her Ole Hansen collaborations came out in
2021", "his write-ups from 2022"), read from where they stand, not from a list of such nouns.

A list question names what it lists in the noun phrase a possessive opens ("her …", "which of his …", "Tanaka's
…"): the names and years inside it are other slots (a co-author, a date), and the run of topic words that follows
ends in its head, the noun that says what is listed. When the question holds no paper noun ("papers", "work",
"studies", …), nothing else names the listed items, and that head is the listed items' name, not the topic. A word
in a topic place ("papers about volcanoes", "her papers on penguins", "her volcano papers") is never such a head: the
paper noun names the items there, so the word is the topic and a subject the corpus lacks stays refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan.phrases import PAPER_NOUN
from assistant.answer.plan.work_kinds import WORK_KINDS

# The words that make a paper noun a kind of work ("journal" of "journal article"): "her Jörg Müller collaborations
# that are journal articles" says what kind they are (the work-type slot), not what is listed.
_KIND_WORDS = [k.split()[0] for k in WORK_KINDS if len(k.split()) == 2 and k.split()[1] in ("article", "paper")]
# What names a question's listed items already: the paper nouns (and the nouns content.py reads a topic in front of)
_NAMED = re.compile(
    rf"\b{''.join(f'(?<!{w} )' for w in _KIND_WORDS)}{PAPER_NOUN}|\b(?:studies|research|output)\b", re.I
)
# A possessive that opens the noun phrase of the listed items
_OPENER = re.compile(r"\b(?:his|her|their|[\w-]+['’]s)\s+", re.I)
_TOKEN = re.compile(r"[\w][\w'’-]*[\w]|\w")


@dataclass(frozen=True)
class Listed:
    """The question's word naming what is listed, and the topic's words it accounts for."""

    word: str
    parts: frozenset[str]


def _slot(token: str) -> bool:
    """A token another slot reads inside the noun phrase: a name (capitalised) or a number (a year)."""
    return token[:1].isupper() or token[:1].isdigit()


def _particle(tokens: list[str], i: int, said: set[str]) -> bool:
    """A lowercase word inside a name, a capitalised word after it and no topic word ("de" of "her de Vries …")."""
    return i + 1 < len(tokens) and tokens[i + 1][:1].isupper() and not _pieces(tokens[i]) & said


def _pieces(token: str) -> set[str]:
    t = token.casefold()
    return {t, *(p for p in t.split("-") if p)}


def listed_noun(question: str, topic: str) -> Listed | None:
    """The head of the listed noun phrase when it is a word of the topic and no paper noun names the listed items
    (see the module's docstring); None otherwise."""
    if _NAMED.search(question):
        return None
    said = {w.casefold() for w in re.split(r"\s+", topic.replace(" or ", " ")) if w}
    if not said:
        return None
    for m in _OPENER.finditer(question):
        tokens = _TOKEN.findall(question[m.end() :])
        i = 0
        while i < len(tokens) and (_slot(tokens[i]) or _particle(tokens, i, said)):
            i += 1
        run = []
        while i < len(tokens) and not _slot(tokens[i]) and _pieces(tokens[i]) & said:
            run.append(tokens[i])
            i += 1
        if run:
            head = run[-1]
            return Listed(head, frozenset(_pieces(head) & said))
    return None
