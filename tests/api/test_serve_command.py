"""`assistant serve`: loopback by default, the real app on a real port, a clear error when the port is taken."""

from __future__ import annotations

import os
import socket

import httpx
import pytest

from assistant.cli import build_parser, main
from tests.api.live import ServeProcess, free_port


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


def test_workers_out_of_range_is_a_clear_error(capsys, seeded_store):
    code = main(["--store", str(seeded_store), "serve", "--port", str(free_port()), "--workers", "0"])
    assert code == 2
    assert "--workers 0" in capsys.readouterr().err


def test_workers_where_the_platform_cannot_fork_is_a_clear_error(capsys, monkeypatch, seeded_store):
    monkeypatch.delattr(os, "fork")
    code = main(["--store", str(seeded_store), "serve", "--port", str(free_port()), "--workers", "2"])
    assert code == 2
    assert "--workers 1" in capsys.readouterr().err
    monkeypatch.delenv("ASSISTANT_WORKERS", raising=False)
    from assistant.settings import Settings

    assert Settings().workers == 1  # the default serves in one process there


def _children(pid: int) -> set[int]:
    out = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            out |= {int(c) for c in f.read().split()}
    return out


def _cpu_ticks(pid: int) -> int:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@pytest.mark.slow
def test_serve_with_two_workers_answers_concurrent_chats(seeded_store):
    """`serve --workers 2`: two worker processes forked from the serving process after it loaded the store and the
    model, on one port over one store; concurrent chats all answer, with citations; a conversation continued across
    requests gets the same answer whichever worker takes each turn; a worker that dies is replaced."""
    from concurrent.futures import ThreadPoolExecutor

    env = {**os.environ, "ASSISTANT_ALLOWED_HOSTS": '["papers.example"]'}
    with ServeProcess(seeded_store, ("--workers", "2"), env=env, stop_timeout=60) as server:
        server.wait_ready(120, lambda r: r.status_code == 200 and len(_children(server.proc.pid)) >= 2)
        workers = _children(server.proc.pid)
        # Forked, not spawned: a worker runs the serving process's own command line (a spawned one runs
        # multiprocessing's), and shares the pages the serving process loaded before the fork.
        command = open(f"/proc/{server.proc.pid}/cmdline", "rb").read()
        assert all(open(f"/proc/{w}/cmdline", "rb").read() == command for w in workers)
        ticks = {w: _cpu_ticks(w) for w in workers}

        def chat(i):
            body = {
                "messages": [
                    {"role": "user", "content": ["What is SparStencil?", "Which papers are about quantization?"][i % 2]}
                ]
            }
            return httpx.post(f"{server.url}/api/chat", json=body, timeout=120)

        with ThreadPoolExecutor(8) as pool:
            replies = list(pool.map(chat, range(16)))
        assert [r.status_code for r in replies] == [200] * 16
        assert all(r.json()["citations"] for r in replies)
        assert all(_cpu_ticks(w) > ticks[w] for w in workers), "both workers answered"
        assert _children(server.proc.pid) == workers, "no worker died and was replaced while answering"

        # A conversation continues across requests: the whole history travels in each one, so whichever worker
        # takes the follow-up resolves "it" to the paper of the first turn.
        first = replies[0].json()
        turns = [
            {"role": "user", "content": "What is SparStencil?"},
            {"role": "assistant", "content": first["answer"]},
            {"role": "user", "content": "When did it come out?"},
        ]
        with ThreadPoolExecutor(4) as pool:
            follow = list(
                pool.map(
                    lambda _: httpx.post(f"{server.url}/api/chat", json={"messages": turns}, timeout=120), range(8)
                )
            )
        assert {r.status_code for r in follow} == {200}
        assert len({r.json()["answer"] for r in follow}) == 1
        assert "SparStencil" in follow[0].json()["answer"]

        # Each worker answers /healthz with the whole corpus.
        assert {httpx.get(f"{server.url}/healthz", timeout=10).json()["papers"] for _ in range(6)} == {79}
        # The settings reached every worker as the serving process made them: the configured host and the bound
        # address are allowed, any other is refused.
        hosts = ("papers.example", f"127.0.0.1:{server.port}", "elsewhere.example")
        codes = {
            h: {httpx.get(f"{server.url}/healthz", headers={"Host": h}, timeout=10).status_code for _ in range(6)}
            for h in hosts
        }
        assert codes == {"papers.example": {200}, f"127.0.0.1:{server.port}": {200}, "elsewhere.example": {400}}

        # A worker killed is replaced by a new fork that answers too.
        gone = min(workers)
        os.kill(gone, 9)
        server.wait_ready(60, lambda r: len(_children(server.proc.pid) - {gone}) >= 2)
        assert gone not in _children(server.proc.pid)
        assert all(chat(i).status_code == 200 for i in range(4))
    assert "2 workers" in server.output
    assert server.proc.returncode == 0, server.output


@pytest.mark.slow
def test_serve_runs_the_app_on_loopback(seeded_store):
    with ServeProcess(seeded_store) as server:
        r = server.wait_ready(90, lambda r: True)
        assert r.status_code == 200 and r.json()["papers"] == 79
        assert httpx.get(f"{server.url}/").headers["content-type"].startswith("text/html")
    assert f"{server.url}/" in server.output
    assert server.proc.returncode == 0, server.output
