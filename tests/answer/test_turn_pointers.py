"""Pointers back that name no paper: "the other one" after an answer that showed one of the two papers the question
set (the other is the previous question's next best paper), and "that one" after a correction that set a paper
aside (the paper the correction meant, never the one it set aside)."""

from __future__ import annotations

from tests.asking import ask
from tests.conftest import converse, titles

SPARSTENCIL = "2506.22969"
OUTER_PRODUCT = "2310.16298"
CUNNQS = "cuNNQS-SCI: A Fully GPU-Accelerated Framework for High-Performance Configuration Interaction Selection with "
SUNWAY = "Large-Scale Simulation of Quantum Computational Chemistry on a New Sunway Supercomputer"


def _ids(answer) -> list[str]:
    return [c.arxiv_id or c.title for c in answer.citations]


def test_the_other_one_after_an_answer_that_showed_one_of_two_is_the_next_paper_the_question_fits(assistant):
    answers = converse(
        assistant,
        "He has a couple of stencil papers, right? Which one uses sparse tensor cores?",
        "ok and the other one?",
    )
    assert _ids(answers[0])[:1] == [SPARSTENCIL]
    assert _ids(answers[1]) == [OUTER_PRODUCT]


def test_that_one_after_a_correction_is_the_paper_meant_not_the_one_set_aside(assistant):
    answers = converse(
        assistant,
        "Tell me about his paper on neural-network quantum states for chemistry on the Sunway supercomputer.",
        "Sorry, I mixed two papers up. I mean the neural-network quantum state one that moved everything onto GPUs, "
        "not the Sunway VQE one.",
        "OK so for that one: how big was the test cluster and what end-to-end speedup did they get?",
    )
    assert titles(answers[1])[0].startswith(CUNNQS)
    assert titles(answers[2])[0].startswith(CUNNQS) and SUNWAY not in titles(answers[2])
    assert "2.32" in answers[2].answer


def test_which_of_those_by_the_kind_of_work_selects_among_the_papers_shown(tanaka):
    # "Which of those was a conference paper rather than a journal article?": the record's kind of work, no topic
    answer = ask(
        tanaka, "What did she publish in 2023?", "Which of those was a conference paper rather than a journal article?"
    )
    assert [c.title for c in answer.citations] == [
        "Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"
    ], answer.answer
    assert not answer.meta["plan"].get("negated"), answer.meta["plan"]


def test_that_same_person_beside_her_is_the_co_author_shown_and_dates_count_from_the_paper(tanaka):
    answer = ask(
        tanaka,
        "When did she publish on melt ponds?",
        "Who was her co-author on it?",
        "What did she publish with that same person three years later, and what did it find?",
    )
    assert [c.title for c in answer.citations] == [
        "Coastline Extraction with Self-Supervised Pretraining on Sentinel-2"
    ]
