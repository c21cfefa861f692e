"""`assistant chat` as a user runs it: in a real pseudo-terminal (pexpect), and with piped input."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pexpect
import pytest

from assistant.models import Message
from assistant.presenter import present_answer
from tests.conftest import ROOT
from tests.repl.slow_llm import SlowChatServer
from tests.repl.transcript import answer_block

PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
STARTUP = "79 papers indexed, 29 by Yunquan Zhang; answer mode: extractive. Type /help for commands."


def env(tmp_path) -> dict:
    e = {
        **os.environ,
        "ASSISTANT_HISTORY_FILE": str(tmp_path / "history"),
        "TERM": "xterm-256color",
        "COLUMNS": "120",
        "LINES": "40",
    }
    # pexpect does not answer prompt_toolkit's cursor-position request; a real terminal does
    e["PROMPT_TOOLKIT_NO_CPR"] = "1"
    return e


class Screen:
    """A chat process in a pseudo-terminal; `wait_for` matches the output with escape codes removed."""

    def __init__(self, store, tmp_path, **extra_env: str):
        self.child = pexpect.spawn(
            PYTHON,
            ["-m", "assistant", "--store", str(store), "chat"],
            cwd=str(ROOT),
            env={**env(tmp_path), **extra_env},
            dimensions=(40, 120),
            encoding="utf-8",
            timeout=5,
        )
        self.text = ""
        self.mark = 0  # matches are looked for after the previous one

    def wait_for(self, pattern: str, timeout: float = 60) -> re.Match:
        deadline = time.monotonic() + timeout
        while True:
            m = re.compile(pattern).search(self.text, self.mark)
            if m:
                self.mark = m.end()
                return m
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} not seen in {timeout} s; screen so far:\n{self.text[-3000:]}")
            try:
                self.text += ANSI.sub("", self.child.read_nonblocking(4096, timeout=0.2))
            except pexpect.TIMEOUT:
                pass

    def prompt(self) -> None:
        self.wait_for(r"(^|\n)>")  # prompt_toolkit may draw the space after ">" as a cursor move


def test_chat_in_a_real_terminal(fresh_store, tmp_path, assistant):
    screen = Screen(fresh_store, tmp_path)
    screen.wait_for(re.escape(STARTUP), timeout=30)
    screen.prompt()

    screen.child.send("What is SwarmThinkers?\r")
    screen.wait_for(r"\[1\] SwarmThinkers \(derived title\) · 2025 · arXiv:2505\.20094", timeout=90)
    answer = assistant.answer([Message(role="user", content="What is SwarmThinkers?")])
    quoted = " ".join(answer.citations[0].quote.split()[:8])  # extractive answers quote their abstracts
    assert quoted in answer.answer and quoted in " ".join(screen.text.split())
    screen.prompt()

    screen.child.send("/paper 1\r")
    screen.wait_for(r"╭─ \[1\] SwarmThinkers")
    screen.wait_for(r"Attribution +Listed on Yunquan Zhang's own pages")
    screen.wait_for(r"╰─")
    screen.prompt()

    screen.child.send("/quit\r")
    screen.child.expect(pexpect.EOF, timeout=10)
    screen.child.close()
    assert screen.child.exitstatus == 0
    assert "+What is SwarmThinkers?" in (tmp_path / "history").read_text()


def test_ctrl_c_cancels_the_answer_in_progress_and_keeps_the_session(fresh_store, tmp_path):
    # LLM mode against a local model whose first reply never comes: the answer is surely in progress
    server = SlowChatServer(reply="cuNNQS-SCI keeps over 90% parallel efficiency in strong scaling [1].")
    try:
        screen = Screen(
            fresh_store, tmp_path, OPENAI_API_KEY="sk-fake", OPENAI_BASE_URL=server.url, ASSISTANT_LLM_TIMEOUT="60"
        )
        screen.wait_for(re.escape(STARTUP.replace("extractive", "llm")), timeout=30)
        screen.prompt()
        question = "What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?"
        screen.child.send(question + "\r")
        assert server.received.wait(90)
        screen.child.sendintr()
        screen.wait_for(r"\(answer cancelled\)", timeout=10)
        screen.prompt()

        # the session goes on: the same question is answered (the model replies this time)
        screen.child.send(question + "\r")
        screen.wait_for(r"parallel efficiency in strong scaling \[1\]", timeout=60)
        screen.wait_for(r"\[1\] cuNNQS-SCI: A Fully GPU-Accelerated Framework")
        screen.prompt()
        screen.child.sendeof()
        screen.child.expect(pexpect.EOF, timeout=10)
        screen.child.close()
        assert screen.child.exitstatus == 0
    finally:
        server.close()


def test_ctrl_d_exits_cleanly(fresh_store, tmp_path):
    screen = Screen(fresh_store, tmp_path)
    screen.wait_for(re.escape(STARTUP), timeout=30)
    screen.prompt()
    screen.child.send("/nope\r")
    screen.wait_for(r"Unknown command /nope \(did you mean /new\?\): type /help for the commands\.")
    screen.prompt()
    screen.child.sendeof()
    screen.child.expect(pexpect.EOF, timeout=10)
    screen.child.close()
    assert screen.child.exitstatus == 0


def run_piped(store, stdin: str, tmp_path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PYTHON, *extra, "-m", "assistant", "--store", str(store), "chat"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        env=env(tmp_path),
        timeout=180,
    )


def test_piped_questions_get_plain_answers(fresh_store, tmp_path, assistant):
    q1, q2 = "What has Yunquan Zhang worked on in quantization?", "Which of those came out in 2024?"
    result = run_piped(fresh_store, f"{q1}\n{q2}\n", tmp_path)
    assert result.returncode == 0, result.stderr
    # The terminal shows (and remembers) answers with LaTeX rendered, as present_answer does.
    a1 = present_answer(assistant.answer([Message(role="user", content=q1)]))
    a2 = present_answer(
        assistant.answer(
            [
                Message(role="user", content=q1),
                Message(role="assistant", content=a1.answer),
                Message(role="user", content=q2),
            ]
        )
    )
    assert result.stdout == answer_block(a1, assistant) + answer_block(a2, assistant)  # no prompt, no colour
    assert result.stderr == STARTUP + "\n"


def test_piped_start_up_loads_neither_the_model_nor_prompt_toolkit(fresh_store, tmp_path):
    result = run_piped(fresh_store, "/mode\n", tmp_path, "-X", "importtime")
    assert result.returncode == 0
    imported = {
        line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")
    }
    assert "assistant.repl.session" in imported
    assert not {"sentence_transformers", "torch", "onnxruntime", "prompt_toolkit"} & imported
    assert result.stdout.startswith("Answer mode: extractive")


@pytest.mark.parametrize("stdin", ["", "\n\n"])
def test_piped_nothing_to_ask(fresh_store, tmp_path, stdin):
    result = run_piped(fresh_store, stdin, tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", STARTUP + "\n")
