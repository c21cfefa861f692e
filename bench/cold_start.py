"""Cold start on the seed corpus: process start to first answer, ours beside the naive stack.

    python -m bench.cold_start [--repeat 5]
    python -m bench.cold_start --size 10000 --no-serve    # the bench.ingest store of 10k synthetic papers

- `assistant ask`: wall time of `python -m assistant --store S ask Q` (store already ingested, ONNX model
  already exported by `python -m assistant prepare`) against `python -m bench.naive_ask S Q`, which
  imports LangChain + Chroma + sentence-transformers, opens its store and answers.
- server: from launching `python -m assistant serve --port P` (or the naive FastAPI app) to the first
  200 from `POST /api/chat`, polling every 50 ms on 127.0.0.1.
- the top-level imports of a cold `assistant ask` (`python -X importtime`), biggest first.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from assistant.index.table import read_header
from bench.common import RESULTS, ROOT, env, load, run_child, stop, table

QUESTION = "What has the author worked on in model compression?"
SERVER_DEADLINE = 180.0
ASK, NAIVE_ASK = "ours: assistant ask", "naive: naive_ask (LangChain+Chroma+ST)"
SERVE, NAIVE_SERVE = "ours: assistant serve → first /api/chat", "naive: FastAPI app → first /api/chat"


def synthetic_stores(ours: Path) -> tuple[Path, Path]:
    """A `bench.ingest` store of synthetic papers (`.../ours-N`), and a naive store of the same papers beside it
    (`.../naive-N`) made from its sentence vectors (no model work; the naive side's cold start does not depend on
    how its store was filled)."""
    naive = ours.with_name(ours.name.replace("ours", "naive", 1))
    if not (ours / "table.jsonl").exists():
        raise SystemExit(f"No store at {ours}: build it with `python -m bench.ingest --sizes N --no-naive`.")
    if not (naive / "chroma.sqlite3").exists():
        run_child(["-m", "bench.latency", "child", "build-naive", str(ours), str(naive)], 3600)
    subprocess.run([sys.executable, "-m", "assistant", "prepare"], check=True, capture_output=True, env=env(), cwd=ROOT)
    return ours, naive


def stores() -> tuple[Path, Path]:
    ours, naive = RESULTS / "stores" / "ours-seeds", RESULTS / "stores" / "naive-seeds"
    if not (ours / "table.jsonl").exists():
        run_child(["-m", "bench.ingest", "child", "ours", str(ROOT / "seeds"), str(ours)], 3600)
    if not (naive / "chroma.sqlite3").exists():
        run_child(["-m", "bench.ingest", "child", "naive", str(ROOT / "seeds"), str(naive)], 3600)
    subprocess.run([sys.executable, "-m", "assistant", "prepare"], check=True, capture_output=True, env=env(), cwd=ROOT)
    return ours, naive


CPU: dict[str, list[float]] = {}  # each command's CPU seconds (user + system), the figure a shared machine keeps


def timed(args: list[str], expect: str) -> float:
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env(), cwd=ROOT, timeout=300)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    CPU.setdefault(" ".join(args[:2]), []).append(cpu)
    if proc.returncode != 0 or expect not in proc.stdout:
        raise RuntimeError(f"{args} failed ({proc.returncode}): {proc.stdout[-500:]} {proc.stderr[-2000:]}")
    return elapsed


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_first_answer(args: list[str], port: int) -> float:
    """Seconds from launching the server to its first 200 on POST /api/chat; the server is stopped by its PID."""
    import httpx

    log = tempfile.TemporaryFile()
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *args], stdout=log, stderr=log, env=env(), cwd=ROOT)
    try:
        body = {"messages": [{"role": "user", "content": QUESTION}]}
        while time.perf_counter() - t0 < SERVER_DEADLINE:
            if proc.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"server exited ({proc.returncode}): {log.read()[-2000:].decode(errors='replace')}")
            try:
                r = httpx.post(f"http://127.0.0.1:{port}/api/chat", json=body, timeout=60)
                if r.status_code == 200 and r.json().get("citations"):
                    return time.perf_counter() - t0
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"no answer within {SERVER_DEADLINE} s")
    finally:
        stop(proc)


def import_breakdown(store: Path, top: int = 8) -> list[list]:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "assistant", "--store", str(store), "ask", QUESTION],
        capture_output=True,
        text=True,
        env=env(),
        cwd=ROOT,
        timeout=300,
    )
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = line.split("|")
        if not name.startswith("  "):  # top level: imported by the program itself
            rows.append((int(cumulative) / 1000, name.strip()))
    rows.sort(reverse=True)
    return [[name, f"{ms:.0f}"] for ms, name in rows[:top]]


def summary(values: list[float]) -> list[str]:
    return [f"{min(values):.2f}", f"{statistics.median(values):.2f}", f"{max(values):.2f}"]


def main() -> None:
    parser = argparse.ArgumentParser(description="Cold start to first answer, ours vs naive.")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--size", type=int, help="a synthetic corpus of this many papers (its bench.ingest store) instead of the seeds"
    )
    parser.add_argument("--store", type=Path, help="a copy of such a store (named ours-…) to use instead")
    parser.add_argument("--no-serve", action="store_true", help="only `ask`, not the server start")
    args = parser.parse_args()
    if args.store or args.size:
        ours, naive = synthetic_stores(args.store or RESULTS / "stores" / f"ours-{args.size}")
        with open(ours / "table.jsonl", "rb") as fh:
            args.size = read_header(fh)["papers"]
    else:
        ours, naive = stores()
    corpus = f"{args.size:,} synthetic papers" if args.size else "the seed corpus"

    def ours_ask() -> float:
        return timed(["-m", "assistant", "--store", str(ours), "ask", QUESTION], "[1]")

    def naive_ask() -> float:
        return timed(["-m", "bench.naive_ask", str(naive), QUESTION], "[1]")

    def ours_serve() -> float:
        port = free_port()
        return server_first_answer(["-m", "assistant", "--store", str(ours), "serve", "--port", str(port)], port)

    def naive_serve() -> float:
        port = free_port()
        return server_first_answer(["-m", "bench.naive_app", str(naive), str(port)], port)

    servers = 0 if args.no_serve else min(3, args.repeat)
    runs = [
        (ASK, ours_ask, args.repeat),
        (NAIVE_ASK, naive_ask, args.repeat),
        (SERVE, ours_serve, servers),
        (NAIVE_SERVE, naive_serve, servers),
    ]
    results: dict[str, list[float]] = {}
    loads: dict[str, list[str]] = {}
    for i in range(args.repeat):  # interleaved, so a burst of load on the machine hits both sides
        for name, run, times in runs:
            if i >= times:
                continue
            loads.setdefault(name, []).append(load().split()[0])
            results.setdefault(name, []).append(run())
            print(f"  {name}: {results[name][-1]:.2f} s (load {loads[name][-1]})", file=sys.stderr, flush=True)
    cpu = {ASK: CPU.get("-m assistant", []), NAIVE_ASK: CPU.get("-m bench.naive_ask", [])}

    rows = [[name, len(v), *summary(v), "/".join(loads[name])] for name, v in results.items()]
    table(
        f"Cold start to first answer on {corpus} (seconds)",
        ["what", "runs", "min", "median", "max", "1-min load at each run"],
        rows,
    )
    table(
        "CPU seconds of each `ask` (user + system; the clock follows the machine's load, this does much less)",
        ["what", "min", "median", "max"],
        [[name, *summary(v)] for name, v in cpu.items() if v],
    )
    ratios = [["ask", f"{statistics.median(results[ASK]) / statistics.median(results[NAIVE_ASK]):.2f}"]]
    if cpu[ASK] and cpu[NAIVE_ASK]:
        ratios.append(["ask, CPU seconds", f"{statistics.median(cpu[ASK]) / statistics.median(cpu[NAIVE_ASK]):.2f}"])
    if SERVE in results:
        ratio = statistics.median(results[SERVE]) / statistics.median(results[NAIVE_SERVE])
        ratios.append(["server start → first answer", f"{ratio:.2f}"])
    table("Ours / naive, medians (lower is better)", ["what", "ratio"], ratios)
    table(
        "Top-level imports of a cold `assistant ask` (python -X importtime, cumulative)",
        ["module", "ms"],
        import_breakdown(ours),
    )
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"cold_start{'-' + str(args.size) if args.size else ''}.json").write_text(
        json.dumps({"results": results, "loads": loads, "cpu": cpu})
    )


if __name__ == "__main__":
    main()
