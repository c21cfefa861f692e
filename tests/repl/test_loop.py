"""The chat loop over a queued fake: transcripts of both views, commands, Ctrl-C, errors, the real prompt."""

from __future__ import annotations

import _thread
import gc
import io
import threading

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from assistant.errors import LLMUnavailable, StoreUnavailable
from assistant.models import Answer, Filters, Final, Message, Token
from assistant.repl.plain_view import LineReader, PlainView
from assistant.repl.prompt import PromptReader
from assistant.repl.rich_view import RichView
from assistant.repl.session import ChatSession
from tests.repl.fakes import PAPERS, Blocked, FakeAssistant, cite

FP, SWARM, FED = PAPERS
FIRST = Answer(
    answer="Zhang expands weights in low-bit series [1] and simulates atoms [2].",
    citations=[
        cite(1, FP, "We expand the weights in low-bit series."),
        cite(2, SWARM, "a reinforcement learning framework"),
    ],
)
SECOND = Answer(
    answer="Client drift [1].",
    citations=[cite(1, FED, "not in the abstract")],
    notice="The chat model failed; this is the extractive answer.",
)


@pytest.fixture
def no_cyclic_gc():
    """Keeps the cyclic collector still while a test sends Ctrl-C: a KeyboardInterrupt that lands while it runs some
    earlier test's finaliser is swallowed there ("Exception ignored in __del__"), and the answer is never cancelled."""
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def plain(fake, script: str, **kw) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = ChatSession(fake, LineReader(io.StringIO(script)), PlainView(out, err), interactive=False, **kw).run()
    return rc, out.getvalue(), err.getvalue()


def rich_console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=100, color_system=None, highlight=False), buf


def lines(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.splitlines())


def test_plain_transcript_answers_cards_and_commands():
    fake = FakeAssistant().enqueue(FIRST, SECOND)
    script = (
        "What did he work on?\n/paper 2\n\n  And anyone else?  \n/paper 1\n/paper "
        "3\n/papers series\n/mode\n/new\n/paper 1\n/pape 1\n/quit\nnever asked\n"
    )
    rc, out, err = plain(fake, script)
    assert rc == 0
    assert (
        out
        == """\
Zhang expands weights in low-bit series [1] and simulates atoms [2].

References:
[1] FP=xINT: Low-Bit Series Expansion · Boyang Zhang, Daning Cheng, Yunquan Zhang et al. · 2024 · arXiv:2412.06865
[2] SwarmThinkers (derived title) · 2025 · arXiv:2505.20094

Citation [2]: swarm
Title:       SwarmThinkers (derived title)
Authors:     not listed
Date:        2025
arXiv:       2505.20094  https://arxiv.org/abs/2505.20094
Categories:  LG
Attribution: Listed on Yunquan Zhang's own pages: a.txt

Abstract:
We present SwarmThinkers, «a reinforcement
learning framework» for atomistic simulation.

Client drift [1].

References:
[1] FedImpro: Client Updates · Zhenheng Tang, Yonggang Zhang et al. · 2024 · not the author's

Note: The chat model failed; this is the extractive answer.

Citation [1]: fedimpro
Title:       FedImpro: Client Updates
Authors:     Zhenheng Tang, Yonggang Zhang et al.
Date:        2024
Categories:  LG
Attribution: Listed on another group's page: b.txt (not the author's)

Abstract:
Federated learning suffers from client drift.

Quoted: not in the abstract

2024 · FP=xINT: Low-Bit Series Expansion · Boyang Zhang, Daning Cheng, Yunquan Zhang et al. · arXiv:2412.06865
1 paper by Yunquan Zhang mentioning 'series'. /paper <arXiv id or id> shows one.

Answer mode: extractive (no OPENAI_API_KEY set: answers are composed from the abstracts' own sentences).

New conversation: earlier questions are forgotten.

"""
    )
    assert (
        err
        == """\
3 papers indexed, 2 by Yunquan Zhang; answer mode: extractive. Type /help for commands.
error: The last answer cites only [1]: try /paper 1.
error: No answer yet: ask a question, then /paper N shows the paper behind citation [N].
error: Unknown command /pape (did you mean /paper?): type /help for the commands.
"""
    )
    # the follow-up carried the whole conversation; the stripped question is what was sent
    assert [m for m, _ in fake.calls] == [
        [Message(role="user", content="What did he work on?")],
        [
            Message(role="user", content="What did he work on?"),
            Message(role="assistant", content=FIRST.answer),
            Message(role="user", content="And anyone else?"),
        ],
    ]


