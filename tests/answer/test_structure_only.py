"""Questions made only of structure (dates, scope, greetings, "known for", metrics) are read as filters over the
table or as questions about the corpus: never "none of his papers is about '<a word that is not a topic>'"."""

from __future__ import annotations

import re

import pytest

from assistant.answer.plan import kinds
from assistant.answer.plan.phrases import STRUCTURE
from assistant.models import Filters, Message

STRUCTURE_ONLY = [
    "hi",
    "Hello there!",
    "thanks!",
    "hey, what can you do?",
    "Which papers did he put out in March 2025?",
    "What did he publish in the first half of 2024?",
    "Anything from late 2022?",
    "What came out in Q2 2025?",
    "List everything he wrote between May 2024 and February 2025.",
    "What has he published since 2025?",
    "Which of his papers are from 2020 or earlier?",
    "What is he best known for?",
    "What is Yunquan Zhang best known for?",
    "What are his key contributions?",
    "What are his main contributions?",
    "What is his h-index?",
    "How many citations does he have?",
    "Which papers did he write in the two years after 2020?",
    "Give me a list of his papers.",
    "Which of his papers came out in the second half of 2025?",
    "Name his papers from early 2026.",
    "What else has he published?",
    "Which of his papers appeared after June 2025?",
    "What did he release before 2021?",
    "How many papers did he publish in late 2024?",
    "Which of his works date from 2022?",
    "What did he publish in the three years before 2024?",
    "Which of his papers were put out in the spring of 2025?",
    "Show me what he wrote in mid 2025.",
    "How many of his papers came out in the last quarter of 2024?",
]
# A refusal that names a topic: "none of … is about “…”".
_NONE_ABOUT = re.compile(r"(?i)\bnone of\b[^\n]*?\babout “([^”]*)”")


def ask(assistant, question):
    return assistant.answer([Message(role="user", content=question)], Filters())


def test_there_are_thirty_structure_only_questions():
    assert len(set(STRUCTURE_ONLY)) == 30


@pytest.mark.parametrize("question", STRUCTURE_ONLY)
def test_a_question_of_structure_only_is_never_refused_on_a_non_topic(assistant, question):
    answer = ask(assistant, question)
    m = _NONE_ABOUT.search(answer.answer)
    assert m is None, (question, answer.answer[:300])
    plan = answer.meta["plan"]
    words = {w.casefold() for w in re.findall(r"[\w-]+", plan["topic"] or "")}
    assert not words & STRUCTURE, (question, plan["topic"])
    assert plan["route"] in kinds.KINDS


def test_months_filter_the_table_and_coarse_dates_are_said_to_be_unknown(assistant):
    answer = ask(assistant, "What did he publish in late 2022?")
    plan = answer.meta["plan"]
    assert plan["route"] == "list" and plan["dates"] == "September 2022 to December 2022"
    # His 2022 papers are dated only by year: not listed as matching, and said to be unknown.
    assert "date only by year" in answer.answer and "unknown" in answer.answer


def test_a_negated_topic_lists_the_scoped_papers_minus_those_on_it(assistant):
    everything = ask(assistant, "List his papers from 2025.")
    not_llm = ask(assistant, "Which of his papers from 2025 are not about LLMs?")
    on_llm = ask(assistant, "Which of his papers from 2025 are about LLMs?")
    ids = lambda a: {c.paper_id for c in a.citations}  # noqa: E731
    assert not_llm.meta["plan"]["negated_topic"] == "LLMs"
    assert ids(on_llm) and ids(not_llm) and not ids(on_llm) & ids(not_llm)
    assert ids(not_llm) | ids(on_llm) == ids(everything)


def test_greeting_and_metrics_answer_without_a_topic(assistant):
    hello = ask(assistant, "hello")
    assert hello.meta["plan"]["route"] == "greeting" and "You can ask" in hello.answer
    metrics = ask(assistant, "What is his h-index?")
    assert metrics.meta["plan"]["route"] == "metrics"
    # From the profile page, with its file and line; never a per-paper figure the sources lack.
    assert "h-index 4 (stated on 000_" in metrics.answer and "citations 99" in metrics.answer
    assert "no per-paper citation counts" in ask(assistant, "Which of his papers is the most cited?").answer
    known = ask(assistant, "What is he best known for?")
    assert known.meta["plan"]["route"] == "overview" and "research themes" in known.answer
