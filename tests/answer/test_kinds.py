"""The registry of question kinds: every router label and every route the planner makes is one record, every
record's writer exists, and `--explain` (the answer's `meta.plan`) shows the route the answer was written by."""

from __future__ import annotations

import pytest

from assistant.answer.plan import kinds
from assistant.answer.plan.router import load_examples
from assistant.errors import AssistantError
from assistant.models import Filters, Message


def test_every_example_label_is_a_kind():
    labels = {label for label, _ in load_examples()}
    assert labels <= {k.label for k in kinds.KINDS.values()}, labels - {k.label for k in kinds.KINDS.values()}


def test_an_unknown_kind_is_an_error_that_lists_the_known_ones():
    with pytest.raises(AssistantError, match="known kinds: across, aggregate, arxiv"):
        kinds.get("horoscope")


def test_every_kind_has_its_writer(assistant):
    writers = assistant.answerer().writers
    assert {k.writer for k in kinds.KINDS.values()} <= set(writers)


# Refusals and degraded answers say so in their own route instead of the kind's.
_DEGRADED = {"none", "no_abstract", "filtered_out"}


@pytest.mark.parametrize(
    "question",
    [
        "What speedup does SparStencil report?",
        "Which of his papers are about stencil computation?",
        "How many papers did he publish in 2025?",
        "Which GPUs did he use?",
        "What is his earliest paper?",
        "Who wrote MoQE?",
        "When was DynaTrain published?",
        "Compare the static and dynamic HONPAS papers.",
        "Summarize MoQE.",
        "How many of his papers have code?",
        "Who are his most frequent co-authors?",
        "hi",
        "What is his h-index?",
        "What is he best known for?",
        "Which of his papers are not about LLMs?",
        "What did he publish in late 2022?",
    ],
)
def test_explain_shows_the_route_the_answer_was_written_by(assistant, question):
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    planned = answer.meta["plan"]["route"]
    assert planned in kinds.KINDS
    written = answer.meta.get("route")
    assert written == planned or written in _DEGRADED, (question, planned, written)
