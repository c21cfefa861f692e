"""The Chroma server goes down under a live app and comes back: /healthz says degraded and chat gets a 503 naming the
server while it is down (the paper list keeps working), and everything answers again once it returns, same app."""

from __future__ import annotations

import shutil
import time

import httpx
import pytest

from assistant import vendors
from assistant.api.app import create_app
from assistant.core import Assistant
from assistant.index.store import Store
from tests.api.fixtures import QUESTION, settings_for
from tests.api.live import LiveServer
from tests.chroma_server import ChromaServer
from tests.conftest import SEEDS

pytestmark = pytest.mark.slow


@pytest.fixture
def chroma(tmp_path):
    server = ChromaServer(tmp_path / "chroma-data", tmp_path / "chroma.log")
    server.start()
    yield server
    server.stop()


CHAT = {"messages": [{"role": "user", "content": QUESTION}]}


def test_chroma_down_later_degrades_and_recovers(chroma, seeded_store, assistant, tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    shutil.copytree(seeded_store / "sentences", store / "sentences")  # the ingest then embeds nothing
    settings = settings_for(store, chroma_url=chroma.url)
    served = Assistant(settings, Store(store, vendors.chroma_client(settings), assistant.store.embeddings))
    served.ingest([SEEDS])

    with LiveServer(create_app(settings, assistant=served)) as url, httpx.Client(base_url=url, timeout=30) as client:
        assert client.get("/healthz").json()["status"] == "ok"
        assert client.post("/api/chat", json=CHAT).json()["citations"]

        chroma.stop()
        health = client.get("/healthz")
        assert health.status_code == 503
        assert health.json()["status"] == "degraded" and chroma.url in health.json()["reason"], health.json()
        for path, body in (
            ("/api/chat", CHAT),
            ("/api/chat", {**CHAT, "stream": True}),
            ("/v1/chat/completions", {**CHAT, "model": "paper-assistant"}),
            ("/v1/chat/completions", {**CHAT, "model": "paper-assistant", "stream": True}),
        ):
            r = client.post(path, json=body)
            assert r.status_code == 503, (path, body, r.text)
            error = r.json()["error"]
            assert error["type"] == "store_unavailable" and chroma.url in error["message"], error
        assert client.get("/api/papers").status_code == 200, "the paper list needs no vectors"

        chroma.start()  # same data, same URL
        deadline = time.monotonic() + 30
        while client.get("/healthz").status_code != 200:
            assert time.monotonic() < deadline, client.get("/healthz").json()
            time.sleep(0.2)
        r = client.post("/api/chat", json=CHAT)
        assert r.status_code == 200 and r.json()["citations"], r.text
        streamed = client.post("/api/chat", json={**CHAT, "stream": True})
        assert streamed.status_code == 200 and "event: done" in streamed.text
