"""BM25 over the passages (bm25s, imported here only), saved beside the table so a start does not re-tokenise
everything; the index's own tokenising (`terms`, `variants`) for answers that read its vocabulary."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import numpy as np

TOKEN_PATTERN = r"(?u)\b\w[\w.=+-]*\w\b|\b\w\b"  # keeps "FP=xINT", "cuNNQS-SCI", "2310.16298" whole
_COMPOUND = re.compile(r"\b\w+(?:[.=+-]\w+)+\b")


def expand(text: str) -> str:
    """Add the parts of compound tokens, so "ResNet" finds "ResNet-50" and "FP=xINT" finds "FP=xINT"."""
    extra = [" ".join(re.split(r"[.=+-]", m.group())) for m in _COMPOUND.finditer(text)]
    return text + (" " + " ".join(extra) if extra else "")


_SPLIT = re.compile(TOKEN_PATTERN).findall


def _bm25s():
    """bm25s, imported without scipy. bm25s imports scipy.sparse when it can, for a matrix backend this index never
    uses (it builds its own CSC arrays, and bm25s's default backend is numpy), and scipy's import pulls in every numpy
    submodule (f2py, testing, polynomial...): ~0.3 CPU s of a cold `ask`. Anything imported later may still import
    scipy itself."""
    if "bm25s" not in sys.modules and "scipy.sparse" not in sys.modules:
        sys.modules["scipy.sparse"] = None  # type: ignore[assignment]  # `import scipy.sparse` fails at once
        try:
            import bm25s  # noqa: F401
        finally:
            del sys.modules["scipy.sparse"]
    import bm25s

    return bm25s


@cache
def _stopwords() -> frozenset[str]:
    return frozenset(_bm25s().stopwords.STOPWORDS_EN)


def tokenize(texts: list[str]) -> list[list[str]]:
    """Each text's tokens, exactly as `bm25s.tokenize(..., stopwords="en", return_ids=False)` gives them (a test
    holds the two equal), without its cost per call: it builds a tqdm bar, and a stopword set per text, even
    with show_progress=False (98,161 bars, 15% of a topic answer's time at 5k papers)."""
    stop = _stopwords()
    return [[t for t in _SPLIT(expand(text).lower()) if t not in stop] for text in texts]


class Lexical:
    def __init__(self, retriever, n_docs: int):
        self._bm25 = retriever
        self.n_docs = n_docs

    @classmethod
    def build(cls, texts: Iterable[str], chunk: int = 2_000) -> Lexical:
        """A bm25s index (Lucene BM25, k1 1.5, b 0.75: bm25s's defaults, same scores) built a chunk of texts at a time.

        bm25s.BM25.index keeps every document's token ids as Python lists and builds the matrix through
        three more full-size arrays: 1.8 GB at 100k papers. Here each chunk is tokenised and reduced to
        (document, term, count) arrays; the scores are filled into the final CSC arrays column by column."""
        bm25s = _bm25s()

        vocab: dict[str, int] = {}
        parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # per chunk: document, term, count
        lengths: list[int] = []
        batch: list[str] = []

        def take(batch: list[str]) -> None:
            docs, terms, counts = [], [], []
            for tokens in tokenize(batch):
                ids = np.fromiter((vocab.setdefault(t, len(vocab)) for t in tokens), dtype=np.int32, count=len(tokens))
                unique, count = np.unique(ids, return_counts=True)
                docs.append(np.full(len(unique), len(lengths), dtype=np.int32))
                terms.append(unique)
                counts.append(count.astype(np.int32))
                lengths.append(len(tokens))
            if docs:
                parts.append((np.concatenate(docs), np.concatenate(terms), np.concatenate(counts)))

        for text in texts:
            batch.append(text)
            if len(batch) == chunk:
                take(batch)
                batch = []
        take(batch)

        retriever = bm25s.BM25()
        k1, b = retriever.k1, retriever.b
        n_docs, n_vocab = len(lengths), len(vocab)
        doc_len = np.asarray(lengths, dtype=np.float64)
        avg_len = doc_len.mean() if n_docs else 1.0
        df = np.zeros(n_vocab, dtype=np.int64)
        for _, terms, _ in parts:
            df += np.bincount(terms, minlength=n_vocab)
        idf = np.log(1 + (n_docs - df + 0.5) / (df + 0.5)).astype(np.float32)  # Lucene's idf, stored as float32
        indptr = np.concatenate([[0], np.cumsum(df)]).astype(np.int32)
        data = np.empty(int(indptr[-1]), dtype=np.float32)
        indices = np.empty(int(indptr[-1]), dtype=np.int32)
        cursor = indptr[:-1].astype(np.int64)
        while parts:  # documents ascend within each column, as scipy's canonical CSC has them
            docs, terms, counts = parts.pop(0)
            order = np.argsort(terms, kind="stable")
            docs, terms, counts = docs[order], terms[order], counts[order]
            first = np.searchsorted(terms, terms, side="left")
            pos = cursor[terms] + (np.arange(len(terms)) - first)
            tf = counts.astype(np.float32)
            tfc = tf / (k1 * ((1 - b) + b * doc_len[docs] / avg_len) + tf)
            data[pos] = idf[terms] * tfc
            indices[pos] = docs
            cursor += np.bincount(terms, minlength=n_vocab)
        retriever.scores = {"data": data, "indices": indices, "indptr": indptr, "num_docs": n_docs}
        retriever.nonoccurrence_array = None
        if "" not in vocab:
            vocab[""] = n_vocab  # as bm25s adds it: an id past the matrix, never scored
        retriever.vocab_dict = vocab
        retriever.unique_token_ids_set = set(vocab.values())
        return cls(retriever, n_docs)

    def save(self, folder: Path) -> None:
        self._bm25.save(str(folder), show_progress=False)
        (folder / "n_docs.json").write_text(json.dumps({"n_docs": self.n_docs}))

    @classmethod
    def load(cls, folder: Path) -> Lexical:
        bm25s = _bm25s()

        # Memory-mapped: a query reads only its terms' postings (at 100k papers the matrix is 250 MB, read whole at
        # every start before).
        retriever = bm25s.BM25.load(str(folder), show_progress=False, mmap=True)
        return cls(retriever, json.loads((folder / "n_docs.json").read_text())["n_docs"])

    def search(self, query: str, k: int) -> list[tuple[int, float]]:
        """(document index, score) pairs with score > 0, best first."""
        if self.n_docs == 0:
            return []
        tokens = tokenize([query])
        vocab = self._bm25.vocab_dict
        known = [[t for t in tokens[0] if t in vocab]]
        if not known[0]:
            return []
        docs, scores = self._bm25.retrieve(known, k=min(k, self.n_docs), show_progress=False)
        return [(int(d), float(s)) for d, s in zip(docs[0], scores[0]) if s > 0]

    def scores_for(self, query: str) -> np.ndarray:
        """Scores of every document (for re-ranking a small candidate set)."""
        tokens = tokenize([query])
        known = [t for t in tokens[0] if t in self._bm25.vocab_dict]
        if not known:
            return np.zeros(self.n_docs)
        return self._bm25.get_scores(known)

    def knows(self, term: str) -> bool:
        """The (already tokenised) term occurs in some passage: a word of the corpus's own vocabulary."""
        return term in self._bm25.vocab_dict

    def doc_freq(self, term: str) -> int:
        """Number of passages containing the (already tokenised) term; 0 when unknown."""
        if term not in self._bm25.vocab_dict:
            return 0
        return int(np.count_nonzero(self._bm25.get_scores([term])))


def terms(text: str) -> list[str]:
    """The searchable terms of a text, as the index tokenises them (lowercase, no stopwords)."""
    return list(dict.fromkeys(tokenize([text])[0]))


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


def load_or_build(folder: Path, texts: Iterable[str], n_passages: int) -> Lexical:
    """The index saved in `folder`, or one built from `texts` (consumed only then) and saved there.

    Several readers and writers may meet here (a server thread and an ingest, or two processes): each saves
    into its own temporary folder and renames it into place; a folder removed under a reader is rebuilt.
    Only an ingest removes other tables' folders, once its table is the current one (`sweep`)."""
    if (folder / "n_docs.json").exists():
        try:
            return Lexical.load(folder)
        except (OSError, ValueError):  # removed or replaced while being read: build it instead
            pass
    # The texts come as a generator fed to the chunked build: at 100k papers a list of them would be 480 MB.
    return build_and_save(folder, texts, n_passages)


def build_and_save(folder: Path, texts: Iterable[str], n_passages: int) -> Lexical:
    lex = Lexical.build(texts)
    assert lex.n_docs == n_passages, "passages re-derived from the papers differ from the table's"
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=folder.name + ".tmp", dir=folder.parent))
    try:
        lex.save(tmp)
        os.replace(tmp, folder)
    except OSError:  # another writer saved it first, or our folder was swept: the index in memory still serves
        shutil.rmtree(tmp, ignore_errors=True)
    return lex


def sweep(root: Path, keep: str) -> None:
    """Remove other tables' BM25 folders under `root`, and temporary folders abandoned for over an hour."""
    for other in root.iterdir():
        if other.name == keep or other.name.startswith(keep + ".tmp"):
            continue
        if ".tmp" in other.name:
            try:
                if time.time() - other.stat().st_mtime < 3600:
                    continue  # someone may be writing it now
            except OSError:
                continue
        shutil.rmtree(other, ignore_errors=True)
