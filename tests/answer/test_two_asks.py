"""Two asks joined in one question, each of its own described paper, one of them another group's: both are found
over every record and asked side by side; one ask of papers in the plural stays a list."""

from __future__ import annotations

from assistant.answer.plan import two_asks
from tests.asking import ask


def cited(answer):
    return sorted((c.title or c.display_title).split(" ")[0] for c in answer.citations)


def test_two_asks_are_split_at_the_and_that_opens_the_second():
    m = two_asks._TWO_ASKS.search("What yield does the cross-coupling paper report, and how much did X raise Y?")
    assert m and m.group("first") == "What yield does the cross-coupling paper report"
    assert m.group("second") == "how much did X raise Y"
    assert not two_asks._TWO_ASKS.search("What does the iceberg paper detect with radar and optics?")


def test_each_ask_finds_its_own_paper_the_author_s_and_another_group_s(tanaka):
    answer = ask(
        tanaka,
        "Ole Hansen shows up on ice drift work both with Tanaka and without her. What position error did the drift "
        "forecast with her reach, and how much did the drift stream speed up in the buoy study?",
    )
    assert cited(answer) == ["A", "Ice"] and "4.1 km" in answer.answer and "9%" in answer.answer
    answer = ask(
        tanaka,
        "What yield does the cross-coupling paper report, and how much did Keiko's incidence-angle correction raise "
        "far-range accuracy?",
    )
    assert cited(answer) == ["Correcting", "Palladium-Catalysed"]


def test_one_paper_asked_twice_stays_one_paper(tanaka):
    answer = ask(tanaka, "What does the iceberg paper detect, and how accurate is it?")
    assert cited(answer) == ["Few-Shot"]
    # the second ask points back to the paper of the first
    answer = ask(tanaka, "Who wrote the drift forecast with a graph network, and what position error does it reach?")
    assert cited(answer) == ["Ice"]
