"""`assistant eval`: score a question file (default: the dev questions) and print each question's result."""

from __future__ import annotations

import json
from pathlib import Path

from assistant.cli.common import open_assistant

DEFAULT_EVAL = Path(__file__).resolve().parents[2] / "tests" / "data" / "dev_questions.json"


def cmd_eval(args) -> int:
    from assistant.evaluation import load_questions, run

    load_questions(Path(args.file))  # a missing or malformed file is refused before the model loads
    assistant = open_assistant(args)
    results, summary = run(assistant, Path(args.file))
    for r in results:
        flag = "ok " if r.score >= 0.999 else "BAD"
        print(f"{flag} {r.id:8} {r.kind:14} {r.score:.2f} {1000 * r.seconds:7.1f} ms  {'; '.join(r.failures)}")
    print()
    for kind, score in summary["per_kind"].items():
        print(f"{kind:14} {score:.3f}")
    print(
        f"overall        {summary['overall']:.3f}   ({summary['questions']} questions, "
        f"mode {assistant.status()['mode']})"
    )
    print(f"invalid citations {summary['invalid_citations']}")
    print(
        f"answerable refused "
        f"{summary['answerable_refused'][0]}/{summary['answerable_refused'][1]}, "
        f"unanswerable answered "
        f"{summary['unanswerable_answered'][0]}/{summary['unanswerable_answered'][1]}"
    )
    print(f"latency p50 {summary['p50_ms']:.1f} ms, p95 {summary['p95_ms']:.1f} ms")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    return 0 if summary["overall"] >= args.min_score else 1


def add_commands(sub) -> None:
    """Registers `eval`."""
    p = sub.add_parser("eval", help="score a question file (default: the dev questions)")
    p.add_argument("file", nargs="?", default=str(DEFAULT_EVAL))
    p.add_argument("--min-score", type=float, default=0.0, help="exit 1 when the overall score is below this")
    p.add_argument("--json", help="also write the summary to this file")
    p.set_defaults(func=cmd_eval)
