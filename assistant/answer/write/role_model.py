"""The learned choice of the sentence that answers a why or how question: a logistic model per kind over what the
sentence picker already computes for each of the paper's sentences.

by_role._single quotes the paper's sentence that best answers a "why" (its motivation) or a "how" (its method). The
hand-set score (weigh.SentencePicker.rank: meaning + shared terms + a bonus for the asked role) is one input; the
others are its parts and what it misses: the sentence's cosine to the question, its share of the question's terms,
whether its neighbours restate the question (the motivation is often the sentence before the one that restates the
question's own words), its stored role and the cues of the asked role, its place in the abstract, a figure, an
announcement ("We propose X"). The weights are fitted by bench/role_fit.py on every writer's why and how items and
stored, with their provenance, in role_model.json beside this file.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from assistant.answer.evidence.roles import RoleSentence
from assistant.answer.evidence.weigh import (
    HAS_QUANTITY,
    PROPOSAL,
    REASON,
    SAYS_HOW,
    _residual,
    names_paper,
    naming_words,
    vocabulary,
)
from assistant.answer.learned import Logistic, fitted_on
from assistant.index.roles import ROLES, cue_scores
from assistant.models import Paper

WEIGHTS = Path(__file__).with_name("role_model.json")
KINDS = ("why", "how")

FEATURES = (
    "rule",  # the hand-set score (picker.rank with the asked role's bonus)
    "rule_rank",  # 1 for the rule's best sentence, 1/2 for the next, ...
    "cosine",  # the sentence to the question without the words naming the paper, by meaning
    "coverage",  # the question's own terms (not naming the paper) the sentence holds
    "prev_coverage",  # ... that the sentence before it holds (it restates the question: this one may say why)
    "next_coverage",  # ... that the sentence after it holds
    "role",  # the stored role is the asked one
    "cue",  # the asked role's cue weight in the sentence
    "position",  # place in the abstract, 0 first .. 1 last
    "figure",  # states a figure
    "announces",  # "we propose X" without saying how
    "explains",  # a reason word (why) or a how word ("by", "via", "which") (how)
)


def features(
    question: str, qterms, paper: Paper, sentences: list[RoleSentence], rule: dict[str, float], roles, picker
) -> np.ndarray:
    """One row of FEATURES per sentence (`rule`: the picker's scores by text; `roles`: the asked roles)."""
    texts = [s.text for s in sentences]
    naming = naming_words(paper.title or paper.display_title)
    own = qterms.without(naming).without({t for t in qterms.weights if names_paper(t, naming)})
    qvec = picker.query_vector(_residual(question, paper))  # embedded by picker.rank already
    cos = picker.vectors(texts) @ qvec
    cover = [own.coverage(vocabulary(t)) for t in texts]
    order = sorted(range(len(texts)), key=lambda i: -rule.get(texts[i], -1.0))
    rank = {i: 1.0 / (1 + r) for r, i in enumerate(order)}
    cue_at = [ROLES.index(r) for r in roles if r in ROLES]
    why = "motivation" in roles
    n = len(texts)
    rows = []
    for i, s in enumerate(sentences):
        cues = cue_scores(s.text)
        rows.append(
            [
                rule.get(s.text, 0.0),
                rank[i],
                float(cos[i]),
                cover[i],
                cover[i - 1] if i > 0 else 0.0,
                cover[i + 1] if i + 1 < n else 0.0,
                float(s.role in roles),
                float(max((cues[j] for j in cue_at), default=0.0)),
                i / (n - 1) if n > 1 else 0.0,
                float(bool(HAS_QUANTITY.search(s.text))),
                float(bool(PROPOSAL.search(s.text)) and not SAYS_HOW.search(s.text)),
                float(bool((REASON if why else SAYS_HOW).search(s.text))),
            ]
        )
    return np.asarray(rows, dtype=float).reshape(n, len(FEATURES))


# Further sentences are quoted when their probability is within this of the best one's: leave-one-writer-out, 0.15
# quotes as many sentences a question as the hand-set choice (1.57 against 1.58), 0.2 more (1.65).
NEAR_P = 0.15


def chosen(p: np.ndarray, ruled: int, most: int) -> list[int]:
    """The sentences quoted, by index, best first: the most probable, those nearly as probable, and the one the
    hand-set score finds answering best whatever its role (`ruled`) when it is not among them."""
    order = [int(i) for i in np.argsort(-p, kind="stable")]
    out = [order[0]] + [i for i in order[1:] if p[i] >= p[order[0]] - NEAR_P][: most - 1]
    return out if ruled in out else out[: most - 1] + [ruled]


@lru_cache(maxsize=1)
def models() -> dict[str, Logistic]:
    """The fitted model of each kind; none when the weights file is absent (the hand-set score decides)."""
    if (data := fitted_on(WEIGHTS, FEATURES)) is None:
        return {}
    return {k: Logistic.of(m) for k, m in data["models"].items()}
