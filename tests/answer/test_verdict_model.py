"""The learned yes / not-yes gate on a rule verdict (write/verdict_model.py): it weighs only the rule categories the
fit found unreliable, leaves figures and rival terms to the rules, and turns a paraphrased claim the paper states
into a "Yes" while a claim the paper does not make stays unsaid."""

from __future__ import annotations

import json

import numpy as np
import pytest

from assistant.answer.write import verdict_model
from assistant.answer.write.premises import NO, UNSAID, YES, Verdict
from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message


def ask(assistant, question: str) -> str:
    return assistant.answer([Message(role="user", content=question)], Filters()).answer


def _model(bias: float, modelled: set[str]) -> verdict_model.Model:
    n = len(verdict_model.FEATURES)
    return verdict_model.Model(frozenset(modelled), np.zeros(n), np.ones(n), np.zeros(n), bias, 0.5)


def _gate(monkeypatch, model, v: Verdict) -> Verdict:
    monkeypatch.setattr(verdict_model, "model", lambda: model)
    monkeypatch.setattr(verdict_model, "features", lambda *a: np.zeros(len(verdict_model.FEATURES)))
    return verdict_model.gate("q", None, ["s"], v, None)


def test_the_weights_file_matches_the_features_and_says_where_it_came_from():
    data = json.loads(verdict_model.WEIGHTS.read_text())
    assert data["features"] == list(verdict_model.FEATURES)
    assert len(data["weights"]) == len(data["mean"]) == len(data["scale"]) == len(verdict_model.FEATURES)
    prov = data["provenance"]
    assert prov["leave_one_writer_out"] and prov["sets"] and prov["script"].startswith("python -m bench.")
    # the figure and rival rules were right often enough to keep their verdicts
    assert not any("stated otherwise" in c or "the paper says" in c for c in data["modelled"])


def test_the_category_drops_the_particulars():
    assert verdict_model.category(Verdict(UNSAID, "", "not in the paper: FLOPS")) == f"{UNSAID}: not in the paper"
    assert verdict_model.category(Verdict(NO, "", "the paper says 'x' where the claim says 'y'")) == (
        f"{NO}: the paper says"
    )


def test_a_category_the_model_does_not_weigh_keeps_its_verdict(monkeypatch):
    v = Verdict(NO, "s", "stated otherwise: 93% (stated as 83%)")
    assert _gate(monkeypatch, _model(5.0, {f"{UNSAID}: not stated"}), v) is v


def test_a_weighed_category_turns_to_yes_and_away_from_it(monkeypatch):
    unsaid = Verdict(UNSAID, "s", "not stated")
    turned = _gate(monkeypatch, _model(5.0, {f"{UNSAID}: not stated"}), unsaid)
    assert turned.word == YES and turned.sentence == "s" and "not stated" in turned.why
    yes = Verdict(YES, "s", "the best sentence states it")
    assert _gate(monkeypatch, _model(-5.0, {f"{YES}: the best sentence states it"}), yes).word == UNSAID
    assert _gate(monkeypatch, _model(-5.0, {f"{UNSAID}: not stated"}), unsaid) is unsaid


def test_without_weights_the_rules_decide(monkeypatch):
    v = Verdict(UNSAID, "s", "not stated")
    assert _gate(monkeypatch, None, v) is v


@pytest.mark.parametrize(
    "question",
    [
        "Does AIPerf use operations per second as its main figure of merit for AI performance?",
        "Does RACE support reassociating expressions to expose more redundancy?",
    ],
)
def test_a_claim_in_other_words_than_the_papers_is_a_yes(assistant, question):
    text = ask(assistant, question)
    assert verdict(text)[0] == "yes", text


@pytest.mark.parametrize(
    "question",
    [
        "AIPerf uses FLOPS as its main metric for AI performance, correct?",
        "CALM picks a bit-width per layer from Hessian sensitivity, correct?",
    ],
)
def test_a_claim_the_paper_does_not_make_stays_unsaid(assistant, question):
    text = ask(assistant, question)
    assert verdict(text)[0] == "no", text


def test_a_term_the_claim_itself_denies_is_no_foil():
    from assistant.answer.evidence.claim_terms import denied
    from assistant.answer.write.premises import asks_negated

    assert denied("Does it need no calibration data?", "calibration")
    assert denied("are the submodels trained with zero communication between devices?", "communication")
    assert not denied("Do the submodels have to communicate across devices?", "communicate")
    assert not denied("Is it a zero-shot classifier?", "classifier")
    # the negator denies the head of the noun phrase it opens, past the phrase's modifiers
    assert denied("Can it approximate the model without needing a calibration set?", "set")
    assert denied("Did it train with no labelled ice chart data?", "data")
    assert not denied("Without labels, did the network set a record?", "record")
    assert asks_negated("trained with zero communication?") and not asks_negated("a zero-shot model?")
