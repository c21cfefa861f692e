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
