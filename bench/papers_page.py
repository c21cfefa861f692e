"""`GET /api/papers` over a synthetic 100k-paper table (tests/scale/synth_papers.py): seconds and bytes of the default
answer, and seconds to the first byte and in all of a BibTeX download, with /healthz timed meanwhile.

    PYTHONPATH=/work/main .venv/bin/python bench/papers_page.py    # before: main's code (the whole list)
    PYTHONPATH=. .venv/bin/python bench/papers_page.py             # this checkout (one page; downloads stream)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # for tests.*; PYTHONPATH picks the code under test


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--papers", type=int, default=100_000)
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import httpx

    import assistant
    from assistant import vendors
    from assistant.api.app import create_app
    from assistant.core import Assistant
    from assistant.index.store import Store
    from assistant.index.table import TABLE_FILE, Table, write_table
    from assistant.settings import Settings
    from tests.api.live import LiveServer
    from tests.scale.synth_papers import papers_with_vectors

    class TableOnly(Assistant):
        def warm(self) -> None:  # the list and downloads need the table only
            self.table()

    print(f"code under test: {Path(assistant.__file__).resolve().parent.parent}; {args.papers:,} papers")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp)
        papers, _ = papers_with_vectors(args.papers)
        write_table(Table(principal_author="A. Author", papers=papers, passages=[]), path / TABLE_FILE)
        settings = Settings(store_dir=path)
        a = TableOnly(settings, Store(path, vendors.chroma_client(settings), None))
        with LiveServer(create_app(settings, assistant=a)) as url, httpx.Client(base_url=url, timeout=300) as c:
            c.get("/api/papers")
            seconds, size = [], 0
            for _ in range(5):
                t = time.perf_counter()
                size = len(c.get("/api/papers").content)
                seconds.append(time.perf_counter() - t)
            print(f"GET /api/papers: median {statistics.median(seconds) * 1000:.0f} ms, {size / 1e6:.2f} MB")
            health: list[float] = []
            done = threading.Event()

            def poll():
                while not done.is_set():
                    t = time.perf_counter()
                    httpx.get(url + "/healthz", timeout=60)
                    health.append(time.perf_counter() - t)
                    time.sleep(0.2)

            poller = threading.Thread(target=poll)
            poller.start()
            t = time.perf_counter()
            first = None
            total = 0
            with c.stream("GET", "/api/papers", params={"format": "bibtex"}) as r:
                for chunk in r.iter_bytes():
                    first = first or time.perf_counter() - t
                    total += len(chunk)
            whole = time.perf_counter() - t
            done.set()
            poller.join()
            print(
                f"bibtex download: first byte {first:.2f} s, all {whole:.1f} s, {total / 1e6:.1f} MB; "
                f"/healthz meanwhile max {max(health) * 1000:.0f} ms over {len(health)} polls"
            )


if __name__ == "__main__":
    main()
