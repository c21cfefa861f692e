"""LLM mode through the API with a fake model at the HTTP layer: the notice, and final text that differs from the
tokens."""

from __future__ import annotations

import httpx2
import openai
import pytest
from fastapi.testclient import TestClient

from assistant.api.app import create_app
from tests.api.fake_llm import FakeChatServer, llm_assistant
from tests.api.fixtures import CUNNQS, QUESTION, parse_sse
from tests.api.live import LiveServer

# [1] is the first source the model was given; [9] does not exist and is removed by the citation check.
REPLY = "cuNNQS-SCI keeps over 90% parallel efficiency in strong scaling [1] and more [9]."


@pytest.fixture(scope="module")
def fake():
    return FakeChatServer()


@pytest.fixture(scope="module")
def llm_app(seeded_store, assistant, fake):
    a = llm_assistant(seeded_store, assistant, fake)
    return create_app(a.settings, assistant=a)


@pytest.fixture(scope="module")
def llm_client(llm_app):
    with TestClient(llm_app) as c:
        yield c


def ask(client, **extra):
    return client.post("/api/chat", json={"messages": [{"role": "user", "content": QUESTION}], **extra})


def test_health_reports_llm_mode(llm_client):
    assert llm_client.get("/healthz").json()["mode"] == "llm"


def test_model_down_gives_the_extractive_answer_with_a_notice(llm_client, fake):
    fake.enqueue(httpx2.ConnectError("connection refused"))
    body = ask(llm_client).json()
    assert body["mode"] == "extractive"
    assert "LLM unavailable" in body["notice"]
    assert body["citations"][0]["paper_id"] == CUNNQS


def test_stream_tokens_carry_no_unchecked_marker_and_the_final_event_is_checked(llm_client, fake):
    fake.enqueue(REPLY)
    events = parse_sse(ask(llm_client, stream=True).text)
    tokens = "".join(d["text"] for e, d in events if e == "token")
    assert "90% parallel efficiency" in tokens and "[" not in tokens  # a preview: no marker is validated yet
    final = next(d for e, d in events if e == "citations")
    assert final["mode"] == "llm"
    assert "[9]" not in final["answer"] and "[1]" in final["answer"]
    assert [c["n"] for c in final["citations"]] == [1]
    assert final["meta"]["invalid_citations_removed"] == 1 and "1 citation marker naming no source" in final["notice"]
    assert [e for e, _ in events][-1] == "done"


def test_json_answers_expose_the_removal_counts(llm_client, fake):
    fake.enqueue(REPLY)
    body = ask(llm_client).json()
    assert body["meta"]["invalid_citations_removed"] == 1 and body["meta"]["claims_supported"] == 1
    assert body["meta"]["route"] == "llm"


def test_openai_stream_content_is_exactly_the_checked_answer(llm_app, fake):
    """The /v1 rule: a streaming client that only reads the deltas gets the same content as a non-streaming one."""
    fake.enqueue(REPLY, REPLY)
    with LiveServer(llm_app) as url, openai.OpenAI(base_url=url + "/v1", api_key="x", max_retries=0) as oai:
        chunks = list(
            oai.chat.completions.create(
                model="paper-assistant", messages=[{"role": "user", "content": QUESTION}], stream=True
            )
        )
        whole = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": QUESTION}])
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert text == whole.choices[0].message.content
    assert "[9]" not in text and "References:\n[1]" in text and "naming no source" in text
    assert chunks[-1].model_extra["mode"] == "llm" and chunks[-1].model_extra["meta"]["invalid_citations_removed"] == 1
