"""Three readings of a question's form that every reader shares: "which of his papers are about X" selects papers by a
topic (no kind named across them), "what's the problem with X" asks a motivation as "what is the problem" does, and
"which came first" picks by date among the papers shown, as "which came out first" does."""

from __future__ import annotations

import pytest

from assistant.answer.evidence import asked
from assistant.answer.evidence.across import asked_kind
from assistant.answer.plan import phrases
from tests.conftest import converse, titles


@pytest.mark.parametrize(
    "question",
    [
        "Which of his papers are about training large models on cheap hardware?",
        "Which of her works are about using satellites to track sea ice?",
        "What publications did he use to evaluate the compiler?",
    ],
)
def test_papers_selected_by_a_topic_are_no_kind_named_across_them(question):
    assert asked_kind(question, [], []) is None


@pytest.mark.parametrize(
    ("question", "kind"), [("Which GPUs did he use?", "GPUs"), ("What datasets has he used?", "datasets")]
)
def test_a_kind_asked_across_the_papers_is_still_read(question, kind):
    assert asked_kind(question, [], []) == kind


def test_papers_on_a_topic_with_a_verb_of_use_are_listed_by_topic(assistant):
    (answer,) = converse(assistant, "Which of his papers are about training large models cheaply on low-cost hardware?")
    assert answer.meta["route"] == "list"
    cited = " ".join(titles(answer))
    assert "Block Coordinate Descent" in cited and "MoE-DisCo" in cited


@pytest.mark.parametrize(
    "question",
    [
        "what's the problem with incidence angle in that paper?",
        "What is the main limitation of earlier iceberg detectors?",
        "What was the bottleneck they ran into?",
    ],
)
def test_a_problem_asked_with_a_copula_or_a_contraction_is_a_motivation(question):
    assert asked.read(question).roles[:1] == ("motivation",)


def test_a_motivation_asked_with_a_contraction_quotes_the_problem(tanaka):
    (answer,) = converse(tanaka, "what's the problem with incidence angle that the correction paper fixes?")
    assert answer.meta["route"] == "why"
    assert "differs between ice types" in answer.answer


@pytest.mark.parametrize(
    ("question", "pick"),
    [
        ("which of those came first?", "earliest"),
        ("which one appeared last?", "latest"),
        ("was published first", "earliest"),
    ],
)
def test_date_picks_read_alike_everywhere(question, pick):
    assert phrases.date_pick(question)[0] == pick


def test_which_came_first_among_the_papers_shown_is_the_earliest(tanaka):
    *_, answer = converse(tanaka, "Which papers did Tanaka co-write with Yuki Sato?", "which one appeared first?")
    assert answer.meta["route"] == "earliest"
    assert titles(answer)[0].startswith("Domain Adaptation Between Sentinel-1 and RADARSAT-2")


@pytest.mark.parametrize(
    ("question", "months"),
    [
        ("How many of his dated papers came out in an April?", (4,)),
        ("Which of her papers appeared in a June or July?", (6, 7)),
        ("Anything published in a March (any year)?", (3,)),
    ],
)
def test_a_month_said_with_an_article_is_that_month_of_any_year(question, months):
    assert phrases.dates(question).months_of_year == months
