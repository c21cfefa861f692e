"""Sentence roles against the hand-labelled sample (tests/data/sentence_roles.json): agreement and the confusion
table, on the half of the sample the weights were set on and on the held-out half (split by paper).

    python -m bench.roles
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from assistant.index.roles import ROLES, RoleLabeller, positions_in

SAMPLE = Path(__file__).resolve().parent.parent / "tests" / "data" / "sentence_roles.json"


def halves(labels: list[dict]) -> tuple[list[dict], list[dict]]:
    """(tuning half, held-out half): whole papers on one side, by a hash of the paper's name."""
    side = [int(hashlib.sha1(x["paper"].encode()).hexdigest(), 16) % 2 for x in labels]
    return [x for x, s in zip(labels, side) if s == 0], [x for x, s in zip(labels, side) if s == 1]


def measure(
    labeller: RoleLabeller, embed, labels: list[dict], positions: dict | None = None
) -> tuple[float, np.ndarray]:
    """Agreement and confusion; `positions` (roles.positions_in over the seeds' papers) gives each sentence its place
    in its abstract, as ingest does."""
    sentences = [x["sentence"] for x in labels]
    got = labeller.label(sentences, np.asarray(embed(sentences), dtype=np.float32), positions)
    confusion = np.zeros((len(ROLES), len(ROLES)), dtype=int)
    for x, g in zip(labels, got):
        confusion[ROLES.index(x["role"]), ROLES.index(g)] += 1
    return float(np.trace(confusion) / max(1, confusion.sum())), confusion


def table(confusion: np.ndarray) -> str:
    """Rows: the hand label; columns: ours."""
    short = [r[:5] for r in ROLES]
    lines = ["gold \\ ours   " + " ".join(f"{s:>6}" for s in short)]
    for i, role in enumerate(ROLES):
        lines.append(f"{role:<13}" + " ".join(f"{n:>6}" for n in confusion[i]))
    return "\n".join(lines)


def main() -> None:
    from assistant.core import Assistant
    from assistant.settings import Settings
    from assistant.vendors.embeddings import MiniLMEmbeddings

    embeddings = MiniLMEmbeddings()
    labeller = RoleLabeller(embeddings.embed_documents)
    positions = positions_in(Assistant.from_settings(Settings()).table().papers)  # the store `assistant ingest` built
    labels = json.loads(SAMPLE.read_text(encoding="utf-8"))["labels"]
    tune, held = halves(labels)
    for name, part in (("tuning half", tune), ("held-out half", held), ("all", labels)):
        agreement, confusion = measure(labeller, embeddings.embed_documents, part, positions)
        print(f"\n{name}: {len(part)} sentences, agreement {agreement:.3f}\n{table(confusion)}")


if __name__ == "__main__":
    main()
