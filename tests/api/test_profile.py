"""GET /api/profile over the seed corpus: themes, papers per year by theme, co-authors, all consistent with
/api/papers."""

from __future__ import annotations

from collections import Counter

import pytest

from assistant.ingest.themes import MAX_SPLIT_THEMES


@pytest.fixture(scope="module")
def profile(client) -> dict:
    r = client.get("/api/profile")
    assert r.status_code == 200
    return r.json()


@pytest.fixture(scope="module")
def mine(client) -> dict[str, dict]:
    """The author's papers as /api/papers lists them, by id."""
    return {p["id"]: p for p in client.get("/api/papers", params={"author_only": True}).json()["papers"]}


def test_shape(profile):
    assert set(profile) == {
        "principal_author",
        "papers",
        "author_papers",
        "themes",
        "per_year",
        "undated",
        "coauthors",
        "truncated_author_lists",
    }
    assert (profile["principal_author"], profile["papers"], profile["author_papers"]) == ("Yunquan Zhang", 79, 29)
    assert set(profile["themes"][0]) == {"id", "label", "terms", "paper_ids", "representative", "year_from", "year_to"}
    assert set(profile["per_year"][0]) == {"year", "total", "by_theme", "paper_ids"}
    assert set(profile["coauthors"][0]) == {"name", "papers", "paper_ids", "themes"}


def test_every_author_paper_is_in_exactly_one_theme(profile, mine):
    themed = [pid for t in profile["themes"] for pid in t["paper_ids"]]
    assert sorted(themed) == sorted(mine)  # each of the 29 once, and nothing that is not the author's
    assert 3 <= len(profile["themes"]) <= MAX_SPLIT_THEMES  # up to 6 clusters, split where no label fits
    for t in profile["themes"]:
        assert t["label"] and t["paper_ids"]
        assert set(t["representative"]) <= set(t["paper_ids"])
        years = [mine[pid]["year"] for pid in t["paper_ids"] if mine[pid]["year"]]
        assert (t["year_from"], t["year_to"]) == (min(years), max(years))


def test_per_year_counts_match_the_papers(profile, mine):
    per_year = profile["per_year"]
    assert sum(y["total"] for y in per_year) == 29 - len(profile["undated"])
    assert [y["year"] for y in per_year] == sorted(Counter(p["year"] for p in mine.values() if p["year"]))
    theme_of = {pid: str(t["id"]) for t in profile["themes"] for pid in t["paper_ids"]}
    for y in per_year:
        assert sorted(y["paper_ids"]) == sorted(pid for pid, p in mine.items() if p["year"] == y["year"])
        assert y["total"] == len(y["paper_ids"]) == sum(y["by_theme"].values())
        assert y["by_theme"] == dict(Counter(theme_of[pid] for pid in y["paper_ids"]))
    assert {y["year"]: y["total"] for y in per_year}[2020] == 4
    assert all(not mine[pid]["year"] for pid in profile["undated"])


def test_coauthors_count_joint_papers(profile, mine):
    coauthors = profile["coauthors"]
    counts = [c["papers"] for c in coauthors]
    assert counts == sorted(counts, reverse=True)
    assert "Yunquan Zhang" not in {c["name"] for c in coauthors}
    theme_of = {pid: str(t["id"]) for t in profile["themes"] for pid in t["paper_ids"]}
    for c in coauthors:
        assert c["papers"] == len(c["paper_ids"]) == sum(c["themes"].values())
        assert all(c["name"] in mine[pid]["authors"] for pid in c["paper_ids"])
        assert c["themes"] == dict(Counter(theme_of[pid] for pid in c["paper_ids"]))
    top = {c["name"]: c["papers"] for c in coauthors[:2]}
    assert top == {"Boyang Zhang": 7, "Daning Cheng": 7}
    # the counts are lower bounds: this many of the author's papers list only their first authors
    assert profile["truncated_author_lists"] == sum(p["authors_truncated"] for p in mine.values()) > 0


def test_profile_needs_the_token_like_every_api_route(seeded_store, assistant):
    from fastapi.testclient import TestClient

    from tests.api.fixtures import make_app

    with TestClient(make_app(seeded_store, assistant, api_token="s3cret")) as c:
        assert c.get("/api/profile").status_code == 401
        assert c.get("/api/profile", headers={"Authorization": "Bearer s3cret"}).json()["author_papers"] == 29
