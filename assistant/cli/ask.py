"""`assistant ask`: one question in, the cited answer out (text, or the API's answer JSON with `--json`)."""

from __future__ import annotations

import json
import sys

from assistant import blocks
from assistant.cli.common import open_assistant, read_filters
from assistant.errors import BadRequest
from assistant.models import Message
from assistant.presenter import answer_json, present_answer, references

MAX_QUESTION_CHARS = 4000  # as the HTTP API (api/schemas/common.py MAX_MESSAGE_CHARS)


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


def cmd_ask(args) -> int:
    question, filters = check_question(args.question), read_filters(args)
    assistant = open_assistant(args)
    assistant.preload()  # the model loads on the other core while the answering code is imported
    answer = present_answer(assistant.answer([Message(role="user", content=question)], filters))
    if args.json:
        print(json.dumps(answer_json(answer), ensure_ascii=False, indent=1))
        return 0
    if args.explain:
        print("Plan: " + json.dumps(answer.meta.get("plan"), ensure_ascii=False, indent=1))
    if answer.notice:
        print(f"Note: {answer.notice}", file=sys.stderr)
    print(blocks.to_plain(blocks.of(answer)))  # a table as aligned columns
    if answer.citations:
        print("\nReferences:")
        print("\n".join(references(answer)))
    return 0


def add_commands(sub) -> None:
    """Registers `ask`."""
    p = sub.add_parser("ask", help="answer one question, with citations")
    p.add_argument("question")
    p.add_argument(
        "--json",
        action="store_true",
        help='print {"answer", "blocks", "citations", "mode", "notice", "references", "meta", "plan"}',
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
