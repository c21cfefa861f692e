"""Parse cost of hostile BibTeX, and an upload after it: before (main's code) and after (this branch).

    PYTHONPATH=/work/main .venv/bin/python bench/parse_cost.py        # the before figure, on main's code
    PYTHONPATH=. .venv/bin/python bench/parse_cost.py                 # this checkout
    ... bench/parse_cost.py --sizes 100000 --no-upload                # a quick run

1. One single-line BibTeX entry of N bytes (plain words with a LaTeX accent every ~2 KB, as an attack file or a
   runaway export has): seconds for `parse_file`, and again for the same file (the parse cache's second read).
2. Many tiny entries (--many, default 20,000: 0.5 MB).
3. The upload route's work (`ingest.sources.add_source`, the code under POST /api/sources) over a copy of the seeds:
   the 1 MB file, then a 200-byte file after it (which re-ingests the folder that now holds the 1 MB file).
Prints one table; the issue's targets are 1 MB < 5 s and the 200-byte upload after it < 3 s.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS = (
    "lattice boltzmann stencil kernel cache bandwidth sparse matrix solver parallel scaling GPU node "
    "throughput latency tensor quantization training inference memory accuracy benchmark"
).split()


def single_line_entry(size: int, key: str = "big") -> bytes:
    rng = random.Random(size)
    words: list[str] = []
    length = 0
    while length < size:
        w = rng.choice(WORDS) if rng.random() > 0.002 else r"M{\"u}ller"
        words.append(w)
        length += len(w) + 1
    head = f"@article{{{key}, title = {{A very long entry}}, author = {{Doe, Jane}}, year = {{2024}}, abstract = {{"
    return (head + " ".join(words) + "}}\n").encode()


def tiny_entries(n: int) -> bytes:
    return "".join(
        f"@article{{k{i}, title={{Paper {i} on {WORDS[i % len(WORDS)]}}}, author={{Doe, J}}, year={{2020}}}}\n"
        for i in range(n)
    ).encode()


SMALL = (
    b"@article{small2025, title = {A small new paper on uploads},\n"
    b"  author = {Doe, Jane and Roe, Richard}, year = {2025},\n"
    b"  abstract = {We study how long a small upload takes after a large one.}}\n"
)


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def parse_once(folder: Path, name: str, data: bytes):
    from assistant.ingest.manifest import load_manifest
    from assistant.ingest.pipeline import parse_file

    path = folder / name
    path.write_bytes(data)
    return parse_file(path, load_manifest(folder))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="*", default=[100_000, 400_000, 1_000_000])
    ap.add_argument("--many", type=int, default=20_000)
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import assistant

    code = Path(assistant.__file__).resolve().parent.parent
    print(f"code under test: {code}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "c"
        folder.mkdir()
        shutil.copy(ROOT / "seeds" / "corpus.toml", folder)
        for size in args.sizes:
            data = single_line_entry(size)
            s, (entries, report) = timed(lambda d=data, n=f"big{size}.bib": parse_once(folder, n, d))
            again, _ = timed(lambda d=data, n=f"big{size}.bib": parse_once(folder, n, d))
            rows.append(
                (f"single-line entry {size:,} B", s, again, f"{len(entries)} entries, {len(report.warnings)} warnings")
            )
        if args.many:
            data = tiny_entries(args.many)
            s, (entries, report) = timed(lambda: parse_once(folder, "many.bib", data))
            rows.append((f"{args.many:,} tiny entries ({len(data):,} B)", s, float("nan"), f"{len(entries)} entries"))
        if not args.no_upload:
            rows += upload_rows(Path(tmp))
    print(f"{'case':40} {'first s':>9} {'again s':>9}  notes")
    for name, first, again, note in rows:
        print(f"{name:40} {first:9.2f} {again:9.2f}  {note}")


def upload_rows(tmp: Path) -> list:
    from assistant.core import Assistant
    from assistant.ingest.sources import add_source
    from assistant.settings import Settings

    corpus, store = tmp / "corpus", tmp / "store"
    shutil.copytree(ROOT / "seeds", corpus)
    a = Assistant.from_settings(Settings(store_dir=store, seeds_dir=corpus))
    seconds, _ = timed(lambda: a.ingest([corpus]))
    rows = [("ingest the seeds (setup)", seconds, float("nan"), "")]
    big = single_line_entry(1_000_000)
    seconds, added = timed(lambda: add_source(a, corpus, "big.bib", big))
    rows.append(("upload the 1 MB entry", seconds, float("nan"), f"{added.papers} papers"))
    seconds, added = timed(lambda: add_source(a, corpus, "small.bib", SMALL))
    rows.append((f"upload {len(SMALL)} B after it", seconds, float("nan"), f"{added.papers} papers"))
    return rows


if __name__ == "__main__":
    sys.exit(main())
