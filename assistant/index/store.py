"""The store: owns store_dir (the table, BM25 folders, sentence vectors, embedded Chroma's files) and syncs it to
the papers an ingest hands it, as a short sequence of named steps.

Ingest adds the new passages to Chroma first, then switches the table, then deletes stale
passages: a crash at any point leaves the previous table answering, because retrieval only
trusts passages the current table names.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from assistant.index.collection import PassageCollection, rewrite_graph_setting
from assistant.index.lock import WriterLock, sweep_stale_files
from assistant.index.passages import Passage, paper_passages, paper_sentences
from assistant.index.roles import RoleLabeller, positions_in
from assistant.index.roles import version as roles_version
from assistant.index.sync_records import Changes, Embedded, SyncReport, Written
from assistant.index.table import (
    TABLE_FILE,
    Table,
    Theme,
    load_table,
    paper_digest,
    papers_in,
    read_header,
    table_digests,
    write_table,
)
from assistant.index.vectors import SentenceVectors, batching_order, keys
from assistant.models import Paper

SEGMENT = 8192  # sentences per stored vector segment
EMBED_PAPERS = 1000  # papers whose new sentences are embedded together (a segment or two)


def _release_freed_memory() -> None:
    """Hand the heap's freed pages back to the system (glibc keeps them otherwise; a no-op elsewhere)."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


