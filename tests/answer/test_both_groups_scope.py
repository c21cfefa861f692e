"""A question whose scope reads both groups (the author's papers and others' together) with no paper named asks for
a set of papers: the keyword guard's or the vote's one-paper fact defers to it."""

from __future__ import annotations

import pytest

from assistant.answer.plan import shape
from assistant.models import Filters, Message


def _plan(assistant, question):
    answerer = assistant.answerer()
    messages = [Message(role="user", content=question)]
    return answerer.planner.plan(messages, Filters()), answerer.plan(messages, Filters())


# writers' questions of the regression sets that the keyword guard read as one paper's fact
@pytest.mark.parametrize(
    "question",
    [
        "reinforcement learning papers in the corpus — both his and the other group's?",
        "matrix multiplication optimization papers across both groups in the corpus?",
    ],
)
def test_a_both_groups_scope_with_no_paper_named_asks_for_papers(assistant, question):
    _, plan = _plan(assistant, question)
    assert plan.route == "list" and plan.scope == "all" and plan.topic


@pytest.mark.parametrize(
    "question",
    ["What does the other group's FSMoE paper do to speed up training?", "What is MoE-DisCo about?"],
)
def test_one_paper_of_the_other_group_is_still_a_fact(assistant, question):
    _, plan = _plan(assistant, question)
    assert shape.SHAPE_OF_ROUTE[plan.route] == "fact"


def test_whose_it_is_said_not_to_matter_asks_for_the_papers_not_one_attribution(tanaka):
    # "Is X by her?" names one paper; "… whether by her or by anyone else?" says authorship does not matter.
    answer = tanaka.answer(
        [
            Message(
                role="user", content="Is there anything in the corpus about sea-ice drift, by her or by anyone else?"
            )
        ],
        Filters(),
    )
    assert answer.meta["plan"]["route"] == "list" and answer.meta["plan"]["scope"] == "all"
    cited = {c.title for c in answer.citations}
    assert {"Ice Drift Forecasts with Graph Neural Networks"} <= cited


def test_an_attribution_of_a_described_paper_stays_one(tanaka):
    answer = tanaka.answer([Message(role="user", content="Is the buoy drift study by her?")], Filters())
    assert answer.meta["plan"]["route"] == "attribution"
    assert answer.answer.startswith("No")


def test_a_topic_nobody_covers_in_either_group_says_the_corpus_once(tanaka):
    answer = tanaka.answer(
        [Message(role="user", content="Is there any paper on lake ice, by her or by anyone else?")], Filters()
    )
    assert not answer.citations
    assert "none of the papers in the corpus is about" in answer.answer


@pytest.mark.parametrize(
    "question, scope",
    [
        ("which papers from the other research group concern inference serving?", "others"),
        ("List the other research group's papers on video generation.", "others"),
        ("Papers by other research groups about LLM serving?", "others"),
        # the only other two authors of a paper are its co-authors: the author's papers, no scope of others
        ("The paper whose only other two authors are Daning Cheng and Yunquan Zhang: what does it use?", "author"),
    ],
)
def test_the_other_group_with_a_word_before_its_noun_is_the_same_scope(assistant, question, scope):
    _, plan = _plan(assistant, question)
    assert plan.scope == scope
    if scope == "others":
        assert plan.topic and not any(w in plan.topic for w in ("group", "research", "server"))


def test_the_author_said_by_given_name_or_surname_alone_reads_both_groups():
    from assistant.answer.plan import phrases

    principal = "Keiko Tanaka"
    for question in (
        "Which papers mention sea-ice drift, including the ones that aren't Keiko's too?",
        "Which papers are on sea-ice drift — including any that aren't Keiko's — and who wrote them?",
        "Which papers are on sea-ice drift, including ones that aren't Tanaka's?",
        "Across the library, including papers that aren't hers — which are on sea-ice drift?",
        "Which papers are on sea-ice drift, whether or not they're Keiko's?",
    ):
        assert phrases.both_groups(question, principal), question
    # the principal's name read from the corpus, never another person's
    assert phrases.denies_authorship("Which of the drift papers aren't Keiko's?", principal)
    assert not phrases.denies_authorship("Which of the drift papers aren't Ingrid's?", principal)
    assert not phrases.both_groups("Which papers on drift are not by Ingrid Berg?", principal)


@pytest.mark.parametrize(
    "question",
    [
        "Which papers are about sea-ice drift, whether or not they're Keiko's?",
        "How many papers in the library have Ingrid Berg as an author, counting ones that aren't Keiko's?",
    ],
)
def test_a_scope_said_with_the_given_name_takes_in_the_other_groups_papers(tanaka, question):
    answer = tanaka.answer([Message(role="user", content=question)], Filters())
    assert answer.meta["plan"]["scope"] == "all", question
    assert "A Decade of Ice-Tethered Buoy Drift in the Transpolar Drift Stream" in {c.title for c in answer.citations}
