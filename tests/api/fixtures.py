"""Fixtures shared by the API and browser tests: apps over the real seeded Assistant, a live server, SSE parsing."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from assistant.api.app import create_app
from assistant.settings import Settings
from tests.api.live import LiveServer
from tests.conftest import SEEDS

QUESTION = "What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?"
CUNNQS = "cunnqs-sci-a-fully-gpu-accelerated-framework-for-f1cd15"


def settings_for(store, **overrides) -> Settings:
    return Settings(**{"store_dir": store, "seeds_dir": SEEDS, **overrides})


def make_app(seeded_store, assistant, **overrides):
    """The real app over the session's seeded Assistant (no second model load)."""
    return create_app(settings_for(seeded_store, **overrides), assistant=assistant)


@pytest.fixture(scope="session")
def app(seeded_store, assistant, tmp_path_factory):
    # ratings sent by the shared app's tests go to a file of their own, not into the shared store
    return make_app(seeded_store, assistant, feedback_file=tmp_path_factory.mktemp("feedback") / "feedback.jsonl")


@pytest.fixture(scope="session")
def client(app):
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="session")
def live_url(app):
    with LiveServer(app) as url:
        yield url


def parse_sse(text: str) -> list[tuple[str, object]]:
    """[(event, data)] from a text/event-stream body; data is JSON-decoded unless it is `[DONE]`."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        if not block.strip():
            continue
        event, data = "message", []
        for line in block.split("\n"):
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
        payload = "\n".join(data)
        events.append((event, payload if payload == "[DONE]" else json.loads(payload)))
    return events
