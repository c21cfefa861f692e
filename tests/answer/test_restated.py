"""A claim stated in other words is a "Yes": the phrase around the word the paper lacks, against the sentence's phrase
in its place, by meaning (the real MiniLM model). What that phrase puts in the word's place must be plain words: a
count, an order, a name or an opposite makes it another claim, and an opposite in a compound's place is a "No"."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from assistant.answer.evidence import restated
from assistant.answer.write.verdict import NO, UNSAID, YES, decide
from assistant.vendors import MiniLMEmbeddings
from tests.conftest import make_paper

KILN = [
    "Kilnet predicts glaze defects in ceramic firing from thermocouple traces.",
    "We use the defect rate per firing as the major metric to rank glaze recipes.",
    "An online scheduler overlaps recipe changes with ongoing firing to hide their cost.",
    "Kilnet runs on a single GPU beside the kiln and samples the low-temperature zone every 2 seconds.",
    "Its second-order thermal criterion picks the traces to keep.",
    "Training used A100 GPUs.",
]
PAPER = make_paper(title="Kilnet: Predicting Glaze Defects in Ceramic Firing", abstract=" ".join(KILN))


@lru_cache(maxsize=1)
def _model() -> MiniLMEmbeddings:
    return MiniLMEmbeddings()


def embed(texts: tuple[str, ...]) -> np.ndarray:
    return np.asarray(_model().embed_documents(list(texts)), dtype=np.float32)


@pytest.mark.parametrize(
    ("claim", "ranked"),
    [
        ("Does Kilnet use the defect rate per firing as its headline metric?", KILN[1:3]),
        (
            "Does Kilnet hide the cost of recipe changes by overlapping them with firing that is still running?",
            [KILN[2], KILN[1]],
        ),
    ],
)
def test_a_claim_the_paper_states_in_other_words_is_a_yes(claim, ranked):
    # without the phrases' meaning, the word the paper lacks ("headline", "running") leaves it unsaid
    assert decide(claim, PAPER, ranked).word == UNSAID
    assert decide(claim, PAPER, ranked, embed=embed).word == YES


@pytest.mark.parametrize(
    "claim",
    [
        "Does Kilnet run on a multi-GPU cluster beside the kiln?",  # a count in its place: "single GPU"
        "Does Kilnet pick its traces with a first-order thermal criterion?",  # an order: "second-order"
        "Was Kilnet trained on H100 GPUs?",  # a name is the paper's only by its terms
    ],
)
def test_a_count_an_order_or_a_name_in_the_words_place_is_no_rewording(claim):
    assert decide(claim, PAPER, KILN[3:], embed=embed).word != YES


def test_an_opposite_in_a_compounds_place_is_a_no():
    verdict = decide("Does Kilnet sample the high-temperature zone of the kiln?", PAPER, KILN[3:], embed=embed)
    assert verdict.word == NO and "low-temperature" in verdict.why
    # the claim's own compound beside the opposite is no contradiction
    both = ["Kilnet samples the high-temperature zone and the low-temperature zone of the kiln."]
    assert restated.opposed("Does Kilnet sample the high-temperature zone?", both) is None


def test_a_name_or_value_is_never_plain():
    assert not any(restated.plain(w) for w in ("A100", "LLaMA", "SAR", "C++", "Sentinel-1"))
    assert all(restated.plain(w) for w in ("headline", "atomistic", "matrix-style"))


def test_another_count_of_the_same_thing_is_a_no():
    sentence = "The emulator runs 300 times faster than the numerical model on one GPU."
    paper = make_paper(title="Emulating a Glaze Model", abstract=sentence)
    verdict = decide("Did the emulator get its 300x speed-up by running on a multi-GPU cluster?", paper, [sentence])
    assert verdict.word == NO and "'one'" in verdict.why
    # "many" is met by any count above one
    assert restated.opposed("Was it trained on multiple GPUs?", ["It was trained on 64 GPUs."]) is None
    assert restated.opposed("Was it trained on a single GPU?", ["It was trained on 64 GPUs."]) is not None


def test_a_count_words_noun_is_read_past_its_modifiers_on_both_sides():
    found = restated.opposed("Was it trained on a single large GPU?", ["It was trained on 64 NVIDIA A100 GPUs."])
    assert found is not None and found[:2] == ("single large GPU", "64")
    # the same count of the noun said anywhere in the sentence keeps the claim
    both = ["A single large GPU serves it, though training took 64 NVIDIA A100 GPUs."]
    assert restated.opposed("Is it served by one large GPU?", both) is None
    # a count the claim itself says of the noun (in what it sets the work against) is no contradiction
    stacks = "It reads stacks of six scenes, which suppresses the melange that confuses single-image methods."
    assert restated.opposed("Does it look at several radar images rather than one image at a time?", [stacks]) is None
    # a modifier's opposite is still read only of the word it leads
    assert restated.opposed("Is it a high memory scheme?", ["It keeps low latency for the memory pool."]) is None


def test_a_comparative_of_the_opposite_direction_is_a_no():
    sentence = "Against 40 cores the estimate shows the glaze layer getting thinner by 2 microns per firing."
    paper = make_paper(title="Glaze Layers in Repeated Firing", abstract=sentence)
    verdict = decide("Did the glaze layer get thicker with each firing?", paper, [sentence])
    assert verdict.word == NO


@pytest.mark.parametrize(
    ("claim", "word", "sentence"),
    [
        ("Does it pick traces with a first-order criterion?", "first-order", "Its second-order geometric criterion."),
        ("Does it run on a multi-GPU cluster?", "multi-GPU", "It runs on a single GPU cluster."),
        ("Is the firing schedule static?", "static", "The firing schedule is dynamic."),
        ("Does it fit a shared backscatter slope?", "shared", "It fits no common backscatter slope."),
    ],
)
def test_no_phrase_with_a_count_an_order_an_opposite_or_a_negator_in_the_words_place(claim, word, sentence):
    assert restated.restated(claim, word, [sentence], embed) is None


def test_a_cardinal_with_its_bound_is_the_alignments_not_a_count_word():
    # "under two seconds" against "sub-second" is a figure under its bound, read by the alignment
    assert restated.opposed("Can it switch layouts in under two seconds?", ["It switches in 1 second."]) is None


def test_new_words_on_both_sides_or_a_claim_word_in_another_form_are_no_rewording():
    claim = "Like the earlier heuristic methods, Kilnet only shares parameters between adjacent zones?"
    sentence = "Kilnet consistently outperforms state-of-the-art heuristic sharing strategies in every zone."
    assert restated.restated(claim, "methods", [sentence], embed) is None


def test_a_count_in_the_place_of_a_restated_word_is_still_a_rival():
    # "individual … images" is near "single-image" by meaning, but "stacks of six" puts a count in its place
    sentence = (
        "We trace fronts from stacks of six Sentinel-1 acquisitions with a recurrent network, which suppresses the "
        "melange that confuses single-image methods."
    )
    paper = make_paper(title="Calving Fronts of Kiln Glaciers", abstract=sentence)
    claim = "Were the fronts traced from individual Sentinel-1 images, one at a time?"
    assert decide(claim, paper, [sentence], embed=embed).word == NO


def test_a_name_in_the_place_of_a_restated_word_is_still_a_rival():
    # slot fillers are lower-cased: "norwegian" is read as the sentence writes it, a name
    assert not restated.rewords("norwegian", "charts from the Canadian Ice Service", "charts from the Norwegian Ice")
    assert restated.rewords("ongoing", "training still running", "with ongoing training")
