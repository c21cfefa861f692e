"""The verdict is read from the evidence, never from the paper having been found: each rule on a made-up paper whose
sentences decide it (the sentences are passed best first, as the picker ranks them)."""

from __future__ import annotations

from assistant.answer.write.verdict import NO, UNSAID, YES, decide
from tests.conftest import make_paper

SENTENCES = [
    "We present FluxSim, a solver for turbulent flows on unstructured meshes.",
    "Experiments on 64 nodes of the Frontier supercomputer show a 3.2x speedup over the baseline solver.",
    "The solver was validated on both laminar and turbulent benchmark cases.",
    "However, we find an upper bound on the parallel efficiency beyond 4096 cores.",
    "Each partition is solved independently, without any inter-node communication.",
    "Memory use drops to 12% on A100 GPUs and to 40% on V100 GPUs.",
    "The method produces two complementary error estimates.",
]
PAPER = make_paper(title="FluxSim: Fast Turbulent Flow Simulation", abstract=" ".join(SENTENCES))


def verdict(question: str, ranked: list[str] | None = None):
    return decide(question, PAPER, ranked or SENTENCES)


def test_stated_figures_say_yes_and_other_figures_say_no():
    assert verdict("Did FluxSim reach a 3.2x speedup on 64 nodes?").word == YES
    no = verdict("Did FluxSim reach a 5x speedup on 64 nodes?")
    assert no.word == NO and "3.2x" in no.sentence  # the premise corrected by the sentence that states otherwise
    assert verdict("Was FluxSim run on 128 nodes?").word == NO  # the paper counts its nodes otherwise


def test_a_figure_stated_for_another_setting_is_a_no():
    v = verdict("Does FluxSim cut memory use to 12% on V100 GPUs?")
    assert v.word == NO and "A100" in v.sentence


def test_exclusive_and_unbounded_premises():
    assert verdict("Was FluxSim validated only on turbulent cases?").word == NO
    v = verdict("Does FluxSim's parallel efficiency keep growing as long as cores are added?")
    assert v.word == NO and "upper bound" in v.sentence


def test_a_denied_requirement_and_a_count():
    best_first = [SENTENCES[4], *SENTENCES[:4]]
    assert verdict("Do the partitions need inter-node communication?", best_first).word == NO
    assert verdict("Does FluxSim produce more than one error estimate?").word == YES


def test_a_figure_the_paper_never_states_is_not_said():
    v = verdict("Did FluxSim finish in 17 hours?", ranked=SENTENCES[:1])
    assert v.word in (UNSAID, NO) and v.word != YES


# Claim/sentence alignment: each figure of the claim is bound to the words around it, and the sentence's figure for
# the same thing decides (made-up sentences; none is from an eval set).
PAIRED = "SolverX factorises a 10k matrix in under 3 s and a 50k matrix in 41 s, beating the baseline by up to 5x."


def test_a_figure_named_in_the_sentence_for_another_thing_is_a_no():
    v = decide("Is it true that SolverX factorises a 50k matrix in under 3 seconds?", PAPER, [PAIRED])
    assert v.word == NO and "41 s" in v.sentence
    assert decide("Does SolverX factorise a 50k matrix in 41 seconds?", PAPER, [PAIRED]).word == YES
    assert decide("Does SolverX factorise a 10k matrix in under 3 seconds?", PAPER, [PAIRED]).word == YES


def test_a_share_said_in_words_and_a_share_stated_for_the_same_thing():
    s = "We fine-tune the detector for road extraction with 8% of the labels and report a 12% gain in recall."
    assert decide("The detector was fine-tuned with half of the labels, right?", PAPER, [s]).word == NO
    assert decide("The detector was fine-tuned with 8% of the labels, right?", PAPER, [s]).word == YES


