"""A claim that the work does more than something ("not only accuracy and speed") asserts no exclusivity, and
"performance as well as power" lists what the work weighs: neither is a false premise."""

from __future__ import annotations

from assistant.answer.evidence.claim_terms import foils
from assistant.answer.write.premises import _EXCLUSIVE
from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message


def test_not_only_is_no_exclusive_premise():
    assert _EXCLUSIVE.search("does it run only on GPUs?")
    assert not _EXCLUSIVE.search("the metrics consider power and cost, not only accuracy and speed")
    assert not _EXCLUSIVE.search("does it cover cost, and not just speed?")


def test_as_well_as_sets_nothing_against_the_work():
    sentence = "We propose metrics considering both accuracy, performance as well as power and cost."
    assert not any(s <= sentence.index("power") < e for s, e in foils(sentence))
    native = "It enables performance as native C or Fortran."
    assert any(s <= native.index("Fortran") < e for s, e in foils(native))


def test_a_claim_of_more_than_speed_is_met_by_the_metrics_that_weigh_it(assistant):
    question = "Do the HPC AI500 metrics take power and cost into account too, not just accuracy?"
    text = assistant.answer([Message(role="user", content=question)], Filters()).answer
    assert verdict(text)[0] == "yes" and "power and cost" in text, text
