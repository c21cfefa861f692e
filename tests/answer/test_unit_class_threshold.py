"""A quantity asked in a class of units ("their error as a physical distance (cm, m or km)"): a condition on the
figures the abstracts state in any unit of that class, not a topic made of the unit words."""

from __future__ import annotations

from assistant.answer.evidence.quantity import unit_forms
from assistant.answer.plan import phrases
from assistant.models import Filters, Message


def test_a_class_of_units_is_read_as_the_quantitys_unit():
    t = phrases.quantity_threshold("Which of her papers report their error as a physical distance (cm, m or km)?")
    assert (t.noun, t.direction, t.unit, t.said) == ("error", 0, "length", "as a physical distance")
    t = phrases.quantity_threshold("Which papers give the latency as a duration?")
    assert (t.noun, t.unit) == ("latency", "time")
    # a unit class is written in its units' symbols
    assert {"km", "m", "cm"} <= unit_forms("length") and "centimetres" not in unit_forms("length")
    assert unit_forms("centimetres") >= {"cm", "centimetres"}


def test_figures_in_any_unit_of_the_class_are_listed(tanaka):
    q = "Which of her papers state their error as a physical distance?"
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["route"] == "quantity_threshold"
    # "6.2 cm" and "below 12 cm" in centimetres, the drift forecast's "4.1 km" in kilometres
    assert "6.2 cm" in answer.answer and "12 cm" in answer.answer and "4.1 km" in answer.answer


def test_a_units_name_after_in_says_the_unit_without_a_verb():
    """ "an error figure in centimetres" asks what "an error measured in centimetres" asks; a unit's name (an SI unit,
    with a prefix, in the plural) is what tells it from "in Nature" or "in second position"."""
    t = phrases.quantity_threshold("Which of her papers give an error figure in centimetres?")
    assert (t.noun, t.direction, t.unit, t.said) == ("error", 0, "centimetres", "in centimetres")
    assert phrases.quantity_threshold("Which of her papers report drift errors in kilometres?").unit == "kilometres"
    assert phrases.quantity_threshold("Which papers list him in second position?") is None
    assert phrases.quantity_threshold("Which of her results appeared in Nature?") is None


def test_an_error_figure_in_centimetres_lists_the_papers_stating_one(tanaka):
    q = "Which of her papers give an error figure in centimetres?"
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["route"] == "quantity_threshold"
    assert "6.2 cm" in answer.answer and "12 cm" in answer.answer and "4.1 km" not in answer.answer
