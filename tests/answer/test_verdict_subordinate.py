"""A yes/no question whose asked clause follows a clause setting the scene with "when" or "where" is read as one,
while "when" before an auxiliary still asks for a date."""

from __future__ import annotations

from assistant.answer.plan.phrases.claims import yes_no


def test_a_scene_set_by_when_before_the_asked_clause_is_still_a_yes_no_question():
    found = yes_no("When they quantized the classifier for the FPGA, did it lose less than one point of accuracy?")
    assert found is not None and found.form == "clause"
    assert yes_no("When did he publish MoQE?") is None
    assert yes_no("When was it, did he say?") is None
