"""Verdicts where the paper words the claim otherwise: a name held by its versioned form, a requirement the paper
denies in another form of the word (also when the claim's figure is stated), and the deciding sentence that holds
what the claim asserts rather than the paper's description."""

from __future__ import annotations

from assistant.answer.evidence.extended import extends
from assistant.answer.write.premises import coverage, negates, stating
from assistant.answer.write.verdict import NO, YES, decide
from tests.conftest import make_paper

SENTENCES = [
    "This work presents a dynamic distribution scheme for the exchange integrals on sparse matrices.",
    "The scheme has been demonstrated on Tianhe-2 supercomputers with good scalability.",
    "We align the two sensors with adversarial adaptation and no labels from the target sensor.",
    "Accuracy on the target sensor rises from 64% without adaptation to 82%.",
    "The experimental results show that the kernel is faster than other libraries on ARMv8 platform.",
]
PAPER = make_paper(title="Ice Mapping Across Sensors", abstract=" ".join(SENTENCES))


def test_a_name_is_held_by_its_versioned_form_but_not_by_a_sibling():
    assert extends("ARM", "armv8") and extends("Tianhe", "tianhe-2") and extends("ResNet", "resnet50")
    assert not extends("ARMv8", "armv9") and not extends("ARM", "arma") and not extends("A", "a100")
    assert coverage(["arm", "platform"], SENTENCES[4]) == 1.0 and coverage(["armv9"], SENTENCES[4]) == 0.0
    assert decide("Were the experimental results shown on an ARM platform?", PAPER, SENTENCES[4:]).word == YES
    assert decide("Were the experimental results shown on an x86 platform?", PAPER, SENTENCES[4:]).word == NO


def test_a_denied_requirement_matches_another_form_of_the_word():
    assert negates("It uses no labels from the target sensor.", ["labelled"])
    assert not negates("It uses labels from the target sensor.", ["labelled"])


def test_a_stated_figure_does_not_outweigh_a_denied_requirement():
    claim = "Did the adaptation need a few labelled scenes to get to 82%?"
    v = decide(claim, PAPER, [SENTENCES[3], SENTENCES[2]])
    assert v.word == NO and "no labels" in v.sentence
    assert decide("Did the adaptation get to 82% accuracy?", PAPER, [SENTENCES[3], SENTENCES[2]]).word == YES


def test_the_quoted_sentence_holds_what_the_claim_asserts():
    words = ["scheme", "exchange", "demonstrated", "tianhe-2", "supercomputers"]
    assert stating(words, SENTENCES[0], SENTENCES) == SENTENCES[1]


def test_a_purely_single_claim_is_a_no_against_a_hybrid():
    sentences = ["We utilize a hybrid structure of data and model parallelism to make predictions."]
    paper = make_paper(title="Regression by Clustering", abstract=sentences[0])
    assert decide("Is the regression library purely data-parallel?", paper, sentences).word == NO


def test_a_rest_asserts_the_work_only_beyond_the_title_the_authors_and_the_listing():
    from assistant.answer.write.verdict import _asserts

    paper = make_paper(
        title="Ice Drift Forecasts", authors=["Ole Hansen", "Keiko Tanaka"], comments=["Accepted to SC'25."]
    )
    assert _asserts("Did Tanaka and Hansen's network forecast drift on a regular grid from satellite images", paper)
    assert not _asserts("Did Tanaka and Hansen write the ice drift paper", paper)
    assert not _asserts("was it accepted at SC", paper)


def test_of_two_denying_sentences_the_one_denying_what_the_claim_asserts_decides():
    # "without adaptation" denies the claim's opening description ("to adapt …"); "no labels" what it asks
    claim = "To adapt the ice model to the target sensor, did they have to label some of its images?"
    v = decide(claim, PAPER, [SENTENCES[3], SENTENCES[2]])
    assert v.word == NO and "no labels" in v.sentence
