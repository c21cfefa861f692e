"""A claim that something is the main one ("mainly written in Go", "its primary language") against a sentence naming
another thing as the main one ("… the Julia script language as the main programming language"). Read by
write/verdict.py."""

from __future__ import annotations

import re

from assistant.answer.evidence.claim_terms import _TOKEN, metadata, symbol_name
from assistant.answer.evidence.weigh import vocabulary
from assistant.index.bm25 import terms
from assistant.models import Paper

_MAIN_CLAIM = re.compile(
    r"\b(?:main|mainly|primary|primarily|chiefly|mostly|principal|principally|predominantly)\b", re.I
)
_MAIN_NAMED = re.compile(
    r"(?<![\w-])(?P<name>[A-Z][\w+#.-]*)(?:\s+[\w-]+){0,3}?\s+(?:as|is|was|being|serves as)\s+(?:the|its|our|their)\s+"
    r"(?:main|primary|principal|chief|core|dominant)\s+[\w-]+"
)


_NAME = re.compile(r"(?<![\w.+#-])(?:[A-Z][\w.-]*[+#]*|[A-Za-z][\w.]*[+#]+)(?![\w+#-])")


def main_rival_of(question: str, paper: Paper, sentences: list[str]) -> tuple[str, str, str] | None:
    """A name the claim says is the main one ("mainly written in Go") that the paper never writes (case and symbols
    as written: "C" is not "C++"), and the other name a sentence states as the main one: (claim name, rival,
    sentence)."""
    if not _MAIN_CLAIM.search(question):
        return None
    naming = vocabulary(paper.title or paper.display_title)
    text = " ".join([paper.title or "", paper.abstract, *paper.other_abstracts, *sentences, *metadata(paper)])
    first = _TOKEN.search(question)
    for m in _NAME.finditer(question):
        w = m.group(0)
        if (first and m.start() == first.start() and not symbol_name(w)) or set(terms(w)) & naming:
            continue  # the question's first word is capitalised as a sentence's is
        if re.search(rf"(?<![\w+#]){re.escape(w)}(?![\w+#])", text):
            continue
        if rival := main_rival(question, w, sentences):
            return w, *rival
    return None


def main_rival(question: str, word: str, sentences: list[str]) -> tuple[str, str] | None:
    """For a claim that the word names the main thing ("mainly written in C++"), another name a sentence states as
    the main one, with that sentence ("Julia", "… the Julia script language as the main programming language")."""
    if not _MAIN_CLAIM.search(question) or not re.search(r"[A-Z0-9+#]", word):
        return None
    asked = question.casefold()
    for s in sentences:
        for m in _MAIN_NAMED.finditer(s):
            name = m.group("name")
            if name.casefold() != word.casefold() and name.casefold() not in asked:
                return name, s
    return None
