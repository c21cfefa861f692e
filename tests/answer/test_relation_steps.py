"""Two-step questions whose first step is a relation the scene states: the co-author of a described paper, then the one
of their other joint papers the words after "also"/"another"/"again" describe (in any form of its words, within the
dates said, else by the clause asked of it); an author position said of the person's papers at large, then the one the
selecting clause ("there's one where …") says."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from tests.asking import ask, first_cited


def test_the_position_said_in_the_selecting_clause():
    assert phrases.position("X is usually second author on his stuff, but there's one where X is listed first.") == 1
    assert (
        phrases.position(
            "X is first author on one and second author on another. In the one where X is second author, what …?"
        )
        == 2
    )
    assert phrases.position("X is the second author of one paper. What does it prove?") == 2


def test_the_paper_two_people_wrote_as_a_pair_then_asked_of(tanaka):
    assert phrases.team_size("Which paper did the two of them later write as a pair?").low == 2
    answer = ask(
        tanaka,
        "Ivan Petrov led one paper with her as first author. Which paper did the two of them later write as a pair, "
        "and what error did it report?",
    )
    assert first_cited(answer).startswith("Snow Depth") and "6.2" in answer.answer


STEPS = [
    # "Antarctica" is said, "Antarctic" written: the sentences alone do not tell the two joint papers apart
    pytest.param(
        "tanaka",
        (
            "The person she did the melt pond study with also co-wrote something about Antarctica with her. "
            "What IoU does that one reach?"
        ),
        "Crevasse Detection",
        "0.72",
        id="a-joint-paper-described-in-another-form-of-its-title-word",
    ),
    pytest.param(
        "tanaka",
        (
            "The co-author of her melt pond paper teamed up with her again in 2023. What rate of shoreline "
            "loss did that 2023 study find?"
        ),
        "Coastline Extraction",
        "20 m",
        id="a-joint-paper-placed-by-the-year-said",
    ),
    # "using the same satellite" fits both joint papers; only one answers what is asked of it
    pytest.param(
        "tanaka",
        (
            "Her co-author on the melt pond paper worked with her on another study using the same satellite. "
            "With what share of the labels was the model in that second study fine-tuned?"
        ),
        "Coastline Extraction",
        "5%",
        id="a-joint-paper-the-clause-asked-of-it-tells-apart",
    ),
    pytest.param(
        "assistant",
        (
            "Daning Cheng is usually second author on his stuff, but there's one where Cheng is listed first. "
            "What's the name of the auxiliary model they prove exists in it?"
        ),
        "A Qualitative Test-Risk Mechanism",
        "jumpboard",
        id="a-person-usually-second-author-and-the-one-they-led",
    ),
]


@pytest.mark.parametrize(("corpus", "question", "cited", "fact"), STEPS)
def test_the_step_through_a_relation_reaches_the_paper_asked_of(request, corpus, question, cited, fact):
    """The paper the relation's second step reaches is cited first and its fact is said."""
    answer = ask(request.getfixturevalue(corpus), question)
    assert first_cited(answer).startswith(cited) and fact in answer.answer, answer.answer
