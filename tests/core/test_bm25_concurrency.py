"""The BM25 folder is shared by every reader and writer of a store: threads of one process (a server and an ingest)
that build it at once, or a reader whose folder is swept away, all get a working index and no error."""

from __future__ import annotations

import shutil
import threading

from assistant import vendors
from assistant.index.store import Store
from assistant.settings import Settings
from tests.conftest import SEEDS


def _store(store_dir, shared) -> Store:
    settings = Settings(store_dir=store_dir, seeds_dir=SEEDS)
    return Store(store_dir, vendors.chroma_client(settings), shared.store.embeddings)


def test_threads_building_the_same_bm25_index_at_once_all_succeed(fresh_store, assistant):
    stores = [_store(fresh_store, assistant) for _ in range(6)]
    table = stores[0].load_table()
    shutil.rmtree(fresh_store / "bm25")
    start = threading.Barrier(len(stores))
    results, errors = [None] * len(stores), []

    def build(i):
        start.wait()
        try:
            results[i] = stores[i].lexical(table).search("sparse stencil tensor cores", 5)
        except Exception as exc:  # noqa: BLE001 - asserted below
            errors.append(exc)

    threads = [threading.Thread(target=build, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(r and r == results[0] for r in results), results
    assert [p.name for p in (fresh_store / "bm25").iterdir()] == [table.digest], "one folder left, no temporary ones"


def test_a_bm25_folder_that_cannot_be_read_is_rebuilt(fresh_store, assistant):
    store = _store(fresh_store, assistant)
    table = store.load_table()
    folder = store.bm25_dir(table)
    expected = store.lexical(table).search("sparse stencil tensor cores", 5)
    for f in folder.iterdir():
        if f.name != "n_docs.json":
            f.unlink()  # as if swept away between the check and the read
    assert store.lexical(table).search("sparse stencil tensor cores", 5) == expected
