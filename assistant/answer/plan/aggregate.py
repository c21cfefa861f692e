"""An aggregate over the paper table: an operation (count, distinct, span) over one field
(the papers, their years, co-authors, venues, the group that wrote them) of the papers the other slots select, counted
per group when one is asked ("how many are his, as opposed to the other group's?"). Read here once; computed in one
place by write/computed.py, whose registries hold every operation and field named here.

The field is the one a noun of the registry (data/aggregate_fields.txt) names; an operation is read from the form of
the question, not from the topic: a span asks how far apart both ends of one ranking lie ("how many years between his
oldest and his newest paper"); a count whose words name the authorship group counts the papers per group, or only the
other group's when the author's own are not asked."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from assistant.answer.plan.phrases import picks

_DATA = Path(__file__).parent / "data" / "aggregate_fields.txt"


def _registry() -> dict[str, str]:
    """noun -> field."""
    field_of = {}
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            field, nouns = line.split(":", 1)
            field_of.update({noun: field.strip() for noun in nouns.split()})
    return field_of


FIELD_OF = _registry()
FIELDS = frozenset(FIELD_OF.values())
OPERATIONS = frozenset({"count", "distinct", "span"})


@dataclass(frozen=True)
class Aggregate:
    """What is computed: `op` over the values of `field` of the papers in scope, per value of `group` when set."""

    op: str  # one of OPERATIONS
    field: str  # "paper" (the papers themselves) or one of FIELDS
    group: str | None = None  # a field the result is given per value of ("group": the author's and the others')

    def __post_init__(self):
        if self.op not in OPERATIONS or self.field not in {"paper", *FIELDS} or self.group not in {None, *FIELDS}:
            raise ValueError(f"Unknown aggregate {self}: operations {sorted(OPERATIONS)}, fields {sorted(FIELDS)}.")

    def describe(self) -> str:
        return f"{self.op} of {self.field}" + (f" per {self.group}" if self.group else "")


_WORD = re.compile(r"[A-Za-z][\w-]*")  # a possessive's "'s" left out: "the other group's" names the group
# A count or a length asked: "how many", "how long", "number of".
_HOW_MANY = re.compile(r"\b(?:how\s+(?:many|long|much)|number\s+of)\b", re.I)
_NOUNS = "|".join(sorted(map(re.escape, FIELD_OF), key=len, reverse=True))
# What "how many" counts: the noun it governs ("how many different co-authors", "how many distinct venues"), not a
# noun further on ("how many of her papers have Ole Hansen as a co-author": papers are counted).
_COUNTED = re.compile(
    rf"\b(?:how\s+many|number\s+of)\s+(?:[a-z]+\s+)?(?P<noun>{_NOUNS})\b"
    r"(?!\s+(?:articles?|papers?|publications?|works?|proceedings)\b)",  # "how many journal articles": papers counted
    re.I,
)
_COUNTS = ("count", "corpus", "list", "metrics")  # routes whose answer a count per group replaces
_OTHER = re.compile(r"\b(?:other|another|second|opposite)\b", re.I)


def fields_named(question: str) -> list[str]:
    """The fields whose nouns the question uses, in order, each once."""
    out = [FIELD_OF[w.casefold()] for w in _WORD.findall(question) if w.casefold() in FIELD_OF]
    return list(dict.fromkeys(out))


# The years the papers span asked as a number: "how many years do his papers span?", "how many years does his work
# cover, from the earliest to the newest?"
_YEARS_SPANNED = re.compile(
    r"\bhow\s+many\s+years\b[^?.;]{0,60}?\b(?:span|spans|spanned|cover|covers|covered|stretch|stretches|range|ranges)\b",
    re.I,
)


def _both_ends(question: str) -> bool:
    """The question names both ends of the date ranking ("his oldest … his newest", "earliest and most recent")."""
    return picks.date_ends(question) == {"earliest", "latest"}


def read(question: str, route: str, own_asked: bool) -> Aggregate | None:
    """The aggregate a count-like question asks, or None when the route's own answer is the aggregate asked.
    `own_asked`: the question names the principal author's side ("his", "hers", the name)."""
    if not _HOW_MANY.search(question):
        return None
    named = fields_named(question)
    spanned = _both_ends(question) or bool(_YEARS_SPANNED.search(question))
    if spanned and route in ("earliest", "latest", "count", "per_year", "elapsed", "corpus"):
        return Aggregate("span", "year")  # "how many years lie between his earliest and his latest paper?"
    counted = _COUNTED.search(question)
    # "how many close collaborators does the researcher profile list?": what a source states of itself, not a count
    # over the table (a count per group is the exception: no source states one); the venues kind counts venues itself
    if (
        counted
        and route not in ("provenance", "venues")
        and FIELD_OF[counted.group("noun").casefold()] in ("coauthor", "venue")
    ):
        return Aggregate("distinct", FIELD_OF[counted.group("noun").casefold()])  # "how many different co-authors"
    if "group" in named and _OTHER.search(question):
        # "how many papers from the other research group", "how many are his, as opposed to the other group's"; a
        # source that lists the other group's papers answers the first itself (the provenance route), not the second
        if own_asked and route in (*_COUNTS, "provenance"):
            return Aggregate("count", "paper", "group")
        if route in _COUNTS:
            return Aggregate("count", "paper")
    return None
