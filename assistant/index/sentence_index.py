"""The flat sentence index: every paper's research sentences in table order, their vectors as one float16 matrix
read memory-mapped, rows found by the paper's position (no hashing of sentence texts at question time).

Built once per table from the stored sentence vectors (`Derived.arrays`, at ingest), so neither a whole-corpus
sentence search nor a topic list builds anything on a first question (that took 2.7 s at 5k papers), and a
paper's sentences with their vectors are two slices.

A whole-corpus search of a large index reads a coarse copy first: every vector projected on the corpus's own
COARSE_DIMS main axes (float32, memory-mapped), a quarter of the bytes of the full vectors in float32. Its best
COARSE_KEEP rows are then scored exactly from their stored vectors. Casting all rows to float32 for each search
cost 0.5 s at 90k rows (load 8), and keeping them cast pins 138 MB per process.
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
# The coarse pass. Measured on the real 2k-paper synthetic store (17,958 sentences; 432 queries: passages and the dev
# and first-contact questions): the 96 main axes keep 77% of the variance, and the best 1,000 coarse rows held
# every one of each query's 5 best rows above the search's floor (64 axes: 99.8%).
COARSE_DIMS = 96
COARSE_KEEP = 2000  # rows scored exactly after the coarse pass (twice what held all of them)
EXACT_ROWS = 50_000  # an index of up to this many rows is searched exactly, cast once (77 MB of float32)
BASIS_SAMPLE = 20_000  # rows (evenly spread) the main axes are computed from


def paper_sentences(paper: Paper) -> list[str]:
    """A paper's research sentences, each once, in order (what answers quote and score)."""
    return list(dict.fromkeys(s for a in paper.abstracts for s in research_sentences(a)))


class SentenceIndex:
    def __init__(
        self,
        start: np.ndarray,
        vectors: np.ndarray,
        text: np.ndarray,
        ends: np.ndarray,
        basis: np.ndarray | None = None,
        coarse: np.ndarray | None = None,
        exact_rows: int = EXACT_ROWS,
    ):
        # The two offset arrays are small (12 bytes a sentence) and read per paper: in memory, as lists (an
        # element of a memory-mapped array costs a Python object of its own: 24k of them were 0.1 s a question).
        self.start = np.array(start, dtype=np.int64)  # papers + 1: paper i's rows are start[i]:start[i+1]
        self._starts = self.start.tolist()
        self.vectors = vectors  # float16, rows x DIM, memory-mapped
        self._text = text  # uint8: the sentences' UTF-8 bytes, back to back, memory-mapped
        self._ends = [0, *np.asarray(ends, dtype=np.int64).tolist()]  # where row i's bytes end: _ends[i + 1]
        self._dense: np.ndarray | None = None
        self.basis = basis  # DIM x COARSE_DIMS float32: the corpus's main axes (None: every search is exact)
        self.coarse = coarse  # COARSE_DIMS x rows float32, memory-mapped: each vector on those axes, by column
        self.exact_rows = exact_rows

    @classmethod
    def of(cls, derived: Derived, papers: Sequence[Paper], stored) -> SentenceIndex:
        """The index of these papers (a table's, in its order): read from the store, or built from the stored
        sentence vectors (`vectors.SentenceVectors`) and kept."""
        rules = code_digest(text_rules, sys.modules[__name__])  # which sentences count, how they are stored
        arrays = derived.arrays(f"sentence-index-{rules}", lambda: build(papers, stored))
        return cls(
            arrays["start"],
            arrays["vectors"],
            arrays["text"],
            arrays["ends"],
            arrays.get("basis"),
            arrays.get("coarse"),
        )

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
        those cosines: one matrix product over `dense()`, or, over a large index, over the coarse copy and then
        exactly over its best COARSE_KEEP rows."""
        queries = np.asarray(queries, dtype=np.float32)
        if len(self) <= max(self.exact_rows, COARSE_KEEP) or self.coarse is None or self.basis is None:
            rows, sims = np.arange(len(self)), (self.dense() @ queries.T).max(axis=1)
        else:
            rough = ((queries @ self.basis) @ self.coarse).max(axis=0)
            rows = np.sort(np.argpartition(-rough, COARSE_KEEP)[:COARSE_KEEP])  # in file order: one pass over it
            sims = (np.asarray(self.vectors[rows], dtype=np.float32) @ queries.T).max(axis=1)
        keep = np.flatnonzero(sims >= floor)
        order = keep[np.argsort(-sims[keep], kind="stable")][:limit]
        return rows[order], sims[order]


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
    matrix = np.concatenate(vectors) if vectors else np.zeros((0, DIM), dtype=np.float16)
    basis = main_axes(matrix)
    return {
        "start": np.concatenate([[0], np.cumsum(counts, dtype=np.int64)]).astype(np.int64),
        "vectors": matrix,
        "text": np.frombuffer(b"".join(blobs), dtype=np.uint8),
        "ends": np.asarray(ends, dtype=np.int64),
        "basis": basis,
        "coarse": project(matrix, basis),
    }


def main_axes(vectors: np.ndarray, dims: int = COARSE_DIMS) -> np.ndarray:
    """The `dims` directions along which the (non-zero) rows vary most, as a DIM x dims float32 matrix, from at most
    BASIS_SAMPLE rows spread evenly over the index (deterministic: the same table gives the same axes)."""
    rows = vectors[:: max(1, len(vectors) // BASIS_SAMPLE)].astype(np.float64)
    rows = rows[rows.any(axis=1)]
    if len(rows) < 2:
        return np.eye(DIM, dims, dtype=np.float32)
    _, axes = np.linalg.eigh(np.cov(rows.T))
    return np.ascontiguousarray(axes[:, ::-1][:, :dims], dtype=np.float32)


def project(vectors: np.ndarray, basis: np.ndarray, block: int = 65_536) -> np.ndarray:
    """Every row on the basis's axes, as the columns of a float32 matrix (axes x rows), a block of rows at a time (no
    float32 copy of all the vectors). By column: the search's product then reads it 2.3x faster than rows x axes
    (90k rows, 3 queries, load 7: 14 against 32 ms)."""
    out = np.zeros((basis.shape[1], len(vectors)), dtype=np.float32)
    for at in range(0, len(vectors), block):
        out[:, at : at + block] = (np.asarray(vectors[at : at + block], dtype=np.float32) @ basis).T
    return out
