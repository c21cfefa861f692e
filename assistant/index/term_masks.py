"""Which papers of the inverted index (paper_terms.PaperTerms) use a word, as a mask over its papers' positions: unions
and intersections over many papers without a Python int per posting (or a sort of them all, as `np.unique` does)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from assistant.index.paper_terms import PaperTerms


def mask_with(terms: PaperTerms, words: Iterable[str]) -> np.ndarray:
    """True at the position of each paper whose texts use any of these (tokenised) words (`papers_with`)."""
    mask = np.zeros(terms.size, dtype=bool)
    for w in words:
        mask[terms.positions_with((w,))] = True  # one word: its postings as stored, read once
    return mask
