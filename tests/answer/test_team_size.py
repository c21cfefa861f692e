"""Author counts read from the table: a condition on how many authors a paper has ("more than five authors",
"single-author", "written alone") filters a count or a list, and a superlative of it ("the longest author list",
"the biggest team") ranks the bylines; neither is a topic search on the leftover words."""

from __future__ import annotations

import math

from assistant.answer.plan.phrases.team import team_extreme, team_size
from assistant.models import Filters, Message
from tests.asking import ask


def test_author_count_conditions_as_questions_word_them():
    more = team_size("Which of his papers from 2023 list more than four authors?")
    assert (more.low, more.high) == (5, math.inf)
    assert (team_size("papers with 3 or more co-authors").low) == 4  # the byline holds the author too
    assert (team_size("her solo-authored work").low, team_size("her solo-authored work").high) == (1, 1)
    assert team_size("papers she wrote by herself").high == 1
    assert (team_size("Which ones have at most two authors?").high) == 2
    assert team_size("Which of the two authors is listed first?") is None  # who, not a condition
    assert team_size("his first-author papers") is None
    assert team_size("Anything of hers with no other co-authors on it?").high == 1
    assert team_size("which preprints came out without co-authors").high == 1
    assert team_size("On which papers is she the only author?").high == 1
    assert team_size("papers where he was the sole author").high == 1


def test_author_count_superlatives_and_what_is_not_one():
    assert team_extreme("Which of her papers credits the largest number of co-authors?") == 1
    assert team_extreme("the paper with the shortest author line") == -1
    assert team_extreme("the paper with the most GPUs") is None
    assert team_extreme("his most frequent co-author") is None


def test_a_count_with_an_author_condition_reads_the_bylines(assistant):
    answer = ask(assistant, "How many of his papers list at least eight authors?")
    mine = [p for p in assistant.table().papers if p.is_author_work]
    cut = [p for p in mine if p.authors_truncated and len(p.authors) < 7]
    assert answer.meta["plan"]["route"] == "count" and answer.meta["plan"]["topic"] == ""
    assert not any(len(p.authors) >= 8 for p in mine) and "count is 0" in answer.answer
    # the seeds list three authors and "et al.": whether those have eight is said to be unknown, not guessed
    assert f"{len(cut)} more papers" in answer.answer and "do not say" in answer.answer


def test_the_paper_with_the_biggest_team_comes_from_the_table(tanaka):
    answer = ask(tanaka, "Which of her publications has the biggest team of authors?")
    mine = [p for p in tanaka.table().papers if p.is_author_work]
    most = max(len(p.authors) for p in mine)
    assert answer.meta["plan"]["route"] == "team_extreme"
    top = {p.label for p in mine if len(p.authors) == most}
    assert {c.title for c in answer.citations[: len(top)]} == top
    assert f"{most} authors" in answer.answer


def test_single_author_papers_are_counted_not_searched(tanaka):
    answer = ask(tanaka, "how many papers has she published as the sole author?")
    alone = {p.label for p in tanaka.table().papers if p.is_author_work and len(p.authors) == 1}
    assert {c.title for c in answer.citations} == alone and alone
    assert "not cover" not in answer.answer


def test_a_named_person_leading_papers_is_their_first_author(assistant):
    answer = ask(assistant, "Of his publications, how many did Daning Cheng lead?")
    led = {p.label for p in assistant.table().papers if p.is_author_work and p.authors[:1] == ["Daning Cheng"]}
    assert answer.meta["plan"]["author_position"] == 1
    assert {c.title for c in answer.citations} == led and led


def test_a_byline_condition_with_the_word_co_author_lists_papers_not_co_authors(tanaka):
    answer = ask(tanaka, "Show me the work she did alone, no co-authors at all")
    alone = {p.label for p in tanaka.table().papers if p.is_author_work and len(p.authors) == 1}
    assert answer.meta["plan"]["route"] in ("list", "count") and alone
    assert {c.title for c in answer.citations} == alone


def test_a_count_of_distinct_co_authors_counts_people_not_the_collection(tanaka):
    answer = ask(tanaka, "Across her whole publication record, how many different collaborators does she have?")
    mine = [p for p in tanaka.table().papers if p.is_author_work]
    people = {a for p in mine for a in p.authors if a != "Keiko Tanaka"}
    assert answer.meta["plan"]["aggregate"] == "distinct of coauthor"
    assert f"{len(people)} co-authors" in answer.answer


def test_a_sole_author_condition_asks_for_papers_not_co_authors(assistant):
    plan = assistant.answerer().plan(
        [Message(role="user", content="how many of his works is he the only author on?")], Filters()
    )
    assert plan.route == "count" and plan.team.high == 1
