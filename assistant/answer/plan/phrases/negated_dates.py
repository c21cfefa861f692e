"""A date a negation governs ("not from 2023", "did not come out before 2022", "were not published in 2022 or 2023"):
the months outside it. The negation of a topic said before a date ("not about sea ice in 2021") is the topic's."""

from __future__ import annotations

from assistant.answer.plan.phrases.governs import plainly_negated
from assistant.answer.plan.phrases.negation import negated
from assistant.answer.plan.phrases.spans import DateSpan


def read_negated(question: str, span: DateSpan | None) -> DateSpan | None:
    """The span as the question means it: its outside when a plain negation governs the words that say it and no
    negated topic holds that negation; else the span itself."""
    if span is None or not span.said:
        return span
    said = plainly_negated(question, span.said[0][0])
    if said is None:
        return span
    topic = negated(question)
    if topic is not None and topic.span[0] <= said[0] < topic.span[1]:
        return span
    return span.outside() or span
