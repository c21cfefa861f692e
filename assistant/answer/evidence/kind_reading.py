"""What grounding a kind of a topic reads of the whole table, not of the question's scope, made once per table.

A topic the corpus names kinds of ("model compression": 146 kinds at 10k synthetic papers, index/kinds.py) had each
kind's terms weighted over the passages, its core read from the postings, and the papers its words may support found
through the inverted index, on every question that read it: ~0.2 of a cold `ask`'s ~1 CPU s of question. None of
those depends on the question's scope, so they are computed at ingest (or at an older store's first start) for every
alternative of every kind, and read: a kind's terms (`QueryTerms.of`), its core (`TopicMeaning._core`), and the
scope-free part of `TopicMatcher._may_support` (the papers holding enough of its weight, or all its words) as one
packed row of bits per alternative. What depends on the scope (the key words, which need the words the scope uses)
is still read per question.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np

from assistant.answer.evidence import distinct, query_terms, topic_core, topic_meaning, topic_terms, weigh
from assistant.index import bm25, kinds, paper_terms, term_masks
from assistant.index.derived import Derived, code_digest


@dataclass(frozen=True)
class KindReading:
    """Each kind alternative's terms and core (by its content words, space-joined) and its scope-free papers."""

    weights: dict[str, dict[str, float]]  # content words -> `QueryTerms.of(...).weights`
    cores: dict[str, list[str]]  # content words -> the core (`TopicMeaning._core`)
    rows: dict[str, int]  # content words -> its row of `may`
    may: np.ndarray  # uint8, one packed row of bits per alternative, over the inverted index's papers

    def mask(self, words: str, size: int) -> np.ndarray | None:
        """The scope-free papers of an alternative as a mask over the index, or None when it was not read."""
        row = self.rows.get(words)
        return None if row is None else np.unpackbits(self.may[row], count=size).astype(bool)


def of(derived: Derived, texts: list[str], matcher) -> KindReading | None:
    """The kind alternatives' reading (`texts`: kind-texts of answer/corpus.py), read from the store or computed with
    the matcher (a TopicMatcher over the table), or None without the inverted index."""
    if matcher.terms is None:
        return None
    rules = code_digest(
        sys.modules[__name__],
        sys.modules[type(matcher).__module__],
        topic_meaning,
        topic_terms,
        topic_core,
        query_terms,
        weigh,
        distinct,
        bm25,
        kinds,
        paper_terms,
        term_masks,
    )
    keys = sorted({" ".join(topic_terms.content_terms(t)) for t in texts} - {""})

    def state() -> dict[str, list]:
        return {k: [matcher.query_terms(k.split()).weights, matcher._core(k.split())] for k in keys}

    read = derived.json(f"kind-reading-{rules}", state)

    def packed() -> dict[str, np.ndarray]:
        width = (matcher.terms.size + 7) // 8
        rows = [matcher.scope_free(k.split()) for k in keys]
        rows = [np.zeros(matcher.terms.size, dtype=bool) if r is None else r for r in rows]  # no terms: never read
        return {"may": np.packbits(np.array(rows, dtype=bool), axis=1) if rows else np.zeros((0, width), np.uint8)}

    may = derived.arrays(f"kind-may-{rules}", packed)["may"]
    return KindReading(
        weights={k: w for k, (w, _) in read.items()},
        cores={k: c for k, (_, c) in read.items()},
        rows={k: i for i, k in enumerate(keys)},
        may=may,
    )
