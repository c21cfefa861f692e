"""One store, several processes: a second ingest is refused while one runs (the store stays whole), a reader holding an
old index never sees a segment compacted away, /healthz names a store it cannot read, the next ingest repairs it, and
temporary files of dead writers are swept. Real `python -m assistant` processes throughout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import numpy as np
import pytest
from fastapi.testclient import TestClient

from assistant.api.app import create_app
from assistant.index.passages import paper_sentences
from assistant.index.store import Store
from assistant.index.vectors import SentenceVectors
from tests.api.fixtures import settings_for
from tests.conftest import ROOT, SEEDS

ENV = {**os.environ, "ASSISTANT_VECTOR_SEGMENT": "40", "PYTHONUNBUFFERED": "1"}  # many small segments to lose


def assistant_cmd(store, *args) -> list[str]:
    return [sys.executable, "-m", "assistant", "--store", str(store), *args]


def run(store, *args, timeout=300) -> subprocess.CompletedProcess:
    return subprocess.run(
        assistant_cmd(store, *args), cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=timeout
    )


def one_file_corpus(tmp_path):
    """The seeds' manifest with only one of its pages: re-ingesting it leaves most stored vectors dead (compaction)."""
    folder = tmp_path / "one"
    folder.mkdir()
    shutil.copy(SEEDS / "001_05f49289928d0f65.txt", folder)
    shutil.copy(SEEDS / "corpus.toml", folder)
    return folder


def test_a_second_ingest_is_refused_while_one_runs_and_the_store_stays_whole(tmp_path):
    store = tmp_path / "store"
    first = subprocess.Popen(
        assistant_cmd(store, "ingest", str(SEEDS)),
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        lock = store / "ingest.lock"
        while not (lock.exists() and lock.read_text().strip() == str(first.pid)):  # the first holds the lock
            assert first.poll() is None, first.communicate()
            assert time.monotonic() < deadline, "the first ingest never took the lock"
            time.sleep(0.05)
        second = run(store, "ingest", str(SEEDS))
        assert first.poll() is None, "the second ingest must have run while the first was writing"
    finally:
        out, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    assert second.returncode == 6, (second.stdout, second.stderr)
    assert f"Another ingest (process {first.pid}) is writing to the store at {store}" in second.stderr
    assert "79 papers" in out
    asked = run(store, "ask", "What is MoQE?", "--json")
    assert asked.returncode == 0, asked.stderr
    assert json.loads(asked.stdout)["citations"]
    again = run(store, "ingest", str(SEEDS))
    assert again.returncode == 0 and "0 sentences embedded" in again.stdout, (again.stdout, again.stderr)


def test_a_reader_never_sees_a_segment_that_an_ingest_compacted_away(tmp_path):
    store = tmp_path / "store"
    assert run(store, "ingest", str(SEEDS)).returncode == 0
    first_segments = sorted(p.name for p in (store / "sentences").glob("seg-*.npy"))
    assert len(first_segments) > 5
    reader = SentenceVectors(store / "sentences")  # holds the index of now; no segment opened yet
    table = Store(store, client=None, embeddings=None).load_table()
    kept = [p for p in table.papers if any(s.file.startswith("001_") for s in p.sources)]
    sentences = [s for p in kept for s in paper_sentences(p)]
    assert len(sentences) > 40

    shrunk = run(
        store, "ingest", str(one_file_corpus(tmp_path))
    )  # another process: most vectors die, segments compacted
    assert shrunk.returncode == 0, shrunk.stderr
    assert not set(first_segments[1:]) & {p.name for p in (store / "sentences").glob("seg-*.npy")}, (
        "old segments were removed"
    )

    got = reader.get(sentences)
    fresh = SentenceVectors(store / "sentences").get(sentences)
    assert fresh.any(axis=1).all()
    np.testing.assert_array_equal(got, fresh)


@pytest.fixture
def damaged_store(fresh_store):
    segments = sorted((fresh_store / "sentences").glob("seg-*.npy"))
    assert segments
    segments[0].unlink()
    return fresh_store, segments[0].name


def test_healthz_names_a_store_it_cannot_read_and_an_ingest_repairs_it(damaged_store, tmp_path):
    store, missing = damaged_store
    with TestClient(create_app(settings_for(store))) as c:
        r = c.get("/healthz")
        assert r.status_code == 503, r.json()
        assert (
            r.json()["status"] == "degraded"
            and missing in r.json()["reason"]
            and "assistant ingest" in r.json()["reason"]
        )
        answer = c.post("/api/chat", json={"messages": [{"role": "user", "content": "What is MoQE?"}]})
        assert answer.status_code == 200 and answer.json()["citations"], answer.text  # sentences re-embedded on the fly
    repaired = run(store, "ingest", str(SEEDS))
    assert repaired.returncode == 0, repaired.stderr
    with TestClient(create_app(settings_for(store))) as c:
        assert c.get("/healthz").json()["status"] == "ok"
    asked = run(store, "ask", "What is MoQE?", "--json")
    assert asked.returncode == 0 and json.loads(asked.stdout)["citations"], asked.stderr


def test_an_ingest_sweeps_temporary_files_of_dead_writers(fresh_store):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = [
        fresh_store / f"table.tmp{dead.pid}",
        fresh_store / "sentences" / f"index.tmp{dead.pid}.npz",
        fresh_store / "sentences" / f"seg-99.tmp{dead.pid}.npy",
    ]
    alive = fresh_store / f"table.tmp{os.getpid()}"  # this test process is alive: its file may be in use
    for path in [*stale, alive]:
        path.write_text("partial")
    result = run(fresh_store, "ingest", str(SEEDS))
    assert result.returncode == 0, result.stderr
    assert not [p for p in stale if p.exists()]
    assert alive.exists()
