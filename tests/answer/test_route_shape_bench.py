"""The answer-shape measurement (bench/route_shape.py) reads every route the planner can choose and every rule a
writer's item is scored by: a new kind or rule must be given its shape there, or the table silently miscounts it."""

from __future__ import annotations

import json
from pathlib import Path

from assistant.answer.plan.kinds import KINDS
from assistant.answer.plan.router import load_examples
from assistant.evaluation_rules import rule_of
from bench.route_shape import SHAPE_OF_ROUTE, SHAPE_OF_RULE, SHAPES, items

DATA = Path(__file__).resolve().parents[1] / "data"


def test_every_kind_and_vote_label_has_a_shape():
    labels = {label for label, _ in load_examples()}
    assert (labels | set(KINDS)) - set(SHAPE_OF_ROUTE) == {"greeting"}
    assert set(SHAPE_OF_ROUTE.values()) == set(SHAPES) == set(SHAPE_OF_RULE.values())


def test_every_writer_item_is_labelled_or_left_out_on_purpose():
    unlabelled = set()
    for path in DATA.glob("first_contact*.json"):
        for q in json.loads(path.read_text())["questions"]:
            if not q.get("turns") and q.get("kind") != "follow_up" and rule_of(q) not in SHAPE_OF_RULE:
                unlabelled.add(rule_of(q))
    # out of corpus and near-negative want no answer; the rest carry no rule of their own and are scored by the
    # team's older rules, which say no shape
    left_out = {"out_of_corpus", "near_negative", "superlative", "stacked", "metadata", "attribution", "topic"}
    assert unlabelled == left_out, unlabelled
    assert len(items()) > 1000
