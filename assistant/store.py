"""The paper table (a JSON file switched atomically) and the Chroma collection of passage vectors.

Ingest adds the new passages to Chroma first, then switches the table, then deletes stale
passages: a crash at any point leaves the previous table answering, because retrieval only
trusts passages the current table names.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from pydantic import BaseModel, Field

from assistant.models import Paper
from assistant.passages import Passage, paper_passages, paper_sentences
from assistant.themes import Theme, compute_themes
from assistant.vectors import SentenceVectors, key

TABLE_VERSION = 1
GET_BATCH = 2000
SEGMENT = 8192  # sentences per stored vector segment


class Table(BaseModel):
    """What an ingest produced: papers, their passages, and the per-file report."""

    version: int = TABLE_VERSION
    principal_author: str
    papers: list[Paper]
    passages: list[Passage]
    reports: list[dict] = Field(default_factory=list)
    themes: list[Theme] = Field(default_factory=list)  # the principal author's research themes, recomputed each ingest
    built_at: str = ""

    @property
    def digest(self) -> str:
        h = hashlib.sha1()
        for p in self.passages:
            h.update(p.id.encode())
        for p in self.papers:
            h.update(paper_digest(p).encode())
        return h.hexdigest()[:16]


def paper_digest(paper: Paper) -> str:
    return hashlib.sha1(paper.model_dump_json().encode()).hexdigest()


@dataclass
class SyncReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    embedded: int = 0
    deleted_passages: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.removed or self.embedded or self.deleted_passages)


class Store:
    """Owns store_dir: `table.json`, the BM25 folder, and (embedded mode) Chroma's files."""

    def __init__(self, store_dir: Path, client, embeddings, collection: str = "papers", batch_size: int = 32, segment: int = SEGMENT, reopen=None):
        self.dir = Path(store_dir)
        self.client = client
        self.embeddings = embeddings
        self.collection_name = collection
        self.batch_size = batch_size
        self.segment = segment
        self._reopen = reopen  # makes a client that re-reads the store from disk (embedded mode)
        self.written_mtime = -1.0  # mtime of the last table this process wrote
        self._collection = None
        self.sentences = SentenceVectors(self.dir / "sentences")

    @property
    def table_path(self) -> Path:
        return self.dir / "table.json"

    def collection(self):
        """The passage collection; its calls raise StoreUnavailable (naming the store) when Chroma stops answering."""
        if self._collection is None:
            from assistant.vendors import ChromaEmbeddingFunction, GuardedCollection, chroma_errors, chroma_location

            where = chroma_location(self.client)
            with chroma_errors(where):
                collection = self.client.get_or_create_collection(
                    self.collection_name,
                    embedding_function=ChromaEmbeddingFunction(self.embeddings),
                    metadata={"hnsw:space": "cosine"},
                )
            self._collection = GuardedCollection(collection, where)
        return self._collection

    def reopen(self) -> None:
        """See another process's ingest: a fresh client and collection (no-op without a reopener)."""
        if self._reopen is not None:
            self.client = self._reopen()
            self._collection = None

    def load_table(self) -> Table | None:
        if not self.table_path.exists():
            return None
        # From bytes: a decoded copy of the file (800 MB at 100k papers) is never made.
        return Table.model_validate_json(self.table_path.read_bytes())

    def table_mtime(self) -> float:
        try:
            return self.table_path.stat().st_mtime
        except FileNotFoundError:
            return 0.0

    def _write_table(self, table: Table) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        tmp = self.table_path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(table.model_dump_json(), encoding="utf-8")
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, self.table_path)

    def _existing_ids(self, ids: list[str]) -> set[str]:
        found: set[str] = set()
        col = self.collection()
        for i in range(0, len(ids), GET_BATCH):
            found.update(col.get(ids=ids[i : i + GET_BATCH], include=[])["ids"])
        return found

    def _all_ids(self) -> set[str]:
        col = self.collection()
        ids: set[str] = set()
        offset = 0
        while True:
            got = col.get(include=[], limit=GET_BATCH * 5, offset=offset)["ids"]
            ids.update(got)
            if len(got) < GET_BATCH * 5:
                return ids
            offset += len(got)

    def sync(self, papers: list[Paper], principal_author: str, reports: list[dict], progress: Callable[[int, int], None] | None = None) -> SyncReport:
        """Make the store hold exactly these papers, embedding only passages it does not have."""
        old = self.load_table()
        old_digests = {p.id: paper_digest(p) for p in old.papers} if old else {}
        new_digests = {p.id: paper_digest(p) for p in papers}
        report = SyncReport(
            added=sorted(set(new_digests) - set(old_digests)),
            updated=sorted(i for i in new_digests if i in old_digests and old_digests[i] != new_digests[i]),
            removed=sorted(set(old_digests) - set(new_digests)),
        )
        report.unchanged = len(new_digests) - len(report.added) - len(report.updated)
        # Keep only what the end of the sync compares, not the old table (a second copy of the corpus in memory).
        same_papers = old is not None and not (report.added or report.updated or report.removed)
        old_digest, old_themes = (old.digest, old.themes) if same_papers else (None, None)
        del old

        by_id = {p.id: p for p in papers}
        # 1. Embed the sentences the store does not have yet (the only model work of an ingest).
        sentences = list(dict.fromkeys(s for p in papers for s in paper_sentences(p)))
        # Shortest first: each model batch then holds sentences of about one length, so padding adds
        # 13% to the real tokens instead of 34% (measured on a synthetic 1k corpus).
        new = sorted(self.sentences.missing(sentences), key=len)
        # Each segment is written as soon as it is embedded, so an interrupted ingest resumes from there.
        for i in range(0, len(new), self.segment):
            segment = new[i : i + self.segment]
            parts = []
            for j in range(0, len(segment), self.batch_size * 4):
                parts.append(self._embed(segment[j : j + self.batch_size * 4]))
                report.embedded += len(parts[-1])
                if progress:
                    progress(report.embedded, len(new))
            import numpy as np

            self.sentences.add(segment, np.concatenate(parts))

        # 2. Passage and whole-abstract vectors from their sentences, for the passages Chroma lacks.
        passages = [pa for p in papers for pa in paper_passages(p)]
        wanted = {pa.id: pa for pa in passages}
        present = self._existing_ids(list(wanted))
        missing = [pid for pid in wanted if pid not in present]
        col = self.collection()
        for i in range(0, len(missing), GET_BATCH):
            batch = [wanted[pid] for pid in missing[i : i + GET_BATCH]]
            vectors = [self._mean_vector(by_id[pa.paper_id], pa) for pa in batch]
            col.upsert(
                ids=[pa.id for pa in batch],
                embeddings=vectors,
                documents=[pa.text for pa in batch],
                metadatas=[
                    {"paper_id": pa.paper_id, "kind": pa.kind, "is_author_work": by_id[pa.paper_id].is_author_work, "year": by_id[pa.paper_id].year or -1}
                    for pa in batch
                ],
            )

        table = Table(
            principal_author=principal_author,
            papers=papers,
            passages=passages,
            reports=reports,
            themes=compute_themes([p for p in papers if p.is_author_work], self.paper_vectors([p for p in papers if p.is_author_work])),
            built_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        )
        if not same_papers or report.changed or old_digest != table.digest or old_themes != table.themes:
            self._write_table(table)  # the switch: from here on the new table answers
            self.written_mtime = self.table_mtime()
        stale = sorted(self._all_ids() - set(wanted))
        for i in range(0, len(stale), GET_BATCH):
            col.delete(ids=stale[i : i + GET_BATCH])
        report.deleted_passages = len(stale)
        self.sentences.add([], [], keep={key(s) for s in sentences})
        self.sentences.compact()
        self.lexical(table)  # build and save BM25 now, not on the first question
        return report

    def _embed(self, texts: list[str]):
        import numpy as np

        if hasattr(self.embeddings, "embed_array"):
            return self.embeddings.embed_array(texts)
        return np.asarray(self.embeddings.embed_documents(texts), dtype=np.float32)

    def paper_vectors(self, papers: list[Paper]) -> dict:
        """Each paper's meaning: the normalised mean of its title's and sentences' vectors."""
        import numpy as np

        out = {}
        for p in papers:
            mean = self.sentences.get(paper_sentences(p)).mean(axis=0)
            out[p.id] = mean / max(float(np.linalg.norm(mean)), 1e-12)
        return out

    def _mean_vector(self, paper: Paper, passage: Passage) -> list[float]:
        import numpy as np

        texts = ([paper.title] if paper.title else []) + passage.sentences
        vectors = self.sentences.get(texts)
        mean = vectors.mean(axis=0)
        return (mean / max(float(np.linalg.norm(mean)), 1e-12)).tolist()

    def bm25_dir(self, table: Table) -> Path:
        return self.dir / "bm25" / table.digest

    def lexical(self, table: Table):
        """The BM25 index for this table: loaded from disk, or built and saved.

        Several readers and writers may meet here (a server thread and an ingest, or two processes): each saves
        into its own temporary folder and renames it into place; a folder removed under a reader is rebuilt."""
        from assistant.lexical import Lexical

        folder = self.bm25_dir(table)
        if (folder / "n_docs.json").exists():
            try:
                return Lexical.load(folder)
            except (OSError, ValueError):  # removed or replaced while being read: build it instead
                pass
        lex = Lexical.build([pa.text for pa in table.passages])
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=folder.name + ".tmp", dir=folder.parent))
        try:
            lex.save(tmp)
            os.replace(tmp, folder)
        except OSError:  # another writer saved it first, or our folder was swept: the index in memory still serves
            shutil.rmtree(tmp, ignore_errors=True)
        self._sweep_bm25(keep=folder.name)
        return lex

    def _sweep_bm25(self, keep: str) -> None:
        """Remove other tables' BM25 folders, and temporary folders abandoned for over an hour."""
        for other in (self.dir / "bm25").iterdir():
            if other.name == keep or other.name.startswith(keep + ".tmp"):
                continue
            if ".tmp" in other.name:
                try:
                    if time.time() - other.stat().st_mtime < 3600:
                        continue  # someone may be writing it now
                except OSError:
                    continue
            shutil.rmtree(other, ignore_errors=True)

    def is_empty(self) -> bool:
        table = self.load_table()
        return table is None or not table.papers