def test_the_opposite_direction_said_of_the_same_thing_is_a_no():
    s = "The survey shows a 25% increase of forested area in the northern valley between 2001 and 2011."
    v = decide("Did the survey find that forested area in the northern valley shrank?", PAPER, [s])
    assert v.word == NO and "increase" in v.sentence
    assert decide("Did the survey find that forested area in the northern valley grew?", PAPER, [s]).word == YES


def test_a_figure_for_an_unrelated_thing_does_not_decide():
    from assistant.answer.evidence import alignment

    found = alignment.check("Did SolverX use 64 GPUs?", ["The model reaches 91% accuracy on the test images."])
    assert found.contradiction is None and found.support is None


# A term of the claim that the paper never states: never a yes. Made-up sentences (none is from an eval set).
GLACIER = [
    "We map crevasse fields on outlet glaciers from satellite radar.",
    "Training labels were traced from balloon photographs over two summers.",
    "The detector runs on a cobalt-zinc alloy sensor housing at 40 Hz.",
    "A single shared encoder serves every glacier.",
]
ICE = make_paper(title="CrevNet: Mapping Crevasses", abstract=" ".join(GLACIER))


def test_a_claim_term_the_paper_replaces_with_another_is_a_no():
    v = decide("Were CrevNet's training labels traced from kite photographs?", ICE, GLACIER[1:] + GLACIER[:1])
    assert v.word == NO and "balloon" in v.sentence  # "traced from balloon", where the claim says "traced from kite"
    v = decide("Does the CrevNet detector run on an iron-zinc alloy sensor housing?", ICE, GLACIER[2:] + GLACIER[:2])
    assert v.word == NO and "cobalt-zinc" in v.sentence  # the term before "alloy" differs


def test_a_claim_term_the_paper_never_holds_is_not_said_and_stated_terms_still_say_yes():
    v = decide("Were CrevNet's training labels traced from photographs taken at night?", ICE, GLACIER[1:] + GLACIER[:1])
    assert v.word == UNSAID  # "night" is nowhere in the paper, and no sentence puts another word in its place
    assert decide("Were CrevNet's training labels traced from balloon photographs?", ICE, GLACIER[1:]).word == YES
    # "one" in the paper where the claim says "single": a function word in the slot is a paraphrase, not a rival term
    rephrased = ["One shared encoder serves every glacier.", *GLACIER[:3]]
    paper = make_paper(title="CrevNet: Mapping Crevasses", abstract=" ".join(rephrased))
    assert decide("Does a single shared encoder serve every glacier in CrevNet?", paper, rephrased).word == YES


def test_a_close_variant_by_meaning_counts_as_stated():
    question = "Were CrevNet's training labels traced from kite photographs?"
    ranked = ["Training labels were traced from photographs taken by kites."]
    paper = make_paper(title="CrevNet: Mapping Crevasses", abstract=ranked[0])
    # "kite" is held as "kites" only through the stems the verdict compares; a `near` that refuses everything
    # changes nothing, and one that accepts the word lets the stated claim stand.
    assert decide(question, paper, ranked, near=lambda w, ws: False).word == YES
    unheld = make_paper(title="CrevNet: Mapping Crevasses", abstract="Training labels were traced from photographs.")
    claim = "Were CrevNet's training labels traced from aerial photographs?"
    assert decide(claim, unheld, [unheld.abstract], near=lambda w, ws: False).word != YES
    assert decide(claim, unheld, [unheld.abstract], near=lambda w, ws: w == "aerial").word == YES


def test_the_listing_metadata_decides_a_venue_claim():
    paper = make_paper(
        title="StencilX: Sparse Stencils",
        abstract="StencilX maps stencils to sparse tensor cores.",
        comments=["Accepted to HPDC'24 (May 2, 2024). This work was previously submitted to PPoPP'24."],
    )
    v = decide("Was StencilX accepted at HPDC'24?", paper, [paper.abstract])
    assert v.word == YES and v.sentence.startswith("Accepted to HPDC'24")
    # Submitted there, accepted elsewhere: the premise is corrected by the comment naming the other venue.
    v = decide("Was StencilX accepted at PPoPP'24?", paper, [paper.abstract])
    assert v.word == NO and v.sentence.startswith("Accepted to HPDC'24")


