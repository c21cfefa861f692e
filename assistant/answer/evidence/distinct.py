"""How distinguishing a topic's words are: a topic is made of the terms the corpus tells papers apart by, not of the
ordinary English a question is phrased in.

Two references decide. General English frequency (the `wordfreq` package's Zipf scale: log10 of a word's frequency
per billion words) says whether a word is ordinary English; the papers in scope say whether the corpus uses it and
how many of them do. A word of ordinary English that no paper in scope uses ("lines", "shown", "together") may be the
question's phrasing or a subject the corpus lacks ("protein"): plan/topic.py decides which from the rest of the
question. A word in nearly every paper in scope ("sea ice" among a sea-ice researcher's papers) tells none of them
apart, so it weighs little; a rare word ("forecast") decides membership.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from assistant.answer.evidence.query_terms import stem
from assistant.answer.evidence.weigh import QueryTerms, forms
from assistant.index.bm25 import terms
from assistant.vendors.word_frequency import zipf_frequency

# A word at or above this Zipf frequency (~30 per million words) is ordinary English. Measured on the visible sets:
# the words left over from a question's phrasing sit at 4.5-6.1 ("achieve" 4.57, "sentence" 4.58, "shown" 4.90,
# "lines" 4.95, "running" 5.23, "together" 5.46), while the rarest word of every near-negative topic sits at 2.4-4.0
# ("factorization" 2.41, "federated" 2.94, "pruning" 3.05, "forecasting" 3.47, "prediction" 3.96): those stay topics.
ORDINARY_ZIPF = 4.5
# Function words and the most common English ("only" 6.12, "well" 6.03): never what a topic turns on.
FUNCTION_ZIPF = 6.0
# A term in more than this share of the papers in scope tells them apart less and less: its weight in a topic is
# scaled by the share of papers lacking it over (1 - COMMON_SHARE), down to nearly nothing in every paper. Corpus 2's
# "ice" (in 20 of her 22 papers) keeps 0.18 of its weight and "sea" (15 of 22) 0.64, so "forecast" (3 of 22) decides
# "forecasting sea ice"; a term in fewer than half keeps all of it ("simulation", in 4 of his 29 papers: the seeds'
# second atomistic-simulation paper is joined by it at a coverage of 0.41, just over the 0.4 bar).
# Scopes smaller than MIN_SCOPE keep the corpus-wide weights: three papers sharing a word say little about it.
COMMON_SHARE = 0.5
MIN_SCOPE = 8


@lru_cache(maxsize=50_000)
def zipf(word: str) -> float:
    """The word's general English frequency, the highest of its inflected forms ("achieves" as "achieve")."""
    w = word.casefold()
    return max(zipf_frequency(f, "en") for f in {w, *forms(w)})


def ordinary(word: str) -> bool:
    return zipf(word) >= ORDINARY_ZIPF


def function_word(word: str) -> bool:
    return zipf(word) >= FUNCTION_ZIPF


def _parts(word: str) -> list[str]:
    """The terms a word is held by: all of a compound's ("ResNet-family": "resnet", "family"), but only the whole of
    an identity, letters and digits together ("Sentinel-2" is not held by the "Sentinel" of "Sentinel-1")."""
    ts = terms(word)
    return ts[:1] if ts and re.search(r"\d", ts[0]) and re.search(r"[a-z]", ts[0]) else ts


def used(word: str, vocabularies: Iterable[frozenset[str]]) -> bool:
    """Some paper's text holds the word (or, for a compound, one of its parts: "ResNet-family" by "ResNet")."""
    parts = _parts(word)
    wanted = set().union(*(forms(t) for t in parts)) if parts else set()
    return any(wanted & v for v in vocabularies)


def held(word: str, vocabulary: frozenset[str]) -> bool:
    """The text of this vocabulary says the word, in any of its forms, or one of its parts (a compound)."""
    if used(word, [vocabulary]):
        return True
    parts = _parts(word)
    if parts != terms(word):
        return False  # an identity is said as written
    stems = {stem(t, derived=True) for t in parts}
    return any(stem(t, derived=True) in stems for t in vocabulary)


def used_whole(word: str, vocabularies: Iterable[frozenset[str]]) -> bool:
    """Some paper's text holds the word itself (a compound as one term: "noise-robust")."""
    wanted = forms(word.casefold())
    return any(wanted & v for v in vocabularies)


# What a topic word is among the papers in scope.
PHRASING = "phrasing"  # a function word ("only", "well"): the question's wording
UNUSED = "unused"  # ordinary English no paper in scope uses ("lines", "together", "protein"): wording, or a subject
# the corpus lacks; only the rest of the question tells which
ORDINARY = "ordinary"  # ordinary English the papers use ("running", "models"): part of a topic, never all of it
DISTINGUISHING = "distinguishing"  # not ordinary English ("A100", "quantization", "forecasting")


def role(word: str, in_scope: Callable[[str], bool]) -> str:
    """What the word is among the papers in scope (`in_scope`: some paper there uses it, as `used` reads it)."""
    if function_word(word):
        return PHRASING
    if not ordinary(word):
        return DISTINGUISHING
    return ORDINARY if in_scope(word) else UNUSED


def scope_weighted(qterms: QueryTerms, n: int, df: Callable[[str], int]) -> QueryTerms:
    """The terms' corpus-wide weights, those in more than COMMON_SHARE of the `n` papers in scope scaled down (`df`:
    in how many of them a term is); scopes under MIN_SCOPE papers keep their weights."""
    if n < MIN_SCOPE:
        return qterms
    weights = {}
    for t, w in qterms.weights.items():
        lacking = 1 - df(t) / n
        weights[t] = w * max(min(1.0, lacking / (1 - COMMON_SHARE)), 1 / n)  # in every paper: nearly nothing
    return QueryTerms(weights, qterms.alternatives)
