"""A question that names one paper and asks about a relative of it is answered from the relative, chosen by the
learned model of plan/relative.py among the author's papers; a question asking of the paper it names stays on it. The
wordings are paraphrases; the question sets hold the originals."""

from __future__ import annotations

import json

import pytest

from assistant.answer.plan import phrases, relative
from assistant.models import Message

CREVASSE = "2402.04567"


def cited(answer) -> list[str]:
    return list(dict.fromkeys(c.paper_id for c in answer.citations))


def _melt_pond(tanaka) -> str:
    corpus = tanaka.answerer().corpus
    return next(p.id for p in corpus.papers if (p.title or "").startswith("Melt Pond Fraction"))


def test_weights_match_the_features_and_carry_their_provenance():
    data = json.loads(relative._DATA.read_text())
    assert data["features"] == list(relative.FEATURES)
    assert len(data["weights"]) == len(data["mean"]) == len(data["scale"]) == len(relative.FEATURES) <= 12
    folds = data["leave_one_writer_out"]
    assert folds["per_writer"] and len(folds["pooled"]) == 3 and 0.0 < data["threshold"] < 1.0


@pytest.mark.parametrize(
    ("question", "direction"),
    [("a later paper of hers", 1), ("their earlier joint work", -1), ("the following year", 1), ("her 2024 paper", 0)],
)
def test_the_order_a_comparative_says(question, direction):
    assert phrases.placed_direction(question) == direction


def test_the_relative_is_answered_not_the_paper_named(tanaka):
    q = (
        "The co-author of her melt pond paper is also on a 2024 Antarctic preprint with her. "
        "How much did the crevassed area grow there?"
    )
    answer = tanaka.answer([Message(role="user", content=q)])
    assert cited(answer)[:1] == [CREVASSE]
    assert "40%" in answer.answer


@pytest.mark.parametrize(
    "question",
    [
        "Consider the melt pond paper. Which sea does it single out?",
        "The melt pond paper: how many aerial surveys validated it?",
    ],
)
def test_a_question_asked_of_the_paper_it_names_stays_on_it(tanaka, question):
    assert cited(tanaka.answer([Message(role="user", content=question)]))[:1] == [_melt_pond(tanaka)]


def test_no_choice_when_the_paper_is_named_in_the_clause_that_asks(tanaka):
    planner = tanaka.answerer().planner
    anchor = _melt_pond(tanaka)
    assert planner.relative_read("Which sea does the melt pond paper single out?", anchor) is None
    reading = planner.relative_read("Her melt pond paper had a co-author. What did their 2024 preprint find?", anchor)
    assert (
        reading is not None and reading.candidates[0] == anchor and len(reading.features[0]) == len(relative.FEATURES)
    )
