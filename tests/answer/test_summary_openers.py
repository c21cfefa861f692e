"""Openers that ask for a summary of a topic's papers in other words than "summarize" or "overview": "sum up", "the
big picture" (phrases.SUMMARY_ASKED), so they reach the topic summary, one contribution line per paper."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.models import Filters, Message


@pytest.mark.parametrize(
    "asked",
    [
        "Could you sum up her glacier work?",
        "Sum it up for me: his papers on stencils.",
        "He summed up his compression work how?",
        "What is the big picture of his research on kernels?",
    ],
)
def test_other_openers_ask_for_a_summary(asked):
    assert phrases.SUMMARY_ASKED.search(asked)


@pytest.mark.parametrize("asked", ["Did the model pick up the ice edge?", "What does the picture show?"])
def test_up_or_picture_alone_asks_for_none(asked):
    assert not phrases.SUMMARY_ASKED.search(asked)


def test_sum_up_reaches_the_topic_summary(tanaka):
    # before, "sum up her work on …" was read as a fact of the paper retrieval puts nearest
    asked = "Can you sum up her work on the uncertainty of sea-ice forecasts and how it is used in decisions?"
    answer = tanaka.answer([Message(role="user", content=asked)], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert len(answer.citations) >= 2
