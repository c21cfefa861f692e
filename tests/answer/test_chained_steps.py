"""Questions in steps: a paper described within dates counted from the previous answer, a topic within those dates
then a question of the one paper on it, a follow-up that points back only by a definite noun of the previous paper,
and a joint paper of the author and a co-author placed by date against another paper."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from tests.asking import first_cited
from tests.conftest import converse


def test_counted_years_are_read_in_any_wording():
    assert [
        phrases.dates(f"What did she publish {said}?").relative
        for said in ("three years later", "one year earlier", "two years on")
    ] == [(3, 1), (-1, 1), (2, 1)]


def test_a_paper_introduced_by_what_it_does_then_pointed_back_to(assistant):
    answer = converse(
        assistant,
        "Several of his papers compress models, and one paper factorizes weight matrices into low-rank parts. Which "
        "networks did that work test on?",
    )[-1]
    # The paper is read as named (the question's step one), not left to whatever the search ranks first.
    assert [t.split()[0] for t in answer.meta["plan"]["named"]] == ["Lossless"]
    assert first_cited(answer).startswith("Lossless Model Compression") and "ResNext50" in answer.answer


def test_a_system_size_counted_in_atoms_written_in_words():
    from assistant.answer.evidence.quantity import extreme
    from tests.conftest import make_paper

    papers = [
        make_paper(id="words", abstract="Our solver reaches two-trillion-atom systems on the new machine."),
        make_paper(id="digits", abstract="The run covers 54 billion atoms in a copper block."),
        make_paper(id="none", abstract="We model a grain boundary at room temperature."),
    ]
    asked = "which paper simulates the biggest system, counted in atoms?"
    assert [(r.paper.id, r.value) for r in extreme("system", papers, 1, asked)] == [
        ("words", 2e12),
        ("digits", 54e9),
    ]


STEPS = [
    # "the drift forecasting paper" alone fits her GNN paper and another group's buoy study; two years after her
    # 2021 paper, only hers.
    pytest.param(
        "tanaka",
        (
            "What is her 2021 iceberg paper about?",
            "And the drift forecasting paper she wrote two years after that: what error does it report?",
        ),
        "Ice Drift Forecasts",
        "4.1 km",
        id="a-paper-described-within-dates-counted-from-the-previous-one",
    ),
    pytest.param(
        "tanaka",
        (
            "What was her 2019 paper about?",
            "What did she put out three years later on leads, and what false alarm rate did it have?",
        ),
        "Detecting Leads",
        "3%",
        id="a-topic-within-counted-dates-then-a-question-of-that-paper",
    ),
    pytest.param(
        "tanaka",
        (
            "What is the crevasse detection paper about?",
            "By how much did the crevassed area grow on the Pine Island ice shelf?",
        ),
        "Crevasse Detection",
        "40%",
        id="a-follow-up-pointing-back-by-a-definite-noun-of-the-paper",
    ),
    # Jinhao Zhang wrote CALM and, before it, MoQE with him: the second step reads MoQE.
    pytest.param(
        "assistant",
        (("Jinhao Zhang co-wrote CALM with him. Which image dataset did their earlier joint paper evaluate on?"),),
        "MoQE",
        "ImageNet",
        id="an-earlier-joint-paper-of-a-named-co-author",
    ),
    pytest.param(
        "tanaka",
        (
            (
                "Yuki Sato worked with her on the 2022 domain adaptation paper; what was their later joint work "
                "pretrained on?"
            ),
        ),
        "A Foundation Model",
        "1.2 million",
        id="a-later-joint-paper-of-a-named-co-author",
    ),
    # Three co-authors on the foundation model; only one wrote an earlier paper with her about adapting sensors.
    pytest.param(
        "tanaka",
        (
            (
                "Her co-author on the polar SAR foundation model had also worked with her on an earlier paper "
                "about adapting between sensors. How far does accuracy rise with adaptation?"
            ),
        ),
        "Domain Adaptation",
        "82%",
        id="the-co-author-of-a-paper-found-first-then-their-described-joint-paper",
    ),
]


@pytest.mark.parametrize(("corpus", "turns", "cited", "fact"), STEPS)
def test_the_step_reaches_the_paper_asked_of(request, corpus, turns, cited, fact):
    """The paper the last step reaches is cited first and its fact is said."""
    answer = converse(request.getfixturevalue(corpus), *turns)[-1]
    assert first_cited(answer).startswith(cited) and fact in answer.answer, answer.answer
