"""Server-Sent Events: framing, and a bridge that surfaces early errors as plain HTTP errors."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import threading
import weakref
from collections.abc import AsyncIterator, Callable, Iterator

import anyio.to_thread
from anyio import CapacityLimiter
from starlette.responses import StreamingResponse

from assistant.errors import AssistantError
from assistant.models import StreamEvent

log = logging.getLogger("assistant.api")

SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def frame(data: dict | str, event: str | None = None) -> str:
    """One SSE message; `data` is JSON unless it is already a string (e.g. `[DONE]`)."""
    payload = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    head = f"event: {event}\n" if event else ""
    # JSON never holds a raw newline, so one data line suffices.
    return f"{head}data: {payload}\n\n"


def error_payload(exc: Exception) -> dict:
    if isinstance(exc, AssistantError):
        return {"error": {"type": type(exc).__name__, "message": str(exc), "param": None, "code": None}}
    return {
        "error": {
            "type": "internal_error",
            "message": f"Internal error ({type(exc).__name__}): the server log has the details.",
            "param": None,
            "code": None,
        }
    }


_LIMITERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, CapacityLimiter] = weakref.WeakKeyDictionary()
CHAT_WORKERS = 32


def chat_limiter(workers: int = CHAT_WORKERS) -> CapacityLimiter:
    """The threads chats may hold at once, apart from the shared pool the other routes use.

    A chat's thread can wait on a model for the whole LLM deadline; with chats in the shared pool, 45 of them
    waiting on a hanging model made /healthz and /api/papers wait 9.6 s. Chats beyond this limit queue
    without a thread. One limiter per event loop (a limiter belongs to the loop it was made on).
    """
    loop = asyncio.get_running_loop()
    limiter = _LIMITERS.get(loop)
    if limiter is None:
        limiter = _LIMITERS[loop] = CapacityLimiter(workers)
    return limiter


async def run_chat(fn: Callable, *args, workers: int = CHAT_WORKERS):
    """Run a blocking chat call on a chat thread (see chat_limiter)."""
    return await anyio.to_thread.run_sync(functools.partial(fn, *args), limiter=chat_limiter(workers))


async def stream_events(
    events: Iterator[StreamEvent],
    render: Callable[[Iterator[StreamEvent]], Iterator[str]],
    error_event: str | None = "error",
    workers: int = CHAT_WORKERS,
) -> StreamingResponse:
    """Pull the first event before answering, so a bad request or a missing store is a 4xx/5xx JSON, not a broken
    stream.

    `render` turns the core's events (first one included) into SSE text; it runs in a worker thread. A render that
    sends nothing for an event (the /v1 stream drops the model's preview tokens) yields "" for it instead: the pump
    sends nothing and stops there if the client has left, so the model call stops too.
    A later failure becomes an `error_event` message whose data is `{"error": {...}}` (OpenAI clients raise on it).
    """
    iterator = iter(events)
    first = await run_chat(next, iterator, None, workers=workers)

    def replay() -> Iterator[StreamEvent]:
        if first is not None:
            yield first
        yield from iterator

    def guarded() -> Iterator[str]:
        try:
            yield from render(replay())
        except Exception as exc:  # the status line is already sent: report it in the stream, and log it
            if isinstance(exc, AssistantError):
                log.warning("stream stopped: %s", exc)
            else:
                log.exception("stream failed")
            yield frame(error_payload(exc), event=error_event)

    return StreamingResponse(pump(guarded(), workers), media_type="text/event-stream", headers=SSE_HEADERS)


_END = object()


async def pump(frames: Iterator[str], workers: int = CHAT_WORKERS) -> AsyncIterator[str]:
    """Run `frames` on one worker thread and hand each frame over as soon as it exists.

    Starlette would otherwise fetch every frame with its own trip through the thread pool; under load each trip
    queues behind whole answers, so a streamed answer of a hundred tokens finished many seconds after the same
    answer as JSON (bench/load.py, 50 clients on 2 cores: SSE p95 12.8 s, JSON 2.7 s). One thread per stream is
    what a streaming model call held anyway while it waited for tokens.
    """
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()
    gone = threading.Event()  # the client went away: stop producing at the next frame

    def deliver(item) -> None:
        try:
            loop.call_soon_threadsafe(queue.put_nowait, item)
        except RuntimeError:  # the event loop is closed (server shutting down): nobody is listening
            gone.set()

    def produce() -> None:
        try:
            for item in frames:
                if item:  # an empty frame is a beat: nothing to send, a chance to see that the client left
                    deliver(item)
                if gone.is_set():
                    break
        finally:
            frames.close()  # on this thread, where the generator runs
            deliver(_END)

    worker = asyncio.ensure_future(run_chat(produce, workers=workers))
    try:
        while (item := await queue.get()) is not _END:
            yield item
        await worker
    finally:
        gone.set()
