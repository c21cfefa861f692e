"""A plain word the sentence puts between the same two words as the claim's ("matrix-style hardware units" - "Matrix
computation units") describes the same thing in other words; a name in that place is another thing."""

from __future__ import annotations

from assistant.answer.evidence.claim_terms import swapped


def test_a_plain_word_between_the_same_two_words_is_no_rival():
    sentence = "Matrix computation units have been equipped in current architectures."
    assert swapped("Did it build on matrix-style hardware units?", "hardware", sentence) is None


def test_a_name_between_the_same_two_words_or_a_plain_word_elsewhere_is_a_rival():
    assert swapped("Did it use sparse tensor cores?", "tensor", "It runs on sparse CUDA cores.") == "cuda"
    assert swapped(
        "Was it trained on Canadian Ice Service charts?", "canadian", "Charts from the Norwegian Ice Service."
    )
