"""A paper's sentences with their rhetorical roles (stored at ingest, index/roles.py), for the writers that quote by
role: "why" the motivation, "how" the method, a summary the problem, the method and the result, a grid its rows."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from assistant.answer.evidence.weigh import INDEX_TERMS
from assistant.index.roles import ROLES, cue_scores
from assistant.models import Paper
from assistant.text import research_sentences


@dataclass(frozen=True)
class RoleSentence:
    text: str
    role: str | None  # None: no stored role and no cue
    position: int  # order in the paper's abstracts


def cue_role(sentence: str) -> str | None:
    scores = cue_scores(sentence)
    return ROLES[int(np.argmax(scores))] if scores.any() else None


def with_roles(paper: Paper, stored=None) -> list[RoleSentence]:
    """The paper's research sentences in abstract order (main abstract first), each with its role: the one stored
    with its vector, else (a store written before roles) the one its cues give."""
    seen: list[str] = []
    for abstract in paper.abstracts:
        for s in research_sentences(abstract):
            if s not in seen and len(s.split()) >= 4 and not INDEX_TERMS.match(s):
                seen.append(s)
    codes = stored.roles(seen) if stored is not None and seen else [-1] * len(seen)
    return [
        RoleSentence(s, ROLES[c] if 0 <= c < len(ROLES) else cue_role(s), i)
        for i, (s, c) in enumerate(zip(seen, codes))
    ]


def of_role(sentences: list[RoleSentence], *roles: str) -> list[RoleSentence]:
    return [s for s in sentences if s.role in roles]
