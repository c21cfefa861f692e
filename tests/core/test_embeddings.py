"""The ONNX embedding path gives the same vectors as the sentence-transformers reference."""

from __future__ import annotations

import numpy as np

from assistant.vendors import MiniLMEmbeddings
from tests.conftest import SEEDS


def test_onnx_matches_sentence_transformers_within_1e_5():
    texts = [
        "What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?",
        "FP=xINT",
        # Longer than MiniLM's 256-token window: both must truncate the same way.
        (SEEDS / "000_5373d79505ae5ddf.txt").read_text(encoding="utf-8")[:4000],
        "x",
    ]
    fast = np.asarray(MiniLMEmbeddings(backend="onnx").embed_documents(texts))
    reference = np.asarray(MiniLMEmbeddings(backend="sentence-transformers").embed_documents(texts))
    assert fast.shape == reference.shape == (4, 384)
    assert np.abs(fast - reference).max() < 1e-5
    assert np.allclose(np.linalg.norm(fast, axis=1), 1.0, atol=1e-5)


def test_it_is_a_langchain_embeddings():
    from langchain_core.embeddings import Embeddings

    assert isinstance(MiniLMEmbeddings(), Embeddings)


def test_both_backends_count_the_word_pieces_the_model_reads():
    """token_counts orders an ingest's texts into batches of one length; it must count what the model reads."""
    texts = [
        "FP=xINT",
        "What parallel efficiency does cuNNQS-SCI maintain?",
        (SEEDS / "000_5373d79505ae5ddf.txt").read_text(encoding="utf-8")[:4000],
    ]
    fast = MiniLMEmbeddings(backend="onnx").token_counts(texts)
    reference = MiniLMEmbeddings(backend="sentence-transformers").token_counts(texts)
    assert fast == reference
    assert fast[2] == 256 and fast[0] < fast[1] < 256
