"""`assistant chat`: the terminal conversation (interactive on a terminal, line by line when piped)."""

from __future__ import annotations

import sys

from assistant.cli.common import open_assistant, read_filters


def add_commands(sub) -> None:
    """Registers the `chat` subcommand."""
    p = sub.add_parser(
        "chat",
        help="talk with the corpus in the terminal; with piped input, answer each line in plain text",
        description="Ask questions about the papers; every answer cites them. Type /help inside for the commands.",
    )
    p.add_argument("--author-only", action="store_true", help="answer only from the principal author's papers")
    p.add_argument("--year-from", type=int, help="answer only from papers of this year or later")
    p.add_argument("--year-to", type=int, help="answer only from papers of this year or earlier")
    p.add_argument("--coauthor", help="answer only from papers with an author whose name contains this")
    p.set_defaults(func=cmd_chat)


def cmd_chat(args) -> int:
    from assistant.repl.session import ChatSession

    assistant = open_assistant(args)
    if sys.stdin.isatty() and sys.stdout.isatty():
        # imported only here: a piped session never pays for prompt_toolkit
        from assistant.repl.prompt import PromptReader
        from assistant.repl.rich_view import RichView

        reader, view = PromptReader(assistant.settings.history_file), RichView()
        session = ChatSession(assistant, reader, view, read_filters(args), interactive=True)
        session.start()
        if reader.warning:
            view.error(reader.warning)
        return session.loop()
    from assistant.repl.plain_view import LineReader, PlainView

    return ChatSession(assistant, LineReader(sys.stdin), PlainView(), read_filters(args), interactive=False).run()
