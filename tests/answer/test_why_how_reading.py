"""Why and how questions read from their main clause (a lead-in before the wh-word hides it from no reader), "how" +
an auxiliary and "why" read as the method and the motivation asked, and the learned choice of the quoted sentence
(write/role_model.py) loaded from its weights file."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from assistant.answer.evidence import asked
from assistant.answer.plan import operation, phrases
from assistant.answer.plan.operation import operation_of
from assistant.answer.plan.phrases.main_clause import asks_how, asks_why, lead_in, main_clause
from assistant.answer.plan.phrases.negation import negated
from assistant.answer.write import role_model
from assistant.models import Filters, Message


@dataclass
class Vote:  # the two fields operation_of reads of the router's vote
    label: str
    sure: bool = False


@pytest.mark.parametrize(
    ("question", "lead", "main"),
    [
        ("According to him, why don't X reach Y?", "According to him", "why don't X reach Y?"),
        (
            "In the LLC framework, how is the search reformulated?",
            "In the LLC framework",
            "how is the search reformulated?",
        ),
        ("Looking at his 2025 papers: which ones use GPUs?", "Looking at his 2025 papers", "which ones use GPUs?"),
        ("Why did they do it?", "", "Why did they do it?"),
        ("Is X, which uses Y, fast?", "", "Is X, which uses Y, fast?"),
    ],
)
def test_the_main_clause_follows_a_short_lead_in(question, lead, main):
    assert lead_in(question) == (lead, main)
    assert main_clause(question) == main


def test_a_long_opening_clause_is_no_lead_in():
    q = (
        "He wrote a great many papers over the years on sparse kernels and solvers for many different machines and"
        " centres, which came first?"
    )
    assert main_clause(q) == q


@pytest.mark.parametrize(
    "question",
    [
        "According to him, why don't the usual BLAS libraries reach good performance on small matrices?",
        "In his view, how does X avoid the need for any calibration data?",
        "Per the CALM paper, why isn't a uniform strategy enough?",
    ],
)
def test_a_why_or_how_after_a_lead_in_negates_no_topic(question):
    assert negated(question) is None


def test_a_which_after_a_lead_in_still_negates():
    assert negated("Among his first-author papers, which ones don't use quantization at all?").topic == "quantization"


@pytest.mark.parametrize(
    "question",
    [
        "How did he speed up the finite element mini-app?",
        "how does the framework decide which layers share parameters",
        "In the LLC framework, how is the quantization search reformulated?",
        "So how were the sharing groups chosen?",
    ],
)
def test_how_and_an_auxiliary_asks_the_method(question, monkeypatch):
    assert asks_how(question)
    monkeypatch.setattr(operation, "STRUCTURAL_HOW", True)
    assert operation_of("fact", Vote("list"), question, [], [], "") == "how"
    monkeypatch.setattr(operation, "STRUCTURAL_HOW", False)  # switched off: the vote decides
    assert operation_of("fact", Vote("list"), question, [], [], "") == "fact"


@pytest.mark.parametrize(
    "question",
    [
        "How many papers did he write on GEMM?",
        "How much faster was the new kernel?",
        "How well does the classifier do on winter scenes?",
        "How does the MPS simulator compare with the state-vector one?",
        "How is X different from Y?",
    ],
)
def test_how_with_a_figure_or_a_comparison_asks_no_method(question):
    assert not asks_how(question)


@pytest.mark.parametrize(
    "question",
    [
        "Why did they feel a framework for lossless compression was needed?",
        "According to him, why don't BLAS libraries reach near-optimal performance?",
    ],
)
def test_why_asks_the_motivation_whatever_the_vote(question):
    assert asks_why(question)
    assert operation_of("list", Vote("list"), question, [], [], "lossless compression") == "why"
    assert "motivation" in asked.read(question).roles


def test_a_long_lead_in_still_leads_in():
    q = "For the paper arguing that dataset characteristics limit how well parallel training scales, which four?"
    assert main_clause(q) == "which four?"


def test_a_later_ask_after_a_lead_in_is_still_read():
    assert phrases.later_asks("In his work on X, what criterion decides the rank?") == (
        "what criterion decides the rank?",
    )


def test_the_weights_file_matches_the_features_and_says_where_it_came_from():
    data = json.loads(role_model.WEIGHTS.read_text())
    assert data["features"] == list(role_model.FEATURES) and len(role_model.FEATURES) <= 12
    assert set(data["models"]) == set(role_model.KINDS)
    for m in data["models"].values():
        assert len(m["weights"]) == len(m["mean"]) == len(m["scale"]) == len(role_model.FEATURES)
    prov = data["provenance"]
    assert prov["leave_one_writer_out"]["folds"] >= 10 and prov["script"].startswith("python -m bench.")
    assert set(role_model.models()) == set(role_model.KINDS)


def ask(assistant, question: str) -> str:
    return assistant.answer([Message(role="user", content=question)], Filters()).answer


def test_a_how_question_quotes_the_method_sentences(assistant):
    text = ask(assistant, "How does the graph coloring paper pick the sharing groups?")
    assert "Hessian" in text or "Taylor" in text, text


def test_a_why_after_a_lead_in_quotes_the_reason(assistant):
    text = ask(assistant, "In the IAAT paper, why can't the common BLAS libraries do small GEMM well?")
    assert "pack" in text.casefold(), text
