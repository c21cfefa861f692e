"""Load on loopback: N concurrent clients × M questions each against a real `assistant serve` (extractive mode).

    python -m bench.load [--clients 50] [--questions 20] [--store DIR] [--json PATH]
    python -m bench.load --clients 20 --questions 8 --store bench/results/stores/ours-10000 --mix
    python -m bench.load ... --workers 2 --naive bench/results/stores/naive-10000   # then the naive app, same load

Without --store it ingests seeds/ into a temporary store first (in a subprocess). The server is a separate process
on a free 127.0.0.1 port; this process only sends requests (httpx, asyncio), so its own CPU use stays small.
Every 4th client asks over SSE (`stream: true`), the others get JSON. A request counts as an error unless it is a
200 with a non-empty answer (for SSE: a `citations` event, then `done`, and no `error` event).

With --mix the questions are the first turns of the mixed conversations bench.first_asks --mix asks of the store
(generated from its own table: list, count, fact, topic, compare, follow-up openers, out-of-corpus), and the warm-up
asks only a few of them, so most requests are a question's first ask. The load average is printed before and after.

Memory: the server's RSS (from /proc) after a warm-up pass over every question, then after each completed request;
the growth per request is the least-squares slope over the second half of the run, when caches have filled. RSS
counts the store's memory-mapped files whole; PSS (after the run) counts a page shared with other processes by its
share. CPU: the server's CPU seconds during the run (every thread) per request, the figure to compare on a shared
machine (its clock times follow the machine's load). With `serve --workers N` the server is a supervisor and its forked
workers: CPU, RSS and PSS are summed over them all (RSS then counts each page they share once per process).
With --naive the same clients then ask the same questions of the naive pipeline's app (bench/naive_app.py, JSON
only) over that store.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.common import ROOT, load, machine, pct, questions, table

START_TIMEOUT = 180.0
REQUEST_TIMEOUT = 120.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tree(pid: int) -> list[int]:
    """The process and every descendant (a supervisor and its workers), from /proc/PID/task/*/children."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    todo.extend(int(c) for c in fh.read().split())
        except OSError:
            continue
    return out


def rss_kb(pid: int) -> int:
    """RSS summed over the process tree: a page the workers share with their supervisor counts once per process, so
    this is above the memory used (PSS says that)."""
    total = 0
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/status") as fh:
                total += int(next(line for line in fh if line.startswith("VmRSS:")).split()[1])
        except (OSError, StopIteration):
            continue
    return total


def pss_kb(pid: int) -> int | None:
    """The proportional set size summed over the process tree: each page shared with other processes (the workers'
    pages forked from the supervisor, the memory-mapped store files, libraries) counted as its share, where RSS counts
    it whole. None when the kernel does not say."""
    total = None
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/smaps_rollup") as fh:
                total = (total or 0) + int(next(line for line in fh if line.startswith("Pss:")).split()[1])
        except (OSError, StopIteration):
            continue
    return total


def cpu_seconds(pid: int) -> float:
    """CPU seconds the process tree has used (user + system, every thread; workers that exited are not counted):
    other work on a shared machine barely moves it, where it moves clock times several-fold."""
    total = 0
    for p in tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def listening_addresses(pid: int, port: int) -> list[str]:
    """Addresses the process listens on for `port` (from /proc/PID/net/tcp and tcp6): e.g. ["127.0.0.1"]."""
    found = []
    for table_name in ("tcp", "tcp6"):
        try:
            lines = Path(f"/proc/{pid}/net/{table_name}").read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            host_hex, port_hex = local.split(":")
            if state != "0A" or int(port_hex, 16) != port:  # 0A = LISTEN
                continue
            if table_name == "tcp":
                found.append(socket.inet_ntop(socket.AF_INET, bytes.fromhex(host_hex)[::-1]))
            else:
                raw = b"".join(bytes.fromhex(host_hex[i : i + 8])[::-1] for i in range(0, 32, 8))
                found.append(socket.inet_ntop(socket.AF_INET6, raw))
    return found


@dataclass
class Server:
    url: str
    port: int
    pid: int
    proc: subprocess.Popen = field(repr=False)
    log: Path = field(repr=False)  # the server's output


@contextmanager
def serve(store: Path, env: dict | None = None, workers: int | None = None, naive: bool = False):
    """`assistant serve` (or with `naive` the naive pipeline's app) on a free loopback port over `store`, with no chat
    model configured; stopped with Ctrl-C (SIGINT).

    Its output goes to a file, not a pipe: nobody reads a pipe during the run, and once its 64 KB buffer is full of
    access-log lines the server blocks on its next log write (3,000 requests stalled it that way).
    """
    port = free_port()
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ASSISTANT_API_TOKEN", "ASSISTANT_RATE_LIMIT_PER_MINUTE")
    }
    log = tempfile.NamedTemporaryFile(prefix="bench-load-server-", suffix=".log", delete=False)
    if naive:  # the naive pipeline in a FastAPI app (bench/naive_app.py), one uvicorn process
        command = ["-m", "bench.naive_app", str(store), str(port)]
    else:
        command = ["-m", "assistant", "--store", str(store), "serve", "--port", str(port)]
        command += ["--workers", str(workers)] if workers else []
    proc = subprocess.Popen(
        [sys.executable, *command],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
        env={**clean, "PYTHONUNBUFFERED": "1", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", **(env or {})},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"assistant serve exited with {proc.returncode}:\n{Path(log.name).read_text()[-3000:]}"
                )
            try:
                if httpx.get(url + "/healthz", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"assistant serve did not answer /healthz within {START_TIMEOUT:.0f} s")
            time.sleep(0.3)
        yield Server(url=url, port=port, pid=proc.pid, proc=proc, log=Path(log.name))
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()


MIX_WARM_UP = 5  # questions asked before a --mix run: the model, BM25 and derived items loaded, answers still new


def question_texts(store: Path | None = None) -> list[str]:
    """The dev + team questions, or with a store the first turns of its mixed conversations (bench.first_asks)."""
    if store is None:
        return [q.get("question") or q["turns"][0] for q in questions()]
    from bench.first_asks import asked

    return list(dict.fromkeys(q["turns"][0] for q in json.loads(asked(store, True, 1).read_text())))


@dataclass
class LoadResult:
    clients: int
    per_client: int
    requests: int = 0
    errors: int = 0
    statuses: dict = field(default_factory=dict)
    error_samples: list = field(default_factory=list)
    seconds: float = 0.0
    latencies: list = field(default_factory=list, repr=False)
    sse_latencies: list = field(default_factory=list, repr=False)  # the streamed ones, also in `latencies`
    rss_samples: list = field(default_factory=list, repr=False)  # (completed requests, RSS kB)
    rss_before_kb: int | None = None
    rss_after_kb: int | None = None
    pss_after_kb: int | None = None
    server_cpu_s: float | None = None  # the server's CPU seconds during the run

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else float("nan")

    def growth_per_request_kb(self) -> float | None:
        """Least-squares slope of RSS over completed requests, second half of the run."""
        half = self.rss_samples[len(self.rss_samples) // 2 :]
        if len(half) < 3:
            return None
        xs, ys = [x for x, _ in half], [y for _, y in half]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        var = sum((x - mx) ** 2 for x in xs)
        return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var if var else None

    def summary(self) -> dict:
        lat = sorted(self.latencies)
        growth = self.growth_per_request_kb()
        return {
            "clients": self.clients,
            "questions_per_client": self.per_client,
            "requests": self.requests,
            "errors": self.errors,
            "statuses": self.statuses,
            "seconds": round(self.seconds, 2),
            "requests_per_s": round(self.rps, 2),
            "p50_ms": round(pct(lat, 0.50) * 1000, 1),
            "p95_ms": round(pct(lat, 0.95) * 1000, 1),
            "p99_ms": round(pct(lat, 0.99) * 1000, 1),
            "max_ms": round(max(lat, default=0) * 1000, 1),
            "json_p95_ms": round(pct(sorted(set(self.latencies) - set(self.sse_latencies)), 0.95) * 1000, 1),
            "sse_p95_ms": round(pct(self.sse_latencies, 0.95) * 1000, 1),
            "rss_before_mb": _mb(self.rss_before_kb),
            "rss_after_mb": _mb(self.rss_after_kb),
            "rss_peak_mb": _mb(max((r for _, r in self.rss_samples), default=None)),
            "pss_after_mb": _mb(self.pss_after_kb),
            "server_cpu_ms_per_request": (
                None
                if self.server_cpu_s is None or not self.requests
                else round(1000 * self.server_cpu_s / self.requests, 1)
            ),
            "growth_per_request_kb": None if growth is None else round(growth, 2),
            "error_samples": self.error_samples[:5],
        }


def _mb(kb: int | None) -> float | None:
    return None if kb is None else round(kb / 1024, 1)


async def _ask(client: httpx.AsyncClient, question: str, stream: bool) -> str:
    """ "" when the answer is good, else what was wrong."""
    r = await client.post("/api/chat", json={"messages": [{"role": "user", "content": question}], "stream": stream})
    if r.status_code != 200:
        return f"HTTP {r.status_code}: {r.text[:200]}"
    if not stream:
        body = r.json()
        return "" if body.get("answer", "").strip() else f"empty answer: {r.text[:200]}"
    events = [block.split("\n", 1)[0].removeprefix("event: ") for block in r.text.split("\n\n") if block.strip()]
    if "error" in events or events[-1:] != ["done"] or "citations" not in events:
        return f"bad stream (events {events[-3:]}): {r.text[-200:]}"
    return ""


async def run_load(
    url: str, clients: int, per_client: int, texts: list[str], pid: int | None = None, sse: bool = True
) -> LoadResult:
    """`clients` concurrent clients, each asking `per_client` questions one after another (each its own offset in
    `texts`); with `sse` every 4th client streams."""
    result = LoadResult(clients=clients, per_client=per_client)

    async def one_client(c: int) -> None:
        stream = sse and c % 4 == 3
        # Each client its own connection, like a browser tab: a shared pool would hand a connection the server is
        # just closing for idleness (uvicorn's 5 s keep-alive) to another client, a client-side race, not a server
        # error.
        async with httpx.AsyncClient(
            base_url=url, timeout=REQUEST_TIMEOUT, limits=httpx.Limits(max_connections=1)
        ) as client:
            for k in range(per_client):
                question = texts[(c * 7 + k) % len(texts)]
                t0 = time.perf_counter()
                try:
                    problem = await _ask(client, question, stream)
                except httpx.HTTPError as exc:
                    problem = f"{type(exc).__name__}: {exc}"
                result.latencies.append(time.perf_counter() - t0)
                if stream:
                    result.sse_latencies.append(result.latencies[-1])
                result.requests += 1
                status = problem.split(":")[0] if problem.startswith("HTTP ") else ("200" if not problem else "other")
                result.statuses[status] = result.statuses.get(status, 0) + 1
                if problem:
                    result.errors += 1
                    result.error_samples.append(problem)
                if pid:
                    result.rss_samples.append((result.requests, rss_kb(pid)))

    if pid:
        result.rss_before_kb = rss_kb(pid)
        cpu_before = cpu_seconds(pid)
    started = time.perf_counter()
    await asyncio.gather(*(one_client(c) for c in range(clients)))
    result.seconds = time.perf_counter() - started
    if pid:
        result.server_cpu_s = cpu_seconds(pid) - cpu_before
        result.rss_after_kb = rss_kb(pid)
        result.pss_after_kb = pss_kb(pid)
    return result


def warm_up(url: str, texts: list[str]) -> None:
    """Every question once, so the run measures steady state (the model, BM25 and caches are loaded)."""
    with httpx.Client(base_url=url, timeout=REQUEST_TIMEOUT) as client:
        for question in texts:
            client.post("/api/chat", json={"messages": [{"role": "user", "content": question}]}).raise_for_status()


def build_store() -> Path:
    store = Path(tempfile.mkdtemp(prefix="bench-load-store-"))
    subprocess.run(
        [sys.executable, "-m", "assistant", "--store", str(store), "ingest", str(ROOT / "seeds")],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return store


COLUMNS = (
    "requests",
    "errors",
    "requests_per_s",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "max_ms",
    "rss_before_mb",
    "rss_after_mb",
    "rss_peak_mb",
    "pss_after_mb",
    "growth_per_request_kb",
    "server_cpu_ms_per_request",
)
COLUMN_NAMES = (
    "requests",
    "errors",
    "req/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "max ms",
    "RSS before MB",
    "RSS after MB",
    "RSS peak MB",
    "PSS after MB",
    "growth kB/req",
    "server CPU ms/req",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--questions", type=int, default=20, help="questions per client, asked one after another")
    parser.add_argument("--store", type=Path, help="an ingested store (default: ingest seeds/ into a temporary one)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--mix", action="store_true", help="the store's own mixed questions (needs --store)")
    parser.add_argument("--workers", type=int, help="`serve --workers N` (default: serve's own, one per CPU)")
    parser.add_argument("--naive", type=Path, help="then the same load on the naive pipeline's app over this store")
    args = parser.parse_args(argv)
    if args.mix and args.store is None:
        parser.error("--mix asks questions generated from an ingested store's table: give it with --store DIR")

    store = args.store or build_store()
    texts = question_texts(store if args.mix else None)
    runs = [("ours", store, False)] + ([("naive", args.naive, True)] if args.naive else [])
    rows, out = [], {}
    for name, served, naive in runs:
        with serve(served, workers=args.workers, naive=naive) as server:
            bound = listening_addresses(server.pid, server.port)
            warm_up(server.url, texts[:MIX_WARM_UP] if args.mix else texts)
            before = load()
            result = asyncio.run(
                run_load(server.url, args.clients, args.questions, texts, pid=server.pid, sse=not naive)
            )
            after = load()
        s = out[name] = {"machine": machine(), "bound": bound, "load": [before, after], **result.summary()}
        workers = "naive app, 1 process" if naive else f"{args.workers or 'default'} workers"
        rows.append([f"{name} ({workers}; load {before} → {after})", *(s[k] for k in COLUMNS)])
    table(
        f"bench.load: {args.clients} clients × {args.questions} questions on loopback (bound {', '.join(bound)}; "
        f"{len(texts)} {'mixed ' if args.mix else ''}questions; memory and CPU summed over the server's processes)",
        ["server", *COLUMN_NAMES],
        rows,
    )
    if args.naive:
        o, n = out["ours"], out["naive"]
        print(
            f"ours / naive: p95 {o['p95_ms'] / n['p95_ms']:.2f}, req/s {o['requests_per_s'] / n['requests_per_s']:.2f}"
        )
    s = out["ours"]
    print(f"statuses: {s['statuses']}; p95 JSON {s['json_p95_ms']} ms, SSE {s['sse_p95_ms']} ms")
    for sample in s["error_samples"]:
        print(f"error: {sample}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out if args.naive else s, indent=2))
    return 1 if any(r["errors"] for r in out.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
