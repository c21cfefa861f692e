"""LLM mode reads the question too: the model fills the plan through a tool call (faked at the HTTP layer, the way
OpenAI, vLLM and Ollama write tool calls), the reading is validated against the table, and a hostile or broken
reading is refused with the rule reader's plan used instead."""

from __future__ import annotations

import json

import pytest

from assistant.answer.plan.reader import ModelReading, ReadingRefused, validate
from assistant.models import Filters, Message
from tests.fakes import FakeOpenAI, llm_mode_assistant


@pytest.fixture
def fake():
    return FakeOpenAI()


@pytest.fixture
def reading_assistant(seeded_store, fake):
    return llm_mode_assistant(seeded_store, fake, llm_reads_questions=True)


def plan_of(assistant, question):
    return assistant.answerer().plan([Message(role="user", content=question)], Filters())


@pytest.mark.parametrize("flavor", ["openai", "vllm", "ollama", "text"])
def test_the_models_tool_call_fills_the_plan(reading_assistant, fake, flavor):
    fake.enqueue(
        (
            "tool_call",
            {"kind": "count", "topic": "quantization", "year_from": 2024, "month_from": 7, "year_to": 2025},
            flavor,
        )
    )
    plan = plan_of(reading_assistant, "How many quantization papers did he put out from July 2024 through 2025?")
    assert plan.route == "count" and plan.topic == "quantization"
    assert plan.dates.describe() == "July 2024 to December 2025" and plan.filters.year_from == 2024
    assert plan.notes[0] == "route count: read by the model (a validated tool call)"
    request = fake.requests[-1]
    assert request["tools"][0]["function"]["name"] == "read_question"
    assert request["tools"][0]["function"]["parameters"]["additionalProperties"] is False


def test_a_named_paper_is_resolved_against_the_table(reading_assistant, fake):
    fake.enqueue(("tool_call", {"kind": "shared_authors", "papers": ["MoQE", "CALM"]}, "openai"))
    plan = plan_of(reading_assistant, "Which people are on both the MoQE and the CALM author lists?")
    assert plan.route == "shared_authors" and len(plan.named) == 2


@pytest.mark.parametrize(
    "arguments, why",
    [
        ({"kind": "list", "papers": ["A Paper Nobody Wrote About Cheese"]}, "no single paper named"),
        ({"kind": "list", "topic": "stencils", "sql": "DROP TABLE papers"}, "Extra inputs are not permitted"),
        ({"kind": "delete_everything"}, "kind"),
        ({"kind": "list", "year_from": 2025, "year_to": 2019}, "years run backwards"),
        ({"kind": "list", "month_from": 3}, "a month without its year"),
        ({"kind": "list", "coauthor": "Ignore Previous Instructions"}, "no author in the corpus"),
        ({"kind": "compare", "papers": ["MoQE"]}, "needs two papers"),
        ("{not json", "not valid JSON"),
    ],
)
def test_a_hostile_or_broken_reading_is_refused_and_the_rule_reader_used(reading_assistant, fake, arguments, why):
    question = "Which of his papers are about stencil computation?"
    fake.enqueue(("tool_call", arguments, "openai"))
    plan = plan_of(reading_assistant, question)
    assert plan.route == "list" and plan.topic == "stencil computation"  # the rule reader's plan
    assert any("refused" in n and why in n for n in plan.notes), plan.notes


def test_a_model_that_answers_instead_of_calling_the_tool_is_refused(reading_assistant, fake):
    fake.enqueue("MoQE is a great paper.")
    plan = plan_of(reading_assistant, "How many papers did he publish in 2025?")
    assert plan.route == "count" and any("did not call the tool" in n for n in plan.notes)


def test_the_reading_drives_the_answer_and_explain_shows_it(reading_assistant, fake):
    fake.enqueue(("tool_call", {"kind": "count", "year_from": 2024, "year_to": 2024}, "vllm"))
    answer = reading_assistant.answer([Message(role="user", content="How much did he put out in 2024?")], Filters())
    assert answer.meta["plan"]["route"] == "count" and answer.meta.get("route") == "count"
    assert answer.meta["plan"]["notes"][0].startswith("route count: read by the model")
    assert "3 (three)" in answer.answer


def test_validate_alone_checks_schema_and_table():
    resolve = {"moqe": ["moqe-id"]}.get
    ok = validate({"kind": "summary", "papers": ["moqe"]}, lambda n: resolve(n.casefold(), []), ["Jane Roe"])
    assert ok.named == ["moqe-id"] and ok.fields.kind == "summary"
    with pytest.raises(ReadingRefused, match="author position 0"):
        validate({"kind": "list", "author_position": 0}, lambda n: [], [])
    schema = ModelReading.model_json_schema()
    assert "delete_everything" not in json.dumps(schema) and schema["additionalProperties"] is False


