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
    described = sides.counted_description("She has two papers built on vision transformers. What does each report?")
    assert sides.counted_readings(described) == ["built on vision transformers", "vision transformers"]
    assert not sides.counted_description("She has two papers in The Cryosphere.")  # a venue, read elsewhere


def test_two_records_described_before_their_noun_or_after_on():
    assert sides.counted_description("two sea-ice drift records in these exports, one older") == "sea-ice drift"
    assert sides.counted_description("There are two papers on sea-ice drift.") == "on sea-ice drift"
    assert not sides.counted_description("two years after her papers")  # no description of papers counted
    # the collection they are in describes nothing; what follows it does
    assert sides.counted_description("Two papers in the collection mention the Laptev Sea.") == "mention the Laptev Sea"


def test_two_records_counted_over_both_groups_when_the_author_has_one(tanaka):
    # one of the two drift records is the other group's: the author's papers alone hold one, every record two
    answer = converse(
        tanaka,
        "There seem to be two sea-ice drift records in these exports, one from buoy tracks over a decade and one "
        "forecasting drift with a neural net. Which one is actually Tanaka's, and what's the headline number?",
    )
    assert cited(answer) == ["A", "Ice"] and "9%" in answer.answer
    answer = converse(
        tanaka,
        "There are two papers on sea-ice drift in this library that involve Ole Hansen. What does each one find?",
    )
    assert cited(answer) == ["A", "Ice"] and "214" in answer.answer


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
