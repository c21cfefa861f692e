"""A question asking where a work was evaluated quotes first the sentence that states the evaluation: its verb is a word
of the question's structure, so no term of the question holds it, and the asked role alone (a result) ties it with
any other result sentence."""

from __future__ import annotations

from assistant.answer.evidence import asked
from assistant.models import Message


def test_the_evaluation_asked_and_stated_are_read():
    assert asked.read("What was it evaluated on?").evaluation
    assert asked.read("On which benchmarks was it tested?").evaluation
    assert not asked.read("Why did they build it?").evaluation
    assert asked.states_evaluation("Evaluation on a simulator shows that our design achieves a substantial speedup.")
    assert asked.states_evaluation("Experimental evaluations on ResNet, LLaMA, and Qwen model families …")
    assert not asked.states_evaluation("The latter one is lighter since the inputs are vectors.")


def test_what_a_described_paper_was_evaluated_on_opens_with_its_evaluation_sentence(assistant):
    answer = assistant.answer([Message(role="user", content="What was the outer-product stencil paper evaluated on?")])
    first = answer.answer.split("[1]")[0]
    assert "2310.16298" in first and "Evaluation on a simulator" in first
