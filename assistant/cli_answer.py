"""CLI commands that answer questions: `ask` (one-shot) and `eval` (score a question file)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from assistant.errors import BadRequest
from assistant.models import Answer, Message
from assistant.presenter import present_answer, reference_line

DEFAULT_EVAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "dev_questions.json"
MAX_QUESTION_CHARS = 4000  # as the HTTP API (api/schemas.py MAX_MESSAGE_CHARS)


def references(answer: Answer) -> list[str]:
    return [reference_line(c, c.n) for c in answer.citations]


def check_question(question: str) -> str:
    """The question, stripped; a BadRequest when it is empty or longer than the API accepts."""
    question = question.strip()
    if not question:
        raise BadRequest('The question is empty: ask something, e.g. assistant ask "What has the author worked on?"')
    if len(question) > MAX_QUESTION_CHARS:
        raise BadRequest(
            f"The question is {len(question):,} characters long; at most {MAX_QUESTION_CHARS:,}: shorten it."
        )
    return question


def answer_json(answer: Answer) -> dict:
    return {
        "answer": answer.answer,
        "citations": [c.model_dump() for c in answer.citations],
        "mode": answer.mode,
        "notice": answer.notice,
        "references": references(answer),
        "meta": public_meta(answer),
        "plan": answer.meta.get("plan"),
    }


def public_meta(answer: Answer) -> dict:
    """The answer's meta with the counts every response carries (0 where nothing was checked or removed); the plan
    has its own key."""
    return {"invalid_citations_removed": 0, **{k: v for k, v in answer.meta.items() if k != "plan"}}


def cmd_ask(args) -> int:
    from assistant.cli import _assistant, _filters

    question, filters = check_question(args.question), _filters(args)
    assistant = _assistant(args)
    answer = present_answer(assistant.answer([Message(role="user", content=question)], filters))
    if args.json:
        print(json.dumps(answer_json(answer), ensure_ascii=False, indent=1))
        return 0
    if args.explain:
        print("Plan: " + json.dumps(answer.meta.get("plan"), ensure_ascii=False, indent=1))
    if answer.notice:
        print(f"Note: {answer.notice}", file=sys.stderr)
    print(answer.answer)
    if answer.citations:
        print("\nReferences:")
        print("\n".join(references(answer)))
    return 0


def cmd_eval(args) -> int:
    from assistant.cli import _assistant
    from assistant.evaluation import load_questions, run

    load_questions(Path(args.file))  # a missing or malformed file is refused before the model loads
    assistant = _assistant(args)
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
    p = sub.add_parser("ask", help="answer one question, with citations")
    p.add_argument("question")
    p.add_argument(
        "--json",
        action="store_true",
        help='print {"answer", "citations", "mode", "notice", "references", "meta", "plan"}',
    )
    p.add_argument(
        "--explain",
        action="store_true",
        help="also print how the question was read (answer type, route, scope, slots, nearest examples)",
    )
    p.add_argument("--author-only", action="store_true")
    p.add_argument("--year-from", type=int)
    p.add_argument("--year-to", type=int)
    p.add_argument("--coauthor")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("eval", help="score a question file (default: the dev questions)")
    p.add_argument("file", nargs="?", default=str(DEFAULT_EVAL))
    p.add_argument("--min-score", type=float, default=0.0, help="exit 1 when the overall score is below this")
    p.add_argument("--json", help="also write the summary to this file")
    p.set_defaults(func=cmd_eval)
