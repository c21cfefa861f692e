"""No answer ends in a fragment: every answer the seed eval sets produce (every turn of every follow-up too) is read
claim by claim, and no cited claim is a cut clause, a question quoted as a statement or an unclosed bracket."""

from __future__ import annotations

import json

import pytest

from assistant import blocks
from assistant.answer.check import fragments
from assistant.models import Claim, Message
from tests.conftest import DATA

SETS = [
    "dev_questions.json",
    "dev_hard_questions.json",
    "dev_new_kinds.json",
    "first_contact_seeds.json",
    "first_contact_end_seeds.json",
    "first_contact_r3_seeds.json",
    "first_contact_r4_seeds.json",
    "first_contact_r5_seeds.json",
]


def test_the_fragment_reader():
    assert fragments.reason(Claim(text="It can be described using human ability metrics; 2 [1].")) == "dangling"
    assert (
        fragments.repaired(Claim(text="… using human ability metrics; 2 [1].")).text
        == "… using human ability metrics [1]."
    )
    assert fragments.reason(Claim(text="Can a system be all three at once? [1]")) == "question"
    assert fragments.repaired(Claim(text="Can a system be all three at once? [1]")) is None
    assert fragments.reason(Claim(text="It scales (up to 20 million cores [1].")) == "unbalanced"
    assert fragments.reason(Claim(text="It reaches 7.1x (3.1x on average) [1].")) is None
    assert fragments.reason(Claim(text="Which one do you mean?")) is None  # uncited: not a quoted claim


@pytest.mark.parametrize("name", SETS)
def test_no_answer_of_an_eval_set_holds_a_fragment(assistant, name):
    found, answers = [], 0
    for q in json.loads((DATA / name).read_text())["questions"]:
        messages: list[Message] = []
        for turn in q.get("turns") or [q["question"]]:
            answer = assistant.answer([*messages, Message(role="user", content=turn)])
            answers += 1
            found += [(q["id"], why, c.text) for c in blocks.claims(answer.blocks) if (why := fragments.reason(c))]
            messages += [Message(role="user", content=turn), Message(role="assistant", content=answer.answer[:4000])]
    assert answers >= 13 and found == []
