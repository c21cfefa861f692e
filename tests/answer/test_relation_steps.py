"""Two-step questions whose first step is a relation the scene states: the co-author of a described paper, then the one
of their other joint papers the words after "also"/"another"/"again" describe (in any form of its words, within the
dates said, else by the clause asked of it); an author position said of the person's papers at large, then the one the
selecting clause ("there's one where …") says."""

from __future__ import annotations

from assistant.answer.plan import phrases
from tests.asking import ask, first_cited


def test_a_joint_paper_described_in_another_form_of_its_title_word(tanaka):
    # "Antarctica" is said, "Antarctic" written: the sentences alone do not tell the two joint papers apart
    answer = ask(
        tanaka,
        "The person she did the melt pond study with also co-wrote something about Antarctica with her. What IoU "
        "does that one reach?",
    )
    assert first_cited(answer).startswith("Crevasse Detection") and "0.72" in answer.answer


def test_a_joint_paper_placed_by_the_year_said(tanaka):
    answer = ask(
        tanaka,
        "The co-author of her melt pond paper teamed up with her again in 2023. What rate of shoreline loss did that "
        "2023 study find?",
    )
    assert first_cited(answer).startswith("Coastline Extraction") and "20 m" in answer.answer


def test_a_joint_paper_the_clause_asked_of_it_tells_apart(tanaka):
    # "using the same satellite" fits both joint papers; only one answers what is asked of it
    answer = ask(
        tanaka,
        "Her co-author on the melt pond paper worked with her on another study using the same satellite. With what "
        "share of the labels was the model in that second study fine-tuned?",
    )
    assert first_cited(answer).startswith("Coastline Extraction") and "5%" in answer.answer


def test_the_position_said_in_the_selecting_clause():
    assert phrases.position("X is usually second author on his stuff, but there's one where X is listed first.") == 1
    assert (
        phrases.position(
            "X is first author on one and second author on another. In the one where X is second author, what …?"
        )
        == 2
    )
    assert phrases.position("X is the second author of one paper. What does it prove?") == 2


def test_a_person_usually_second_author_and_the_one_they_led(assistant):
    answer = ask(
        assistant,
        "Daning Cheng is usually second author on his stuff, but there's one where Cheng is listed first. What's the "
        "name of the auxiliary model they prove exists in it?",
    )
    assert first_cited(answer).startswith("A Qualitative Test-Risk Mechanism") and "jumpboard" in answer.answer


def test_the_paper_two_people_wrote_as_a_pair_then_asked_of(tanaka):
    assert phrases.team_size("Which paper did the two of them later write as a pair?").low == 2
    answer = ask(
        tanaka,
        "Ivan Petrov led one paper with her as first author. Which paper did the two of them later write as a pair, "
        "and what error did it report?",
    )
    assert first_cited(answer).startswith("Snow Depth") and "6.2" in answer.answer
