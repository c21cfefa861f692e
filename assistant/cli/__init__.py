"""The `assistant` program: the parser (one module per command group registers its commands) and exit codes."""

from __future__ import annotations

import argparse
import sys

from assistant.cli import ask, chat, evaluate, feedback, ingest, papers, serve
from assistant.errors import AssistantError


def build_parser() -> argparse.ArgumentParser:
    """The program's parser, every command registered by its group."""
    parser = argparse.ArgumentParser(
        prog="assistant", description="Chat with a researcher's paper corpus; every answer cites its papers."
    )
    parser.add_argument("--store", help="store directory (default: ./store or ASSISTANT_STORE_DIR)")
    sub = parser.add_subparsers(dest="command", required=True)

    # One module per command group; each imports what its command needs only when it runs, so `ask` never loads
    # FastAPI or prompt_toolkit.
    for group in (ingest, papers, ask, evaluate, feedback, serve, chat):
        group.add_commands(sub)
    return parser


# One-shot commands that only read the store. Tearing the interpreter down after them (Chroma's and
# onnxruntime's native shutdown, freeing every module) took 0.5-1.3 s of a cold `assistant ask` of ~3 s
# (bench/cold_start.py), so `run` ends them with os._exit once their output is flushed.
FAST_EXIT = {"ask", "papers"}


BROKEN_PIPE_EXIT = 141  # 128 + SIGPIPE, what a shell reports for a program killed by a closed pipe


def execute(args) -> int:
    try:
        code = args.func(args) or 0
        sys.stdout.flush()  # inside the try: a reader that went away (`| head`) fails here, not at exit
        return code
    except AssistantError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader took what it wanted (`papers | head`): nothing went wrong, so nothing is said, and the status
        # is the one a shell gives `yes | head`.
        _drop_stdout()
        return BROKEN_PIPE_EXIT


def _drop_stdout() -> None:
    # Python flushes stdout again at exit and would print a second BrokenPipeError there: point it at /dev/null.
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests capture it): nothing will flush it at exit
        pass


def main(argv: list[str] | None = None) -> int:
    return execute(build_parser().parse_args(argv))


def run() -> None:
    """The `assistant` program: `main`, then exit (without interpreter teardown for FAST_EXIT commands)."""
    args = build_parser().parse_args()
    code = execute(args)
    if args.command in FAST_EXIT:
        import os

        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    sys.exit(code)
