"""Verdicts on a vague count of things against the figure stated for the same head noun ("a handful of stencil
kernels" against "79 stencil kernels"), a universal claim against a stated exception, a claim of doing something
against a stated absence after its gain is met, a contrast read from a sentence about earlier work, a superlative
against the ends of a stated range, and a paraphrase in another derived form ("peaks" as "peaking")."""

from __future__ import annotations

from assistant.answer.evidence import claim_terms, exception, months, range_end, vague_count
from assistant.answer.write.premises import coverage
from assistant.answer.write.verdict import NO, UNSAID, YES, decide
from tests.conftest import make_paper

KERNELS = (
    "Evaluated on 79 stencil kernels spanning diverse scientific domains, SparStencil achieves up to 7.1x speedup."
)
STACKS = "We delineate fronts from stacks of six Sentinel-1 acquisitions with a recurrent segmentation network."


def test_a_vague_count_is_weighed_against_the_figure_for_the_same_head_noun():
    assert not vague_count.weigh("Was it only tested on a handful of stencil kernels?", [KERNELS]).holds
    assert vague_count.weigh("Does it stack a handful of Sentinel-1 acquisitions?", [STACKS]).holds
    # another head noun, or a unit or magnitude after the vague word (figures.py's to read), decides nothing here
    assert vague_count.weigh("Was it tested on a handful of GPUs?", [KERNELS]) is None
    assert vague_count.weigh("Did it cost several points of accuracy?", ["It loses 7 points of accuracy."]) is None
    assert vague_count.weigh("Did it need a few labelled scenes to get to 82%?", [KERNELS]) is None
    paper = make_paper(title="SparStencil", abstract=KERNELS)
    assert decide("Was SparStencil only tested on a handful of stencil kernels?", paper, [KERNELS]).word == NO
    assert decide("Was SparStencil evaluated on dozens of stencil kernels?", paper, [KERNELS]).word != NO


EMULATOR = (
    "Errors in ice thickness stay below 12 cm, except along the coast of Greenland where the emulator smooths ridging."
)


def test_a_universal_claim_against_a_stated_exception():
    claim = "Does the emulator keep its ice thickness error under 12 cm everywhere, including the Greenland coast?"
    assert exception.excepted(claim, [EMULATOR]) == EMULATOR
    # not universal, an exception of its own, or another statement than the one excepted: no exception to it
    assert exception.excepted("Does it keep thickness errors below 12 cm away from Greenland?", [EMULATOR]) is None
    assert exception.excepted("Is the error under 12 cm everywhere except Greenland?", [EMULATOR]) is None
    assert (
        exception.excepted("Does the emulator smooth ridging everywhere along the Greenland coast?", [EMULATOR]) is None
    )
    paper = make_paper(title="Emulating sea-ice dynamics", abstract=EMULATOR)
    assert decide(claim, paper, [EMULATOR]).word == NO


ADAPT = "We align the feature distributions with adversarial domain adaptation and no labels from the target sensor."
GAIN = (
    "Accuracy on RADARSAT-2 rises from 64% without adaptation to 82%, close to the 85% of a model trained with labels."
)


def test_a_stated_absence_outranks_a_met_gain():
    paper = make_paper(title="Domain adaptation for ice mapping", abstract=f"{ADAPT} {GAIN}")
    claim = "Did they have to hand-label some RADARSAT-2 images to get the accuracy gain?"
    verdict = decide(claim, paper, [GAIN, ADAPT])
    assert verdict.word == NO and verdict.sentence == ADAPT
    assert decide("Did the adaptation bring an accuracy gain on RADARSAT-2?", paper, [GAIN, ADAPT]).word == YES


def test_a_sentence_about_earlier_work_is_no_contrast():
    earlier = "Previous work on redundancy elimination of array computations in loop nests lacks universality."
    own = "It traverses the expression trees in loop nests to detect redundancies hierarchically in linear time."
    paper = make_paper(title="RACE", abstract=f"{earlier} {own}")
    assert decide("Does RACE detect redundancies in linear time?", paper, [earlier, own]).word == YES


SYSTEMS = (
    "We perform evaluations on various systems, from 4 nodes with 32 NVIDIA Tesla T4 (56.1 Tera-OPS measured), up to "
    "512 nodes with 4096 Huawei Ascend 910 (194.53 Peta-OPS measured), and the results show near-linear scalability."
)


def test_a_superlative_against_the_ends_of_a_range():
    naming = {"aiperf"}
    assert range_end.weigh("Did the smallest setup use NVIDIA Tesla T4 cards?", [SYSTEMS], naming).holds
    assert not range_end.weigh("Did the largest setup use NVIDIA Tesla T4 cards?", [SYSTEMS], naming).holds
    assert range_end.weigh("Was the biggest system built of Huawei Ascend 910 chips?", [SYSTEMS], naming).holds
    # a name the picked end lacks is no Yes; a name of neither end decides nothing
    assert range_end.weigh("Did the smallest setup use NVIDIA A100 cards?", [SYSTEMS], naming) is None
    assert range_end.weigh("Did the smallest setup use AMD cards?", [SYSTEMS], naming) is None
    two = "It wins across setups (from 8 GPUs to 64 GPUs and from 1Gb/s Ethernet to 100Gb/s InfiniBand)."
    assert range_end.weigh("Was Ethernet the slowest interconnect?", [two], set()).holds
    assert not range_end.weigh("Was Ethernet the fastest interconnect?", [two], set()).holds
    paper = make_paper(title="AIPerf", abstract=SYSTEMS)
    assert decide("Did the smallest AIPerf test setup use NVIDIA Tesla T4 cards?", paper, [SYSTEMS]).word == YES


def test_a_paraphrase_in_another_derived_form_and_a_reporting_verb():
    ponds = "Against 38 aerial surveys the estimate shows pond fractions peaking in early July across the Beaufort Sea."
    paper = make_paper(title="Melt pond fraction from Sentinel-2", abstract=ponds)
    assert coverage(["peaks"], ponds, derived=True) == 1.0 and coverage(["peaks"], ponds) == 0.0
    claim = "Does the study find that pond fractions in the Beaufort Sea peaks in early July?"
    assert "peaks" not in claim_terms.unsupported(claim, paper, [ponds])
    # "find" reports the finding: the sentence need not hold it ("Beaufort" and "peaks" are 2 of 2, not 2 of 3)
    assert (
        decide("Does the study find that the Beaufort Sea peaks?", paper, [ponds]).why == "the best sentence states it"
    )
    assert decide("Does the study find that pond fractions in the Laptev Sea peak in May?", paper, [ponds]).word in (
        NO,
        UNSAID,
    )


def test_a_month_the_paper_never_names_is_said_otherwise():
    ponds = "The estimate shows pond fractions peaking in early July across the Beaufort Sea."
    assert months.said_otherwise("Did pond coverage peak in mid-August?", [ponds]) == ponds
    assert months.said_otherwise("Did pond coverage peak in July?", [ponds]) is None
    # a month beside a year dates the paper (the record's to check); "may" as a verb is no month
    assert months.said_otherwise("Did her May 2020 paper find a peak?", [ponds]) is None
    assert months.said_otherwise("May the ponds peak later?", [ponds]) is None
    paper = make_paper(title="Melt pond fraction from Sentinel-2", abstract=ponds)
    assert decide("Did pond fractions over the Beaufort Sea peak in mid-August?", paper, [ponds]).word == NO
