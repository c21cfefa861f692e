"""An aggregate computed from the table (plan/aggregate.py reads it): the values of one field of the papers in scope,
per group when asked, reduced by one operation. Both registries are here, once: FIELDS (a paper's values of a field)
and OPERATIONS (values -> a number and the papers that decide it). The answer states the number, how it was counted,
and cites the papers counted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan.aggregate import Aggregate
from assistant.answer.plan.placed import venue_key
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.format import name, plural, when
from assistant.models import Answer, Paper

# At most this many papers are named and cited for one value counted; the rest are said as a number. A group of the
# seeds' 50 other-group papers cited one by one buried the count the question asked for.
CITED_PER_VALUE = 8


# The distinct values a count of a field (not of papers) names, each cited to a paper that states it.
LISTED_VALUES = 30


@dataclass(frozen=True)
class Field:
    said: tuple[str, str]  # the field's name, singular and plural, as the answer says it
    values: Callable[[Paper, str], list]  # a paper's values of the field (the principal author's name given)


def _coauthors(p: Paper, principal: str) -> list:
    return [a for a in dict.fromkeys(p.authors) if a.casefold() != principal.casefold()]


FIELDS: dict[str, Field] = {
    "paper": Field(("paper", "papers"), lambda p, _: [p.id]),
    "year": Field(("year", "years"), lambda p, _: [p.year] if p.year else []),
    "coauthor": Field(("co-author", "co-authors"), _coauthors),
    "venue": Field(("venue", "venues"), lambda p, _: [venue_key(p)] if venue_key(p) else []),
    "group": Field(("group", "groups"), lambda p, who: [who if p.is_author_work else "other authors"]),
}


@dataclass(frozen=True)
class Result:
    number: float
    how: str  # how it was counted, one clause
    decided_by: list[Paper]  # the papers the number rests on, cited


def _count(values: list[tuple[Paper, list]], field: Field) -> Result:
    counted = [p for p, v in values if v]
    n = len({x for _, v in values for x in v}) if field.said[0] != "paper" else len(counted)
    if field.said[0] == "paper":
        return Result(n, "each paper counted once, however many sources list it", counted)
    return Result(n, f"each counted once over {plural(len(counted), 'paper')}", counted)


def _span(values: list[tuple[Paper, list]], field: Field) -> Result:
    dated = [(v[0], p) for p, v in values if v]
    if not dated:
        return Result(0, f"no paper in scope states its {field.said[0]}", [])
    low, high = min(dated, key=lambda t: t[0]), max(dated, key=lambda t: t[0])
    return Result(
        high[0] - low[0], f"{high[0]} − {low[0]}, from the earliest to the latest {field.said[0]}", [low[1], high[1]]
    )


OPERATIONS: dict[str, Callable[[list[tuple[Paper, list]], Field], Result]] = {
    "count": _count,
    "distinct": _count,
    "span": _span,
}


def _cited(papers: list[Paper], cites: Citations) -> str:
    shown = papers[:CITED_PER_VALUE]
    text = "; ".join(f"{name(p)}{when(p)} {cites.cite(p, summary_sentence(p))}" for p in shown)
    return text + (f"; and {len(papers) - len(shown)} more" if len(papers) > len(shown) else "")


def _values_cited(values: list[tuple[Paper, list]], cites: Citations) -> str:
    """Each distinct value, with the first paper that states it cited (the papers' order: the table's)."""
    first: dict = {}
    for p, vs in values:
        for v in vs:
            first.setdefault(v, p)
    shown = list(first.items())[:LISTED_VALUES]
    text = "; ".join(f"{v} {cites.cite(p, summary_sentence(p))}" for v, p in shown)
    return text + (f"; and {len(first) - len(shown)} more" if len(first) > len(shown) else "")


def computed(corpus: Corpus, papers: list[Paper], plan: QueryPlan, who: str) -> Answer:
    """The aggregate the plan carries over `papers` (the table's selection), stated with what it rests on."""
    agg: Aggregate = plan.aggregate
    field, op = FIELDS[agg.field], OPERATIONS[agg.op]
    principal = corpus.principal
    cites = Citations()
    groups: dict[str, list[Paper]] = {}
    for p in papers:
        for g in FIELDS[agg.group].values(p, principal) if agg.group else [""]:
            groups.setdefault(g, []).append(p)
    if not papers:
        return finish(f"None of {who} are in the corpus, so there is nothing to count.", cites, route="aggregate")
    lines = []
    for g, members in sorted(groups.items(), key=lambda kv: kv[0] != principal):
        values = [(p, field.values(p, principal)) for p in members]
        if not any(v for _, v in values):
            said = f"None of {who} state {'a' if agg.group else 'their'} {field.said[0]} in the corpus's sources"
            lines.append(f"{said}, so their {field.said[1]} cannot be counted.")
            continue
        r = op(values, field)
        number = int(r.number) if float(r.number).is_integer() else r.number
        if agg.op == "span":
            head = f"{plural(number, field.said[0])} lie between the earliest and the latest of {who} ({r.how})"
        elif agg.group:
            head = f"{g}: {plural(number, field.said[0])}"
        else:
            head = f"{who[:1].upper()}{who[1:]}: {plural(number, field.said[0])} ({r.how})"
        said = _values_cited(values, cites) if agg.op == "distinct" else _cited(r.decided_by, cites)
        lines.append(f"{'- ' if agg.group else ''}{head}: {said}.")
    if agg.group:
        total = len(papers)
        lines.insert(0, f"Of the {plural(total, 'paper')} in the corpus, counted by the group that wrote them:")
    return finish("\n".join(lines), cites, route="aggregate")
