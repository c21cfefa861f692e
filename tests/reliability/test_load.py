"""A reduced bench/load.py in the suite: 10 concurrent clients × 5 questions against a real `assistant serve` on
loopback."""

from __future__ import annotations

import asyncio

import pytest

from bench.load import listening_addresses, question_texts, run_load, serve

pytestmark = pytest.mark.slow


def test_concurrent_clients_all_get_answers(seeded_store):
    texts = question_texts()
    with serve(seeded_store) as server:
        bound = listening_addresses(server.pid, server.port)
        first = asyncio.run(run_load(server.url, clients=10, per_client=5, texts=texts, pid=server.pid)).summary()
        # the same load again: what the first round loaded once (lazily built indexes, caches) is no growth per
        # request, and the first round's RSS step varied 42-70 MB between runs of the same code
        result = asyncio.run(run_load(server.url, clients=10, per_client=5, texts=texts, pid=server.pid))
    assert bound == ["127.0.0.1"], f"the default bind should be loopback only, got {bound}"
    s = result.summary()
    assert first["requests"] == s["requests"] == 50
    for r in (first, s):  # no 429 either: the rate limit is off by default
        assert r["errors"] == 0 and r["statuses"] == {"200": 50}, r
    assert first["rss_after_mb"] - first["rss_before_mb"] < 128, first
    assert s["rss_after_mb"] - s["rss_before_mb"] < 32, s  # the real bound is per request, over 1,000 (bench/load.py)
    print(
        f"\n10×5 on loopback: {s['requests_per_s']} req/s, p50 {s['p50_ms']} ms, p95 "
        f"{s['p95_ms']} ms, RSS {s['rss_before_mb']}→{s['rss_after_mb']} MB"
    )
