"""`assistant serve`: run the HTTP server with the chat UI."""

from __future__ import annotations


def add_command(sub) -> None:
    """Registers the `serve` subcommand (filled in with the HTTP interface)."""
    return None
