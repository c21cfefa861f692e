"""`assistant feedback`: list the ratings users gave answers, or write them out as a question file for `assistant
eval`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from assistant.cli.common import settings_for
from assistant.errors import ConfigError


def add_commands(sub) -> None:
    """Registers the `feedback` subcommand."""
    p = sub.add_parser(
        "feedback", help="list the ratings given to answers (web UI, /good and /bad, POST /api/feedback)"
    )
    p.add_argument("--json", action="store_true", help='print {"feedback": [...], "skipped": N}')
    p.add_argument("--rating", choices=["up", "down"], help="only this rating")
    p.add_argument(
        "--questions",
        metavar="OUT.json",
        help="write the rated questions as a question file for `assistant eval OUT.json`",
    )
    p.set_defaults(func=cmd_feedback)


def cmd_feedback(args) -> int:
    from assistant.feedback import FeedbackLog, as_questions, path_for

    log = FeedbackLog(path_for(settings_for(args)))
    records = [r for r in log.read() if args.rating in (None, r.rating)]
    if log.skipped:
        print(f"warning: {log.skipped} unreadable lines in {log.path} were skipped", file=sys.stderr)
    if args.questions:
        out = Path(args.questions)
        try:
            out.write_text(json.dumps(as_questions(records), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"Cannot write {out} ({exc.strerror}): pass another path to --questions.") from exc
        print(f"Wrote {len(records)} rated questions to {out}: score them with `assistant eval {out}`.")
        return 0
    if args.json:
        print(
            json.dumps(
                {"feedback": [r.model_dump(mode="json") for r in records], "skipped": log.skipped},
                ensure_ascii=False,
                indent=1,
            )
        )
        return 0
    if not records:
        where = "" if log.path.exists() else f" ({log.path} does not exist yet)"
        print(
            f"No ratings yet{where}: rate answers with the thumbs in the web UI, /good or "
            f"/bad in `assistant chat`, or POST /api/feedback."
        )
        return 0
    for r in records:
        comment = f"  — {r.comment}" if r.comment else ""
        cites = f"{len(r.citations)} citation{'s' if len(r.citations) != 1 else ''}"
        print(f"{r.created}  {r.rating:<4}  {r.source:<4}  {_one_line(r.question)}  ({r.mode}, {cites}){comment}")
    up = sum(r.rating == "up" for r in records)
    print(
        f"{len(records)} ratings: {up} up, {len(records) - up} down. `assistant feedback "
        f"--questions OUT.json` turns them into eval questions."
    )
    return 0


def _one_line(text: str, width: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
