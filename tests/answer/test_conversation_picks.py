"""Conversations and question shapes a first user tried (issue 21, round 3): "the other one, not the X one", "the X
paper he put out a year after that one", "and what about X?", both groups named with possessives, comparisons said
with "contrast" / "set against" / "how do … differ", a negation inside one paper's description, and a negated source
("not on arXiv"). The wordings here are paraphrases; the question sets hold the originals."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.models import Message


def converse(assistant, *turns):
    messages, answer = [], None
    for t in turns:
        messages.append(Message(role="user", content=t))
        answer = assistant.answer(messages)
        messages.append(Message(role="assistant", content=answer.answer))
    return answer


def cited(answer) -> list[str]:
    return list(dict.fromkeys(c.paper_id for c in answer.citations))


# --- the phrases -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Across both Lee's papers and the other group's, which ones use GPUs?",
        "Counting her papers as well as the other researchers', how many are on ice?",
        "Among the other group's papers and his, which are about sorting?",
        "his papers and the other group's",
    ],
)
def test_both_groups_said_with_possessives_is_both(question):
    assert phrases.both_groups(question)


def test_the_other_group_alone_is_not_both():
    assert not phrases.both_groups("Which of the other group's papers are about sorting?")


@pytest.mark.parametrize(
    "question",
    [
        "Over both research groups here, which papers use GPUs?",
        "Sorting papers from either lab?",
        "Which papers mention buoys, whoever authored them?",
        "Does anybody in the library work on sorting?",
        "What is there on ice, Lee's own work and anybody else's?",
        "Include all the groups: who works on sorting?",
    ],
)
def test_both_groups_said_with_a_group_word_or_anyone_is_both(question):
    assert phrases.both_groups(question)


@pytest.mark.parametrize(
    "question",
    [
        "Which group of his papers is about sorting?",
        "Compare his sorting paper with the other group's: what does each report?",
        "Which of his papers use groups of GPUs?",
    ],
)
def test_a_group_word_without_both_sides_is_not_both(question):
    assert not phrases.both_groups(question)


@pytest.mark.parametrize(
    "question",
    [
        "Contrast the two sorting methods.",
        "Set the static scheme against the dynamic one: what does each do?",
        "How does the first paper's method differ from the second's?",
        "How do they differ in what they measure?",
    ],
)
def test_comparisons_said_in_so_many_words(question):
    assert phrases.COMPARISON.search(question)


def test_different_alone_is_no_comparison():
    assert not phrases.COMPARISON.search("Is there a different paper on sorting?")


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Which of his 2021 papers are not on arXiv?", "arxiv"),
        ("Which papers were never posted to arXiv?", "arxiv"),
        ("Which of her papers did not appear in a journal?", "journal article"),
        ("Which of her papers weren't published in journals?", "journal article"),
        ("Which papers are not about arXiv data?", None),
        # whatever verb the negation governs the source through
        ("which of her 2020 and 2021 papers never went on arXiv?", "arxiv"),
        ("Which of her papers never went up on arXiv?", "arxiv"),
        ("Which of her papers never made it into a journal?", "journal article"),
        # a negation of another condition, then a new predicate
        ("Which of her papers not about sea ice are on arXiv?", None),
        # "no" negates the noun after it, not where the feed is
        ("Which of her arXiv preprints have no journal reference or DOI in the arXiv feed?", None),
        ("Which of her arXiv postings never got a journal reference in the arXiv feed?", None),  # a modifier
    ],
)
def test_a_negated_source_is_a_field_not_a_topic(question, kind):
    assert phrases.not_in_source(question)[0] == kind


def test_a_negation_inside_one_papers_description_is_not_a_filter():
    described = "He wrote a paper on sorting lists without any extra memory. How fast was that?"
    assert phrases.negated(described) is None
    # Asked in the question sentence itself, or over several papers, it still filters.
    assert phrases.negated("Which of his papers are not about sorting?").topic == "sorting"
    assert phrases.negated("He wrote a paper on X. Which of his other papers do not use GPUs?").topic == "GPUs"
    assert phrases.negated("Is there a paper on sorting that does not use extra memory?") is not None


@pytest.mark.parametrize(
    "question", ["And what about the other ice type?", "what about 8 bits?", "Okay, how about the larger model?"]
)
def test_what_about_asks_the_previous_question_again(question):
    assert phrases.WHAT_ABOUT.search(question)


def test_what_about_needs_to_open_the_question():
    assert not phrases.WHAT_ABOUT.search("Which papers talk about what about means?")


# --- on the seed corpus ----------------------------------------------------------------------------------------

STENCIL_OUTER_PRODUCT = "2310.16298"
SPARSE_STENCIL = "2506.22969"


def test_a_confirmation_tag_and_a_loose_count_are_not_the_topic(assistant):
    answer = converse(assistant, "He wrote a couple of papers about stencil computations, right?")
    assert {STENCIL_OUTER_PRODUCT, SPARSE_STENCIL} <= set(cited(answer)), answer.answer


def test_the_other_one_not_the_x_one_is_the_paper_left(assistant):
    answer = converse(
        assistant,
        "Does he have papers about stencil computations?",
        "Now the other one, not the sparse tensor core paper.",
        "Which hardware instruction does it use?",
    )
    assert cited(answer) == [STENCIL_OUTER_PRODUCT]
    assert "outer product" in answer.answer


def test_the_x_paper_a_year_after_that_one_is_on_x_and_a_year_later(assistant):
    answer = converse(
        assistant,
        "Which benchmark paper did he write in 2019?",
        "And the benchmark paper from about a year after that one?",
    )
    titles = [assistant.answerer().corpus.by_id[i].label for i in cited(answer)]
    assert titles and titles[0].startswith("AIPerf"), answer.answer
    follow = converse(
        assistant,
        "Which benchmark paper did he write in 2019?",
        "And the benchmark paper from about a year after that one?",
        "On how many nodes was it evaluated at most?",
    )
    assert "512 nodes" in follow.answer


def test_contrast_asks_a_comparison_of_the_two_described(assistant):
    answer = converse(assistant, "Contrast the static and the dynamic HONPAS algorithms: how does each one work?")
    assert len(cited(answer)) == 2, answer.answer


def test_set_against_the_other_one_compares_the_two(assistant):
    answer = converse(assistant, "Set the static HONPAS algorithm against the dynamic one: how is the work split?")
    labels = [assistant.answerer().corpus.by_id[i].label.casefold() for i in cited(answer)]
    assert len(labels) == 2 and "static" in labels[0] and "dynamic" in labels[1], answer.answer


def test_both_groups_with_a_surname_possessive_lists_both(assistant):
    answer = converse(
        assistant, "Taking both Zhang's papers and the other group's, which papers are about mixture-of-experts models?"
    )
    owners = {assistant.answerer().corpus.by_id[i].is_author_work for i in cited(answer)}
    assert owners == {True, False}, answer.answer


# --- on the second corpus ----------------------------------------------------------------------------------------


def test_what_about_keeps_the_previous_paper_and_question(tanaka):
    answer = converse(
        tanaka,
        "What does her paper on correcting incidence-angle effects do?",
        "Which slope did it find for multi-year ice?",
        "And what about first-year ice?",
    )
    assert len(cited(answer)) == 1 and "Incidence-Angle" in tanaka.answerer().corpus.by_id[cited(answer)[0]].label
    assert "-0.21" in answer.answer


def test_a_described_paper_with_a_negation_is_asked_a_fact(tanaka):
    answer = converse(
        tanaka,
        "There is a paper of hers that adapts an ice classifier from one SAR satellite to another without target "
        "labels. What accuracy did it get?",
    )
    assert "82%" in answer.answer and len(cited(answer)) == 1


def test_not_on_arxiv_filters_by_the_arxiv_id(tanaka):
    answer = converse(tanaka, "Which of her 2023 papers were never posted to arXiv?")
    corpus = tanaka.answerer().corpus
    papers = [corpus.by_id[i] for i in cited(answer)]
    assert papers and all(not p.arxiv_id and p.year == 2023 for p in papers), answer.answer
    every = [p for p in corpus.papers if p.year == 2023 and p.is_author_work and not p.arxiv_id]
    assert {p.id for p in papers} == {p.id for p in every}
