"""Query vectors made once per table (the kinds of topics the corpus names, at ingest) are looked up, not embedded
again on each question; every other text is embedded as before."""

from __future__ import annotations

import numpy as np

from assistant.answer.evidence.topic_terms import alternatives
from assistant.index.retrieval import QueryVectors


class _Counting:
    """Embeds a text as its length in one dimension, and counts the texts it was asked to embed."""

    def __init__(self):
        self.embedded: list[str] = []

    def embed_documents(self, texts):
        self.embedded += texts
        return [[float(len(t)), 1.0] for t in texts]

    def embed_query(self, text):
        return self.embed_documents([text])[0]


def test_kept_texts_are_read_not_embedded():
    model = _Counting()
    vectors = QueryVectors(model)
    vectors.keep(["pruning", "quantization"], np.array([[9.0, 9.0], [8.0, 8.0]], dtype=np.float32))
    vectors.prime(["pruning", "distillation", "quantization"])
    assert model.embedded == ["distillation"]
    assert vectors.get("quantization").tolist() == [8.0, 8.0]
    assert vectors.get("distillation").tolist() == [12.0, 1.0]
    assert vectors.get("sparsity").tolist() == [8.0, 1.0] and model.embedded == ["distillation", "sparsity"]


def test_the_corpus_keeps_its_kinds_vectors(assistant):
    """The seeds' kinds (index/kinds.py) are embedded with the table: a topic question does not embed them."""
    corpus = assistant.answerer().corpus
    vectors = corpus.retriever.vectors
    said = sorted({a for made in corpus.topics.kinds.relations.values() for k in made for a in alternatives(k)})
    assert said and all(a in vectors._stored for a in said)
    model = _Counting()
    fresh = QueryVectors(model)
    fresh.keep(list(vectors._stored), vectors._rows)
    fresh.prime(said)
    assert not model.embedded
    # the stored vector is the model's for that text
    text = said[0]
    assert float(np.dot(fresh.get(text), assistant.store.embeddings.embed_array([text])[0])) > 0.999
