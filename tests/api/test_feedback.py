"""POST /api/feedback through the real app: stored append-only with a timestamp, behind the chat's token, size and rate
limits."""

from __future__ import annotations

import json
import multiprocessing
import threading
from datetime import datetime

import httpx
import pytest
from fastapi.testclient import TestClient

from assistant.feedback import Feedback, FeedbackLog
from tests.api.fixtures import CUNNQS, QUESTION, make_app
from tests.api.live import LiveServer


@pytest.fixture
def rated(seeded_store, assistant, tmp_path):
    """(client, feedback file) over a private log."""
    path = tmp_path / "feedback.jsonl"
    with TestClient(make_app(seeded_store, assistant, feedback_file=path)) as c:
        yield c, path


def rating(client, **overrides) -> dict:
    answer = client.post("/api/chat", json={"messages": [{"role": "user", "content": QUESTION}]}).json()
    return {
        "rating": "down",
        "comment": "Which machine?",
        "question": QUESTION,
        "answer": answer["answer"],
        "citations": answer["citations"],
        "mode": answer["mode"],
        **overrides,
    }


def test_a_rating_is_appended_with_its_answer_and_a_timestamp(rated):
    client, path = rated
    body = rating(client)
    r = client.post("/api/feedback", json=body)
    assert r.status_code == 201, r.text
    saved = r.json()
    r2 = client.post(
        "/api/feedback",
        json={
            **body,
            "rating": "up",
            "comment": None,
            "history": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}],
        },
    )
    assert r2.status_code == 201
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert first["id"] == saved["id"] and first["created"] == saved["created"]
    assert datetime.fromisoformat(first["created"]).utcoffset().total_seconds() == 0
    assert (first["rating"], first["comment"], first["question"], first["mode"], first["source"]) == (
        "down",
        "Which machine?",
        QUESTION,
        "extractive",
        "api",
    )
    assert "90%" in first["answer"] and first["citations"][0]["paper_id"] == CUNNQS
    second = json.loads(lines[1])
    assert (
        second["rating"] == "up"
        and second["comment"] is None
        and [m["role"] for m in second["history"]] == ["user", "assistant"]
    )


