"""A verdict decided from the evidence's slots: where the listing says the paper was accepted and where only
submitted, a duration said in words against the paper's figure, a comparison word against the sentence's, the same
number in words and digits, and two modifiers paired with their heads the other way round."""

from __future__ import annotations

from assistant.answer.evidence import venue_status
from assistant.answer.evidence.figures import same_number
from assistant.answer.write.verdict import NO, YES, decide
from assistant.models import Filters, Message
from tests.conftest import make_paper

LISTED = make_paper(
    title="GridFlow: Sparse Kernels for Stencils",
    abstract="We present GridFlow. It reaches a 3.1x speedup on 40 stencil kernels.",
    comments=["Accepted to PPoPP'24 (Oct 2, 2023). This work was previously submitted to HPCA'23 and revised"],
)
REVIEWED = make_paper(
    title="QuantX: Low-Bit Expansion", abstract="We expand models in low bits.", comments=["Under Review"]
)


def status(claim: str, paper=LISTED):
    return venue_status.check(claim, paper)


def test_accepted_where_the_listing_says_accepted():
    yes = status("Was GridFlow accepted at PPoPP'24?")
    assert yes.word == "Yes" and "Accepted to PPoPP'24" in yes.said


def test_only_submitted_is_not_accepted():
    for claim in ("GridFlow got into HPCA'23, didn't it?", "Was GridFlow published at HPCA?"):
        no = status(claim)
        assert no.word == "No" and "only submitted to HPCA'23" in no.said and "PPoPP'24" in no.said


def test_accepted_after_a_submission_elsewhere():
    for claim in (
        "Was GridFlow accepted at PPoPP'24 after first being sent to HPCA'23?",
        "Did GridFlow end up accepted at PPoPP'24 after being submitted to a different venue?",
        "GridFlow was rejected by HPCA and then accepted at PPoPP, correct?",
    ):
        assert status(claim).word == "Yes", claim


def test_another_venue_or_under_review_is_a_no():
    no = status("Was GridFlow presented at ISCA'24?")
    assert no.word == "No" and "accepted at PPoPP'24, not ISCA'24" in no.said
    assert status("Did QuantX appear at NeurIPS'24?", REVIEWED).word == "No"
    assert status("Was GridFlow evaluated on 40 stencil kernels?") is None  # no venue named: the abstract decides


def test_a_short_venue_name_is_matched_only_as_written():
    paper = make_paper(title="X", abstract="A.", comments=["Accepted to SC'25"])
    assert status("Does X scale to scientific codes?", paper) is None  # "scientific" is not "SC"


def test_the_same_number_in_words_and_digits():
    assert same_number("ten-member", "10") and same_number("six", "6")
    assert not same_number("ten-member", "12") and not same_number("member", "10")


SENTENCES = [
    "We train an ensemble of 10 U-Nets and use their spread as the uncertainty.",
    "FlowNet reconfigures a 70B model in under 2s and a 235B model in 4.36s.",
    "For example, 4-bit quantization of ResNet-50 surpasses the original accuracy, reaching 77.03%.",
    "Training follows a centralized-training, decentralized-execution paradigm.",
]
PAPER = make_paper(title="FlowNet: Elastic Training", abstract=" ".join(SENTENCES))


def verdict(question: str):
    return decide(question, PAPER, SENTENCES)


def test_a_duration_in_words_against_the_figure():
    no = verdict("FlowNet takes roughly a minute to reconfigure a 70B model, doesn't it?")
    assert no.word == NO and "under 2s" in no.sentence
    assert verdict("Does FlowNet need about an hour to reconfigure a 70B model?").word == NO


def test_below_against_surpasses():
    assert verdict("Does the 4-bit ResNet-50 end up below the original accuracy?").word == NO
    assert verdict("Does the 4-bit ResNet-50 exceed the original accuracy?").word == YES


def test_modifiers_paired_the_other_way_round():
    no = verdict("Does FlowNet use decentralized training with centralized execution?")
    assert no.word == NO and "centralized-training" in no.sentence
    assert verdict("Does FlowNet use centralized training with decentralized execution?").word != NO


def test_a_listing_status_decides_the_whole_answer(assistant):
    answer = assistant.answer([Message(role="user", content="SparStencil got into ISCA'25, didn't it?")], Filters())
    assert answer.answer.startswith("No") and "SC'25" in answer.answer


LAYERS = [
    "We build a theory of compression error.",
    "For instance, the first layer of a model can typically sustain a higher compression level compared to the last "
    "layer without compromising performance.",
]
LAYERED = make_paper(title="An Error Theory of Compression", abstract=" ".join(LAYERS))


def test_more_than_with_its_sides_swapped():
    """ "more … than" is a direction when a standard follows it, and "compared to" sets the standard as "than" does:
    the claim's two sides the other way round from the sentence's is a No, the same way round a Yes."""
    swapped = decide("Can the last layer of a model tolerate more compression than the first layer?", LAYERED, LAYERS)
    assert swapped.word == NO and "compared to the last" in swapped.sentence
    same = decide("Can the first layer of a model tolerate more compression than the last layer?", LAYERED, LAYERS)
    assert same.word == YES
