"""The example vote decides a route unless the question's structure asks for something the voted route cannot give:
papers asked by a wh-phrase headed by a paper noun are listed, not their co-authors; "how many of her …" is counted,
not answered with one paper's field."""

from __future__ import annotations

from tests.asking import ask


def test_a_wh_phrase_headed_by_a_paper_noun_lists_papers_whatever_verb_follows(assistant):
    answer = ask(assistant, "What scientific simulation papers did he co-author in April–May 2026?")
    assert answer.meta["plan"]["route"] == "list", answer.meta["plan"]
    assert any("Atomistic" in (c.title or "") for c in answer.citations), answer.answer
    # asking for the people stays a question about co-authors
    people = ask(assistant, "Which co-authors appear on his stencil papers?")
    assert people.meta["plan"]["route"] == "coauthors"


def test_how_many_of_her_things_is_a_count(tanaka):
    answer = ask(tanaka, "how many of her arXiv postings have no journal reference attached?")
    assert answer.meta["plan"]["route"] == "count", answer.meta["plan"]
    assert "7 (seven)" in answer.answer


def test_a_groups_members_named_in_brackets_are_no_byline_condition(assistant):
    from assistant.answer.plan.phrases import without_group_members

    q = "papers of the other lab (Shaohuai Shi and colleagues) on LLMs"
    assert without_group_members(q) == q.replace("(Shaohuai Shi and colleagues)", " " * 29)
    answer = ask(
        assistant, "How many papers from the other research group (Shaohuai Shi, Xiaowen Chu et al.) are here?"
    )
    assert answer.meta["plan"]["people"] == [], answer.meta["plan"]
    assert answer.answer.startswith("50 "), answer.answer


def test_a_word_only_another_group_says_is_still_a_subject_his_papers_lack(assistant):
    # "drone" is in the other group's papers, none of his: his swarm paper is not on "path planning for drone swarms"
    answer = ask(assistant, "What has he written about path planning for drone swarms?")
    assert answer.citations == [], answer.answer


def test_over_time_inside_a_finding_is_no_overview_of_the_work(tanaka):
    # "found that … getting deeper over time, correct?" checks a claim of one paper; "how has her work changed over
    # time?" is the overview
    claim = ask(
        tanaka, "Her dual-frequency altimetry work found that the snow has been getting deeper over time, correct?"
    )
    assert claim.meta["plan"]["route"] != "overview", claim.meta["plan"]
    assert ask(tanaka, "What has she worked on over the years?").meta["plan"]["route"] == "overview"
