"""A question's content terms weighed by their IDF (QueryTerms), a term's other word forms, and a text's vocabulary:
what weighing evidence and grounding topics compare."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from assistant.index.bm25 import Lexical, terms, variants


@lru_cache(maxsize=8192)
def forms(term: str) -> frozenset[str]:
    """A term's singular/plural and -ing/-ed forms ("bridge" also finds "bridging", "studied" finds "study")."""
    out = set(variants(term))
    if term.endswith("ing") and len(term) > 5:
        out |= {term[:-3], term[:-3] + "e"}
    elif term.endswith("ed") and len(term) > 4:
        out |= {term[:-2], term[:-1], term[:-3] + "y" if term.endswith("ied") else term[:-2]}
    elif len(term) > 3:
        stem = term[:-1] if term.endswith("e") else term
        out |= {stem + "ing", term + "d" if term.endswith("e") else term + "ed"}
        if term.endswith("y"):
            out.add(term[:-1] + "ied")
    return frozenset(out)


# The suffixes `stem(word, derived=True)` drops, longest first within each family.
_DERIVED = ("ations", "ation", "ions", "ion", "ings", "ing", "ers", "er", "ed", "es", "s")


@lru_cache(maxsize=65_536)  # a pure function of the word, asked ~100k times by a topic question at 10k papers
def stem(word: str, *, derived: bool = False) -> str:
    """The one stem the answering code tells another form of a word by.

    By default the word's first six letters after a possessive or plural "s" ("models" and "model's",
    "classifying" and "classifier"): loose, for a claim's or a sentence's words against the text beside them. With
    `derived`, instead, one derivational or inflectional suffix dropped, the stem keeping at least four letters and
    never cut ("Detecting" and "detection" as "detect"): for a topic word against a whole vocabulary, where six
    letters would also join "generation" and "generalization"."""
    w = word.casefold()
    if derived:
        for suffix in _DERIVED:
            if w.endswith(suffix) and len(w) - len(suffix) >= 4:
                return w[: -len(suffix)]
        return w
    w = w.replace("’", "'").removesuffix("'s")
    if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    return w[:6]


# A word with its hyphenated parts ("sea-ice", "centralized-training", "Sentinel-1"): what `parts` splits.
COMPOUND_WORD = re.compile(r"[A-Za-z][\w]*(?:-\w+)*")
# A part after a hyphen that opens with a digit versions a name ("Sentinel-1", "ResNet-34", "GPT-4"): the name is one
# word, never its parts.
_VERSION_PART = re.compile(r"^\d")


def parts(word: str) -> list[str]:
    """A hyphenated compound's parts ("sea-ice" -> "sea", "ice"; "A100-without" -> "A100", "without"), one word
    otherwise; a versioned name stays whole ("Sentinel-1"), its other joins still split ("CryoSat-2-based"), and so
    does a name led by a single letter ("S-SGD" is not "SGD", "U-Net" not "Net")."""
    out: list[str] = []
    for piece in (p for p in word.split("-") if p):
        if out and (_VERSION_PART.match(piece) and out[-1][-1:].isalpha() or len(out[-1]) == 1):
            out[-1] = f"{out[-1]}-{piece}"
        else:
            out.append(piece)
    return out or [word]


# A word that runs on past another by at most this many letters is a form of it ("imagery" of "image", "altimetry" of
# "altimet(er)"), the shorter keeping at least DERIVED_BASE letters: 5 keeps "general" and "generation" apart (their
# common start "genera" runs on by 1 and 4 letters but neither word is the other's start) and "class" a form of
# "classes" and "classifier"'s stem "classifi" (tail 3: "classification" is not read from "class").
DERIVED_TAIL = 3
DERIVED_BASE = 5


@lru_cache(maxsize=65_536)
def _bases(word: str) -> frozenset[str]:
    """A word, without a plural "s", and its derived stem (`stem(derived=True)`): what `derived_form` compares."""
    w = word.casefold()
    return frozenset({w, w.removesuffix("s"), stem(w, derived=True)})


@lru_cache(maxsize=65_536)
def derived_form(a: str, b: str) -> bool:
    """Whether `a` and `b` are forms of one word in the corpus's own spelling: the same loose stem (`stem`:
    "classifying", "classifier"), or one, or its derived stem, starting the other and running on by at most
    DERIVED_TAIL letters ("images" and "imagery"; "altimeter" as "altimet" and "altimetry"). For a topic's head said
    in the paper's own form of it, where MiniLM and the inflections (`forms`) do not join the two."""
    return stem(a) == stem(b) or runs_on(a, b)


@lru_cache(maxsize=65_536)
def runs_on(a: str, b: str) -> bool:
    """One of `a` and `b`, or its derived stem, starts the other and runs on by at most DERIVED_TAIL letters
    ("images" and "imagery"; "altimet(er)" and "altimetry"), not merely their first six letters ("quantization" and
    "quantity")."""
    for x in _bases(a):
        for y in _bases(b):
            short, long = (x, y) if len(x) <= len(y) else (y, x)
            if len(short) >= DERIVED_BASE and long.startswith(short) and len(long) - len(short) <= DERIVED_TAIL:
                return True
    return False


@dataclass
class QueryTerms:
    """Content terms of a question with their IDF over the passages, and the word sets that may stand for a term
    (an acronym for its long form's words, a long form for its acronym: acronyms.Acronyms.alternatives)."""

    weights: dict[str, float]
    alternatives: dict[str, list[frozenset[str]]] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str, lexical: Lexical) -> QueryTerms:
        n = max(lexical.n_docs, 1)
        weights = {}
        for t in terms(text):
            df = max((lexical.doc_freq(v) for v in variants(t)), default=0)
            weights[t] = math.log(1 + n / (df + 0.5))
        return cls(weights)

    def with_alternatives(self, alternatives: dict[str, list[frozenset[str]]]) -> QueryTerms:
        return QueryTerms(self.weights, {t: a for t, a in alternatives.items() if t in self.weights})

    def without(self, vocabulary: set[str]) -> QueryTerms:
        """These terms minus those in a vocabulary (e.g. the words naming the paper asked about)."""
        kept = {t: w for t, w in self.weights.items() if not self._found(t, vocabulary)}
        return QueryTerms(kept, self.alternatives)

    def _found(self, term: str, vocabulary: set[str]) -> bool:
        if forms(term) & vocabulary:
            return True
        return any(all(forms(w) & vocabulary for w in alt) for alt in self.alternatives.get(term, ()))

    def within(self, texts: list[set[str]]) -> QueryTerms:
        """These terms weighted by how few of the texts (one paper's sentences) hold them; absent terms dropped."""
        n = len(texts)
        weights = {}
        for t in self.weights:
            df = sum(self._found(t, v) for v in texts)
            if df:
                weights[t] = math.log(n / df)
        return QueryTerms(weights, self.alternatives)

    def coverage(self, vocabulary: set[str]) -> float:
        """IDF-weighted share of the terms found in a text's vocabulary (1.0 when there are no terms)."""
        total = sum(self.weights.values())
        if total == 0:
            return 1.0
        found = sum(w for t, w in self.weights.items() if self._found(t, vocabulary))
        return found / total


# Room for the texts of the author's papers at 10k synthetic papers (~7k): at 4,096 a topic list over them evicted
# its own entries and tokenised every text again on each question (~1 KB an entry).
@lru_cache(maxsize=16_384)
def vocabulary(text: str) -> frozenset[str]:
    out: set[str] = set()
    for t in terms(text):
        out.add(t)
    return frozenset(out)
