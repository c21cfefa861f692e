"""Ingest into the store a live server is answering from: no request fails while it runs, the ingest completes,
and afterwards the server answers from the new table (the Assistant re-reads table.jsonl when its mtime changes)."""

from __future__ import annotations

import logging
import shutil
import threading
import time

import httpx
import pytest

from assistant import vendors
from assistant.api.app import create_app
from assistant.core import Assistant
from assistant.index.store import Store
from assistant.settings import Settings
from tests.api.fixtures import parse_sse
from tests.api.live import LiveServer
from tests.conftest import SEEDS

SPARSTENCIL_FILE = "003_df2ed9f2c84954d5.txt"
OLD, NEW = "up to 7.1x speedup", "up to 9.4x speedup"
QUESTION = "What speedup does SparStencil achieve?"
MAX_REQUESTS = 600  # the client loop's bound, whatever happens


def assistant_over(store_dir, shared) -> Assistant:
    """An Assistant with its own Store object on `store_dir`, borrowing the session's embedding model."""
    settings = Settings(store_dir=store_dir, seeds_dir=SEEDS)
    return Assistant(
        settings,
        Store(
            store_dir,
            vendors.chroma_client(settings),
            shared.store.embeddings,
            reopen=lambda: vendors.reopen_chroma(settings),
        ),
    )


class ErrorLog(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record):
        self.records.append(self.format(record))


@pytest.fixture
def changed_seeds(tmp_path):
    seeds = tmp_path / "seeds"
    shutil.copytree(SEEDS, seeds)
    page = seeds / SPARSTENCIL_FILE
    page.chmod(0o644)
    text = page.read_text(encoding="utf-8")
    assert text.count(OLD) == 1
    page.write_text(text.replace(OLD, NEW), encoding="utf-8")
    return seeds


def one_request(client: httpx.Client, i: int) -> tuple[str, str]:
    """(problem or "", what the answer said about the speedup)"""
    kind = i % 4
    if kind == 0:
        r = client.post("/api/chat", json={"messages": [{"role": "user", "content": QUESTION}]})
        if r.status_code != 200:
            return f"chat {r.status_code}: {r.text[:200]}", ""
        return "", r.json()["answer"]
    if kind == 1:
        r = client.post("/api/chat", json={"messages": [{"role": "user", "content": QUESTION}], "stream": True})
        events = parse_sse(r.text) if r.status_code == 200 else []
        if r.status_code != 200 or events[-1][0] != "done":
            return f"sse {r.status_code}: {r.text[-300:]}", ""
        return "", next(d for e, d in events if e == "citations")["answer"]
    if kind == 2:
        r = client.get("/api/papers", params={"text": "stencil"})
        return ("" if r.status_code == 200 and r.json()["count"] > 0 else f"papers {r.status_code}: {r.text[:200]}"), ""
    r = client.post(
        "/v1/chat/completions",
        json={
            "model": "paper-assistant",
            "messages": [{"role": "user", "content": "What has Yunquan Zhang worked on?"}],
        },
    )
    return ("" if r.status_code == 200 else f"v1 {r.status_code}: {r.text[:200]}"), ""


