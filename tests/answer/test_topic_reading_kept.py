"""A topic decision's sentences of a subset of the papers it read last are read from them, and are the same rows."""

from __future__ import annotations

import numpy as np

from assistant.answer.evidence.topic_reading import TopicReading


class Unread:
    """An index that must not be read."""

    def matrix(self, *args, **kwargs):
        raise AssertionError("read the index again")

    texts = matrix


def fresh_reading(topics) -> TopicReading:
    """A reading over the same store as the answerer's matcher, with nothing kept yet."""
    return TopicReading(
        topics.embeddings, topics.picker, topics.lexical, topics.vectors, topics.index, topics.positions, topics.terms
    )


def test_a_subset_of_the_kept_papers_gets_the_rows_a_fresh_read_gives(assistant):
    topics = assistant.answerer().corpus.topics
    papers = [p for p in assistant.table().papers if p.id in topics.positions][:40]
    subset = [papers[i] for i in (31, 2, 17, 5, 38)]  # out of order: a subset keeps its own order

    kept = fresh_reading(topics)
    kept._sentences(papers)
    from_kept = kept._sentences(subset)
    read = fresh_reading(topics)._sentences(subset)

    assert [(p.id, s) for p, s in from_kept[0]] == [(p.id, s) for p, s in read[0]]
    assert np.array_equal(from_kept[1], read[1])
    assert [(p.id, a, b) for p, a, b in from_kept[2]] == [(p.id, a, b) for p, a, b in read[2]]
    assert all(any(p is q for q in subset) for p, _ in from_kept[0])  # the papers asked for, not the kept ones
    # the larger set stays kept, and a subset is read from it, not from the index
    kept.index = Unread()
    again = kept._sentences(subset[:2])
    assert [s for _, s in again[0]] == [s for p, s in read[0] if p.id in {subset[0].id, subset[1].id}]


def test_a_paper_outside_the_kept_set_is_read_from_the_index(assistant):
    topics = assistant.answerer().corpus.topics
    papers = [p for p in assistant.table().papers if p.id in topics.positions]
    reading = fresh_reading(topics)
    reading._sentences(papers[:10])
    mixed = [papers[3], papers[12]]  # the second is not kept

    made = reading._sentences(mixed)

    assert {p.id for p, _ in made[0]} <= {papers[3].id, papers[12].id}
    assert np.array_equal(made[1], fresh_reading(topics)._sentences(mixed)[1])
