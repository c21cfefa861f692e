"""Real servers on free loopback ports: uvicorn in a thread of the test process (sharing the warm Assistant), or a whole
`assistant serve` process."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time

import httpx
import uvicorn


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`with LiveServer(app) as url:` — serves until the block ends; the lifespan (warm-up) runs first."""

    def __init__(self, app):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        )
        self.thread = threading.Thread(target=self.server.run, name=f"uvicorn-{self.port}", daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the test server on port {self.port} did not start")
            time.sleep(0.05)
        httpx.get(self.url + "/healthz", timeout=10)
        return self.url

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class ServeProcess:
    """`with ServeProcess(store, extra_args, env) as p:` — a real `python -m assistant serve` on a free loopback port.

    `p.wait_ready(timeout, ready)` polls /healthz until `ready(response)`; on leaving the block the process gets SIGINT
    and its whole output lands in `p.output`, its exit code in `p.proc.returncode`.
    """

    def __init__(self, store, args: tuple[str, ...] = (), env: dict | None = None, stop_timeout: float = 30.0):
        from tests.conftest import ROOT

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.output = ""
        self.stop_timeout = stop_timeout
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "assistant", "--store", str(store), "serve", "--port", str(self.port), *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**(env or os.environ), "PYTHONUNBUFFERED": "1"},
        )

    def wait_ready(self, timeout: float = 120.0, ready=lambda r: r.status_code == 200) -> httpx.Response:
        deadline = time.monotonic() + timeout
        while True:
            assert self.proc.poll() is None, self.proc.stdout.read()
            try:
                r = httpx.get(f"{self.url}/healthz", timeout=2)
                if ready(r):
                    return r
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, f"the server did not come up in {timeout:.0f} s"
            time.sleep(0.3)

    def __enter__(self) -> ServeProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.proc.send_signal(signal.SIGINT)
        self.output, _ = self.proc.communicate(timeout=self.stop_timeout)
