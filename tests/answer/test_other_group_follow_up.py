"""A follow-up that turns to another group's paper ("There's also a buoy paper in the library that she isn't an author
of. How much did …?") is not about the author's paper the conversation was on."""

from __future__ import annotations

from assistant.evaluation import HISTORY_CHARS
from assistant.models import Filters, Message


def test_a_turn_to_another_groups_paper_leaves_the_authors_paper_shown(tanaka):
    messages = []
    for turn in (
        "Has Keiko worked on sea-ice drift?",
        "There's also a buoy paper in the library that she isn't an author of. How much did the drift stream speed "
        "up according to that other one?",
    ):
        messages.append(Message(role="user", content=turn))
        answer = tanaka.answer(list(messages), Filters())
        messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
    assert [c.title for c in answer.citations] == ["A Decade of Ice-Tethered Buoy Drift in the Transpolar Drift Stream"]
    assert "9%" in answer.answer


def test_the_other_one_after_an_answer_that_showed_one_is_among_those_the_question_retrieves(tanaka):
    # the answer showed only the snow depth paper; "not the snow depth one, the other one" is the CryoSat-2 paper
    # the question also retrieves
    messages = []
    for turn in (
        "What has Keiko Tanaka done with CryoSat-2 data?",
        "Not the snow depth one, the other one. Who was first author on it?",
    ):
        messages.append(Message(role="user", content=turn))
        answer = tanaka.answer(list(messages), Filters())
        messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
    assert [c.title for c in answer.citations] == ["Detecting Leads in Winter Sea Ice with CryoSat-2 Waveforms"]
