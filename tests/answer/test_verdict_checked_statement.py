"""A statement asked back after a lead-in that announces a check ("Quick check: X ran on 64 GPUs?") is a yes/no
question whose verdict opens the answer; a lead-in before a request for papers or a wh-question is not."""

from __future__ import annotations

import pytest

from assistant.answer.evidence.claim_terms import foils
from assistant.answer.plan.phrases import claim_of, polar
from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message


def ask(assistant, question: str) -> str:
    return assistant.answer([Message(role="user", content=question)], Filters()).answer


@pytest.mark.parametrize(
    "question",
    [
        "Quick check: the scaling runs were done on an A100 cluster with 64 GPUs?",
        "Sanity-checking a citation - the classifier runs on an FPGA?",
        "To confirm: the emulator reaches 300 times the speed of the model?",
    ],
)
def test_a_statement_after_a_check_lead_in_is_a_yes_no_question(question):
    assert polar(question)
    assert not claim_of(question).lower().startswith(("quick", "sanity", "to confirm"))


@pytest.mark.parametrize(
    "question",
    [
        "Quick check: what did he publish in 2020?",
        "Quick check: his papers on sea ice?",
        "Can you check: which paper uses FPGAs?",
        "Quick check: the venue of the drift paper?",
    ],
)
def test_a_check_lead_in_before_a_request_is_no_claim(question):
    assert not polar(question)


def test_a_figure_below_a_baseline_sets_the_baseline_against_the_work():
    text = "an error about 30% below persistence"
    assert [text[a:b].strip() for a, b in foils(text)] == ["persistence"]


def test_a_checked_statement_opens_with_its_verdict(assistant):
    text = ask(assistant, "Quick check: the cuNNQS-SCI scaling experiments were done on an A100 cluster with 64 GPUs?")
    assert verdict(text) == ("yes", True), text


def test_a_checked_figure_against_a_baseline_is_a_yes(tanaka):
    question = "Quick check: the graph-network drift forecast has a median position error about 30% below persistence?"
    text = tanaka.answer([Message(role="user", content=question)], Filters()).answer
    assert verdict(text) == ("yes", True), text
