"""A place in the byline said with a verb ("her name comes last in a multi-author byline"): an author position and a
team size, applied together; "comes last" there is no pick of the latest paper."""

from __future__ import annotations

import math

from assistant.answer.plan.phrases.picks import date_pick
from assistant.answer.plan.phrases.team import team_size
from assistant.answer.plan.phrases.who import position, position_negated
from assistant.models import Filters, Message

QUESTION = "In which papers does her name come last in a multi-author byline?"


def test_a_place_in_a_byline_is_a_position_and_multi_author_a_team_size():
    assert position(QUESTION) == -1
    assert team_size(QUESTION) is not None
    assert (team_size(QUESTION).low, team_size(QUESTION).high) == (2, math.inf)
    assert team_size("Which of her multi-authored papers are journal articles?").low == 2
    assert date_pick(QUESTION) is None
    # a paper that comes last among others is still a date pick
    assert date_pick("Of those two, which came out last?") == ("latest", False)


def test_the_papers_she_closes_a_byline_of_several_on(tanaka):
    answer = tanaka.answer([Message(role="user", content=QUESTION)], Filters())
    assert {c.title for c in answer.citations} == {
        "Few-Shot Iceberg Detection in Synthetic Aperture Radar Images",
        "Sea-Ice Type Classification from Sentinel-1 SAR with Self-Attention",
        "Ice Drift Forecasts with Graph Neural Networks",
    }
    assert "last author" in answer.answer and "at least 2 authors" in answer.answer


def test_a_place_other_than_a_position_negates_it(tanaka):
    q = "In the OpenAlex export, on how many of her works is she listed somewhere other than first author?"
    assert position(q) == 1 and position_negated(q)
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["position_negated"] is True
    assert "4" in answer.answer and len(answer.citations) == 4  # last on three, in the middle on one