def test_rich_transcript():
    fake = FakeAssistant().enqueue(FIRST)
    console, buf = rich_console()
    script = "What did he work on?\n/paper 1\n/papers\n/help\n/nope\n"
    rc = ChatSession(fake, LineReader(io.StringIO(script)), RichView(console)).run()
    assert rc == 0
    assert (
        lines(buf.getvalue())
        == """\
3 papers indexed, 2 by Yunquan Zhang; answer mode: extractive. Type /help for commands.
Zhang expands weights in low-bit series [1] and simulates atoms [2].

[1] FP=xINT: Low-Bit Series Expansion · Boyang Zhang, Daning Cheng, Yunquan Zhang et al. · 2024 ·
    arXiv:2412.06865
[2] SwarmThinkers (derived title) · 2025 · arXiv:2505.20094

╭─ [1] FP=xINT: Low-Bit Series Expansion ──────────────────────────────────────────────────────────╮
│ Title        FP=xINT: Low-Bit Series Expansion                                                   │
│ Authors      Boyang Zhang, Daning Cheng, Yunquan Zhang, Fangmin Liu                              │
│ Date         2024                                                                                │
│ arXiv        2412.06865  https://arxiv.org/abs/2412.06865                                        │
│ Categories   LG                                                                                  │
│ Attribution  Listed on Yunquan Zhang's own pages: a.txt                                          │
│                                                                                                  │
│ Post-training quantization loses accuracy. We expand the weights in low-bit series. It works at  │
│ 2 bits.                                                                                          │
╰───────────────────────────────────────────────────────────────────────────────────── 2412.06865 ─╯

year ┃ title                                        ┃ authors                    ┃ arXiv / id
━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━
2024 │ FP=xINT: Low-Bit Series Expansion            │ Boyang Zhang, Daning       │ 2412.06865
     │                                              │ Cheng, Yunquan Zhang et    │
     │                                              │ al.                        │
2025 │ SwarmThinkers (derived title)                │                            │ 2505.20094
2 papers by Yunquan Zhang. /paper <arXiv id or id> shows one.

/help           this list
/papers [text]  the author's papers, only those mentioning text if given
/paper N        the full card of citation N of the last answer (or /paper <arXiv id>)
/bib [N]        BibTeX of citation N, or of every paper the last answer cites (or /bib <arXiv id>)
/profile        the author's research themes and papers per year
/new            start a fresh conversation
/mode           which answer mode is active, and why
/good [note]    rate the last answer good (saved for `assistant feedback`)
/bad [note]     rate the last answer bad; say in the note what was wrong
/quit           leave (Ctrl-D works too)

Anything else is a question; follow-ups keep the conversation.
Ctrl-C cancels an answer in progress; Ctrl-D quits. Paste several lines at once, or press Esc then
Enter for a new line.

error: Unknown command /nope (did you mean /new?): type /help for the commands.
"""
    )


def test_rich_card_highlights_the_quote():
    fake = FakeAssistant().enqueue(FIRST)
    buf = io.StringIO()
    console = Console(file=buf, width=100, color_system="standard", force_terminal=True, highlight=False)
    ChatSession(fake, LineReader(io.StringIO("q\n/paper 1\n")), RichView(console)).run()
    # bold black on yellow around exactly the quoted sentence
    assert "\x1b[1;30;43mWe expand the weights in low-bit series.\x1b[0m" in buf.getvalue()


