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


def _titled(assistant, words: str) -> str:
    corpus = assistant.answerer().corpus
    (pid,) = [p.id for p in corpus.papers if words in (p.title or "")]
    return pid


def test_a_correction_that_names_the_paper_it_rules_out_answers_the_one_it_describes(tanaka):
    # The first answer shows both ensemble papers; the correction names the route-planning one (the planner reads it as
    # named) and describes the other: the learned choice weighs the named papers and takes the one described.
    meant_id = _titled(tanaka, "Deep Ensembles")
    answers = converse(
        tanaka,
        "Has Tanaka written anything on ensembles for sea-ice forecasting?",
        "no, that one is the route planning paper. I mean the one where she trains an ensemble of networks herself",
        "ok, and how does its calibration compare with Monte Carlo dropout?",
    )
    assert cited(answers[1])[:1] == [meant_id]
    assert cited(answers[2])[:1] == [meant_id]  # the next turn stays on the paper meant


def test_the_other_paper_described_may_be_one_no_answer_showed(tanaka):
    # "the other Sentinel-2 paper": the coastline paper was not among the first answer's papers; the words between "the
    # other" and "paper" describe it, and the melt pond paper is the one ruled out.
    coast = _titled(tanaka, "Coastline Extraction")
    first = converse(tanaka, "What did Keiko Tanaka do with Sentinel-2 data?")[0]
    assert coast not in cited(first)
    answers = converse(
        tanaka,
        "What did Keiko Tanaka do with Sentinel-2 data?",
        "Not the melt-pond paper - the other Sentinel-2 one, please.",
    )
    assert cited(answers[1])[:1] == [coast]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Not the melt pond one, the other Sentinel-2 paper.", " Sentinel-2"),
        ("not the dynamic one, the other one", ""),
        ("Not the coastline one, the other.", None),
    ],
)
def test_the_other_keeps_the_words_that_describe_the_paper(question, said):
    m = meant.phrases.THE_OTHER.search(question)
    assert m is not None and m.group("said") in ((said,) if said is not None else (None, ""))
    history = [Message(role="user", content="x"), Message(role="assistant", content="y")]
    assert meant.corrects(question, history)


def test_the_papers_a_correction_names_are_candidates_with_a_feature_of_their_own(tanaka):
    corpus = tanaka.answerer().corpus
    route = _titled(tanaka, "Route Planning")
    history = [
        Message(role="user", content="Tell me about her ice charting work."),
        Message(role="assistant", content="y"),
    ]
    cands = meant.candidates(corpus, "no, I meant the route planning one", history, None, (route,))
    named = meant.FEATURES.index("named")
    assert {c.pid for c in cands if c.x[named] == 1.0} == {route}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("No, not that one.", True),
        ("wrong paper, sorry", True),
        ("Hmm, that's the wrong one.", True),
        ("No, that's not the one I meant.", True),
        ("Not that one — the one doing joint low-rank factorization.", False),  # describes the paper meant
        ("Is that the right one?", False),
    ],
)
def test_a_correction_by_pointer_alone_is_read_as_the_whole_turn(question, expected):
    from assistant.answer.plan import phrases

    assert bool(phrases.REJECTED_BY_POINTER.search(question)) is expected


@pytest.mark.parametrize("correction", ["wrong one", "No, not that one.", "that's the wrong paper"])
def test_a_correction_by_pointer_alone_answers_another_candidate_never_the_one_shown(assistant, correction):
    static, dynamic = _honpas(assistant)
    answers = converse(assistant, "Tell me about his HONPAS paper.", correction, "How does that one split the work?")
    assert cited(answers[0])[:1] == [static]
    assert cited(answers[1])[:1] == [dynamic]  # the other HONPAS paper, not a parallel-computing one nearer in meaning
    assert cited(answers[2])[:1] == [dynamic]


def test_a_correction_by_pointer_alone_keeps_to_the_previous_questions_words(tanaka):
    answers = converse(tanaka, "What did Tanaka's Sentinel-2 paper find?", "No, not that one")
    titles = [c.title for c in answers[1].citations]
    assert "Melt Pond" not in titles[0] and "Sentinel-2" in titles[0]
