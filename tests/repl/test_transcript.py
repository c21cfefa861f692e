"""The chat loop over the real Assistant and the seed store: scripted input, the whole transcript asserted."""

from __future__ import annotations

import io
import re

from rich.console import Console

from assistant.models import Message
from assistant.presenter import present_answer
from assistant.repl.plain_view import LineReader, PlainView
from assistant.repl.rich_view import RichView
from assistant.repl.session import ChatSession
from tests.repl.transcript import answer_block, card_block, profile_block

STARTUP = "79 papers indexed, 29 by Yunquan Zhang; answer mode: extractive. Type /help for commands.\n"


class Recording:
    """The real Assistant, with every conversation sent to `stream` kept for the test to read."""

    def __init__(self, assistant):
        self._assistant = assistant
        self.sent: list[list[Message]] = []

    def __getattr__(self, name):
        return getattr(self._assistant, name)

    def stream(self, messages, filters=None):
        self.sent.append(list(messages))
        return self._assistant.stream(messages, filters)


def run_plain(assistant, script: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = ChatSession(assistant, LineReader(io.StringIO(script)), PlainView(out, err), interactive=False).run()
    return rc, out.getvalue(), err.getvalue()


def test_conversation_with_follow_up_card_papers_mode_and_new(assistant):
    q1 = "What has Yunquan Zhang worked on in quantization?"
    q2 = "Which of those came out in 2024?"
    q3 = "What is SwarmThinkers?"
    script = f"{q1}\n{q2}\n/paper 1\n/papers stencil\n/mode\n/new\n{q3}\n/quit\n"
    recording = Recording(assistant)
    rc, out, err = run_plain(recording, script)

    # what the core answers to the same conversations, asked directly, as the terminal presents (and remembers) them
    a1 = present_answer(assistant.answer([Message(role="user", content=q1)]))
    history = [
        Message(role="user", content=q1),
        Message(role="assistant", content=a1.answer),
        Message(role="user", content=q2),
    ]
    a2 = present_answer(assistant.answer(history))
    a3 = present_answer(assistant.answer([Message(role="user", content=q3)]))
    assert recording.sent == [history[:1], history, [Message(role="user", content=q3)]]
    assert a1.citations and a2.citations and a3.citations

    c = a2.citations[0]
    assert out == (
        answer_block(a1, assistant)
        + answer_block(a2, assistant)
        + card_block(assistant.paper(c.paper_id), 1, c.quote)
        + "2025 · SparStencil (derived title) · arXiv:2506.22969\n"
        "2023 · Novel stencil algorithm using vector outer products (derived title) · arXiv:2310.16298\n"
        "2 papers by Yunquan Zhang mentioning 'stencil'. /paper <arXiv id or id> shows one.\n\n"
        "Answer mode: extractive (no OPENAI_API_KEY set: answers are composed from the abstracts' own sentences).\n\n"
        "New conversation: earlier questions are forgotten.\n\n" + answer_block(a3, assistant)
    )
    assert err == STARTUP
    assert rc == 0
    # SwarmThinkers has no title in any source: its reference says the title is derived
    assert "[1] SwarmThinkers (derived title) · 2025 · arXiv:2505.20094\n" in answer_block(a3, assistant)


def test_other_groups_papers_are_marked(assistant):
    q = "Which papers discuss federated learning?"
    rc, out, err = run_plain(assistant, q + "\n")
    answer = assistant.answer([Message(role="user", content=q)])
    assert out == answer_block(answer, assistant)
    assert any(not c.is_author_work for c in answer.citations)
    assert "· not the author's\n" in out


def test_rich_view_renders_the_final_answer_and_references(assistant):
    q = "What is SwarmThinkers?"
    buf = io.StringIO()
    console = Console(file=buf, width=120, color_system=None, highlight=False)
    ChatSession(assistant, LineReader(io.StringIO(q + "\n/paper 1\n")), RichView(console)).run()
    answer = assistant.answer([Message(role="user", content=q)])
    text = "\n".join(line.rstrip() for line in buf.getvalue().splitlines())
    assert text.startswith(STARTUP)
    assert "\n[1] SwarmThinkers (derived title) · 2025 · arXiv:2505.20094\n" in text
    assert "╭─ [1] SwarmThinkers " in text
    assert "Attribution  Listed on Yunquan Zhang's own pages" in text
    # the card's abstract holds the quote the answer cites
    first_words = " ".join(answer.citations[0].quote.split()[:6])
    assert first_words in " ".join(text.split())


def test_profile_over_the_seed_corpus(assistant):
    rc, out, err = run_plain(assistant, "/profile\n")
    profile = assistant.profile()
    assert out == profile_block(profile)
    assert rc == 0 and err == STARTUP
    # what the seed corpus holds: 29 papers, 4 of them in 2020, none undated, every theme's papers counted once
    assert out.startswith("Yunquan Zhang: 29 papers in ")
    assert sum(len(t.paper_ids) for t in profile.themes) == 29 and not profile.undated
    assert re.search(r"^2020 █{4} +4  #", out, re.M)
    assert re.search(r"^2016 +0$", out, re.M)  # gap years are drawn, empty


def test_latex_is_shown_as_text_and_the_card_marks_the_shown_quote(assistant):
    rc, out, err = run_plain(assistant, "What compression does CET achieve on ResNet-34?\n/paper 1\n")
    assert rc == 0 and "nearly 11× parameter compression" in out and "$\\times$" not in out
    # the card's abstract is shown the same way, with the quote marked inside it
    assert "«Specifically, on the ResNet-34 model, CET achieves nearly 11× parameter compression" in out
