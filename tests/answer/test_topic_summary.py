"""A topic summary: one contribution line per paper, the count in its header the papers it lists."""

from __future__ import annotations

from assistant.models import Filters, Message


def test_a_paper_without_an_abstract_is_listed_by_its_title(tanaka):
    # Her tutorial review has no abstract in the corpus: it is still the paper the summary counts and cites (before,
    # the header said "(0 papers)" over an empty list).
    answer = tanaka.answer([Message(role="user", content="Summarize her work on deep learning tutorials.")], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert "(1 paper)" in answer.answer
    assert [c.title for c in answer.citations] == ["Deep Learning for Sea Ice: A Tutorial Review"]
