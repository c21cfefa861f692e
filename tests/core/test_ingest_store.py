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
    p.write_text(
        p.read_text(encoding="utf-8").replace("over 90% parallel efficiency", "over 91% parallel efficiency"),
        encoding="utf-8",
    )
    (seeds / "004_a03131bc105233e7.txt").unlink()
    changed = a.ingest([seeds])
    assert len(changed.sync.updated) == 1
    assert 0 < changed.sync.embedded <= 3
    assert len(changed.sync.removed) == 50
    assert a.status()["papers"] == 29
    assert "91% parallel efficiency" in a.paper(changed.sync.updated[0]).abstract


def test_adding_ten_papers_embeds_only_their_sentences(fresh_store, tmp_path):
    """Incremental ingest: the new papers' sentences are the only model work; every old passage stays as it was."""
    import random

    from assistant.index.passages import paper_sentences

    seeds = tmp_path / "seeds"
    shutil.copytree(SEEDS, seeds)
    rng = random.Random(3)
    words = (SEEDS / "002_929b6c1ceb6fc1ba.txt").read_text(encoding="utf-8").split()
    entries = []
    for i in range(10):
        sentences = [
            " ".join(rng.choice(words) for _ in range(rng.randint(10, 20))).capitalize() + "." for _ in range(6)
        ]
        entries.append(f"{' '.join(sentences)}\n\narXiv:2605.{20000 + i}\nCreated: 2026-05-{1 + i:02d}\n")
    (seeds / "900_new.txt").write_text("\n".join(entries), encoding="utf-8")

    a = Assistant.from_settings(Settings(store_dir=fresh_store, seeds_dir=seeds))
    before = a.store.collection().get(include=["embeddings"])
    old_vectors = dict(zip(before["ids"], before["embeddings"]))
    old_sentences = {s for p in a.table().papers for s in paper_sentences(p)}

    report = a.ingest([seeds]).sync
    assert len(report.added) == 10 and not report.updated and not report.removed
    new_sentences = {s for pid in report.added for s in paper_sentences(a.paper(pid))} - old_sentences
    assert report.embedded == len(new_sentences) > 0
    after = a.store.collection().get(ids=list(old_vectors), include=["embeddings"])
    assert len(after["ids"]) == len(old_vectors)
    assert all((old_vectors[i] == v).all() for i, v in zip(after["ids"], after["embeddings"]))
    assert a.ingest([seeds]).sync.embedded == 0


def test_sentences_are_embedded_a_chunk_of_papers_at_a_time_each_once(assistant, tmp_path):
    """Chunks of papers, each its new sentences shortest first: every sentence embedded once, even when a later
    chunk's paper repeats an earlier one's sentence, and the progress count climbs to the total."""
    from assistant.index.passages import paper_sentences
    from assistant.index.store import Store

    papers = assistant.table().papers
    papers = papers + [papers[0].model_copy(update={"id": "again"})]  # a last chunk of nothing new
    store = Store(tmp_path / "s", None, assistant.store.embeddings, segment=40, embed_papers=7)
    ticks = []
    done = store.embed_sentences(papers, progress=lambda n, total: ticks.append((n, total)))
    unique = list(dict.fromkeys(s for p in papers for s in paper_sentences(p)))
    assert done.count == len(unique) == len(done.live)
    assert store.sentences.missing(unique) == []
    assert [n for n, _ in ticks] == sorted(n for n, _ in ticks) and ticks[-1] == (len(unique), len(unique))
    assert len(store.sentences.segments_on_disk()) > len(papers) // 7  # a segment or more per chunk
    again = store.embed_sentences(papers)
    assert again.count == 0
