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

    model = MiniLMEmbeddings()
    adapted = model.as_langchain()
    assert isinstance(adapted, Embeddings)
    assert adapted.embed_query("sea ice drift") == model.embed_query("sea ice drift")


def test_opening_the_model_does_not_import_langchain():
    """langchain_core (with requests and urllib3) was 0.15-0.3 CPU s of every cold `ask`; only as_langchain needs it."""
    import subprocess
    import sys

    code = (
        "import sys; from assistant import vendors; m = vendors.MiniLMEmbeddings(); "
        "assert len(m.embed_query('sea ice')) == 384; "
        "print(sorted(n for n in sys.modules if n.startswith('langchain')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


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
