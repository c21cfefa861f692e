"""A queued fake OpenAI-compatible chat model at the HTTP layer (httpx2.MockTransport), so the real SDK code runs."""

from __future__ import annotations

import json
import time

import httpx2


class FakeChatServer:
    """`enqueue("reply [1]")` or `enqueue(httpx2.ConnectError("down"))`; replies stream word by word when asked to."""

    def __init__(self, default: str = "The sources do not say [1].", delay: float = 0.0):
        self.default = default
        self.delay = delay  # seconds between streamed pieces, to watch a stream arrive
        self.queue: list[str | Exception] = []
        self.requests: list[dict] = []

    def enqueue(self, *items: str | Exception) -> FakeChatServer:
        self.queue.extend(items)
        return self

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        item = self.queue.pop(0) if self.queue else self.default
        if isinstance(item, Exception):
            raise item
        if body.get("stream"):
            pieces = [w + " " for w in item.split(" ")]
            pieces[-1] = pieces[-1].rstrip()
            chunks = [
                {
                    "id": "fake",
                    "object": "chat.completion.chunk",
                    "created": 0,
                    "model": "fake",
                    "choices": [{"index": 0, "delta": {"role": "assistant", "content": p}, "finish_reason": None}],
                }
                for p in pieces
            ]
            chunks.append(
                {
                    "id": "fake",
                    "object": "chat.completion.chunk",
                    "created": 0,
                    "model": "fake",
                    "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                }
            )
            events = [f"data: {json.dumps(c)}\n\n".encode() for c in chunks] + [b"data: [DONE]\n\n"]
            return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=self._paced(events))
        return httpx2.Response(
            200,
            json={
                "id": "fake",
                "object": "chat.completion",
                "created": 0,
                "model": "fake",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": item}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            },
        )

    def _paced(self, events: list[bytes]):
        for event in events:
            if self.delay:
                time.sleep(self.delay)
            yield event

    def client(self) -> httpx2.Client:
        return httpx2.Client(transport=httpx2.MockTransport(self.handler))


def llm_assistant(seeded_store, shared, fake: FakeChatServer):
    """An LLM-mode Assistant over the shared store (no second embedding model), talking to `fake`."""
    from assistant import vendors
    from assistant.core import Assistant
    from tests.api.fixtures import settings_for

    settings = settings_for(
        seeded_store, openai_api_key="sk-fake", openai_base_url="http://fake-llm.invalid/v1", llm_timeout=5
    )
    return Assistant(settings, shared.store, chat_model=vendors.chat_model(settings, http_client=fake.client()))
