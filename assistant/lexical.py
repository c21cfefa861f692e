"""BM25 over the passages (bm25s), saved beside the table so a start does not re-tokenise everything."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

TOKEN_PATTERN = r"(?u)\b\w[\w.=+-]*\w\b|\b\w\b"  # keeps "FP=xINT", "cuNNQS-SCI", "2310.16298" whole
_COMPOUND = re.compile(r"\b\w+(?:[.=+-]\w+)+\b")


def expand(text: str) -> str:
    """Add the parts of compound tokens, so "ResNet" finds "ResNet-50" and "FP=xINT" finds "FP=xINT"."""
    extra = [" ".join(re.split(r"[.=+-]", m.group())) for m in _COMPOUND.finditer(text)]
    return text + (" " + " ".join(extra) if extra else "")


def tokenize(texts: list[str], return_ids: bool = True):
    import bm25s

    return bm25s.tokenize([expand(t) for t in texts], token_pattern=TOKEN_PATTERN, stopwords="en", show_progress=False, return_ids=return_ids)


class Lexical:
    def __init__(self, retriever, n_docs: int):
        self._bm25 = retriever
        self.n_docs = n_docs

    @classmethod
    def build(cls, texts: list[str]) -> "Lexical":
        import bm25s

        tokens = tokenize(texts)
        retriever = bm25s.BM25()
        retriever.index(tokens, show_progress=False)
        return cls(retriever, len(texts))

    def save(self, folder: Path) -> None:
        self._bm25.save(str(folder), show_progress=False)
        (folder / "n_docs.json").write_text(json.dumps({"n_docs": self.n_docs}))

    @classmethod
    def load(cls, folder: Path) -> "Lexical":
        import bm25s

        retriever = bm25s.BM25.load(str(folder), show_progress=False)
        return cls(retriever, json.loads((folder / "n_docs.json").read_text())["n_docs"])

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        """(document index, score) pairs with score > 0, best first."""
        if self.n_docs == 0:
            return []
        tokens = tokenize([query], return_ids=False)
        vocab = self._bm25.vocab_dict
        known = [[t for t in tokens[0] if t in vocab]]
        if not known[0]:
            return []
        docs, scores = self._bm25.retrieve(known, k=min(k, self.n_docs), show_progress=False)
        return [(int(d), float(s)) for d, s in zip(docs[0], scores[0]) if s > 0]

    def scores_for(self, query: str) -> np.ndarray:
        """Scores of every document (for re-ranking a small candidate set)."""
        tokens = tokenize([query], return_ids=False)
        known = [t for t in tokens[0] if t in self._bm25.vocab_dict]
        if not known:
            return np.zeros(self.n_docs)
        return self._bm25.get_scores(known)

    def doc_freq(self, term: str) -> int:
        """Number of passages containing the (already tokenised) term; 0 when unknown."""
        if term not in self._bm25.vocab_dict:
            return 0
        return int(np.count_nonzero(self._bm25.get_scores([term])))


def terms(text: str) -> list[str]:
    """The searchable terms of a text, as the index tokenises them (lowercase, no stopwords)."""
    return list(dict.fromkeys(tokenize([text], return_ids=False)[0]))


def variants(term: str) -> set[str]:
    """A term and its singular/plural forms, a light stand-in for stemming."""
    out = {term}
    if term.endswith("ies") and len(term) > 4:
        out.add(term[:-3] + "y")
    elif term.endswith("es") and len(term) > 4:
        out |= {term[:-2], term[:-1]}
    elif term.endswith("s") and len(term) > 3:
        out.add(term[:-1])
    else:
        out |= {term + "s", term + "es"}
    return out
