"""`python -m assistant` runs the CLI."""

from assistant.cli import run

run()
