"""Data derived from one paper table (acronym pairs, name indexes, the flat sentence index), computed once per
table and kept in `store/derived/<table digest>/`, so a start reads files instead of re-deriving them from every
abstract.

Measured at 5k synthetic papers: mining the acronyms, the short names and the typo index at every start took 9 s
of a 10 s cold `ask`. Each item is computed by whoever needs it (the answer side owns its rules), through `json` or
`arrays`, named with a digest of the code that makes it (`code_digest`): read when the file is there, else computed
and written, atomically, so an ingest computes them all once and a
store written before an item existed computes it on its first start and keeps it. Files are JSON or `.npy`
(read memory-mapped, never unpickled: a store folder may come from someone else).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

FOLDER = "derived"


class Derived:
    """The derived items of one table (by its digest)."""

    def __init__(self, store_dir: Path, digest: str):
        self.folder = Path(store_dir) / FOLDER / digest
        self.used: set[str] = set()  # the file names this object read or wrote

    def drop_unused(self) -> None:
        """Remove the items nobody asked this object for: what an older rule made (an ingest's clean-up, after
        asking for every item). A reader holding one memory-mapped keeps reading it after the unlink."""
        if not self.folder.is_dir():
            return
        for item in self.folder.iterdir():
            if item.name not in self.used and ".tmp" not in item.name:
                shutil.rmtree(item, ignore_errors=True) if item.is_dir() else item.unlink(missing_ok=True)

    def json(self, name: str, compute: Callable[[], Any]) -> Any:
        """The JSON value stored under `name`, or `compute()`'s, stored for next time."""
        path = self.folder / f"{name}.json"
        self.used.add(path.name)
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):  # absent, or cut short by a crash: compute it again
            pass
        value = compute()
        self._write(path, lambda tmp: tmp.write_text(json.dumps(value), encoding="utf-8"))
        return value

    def arrays(self, name: str, compute: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
        """Named arrays stored under `name/`, read memory-mapped; or `compute()`'s, stored for next time."""
        folder = self.folder / name
        self.used.add(folder.name)
        try:
            fields = json.loads((folder / "fields.json").read_text())
            return {f: np.load(folder / f"{f}.npy", mmap_mode="r") for f in fields}
        except (FileNotFoundError, ValueError):
            pass
        value = compute()

        def save(tmp: Path) -> None:
            tmp.mkdir()
            for f, arr in value.items():
                np.save(tmp / f"{f}.npy", np.ascontiguousarray(arr))
            (tmp / "fields.json").write_text(json.dumps(sorted(value)))

        self._write(folder, save)
        return value

    def _write(self, path: Path, save: Callable[[Path], None]) -> None:
        """Write beside, then rename into place: a reader sees the whole item or none. A read-only store (or one
        swept under us) still answers, from the value in memory."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
            shutil.rmtree(tmp, ignore_errors=True) if tmp.is_dir() else tmp.unlink(missing_ok=True)
            save(tmp)
            os.replace(tmp, path)
        except OSError:
            pass


def code_digest(*sources) -> str:
    """A digest of the source files whose rules make an item (modules, or data files), for its name: a changed rule
    makes a new item, where the table's digest alone would keep serving what the old rule made."""
    h = hashlib.sha1()
    for src in sources:
        h.update(Path(getattr(src, "__file__", src)).read_bytes())
    return h.hexdigest()[:8]


def sweep(store_dir: Path, keep: str) -> None:
    """Remove other tables' derived items (an ingest's clean-up, after its table is the current one); temporary
    files younger than an hour are left to the writer that may still be writing them."""
    root = Path(store_dir) / FOLDER
    if not root.is_dir():
        return
    for other in root.iterdir():
        if other.name == keep:
            continue
        try:
            if ".tmp" in other.name and time.time() - other.stat().st_mtime < 3600:
                continue
        except OSError:
            continue
        shutil.rmtree(other, ignore_errors=True)


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


def _variants(name: str) -> set[str]:
    return {name} | {name[:i] + name[i + 1 :] for i in range(len(name))}


class DeletionIndex:
    """Each long name and its one-letter deletions -> the names (the typo lookup of `answer/plan/conversation`),
    as two sorted arrays (a 64-bit hash of each variant, the name it comes from) instead of a dict of sets: at 10k
    papers the dict held ~1M variant strings and took 0.7 s to build at every start.

    `get(variant, default)` reads like the dict's; a hash collision can only add a candidate, which the caller's
    own one-edit test then rejects."""

    def __init__(self, names: list[str], hashes: np.ndarray, owners: np.ndarray):
        self.names = names
        self.hashes = hashes
        self.owners = owners

    @staticmethod
    def arrays(names: Iterable[str], min_length: int) -> tuple[list[str], dict[str, np.ndarray]]:
        """The long names (in order) and the index's arrays, for `Derived.arrays`."""
        kept = [n for n in names if len(n) >= min_length]
        pairs = [(_hash(v), i) for i, n in enumerate(kept) for v in _variants(n)]
        hashes = np.fromiter((h for h, _ in pairs), dtype=np.uint64, count=len(pairs))
        owners = np.fromiter((i for _, i in pairs), dtype=np.int32, count=len(pairs))
        order = np.argsort(hashes, kind="stable")
        return kept, {"hashes": hashes[order], "owners": owners[order]}

    def get(self, variant: str, default=None):
        if not len(self.hashes):
            return default
        h = np.uint64(_hash(variant))
        lo = int(np.searchsorted(self.hashes, h, side="left"))
        hi = int(np.searchsorted(self.hashes, h, side="right"))
        if lo == hi:
            return default
        return {self.names[int(i)] for i in self.owners[lo:hi]}

    def union(self, variants: Iterable[str]) -> set[str]:
        """The names any of `variants` comes from, in one sorted search for all of them: a `get` per variant (a
        word run's ~10 deletions) cost ~40 us each, 9 ms of a question's planning on the seeds (cProfile)."""
        if not len(self.hashes):
            return set()
        keys = np.fromiter((_hash(v) for v in variants), dtype=np.uint64)
        lo = np.searchsorted(self.hashes, keys, side="left")
        hi = np.searchsorted(self.hashes, keys, side="right")
        return {self.names[int(i)] for a, b in zip(lo.tolist(), hi.tolist()) if a < b for i in self.owners[a:b]}


def deletion_index(derived: Derived, names: Iterable[str], min_length: int) -> DeletionIndex:
    """The typo index over `names` (their long ones), read from the store or built and stored."""
    kept = [n for n in names if len(n) >= min_length]
    # Named by the names themselves (and this code): the arrays point into `kept` by position, so names made by a
    # changed rule must never meet an index built from the old ones.
    h = hashlib.sha1("\n".join(kept).encode("utf-8"))
    h.update(code_digest(sys.modules[__name__]).encode())
    arrays = derived.arrays(f"deletions-{h.hexdigest()[:12]}", lambda: DeletionIndex.arrays(kept, min_length)[1])
    return DeletionIndex(kept, arrays["hashes"], arrays["owners"])
