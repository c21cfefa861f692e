"""A comparison's grid in the terminal: aligned columns in the plain view (and `assistant ask`), a rich table in the
rich view; both rendered from the answer's blocks, each once."""

from __future__ import annotations

import io
import re

from rich.console import Console

from assistant.cli import main
from assistant.repl.plain_view import LineReader, PlainView
from assistant.repl.rich_view import RichView
from assistant.repl.session import ChatSession

QUESTION = "How do MoQE and CALM differ in how they quantize models?"


def _columns(block: str) -> list[int]:
    """Where each column of an aligned grid starts, read from its rule line ("------   ------   ------")."""
    rule = next(line for line in block.split("\n") if re.fullmatch(r"-+(?: {3}-+)+", line))
    return [m.start() for m in re.finditer(r"-+", rule)]


def test_plain_view_prints_the_grid_as_aligned_columns(assistant):
    out, err = io.StringIO(), io.StringIO()
    ChatSession(assistant, LineReader(io.StringIO(QUESTION + "\n")), PlainView(out, err), interactive=False).run()
    text = out.getvalue()
    assert "|" not in text.split("References:")[0]  # no markdown pipes: columns
    starts = _columns(text)
    assert len(starts) == 3
    rows = [line for line in text.split("\n") if line.startswith(("Problem", "Approach", "Result"))]
    assert len(rows) == 3
    for line in rows:  # each row's cells start at the column starts
        assert line[starts[1] - 1] == " " and line[starts[1]] != " ", line
    assert "[1]" in text and "[2]" in text and "What differs:" in text


def test_ask_prints_the_same_columns(seeded_store, capsys):
    assert main(["--store", str(seeded_store), "ask", QUESTION]) == 0
    text = capsys.readouterr().out
    assert len(_columns(text)) == 3 and "\nReferences:\n[1] " in text


def test_rich_view_draws_a_table(assistant):
    buf = io.StringIO()
    console = Console(file=buf, width=120, color_system=None, highlight=False)
    ChatSession(assistant, LineReader(io.StringIO(QUESTION + "\n")), RichView(console)).run()
    text = buf.getvalue()
    assert "┏" in text and "┃" in text and "Problem" in text and "Approach" in text
    assert "| Problem |" not in text and "|---|" not in text
