"""Research themes computed from the corpus: cluster the author's papers by meaning, label each with a phrase of its
papers.

No hand-written theme list: another author's corpus gets its own themes. Deterministic (average-linkage
clustering, no random initialisation), so two ingests of one corpus give the same themes.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable

import numpy as np

from assistant.index.table import Theme
from assistant.ingest.theme_labels import COVERAGE_GOAL, coverage, label_themes
from assistant.models import Paper
from assistant.text import STOP

MIN_THEMES, MAX_THEMES = 3, 6
MAX_CLUSTERED = 1000  # papers clustered exactly (~1.5 s); a larger author's papers are clustered by sample
GENERIC = set(
    """model models method methods approach approaches framework frameworks paper papers propose proposed present
    results result
    performance based using use used new novel existing show shows work works large efficient efficiency high problem
    problems time
    algorithm algorithms data systems system different significant significantly achieve achieves state art first
    also well via
    however experiments experimental evaluation demonstrate demonstrates compared key main applications application code
    study analysis deep learning neural network networks paradigm shift opportunities patterns determines smaller
    achieving
    higher lower platform according analyzes accurately each layer layers error errors loss performance-oriented
    scale scales
    scalable scalability challenge challenges remains address addresses enable enables designed design key critical
    respectively including across within without while many several various multiple previous prior current""".split()
)


def _content(word: str) -> bool:
    return word not in STOP and word not in GENERIC and len(word) > 2 and not word[0].isdigit()


def _terms(text: str) -> set[str]:
    """Content words and bigrams of adjacent content words ("density-functional calculations")."""
    words = re.findall(r"[a-z][a-z0-9-]+", re.sub(r"\\[a-z]+\{|[{}$]", " ", text.casefold()))
    out = {w for w in words if _content(w)}
    # A bigram may hold one generic word ("machine learning") but no stopword.
    out |= {
        f"{a} {b}"
        for a, b in zip(words, words[1:])
        if (_content(a) or _content(b)) and a not in STOP and b not in STOP and len(a) > 2 and len(b) > 2
    }
    return out


def _merges(vectors: np.ndarray) -> list[tuple[int, int]]:
    """Average-linkage merge order on cosine similarity: (a, b) means cluster a absorbs cluster b.

    Each step merges the pair with the highest mean cross similarity, the first in (a, b) order on a tie,
    keeping the sums of similarities between clusters, so a step costs one argmax, not a mean over every
    pair's members (that was O(n^4): a 1,000-paper author never finished ingesting).
    """
    n = len(vectors)
    total = vectors @ vectors.T  # sum of similarities between the members of two clusters
    size = np.ones(n)
    mean = np.where(np.triu(np.ones((n, n), dtype=bool), 1), total, -np.inf)  # pairs a < b only
    active = np.ones(n, dtype=bool)
    merges = []
    for _ in range(n - 1):
        a, b = divmod(int(np.argmax(mean)), n)
        merges.append((a, b))
        total[a, :] += total[b, :]
        total[:, a] += total[:, b]
        size[a] += size[b]
        active[b] = False
        mean[b, :] = mean[:, b] = -np.inf
        cols = np.flatnonzero(active)
        cols = cols[cols != a]
        row = total[a, cols] / (size[a] * size[cols])
        above = cols > a
        mean[a, cols[above]] = row[above]
        mean[cols[~above], a] = row[~above]
    return merges


def _cluster(vectors: np.ndarray, k: int, merges: list[tuple[int, int]] | None = None) -> np.ndarray:
    """Average-linkage agglomerative clustering on cosine distance into k clusters (labels 0..k-1)."""
    n = len(vectors)
    merges = _merges(vectors) if merges is None else merges
    clusters = {i: [i] for i in range(n)}
    for a, b in merges[: max(n - k, 0)]:
        clusters[a] += clusters.pop(b)
    labels = np.zeros(n, dtype=int)
    for label, members in enumerate(sorted(clusters.values(), key=lambda m: (-len(m), min(m)))):
        labels[members] = label
    return labels


def _silhouette(vectors: np.ndarray, labels: np.ndarray) -> float:
    dist = 1.0 - vectors @ vectors.T
    scores = []
    for i in range(len(vectors)):
        same = labels == labels[i]
        if same.sum() <= 1:
            scores.append(0.0)
            continue
        a = dist[i, same].sum() / (same.sum() - 1)
        b = min(dist[i, labels == other].mean() for other in set(labels) if other != labels[i])
        scores.append((b - a) / max(a, b, 1e-9))
    return float(np.mean(scores))


def _label(members: list[Paper], everyone: list[Paper]) -> list[str]:
    """Terms frequent in the cluster and rare outside it (class-based TF-IDF), bigrams first when as strong."""

    def weight(p: Paper) -> Counter:
        # A term in the title says more about the paper than one in its abstract.
        return Counter({t: 1.0 for t in _terms(p.abstract)}) | Counter({t: 2.0 for t in _terms(p.title or "")})

    inside: Counter = Counter()
    df_inside: Counter = Counter()
    for p in members:
        w = weight(p)
        inside.update(w)
        df_inside.update(w.keys())
    outside = Counter(t for p in everyone for t in weight(p))
    n = len(everyone)
    need = min(2, len(members))
    scored = []
    for term, tf in inside.items():
        if df_inside[term] < need:
            continue
        score = (tf / len(members)) * math.log(1 + n / outside[term]) * (1.3 if " " in term else 1.0)
        scored.append((score, term))
    chosen: list[str] = []
    for _, term in sorted(scored, key=lambda x: (-x[0], x[1])):
        if any(set(term.split()) & set(c.split()) for c in chosen):
            continue
        chosen.append(term)
        if len(chosen) == 3:
            break
    return chosen


MAX_SPLIT_THEMES = 9  # themes after splitting those no label describes (the overview lists each on one line)


def _described(
    parts: list[list[int]], papers: list[Paper], matrix: np.ndarray, vectors: dict, embed
) -> tuple[list[list[int]], list[str | None]]:
    """The clusters, each split in two (by the same clustering, within it) while no label describes most of its
    papers, and their labels. A theme named "Benchmark suite" whose papers are mostly LLM training systems says
    what it does not hold; two themes that each say what they hold are better."""
    while True:
        names = label_themes([[papers[i] for i in idx] for idx in parts], vectors, embed)
        shares = [
            coverage(name, [papers[i] for i in idx]) if name else 0.0 for name, idx in zip(names, parts, strict=True)
        ]
        weak = [n for n, idx in enumerate(parts) if len(idx) > 1 and shares[n] < COVERAGE_GOAL]
        if not weak or len(parts) >= MAX_SPLIT_THEMES:
            return parts, names
        n = min(weak, key=lambda n: (shares[n], -len(parts[n]), n))
        idx = parts.pop(n)
        halves = _cluster(matrix[idx], 2)
        parts[n:n] = [[i for i, h in zip(idx, halves, strict=True) if h == half] for half in (0, 1)]


def compute_themes(
    papers: list[Paper], vectors: dict[str, np.ndarray], embed: Callable[[list[str]], np.ndarray] | None = None
) -> list[Theme]:
    """Themes over the given (principal author's) papers, each paper in exactly one theme.

    `embed` (texts → vectors, the model the paper vectors came from) lets the labels be chosen by meaning;
    without it they are chosen by the lexical score alone.
    """
    papers = sorted((p for p in papers if p.id in vectors), key=lambda p: p.id)
    if not papers:
        return []
    matrix = np.stack([vectors[p.id] for p in papers]).astype(np.float64)
    matrix /= np.clip(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12, None)
    if len(papers) <= MIN_THEMES:
        labels = np.arange(len(papers))
    else:
        options = range(MIN_THEMES, min(MAX_THEMES, len(papers) // 3) + 1) or [MIN_THEMES]
        # Silhouette picks k; a theme of one paper is a weak theme, so each costs a little.
        # Average linkage needs n x n matrices: past MAX_CLUSTERED papers, cluster an even sample (by id)
        # and give every paper the theme whose centre is nearest.
        sample = np.linspace(0, len(papers) - 1, min(len(papers), MAX_CLUSTERED)).round().astype(int)
        sub = matrix[sample]
        merges = _merges(sub)
        labels = max(
            (_cluster(sub, k, merges) for k in options),
            key=lambda lab: _silhouette(sub, lab) - 0.03 * sum(np.bincount(lab) == 1),
        )
        if len(sample) < len(papers):
            centres = np.stack([sub[labels == label].mean(axis=0) for label in range(labels.max() + 1)])
            labels = np.argmax(matrix @ centres.T, axis=1)
    parts = [[i for i in range(len(papers)) if labels[i] == label] for label in sorted(set(labels))]
    parts, names = _described(parts, papers, matrix, vectors, embed)
    groups = [(n, idx, [papers[i] for i in idx]) for n, idx in enumerate(parts)]
    themes = []
    for (label, idx, members), name in zip(groups, names):
        centre = matrix[idx].mean(axis=0)
        closeness = matrix[idx] @ centre
        representative = [members[i].id for i in np.argsort(-closeness, kind="stable")[:3]]
        terms = _label(members, papers)
        years = [p.year for p in members if p.year]
        themes.append(
            Theme(
                id=label,
                label=name or (members[0].title or members[0].display_title),
                terms=terms,
                paper_ids=[p.id for p in sorted(members, key=lambda p: (-(p.year or 0), p.id))],
                representative=representative,
                year_from=min(years) if years else None,
                year_to=max(years) if years else None,
            )
        )
    return themes
