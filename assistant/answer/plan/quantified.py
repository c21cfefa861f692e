"""A yes/no question about a set of papers made a verdict over that set (the planner's last step, before the one-paper
verdict): "Were all of his 2020 papers about machine learning?" is decided paper by paper over his 2020 papers, not
from the one paper retrieval finds first.

The set is what the planner already read (scope, years, co-author) and the words beside the paper noun ("his stencil
papers": the topic "stencil"); the claim is what is asserted of each paper (phrases/quantifiers.py).
"""

from __future__ import annotations

import re
from dataclasses import replace

from assistant.answer.plan import phrases
from assistant.answer.plan.phrases.quantifiers import quantified
from assistant.answer.plan.plan import QueryPlan


def _without_person(claim: str, person: str | None) -> str:
    """The claim without the co-author that names the set ("with Sato about icebergs": "about icebergs")."""
    if not person:
        return claim
    names = "|".join(re.escape(w) for w in person.split() if len(w) > 1)
    out = re.sub(rf"\b(?:with|and|alongside)\s+(?:(?:{names})\b\s*)+", " ", claim, flags=re.I)
    return re.sub(r"\s+", " ", out).strip(" ,")


def as_set_verdict(plan: QueryPlan) -> QueryPlan:
    """The plan of a yes/no question that quantifies over a set of papers, as a verdict over that set; any other
    plan unchanged. A question naming one paper or pointing back to papers is no set of the table's."""
    if plan.named or plan.focus or not phrases.polar(plan.question):
        return plan
    found = quantified(plan.question)
    if found is None:
        return plan
    claim = _without_person(found.claim, plan.filters.coauthor or plan.person)
    # "Is Tanaka first author on all of her papers with Hansen?": the position is what the claim asserts of each
    # paper, checked on its byline, not what selects the set (like a one-paper claim's, over_table._selecting)
    asserted = plan.position if plan.position and phrases.position(claim) else None
    # "her IGARSS papers": the venue the table selects by is no topic of the set
    scope = phrases.without_venue_names(found.scope, plan.venues) if plan.venues else found.scope
    found = replace(found, claim=claim, position=asserted, scope=scope)
    people = tuple(replace(c, position=None, negated=False) if asserted and c.position else c for c in plan.people)
    notes = [*plan.notes, f"a yes/no question over a set of papers: {found.describe()}"]
    return replace(
        plan,
        route="set_verdict",
        topic=found.scope,
        subject=found.scope,
        claim=claim,
        quantified=found,
        position=None if asserted else plan.position,
        people=people,
        negated="",
        assumed="",
        notes=notes,
    )
