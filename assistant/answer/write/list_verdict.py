"""A yes/no question answered by a list or a count opens with its verdict: "Does he have any papers on stencils?" ->
"Yes: 2 papers in scope." then the list; "Has he written more than 3 papers on LLMs?" weighs the count against the
bound ("No: 2 papers in scope, not more than 3."). An empty list is a "No."

The verdict is the table's: the number of papers the answer selected (its page total, its papers, or the papers it
cites), never a guess. A question with a universal quantifier ("Are all of his papers …", "only") asks something
else of the set (write/set_verdict.py); an answer that already opens with a verdict or refuses is left as it is.
"""

from __future__ import annotations

import re

from assistant import blocks as blocks_
from assistant.answer.plan.phrases.stated_count import count_bound
from assistant.answer.plan.phrases.wording import polar
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.extractive import CANNOT_ANSWER
from assistant.answer.write.format import plural
from assistant.answer.write.premises import NO, UNSAID, YES
from assistant.models import Answer, Paragraph

# The kinds whose answer is a selection of papers from the table: a polar question over one is answered by its size.
LISTING_ROUTES = frozenset({"list", "count", "code", "across", "quantity_threshold"})
# Quantifiers that ask whether every (or only some) paper of a set holds, not whether any does.
_UNIVERSAL = re.compile(r"\b(?:all|every|each|only|both|none|neither|always|never)\b", re.I)
# Openings that already carry a verdict or refuse.
_DECIDED = (YES, NO, UNSAID, CANNOT_ANSWER)


def _selected(answer: Answer) -> int | None:
    """How many papers the answer selected: its list's total over every page, its papers, or the papers it cites."""
    meta = answer.meta
    if isinstance(meta.get("page"), list | tuple) and len(meta["page"]) == 2:
        return int(meta["page"][1])
    if isinstance(meta.get("papers"), list):
        return len(meta["papers"])
    return len({c.paper_id for c in answer.citations}) if answer.citations else None


def verdict_line(question: str, n: int) -> str:
    """The opening sentence for n papers selected: Yes when the question's bound on the count holds (any paper when
    it states none), else No."""
    bound = count_bound(question)
    if bound is None:
        return f"{YES}: {plural(n, 'paper')} in scope." if n else f"{NO}."
    low, high, said = bound
    holds = low <= n and (high is None or n <= high)
    return f"{YES if holds else NO}: {plural(n, 'paper')} in scope, {'' if holds else 'not '}{said}."


def with_list_verdict(answer: Answer, plan: QueryPlan, table: Answer | None = None) -> Answer:
    """The answer opening with its verdict when a yes/no question was answered by a list or a count; the number of
    papers is the table's answer's (`table`, when a model wrote `answer` over its papers)."""
    if plan.route not in LISTING_ROUTES or not polar(plan.question) or _UNIVERSAL.search(plan.question):
        return answer
    if answer.answer.lstrip().startswith(_DECIDED):
        return answer
    n = _selected(table or answer)
    if n is None:
        return answer
    opening = Paragraph(claims=blocks_.claims_of(verdict_line(plan.question, n)))
    blocks = [opening, *(answer.blocks or blocks_.parse(answer.answer))]
    return answer.model_copy(update={"blocks": blocks, "answer": blocks_.to_markdown(blocks)})
