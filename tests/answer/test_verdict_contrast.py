"""A contrasting alternative is a contradiction: the sentence closest to the claim states its frame with another value
in one slot (the other stage, the other hardware, the other model kind); a verb the paper words otherwise, a figure's
unit or an extra qualifier is no rival value. Also the yes/no forms this round reads: a statement asked back after
"so", "am I recalling correctly that X", and a verdict on one paper whose claim names two things."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from assistant.answer.evidence import claim_record
from assistant.answer.evidence.contrast import contrast
from assistant.answer.plan.operation import operation_of
from assistant.answer.plan.phrases import polar, yes_no
from assistant.answer.write.verdict import NO, YES, decide
from tests.conftest import make_paper

KILN = [
    "Kilnet predicts glaze defects in ceramic firing from thermocouple traces.",
    "In the cooling phase, Kilnet samples the thermocouples every 2 seconds to build its traces.",
    "Crazing defects are flagged with a random forest over trace features, which catches 91% before the kiln opens.",
    "Inference runs on a microcontroller beside the kiln, drawing 40 mW.",
]
PAPER = make_paper(title="Kilnet: Predicting Glaze Defects in Ceramic Firing", abstract=" ".join(KILN))


@pytest.mark.parametrize(
    ("claim", "asked", "stated"),
    [
        ("does Kilnet sample the thermocouples during the heating phase", "heating", "cooling"),
        ("are the defects flagged with a recurrent neural network", "recurrent", "random"),
        ("does the inference run on a GPU beside the kiln", "gpu", "microcontroller"),
    ],
)
def test_another_value_in_the_claims_slot_is_a_contrast(claim, asked, stated):
    found = contrast(claim, KILN[1:] + KILN[:1])
    assert found is not None and (found.asked, found.stated) == (asked, stated)


@pytest.mark.parametrize(
    "claim",
    [
        "does Kilnet sample the thermocouples during the cooling phase",  # the same value
        "did it gather thermocouple traces every 2 seconds",  # a verb worded otherwise, not a value
        "does the forest catch 91 percent of crazing defects",  # the figure is the alignment's
        "does the low-power inference run beside the kiln",  # a qualifier the sentence does not state
    ],
)
def test_the_same_value_a_rephrased_verb_or_a_figure_is_no_contrast(claim):
    assert contrast(claim, KILN[1:] + KILN[:1]) is None


def test_the_verdict_reads_the_other_value_as_a_no():
    v = decide("Does Kilnet sample the thermocouples during the heating phase?", PAPER, KILN[1:] + KILN[:1])
    assert v.word == NO and "cooling phase" in v.sentence
    v = decide("Is Kilnet's inference run on a GPU beside the kiln?", PAPER, KILN[3:] + KILN[:3])
    assert v.word == NO and v.term == "microcontroller"
    v = decide("Does Kilnet sample the thermocouples during the cooling phase?", PAPER, KILN[1:] + KILN[:1])
    assert v.word == YES


@pytest.mark.parametrize(
    ("question", "claim"),
    [
        ("So the glaze model runs on a microcontroller?", "the glaze model runs on a microcontroller"),
        ("Am I recalling correctly that the kiln study used a random forest?", "the kiln study used a random forest"),
    ],
)
def test_a_statement_asked_back_or_a_recalled_claim_is_a_yes_no_question(question, claim):
    found = yes_no(question)
    assert found is not None and polar(question) and found.claim == claim


@dataclass
class Vote:
    label: str
    sure: bool = True


def test_a_claim_naming_two_things_about_one_paper_is_a_verdict_not_a_comparison():
    q = "Was Kilnet trained on firings of both stoneware and porcelain?"
    assert operation_of("compare", Vote("compare"), q, ["Kilnet"], ["Kilnet", "Porcelain paper"], "") == "verify"
    q = "Is Kilnet faster than the porcelain paper's model?"
    assert operation_of("compare", Vote("compare"), q, ["Kilnet"], ["Kilnet", "Porcelain paper"], "") == "compare"


def test_the_papers_identifier_its_authors_and_a_measure_word_are_not_terms_to_find():
    s = ["The grout solver stores its stiffness matrix in the SELL-C format and cuts the glaze wasted per firing."]
    paper = make_paper(
        title="A Grout Solver", abstract=s[0], arxiv_id="2101.00042", authors=["Chidi Okafor", "Ebba Lindqvist"]
    )
    claim = claim_record.unnamed("Does the grout work (arXiv 2101.00042) use the SELL-C format for its matrix?", paper)
    assert decide(claim, paper, s).word == YES
    assert decide("Did Okafor and Lindqvist's solver store its matrix in the SELL-C format?", paper, s).word == YES
    assert decide("Does the solver cut the quantity of glaze wasted per firing?", paper, s).word == YES


def test_a_comparative_between_two_values_is_weighed_by_the_figures_stated_for_each():
    s = ["Glaze thickness grows by 0.8 mm per hour for stoneware bodies and 0.3 mm per hour for porcelain bodies."]
    paper = make_paper(title="Kiln Glaze Growth", abstract=s[0])
    assert decide("Does glaze on porcelain grow quicker than on stoneware?", paper, s).word == NO
    assert decide("Does glaze on stoneware grow quicker than on porcelain?", paper, s).word == YES
    assert decide("Is glaze growth slower for porcelain than for stoneware?", paper, s).word == YES


def test_the_end_of_a_change_measures_what_its_start_measures():
    s = ["Accuracy on the target sonar rises from 61% without adaptation to 79%, close to the 83% of a labelled model."]
    paper = make_paper(title="Sonar Adaptation", abstract=s[0])
    assert decide("In the sonar adaptation work, did accuracy on the target sonar climb to 79%?", paper, s).word == YES
    assert decide("In the sonar adaptation work, did accuracy on the target sonar climb to 90%?", paper, s).word == NO
    assert decide("Was accuracy without adaptation 61%?", paper, s).word == YES
