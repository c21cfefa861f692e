"""`serve --workers N`: the app loaded once, then N worker processes forked from it and kept running.

uvicorn's own workers (`uvicorn.supervisors.Multiprocess`) are spawned, not forked: each imports the package and
loads the store and the model again (session 19 at 10k papers: 545-580 MiB private to each worker), and gunicorn's
`preload_app`, which forks after loading, would be one more server and its uvicorn worker class to install for the
same ~60 lines. Here the serving process loads everything but Chroma, freezes the garbage collector's view of it
(its passes would otherwise write to every object's header and unshare the pages it reads), binds the socket and
forks; each worker runs uvicorn on the shared socket and opens Chroma itself (a client opened before a fork hangs
the forked worker's first query, even through a new client). A worker that dies is replaced; SIGINT or SIGTERM
stops every worker and waits for its requests.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import time
import traceback
from collections.abc import Callable

log = logging.getLogger("assistant.serve")

RESTART_PAUSE_S = 1.0  # a worker that dies is replaced after this pause: a crash loop forks once a second, no faster
STOP_TIMEOUT_S = 30.0  # a stopping worker's requests get this long to finish (uvicorn's own graceful stop), then kill
POLL_S = 0.2  # how often the supervisor looks for a worker that exited


def check_in_child(check: Callable[[], object]) -> str | None:
    """Run `check` in a forked process and return its error's message (None when it passed), leaving this process
    as it was: used for what must not be opened before the workers fork (Chroma's client)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child, whose coverage is not collected
        os.close(read)
        code = 0
        try:
            check()
        except BaseException as exc:
            os.write(write, (str(exc) or type(exc).__name__).encode()[:8000])
            code = 1
        os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        message = fh.read().decode(errors="replace")
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) == 0:
        return None
    return message or f"the check exited with status {os.waitstatus_to_exitcode(status)}"


class Prefork:
    """`workers` uvicorn servers forked from this process over one listening socket, replaced when one dies."""

    def __init__(self, config, workers: int):
        self.config = config  # a uvicorn.Config holding the loaded app
        self.workers = workers
        self.children: set[int] = set()
        self.stopping = False
        self.deadline = 0.0

    def run(self) -> None:
        sock = self.config.bind_socket()
        gc.collect()
        gc.freeze()  # what is loaded now is never collected and never scanned again: its pages stay shared
        handlers = {s: signal.signal(s, self._stop) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            for _ in range(self.workers):
                self._fork(sock)
            self._supervise(sock)
        finally:
            for s, handler in handlers.items():
                signal.signal(s, handler)
            sock.close()

    def _fork(self, sock) -> None:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the worker
            code = 0
            try:
                for s in (signal.SIGINT, signal.SIGTERM):
                    signal.signal(s, signal.SIG_DFL)  # uvicorn installs its own while it serves
                import uvicorn

                uvicorn.Server(self.config).run(sockets=[sock])
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                os._exit(code)
        self.children.add(pid)

    def _supervise(self, sock) -> None:
        while self.children:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                if self.stopping and time.monotonic() > self.deadline:
                    for child in self.children:
                        os.kill(child, signal.SIGKILL)
                    self.deadline = float("inf")
                time.sleep(POLL_S)
                continue
            self.children.discard(pid)
            if not self.stopping:
                log.warning("worker %d exited (%s); starting another", pid, os.waitstatus_to_exitcode(status))
                time.sleep(RESTART_PAUSE_S)
                if not self.stopping:
                    self._fork(sock)

    def _stop(self, signum, frame) -> None:
        if not self.stopping:
            self.stopping = True
            self.deadline = time.monotonic() + STOP_TIMEOUT_S
            for child in self.children:
                # Ctrl-C reaches the workers by their process group too; a SIGTERM after it is still a graceful stop
                os.kill(child, signal.SIGTERM)
