"""Questions about the collection itself (how many distinct papers, of which kind of work, from which sources, over
which years) are answered from the table, decided by their structure, never read as a topic."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.answer.plan.phrases.collection import kind_of
from tests.asking import ask
from tests.conftest import make_paper


@pytest.mark.parametrize(
    ("question", "aggregate", "kind"),
    [
        ("How many separate works of hers does the archive hold?", "count", None),
        (
            "How many of his publications are arXiv-only, lacking a journal or conference version?",
            "count",
            "arxiv only",
        ),
        ("From which source files was this collection put together?", "sources", None),
        ("What is the oldest year this library covers?", "earliest", None),
        ("What's the newest year covered?", "latest", None),
        # the works said after their noun ("papers of his"), the sources as what is here
        ("Across all his sources here, how many distinct papers of his are there in total?", "count", None),
        ("How many unique works of hers are there altogether?", "count", None),
    ],
)
def test_an_aggregate_of_the_collection_is_read_by_structure(question, aggregate, kind):
    found = phrases.collection_asked(question)
    assert (found.aggregate, found.kind) == (aggregate, kind)


@pytest.mark.parametrize(
    "question",
    ["How many papers has she written on melt ponds?", "Which datasets does the iceberg paper use?", "Hello there"],
)
def test_a_count_or_a_question_with_no_collection_aggregate_is_not_about_the_collection(question):
    assert phrases.collection_asked(question) is None


def test_the_kind_of_work_of_a_paper_is_read_from_the_table():
    assert kind_of(make_paper(work_type="journal article", arxiv_id="2101.00001")) == "journal article"
    assert kind_of(make_paper(arxiv_id="2101.00001")) == "arxiv only"
    assert kind_of(make_paper(venue="arXiv")) == "arxiv only"
    assert kind_of(make_paper(comments=["preprint (arXiv)"])) == "arxiv only"
    assert kind_of(make_paper(venue="Journal of Glaciology")) == "other venue"
    assert kind_of(make_paper()) == "unknown"


def test_how_many_distinct_papers_is_a_count_of_the_collection_not_a_topic(tanaka):
    answer = ask(tanaka, "How many separate works by Keiko Tanaka does the archive hold?")
    assert answer.meta["plan"]["route"] == "corpus"
    assert "22 distinct papers" in answer.answer and "“separate" not in answer.answer


def test_arxiv_only_works_are_counted_by_their_kind_of_work(tanaka):
    answer = ask(tanaka, "How many of her publications are arXiv-only, lacking any journal or conference version?")
    assert answer.answer.startswith("7 of Keiko Tanaka's 22 papers")
    assert len(answer.citations) == 7


def test_the_sources_of_the_collection_are_its_files(tanaka):
    answer = ask(tanaka, "From which source files was this collection put together?")
    assert "openalex_tanaka.json" in answer.answer and "3 source files" in answer.answer


def test_the_first_year_covered_is_read_from_the_dates(tanaka):
    answer = ask(tanaka, "What is the oldest year this library covers?")
    assert answer.meta["plan"]["route"] == "corpus" and "2018" in answer.answer


def test_a_topic_count_stays_a_count(tanaka):
    answer = ask(tanaka, "How many of her papers in the collection are about icebergs?")
    assert answer.meta["plan"]["route"] == "count"


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # the words left once the collection's phrases are read are the question's wording, not a topic
        (
            "How many unique publications of hers does this library hold once duplicate records are merged?",
            "22 distinct",
        ),
        ("Altogether, counting both groups, how many papers does this corpus hold?", "24 distinct papers in all"),
    ],
)
def test_the_wording_left_over_in_a_collection_question_is_no_topic(tanaka, question, said):
    answer = ask(tanaka, question)
    assert answer.meta["plan"]["route"] == "corpus"
    assert said in answer.answer


def test_a_topic_or_a_source_named_in_a_collection_question_still_narrows_it(tanaka):
    assert ask(tanaka, "How many papers in this collection are about melt ponds?").meta["plan"]["route"] != "corpus"
    # "the arXiv feed": a source named by its word and a noun, whose papers are counted
    assert (
        ask(tanaka, "How many distinct papers of hers does the arXiv feed contain?").meta["plan"]["route"] != "corpus"
    )


def test_what_he_is_known_for_with_a_wording_compound_is_his_overview(assistant):
    answer = ask(assistant, "In a nutshell, what's he known for, topic-wise?")
    assert answer.meta["plan"]["route"] == "overview"
