"""A topic said as an acronym's long form has the kinds the corpus names of the acronym ("LLMs, including LLaMA and
Qwen" for "large language models"), for the topic asked and the topic negated alike; a longer phrase that holds the
long form keeps only its own kinds."""

from __future__ import annotations


def _mine(assistant):
    answerer = assistant.answerer()
    return answerer.corpus.topics, [p for p in answerer.corpus.papers if p.is_author_work]


def _titled(papers, start):
    return next(p for p in papers if (p.title or "").startswith(start))


def test_the_long_form_has_the_acronyms_kinds(assistant):
    topics, mine = _mine(assistant)
    assert set(topics._kinds_of("LLMs", mine)) <= set(topics._kinds_of("large language models", mine))
    assert "llama" in topics._kinds_of("large language models", mine)
    assert topics._kinds_of("systems for training large language models", mine) == []


def test_a_paper_naming_only_a_kind_touches_the_negated_long_form(assistant):
    topics, mine = _mine(assistant)
    moqe = _titled(mine, "MoQE")  # "ResNet, LLaMA, and Qwen model families", never "language model"
    assert moqe.id in topics.papers_touching("large language models", mine)
    assert moqe.id in topics.papers_touching("LLMs", mine)
