"""A real `chroma run` (the server shipped with chromadb) on a free loopback port, stopped by its PID, restartable at
the same URL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.api.live import free_port

CHROMA = Path(sys.executable).parent / "chroma"
START_TIMEOUT = 60.0


class ChromaServer:
    def __init__(self, data: Path, log: Path):
        self.data, self.log, self.port = data, log, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> ChromaServer:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [str(CHROMA), "run", "--path", str(self.data), "--host", "127.0.0.1", "--port", str(self.port)],
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "ANONYMIZED_TELEMETRY": "False"},
            )
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert self.proc.poll() is None, (
                f"chroma run exited with {self.proc.returncode}: {self.log.read_text(errors='replace')[-2000:]}"
            )
            try:
                if httpx.get(f"{self.url}/api/v2/heartbeat", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"chroma run did not answer its heartbeat within {START_TIMEOUT:.0f} s")
            time.sleep(0.1)

    def stop(self) -> None:
        """SIGTERM to the server's own PID, then wait for it to exit."""
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
