"""HTTP interface: FastAPI app (chat, OpenAI-compatible, papers) and the web chat UI's static files."""

from __future__ import annotations


def __getattr__(name: str):
    # `assistant.api.cli` is imported by every CLI command: keep FastAPI out of that import.
    if name == "create_app":
        from assistant.api.app import create_app

        return create_app
    raise AttributeError(name)
