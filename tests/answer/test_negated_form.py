"""A claim word the paper states in its negated form, of the same thing, is a No; a negation of other things is not."""

from __future__ import annotations

from assistant.answer.evidence.negated_form import denied, negation_of

SENTENCE = "While some abilities are considered interrelated in humans, they appear nearly uncorrelated in LLMs."


def test_a_word_negated_by_its_prefix_beside_the_same_word_denies_the_claim():
    claim = "Did the study find that abilities linked in humans are strongly correlated in LLMs too?"
    assert denied(claim, [SENTENCE]) == ("correlated", "uncorrelated", SENTENCE)
    assert denied("Is the loss non-convex in the weights?", ["The loss is convex in the weights."])[:2] == (
        "nonconvex",
        "convex",
    )


def test_a_negated_form_of_other_things_or_a_word_that_only_starts_like_one_is_no_denial():
    # "unlabelled" is said of the target data, "labelled" of the source: nothing beside them is shared
    assert denied("Does it use labelled source scenes?", ["It adapts to unlabelled target imagery."]) is None
    assert not negation_of("formation", "information")
    assert not negation_of("play", "display")
    assert negation_of("consistent", "inconsistent") and negation_of("balanced", "imbalanced")


def test_the_shared_neighbour_must_stand_on_the_same_side_of_both_words():
    # "LLMs" leads "correlated" in the claim and follows "uncorrelated" in the sentence: different things are said
    sentence = "These skills look uncorrelated in LLMs."
    assert denied("Are LLMs correlated with human skills?", [sentence]) is None
    assert denied("Are these skills correlated in LLMs?", [sentence])[:2] == ("correlated", "uncorrelated")
