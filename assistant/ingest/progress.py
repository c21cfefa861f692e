"""A progress bar for ingest on a terminal; silent when output is not a terminal."""

from __future__ import annotations

import sys


class ProgressBar:
    def __init__(self, label: str):
        self.label = label
        self._progress = None
        self._task = None

    def __enter__(self) -> ProgressBar:
        if sys.stderr.isatty():
            from rich.progress import Progress

            self._progress = Progress(transient=True)
            self._progress.start()
        return self

    def update(self, done: int, total: int) -> None:
        if self._progress is None:
            return
        if self._task is None:
            self._task = self._progress.add_task(self.label, total=total)
        self._progress.update(self._task, completed=done, total=total)

    def __exit__(self, *exc) -> None:
        if self._progress is not None:
            self._progress.stop()
