"""Topics made only of content, on the second corpus: a term in nearly every paper in scope ("sea ice" among a
sea-ice researcher's papers) weighs little, wording under a filter is no topic, and a question describing one paper
whose topic grounds nothing is answered from retrieval."""

from __future__ import annotations

from tests.asking import ask


def test_the_rare_word_of_a_topic_decides_membership(tanaka):
    answer = ask(tanaka, "Which of her papers are about forecasting sea ice?")
    titles = [c.title for c in answer.citations]
    # Nearly all her papers say "sea ice"; only those that say "forecast" are on forecasting it.
    assert "Ice Drift Forecasts with Graph Neural Networks" in titles
    assert "Deep Ensembles for Uncertainty in Seasonal Sea-Ice Forecasts" in titles
    assert "Snow Depth on Sea Ice from Dual-Frequency Altimetry" not in titles and len(set(titles)) <= 3


def test_wording_under_a_coauthor_filter(tanaka):
    answer = ask(tanaka, "All told, how many papers did she write with Jörg Müller?")
    assert answer.meta["plan"]["topic"] == "" and "6 (six)" in answer.answer
    assert answer.answer.startswith("I read “told” as the question's wording")


def test_one_paper_described_is_answered_from_retrieval_with_what_was_assumed(tanaka):
    answer = ask(tanaka, "Quote the sentence in the label-noise paper about what the noise-robust training achieves.")
    assert answer.meta["plan"]["route"] != "list"
    assert answer.answer.startswith("No paper's own text is on “") and "most relevant to the question" in answer.answer
    assert [c.title for c in answer.citations][:1] == ["Label Noise in Operational Ice Charts"]
    assert "two thirds" in answer.answer


def test_a_quantity_asked_in_a_unit_by_name_finds_figures_written_with_its_symbol(tanaka):
    answer = ask(tanaka, "Which of her papers state an error measured in centimetres?")
    assert answer.meta["plan"]["route"] == "quantity_threshold"
    # "6.2 cm" and "below 12 cm": centimetres by their SI symbol; the 4.1 km drift error is not in centimetres.
    assert "6.2 cm" in answer.answer and "12 cm" in answer.answer and "4.1 km" not in answer.answer
    faster = ask(tanaka, "Which of her papers report a speedup above 100x?")
    assert "300 times" in faster.answer  # "runs 300 times faster": a factor, though it never says "speedup"


def test_an_x_based_phrase_is_held_by_x_and_each_alternative_is_enough(tanaka):
    answer = ask(tanaka, "Which of her papers use transformer or attention-based models?")
    titles = {c.title for c in answer.citations}
    # "with a self-attention network": attention-based, though the text never says "attention-based"
    assert "Sea-Ice Type Classification from Sentinel-1 SAR with Self-Attention" in titles
    assert "Crevasse Detection on Antarctic Ice Shelves with Vision Transformers" in titles


def test_a_contrast_is_left_out_and_and_reads_as_either_when_nothing_is_on_both(tanaka):
    answer = ask(tanaka, "Summarize her work on glaciers and ice shelves (as opposed to sea ice).")
    assert answer.meta["plan"]["negated_topic"] == "sea ice"
    assert "read it as either" in answer.answer
    titles = {c.title for c in answer.citations}
    assert "Calving Front Delineation of Greenland Glaciers with Multi-Temporal SAR" in titles
    assert "Crevasse Detection on Antarctic Ice Shelves with Vision Transformers" in titles


def test_the_earliest_item_of_her_record_is_a_date_pick_over_all_her_papers(tanaka):
    answer = ask(tanaka, "What is the earliest item in her publication record?")
    assert answer.meta["plan"]["route"] == "earliest"
    assert (
        "2018" in answer.answer and answer.citations[0].title == "Machine Learning for Operational Sea-Ice Monitoring"
    )


def test_a_topic_is_not_read_as_its_ordinary_head_once_its_unused_words_are_dropped(tanaka):
    # none of her papers says "large" or "language": "models" alone (in several of them) is no reading of the topic
    answer = ask(tanaka, "What has Keiko Tanaka published on large language models?")
    assert not answer.citations and "large language models" in answer.answer
