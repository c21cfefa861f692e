"""The picker's kept question vectors: a batch of texts, some embedded before and some new, gets every vector even
when the batch fills the cache past QUERIES_KEPT and it is emptied (a long session once failed with a KeyError)."""

from __future__ import annotations

from assistant.answer.evidence import weigh
from assistant.answer.evidence.weigh import SentencePicker


class CountingEmbeddings:
    """A fake embedder: each text's vector is (its length, 1), and every text it embeds is counted."""

    def __init__(self):
        self.embedded: list[str] = []

    def embed_documents(self, texts):
        self.embedded.extend(texts)
        return [[float(len(t)), 1.0] for t in texts]


def test_known_and_new_texts_get_their_vectors_when_the_cache_is_emptied():
    embeddings = CountingEmbeddings()
    picker = SentencePicker(embeddings)
    picker.text_vectors([f"text {i}" for i in range(weigh.QUERIES_KEPT + 1)])
    got = picker.text_vectors(["text 3", "networks"])  # one known, one new: the cache is full and is emptied
    assert list(got) == ["text 3", "networks"] and got["networks"][0] == len("networks")
    assert embeddings.embedded.count("text 3") == 1  # a known text is not embedded again


def test_a_text_asked_twice_is_embedded_once():
    embeddings = CountingEmbeddings()
    picker = SentencePicker(embeddings)
    picker.text_vectors(["gpu", "gpu"])
    picker.query_vector("gpu")
    assert embeddings.embedded == ["gpu"]
