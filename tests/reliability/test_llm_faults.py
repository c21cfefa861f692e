"""The chat model fails in every way we know (nothing listening, HTTP 500, silence past the timeout, garbage
mid-stream):
each request still gets the extractive answer with a notice saying why, never a 500, and the server keeps serving.

The app runs in a live uvicorn on loopback; the model is a real server on another loopback port
(tests/reliability/fake_openai.py),
so the openai SDK, LangChain and the network timeouts all run for real.
"""

from __future__ import annotations

import time

import httpx
import pytest

from assistant import vendors
from assistant.api.app import create_app
from assistant.core import Assistant
from tests.api.fixtures import CUNNQS, QUESTION, parse_sse, settings_for
from tests.api.live import LiveServer, free_port
from tests.reliability.fake_openai import DEFAULT_REPLY, FakeOpenAIServer

TIMEOUT = 1.0  # llm_timeout of the app under test: a "hang" is anything longer
KEY = "sk-test-4f1c9a7e-never-show-me"

# fault -> what the notice must say (the fake's mode, or "refused" for a port nothing listens on)
FAULTS = {
    "refused": "cannot connect to the model endpoint",
    "status": "the model endpoint answered HTTP 500",
    "hang": "the model did not answer in time",
    "garbage": "the model call failed",
}
ENDPOINTS = ["chat-json", "chat-sse", "v1-json", "v1-sse"]


def llm_app(seeded_store, shared, base_url: str):
    """The real app in LLM mode over the session's store (its embedding model is shared, not loaded again)."""
    settings = settings_for(seeded_store, openai_api_key=KEY, openai_base_url=base_url, llm_timeout=TIMEOUT)
    return create_app(settings, assistant=Assistant(settings, shared.store, chat_model=vendors.chat_model(settings)))


@pytest.fixture(scope="module")
def fake():
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def served(seeded_store, assistant, fake):
    """URL of an app whose model is the fake, and URL of one whose model endpoint has nothing listening."""
    with (
        LiveServer(llm_app(seeded_store, assistant, fake.base_url)) as url,
        LiveServer(llm_app(seeded_store, assistant, f"http://127.0.0.1:{free_port()}/v1")) as dead_url,
    ):
        yield url, dead_url


def ask(url: str, endpoint: str, question: str = QUESTION) -> dict:
    """Ask through one endpoint; returns {"status", "answer", "mode", "notice", "citations"} however it was
    delivered."""
    messages = [{"role": "user", "content": question}]
    stream = endpoint.endswith("sse")
    if endpoint.startswith("chat"):
        r = httpx.post(url + "/api/chat", json={"messages": messages, "stream": stream}, timeout=30)
        if r.status_code != 200:
            return {"status": r.status_code, "body": r.text}
        if not stream:
            return {"status": 200, **r.json()}
        events = parse_sse(r.text)
        assert [e for e, _ in events][-1] == "done", events[-3:]
        final = next(d for e, d in events if e == "citations")
        return {"status": 200, **final}
    r = httpx.post(
        url + "/v1/chat/completions",
        json={"model": "paper-assistant", "messages": messages, "stream": stream},
        timeout=30,
    )
    if r.status_code != 200:
        return {"status": r.status_code, "body": r.text}
    if not stream:
        body = r.json()
        return {
            "status": 200,
            "answer": body["choices"][0]["message"]["content"],
            "mode": body["mode"],
            "notice": body["notice"],
            "citations": body["citations"],
        }
    events = parse_sse(r.text)
    assert events[-1][1] == "[DONE]", events[-3:]
    chunks = [d for _, d in events[:-1]]
    assert all("error" not in c for c in chunks), chunks
    last = chunks[-1]
    assert last["choices"][0]["finish_reason"] == "stop"
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks)
    return {
        "status": 200,
        "answer": text,
        "mode": last["mode"],
        "notice": last["notice"],
        "citations": last["citations"],
    }


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("fault", list(FAULTS))
def test_model_fault_still_answers_and_the_server_keeps_serving(served, fake, fault, endpoint):
    url, dead_url = served
    target = dead_url if fault == "refused" else url
    fake.mode = "answer" if fault == "refused" else fault
    started = time.monotonic()
    try:
        got = ask(target, endpoint)
    finally:
        fake.mode = "answer"
    elapsed = time.monotonic() - started

    assert got["status"] == 200, got
    assert got["mode"] == "extractive", got
    assert got["notice"].startswith("LLM unavailable (") and FAULTS[fault] in got["notice"], got["notice"]
    assert "90%" in got["answer"] and got["citations"][0]["paper_id"] == CUNNQS
    if endpoint.startswith("v1"):
        assert f"({got['notice']})" in got["answer"], "an OpenAI client sees the notice in the content"
    assert KEY not in str(got), "the API key must never reach a client"
    # A hang costs the timeout once (no retries), not the hang's full length.
    assert elapsed < TIMEOUT + 8, f"{fault} took {elapsed:.1f} s"

    # The server keeps serving: the next request gets a normal answer (from the model when it is back).
    again = ask(target, endpoint)
    assert again["status"] == 200
    if fault == "refused":
        assert again["mode"] == "extractive"
    else:
        assert again["mode"] == "llm" and again["notice"] is None, again
    assert httpx.get(target + "/healthz", timeout=10).status_code == 200


