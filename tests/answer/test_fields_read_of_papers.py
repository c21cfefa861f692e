"""What a question asks of papers' records: a count of the papers that have a field ("how many of his papers come with
an arXiv identifier?" counts them, it lists no categories), and a year said of something a paper reports ("which
year's voyages were they tested on?") is a fact of its text, not the paper's date."""

from __future__ import annotations

from assistant.answer.plan import phrases
from assistant.evaluation import HISTORY_CHARS
from assistant.models import Filters, Message


def converse(assistant, *turns):
    messages, answer = [], None
    for turn in turns:
        messages.append(Message(role="user", content=turn))
        answer = assistant.answer(list(messages), Filters())
        messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
    return answer


def test_papers_that_have_an_arxiv_id_are_counted(assistant):
    answer = converse(assistant, "How many of his papers in the collection come with an arXiv identifier?")
    assert "13 (thirteen)" in answer.answer and "cs.LG" not in answer.answer
    categories = converse(assistant, "How many arXiv categories do his papers span?")
    assert "cs.LG" in categories.answer  # a category asked for still lists them


def test_a_year_said_of_what_the_paper_reports_is_no_date_field():
    assert phrases.asked_fields("Which year's voyages were they tested on?") == ()
    assert phrases.asked_fields("Which year was it published?") == ("date",)


def test_the_year_of_the_reported_voyages_after_a_correction(tanaka):
    answer = converse(
        tanaka,
        "Tell me about her forecasting work that uses a bunch of networks together.",
        "No, not that one - the paper where ships use those ensemble forecasts to pick a path.",
        "How much time did those routes save, and which year's voyages were they tested on?",
    )
    assert "9%" in answer.answer and "2023" in answer.answer
