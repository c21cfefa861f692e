"""Verdicts where a paper's word in the claim's place grades the thing rather than naming another kind ("an efficient
storage format" for "the sparse matrix storage format"), where a sentence fills the place with several values while
the paper states the claim's own, a comparison's other side said after a repeated head ("faster than backscatter
from first-year ice"), and a vague count of a unit ("several points") against the stated figure."""

from __future__ import annotations

from assistant.answer.evidence import claim_terms, comparative, contrast
from assistant.answer.evidence.figures import quantities
from assistant.answer.evidence.weigh import vocabulary
from assistant.answer.write.verdict import NO, YES, decide
from tests.asking import ask
from tests.conftest import make_paper

FORMAT = "The optimization focuses on the SpMV kernel, and uses an efficient storage format named BCRS."
METRIC = "We utilize operations per second (OPS) as the major metric to quantify the AI performance."
SINGLE = "With flexible workload and single metric, our benchmark can scale and rank AI-HPC easily."


def test_a_grading_word_in_the_place_is_no_rival_term():
    q = "Did the work change the sparse matrix storage format?"
    assert claim_terms.swapped(q, "matrix", FORMAT) is None
    assert claim_terms.swapped("Did it use the fixed storage format?", "fixed", FORMAT.replace("efficient", "BCRS"))
    assert contrast.contrast("Does it use OPS as its headline metric?", [METRIC]) is None


def test_a_place_graded_in_one_sentence_has_no_rival_in_another():
    q = "Does the benchmark use operations per second as its headline metric for AI performance?"
    assert claim_terms.graded(q, "headline", [SINGLE, METRIC])
    assert not claim_terms.graded(q, "headline", [SINGLE])
    paper = make_paper(title="AI-HPC benchmark", abstract=f"{METRIC} {SINGLE}")
    assert decide(q, paper, [METRIC, SINGLE]).word != NO


def test_several_values_in_the_place_while_the_paper_states_the_claims_own():
    expansion = (
        "We introduce a deep model series expansion framework, enabling approximation of unquantized models "
        "without calibration sets."
    )
    claim = "Can it approximate the full-precision model without a calibration set?"
    abstract = f"PTQ converts pre-trained Full-Precision (FP) models into quantized versions. {expansion}"
    assert contrast.contrast(claim, [expansion], paper_text=abstract) is None
    # without the paper stating the claim's own value, the sentence's value is still a rival
    assert contrast.contrast(claim, [expansion], paper_text=expansion).stated == "deep"
    # one value in the place is a rival whatever else the paper says ("install-time stage" for "run-time stage")
    iaat = "In the install-time stage, IAAT auto-generates hundreds of kernels."
    run_time = "Are the kernels auto-generated during the run-time stage?"
    assert contrast.contrast(run_time, [iaat], paper_text=f"It has a run-time stage. {iaat}").stated == "install-time"


def test_the_other_side_after_a_repeated_head():
    slopes = "We estimate a slope of -0.21 dB per degree for first-year ice and -0.12 dB per degree for multi-year ice."
    claim = "Does backscatter from multi-year ice drop off faster than backscatter from first-year ice?"
    weighed = comparative.weigh(claim, [slopes])
    assert weighed is not None and not weighed.holds
    flipped = "Does backscatter from first-year ice drop off faster than backscatter from multi-year ice?"
    assert comparative.weigh(flipped, [slopes]).holds


def test_several_points_is_a_range_of_the_unit():
    (q,) = [q for q in quantities("did it cost several points of accuracy?") if q.kind == "points"]
    assert (q.low, q.high) == (2, 9)
    assert [(q.low, q.high, q.kind) for q in quantities("a few percent")] == [(2, 9, "%")]
    assert quantities("several papers") == []
    lost = "The quantized network loses 0.7 points of accuracy and uses 2.3 W."
    paper = make_paper(title="Quantized ice classifier", abstract=lost)
    assert decide("Did quantizing the classifier cost several points of accuracy?", paper, [lost]).word == NO
    assert decide("Did quantizing the classifier cost 0.7 points of accuracy?", paper, [lost]).word == YES


def test_a_naming_word_is_no_term_and_the_name_after_it_fills_a_slot():
    called = "Does the work use a fast storage format called BCRS for its SpMV kernel?"
    assert claim_terms.swapped(called, "called", FORMAT) is None
    assert claim_terms.swapped("Did it switch to a storage format called CSR?", "CSR", FORMAT) == "bcrs"
    paper = make_paper(title="MiniFE optimization", abstract=FORMAT)
    assert decide("Did it switch the SpMV kernel to a storage format called CSR?", paper, [FORMAT]).word == NO


def test_a_word_naming_the_reference_by_its_relation_is_no_rival_term(assistant):
    sentence = "For example, 4-bit quantization of ResNet-50 surpasses the original accuracy, reaching 77.03%."
    claim = "Did the method get a 4-bit ResNet-50 above the full-precision accuracy?"
    assert claim_terms.swapped(claim, "full-precision", sentence) is None
    assert claim_terms.swapped("Did it beat the FP16 model?", "FP16", "It beats the baseline model.") is None
    answer = ask(assistant, "Did FP=xINT push a 4-bit ResNet-50 past its full-precision accuracy?")
    assert answer.answer.startswith("Yes"), answer.answer


def test_a_place_the_closest_sentence_grades_has_no_rival_in_a_later_one():
    claim = "Is it right that his series-expansion method got a 4-bit ResNet-50 above the full-precision accuracy?"
    result = (
        "The experiments show that our algorithm achieves state-of-the-art performance in low-bit settings; for "
        "example, 4-bit quantization of ResNet-50 surpasses the original accuracy, reaching 77.03%."
    )
    first = "This is the first use of series expansion for neural network quantization."
    method = (
        "To ensure accurate quantization, we develop low-bit basis model expansions at different granularities "
        "(tensor, layer, model), and theoretically confirm their convergence to the dense model, thus restoring FP "
        "model accuracy."
    )
    title = "FP=xINT:A Low-Bit Series Expansion Algorithm for Post-Training Quantization"
    light = frozenset(vocabulary(title) | claim_terms.LIGHT)
    said = [result, first, method]
    assert contrast.contrast(claim, said, light, " ".join(said)) is None
