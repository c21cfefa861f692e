"""A yes/no question about one thing named with "the" gets a verdict even where the nearest examples voted for a
list; a yes/no question asking for papers stays a list."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from assistant.answer.plan.operation import operation_of


@dataclass
class Vote:  # the two fields operation_of reads of the router's vote
    label: str
    sure: bool = True


@pytest.mark.parametrize(
    "question",
    [
        "Does the ice-chart noise estimate hold across both winter seasons?",
        "Did the cross-sensor transfer keep its accuracy without any target labels?",
    ],
)
def test_a_yes_no_question_about_one_named_thing_is_a_verdict(question):
    assert operation_of("list", Vote("list"), question, [], [], "noise estimate") == "verify"


@pytest.mark.parametrize(
    "question",
    [
        "Does the author have papers on sea ice?",
        "Does the corpus hold any works on ice charts?",
        "Does he have any papers on sea ice?",
    ],
)
def test_a_yes_no_question_asking_for_papers_stays_a_list(question):
    assert operation_of("list", Vote("list"), question, [], [], "sea ice") == "list"
