"""The kind of work each paper is (journal article, conference paper, thesis, only on arXiv, ...), as the table states
it, and the per-paper arrays a question about the collection reads. A module of its own: its code names the derived
item computed from every paper's sources, so only a change to these rules recomputes it."""

from __future__ import annotations

import numpy as np

# Every kind `kind_of` gives, in the order a breakdown says them (a paper's kind is stored as its index here); the
# first six are the kinds the sources type (records.WORK_TYPES) that a paper keeps as its own kind.
WORK_KINDS = (
    "journal article",
    "conference paper",
    "thesis",
    "book",
    "chapter",
    "report",
    "other venue",
    "arxiv only",
    "unknown",
)
TYPED = frozenset(WORK_KINDS[:6])
# How an answer says the papers of a kind that is no source's type ("that are only preprints …").
KIND_SAID = {"arxiv only": "only preprints (no venue but arXiv in the sources)"}


def work_columns(papers) -> dict[str, np.ndarray]:
    """Each paper's kind of work (an index into WORK_KINDS) and how many source entries merged into it: read once
    per table (it reads every paper's sources), so a question about the collection reads two arrays."""
    return {
        "kind": np.array([WORK_KINDS.index(kind_of(p)) for p in papers], dtype=np.uint8),
        "entries": np.array([len(p.sources) for p in papers], dtype=np.uint32),
    }


def kind_of(paper) -> str:
    """The kind of work a paper is, as the table states it: its typed kind, else "other venue" for a venue other than
    arXiv, else "arxiv only" (an arXiv id, an arXiv venue or a preprint, and nothing else), else "unknown"."""
    if paper.work_type in TYPED:
        return paper.work_type
    venue = (paper.venue or "").casefold()
    if venue and not venue.startswith("arxiv") and venue not in ("corr", "arxiv.org"):
        return "other venue"
    # a profile page's "preprint2026arXiv" item line is kept as the comment "preprint (arXiv)"
    said_preprint = any(c.casefold().startswith("preprint") for c in paper.comments)
    if paper.arxiv_id or venue or paper.work_type == "preprint" or said_preprint:
        return "arxiv only"
    return "unknown"