def test_plain_text_garbage_mid_stream(served, fake):
    """Valid chunks, then a line that is ASCII but not JSON (the other test's garbage is not even UTF-8)."""
    url, _ = served
    fake.mode = "garbage"
    original = FakeOpenAIServer._respond

    def ascii_garbage(self, h, body):
        self._start_stream(h)
        h.wfile.write(b'data: {"id": "fake", "choices": [{"index": 0, "delta": {"content": "cuNNQS"}}]}\n\n')
        h.wfile.write(b"data: {not json at all\n\n")
        h.wfile.flush()

    FakeOpenAIServer._respond = ascii_garbage
    try:
        got = ask(url, "chat-sse")
    finally:
        FakeOpenAIServer._respond = original
        fake.mode = "answer"
    assert got["mode"] == "extractive" and "LLM unavailable" in got["notice"]
    assert ask(url, "chat-json")["mode"] == "llm"


def test_hanging_model_calls_do_not_block_other_requests(seeded_store, assistant, fake):
    """While several chats wait on a silent model, papers and health still answer (no lock is held across the model
    call)."""
    import concurrent.futures

    fake.mode, fake.hang = "hang", 8.0
    settings = settings_for(seeded_store, openai_api_key=KEY, openai_base_url=fake.base_url, llm_timeout=6.0)
    slow = create_app(settings, assistant=Assistant(settings, assistant.store, chat_model=vendors.chat_model(settings)))
    try:
        with LiveServer(slow) as url, concurrent.futures.ThreadPoolExecutor(4) as pool:
            seen = len(fake.requests)
            waiting = [pool.submit(ask, url, "chat-json") for _ in range(4)]
            deadline = time.monotonic() + 5
            while (
                len(fake.requests) < seen + 4 and time.monotonic() < deadline
            ):  # all four are now waiting on the model
                time.sleep(0.05)
            assert httpx.get(url + "/api/papers", timeout=10).status_code == 200
            assert httpx.get(url + "/healthz", timeout=10).status_code == 200
            assert not any(f.done() for f in waiting), "papers and health should not have waited for the model calls"
            results = [f.result(timeout=60) for f in waiting]
    finally:
        fake.mode, fake.hang = "answer", 4.0
    assert all(r["status"] == 200 and r["mode"] == "extractive" and "in time" in r["notice"] for r in results), results


@pytest.mark.parametrize("path", ["/api/chat", "/v1/chat/completions"])
def test_a_client_leaving_mid_stream_stops_the_model_stream(served, fake, path):
    """The server stops reading the model's stream soon after its own client hangs up, instead of running it to the
    end."""
    url, _ = served
    fake.mode, fake.drip = "drip", 0.3
    fake.reply = " ".join(f"word{i}" for i in range(40)) + " [1]."  # 12 s at the drip rate
    cut_before = fake.streams_cut
    body = {
        "messages": [{"role": "user", "content": QUESTION}],
        "stream": True,
        **({"model": "paper-assistant"} if path.startswith("/v1") else {}),
    }
    try:
        with httpx.Client(timeout=30) as client, client.stream("POST", url + path, json=body) as r:
            assert r.status_code == 200
            for line in r.iter_lines():
                if "word2" in line:
                    break  # leave after a few tokens
        deadline = time.monotonic() + 8
        while fake.streams_cut == cut_before and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        fake.mode, fake.reply = "answer", DEFAULT_REPLY
    assert fake.streams_cut > cut_before, "the model stream ran on after the client left"
    assert ask(url, "chat-json")["mode"] == "llm", "and the server keeps serving"


@pytest.mark.parametrize("path", ["/api/chat", "/v1/chat/completions"])
def test_a_client_leaving_stops_the_model_call_long_before_the_deadline(seeded_store, assistant, fake, path):
    """With a 30 s deadline, a client that leaves while the model is still talking stops the model call within a
    couple of seconds on both streaming routes. /v1 sends no preview tokens (its first chunk is the role), so it
    used to notice only at the deadline: 19 s of model call after the client had gone."""
    settings = settings_for(seeded_store, openai_api_key=KEY, openai_base_url=fake.base_url, llm_timeout=30.0)
    app = create_app(settings, assistant=Assistant(settings, assistant.store, chat_model=vendors.chat_model(settings)))
    fake.mode, fake.drip = "drip", 0.3
    fake.reply = " ".join(f"word{i}" for i in range(60)) + " [1]."  # 18 s at the drip rate
    cut_before = fake.streams_cut
    body = {
        "messages": [{"role": "user", "content": QUESTION}],
        "stream": True,
        **({"model": "paper-assistant"} if path.startswith("/v1") else {}),
    }
    try:
        with LiveServer(app) as url:
            with httpx.Client(timeout=30) as client, client.stream("POST", url + path, json=body) as r:
                assert r.status_code == 200
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        break  # leave at the first chunk, the model still talking
            left = time.monotonic()
            while fake.streams_cut == cut_before and time.monotonic() < left + 20:
                time.sleep(0.1)
            stopped = time.monotonic() - left
    finally:
        fake.mode, fake.reply = "answer", DEFAULT_REPLY
    assert fake.streams_cut > cut_before and stopped < 3, stopped
