"""The chat loop's tests press Ctrl-C (`_thread.interrupt_main`, or SIGINT to a terminal child): each starts with
Python's own SIGINT handler, whatever an earlier test or library left installed. `interrupt_main` does nothing under
an ignored or foreign handler, and a child process inherits an ignored SIGINT; in one full CI run all three Ctrl-C
tests failed that way after the rest of the suite, while they pass on their own and after tests/reliability."""

from __future__ import annotations

import signal

import pytest


@pytest.fixture(autouse=True)
def python_sigint_handler():
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before if before is not None else signal.default_int_handler)
