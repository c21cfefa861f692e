"""The docs check: what README.md and docs/ tell a newcomer to run is what the project runs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_says_what_each_step_does():
    # -n prints the recipe without running it; -B as on a fresh clone (every step due).
    out = subprocess.run(
        ["make", "-n", "-B", "run"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    ).stdout
    lines = [line for line in out.splitlines() if line.strip() and not line.startswith("#")]
    work = [
        i
        for i, line in enumerate(lines)
        if not line.startswith("echo ") and ("pip install" in line or "-m assistant" in line or "-m venv" in line)
    ]
    assert len(work) >= 7  # venv, pip, torch, the lock, the project, prepare, ingest, serve
    for i in work:
        said = [line for line in lines[:i] if line.startswith("echo ")]
        assert said and lines.index(said[-1]) in (i - 1, i - 2), f"no line says what {lines[i]!r} does"