def test_paper_by_id_and_unknown_id():
    rc, out, err = plain(FakeAssistant(), "/paper 2505.20094\n/paper nope\n/paper\n")
    assert out.startswith("Paper: swarm\nTitle:       SwarmThinkers (derived title)\n")
    assert "«" not in out
    assert err.splitlines()[1:] == [
        "error: No paper with id 'nope': list ids with `assistant papers` or GET /api/papers.",
        "error: Which one? /paper N shows citation N of the last answer, e.g. /paper 1.",
    ]


def test_assistant_error_is_shown_and_the_session_goes_on():
    fake = FakeAssistant().enqueue(
        LLMUnavailable("The chat model at http://x timed out: check OPENAI_BASE_URL."), SECOND
    )
    rc, out, err = plain(fake, "first\nsecond\n")
    assert "error: The chat model at http://x timed out: check OPENAI_BASE_URL." in err
    assert out.startswith("Client drift [1].")
    assert rc == LLMUnavailable.exit_code  # a script learns that one of its questions failed
    assert fake.calls[1][0] == [Message(role="user", content="second")]  # the failed question is not history


def test_unexpected_errors_are_not_swallowed():
    fake = FakeAssistant().enqueue(ValueError("bug"))
    with pytest.raises(ValueError, match="bug"):
        plain(fake, "q\n")


def test_empty_store_refuses_with_what_to_do():
    with pytest.raises(StoreUnavailable, match="run `assistant ingest` first"):
        plain(FakeAssistant(papers=[]), "q\n")


def test_filters_are_passed_with_every_question():
    fake = FakeAssistant().enqueue(SECOND)
    plain(fake, "q\n", filters=Filters(author_only=True, year_from=2020))
    assert fake.calls[0][1] == Filters(author_only=True, year_from=2020)


def test_ctrl_c_cancels_the_answer_and_keeps_the_session(no_cyclic_gc):
    blocked = Blocked(FIRST)
    fake = FakeAssistant().enqueue(blocked, SECOND)
    console, buf = rich_console()

    class Reader:
        """Types a question, presses Ctrl-C once the answer is under way, then asks again."""

        script = ["slow question", "again", "/paper 1"]

        def read(self) -> str:
            if not self.script:
                raise EOFError
            if self.script[0] == "again":
                assert blocked.started.wait(60)
            return self.script.pop(0)

    def interrupt_when_started():
        # Only once the answer is under way (a loaded machine can take seconds to get there): an interrupt sent
        # earlier would land before the question, not cancel its answer.
        if blocked.started.wait(60):
            _thread.interrupt_main()  # what the terminal's SIGINT does

    threading.Thread(target=interrupt_when_started, daemon=True).start()
    session = ChatSession(fake, Reader(), RichView(console))
    assert session.run() == 0
    blocked.release.set()
    assert blocked.closed.wait(60)  # the abandoned stream was closed, not left running
    out = lines(buf.getvalue())
    assert "(answer cancelled)\n\nClient drift [1]." in out
    assert "╭─ [1] FedImpro: Client Updates" in out  # /paper refers to the answer that completed
    assert fake.calls[1][0] == [Message(role="user", content="again")]  # the cancelled question left no trace


