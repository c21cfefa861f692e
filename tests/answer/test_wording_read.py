"""Wordings a first-contact round met that the question's structure already decides (session 20): a contraction
typed without its apostrophe, a topic the frame model reads as all frame under another slot, a pick asked after a
lead-in, a route word inside the question's topic, and a word typed closed where the papers hyphenate it."""

from __future__ import annotations

from assistant.answer.plan.spelling import with_apostrophes
from assistant.models import Filters, Message


def ask(assistant, question: str):
    return assistant.answerer().answer([Message(role="user", content=question)], Filters())


def test_a_contraction_without_its_apostrophe_gets_it_back():
    knows = {"kant"}.__contains__
    assert with_apostrophes("which of her papers dont use X? it doesnt", knows) == (
        "which of her papers don't use X? it doesn't"
    )
    # an English word or a corpus word that ends the same way stays
    assert with_apostrophes("the ant and Kant", knows) == "the ant and Kant"


def test_a_negation_typed_without_its_apostrophe_leaves_the_topic_out(tanaka):
    answer = ask(tanaka, "which of her papers dont use graph neural networks?")
    cited = [c.title for c in answer.citations]
    assert cited, answer.answer
    assert not any("Graph Neural Networks" in (t or "") for t in cited), answer.answer


def test_a_topic_read_as_all_frame_under_a_date_slot_is_wording(tanaka):
    answer = ask(tanaka, "From her 2023 and 2024 output, which papers don't involve Sentinel-1 data?")
    assert answer.citations, answer.answer
    assert "“output” as the question's wording" in answer.answer, answer.answer
    assert all(c.year in (2023, 2024) for c in answer.citations), answer.answer


def test_a_pick_after_a_lead_in_asks_nothing_more(assistant):
    answer = ask(assistant, "Of his 2026 papers, which is the oldest?")
    assert answer.answer.startswith("The earliest"), answer.answer
    assert "second part of the question" not in answer.answer, answer.answer


def test_code_where_the_question_puts_its_topic_is_the_topic(assistant):
    answer = ask(assistant, "What has he worked on in terms of compiler code generation?")
    assert "have code" not in answer.answer, answer.answer
    assert any("2506.21960" in (c.arxiv_id or "") for c in answer.citations), answer.answer


def test_a_word_typed_closed_where_the_paper_hyphenates_it_is_the_papers(tanaka):
    answer = ask(tanaka, "Did the small-satellite ice classifier run 4-bit weights on an onboard GPU?")
    assert answer.answer.startswith("No"), answer.answer
    assert any("On-Board" in (c.title or "") for c in answer.citations), answer.answer
