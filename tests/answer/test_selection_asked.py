"""A question that states a selection and then asks something of what it selects is answered as the further clause
asked of the papers selected (plan/selection_asked.py): a fact of one, side by side for each of a few."""

from __future__ import annotations

from dataclasses import replace

from assistant.answer.plan.phrases.stated_count import stated_count
from assistant.answer.plan.selection_asked import asked_of_reached, first_clause, stated_part
from assistant.models import Filters, Message
from tests.asking import ask


def plan_of(assistant, question):
    return assistant.answerer().planner.plan([Message(role="user", content=question)], Filters())


def test_the_number_of_papers_a_statement_says():
    assert stated_count("He has two atomistic simulation papers;")[0] == 2
    assert stated_count("She used it in 3 papers.")[0] == 3
    assert stated_count("One of his stencil papers was accepted.") is None  # one member, no size said
    assert stated_count("He ran it on two GPUs.") is None


def test_the_stated_part_and_its_first_clause():
    question = "She has two IGARSS papers. For the earlier one, whose charts gave the labels?"
    stated = stated_part(question, "whose charts gave the labels?")
    assert stated == "She has two IGARSS papers. For the earlier one,"
    assert first_clause(stated) == "She has two IGARSS papers."


def test_the_further_clause_is_asked_of_one_paper_or_of_each_of_a_few(tanaka):
    def listed(question):
        return replace(plan_of(tanaka, question), route="list", named=[], focus=[], compared=[])

    one = listed("Her only 2019 paper was a conference paper. How many scenes was it trained on?")
    assert asked_of_reached(one, lambda p: ["a"], lambda s, described_alone=True: []).focus == ["a"]
    # two papers and no "each": which one is meant is unsaid, the list stands
    assert asked_of_reached(one, lambda p: ["a", "b"], lambda s, described_alone=True: []).route == "list"
    each = listed("She has two papers with Yuki Sato. What does each one improve?")
    assert asked_of_reached(each, lambda p: ["a", "b"], lambda s, described_alone=True: []).compared == ["a", "b"]
    # an ask of which papers, or a field of the record, is the selection's own answer
    for question in (
        "She has two papers with Yuki Sato. Which of them came out first?",
        "Her only 2019 paper was a conference paper. Where was it published?",
    ):
        assert asked_of_reached(listed(question), lambda p: ["a"], lambda s, described_alone=True: []).route == "list"
    # a list that names (describes) its paper already read the pick: its papers are not asked again
    described = replace(
        listed("She has two papers with Yuki Sato. For the foundation one, how big was it?"), named=["x"]
    )
    assert asked_of_reached(described, lambda p: ["a"], lambda s, described_alone=True: []).route == "list"


def test_a_paper_a_stated_selection_reaches_is_asked_the_question(assistant):
    # the whole sentence reads as the kinds of work holding one paper; the statement selects one paper
    answer = ask(
        assistant, "Only one of his papers has Daning Cheng as first author. What kind of bound does it prove?"
    )
    assert answer.meta["plan"]["route"] == "fact"
    assert "Rademacher complexity bound" in answer.answer
    assert [c.title for c in answer.citations][:1] == [
        "A Qualitative Test-Risk Mechanism for Scaling Behavior in Normalized Residual Networks"
    ]


def test_a_counted_selection_less_the_paper_set_aside(tanaka):
    answer = ask(
        tanaka,
        "Two of her papers rely on gradient-boosted trees. Setting aside the leads one, by how much does the other "
        "say the snow thins?",
    )
    assert [c.title for c in answer.citations][:1] == ["Snow Depth on Sea Ice from Dual-Frequency Altimetry"]


def test_each_of_a_few_papers_selected_is_asked_side_by_side(tanaka):
    answer = ask(tanaka, "Yuki Sato co-wrote two of her papers. What does each of them improve?")
    assert answer.meta["plan"]["route"] == "compare"
    assert {c.title for c in answer.citations} >= {
        "A Foundation Model for Polar SAR Imagery",
        "Domain Adaptation Between Sentinel-1 and RADARSAT-2 for Ice Mapping",
    }
