"""`ASSISTANT_LLM_TIMEOUT` is a deadline for the whole answer, and a hanging model cannot starve the other routes.

The app runs in a live uvicorn; the model is a real server on another loopback port (fake_openai.py), so the openai
SDK, LangChain and the sockets all run for real.
"""

from __future__ import annotations

import concurrent.futures
import time

import httpx
import pytest

from assistant import vendors
from assistant.api.app import create_app
from assistant.core import Assistant
from tests.api.fixtures import settings_for
from tests.api.live import LiveServer
from tests.reliability.fake_openai import FakeOpenAIServer
from tests.reliability.test_llm_faults import ask

KEY = "sk-test-deadline"
DEADLINE = 2.0
SLACK = 1.2  # the extractive answer, the HTTP round trips, a busy 2-core machine
LONG_REPLY = " ".join(["cuNNQS-SCI keeps over 90% parallel efficiency in strong scaling tests [1]."] * 4)


def _app(seeded_store, shared, base_url: str, timeout: float):
    settings = settings_for(seeded_store, openai_api_key=KEY, openai_base_url=base_url, llm_timeout=timeout)
    return create_app(settings, assistant=Assistant(settings, shared.store, chat_model=vendors.chat_model(settings)))


@pytest.fixture(scope="module")
def fake():
    with FakeOpenAIServer(reply=LONG_REPLY) as server:
        yield server


@pytest.fixture(scope="module")
def url(seeded_store, assistant, fake):
    with LiveServer(_app(seeded_store, assistant, fake.base_url, DEADLINE)) as u:
        yield u


@pytest.mark.parametrize("endpoint", ["chat-json", "chat-sse", "v1-json", "v1-sse"])
def test_a_model_trickling_tokens_is_cut_at_the_deadline(url, fake, endpoint):
    """Each token comes well inside the per-read timeout, the whole reply would take 13 s: the answer takes the
    deadline."""
    fake.mode, fake.drip = "drip", 0.25
    try:
        started = time.monotonic()
        got = ask(url, endpoint)
        elapsed = time.monotonic() - started
    finally:
        fake.mode = "answer"
    assert got["status"] == 200 and got["mode"] == "extractive", got
    assert "the model did not answer in time" in got["notice"] and "extractive answer" in got["notice"]
    assert elapsed < DEADLINE + SLACK, f"{elapsed:.1f} s for a {DEADLINE} s deadline"


def test_condensing_a_follow_up_and_answering_share_one_deadline(url, fake):
    """Before, the condense call and the answer call each had the full timeout: follow-ups took twice as long."""
    messages = [
        {"role": "user", "content": "What is cuNNQS-SCI?"},
        {"role": "assistant", "content": "cuNNQS-SCI is a fully GPU-accelerated SCI framework [1]."},
        {"role": "user", "content": "What parallel efficiency does it keep in strong scaling?"},
    ]
    fake.mode, fake.drip = "drip", 0.25
    seen = len(fake.requests)
    try:
        started = time.monotonic()
        r = httpx.post(url + "/api/chat", json={"messages": messages}, timeout=30)
        elapsed = time.monotonic() - started
    finally:
        fake.mode = "answer"
    assert r.status_code == 200 and r.json()["mode"] == "extractive"
    assert "did not answer in time" in r.json()["notice"]
    assert len(fake.requests) - seen >= 1
    assert elapsed < DEADLINE + SLACK, f"{elapsed:.1f} s for a {DEADLINE} s deadline"


def test_a_hanging_model_does_not_starve_health_and_papers(seeded_store, assistant, fake):
    """45 chats wait on a silent model (more than the 40 threads of the shared pool): health and papers stay fast."""
    fake.mode, fake.hang = "hang", 8.0
    app = _app(seeded_store, assistant, fake.base_url, 4.0)
    try:
        with LiveServer(app) as live, concurrent.futures.ThreadPoolExecutor(45) as pool:
            seen = len(fake.requests)
            waiting = [pool.submit(ask, live, "chat-json") for _ in range(45)]
            limit = time.monotonic() + 3
            while len(fake.requests) < seen + 30 and time.monotonic() < limit:  # the chat threads are all waiting
                time.sleep(0.05)
            timings = {}
            for path in ("/healthz", "/api/papers", "/api/papers?q=quantization", "/healthz"):
                started = time.monotonic()
                assert httpx.get(live + path, timeout=10).status_code == 200
                timings[path] = time.monotonic() - started
            assert not all(f.done() for f in waiting), "the chats should still be waiting on the model"
            results = [f.result(timeout=60) for f in waiting]
    finally:
        fake.mode, fake.hang = "answer", 4.0
    assert len(fake.requests) >= seen + 30, "the chats should have reached the model"
    assert max(timings.values()) < 1.0, timings
    assert all(r["status"] == 200 and r["mode"] == "extractive" and "in time" in r["notice"] for r in results)
