"""Fakes at the HTTP layer: an OpenAI-compatible endpoint whose replies are queued, so the real SDK runs."""

from __future__ import annotations

import json
from collections import deque

import httpx2


class FakeOpenAI:
    """Queue replies with `enqueue`; each request takes the next one. Requests are kept for assertions.

    A reply is answer text, or one of: ("status", 500), ("timeout",), ("garbage",), ("stream_garbage", "partial text"),
    ("tool_call", arguments, flavor) where flavor is openai | vllm | ollama | text.
    """

    def __init__(self) -> None:
        self.replies: deque = deque()
        self.requests: list[dict] = []

    def enqueue(self, *replies) -> FakeOpenAI:
        self.replies.extend(replies)
        return self

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content or b"{}")
        self.requests.append(body)
        reply = self.replies.popleft() if self.replies else "I have nothing to add."
        if isinstance(reply, tuple):
            kind = reply[0]
            if kind == "tool_call":
                return httpx2.Response(200, json=self._tool_reply(body, *reply[1:]))
            if kind == "status":
                return httpx2.Response(reply[1], json={"error": {"message": "server exploded", "type": "server_error"}})
            if kind == "timeout":
                raise httpx2.ReadTimeout("timed out", request=request)
            if kind == "garbage":
                return httpx2.Response(
                    200, content=b"<html>not json</html>", headers={"content-type": "application/json"}
                )
            if kind == "stream_garbage":
                chunks = self._sse_chunks(reply[1]) + "data: {not json\n\n"
                return httpx2.Response(200, content=chunks.encode(), headers={"content-type": "text/event-stream"})
        if body.get("stream"):
            return httpx2.Response(
                200,
                content=(self._sse_chunks(reply) + "data: [DONE]\n\n").encode(),
                headers={"content-type": "text/event-stream"},
            )
        return httpx2.Response(
            200,
            json={
                "id": "fake-1",
                "object": "chat.completion",
                "created": 0,
                "model": body.get("model", "fake"),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": reply}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            },
        )

    @staticmethod
    def _tool_reply(body: dict, arguments, flavor: str = "openai") -> dict:
        """A chat completion calling the request's tool the way each server writes it: OpenAI (content null,
        finish_reason "tool_calls"), vLLM (content "", a "chatcmpl-tool-" id), Ollama's OpenAI-compatible endpoint
        (an "index" on the call, finish_reason "stop"), or a server without tool calling ("text": the JSON as the
        message's content, in a fence)."""
        name = body["tools"][0]["function"]["name"]
        args = arguments if isinstance(arguments, str) else json.dumps(arguments)
        call = {"id": "call_1", "type": "function", "function": {"name": name, "arguments": args}}
        message: dict = {"role": "assistant", "content": None, "tool_calls": [call]}
        finish = "tool_calls"
        if flavor == "vllm":
            call["id"], message["content"] = "chatcmpl-tool-8f1c", ""
        elif flavor == "ollama":
            call["index"], message["content"], finish = 0, "", "stop"
        elif flavor == "text":
            message, finish = {"role": "assistant", "content": f"```json\n{args}\n```"}, "stop"
        return {
            "id": "fake-1",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", "fake"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }

    @staticmethod
    def _sse_chunks(text: str) -> str:
        out = []
        for i, word in enumerate(text.split(" ")):
            piece = word if i == 0 else " " + word
            chunk = {
                "id": "fake-1",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": "fake",
                "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}],
            }
            out.append(f"data: {json.dumps(chunk)}\n\n")
        return "".join(out)

    def client(self) -> httpx2.Client:
        return httpx2.Client(transport=httpx2.MockTransport(self.handler))


def llm_mode_assistant(store, fake: FakeOpenAI, **settings_fields):
    """An Assistant over `store` (the seeds' store) in LLM mode, its chat model answering through `fake`."""
    from assistant.core import Assistant
    from assistant.settings import Settings
    from tests.conftest import SEEDS

    settings = Settings(
        store_dir=store,
        seeds_dir=SEEDS,
        OPENAI_API_KEY="sk-test",
        OPENAI_BASE_URL="http://fake.local/v1",
        OPENAI_MODEL="fake-model",
        **settings_fields,
    )
    return Assistant.from_settings(settings, http_client=fake.client())
