"""The typed records a store's sync hands between its steps (`index/store.py`) and reports to the caller."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from assistant.index.table import Theme


@dataclass
class SyncReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    embedded: int = 0
    deleted_passages: int = 0
    graph_rewritten: bool = False  # a collection made before session 19 now writes its graph (index/collection.py)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.removed or self.embedded or self.deleted_passages)


@dataclass
class Embedded:
    """What the embedding step hands on: the keys of every sentence of the papers (what the sentence store keeps
    at the end) and how many sentences were new."""

    live: np.ndarray
    count: int


@dataclass
class Changes:
    """Paper ids added, updated and removed since the current table. Arrays, not lists, until the papers are gone:
    lists of the papers' own id strings would pin the memory they were parsed into (measured: a list of the 100k
    new ids kept 143 MB pinned after the papers were freed)."""

    added: np.ndarray
    updated: np.ndarray
    removed: np.ndarray
    unchanged: int
    old_header: dict | None

    @property
    def same_papers(self) -> bool:
        return self.old_header is not None and not (len(self.added) or len(self.updated) or len(self.removed))


@dataclass
class Written:
    """The new table, written beside the current one, and what the rest of a sync needs of it: arrays, since
    Python objects kept from the papers would pin the memory they were in."""

    path: Path
    digest: str
    themes: list[Theme]
    reports: list[dict]  # the per-file ingest reports (with a profile page's stated figures)
    ref_ids: np.ndarray  # passage ids in the table's order
    ref_paper: np.ndarray  # each passage's paper, as its position in the file
