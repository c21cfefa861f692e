"""Sentence vectors on disk: lookups by text, appends, pruning, compaction, and keys that end in NUL-like bytes."""

from __future__ import annotations

import numpy as np

from assistant.index.vectors import SentenceVectors, key


def test_add_get_prune_compact(tmp_path):
    store = SentenceVectors(tmp_path / "s")
    texts = [f"sentence number {i}" for i in range(600)]  # enough keys that some raw digests end in 0x00
    vectors = np.random.default_rng(0).normal(size=(600, 384)).astype(np.float32)
    store.add(texts[:300], vectors[:300])
    store.add(texts[300:], vectors[300:])
    assert store.missing(texts) == []
    assert np.allclose(store.get(texts), vectors, atol=1e-2)  # float16 on disk
    assert not store.get(["never added"]).any()
    mixed = store.get([texts[350], texts[5], "never added", texts[350], texts[299]])
    assert np.allclose(mixed[[0, 1, 3, 4]], vectors[[350, 5, 350, 299]], atol=1e-2) and not mixed[2].any()

    store.add([], [], keep={key(t) for t in texts[:100]})
    assert len(store) == 100 and store.missing(texts[:100]) == []
    store.compact()
    assert len(list((tmp_path / "s").glob("seg-*.npy"))) == 1
    reopened = SentenceVectors(tmp_path / "s")
    assert np.allclose(reopened.get(texts[:100]), vectors[:100], atol=1e-2)


class _Counts:
    """An embedder that says how long each text is to it (here: its number of words)."""

    def token_counts(self, texts):
        return [len(t.split()) for t in texts]


def test_batching_order_is_shortest_first_by_the_models_count_and_stable():
    from assistant.index.vectors import batching_order

    texts = ["a b c", "xxxxxxxxxxxxxxxxxxxx", "d e", "f g", "h"]
    assert batching_order(texts, _Counts()) == ["xxxxxxxxxxxxxxxxxxxx", "h", "d e", "f g", "a b c"]
    assert batching_order(texts, object()) == ["h", "d e", "f g", "a b c", "xxxxxxxxxxxxxxxxxxxx"]  # by characters
    assert batching_order([], _Counts()) == []
