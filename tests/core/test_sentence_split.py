"""Abstract sentences: an inline numbered list is split into whole items, its labels never left dangling."""

from __future__ import annotations

from assistant.text import split_sentences

LISTED = (
    "We study three things. Our findings lead to the following conclusions: 1. Small models can be described by "
    "these metrics; 2. Some abilities appear uncorrelated; 3. Scale changes what a model can do."
)


def test_an_inline_numbered_list_gives_whole_items():
    assert split_sentences(LISTED) == [
        "We study three things.",
        "Our findings lead to the following conclusions: 1. Small models can be described by these metrics",
        "Some abilities appear uncorrelated",
        "Scale changes what a model can do.",
    ]


def test_ratios_and_figures_that_end_a_sentence_are_not_labels():
    assert split_sentences("The ratio is 2:3. It runs. Speedups reach 2. Then it stops.") == [
        "The ratio is 2:3.",
        "It runs.",
        "Speedups reach 2.",
        "Then it stops.",
    ]
