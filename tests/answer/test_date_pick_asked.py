"""A superlative by date over the table with a what-is-it of the paper it finds: the words draw a fact, the date
picks the paper, the rest is asked of it (before: a quantity superlative citing nothing, or the latest three listed
with nothing said of the one asked about)."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.models import Filters, Message
from tests.asking import ask


@pytest.mark.parametrize(
    "q",
    ["Which is the most recent item Tanaka has, and what is it?", "What is the newest work of hers, and what is it?"],
)
def test_the_newest_then_what_it_is(tanaka, q):
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert [c.title for c in answer.citations] == ["A Foundation Model for Polar SAR Imagery"]
    assert "PolarSAR-FM" in answer.answer


def test_the_oldest_in_a_source_then_a_fact_of_it(assistant):
    # "arXiv listing" drew the arXiv-id route; the source is a condition, the date picks, the rest is asked
    q = "Which is the oldest preprint in his arXiv listing, and what kernel did it find to be the bottleneck?"
    answer = assistant.answer([Message(role="user", content=q)], Filters())
    assert [c.arxiv_id for c in answer.citations] == ["1505.08023"]
    assert "SpMV" in answer.answer
    answer = assistant.answer([Message(role="user", content="His oldest paper, and what's its arXiv id?")], Filters())
    assert "arXiv:1505.08023" in answer.answer


def test_an_intensifier_before_the_date_word_still_picks_by_date():
    question = "What was the very first paper she wrote with Anna de Vries, and what error did it report?"
    assert phrases.date_extreme(question) == "earliest"
    assert phrases.one_by_date("his very latest preprint") == "latest"


def test_the_one_paper_of_the_dates_is_asked_of_by_the_clause_after(tanaka):
    # "What did she publish in September 2020, and against how many … was it checked?": the month holds one paper;
    # the clause after "and" (a preposition may lead its wh-phrase) asks of "it"
    answer = ask(tanaka, "What did she publish in September 2020, and against how many aerial surveys was it checked?")
    assert [c.title for c in answer.citations] == ["Melt Pond Fraction on Arctic Sea Ice from Sentinel-2 Imagery"]
    assert "38" in answer.answer
