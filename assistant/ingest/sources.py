"""Add one file to a corpus folder while the server runs: read it alone first, keep it only if it reads, re-ingest."""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from assistant.errors import SourceRejected
from assistant.ingest.cache import ParseCache
from assistant.ingest.manifest import MANIFEST_NAME, load_manifest
from assistant.ingest.pipeline import FileReport, parse_file

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
MAX_NAME = 100
# One upload ingests at a time in a process; a second waits rather than racing the table switch.
_LOCK = threading.Lock()


@dataclass
class AddedSource:
    file: str  # the name it was stored under
    report: FileReport  # after merging with the corpus: entries read, merged, warnings with lines
    papers: int
    author_papers: int
    added: list[str]
    updated: list[str]
    unchanged: int
    seconds: float


def safe_name(name: str) -> str:
    """A plain file name from whatever the client sent (no folders, no hidden files, no manifest)."""
    base = _UNSAFE.sub("_", Path(name.replace("\\", "/")).name).strip("._") or "upload"
    base = base[:MAX_NAME]
    if base == MANIFEST_NAME:
        raise SourceRejected(f"{name!r} would replace the corpus manifest; upload source files only.")
    return base


def check(name: str, data: bytes, folder: Path, cache: ParseCache | None = None) -> FileReport:
    """Parse the file on its own with the corpus manifest; refuse it when no entry can be read. With the store's
    parse cache, the ingest that follows reads this parse instead of repeating it."""
    manifest = load_manifest(folder)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data)
        entries, report = parse_file(path, manifest, cache)
    if not entries:
        reasons = "; ".join(str(w) for w in report.warnings) or "no entries found"
        raise SourceRejected(f"{name}: nothing could be read, so nothing was added ({reasons}).")
    return report


def _target(folder: Path, name: str, data: bytes) -> tuple[Path, bool]:
    """Where to store the file, and whether the same bytes are already there (then nothing is written)."""
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    digest = hashlib.sha1(data).hexdigest()
    for k in range(1, 1000):
        candidate = folder / (name if k == 1 else f"{stem}-{k}{dot}{ext}")
        if not candidate.exists():
            return candidate, False
        if hashlib.sha1(candidate.read_bytes()).hexdigest() == digest:
            return candidate, True
    raise SourceRejected(f"Too many files named like {name!r} in the corpus; rename the file.")


PARTIAL = ".part"


def _write_whole(path: Path, data: bytes) -> None:
    """Write under a hidden temporary name (ingest skips hidden files), flush it to disk, then rename: the corpus
    never holds part of an upload, even after a crash (a rename before the data is on disk can leave an empty or
    short file under the real name)."""
    tmp = path.with_name(f".{path.name}{PARTIAL}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)  # the rename itself
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _remove_partial(folder: Path) -> None:
    """Uploads a killed server left half-written (`.name.part`): never ingested, removed at the next upload."""
    for stale in folder.glob(f".*{PARTIAL}"):
        stale.unlink(missing_ok=True)


def add_source(assistant, folder: Path, name: str, data: bytes) -> AddedSource:
    """Store `data` in `folder` as `name` (or a free variant) and re-ingest the folder; on failure the file is removed.

    The re-ingest is incremental in what costs: unchanged papers keep their vectors and only the new
    papers' sentences are embedded (the store's sync), so the running server and its workers switch to
    the new table as they do after any ingest.
    """
    name = safe_name(name)
    check(name, data, folder, assistant.parse_cache())
    with _LOCK:
        _remove_partial(folder)
        path, present = _target(folder, name, data)
        if not present:
            _write_whole(path, data)
        try:
            result = assistant.ingest([folder])
        except BaseException:
            if not present:
                path.unlink(missing_ok=True)
            raise
    (report,) = [r for r in result.reports if r.file == path.name]
    s = result.sync
    return AddedSource(
        file=path.name,
        report=report,
        papers=result.papers,
        author_papers=result.author_papers,
        added=[str(x) for x in s.added],
        updated=[str(x) for x in s.updated],
        unchanged=s.unchanged,
        seconds=result.seconds,
    )
