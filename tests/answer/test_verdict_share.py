"""A share asked in words ("most of the area", "less than a fifth") is weighed against the percentage the paper states
of the same thing; the noun "elimination" names an operation and denies nothing after it; a claim about where the
work was evaluated, or asking a figure, that the paper does not state quotes the paper's reported result."""

from __future__ import annotations

import pytest

from assistant.answer.evidence import share
from assistant.answer.write.premises import NO, YES, denied, premises
from tests.conftest import make_paper, said_verdict

CHARTS = (
    "We measure the disagreement between two ice services on 1,200 charts of the same days and find that they assign "
    "different concentration classes to 17% of the area."
)


RECOVERED = "Training with a noise-robust loss recovers two thirds of the accuracy lost to label noise."


@pytest.mark.parametrize(
    ("claim", "sentence", "holds", "stated"),
    [
        ("did the two services assign different classes to most of the chart area", CHARTS, False, "17%"),
        ("did they disagree on the class for less than a fifth of the area", CHARTS, True, "17%"),
        ("did they disagree on the class for more than a quarter of the area", CHARTS, False, "17%"),
        ("did the services disagree over a minority of the area", CHARTS, True, "17%"),
        ("did they disagree on only a small slice of the area", CHARTS, True, "17%"),
        # the whole of it is a share too, and the paper may state its share as a fraction in words
        ("does the noise-robust loss win back all the accuracy that label noise costs", RECOVERED, False, "two thirds"),
        ("does it recover more than half of the accuracy lost", RECOVERED, True, "two thirds"),
        ("does it recover less than a third of the accuracy lost", RECOVERED, False, "two thirds"),
    ],
)
def test_a_share_in_words_is_weighed_against_the_stated_share(claim, sentence, holds, stated):
    weighed = share.weigh(claim, [sentence])
    assert weighed is not None and weighed.holds is holds and weighed.stated == stated


def test_all_of_another_thing_is_not_the_asked_share():
    assert share.weigh("did all the charts come from one service", [RECOVERED]) is None


def test_the_words_saying_the_share_are_not_claim_words():
    assert share.wording("was it fine-tuned with only a small slice of the labels") >= {"small", "slice"}


def test_a_percentage_of_another_thing_is_not_the_asked_share():
    assert share.weigh("did most of the charts come from one service", [CHARTS]) is None
    assert share.weigh("did the services disagree on the area", [CHARTS]) is None


def test_the_noun_elimination_denies_nothing_after_it():
    words = ["finds", "redundancies", "linear", "time"]
    assert denied("RACE, a more general redundancy elimination technique.", words) == -1
    assert denied("It eliminates redundancies across loop nests.", words) == 1


def test_a_share_in_words_decides_the_verdict_end_to_end(tanaka):
    question = "Did the two ice services assign different concentration classes to most of the area?"
    said, text = said_verdict(tanaka, question)
    assert said == "no" and "17%" in text, text


def test_a_count_meeting_its_floor_is_a_no_when_another_figure_is_not_the_papers():
    sentence = "We collected performance data from over 80 models across 37 evaluation benchmarks."
    paper = make_paper(abstract=sentence)
    wrong = premises("Did the study collect data from over 80 models across 73 benchmarks?", paper, [sentence])
    right = premises("Did the study collect data from over 80 models across 37 benchmarks?", paper, [sentence])
    assert wrong.word == NO and right.word == YES


def test_an_evaluation_the_paper_does_not_state_quotes_where_it_was_evaluated(tanaka):
    said, text = said_verdict(tanaka, "Was the risk-aware Arctic route planner evaluated on Northwest Passage voyages?")
    assert said == "no" and "Northern Sea Route" in text, text


def test_a_figure_asked_and_missing_quotes_the_reported_result(tanaka):
    said, text = said_verdict(tanaka, "Does the Arctic route-planning abstract quantify fuel savings for the ships?")
    assert said == "no" and "9%" in text, text
