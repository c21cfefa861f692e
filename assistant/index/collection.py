"""The Chroma collection of passage vectors: which passages it holds, adding a table's missing ones, removing stale
ones. Texts stay out of Chroma: nothing reads them there (they cost 20% more memory and upsert time)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from assistant.index.passages import Passage
from assistant.models import Paper

GET_BATCH = 2000


class PassageCollection:
    """Wraps the guarded Chroma collection (`vendors.chroma.open_collection`): calls raise StoreUnavailable."""

    def __init__(self, collection):
        self.collection = collection

    def present(self, ids: np.ndarray) -> np.ndarray:
        """Which of these ids Chroma holds, as a boolean array (ids: a numpy array of str)."""
        mask = np.zeros(len(ids), dtype=bool)
        for i in range(0, len(ids), GET_BATCH):
            chunk = ids[i : i + GET_BATCH]
            found = self.collection.get(ids=chunk.tolist(), include=[])["ids"]
            mask[i : i + GET_BATCH] = np.isin(chunk, np.asarray(found, dtype=chunk.dtype))
        return mask

    def stale_ids(self, wanted: np.ndarray) -> list[str]:
        """Ids Chroma holds that are not in `wanted` (a numpy array of str), read a page at a time."""
        stale: list[str] = []
        offset, page = 0, GET_BATCH * 5
        while True:
            got = self.collection.get(include=[], limit=page, offset=offset)["ids"]
            if got:
                arr = np.asarray(got)
                stale += arr[~np.isin(arr, wanted)].tolist()
            if len(got) < page:
                return sorted(stale)
            offset += len(got)

    def write_graph(self) -> None:
        """Chroma applies the writes still in its log to the vector graph, and writes the graph to disk
        (`vendors.chroma.write_graph`)."""
        from assistant.vendors.chroma import write_graph

        write_graph(self.collection)

    def add(self, passages: Iterable[tuple[Paper, Passage]], vector: Callable[[Paper, Passage], np.ndarray]) -> None:
        """Upsert passages with their vectors and the metadata search filters on, GET_BATCH at a time."""
        batch: list[tuple[Paper, Passage]] = []
        for item in passages:
            batch.append(item)
            if len(batch) >= GET_BATCH:
                self._upsert(batch, vector)
                batch = []
        if batch:
            self._upsert(batch, vector)

    def _upsert(self, batch: list[tuple[Paper, Passage]], vector: Callable[[Paper, Passage], np.ndarray]) -> None:
        self.collection.upsert(
            ids=[pa.id for _, pa in batch],
            embeddings=np.stack([vector(paper, pa) for paper, pa in batch]),
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

    def delete(self, ids: list[str]) -> None:
        for i in range(0, len(ids), GET_BATCH):
            self.collection.delete(ids=ids[i : i + GET_BATCH])


def rewrite_graph_setting(collection, reopen: Callable[[], None]) -> bool:
    """A collection made before session 19 kept Chroma's default sync_threshold (1000): the passages written since
    its last sync were inserted into a new graph at every start, by several threads, so its dense candidates could
    differ between two processes. Its setting is changed (`vendors.chroma.write_graph_each_time`) and the client
    reopened, since a process that has read the collection keeps the old one; True when it was changed."""
    from assistant.vendors.chroma import write_graph_each_time

    if not write_graph_each_time(collection):
        return False
    reopen()
    return True
