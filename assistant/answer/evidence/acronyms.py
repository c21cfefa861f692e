"""Acronyms and their long forms, so a question that says one finds the abstract that says the other.

Pairs come from the corpus's own abstracts ("general matrix multiplication (GEMM)") and from a small glossary of
the field (data/acronyms.txt) for the acronyms an abstract uses without spelling out: "small matrix multiplication"
found only the stencil paper that says "matrix multiplication", not the one about "small GEMM".
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from pathlib import Path

from assistant.index.bm25 import terms
from assistant.models import Paper

GLOSSARY = Path(__file__).parent / "data" / "acronyms.txt"
# "long form words (ACRONYM)": the acronym's capitals are the initials of the words just before it. A match never
# starts just after a letter (it would start at that letter, found first), so the look-behind only spares the engine
# the attempts from inside words: the same matches on the 10k synthetic corpus and the seeds, 4.6x faster (16.3 s of
# a 10k ingest -> 3.5 s).
_DEFINED = re.compile(r"(?<![A-Za-z])((?:[A-Za-z][\w-]*\s+){0,6}[A-Za-z][\w-]*)\s*\(\s*([A-Z][A-Za-z0-9]{1,9}s?)\s*\)")
_SKIP = {"of", "and", "the", "for", "a", "an", "to", "in", "on", "with"}
MIN_ACRONYM = 3  # "FL", "KD", "CV" are too often something else in a question; only written in capitals then


def _initials_match(words: list[str], acronym: str) -> bool:
    """The acronym spells the words' starts, in order: each word gives its first letter or first few ("GEneral
    Matrix Multiplication"), hyphenated parts count as words ("Mixture-of-Experts"), small words may give none."""
    parts = [p for w in words for p in w.split("-") if p]
    return len(acronym) >= 2 and _spells(acronym.lower(), [p.lower() for p in parts])


def spelled_out(acronym: str, text: str) -> bool:
    """The text writes the acronym out in full somewhere ("ML" in "parallel machine learning training"): a run of
    words, starting with the acronym's first letter, whose starts spell it."""
    short = acronym[:-1] if len(acronym) > 2 and acronym.endswith("s") else acronym
    if not (2 <= len(short) <= 6 and short.isupper() and short.isalpha()):
        return False
    words = re.findall(r"[A-Za-z][\w-]*", text)
    first = short[0].lower()
    return any(
        words[i][0].lower() == first and _initials_match(words[i : i + n], short)
        for i in range(len(words))
        for n in range(1, len(short) + 3)
        if i + n <= len(words)
    )


def _spells(acronym: str, parts: list[str]) -> bool:
    if not parts:
        return not acronym
    word, rest = parts[0], parts[1:]
    if word in _SKIP and _spells(acronym, rest):
        return True
    return any(
        acronym[:k] == word[:k] and _spells(acronym[k:], rest) for k in range(1, min(len(word), len(acronym)) + 1)
    )


def _mine(text: str) -> list[tuple[str, str]]:
    out = []
    for m in _DEFINED.finditer(text):
        words, acronym = m.group(1).split(), m.group(2).rstrip("s") if m.group(2).endswith("s") else m.group(2)
        for start in reversed(range(len(words))):  # the shortest tail of the preceding words that spells it
            if words[start].lower() not in _SKIP and _initials_match(words[start:], acronym):
                out.append((acronym, " ".join(words[start:])))
                break
    return out


@cache
def _glossary() -> tuple[tuple[str, str], ...]:
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#") and "\t" in line:
            acronym, long = line.split("\t", 1)
            rows.append((acronym.strip(), long.strip()))
    return tuple(rows)


