"""A turn that only changes the dates of the question before it ("What did he publish in 2021?" → "and the year
after that?", "what about 2023?", "how about the first half of 2024?") is that question asked again with its dates
swapped. The turn is restated as a whole question, read in the context the earlier one had: its operation, topic,
people and scope are the earlier question's, nothing of the earlier answer's papers becomes a topic or a focus.

Elliptical here means: once an opener of continuation ("and", "what about", …) and the dates are taken out, nothing
is left but filler (articles, prepositions, "please", "papers"). A turn with a word of its own ("and which of those
used GPUs?", "and in 2023, how many?") asks its own question and is not restated. Only a question that
itself asked dates is restated: after "Tell me about AIPerf", "and the year after that?" is counted from the paper
(counted_dates.py), not from a question's dates.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import replace

from assistant.answer.plan import counted_dates, phrases
from assistant.models import Message

_PREPOSITION_END = re.compile(r"\s*\b(?:in|from|during|of|since|after|before|between|on|until|through)$", re.I)
_MONTH_NAMES = list(calendar.month_name)[1:]
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
# What may stand beside the dates in such a turn: no word that asks anything ("how many", "which", "used").
_FILLER = frozenset(
    "in for from during of on the a then that this those these please papers paper ones one work works his her "
    "he she their them".split()
)


def _only_dates(question: str, span: phrases.DateSpan) -> bool:
    """Once the opener and the dates are taken out, only filler is left."""
    rest = question
    for a, b in sorted(span.said, reverse=True):
        rest = rest[:a] + " " + rest[b:]
    opener = phrases.GOES_ON.match(rest)
    rest = rest[opener.end() :] if opener else rest
    return all(w.casefold() in _FILLER for w in _WORD.findall(rest))


def _worded(span: phrases.DateSpan) -> str:
    """The span as a question says it, with its preposition: "in 2022", "from March 2024 to June 2024"; a list of
    dates as the span says itself (`DateSpan.describe`: "in 2019 and 2023", never the years between)."""
    if span.pieces and all(a and b for a, b in span.pieces):
        return f"in {span.describe()}"

    def said(m: phrases.Month, whole: bool) -> str:
        return str(m.year) if whole else f"{_MONTH_NAMES[m.month - 1]} {m.year}"

    a, b = span.start, span.end
    if a and b:
        whole = (a.month, b.month) == (1, 12)
        if a == b or (whole and a.year == b.year):
            return f"in {said(a, whole)}"
        return f"from {said(a, whole)} to {said(b, whole)}"
    if a:
        return f"since {said(a, a.month == 1)}"
    return f"up to {said(b, b.month == 12)}"


def _swapped(earlier: str, earlier_span: phrases.DateSpan, span: phrases.DateSpan) -> str:
    """The earlier question with its date phrase replaced by the span's ("in 2022", "from March 2024 to May 2024")."""
    first, *others = sorted(earlier_span.said)
    out = earlier
    for a, b in reversed(others):
        out = out[:a] + out[b:]
    a, b = first
    before = _PREPOSITION_END.sub("", out[:a].rstrip())
    return re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s{2,}", " ", f"{before} {_worded(span)} {out[b:].lstrip()}")).strip()


def restated(question: str, history: list[Message]) -> tuple[str, list[Message]] | None:
    """(the earlier question with the turn's dates in place of its own, the conversation that question was asked
    in) when the turn only changes the dates of the question before it; None otherwise."""
    span = phrases.dates(question)
    if span is None or not span.said or not _only_dates(question, span):
        return None
    turns = [i for i, m in enumerate(history) if m.role == "user"]
    if not turns:
        return None
    earlier, context = history[turns[-1]].content.strip(), history[: turns[-1]]
    if again := restated(earlier, context):  # "what about 2022?" then "and 2023?": the question both go back to
        earlier, context = again
    earlier_span = phrases.dates(earlier)
    if earlier_span is None or earlier_span.relative is not None or not earlier_span.said:
        return None
    if span.relative is not None:
        # Counted from the earlier question's dates ("the year after that": the year after the one it asked).
        span, _ = counted_dates.resolved(span, [Message(role="user", content=earlier)], None)
        if span is None:
            return None
    if span.start is None and span.end is None:
        return None
    return _swapped(earlier, earlier_span, span), context


def read_as(plan, restated_question: str):
    """The plan of the restated question, with a note for --explain saying how the turn was read."""
    return replace(
        plan, notes=[*plan.notes, f"read as the question before with its dates swapped: {restated_question}"]
    )
