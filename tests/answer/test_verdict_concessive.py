"""A claim that two things are alike ("also") against a sentence that sets them apart ("While … in humans, … in
LLMs") is a No; a sentence that says they are alike, or a claim that says nothing of likeness, is not read so."""

from __future__ import annotations

from assistant.answer.evidence.concessive import set_apart
from tests.conftest import said_verdict

SENTENCE = "2. While some abilities are considered interrelated in humans, they appear nearly uncorrelated in LLMs;"


def test_a_concessive_sentence_sets_apart_the_two_things_the_claim_says_are_alike():
    claim = "Do abilities that are linked in humans also turn out to be linked in LLMs?"
    assert set_apart(claim, [SENTENCE]) == SENTENCE
    assert set_apart("Did X run on CPUs, with the accuracy on GPUs also higher?", ["X runs on CPUs, but not on GPUs."])


def test_no_likeness_asked_or_likeness_stated_is_not_set_apart():
    assert set_apart("Are abilities linked in humans?", [SENTENCE]) is None
    assert set_apart("Does it also work on GPUs?", ["While it was designed for CPUs, it also runs on GPUs."]) is None


def test_the_meta_study_verdict_is_no(assistant):
    said, text = said_verdict(
        assistant,
        "According to his LLM meta study, do abilities that are linked in humans also turn out to be linked in LLMs?",
    )
    assert said == "no" and "uncorrelated" in text, text
