"""/docs works offline: Swagger UI from the vendored files, the schema describes the API."""

from __future__ import annotations

import re


def test_docs_page_loads_only_local_assets(client):
    r = client.get("/docs")
    assert r.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', r.text)
    assert sources and all(s.startswith("/static/") or s.startswith("data:") for s in sources), sources
    for s in sources:
        if s.startswith("/static/"):
            assert client.get(s).status_code == 200, s
    assert "<script>" not in r.text  # the initializer is a file too


def test_openapi_schema_lists_the_endpoints(client):
    schema = client.get("/openapi.json").json()
    paths = set(schema["paths"])
    assert {
        "/api/chat",
        "/api/papers",
        "/api/papers/{paper_id}",
        "/api/profile",
        "/v1/chat/completions",
        "/v1/models",
        "/healthz",
    } <= paths
    chat = schema["paths"]["/api/chat"]["post"]
    assert {"400", "401", "422", "503"} <= set(chat["responses"])
    assert "text/event-stream" in chat["responses"]["200"]["content"]
    # No token on this server: the schema claims no auth (a token-protected one declares it: test_security.py).
    assert "securitySchemes" not in schema["components"] and all(
        "security" not in op for ops in schema["paths"].values() for op in ops.values()
    )


def test_redoc_is_not_served_from_a_cdn(client):
    assert client.get("/redoc").status_code == 404
