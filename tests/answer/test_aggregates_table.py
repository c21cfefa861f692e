"""An aggregate over a field of the table (plan/aggregate.py, write/computed.py): the span of years between the
author's first and last paper, the papers counted per authorship group or only the other group's, the distinct
co-authors; each answer states the number and cites the papers it rests on. A count of papers with a co-author stays
a count of papers."""

from __future__ import annotations

import pytest

from assistant.answer.plan import aggregate
from assistant.answer.plan.aggregate import Aggregate
from assistant.answer.write import computed
from assistant.models import Message


def ask(assistant, question):
    return assistant.answer([Message(role="user", content=question)])


def test_every_field_and_operation_the_plan_reads_is_computed_in_one_registry():
    assert aggregate.FIELDS <= set(computed.FIELDS)
    assert aggregate.OPERATIONS == set(computed.OPERATIONS)
    with pytest.raises(ValueError, match="Unknown aggregate"):
        Aggregate("median", "year")


def test_the_years_between_his_oldest_and_newest_paper_are_their_difference(assistant):
    a = ask(assistant, "How many years separate his oldest paper from his newest one?")
    assert a.meta["plan"]["aggregate"] == "span of year"
    assert a.answer.startswith("11 years") and "2026 − 2015" in a.answer
    assert len(a.citations) == 2 and all(c.is_author_work for c in a.citations)


def test_how_many_years_his_papers_span_is_the_span_of_their_years(assistant):
    a = ask(assistant, "How many years do the papers of his in this collection span?")
    assert a.meta["plan"]["aggregate"] == "span of year"
    assert a.answer.startswith("11 years"), a.answer


def test_the_other_groups_papers_are_counted_without_his(assistant):
    a = ask(assistant, "How many papers in the corpus come from the other research group rather than him?")
    assert "50" in a.answer and "29 papers" not in a.answer  # the source listing the other group's papers, or the count
    assert a.citations and not any(c.is_author_work for c in a.citations)


def test_his_papers_against_the_other_groups_are_counted_per_group(assistant):
    a = ask(
        assistant, "Across this whole collection, how many papers are actually his, as opposed to the other group's?"
    )
    assert a.meta["plan"]["aggregate"] == "count of paper per group"
    assert "Yunquan Zhang: 29 papers" in a.answer and "other authors: 50 papers" in a.answer
    assert a.answer.index("29 papers") < a.answer.index("50 papers")  # the author's group first


def test_distinct_coauthors_are_counted_once_each_and_named(tanaka):
    a = ask(tanaka, "How many different co-authors show up across her papers?")
    assert a.meta["plan"]["aggregate"] == "distinct of coauthor" and a.meta["plan"]["topic"] == ""
    assert "10 co-authors" in a.answer and "Jörg Müller" in a.answer and "Keiko Tanaka [" not in a.answer


def test_a_count_of_papers_of_a_kind_is_no_count_of_venues():
    assert aggregate.read("How many journal articles has she published?", "count", True) is None
    assert aggregate.read("How many conference papers does he have?", "count", True) is None
    assert aggregate.read("How many different journals has she published in?", "count", True) == Aggregate(
        "distinct", "venue"
    )
    assert aggregate.read("How many different journals has she published in?", "venues", True) is None  # its own kind


def test_what_a_source_states_of_itself_is_no_count_over_the_table():
    q = "how many close collaborators does the researcher profile list for him?"
    assert aggregate.read(q, "provenance", True) is None  # the page's own figure (the provenance route)
    assert aggregate.read(q, "coauthors", True) == Aggregate("distinct", "coauthor")


def test_a_count_of_papers_with_a_coauthor_stays_a_count_of_papers(tanaka):
    a = ask(tanaka, "How many of her papers have Ole Hansen as a co-author?")
    assert a.meta["plan"]["route"] == "count" and a.meta["plan"]["aggregate"] is None
    assert "6 (six)" in a.answer
