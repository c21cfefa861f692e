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
