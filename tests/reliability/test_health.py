"""/healthz tells ok, degraded (table loaded, vector store unreachable) and unavailable apart, with a reason, and chat
requests get a 503 with a reason while the store is down (the live Chroma-server version: test_chroma_down.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from assistant.api.app import create_app
from assistant.errors import StoreUnavailable
from tests.api.fixtures import settings_for

URL = "http://127.0.0.1:8999"


class DownStore:
    """The session's Assistant, with its vector store reported down when `down` is set (what StoreUnavailable looks
    like)."""

    def __init__(self, real):
        self.real = real
        self.down = False

    def __getattr__(self, name):
        return getattr(self.real, name)

    def status(self):
        return {**self.real.status(), "store_reachable": not self.down}

    def _check(self):
        if self.down:
            raise StoreUnavailable(
                f"The Chroma server at {URL} is not reachable (ConnectError). Start it with "
                f"`chroma run --path DIR --port PORT` or unset ASSISTANT_CHROMA_URL."
            )

    def answer(self, messages, filters=None):
        self._check()
        return self.real.answer(messages, filters)

    def stream(self, messages, filters=None):
        self._check()
        yield from self.real.stream(messages, filters)


@pytest.fixture
def flaky(seeded_store, assistant):
    a = DownStore(assistant)
    with TestClient(
        create_app(settings_for(seeded_store, chroma_url="http://user:pa55word@127.0.0.1:8999"), assistant=a)
    ) as c:
        yield c, a


def test_ok_then_degraded_then_ok(flaky):
    client, a = flaky
    ok = client.get("/healthz")
    assert ok.status_code == 200 and ok.json()["status"] == "ok" and ok.json()["reason"] is None

    a.down = True
    degraded = client.get("/healthz")
    assert degraded.status_code == 503
    body = degraded.json()
    assert body["status"] == "degraded" and body["papers"] == 79 and body["store_reachable"] is False
    assert URL in body["reason"] and "pa55word" not in body["reason"], body["reason"]

    chat = {"messages": [{"role": "user", "content": "What is SparStencil?"}]}
    for payload in (chat, {**chat, "stream": True}):
        r = client.post("/api/chat", json=payload)
        assert r.status_code == 503, r.text
        error = r.json()["error"]
        assert error["type"] == "store_unavailable" and URL in error["message"] and "chroma run" in error["message"]
    r = client.post("/v1/chat/completions", json={"model": "paper-assistant", **chat, "stream": True})
    assert r.status_code == 503 and URL in r.json()["error"]["message"]
    assert client.get("/api/papers").status_code == 200, "the paper list needs no vectors"

    a.down = False
    assert client.get("/healthz").json()["status"] == "ok"
    assert client.post("/api/chat", json=chat).json()["citations"]


def test_empty_store_is_unavailable_with_what_to_do(tmp_path):
    with TestClient(create_app(settings_for(tmp_path / "empty"))) as c:
        r = c.get("/healthz")
    assert r.status_code == 503
    assert r.json()["status"] == "unavailable" and "assistant ingest" in r.json()["reason"]
