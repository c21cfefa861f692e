"""A date a negation governs is the months outside it; a negated topic's negation before a date is the topic's."""

from __future__ import annotations

from assistant.answer.plan import phrases
from assistant.answer.plan.phrases.negated_dates import read_negated
from assistant.answer.plan.phrases.spans import Month
from tests.conftest import make_paper


def read(question):
    return read_negated(question, phrases.dates(question))


def test_a_negated_date_is_the_months_outside_it():
    before = read("Which of her sea ice papers did not come out before 2022?")
    assert (before.start, before.end) == (Month(2022, 1), None)
    outside = read("Which of her papers are not from 2023?")
    assert outside.describe() == "outside 2023"
    assert outside.admits(make_paper(date="2022-05-01", year=2022)) and outside.admits(make_paper(date=None, year=2024))
    assert not outside.admits(make_paper(date="2023-05-01", year=2023))
    assert read("Which of her papers were not published in 2022 or 2023?").describe() == "outside 2022 to 2023"


def test_a_date_after_a_negated_topic_is_not_negated():
    span = read("Which of her papers are not about sea ice in 2021?")
    assert (span.start, span.end) == (Month(2021, 1), Month(2021, 12))
    assert read("Which of her 2023 papers are not on arXiv?").describe() == "2023"
