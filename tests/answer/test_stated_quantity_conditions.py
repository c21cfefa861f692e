"""A list whose condition is a statement of a quantity the papers make ("claim gains of three orders of magnitude
(1000x) or more", "put a percentage on their scaling efficiency", "quantify the cost saving as a percentage") is
decided by the figures each abstract states (the quantity_threshold route), not read as a topic made of its words."""

from __future__ import annotations

from assistant.answer.plan import phrases
from assistant.models import Filters, Message


def _ask(assistant, q: str):
    return assistant.answer([Message(role="user", content=q)], Filters())


def test_a_figure_restated_in_a_parenthesis_is_the_bound():
    t = phrases.quantity_threshold("Which of his papers claim gains of three orders of magnitude (1000x) or more?")
    assert (t.noun, t.direction, t.value, t.ratio, t.inclusive) == ("gains", 1, 1000.0, True, True)
    # positions in the question stay where they were: the words before the noun are the selection's
    q = "Which of his LLM papers claim gains of three orders of magnitude (1000x) or more?"
    assert q[phrases.quantity_threshold(q).start :].startswith("gains")
    # a parenthesis that restates nothing is left alone
    assert phrases.quantity_threshold("Which papers (2020 or later) report a speedup?") is None


def test_a_unit_put_on_a_quantity_asks_for_that_quantity_in_the_unit():
    t = phrases.quantity_threshold("Which of his papers put a percentage on their parallel or scaling efficiency?")
    assert (t.noun, t.direction, t.percent) == ("efficiency", 0, True)
    t = phrases.quantity_threshold("Which of her papers express their accuracy as a percentage?")
    assert (t.noun, t.percent) == ("accuracy", True)


def test_a_change_noun_reads_its_figure_beside_what_changed():
    t = phrases.quantity_threshold("Which of his papers quantify the cost saving as a percentage?")
    assert (t.noun, t.also, t.percent) == ("saving", "cost", True)
    # a noun that is no change keeps its own figures only
    assert phrases.quantity_threshold("Which papers report the scaling efficiency as a percentage?").also == ""
    # a speedup is itself the quantity: "concrete" is no figure's noun
    assert phrases.quantity_threshold("Which of his papers give a concrete speedup factor?").also == ""


def test_gains_of_1000x_or_more_list_the_papers_stating_them(assistant):
    answer = _ask(assistant, "Which of his papers claim gains of three orders of magnitude (1000x) or more?")
    assert answer.meta["plan"]["route"] == "quantity_threshold"
    assert "4963x" in answer.answer and "three orders of magnitude" in answer.answer
    assert "2.32X" not in answer.answer  # cuNNQS-SCI's speedup is smaller


def test_a_cost_saving_written_in_percent_words_is_a_percentage(assistant):
    answer = _ask(assistant, "Which of his papers quantify the training cost saving as a percentage?")
    titles = {c.title for c in answer.citations}
    # "reducing training cost by 47.6 percent" (the word, not the sign), and "lowers training costs to approximately
    # 33%" though "RTX 4090" is the first figure beside "cost" in that abstract
    assert any("MoE-DisCo" in t for t in titles)
    assert any("Block Coordinate Descent" in t for t in titles)


def test_an_absence_after_a_verb_of_working_is_what_the_papers_state():
    """ "methods that work without any fine-tuning" asks for the papers that say so (evidence/stated_absence.py),
    not for the papers whose text is not about fine-tuning; "need no X" is an absence as "without X" is."""
    n = phrases.negated("which of his methods work without any fine-tuning?")
    assert (n.topic, n.claimed) == ("fine-tuning", True)
    n = phrases.negated("Which of his methods explicitly claim they need no fine-tuning or retraining?")
    assert (n.topic, n.claimed) == ("fine-tuning or retraining", True)
    # no verb of saying or working before it: a topic the papers are not on
    assert not phrases.negated("Which of her papers on sea ice are without deep learning?").claimed


def test_either_absence_of_a_disjunction_is_stated(assistant):
    from assistant.answer.evidence.stated_absence import alternatives

    assert alternatives("fine-tuning or retraining") == ["fine-tuning", "retraining"]
    assert alternatives("labels, calibration data or fine-tuning") == ["labels", "calibration data", "fine-tuning"]
    answer = _ask(assistant, "Which of his methods explicitly claim they need no fine-tuning or retraining?")
    said = answer.answer
    # "do not require fine-tuning", "a fine-tuning-free … framework", "without calibration sets or fine-tuning", and
    # "generalize … without retraining"; BCD, itself a fine-tuning framework, is not one
    assert "do not require fine-tuning" in said and "fine-tuning-free" in said and "without retraining" in said
    assert "Block Coordinate Descent" not in said


def test_a_quantity_stated_as_a_named_measure_reads_that_measures_figures(tanaka):
    t = phrases.quantity_threshold("Which of her papers express their accuracy as a root-mean-square error?")
    assert (t.noun, t.direction, t.said) == ("root-mean-square error", 0, "for accuracy")
    # a frame word or a single word after "as" names no measure
    assert phrases.quantity_threshold("Which papers report accuracy as their main metric?") is None
    assert phrases.quantity_threshold("Which papers use Sentinel-1 as input?") is None
    answer = _ask(tanaka, "Which of her papers express their accuracy as a root-mean-square error?")
    titles = {c.title for c in answer.citations}
    assert titles == {
        "Snow Depth on Sea Ice from Dual-Frequency Altimetry",
        "Melt Pond Fraction on Arctic Sea Ice from Sentinel-2 Imagery",
    }
    # the drift forecast's "median position error of 4.1 km" is an error, not a root-mean-square one
    assert "4.1 km" not in answer.answer
