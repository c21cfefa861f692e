"""A source named as a document restricts the papers another question is asked of ("the DC papers on his profile
page", "the newest paper on the arXiv listings"): read once by the planner (plan.sources), applied where the table
selects the papers, said in the answer and shown by --explain."""

from __future__ import annotations

import re

import pytest

from assistant.answer.plan import phrases
from assistant.models import Filters, Message

LISTINGS = {"002_929b6c1ceb6fc1ba.txt", "003_df2ed9f2c84954d5.txt"}


def ask(assistant, question: str):
    return assistant.answer([Message(role="user", content=question)], Filters())


def cited_files(assistant, answer) -> list[set[str]]:
    by_title = {p.title: p for p in assistant.papers()}
    return [{s.file for s in by_title[c.title].sources} for c in answer.citations]


def test_a_category_counted_on_one_source_is_a_count_not_the_pages_figure(assistant):
    answer = ask(assistant, "how many of the papers on his profile are in the DC category")
    plan = answer.meta["plan"]
    assert plan["route"] == "count" and plan["sources"]["use"] == "restricts the papers"
    assert re.match(r"\D*3 \(three\)", answer.answer) and len(answer.citations) == 3
    assert "16 papers" not in answer.answer  # the page's own figure answers no narrowed count


def test_every_paper_listed_comes_from_the_source_named(assistant):
    answer = ask(assistant, "Which of his papers on the arXiv listings have code?")
    assert answer.meta["plan"]["sources"]["use"] == "restricts the papers"
    files = cited_files(assistant, answer)
    assert files and all(f & LISTINGS for f in files)
    unrestricted = ask(assistant, "Which of his papers have code?")
    assert len(unrestricted.citations) > len(answer.citations)  # the source took some out


def test_the_newest_paper_of_one_source(assistant):
    answer = ask(assistant, "What's the newest paper on his arXiv listing?")
    assert answer.meta["plan"]["route"] == "latest" and answer.meta["plan"]["sources"]
    first = cited_files(assistant, answer)[0]
    assert first & LISTINGS
    listed = [p for p in assistant.papers() if p.is_author_work and {s.file for s in p.sources} & LISTINGS]
    newest = max(listed, key=lambda p: p.date or str(p.year))
    assert answer.citations[0].title == newest.title


def test_a_group_named_by_its_owner_is_a_scope_not_a_source(assistant):
    plan = ask(assistant, "Across both research groups in this collection, which papers deal with quantization?")
    assert plan.meta["plan"]["sources"] is None


@pytest.mark.parametrize(
    "question",
    ["What does MoQE propose?", "Which of his papers are about quantization?", "How many papers has he written?"],
)
def test_explain_shows_no_restriction_where_none_was_applied(assistant, question):
    assert ask(assistant, question).meta["plan"]["sources"] is None


def test_a_comparative_of_date_order_bounds_the_dates_and_picks_no_paper():
    assert phrases.dates("papers newer than 2020").years == (2021, None)
    assert phrases.dates("papers older than 2020").years == (None, 2019)
    assert phrases.date_pick("which of these are more recent than 2021?") is None
    assert phrases.date_pick("which of the two is newer?") == ("latest", False)


def test_a_category_spelled_out_after_its_code_is_no_topic(assistant):
    answer = ask(
        assistant,
        "From his profile, which papers filed under the DC (distributed computing) category are newer than 2020?",
    )
    plan = answer.meta["plan"]
    assert plan["categories"] == ["DC"] and plan["topic"] == "" and plan["dates"] == "January 2021 on"
    assert len(answer.citations) == 2


def test_the_words_naming_the_source_are_no_topic_and_one_source_is_its_papers(assistant):
    answer = ask(assistant, "Give me every paper from the arXiv listings published in 2025.")
    plan = answer.meta["plan"]
    assert plan["topic"] == "" and plan["sources"]["mentions"][0].startswith("in ")  # not "in each listing"
    files = cited_files(assistant, answer)
    assert len(files) == 6 and all(f & LISTINGS for f in files)


def test_a_dated_count_on_a_page_is_counted_not_the_pages_own_figure(assistant):
    answer = ask(assistant, "How many 2026 papers does his profile show?")
    assert answer.meta["plan"]["route"] == "count" and "16 papers" not in answer.answer
