"""The export routes through the real app: one paper, a list of ids, the papers query; content types and file names."""

from __future__ import annotations

import json

import bibtexparser
import pytest
import rispy

from tests.api.fixtures import CUNNQS, QUESTION


def test_one_paper_as_bibtex(client):
    r = client.get(f"/api/papers/{CUNNQS}/export", params={"format": "bibtex"})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/x-bibtex")
    assert r.headers["content-disposition"] == 'attachment; filename="sun2026cunnqs.bib"'
    entry = bibtexparser.parse_string(r.text).entries[0]
    assert entry.key == "sun2026cunnqs" and entry["author"].endswith(" and others")


def test_one_paper_by_arxiv_id_as_ris_and_csl(client):
    ris = client.get("/api/papers/2506.22969/export", params={"format": "ris"})
    assert ris.headers["content-type"].startswith("application/x-research-info-systems")
    record = rispy.loads(ris.text)[0]
    assert record["title"] == "[SparStencil]" and any("derived" in n for n in record["notes"])
    csl = client.get("/api/papers/2506.22969/export", params={"format": "csl-json"})
    assert csl.headers["content-type"].startswith("application/vnd.citationstyles.csl+json")
    assert csl.headers["content-disposition"].endswith('.json"')
    assert json.loads(csl.text)[0]["number"] == "arXiv:2506.22969"


def test_an_answers_cited_papers(client):
    answer = client.post("/api/chat", json={"messages": [{"role": "user", "content": QUESTION}]}).json()
    ids = [c["paper_id"] for c in answer["citations"]]
    r = client.post("/api/export", json={"ids": ids + ids[:1], "format": "bibtex"})
    assert r.status_code == 200 and r.headers["content-disposition"] == 'attachment; filename="references.bib"'
    keys = [e.key for e in bibtexparser.parse_string(r.text).entries]
    assert len(keys) == len(ids)  # a repeated id is exported once


def test_the_papers_query_as_a_download(client):
    listed = client.get("/api/papers", params={"author_only": True, "year_from": 2024, "year_to": 2024}).json()
    r = client.get("/api/papers", params={"author_only": True, "year_from": 2024, "year_to": 2024, "format": "ris"})
    assert r.status_code == 200 and r.headers["content-disposition"] == 'attachment; filename="papers.ris"'
    records = rispy.loads(r.text)
    assert len(records) == listed["count"] > 0 and all(rec["year"] == "2024" for rec in records)
    assert client.get("/api/papers", params={"format": "json"}).json()["count"] == 79


@pytest.mark.parametrize(
    ("method", "url", "kwargs", "param"),
    [
        ("get", f"/api/papers/{CUNNQS}/export", {"params": {"format": "endnote"}}, "format"),
        ("get", "/api/papers", {"params": {"format": "xml"}}, "format"),
        ("post", "/api/export", {"json": {"ids": [CUNNQS], "format": "docx"}}, "format"),
        ("post", "/api/export", {"json": {"ids": []}}, "ids"),
    ],
)
def test_bad_requests_name_the_parameter(client, method, url, kwargs, param):
    r = getattr(client, method)(url, **kwargs)
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["param"] == param and param in error["message"]


def test_unknown_ids_are_a_404_with_a_reason(client):
    r = client.post("/api/export", json={"ids": [CUNNQS, "no-such-paper"], "format": "bibtex"})
    assert r.status_code == 404 and "no-such-paper" in r.json()["error"]["message"]
    assert client.get("/api/papers/nope/export").status_code == 404


def test_chat_answers_render_latex_as_the_page_does(client):
    q = "What compression does CET achieve on ResNet-34?"
    answer = client.post("/api/chat", json={"messages": [{"role": "user", "content": q}]}).json()
    assert "11×" in answer["answer"] and "$\\times$" not in answer["answer"]
    # the quote is the sentence the answer shows (which puts its marker before the full stop)
    assert any("11×" in c["quote"] and c["quote"].rstrip(".") in answer["answer"] for c in answer["citations"])


def test_v1_references_are_the_presenters_lines(client):
    r = client.post(
        "/v1/chat/completions", json={"model": "paper-assistant", "messages": [{"role": "user", "content": QUESTION}]}
    )
    content = r.json()["choices"][0]["message"]["content"]
    refs = content.split("\n\nReferences:\n", 1)[1]
    assert refs.startswith("[1] cuNNQS-SCI") and "Daran Sun, Bowen Kan, Haoquan Long et al. · 2026" in refs
    assert "et al.." not in content


def test_streamed_tokens_are_rendered_like_the_final_answer(client):
    from tests.api.fixtures import parse_sse

    q = "What compression does CET achieve on ResNet-34?"
    r = client.post("/api/chat", json={"messages": [{"role": "user", "content": q}], "stream": True})
    events = parse_sse(r.text)
    streamed = "".join(data["text"] for event, data in events if event == "token")
    final = next(data for event, data in events if event == "citations")
    assert streamed == final["answer"] and "11×" in streamed and "\\times" not in streamed
