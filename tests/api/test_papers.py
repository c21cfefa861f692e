"""GET /api/papers, /api/papers/{id} and /healthz over the seed corpus (/api/profile: test_profile.py)."""

from __future__ import annotations

import pytest

from tests.api.fixtures import CUNNQS


def test_list_all_and_author_only(client):
    everything = client.get("/api/papers").json()
    mine = client.get("/api/papers", params={"author_only": "true"}).json()
    assert everything["count"] == len(everything["papers"]) == 79
    assert mine["count"] == 29
    assert all(p["is_author_work"] for p in mine["papers"])
    assert {"abstract", "sources"}.isdisjoint(mine["papers"][0])  # the list is light; the card fetches the rest


def test_year_and_text_filters(client):
    papers = client.get("/api/papers", params={"year_from": 2024, "year_to": 2024, "author_only": True}).json()[
        "papers"
    ]
    assert papers and all(p["year"] == 2024 for p in papers)
    stencil = client.get("/api/papers", params={"text": "stencil", "author_only": True}).json()["papers"]
    assert {p["arxiv_id"] for p in stencil} == {"2506.22969", "2310.16298"}


def test_untitled_paper_is_marked_derived(client):
    p = client.get("/api/papers/2506.22969").json()
    assert p["title"] is None and p["title_derived"] is True
    assert p["display_title"].startswith("SparStencil")
    assert p["arxiv_url"] == "https://arxiv.org/abs/2506.22969"


def test_paper_detail_has_what_the_card_shows(client):
    p = client.get(f"/api/papers/{CUNNQS}").json()
    assert p["title"].startswith("cuNNQS-SCI") and not p["title_derived"]
    assert p["authors_truncated"] is True
    assert "90% parallel efficiency" in p["abstract"]
    assert p["is_author_work"] is True
    assert p["sources"] and {"file", "line", "shape"} <= set(p["sources"][0])


def test_unknown_paper_is_404_with_a_reason(client):
    r = client.get("/api/papers/no-such-paper")
    assert r.status_code == 404
    assert r.json()["error"] == {
        "type": "not_found",
        "message": r.json()["error"]["message"],
        "param": None,
        "code": None,
    }
    assert "GET /api/papers" in r.json()["error"]["message"]


@pytest.mark.parametrize(
    "params,reason",
    [
        ({"year_from": "soon"}, "whole number"),
        ({"author_only": "perhaps"}, "true or false"),
        ({"text": "x" * 201}, "at most 200"),
    ],
)
def test_bad_paper_queries_are_422(client, params, reason):
    r = client.get("/api/papers", params=params)
    assert r.status_code == 422
    assert reason in r.json()["error"]["message"]


def test_healthz(client):
    r = client.get("/healthz")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "ok" and body["papers"] == 79 and body["author_papers"] == 29
    assert body["mode"] == "extractive" and "OPENAI_API_KEY" in body["mode_reason"]
    assert body["store_reachable"] is True and body["auth_required"] is False


def test_empty_store_says_to_ingest(tmp_path):
    from fastapi.testclient import TestClient

    from assistant.api.app import create_app
    from assistant.settings import Settings

    app = create_app(Settings(store_dir=tmp_path / "empty"))
    with TestClient(app) as c:
        health = c.get("/healthz")
        assert health.status_code == 503
        assert health.json()["status"] == "unavailable" and health.json()["papers"] == 0
        for r in (
            c.get("/api/papers"),
            c.get("/api/profile"),
            c.post("/api/chat", json={"messages": [{"role": "user", "content": "hi"}]}),
        ):
            assert r.status_code == 503
            assert "assistant ingest" in r.json()["error"]["message"]


def test_reversed_years_list_the_range_they_span(client):
    reversed_years = client.get("/api/papers", params={"year_from": 2025, "year_to": 2020})
    assert reversed_years.status_code == 200
    assert reversed_years.json() == client.get("/api/papers", params={"year_from": 2020, "year_to": 2025}).json()


def test_pages_cover_the_list_once_in_order(client):
    everything = client.get("/api/papers").json()
    assert everything["offset"] == 0 and everything["next_offset"] is None and everything["limit"] == 500
    seen, offset = [], 0
    while offset is not None:
        page = client.get("/api/papers", params={"limit": 20, "offset": offset}).json()
        assert page["count"] == 79 and len(page["papers"]) <= 20
        seen += [p["id"] for p in page["papers"]]
        offset = page["next_offset"]
    assert seen == [p["id"] for p in everything["papers"]]
    past = client.get("/api/papers", params={"offset": 500}).json()
    assert past["papers"] == [] and past["count"] == 79 and past["next_offset"] is None
    for bad in ({"limit": 0}, {"limit": 5001}, {"offset": -1}):
        assert client.get("/api/papers", params=bad).status_code == 422


def test_a_download_is_every_matching_paper_not_one_page(client):
    r = client.get("/api/papers", params={"format": "csl-json", "limit": 5})
    assert r.status_code == 200 and len(r.json()) == 79
