"""CLI commands that answer questions: `ask`, `eval`, `serve`, `chat` (added as their features land)."""

from __future__ import annotations


def add_commands(sub) -> None:
    return None
