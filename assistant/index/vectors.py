"""Sentence vectors kept beside the table: float16 segments on disk, looked up by a hash of the sentence.

Every sentence is embedded once, at ingest; passage and whole-abstract vectors are built from them
(their normalised mean), and answers re-rank sentences without embedding anything but the question.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import numpy as np

DIM = 384
KEY_BYTES = 24


def key(text: str) -> bytes:
    # Hex, not the raw digest: numpy's fixed-width bytes drop trailing NULs, so raw keys can fail to match.
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:KEY_BYTES].encode()


def keys(texts) -> np.ndarray:
    """The keys of many texts as one array (a million bytes objects would be 60 MB more)."""
    return np.fromiter((key(t) for t in texts), dtype=f"S{KEY_BYTES}")


def batching_order(texts: list[str], embeddings) -> list[str]:
    """Shortest first, by the model's own token count (by characters if it gives none): each model batch then
    holds texts of one length, so padding adds 1% to the real tokens, against 13% sorted by characters and
    34% unsorted (measured on the synthetic 1k corpus, batches of 32)."""
    counts = getattr(embeddings, "token_counts", None)
    lengths = counts(texts) if counts and texts else [len(t) for t in texts]
    return [texts[i] for i in np.argsort(lengths, kind="stable")]


class SentenceVectors:
    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._keys = np.zeros(0, dtype=f"S{KEY_BYTES}")
        self._loc = np.zeros((0, 2), dtype=np.int32)
        self._roles = np.zeros(0, dtype=np.int8)  # index/roles.py ROLES position of each sentence, -1 unlabelled
        self.roles_version = ""  # index/roles.py version() that labelled them
        self._segments: dict[int, np.ndarray] = {}
        self._loaded: tuple | None = None  # (mtime_ns, inode) of the index file read last
        self.reload()

    @property
    def index_path(self) -> Path:
        return self.folder / "index.npz"

    def reload(self) -> None:
        """Re-read the index if another writer replaced it (a new file: a new inode, whatever its mtime)."""
        try:
            st = self.index_path.stat()
        except FileNotFoundError:
            return
        stamp = (st.st_mtime_ns, st.st_ino)
        if stamp == self._loaded:
            return
        try:
            with np.load(self.index_path) as data:
                self._keys, self._loc = data["keys"], data["loc"]
                # A store written before roles existed has none: every sentence unlabelled until the next ingest.
                self._roles = data["roles"] if "roles" in data.files else np.full(len(self._keys), -1, dtype=np.int8)
                self.roles_version = str(data["roles_version"]) if "roles_version" in data.files else ""
        except FileNotFoundError:  # replaced between stat and open: the next call reads the new one
            return
        self._segments = {}
        self._loaded = stamp

    def _segment_path(self, seg: int) -> Path:
        return self.folder / f"seg-{seg}.npy"

    def segments_on_disk(self) -> list[int]:
        return sorted(
            int(m.group(1)) for p in self.folder.glob("seg-*.npy") if (m := re.fullmatch(r"seg-(\d+)\.npy", p.name))
        )

    def unreadable(self) -> list[str]:
        """Segment files the index names that are missing (empty when every stored vector can be read)."""
        named = set(np.unique(self._loc[:, 0]).tolist()) if len(self._loc) else set()
        return [
            self._segment_path(s).name
            for s in sorted(named)
            if s not in self._segments and not self._segment_path(s).exists()
        ]

    def forget_missing(self) -> int:
        """Drop index entries whose segment file is gone, so an ingest embeds those sentences again (a writer's job)."""
        lost = {int(n.split("-")[1].split(".")[0]) for n in self.unreadable()}
        if not lost:
            return 0
        keep = ~np.isin(self._loc[:, 0], list(lost))
        dropped = int((~keep).sum())
        self._write_index(self._keys[keep], self._loc[keep], self._roles[keep])
        return dropped

    def __len__(self) -> int:
        return len(self._keys)

    def _segment(self, seg: int) -> np.ndarray:
        if seg not in self._segments:
            self._segments[seg] = np.load(self._segment_path(seg), mmap_mode="r")
        return self._segments[seg]

    def _find(self, wanted) -> np.ndarray:
        """Row in the index of each key, or -1."""
        if not len(self._keys) or not len(wanted):
            return np.full(len(wanted), -1)
        q = np.asarray(wanted, dtype=f"S{KEY_BYTES}")
        pos = np.searchsorted(self._keys, q)
        pos = np.clip(pos, 0, len(self._keys) - 1)
        return np.where(self._keys[pos] == q, pos, -1)

    def missing(self, texts: list[str]) -> list[str]:
        found = self._find(keys(texts))
        return [t for t, f in zip(texts, found) if f < 0]

    def get(self, texts: list[str]) -> np.ndarray:
        """float32 vectors for the texts (rows of zeros for unknown texts).

        A segment named by the index this reader holds may have been compacted away by a writer since: the writer
        replaced the index before deleting it, so re-reading the index finds every vector in its new place."""
        for _ in range(2):
            try:
                return self._get(texts)
            except FileNotFoundError:
                self._loaded = None
                self.reload()
        # Still missing: the store was damaged outside any ingest. Rows of zeros read as "unknown" (answers embed
        # those sentences themselves, /healthz names the missing file, the next ingest embeds them again).
        return self._get(texts, skip_missing=True)

    def _get(self, texts: list[str], skip_missing: bool = False) -> np.ndarray:
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        found = self._find(keys(texts))
        at = np.flatnonzero(found >= 0)
        loc = self._loc[found[at]]
        # One fancy-index read per segment, not one slice per row (277,835 single-row reads were 31% of a topic
        # answer's time at 5k papers).
        for seg in np.unique(loc[:, 0]) if len(loc) else ():
            mine = loc[:, 0] == seg
            try:
                out[at[mine]] = self._segment(int(seg))[loc[mine, 1]]
            except FileNotFoundError:
                if not skip_missing:
                    raise
        return out

    def roles(self, texts: list[str]) -> list[int]:
        """The stored role code of each text (index/roles.py ROLES position), -1 for unknown or unlabelled."""
        return [int(self._roles[f]) if f >= 0 else -1 for f in self._find(keys(texts))]

    def set_roles(self, texts: list[str], codes, version: str | None = None) -> None:
        """Store the role codes of texts already held (others are ignored), and the labeller's version."""
        roles = self._roles.copy()
        for f, c in zip(self._find(keys(texts)), codes):
            if f >= 0:
                roles[f] = c
        if version is not None:
            self.roles_version = version
        self._write_index(self._keys, self._loc, roles)

    def add(self, texts: list[str], vectors: np.ndarray, keep=None) -> None:
        """Append a segment with new vectors; drop index entries whose key is not in `keep` (if given); switch
        atomically.

        keep: keys (an array from `keys()`, or any iterable of `key()` values). Array work throughout: at 100k
        papers the index has a million entries, and lists of them cost 250 MB at the end of an ingest."""
        self.folder.mkdir(parents=True, exist_ok=True)
        k_arr, l_arr, r_arr = self._keys, self._loc, self._roles
        if len(texts):
            seg = self._next_segment()
            tmp = self.folder / f"seg-{seg}.tmp{os.getpid()}.npy"
            np.save(tmp, np.asarray(vectors, dtype=np.float16))
            os.replace(tmp, self._segment_path(seg))
            k_arr = np.concatenate([k_arr, keys(texts)])
            l_arr = np.concatenate(
                [l_arr, np.stack([np.full(len(texts), seg), np.arange(len(texts))], axis=1).astype(np.int32)]
            )
            r_arr = np.concatenate([r_arr, np.full(len(texts), -1, dtype=np.int8)])
        if keep is not None:
            wanted = keep if isinstance(keep, np.ndarray) else np.asarray(list(keep), dtype=f"S{KEY_BYTES}")
            mask = np.isin(k_arr, wanted)
            k_arr, l_arr, r_arr = k_arr[mask], l_arr[mask], r_arr[mask]
        order = np.argsort(k_arr, kind="stable")
        k_arr, l_arr, r_arr = k_arr[order], l_arr[order].reshape(-1, 2), r_arr[order]
        # One key may appear twice if a text was re-added: keep the first.
        if len(k_arr):
            first = np.concatenate([[True], k_arr[1:] != k_arr[:-1]])
            k_arr, l_arr, r_arr = k_arr[first], l_arr[first], r_arr[first]
        self._write_index(k_arr, l_arr, r_arr)

    def _next_segment(self) -> int:
        """A number no segment ever had: a reader holding an old index must never open a different file by a reused
        name."""
        used = self.segments_on_disk() + ([int(self._loc[:, 0].max())] if len(self._loc) else [])
        return max(used, default=-1) + 1

    def _write_index(self, k_arr: np.ndarray, l_arr: np.ndarray, r_arr: np.ndarray | None = None) -> None:
        tmp = self.folder / f"index.tmp{os.getpid()}.npz"
        r_arr = np.full(len(k_arr), -1, dtype=np.int8) if r_arr is None else np.asarray(r_arr, dtype=np.int8)
        np.savez(tmp, keys=k_arr, loc=l_arr, roles=r_arr, roles_version=np.array(self.roles_version))
        os.replace(tmp, self.index_path)
        self._loaded = None
        self.reload()

    def compact(self) -> None:
        """Rewrite live rows into one segment when most stored rows are dead."""
        live = len(self._keys)
        segs = self.segments_on_disk()
        stored = sum(np.load(self._segment_path(s), mmap_mode="r").shape[0] for s in segs)
        if stored <= 2 * max(live, 1) or live == 0:
            return
        new_seg = self._next_segment()
        vectors = np.zeros((live, DIM), dtype=np.float16)
        for seg in np.unique(self._loc[:, 0]):
            mine = self._loc[:, 0] == seg
            vectors[mine] = self._segment(int(seg))[self._loc[mine, 1]]
        tmp = self.folder / f"seg-{new_seg}.tmp{os.getpid()}.npy"
        np.save(tmp, vectors)
        os.replace(tmp, self._segment_path(new_seg))
        # The new index goes in before any old segment goes: a reader that finds a segment missing re-reads the
        # index (`get`), and one holding a memory map of an old segment keeps reading it after the unlink.
        self._write_index(
            self._keys, np.stack([np.full(live, new_seg), np.arange(live)], axis=1).astype(np.int32), self._roles
        )
        for s in segs:
            self._segment_path(s).unlink(missing_ok=True)
