"""Conditions on the figures a paper states: a bound written in words ("more than a hundred times faster"), a factor
written "300 times" or "by a factor of 40", and a gain in percentage points read from the change a sentence states
("from 71% to 86%")."""

from __future__ import annotations

from assistant.answer.evidence.quantity import beyond
from assistant.answer.plan import phrases
from assistant.models import Filters, Message


def test_a_bound_in_words_is_read_as_its_number():
    t = phrases.quantity_threshold("Which of his papers claim being more than a hundred times faster than the rest?")
    assert (t.noun, t.direction, t.value, t.ratio) == ("faster", 1, 100.0, True)
    t = phrases.quantity_threshold("Which of her papers claim an accuracy gain of more than ten percentage points?")
    assert (t.noun, t.value, t.unit) == ("gain", 10.0, "percentage points")
    # "more than one" counts as a plural does: no bound on a figure
    assert phrases.quantity_threshold("Which of his papers have more than one author?") is None


def test_factors_written_in_words_are_factors(tanaka):
    hers = [p for p in tanaka.answerer().corpus.papers if p.is_author_work and p.has_abstract]
    found = {r.said for r in beyond("faster", hers, 1, 10.0, True, False, inclusive=True)}
    assert {"300 times", "factor of 40"} <= found


def test_a_gain_in_percentage_points_is_the_change_a_sentence_states(tanaka):
    q = "Which of her papers claim an accuracy gain of more than ten percentage points?"
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert {c.title for c in answer.citations} == {
        "Correcting Incidence-Angle Effects in SAR Sea-Ice Classification",  # from 71% to 86%
        "Domain Adaptation Between Sentinel-1 and RADARSAT-2 for Ice Mapping",  # from 64% … to 82%
    }  # "6 points above a U-Net baseline" and "by 3 to 8 points" stay below ten


def test_more_than_a_hundred_times_faster(assistant):
    q = "Which of his papers claim being more than a hundred times faster than what they compare against?"
    answer = assistant.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["route"] == "quantity_threshold"
    assert "4963x" in answer.answer and "three orders of magnitude" in answer.answer


def test_a_multiple_is_a_factor():
    t = phrases.quantity_threshold("Which of his papers give a concrete numeric speedup multiple (like Nx faster)?")
    assert (t.noun, t.direction, t.ratio) == ("speedup", 0, True)
