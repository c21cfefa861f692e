"""The topic-list measurements (bench/topic_causes.py, bench/topic_membership.py, bench/topic_lists.py) read every
writer's sets, and put each missed paper down to one cause in a fixed order."""

from __future__ import annotations

from pathlib import Path

from bench.topic_causes import CAUSES, cause_of
from bench.topic_membership import WRITERS

DATA = Path(__file__).resolve().parents[1] / "data"


def test_every_writer_set_is_measured():
    # a new blind writer's sets join the leave-one-writer-out measurement, or its items are silently left out
    sets = {p.stem for p in DATA.glob("first_contact*.json") if p.stem.endswith(("_seeds", "_corpus2"))}
    assert sets == {s for v in WRITERS.values() for s in v}


def test_a_missed_paper_has_the_first_cause_that_applies():
    assert cause_of(False, "", False, True) == "scope"
    assert cause_of(True, "", True, False) == "no topic"
    assert cause_of(True, "sea ice", True, True) == "dropped"
    assert cause_of(True, "sea ice imagery", False, True) == "topic wrong"
    assert cause_of(True, "sea ice", False, False) == "membership"
    assert {
        cause_of(*a) for a in [(False, "", 0, 0), (1, "", 0, 0), (1, "x", 1, 0), (1, "x", 0, 1), (1, "x", 0, 0)]
    } == set(CAUSES)
