"""A comparison whose sides are described, not named: the question's frame and the quantity asked ("the gain from
…", "what accuracy did … reach") are no part of a side's description, two sides asked the same quantity are a
comparison whatever the verb, and each side's cell is the sentence carrying the quantity asked of it."""

from __future__ import annotations

from assistant.answer.plan.sides import described, parallel_measure
from assistant.answer.write.grid import each_asked
from tests.asking import ask


def titles(answer):
    return [c.title for c in answer.citations]


def test_a_sides_description_loses_the_frame_and_the_quantity():
    assert described("How large was the improvement in the ensemble forecasting paper compared") == (
        "ensemble forecasting paper"
    )
    assert described(" the error of the graph-network drift model?") == "graph-network drift model"
    assert described("Which speedup did the tensor-core stencil system report") == "tensor-core stencil system"
    assert described("the uncertainty paper") == "uncertainty paper"  # a measure word that is the description stays


def test_the_same_quantity_asked_of_two_things_is_a_comparison():
    assert parallel_measure("the speedup of the stencil code against the speedup of the quantum framework")
    assert not parallel_measure("What speedup and accuracy does the stencil code report?")


def test_one_clause_asked_of_each_side():
    asked = "how many examples the one learns from, against how many scenes the other saw"
    assert each_asked(asked, 0, 2) == "how many examples the one learns from"
    assert each_asked(asked, 1, 2) == "how many scenes the other saw"
    assert each_asked("how many scenes does each use", 0, 2) == ""


def test_both_described_sides_are_found_with_the_numbers_asked(tanaka):
    answer = ask(
        tanaka,
        "How large an accuracy gain did the cross-sensor adaptation give, compared with the gain of the "
        "incidence-angle correction? I want the before and after figures.",
    )
    assert answer.meta["plan"]["route"] == "compare"
    assert set(titles(answer)) == {
        "Domain Adaptation Between Sentinel-1 and RADARSAT-2 for Ice Mapping",
        "Correcting Incidence-Angle Effects in SAR Sea-Ice Classification",
    }
    assert all(figure in answer.answer for figure in ("64%", "82%", "71%", "86%"))
    assert "could not tell" not in answer.answer


def test_a_quantity_asked_against_another_without_a_comparison_verb(tanaka):
    answer = ask(
        tanaka,
        "Which error did the graph-network drift forecast reach, against the error of the neural-operator emulator?",
    )
    assert set(titles(answer)) == {
        "Ice Drift Forecasts with Graph Neural Networks",
        "Emulating Sea-Ice Dynamics with Fourier Neural Operators",
    }
    assert "4.1 km" in answer.answer and "12 cm" in answer.answer


def test_each_side_gets_the_sentence_with_its_own_quantity(tanaka):
    answer = ask(
        tanaka,
        "the few-shot iceberg detector versus the polar SAR foundation model: set how many labelled examples the one "
        "learns from against how many scenes the other was pretrained on",
    )
    table = answer.blocks[0]
    result = next(row for row in table.rows if row[0][0].text == "Result")
    assert "five labelled examples" in result[1][0].text
    assert "1.2 million" in result[2][0].text


def test_a_side_described_by_its_venues_acronym(tanaka):
    # "IGARSS" is in no title or abstract: the table's venue (… Geoscience and Remote Sensing Symposium) holds it
    answer = ask(
        tanaka,
        "Her 2019 IGARSS charting paper and the 2023 label noise paper both deal with operational ice charts. What "
        "agreement / disagreement numbers does each give?",
    )
    assert set(titles(answer)) == {
        "Automated Sea-Ice Charting from Sentinel-1 with Convolutional Networks",
        "Label Noise in Operational Ice Charts",
    }
    assert "83%" in answer.answer and "17%" in answer.answer


def test_a_side_with_a_word_no_passage_holds_is_read_by_the_rest(tanaka):
    # "ViT" and "GNN" are in no abstract: "crevasse" and "drift" each pick out one title
    answer = ask(tanaka, "crevasse ViT vs drift GNN: what error or accuracy figure does each give?")
    assert answer.meta["route"] == "compare"
    assert [t.split()[0] for t in titles(answer)] == ["Crevasse", "Ice"]
    assert "could not tell" not in answer.answer


def test_two_papers_described_with_their_noun_and_asked_of_each_are_compared(tanaka):
    answer = ask(
        tanaka,
        "Both the iceberg paper and the crevasse paper train networks on SAR. "
        "What does the network work from in each of them?",
    )
    assert answer.meta["route"] == "compare"
    assert {t.split()[0] for t in titles(answer)} == {"Few-Shot", "Crevasse"}
