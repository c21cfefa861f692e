"""A "how" answer that quotes the sentence introducing a thing ("… can be described by a coloring function …") also
quotes the next sentence when it says how that thing is obtained ("To determine the coloring function, we propose
…")."""

from __future__ import annotations

from assistant.answer.evidence.asked import explanation, obtains
from assistant.models import Filters, Message

INTRO = "A schedule is described by a placement map that assigns each stage to a device."
OBTAINED = "To compute the placement map, we solve a small integer program."


def test_a_sentence_saying_how_the_named_thing_is_obtained_comes_with_it():
    assert obtains(OBTAINED, INTRO)
    assert explanation([INTRO, OBTAINED, "It runs fast."], INTRO) == OBTAINED


def test_a_purpose_clause_about_something_else_does_not():
    assert not obtains("To reduce the latency, we overlap transfers.", INTRO)
    assert explanation([INTRO, "To reduce the latency, we overlap transfers."], INTRO) is None


def test_how_the_sharing_groups_are_decided_quotes_the_criterion(assistant):
    q = "In Geo-Sharing, how are the inter-layer sharing groups decided?"
    text = assistant.answer([Message(role="user", content=q)], Filters()).answer
    assert "coloring function" in text and "Hessian" in text, text
