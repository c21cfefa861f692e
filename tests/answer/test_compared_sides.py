"""Comparisons whose sides are described, not named: each side read by its reference, its meaning or its title words,
and a side no paper fits said to be missing, never dropped."""

from __future__ import annotations

from tests.asking import ask


def cited(answer):
    return [c.title or c.display_title for c in answer.citations]


def sides(answer):
    """The first word of each paper cited, in the order first cited."""
    return [t.split()[0] for t in dict.fromkeys(cited(answer))]


def test_two_sides_set_against_each_other_with_versus_are_compared(tanaka):
    # Neither side names a paper, and the question sits nearest a fact example: "versus" sets two sides apart.
    answer = ask(tanaka, "sea-ice lead detection versus crevasse segmentation: what data did each use?")
    assert answer.meta["plan"]["route"] == "compare"
    assert sides(answer) == ["Detecting", "Crevasse"]


def test_a_side_described_before_what_is_asked_of_it(tanaka):
    # "on their main findings" is what is asked of both sides, not part of the second side's description.
    answer = ask(tanaka, "Contrast the ice-drift GNN and the lead-detection work on their main findings.")
    assert answer.meta["plan"]["route"] == "compare"
    assert set(sides(answer)) == {"Ice", "Detecting"}


def test_a_side_that_fits_no_paper_is_said_to_be_missing(tanaka):
    answer = ask(tanaka, "Contrast the crevasse segmentation paper with the one about volcanic ash plumes.")
    plan = answer.meta["plan"]
    assert plan["route"] == "compare" and plan["unresolved_sides"] == ["the one about volcanic ash plumes"]
    assert answer.answer.startswith("I could not tell which paper “the one about volcanic ash plumes” means")
    assert set(sides(answer)) == {"Crevasse"}


def test_a_side_of_the_other_group_described_by_its_study(tanaka):
    answer = ask(tanaka, "Set her graph-network drift forecaster against the buoy drift study spanning a decade.")
    assert answer.meta["plan"]["route"] == "compare"
    assert set(sides(answer)) == {"Ice", "A"}


def test_a_seed_comparison_of_two_described_methods(assistant):
    answer = ask(
        assistant, "mixture of quantization experts vs joint low-rank factorization - which models did each test?"
    )
    assert answer.meta["plan"]["route"] == "compare"
    assert [t.split(":")[0].split()[0] for t in dict.fromkeys(cited(answer))] == ["MoQE", "Lossless"]


def test_two_papers_told_apart_by_a_parenthesis_though_one_title_lacks_the_shared_words(tanaka):
    # Only the crevasse paper's title says "vision transformer"; the coastline paper says so in its abstract.
    answer = ask(
        tanaka, "Compare the two vision transformer papers (crevasses and coastlines): what data did each use?"
    )
    assert answer.meta["plan"]["route"] == "compare"
    assert sides(answer) == ["Crevasse", "Coastline"]


def test_a_side_after_vs_with_a_full_stop_is_still_a_side(tanaka):
    # "vs." closes no sentence: the side after it is read, though the question goes on in lower case.
    answer = ask(tanaka, "the iceberg detector vs. the crevasse segmenter, which data did each use?")
    assert answer.meta["plan"]["route"] == "compare"
    assert sides(answer) == ["Few-Shot", "Crevasse"]


def test_a_side_set_beside_another_is_a_comparison_whatever_the_vote(tanaka):
    # "beside" sets two described papers side by side, as "versus" does; neither side is named.
    answer = ask(tanaka, "Set the lead detector beside the snow depth paper: what does each one feed its model?")
    assert answer.meta["plan"]["route"] == "compare"
    assert sides(answer) == ["Detecting", "Snow"]


def test_tested_against_asks_of_one_paper(tanaka):
    # "against" names what one paper was measured against: no second side, no comparison.
    answer = ask(tanaka, "Which detector was the few-shot iceberg detector tested against?")
    assert answer.meta["plan"]["route"] != "compare"
    assert set(sides(answer)) == {"Few-Shot"}
