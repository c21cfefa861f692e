"""Whether the corpus says two words as one phrase ("graph neural" in "Graph Neural Networks (GNNs)"): the papers whose
texts hold both words, read for the two side by side, in the question's order."""

from __future__ import annotations

import re

import numpy as np

from assistant.answer.evidence.query_terms import forms
from assistant.answer.evidence.topic_terms import texts_of
from assistant.index.bm25 import terms as bm25_terms

# The papers holding both words read for the phrase: enough to find a phrase the corpus uses, bounded at scale (a
# common pair's papers at 10k are thousands; one paper saying it is enough).
PAPERS_READ = 200


def _tokens(word: str) -> set[str]:
    return {t for f in forms(word) for t in bm25_terms(f)} or {word.casefold()}


def said_together(corpus, first: str, second: str) -> bool:
    """Whether some paper of the table writes `first` then `second` next to each other (a space or a dash between,
    each in any of its forms: "neural networks" for "neural network")."""
    terms = corpus.topics.terms
    if terms is None:
        return False
    both = np.intersect1d(terms.positions_with(_tokens(first)), terms.positions_with(_tokens(second)))
    if not both.size:
        return False
    a = "|".join(sorted(map(re.escape, forms(first) | {first.casefold()}), key=len, reverse=True))
    b = "|".join(sorted(map(re.escape, forms(second) | {second.casefold()}), key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])(?:{a})[\s-]+(?:{b})(?![\w-])", re.I)
    return any(pattern.search(t) for i in both[:PAPERS_READ] for t in texts_of(corpus.papers[int(i)]))


def holds_every_word(paper, words: list[str]) -> bool:
    """Whether the paper's texts (title, research sentences, comments) use every word, each in any of its forms."""
    said = {t for text in texts_of(paper) for t in bm25_terms(text)}
    return all(_tokens(w) & said for w in words)
