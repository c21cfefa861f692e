"""API tests run the real app over the seeded store (fixtures in tests/api/fixtures.py)."""

from tests.api.fixtures import app, client, live_url  # noqa: F401  (pytest fixtures)
