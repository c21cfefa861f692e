"""A claim with several counts is read in parts (write/verdict_parts.py): each count with what it counts, and a No of
a part is the claim's No."""

from __future__ import annotations

from assistant.answer.evidence.alignment import met_as_said
from assistant.answer.write.premises import NO, UNSAID, YES, Verdict
from assistant.answer.write.verdict_parts import combined, parts


def test_counts_joined_by_over_and_or_across_are_parts():
    assert parts("looked at about 37 models over 80-plus benchmarks") == [
        "looked at about 37 models",
        "looked at 80-plus benchmarks",
    ]
    assert parts("pooled results from 37 models over more than 80 benchmarks") == [
        "pooled results from 37 models",
        "pooled results from more than 80 benchmarks",
    ]
    assert parts("group them into 6 primary abilities and 11 sub-abilities") == [
        "group them into 6 primary abilities",
        "group them into 11 sub-abilities",
    ]


def test_a_figure_that_qualifies_another_keeps_the_claim_whole():
    assert parts("reach 0.91 F1 against 0.64 for CFAR") == []  # a comparison's other side
    assert parts("cut memory by 485x and time by 11x") == []  # factors, not counts
    assert parts("reach 82% with 5% of the labels") == []
    assert parts("ran on 48 GPUs") == []


def test_a_part_that_is_a_no_makes_the_yes_a_no():
    whole = Verdict(YES, "s", "every figure stated")
    said = {"looked at about 37 models": Verdict(NO, "t", "stated otherwise: 37 (stated as 80)")}
    out = combined("looked at about 37 models over 80 benchmarks", whole, lambda p: said.get(p, whole))
    assert out.word == NO and out.sentence == "t" and "37 models" in out.why
    # a Yes of every part keeps the Yes; any other verdict of the whole stands
    assert combined("looked at 37 models over 80 benchmarks", whole, lambda p: whole) is whole
    unsaid = Verdict(UNSAID, "s", "not stated")
    assert combined("looked at 37 models over 80 benchmarks", unsaid, lambda p: Verdict(YES, "s", "")) is unsaid


def test_a_figure_said_roughly_is_met_within_its_interval():
    stated = ["It can increase the performance of the program, on average, by 8.31%."]
    assert met_as_said("speed up by roughly 8% on average", "8", stated)
    assert met_as_said("get around a 8% speedup", "8", stated)  # an article between the word and its figure
    assert not met_as_said("speed up by 8% on average", "8", stated)  # exact: stated as written or not at all
    assert not met_as_said("speed up by roughly 12% on average", "12", stated)
