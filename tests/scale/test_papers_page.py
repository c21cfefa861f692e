"""`/api/papers` over 100,000 papers: one page answers in under 200 ms; downloads stream (the first bytes come at once,
not after the whole file is built) and `/healthz` answers in under a second while two of them run."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

from assistant.api.app import create_app
from assistant.api.routes.papers import PAGE
from assistant.core import Assistant
from assistant.index.store import Store
from assistant.index.table import TABLE_FILE, Table, write_table
from assistant.settings import Settings
from tests.api.live import LiveServer
from tests.scale.synth_papers import papers_with_vectors

N = 100_000


class TableOnly(Assistant):
    """The real Assistant, warmed as far as the paper list and downloads need (the table): warming the answerer would
    build BM25 and Chroma over 100k synthetic papers that these tests never search."""

    def warm(self) -> None:
        self.table()


@pytest.fixture(scope="module")
def big(tmp_path_factory, assistant):
    """An Assistant over a store whose table holds 100k synthetic papers (the list and exports need no vectors)."""
    from assistant import vendors

    path = tmp_path_factory.mktemp("papers_100k")
    papers, _ = papers_with_vectors(N)
    write_table(Table(principal_author="A. Author", papers=papers, passages=[]), path / TABLE_FILE)
    settings = Settings(store_dir=path)
    a = TableOnly(settings, Store(path, vendors.chroma_client(settings), assistant.store.embeddings))
    a.table()
    return a


def test_a_page_of_100k_papers_answers_in_under_200_ms(big):
    with LiveServer(create_app(big.settings, assistant=big)) as url, httpx.Client(base_url=url, timeout=30) as c:
        c.get("/api/papers")  # warm
        seconds = []
        for _ in range(5):
            started = time.perf_counter()
            r = c.get("/api/papers")
            seconds.append(time.perf_counter() - started)
        body = r.json()
        assert body["count"] == N and len(body["papers"]) == PAGE and body["next_offset"] == PAGE
        assert sorted(seconds)[2] < 0.2, seconds  # 24.6 MB in 3.9 s at 81k papers before paging
        last = c.get("/api/papers", params={"offset": N - 10, "limit": 100}).json()
        assert len(last["papers"]) == 10 and last["next_offset"] is None
        assert last["papers"][-1]["id"] == big.table().papers[-1].id


def test_downloads_stream_while_healthz_answers(big):
    first_bytes: list[float] = []
    done = threading.Event()

    def download(url: str) -> None:
        started = time.perf_counter()
        with httpx.stream("GET", url + "/api/papers", params={"format": "bibtex"}, timeout=60) as r:
            assert r.status_code == 200
            for k, _ in enumerate(r.iter_bytes()):
                if k == 0:
                    first_bytes.append(time.perf_counter() - started)
                if done.is_set():  # reading on until then, so the server keeps writing meanwhile
                    break

    with LiveServer(create_app(big.settings, assistant=big)) as url:
        workers = [threading.Thread(target=download, args=(url,)) for _ in range(2)]
        for w in workers:
            w.start()
        health = []
        try:
            for _ in range(10):
                started = time.perf_counter()
                assert httpx.get(url + "/healthz", timeout=10).status_code == 200
                health.append(time.perf_counter() - started)
                time.sleep(0.2)
        finally:
            done.set()
            for w in workers:
                w.join(timeout=60)
    # Both downloads were streaming while every health check was answered (within its 10 s timeout). How fast
    # (healthz under 1 s, the first byte in 1.4 s against 13.8 s when the file was built at once) is measured by
    # bench/papers_page.py, not asserted here: a timed test fails on a loaded machine, not on a regression.
    assert len(first_bytes) == 2 and len(health) == 10, (first_bytes, health)


def test_a_streamed_csl_json_download_is_one_valid_document(big):
    with LiveServer(create_app(big.settings, assistant=big)) as url:
        r = httpx.get(url + "/api/papers", params={"format": "csl-json", "text": "quantum simulation 1"}, timeout=60)
    items = json.loads(r.text)
    assert r.status_code == 200 and len(items) > 500, len(items)  # more than one chunk
    assert len({i["id"] for i in items}) == len(items), "citation keys stay unique across chunks"
