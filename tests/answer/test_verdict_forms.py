"""Yes/no questions in the forms people write them: a statement tagged after a dash ("… - true?"), a paper named by
a quoted short title, "is X one of <author>'s?", and a claim using an acronym the paper writes out in full."""

from __future__ import annotations

import pytest

from assistant.answer.evidence.acronyms import spelled_out
from assistant.answer.plan.phrases import polar, unquoted
from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message


def ask(assistant, question: str) -> str:
    return assistant.answer([Message(role="user", content=question)], Filters()).answer


@pytest.mark.parametrize(
    "question",
    ["MoQE halves the memory - right?", "The model needs no labels — true?", "It ran on 8 GPUs – correct?"],
)
def test_a_statement_tagged_after_a_dash_is_a_yes_no_question(question):
    assert polar(question)


def test_a_dash_inside_a_question_is_no_tag():
    assert not polar("What does the low-bit paper - the FP=xINT one - report?")


def test_quote_marks_come_off_a_quoted_phrase_only():
    assert unquoted("Did the 'Dataset Matters' paper say so?") == "Did the Dataset Matters paper say so?"
    assert unquoted("isn't it?") == "isn't it?"


def test_an_acronym_is_held_when_the_text_writes_it_out():
    assert spelled_out("ML", "an upper bound of parallel scalability for machine learning algorithms")
    assert spelled_out("LLMs", "serving large language models")
    assert not spelled_out("GPU", "an upper bound of parallel scalability for machine learning algorithms")
    assert not spelled_out("ml", "machine learning")  # a lower-case word is no acronym


def test_a_dash_tagged_claim_with_a_wrong_figure_opens_with_no(assistant):
    text = ask(assistant, "The FP=xINT abstract says 4-bit ResNet-50 landed at 75.2% — true?")
    assert verdict(text)[0] == "no", text
    assert "77.03%" in text


def test_a_quoted_short_title_names_the_paper_and_gets_a_verdict(assistant):
    text = ask(
        assistant, "Did the 'Dataset Matters' paper find that ML algorithms hit an upper bound of parallel scalability?"
    )
    assert verdict(text)[0] == "yes", text
    assert "upper bound of parallel scalability" in text


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("Is the FSMoE sparse mixture-of-experts training system one of Yunquan Zhang's?", "FSMoE"),
        ("Is the Mediator LLM merging paper one of the author's?", "Mediator"),
    ],
)
def test_one_of_his_about_another_groups_paper_is_a_no_naming_its_authors(assistant, question, title):
    text = ask(assistant, question)
    assert verdict(text)[0] == "no", text
    assert title in text and "not Yunquan Zhang's paper" in text
