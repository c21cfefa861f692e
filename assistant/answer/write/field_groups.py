"""The values of one table field that a number of the papers in scope share (plan/field_groups.py reads the field and
the count): "Which journal has she published in more than once?" lists the venues with two or more of her papers,
each with the papers that carry it, cited. A venue is one whatever its year or edition ("2019 IEEE IGARSS" and "2023
IEEE IGARSS"); arXiv is no venue."""

from __future__ import annotations

import re

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan.field_groups import Grouping, topic_of
from assistant.answer.plan.placed import venue_key
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.plan.work_kinds import kind_of
from assistant.answer.write import structured
from assistant.answer.write.format import name, plural, when
from assistant.models import Answer, Paper

_SAID = {"venue": ("venue", "venues"), "year": ("year", "years"), "kind": ("kind of work", "kinds of work")}
_SAID["category"] = ("category", "categories")


def values_of(p: Paper, field: str) -> list[str]:
    """The paper's values of a field, as the table states them (none when it states none)."""
    if field == "venue":
        return [venue_key(p)] if venue_key(p) else []
    if field == "year":
        return [str(p.year)] if p.year else []
    if field == "kind":
        return [kind_of(p)]
    return list(p.categories or [])


def _pool(papers: list[Paper], g: Grouping) -> list[Paper]:
    """The papers of the kind the field's noun names ("which journal": journal articles, and venues no source types),
    when the sources type any of them so."""
    if not g.kind:
        return papers
    typed = [p for p in papers if kind_of(p) in (g.kind, "other venue")]
    return typed if any(kind_of(p) == g.kind for p in typed) else papers


def grouped(corpus: Corpus, papers: list[Paper], plan: QueryPlan) -> Answer:
    g = plan.grouping
    cites = Citations()
    who = structured.scope_phrase(plan, corpus.principal, plan.scope, plan.filters.coauthor, plan.dates)
    one, many = _SAID[g.field]
    if g.kind and g.field == "venue":
        one, many = g.kind.split()[0], f"{g.kind.split()[0]}s"  # "journal", "journals"
    topic = topic_of(plan.question, g, corpus.principal)  # "the most sea-ice forecasting papers"
    if topic and (on := [sp.paper for sp in corpus.topics.papers_on(topic, papers)]):
        papers, who = on, f"{who} on “{topic}”"  # a topic no paper grounds is taken as wording
    groups: dict[str, list[Paper]] = {}
    shown: dict[str, str] = {}
    for p in _pool(papers, g):
        for v in values_of(p, g.field):
            groups.setdefault(v, []).append(p)
            shown.setdefault(
                v, re.sub(r"^(?:19|20)\d{2}\s+", "", p.venue) if g.field == "venue" else v
            )  # as written, less a year
    if not groups:
        return finish(f"The sources state no {one} for {who}.", cites, route="field_groups")
    counts = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    if g.extreme:
        best = (max if g.extreme > 0 else min)(len(ps) for _, ps in counts)
        kept = [(v, ps) for v, ps in counts if len(ps) == best]
        head = f"The {one if len(kept) == 1 else many} with the {'most' if g.extreme > 0 else 'fewest'} of {who}"
    else:
        kept = [(v, ps) for v, ps in counts if g.admits(len(ps))]
        bound = (
            f"at least {g.low}" if g.high is None else f"exactly {g.low}" if g.high == g.low else f"{g.low}–{g.high}"
        )
        head = f"The {many} with {bound} of {who} (you asked: “{g.said}”)"
    if not kept:
        most = counts[0]
        text = (
            f"No {one} has {bound} of {who}: the most any has is {plural(len(most[1]), 'paper')}, "
            f"{shown[most[0]]} {''.join(cites.cite(p, summary_sentence(p)) for p in most[1][:3])}."
        )
        return finish(text, cites, route="field_groups")
    lines = [f"{head}: {plural(len(kept), one) if len(kept) > 1 else 'one'}."]
    for v, ps in kept:
        ps = sorted(ps, key=lambda p: p.date or "")
        lines.append(
            f"- {shown[v]}: {plural(len(ps), 'paper')}: "
            + "; ".join(f"{name(p)}{when(p)} {cites.cite(p, summary_sentence(p))}" for p in ps[:6])
            + (f"; and {len(ps) - 6} more" if len(ps) > 6 else "")
        )
    return finish("\n".join(lines), cites, route="field_groups", papers=[p.id for _, ps in kept for p in ps])