@pytest.mark.slow
def test_ingest_while_the_server_answers(fresh_store, changed_seeds, assistant):
    server_side = assistant_over(fresh_store, assistant)
    ingester = assistant_over(
        fresh_store, assistant
    )  # a second writer object, as a separate `assistant ingest` would be
    errors = ErrorLog()
    for name in ("", "uvicorn.error", "assistant"):
        logging.getLogger(name).addHandler(errors)

    ingest_done = threading.Event()
    ingest_result: dict = {}

    def ingest():
        try:
            ingest_result["report"] = ingester.ingest([changed_seeds])
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            ingest_result["error"] = exc
        finally:
            ingest_done.set()

    problems: list[str] = []
    said: list[tuple[float, str]] = []
    during = 0
    try:
        with (
            LiveServer(create_app(server_side.settings, assistant=server_side)) as url,
            httpx.Client(base_url=url, timeout=60) as client,
        ):
            assert OLD in one_request(client, 0)[1], "before the ingest the server answers from the old table"
            worker = threading.Thread(target=ingest, name="ingest-while-serving")
            started = time.monotonic()
            worker.start()
            after = 0
            for i in range(MAX_REQUESTS):
                problem, answer = one_request(client, i)
                if problem:
                    problems.append(problem)
                if answer:
                    said.append((time.monotonic() - started, answer))
                if not ingest_done.is_set():
                    during += 1
                else:
                    after += 1
                    if after >= 8:
                        break
            worker.join(timeout=300)
            final = one_request(client, 0)[1]
    finally:
        for name in ("", "uvicorn.error", "assistant"):
            logging.getLogger(name).removeHandler(errors)

    assert "error" not in ingest_result, repr(ingest_result.get("error"))
    report = ingest_result["report"]
    assert report.sync.updated == ["2506.22969"] and not report.sync.added and not report.sync.removed, report.sync
    assert problems == [], problems[:5]
    assert errors.records == [], errors.records[:3]
    assert during >= 4, f"only {during} requests overlapped the ingest: the test did not test anything"
    assert NEW in final and OLD not in final, final
    from assistant.models import Filters

    assert changed_passages(server_side) & set(server_side.retriever().dense(DENSE_QUERY, Filters())), (
        "dense search sees the new passages"
    )
    # Once the new answer appears it stays: no request after the switch went back to the old table.
    first_new = next(i for i, (_, a) in enumerate(said) if NEW in a)
    assert all(NEW in a for _, a in said[first_new:]), [a[:80] for _, a in said[first_new:]]


@pytest.mark.slow
def test_assistant_ingest_process_while_the_server_answers(fresh_store, changed_seeds, assistant):
    """What a user does: `assistant ingest` in another process while the server runs; the server also sees the vectors
    that process wrote to Chroma (dense search finds the changed paper's new passages)."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    server_side = assistant_over(fresh_store, assistant)
    problems: list[str] = []
    during = after = 0
    with (
        LiveServer(create_app(server_side.settings, assistant=server_side)) as url,
        httpx.Client(base_url=url, timeout=60) as client,
    ):
        proc = subprocess.Popen(
            [sys.executable, "-m", "assistant", "--store", str(fresh_store), "ingest", str(changed_seeds)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            for i in range(MAX_REQUESTS):
                problem, _ = one_request(client, i)
                if problem:
                    problems.append(problem)
                if proc.poll() is None:
                    during += 1
                else:
                    after += 1
                    if after >= 8:
                        break
        finally:
            out = proc.communicate(timeout=300)[0]
        final = one_request(client, 0)[1]
    assert proc.returncode == 0, out
    assert "1 updated" in out, out
    assert problems == [], problems[:5]
    assert during >= 4, f"only {during} requests overlapped the ingest"
    assert NEW in final, final  # (found through BM25 and the sentence vectors: see the next test for Chroma)


def changed_passages(a: Assistant) -> set[str]:
    from assistant.index.passages import paper_passages

    return {pa.id for p in a.table().papers for pa in paper_passages(p) if "9.4x" in pa.text}


DENSE_QUERY = "SparStencil achieves up to 9.4x speedup over state-of-the-art"


@pytest.mark.slow
def test_server_dense_search_sees_an_out_of_process_ingest(fresh_store, changed_seeds, assistant):
    import subprocess
    import sys

    from assistant.models import Filters
    from tests.conftest import ROOT

    server_side = assistant_over(fresh_store, assistant)
    server_side.warm()
    server_side.retriever().dense(DENSE_QUERY, Filters())
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "--store", str(fresh_store), "ingest", str(changed_seeds)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    new = changed_passages(server_side)
    assert (
        new and set(server_side.store.collection().get(ids=list(new), include=[])["ids"]) == new
    )  # stored and visible by id
    found = server_side.retriever().dense(DENSE_QUERY, Filters())
    assert new & set(found), "dense search in the running server should find the changed paper's new passages"
