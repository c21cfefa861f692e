"""The vector index gives every process the same candidates: its graph is written to disk, not rebuilt by several
threads at each start (which changed 4 of the 60 dense candidates of one query from one run to the next)."""

from __future__ import annotations

import subprocess
import sys

# One process asks the seeds store for the dense candidates of a query and prints their ids.
_ASK = """
import json, sys
from pathlib import Path
from assistant.core import Assistant
from assistant.models import Filters
from assistant.settings import Settings
a = Assistant.from_settings(Settings(store_dir=Path(sys.argv[1])))
print(json.dumps(sorted(a.retriever().dense("Put those two side by side.", Filters()))))
"""


def test_every_process_reads_the_same_dense_candidates(seeded_store):
    runs = {
        subprocess.run(
            [sys.executable, "-c", _ASK, str(seeded_store)], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(4)
    }
    assert len(runs) == 1 and runs.pop().count('"') >= 120


def _unwritten(store) -> int:
    """Writes in Chroma's log that its stored vector graph does not hold: what a start inserts into a new graph."""
    import sqlite3

    db = sqlite3.connect(f"file:{store / 'chroma' / 'chroma.sqlite3'}?mode=ro", uri=True)
    try:
        (logged,) = db.execute("SELECT MAX(seq_id) FROM embeddings_queue").fetchone()
        (graph,) = db.execute(
            "SELECT MAX(COALESCE(m.seq_id, 0)) FROM segments s LEFT JOIN max_seq_id m ON m.segment_id = s.id"
            " WHERE s.scope = 'VECTOR'"
        ).fetchone()
    finally:
        db.close()
    return logged - graph


# A fresh process opens a store and reads its dense candidates (Chroma applies its log then).
_READ = _ASK.replace("print(json.dumps(", "(json.dumps(")


def test_ingest_makes_an_older_collection_write_its_graph(seeded_store, tmp_path, capsys):
    """A collection made before session 19 (Chroma's default sync_threshold, as `metadata={"hnsw:space": ...}`
    made it) replays its log into a new graph at every start; `assistant ingest` sets it to write its graph, and
    writes it."""
    import shutil

    import chromadb
    from chromadb.config import Settings as ChromaSettings

    from assistant.cli import main
    from tests.conftest import SEEDS

    store = tmp_path / "store"
    shutil.copytree(seeded_store, store)
    client = chromadb.PersistentClient(path=str(store / "chroma"), settings=ChromaSettings(anonymized_telemetry=False))
    (name,) = [c.name for c in client.list_collections()]
    data = client.get_collection(name).get(include=["embeddings", "metadatas"])
    client.delete_collection(name)
    old = client.create_collection(name, metadata={"hnsw:space": "cosine"}, embedding_function=None)
    old.add(ids=data["ids"], embeddings=data["embeddings"], metadatas=data["metadatas"])
    assert old.configuration["hnsw"]["sync_threshold"] == 1000
    del client, old
    for _ in range(2):  # every start replays the same writes: the graph is never written
        subprocess.run([sys.executable, "-c", _READ, str(store)], check=True, capture_output=True)
        assert _unwritten(store) == len(data["ids"])

    assert main(["--store", str(store), "ingest", str(SEEDS)]) == 0
    assert _unwritten(store) == 0
    assert "its graph is now written to disk after each write" in capsys.readouterr().out
    check = (
        "import chromadb, sys; "
        "print(chromadb.PersistentClient(path=sys.argv[1]).list_collections()[0].configuration['hnsw']['sync_threshold'])"
    )
    out = subprocess.run(
        [sys.executable, "-c", check, str(store / "chroma")], check=True, capture_output=True, text=True
    )
    assert out.stdout.strip() == "2"
    assert main(["--store", str(store), "ingest", str(SEEDS)]) == 0  # once: a current collection is left as it is
    assert "older version" not in capsys.readouterr().out
