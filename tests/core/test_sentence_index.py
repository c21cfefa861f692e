"""The flat sentence index built at ingest holds every paper's sentences and stored vectors by row, and answers read
through it exactly what they read sentence by sentence before."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.answer.evidence.sentence_search import SentenceSearch
from assistant.answer.evidence.topics import TopicMatcher
from assistant.index.derived import Derived
from assistant.index.sentence_index import (
    COARSE_DIMS,
    COARSE_KEEP,
    SentenceIndex,
    build,
    main_axes,
    paper_sentences,
    project,
)

TOPICS = ["quantization", "sparse matrix multiplication", "molecular dynamics", "climate policy", "GPU kernels"]


@pytest.fixture(scope="module")
def corpus(assistant):
    return assistant.answerer().corpus


def test_rows_hold_each_papers_sentences_and_their_stored_vectors(assistant, corpus):
    index = corpus.sentences.index
    papers = assistant.table().papers
    assert index is not None and len(index.start) == len(papers) + 1
    for i, p in enumerate(papers):
        texts = index.texts(i)
        assert texts == paper_sentences(p)
        if texts:
            stored = assistant.store.sentences.get(texts)
            assert np.allclose(index.matrix([i])[0], stored, atol=1e-3)


def test_an_index_is_read_back_memory_mapped(assistant, seeded_store):
    table = assistant.table()
    again = SentenceIndex.of(Derived(seeded_store, table.digest), table.papers, None)  # never builds: it is stored
    assert isinstance(again.vectors, np.memmap)
    assert again.texts(0) == paper_sentences(table.papers[0])


def test_a_sentence_the_store_lacks_is_a_zero_row_or_embedded(assistant):
    class Empty:
        def get(self, texts):
            return np.zeros((len(texts), 384), dtype=np.float32)

    papers = assistant.table().papers[:3]
    arrays = build(papers, Empty())
    index = SentenceIndex(arrays["start"], arrays["vectors"], arrays["text"], arrays["ends"])
    assert not index.matrix([0, 1, 2])[0].any()
    filled, owner = index.matrix([0, 2], embed=lambda texts: np.ones((len(texts), 384), dtype=np.float32))
    assert filled.all() and owner.tolist() == [0] * len(index.texts(0)) + [1] * len(index.texts(2))


def test_topic_lists_are_the_same_through_the_index(corpus):
    plain = TopicMatcher(corpus.retriever.embeddings, corpus.picker, corpus.retriever.lexical, corpus.retriever.vectors)
    authors = [p for p in corpus.papers if p.is_author_work]
    listed = 0
    for topic in TOPICS:
        ours = [(s.paper.id, s.sentence, round(s.score, 4)) for s in corpus.topics.papers_on(topic, authors)]
        theirs = [(s.paper.id, s.sentence, round(s.score, 4)) for s in plain.papers_on(topic, authors)]
        assert ours == theirs, topic
        listed += bool(ours)
    assert listed >= 2


def test_whole_corpus_sentence_candidates_are_the_same_through_the_index(corpus):
    plain = SentenceSearch(corpus.picker.vectors, corpus.retriever.vectors)
    questions = [
        "the work that pairs every sample with its best friend",
        "which paper simulates quantum circuits on GPUs?",
        "a method to compress large language models: which bit widths does it use?",
    ]
    found = 0
    for q in questions:
        ours = [(h.paper.id, round(h.dense, 4)) for h in corpus.sentences.candidates(q, corpus.papers, bool, set())]
        theirs = [(h.paper.id, round(h.dense, 4)) for h in plain.candidates(q, corpus.papers, bool, set())]
        assert ours == theirs, q
        found += len(ours)
    assert found


def test_a_large_index_finds_through_its_coarse_copy_what_an_exact_scan_finds():
    # Vectors like sentence embeddings: a shared direction, topics, noise; queries near some rows, and one far off.
    rng = np.random.default_rng(7)
    common, topics = rng.standard_normal(384), rng.standard_normal((40, 384))
    rows = 0.6 * common + topics[rng.integers(0, 40, 12_000)] + 0.8 * rng.standard_normal((12_000, 384))
    rows = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float16)
    counts = [6] * 2_000
    arrays = {
        "start": np.concatenate([[0], np.cumsum(counts)]),
        "vectors": rows,
        "text": np.zeros(0, dtype=np.uint8),
        "ends": np.zeros(len(rows), dtype=np.int64),
    }
    basis = main_axes(rows)
    coarse = SentenceIndex(**arrays, basis=basis, coarse=project(rows, basis), exact_rows=1_000)
    exact = SentenceIndex(**arrays)  # no coarse copy: every search exact
    assert basis.shape == (384, COARSE_DIMS) and len(coarse) > max(coarse.exact_rows, COARSE_KEEP)
    noise = rng.standard_normal((30, 384)) * (0.8 / np.sqrt(384))  # cosine ~0.78 with its row
    queries = rows[rng.integers(0, len(rows), 30)].astype(np.float32) + noise
    queries = np.vstack([queries, rng.standard_normal((1, 384))])
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    found = 0
    for q in queries:
        for floor in (0.45, 0.6):
            got, want = coarse.best(q[None], limit=20, floor=floor), exact.best(q[None], limit=20, floor=floor)
            assert got[0].tolist() == want[0].tolist()
            assert np.allclose(got[1], want[1], atol=1e-6)
            found += len(got[0])
    assert found  # the queries near rows found them
