"""A topic matched by what the corpus says, not only by its words: a field's papers include those on a kind of it the
corpus names, an identity with digits is said as written, a negated topic rules out any paper that says it, and the
corpus is said not to cover a subject only when its words are absent and nothing is strongly relevant by meaning."""

from __future__ import annotations

from assistant.answer.write.extractive import CANNOT_ANSWER
from tests.asking import ask

FP_XINT = "FP=xINT:A Low-Bit Series Expansion Algorithm for Post-Training Quantization"
MOQE = "MoQE: Improve Quantization Model performance via Mixture of Quantization Experts"
META_STUDY = "Can the capability of Large Language Models be described by human ability? A Meta Study"


def titles(answer) -> set[str]:
    return {c.title for c in answer.citations}


def test_a_field_includes_the_papers_on_a_kind_of_it_the_corpus_names(assistant):
    # FP=xINT never says "compression"; another abstract says "compression techniques, including quantization".
    answer = ask(assistant, "List his papers on compression.")
    assert FP_XINT in titles(answer)
    assert "Lossless Model Compression via Joint Low-Rank Factorization Optimization" in titles(answer)
    assert not any("HONPAS" in (t or "") for t in titles(answer))  # "domain decomposition" is another sense of a kind


def test_a_negated_topic_rules_out_a_paper_that_names_a_kind_of_it(assistant):
    # MoQE evaluates on "LLaMA, and Qwen model families"; CALM's abstract says "LLMs including LLaMA and Qwen".
    answer = ask(assistant, "Which of his quantization papers do not mention LLMs?")
    assert MOQE not in titles(answer)
    assert FP_XINT in titles(answer)


def test_a_negated_long_form_rules_out_a_paper_that_says_its_acronym(assistant):
    # MoE-DisCo says "LLM training", never "large language models".
    answer = ask(assistant, "Which 2026 papers of his are not about large language models?")
    assert "MoE-DisCo:Low Economy Cost Training Mixture-of-Experts Models" not in titles(answer)
    assert len(titles(answer)) == 3


def test_a_subject_no_paper_names_and_nothing_means_is_not_covered(assistant):
    answer = ask(assistant, "Is there anything in the corpus about speech synthesis for endangered languages?")
    assert answer.answer.startswith(CANNOT_ANSWER) and answer.citations == []
    assert "“speech”" in answer.answer


def test_a_paraphrase_in_none_of_the_papers_words_is_answered_from_the_closest_paper(assistant):
    answer = ask(assistant, "Which of his papers line up chatbot scores on test suites with kinds of human abilities?")
    assert not answer.answer.startswith(CANNOT_ANSWER)
    assert META_STUDY in titles(answer) and "closest in meaning" in answer.answer


def test_a_name_no_paper_uses_is_never_dropped_from_a_topic(assistant):
    # "Cholesky" is rare English (a name): the low-rank factorization paper is not on "sparse Cholesky factorization".
    answer = ask(assistant, "Which of his papers are about sparse Cholesky factorization?")
    assert answer.answer.startswith(CANNOT_ANSWER) and answer.citations == []


def test_an_identity_with_digits_is_said_as_written(tanaka):
    answer = ask(tanaka, "Which of her papers use Sentinel-2 data?")
    assert titles(answer) == {
        "Melt Pond Fraction on Arctic Sea Ice from Sentinel-2 Imagery",
        "Coastline Extraction with Self-Supervised Pretraining on Sentinel-2",
    }


def test_a_topic_word_counts_in_another_form_for_papers_near_in_meaning(tanaka):
    # "classifying" is said as "Classification" in the incidence-angle paper's title (cosine 0.56 to the topic).
    answer = ask(tanaka, "Give me an overview of her research on classifying sea ice in radar images.")
    assert "Correcting Incidence-Angle Effects in SAR Sea-Ice Classification" in titles(answer)
    assert "Ice Drift Forecasts with Graph Neural Networks" not in titles(answer)


def test_a_negated_field_leaves_out_its_kinds_and_nothing_else(assistant):
    answer = ask(assistant, "Which of his papers are not about model compression?")
    assert FP_XINT not in titles(answer) and MOQE not in titles(answer)  # quantization is a kind of compression
    # IAAT says "small GEMM": "small" is named in "15 models, including small …", but it is no kind of compression.
    assert "IAAT: A Input-Aware Adaptive Tuning framework for Small GEMM" in titles(answer)


def test_an_identity_said_with_the_phrase_head_needs_no_meaning_bar(assistant):
    # SwarmThinkers: "… on a single A100 GPU, previously attainable only via OpenKMC …" (cosine 0.24 to the phrase)
    answer = ask(assistant, "List his work that used NVIDIA A100 GPUs.")
    assert "2505.20094" in {c.arxiv_id for c in answer.citations}
