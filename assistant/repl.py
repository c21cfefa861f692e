"""`assistant chat`: the terminal conversation."""

from __future__ import annotations


def add_command(sub) -> None:
    """Registers the `chat` subcommand (filled in with the REPL)."""
    return None
