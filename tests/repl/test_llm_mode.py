"""The chat in LLM mode, the model faked at the HTTP layer: streamed tokens, the checked final text, the fallback
notice."""

from __future__ import annotations

import io

import httpx2
import pytest

from assistant.repl.plain_view import LineReader, PlainView
from assistant.repl.session import ChatSession
from tests.api.fake_llm import FakeChatServer, llm_assistant

QUESTION = "What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?"
# [1] is the first source the model is given; [9] does not exist and the citation check removes it
REPLY = "cuNNQS-SCI keeps over 90% parallel efficiency in strong scaling [1] and more [9]."


@pytest.fixture
def fake():
    return FakeChatServer()


def test_llm_answers_fallback_notice_and_mode(seeded_store, assistant, fake):
    fake.enqueue(REPLY, httpx2.ConnectError("connection refused"))
    llm = llm_assistant(seeded_store, assistant, fake)
    out, err = io.StringIO(), io.StringIO()
    script = f"{QUESTION}\n/mode\n/new\n{QUESTION}\n"
    assert ChatSession(llm, LineReader(io.StringIO(script)), PlainView(out, err), interactive=False).run() == 0

    assert err.getvalue() == "79 papers indexed, 29 by Yunquan Zhang; answer mode: llm. Type /help for commands.\n"
    text = out.getvalue()
    head, rest = text.split("\nReferences:\n", 1)
    # The checked text: [9] names no source and goes (the notice counts it); the confirmed [1] stays where the model
    # wrote it (the check never moves a marker it confirmed: in a table that is inside its cell).
    assert head.startswith("cuNNQS-SCI keeps over 90% parallel efficiency in strong scaling [1] and more.")
    assert "[9]" not in head and "1 citation marker naming no source" in rest.split("Answer mode:", 1)[0]
    assert rest.startswith("[1] cuNNQS-SCI: A Fully GPU-Accelerated Framework")
    assert "Answer mode: llm (chat model gpt-4o-mini at http://fake-llm.invalid/v1).\n\nNew conversation" in text

    # the model is down for the second question: the extractive answer, with the notice under it
    tail = text.split("New conversation: earlier questions are forgotten.\n\n", 1)[1]
    assert "\nNote: " in tail and "LLM unavailable" in tail
    assert "\nReferences:\n[1] cuNNQS-SCI" in tail
    assert len(fake.requests) == 2
