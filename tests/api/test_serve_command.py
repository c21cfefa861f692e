"""`assistant serve`: loopback by default, the real app on a real port, a clear error when the port is taken."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

from assistant.cli import build_parser, main
from tests.api.live import free_port
from tests.conftest import ROOT


def test_serve_is_registered_with_loopback_defaults():
    args = build_parser().parse_args(["serve"])
    assert args.func.__name__ == "cmd_serve"
    assert args.host is None and args.port is None  # resolved from Settings: 127.0.0.1:8000
    from assistant.settings import Settings

    assert (Settings().host, Settings().port) == ("127.0.0.1", 8000)


def test_taken_port_is_a_clear_error(capsys, seeded_store):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code = main(["--store", str(seeded_store), "serve", "--port", str(port)])
    assert code == 2
    err = capsys.readouterr().err
    assert f"127.0.0.1:{port}" in err and "--port" in err


@pytest.mark.slow
def test_serve_runs_the_app_on_loopback(seeded_store):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "assistant", "--store", str(seeded_store), "serve", "--port", str(port)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, proc.stdout.read()
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not come up in 90 s"
                time.sleep(0.3)
        assert r.status_code == 200 and r.json()["papers"] == 79
        assert httpx.get(f"http://127.0.0.1:{port}/").headers["content-type"].startswith("text/html")
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in out
    assert proc.returncode == 0, out