class Acronyms:
    """Acronym <-> long-form pairs; finds either side in a question and names the other."""

    def __init__(self, pairs: list[tuple[str, str]]):
        self.long_forms: dict[str, set[tuple[str, ...]]] = defaultdict(set)  # acronym (lower) -> long forms' terms
        for acronym, long in pairs:
            words = _words(long)
            if words and acronym.lower() not in words:
                self.long_forms[acronym.lower()].add(words)
        self.spelt = {a: acronym for acronym, _ in pairs for a in [acronym.lower()]}

    @classmethod
    def of(cls, papers: list[Paper]) -> Acronyms:
        pairs = list(_glossary())
        for p in papers:
            for abstract in p.abstracts:
                pairs.extend(_mine(abstract))
        return cls(pairs)

    def state(self) -> dict:
        """What the pairs come to, as JSON: mined once per table at ingest (`answer/corpus.py`), not at each start."""
        return {"long_forms": {a: sorted(map(list, ls)) for a, ls in self.long_forms.items()}, "spelt": self.spelt}

    @classmethod
    def from_state(cls, state: dict) -> Acronyms:
        out = cls([])
        for a, longs in state["long_forms"].items():
            out.long_forms[a] = {tuple(words) for words in longs}
        out.spelt = dict(state["spelt"])
        return out

    def _acronyms_in(self, question: str) -> list[str]:
        found = []
        for m in re.finditer(r"\b[A-Za-z][A-Za-z0-9]{1,9}\b", question):
            word = m.group(0)
            low = word.lower().removesuffix("s") if word.lower().removesuffix("s") in self.long_forms else word.lower()
            if low in self.long_forms and (len(low) >= MIN_ACRONYM or word.rstrip("s") == self.spelt[low]):
                found.append(low)
        return list(dict.fromkeys(found))

    def alternatives(self, question: str) -> dict[str, list[frozenset[str]]]:
        """Question term -> the word sets that stand for it: a long form's words may be covered by the acronym, an
        acronym by all the words of one of its long forms."""
        q = _singulars(_words(question))
        out: dict[str, list[frozenset[str]]] = defaultdict(list)
        for acronym in self._acronyms_in(question):
            for long in self.long_forms[acronym]:
                out[acronym].append(frozenset(long))
        for acronym, longs in self.long_forms.items():
            for long in longs:
                if len(long) >= 2 and _holds(q, long):
                    for t in long:
                        out[t].append(frozenset({acronym}))
        return dict(out)

    def expansion(self, question: str) -> str:
        """The other sides of the pairs a question uses, as text to add to its search ("" when none)."""
        qterms = _words(question)
        q = _singulars(qterms)
        extra: list[str] = []
        for acronym in self._acronyms_in(question):
            extra.extend(" ".join(long) for long in sorted(self.long_forms[acronym]))
        for acronym, longs in self.long_forms.items():
            if any(len(long) >= 2 and _holds(q, long) for long in longs) and acronym not in qterms:
                extra.append(self.spelt[acronym])
        return " ".join(dict.fromkeys(extra))


def _words(text: str) -> tuple[str, ...]:
    """A text's terms in order, hyphenated words as their parts ("matrix-vector" is "matrix vector")."""
    return tuple(terms(text.replace("-", " ")))


def _singular(t: str) -> str:
    """A word's stand-in for matching a long form: singular, and cut to 7 letters so "multiply" meets
    "multiplication" (a long form matches only as a whole run of words, so the cut rarely joins two meanings)."""
    t = t[:-1] if t.endswith("s") and len(t) > 3 else t
    return t[:7]


def _singulars(qterms) -> tuple[list[str], frozenset[str]]:
    """A question's terms as `_holds` reads them, made once for all the corpus's long forms (at 10k papers ~90 of
    them, each made the question's singulars again: ~10 ms a ranking)."""
    q = [_singular(t) for t in qterms]
    return q, frozenset(q)


def _holds(q: tuple[list[str], frozenset[str]], long: tuple[str, ...]) -> bool:
    """All the long form's words, in order and adjacent (stop words aside), singular or plural."""
    terms_, present = q
    w = [_singular(t) for t in long]
    if w and w[0] not in present:
        return False
    return any(terms_[i : i + len(w)] == w for i in range(len(terms_) - len(w) + 1))
