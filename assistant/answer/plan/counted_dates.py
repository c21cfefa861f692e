"""Dates said relative to the conversation, made absolute: "the following year", "four years after that one", "the
same month two years later", "three months after that". Counted from the date the previous question asked when it
asked one year (or one month), else from the paper the previous answer led with (or the question points back to):
its year, or its month when the span is counted in months and the paper is dated to the month."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases
from assistant.models import Message, Paper


def month_of(paper: Paper) -> phrases.Month | None:
    """The month a paper is dated to, when its date says one."""
    if paper.date and paper.date_precision in ("day", "month") and re.match(r"\d{4}-\d{2}", paper.date):
        return phrases.Month(int(paper.date[:4]), int(paper.date[5:7]))
    return None


def resolved(
    span: phrases.DateSpan, history: list[Message], lead: Paper | None
) -> tuple[phrases.DateSpan | None, bool]:
    """The absolute span of a relative one, and whether it was counted from the paper `lead` (the one pointed back
    to); (None, False) when the conversation gives nothing to count from."""
    offset, length = span.relative
    months = span.relative_unit == "month"

    def counted(anchor: int) -> phrases.DateSpan:
        year = anchor + (offset // 12 if months else offset)
        return phrases.DateSpan(phrases.Month(year, 1), phrases.Month(year + length - 1, 12), span.said)

    def counted_months(anchor: phrases.Month) -> phrases.DateSpan:
        return phrases.DateSpan(anchor.shift(offset), anchor.shift(offset + length - 1), span.said)

    before = next((phrases.dates(m.content) for m in reversed(history) if m.role == "user"), None)
    if before and before.start and before.end and before.start.year == before.end.year:
        if months and before.start == before.end:  # "in March 2021" then "three months later"
            return counted_months(before.start), False
        if not months or (before.start.month, before.end.month) != (1, 12):
            return counted(before.start.year), False
    # The paper the previous answer led with, whether or not the question points back with a word ("the following
    # year" after "Tell me about his AIPerf paper"); counted in months from its month when it has one.
    if lead and lead.year:
        if months and (month := month_of(lead)):
            return counted_months(month), True
        return counted(lead.year), True
    return None, False
