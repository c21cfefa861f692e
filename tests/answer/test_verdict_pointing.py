"""A claim stated before the question that points back at it ("I read that X. Is that what the abstract says?"), a
rival value in a later sentence when the closest sentence states the claim's own, and the result a paper reports as
the deciding sentence when a claim asks for a figure the paper does not give."""

from __future__ import annotations

import pytest

from assistant.answer.evidence import alignment, claim_terms
from assistant.answer.evidence.contrast import contrast
from assistant.answer.evidence.weigh import vocabulary
from assistant.answer.plan.phrases import polar, yes_no
from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message
from tests.conftest import make_paper

KILN = [
    "Inference runs on a microcontroller beside the kiln, drawing 40 mW.",
    "Training of the forest runs on a GPU in the lab.",
]


SWITCH = [
    "On dense and MoE models up to 235B parameters, DynaTrain reconfigures a 235B MoE model in 4.36s.",
    "Modern large language model training is inherently dynamic and reshapes the optimal parallelism layout.",
]


def ask(assistant, question: str) -> str:
    return assistant.answer([Message(role="user", content=question)], Filters()).answer


@pytest.mark.parametrize(
    ("question", "claim"),
    [
        ("I read that Kilnet runs on a GPU. Is that what the abstract says?", "Kilnet runs on a GPU"),
        ("A colleague said the kiln model needs 40 mW. Does the paper back this up?", "the kiln model needs 40 mW"),
        ("Kilnet flags 91% of defects. Can you confirm that?", "Kilnet flags 91% of defects"),
        ("Someone told me Kilnet uses a random forest. Does the abstract say so?", "Kilnet uses a random forest"),
    ],
)
def test_a_claim_before_a_question_pointing_back_at_it_is_the_claim_checked(question, claim):
    found = yes_no(question)
    assert polar(question) and found is not None and found.claim == claim


@pytest.mark.parametrize(
    "question",
    [
        "I am reading Kilnet. Is that paper from 2020?",  # "that" names a paper, it points at no statement
        "What does Kilnet run on? Is that in the abstract?",  # the sentence before asks, it states nothing
    ],
)
def test_a_demonstrative_before_a_noun_or_after_a_question_points_at_no_claim(question):
    found = yes_no(question)
    assert found is None or found.form != "check"


def test_a_later_sentences_other_value_is_no_contrast_when_the_closest_states_the_claims_own():
    light = frozenset(vocabulary("Fast Online Parallelism Switching for Elastic LLM Training") | claim_terms.LIGHT)
    claim = "Can DynaTrain switch a 235B MoE model to a new parallel layout in about 4.36 seconds"
    # "large language model" in the second sentence is no rival of "MoE model": the closest states the MoE model
    assert contrast(claim, SWITCH, light) is None
    # the closest sentence itself stating another value is still a contrast
    found = contrast("does the training run on a microcontroller in the lab", KILN[::-1])
    assert found is not None and found.stated == "gpu"


def test_a_claim_stated_before_a_question_about_it_gets_a_verdict(assistant):
    text = ask(
        assistant, "A colleague told me MoE-DisCo cuts training cost by 90 percent. Does the abstract back that up?"
    )
    assert verdict(text)[0] == "no", text
    assert "47.6 percent" in text


def test_an_approximate_figure_stated_for_the_same_thing_is_a_yes(assistant):
    text = ask(assistant, "Can DynaTrain reconfigure a 235B MoE model in roughly 4.36 seconds?")
    assert verdict(text)[0] == "yes", text
    assert "4.36s" in text


def test_a_figure_the_paper_does_not_give_is_answered_with_the_result_it_reports(assistant):
    text = ask(assistant, "Does the IAAT abstract put a number on its speedup over OpenBLAS?")
    assert verdict(text)[0] == "no", text  # "The abstracts do not say" reads as a no
    assert "better performance than other BLAS libraries" in text


@pytest.mark.parametrize(
    "claim",
    [
        "Kilnet cuts firing cost by up to 12 percent",
        "Kilnet cuts firing cost by roughly 12 percent",
        "Kilnet cuts firing cost by as much as 12 percent",
        "Kilnet cuts firing cost by at least 12 percent",
    ],
)
def test_the_words_relating_a_claim_to_its_figure_are_no_terms_the_paper_must_hold(claim):
    paper = make_paper(title="Kilnet", abstract="Kilnet cuts firing cost by 8 percent to 12 percent across kilns.")
    assert claim_terms.unsupported(claim, paper, [paper.abstract]) == []
    assert alignment.without_figures(claim).split() == ["Kilnet", "cuts", "firing", "cost", "by"]
