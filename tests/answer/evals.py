"""`assistant eval` run through the CLI's own entry point on a question file: exit code, summary and printed table."""

from __future__ import annotations

import json
from pathlib import Path

from assistant.cli import main


def run_eval(store: Path, questions: Path, tmp_path: Path, capsys, min_score: float = 0.9) -> tuple[int, dict, str]:
    summary_file = tmp_path / f"{questions.stem}.summary.json"
    args = ["--store", str(store), "eval", str(questions), "--min-score", str(min_score), "--json", str(summary_file)]
    code = main(args)
    out = capsys.readouterr().out
    return code, json.loads(summary_file.read_text()), out
