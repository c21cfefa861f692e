"""Runs each answer stream on its own thread, so Ctrl-C can abandon an answer at once and safely.

Why a thread: a KeyboardInterrupt raised in the main thread lands wherever Python happens to be.
During the first question that is often the import of the embedding runtime, and an import cut
halfway can leave a module unimportable for the rest of the session (seen with torch: "partially
initialized module 'torch'"). Signals only reach the main thread, so the worker always finishes the step it is in;
a cancelled stream is closed at its next event and its output dropped, while the next question
starts at once on a thread of its own.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator

from assistant.models import StreamEvent

POLL_SECONDS = 0.1


def background_events(start: Callable[[], Iterator[StreamEvent]]) -> Iterator[StreamEvent]:
    """The events of `start()`, produced on a worker thread; closing this iterator (or Ctrl-C) cancels it."""
    out: queue.Queue = queue.Queue()
    cancel = threading.Event()

    def work() -> None:
        try:
            stream = start()
            try:
                for event in stream:
                    if cancel.is_set():
                        break
                    out.put(("event", event))
            finally:
                close = getattr(stream, "close", None)
                if close:
                    close()
            out.put(("done", None))
        except BaseException as exc:  # relayed to the main thread, which decides what to show or raise
            out.put(("error", exc))

    # daemon: quitting must not wait for an abandoned answer (say a chat model that is slow to reply)
    threading.Thread(target=work, name="answer", daemon=True).start()
    try:
        while True:
            try:
                kind, item = out.get(timeout=POLL_SECONDS)
            except queue.Empty:
                continue
            if kind == "event":
                yield item
            elif kind == "error":
                raise item
            else:
                return
    finally:
        cancel.set()
