"""Reliability tests run the real app (in a live uvicorn on loopback, or as `assistant serve`) over the seeded store."""

from tests.api.fixtures import app, client, live_url  # noqa: F401  (pytest fixtures)
