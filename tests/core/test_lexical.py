"""The chunked BM25 build scores exactly as bm25s's own `BM25.index` does, whatever the chunk size."""

from __future__ import annotations

import bm25s
import numpy as np
import pytest

from assistant.index.bm25 import TOKEN_PATTERN, Lexical, expand, tokenize
from assistant.index.passages import paper_passages

QUERIES = [
    "sparse stencil tensor cores speedup",
    "quantization of large language models",
    "HONPAS hybrid functional",
    "FP=xINT",
    "2310.16298",
    "the of and",
    "mixed precision GPU kernels",
    "ResNet",
]


def _bm25s_tokens(texts, return_ids=False):
    return bm25s.tokenize(
        [expand(t) for t in texts],
        token_pattern=TOKEN_PATTERN,
        stopwords="en",
        show_progress=False,
        return_ids=return_ids,
    )


def test_our_tokens_are_bm25s_tokens(assistant):
    texts = [pa.text for p in assistant.table().papers for pa in paper_passages(p)]
    texts += QUERIES + ["", "A B c", "Ünïcode wörds (GEMM) e.g. x=1 and FP=xINT-8.", "THE The the"]
    assert tokenize(texts) == [_bm25s_tokens([t])[0] for t in texts]


@pytest.mark.parametrize("chunk", [1, 7, 2000])
def test_chunked_build_scores_as_bm25s_does(assistant, chunk):
    texts = [pa.text for p in assistant.table().papers for pa in paper_passages(p)]
    reference = bm25s.BM25()
    reference.index(_bm25s_tokens(texts, return_ids=True), show_progress=False)
    ours = Lexical.build(iter(texts), chunk=chunk)
    theirs = Lexical(reference, len(texts))
    for q in QUERIES:
        assert np.array_equal(ours.scores_for(q), theirs.scores_for(q)), q
        assert ours.search(q, 10) == theirs.search(q, 10), q
    assert ours.doc_freq("quantization") == theirs.doc_freq("quantization") > 0


def test_chunked_build_round_trips_through_save_and_load(assistant, tmp_path):
    texts = [pa.text for p in assistant.table().papers for pa in paper_passages(p)]
    built = Lexical.build(texts, chunk=50)
    built.save(tmp_path)
    loaded = Lexical.load(tmp_path)
    assert loaded.n_docs == len(texts)
    for q in QUERIES:
        assert loaded.search(q, 10) == built.search(q, 10)


def test_empty_corpus():
    lex = Lexical.build([])
    assert lex.n_docs == 0 and lex.search("anything", 5) == []


def test_loading_the_index_does_not_import_scipy(seeded_store):
    """bm25s is imported without scipy (a matrix backend the index never uses; its import was ~0.3 s of a cold ask)."""
    import subprocess
    import sys

    folder = next((seeded_store / "bm25").iterdir())
    code = (
        "import sys; from pathlib import Path; from assistant.index.bm25 import Lexical; "
        f"lex = Lexical.load(Path({str(folder)!r})); assert lex.search('sparse stencil', 3); "
        "print('scipy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