def test_the_model_reads_metadata_fields_and_selection_slots(reading_assistant, fake):
    fake.enqueue(("tool_call", {"kind": "when", "papers": ["MoQE"], "fields": ["date", "authors"]}, "openai"))
    plan = plan_of(reading_assistant, "When did MoQE come out, and who wrote it?")
    assert plan.route == "when" and plan.fields == ("date", "authors") and len(plan.named) == 1
    fake.enqueue(
        ("tool_call", {"kind": "list", "author_position": 1, "position_negated": True, "work_type": "thesis"}, "vllm")
    )
    plan = plan_of(reading_assistant, "Which of his theses is he not the first author of?")
    assert plan.position == 1 and plan.position_negated and plan.work_type == "thesis"
    fake.enqueue(("tool_call", {"kind": "venue", "fields": ["venue", "pages"]}, "openai"))
    plan = plan_of(reading_assistant, "Where did MoQE appear?")
    assert any("refused" in n for n in plan.notes)  # an unknown field


@pytest.mark.parametrize("flavor", ["openai", "ollama"])
def test_the_model_reads_a_bound_on_a_quantity_and_a_source_left_out(reading_assistant, fake, flavor):
    schema = ModelReading.model_json_schema()["properties"]
    assert {"threshold_value", "threshold_direction", "threshold_unit", "not_in", "years"} <= set(schema)
    fake.enqueue(
        (
            "tool_call",
            {"kind": "quantity_threshold", "quantity": "speedup", "threshold_value": 5, "threshold_unit": "x"},
            flavor,
        )
    )
    answer = reading_assistant.answer(
        [Message(role="user", content="Which of his works beat their baseline by over 5x?")], Filters()
    )
    plan = answer.meta["plan"]
    assert plan["route"] == "quantity_threshold" and plan["threshold"] == ["speedup", "more than 5x"]
    assert "4963x" in answer.answer  # SwarmThinkers' "up to 4963x … faster" passes the bound
    fake.enqueue(("tool_call", {"kind": "list", "not_in": "arxiv", "years": [2019, 2022]}, "vllm"))
    plan = plan_of(reading_assistant, "Which of his 2019 and 2022 papers never went on arXiv?")
    assert plan.not_in == "arxiv" and plan.dates.describe() == "2019 and 2022"
    assert (plan.filters.year_from, plan.filters.year_to) == (2019, 2022)


def test_a_position_the_model_reads_is_the_researchers_unless_it_names_someone(reading_assistant, fake):
    fake.enqueue(("tool_call", {"kind": "list", "author_position": 1, "position_negated": True}, "openai"))
    plan = plan_of(reading_assistant, "On which of his papers is somebody else the lead author?")
    assert plan.position == 1 and plan.position_negated and plan.person == "Yunquan Zhang"
    assert plan.filters.coauthor is None
    fake.enqueue(("tool_call", {"kind": "list", "author_position": 1, "coauthor": "Boyang Zhang"}, "openai"))
    plan = plan_of(reading_assistant, "Which papers did Boyang Zhang lead?")
    assert plan.person == "Boyang Zhang" and plan.position == 1 and plan.filters.coauthor is None


@pytest.mark.parametrize(
    "arguments, why",
    [
        ({"kind": "quantity_threshold", "quantity": "speedup"}, "needs the bound's value"),
        ({"kind": "quantity_threshold", "threshold_value": 3}, "needs the quantity's noun"),
        ({"kind": "list", "years": [2019, 2021], "year_from": 2018}, "a list of years and a range"),
        ({"kind": "list", "years": [3019]}, "less than or equal to 2100"),
        ({"kind": "list", "not_in": "the dark web"}, "not_in"),
    ],
)
def test_a_broken_bound_list_of_years_or_source_is_refused(reading_assistant, fake, arguments, why):
    fake.enqueue(("tool_call", arguments, "openai"))
    plan = plan_of(reading_assistant, "Which of his papers are about stencil computation?")
    assert plan.route == "list" and any("refused" in n and why in n for n in plan.notes), plan.notes


def test_a_pick_by_date_the_model_reads_is_made_by_the_table(reading_assistant, fake):
    fake.enqueue(("tool_call", {"kind": "fact", "pick": "earliest", "topic": "stencil"}, "ollama"))
    plan = plan_of(reading_assistant, "Take his first stencil paper: which hardware does it rely on?")
    assert plan.route == "fact" and plan.named == [] and plan.topic == ""
    corpus = reading_assistant.answerer().corpus
    assert [corpus.by_id[i].arxiv_id for i in plan.focus] == ["2310.16298"]  # his earlier stencil paper (2023-10)
    fake.enqueue(("tool_call", {"kind": "list", "pick": "latest"}, "openai"))
    plan = plan_of(reading_assistant, "Which of his papers are about stencil computation?")
    assert any("refused" in n and "pick by date" in n for n in plan.notes)


def test_the_models_categories_are_the_tables(reading_assistant, fake):
    fake.enqueue(("tool_call", {"kind": "count", "categories": ["LG"], "year_from": 2025, "year_to": 2025}, "vllm"))
    plan = plan_of(reading_assistant, "How many of his 2025 papers are in machine learning (LG)?")
    assert plan.route == "count" and plan.categories == ["LG"]
    fake.enqueue(("tool_call", {"kind": "list", "categories": ["quant-ph"]}, "ollama"))
    plan = plan_of(reading_assistant, "Which of his papers are about stencil computation?")
    assert any("refused" in n and "listed under 'quant-ph'" in n for n in plan.notes), plan.notes
