"""Ingest into a real Chroma store: counts, idempotency, updates in place, removal."""

from __future__ import annotations

import shutil

from assistant.core import Assistant
from assistant.settings import Settings
from tests.conftest import SEEDS


def test_seed_store_has_every_paper(assistant):
    status = assistant.status()
    assert status["papers"] == 79
    assert status["author_papers"] == 29
    assert status["store_reachable"] is True
    assert status["mode"] == "extractive"


def test_reingest_is_idempotent_and_updates_in_place(fresh_store, tmp_path):
    seeds = tmp_path / "seeds"
    shutil.copytree(SEEDS, seeds)
    a = Assistant.from_settings(Settings(store_dir=fresh_store, seeds_dir=seeds))
    again = a.ingest([seeds])
    assert again.sync.embedded == 0 and not again.sync.changed

    # A changed abstract re-embeds only that paper's passages; a removed file removes its papers.
    p = seeds / "000_5373d79505ae5ddf.txt"
    p.write_text(p.read_text(encoding="utf-8").replace("over 90% parallel efficiency", "over 91% parallel efficiency"), encoding="utf-8")
    (seeds / "004_a03131bc105233e7.txt").unlink()
    changed = a.ingest([seeds])
    assert len(changed.sync.updated) == 1
    assert 0 < changed.sync.embedded <= 3
    assert len(changed.sync.removed) == 50
    assert a.status()["papers"] == 29
    assert "91% parallel efficiency" in a.paper(changed.sync.updated[0]).abstract
