"""A claim's hyphenated term the paper writes as its initials ("MoE" for "mixture-of-experts") is the same term: no
rival value in its place, and no word the paper lacks."""

from __future__ import annotations

from assistant.answer.evidence.claim_terms import abbreviated_in, abbreviates
from assistant.answer.evidence.contrast import contrast
from tests.conftest import said_verdict

SENTENCE = "On dense and MoE models up to 235B parameters, DynaTrain reconfigures a 235B MoE model in 4.36s."


def test_initials_with_or_without_function_words_abbreviate_the_term():
    assert abbreviates("MoE", "mixture-of-experts") and abbreviates("MoEs", "mixture-of-experts")
    assert abbreviates("CNN", "convolutional-neural-network")
    assert not abbreviates("dense", "mixture-of-experts") and not abbreviates("M", "mixture")
    assert abbreviated_in("mixture-of-experts", [SENTENCE]) and not abbreviated_in("dense-only", [SENTENCE])


def test_the_abbreviation_beside_another_value_is_no_contrast():
    assert contrast("Did it include a mixture-of-experts model?", [SENTENCE]) is None


def test_the_verdict_reads_moe_as_the_mixture_of_experts_model(assistant):
    said, text = said_verdict(
        assistant, "Did DynaTrain's evaluation include a mixture-of-experts model with more than 200B parameters?"
    )
    assert said == "yes", text
