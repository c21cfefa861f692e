"""An author position is bound to the person it is said of: the principal author, a named co-author with the
principal set aside ("Hansen, not her, as lead author"), or someone else ("someone else as first author": the
principal is not there); a position with the sole authorship as its alternative ("first (or sole) author") is the
position, neither a team size nor a topic; the byline's verb may stand between the ordinal and "author" ("the third
listed author"). The record's author order decides each."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.models import Filters, Message
from tests.asking import ask


def first_authors(assistant, answer) -> list[str]:
    by_id = assistant.answerer().corpus.by_id
    return [by_id[c.paper_id].authors[0] for c in answer.citations]


@pytest.mark.parametrize(
    "question",
    [
        "Which of her 2022 papers have another person as first author?",
        "her papers from 2022 where somebody else is the lead author",
        "Which 2022 papers of hers did someone else lead?",
    ],
)
def test_someone_else_at_a_position_is_the_principal_not_there(tanaka, question):
    answer = ask(tanaka, question)
    assert answer.meta["plan"]["people"] == ["Keiko Tanaka: not first author"]
    firsts = first_authors(tanaka, answer)
    assert len(firsts) == 3 and "Keiko Tanaka" not in firsts  # self-attention, leads, thickness


@pytest.mark.parametrize(
    "question",
    [
        "Which of her papers have Ole Hansen, not her, as lead author?",
        "her papers with Hansen (not Tanaka) as first author",
        "Which papers of hers list Hansen rather than her as first author?",
    ],
)
def test_a_named_person_with_the_principal_set_aside_holds_the_position(tanaka, question):
    answer = ask(tanaka, question)
    assert answer.meta["plan"]["people"] == ["Ole Hansen: first author"]
    firsts = first_authors(tanaka, answer)
    assert firsts and set(firsts) == {"Ole Hansen"}


def test_a_position_or_the_sole_authorship_is_the_position(tanaka):
    answer = ask(tanaka, "Her 2024 papers as first or sole author?")
    plan = answer.meta["plan"]
    assert plan["person"] == "Keiko Tanaka" and plan["author_position"] == 1 and not plan["position_negated"]
    assert plan["topic"] == "" and plan["authors_count"] is None
    assert len(answer.citations) == 4 and set(first_authors(tanaka, answer)) == {"Keiko Tanaka"}
    assert phrases.team_size("papers where she is first (or sole) author") is None
    assert phrases.team_size("her sole-author papers") is not None


def test_the_byline_verb_between_the_ordinal_and_author(assistant):
    assert phrases.position("On which papers is Yunquan Zhang the third listed author?") == 3
    assert phrases.position("the second-named author") == 2
    assert phrases.position("the last credited author") == -1
    plan = ask(assistant, "Which papers list Boyang Zhang as the first listed author?").meta["plan"]
    assert plan["people"] == ["Boyang Zhang: first author"] and plan["topic"] == ""


def test_someone_else_without_a_position_is_no_condition():
    assert not phrases.position_negated("Did someone else work on sea ice?")
    assert phrases.position("papers where another colleague led the analysis") is None


def test_a_date_said_beside_other_words_is_read_whole():
    assert phrases.years("which pre-2023 papers on SAR imagery") == (None, 2022)
    assert phrases.years("her post-2021 glacier papers") == (2022, None)
    assert phrases.years("arXiv preprints from 2021 on which she is first author") == (2021, 2021)
    assert phrases.years("papers from 2021 on, about sea ice") == (2021, None)
    assert phrases.years("the pre-training of 2023 models") == (2023, 2023)


def test_a_person_as_a_prepositions_object_is_no_subject_of_the_negation_after(tanaka):
    plan = ask(tanaka, "Which of her papers with Ole Hansen are not on arXiv?").meta["plan"]
    assert plan["people"] == ["Ole Hansen: author"] and plan["not_in"] == "arxiv"
    plan = ask(tanaka, "Her papers where Ole Hansen is not an author?").meta["plan"]
    assert plan["people"] == ["Ole Hansen: not an author"]


def test_a_category_code_spelled_out_beside_it_is_the_category(assistant):
    assert phrases.spelled_out("filed under distributed computing (DC) on his profile", "DC")
    assert phrases.spelled_out("DC (distributed computing) papers", "DC")
    assert not phrases.spelled_out("a DC (two cores) machine", "DC")
    plan = ask(assistant, "Which of his 2026 papers are under distributed computing (DC)?").meta["plan"]
    assert plan["categories"] == ["DC"] and plan["topic"] == ""


def titles(answer) -> list[str]:
    return [c.title or c.display_title for c in answer.citations]


@pytest.mark.parametrize(
    "question",
    [
        # a reflexive between the person and the position ("Tanaka herself is the first author")
        "Of her two papers with Ingrid Berg, take the one where Tanaka herself is lead author: how many glaciers?",
        # the principal by the given name alone ("the one Keiko headed")
        "Ingrid Berg is on two of Keiko's papers. In the one Keiko headed as first author, over how many glaciers?",
    ],
)
def test_the_principal_said_of_a_position_beside_a_named_co_author(tanaka, question):
    answer = ask(tanaka, question)
    assert titles(answer)[:1] == ["Calving Front Delineation of Greenland Glaciers with Multi-Temporal SAR"]


def test_a_pronoun_of_the_other_gender_stands_for_the_co_author_named(tanaka):
    # "her" is the principal; "he" is Ivan Petrov, the last author of one of their three papers
    answer = ask(
        tanaka, "Of her papers with Ivan Petrov, the one where he is the last author: what error did it report?"
    )
    assert titles(answer)[:1] == ["Snow Depth on Sea Ice from Dual-Frequency Altimetry"]


def test_a_selection_holds_every_position_said(tanaka):
    # she is first on most of her papers; Petrov is last on one of them
    answer = ask(
        tanaka,
        "Ivan Petrov is on three of her papers. Take the one with her as first author and him as last author: what "
        "error did it report?",
    )
    assert answer.meta["plan"]["route"] == "fact"  # a fact asked of the one paper, not a count of her first-authored
    assert titles(answer)[:1] == ["Snow Depth on Sea Ice from Dual-Frequency Altimetry"]


def test_a_relative_clause_says_the_principals_position():
    assert phrases.position("Which of her collaborations are journal articles that she first-authored?") == 1
    assert phrases.position("the papers that he led himself?") == 1
    assert phrases.position("papers that he second-authored") == 2
    # leading a task, and who wrote what, are no position the question selects by
    assert phrases.position("papers that she led the analysis on") is None
    assert phrases.position("Ole Hansen first-authored the drift paper") is None


def test_a_collaboration_she_first_authored_in_a_journal(tanaka):
    answer = tanaka.answer(
        [
            Message(
                role="user",
                content="Which of her Jörg Müller collaborations are journal articles that she first-authored?",
            )
        ],
        Filters(),
    )
    assert {c.title for c in answer.citations} == {
        "Label Noise in Operational Ice Charts",
        "Correcting Incidence-Angle Effects in SAR Sea-Ice Classification",
    }, answer.answer


@pytest.mark.parametrize(
    "question",
    [
        "Which papers did she post on arXiv before 2022 as first author with Ole Hansen on the author list?",
        "Which of her papers did she write as first author with Ole Hansen on the author list?",
    ],
)
def test_as_a_position_is_said_of_the_inverted_clauses_subject(tanaka, question):
    # "did she post … as first author with Ole Hansen": she is first author, Hansen a co-author
    answer = ask(tanaka, question)
    firsts = first_authors(tanaka, answer)
    assert firsts and set(firsts) == {"Keiko Tanaka"}
    by_id = tanaka.answerer().corpus.by_id
    assert all("Ole Hansen" in by_id[c.paper_id].authors for c in answer.citations)


def test_a_person_named_again_by_the_given_name_holds_the_position(assistant):
    # "… include Boyang Zhang, which ones is Boyang NOT the first author of?": "Boyang" is Boyang Zhang (no topic),
    # "include" makes him a co-author, and "which ones" with no number asked lists the papers
    answer = ask(
        assistant,
        "Among his papers whose listed authors include Boyang Zhang, which ones is Boyang NOT the first author of?",
    )
    plan = answer.meta["plan"]
    assert plan["route"] == "list" and not plan.get("topic"), plan
    by_id = assistant.answerer().corpus.by_id
    papers = [by_id[c.paper_id] for c in answer.citations]
    assert len(papers) == 2 and all("Boyang Zhang" in p.authors[1:] for p in papers), answer.answer


def test_a_person_said_to_have_co_written_is_on_the_byline_of_the_papers_asked(assistant):
    # "Boyang Zhang co-wrote a bunch of his papers. Which of those were NOT led by Boyang?": his papers with Boyang,
    # not every paper Boyang does not lead
    answer = ask(
        assistant, "Boyang Zhang co-wrote a bunch of his papers. Which of those were NOT led by Boyang as first author?"
    )
    by_id = assistant.answerer().corpus.by_id
    papers = [by_id[c.paper_id] for c in answer.citations]
    assert len(papers) == 2 and all("Boyang Zhang" in p.authors[1:] for p in papers), answer.answer