# A claim term the paper names only as what the work is set against (made-up sentences; none is from an eval set).
KILN = [
    "We present KilnNet, a surrogate model for ceramic kiln firing schedules.",
    "KilnNet is the first model to plan a full firing schedule on one laptop CPU, formerly possible only with "
    "finite element codes on a cluster.",
    "The surrogate is written in Haskell as its main language, reaching performance as native Rust or Go.",
    "It cuts planning time from 9 hours to 4 minutes.",
]
KILN_PAPER = make_paper(title="KilnNet: Surrogate Firing Schedules", abstract=" ".join(KILN))


def test_a_term_named_only_as_what_came_before_is_a_false_premise():
    v = decide("KilnNet still required a cluster to plan a full firing schedule, didn't it?", KILN_PAPER, KILN)
    assert v.word == NO and "laptop CPU" in v.sentence
    v = decide("Did KilnNet need a cluster for the full firing schedule?", KILN_PAPER, KILN)
    assert v.word == NO and "laptop CPU" in v.sentence


def test_a_named_value_the_paper_states_only_as_a_comparison_is_a_no():
    v = decide("The KilnNet surrogate was written mainly in Rust, correct?", KILN_PAPER, KILN)
    assert v.word == NO and "Haskell" in v.sentence
    best_first = [KILN[2], *KILN[:2], KILN[3]]
    assert decide("Is the KilnNet surrogate written in Haskell?", KILN_PAPER, best_first).word == YES


def test_a_claim_that_itself_sets_the_term_against_the_work_is_not_read_as_a_false_premise():
    from assistant.answer.evidence import claim_terms

    assert claim_terms.foil_only("Is KilnNet faster than Rust code?", KILN_PAPER, KILN) is None
    assert claim_terms.foil_only("Does KilnNet run on a laptop CPU?", KILN_PAPER, KILN) is None


def test_a_compound_s_function_words_and_an_acronym_s_plural_are_not_missing_terms():
    s = "We survey 41 LLMs and group the evaluation suites into 4 skill families."
    paper = make_paper(title="Skills of Language Models: A Survey", abstract=s)
    v = decide("Did the LLM-vs-skill survey group its evaluation suites into 4 skill families?", paper, [s])
    assert v.word == YES
    assert (
        decide("Did the LLM-vs-skill survey group its evaluation suites into 5 skill families?", paper, [s]).word == NO
    )


def test_a_confirming_tag_does_not_negate_the_claim():
    s = "Each worker trains its shard without any inter-node communication."
    paper = make_paper(title="ShardTrain", abstract=s)
    assert decide("ShardTrain workers need inter-node communication, don't they?", paper, [s]).word == NO


FURNACE = [
    "We present FurnaceLM, a trainer for language models.",
    "FurnaceLM is the first system to train a 70B model without a GPU cluster, using 8 consumer GPUs.",
    "Training keeps its accuracy without losing throughput.",
]
FURNACE_PAPER = make_paper(title="FurnaceLM: Cheap Training", abstract=" ".join(FURNACE))


def test_what_the_work_does_without_counts_against_a_claim_that_it_needs_it():
    v = decide("FurnaceLM still needed a GPU cluster to train the 70B model, didn't it?", FURNACE_PAPER, FURNACE)
    assert v.word == NO and "without a GPU cluster" in v.sentence
    # "without losing throughput" denies the losing, not the throughput
    from assistant.answer.evidence import claim_terms

    assert claim_terms.foil_only("Does FurnaceLM keep its throughput?", FURNACE_PAPER, FURNACE) is None


def test_a_scaled_figure_is_not_compared_with_a_bare_count():
    v = decide("FurnaceLM trains a 70B model on consumer GPUs, right?", FURNACE_PAPER, FURNACE[1:] + FURNACE[:1])
    assert v.word == YES


