"""LLM mode for the kinds with their own writers, the endpoint faked at the HTTP layer (the real openai SDK and
LangChain run): the model is told the plan's operation (and, comparing, the grid's rows), and a failed model
degrades each kind to its own extractive answer: a comparison to the grid, a verdict to the extractive verdict."""

from __future__ import annotations

import pytest

from assistant import blocks
from assistant.models import Message
from tests.fakes import FakeOpenAI, llm_mode_assistant

COMPARE = [Message(role="user", content="How do MoQE and CALM differ in how they quantize models?")]
VERIFY = [
    Message(role="user", content="Do the MoE-DisCo submodels need inter-device communication while being trained?")
]


@pytest.fixture
def fake():
    return FakeOpenAI()


@pytest.fixture
def llm(seeded_store, fake):
    return llm_mode_assistant(seeded_store, fake)


def _prompt(fake: FakeOpenAI) -> str:
    return fake.requests[-1]["messages"][-1]["content"]


@pytest.mark.parametrize("failure", [("status", 500), ("timeout",), ("garbage",)])
def test_a_failed_model_on_a_comparison_gives_the_extractive_grid(llm, fake, failure):
    fake.enqueue(failure)
    a = llm.answer(COMPARE)
    assert a.mode == "extractive" and "LLM unavailable" in a.notice
    table = a.blocks[0]
    assert table.type == "table" and len(table.header) == 3
    assert [row[0][0].text for row in table.rows][:2] == ["Problem", "Approach"]
    cited = {n for row in table.rows for cell in row[1:] for c in cell for n in c.cites}
    assert cited == {1, 2} and {c.title.split(":")[0] for c in a.citations} == {"MoQE", "CALM"}
    assert a.answer.split("\n")[1] == "|---|---|---|" and "What differs:" in a.answer


def test_the_model_gets_the_operation_and_the_grid_rows_when_comparing(llm, fake):
    reply = (
        "|  | MoQE | CALM |\n|---|---|---|\n"
        "| Approach | Routes each input to the most suitable quantization expert [1] | "
        "Evaluates multiple PTQ algorithms on each layer and uses CKA to pick the best one per layer [2] |\n\n"
        "MoQE routes inputs to quantization experts [1]. "
        "CALM instead selects a quantization strategy for each layer [2]."
    )
    fake.enqueue(reply)
    a = llm.answer(COMPARE)
    prompt = _prompt(fake)
    assert "markdown table" in prompt and "one row each for Problem, Approach, Hardware / data, Result" in prompt
    assert "- Approach: " in prompt  # the extractive grid's cells, row by row
    assert a.mode == "llm" and a.blocks[0].type == "table"
    assert "most suitable quantization expert [1]" in a.answer and "per layer [2]" in a.answer


def test_a_failed_model_on_a_yes_no_question_gives_the_extractive_verdict(llm, fake):
    fake.enqueue(("status", 500))
    a = llm.answer(VERIFY)
    assert a.mode == "extractive" and "LLM unavailable" in a.notice
    assert a.answer.startswith("No: ") and "without any inter-device communication [1]" in a.answer
    assert a.meta["route"] == "verify" and a.meta["verdict"] == "No"


def test_the_model_is_told_to_open_a_yes_no_answer_with_its_verdict(llm, fake):
    fake.enqueue(
        "No. Each submodel is trained independently and in parallel, without any inter-device communication [1]."
    )
    a = llm.answer(VERIFY)
    assert "Open with Yes, No, or" in _prompt(fake)
    assert a.mode == "llm" and a.answer.startswith("No.") and blocks.claims(a.blocks)
