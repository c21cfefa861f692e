"""The further ask of a question answered from the one paper a table route picked ("Who wrote DeAR, and what speedup
does it report?", "Her earliest Sentinel-2 study? Which sea did it report on?"): the paper's sentence that
answers it."""

from __future__ import annotations

import re

from assistant.answer.check.citations import Citations
from assistant.answer.corpus import Corpus
from assistant.answer.evidence import asked_sentence, clauses
from assistant.answer.plan import phrases
from assistant.answer.plan.phrases import FIELD_ROUTES
from assistant.answer.plan.phrases.main_clause import main_clause
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.extractive import clause
from assistant.models import Paper

_AND_ASKS = re.compile(r"(?i),?\s+and\s+((?:what|which|how|who|when|where|why)\b.*)$")


def second_clause(corpus: Corpus, plan: QueryPlan, paper: Paper, cites: Citations) -> str:
    """The sentence of `paper` answering the question's second ask, as its own paragraph; "" when there is none."""
    m = _AND_ASKS.search(plan.question)
    # "His oldest paper? Which project was it part of?": a later sentence asks it as well
    ask = m.group(1) if m else next(iter(phrases.later_asks(plan.question)), "")
    if ask and ask == main_clause(plan.question) and phrases.date_pick(ask):
        ask = ""  # "Of his 2026 papers, which is the oldest?": the ask after a lead-in is the pick itself
    written = {plan.route, "when"} if plan.route in ("earliest", "latest") else {plan.route}  # a pick says its date
    if not ask or {FIELD_ROUTES[f] for f in phrases.asked_fields(ask)} & written:
        return ""  # "…, and where was it submitted before?": the field written already answers it
    ranked = corpus.picker.rank(ask, corpus.qterms(ask), [paper])[paper.id]
    if not ranked:
        return ""
    # The question described the paper before it asked ("…'s 2022 preprint with a text-overlap note: what kind of
    # networks does it say resist quantization?"): the learned choice of the sentence answering the ask.
    learned = asked_sentence.answering(corpus.picker, corpus.qterms, plan.question, paper)
    s = clauses.focus(ask, learned or ranked[0][0])
    note = "" if paper.is_author_work else f" (the paper is not by {corpus.principal})"
    return f"\n\nOn the second part of the question{note}: {clause(s)} {cites.cite(paper, s)}."
