"""Which words of a topic distinguish papers: general English frequency (wordfreq) and the papers in scope."""

from __future__ import annotations

from assistant.answer.evidence import distinct
from assistant.answer.evidence.weigh import QueryTerms, vocabulary

PAPERS = [
    vocabulary("On an NVIDIA A100 cluster with 64 GPUs, the solver achieves a 2.3x speedup."),
    vocabulary("Running the kernels on ARMv8, the tuned library beats BLAS."),
    vocabulary("Experiments on ResNet and LLaMA models show lossless compression."),
]


def in_scope(word: str) -> bool:
    return distinct.used(word, PAPERS)


def test_the_roles_of_a_topic_s_words():
    assert distinct.role("only", in_scope) == distinct.PHRASING  # a function word
    assert distinct.role("lines", in_scope) == distinct.UNUSED  # ordinary English no paper here uses
    assert distinct.role("protein", in_scope) == distinct.UNUSED
    assert distinct.role("running", in_scope) == distinct.ORDINARY  # ordinary, and a paper says it
    assert distinct.role("A100", in_scope) == distinct.DISTINGUISHING
    assert distinct.role("quantization", in_scope) == distinct.DISTINGUISHING  # rare in English, used or not


def test_inflected_forms_read_as_their_commonest_form():
    assert distinct.ordinary("achieves")  # as "achieve"
    assert not distinct.ordinary("forecasting")


def test_a_compound_is_held_by_its_parts_and_a_word_by_its_stem():
    assert distinct.used("ResNet-family", PAPERS) and not distinct.used_whole("ResNet-family", PAPERS)
    assert distinct.held("detection", vocabulary("Detecting leads in winter sea ice"))
    assert not distinct.held("acidification", vocabulary("Detecting leads in winter sea ice"))


def test_a_term_in_most_papers_in_scope_weighs_little():
    q = QueryTerms({"forecasting": 4.0, "sea": 1.0, "ice": 1.0})
    in_papers = {"forecasting": 3, "sea": 15, "ice": 20}
    scoped = distinct.scope_weighted(q, 22, in_papers.__getitem__)
    assert scoped.weights["forecasting"] == 4.0  # in fewer than half the papers: all its weight
    assert 0.1 < scoped.weights["ice"] < 0.2 < scoped.weights["sea"] < 1.0
    # A few papers say little about a word: their weights stay the corpus's.
    assert distinct.scope_weighted(q, 3, lambda t: 3).weights == q.weights


def test_si_units_by_name_and_symbol():
    from assistant.answer.evidence.quantity import unit_forms

    assert {"cm", "centimetre"} <= unit_forms("centimetres")
    assert "km" in unit_forms("kilometers") and "ms" in unit_forms("milliseconds")
    assert all(len(u) >= 4 for u in unit_forms("points"))  # no SI unit: no symbol