SCANS = [
    "We present GlacierFM, a model pretrained on 2 million Landsat-8 scenes of mountain glaciers.",
    "On the ResNet-18 backbone it reaches 4x fewer parameters while the detectors trained on them keep their accuracy.",
]
SCAN_PAPER = make_paper(title="GlacierFM: Pretraining for Glaciers", abstract=" ".join(SCANS))


def test_a_versioned_name_is_held_only_as_a_whole_and_another_version_is_a_no():
    v = decide("GlacierFM was pretrained on Landsat-9 scenes, right?", SCAN_PAPER, SCANS)
    assert v.word == NO and "Landsat-8" in v.sentence
    v = decide("Does GlacierFM reach 4x fewer parameters on the ResNet-50 backbone?", SCAN_PAPER, SCANS[1:])
    assert v.word == NO and "ResNet-18" in v.why
    assert decide("GlacierFM was pretrained on Landsat-8 scenes, right?", SCAN_PAPER, SCANS).word == YES


def test_a_pronoun_in_the_slot_does_not_paraphrase_a_claim_word():
    v = decide("Were the GlacierFM detectors trained on thousands of backbones?", SCAN_PAPER, SCANS[1:])
    assert v.word != YES


def test_a_determiner_is_no_rival_term_and_a_compared_rival_may_be_worded_otherwise():
    s = ["Each workload from TileBench is drawn from real scientific codes.", "TileBench beats famous BLAS libraries."]
    paper = make_paper(title="TileBench: Tiles for Science", abstract=" ".join(s))
    assert decide("Does TileBench use MLPerf workloads?", paper, s).word != NO  # "each workload" names no rival
    assert decide("Did TileBench beat the vendor BLAS libraries?", paper, s[1:]).word != NO


def test_with_the_figures_met_a_verb_worded_otherwise_does_not_block_the_yes():
    s = ["The evaluation suites are categorized into 5 skill families and 9 sub-skills."]
    paper = make_paper(title="Skills of Language Models: A Survey", abstract=s[0])
    assert decide("Did the skills survey group suites into five skill families?", paper, s).word == YES
    assert decide("Was the skills survey's suite set divided into 5 skill families?", paper, s).word == YES
    assert decide("Did the skills survey group suites into 7 skill families?", paper, s).word == NO
    # a modifier is not a verb: "winter" stays asked for
    assert decide("Did the winter skills survey sort suites into 5 skill families?", paper, s).word != YES


def test_a_count_stated_as_a_lower_bound_meets_the_same_floor():
    ranked = ["We gathered results from over 250 runs across 12 clusters.", *SENTENCES]
    assert verdict("Did FluxSim gather results from more than 250 runs?", ranked).word == YES  # over 250 > 250
    assert verdict("Did FluxSim gather results from more than 300 runs?", ranked).word == NO


def test_an_emphasis_word_is_no_claim_term():
    """ "on just one A100" against "on A100 GPUs": 'just' only stresses the claim; it is no term a sentence must hold
    or can put another word in place of."""
    ranked = ["Turbulent benchmark cases run in full on a single A100 GPU.", *SENTENCES]
    assert verdict("Did FluxSim run the turbulent benchmark cases in full on just one A100?", ranked).word == YES


def test_a_comparative_with_its_first_side_before_than_is_weighed():
    slopes = "We estimate a slope of -0.21 dB per degree for first-year ice and -0.12 dB per degree for multi-year ice."
    paper = make_paper(title="Incidence-Angle Correction", abstract=slopes)
    no = decide(
        "does backscatter drop off more steeply with angle for multi-year ice than for first-year ice", paper, [slopes]
    )
    assert no.word == NO and "-0.21" in no.sentence
    yes = decide("does first-year ice lose backscatter more quickly than multi-year ice", paper, [slopes])
    assert yes.word == YES
