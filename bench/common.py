"""Shared bench helpers: machine description, percentiles, a plain table printer, question loading."""

from __future__ import annotations

import json
import os
import platform
import statistics
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