def test_ctrl_c_in_a_script_stops_it(no_cyclic_gc):
    blocked = Blocked(FIRST)
    fake = FakeAssistant().enqueue(blocked)
    threading.Thread(target=lambda: (blocked.started.wait(5), _thread.interrupt_main()), daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        plain(fake, "q\nnext\n")
    blocked.release.set()


def test_prompt_toolkit_input_history_paste_ctrl_c_and_ctrl_d(tmp_path):
    history = tmp_path / "deep" / "history"
    fake = FakeAssistant().enqueue(FIRST, SECOND)
    console, buf = rich_console()
    keys = (
        "first question\r"
        "\x1b[200~pasted line one\npasted line two\x1b[201~\r"  # a bracketed paste stays one question
        "typed, then abandoned\x03"  # Ctrl-C at the prompt clears the line
        "/mode\r"
        "\x04"  # Ctrl-D quits
    )
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        reader = PromptReader(history, input=pipe, output=DummyOutput())
        assert ChatSession(fake, reader, RichView(console)).run() == 0
    assert [m[-1].content for m, _ in fake.calls] == ["first question", "pasted line one\npasted line two"]
    assert "Answer mode: extractive" in buf.getvalue()
    saved = [line for line in history.read_text().splitlines() if line.startswith("+")]
    assert saved == ["+first question", "+pasted line one", "+pasted line two", "+/mode"]

    # the next session starts with that history: Up recalls the last entry
    with create_pipe_input() as pipe:
        pipe.send_text("\x1b[A\r\x04")
        reader = PromptReader(history, input=pipe, output=DummyOutput())
        console, buf = rich_console()
        ChatSession(FakeAssistant(), reader, RichView(console)).run()
    assert "Answer mode: extractive" in buf.getvalue()


def test_unwritable_history_falls_back_with_a_hint(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with create_pipe_input() as pipe:
        reader = PromptReader(blocker / "history", input=pipe, output=DummyOutput())
    assert "set ASSISTANT_HISTORY_FILE to a writable path" in reader.warning


def test_the_final_answer_replaces_the_streamed_preview():
    class Drafting(FakeAssistant):
        def stream(self, messages, filters=None):
            yield Token("A draft with a bad marker [9]")
            yield Final(SECOND)

    buf = io.StringIO()
    console = Console(file=buf, width=100, force_terminal=True, color_system=None, highlight=False)
    ChatSession(Drafting(), LineReader(io.StringIO("q\n")), RichView(console)).run()
    # the live preview is drawn and wiped (transient); what stays is the final text, printed after it
    shown = buf.getvalue()
    assert shown.rindex("Client drift [1].") > shown.rindex("Searching the papers")
    rc, out, err = plain(Drafting(), "q\n")
    assert "draft" not in out and out.startswith("Client drift [1].")


def test_papers_keeps_the_session_restrictions():
    rc, out, err = plain(FakeAssistant(), "/papers\n", filters=Filters(year_from=2025))
    assert (
        out == "2025 · SwarmThinkers (derived title) · arXiv:2505.20094\n1 paper by Yunquan "
        "Zhang. /paper <arXiv id or id> shows one.\n\n"
    )


def test_bib_prints_the_bibtex_of_a_citation_or_of_the_whole_answer():
    import bibtexparser

    def bib(command: str) -> tuple[list, str]:
        rc, out, err = plain(FakeAssistant().enqueue(FIRST), f"q\n{command}\n")
        library = bibtexparser.parse_string(out.split("\n\n", 2)[2])  # after the answer and its references
        assert not library.failed_blocks
        return library.entries, err

    one, _ = bib("/bib 2")
    assert [e.key for e in one] == ["anon2025swarmthinkers"] and one[0]["eprint"] == "2505.20094"
    assert "derived" in one[0]["note"]
    everything, _ = bib("/bib")
    assert [e.key for e in everything] == ["zhang2024fpxint", "anon2025swarmthinkers"]  # in citation order
    assert everything[0]["author"] == "Boyang Zhang and Daning Cheng and Yunquan Zhang and Fangmin Liu"
    by_id, _ = bib("/bib 2412.06865")
    assert [e.key for e in by_id] == ["zhang2024fpxint"]
    _, err = bib("/bib 3")
    assert "error: The last answer cites [1] to [2]: try /bib 1, or /bib for all of them." in err
    rc, out, err = plain(FakeAssistant(), "/bib\n")
    assert not out and "error: No answer yet: /bib N gives the BibTeX" in err
