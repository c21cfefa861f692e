"""/v1 used through the `openai` client itself, against a live uvicorn on loopback."""

from __future__ import annotations

import openai
import pytest

from tests.api.fixtures import CUNNQS, QUESTION, make_app
from tests.api.live import LiveServer


@pytest.fixture(scope="module")
def oai(live_url):
    with openai.OpenAI(base_url=live_url + "/v1", api_key="not-needed", max_retries=0, timeout=60) as client:
        yield client


def test_models(oai):
    assert [m.id for m in oai.models.list()] == ["paper-assistant"]
    assert oai.models.retrieve("paper-assistant").owned_by == "paper-assistant"


def test_completion_carries_references_and_citations(oai):
    completion = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": QUESTION}])
    content = completion.choices[0].message.content
    assert completion.choices[0].finish_reason == "stop"
    assert "90%" in content and "[1]" in content
    assert "\n\nReferences:\n[1] cuNNQS-SCI" in content
    citations = completion.model_extra["citations"]
    assert citations[0]["paper_id"] == CUNNQS
    assert completion.model_extra["mode"] == "extractive"


def test_streamed_completion_ends_with_the_same_content(oai):
    plain = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": QUESTION}])
    stream = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": QUESTION}], stream=True)
    chunks = list(stream)
    assert len(chunks) > 3
    assert chunks[0].choices[0].delta.role == "assistant"
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert text == plain.choices[0].message.content
    last = chunks[-1]
    assert last.choices[0].finish_reason == "stop"
    assert last.model_extra["citations"][0]["paper_id"] == CUNNQS


def test_follow_up_with_our_own_answer_in_history(oai):
    first = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": "Which papers are about stencil computation?"}])
    follow = oai.chat.completions.create(model="paper-assistant", messages=[
        {"role": "system", "content": "You are a helpful assistant."},
        {"role": "user", "content": "Which papers are about stencil computation?"},
        {"role": "assistant", "content": first.choices[0].message.content},
        {"role": "user", "content": [{"type": "text", "text": "Which of them is the newest?"}]},
    ])
    assert follow.choices[0].message.content.strip()


def test_filters_travel_as_an_extension(oai):
    completion = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": "Which papers are about mixture-of-experts training?"}],
                                             extra_body={"filters": {"author_only": True}})
    assert all(c["is_author_work"] for c in completion.model_extra["citations"])


def test_errors_raise_the_clients_exceptions(oai):
    with pytest.raises(openai.NotFoundError, match="paper-assistant"):
        oai.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    with pytest.raises(openai.UnprocessableEntityError, match="empty"):
        oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": "   "}])


def test_token_is_the_clients_api_key(seeded_store, assistant):
    with LiveServer(make_app(seeded_store, assistant, api_token="tok-123")) as url:
        with openai.OpenAI(base_url=url + "/v1", api_key="wrong", max_retries=0) as bad:
            with pytest.raises(openai.AuthenticationError):
                bad.models.list()
        with openai.OpenAI(base_url=url + "/v1", api_key="tok-123", max_retries=0) as good:
            assert [m.id for m in good.models.list()] == ["paper-assistant"]
