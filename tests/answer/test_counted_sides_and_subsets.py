"""Sets of papers a turn describes rather than names: "she has two papers built on X - what does each report?" (the
two compared), "which of those are set in the Arctic?" (every paper shown that fits, not one picked), and two sides
joined and asked of "each"."""

from __future__ import annotations

from assistant.answer.plan import phrases, sides
from assistant.evaluation import HISTORY_CHARS
from assistant.models import Filters, Message


def converse(assistant, *turns):
    messages, answer = [], None
    for turn in turns:
        messages.append(Message(role="user", content=turn))
        answer = assistant.answer(list(messages), Filters())
        messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
    return answer


def cited(answer):
    return sorted((c.title or c.display_title).split(" ")[0] for c in answer.citations)


def test_the_description_after_two_papers_and_its_object():
    m = sides.TWO_COUNTED.search("She has two papers built on vision transformers. What does each report?")
    assert m and sides.counted_readings(m.group(1)) == [" built on vision transformers", "vision transformers"]
    assert not sides.TWO_COUNTED.search("She has two papers in The Cryosphere.")  # a venue, read elsewhere


def test_two_papers_counted_and_described_are_compared(tanaka):
    answer = converse(
        tanaka, "She has two papers built on vision transformers. What headline accuracy figure does each one report?"
    )
    assert cited(answer) == ["Coastline", "Crevasse"] and "92%" in answer.answer and "0.72" in answer.answer
    answer = converse(
        tanaka,
        "Two of her papers look at operational ice charts from analysts. How much agreement or disagreement does "
        "each report?",
    )
    assert cited(answer) == ["Automated", "Label"] and "83%" in answer.answer and "17%" in answer.answer


def test_two_counted_papers_not_asked_of_each_stay_a_pick(tanaka):
    answer = converse(
        tanaka,
        "She has two papers in The Cryosphere. For the later of them, what did training with a special loss achieve?",
    )
    assert cited(answer) == ["Label"]


def test_which_of_those_with_a_plural_verb_asks_for_every_one_that_fits(tanaka):
    assert phrases.WHICH_SEVERAL.search("Which of those are set in the Arctic?")
    assert not phrases.WHICH_SEVERAL.search("Which of those is the newer one?")
    answer = converse(
        tanaka,
        "Which papers did she write with Anna de Vries?",
        "Which of those are set in the Arctic?",
        "Compare those two: what kind of model did each use, and how were the results checked?",
    )
    assert cited(answer) == ["Coastline", "Melt"]


def test_a_side_described_ends_where_each_asks_the_rest():
    assert (
        sides.described(" the cross-sensor adaptation each improve over their baselines?") == "cross-sensor adaptation"
    )


def test_two_sides_joined_and_asked_of_each(tanaka):
    answer = converse(
        tanaka,
        "how much did the few-shot iceberg detector and the cross-sensor adaptation each improve over their baselines?",
    )
    assert cited(answer) == ["Domain", "Few-Shot"] and "82%" in answer.answer and "0.81" in answer.answer


def test_a_described_pair_takes_no_paper_a_phrase_of_the_ask_describes(assistant):
    # "the integral work" is the ask's, no third side
    answer = converse(
        assistant, "How do his two HONPAS papers differ in the way they distribute the integral work across processors?"
    )
    assert cited(answer) == ["The", "The"]


def test_which_of_those_said_of_something_else_than_papers_picks_no_papers():
    assert phrases.WHICH_SEVERAL.search("Which of those papers were on arXiv?")
    assert not phrases.WHICH_SEVERAL.search("in which of those stages do they get rid of the pack operations, and how?")
