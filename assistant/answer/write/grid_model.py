"""The learned choice of each grid row's cell: a logistic model over what the grid already computes for each of the
paper's candidate sentences of the row, fitted on every writer's comparison items (bench/grid_fit.py).

grid.rows_for fills the problem, approach, result and hardware-or-data rows each with one sentence of the row's
candidates (by stored role; the setting row: a method or result naming a setting). The hand-set choice takes the
candidate the question's ranking scores best (the result row: one stating a figure first; the setting row: the one
naming most settings). The learned choice weighs that score with its parts and what it misses: the sentence's cosine
to the question, its share of the question's terms, the row's role cues, a figure, the settings it names, its place
and length. The label it learns: the sentence holds a fact the writer expected. The weights live, with their
provenance, in grid_model.json beside this file; without it the hand-set choice decides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from assistant.answer.evidence.roles import RoleSentence
from assistant.answer.evidence.weigh import _residual, names_paper, naming_words, vocabulary
from assistant.answer.learned import Logistic, fitted_on
from assistant.index.roles import ROLES, cue_scores
from assistant.models import Paper

WEIGHTS = Path(__file__).with_name("grid_model.json")

FEATURES = (
    "rule",  # the hand-set score (picker.rank of the question)
    "rule_rank",  # 1 for the row's best candidate by that score, 1/2 for the next, ...
    "cosine",  # the sentence to the question without the words naming the paper, by meaning
    "coverage",  # the question's own terms (not naming the paper) the sentence holds
    "cue",  # the row's role cue weight in the sentence
    "figure",  # states a measured figure (grid._figure)
    "settings",  # it names the most hardware, machine, data and benchmark words (grid._SETTING) of the row's candidates
    "digits",  # holds a number at all ("64 GPUs", "A100", "14 benchmarks")
    "position",  # place in the abstract, 0 first .. 1 last
    "length",  # words, / 40, capped at 2
)


@lru_cache(maxsize=4096)
def _cues(text: str) -> np.ndarray:
    """Each role's cue weight in a sentence (the corpus's sentences recur from question to question)."""
    return cue_scores(text)


_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Context:
    """What one paper's candidates share: every statement's features but the row-ranked ones, by text."""

    base: dict[str, list[float]]
    rule: dict[str, float]


def context(
    question: str, qterms, paper: Paper, sentences: list[RoleSentence], rule: dict[str, float], picker, figure, setting
) -> Context:
    """The paper's statements' features; `figure` and `setting` are the grid's own readings (a figure stated, the
    setting words named)."""
    texts = [s.text for s in sentences]
    if not texts:
        return Context({}, rule)
    naming = naming_words(paper.title or paper.display_title)
    own = qterms.without(naming).without({t for t in qterms.weights if names_paper(t, naming)})
    cos = picker.vectors(texts) @ picker.query_vector(_residual(question, paper))
    n = len(texts)
    base = {}
    for i, t in enumerate(texts):
        base[t] = [
            float(cos[i]),
            own.coverage(vocabulary(t)),
            float(figure(t)),
            float(min(len(setting.findall(t)), 3)),
            float(bool(_DIGIT.search(t))),
            i / (n - 1) if n > 1 else 0.0,
            min(len(t.split()) / 40, 2.0),
        ]
    return Context(base, rule)


def row_features(ctx: Context, candidates: list[RoleSentence], roles: tuple[str, ...]) -> np.ndarray:
    """One row of FEATURES per candidate of a grid row (`roles`: the row's roles, for its cues)."""
    order = sorted(range(len(candidates)), key=lambda i: -ctx.rule.get(candidates[i].text, -1.0))
    rank = {i: 1.0 / (1 + r) for r, i in enumerate(order)}
    cue_at = [ROLES.index(r) for r in roles if r in ROLES]
    most = max((ctx.base[s.text][3] for s in candidates), default=0.0)
    out = []
    for i, s in enumerate(candidates):
        cos, cover, fig, sett, dig, pos, length = ctx.base[s.text]
        cues = _cues(s.text)
        out.append(
            [
                ctx.rule.get(s.text, 0.0),
                rank[i],
                cos,
                cover,
                float(max((cues[j] for j in cue_at), default=0.0)),
                fig,
                float(most > 0 and sett == most),
                dig,
                pos,
                length,
            ]
        )
    return np.asarray(out, dtype=float).reshape(len(candidates), len(FEATURES))


@lru_cache(maxsize=1)
def model() -> Logistic | None:
    """The fitted model; none when the weights file is absent or of other features (the hand-set choice decides)."""
    if (data := fitted_on(WEIGHTS, FEATURES)) is None:
        return None
    return Logistic.of(data["model"])
