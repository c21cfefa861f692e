"""A comparison's asked aspect: per paper, the sentence that answers it (with the enumeration it announces), chosen in
one place (write/aspect.choose) by its meaning, the row's role and the aspect's own terms; the "what differs" line
names that aspect first."""

from __future__ import annotations

import pytest

from assistant.answer.evidence.roles import RoleSentence
from assistant.answer.write import aspect
from assistant.answer.write.grid import ASKED_ROW, differs
from assistant.models import Filters, Message
from tests.conftest import make_paper

_SAID = [
    "In our scheme, the most time-consuming step is the calculation of the electron repulsion integrals.",
    "Here, we present two static algorithms for them.",
    "Firstly, the work is distributed over shell pairs.",
    "Secondly, it is distributed over shell quartets.",
]
_SENTENCES = [RoleSentence(t, "method", i) for i, t in enumerate(_SAID)]
# The subject-only sentence is nearest in meaning; the enumeration holds the aspect's own verb, "distribute"
_MEANING = {_SAID[0]: 0.74, _SAID[1]: 0.72, _SAID[2]: 0.62, _SAID[3]: 0.60}
_WEIGHTS = {"distribute": 6.4, "integral": 4.2}


def test_cover_reads_any_form_of_the_aspects_terms():
    assert aspect.cover("Firstly, the work is distributed over shell pairs.", _WEIGHTS) == pytest.approx(6.4 / 10.6)
    assert aspect.cover("We show speedups.", _WEIGHTS) == 0.0


def test_the_aspect_is_answered_by_the_enumeration_holding_its_terms_not_the_sentence_naming_its_subject():
    pick, text = aspect.choose(_SENTENCES, _SENTENCES, _MEANING, lambda s: False, _WEIGHTS)
    assert pick.text == _SAID[1] and text == " ".join(_SAID[1:])
    # by meaning alone (no aspect terms) the subject's sentence would be quoted
    pick, text = aspect.choose(_SENTENCES, _SENTENCES, _MEANING, lambda s: False, {})
    assert text == _SAID[0]


def test_the_rows_role_is_a_margin_not_a_veto():
    result = lambda s: s.text == _SAID[0]  # noqa: E731
    near = {**_MEANING, _SAID[1]: _MEANING[_SAID[0]] - 2 * aspect.ROLE_MARGIN}
    assert aspect.choose(_SENTENCES, _SENTENCES, near, result, {})[0].text == _SAID[0]
    far = {**_MEANING, _SAID[1]: _MEANING[_SAID[0]] + 2 * aspect.ROLE_MARGIN}
    assert aspect.choose(_SENTENCES, _SENTENCES, far, result, {})[0].text == _SAID[1]


def test_what_differs_names_the_asked_aspect_first():
    papers = [make_paper(id="a"), make_paper(id="b")]
    grid = {
        "Problem": ["Load balance of integrals.", "Even distribution is hard."],
        "Approach": ["A master-worker scheme.", "Shell pairs then shell quartets."],
    }
    text = differs(papers, grid, ["[1]", "[2]"], aspect="Approach")
    assert text.startswith("What differs: on what was asked (approach), the papers differ; their problem differ too")
    assert differs(papers, grid, ["[1]", "[2]"]).startswith("What differs: their problem and approach differ")
    asked = {**grid, ASKED_ROW: ["Dynamically, by a master.", "Statically, over shell pairs."]}
    assert "on what was asked, the papers differ" in differs(papers, asked, ["[1]", "[2]"], aspect=ASKED_ROW)


def test_the_row_on_the_question_quotes_the_whole_enumeration(assistant):
    question = "What separates the two HONPAS papers in how they distribute the integral work?"
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    assert answer.meta["plan"]["route"] == "compare"
    row = next(line for line in answer.answer.splitlines() if line.startswith(f"| {ASKED_ROW}"))
    # the code before quoted the nearest item alone ("Firstly, … shell pairs"), not the announcement and its items
    assert "shell pairs" in row and "shell quartets" in row


def test_the_aspects_terms_are_not_the_subject_both_papers_share(assistant):
    # "electron repulsion integral" is in both HONPAS papers: read as the aspect's terms, the sentence naming the
    # integrals ("the most time-consuming step is the calculation of the electron repulsion integrals") took the
    # approach row from the one saying how they are distributed
    question = "Set his two HONPAS papers side by side: how does each share out the electron repulsion integral work?"
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    assert answer.meta["plan"]["route"] == "compare"
    assert "shell pairs" in answer.answer and "most time-consuming step" not in answer.answer
