"""The flat sentence index: every paper's research sentences in table order, their vectors as one float16 matrix
read memory-mapped, rows found by the paper's position (no hashing of sentence texts at question time).

Built once per table from the stored sentence vectors (`Derived.arrays`, at ingest), so neither a whole-corpus
sentence search nor a topic list builds anything on a first question (that took 2.7 s at 5k papers), and a
paper's sentences with their vectors are two slices.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np

import assistant.text as text_rules
from assistant.index.derived import Derived, code_digest
from assistant.index.vectors import DIM
from assistant.models import Paper
from assistant.text import research_sentences

BUILD_PAPERS = 2000  # papers whose vectors are read at a time while building (~7 MB of float32 each time)


def paper_sentences(paper: Paper) -> list[str]:
    """A paper's research sentences, each once, in order (what answers quote and score)."""
    return list(dict.fromkeys(s for a in paper.abstracts for s in research_sentences(a)))


class SentenceIndex:
    def __init__(self, start: np.ndarray, vectors: np.ndarray, text: np.ndarray, ends: np.ndarray):
        # The two offset arrays are small (12 bytes a sentence) and read per paper: in memory, as lists (an
        # element of a memory-mapped array costs a Python object of its own: 24k of them were 0.1 s a question).
        self.start = np.array(start, dtype=np.int64)  # papers + 1: paper i's rows are start[i]:start[i+1]
        self._starts = self.start.tolist()
        self.vectors = vectors  # float16, rows x DIM, memory-mapped
        self._text = text  # uint8: the sentences' UTF-8 bytes, back to back, memory-mapped
        self._ends = [0, *np.asarray(ends, dtype=np.int64).tolist()]  # where row i's bytes end: _ends[i + 1]
        self._dense: np.ndarray | None = None

    @classmethod
    def of(cls, derived: Derived, papers: Sequence[Paper], stored) -> SentenceIndex:
        """The index of these papers (a table's, in its order): read from the store, or built from the stored
        sentence vectors (`vectors.SentenceVectors`) and kept."""
        rules = code_digest(text_rules, sys.modules[__name__])  # which sentences count, how they are stored
        arrays = derived.arrays(f"sentence-index-{rules}", lambda: build(papers, stored))
        return cls(arrays["start"], arrays["vectors"], arrays["text"], arrays["ends"])

    def __len__(self) -> int:
        return len(self.vectors)

    def rows(self, paper: int) -> slice:
        return slice(self._starts[paper], self._starts[paper + 1])

    def texts(self, paper: int) -> list[str]:
        a, b = self._starts[paper], self._starts[paper + 1]
        if a == b:
            return []
        cuts = self._ends[a : b + 1]
        blob = bytes(self._text[cuts[0] : cuts[-1]])
        return [blob[x - cuts[0] : y - cuts[0]].decode("utf-8") for x, y in zip(cuts, cuts[1:])]

    def dense(self) -> np.ndarray:
        """All rows as float32, made once (casting float16 costs 6x the matrix product: 0.8 s for 90k rows on a
        loaded 2-core machine), for the whole-corpus search of a corpus under its size cap."""
        if self._dense is None:
            self._dense = np.asarray(self.vectors, dtype=np.float32)
        return self._dense

    def matrix(self, papers: Sequence[int], embed=None) -> tuple[np.ndarray, np.ndarray]:
        """float32 vectors of these papers' sentences (in `texts` order, paper after paper), and each row's
        position in `papers`. Rows the store had no vector for are zeros, or `embed(texts)`'s when given."""
        spans = [self.rows(i) for i in papers]
        if not spans:
            return np.zeros((0, DIM), dtype=np.float32), np.zeros(0, dtype=np.int64)
        idx = np.concatenate([np.arange(s.start, s.stop) for s in spans])
        owner = np.repeat(np.arange(len(spans)), [s.stop - s.start for s in spans])
        out = np.asarray(self.vectors[idx], dtype=np.float32)
        unknown = np.flatnonzero(~out.any(axis=1))
        if embed is not None and len(unknown):  # only a store built before sentence vectors existed
            texts = [t for i in papers for t in self.texts(i)]
            out[unknown] = embed([texts[j] for j in unknown])
        return out, owner

    def owner(self, rows: np.ndarray) -> np.ndarray:
        """The paper position of each row."""
        return np.searchsorted(self.start, rows, side="right") - 1

    def best(self, queries: np.ndarray, limit: int, floor: float) -> tuple[np.ndarray, np.ndarray]:
        """Rows whose best cosine with any of the queries is at least `floor`, best first (at most `limit`), and
        those cosines: one matrix product over `dense()`."""
        sims = (self.dense() @ np.asarray(queries, dtype=np.float32).T).max(axis=1)
        rows = np.flatnonzero(sims >= floor)
        order = np.argsort(-sims[rows], kind="stable")[:limit]
        return rows[order], sims[rows[order]]


def build(papers: Sequence[Paper], stored) -> dict[str, np.ndarray]:
    """The index's arrays: every paper's sentences, their bytes and their stored vectors (zeros where the store
    lacks one: answers then embed that sentence themselves)."""
    counts, vectors, blobs, ends = [], [], [], []
    end = 0
    for at in range(0, len(papers), BUILD_PAPERS):
        texts = []
        for p in papers[at : at + BUILD_PAPERS]:
            mine = paper_sentences(p)
            counts.append(len(mine))
            texts += mine
        vectors.append(stored.get(texts).astype(np.float16) if texts else np.zeros((0, DIM), dtype=np.float16))
        for t in texts:
            b = t.encode("utf-8")
            blobs.append(b)
            end += len(b)
            ends.append(end)
    return {
        "start": np.concatenate([[0], np.cumsum(counts, dtype=np.int64)]).astype(np.int64),
        "vectors": np.concatenate(vectors) if vectors else np.zeros((0, DIM), dtype=np.float16),
        "text": np.frombuffer(b"".join(blobs), dtype=np.uint8),
        "ends": np.asarray(ends, dtype=np.int64),
    }
