"""Hybrid retrieval: dense (Chroma, MiniLM) and lexical (BM25) over passages, fused per paper with RRF."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np

from assistant.index.bm25 import Lexical
from assistant.index.lazy_table import PassageList, paper_map
from assistant.index.passages import PassageRef
from assistant.models import Filters, Paper

RRF_K = 60
DENSE_CANDIDATES = 60
LEXICAL_CANDIDATES = 60


@dataclass
class Hit:
    """One paper found for a query, with the evidence that found it."""

    paper: Paper
    fused: float = 0.0
    dense: float = 0.0  # best cosine similarity of any of its passages
    lexical: float = 0.0  # best BM25 score of any of its passages
    passages: dict[str, float] = field(default_factory=dict)  # passage id -> cosine


class QueryVectors:
    """Embeddings of short query texts, kept for the turn's later steps and embedded together when known together.

    One answer embeds its routing text, its search query and its topic phrase; one ONNX call per text cost
    ~3 ms each idle but ~35 ms each on a loaded 2-core machine, so texts known together go in one batch."""

    def __init__(self, embeddings, size: int = 512):
        self.embeddings = embeddings
        self.size = size
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._stored: dict[str, int] = {}  # texts embedded once per table (`keep`): their rows in _rows
        self._rows: np.ndarray | None = None

    def keep(self, texts: list[str], vectors: np.ndarray) -> None:
        """Texts whose vectors were made once for the table (the kinds of topics the corpus names, at ingest):
        looked up, never embedded again nor evicted."""
        self._rows, self._stored = vectors, {t: i for i, t in enumerate(texts)}

    def prime(self, texts: list[str]) -> None:
        missing = [t for t in dict.fromkeys(texts) if t and t not in self._cache and t not in self._stored]
        if missing:
            for t, v in zip(missing, self.embeddings.embed_documents(missing)):
                self._put(t, np.asarray(v, dtype=np.float32))

    def get(self, text: str) -> np.ndarray:
        if text in self._cache:
            self._cache.move_to_end(text)
            return self._cache[text]
        if (i := self._stored.get(text)) is not None:
            return np.array(self._rows[i], dtype=np.float32)
        v = np.asarray(self.embeddings.embed_query(text), dtype=np.float32)
        self._put(text, v)
        return v

    def _put(self, text: str, vector: np.ndarray) -> None:
        self._cache[text] = vector
        if len(self._cache) > self.size:
            self._cache.popitem(last=False)


class Retriever:
    def __init__(self, papers: list[Paper], passages: list[PassageRef], collection, embeddings, lexical: Lexical):
        self.papers = paper_map(papers)
        # A lazy table's passages look ids up themselves (370k tuples in a dict were ~90 MB at 100k papers).
        self.passages = passages if isinstance(passages, PassageList) else {pa.id: pa for pa in passages}
        self.passage_list = passages if isinstance(passages, PassageList) else list(passages)  # BM25's order
        self._open_collection = collection  # opened on the first dense search (Chroma is imported then)
        self._collection = None
        self.embeddings = embeddings
        self.lexical = lexical
        self.vectors = QueryVectors(embeddings)
        self._count = 0

    @staticmethod
    def _where(filters: Filters) -> dict | None:
        clauses: list[dict] = []
        if filters.author_only:
            clauses.append({"is_author_work": True})
        if filters.year_from is not None:
            clauses.append({"year": {"$gte": filters.year_from}})
        if filters.year_to is not None:
            clauses.append({"year": {"$lte": filters.year_to}})
        if not clauses:
            return None
        return clauses[0] if len(clauses) == 1 else {"$and": clauses}

    def dense(self, query: str, filters: Filters, k: int = DENSE_CANDIDATES) -> dict[str, float]:
        """Passage id -> cosine similarity, for passages the current table knows."""
        # Chroma's count() scans (3.6 ms at 37k passages, three times the query itself): ask once per
        # retriever, which is rebuilt whenever the table switches; an empty store is asked again.
        if self._collection is None:
            self._collection = self._open_collection()
        n = self._count = self._count or self._collection.count()
        if n == 0:
            return {}
        vector = self.vectors.get(query).tolist()
        res = self._collection.query(
            query_embeddings=[vector], n_results=min(k, n), where=self._where(filters), include=["distances"]
        )
        # Chroma may hold passages of an ingest still in progress or not yet cleaned: trust only the table's.
        return {pid: 1.0 - dist for pid, dist in zip(res["ids"][0], res["distances"][0]) if pid in self.passages}

    def search(self, query: str, filters: Filters | None = None, k: int = 10) -> list[Hit]:
        filters = filters or Filters()
        hits: dict[str, Hit] = {}

        def hit(ref: PassageRef) -> Hit | None:
            paper = self.papers.get(ref.paper_id)
            if paper is None or not filters.admits(paper):
                return None
            return hits.setdefault(paper.id, Hit(paper=paper))

        for pid, cos in self.dense(query, filters).items():
            if h := hit(self.passages.get(pid)):
                h.dense = max(h.dense, cos)
                h.passages[pid] = cos
        for idx, score in self.lexical.search(query, LEXICAL_CANDIDATES):
            ref = self.passage_list[idx]
            pid = ref.id
            if h := hit(ref):
                h.lexical = max(h.lexical, score)
                h.passages.setdefault(pid, 0.0)

        for key in ("dense", "lexical"):
            ranked = sorted((h for h in hits.values() if getattr(h, key) > 0), key=lambda h: -getattr(h, key))
            for rank, h in enumerate(ranked):
                h.fused += 1.0 / (RRF_K + rank + 1)
        return sorted(hits.values(), key=lambda h: -h.fused)[:k]
