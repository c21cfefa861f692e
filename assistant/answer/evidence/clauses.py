"""Clause-level evidence: the clause of a long enumerated sentence that holds the asked number (or the asked terms).

"The major innovations include: (1) … (2) … (3) A three-level parallelization scheme to scale up to 20 million
cores; (4) …" answers "how many cores?" with its third clause, quoted verbatim (a span of the sentence), not
the whole 90-word sentence.
"""

from __future__ import annotations

import re

from assistant.answer.evidence.weigh import QUANTITY
from assistant.index.bm25 import terms, variants

# "(1)", "(ii)", "(b)", "1)" opening an item of an enumeration, or a ";" between items.
_ITEM = re.compile(r"(?:^|(?<=[\s:;,]))\(?(?:\d{1,2}|[ivx]{1,4}|[a-e])\)\s+|;\s+")
LONG_SENTENCE = 35  # words: shorter sentences are quoted whole
_SCALE = r"(?:\s*(?:thousand|million|billion|trillion|[KMB]\b))?"
NUMBER = r"(?<![\w.])\d+(?:[.,]\d+)*"
# The asked kind, from the question's words, and what a number of that kind looks like in an abstract.
KINDS = [
    (
        re.compile(r"\b(speed[- ]?ups?|faster|times|fold|accelerat\w*)\b", re.I),
        re.compile(rf"{NUMBER}\s*(?:x|×|times|-?fold)(?!\w)|\bspeed[- ]?ups? of\s+{NUMBER}", re.I),
    ),
    (
        re.compile(r"\b(percent\w*|%|accuracy|efficiency|share|fraction|ratio|reduc\w*|sav\w*)\b", re.I),
        re.compile(rf"{NUMBER}\s*(?:%|\\%|percent)", re.I),
    ),
    (
        re.compile(r"\b(how long|time|seconds|minutes|hours|days|latency)\b", re.I),
        re.compile(
            rf"{NUMBER}\s*(?:ms|milliseconds?|s|sec|seconds?|minutes?|min|hours?|h|days?|weeks?|years?)\b", re.I
        ),
    ),
    (
        re.compile(r"\b(memory|storage|size|footprint)\b", re.I),
        re.compile(rf"{NUMBER}\s*(?:[KMGTP]i?B|bytes?)\b|{NUMBER}\s*(?:%|\\%)", re.I),
    ),
]
_HOW_MANY = re.compile(r"\bhow many\s+(?:\w+\s+){0,2}?(\w+)\b", re.I)


def clauses(sentence: str) -> list[str]:
    """The items of an enumerated sentence, each a verbatim span of it (the lead-in is one item too)."""
    spans, start = [], 0
    for m in _ITEM.finditer(sentence):
        spans.append(sentence[start : m.start()])
        start = m.end()
    spans.append(sentence[start:])
    out = []
    for span in spans:
        span = re.sub(r"(?:[\s,;:]|\band\b)+$", "", span.strip()).strip()
        if len(span.split()) >= 3:
            out.append(span)
    return out


def kind_pattern(question: str) -> re.Pattern | None:
    """What a number of the asked kind looks like ("how many cores" -> "20 million cores"); None if not numeric."""
    if m := _HOW_MANY.search(question):
        noun = m.group(1).casefold()
        forms = "|".join(re.escape(v) for v in sorted(variants(noun) | {noun}, key=len, reverse=True))
        return re.compile(rf"{NUMBER}{_SCALE}\s+(?:[\w-]+\s+){{0,2}}?(?:{forms})\b", re.I)
    for asked, looks in KINDS:
        if asked.search(question):
            return looks
    return None


def _by_terms(question: str, sentence: str) -> str:
    """The one item of a long enumeration that holds more of the question's terms than any other (at least two):
    "how does the simulator reduce memory?" quotes "(1) a Matrix Product State (MPS) based VQE simulator to reduce
    the amount of memory needed", not all five innovations."""
    items = clauses(sentence)
    first = _ITEM.search(sentence)
    if first and not first.group(0).startswith(";") and first.start() > 0:
        items = items[1:]  # the lead-in ("we choose four algorithms as our research objects:") names no item
    if len(items) < 2:
        return sentence
    asked = {v for t in terms(question) for v in variants(t)}
    held = sorted(((len(asked & set(terms(c))), c) for c in items), key=lambda x: -x[0])
    if held[0][0] >= 2 and held[0][0] > held[1][0]:
        return held[0][1]
    return sentence


def focus(question: str, sentence: str) -> str:
    """The clause of a long enumerated sentence holding a number of the asked kind, or else the one item holding
    the question's terms; the sentence otherwise."""
    if len(sentence.split()) < LONG_SENTENCE:
        return sentence
    if not QUANTITY.search(question):
        return _by_terms(question, sentence)
    pattern = kind_pattern(question)
    if pattern is None:
        return sentence
    items = clauses(sentence)
    if len(items) < 2:
        return sentence
    matching = [c for c in items if pattern.search(c)]
    if not matching:
        return sentence
    asked = set(terms(question))
    return max(matching, key=lambda c: len(asked & set(terms(c))))


def holding(word: str, sentence: str) -> str:
    """The item of a long enumerated sentence that holds the word (the one a verdict turned on: "Fortran" in "(4)
    Usage of the Julia script language as the main programming language, which … as native C or Fortran"); the
    sentence when it is short or no single item holds it."""
    if len(sentence.split()) < LONG_SENTENCE:
        return sentence
    key = word.casefold()[:6]
    items = [c for c in clauses(sentence) if any(t.casefold()[:6] == key for t in re.findall(r"[\w'-]+", c))]
    return items[0] if len(items) == 1 else sentence
