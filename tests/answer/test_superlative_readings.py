"""Superlatives and counts over what the papers report and what the table holds: a number that is part of a name
("ResNet-50", "Sentinel-2") is no figure, a noun's verb form ("modeling") reports no size of it, "posted on arXiv" is
a field of the table, "the earliest arXiv submission" a pick by date, and "distinct" co-authors no topic."""

from __future__ import annotations

from assistant.answer.evidence.quantity import extreme
from assistant.answer.plan import phrases
from tests.asking import ask
from tests.conftest import make_paper


def test_a_number_in_a_name_is_no_figure():
    paper = make_paper(abstract="On VGG-19 and Landsat-8 tiles the detector reaches 88.5% accuracy.")
    found = extreme("accuracy", [paper], 1)
    assert [r.value for r in found] == [88.5]
    # the figure after the noun and a comma: "beats the baseline's accuracy, reaching 91.2%"
    other = make_paper(id="q", abstract="Pruned to a third, ViT-22 beats the baseline's accuracy, reaching 91.2%.")
    assert [r.value for r in extreme("accuracy", [other], 1)] == [91.2]


def test_a_verb_form_of_the_noun_reports_no_size_of_it():
    paper = make_paper(
        abstract="We push continuum modeling to a hundred billion cells. We distil the result into a 13B model."
    )
    assert [r.said for r in extreme("model", [paper], 1)] == ["13B"]


def test_posted_on_arxiv_is_a_table_field():
    assert phrases.has_fields("How many of her papers were uploaded to arXiv before 2023?")[0] == (("arxiv", True),)
    assert phrases.has_fields("Which of his papers are not posted on arXiv?")[0] == ()
    assert phrases.has_fields("Which of her papers were never put on arXiv?")[0] == ()  # not_in_source reads it


def test_the_earliest_arxiv_submission_is_picked_by_date(assistant):
    answer = ask(assistant, "Which of his works was his earliest arXiv submission?")
    mine = [p for p in assistant.table().papers if p.is_author_work and p.arxiv_id and p.date]
    first = min(mine, key=lambda p: p.date)
    assert answer.meta["plan"]["route"] == "earliest"
    assert answer.citations[0].paper_id == first.id


def test_distinct_coauthors_are_no_topic(assistant):
    answer = ask(assistant, "How many unique co-authors has he published with?")
    assert answer.meta["plan"]["aggregate"] == "distinct of coauthor" and answer.meta["plan"]["topic"] == ""
    assert answer.citations
