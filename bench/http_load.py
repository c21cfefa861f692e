"""HTTP load on loopback, ours beside naive: N concurrent clients share a fixed number of questions.

    python -m bench.http_load [--clients 8] [--requests 200]

Our server is `python -m assistant serve` over the seed corpus; theirs is bench/naive_app.py (the naive
pipeline in a FastAPI app) over the same papers. Each runs as its own process on a free 127.0.0.1 port
and is stopped by its PID. The clients (asyncio + httpx, JSON `POST /api/chat`) take the dev + team
questions in turn until `--requests` have been sent; a request is an error unless it is a 200 whose
answer is not empty. Reported: requests/s over the whole run, latency p50/p95, errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time

import httpx

from bench.cold_start import QUESTION, free_port, stores
from bench.common import RESULTS, ROOT, env, load, pct, questions, stop, table

START_TIMEOUT = 180.0
REQUEST_TIMEOUT = 120.0


def start(args: list[str], port: int) -> subprocess.Popen:
    """Launch a server and wait until it answers a question (so the load starts warm)."""
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, *args], stdout=log, stderr=log, env=env(), cwd=ROOT)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < START_TIMEOUT:
        if proc.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"server exited ({proc.returncode}): {log.read()[-2000:].decode(errors='replace')}")
        try:
            r = httpx.post(
                f"http://127.0.0.1:{port}/api/chat",
                json={"messages": [{"role": "user", "content": QUESTION}]},
                timeout=60,
            )
            if r.status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    stop(proc)
    raise RuntimeError("server did not answer in time")


async def run_load(port: int, clients: int, total: int) -> dict:
    texts = [(q.get("turns") or [q["question"]])[-1] for q in questions()]
    counter = iter(range(total))
    latencies: list[float] = []
    errors: list[str] = []

    async def client() -> None:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=REQUEST_TIMEOUT) as http:
            for i in counter:  # shared iterator: the clients together send exactly `total` requests
                body = {"messages": [{"role": "user", "content": texts[i % len(texts)]}]}
                t = time.perf_counter()
                try:
                    r = await http.post("/api/chat", json=body)
                    ok = r.status_code == 200 and bool(r.json().get("answer"))
                    if not ok:
                        errors.append(f"{r.status_code}: {r.text[:200]}")
                except httpx.HTTPError as exc:
                    errors.append(f"{exc.__class__.__name__}: {exc}")
                latencies.append(time.perf_counter() - t)

    t0 = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    wall = time.perf_counter() - t0
    return {"requests": total, "wall_s": wall, "rps": total / wall, "latencies": latencies, "errors": errors}


def main() -> None:
    parser = argparse.ArgumentParser(description="HTTP load on loopback, ours vs naive.")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    ours, naive = stores()

    rows, out = [], {}
    for name, argv in (
        ("ours: assistant serve", lambda p: ["-m", "assistant", "--store", str(ours), "serve", "--port", str(p)]),
        ("naive: FastAPI + LangChain + Chroma + ST", lambda p: ["-m", "bench.naive_app", str(naive), str(p)]),
    ):
        port = free_port()
        proc = start(argv(port), port)
        try:
            before = load()
            r = asyncio.run(run_load(port, args.clients, args.requests))
        finally:
            stop(proc)
        ms = [1000 * x for x in r["latencies"]]
        out[name] = r
        rows.append(
            [
                name,
                args.clients,
                r["requests"],
                f"{r['rps']:.1f}",
                f"{pct(ms, 0.5):.0f}",
                f"{pct(ms, 0.95):.0f}",
                len(r["errors"]),
                before,
            ]
        )
        print(f"  {rows[-1]}", file=sys.stderr, flush=True)
        for e in r["errors"][:3]:
            print(f"    error: {e}", file=sys.stderr)

    table(
        f"HTTP load: {args.clients} concurrent clients, {args.requests} questions, JSON "
        f"POST /api/chat on 127.0.0.1 (seed corpus)",
        ["server", "clients", "requests", "req/s", "p50 ms", "p95 ms", "errors", "load 1/5/15 at start"],
        rows,
    )
    o, n = out["ours: assistant serve"], out["naive: FastAPI + LangChain + Chroma + ST"]
    table(
        "Ours / naive",
        ["measure", "ratio"],
        [
            ["requests/s (higher is better)", f"{o['rps'] / n['rps']:.2f}"],
            ["p50 latency (lower is better)", f"{pct(o['latencies'], 0.5) / pct(n['latencies'], 0.5):.2f}"],
            ["p95 latency (lower is better)", f"{pct(o['latencies'], 0.95) / pct(n['latencies'], 0.95):.2f}"],
        ],
    )
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "http_load.json").write_text(json.dumps({k: {**v, "errors": v["errors"][:20]} for k, v in out.items()}))


if __name__ == "__main__":
    main()
