"""POST /api/chat through the real app: JSON answers, SSE streams, filters, follow-ups."""

from __future__ import annotations

import re

import httpx

from assistant.models import Citation
from tests.api.fixtures import CUNNQS, QUESTION, parse_sse


def ask(client, question: str, **extra):
    return client.post("/api/chat", json={"messages": [{"role": "user", "content": question}], **extra})


def assert_contract(body: dict) -> None:
    """`[n]` in the text is citations[n-1]; every citation is used."""
    used = {int(n) for n in re.findall(r"\[(\d+)\]", body["answer"])}
    assert used == {c["n"] for c in body["citations"]}
    assert [c["n"] for c in body["citations"]] == list(range(1, len(body["citations"]) + 1))


def test_answer_is_the_ask_json_shape_and_cites_the_paper(client):
    r = ask(client, QUESTION)
    assert r.status_code == 200
    body = r.json()
    assert set(body) == {"answer", "blocks", "citations", "mode", "notice", "references", "meta", "plan"}
    # The blocks are the answer's structure; its markdown text is written from them and says the same.
    claims = [c for b in body["blocks"] for c in b.get("claims", []) + [c for item in b.get("items", []) for c in item]]
    assert " ".join(c["text"] for c in claims).replace("\n", " ") in body["answer"].replace("\n", " ")
    assert sorted({n for c in claims for n in c["cites"]}) == [c["n"] for c in body["citations"]]
    assert body["plan"]["route"] and "named" in body["plan"]  # how the question was read, in the answer's metadata
    assert body["mode"] == "extractive"
    assert "90%" in body["answer"] and "[1]" in body["answer"]
    first = body["citations"][0]
    assert first["paper_id"] == CUNNQS
    assert "90% parallel efficiency" in first["quote"]
    assert set(first) == set(Citation.model_fields)
    assert_contract(body)


def test_follow_up_sends_the_whole_history(client):
    first = ask(client, "Which papers are about stencil computation?").json()
    r = client.post(
        "/api/chat",
        json={
            "messages": [
                {"role": "user", "content": "Which papers are about stencil computation?"},
                {"role": "assistant", "content": first["answer"]},
                {"role": "user", "content": "Which of them is the newest?"},
            ]
        },
    )
    assert r.status_code == 200
    body = r.json()
    assert body["answer"].strip()
    assert_contract(body)


def test_author_only_filter_keeps_other_groups_out(client):
    r = ask(client, "Which papers are about mixture-of-experts training?", filters={"author_only": True})
    assert r.status_code == 200
    body = r.json()
    assert body["citations"], body
    assert all(c["is_author_work"] for c in body["citations"])


def test_year_filter_limits_citations(client):
    body = ask(client, "Which papers are about model compression?", filters={"year_from": 2025, "year_to": 2025}).json()
    assert body["citations"]
    assert all(c["year"] == 2025 for c in body["citations"])


def test_stream_is_tokens_then_one_citations_event_then_done(client):
    plain = ask(client, QUESTION).json()
    r = ask(client, QUESTION, stream=True)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/event-stream")
    assert r.headers["cache-control"] == "no-cache"
    events = parse_sse(r.text)
    kinds = [e for e, _ in events]
    assert kinds[0] == "token"
    assert kinds[-2:] == ["citations", "done"]
    assert kinds.count("citations") == 1 and set(kinds[:-2]) == {"token"}
    final = events[-2][1]
    assert final == plain
    assert "".join(d["text"] for e, d in events if e == "token").strip() == final["answer"]


def test_stream_arrives_incrementally_over_a_real_socket(live_url):
    chunks = []
    with httpx.stream(
        "POST",
        live_url + "/api/chat",
        json={"messages": [{"role": "user", "content": QUESTION}], "stream": True},
        timeout=60,
    ) as r:
        assert r.status_code == 200
        assert r.headers["x-content-type-options"] == "nosniff"
        for chunk in r.iter_text():
            chunks.append(chunk)
    events = parse_sse("".join(chunks))
    assert len(chunks) > 1, "the answer should arrive in several pieces"
    assert [e for e, _ in events][-2:] == ["citations", "done"]
    assert events[-2][1]["citations"][0]["paper_id"] == CUNNQS


def test_stream_with_bad_request_is_a_json_4xx_not_a_stream(client):
    r = client.post("/api/chat", json={"messages": [{"role": "user", "content": " "}], "stream": True})
    assert r.status_code == 422
    assert r.headers["content-type"] == "application/json"
    assert "empty" in r.json()["error"]["message"]


def test_same_json_as_ask_json(client, assistant):
    from assistant.models import Message
    from assistant.presenter import answer_json

    expected = answer_json(assistant.answer([Message(role="user", content=QUESTION)]))
    assert ask(client, QUESTION).json() == expected
