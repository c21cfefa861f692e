"""A turn that only changes the dates of the question before it ("and the year after that?", "what about 2023?") is
that question asked again with its dates swapped (plan/elliptical.py); a pick "of those" is made among the papers
the answers showed, even when the question says "other" of something that is no paper."""

from __future__ import annotations

from assistant.answer.plan.elliptical import restated
from assistant.models import Message
from tests.conftest import converse, titles

IAAT = "IAAT: A Input-Aware Adaptive Tuning framework for Small GEMM"
BEST_FRIEND = "An Accurate and Efficient Large-scale Regression Method through Best Friend Clustering"


def _after(*turns: str) -> list[Message]:
    out = []
    for turn in turns:
        out += [Message(role="user", content=turn), Message(role="assistant", content="(an answer)")]
    return out


def test_a_turn_of_dates_only_is_the_question_before_with_its_dates_swapped():
    history = _after("What did he publish in 2021?")
    assert restated("and the year after that?", history)[0] == "What did he publish in 2022?"
    assert restated("what about 2019?", history)[0] == "What did he publish in 2019?"
    assert restated("And the year before?", history)[0] == "What did he publish in 2020?"
    assert restated("ok, and March 2025?", history)[0] == "What did he publish in March 2025?"
    assert restated("how about the first half of 2024?", history)[0] == (
        "What did he publish from January 2024 to June 2024?"
    )


def test_a_range_is_replaced_whole_and_a_chain_of_such_turns_counts_from_the_last_dates_asked():
    history = _after("Which of his LLM papers came out between 2024 and 2025?", "what about 2023?")
    again, context = restated("and the year before?", history)
    assert again == "Which of his LLM papers came out in 2022?"
    assert [m.content for m in context] == []  # read where the first question was asked: no earlier turn


def test_a_turn_that_asks_something_of_its_own_is_not_restated():
    history = _after("What did he publish in 2021?")
    assert restated("and in 2023, how many?", history) is None  # a count asked: its own question
    assert restated("and which of those used GPUs in 2022?", history) is None
    assert restated("what did he publish the year after that?", history) is None  # a whole question
    # the question before asked no dates: "the year after that" counts from its paper (counted_dates.py)
    assert restated("and the year after that?", _after("Tell me about his AIPerf paper.")) is None


def test_the_year_after_a_list_of_a_year_lists_the_next_year_and_a_pick_of_those_stays_among_them(assistant):
    answers = converse(
        assistant,
        "What did he publish in 2021?",
        "and the year after that?",
        "Which of those is the small-matrix-multiplication one, and on what hardware platform did it beat the other "
        "BLAS libraries?",
    )
    assert titles(answers[0]) == [BEST_FRIEND]
    assert IAAT in titles(answers[1]) and BEST_FRIEND not in titles(answers[1])
    assert titles(answers[2]) == [IAAT] and "ARMv8" in answers[2].answer


def test_a_turn_of_a_list_of_dates_keeps_the_list_not_the_years_between():
    history = _after("What did he publish in 2021?")
    assert restated("what about 2019 and 2023?", history)[0] == "What did he publish in 2019 and 2023?"


def test_every_reader_of_a_continuing_turn_takes_the_same_connectives():
    from assistant.answer.plan import phrases
    from assistant.answer.plan.conversation import asked_only

    # one phrase: what opens an elliptical turn, a "what about" and the words asked_only takes off
    assert phrases.WHAT_ABOUT.match("ok so what about the static one?")
    assert restated("alright, now how about 2019?", _after("What did he publish in 2021?"))[0] == (
        "What did he publish in 2019?"
    )
    assert asked_only("Right, and the other one - what did they evaluate it on?") == "what did they evaluate it on?"
