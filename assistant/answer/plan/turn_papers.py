"""The papers a turn names, points back to or sets aside, and the dates it asks for, read before its route: a span
said or counted from the conversation, and a paper a relative date places ("the one he put out a year after that") in
place of the one it was counted from (mixed into the Planner, which gives the slot and paper readers)."""

from __future__ import annotations

from typing import NamedTuple

from assistant.answer.plan import phrases
from assistant.models import Message


class TurnPapers(NamedTuple):
    """What a turn's papers and dates are: the papers named, focused (named or pointed back to) and set aside, the
    query papers are looked for with, the literal phrase (dropped when it quotes a paper's short title), the date span
    and whether it was counted from a paper pointed back to, whether it was counted from the conversation, and whether
    the paper pointed to only dates another."""

    named: list[str]
    focus: list[str]
    aside: list[str]
    query: str
    literal: str | None
    span: phrases.DateSpan | None
    anchored: bool
    relative: bool
    another: bool


class TurnPapersRead:
    """Mixed into the Planner (which gives the paper readers, `_dates`, `_dates_lead`, `placed` and
    `_describes_another`)."""

    def turn_papers(self, question: str, corrected: str, history: list[Message], literal: str | None) -> TurnPapers:
        named = self.named_in(corrected, described=False) or self.of_work_type(question) or self.most_cited(question)
        named = self.with_described(corrected, named, history)  # "the Dataset Matters paper": described
        named = named if history else self.anchor_said_first(corrected, named)  # "her X; three years later …"
        if literal and not named and literal == phrases.quoted(question):
            # "the 'Dataset Matters' paper": a quoted short title names a paper, not a phrase to look for
            if named := self.with_described(phrases.unquoted(corrected), [], history):
                literal = None
        # "For the one that isn't MoQE, …": a paper named to be set aside is left out, not asked about.
        aside = self.resolver.set_aside(question, named)
        named = [i for i in named if i not in aside]
        query, focus = self.followed(corrected, history) if not named else (corrected, named)
        focus = [i for i in focus if i not in aside]
        span, anchored = self._dates(question, history, focus)
        said_span = phrases.dates(question)
        relative = said_span is not None and said_span.relative is not None  # counted from the conversation
        lead = self._dates_lead(history, focus) if relative and span and not named else None
        if relative and span and (inside := self.placed(question, span, named, focus, anchored, lead)):
            named, focus, query, aside = inside, inside, corrected, [*aside, *named]  # the anchor only dates it
        another = bool(relative and span and focus and not named and self._describes_another(question, focus))
        if another:  # "the benchmark paper he put out a year after that one": the paper pointed to only dates it
            query, focus = corrected, []
        return TurnPapers(named, focus, aside, query, literal, span, anchored, relative, another)
