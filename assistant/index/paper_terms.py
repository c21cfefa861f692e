"""The inverted index of the papers' own words: term -> the papers whose title, research sentences or comments use
it, built once per table at ingest (`Derived.arrays`) and read memory-mapped.

A topic list asks which papers' texts hold the topic's words. Reading every paper's text to find out cost 3.8 s
for a topic nobody in a 3k-paper corpus works on (27k sentences tokenised); the postings of a few terms name the
papers worth reading, so a topic nobody works on costs less than a popular one, not more.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence

import numpy as np

import assistant.text as text_rules
from assistant.index import bm25
from assistant.index.bm25 import terms
from assistant.index.derived import Derived, code_digest
from assistant.index.sentence_index import paper_sentences
from assistant.models import Paper


def paper_texts(paper: Paper) -> list[str]:
    """The texts a paper supports a topic with: its title, research sentences and listing comments."""
    out = [paper.title or "", *paper_sentences(paper), *paper.comments]
    return [t for t in dict.fromkeys(out) if t]


class PaperTerms:
    def __init__(self, vocabulary: list[str], arrays: dict[str, np.ndarray]):
        self.vocabulary = vocabulary
        self._ids = {t: i for i, t in enumerate(vocabulary)}
        self.indptr = np.array(arrays["indptr"], dtype=np.int64)
        self.papers = arrays["papers"]  # int32 paper positions, term after term (memory-mapped)
        self._by_paper = np.array(arrays["paper_indptr"], dtype=np.int64).tolist()
        self._terms = arrays["terms"]  # int32 term ids, paper after paper (memory-mapped)
        self._by_stem: dict[str, list[str]] | None = None

    @classmethod
    def of(cls, derived: Derived, table_papers: Sequence[Paper]) -> PaperTerms:
        made: list[list[set[str]]] = []  # each paper's terms, made once when either item is built

        def each() -> list[set[str]]:
            if not made:
                made.append([_of(p) for p in table_papers])
            return made[0]

        rules = code_digest(text_rules, bm25, sys.modules[__name__])  # which texts, how they are tokenised
        vocabulary = derived.json(f"paper-terms-vocabulary-{rules}", lambda: sorted(set().union(*each())))
        arrays = derived.arrays(f"paper-terms-{rules}", lambda: build(each(), vocabulary))
        return cls(vocabulary, arrays)

    def papers_with(self, words: Iterable[str]) -> set[int]:
        """Positions of the papers whose texts use any of these (tokenised) words."""
        out: set[int] = set()
        for w in words:
            i = self._ids.get(w)
            if i is not None:
                out.update(self.papers[self.indptr[i] : self.indptr[i + 1]].tolist())
        return out

    def positions_with(self, words: Iterable[str]) -> np.ndarray:
        """`papers_with` as a sorted array of distinct positions, for sums over many papers (a common word's
        postings at 10k papers are thousands long: read as Python ints into a set, ~1 ms each)."""
        parts = [self.papers[self.indptr[i] : self.indptr[i + 1]] for w in words if (i := self._ids.get(w)) is not None]
        if not parts:
            return np.zeros(0, dtype=np.int32)
        return parts[0] if len(parts) == 1 else np.unique(np.concatenate(parts))

    def stemmed(self, stems: set[str], stem: Callable[[str], str]) -> set[str]:
        """The index's terms whose `stem` is one of `stems` (the terms by stem made on first use)."""
        if self._by_stem is None:
            self._by_stem = {}
            for t in self.vocabulary:
                self._by_stem.setdefault(stem(t), []).append(t)
        return {t for s in stems for t in self._by_stem.get(s, ())}

    @property
    def size(self) -> int:
        """How many papers the index holds."""
        return len(self._by_paper) - 1

    def words_of(self, paper: int) -> frozenset[str]:
        """Every term of a paper's texts (the union of their vocabularies), without tokenising them."""
        ids = self._terms[self._by_paper[paper] : self._by_paper[paper + 1]].tolist()
        return frozenset(self.vocabulary[i] for i in ids)


def _of(paper: Paper) -> set[str]:
    return {t for text in paper_texts(paper) for t in terms(text)}


def build(each: Sequence[set[str]], vocabulary: list[str]) -> dict[str, np.ndarray]:
    """The postings, from each paper's terms (in table order)."""
    ids = {t: i for i, t in enumerate(vocabulary)}
    term_col, paper_col = [], []
    for at, words in enumerate(each):
        mine = sorted(ids[t] for t in words)
        term_col.append(np.asarray(mine, dtype=np.int32))
        paper_col.append(np.full(len(mine), at, dtype=np.int32))
    t = np.concatenate(term_col) if term_col else np.zeros(0, dtype=np.int32)
    pcol = np.concatenate(paper_col) if paper_col else np.zeros(0, dtype=np.int32)
    order = np.argsort(t, kind="stable")  # papers ascend within each term
    counts = np.bincount(t, minlength=len(vocabulary))
    return {
        "indptr": np.concatenate([[0], np.cumsum(counts)]).astype(np.int64),
        "papers": pcol[order],
        "paper_indptr": np.concatenate([[0], np.cumsum([len(c) for c in term_col])]).astype(np.int64),
        "terms": t,
    }
