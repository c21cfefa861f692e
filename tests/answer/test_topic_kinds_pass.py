"""The kinds of a topic the corpus names are read in one pass (one scope reading, one batched embedding, the kinds
no paper can support dropped first) and ground exactly the papers reading each kind on its own grounds."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.answer.evidence.topic_terms import alternatives

TOPICS = ["model compression", "quantization methods", "matrix multiplication"]


def _topics(assistant):
    answerer = assistant.answerer()
    return answerer.corpus.topics, answerer.corpus.papers


def _read(supports):
    return [(sp.paper.id, round(sp.score, 6), sp.rule, sp.sentence) for sp in supports]


@pytest.mark.parametrize("topic", TOPICS)
@pytest.mark.parametrize("mine", [True, False])
def test_the_kinds_pass_grounds_what_each_kind_alone_grounds(assistant, topic, mine):
    topics, papers = _topics(assistant)
    scope = [p for p in papers if p.is_author_work] if mine else papers
    kinds = topics._kinds_of(topic, scope)
    one_by_one = {k: _read(topics._grounded(k, scope)) for k in kinds}
    batched = {}
    for alts, narrowed, reading in topics._kind_scopes(topic, scope, scope):
        kind = next(k for k in kinds if alternatives(k) == alts and k not in batched)
        batched[kind] = _read(topics._grounded_in(alts, narrowed, reading))
    assert batched == {k: v for k, v in one_by_one.items() if k in batched}
    assert all(not v for k, v in one_by_one.items() if k not in batched)  # a dropped kind grounds nothing


def test_the_corpus_names_kinds_that_ground_papers(assistant):
    topics, papers = _topics(assistant)
    kinds = topics._kinds_of("model compression", papers)
    assert kinds and any(topics._grounded(k, papers) for k in kinds)  # the test above compares something


def test_every_kept_kind_is_embedded_in_one_call(assistant, monkeypatch):
    topics, papers = _topics(assistant)
    vectors = topics.vectors
    calls = []
    real = vectors.embeddings.embed_documents
    monkeypatch.setattr(vectors, "_cache", type(vectors._cache)())
    # as a store without the table's kind vectors reads them (corpus.kind_vectors; with them, none is embedded:
    # tests/index/test_query_vectors.py)
    monkeypatch.setattr(vectors, "_stored", {})
    monkeypatch.setattr(vectors.embeddings, "embed_documents", lambda texts: calls.append(list(texts)) or real(texts))
    kept = topics._kind_scopes("model compression", papers, papers)
    assert len(kept) > 1 and len(calls) == 1
    for alts, _, _ in kept:
        for a in alts:
            assert np.allclose(vectors.get(a), real([a])[0], atol=1e-5)
