"""A turn that goes on about "it" / "that one" after an answer that showed one paper: the learned choice of
plan/meant.continued weighs that paper against those earlier answers showed, so a third turn is answered from the
paper the conversation means even when the second answer showed another. Conversations are sent as the evaluation
sends them: each earlier answer as shown, cut to its history length."""

from __future__ import annotations

from assistant.answer.plan import meant
from assistant.evaluation import HISTORY_CHARS
from assistant.models import Filters, Message
from assistant.presenter import present_answer
from tests.conftest import titles

MOQE = "MoQE: Improve Quantization Model performance via Mixture of Quantization Experts"
DRIFT = "Ice Drift Forecasts with Graph Neural Networks"
MELT = "Melt Pond Fraction on Arctic Sea Ice from Sentinel-2 Imagery"


def _conversation(assistant, *turns) -> tuple[list, list[Message]]:
    """Each turn's answer, and the messages of the conversation, as a client sends them back."""
    messages, answers = [], []
    for turn in turns:
        messages.append(Message(role="user", content=turn))
        answers.append(present_answer(assistant.answer(messages, Filters())))
        messages.append(Message(role="assistant", content=answers[-1].answer[:HISTORY_CHARS]))
    return answers, messages


def test_the_third_turn_asks_of_the_paper_the_second_described_though_the_second_answer_showed_another(assistant):
    answers, _ = _conversation(
        assistant,
        "Which of his papers are about quantization?",
        "Ok, zoom in on the one that's built around a mixture of experts.",
        "How does it decide which quantized variant handles a given input?",
    )
    assert MOQE in titles(answers[0])
    assert titles(answers[2])[:1] == [MOQE]


def test_the_paper_a_correction_meant_is_the_one_the_next_turn_asks_of_though_the_answer_showed_another(tanaka):
    answers, _ = _conversation(
        tanaka,
        "What did Ole Hansen and Keiko Tanaka find about sea-ice drift?",
        "Hmm, the buoy climatology paper isn't hers, she's not on it. I mean the machine-learning one she co-wrote.",
        "What was it trained on, and how far ahead does it forecast?",
    )
    assert DRIFT in titles(answers[0])
    assert titles(answers[2])[:1] == [DRIFT]


def test_a_turn_that_goes_on_about_the_paper_shown_stays_with_it(tanaka):
    answers, _ = _conversation(
        tanaka,
        "When did she publish on melt ponds?",
        "Which satellite imagery does it use?",
        "And how close did its estimates come to the reference data?",
    )
    assert titles(answers[0])[:1] == [MELT]
    assert [titles(a)[:1] for a in answers[1:]] == [[MELT], [MELT]]


def test_no_continued_choice_on_a_turn_about_a_person_or_after_several_papers(assistant):
    corpus = assistant.answerer().corpus
    _, one = _conversation(assistant, "What is CALM about?")
    shown = meant.cited_papers(one[-1].content, corpus.by_title)
    assert len(shown) == 1
    assert meant.continued(corpus, one, None, shown, None) == shown[0]
    assert meant.continued(corpus, one, None, shown, "Some Author") is None  # "what else did that person write?"
    assert meant.continued(corpus, one, ("nth", shown), shown, None) is None  # a pick is the rules' or the pick model's
    _, several = _conversation(assistant, "Which of his papers are about post-training quantization?")
    assert meant.continued(corpus, several, None, [], None) is None
