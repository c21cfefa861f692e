"""The paper a correction turn means, chosen by the learned model of plan/meant.py among the papers the conversation
showed: never the paper the correction rules out. The wordings are paraphrases; the question sets hold the originals."""

from __future__ import annotations

import json

import pytest

from assistant.answer.plan import meant
from assistant.models import Message
from tests.conftest import converse


def cited(answer) -> list[str]:
    return list(dict.fromkeys(c.paper_id for c in answer.citations))


def test_weights_match_the_features_and_carry_their_provenance():
    data = json.loads(meant._DATA.read_text())
    assert data["features"] == list(meant.FEATURES)
    assert len(data["weights"]) == len(data["mean"]) == len(data["scale"]) == len(meant.FEATURES)
    assert data["leave_one_writer_out"] and 0.0 < data["threshold"] < 1.0


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("No, not the dynamic one. I meant the other one.", True),
        ("I meant the static one", True),
        ("Not the snow depth one, the other one.", True),
        ("How did that one split up the integrals?", False),
        ("What is the other group's best result?", False),
    ],
)
def test_a_correction_is_told_from_a_question_that_points_back(question, expected):
    history = [Message(role="user", content="x"), Message(role="assistant", content="y")]
    assert meant.corrects(question, history) is expected
    assert meant.corrects(question, []) is False  # nothing to correct without an earlier answer


def _honpas(assistant) -> tuple[str, str]:
    corpus = assistant.answerer().corpus
    ids = {p.title.split()[1]: p.id for p in corpus.papers if "HONPAS" in (p.title or "")}
    return ids["static"], ids["dynamic"]


@pytest.mark.parametrize(
    "correction",
    [
        "nope, not the master-worker dynamic one - I mean the other one, the static algorithms",
        "No. Not the dynamic master-worker paper; I meant the other one, with the two static distribution algorithms.",
    ],
)
def test_the_paper_ruled_out_is_not_the_one_answered(assistant, correction):
    static, dynamic = _honpas(assistant)
    answers = converse(assistant, "Which papers of his are on the HONPAS package?", correction)
    assert set(cited(answers[0])) >= {static, dynamic}
    assert cited(answers[1])[:1] == [static]


def test_the_next_turn_asks_of_the_paper_meant(assistant):
    static, _ = _honpas(assistant)
    answers = converse(
        assistant,
        "Which papers of his are on the HONPAS package?",
        "No, not the dynamic master-worker one. I meant the other one, with the static algorithms.",
        "How does that one spread the integrals?",
    )
    assert cited(answers[2])[:1] == [static]


def test_the_ruled_out_paper_scores_below_the_one_meant(assistant):
    static, dynamic = _honpas(assistant)
    corpus = assistant.answerer().corpus
    first = "Which papers of his are on the HONPAS package?"
    history = [Message(role="user", content=first), converse(assistant, first)[0]]
    history[1] = Message(role="assistant", content=history[1].answer)
    question = "No, not the dynamic one, the other one with the static algorithms."
    cands = meant.candidates(corpus, question, history, None)
    score = dict(zip((c.pid for c in cands), meant.scores(cands)))
    assert score[static] > score[dynamic]
