"""kill -9 halfway through a real ingest: the previous index still answers, and the next ingest completes."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest

from assistant.core import Assistant
from assistant.models import Message
from assistant.settings import Settings
from tests.conftest import ROOT, SEEDS


def _extra_listing(n: int) -> str:
    """An arXiv-listing page of n new abstracts, shuffled from the seeds' words (deterministic)."""
    rng = random.Random(7)
    words = (SEEDS / "000_5373d79505ae5ddf.txt").read_text(encoding="utf-8").split()
    entries = []
    for i in range(n):
        sentences = [
            " ".join(rng.choice(words) for _ in range(rng.randint(12, 24))).capitalize() + "." for _ in range(8)
        ]
        entries.append(f"{' '.join(sentences)}\n\narXiv:2601.{10000 + i}\nCreated: 2026-01-{1 + i % 28:02d}\n")
    return "\n".join(entries)


@pytest.mark.slow
def test_kill_9_mid_ingest_keeps_the_previous_index(fresh_store, tmp_path):
    seeds = tmp_path / "seeds"
    shutil.copytree(SEEDS, seeds)
    (seeds / "900_extra.txt").write_text(_extra_listing(60), encoding="utf-8")
    (seeds / "corpus.toml").write_text(
        (SEEDS / "corpus.toml").read_text() + '\n[files."900_extra.txt"]\nowner = "Yunquan Zhang"\n'
    )
    table_before = (fresh_store / "table.jsonl").read_bytes()

    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant", "--store", str(fresh_store), "ingest", str(seeds)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "ASSISTANT_EMBEDDING_BATCH_SIZE": "16", "ASSISTANT_VECTOR_SEGMENT": "64"},
    )
    segments = fresh_store / "sentences"
    before = len(list(segments.glob("seg-*.npy")))
    deadline = time.monotonic() + 300
    # Halfway: at least one new 64-sentence segment written (of ~480 new sentences), the table not yet switched.
    while len(list(segments.glob("seg-*.npy"))) <= before and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, "ingest finished before it could be killed; make the extra corpus larger"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()

    assert (fresh_store / "table.jsonl").read_bytes() == table_before
    old = Assistant.from_settings(Settings(store_dir=fresh_store, seeds_dir=seeds))
    assert old.status()["papers"] == 79
    answer = old.answer(
        [Message(role="user", content="What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?")]
    )
    assert "90%" in answer.answer and answer.citations[0].title.startswith("cuNNQS-SCI")

    done = subprocess.run(
        [sys.executable, "-m", "assistant", "--store", str(fresh_store), "ingest", str(seeds)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "139 papers" in done.stdout
    new = Assistant.from_settings(Settings(store_dir=fresh_store, seeds_dir=seeds))
    assert new.status()["papers"] == 139
    again = new.answer(
        [Message(role="user", content="What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?")]
    )
    assert again.citations[0].title.startswith("cuNNQS-SCI")


class _RefusesWrites:
    """A real Chroma client, or one of its collections, that stops accepting upserts (a server that dies mid-ingest)."""

    def __init__(self, target):
        self._target = target

    def __getattr__(self, name):
        return getattr(self._target, name)

    def get_or_create_collection(self, *args, **kwargs):
        return _RefusesWrites(self._target.get_or_create_collection(*args, **kwargs))

    def upsert(self, *args, **kwargs):
        from chromadb.errors import InternalError

        raise InternalError("disk full")


def test_chroma_failing_mid_ingest_leaves_the_current_table_and_no_temporary_one(fresh_store, tmp_path):
    """The new table is written before Chroma's part (so the papers can leave memory) but switched in only after it."""
    from assistant import vendors
    from assistant.errors import StoreUnavailable
    from assistant.index.store import Store

    seeds = tmp_path / "seeds"
    shutil.copytree(SEEDS, seeds)
    (seeds / "900_extra.txt").write_text(_extra_listing(5), encoding="utf-8")
    table_before = (fresh_store / "table.jsonl").read_bytes()
    settings = Settings(store_dir=fresh_store, seeds_dir=seeds)
    healthy = Assistant.from_settings(settings)
    failing = Assistant(
        settings, Store(fresh_store, _RefusesWrites(vendors.chroma_client(settings)), healthy.store.embeddings), None
    )

    with pytest.raises(StoreUnavailable, match="disk full"):
        failing.ingest([seeds])
    assert (fresh_store / "table.jsonl").read_bytes() == table_before
    assert not list(fresh_store.glob("table.tmp*"))
    assert healthy.status()["papers"] == 79

    assert healthy.ingest([seeds]).papers == 84
    assert healthy.status()["papers"] == 84
