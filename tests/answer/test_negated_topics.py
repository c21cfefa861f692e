"""Negated topics: the negation's frame ("in their abstracts", "any") is no topic word, a bracket after it a gloss or
examples, a name in it is ruled out by any mention, "post-X" is no X, and a topic hyphenated or slashed as a modifier
of "papers" is read as its words."""

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


def test_a_bracket_after_the_negated_words_is_a_gloss_or_examples():
    # a gloss restates the question: not part of the topic, nor left for the topic ("glacier ice instead")
    n = negated("Which of her Sentinel-1 papers are NOT about sea ice (i.e. about glacier ice instead)?")
    assert n.topic == "sea ice" and n.span[1] == len(
        "Which of her Sentinel-1 papers are NOT about sea ice (i.e. about glacier ice instead)"
    )
    # a list in the bracket gives examples of the negated words; where they are said after it is the frame
    q = "Which of his compression papers never name a specific model (ResNet, LLaMA, Qwen...) in their results?"
    n = negated(q)
    assert n.topic == "specific model like ResNet or LLaMA or Qwen"
    assert q[n.span[1] :] == "?"
    # "instead" says what the answer is, not an example of what it is not
    assert negated("Which of her SAR papers are not about sea ice (e.g. glaciers instead)?").topic == "sea ice"


def test_code_before_a_hyphen_asks_no_code(assistant):
    a = ask(assistant, "Which of his code-optimization papers do not target tensor cores?")
    assert a.meta["plan"]["route"] == "list"
    a = ask(assistant, "Which of his papers have code on GitHub?")
    assert a.meta["plan"]["route"] == "code"


def test_a_sub_topic_negated_inside_the_topic_leaves_the_topics_other_papers(assistant):
    # "training LLMs" inside "LLM papers": the word "LLMs" marks every paper listed, "training" rules out
    found = titles(ask(assistant, "Which of his LLM papers are not about training LLMs?"))
    assert any(t.startswith("CALM") for t in found) and any(t.startswith("MoQE") for t in found)
    assert not any(t.startswith(("DynaTrain", "MoE-DisCo", "Exploiting Block")) for t in found)
