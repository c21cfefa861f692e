"""The embedding model's reads a verdict makes by meaning: a claim word's close variant among the paper's words
(claim_terms.Near), and unit vectors of texts for the learned gate, each from the corpus's model."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from assistant.answer.corpus import Corpus
from assistant.answer.evidence import claim_terms
from assistant.answer.write import verdict_model


@lru_cache(maxsize=64)
def word_vectors(embeddings, words: tuple[str, ...]) -> np.ndarray:
    # A paper's ~200 words embed in ~125 ms (onnx, 2 cores): once per paper, not once per question.
    return np.asarray(embeddings.embed_documents(list(words)), dtype=np.float32)


def near(corpus: Corpus) -> claim_terms.Near:
    """A word is held as a close variant when some word of the paper embeds within VARIANT of it."""

    def held(word: str, words: list[str]) -> bool:
        if not words:
            return False
        embeddings = corpus.picker.embeddings
        asked = np.asarray(embeddings.embed_query(word), dtype=np.float32)
        return bool((word_vectors(embeddings, tuple(words)) @ asked).max() >= claim_terms.VARIANT)

    return held


def embed(corpus: Corpus) -> verdict_model.Embed:
    """Unit vectors of texts by the embedding model; a paper's words embed once (they recur for each claim)."""
    return lambda texts: word_vectors(corpus.picker.embeddings, texts)
