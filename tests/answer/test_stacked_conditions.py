"""Conditions a stacked list question states are each read and kept (session 30): the list's own "which of his X
papers" clause after a fronted condition is not a second ask; the principal author's position held by someone else
said after the verb; a verb of leaving out governs every kind it lists."""

from __future__ import annotations

from dataclasses import replace

from assistant.answer.plan.one_reached import asked_of_one
from assistant.answer.plan.phrases import record
from assistant.answer.plan.phrases.governs import governed
from assistant.answer.plan.phrases.who import NOT_POSITION
from assistant.models import Filters, Message


def _stub(assistant, question):
    plan = assistant.answerer().planner.plan([Message(role="user", content=question)], Filters())
    return replace(plan, route="list", named=[], focus=[])


def test_the_lists_own_clause_after_a_condition_is_no_further_ask(assistant):
    for question in (
        "Between 2020 and 2022, which of his computational-chemistry papers name the supercomputer they ran on?",
        "which of his papers name the specific supercomputer they ran on (e.g. Tianhe-2)?",
        "Which journal articles from 2020 to 2022 did she first-author? Leave out preprints and conference papers.",
    ):
        plan = _stub(assistant, question)
        assert asked_of_one(plan, lambda p: ["one"]) is plan, question
    plan = _stub(assistant, "Which of his papers was sent to ISCA first? How many kernels was it evaluated on?")
    assert asked_of_one(plan, lambda p: ["one"]).focus == ["one"]  # a real second ask still goes to the one paper
    # a pick of one paper, its verb in the singular, is no list ("which of his papers is that, and what …?": r16s69)
    plan = _stub(
        assistant,
        "A ResNext50 cut by 70% that beats the original: which of his papers is that, and what does it propose?",
    )
    assert asked_of_one(plan, lambda p: ["one"]).focus == ["one"]


def test_a_position_held_by_someone_else_said_after_the_verb():
    for said in (
        "Which of her Sentinel-1 papers from before 2023 were led by someone else?",
        "Which sea-ice papers from 2021-2022 was she on without being the lead author?",
        "papers first-authored by another author",
        "where he is not being the first author",
    ):
        assert NOT_POSITION.search(said), said
    assert not NOT_POSITION.search("Which papers were led by Ole Hansen?")
    assert not NOT_POSITION.search("Which of her papers did she lead?")


def test_a_verb_of_leaving_out_governs_each_kind_it_lists():
    q = "Which journal articles did she first-author? Leave out preprints and conference papers."
    assert governed(q, q.index("conference"))[0]
    assert not governed(q, q.index("journal"))[0]
    q = "Which ended up in a journal (so not a conference, workshop or bare preprint)?"
    between = q[q.index("conference") + len("conference") : q.index("workshop")]
    assert record.JOINED.match(between)  # the comma lists the workshop under the same "not"
