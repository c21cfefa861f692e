"""Which papers a described topic's summary keeps, adds or drops: a fitted choice over the words' reading and the
description's meaning as a whole.

A topic summary's words' reading ("his work on making LLM training cheaper") keeps papers off the description, misses
papers on it, or finds one; the description as a whole against each paper's sentences ranks the papers well
(evidence/described.py) but no fixed cut on its cosine tells members apart. A logistic model over what both readings
say of each candidate (its closeness to the description and rank among the scope's papers, the gap to the best and to
the next, the share of the description's distinguishing words its text holds, whether the words' reading found it,
how close it reads as a whole paper to the papers the words found) decides each candidate. Weights and provenance
in data/described_members.json, fitted by `python -m bench.described_fit --collect --fit` over the summary items of
tests/data, each first-contact writer held out in turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from assistant.answer.evidence import described, distinct
from assistant.answer.evidence.topic_terms import identities
from assistant.answer.learned import Logistic, fitted_on
from assistant.models import Paper

WEIGHTS = Path(__file__).parent / "data" / "described_members.json"
FEATURES = (
    "score",
    "gap_best",
    "gap_next",
    "z",
    "rank",
    "found",
    "found_many",
    "held",
    "held_all",
    "score_to_found_median",
    "score_to_found_least",
    "score_to_found_best",
    "held_to_found_median",
    "held_all_to_found_median",
    "near_found",
)
# The candidates beside the words' reading: the papers the description's meaning ranks first (on the summary items,
# 265 of the 318 expected papers the words' reading missed, 83%, are among the first 8 by meaning).
TOP = 8


def _words(description: str) -> list[str]:
    return list(dict.fromkeys(w.strip(".,;:()“”\"'?!").casefold() for w in description.replace(" or ", " ").split()))


def features(
    topics, description: str, pool: list[Paper], found: list[Paper], scored: dict[str, float] | None = None
) -> tuple[list[Paper], np.ndarray]:
    """The candidates (the words' reading and the TOP papers by meaning) and one row of FEATURES each; none when the
    description has no sentence to weigh against. `scored` is the pool's described.scores when already computed."""
    scored = described.scores(topics, description, pool) if scored is None else scored
    if not scored:
        return [], np.zeros((0, len(FEATURES)))
    order = sorted(scored, key=lambda k: -scored[k])
    rank = {k: i for i, k in enumerate(order)}
    values = np.array([scored[k] for k in order])
    mean, std = float(values.mean()), float(values.std()) or 1.0
    by_id = {p.id: p for p in pool}
    found_ids = {p.id for p in found}
    ids = list(dict.fromkeys([p.id for p in found if p.id in scored] + order[:TOP]))
    used = topics.users(pool)[0]
    words = [w for w in _words(description) if w]
    telling = [w for w in words if distinct.role(w, used) == distinct.DISTINGUISHING]
    content = [w for w in words if len(w) > 3]
    rows = []
    for i in ids:
        vocab = topics.vocabulary_of(by_id[i])
        r = rank[i]
        below = values[r + 1] if r + 1 < len(values) else values[r] - 0.1
        rows.append(
            [
                scored[i],
                values[0] - scored[i],
                scored[i] - below,
                (scored[i] - mean) / std,
                np.log1p(r),
                float(i in found_ids),
                np.log1p(len(found)),
                sum(distinct.held(w, vocab) for w in telling) / len(telling) if telling else 0.0,
                sum(distinct.held(w, vocab) for w in content) / len(content) if content else 0.0,
            ]
        )
    x = np.asarray(rows, dtype=float)
    # each candidate against the papers the words' reading found (against the best by meaning when it found none):
    # a paper the words missed that is as close as those found is likely a member, one far below them is not
    of_found = x[x[:, 5] == 1] if (x[:, 5] == 1).any() else x[:1]
    relative = np.stack(
        [
            x[:, 0] - np.median(of_found[:, 0]),
            x[:, 0] - of_found[:, 0].min(),
            x[:, 0] - of_found[:, 0].max(),
            x[:, 7] - np.median(of_found[:, 7]),
            x[:, 8] - np.median(of_found[:, 8]),
        ],
        axis=1,
    )
    near = near_found(_directions(topics, pool), ids, [i for i in found_ids if i in scored], order)
    return [by_id[i] for i in ids], np.hstack([x, relative, near[:, None]])


def _directions(topics, pool: list[Paper]) -> dict[str, np.ndarray]:
    """Each paper's direction as a whole: the normalised mean of its sentence vectors (the pool's sentences are the
    ones its scores were just computed from, so they are read once)."""
    _, vectors, runs = topics._sentences(pool)
    out = {}
    for p, a, b in runs:
        if b > a:
            mean = vectors[a:b].mean(0)
            out[p.id] = mean / (np.linalg.norm(mean) or 1.0)
    return out


def near_found(directions: dict[str, np.ndarray], ids: list[str], found: list[str], order: list[str]) -> np.ndarray:
    """Each candidate's closeness as a whole paper to the papers the words' reading found (to the best by meaning
    when it found none): the cosine of its direction to their mean direction, itself left out, less the found
    papers' own median closeness to each other (nothing less when fewer than two were found). A paper the words
    missed that reads like those they found is likely on the description even when no sentence of it is close to
    the description's words: held out by writer, 0.801 -> 0.825 on 276 summary items (bench/described_fit.py)."""
    found = found or order[:1]

    def closeness(i: str, others: list[str]) -> float:
        if not others:  # a scope of one paper: nothing to be close to (np.mean of none is a NaN scalar, matmul raised)
            return 0.0
        mean = np.mean([directions[o] for o in others], axis=0)
        return float(directions[i] @ mean / (np.linalg.norm(mean) or 1.0))

    mutual = [closeness(f, [o for o in found if o != f]) for f in found] if len(found) > 1 else []
    usual = float(np.median(mutual)) if mutual else 0.0
    # a found paper alone among the found is weighed against the next paper by meaning
    out = [closeness(i, [o for o in found if o != i] or [o for o in order[:2] if o != i][:1]) for i in ids]
    return np.asarray(out) - usual


@dataclass(frozen=True)
class Fitted:
    """The two fitted models (one weighs keeping a paper the words' reading found, one adding a paper it left out:
    85% of the found papers are members, 15% of the others) and the size of a reading above which every found paper
    is kept (dropping from a long reading moved more held-out items down than up)."""

    keep: Logistic
    add: Logistic
    whole_above: int


@lru_cache(maxsize=1)
def fitted() -> Fitted | None:
    """The fitted choice; None when the weights file is absent or was fitted on other features."""
    if (data := fitted_on(WEIGHTS, FEATURES)) is None:
        return None
    return Fitted(Logistic.of(data["keep"]), Logistic.of(data["add"]), int(data["keep_whole_above"]))


@dataclass(frozen=True)
class Reading:
    """What the description's meaning makes of its words' reading, computed once and handed down: the fitted choice
    (None when there is no model, no candidate, it would keep none, or it was not asked), the earlier rule's reading
    (described.read) and each paper's score."""

    fitted: described.Described | None
    rule: described.Described
    scores: dict[str, float]

    @property
    def meant(self) -> described.Described:
        """The reading that answers: the fitted choice when it made one, else the earlier rule's."""
        return self.fitted or self.rule

    @property
    def said(self):
        """The writer of the sentence saying what was assumed, of the reading that answers."""
        return said if self.fitted else described.said


def read(topics, description: str, pool: list[Paper], found: list[Paper], fit: bool = True) -> Reading:
    """The description's meaning over its words' reading, each paper scored once: the earlier rule's reading and, when
    `fit`, the fitted choice (`chosen`)."""
    use = fit and fitted() is not None and bool(pool)
    scored = described.scores(topics, description, pool) if use else None
    rule = described.read(topics, description, pool, found, scored)
    scored = rule.scores if scored is None else scored
    return Reading(chosen(topics, description, pool, found, rule, scored) if use else None, rule, scored)


def chosen(
    topics, description: str, pool: list[Paper], found: list[Paper], rule: described.Described, scored: dict[str, float]
) -> described.Described | None:
    """The papers of the words' reading the fitted choice keeps, and those it or the earlier meaning rule
    (`rule`, described.read) adds, best by meaning first; None when there is no model, no candidate, no found paper it
    can weigh while the words found some, or it would keep none (the earlier reading stands). A paper is added only
    when its text says every identity the description names (topic_terms.identities)."""
    f = fitted()
    if f is None or not pool:
        return None
    papers, rows = features(topics, description, pool, found, scored)
    found_ids = {p.id for p in found}
    if not papers or (found_ids and not any(p.id in found_ids for p in papers)):
        # the words found papers none of which has a sentence to weigh (known by their titles only): the models weigh
        # each candidate against the papers found, so they would read this as finding nothing and add by meaning
        # alone (a tutorial review without an abstract drew in a paper on uncertainty); the earlier reading stands
        return None
    earlier = {p.id for p in rule.added}
    kept_by_rule = {p.id for p in rule.kept}
    left_out = np.array([p.id in found_ids and bool(earlier) and p.id not in kept_by_rule for p in papers])
    is_found = rows[:, 5] == 1
    taken = np.where(
        is_found,
        ((f.keep.probabilities(rows) >= f.keep.threshold) | (len(found) > f.whole_above)) & ~left_out,
        (f.add.probabilities(rows) >= f.add.threshold) | np.array([p.id in earlier for p in papers]),
    )
    named = identities(_words(description))
    chosen = {p.id for p, t in zip(papers, taken, strict=True) if t}
    # a found paper without a sentence to weigh (known only by its title) stays as the words' reading found it
    weighed = {p.id for p in papers}
    kept = [p for p in found if p.id in chosen or p.id not in weighed]
    added = [
        p
        for p, t in zip(papers, taken, strict=True)
        if t and p.id not in found_ids and all(distinct.held(w, topics.vocabulary_of(p)) for w in named)
    ]
    if not kept and not added:
        return None
    dropped = [p for p in found if p.id not in {k.id for k in kept}]
    return described.Described(kept, added, {}, dropped)


def _count(papers: list[Paper]) -> str:
    return "one paper" if len(papers) == 1 else f"{len(papers)} papers"


def said(description: str, found: list[Paper], meant: described.Described) -> str:
    """The sentence saying what was assumed: which papers the description's meaning as a whole added to its words'
    reading, and which of that reading it left out."""
    parts = []
    if meant.added:
        more = "the paper" if len(meant.added) == 1 else f"the {len(meant.added)} papers"
        parts.append(f"added {more} closest in meaning to it as a whole")
    if meant.dropped:
        parts.append(f"left out {_count(meant.dropped)} of them further from it")
    found_said = "no paper" if not found else _count(found)
    return f"The words of “{description}” found {found_said}; I {' and '.join(parts)}."
