"""Questions hard in their structure (session 21): one paper picked by date within a list's scope, a superlative whose
noun phrase offers alternatives, a negation that governs a byline before a source's name, and authorship denied of
the collection's records."""

from __future__ import annotations

from assistant.answer.plan.phrases import both_groups, denies_authorship, picked_by_date, quantity_extreme
from assistant.answer.plan.provenance import _negates
from assistant.models import Filters, Message


def ask(assistant, question: str):
    return assistant.answerer().answer([Message(role="user", content=question)], Filters())


def test_a_superlative_noun_phrase_offering_alternatives_reads_each_noun():
    e = quantity_extreme("Which of his papers ran on the largest number of GPUs or AI accelerators, and how many?")
    assert e is not None and e.heads == ("GPUs", "accelerators"), e
    assert e.said == "GPUs or AI accelerators"
    one = quantity_extreme("the largest GPU count any of his papers reports")
    assert one is not None and one.heads == () and one.said == "GPU"


def test_the_alternative_whose_figures_reach_furthest_is_ranked(assistant):
    answer = ask(assistant, "Which paper of his used the most GPUs or AI accelerators, and how many?")
    assert "4096" in answer.answer, answer.answer
    assert (answer.citations[0].title or "").startswith("AIPerf"), answer.answer


def test_one_paper_asked_of_a_lists_scope_is_picked_by_date():
    assert picked_by_date("Of his 2026 papers, which one came out earliest in the year?", "list", False) == (
        "earliest",
        True,
    )
    # papers in the plural stay a list; asking more of the pick keeps the fact
    assert picked_by_date("Which of his 2024 papers came out first?", "list", False)[1] is False
    assert (
        picked_by_date("Of her 2023 papers, which one is newest, and what data does it use?", "fact", False)[1] is False
    )


def test_a_pick_within_a_year_answers_the_one_paper(tanaka):
    answer = ask(tanaka, "Of her 2023 papers, which one came out last?")
    assert answer.answer.startswith("The latest"), answer.answer
    assert (answer.citations[0].title or "").startswith("Quantized Convolutional Networks"), answer.answer


def test_a_negation_governing_a_byline_does_not_negate_the_source_after_it():
    assert not _negates("How many papers in this corpus are NOT by him, i.e. belong to the ")
    assert _negates("Which of his papers are not in the ")
    assert _negates("papers listed neither on his profile nor in the ")


def test_authorship_denied_of_the_collection():
    assert denies_authorship("Flag anything that shouldn't be attributed to Keiko Tanaka.", "Keiko Tanaka")
    assert not denies_authorship("Flag anything that shouldn't be attributed to Keiko Tanaka.")  # a name, not hers
    # a position denied of another person is a condition over her papers, not whose they are
    assert not denies_authorship("Which of her papers with Ana Ruiz were not first-authored by Ruiz?", "Keiko Tanaka")
    assert not denies_authorship("Which of her papers were not first-authored by her?", "Keiko Tanaka")
    assert denies_authorship("including any that turn out not to be hers")
    assert not denies_authorship("Is it not his most cited paper?")
    assert not denies_authorship("which of his papers is he not first author on?")
    assert both_groups("List every paper from 2020, including any that turn out not to be hers.")
    assert not both_groups("Flag anything that shouldn't be attributed to her.")


def test_the_records_not_hers_are_flagged(tanaka):
    answer = ask(tanaka, "Flag anything in these exports that shouldn't be attributed to Keiko Tanaka.")
    titles = sorted((c.title or "")[:12] for c in answer.citations)
    assert titles == ["A Decade of ", "Palladium-Ca"], answer.answer


def test_a_threshold_on_the_citation_count_one_source_states(tanaka):
    answer = ask(tanaka, "Which of her works have more than 90 citations in the OpenAlex export?")
    assert answer.answer.startswith("3 of Keiko Tanaka's papers have more than 90 citations"), answer.answer
    assert not any((c.title or "").startswith("Palladium") for c in answer.citations), answer.answer
    everyone = ask(tanaka, "In the OpenAlex data, how many works have more than 90 citations, counting everyone's?")
    assert everyone.answer.startswith("4 of the corpus's papers"), everyone.answer
