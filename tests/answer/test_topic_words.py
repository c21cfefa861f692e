"""Which words of a question make its topic, in fresh wordings: the object a paper noun ends is the topic, and what
follows the noun ("thx", "contain findings") is the frame, dropped unless the papers in scope use it."""

from __future__ import annotations

from assistant.answer.plan.content import content_of
from assistant.models import Filters, Message


def test_a_paper_noun_ends_the_object_it_follows():
    q = "Which of the lab's articles contain findings concerning Svalbard?"
    assert content_of("contain findings Svalbard", q) == "Svalbard"
    assert content_of("tensor compiler thx", "a rundown of his tensor compiler publications thx") == "tensor compiler"
    # a word the papers use stays, and a topic with no paper noun keeps its object whole
    assert content_of("findings Svalbard", q, lambda w: w == "findings") == "findings Svalbard"
    assert content_of("KV cache compression LLMs", "any work on KV cache compression for LLMs?") == (
        "KV cache compression LLMs"
    )


def test_trailing_request_words_do_not_empty_a_topic(tanaka):
    answer = tanaka.answer([Message(role="user", content="a summary of her snow depth research thx")], Filters())
    assert answer.meta["plan"]["topic"] == "snow depth"
    assert "Snow Depth on Sea Ice from Dual-Frequency Altimetry" in {c.title for c in answer.citations}
