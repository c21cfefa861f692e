"""Shared bench helpers: machine description, percentiles, a plain table printer, question loading."""

from __future__ import annotations

import json
import os
import platform
import signal
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTION_FILES = [ROOT / "tests" / "data" / "dev_questions.json", ROOT / "tests" / "data" / "extra_questions.json"]


def machine() -> str:
    mem = ""
    try:
        kb = int(next(line for line in open("/proc/meminfo") if line.startswith("MemTotal")).split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration):
        pass
    return f"{platform.machine()}, {os.cpu_count()} cores{mem}, Python {platform.python_version()}"


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def table(title: str, header: list[str], rows: list[list]) -> None:
    cells = [[str(c) for c in header]] + [[f"{c:.3f}" if isinstance(c, float) else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    print(f"\n{title}  [{machine()}]")
    for i, r in enumerate(cells):
        print("  ".join(c.rjust(w) for c, w in zip(r, widths)))
        if i == 0:
            print("  ".join("-" * w for w in widths))


def questions() -> list[dict]:
    out = []
    for f in QUESTION_FILES:
        out += json.loads(f.read_text())["questions"]
    return out


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


RESULTS = ROOT / "bench" / "results"  # git-ignored: generated corpora, stores, JSON results


def load() -> str:
    """The 1/5/15-minute load average, to print beside every figure (other work shares this machine)."""
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "n/a"


def peak_rss_mib() -> float:
    """Peak resident memory of this process so far (ru_maxrss is KiB on Linux)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def env() -> dict:
    """Environment for child processes: offline, no telemetry, this checkout importable."""
    out = dict(os.environ)
    out.update(
        {
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "ANONYMIZED_TELEMETRY": "False",
            "TOKENIZERS_PARALLELISM": "false",
        }
    )
    out["PYTHONPATH"] = str(ROOT) + (os.pathsep + out["PYTHONPATH"] if out.get("PYTHONPATH") else "")
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ASSISTANT_API_TOKEN", "ASSISTANT_CHROMA_URL"):
        out.pop(var, None)
    return out


def run_child(args: list[str], timeout: float) -> dict:
    """Run `python -m bench.<...> child ...` and return the JSON object it prints last."""
    import sys

    proc = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, env=env(), cwd=ROOT)
    if proc.returncode != 0:
        raise RuntimeError(f"child {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def synthetic_corpus(n: int, seed: int = 1) -> Path:
    """bench/results/corpora/synth-N-sS: profile-card pages of n synthetic papers (generated once)."""
    from bench.synthetic import Generator, write_cards

    folder = RESULTS / "corpora" / f"synth-{n}-s{seed}"
    if not (folder / "corpus.toml").exists():
        gen = Generator(seed)
        tmp = folder.with_name(folder.name + ".tmp")
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
        write_cards(tmp, [gen.paper() for _ in range(n)], gen.principal)
        shutil.rmtree(folder, ignore_errors=True)
        tmp.rename(folder)
    return folder


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM to a server we started, then wait for it (killed after 10 s)."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
