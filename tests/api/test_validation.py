"""Every bad request gets a 4xx with a JSON reason, never a 500."""

from __future__ import annotations

import pytest

from assistant.api.app import MAX_BODY_BYTES

USER = {"role": "user", "content": "What is SparStencil?"}


def chat(*messages, **extra) -> dict:
    return {"messages": list(messages), **extra}


BAD_CHATS = [
    ("empty message", chat({"role": "user", "content": ""}), 422, "empty"),
    ("whitespace-only message", chat({"role": "user", "content": " \n\t "}), 422, "empty"),
    ("unknown role", chat({"role": "robot", "content": "hi"}), 422, "'user' or 'assistant'"),
    ("system role", chat({"role": "system", "content": "hi"}, USER), 422, "'user' or 'assistant'"),
    (
        "message over 4000 characters",
        chat({"role": "user", "content": "x" * 4001}),
        422,
        "4,001 characters; at most 4,000",
    ),
    ("more than 50 messages", chat(*([USER, {"role": "assistant", "content": "ok"}] * 25), USER), 422, "at most 50"),
    ("no messages", chat(), 422, "must not be empty"),
    ("messages missing", {"stream": False}, 422, "messages is required"),
    (
        "no user message",
        chat({"role": "assistant", "content": "hi"}),
        422,
        "at least one message must come from the user",
    ),
    ("content not a string", chat({"role": "user", "content": 42}), 422, "must be a string"),
    ("content null", chat({"role": "user", "content": None}), 422, "must be a string"),
    ("messages not a list", {"messages": "hello"}, 422, "must be a list"),
    ("message not an object", {"messages": ["hello"]}, 422, "JSON object"),
    ("body is a list", [USER], 422, "JSON object"),
    ("stream not a bool", chat(USER, stream="yes"), 422, "true or false"),
    ("stream as 1", chat(USER, stream=1), 422, "true or false"),
    ("unknown field", chat(USER, temperature=0.2), 422, "not a known field"),
    ("unknown filter", chat(USER, filters={"venue": "SC"}), 422, "not a known field"),
    ("filter of wrong type", chat(USER, filters={"year_from": "2020"}), 422, "whole number"),
    ("author_only not a bool", chat(USER, filters={"author_only": "yes"}), 422, "true or false"),
    ("year with a fraction", chat(USER, filters={"year_from": 2020.5}), 422, "whole number"),
    ("year out of range", chat(USER, filters={"year_from": 20}), 422, "at least 1900"),
    ("extra key in a message", chat({"role": "user", "content": "hi", "name": "x"}), 422, "not a known field"),
]


@pytest.mark.parametrize("body,status,reason", [c[1:] for c in BAD_CHATS], ids=[c[0] for c in BAD_CHATS])
def test_bad_chat_request(client, body, status, reason):
    r = client.post("/api/chat", json=body)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert reason in error["message"], error
    assert error["type"] == "invalid_request_error"


@pytest.mark.parametrize(
    "raw", [b"{not json", b'{"messages": [', b"", b"\xff\xfe"], ids=["broken", "truncated", "empty", "not utf-8"]
)
def test_malformed_json_is_400_or_422_with_a_reason(client, raw):
    r = client.post("/api/chat", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code in (400, 422), r.text
    assert r.json()["error"]["message"]


def test_malformed_json_says_so(client):
    r = client.post("/api/chat", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"]["type"] == "invalid_json"
    assert "not valid JSON" in r.json()["error"]["message"]


def test_non_json_content_type_is_refused(client):
    r = client.post("/api/chat", content=b"What is SparStencil?", headers={"Content-Type": "text/plain"})
    assert r.status_code == 422
    assert "application/json" in r.json()["error"]["message"]


def test_body_over_the_limit_is_413_json(client):
    r = client.post("/api/chat", content=b"x" * (MAX_BODY_BYTES + 1), headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert "too large" in r.json()["error"]["message"] or "over" in r.json()["error"]["message"]


def test_chunked_body_over_the_limit_is_413_json(client):
    def chunks():
        for _ in range(MAX_BODY_BYTES // 65536 + 2):
            yield b"x" * 65536

    r = client.post("/api/chat", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"]["type"] == "request_too_large"


def test_wrong_method_and_unknown_path_are_json(client):
    r = client.get("/api/chat")
    assert r.status_code == 405 and "not allowed" in r.json()["error"]["message"]
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and "/docs" in r.json()["error"]["message"]


BAD_COMPLETIONS = [
    ("unknown role", {"model": "paper-assistant", "messages": [{"role": "wizard", "content": "hi"}]}, 422),
    ("empty user message", {"model": "paper-assistant", "messages": [{"role": "user", "content": "  "}]}, 422),
    ("too long", {"model": "paper-assistant", "messages": [{"role": "user", "content": "x" * 4001}]}, 422),
    ("too many", {"model": "paper-assistant", "messages": [{"role": "user", "content": "hi"}] * 51}, 422),
    ("no user message", {"model": "paper-assistant", "messages": [{"role": "assistant", "content": "b"}]}, 422),
    (
        "image part",
        {
            "model": "paper-assistant",
            "messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}],
        },
        422,
    ),
    ("no model", {"messages": [{"role": "user", "content": "hi"}]}, 422),
    (
        "stream not bool",
        {"model": "paper-assistant", "stream": "true", "messages": [{"role": "user", "content": "hi"}]},
        422,
    ),
    ("unknown model", {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}, 404),
]


@pytest.mark.parametrize("body,status", [c[1:] for c in BAD_COMPLETIONS], ids=[c[0] for c in BAD_COMPLETIONS])
def test_bad_completion_request(client, body, status):
    r = client.post("/v1/chat/completions", json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"]["message"]


# What the schema allows is accepted (schemathesis' positive_data_acceptance): a schema cannot say "year_from <=
# year_to"
# nor "the last message is the user's", so neither is refused.
def test_what_the_schema_allows_is_answered(client):
    reversed_years = client.post(
        "/api/chat", json=chat(USER, filters={"year_from": 2025, "year_to": 2020, "author_only": True})
    )
    ordered = client.post(
        "/api/chat", json=chat(USER, filters={"year_from": 2020, "year_to": 2025, "author_only": True})
    )
    assert reversed_years.status_code == 200 and reversed_years.json() == ordered.json()
    trailing = client.post("/api/chat", json=chat(USER, {"role": "assistant", "content": "hi"}))
    assert trailing.status_code == 200 and trailing.json() == client.post("/api/chat", json=chat(USER)).json()
    integral = client.post("/api/chat", json=chat(USER, filters={"year_from": 2020.0}))
    assert integral.status_code == 200, integral.text
    v1 = client.post(
        "/v1/chat/completions",
        json={"model": "paper-assistant", "messages": [USER, {"role": "assistant", "content": None}]},
    )
    assert v1.status_code == 200, v1.text
