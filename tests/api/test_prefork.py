"""`cli/prefork.py`: a check run in a forked process reports its error without touching this process."""

from __future__ import annotations

from assistant.cli.prefork import check_in_child
from assistant.settings import Settings


def test_a_passing_check_is_none_and_a_failing_one_says_why():
    opened = []
    assert check_in_child(lambda: opened.append("client")) is None
    assert opened == []  # it ran in the child: nothing here was opened

    def unreachable():
        raise RuntimeError("The Chroma server at http://x:1 is not reachable")

    assert check_in_child(unreachable) == "The Chroma server at http://x:1 is not reachable"


def test_a_check_that_dies_without_a_message_is_reported():
    import os

    assert check_in_child(lambda: os._exit(3)) == "the check exited with status 3"


def test_workers_default_to_the_cpus_this_process_may_use(monkeypatch):
    import os

    monkeypatch.delenv("ASSISTANT_WORKERS", raising=False)
    assert Settings().workers == len(os.sched_getaffinity(0))
    monkeypatch.setenv("ASSISTANT_WORKERS", "3")
    assert Settings().workers == 3
