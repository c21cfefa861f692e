"""A long list in pages: the plan's page of it (LIST_PAGE papers, each cited), then how many more there are and how
to get them ("And 41 more: ask for the rest, or narrow the question."). Never one answer citing every paper of a
department; "more" (plan/paging.py) asks for the next page."""

from __future__ import annotations

from dataclasses import dataclass

from assistant import blocks as blocks_
from assistant.answer.plan.phrases import OFFERED, REST_OFFERED
from assistant.answer.plan.plan import LIST_PAGE
from assistant.answer.write.format import plural
from assistant.models import Answer, Paragraph


@dataclass(frozen=True)
class Page:
    items: list
    start: int  # index of the first item shown
    total: int

    @property
    def rest(self) -> int:
        return self.total - self.start - len(self.items)

    def span(self) -> str:
        """ ", 31–60" after a heading on a later page ('' on the first)."""
        return f", {self.start + 1}–{self.start + len(self.items)}" if self.start and self.items else ""

    def closing(self) -> list[str]:
        """The line after the list: the rest offered, the end said on a later page, or nothing."""
        if self.rest > 0:
            return [f"And {self.rest} more: {REST_OFFERED}, or narrow the question (years, a co-author, a topic)."]
        if self.start and self.items:
            return ["That is the end of the list."]
        if self.start:
            return [f"That was the whole list: {plural(self.total, 'paper')}, all shown already."]
        return []


def page_of(items: list, plan=None) -> Page:
    """The plan's page of the items (the first page for a caller without a plan)."""
    size = getattr(plan, "page_size", LIST_PAGE) or LIST_PAGE
    start = min(getattr(plan, "page", 0) * size, len(items))
    return Page(items[start : start + size], start, len(items))


def offer_kept(table: Answer, written: Answer) -> Answer:
    """A model's answer over a list's page, ending as the table's page did: with the rest offered (the model writes
    about the papers of the page; that there are more is the table's to say)."""
    last = table.blocks[-1] if table.blocks else None
    if written is table or not isinstance(last, Paragraph) or not OFFERED.search(" ".join(c.text for c in last.claims)):
        return written
    kept = [*written.blocks, last]
    return written.model_copy(update={"blocks": kept, "answer": blocks_.to_markdown(kept)})
