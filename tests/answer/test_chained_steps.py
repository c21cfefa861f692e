"""Questions in steps: a paper described within dates counted from the previous answer, a topic within those dates
then a question of the one paper on it, a follow-up that points back only by a definite noun of the previous paper,
and a joint paper of the author and a co-author placed by date against another paper."""

from __future__ import annotations

from assistant.answer.plan import phrases
from tests.asking import first_cited
from tests.conftest import converse


def test_counted_years_are_read_in_any_wording():
    assert [
        phrases.dates(f"What did she publish {said}?").relative
        for said in ("three years later", "one year earlier", "two years on")
    ] == [(3, 1), (-1, 1), (2, 1)]


def test_a_paper_described_within_dates_counted_from_the_previous_one(tanaka):
    # "the drift forecasting paper" alone fits her GNN paper and another group's buoy study; two years after her
    # 2021 paper, only hers.
    answer = converse(
        tanaka,
        "What is her 2021 iceberg paper about?",
        "And the drift forecasting paper she wrote two years after that: what error does it report?",
    )[-1]
    assert first_cited(answer).startswith("Ice Drift Forecasts") and "4.1 km" in answer.answer


def test_a_topic_within_counted_dates_then_a_question_of_that_paper(tanaka):
    answer = converse(
        tanaka,
        "What was her 2019 paper about?",
        "What did she put out three years later on leads, and what false alarm rate did it have?",
    )[-1]
    assert first_cited(answer).startswith("Detecting Leads") and "3%" in answer.answer


def test_a_follow_up_pointing_back_by_a_definite_noun_of_the_paper(tanaka):
    answer = converse(
        tanaka,
        "What is the crevasse detection paper about?",
        "By how much did the crevassed area grow on the Pine Island ice shelf?",
    )[-1]
    assert first_cited(answer).startswith("Crevasse Detection") and "40%" in answer.answer


def test_an_earlier_joint_paper_of_a_named_co_author(assistant):
    # Jinhao Zhang wrote CALM and, before it, MoQE with him: the second step reads MoQE.
    answer = converse(
        assistant, "Jinhao Zhang co-wrote CALM with him. Which image dataset did their earlier joint paper evaluate on?"
    )[-1]
    assert first_cited(answer).startswith("MoQE") and "ImageNet" in answer.answer


def test_a_later_joint_paper_of_a_named_co_author(tanaka):
    answer = converse(
        tanaka,
        "Yuki Sato worked with her on the 2022 domain adaptation paper; what was their later joint work pretrained on?",
    )[-1]
    assert first_cited(answer).startswith("A Foundation Model") and "1.2 million" in answer.answer


def test_the_co_author_of_a_paper_found_first_then_their_described_joint_paper(tanaka):
    # Three co-authors on the foundation model; only one wrote an earlier paper with her about adapting sensors.
    answer = converse(
        tanaka,
        "Her co-author on the polar SAR foundation model had also worked with her on an earlier paper about adapting "
        "between sensors. How far does accuracy rise with adaptation?",
    )[-1]
    assert first_cited(answer).startswith("Domain Adaptation") and "82%" in answer.answer


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
