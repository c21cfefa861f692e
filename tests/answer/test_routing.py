"""Routing by meaning: the nearest labelled examples choose the route; a route word inside another phrase does not."""

from __future__ import annotations

import pytest

from assistant.answer.plan.router import form_of, form_words, load_examples
from assistant.models import Filters, Message

ROUTES = {
    "fact",
    "how",
    "why",  # a stated motivation, quoted (write/by_role.py)
    "verify",  # a yes/no question: a verdict first (write/verdict.py)
    "summary",
    "compare",
    "list",
    "count",
    "per_year",
    "earliest",
    "latest",
    "coauthors",
    "authors",
    "when",
    "arxiv",
    "attribution",
    "overview",
    "code",
    "categories",
    "greeting",
}


def plan(assistant, question):
    return assistant.answerer().plan([Message(role="user", content=question)], Filters())


def test_every_example_has_a_known_label_and_the_form_view_masks_topic_words():
    rows = load_examples()
    assert len(rows) >= 200 and {label for label, _ in rows} <= ROUTES
    vocabulary = form_words([text for _, text in rows])
    assert form_of("How does Jane Doe reshape irregular stencil patterns?", vocabulary) == "How does Jane Doe X ?"
    assert {"which", "papers", "first", "author"} <= vocabulary


@pytest.mark.parametrize(
    "question",
    [
        "Which code generator does SparStencil use to produce its kernels?",  # "code" is not the code route
        "Which categories of stencils does SparStencil evaluate?",  # nor "categories" the arXiv categories
        "Which collaborators' tools did the Caffe study compare?",  # nor "collaborators" the co-authors
    ],
)
def test_a_route_word_inside_an_unrelated_phrase_does_not_pick_its_route(assistant, question):
    p = plan(assistant, question)
    # Answered from the paper's sentences (a fact, or a method read by role when the vote says "how"): never the
    # table route the word names.
    assert p.route in ("fact", "how"), (p.route, p.vote)


def test_the_vote_decides_and_the_plan_shows_it(assistant):
    p = plan(assistant, "Did Yunquan Zhang ever try speculative decoding to make LLM generation faster?")
    assert p.vote.label == "list" and p.vote.sure and p.route == "list"
    shown = p.explain()
    assert shown["answer_type"] == "list" and shown["route_confidence"] >= 0.6
    assert shown["nearest_examples"][0]["label"] == "list"
    # Two similar examples of another label do not outvote a near copy of one example.
    p = plan(assistant, "Which papers did Qiang Wang write as last author?")
    assert p.vote.label == "list" and p.route == "list" and p.position == -1


@pytest.mark.parametrize(
    "question, route",
    [
        ("When did he start publishing on quantization?", "earliest"),  # not the date of one paper
        ('Is "DeAR" his work?', "attribution"),  # a claim of authorship, not a quoted topic
        ("What does SwarmThinkers achieve on a single GPU?", "fact"),  # one fact of a named paper, not its summary
        ("What's the newest thing he has put out?", "latest"),
    ],
)
def test_wordings_without_route_keywords_reach_their_route(assistant, question, route):
    p = plan(assistant, question)
    assert p.route == route, (p.route, p.vote, p.notes)


@pytest.mark.parametrize(
    "question", ["Count the corpus papers where he is not an author.", "How many papers is he not a co-author of?"]
)
def test_negated_authorship_is_a_scope_slot(assistant, question):
    a = assistant.answer([Message(role="user", content=question)])
    assert a.meta["plan"]["scope"] == "others" and a.meta["plan"]["route"] == "count"
    assert "50" in a.answer.split(":")[0] and not any(c.is_author_work for c in a.citations)


def test_a_year_range_from_on_and_a_topic_read_as_one_phrase(assistant):
    a = assistant.answer([Message(role="user", content="Which of his papers from 2022 or later mention GPUs?")])
    assert a.meta["plan"]["years"] == [2022, None] and " on on " not in a.answer
    assert a.citations and all(c.year >= 2022 and c.is_author_work for c in a.citations)
