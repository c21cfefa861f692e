"""A list or count whose table selection reaches one paper and asks something further of it is answered as that
paper's fact (plan/one_reached.py); a paper a listing note reaches, described in a statement before the question, is
asked the question (plan/noted.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from assistant.answer.plan import phrases
from assistant.answer.plan.one_reached import asked_of_one, further_ask
from assistant.models import Filters, Message
from tests.asking import ask


def plan_of(assistant, question):
    return assistant.answerer().planner.plan([Message(role="user", content=question)], Filters())


def test_the_one_paper_a_list_selects_is_asked_the_further_question(assistant):
    answer = ask(
        assistant,
        "Which of his papers argues LINPACK cannot reflect AI computing power, and what metric does it use instead?",
    )
    assert answer.meta["plan"]["route"] == "fact"
    assert "operations per second" in answer.answer.lower()
    assert [c.title for c in answer.citations][:1] == ["AIPerf: Automated machine learning as an AI-HPC benchmark"]


def test_a_count_asks_of_its_one_paper_only_what_it_names(assistant):
    def counted(question):  # the plan as a count that names no paper: the selection is the stub's
        return replace(plan_of(assistant, question), route="count", named=[], focus=[])

    plan = counted("Which is his most cited paper? How many does it have?")
    assert asked_of_one(plan, lambda p: ["one"]).route == "count"  # counts nothing it names: the selection's count
    plan = counted("Which is his newest paper? How many GPUs was it run on?")
    assert asked_of_one(plan, lambda p: ["one"]).focus == ["one"]
    assert asked_of_one(plan, lambda p: ["one", "two"]).route == "count"  # two papers: the count stands


def test_the_further_ask_is_read_after_a_dash_and_never_asks_which_papers(assistant):
    assert further_ask("Her 2019 paper (the symposium one) — whose charts gave its labels?") == (
        "whose charts gave its labels?"
    )
    for question in (
        "Of the papers he co-wrote with Kun Li, on which is he not the first author?",
        "Of his papers from 2020, which don't use GPUs?",
    ):
        plan = replace(plan_of(assistant, question), route="list", named=[], focus=[])
        assert asked_of_one(plan, lambda p: ["one"]).route == "list"  # the selection's own question


def test_a_paper_a_listing_note_reaches_in_a_statement_is_asked_the_question(assistant):
    answer = ask(
        assistant,
        "One of his papers was first sent to ISCA'25 and only later accepted elsewhere. How many kernels was it "
        "evaluated on?",
    )
    assert "79" in answer.answer
    assert {c.arxiv_id for c in answer.citations} == {"2506.22969"}


def test_the_paper_a_ranking_picks_is_asked_the_further_question(tanaka):
    # a paraphrase of the writers' "which is the most cited …, and what F1 …?": the ranking picks, the ask is its fact
    answer = ask(tanaka, "Which paper of hers is the most cited, and which detector does it beat?")
    assert answer.meta["plan"]["route"] == "fact"
    assert [c.title for c in answer.citations][:1] == ["Few-Shot Iceberg Detection in Synthetic Aperture Radar Images"]
    assert "constant false alarm rate" in answer.answer
    # asked only which paper, or its count of citations: the ranking's own answer
    for question in (
        "Which paper of hers is the most cited?",
        "Which paper of hers is the most cited, and how many citations does it have?",
    ):
        assert ask(tanaka, question).meta["plan"]["route"] == "metrics"


@pytest.mark.parametrize(
    ("question", "picks"),
    [
        ("Which of her papers is the most cited one in OpenAlex, and what dataset does it use?", True),
        ("Which of his papers is the most cited on Semantic Scholar, and what does it propose?", True),
        ("Where was his most cited paper published?", True),
        ("Which of her papers is the most cited?", False),  # which paper: the ranking
        ("Which paper is the most cited, and how many citations does it have?", False),
        ("What are his most cited papers, and what do they study?", False),  # several: a ranking
    ],
)
def test_a_most_cited_pick_with_a_further_ask_names_its_paper(question, picks):
    assert phrases.most_cited_named(question) is picks


def test_a_ranking_asked_after_a_lead_in_stays_the_ranking():
    assert not phrases.most_cited_named("By Scopus, which of his papers is the most cited, and how many citations?")
