"""A paper that names a kind of the topic the corpus states ("LLaMA" for "LLMs") is on the topic however far its
closest sentence is from the topic's words: a mention of a named instance, as a negated topic already reads it
(TopicMatcher.papers_touching). A kind that is a sense of a common word ("domain decomposition" for "compression")
still needs its closest sentence near the topic."""

from __future__ import annotations

from assistant.answer.evidence.topic_terms import said_as_name
from assistant.models import Filters, Message
from tests.conftest import topic_scope

MOQE = "MoQE: Improve Quantization Model performance via Mixture of Quantization Experts"


def test_a_kind_written_with_capitals_inside_a_word_is_a_name():
    assert said_as_name("llama", "Experimental evaluations on ResNet, LLaMA, and Qwen model families")
    assert said_as_name("resnet", "We prune ResNet on ImageNet")
    assert not said_as_name("llama", "a llama grazes")  # the same letters in lower case name no model
    assert not said_as_name("decomposition", "domain decomposition splits the mesh")
    assert not said_as_name("llama", "We evaluate on LLaMA-2")  # another model's name, not the kind as written


def test_a_paper_naming_a_kind_of_the_topic_is_on_it_and_touches_it(assistant):
    m, _, scope = topic_scope(assistant, "list his LLM papers")
    on = {sp.paper.title: sp for sp in m.papers_on("LLMs", scope)}
    assert MOQE in on and on[MOQE].rule == "kind"
    # the positive topic and the negated one agree on it
    moqe = next(p for p in scope if p.title == MOQE)
    assert moqe.id in m.papers_touching("LLMs", scope)


def test_an_llm_list_under_a_condition_lists_the_paper_naming_llama(assistant):
    answer = assistant.answer(
        [Message(role="user", content="Which of his LLM papers are not about training?")], Filters()
    )
    assert MOQE in {c.title for c in answer.citations}
