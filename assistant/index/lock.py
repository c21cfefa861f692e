"""One writer per store, across processes and threads: an exclusive lock on `ingest.lock`, and the clean-up of
temporary files that writers which died left behind."""

from __future__ import annotations

import contextlib
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path

from assistant.errors import StoreBusy

LOCK_FILE = "ingest.lock"


class WriterLock:
    """Held for a whole ingest; re-entrant within one object (an ingest calls sync inside it)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._depth = 0
        self._guard = threading.Lock()

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """A second writer is refused at once, with the holder's pid (it does not wait: an ingest can take minutes,
        and a second one started by mistake should say so rather than hang)."""
        with self._guard:
            if self._depth:
                self._depth += 1
                fh = None
            else:
                fh = self._acquire()
                self._depth = 1
        try:
            yield
        finally:
            with self._guard:
                self._depth -= 1
                if fh is not None:
                    fh.close()  # closing the descriptor releases the lock, also if the process dies

    def _acquire(self):
        try:
            import fcntl
        except ImportError:  # not POSIX: no cross-process lock (documented in docs/design.md)
            return None
        self.folder.mkdir(parents=True, exist_ok=True)
        fh = open(self.folder / LOCK_FILE, "a+")
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.seek(0)
            holder = fh.read().strip() or "unknown"
            fh.close()
            raise StoreBusy(
                f"Another ingest (process {holder}) is writing to the store at {self.folder}: wait "
                f"for it to finish, then run "
                "`assistant ingest` again (two writers at once would lose each other's vectors)."
            ) from None
        fh.seek(0)
        fh.truncate()
        fh.write(str(os.getpid()))
        fh.flush()
        return fh


def sweep_stale_files(folder: Path) -> list[Path]:
    """Remove temporary files (`table.tmp<pid>`, `sentences/*.tmp<pid>*`) left by writers that died; call it
    holding the writer lock. A file whose process is still alive is left alone."""
    removed = []
    for path in [*folder.glob("table.tmp*"), *(folder / "sentences").glob("*.tmp*")]:
        m = re.search(r"\.tmp(\d+)", path.name)
        if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True
