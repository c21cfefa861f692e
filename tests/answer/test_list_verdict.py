"""A yes/no question answered by a list or a count opens with the table's verdict: Yes with the number of papers, No
for none or for a count that misses the bound the question states; questions over every paper of a set, and answers
that already decide or refuse, are left as they are."""

from __future__ import annotations

import pytest

from assistant.answer.plan.phrases.stated_count import count_bound
from assistant.answer.write.list_verdict import verdict_line
from tests.asking import ask


@pytest.mark.parametrize(
    ("question", "bound"),
    [
        ("Has he written more than 3 papers on LLMs?", (4, None, "more than 3")),
        ("Does she have at least two papers on sea ice?", (2, None, "at least two")),
        ("Are there fewer than 5 papers on stencils?", (0, 4, "fewer than 5")),
        ("Does he have 3 or more papers with code?", (3, None, "3 or more")),
        ("Did he write exactly one paper on HONPAS?", (1, 1, "exactly one")),
        ("Does he have any papers on stencils?", None),
    ],
)
def test_a_bound_on_the_number_of_papers_is_read(question, bound):
    assert count_bound(question) == bound


def test_the_verdict_weighs_the_count_against_the_bound():
    assert verdict_line("Does he have any papers on stencils?", 2) == "Yes: 2 papers in scope."
    assert verdict_line("Does he have any papers on stencils?", 0) == "No."
    assert verdict_line("Has he written more than 3 papers on LLMs?", 6) == "Yes: 6 papers in scope, more than 3."
    assert verdict_line("Has he written more than 3 papers on LLMs?", 2) == "No: 2 papers in scope, not more than 3."


def test_a_yes_no_question_answered_by_a_list_opens_with_its_verdict(assistant):
    answer = ask(assistant, "Does Yunquan Zhang have any papers on stencil computation?")
    assert answer.meta["plan"]["route"] == "list", answer.meta["plan"]
    assert answer.answer.startswith("Yes: "), answer.answer
    assert answer.citations


def test_a_question_that_is_no_yes_no_question_or_asks_of_every_paper_gets_no_verdict(assistant):
    listed = ask(assistant, "Which of Yunquan Zhang's papers are about stencil computation?")
    assert not listed.answer.startswith(("Yes", "No")), listed.answer
    every = ask(assistant, "Are all of his papers about stencil computation?")
    assert not every.answer.startswith("Yes"), every.answer
