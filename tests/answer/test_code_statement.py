"""A paper that says in its abstract that its code is or will be released counts when the question asks what the
papers say of their code, not when it asks for a listing's Code mark."""

from __future__ import annotations

from assistant.answer.evidence.code_statement import code_statement
from assistant.answer.plan import phrases
from assistant.models import Filters, Message
from tests.conftest import make_paper


def test_the_sentence_that_says_the_code_is_released():
    said = "The code will be made public."
    assert code_statement(make_paper(abstract=f"We expand the model into low-bit bases. {said}")) == said
    paper = make_paper(abstract="We improve code generation on public benchmarks by a wide margin of accuracy.")
    assert code_statement(paper) is None  # code and "public" far apart, neither about the paper's code


def test_what_the_papers_say_of_their_code_is_asked_apart_from_a_mark():
    assert phrases.CODE_SAID.search("Which of his papers say their code is, or will be, publicly available?")
    assert phrases.CODE_SAID.search("Which of his papers state that their code will be made public?")
    assert not phrases.CODE_SAID.search("Which papers on his profile carry a Code tag?")
    assert not phrases.CODE_SAID.search("How many of the author's papers come with code?")


def test_a_stated_release_is_listed_only_when_asked_what_they_say(assistant):
    def cited(question):
        answer = assistant.answer([Message(role="user", content=question)], Filters())
        return {c.arxiv_id for c in answer.citations}

    stated_only = "2412.06865"  # FP=xINT: "The code will be made public.", no Code mark, no link
    assert stated_only in cited("Which of his papers say their code is or will be released?")
    assert stated_only not in cited("Which of his papers have code?")


def test_negated_words_about_the_papers_code_are_no_topic():
    assert phrases.code_asked("anything about their code")
    assert phrases.code_asked("releasing code")
    assert phrases.code_asked("code available")
    assert phrases.code_asked("their code will be released")
    assert not phrases.code_asked("code generation")  # a topic that names code
    assert not phrases.code_asked("the MiniFE code")  # a named program
    negation = phrases.negated("Which of his model compression papers don't say their code will be released?")
    assert negation and negation.topic == "their code will be released"  # "their" is the papers', not an author
    assert phrases.negated("Which of his papers say nothing about releasing their code?")


def test_papers_without_code_are_the_topics_papers_less_those_with_code(assistant):
    def read(question):
        answer = assistant.answer([Message(role="user", content=question)], Filters())
        return answer.meta["plan"], {c.arxiv_id for c in answer.citations}

    for question in (
        "Which of his quantization papers don't say anything about their code?",
        "Which of his papers on quantization never mention releasing code?",
        "Which of his quantization papers come with no code available?",
    ):
        plan, cited = read(question)
        assert plan["route"] == "code" and plan["code_absent"] and plan["topic"] == "quantization", question
        assert plan["negated_topic"] is None
        assert cited and "2412.06865" not in cited and "2412.06868" not in cited, question  # FP=xINT, LLC: code
        assert "2202.05137" in cited, question  # a quantization paper that says nothing of its code


def test_programs_named_or_of_a_kind_are_topics_not_the_papers_code():
    assert not phrases.code_asked("chemistry or density-functional codes")  # r17s58: programs, a negated topic
    assert not phrases.code_asked("density-functional code")
    assert phrases.code_asked("open-source code")
