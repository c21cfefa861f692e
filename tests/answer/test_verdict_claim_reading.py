"""What a yes/no claim asserts and how its figures and sides are read: a lead-in before a colon and a rejected
alternative ("rather than a neural net") are not words the paper must hold; "A better than B" against a sentence
saying "B better than A" is a No; "halved" is the ratio 0.5, contradicted by "30% lower" (0.7); an author position
claimed of a described paper is checked against that paper, not used to pick another."""

from __future__ import annotations

import pytest

from assistant.answer.evidence import alignment, change
from assistant.answer.evidence.asserted import asserted
from assistant.answer.evidence.figures import quantities
from tests.conftest import said_verdict

DRIFT = "The 24-hour drift forecast has a median position error of 4.1 km, 30% lower than persistence."
CALIBRATED = (
    "The ensemble is better calibrated than a single network with Monte Carlo dropout, with an expected calibration "
    "error of 0.018 against 0.064."
)


def test_the_lead_in_and_the_rejected_alternative_are_not_asserted():
    said = asserted("Just checking: did the study classify waveforms with a boosted tree instead of a CNN")
    assert "checking" not in said and "CNN" not in said
    assert "boosted tree" in said


def test_a_denied_thing_is_not_asserted_but_a_plain_claim_is_kept_whole():
    assert "labels" not in asserted("did it adapt between sensors without target labels")
    claim = "did the emulator run on one GPU"
    assert asserted(claim) == claim


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Monte Carlo dropout was better calibrated than the ensemble", False),
        ("the ensemble was better calibrated than Monte Carlo dropout", True),
        ("a single network with dropout was worse calibrated than the ensemble", True),
    ],
)
def test_a_comparison_is_read_with_its_sides(claim, holds):
    found = alignment.check(claim, [CALIBRATED])
    assert (found.contradiction is None) == holds
    assert (found.support is not None) == holds


@pytest.mark.parametrize(
    ("text", "ratio"),
    [
        ("30% lower than persistence", 0.7),
        ("a 40% increase of area", 1.4),
        ("runs 3x faster", 3.0),
        ("halved", 0.5),
        ("halve", 0.5),
    ],
)
def test_a_change_is_read_as_the_ratio_it_makes(text, ratio):
    q = quantities(text)[0]
    assert change.as_ratio(text, q, alignment.DIRECTIONS).low == pytest.approx(ratio)


def test_a_share_with_no_direction_is_no_change():
    q = quantities("on 30% of the area")[0]
    assert change.as_ratio("on 30% of the area", q, alignment.DIRECTIONS) is None


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("the forecast halved the position error compared to persistence", False),
        ("the forecast doubled the position error compared to persistence", False),
        ("the forecast cut the position error by 30% compared to persistence", True),
    ],
)
def test_a_ratio_word_is_weighed_against_the_stated_change(claim, holds):
    found = alignment.check(claim, [DRIFT])
    assert found.bound == 1
    assert (found.contradiction is None) == holds


def test_a_framed_claim_with_a_rejected_alternative_is_a_yes(tanaka):
    question = "Just so I know: was her lead detector a gradient-boosted tree as opposed to a CNN?"
    said, text = said_verdict(tanaka, question)
    assert said == "yes", text


def test_a_comparison_stated_the_other_way_round_is_a_no(tanaka):
    question = "Did dropout give better calibration than the ensemble in her seasonal forecasts?"
    said, text = said_verdict(tanaka, question)
    assert said == "no", text


def test_halved_against_thirty_percent_lower_is_a_no(tanaka):
    said, text = said_verdict(
        tanaka, "Did her graph-network drift forecast halve the position error compared with persistence?"
    )
    assert said == "no", text


def test_an_author_position_is_checked_on_the_described_paper(tanaka):
    said, text = said_verdict(tanaka, "Tanaka was first author on the self-attention paper in TGRS, right?")
    assert said == "no", text
    assert "Self-Attention" in text and "Jörg Müller" in text
