"""Routing by meaning: the answer type of a question is the label of its nearest labelled example questions.

Each question is compared twice with every example (MiniLM cosine): as written (names, people and years
already masked by the planner) and in its *form*, where every word the examples do not share is replaced
by "X" ("How does X reshape X so that X can X?"). The form view keeps a topic word ("work on sparse tensor
cores", "first author") from pulling a question toward a route; the plain view keeps the words of meaning.
Examples live in data/route_examples.txt: a misrouted wording is fixed by adding an example, not code.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

EXAMPLES = Path(__file__).parent / "data" / "route_examples.txt"
NEIGHBOURS = 5
PLAIN_WEIGHT = 0.5  # the two views weigh the same: on the dev and team questions either alone agreed less often
# A vote is trusted when its label holds at least this share of the neighbours' similarity and the nearest
# example is at least this close; below, the regex reading of the question is the guard.
CONFIDENT = 0.6
TEMPERATURE = 0.1
CLOSE = 0.5
_TOKEN = re.compile(r"[A-Za-z][\w'’+-]*|\d+|\S")
KEEP = {"X", "Jane", "Doe"}  # the planner's placeholders for a paper name and a person


@dataclass
class RouteVote:
    label: str
    confidence: float  # share of the neighbours' (softmax) weight that voted for the label
    neighbours: list[tuple[str, str, float]]  # (label, example, similarity)

    @property
    def sure(self) -> bool:
        return self.confidence >= CONFIDENT and bool(self.neighbours) and self.neighbours[0][2] >= CLOSE


def load_examples(path: Path = EXAMPLES) -> list[tuple[str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            label, _, text = line.partition("|")
            rows.append((label.strip(), text.strip()))
    return rows


def form_words(examples: list[str]) -> frozenset[str]:
    """Words at least two examples share: the vocabulary of a question's form ("which", "papers", "first")."""
    counts = Counter(w for ex in examples for w in {t.casefold() for t in _TOKEN.findall(ex)})
    return frozenset(w for w, c in counts.items() if c >= 2)


def form_of(text: str, vocabulary: frozenset[str]) -> str:
    """The text with each run of words outside the vocabulary replaced by one "X"."""
    out: list[str] = []
    for t in _TOKEN.findall(text):
        if t in KEEP or t.casefold() in vocabulary or not t[0].isalpha():
            out.append(t)
        elif not out or out[-1] != "X":
            out.append("X")
    return " ".join(out)


class Router:
    """Nearest labelled examples decide the answer type (fact, how, summary, compare, list, count, ...)."""

    def __init__(self, embeddings, path: Path = EXAMPLES, vectors=None, cache_dir: Path | None = None):
        self.embeddings = embeddings
        self.cache_dir = cache_dir
        self.query_vectors = vectors  # a retrieval.QueryVectors, shared so a turn's texts are embedded in one batch
        rows = load_examples(path)
        self.labels = [r[0] for r in rows]
        self.examples = [r[1] for r in rows]
        self.vocabulary = form_words(self.examples)
        self._vectors: np.ndarray | None = None

    @property
    def vectors(self) -> np.ndarray:
        """Rows 0..n-1: the examples as written; rows n..2n-1: their forms."""
        if self._vectors is None:
            self._vectors = self._load_or_embed()
        return self._vectors

    def texts(self, masked: str) -> list[str]:
        """The two texts a question is embedded as (the planner primes them with its search query)."""
        return [masked, form_of(masked, self.vocabulary)]

    def _load_or_embed(self) -> np.ndarray:
        """The examples' vectors, kept in the store beside the table (keyed by the examples' text): embedding
        ~600 texts takes ~1 s and, done on a serving process's first question, grew its RSS by the model's
        batch buffers after start-up."""
        texts = self.examples + [form_of(e, self.vocabulary) for e in self.examples]
        digest = hashlib.sha256("\n".join([*self.labels, *texts]).encode()).hexdigest()[:16]
        path = self.cache_dir / f"route_examples-{digest}.npy" if self.cache_dir else None
        if path is not None and path.exists():
            try:
                return np.load(path)
            except (OSError, ValueError):  # a torn or foreign file: embed again
                pass
        vectors = np.asarray(self.embeddings.embed_documents(texts), dtype=np.float32)
        if path is not None and path.parent.is_dir():
            tmp = path.with_suffix(f".tmp{os.getpid()}.npy")
            try:
                np.save(tmp, vectors)
                os.replace(tmp, path)
            except OSError:  # a read-only store still answers
                tmp.unlink(missing_ok=True)
        return vectors

    def _embed(self, text: str) -> np.ndarray:
        if self.query_vectors is not None:
            return self.query_vectors.get(text)
        return np.asarray(self.embeddings.embed_query(text), dtype=np.float32)

    def route(self, masked: str) -> RouteVote:
        plain, form = (self._embed(t) for t in self.texts(masked))
        n = len(self.examples)
        sims = PLAIN_WEIGHT * (self.vectors[:n] @ plain) + (1 - PLAIN_WEIGHT) * (self.vectors[n:] @ form)
        top = np.argsort(-sims)[:NEIGHBOURS]
        # Softmax weights: a near-copy of an example (0.95+) outvotes two merely similar ones (0.90), while
        # neighbours at about the same distance weigh about the same.
        weights = np.exp((sims[top] - sims[top[0]]) / TEMPERATURE)
        votes: dict[str, float] = {}
        for i, w in zip(top, weights):
            votes[self.labels[i]] = votes.get(self.labels[i], 0.0) + float(w)
        label = max(votes, key=votes.get)
        total = sum(votes.values()) or 1.0
        return RouteVote(
            label, votes[label] / total, [(self.labels[i], self.examples[i], round(float(sims[i]), 3)) for i in top]
        )
