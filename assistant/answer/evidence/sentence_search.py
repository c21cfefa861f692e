"""Sentence-level dense evidence: how close a question (or the part of it that describes a paper) comes to a paper's
best abstract sentence.

A passage vector is the mean of its sentences, so a question that describes one thing a paper does ("the work
that pairs every sample with its best friend") is diluted by the passage's other sentences; the sentence that
says it is closer (on the dev sets the expected paper's best sentence beat its best passage by up to 0.27).
Sentence vectors come from the store (embedded at ingest); only a store built before they existed makes this
module embed anything.
"""

from __future__ import annotations

import re
from collections import OrderedDict

import numpy as np

from assistant.index.retrieval import Hit
from assistant.models import Paper
from assistant.text import research_sentences

# Without the table's sentence index (index/sentence_index.py, built at ingest), a corpus with more sentences than
# this (~77 MB of float32 vectors) is not searched sentence by sentence as a candidate source; its sentences still
# re-rank the retrieved papers (lift). Through the index, every corpus is.
MAX_SENTENCES = 50_000
# A paper found only by one of its sentences joins the candidates at this cosine or above: the relevance rule's own
# "strong" bar (evidence.STRONG_DENSE), so a stray sentence never brings in a paper the rule would doubt.
SENTENCE_FLOOR = 0.45
SENTENCE_CANDIDATES = 5
SENTENCE_SCAN = 500  # sentences above the floor read, best first, to find those candidates among the admitted papers
# Papers whose sentence vectors stay in memory (~15 KB each): a 10k-paper corpus would otherwise keep them all.
CACHED_PAPERS = 2000
MIN_WORDS = 4  # a part of a question shorter than this describes nothing on its own
_PARTS = re.compile(r"\s*(?::|;|—|–|\?|,\s+(?=(?:which|what|how|who|when|where|and what|and how)\b))\s*", re.I)


def question_parts(question: str) -> list[str]:
    """The question and, when it has several parts ("The work that …: which corpora …?"), each part."""
    parts = [p for p in _PARTS.split(question) if len(p.split()) >= MIN_WORDS]
    return [question] + ([p for p in parts if p != question.strip()] if len(parts) > 1 else [])


class SentenceSearch:
    """Best sentence cosine per candidate paper; each paper's sentences and vectors kept (the most recent 2000)."""

    def __init__(self, vectors_of, query_vectors, index=None, positions=None):
        self.vectors_of = vectors_of  # texts -> float32 matrix (stored sentence vectors, embedded if missing)
        self.query_vectors = query_vectors  # retrieval.QueryVectors: the turn's texts in one model call
        self.index = index  # index.sentence_index.SentenceIndex of the table, built at ingest (None: derive here)
        self.positions = positions or {}  # paper id -> its position in the table (the index's rows)
        self._papers: OrderedDict[str, tuple[list[str], np.ndarray]] = OrderedDict()
        self._all: tuple[list[Paper], np.ndarray, np.ndarray] | None = None  # papers, row -> paper index, vectors

    def _sentences(self, paper: Paper) -> tuple[list[str], np.ndarray]:
        if paper.id in self._papers:
            self._papers.move_to_end(paper.id)
            return self._papers[paper.id]
        if self.index is not None and paper.id in self.positions:
            at = self.positions[paper.id]
            return self.index.texts(at), self.index.matrix([at], embed=self.vectors_of)[0]
        sentences = list(dict.fromkeys(s for a in paper.abstracts for s in research_sentences(a)))
        matrix = self.vectors_of(sentences) if sentences else np.zeros((0, 384), dtype=np.float32)
        self._papers[paper.id] = (sentences, matrix)
        if len(self._papers) > CACHED_PAPERS:
            self._papers.popitem(last=False)
        return sentences, matrix

    def best(self, question: str, papers: list[Paper]) -> dict[str, tuple[float, str]]:
        """Paper id -> (best cosine of any of its sentences with the question or one of its parts, that sentence)."""
        texts = question_parts(question)
        self.query_vectors.prime(texts)
        queries = np.stack([self.query_vectors.get(t) for t in texts])
        out: dict[str, tuple[float, str]] = {}
        for p in papers:
            sentences, matrix = self._sentences(p)
            if not sentences:
                continue
            sims = (matrix @ queries.T).max(axis=1)
            i = int(np.argmax(sims))
            out[p.id] = (float(sims[i]), sentences[i])
        return out

    def _index(self, papers: list[Paper]) -> tuple[list[Paper], np.ndarray, np.ndarray] | None:
        if self._all is None:
            owners, texts = [], []
            for i, p in enumerate(papers):
                for s in dict.fromkeys(s for a in p.abstracts for s in research_sentences(a)):
                    owners.append(i)
                    texts.append(s)
            if not texts or len(texts) > MAX_SENTENCES:
                self._all = (papers, np.zeros(0, dtype=np.int32), np.zeros((0, 384), dtype=np.float32))
            else:
                self._all = (papers, np.asarray(owners, dtype=np.int32), self.vectors_of(texts))
        return self._all

    def candidates(self, question: str, papers: list[Paper], admits, known: set[str]) -> list[Hit]:
        """Papers not among the known hits whose best sentence is strongly close to the question (or one of its
        parts): a description of one thing a paper does finds it even when its passages rank it low."""
        if self.index is not None and len(papers) == len(self.positions):  # the table's papers, in its order
            return self._candidates_from_index(question, papers, admits, known)  # any size: its coarse pass
        everyone, owners, matrix = self._index(papers)
        if not len(owners):
            return []
        texts = question_parts(question)
        self.query_vectors.prime(texts)
        sims = (matrix @ np.stack([self.query_vectors.get(t) for t in texts]).T).max(axis=1)
        out: list[Hit] = []
        for row in np.argsort(-sims):
            if sims[row] < SENTENCE_FLOOR or len(out) >= SENTENCE_CANDIDATES:
                break
            paper = everyone[owners[row]]
            if paper.id not in known and admits(paper):
                known = known | {paper.id}
                out.append(Hit(paper=paper, dense=float(sims[row])))
        return out

    def _candidates_from_index(self, question: str, papers: list[Paper], admits, known: set[str]) -> list[Hit]:
        """`candidates` through the table's sentence index: one matrix product per block of its rows."""
        texts = question_parts(question)
        self.query_vectors.prime(texts)
        queries = np.stack([self.query_vectors.get(t) for t in texts])
        rows, sims = self.index.best(queries, limit=SENTENCE_SCAN, floor=SENTENCE_FLOOR)
        out: list[Hit] = []
        for at, sim in zip(self.index.owner(rows).tolist(), sims.tolist()):
            if len(out) >= SENTENCE_CANDIDATES:
                break
            paper = papers[at]
            if paper.id not in known and admits(paper):
                known = known | {paper.id}
                out.append(Hit(paper=paper, dense=float(sim)))
        return out

    def lift(self, question: str, hits: list[Hit]) -> list[Hit]:
        """The hits, each `dense` raised to its best sentence's cosine (the relevance rule then reads it)."""
        best = self.best(question, [h.paper for h in hits])
        for h in hits:
            if h.paper.id in best:
                h.dense = max(h.dense, best[h.paper.id][0])
        return hits
