"""Recall for descriptions, misspellings and acronyms: the probe set in new wordings, and the acronym pairs."""

from __future__ import annotations

import json
import re

from assistant.answer.evidence.acronyms import _DEFINED, Acronyms, _mine
from assistant.answer.evidence.weigh import QueryTerms
from tests.answer.evals import run_eval
from tests.conftest import DATA, SEEDS


def test_long_forms_are_mined_from_the_text_with_their_acronyms():
    text = (
        "We use general matrix multiplication (GEMM) in the Mixture-of-Experts (MoE) layers of Large Language "
        "Models (LLMs); the de facto standard (HPC) is not a definition."
    )
    assert _mine(text) == [
        ("GEMM", "general matrix multiplication"),
        ("MoE", "Mixture-of-Experts"),
        ("LLM", "Large Language Models"),
    ]


def test_the_definition_pattern_finds_what_it_found_without_its_look_behind():
    # The look-behind only spares the engine attempts from inside words (a speed-up); the matches must not change,
    # also where a word starts with a digit, an underscore or a hyphen, or runs into a bracket.
    plain = re.compile(_DEFINED.pattern.removeprefix("(?<![A-Za-z])"))
    assert plain.pattern != _DEFINED.pattern
    texts = [
        "a 3dfast Fourier transform (FFT) and x_general matrix multiply (GEMM), -deep learning (DL) too",
        "words,general matrix multiplication (GEMM)(MoE) mixture of experts (MoE) and (ABC) alone",
        "one two three four five six seven eight nine (NINE) Large Language Models (LLMs)",
    ]
    texts += [t for f in sorted(SEEDS.glob("*.txt")) for t in f.read_text(encoding="utf-8").split("\n\n")]
    for text in texts:
        assert [m.span() for m in _DEFINED.finditer(text)] == [m.span() for m in plain.finditer(text)], text


def test_either_side_of_a_pair_finds_the_other():
    acronyms = Acronyms([("GEMM", "general matrix multiplication"), ("KD", "knowledge distillation")])
    assert acronyms.expansion("Who tunes small matrix multiplications on ARM?") == ""  # not the whole long form
    assert acronyms.expansion("Who tunes general matrix multiplications on ARM?") == "GEMM"
    assert acronyms.expansion("how fast is their gemm kernel") == "general matrix multiplication"
    # inflections and hyphens do not hide a long form ("multiply" for "multiplication", "matrix-vector")
    assert acronyms.expansion("who speeds up general matrix multiply?") == "GEMM"
    spmv = Acronyms([("SpMV", "sparse matrix-vector multiplication")])
    assert spmv.expansion("the paper on sparse matrix vector multiplication") == "SpMV"
    # a two-letter acronym is only taken when written in capitals ("kd" may be anything)
    assert acronyms.expansion("what is kd") == "" and acronyms.expansion("what is KD") == "knowledge distillation"


def test_an_acronym_covers_the_words_of_its_long_form():
    acronyms = Acronyms([("GEMM", "matrix multiplication")])
    question = "small matrix multiplication kernels"
    q = QueryTerms({"small": 1.0, "matrix": 1.0, "multiplication": 1.0, "kernels": 1.0})
    abstract = {"small", "gemm", "kernels"}
    assert q.coverage(abstract) == 0.5
    assert q.with_alternatives(acronyms.alternatives(question)).coverage(abstract) == 1.0


def test_probe_set_in_new_wordings_scores_at_least_090(seeded_store, tmp_path, capsys):
    code, summary, out = run_eval(seeded_store, DATA / "probe_recall.json", tmp_path, capsys)
    assert code == 0, out
    assert summary["overall"] >= 0.9, out
    assert summary["invalid_citations"] == 0
    assert len(json.loads((DATA / "probe_recall.json").read_text())["questions"]) >= 30


def test_an_enumeration_is_quoted_at_the_item_holding_the_question_terms():
    from assistant.answer.evidence.clauses import focus

    sentence = (
        "The major innovations include: (1) a Matrix Product State (MPS) based VQE simulator to reduce the amount "
        "of memory needed and increase the simulation efficiency; (2) a combination of the Density Matrix Embedding "
        "Theory with the MPS-based VQE simulator to further extend the simulation range; (3) A three-level "
        "parallelization scheme to scale up to 20 million cores; (4) Usage of the Julia script language."
    )
    item = focus("How does the simulator reduce the memory it needs?", sentence)
    assert item.startswith("a Matrix Product State") and item in sentence
    # nothing singles out one item: the sentence stays whole
    assert focus("What are the major innovations?", sentence) == sentence


def test_terms_shared_by_all_of_a_papers_sentences_weigh_nothing_within_it():
    q = QueryTerms({"vqe": 3.0, "memory": 1.0})
    sentences = [{"vqe", "simulator"}, {"vqe", "memory"}, {"vqe", "chemistry"}]
    local = q.within(sentences)
    assert local.weights["memory"] > 0 and local.weights["vqe"] == 0
    assert local.coverage({"vqe", "memory"}) == 1.0 and local.coverage({"vqe", "simulator"}) == 0.0


class _Vectors:
    """A deterministic stand-in for MiniLM: each text's vector is the unit vector of the first word it starts
    with among a fixed few (the geometry the sentence search reads, nothing else)."""

    AXES = ["route", "stencil", "memory", "weather"]

    def vector(self, text: str):
        import numpy as np

        v = np.zeros(384, dtype=np.float32)
        first = next((i for i, a in enumerate(self.AXES) if a in text.lower()), None)
        if first is not None:
            v[first] = 1.0
        return v

    def of(self, texts):
        import numpy as np

        return np.stack([self.vector(t) for t in texts])

    def prime(self, texts):
        pass

    def get(self, text):
        return self.vector(text)


def test_a_paper_found_only_by_one_of_its_sentences_joins_the_candidates():
    from assistant.answer.evidence.sentence_search import SentenceSearch
    from tests.answer.test_sentence_evidence import make_paper

    routing = make_paper("Quantization is lossy. We route every input to the best expert copy.", id="moqe")
    stencil = make_paper("Stencils are common. Our stencil kernels run on tensor cores.", id="stencil")
    old = make_paper("We route packets on the old network.", id="old", year=1999)
    vectors = _Vectors()
    search = SentenceSearch(vectors.of, vectors)
    papers = [routing, stencil, old]
    found = search.candidates("which copy does each input route to?", papers, lambda p: True, known=set())
    assert [h.paper.id for h in found] == ["moqe", "old"] and found[0].dense == 1.0
    # papers already retrieved, or excluded by the filters, are not added again
    assert search.candidates("route inputs", papers, lambda p: p.year != 1999, known={"moqe"}) == []
    # a question no sentence is close to brings no candidate
    assert search.candidates("what about the climate?", papers, lambda p: True, known=set()) == []
