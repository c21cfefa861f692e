"""What the corpus says is a kind of what (index/kinds.py): the sentence shapes read, and those that are not."""

from __future__ import annotations

from assistant.index.kinds import mine


def test_a_list_after_including_or_such_as_names_kinds_of_the_word_before():
    pairs = mine("We evaluate several pruning methods, such as magnitude pruning and movement pruning, on BERT.")
    assert ("pruning", "magnitude pruning") in pairs and ("pruning", "movement pruning") in pairs
    pairs = mine("Modern accelerators, including TPUs and FPGAs, share a memory wall.")
    assert ("accelerator", "TPUs") in pairs and ("accelerator", "FPGAs") in pairs


def test_a_form_of_names_the_kind_before_it():
    assert ("distillation", "Self-distillation") in mine(
        "Self-distillation, a form of knowledge distillation, needs no teacher."
    )
    assert ("regularization", "Dropout") in mine("Dropout is a kind of regularization for deep networks.")


def test_an_item_stops_at_its_noun_phrase_and_a_clause_is_no_item():
    pairs = mine("Current data compression methods, such as sparsification in Federated Averaging, save bandwidth.")
    assert ("compression", "sparsification") in pairs
    assert not any("Federated" in kind for _, kind in pairs)


def test_like_inside_a_word_and_unlike_are_not_examples():
    assert mine("The agents show human-like planning.") == []
    assert mine("Unlike previous work, the new algorithm arises from the scatter mode.") == []


def test_including_glued_to_the_word_before_by_extraction_is_read():
    assert ("llm", "Mistral") in mine("It beats baselines on mainstream LLMsincluding Mistral and Gemma.")
