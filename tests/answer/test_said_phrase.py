"""A topic read again from fewer of its words keeps a phrase's head that the corpus says with the word before it
(plan/said_phrase.py, TopicReader._cuts_a_phrase): "graph neural networks" is not read as "graph neural", which papers
on neural-network quantization hold, while a head after a name ("A100 GPUs") and a frame word beside the subject
still drop."""

from __future__ import annotations

import pytest

from assistant.answer.plan.said_phrase import said_together
from assistant.answer.plan.topic import TopicReader
from assistant.models import Filters, Message


def test_two_words_are_said_together_only_where_a_paper_writes_them_side_by_side(assistant):
    corpus = assistant.answerer().corpus
    assert said_together(corpus, "neural", "network")  # "neural networks", in a plural form
    assert said_together(corpus, "graph", "neural")  # another group's "Graph Neural Networks (GNNs)"
    assert not said_together(corpus, "neural", "graph")  # the order counts
    assert not said_together(corpus, "stencil", "nutshell")  # a word no paper says beside the other


def test_a_reading_that_drops_a_said_head_cuts_the_phrase(assistant):
    corpus = assistant.answerer().corpus
    reader, pool = TopicReader(corpus), [p for p in corpus.by_id.values() if p.is_author_work]
    assert reader._cuts_a_phrase("graph neural networks", "graph neural", pool)
    assert not reader._cuts_a_phrase("NVIDIA A100 GPUs", "NVIDIA A100", pool)  # a head after a name says what of it
    assert not reader._cuts_a_phrase("stencil nutshell", "stencil", pool)  # never said together: frame
    assert not reader._cuts_a_phrase("graph neural networks", "graph neural networks", pool)
    # the reading's papers say it whole: "Can a scientific system …" of SwarmThinkers
    assert not reader._cuts_a_phrase("scientific computing", "scientific", pool)


@pytest.mark.parametrize(
    "question",
    ["Which of his papers are about graph neural networks?", "Has he written any paper about graph neural networks?"],
)
def test_a_subject_he_lacks_is_not_answered_with_papers_holding_part_of_it(assistant, question):
    answer = assistant.answerer().answer([Message(role="user", content=question)], Filters())
    by_id = assistant.answerer().corpus.by_id
    assert not [c for c in answer.citations if by_id[c.paper_id].is_author_work], answer.answer
    assert "none of yunquan zhang's papers" in answer.answer.casefold(), answer.answer
