"""Paper records with random clustered vectors, for scale tests that need no model."""

from __future__ import annotations

import numpy as np

from assistant.models import Paper


def papers_with_vectors(n: int, seed: int = 3) -> tuple[list[Paper], dict[str, np.ndarray]]:
    rng = np.random.default_rng(seed)
    topics = ["sparse solvers", "model quantization", "quantum simulation", "stencil kernels", "federated learning"]
    centres = rng.normal(size=(len(topics), 384))
    papers, vectors = [], {}
    for i in range(n):
        t = i % len(topics)
        pid = f"p{i:06d}"
        papers.append(
            Paper(
                id=pid,
                title=f"On {topics[t]} {i}",
                display_title=f"On {topics[t]} {i}",
                authors=["A. Author"],
                authors_truncated=False,
                date="2024",
                date_precision="year",
                year=2010 + i % 15,
                arxiv_id=None,
                categories=["LG"],
                has_code=False,
                is_author_work=True,
                attribution="test",
                sources=[],
                abstract=f"We study {topics[t]} at scale. Paper {i} improves {topics[t]}.",
            )
        )
        v = centres[t] + rng.normal(scale=0.8, size=384)
        vectors[pid] = v / np.linalg.norm(v)
    return papers, vectors