class Store:
    """Owns store_dir: `table.jsonl`, the BM25 folder, the sentence vectors, and (embedded mode) Chroma's files."""

    def __init__(
        self,
        store_dir: Path,
        client,
        embeddings,
        collection: str = "papers",
        batch_size: int = 32,
        segment: int = SEGMENT,
        reopen=None,
        embed_papers: int = EMBED_PAPERS,
    ):
        self.dir = Path(store_dir)
        self.client = client
        self.embeddings = embeddings
        self.collection_name = collection
        self.batch_size = batch_size
        self.segment = segment
        self.embed_papers = embed_papers
        self._reopen = reopen  # makes a client that re-reads the store from disk (embedded mode)
        self.written_mtime = -1.0  # mtime of the last table this process wrote
        self._collection = None
        self._roles: RoleLabeller | None = None  # made on the first ingest that has sentences to label
        self.sentences = SentenceVectors(self.dir / "sentences")
        self._lock = WriterLock(self.dir)

    def writing(self) -> AbstractContextManager[None]:
        """One writer at a time per store, across processes and threads, held for the whole ingest (WriterLock)."""
        return self._lock.held()

    @property
    def table_path(self) -> Path:
        return self.dir / TABLE_FILE

    def collection(self):
        """The passage collection; its calls raise StoreUnavailable (naming the store) when Chroma stops answering."""
        if self._collection is None:
            from assistant.vendors.chroma import open_collection

            self._collection = open_collection(self.client, self.collection_name, self.embeddings)
        return self._collection

    def reopen(self) -> None:
        """See another process's ingest: a fresh client and collection (no-op without a reopener)."""
        if self._reopen is not None:
            self.client = self._reopen()
            self._collection = None

    def load_table(self) -> Table | None:
        return load_table(self.table_path)

    def table_mtime(self) -> float:
        try:
            return self.table_path.stat().st_mtime
        except FileNotFoundError:
            return 0.0

    def is_empty(self) -> bool:
        """True without a current table or with one of no papers (reads the header line only)."""
        try:
            with open(self.table_path, "rb") as fh:
                header = read_header(fh)
        except FileNotFoundError:
            return True
        return header is None or not header["papers"]

    # --- sync: the steps of an ingest, in order ----------------------------------------------------------------
    def embed_sentences(self, papers: list[Paper], progress: Callable[[int, int], None] | None = None) -> Embedded:
        """Step 1: embed the sentences the store does not have yet (the only model work of an ingest). Before the
        themes, which are computed from these vectors by the caller.

        A chunk of papers at a time, each chunk's new sentences shortest first: batches still hold texts of one
        length, and the pace is even from the first paper to the last. Sorted over the whole corpus, the first tenth
        of the sentences averaged 11.5 word-pieces and the last tenth 70 (synthetic 3k corpus): sentences/s fell
        sixfold through an ingest, and an interrupted one had embedded the short half of every paper."""
        with self.writing():
            self._prepare()
            sentences = list(dict.fromkeys(s for p in papers for s in paper_sentences(p)))
            live = keys(sentences)
            missing = set(self.sentences.missing(sentences))
            total, count = len(missing), 0
            for at in range(0, len(papers), self.embed_papers):
                chunk = [s for p in papers[at : at + self.embed_papers] for s in paper_sentences(p) if s in missing]
                new = batching_order(list(dict.fromkeys(chunk)), self.embeddings)
                missing.difference_update(new)
                # Each segment is written as soon as it is embedded, so an interrupted ingest resumes from there.
                for i in range(0, len(new), self.segment):
                    segment = new[i : i + self.segment]
                    parts = []
                    for j in range(0, len(segment), self.batch_size * 4):
                        parts.append(self.embed(segment[j : j + self.batch_size * 4]))
                        count += len(parts[-1])
                        if progress:
                            progress(count, total)
                    self.sentences.add(segment, np.concatenate(parts))
            self.label_roles(sentences, positions_in(papers))
            return Embedded(live, count)

    def label_roles(self, sentences: list[str], positions: dict | None = None, chunk: int = 20_000) -> int:
        """Give each stored sentence without a role its role (index/roles.py), from its cues and its stored vector;
        returns how many were labelled. Re-running labels nothing new: roles are stored with the vectors."""
        current = roles_version()
        if self.sentences.roles_version != current:
            todo = sentences  # labelled by another version of the cues or prototypes: all again
        else:
            todo = [t for t, r in zip(sentences, self.sentences.roles(sentences)) if r < 0]
        if not todo:
            return 0
        if self._roles is None:
            self._roles = RoleLabeller(self.embed)
        for i in range(0, len(todo), chunk):
            part = todo[i : i + chunk]
            self.sentences.set_roles(part, self._roles.codes(part, self.sentences.get(part), positions), current)
        return len(todo)

    def sync(
        self,
        papers: list[Paper],
        principal_author: str,
        reports: list[dict],
        themes: list[Theme] | None = None,
        embedded: Embedded | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> SyncReport:
        """Make the store hold exactly these papers and themes, embedding only sentences it does not have
        (`embedded`: the caller already ran `embed_sentences`, to compute the themes).

        The list is emptied once the new table is written (not yet switched in): Chroma's part re-reads the
        papers it needs from that file a line at a time, so the parsed records (900 MB at 100k papers) and
        Chroma's index (1 GB as it grows) are never in memory together."""
        with self.writing():
            embedded = embedded or self.embed_sentences(papers, progress)
            changes = self._diff(papers)
            written = self._write_new_table(papers, principal_author, reports, themes or [])  # empties `papers`
            report = SyncReport(
                added=changes.added.tolist(),
                updated=changes.updated.tolist(),
                removed=changes.removed.tolist(),
                unchanged=changes.unchanged,
                embedded=embedded.count,
            )
            try:
                self._build_bm25(written)
                report.graph_rewritten = rewrite_graph_setting(self.collection(), self.reopen)
                self._add_missing_passages(written)
                if self._should_switch(changes, written, report):
                    self._switch_table(written.path)  # from here on the new table answers
            finally:
                written.path.unlink(missing_ok=True)  # not switched in (unchanged, or Chroma failed): the current stays
            report.deleted_passages = self._clean_up(written, embedded.live)
            if report.graph_rewritten:  # the log applied and the graph written now, not at the next start
                PassageCollection(self.collection()).write_graph()
            return report

    def _prepare(self) -> None:
        sweep_stale_files(self.dir)
        self.sentences.reload()  # another process may have written since this object read the index
        self.sentences.forget_missing()  # vectors whose segment file is gone are embedded again, not trusted

    def _diff(self, papers: list[Paper]) -> Changes:
        old_header, old_digests = table_digests(self.table_path)
        new_digests = {p.id: paper_digest(p) for p in papers}
        added = sorted(set(new_digests) - set(old_digests))
        updated = sorted(i for i in new_digests if i in old_digests and old_digests[i] != new_digests[i])
        removed = sorted(set(old_digests) - set(new_digests))
        return Changes(
            *(np.asarray(ids, dtype=str) for ids in (added, updated, removed)),
            unchanged=len(new_digests) - len(added) - len(updated),
            old_header=old_header,
        )

    def _write_new_table(
        self, papers: list[Paper], principal_author: str, reports: list[dict], themes: list[Theme]
    ) -> Written:
        """Step 2: the new table (papers, passage references, themes) beside the current one; then the papers go.
        Full passages are re-derived when needed, never all held at once: at 100k papers they were 600 MB."""
        refs = [pa.ref() for p in papers for pa in paper_passages(p)]
        table = Table(
            principal_author=principal_author,
            papers=papers,
            passages=refs,
            reports=reports,
            themes=themes,
            built_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        self.dir.mkdir(parents=True, exist_ok=True)
        path = self.table_path.with_suffix(f".tmp{os.getpid()}")
        write_table(table, path)
        position = {p.id: i for i, p in enumerate(papers)}
        written = Written(
            path=path,
            digest=table.digest,
            themes=table.themes,
            reports=table.reports,
            ref_ids=np.asarray([r.id for r in refs], dtype=str),
            ref_paper=np.asarray([position[r.paper_id] for r in refs], dtype=np.int32),
        )
        del table, refs, position
        papers.clear()  # the records go; what follows reads them back from the file, a line at a time
        _release_freed_memory()
        return written

    def _build_bm25(self, written: Written) -> None:
        """Step 3: BM25 before the Chroma upsert, while Chroma's memory is still small (its words are transient)."""
        folder = self.dir / "bm25" / written.digest
        if not (folder / "n_docs.json").exists():
            from assistant.index.bm25 import build_and_save

            texts = (pa.text for _, paper in papers_in(written.path) for pa in paper_passages(paper))
            build_and_save(folder, texts, len(written.ref_ids))
            _release_freed_memory()

    def _add_missing_passages(self, written: Written) -> None:
        """Step 4: passage and whole-abstract vectors, means of their sentences' vectors, for the passages Chroma
        lacks; only the papers that lack some are read back."""
        col = PassageCollection(self.collection())
        present = col.present(written.ref_ids)
        lacking = set(written.ref_paper[~present].tolist())
        have = set(written.ref_ids[present & np.isin(written.ref_paper, list(lacking))].tolist())  # theirs it has
        del present
        if lacking:
            missing = (
                (paper, pa)
                for _, paper in papers_in(written.path, lacking)
                for pa in paper_passages(paper)
                if pa.id not in have
            )
            col.add(missing, self._mean_vector)

    def _should_switch(self, changes: Changes, written: Written, report: SyncReport) -> bool:
        """An unchanged corpus keeps its table file (and its mtime: servers do not reload for nothing)."""
        old = changes.old_header
        return (
            not changes.same_papers
            or report.changed
            or old["digest"] != written.digest
            or [Theme.model_validate(t) for t in old["themes"]] != written.themes
            # what the reports tell answers: figures, a page's statements, the manifest's description and owner
            or [r | {"warnings": 0} for r in old.get("reports", [])] != [r | {"warnings": 0} for r in written.reports]
        )

    def _switch_table(self, written: Path) -> None:
        os.replace(written, self.table_path)
        (self.dir / "table.json").unlink(missing_ok=True)  # version 1's file
        self.written_mtime = self.table_mtime()

    def _clean_up(self, written: Written, live: np.ndarray) -> int:
        """Step 5, after the switch: stale passages, vectors of sentences no paper has, other BM25 folders.
        Returns the number of passages deleted from Chroma."""
        col = PassageCollection(self.collection())
        stale = col.stale_ids(written.ref_ids)
        col.delete(stale)
        self.sentences.add([], [], keep=live)
        self.sentences.compact()
        from assistant.index.bm25 import sweep

        sweep(self.dir / "bm25", keep=written.digest)
        from assistant.index.derived import sweep as sweep_derived

        sweep_derived(self.dir, keep=written.digest)
        return len(stale)

    # --- vectors -----------------------------------------------------------------------------------------------
    def embed(self, texts: list[str]) -> np.ndarray:
        """Texts through the embedding model, as a float32 array."""
        if hasattr(self.embeddings, "embed_array"):
            return self.embeddings.embed_array(texts)
        return np.asarray(self.embeddings.embed_documents(texts), dtype=np.float32)

    def paper_vectors(self, papers: list[Paper]) -> dict:
        """Each paper's meaning: the normalised mean of its title's and sentences' vectors."""
        out = {}
        for p in papers:
            mean = self.sentences.get(paper_sentences(p)).mean(axis=0)
            out[p.id] = mean / max(float(np.linalg.norm(mean)), 1e-12)
        return out

    def _mean_vector(self, paper: Paper, passage: Passage) -> np.ndarray:
        texts = ([paper.title] if paper.title else []) + passage.sentences
        mean = self.sentences.get(texts).mean(axis=0)
        return mean / max(float(np.linalg.norm(mean)), 1e-12)

    # --- BM25 --------------------------------------------------------------------------------------------------
    def bm25_dir(self, table: Table) -> Path:
        return self.dir / "bm25" / table.digest

    def lexical(self, table: Table):
        """The BM25 index for this table: loaded from disk, or built from the papers in the table's order and saved
        (`bm25.load_or_build`)."""
        from assistant.index.bm25 import load_or_build

        texts = (pa.text for p in table.papers for pa in paper_passages(p))
        return load_or_build(self.bm25_dir(table), texts, len(table.passages))
