"""Dates counted in months from the paper the previous answer was about ("the same month a year later", "three months
after that one"), a question of details that stays on the paper the previous turn selected, and "the other one"
described (or said bare) leaving the paper the previous answer led with."""

from __future__ import annotations

import pytest

from assistant.answer.plan import counted_dates, phrases
from tests.conftest import converse, make_paper, titles


@pytest.mark.parametrize(
    ("said", "months"),
    [
        ("in that very month one year later", 12),
        ("during the same calendar month, precisely three years on", 36),
        ("the same month of the previous year", -12),
        ("five months after that one", 5),
        ("two months earlier", -2),
        ("half a year later", 6),
        ("the month before", -1),
    ],
)
def test_months_counted_from_the_conversation_are_read(said, months):
    span = phrases.dates(f"What did she release {said}?")
    assert (span.relative, span.relative_unit) == ((months, 1), "month")


def test_whole_years_stay_years():
    span = phrases.dates("What did she release two years after that?")
    assert (span.relative, span.relative_unit) == ((2, 1), "year")


def test_a_month_span_counts_from_the_papers_month_or_its_year_when_it_has_none():
    span = phrases.dates("What came out four months later?")
    dated = counted_dates.resolved(span, [], make_paper(date="2023-11-20"))[0]
    assert (dated.start, dated.end) == (phrases.Month(2024, 3), phrases.Month(2024, 3))
    yearly = counted_dates.resolved(span, [], make_paper(date="2023", date_precision="year", year=2023))[0]
    assert (yearly.start, yearly.end) == (phrases.Month(2023, 1), phrases.Month(2023, 12))


def test_the_same_month_a_year_later_then_details_of_that_paper(tanaka):
    answers = converse(
        tanaka,
        "Tell me about her study of how much ice services disagree.",
        "What did she put out in that very month one year later?",
        "What intersection over union, and how many traced crevasse fields for training?",
    )
    assert titles(answers[1]) == ["Crevasse Detection on Antarctic Ice Shelves with Vision Transformers"]
    assert titles(answers[2])[:1] == titles(answers[1]) and "0.72" in answers[2].answer


def test_months_after_the_paper_pointed_back_to(assistant):
    answers = converse(
        assistant,
        "What is the cost-effective block coordinate descent training paper about?",
        "What did he publish three months after that one?",
    )
    assert [t.split(":")[0] for t in titles(answers[1])] == ["MoQE"]


def test_the_other_one_described_by_one_word_after_a_list_is_read_by_meaning(tanaka):
    # The list led with another forecasting paper: "the other one, about X" leaves it and picks the one X describes.
    answers = converse(
        tanaka,
        "Give me a summary of her sea-ice forecasting work.",
        "The other one, about calibrated uncertainty.",
        "Which error did it report against dropout?",
    )
    assert titles(answers[1]) == ["Deep Ensembles for Uncertainty in Seasonal Sea-Ice Forecasts"]
    assert titles(answers[2])[:1] == titles(answers[1]) and "0.018" in answers[2].answer


def test_the_other_said_bare_after_the_paper_ruled_out(tanaka):
    answers = converse(
        tanaka, "Which of her papers use Sentinel-2 imagery?", "Not the coastline one, the other.", "How many surveys?"
    )
    assert titles(answers[1]) == ["Melt Pond Fraction on Arctic Sea Ice from Sentinel-2 Imagery"]
    assert "38" in answers[2].answer
