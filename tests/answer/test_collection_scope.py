"""Scope read once from the question's structure (session 17): the papers without the author let in, the other
group's counted in, the whole byline read without the scope phrase; and "how many times" of a result, not of
citations."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.models import Filters, Message


def _ask(assistant, question):
    return assistant.answer([Message(role="user", content=question)], Filters())


@pytest.mark.parametrize(
    "question",
    [
        "Which papers is Ole Hansen on, including ones Tanaka isn't on?",
        "Papers with Ingrid Berg, including any without Tanaka?",
        "Anything on sea ice, even papers not written by her?",
        "Which papers have Berg as an author, regardless of whether Tanaka is on them?",
        "How many papers are in the collection, counting the other group's too?",
        "How many papers does the corpus hold, the other groups' included?",
        "What's here from 2020? Flag anything that isn't by Keiko Tanaka.",
    ],
)
def test_both_groups_said_by_letting_the_others_in(question):
    assert phrases.both_groups(question)


@pytest.mark.parametrize(
    "question",
    [
        "list his papers on MPI, even those without DOIs",  # an acronym, no person
        "which of his papers, including ones not in a journal, use MPI?",  # a field, no person
        "papers not by her on sea ice",  # the others only
        "which of the other group's papers are on MoE?",
    ],
)
def test_a_field_left_out_or_the_others_alone_is_not_both_groups(question):
    assert not phrases.both_groups(question)


def test_a_person_said_in_the_scope_phrase_is_no_byline_condition(tanaka):
    answer = _ask(tanaka, "Which papers in the corpus involve Ole Hansen, including ones Tanaka isn't on?")
    plan = answer.meta["plan"]
    assert plan["scope"] == "all" and all("not an author" not in p for p in plan["people"])
    assert len(answer.citations) == 7  # his six with her and the buoy study without her


def test_the_collection_counted_with_the_other_group_states_both_and_the_total(assistant):
    answer = _ask(assistant, "How many papers does the whole collection contain, counting the other group's too?")
    assert answer.meta["plan"]["scope"] == "all" and "79" in answer.answer and "29" in answer.answer


def test_how_many_times_of_a_result_is_no_citation_count(tanaka):
    answer = _ask(tanaka, "In her paper on cross-coupling in water, how many times could the catalyst phase be reused?")
    assert answer.meta["plan"]["route"] != "citations"
    assert "five" in answer.answer and "not Keiko Tanaka's" in answer.answer


def test_how_many_times_cited_is_still_a_citation_count(tanaka):
    answer = _ask(tanaka, "How many times has the sea-ice charting paper been cited?")
    assert answer.meta["plan"]["route"] == "citations"


@pytest.mark.parametrize(
    "question",
    [
        "hello! broadly speaking, what field does this researcher work in?",
        "hey, before I dig in: what's the general area of these papers?",
        "Whose publications are these, and what are they broadly about?",
    ],
)
def test_the_field_asked_with_asides_around_it_is_the_overview(tanaka, question):
    answer = _ask(tanaka, question)
    assert answer.meta["plan"]["route"] == "overview" and "Sea-ice" in answer.answer


@pytest.mark.parametrize("question", ["what area of sea ice does she work on?", "what is the drift paper about?"])
def test_a_topic_or_one_paper_left_beside_the_field_is_not_the_overview(tanaka, question):
    assert _ask(tanaka, question).meta["plan"]["route"] != "overview"
