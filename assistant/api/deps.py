"""Request-scoped access to what `create_app` built: the one Assistant and the settings."""

from __future__ import annotations

from fastapi import Request


def get_assistant(request: Request):
    """The app's Assistant (or the object injected in its place by a test)."""
    return request.app.state.assistant
