"""The chat model boundary: our messages in, text out, and every failure an LLMUnavailable that says why.

The real LangChain + OpenAI SDK run against a fake endpoint at the HTTP layer (tests/fakes.py)."""

from __future__ import annotations

import httpx2
import pytest

from assistant.errors import LLMUnavailable
from assistant.models import Message
from assistant.settings import Settings
from assistant.vendors import chat_model
from tests.fakes import FakeOpenAI

MESSAGES = [Message(role="system", content="Be brief."), Message(role="user", content="What is MoQE?")]


def _model(fake: FakeOpenAI):
    settings = Settings(openai_api_key="sk-fake", openai_base_url="http://fake-llm.invalid/v1", llm_timeout=5)
    return chat_model(settings, http_client=fake.client())


def test_complete_and_stream_send_our_roles_and_return_text():
    fake = FakeOpenAI().enqueue("MoQE quantizes experts.", "MoQE quantizes experts.")
    model = _model(fake)
    assert model.complete(MESSAGES) == "MoQE quantizes experts."
    assert "".join(model.stream(MESSAGES)) == "MoQE quantizes experts."
    assert [m["role"] for m in fake.requests[0]["messages"]] == ["system", "user"]
    assert fake.requests[1]["messages"][1]["content"] == "What is MoQE?" and fake.requests[1]["stream"] is True


@pytest.mark.parametrize(
    "reply, reason",
    [
        (("status", 503), "the model endpoint answered HTTP 503"),
        (("timeout",), "the model did not answer in time"),
        (("garbage",), "the model call failed ("),
        (("stream_garbage", "partial text"), "the model call failed ("),
    ],
)
def test_failures_are_llm_unavailable_with_the_cause_in_words(reply, reason):
    model = _model(FakeOpenAI().enqueue(reply))
    with pytest.raises(LLMUnavailable) as caught:
        list(model.stream(MESSAGES))
    assert str(caught.value).startswith(reason), str(caught.value)


def test_an_endpoint_that_refuses_connections_is_named_as_such():
    def refuse(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("connection refused", request=request)

    settings = Settings(openai_api_key="sk-fake", openai_base_url="http://fake-llm.invalid/v1", llm_timeout=5)
    model = chat_model(settings, http_client=httpx2.Client(transport=httpx2.MockTransport(refuse)))
    with pytest.raises(LLMUnavailable, match="^cannot connect to the model endpoint$"):
        model.complete(MESSAGES)
