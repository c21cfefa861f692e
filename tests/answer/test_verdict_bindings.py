"""A figure read as the claim says it and bound to the thing it is said of: an amount said by its magnitude ("a few
hundred times") is a range that meets 300x and misses 3,100; a figure the paper states of another name ("6.2 cm
against Operation IceBridge" for "against ICESat-2") is a No, the same figure said of the same name a Yes."""

from __future__ import annotations

import pytest

from assistant.answer.evidence import alignment, bound_names
from assistant.answer.evidence.figures import quantities
from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message

SNOW = [
    "We combine Ku-band CryoSat-2 and laser ICESat-2 freeboards and estimate snow depth as their difference.",
    "The estimate has a root-mean-square error of 6.2 cm against Operation IceBridge and shows snow thinning.",
]


@pytest.mark.parametrize(
    ("text", "low", "high", "kind"),
    [
        ("runs a few hundred times faster", 200, 900, "x"),
        ("on several thousand GPUs", 2000, 9000, "count"),
        ("hundreds of nodes", 200, 900, "count"),
        ("a few hundred thousand cores", 2e5, 9e5, "count"),
        ("a couple of hundred ms", 0.2, 0.9, "time"),
    ],
)
def test_an_amount_said_by_its_magnitude_is_a_range_of_it(text, low, high, kind):
    (q,) = quantities(text)
    assert (q.low, q.high, q.kind) == (pytest.approx(low), pytest.approx(high), kind)


def test_a_round_magnitude_alone_stays_the_figure_it_names():
    assert [(q.low, q.high) for q in quantities("a hundred billion cells")] == [(1e11, 1e11)]
    assert [(q.low, q.high) for q in quantities("300 times faster")] == [(300, 300)]


def test_one_is_a_figure_before_a_unit_and_not_before_a_counted_thing():
    assert [(q.low, q.kind) for q in quantities("in under one second")] == [(1.0, "time")]
    assert [(q.low, q.kind) for q in quantities("by one percent")] == [(1.0, "%")]
    assert quantities("in one logical space on one GPU") == []
    stated = ["DynaTrain reconfigures a 70B dense model in under 2s and a 235B MoE model in 4.36s."]
    assert alignment.check("it reconfigures a 70B dense model in under one second", stated).contradiction
    assert alignment.check("it reconfigures a 70B dense model in under two seconds", stated).support


def test_a_few_hundred_times_meets_300x_and_a_few_thousand_does_not():
    stated = ["The emulator runs 300 times faster than the numerical model on one GPU."]
    assert alignment.check("the emulator runs a few hundred times faster than the model", stated).support
    assert alignment.check("the emulator runs a few thousand times faster than the model", stated).contradiction


def test_a_figure_said_of_another_name_of_the_paper_is_contradicted():
    found = alignment.check("the 6.2 cm RMSE was computed against ICESat-2 measurements", SNOW)
    assert found.contradiction and "Operation IceBridge" in found.contradiction.why and not found.support


def test_the_same_figure_said_of_the_same_name_is_met():
    found = alignment.check("is the RMSE 6.2 cm against Operation IceBridge?", SNOW)
    assert found.support and not found.contradiction


def test_a_name_the_paper_never_names_is_left_to_the_other_rules():
    # "Thwaites" is nowhere in the paper: not a figure moved between its names (the claim's terms decide it)
    assert (
        bound_names.moved("RMSE 6.2 cm against Thwaites", "RMSE 6.2 cm against Thwaites", SNOW[1], SNOW[1], SNOW)
        is None
    )


def test_another_relation_is_no_swap():
    # "7.1x on A100" against "7.1x over cuDNN": the setting and the baseline, not one slot with two names
    sentences = ["It reaches 7.1x speedup over cuDNN.", "All runs use A100 GPUs."]
    assert alignment.check("does it reach a 7.1x speedup on A100", sentences).contradiction is None


@pytest.mark.parametrize(
    ("question", "expect", "fact"),
    [
        ("Was the snow depth estimate's 6.2 cm error measured against ICESat-2 data?", "no", "IceBridge"),
        ("Is the snow depth RMSE of 6.2 cm measured against Operation IceBridge?", "yes", "IceBridge"),
        ("Was the 82% accuracy of the adapted ice model reached on Sentinel-1?", "no", "RADARSAT-2"),
        ("Does the Fourier neural operator emulator run several hundred times faster than the model?", "yes", "300"),
        ("Is the sea-ice emulator a few thousand times faster than the numerical model?", "no", "300"),
    ],
)
def test_second_corpus_claims_read_by_their_bound_figures(tanaka, question, expect, fact):
    text = tanaka.answer([Message(role="user", content=question)], Filters()).answer
    assert verdict(text)[0] == expect and fact in text, text
