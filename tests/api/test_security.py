"""Bearer token on /api and /v1, CORS closed unless configured, security headers on every response."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tests.api.fixtures import make_app

TOKEN = "s3cret-token-for-tests"
CHAT = {"messages": [{"role": "user", "content": "Which papers are about stencil computation?"}]}


@pytest.fixture(scope="module")
def locked(seeded_store, assistant):
    with TestClient(make_app(seeded_store, assistant, api_token=TOKEN)) as c:
        yield c


@pytest.mark.parametrize(
    "method,path",
    [
        ("GET", "/api/papers"),
        ("GET", "/api/profile"),
        ("POST", "/api/chat"),
        ("GET", "/v1/models"),
        ("POST", "/v1/chat/completions"),
    ],
)
@pytest.mark.parametrize(
    "header", [None, "Bearer wrong", "Basic " + TOKEN, TOKEN], ids=["none", "wrong", "basic", "no-scheme"]
)
def test_token_required_on_api_and_v1(locked, method, path, header):
    headers = {"Authorization": header} if header else {}
    r = locked.request(method, path, headers=headers, json=CHAT if method == "POST" else None)
    assert r.status_code == 401
    assert r.headers["www-authenticate"] == "Bearer"
    assert "ASSISTANT_API_TOKEN" in r.json()["error"]["message"]


def test_right_token_opens_the_api(locked):
    auth = {"Authorization": f"Bearer {TOKEN}"}
    assert locked.get("/api/papers", headers=auth).status_code == 200
    assert locked.post("/api/chat", headers=auth, json=CHAT).status_code == 200
    assert locked.get("/v1/models", headers=auth).status_code == 200


def test_page_health_and_assets_stay_reachable(locked):
    for path in ("/", "/static/app.js", "/static/style.css", "/docs", "/openapi.json"):
        assert locked.get(path).status_code == 200, path
    health = locked.get("/healthz").json()
    assert health["auth_required"] is True


def test_no_token_configured_means_open(client):
    assert client.get("/api/papers").status_code == 200
    assert client.get("/api/papers", headers={"Authorization": "Bearer anything"}).status_code == 200


def test_cors_closed_by_default(client):
    preflight = client.options(
        "/api/chat",
        headers={
            "Origin": "https://evil.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert "access-control-allow-origin" not in preflight.headers
    r = client.get("/api/papers", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in r.headers


def test_cors_opens_only_to_configured_origins(seeded_store, assistant):
    with TestClient(make_app(seeded_store, assistant, cors_origins=["https://ok.example"])) as c:
        ok = c.options(
            "/api/chat",
            headers={
                "Origin": "https://ok.example",
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "authorization, content-type",
            },
        )
        assert ok.status_code == 200
        assert ok.headers["access-control-allow-origin"] == "https://ok.example"
        other = c.get("/api/papers", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/api/papers", "/healthz", "/nowhere"])
def test_security_headers(client, path):
    h = client.get(path).headers
    assert h["x-content-type-options"] == "nosniff"
    csp = h["content-security-policy"]
    script_src = next(d for d in csp.split(";") if d.strip().startswith("script-src"))
    assert script_src.strip() == "script-src 'self'"
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert "frame-ancestors 'none'" in csp
    assert h["x-frame-options"] == "DENY"


def test_page_has_no_inline_script_or_style(client):
    html = client.get("/").text
    assert "<script>" not in html and "<style" not in html and "style=" not in html
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handlers need 'unsafe-inline'"
    assert '<script type="module" src="/static/app.js"></script>' in html


def test_the_schema_declares_the_bearer_scheme_when_a_token_is_set(locked):
    schema = locked.get("/openapi.json").json()
    assert "HTTPBearer" in schema["components"]["securitySchemes"]
    assert schema["paths"]["/api/chat"]["post"]["security"] == [{"HTTPBearer": []}]
