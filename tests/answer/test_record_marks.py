"""A property of a paper's record stacked with its topic and dates: a listing's Code link, a category said as a tag,
an arXiv listing said as "arXiv-listed" or "first posted to arXiv". Each is a condition of the table, never a topic or a
literal note to look for in the abstracts."""

from __future__ import annotations

from assistant.answer.plan import phrases
from assistant.models import Filters, Message


def _ask(assistant, q: str):
    return assistant.answer([Message(role="user", content=q)], Filters())


def test_a_code_link_and_an_arxiv_listing_are_fields_the_papers_have():
    assert phrases.has_fields("Which of his 2024 papers are marked with a Code link on his profile cards?")[0] == (
        ("code", True),
    )
    assert ("arxiv", True) in phrases.has_fields("Which of his arXiv-listed preprints from 2025 deal with LLMs?")[0]


def test_a_code_link_is_no_literal_note(assistant):
    answer = _ask(assistant, "Which of his 2024 papers are marked with a Code link on his profile cards?")
    plan = answer.meta["plan"]
    assert plan["literal"] is None and plan["has"] == ["code"]
    assert {c.arxiv_id for c in answer.citations} == {"2412.06868", "2412.06867"}  # FP=xINT has no Code link


def test_a_category_said_as_a_tag_is_the_category(assistant):
    plan = _ask(assistant, "His 2026 papers that are tagged DC and are about scientific simulation?").meta["plan"]
    assert plan["categories"] == ["DC"] and plan["literal"] is None
    assert "tagged" not in (plan["topic"] or "") and "DC" not in (plan["topic"] or "")


def test_an_arxiv_listing_in_a_year_stacks_with_the_topic(assistant):
    expected = {"2504.12332", "2506.12037"}
    for q in (
        "Which of his arXiv-listed preprints from 2025 deal with large language models?",
        "Which of his papers first posted to arXiv in 2025 are about large language models?",
    ):
        answer = _ask(assistant, q)
        assert answer.meta["plan"]["route"] == "list", q
        assert {c.arxiv_id for c in answer.citations} == expected, q


def test_a_kind_of_work_read_keeps_the_tables_listing(tanaka):
    """ "arXiv" draws a categories vote; with a kind of work read ("arXiv preprints never got a journal reference"),
    the table's kind lists them, and the words left are no topic."""
    q = "Which of her arXiv preprints never got a journal reference or publication venue in the sources?"
    answer = _ask(tanaka, q)
    assert not answer.meta["plan"]["topic"]
    assert len(answer.citations) == 7
