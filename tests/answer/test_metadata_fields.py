"""Metadata asked of one paper comes from the table, not the abstract: its venue (a thesis: its school), date,
authors, arXiv id and the citation counts the sources state, each field asked answered in the order asked."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.models import Message
from tests.asking import ask


@pytest.mark.parametrize(
    "question, fields",
    [
        ("Where and when did she do her PhD thesis?", ("venue", "date")),
        ("In which journal did the thickness intercomparison appear, and who led it?", ("venue", "authors")),
        ("Where was the segmentation benchmark paper presented?", ("venue",)),
        ("Who did he write the clustering regression paper with?", ("authors",)),
        ("When was his finite-element preprint put on arXiv?", ("date", "arxiv")),
        ("How many citations does the iceberg paper have?", ("citations",)),
        # Several papers, or a span of his work: not a field of one paper.
        ("Which of her papers appeared in The Cryosphere?", ()),
        ("When did he start working on LLMs?", ()),
        ("Who are his main co-authors?", ()),
        ("What happens to accuracy when the batch grows?", ()),
    ],
)
def test_the_fields_a_question_asks_of_one_paper(question, fields):
    assert phrases.asked_fields(question) == fields


def test_a_kind_of_work_selects_a_paper():
    assert phrases.work_type_named("Where did Keiko Tanaka do her PhD thesis?") == "thesis"
    assert phrases.work_type_named("her doctoral dissertation") == "thesis"
    assert phrases.work_type_named("Which papers did she write in 2020?") is None


def test_where_and_when_of_a_thesis_come_from_its_entry(tanaka):
    answer = ask(tanaka, "Where and when did Keiko Tanaka do her PhD thesis?")
    assert answer.meta["plan"]["route"] == "venue" and answer.meta["plan"]["fields"] == ["venue", "date"]
    assert "is a thesis at Hokkaido University" in answer.answer and "It is dated 2018" in answer.answer
    assert [c.title for c in answer.citations] == ["Machine Learning for Operational Sea-Ice Monitoring"]


def test_the_venue_of_a_paper_without_an_abstract_is_its_metadata(tanaka):
    answer = ask(
        tanaka, "In which journal did the Barents Sea sea-ice thickness intercomparison appear, and who led it?"
    )
    assert "appeared in the journal Earth and Space Science" in answer.answer
    assert "It is by Ivan Petrov" in answer.answer
    presented = ask(tanaka, "Where was the sea-ice segmentation benchmark datasets paper presented?")
    assert "was presented at NeurIPS Workshop on Tackling Climate Change with Machine Learning" in presented.answer


def test_per_paper_citation_counts_name_their_source(tanaka):
    answer = ask(
        tanaka, "Which of her papers is the most cited according to OpenAlex, and how many citations does it have?"
    )
    assert answer.meta["plan"]["route"] == "metrics"
    first = answer.answer.split("\n")[1]
    assert "Few-Shot Iceberg Detection" in first and "111 citations (openalex_tanaka.json)" in first
    one = ask(tanaka, "How many citations does the few-shot iceberg detection paper have?")
    assert "111 citations according to openalex_tanaka.json" in one.answer


def test_co_authors_and_the_arxiv_date_of_a_described_paper(assistant):
    answer = ask(assistant, "Who did Yunquan Zhang write the best-friend-clustering regression paper with?")
    assert answer.meta["plan"]["route"] == "authors" and "is by Kun Li, Liang Yuan" in answer.answer
    dated = ask(assistant, "When was his MiniFE finite-element optimization preprint put on arXiv?")
    assert "is dated May 29, 2015 (2015-05-29)" in dated.answer and "It is arXiv:1505.08023" in dated.answer


def test_what_is_left_once_the_field_words_go_describes_the_paper():
    assert phrases.without_fields("Where was the sea-ice benchmark paper presented?").split() == [
        "was", "the", "sea-ice", "benchmark", "paper", "?"
    ]  # fmt: skip
    assert "clustering regression" in phrases.without_fields("Who did he write the clustering regression paper with?")


def test_a_field_asked_of_a_paper_a_table_route_word_describes(assistant):
    """ "Who is the lead author of the X paper?" and "In what year was his X study posted on arXiv?" ask fields of
    one paper, whatever list or categories route a word of the question drew."""
    lead = ask(assistant, "Who is the lead author of the mixture-of-quantization-experts paper?")
    assert lead.meta["plan"]["route"] == "authors" and "Its first author is Jinhao Zhang" in lead.answer
    year = ask(assistant, "In what year was his MiniFE finite-element optimization study posted on arXiv?")
    assert year.meta["plan"]["route"] == "when" and "2015" in year.answer


def test_her_phd_selects_the_thesis_and_its_university(tanaka):
    answer = ask(tanaka, "At which university did Keiko Tanaka do her PhD?")
    assert "is a thesis at Hokkaido University" in answer.answer


def test_the_total_of_the_counts_a_source_states(tanaka):
    answer = ask(tanaka, "What is her total citation count across her papers in the OpenAlex data?")
    assert "692 citations over the 13 counted papers in openalex_tanaka.json" in answer.answer


def test_a_kind_of_work_and_a_negated_author_position_filter_a_list(tanaka):
    answer = ask(tanaka, "Which of her journal articles from 2020 to 2022 does she NOT first-author?")
    plan = answer.meta["plan"]
    assert plan["work_type"] == "journal article" and plan["position_negated"] and plan["topic"] == ""
    assert "that are journal articles not listing Keiko Tanaka as first author (3 papers" in answer.answer
    assert phrases.position_negated("papers where he is not the first author")
    assert not phrases.position_negated("Which papers list him as first author?")
    # a contraction has no word boundary before its "n't"
    assert phrases.position_negated("journal papers from 2020-2022 where she isn't first author?")
    assert phrases.position_negated("the ones where he wasn’t the lead author")
    answer = ask(tanaka, "journal papers from 2020-2022 where she isn't first author?")
    assert "that are journal articles not listing Keiko Tanaka as first author (3 papers" in answer.answer


def test_a_kind_of_work_said_as_included_is_no_topic_and_selects_nothing(tanaka):
    answer = ask(tanaka, "How many works by Keiko Tanaka (thesis included) are in this collection?")
    assert answer.meta["plan"]["named"] == [] and "22" in answer.answer.split("\n")[0]


def test_years_between_a_thesis_and_a_described_paper_dated_by_year(tanaka):
    answer = ask(tanaka, "Roughly how many years separate her PhD thesis from the polar SAR foundation model preprint?")
    assert answer.meta["plan"]["route"] == "elapsed"
    assert answer.answer.startswith("About 7 years passed between *Machine Learning for Operational Sea-Ice")
    assert "only to the year" in answer.answer


def test_the_most_cited_paper_selects_one_then_its_field_is_read(tanaka):
    answer = ask(tanaka, "Where was her most cited paper published?")
    assert answer.meta["plan"]["route"] == "venue"
    assert (
        "Few-Shot Iceberg Detection" in answer.answer and "IEEE Geoscience and Remote Sensing Letters" in answer.answer
    )
    ranked = ask(tanaka, "Which of her papers is the most cited according to OpenAlex?")
    assert ranked.meta["plan"]["route"] == "metrics"


def test_a_kind_of_work_keeps_the_question_a_count_and_of_hers_is_scope(tanaka):
    count = ask(tanaka, "How many of her journal articles are about sea ice?")
    assert count.meta["plan"]["route"] == "count" and count.meta["plan"]["work_type"] == "journal article"
    listed = ask(tanaka, "Which conference papers of hers came out after 2020?")
    assert listed.meta["plan"]["topic"] == "" and "(2 papers" in listed.answer


def test_a_date_asked_of_a_paper_picked_by_its_date_is_said_as_a_reader_says_it(assistant):
    # "…, and what is that date?": the date field asked by its noun, of the paper the table picked
    answer = assistant.answer(
        [Message(role="user", content="Which of his papers has the most recent date, and what is that date?")]
    )
    assert answer.meta["plan"]["route"] == "when"
    assert answer.answer.startswith("*DynaTrain") and "May 12, 2026" in answer.answer
