"""/good and /bad in a scripted chat: the rating, the comment and the conversation reach the feedback log."""

from __future__ import annotations

import io
from types import SimpleNamespace

from assistant.feedback import FeedbackLog
from assistant.models import Answer
from assistant.repl.format import help_lines
from assistant.repl.plain_view import LineReader, PlainView
from assistant.repl.session import ChatSession
from tests.repl.fakes import PAPERS, FakeAssistant, cite

FP, SWARM, _ = PAPERS
FIRST = Answer(
    answer="Zhang expands weights in low-bit series [1].",
    citations=[cite(1, FP, "We expand the weights in low-bit series.")],
)
SECOND = Answer(
    answer="SwarmThinkers simulates atoms [1].",
    citations=[cite(1, SWARM, "a reinforcement learning framework")],
    mode="llm",
)


def test_good_and_bad_rate_the_last_answer(tmp_path):
    fake = FakeAssistant().enqueue(FIRST, SECOND)
    fake.settings = SimpleNamespace(store_dir=tmp_path, feedback_file=None, history_file=tmp_path / "history")
    out, err = io.StringIO(), io.StringIO()
    script = "/good\nWhat did he work on?\n/good\nAnd atoms?\n/bad It cites the wrong paper.\n/new\n/bad\n"
    ChatSession(fake, LineReader(io.StringIO(script)), PlainView(out, err), interactive=False).run()
    transcript = out.getvalue()
    assert "Rated the last answer good; `assistant feedback` lists the ratings." in transcript
    assert "Rated the last answer bad with your comment; `assistant feedback` lists the ratings." in transcript
    assert (
        err.getvalue().count("error: No answer to rate yet: ask a question, then /") == 2
    )  # before the first answer, and after /new
    good, bad = FeedbackLog(tmp_path / "feedback.jsonl").read()
    assert (good.rating, good.comment, good.question, good.history, good.source) == (
        "up",
        None,
        "What did he work on?",
        [],
        "repl",
    )
    assert good.answer == FIRST.answer and good.citations == FIRST.citations and good.mode == "extractive"
    assert (bad.rating, bad.comment, bad.question, bad.mode) == (
        "down",
        "It cites the wrong paper.",
        "And atoms?",
        "llm",
    )
    assert [(m.role, m.content) for m in bad.history] == [("user", "What did he work on?"), ("assistant", FIRST.answer)]


def test_help_lists_the_rating_commands():
    lines = "\n".join(help_lines())
    assert "/good [note]" in lines and "/bad [note]" in lines
