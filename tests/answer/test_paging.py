"""A long list in pages: a page of LIST_PAGE papers, the rest offered ("And 49 more: ask for the rest"), and "more" or
"show the rest" as the next turn continuing it, page by page, in every view."""

from __future__ import annotations

import io

from assistant.answer.plan.paging import continued_list
from assistant.answer.plan.phrases import MORE
from assistant.answer.plan.plan import LIST_PAGE
from assistant.answer.write.pages import page_of
from assistant.models import Filters, Message
from assistant.repl.plain_view import LineReader, PlainView
from assistant.repl.session import ChatSession

EVERY_PAPER = "List every paper in the corpus."


def test_asking_for_the_rest_is_the_whole_question():
    for said in (
        "more",
        "More please",
        "show me the rest",
        "Show the rest.",
        "next page",
        "and the others?",
        "ok, more",
    ):
        assert MORE.match(said), said
    for said in ("Tell me more about MoQE", "more papers on GPUs?", "What else?", "the rest of his GEMM work"):
        assert not MORE.match(said), said


def _turns(*contents):
    return [Message(role="user" if i % 2 == 0 else "assistant", content=c) for i, c in enumerate(contents)]


def test_the_page_is_counted_from_the_turns_since_the_list_was_asked():
    listed = "His papers (79 papers, newest first):\n- *A* (2024) [1]\nAnd 49 more: ask for the rest, or narrow it."
    cut = "His papers (79 papers, newest first):\n- *A* (2024) [1]"  # a client sent back only the start
    assert continued_list(_turns("list his papers", listed, "more"), 30) == (_turns("list his papers"), 1)
    assert continued_list(_turns("list his papers", cut, "more", cut, "the rest"), 30) == (
        _turns("list his papers"),
        2,
    )
    offered = "Here they are:\n- *A* (2024) [1]\nAnd 49 more: ask for the rest, or narrow it."  # a model's words
    assert continued_list(_turns("list his papers", offered, "more"), 30) == (_turns("list his papers"), 1)
    short = "His papers from 2024 (3 papers, newest first):\n- *A* (2024) [1]"
    assert continued_list(_turns("list his 2024 papers", short, "more"), 30) is None  # nothing was left out
    assert continued_list(_turns("more"), 30) is None


def test_pages_of_a_list():
    class Plan:
        page, page_size = 2, 30

    page = page_of(list(range(79)), Plan)
    assert page.items == list(range(60, 79)) and page.span() == ", 61–79"
    assert page.closing() == ["That is the end of the list."]
    first = page_of(list(range(79)))
    assert len(first.items) == LIST_PAGE and first.rest == 49 and "And 49 more: ask for the rest" in first.closing()[0]
    assert page_of(list(range(29))).closing() == []  # a list that fits a page is whole, with no offer


def test_more_continues_the_list_page_by_page(assistant):
    messages, answers = [], []
    for turn in (EVERY_PAPER, "more", "show me the rest", "more"):
        messages.append(Message(role="user", content=turn))
        answers.append(assistant.answer(messages, Filters()))
        messages.append(Message(role="assistant", content=answers[-1].answer[:4000]))  # as a client cuts it
    first, second, third, past = answers
    assert len(first.citations) == LIST_PAGE and "And 49 more: ask for the rest" in first.answer
    assert len(second.citations) == LIST_PAGE and "31–60:" in second.answer and "And 19 more" in second.answer
    assert len(third.citations) == 19 and "That is the end of the list." in third.answer
    shown = [c.paper_id for a in (first, second, third) for c in a.citations]
    assert len(set(shown)) == 79  # every paper once, none twice
    assert past.citations == [] and "That was the whole list: 79 papers" in past.answer
    assert second.meta["plan"]["page"] == 2


def test_the_plain_repl_shows_the_page_and_the_offer(assistant):
    out, err = io.StringIO(), io.StringIO()
    script = io.StringIO(f"{EVERY_PAPER}\nmore\n")
    ChatSession(assistant, LineReader(script), PlainView(out, err), interactive=False).run()
    text = out.getvalue()
    assert "And 49 more: ask for the rest" in text and "31–60:" in text and "And 19 more" in text


def test_a_models_answer_over_a_page_keeps_the_offer_of_the_rest():
    from assistant import blocks
    from assistant.answer.write.pages import offer_kept
    from assistant.models import Answer

    table_text = (
        "His papers on X (45 papers, newest first):\n- *A* (2024) [1]\nAnd 15 more: ask for the rest, or narrow it."
    )
    table = Answer(answer=table_text, blocks=blocks.parse(table_text))
    written = Answer(answer="A studies X [1].", blocks=blocks.parse("A studies X [1]."), mode="llm")
    kept = offer_kept(table, written)
    assert kept.answer.endswith("And 15 more: ask for the rest, or narrow it.") and kept.mode == "llm"
    whole = Answer(answer="His papers on X (2 papers):\n- *A* [1]", blocks=blocks.parse("His papers on X:\n- *A* [1]"))
    assert offer_kept(whole, written) is written  # nothing was left out: the model's answer as it is


def test_more_after_an_answer_that_is_no_long_list_is_not_a_page():
    superlative = "The largest speedup figure his papers report is 4963x, in *SwarmThinkers* [1]."
    assert continued_list(_turns("what is his largest speedup?", superlative, "more"), 30) is None
