"""Terminal input with prompt_toolkit: persistent history, slash-command completion, multi-line paste."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings

from assistant.repl.session import NAMES

PROMPT = "> "
CONTINUATION = "… "


def history(path: Path) -> tuple[History, str | None]:
    """A FileHistory at path, or an in-memory one and the reason when the file cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        return (
            InMemoryHistory(),
            f"History is not saved: cannot write {path} ({exc.strerror}); set "
            f"ASSISTANT_HISTORY_FILE to a writable path.",
        )
    return FileHistory(str(path)), None


def key_bindings() -> KeyBindings:
    kb = KeyBindings()

    @kb.add("escape", "enter")
    def _newline(event) -> None:
        """Esc then Enter inserts a line break; Enter alone sends (a paste keeps its line breaks)."""
        event.current_buffer.insert_text("\n")

    return kb


class PromptReader:
    """Reads one question or command per Enter; input/output are injectable for tests (pipe input, DummyOutput)."""

    def __init__(self, history_file: Path, input=None, output=None):
        self.history, self.warning = history(history_file)
        self.session = PromptSession(
            history=self.history,
            auto_suggest=AutoSuggestFromHistory(),
            completer=WordCompleter(NAMES, sentence=True),
            key_bindings=key_bindings(),
            prompt_continuation=CONTINUATION,
            enable_open_in_editor=False,
            input=input,
            output=output,
        )

    def read(self) -> str:
        # bracketed paste inserts the pasted newlines into the buffer, so a pasted paragraph is one question
        return self.session.prompt(PROMPT)
