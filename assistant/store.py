"""The paper table (a JSON-lines file switched atomically) and the Chroma collection of passage vectors.

Ingest adds the new passages to Chroma first, then switches the table, then deletes stale
passages: a crash at any point leaves the previous table answering, because retrieval only
trusts passages the current table names.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, Field

from assistant.errors import StoreBusy
from assistant.models import Paper
from assistant.passages import Passage, PassageRef, paper_passages, paper_sentences
from assistant.themes import Theme, compute_themes
from assistant.vectors import SentenceVectors, batching_order, keys

TABLE_VERSION = 2  # 2: JSON lines, passages as references (their text is re-derived from the papers)
TABLE_FILE = "table.jsonl"
LOCK_FILE = "ingest.lock"
GET_BATCH = 2000
SEGMENT = 8192  # sentences per stored vector segment


class Table(BaseModel):
    """What an ingest produced: papers, their passages, and the per-file report."""

    version: int = TABLE_VERSION
    principal_author: str
    papers: list[Paper]
    passages: list[PassageRef]  # in BM25's document order
    reports: list[dict] = Field(default_factory=list)
    themes: list[Theme] = Field(default_factory=list)  # the principal author's research themes, recomputed each ingest
    built_at: str = ""

    @cached_property  # a table is not changed once built; load_table fills it from the file's header
    def digest(self) -> str:
        h = hashlib.sha1()
        for p in self.passages:
            h.update(p.id.encode())
        for p in self.papers:
            h.update(paper_digest(p).encode())
        return h.hexdigest()[:16]


def _release_freed_memory() -> None:
    """Hand the heap's freed pages back to the system (glibc keeps them otherwise; a no-op elsewhere)."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


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
    ):
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
        self._writing = 0  # depth of `writing()` in this object (an ingest calls sync inside it)
        self._writing_guard = threading.Lock()

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """One writer at a time per store, across processes and threads: an exclusive lock on `ingest.lock`, held
        for the whole ingest. A second writer is refused at once, with the holder's pid (it does not wait: an ingest
        can take minutes, and a second one started by mistake should say so rather than hang)."""
        with self._writing_guard:
            if self._writing:
                self._writing += 1
                fh = None
            else:
                fh = self._lock()
                self._writing = 1
        try:
            yield
        finally:
            with self._writing_guard:
                self._writing -= 1
                if fh is not None:
                    fh.close()  # closing the descriptor releases the lock, also if the process dies

    def _lock(self):
        try:
            import fcntl
        except ImportError:  # not POSIX: no cross-process lock (documented in the README)
            return None
        self.dir.mkdir(parents=True, exist_ok=True)
        fh = open(self.dir / LOCK_FILE, "a+")
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.seek(0)
            holder = fh.read().strip() or "unknown"
            fh.close()
            raise StoreBusy(
                f"Another ingest (process {holder}) is writing to the store at {self.dir}: wait "
                f"for it to finish, then run "
                "`assistant ingest` again (two writers at once would lose each other's vectors)."
            ) from None
        fh.seek(0)
        fh.truncate()
        fh.write(str(os.getpid()))
        fh.flush()
        return fh

    def sweep_stale_files(self) -> list[Path]:
        """Remove temporary files (`table.tmp<pid>`, `sentences/*.tmp<pid>*`) left by writers that died; call it
        holding the writer lock. A file whose process is still alive is left alone."""
        removed = []
        for path in [*self.dir.glob("table.tmp*"), *(self.dir / "sentences").glob("*.tmp*")]:
            m = re.search(r"\.tmp(\d+)", path.name)
            if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
                path.unlink(missing_ok=True)
                removed.append(path)
        return removed

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

    @staticmethod
    def _header(fh) -> dict | None:
        """The table file's first line (version, counts, digest), or None when it is not a current table."""
        try:
            header = json.loads(fh.readline())
        except ValueError:
            return None
        return header if isinstance(header, dict) and header.get("version") == TABLE_VERSION else None

    def load_table(self) -> Table | None:
        """Read line by line: at 100k papers a whole-file copy (250 MB) beside the records is never made."""
        try:
            fh = open(self.table_path, "rb")
        except FileNotFoundError:
            return None
        with fh:
            header = self._header(fh)
            if header is None:
                return None
            papers = [Paper.model_validate_json(fh.readline()) for _ in range(header["papers"])]
            passages = [
                PassageRef(i, papers[p].id, k)
                for i, p, k in (json.loads(fh.readline()) for _ in range(header["passages"]))
            ]
        table = Table.model_construct(
            version=TABLE_VERSION,
            principal_author=header["principal_author"],
            papers=papers,
            passages=passages,
            reports=header["reports"],
            themes=[Theme.model_validate(t) for t in header["themes"]],
            built_at=header["built_at"],
        )
        table.__dict__["digest"] = header["digest"]  # the cached_property's slot: 100k paper digests are not recomputed
        return table

    def _table_digests(self) -> tuple[dict | None, dict[str, str]]:
        """The current table's header and each paper's digest, without building the papers (a line is
        exactly `model_dump_json()`, so its hash is `paper_digest`)."""
        try:
            fh = open(self.table_path, "rb")
        except FileNotFoundError:
            return None, {}
        with fh:
            header = self._header(fh)
            if header is None:
                return None, {}
            digests = {}
            for _ in range(header["papers"]):
                line = fh.readline().rstrip(b"\n")
                digests[json.loads(line)["id"]] = hashlib.sha1(line).hexdigest()
        return header, digests

    def table_mtime(self) -> float:
        try:
            return self.table_path.stat().st_mtime
        except FileNotFoundError:
            return 0.0

    def _write_table(self, table: Table) -> Path:
        """Write the table beside the current one (`_switch_table` puts it in place), one line per record as it
        goes: a whole-table JSON string was 3x the file at its peak."""
        self.dir.mkdir(parents=True, exist_ok=True)
        tmp = self.table_path.with_suffix(f".tmp{os.getpid()}")
        index = {p.id: i for i, p in enumerate(table.papers)}
        header = {
            "version": TABLE_VERSION,
            "principal_author": table.principal_author,
            "built_at": table.built_at,
            "papers": len(table.papers),
            "passages": len(table.passages),
            "digest": table.digest,
            "reports": table.reports,
            "themes": [t.model_dump(mode="json") for t in table.themes],
        }
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(header) + "\n")
            for p in table.papers:
                fh.write(p.model_dump_json() + "\n")
            for pa in table.passages:
                fh.write(json.dumps([pa.id, index[pa.paper_id], pa.kind]) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        return tmp

    def _switch_table(self, written: Path) -> None:
        os.replace(written, self.table_path)
        (self.dir / "table.json").unlink(missing_ok=True)  # version 1's file
        self.written_mtime = self.table_mtime()

    def _present(self, ids):
        """Which of these ids Chroma holds, as a boolean array (ids: a numpy array of str)."""
        import numpy as np

        col = self.collection()
        mask = np.zeros(len(ids), dtype=bool)
        for i in range(0, len(ids), GET_BATCH):
            chunk = ids[i : i + GET_BATCH]
            found = col.get(ids=chunk.tolist(), include=[])["ids"]
            mask[i : i + GET_BATCH] = np.isin(chunk, np.asarray(found, dtype=chunk.dtype))
        return mask

    def _stale_ids(self, wanted) -> list[str]:
        """Ids Chroma holds that are not in `wanted` (a numpy array of str), read a page at a time."""
        import numpy as np

        col = self.collection()
        stale: list[str] = []
        offset, page = 0, GET_BATCH * 5
        while True:
            got = col.get(include=[], limit=page, offset=offset)["ids"]
            if got:
                arr = np.asarray(got)
                stale += arr[~np.isin(arr, wanted)].tolist()
            if len(got) < page:
                return sorted(stale)
            offset += len(got)

    def _papers_in(self, path: Path, wanted: set[int] | None = None):
        """(position, paper) for the papers of a table file, or only those at the `wanted` positions, a line at
        a time."""
        with open(path, "rb") as fh:
            header = self._header(fh)
            for i in range(header["papers"] if header else 0):
                line = fh.readline()
                if wanted is None or i in wanted:
                    yield i, Paper.model_validate_json(line)

    def sync(
        self,
        papers: list[Paper],
        principal_author: str,
        reports: list[dict],
        progress: Callable[[int, int], None] | None = None,
    ) -> SyncReport:
        """Make the store hold exactly these papers, embedding only passages it does not have.

        The list is emptied once the new table is written (not yet switched in): Chroma's part re-reads the
        papers it needs from that file a line at a time, so the parsed records (900 MB at 100k papers) and
        Chroma's index (1 GB as it grows) are never in memory together."""
        with self.writing():
            return self._sync(papers, principal_author, reports, progress)

    def _sync(self, papers: list[Paper], principal_author: str, reports: list[dict], progress=None) -> SyncReport:
        import numpy as np

        self.sweep_stale_files()
        self.sentences.reload()  # another process may have written since this object read the index
        self.sentences.forget_missing()  # vectors whose segment file is gone are embedded again, not trusted
        old_header, old_digests = self._table_digests()
        new_digests = {p.id: paper_digest(p) for p in papers}
        added = sorted(set(new_digests) - set(old_digests))
        updated = sorted(i for i in new_digests if i in old_digests and old_digests[i] != new_digests[i])
        removed = sorted(set(old_digests) - set(new_digests))
        report = SyncReport(unchanged=len(new_digests) - len(added) - len(updated))
        same_papers = old_header is not None and not (added or updated or removed)
        # Arrays until the papers are gone: lists of the papers' own id strings would pin the memory they were
        # parsed into (measured: a list of the 100k new ids kept 143 MB pinned after the papers were freed).
        changes = [np.asarray(ids, dtype=str) for ids in (added, updated, removed)]
        del old_digests, new_digests, added, updated, removed

        # 1. Embed the sentences the store does not have yet (the only model work of an ingest).
        sentences = list(dict.fromkeys(s for p in papers for s in paper_sentences(p)))
        live = keys(sentences)  # what the sentence store keeps at the end
        new = batching_order(self.sentences.missing(sentences), self.embeddings)
        del sentences
        # Each segment is written as soon as it is embedded, so an interrupted ingest resumes from there.
        for i in range(0, len(new), self.segment):
            segment = new[i : i + self.segment]
            parts = []
            for j in range(0, len(segment), self.batch_size * 4):
                parts.append(self._embed(segment[j : j + self.batch_size * 4]))
                report.embedded += len(parts[-1])
                if progress:
                    progress(report.embedded, len(new))
            self.sentences.add(segment, np.concatenate(parts))
        del new

        # 2. The new table: papers, passage references (full passages are re-derived when needed, never all
        #    held at once: at 100k papers they were 600 MB), themes. Written beside the current one.
        refs = [pa.ref() for p in papers for pa in paper_passages(p)]
        author_papers = [p for p in papers if p.is_author_work]
        table = Table(
            principal_author=principal_author,
            papers=papers,
            passages=refs,
            reports=reports,
            themes=compute_themes(author_papers, self.paper_vectors(author_papers), embed=self._embed),
            built_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        del author_papers
        switch = (
            not same_papers
            or report.changed
            or old_header["digest"] != table.digest
            or [Theme.model_validate(t) for t in old_header["themes"]] != table.themes
        )
        written = self._write_table(table)
        digest, bm25_folder = table.digest, self.bm25_dir(table)
        # What the rest needs, as arrays: Python objects kept from here would pin the memory the papers were in.
        position = {p.id: i for i, p in enumerate(papers)}
        ref_ids = np.asarray([r.id for r in refs], dtype=str)
        ref_paper = np.asarray([position[r.paper_id] for r in refs], dtype=np.int32)
        del table, refs, position
        papers.clear()  # the records go; what follows reads them back from `written`, a line at a time
        _release_freed_memory()
        report.added, report.updated, report.removed = (ids.tolist() for ids in changes)

        try:
            # 3. BM25 before the Chroma upsert, while Chroma's memory is still small (its words are transient).
            if not (bm25_folder / "n_docs.json").exists():
                self._build_lexical(
                    bm25_folder,
                    (pa.text for _, paper in self._papers_in(written) for pa in paper_passages(paper)),
                    len(ref_ids),
                )
                _release_freed_memory()

            # 4. Passage and whole-abstract vectors from their sentences, for the passages Chroma lacks. Texts stay
            #    out of Chroma: nothing reads them there (they cost 20% more memory and upsert time).
            present = self._present(ref_ids)
            lacking = set(ref_paper[~present].tolist())
            have = set(
                ref_ids[present & np.isin(ref_paper, list(lacking))].tolist()
            )  # a lacking paper's passages Chroma has
            del present
            col = self.collection()
            batch: list[tuple[Paper, Passage]] = []

            def flush() -> None:
                col.upsert(
                    ids=[pa.id for _, pa in batch],
                    embeddings=np.stack([self._mean_vector(paper, pa) for paper, pa in batch]),
                    metadatas=[
                        {
                            "paper_id": pa.paper_id,
                            "kind": pa.kind,
                            "is_author_work": paper.is_author_work,
                            "year": paper.year or -1,
                        }
                        for paper, pa in batch
                    ],
                )
                batch.clear()

            for _, paper in self._papers_in(written, lacking) if lacking else ():
                batch += [(paper, pa) for pa in paper_passages(paper) if pa.id not in have]
                if len(batch) >= GET_BATCH:
                    flush()
            if batch:
                flush()
            del lacking, have

            # 5. The switch, then the clean-up: stale passages, vectors of sentences no paper has, other BM25 folders.
            if switch:
                self._switch_table(written)  # from here on the new table answers
        finally:
            written.unlink(missing_ok=True)  # not switched in (unchanged, or Chroma failed): the current table stays
        stale = self._stale_ids(ref_ids)
        for i in range(0, len(stale), GET_BATCH):
            col.delete(ids=stale[i : i + GET_BATCH])
        report.deleted_passages = len(stale)
        self.sentences.add([], [], keep=live)
        self.sentences.compact()
        self._sweep_bm25(keep=digest)
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

    def _mean_vector(self, paper: Paper, passage: Passage):
        import numpy as np

        texts = ([paper.title] if paper.title else []) + passage.sentences
        vectors = self.sentences.get(texts)
        mean = vectors.mean(axis=0)
        return mean / max(float(np.linalg.norm(mean)), 1e-12)

    def bm25_dir(self, table: Table) -> Path:
        return self.dir / "bm25" / table.digest

    def lexical(self, table: Table):
        """The BM25 index for this table: loaded from disk, or built and saved.

        Several readers and writers may meet here (a server thread and an ingest, or two processes): each saves
        into its own temporary folder and renames it into place; a folder removed under a reader is rebuilt.
        Only an ingest removes other tables' folders, once its table is the current one (`_sweep_bm25`)."""
        from assistant.lexical import Lexical

        folder = self.bm25_dir(table)
        if (folder / "n_docs.json").exists():
            try:
                return Lexical.load(folder)
            except (OSError, ValueError):  # removed or replaced while being read: build it instead
                pass
        # Re-derived from the papers in the table's order and fed to the chunked build as they come: at 100k
        # papers a list of every passage text would be 480 MB.
        return self._build_lexical(
            folder, (pa.text for p in table.papers for pa in paper_passages(p)), len(table.passages)
        )

    def _build_lexical(self, folder: Path, texts, n_passages: int):
        from assistant.lexical import Lexical

        lex = Lexical.build(texts)
        assert lex.n_docs == n_passages, "passages re-derived from the papers differ from the table's"
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=folder.name + ".tmp", dir=folder.parent))
        try:
            lex.save(tmp)
            os.replace(tmp, folder)
        except OSError:  # another writer saved it first, or our folder was swept: the index in memory still serves
            shutil.rmtree(tmp, ignore_errors=True)
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
        """True without a current table or with one of no papers (reads the header line only)."""
        try:
            with open(self.table_path, "rb") as fh:
                header = self._header(fh)
        except FileNotFoundError:
            return True
        return header is None or not header["papers"]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True
