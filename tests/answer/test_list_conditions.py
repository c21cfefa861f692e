"""Lists by a condition the abstracts state: a model family named by a member in its versioned form ("ResNext50" for
"ResNeXt"), a claim offered beside a figure's bound ("near-linear scaling or an efficiency above 90%"), an absence the
papers say of themselves ("say they work without any fine-tuning"), and a comparison the listed papers make."""

from __future__ import annotations

from assistant.answer.evidence import offered, stated_absence
from assistant.answer.plan import phrases
from assistant.answer.plan.spelling import correct_spelling
from assistant.models import Filters, Message

LOSSLESS = "Lossless Model Compression via Joint Low-Rank Factorization Optimization"


def _ask(assistant, q: str):
    return assistant.answer([Message(role="user", content=q)], Filters())


def test_a_name_with_a_capital_inside_is_never_respelled():
    # one edit from the corpus's "resnet", but the corpus writes ResNeXt only as "ResNext50"
    text, fixes = correct_spelling("papers on ResNet or ResNeXt networks", lambda w: w == "resnet")
    assert (text, fixes) == ("papers on ResNet or ResNeXt networks", [])
    assert correct_spelling("paralel training", lambda w: w == "parallel")[0] == "parallel training"


def test_a_listed_family_member_counts_in_its_versioned_form(assistant):
    for q in (
        "Which of his papers report results on ResNet-family networks (ResNet, ResNeXt)?",
        "which of his papers run experiments on ResNet or ResNeXt networks?",
    ):
        titles = {c.title for c in _ask(assistant, q).citations}
        assert LOSSLESS in titles, q  # "the compressed model reduced by 70% on ResNext50 outperforms the original"


def test_a_claim_said_in_a_figures_place_passes_too(assistant):
    answer = _ask(
        assistant, "Which of his papers claim near-linear scaling or a parallel/scaling efficiency above 90%?"
    )
    titles = {c.title for c in answer.citations}
    assert answer.meta["plan"]["route"] == "quantity_threshold"
    assert {"AIPerf: Automated machine learning as an AI-HPC benchmark"} <= titles  # "near-linear weak scalability"
    assert any(t.startswith("Large-Scale Simulation of Quantum Computational Chemistry") for t in titles)
    # the figure's own papers stay: "over 90% parallel efficiency", "92-97% scaling efficiency"
    assert any(t.startswith("cuNNQS-SCI") for t in titles) and any(t.startswith("Unfolding") for t in titles)
    # "linear scaling (Order-N) calculations" says no "near": not listed
    assert not any(t.startswith("The static parallel distribution") for t in titles)


def test_an_offered_claim_is_said_in_any_derived_form():
    assert offered.says("near-linear scaling", "achieving nearly linearly strong and weak scaling")
    assert offered.says("near-linear scaling", "the results show near-linear weak scalability")
    assert not offered.says("near-linear scaling", "to achieve linear scaling (Order-N) calculations")


def test_an_absence_the_papers_say_is_read_as_their_claim():
    claimed = phrases.negated("Which of his methods explicitly say they work without any fine-tuning?")
    assert claimed is not None and claimed.topic == "fine-tuning" and claimed.claimed
    left_out = phrases.negated("Which of her sea-ice papers manage without any SAR imagery?")
    assert left_out is not None and not left_out.claimed


def test_a_stated_absence_is_found_in_the_sentence():
    said = stated_absence.states_absence
    assert said("fine-tuning", "These algorithms do not require fine-tuning and compress deep models.")
    assert said("fine-tuning", "We approximate the model without calibration sets or fine-tuning.")
    assert said("fine-tuning", "We propose CALM, a fine-tuning-free, plug-and-play framework.")
    assert not said("fine-tuning", "We propose a pre-training and fine-tuning framework.")
    assert not said("fine-tuning", "It is more accurate than fine-tuning methods in most cases.")


def test_the_papers_that_say_they_need_no_fine_tuning(assistant):
    answer = _ask(assistant, "Which of his methods explicitly say they work without any fine-tuning?")
    titles = {c.title for c in answer.citations}
    assert LOSSLESS in titles
    assert "FP=xINT:A Low-Bit Series Expansion Algorithm for Post-Training Quantization" in titles
    assert any(t.startswith("CALM") for t in titles) and len(titles) == 3


def test_a_comparison_the_listed_papers_make_is_their_condition(assistant):
    q = "Which of his papers bring the Hessian into it, either using it or comparing against a Hessian-based method?"
    answer = _ask(assistant, q)
    assert answer.meta["plan"]["route"] == "list"
    titles = {c.title for c in answer.citations}
    assert "Rethinking Parameter Sharing as Graph Coloring for Structured Compression" in titles
    assert len(answer.citations) == 2  # and arXiv:2202.05137, "better than hessian-based mixed precision"


def test_better_than_bounds_the_coordinated_noun():
    t = phrases.quantity_threshold("Which of his papers report better than 90% parallel or scaling efficiency?")
    assert (t.noun, t.direction, t.value, t.percent) == ("efficiency", 1, 90.0, True)
    # a single modifier keeps its reading ("over 90% parallel efficiency": "parallel")
    assert phrases.quantity_threshold("Which papers report over 90% parallel efficiency?").noun == "parallel"