@pytest.mark.parametrize(
    ("change", "param"),
    [
        ({"rating": "meh"}, "rating"),
        ({"comment": "x" * 2001}, "comment"),
        ({"answer": "x" * 20_001}, "answer"),
        ({"question": "  "}, "question"),
        ({"question": "q" * 4001}, "question"),
        ({"citations": [{"n": 1}]}, "citations[0].paper_id"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_ratings_are_refused_with_the_field_named(rated, change, param):
    client, path = rated
    body = {**rating(client), **change}
    r = client.post("/api/feedback", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["param"] == param
    assert not path.exists()


def test_malformed_and_oversized_bodies(rated):
    client, path = rated
    r = client.post("/api/feedback", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["type"] == "invalid_json"
    r = client.post("/api/feedback", json={**rating(client), "answer": "x" * 1_100_000})
    assert r.status_code == 413 and "1,000,000 bytes" in r.json()["error"]["message"]
    assert not path.exists()


def test_the_chat_token_guards_it(seeded_store, assistant, tmp_path):
    path = tmp_path / "feedback.jsonl"
    with TestClient(make_app(seeded_store, assistant, feedback_file=path, api_token="fb-token")) as c:
        body = {"rating": "up", "question": QUESTION, "answer": "An answer.", "mode": "extractive"}
        assert c.post("/api/feedback", json=body).status_code == 401
        assert c.post("/api/feedback", json=body, headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert not path.exists()
        assert c.post("/api/feedback", json=body, headers={"Authorization": "Bearer fb-token"}).status_code == 201
    assert len(FeedbackLog(path).read()) == 1


def test_the_chat_rate_limit_counts_it(seeded_store, assistant, tmp_path):
    path = tmp_path / "feedback.jsonl"
    with TestClient(make_app(seeded_store, assistant, feedback_file=path, rate_limit_per_minute=3)) as c:
        body = {"rating": "up", "question": QUESTION, "answer": "An answer.", "mode": "extractive"}
        assert [c.post("/api/feedback", json=body).status_code for _ in range(3)] == [201] * 3
        r = c.post("/api/feedback", json=body)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert len(FeedbackLog(path).read()) == 3


def test_concurrent_requests_each_land_as_one_whole_line(seeded_store, assistant, tmp_path):
    path = tmp_path / "feedback.jsonl"
    errors: list[str] = []
    with LiveServer(make_app(seeded_store, assistant, feedback_file=path)) as url:

        def post(i: int) -> None:
            body = {
                "rating": "down",
                "question": f"question {i}",
                "answer": f"{i} " * 6000,
                "comment": "c" * 1500,
                "mode": "extractive",
            }
            r = httpx.post(url + "/api/feedback", json=body, timeout=60)
            if r.status_code != 201:
                errors.append(r.text)

        threads = [threading.Thread(target=post, args=(i,)) for i in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
    assert errors == []
    log = FeedbackLog(path)
    records = log.read()
    assert log.skipped == 0 and sorted(r.question for r in records) == sorted(f"question {i}" for i in range(16))


def _writer(path: str, worker: int, count: int) -> None:
    log = FeedbackLog(path)
    for i in range(count):
        # lines of ~40 KB: far past the size one write() is sure to keep whole on a pipe or network filesystem
        log.add(Feedback(rating="up", question=f"w{worker}-{i}", answer="y" * 40_000, mode="extractive"))


def test_processes_writing_at_once_never_interleave(tmp_path):
    path = tmp_path / "feedback.jsonl"
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(str(path), w, 25)) for w in range(3)]
    for p in workers:
        p.start()
    for p in workers:
        p.join(timeout=120)
        assert p.exitcode == 0
    log = FeedbackLog(path)
    assert sorted(r.question for r in log.read()) == sorted(f"w{w}-{i}" for w in range(3) for i in range(25))
    assert log.skipped == 0


def test_an_unreadable_line_is_skipped_and_counted(tmp_path):
    log = FeedbackLog(tmp_path / "feedback.jsonl")
    log.add(Feedback(rating="up", question="one", answer="a", mode="extractive"))
    with open(log.path, "a", encoding="utf-8") as f:
        f.write('{"rating": "up", "question": "torn\n')
    log.add(Feedback(rating="down", question="two", answer="b", mode="llm"))
    assert [r.question for r in log.read()] == ["one", "two"] and log.skipped == 1


def test_text_that_is_not_utf8_is_refused_over_http_and_replaced_from_a_terminal(rated, tmp_path):
    client, path = rated
    body = '{"rating": "down", "question": "bad \\ud800 surrogate", "answer": "x", "mode": "extractive"}'
    r = client.post("/api/feedback", content=body.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["param"] == "question"
    assert not path.exists()
    # A terminal's undecodable bytes arrive as lone surrogates (surrogateescape): the rating is kept, the bytes
    # replaced.
    log = FeedbackLog(tmp_path / "repl.jsonl")
    log.add(Feedback(rating="down", question="bad \udcff byte", answer="x", mode="extractive", comment="\ud800"))
    (record,) = log.read()
    assert record.question == "bad ? byte" and record.comment == "?"


def test_the_feedback_file_is_capped_and_rotated(seeded_store, assistant, tmp_path):
    """One client with no rate limit wrote 39 MB/s of ratings: the file now rotates at `feedback_max_bytes`, keeping
    three older files, so ratings never take more than four times the cap; every kept line is a whole rating."""
    from assistant.feedback import KEEP

    path = tmp_path / "feedback.jsonl"
    cap = 8_000
    with TestClient(make_app(seeded_store, assistant, feedback_file=path, feedback_max_bytes=cap)) as c:
        body = rating(c)
        ids = [c.post("/api/feedback", json={**body, "comment": f"rating {i}"}).json()["id"] for i in range(60)]
    files = sorted(tmp_path.glob("feedback.jsonl*"))
    assert [f.name for f in files if not f.name.endswith(".lock")] == [
        "feedback.jsonl",
        *(f"feedback.jsonl.{k}" for k in range(1, KEEP + 1)),
    ]
    assert all(f.stat().st_size <= cap for f in files)
    kept = FeedbackLog(path).read()
    assert kept and [r.id for r in kept] == ids[-len(kept) :], "the newest ratings are kept, in order"
    assert FeedbackLog(path).skipped == 0


def test_a_changed_rating_replaces_the_earlier_one_and_none_withdraws_it(rated):
    client, path = rated
    body = rating(client, answer_id="chat-1:q-1")
    assert client.post("/api/feedback", json=body).status_code == 201
    assert client.post("/api/feedback", json={**body, "rating": "up", "comment": None}).status_code == 201
    log = FeedbackLog(path)
    assert [(r.rating, r.answer_id) for r in log.read()] == [("up", "chat-1:q-1")]  # one rating, the last
    assert client.post("/api/feedback", json={**body, "rating": "none"}).status_code == 201
    assert log.read() == [] and len(log.read_all()) == 3  # withdrawn; every line kept in the file
    # ratings without an answer_id stay one each, as before
    client.post("/api/feedback", json=rating(client))
    client.post("/api/feedback", json=rating(client))
    assert len(log.read()) == 2
    refused = client.post("/api/feedback", json={**rating(client), "rating": "none"})
    assert refused.status_code == 422 and "answer_id" in refused.text
