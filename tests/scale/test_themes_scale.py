"""Themes at corpus scale: the fast average linkage equals the textbook one, and a large author's papers finish."""

from __future__ import annotations

import time

import numpy as np

from assistant.ingest import themes


def reference_clusters(vectors: np.ndarray, ks: set[int]) -> dict[int, np.ndarray]:
    """Textbook average linkage (merge the pair with the highest mean cross similarity, first pair on a tie); labels at
    each k."""
    sim = vectors @ vectors.T
    clusters = {i: [i] for i in range(len(vectors))}
    out = {}
    while True:
        if len(clusters) in ks:
            labels = np.zeros(len(vectors), dtype=int)
            for label, members in enumerate(sorted(clusters.values(), key=lambda m: (-len(m), min(m)))):
                labels[members] = label
            out[len(clusters)] = labels
        if len(clusters) <= min(ks):
            return out
        keys = sorted(clusters)
        best, pair = -2.0, None
        for i, a in enumerate(keys):
            for b in keys[i + 1 :]:
                s = float(sim[np.ix_(clusters[a], clusters[b])].mean())
                if s > best:
                    best, pair = s, (a, b)
        clusters[pair[0]] += clusters.pop(pair[1])


def unit(rows: np.ndarray) -> np.ndarray:
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_fast_average_linkage_equals_the_reference():
    rng = np.random.default_rng(7)
    for trial in range(12):
        n = int(rng.integers(6, 40))
        centres = rng.normal(size=(int(rng.integers(2, 6)), 32))
        x = centres[rng.integers(0, len(centres), n)] + rng.normal(scale=rng.uniform(0.3, 2.0), size=(n, 32))
        if trial % 3 == 0:
            x[1] = x[0]  # an exact tie
        x = unit(x)
        merges = themes._merges(x)
        for k, expected in reference_clusters(x, {3, 4, 5, 6}).items():
            assert (themes._cluster(x, k, merges) == expected).all(), (trial, k)


def test_a_large_authors_papers_are_all_placed_quickly():
    from tests.scale.synth_papers import papers_with_vectors

    papers, vectors = papers_with_vectors(themes.MAX_CLUSTERED + 500)
    started = time.perf_counter()
    found = themes.compute_themes(papers, vectors)
    elapsed = time.perf_counter() - started
    placed = sorted(pid for t in found for pid in t.paper_ids)
    assert placed == sorted(p.id for p in papers)
    assert 3 <= len(found) <= themes.MAX_SPLIT_THEMES
    assert elapsed < 60, f"themes for {len(papers)} papers took {elapsed:.1f} s"
