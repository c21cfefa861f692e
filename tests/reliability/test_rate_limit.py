"""The per-address rate limit: off by default; when set, a JSON 429 with Retry-After after N requests a minute."""

from __future__ import annotations

import httpx
import pytest
from fastapi.testclient import TestClient

from assistant.api.security import RateLimit
from assistant.settings import Settings
from tests.api.fixtures import make_app
from tests.api.live import LiveServer

TOKEN = "rate-limit-test-token"


def test_off_by_default(client, monkeypatch):
    monkeypatch.delenv("ASSISTANT_RATE_LIMIT_PER_MINUTE", raising=False)
    assert Settings().rate_limit_per_minute is None
    statuses = {client.get("/api/papers").status_code for _ in range(120)}
    assert statuses == {200}


def test_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("ASSISTANT_RATE_LIMIT_PER_MINUTE", "30")
    assert Settings().rate_limit_per_minute == 30
    monkeypatch.setenv("ASSISTANT_RATE_LIMIT_PER_MINUTE", "0")
    with pytest.raises(ValueError):
        Settings()


@pytest.fixture
def limited(seeded_store, assistant):
    with TestClient(make_app(seeded_store, assistant, rate_limit_per_minute=5)) as c:
        yield c


def test_429_with_a_reason_and_retry_after_past_the_limit(limited):
    assert [limited.get("/api/papers").status_code for _ in range(5)] == [200] * 5
    r = limited.post("/api/chat", json={"messages": [{"role": "user", "content": "What is SparStencil?"}]})
    assert r.status_code == 429
    error = r.json()["error"]
    assert error["type"] == "rate_limited" and "at most 5 a minute" in error["message"]
    assert 1 <= int(r.headers["retry-after"]) <= 12  # one request's worth of a 5-a-minute budget
    assert f"retry in {r.headers['retry-after']} s" in error["message"]
    assert r.headers["x-content-type-options"] == "nosniff" and "content-security-policy" in r.headers
    assert limited.get("/v1/models").status_code == 429


def test_page_assets_docs_and_health_are_not_limited(limited):
    for _ in range(5):
        limited.get("/api/profile")
    assert limited.get("/api/profile").status_code == 429
    for path in ("/", "/static/app.js", "/docs", "/openapi.json", "/healthz"):
        assert {limited.get(path).status_code for _ in range(3)} == {200}, path


def test_limit_applies_before_the_token_check(seeded_store, assistant):
    """Guessing tokens costs budget too."""
    with TestClient(make_app(seeded_store, assistant, rate_limit_per_minute=3, api_token=TOKEN)) as c:
        wrong = {"Authorization": "Bearer guess"}
        assert [c.get("/api/papers", headers=wrong).status_code for _ in range(4)] == [401, 401, 401, 429]


def test_a_browser_on_an_allowed_origin_can_read_the_429(seeded_store, assistant):
    with TestClient(
        make_app(seeded_store, assistant, rate_limit_per_minute=1, cors_origins=["https://ok.example"])
    ) as c:
        origin = {"Origin": "https://ok.example"}
        assert c.get("/api/papers", headers=origin).status_code == 200
        r = c.get("/api/papers", headers=origin)
        assert r.status_code == 429 and r.headers["access-control-allow-origin"] == "https://ok.example"


def test_live_server_limits_by_peer_address_not_forwarded_headers(seeded_store, assistant):
    """Over real TCP with uvicorn configured as `assistant serve` configures it (checked below): a client cannot
    dodge the limit by sending a different X-Forwarded-For each time."""
    server = LiveServer(make_app(seeded_store, assistant, rate_limit_per_minute=3))
    server.server.config.proxy_headers = False
    with server as url:
        statuses = [
            httpx.get(url + "/api/papers", headers={"X-Forwarded-For": f"10.0.0.{i}"}, timeout=10).status_code
            for i in range(5)
        ]
    assert statuses == [200, 200, 200, 429, 429]


def test_serve_binds_loopback_and_ignores_proxy_headers(monkeypatch, seeded_store):
    import uvicorn

    from assistant.cli import main
    from tests.api.live import free_port

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    monkeypatch.delenv("ASSISTANT_HOST", raising=False)
    assert main(["--store", str(seeded_store), "serve", "--port", str(free_port()), "--workers", "1"]) == 0
    assert calls[0]["host"] == "127.0.0.1"
    assert calls[0]["proxy_headers"] is False


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_bucket_refills_at_the_configured_rate_per_address():
    clock = Clock()
    limit = RateLimit(app=None, per_minute=6, clock=clock)  # one request every 10 s, bursts of 6
    assert [limit._take("a") for _ in range(6)] == [0.0] * 6
    assert limit._take("a") == pytest.approx(10.0)
    assert limit._take("b") == 0.0, "another address has its own budget"
    clock.now += 4
    assert limit._take("a") == pytest.approx(6.0)
    clock.now += 6
    assert limit._take("a") == 0.0
    assert limit._take("a") == pytest.approx(10.0)
    clock.now += 3600
    assert [limit._take("a") for _ in range(7)][-2:] == [0.0, pytest.approx(10.0)], (
        "idle time refills only up to the burst"
    )


def test_memory_is_bounded_under_many_addresses():
    clock = Clock()
    limit = RateLimit(app=None, per_minute=60, clock=clock)
    limit.MAX_CLIENTS = 100
    for i in range(1000):
        limit._take(f"10.0.{i // 256}.{i % 256}")
        clock.now += 0.001
    assert len(limit.buckets) <= limit.MAX_CLIENTS + 1
