"""The answer shape a question wants (one paper's fact, a set of papers, a number, a verdict, a comparison), by a
multinomial logistic regression over what the planner computes (weights and shape centroids in data/route_shape.json,
fitted by bench/route_shape.py on every writer's labelled questions). A first-turn list or count whose shape is one
paper's fact with the fitted margin is answered as that fact, of the paper the table's selection reached when it
reached one."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

from assistant.answer.plan.operation import operation_of
from assistant.answer.plan.paper_nouns import PLURAL
from assistant.answer.plan.phrases.who import both_groups
from assistant.answer.plan.router import TEMPERATURE

_DATA = Path(__file__).parent / "data" / "route_shape.json"

SHAPES = ("fact", "set", "number", "verdict", "compare")
# The shape each planner route (and each vote label) answers in; a greeting has none.
SHAPE_OF_ROUTE = {
    **dict.fromkeys(
        "fact how why summary authors when arxiv venue doi citations which_of earliest latest quantity_extreme "
        "team_extreme attribution".split(),
        "fact",
    ),
    **dict.fromkeys(
        "list topic_summary overview coauthors venues field_groups quantity_threshold across code categories".split(),
        "set",
    ),
    # a figure, a span
    **dict.fromkeys("count per_year average aggregate corpus metrics provenance elapsed".split(), "number"),
    **dict.fromkeys(("verify", "set_verdict"), "verdict"),
    **dict.fromkeys(("compare", "shared_authors"), "compare"),
}
FEATURES = (
    "vote_fact",  # share of the example vote's (softmax) weight on labels answered as one paper's fact
    "vote_set",  # … on labels answered as a set of papers
    "vote_number",  # … as a number
    "vote_verdict",  # … as a verdict
    "cos_fact",  # MiniLM cosine of the masked question with the centroid of the writers' one-paper-fact questions
    "cos_set",  # … of their set questions
    "cos_number",  # … of their count questions
    "cos_verdict",  # … of their yes/no questions
    "route_fact",  # the planner's route answers one paper's fact
    "route_list",  # the planner's route is a list or a count
    "paper_slot",  # the plan names a paper or points back to one
    "topic_slot",  # the plan reads a topic to select papers by
)
# Papers counted: "how many papers", "how many of the other group's works" (not "how many GPUs").
_PAPERS_COUNTED = re.compile(rf"\bhow\s+many\s+(?:[\w'’-]+\s+){{0,4}}?{PLURAL}\b", re.I)
GATED = ("list", "count")  # the routes the gate may send back to the fact route


def vote_shares(vote) -> dict[str, float]:
    """The example vote's softmax weight per shape (the router's own weighting of its neighbours)."""
    out = dict.fromkeys(SHAPES, 0.0)
    if vote is None or not vote.neighbours:
        return out
    top = vote.neighbours[0][2]
    weights = [(SHAPE_OF_ROUTE.get(lbl), float(np.exp((s - top) / TEMPERATURE))) for lbl, _, s in vote.neighbours]
    total = sum(w for _, w in weights) or 1.0
    for shape, w in weights:
        if shape:
            out[shape] += w / total
    return out


def cues_of(plan) -> dict[str, float]:
    """The features that do not need the centroids (see FEATURES)."""
    shares = vote_shares(plan.vote)
    return {
        "vote_fact": shares["fact"],
        "vote_set": shares["set"],
        "vote_number": shares["number"],
        "vote_verdict": shares["verdict"],
        "route_fact": float(SHAPE_OF_ROUTE.get(plan.route) == "fact"),
        "route_list": float(plan.route in GATED),
        "paper_slot": float(bool(plan.named or plan.focus)),
        "topic_slot": float(bool(plan.topic)),
    }


def features(cues: dict[str, float], vector: np.ndarray, centroids: dict[str, np.ndarray]) -> list[float]:
    cos = {f"cos_{k}": float(vector @ c) for k, c in centroids.items()}
    return [{**cues, **cos}.get(name, 0.0) for name in FEATURES]


def probabilities(model: dict, x: list[float]) -> np.ndarray:
    """P(shape) for one row of features under a fitted model (mean, scale, weights per shape, bias per shape)."""
    z = (np.asarray(x) - np.asarray(model["mean"])) / np.asarray(model["scale"])
    logits = np.asarray(model["weights"]) @ z + np.asarray(model["bias"])
    e = np.exp(logits - logits.max())
    return e / e.sum()


@cache
def _model() -> dict | None:
    try:
        data = json.loads(_DATA.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    data["centroids"] = {k: np.asarray(v, dtype=np.float32) for k, v in data["centroids"].items()}
    return data


def fact_asked(plan, vector_of: Callable[[str], np.ndarray], model: dict | None = None) -> bool:
    """The gate measured: a list or count route of a first turn whose learned shape is one paper's fact with the
    fitted margin (`vector_of`: the router's vector of the question as masked)."""
    model = model or _model()
    if model is None or plan.route not in GATED or plan.within_focus or plan.history:
        return False
    if (
        plan.route == "count"
        and plan.scope != "author"
        and (both_groups(plan.question) or _PAPERS_COUNTED.search(plan.question))
    ):
        # "across both research groups, how many papers …", "how many papers from the other group deal with X?": a
        # count of papers beyond the author's, never one paper's fact (a list is left to the gate: freed, three
        # both-groups lists of broad topics listed 5-14 papers for 4, session 23)
        return False

    p = probabilities(model, features(cues_of(plan), vector_of(plan.question), model["centroids"]))
    return float(p[SHAPES.index("fact")]) >= model["margin"]


def gated(
    plan,
    vector_of: Callable[[str], np.ndarray],
    selected: Callable[[object], list[str]],
    model: dict | None = None,
):
    """The plan, or (when `fact_asked`) the plan answered as one paper's fact: the topic and subject no longer filter,
    the question's form gives the operation (a why, a how, a verdict …), and when the list's own selection
    (`selected`: the papers the table's answer of the plan chose) is one paper, the fact is asked of it (a joint
    paper with a co-author, a paper a listing note reached), which retrieval alone may not find."""
    if not fact_asked(plan, vector_of, model):
        return plan
    route = operation_of("fact", plan.vote, plan.question, plan.named, plan.compared, "")
    papers = selected(plan)
    focus = list(papers) if len(papers) == 1 else plan.focus
    note = f"learned shape: one paper's fact asked, not a {plan.route}"
    return replace(plan, route=route, topic="", subject="", focus=focus, notes=[*plan.notes, note])
