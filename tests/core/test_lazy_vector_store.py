"""The vector store (Chroma) is opened on first use: a question the table answers never opens it, an unreachable server
is reported by the first question that needs the passage vectors, and a server still refuses to start without it."""

from __future__ import annotations

import socket

import pytest

from assistant.api.app import create_app
from assistant.core import Assistant
from assistant.errors import StoreUnavailable
from assistant.models import Message
from assistant.settings import Settings
from tests.conftest import SEEDS


def _closed_port_url() -> str:
    with socket.socket() as s:  # bound then released: nothing listens there
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


@pytest.fixture
def down(seeded_store):
    url = _closed_port_url()
    settings = Settings(store_dir=seeded_store, seeds_dir=SEEDS, chroma_url=url)
    return Assistant.from_settings(settings), settings, url


def ask(assistant, question: str):
    return assistant.answer([Message(role="user", content=question)])


def test_a_table_question_never_opens_the_vector_store(down):
    assistant, _, _ = down
    assert ask(assistant, "How many papers has the author published?").answer
    assert assistant.store.client._client is None  # the LazyClient was never made


def test_an_unreachable_server_is_named_by_the_first_question_that_needs_it(down):
    assistant, _, url = down
    with pytest.raises(StoreUnavailable) as info:
        ask(assistant, "What speedup does the stencil work on sparse tensor cores achieve?")
    assert url in str(info.value) and "chroma run" in str(info.value)
    with pytest.raises(StoreUnavailable):  # asked again: the same error, not a half-made client
        assistant.retriever().search("stencil computations")


def test_a_server_checks_the_vector_store_at_start_up(down):
    _, settings, url = down
    with pytest.raises(StoreUnavailable) as info:
        create_app(settings)
    assert url in str(info.value) and "chroma run" in str(info.value)
