"""The Chroma server goes down under a live app and comes back: /healthz says degraded and chat gets a 503 naming the
server while it is down (the paper list keeps working), and everything answers again once it returns, same app."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from assistant import vendors
from assistant.api import create_app
from assistant.core import Assistant
from assistant.store import Store
from tests.api.fixtures import QUESTION, settings_for
from tests.api.live import LiveServer, free_port
from tests.conftest import SEEDS

pytestmark = pytest.mark.slow

CHROMA = Path(sys.executable).parent / "chroma"


class Chroma:
    """`chroma run` on a fixed loopback port, so it can be stopped (SIGTERM to its PID) and started again at the same URL."""

    def __init__(self, data: Path, log: Path):
        self.data, self.log, self.port = data, log, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen([str(CHROMA), "run", "--path", str(self.data), "--host", "127.0.0.1", "--port", str(self.port)],
                                         stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "ANONYMIZED_TELEMETRY": "False"})
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, self.log.read_text(errors="replace")[-2000:]
            try:
                if httpx.get(f"{self.url}/api/v2/heartbeat", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "chroma run did not answer its heartbeat within 60 s"
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def chroma(tmp_path):
    server = Chroma(tmp_path / "chroma-data", tmp_path / "chroma.log")
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
        for path, body in (("/api/chat", CHAT), ("/api/chat", {**CHAT, "stream": True}),
                           ("/v1/chat/completions", {**CHAT, "model": "paper-assistant"}),
                           ("/v1/chat/completions", {**CHAT, "model": "paper-assistant", "stream": True})):
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
