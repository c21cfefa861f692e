"""Negated topics: the negation's frame ("in their abstracts", "any") is no topic word, a name in it is ruled out by
any mention, "post-X" is no X, and a topic hyphenated or slashed as a modifier of "papers" is read as its words."""

from __future__ import annotations

from assistant.answer.plan.phrases import negated
from assistant.answer.plan.topic_scope import as_alternatives
from assistant.models import Filters, Message


def ask(assistant, question):
    return assistant.answer([Message(role="user", content=question)], Filters())


def titles(answer):
    return {c.title or c.arxiv_id for c in answer.citations}


def test_where_the_negated_words_are_looked_for_is_no_topic():
    assert negated("Which ones never name a ResNet in the abstract?").topic == "ResNet"
    assert negated("papers that do not mention any GPU in their titles or abstracts").topic == "GPU"
    # no place named after the words: only the quantifier goes
    assert negated("which are not about the abstract?").topic == "abstract"


def test_a_tight_slash_before_papers_divides_the_topic():
    assert "pruning or quantization papers" in as_alternatives("his pruning/quantization papers")
    assert as_alternatives("AI/deep-learning systems") == "AI/deep-learning systems"


def test_a_hyphenated_modifier_topic_reads_as_its_words(assistant):
    # "model-compression" is written apart in the papers: the parameter-sharing paper is on it, the lossless
    # framework (it applies quantization) is left out by the negation
    found = titles(ask(assistant, "List his model-compression works that have nothing to do with quantization."))
    assert any(t.startswith("Rethinking Parameter Sharing") for t in found)
    assert any(t.startswith("Lossless Model Compression") for t in found)
    assert not any(t.startswith("Compression for Better") for t in found)


def test_post_training_is_no_training(assistant):
    found = titles(ask(assistant, "I'd like the LLM papers of his that are not about training."))
    assert any(t.startswith("CALM") for t in found)
    assert not any(t.startswith("DynaTrain") for t in found)


def test_a_name_in_the_negated_words_rules_out_any_mention(assistant):
    found = titles(
        ask(assistant, "Of his quantization work, which papers never mention ResNet models in the abstract?")
    )
    assert any(t.startswith("CALM") for t in found)
    assert not any(t.startswith("FP=xINT") or t.startswith("MoQE") for t in found)
