"""The paper a follow-up means among those the previous answer showed, read from the turn's own words: "of those, the
one about X" by title words, else by its sentences among the papers shown only (plan/resolver.py); a correction's
description before it turns to the paper it means ("that sounds like the one with X. I wanted the other …") rules
that paper out; "the 2019 one" is the one paper of that year shown (phrases/reference.py)."""

from __future__ import annotations

from assistant.answer.plan.phrases.reference import by_year, references, turns_to_meant
from assistant.models import Message
from tests.conftest import converse, titles

IAAT = "IAAT: A Input-Aware Adaptive Tuning framework for Small GEMM"
STATIC = "The static parallel distribution algorithms for hybrid density-functional calculations in HONPAS package"
DYNAMIC = "The dynamic parallel distribution algorithm for hybrid density-functional calculations in HONPAS package"
ON_BOARD = "Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"


def test_a_contraction_of_that_is_a_relative_clause_not_a_possessive():
    (ref,) = [r for r in references("Ok, take the one that's built around a mixture of experts.") if r.headed]
    assert ref.after == () and ref.words[-1] == "experts" and not ref.owned
    assert references("Tanaka's drift paper")[0].owned  # a name's "'s" still owns the paper


def test_where_a_correction_turns_to_the_paper_it_means():
    said = "Hmm, that sounds like the one with the master-worker scheme. I actually wanted the other HONPAS paper."
    assert said[turns_to_meant(said) :].startswith("the other HONPAS paper")
    assert turns_to_meant("The one about drift, that's what I meant.") == 0  # nothing described after the cue
    assert turns_to_meant("Compare the melt pond paper. And the other Sentinel-2 paper?") == 0  # a comparison


def test_a_year_alone_tells_one_paper_apart():
    assert [y for y, _ in by_year("four years after the 2019 one, at the same symposium")] == [2019]
    assert by_year("the 2023 paper with Mei Lin") == []  # described after its noun: a reference of its own


def test_of_those_the_one_described_is_read_among_the_papers_shown_by_meaning(assistant):
    answers = converse(
        assistant,
        "What did he publish in 2022?",
        "Of those, the one about small matrix multiplication: which stages does it have?",
    )
    assert IAAT in titles(answers[0])  # shown; its title says "Small GEMM", not "matrix multiplication"
    assert titles(answers[1])[:1] == [IAAT]  # not a 2023 stencil paper whose text says "matrix multiplication"


def test_the_paper_a_correction_describes_before_its_turn_is_the_one_ruled_out(assistant):
    answers = converse(
        assistant,
        "What is his HONPAS paper about?",
        "That sounds like the one that balances the load with a master and workers. I wanted the other HONPAS paper.",
    )
    assert titles(answers[0])[:2] == [STATIC, DYNAMIC]  # the answer led with the static one
    assert titles(answers[1])[:1] == [STATIC]  # the other of the dynamic one described, not of the one led with


def test_dates_counted_from_the_paper_of_the_year_said_among_those_shown(tanaka):
    answers = converse(
        tanaka,
        "Which of her papers were presented at conferences?",
        "Four years after the 2019 one, what did she present at the same symposium?",
    )
    assert titles(answers[0])[0] == ON_BOARD  # the answer led with the 2023 paper: counted from it, 2027 has none
    assert titles(answers[1])[:1] == [ON_BOARD]


def test_which_of_those_picks_by_what_it_says_then_asks_the_rest_of_it(tanaka):
    corpus = tanaka.answerer().corpus
    shown = [p.id for p in corpus.papers if p.is_author_work and p.year == 2021]
    question = "Which of those trains several networks and uses their spread, and how many networks are there?"
    picked, asked = tanaka.answerer().planner.one_picked(question, shown)
    assert corpus.by_id[picked].title.startswith("Deep Ensembles") and asked == "how many networks are there?"


def test_which_of_those_a_superlative_says_is_picked_by_the_figures_each_reports(assistant):
    corpus = assistant.answerer().corpus
    aiperf = next(p.id for p in corpus.papers if (p.title or "").startswith("AIPerf"))
    shown = [next(p.id for p in corpus.papers if p.title == IAAT), aiperf]
    shown += [p.id for p in corpus.papers if (p.title or "").startswith("HPC AI500")]
    # by meaning IAAT's sentences were as near (or no paper led); AIPerf states 512 nodes with 4096 chips
    planner = assistant.answerer().planner
    picked, asked = planner.one_picked("Which of them used the largest machine, and what did it report?", shown)
    assert picked == aiperf and asked == "what did it report?"
    assert planner.one_picked("Which of them was run on the biggest machine, and how many chips?", shown)[0] == aiperf


def test_the_biggest_machine_is_read_as_its_count_of_nodes_or_accelerators(assistant):
    answers = converse(assistant, "Which of his papers was run on the biggest machine?")
    assert titles(answers[0])[:1] == ["AIPerf: Automated machine learning as an AI-HPC benchmark"]
    assert "4096" in answers[0].answer


def test_a_correction_that_negates_its_description_means_the_paper_shown_that_lacks_it(assistant):
    corpus, planner = assistant.answerer().corpus, assistant.answerer().planner
    better = next(p for p in corpus.papers if (p.title or "").startswith("Compression for Better"))
    joint = next(p for p in corpus.papers if (p.title or "").startswith("Lossless Model Compression via Joint"))
    history = [
        Message(role="user", content="Which of his December 2024 papers compress a model and still beat the original?"),
        Message(role="assistant", content=f"- *{better.title}* (2024): …\n- *{joint.title}* (2024): …"),
    ]
    # "quantizes" found the quantization survey by its title; the paper shown that never says it (in any form) is meant
    q = "Not the one that expands the model into low-bit pieces - I mean the one that never quantizes anything."
    assert planner._meant(q, history) == joint.id
    assert (
        planner._meant(
            "Not the one that expands the model into low-bit pieces - I mean the one on quantization.", history
        )
        != joint.id
    )
