"""The registry of question kinds: one record per kind, looked up by the planner's route and by the Answerer.

A kind says which router label votes for it (its labelled examples are the lines of data/route_examples.txt with
that label), the plan slots it needs, which writer answers it without a model and whether a model may write it
instead, and what is said when its slots are missing. A new kind is one record here, one writer, and examples;
`get` of an unknown kind raises instead of answering something else.

Writers are named, not imported: this module sits in the plan step and the writers come after it. The Answerer
maps the names to its writers (`compose.WRITERS`) and a test checks every name has one.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.errors import AssistantError


@dataclass(frozen=True)
class Kind:
    name: str
    label: str | None  # the router label whose examples vote for it; None when only a slot of the question leads here
    slots: tuple[str, ...]  # plan fields it needs filled: "paper" (named or pointed back to), "compared", "focus", …
    writer: str  # the writer without a model: table | evidence | by_role | compare | topic_summary | …
    llm: bool  # a model (when configured) writes it from the papers the table or the evidence chose
    degraded: str  # said when the slots are missing (the writer's own refusal otherwise)


_KINDS = [
    Kind("fact", "fact", (), "evidence", True, "no passage answers it"),
    # A method, a motivation and a verdict are read from the paper's sentences by their role (write/by_role.py,
    # write/verdict.py); a summary gives problem, method and result in that order.
    Kind("how", "how", (), "by_role", True, "no passage answers it"),
    Kind("summary", "summary", ("paper",), "evidence", True, "no paper matches the description"),
    Kind("verify", "verify", (), "by_role", True, "no passage bears on the claim"),
    Kind("why", "why", (), "by_role", True, "no passage gives the reason"),
    # A yes/no question over a set of papers ("Were all of his 2020 papers about ML?"): each paper of the set decided,
    # then aggregated by the quantifier (plan/quantified.py, write/set_verdict.py).
    Kind("set_verdict", None, ("quantified",), "set_verdict", False, "no paper in scope"),
    Kind("topic_summary", None, ("topic",), "topic_summary", True, "no paper in scope is about the topic"),
    Kind("list", "list", (), "table", True, "no paper in scope is about the topic"),
    Kind("count", "count", (), "table", False, "no paper in scope"),
    Kind("per_year", "per_year", (), "table", False, "no paper in scope"),
    Kind("earliest", "earliest", (), "table", False, "no paper in scope"),
    Kind("latest", "latest", (), "table", False, "no paper in scope"),
    Kind("coauthors", "coauthors", (), "table", False, "no paper in scope"),
    Kind("code", "code", (), "table", False, "no paper in scope"),
    Kind("categories", "categories", (), "table", False, "no paper in scope"),
    Kind("overview", "overview", (), "table", True, "no paper in scope"),
    Kind("attribution", "attribution", ("subject",), "table", False, "no paper matches the title"),
    Kind("authors", "authors", ("paper",), "table", False, "no paper matches the title"),
    Kind("when", "when", ("paper",), "table", False, "no paper matches the title"),
    Kind("arxiv", "arxiv", ("paper",), "table", False, "no paper matches the title"),
    # Where a paper appeared (its venue field; a thesis: its school); other fields asked with it follow (plan.fields).
    Kind("venue", None, ("paper",), "table", False, "no paper matches the description"),
    Kind("doi", None, ("paper",), "table", False, "no paper matches the description"),
    # The venues the papers in scope appeared in, with how many each (write/meta.py).
    Kind("venues", None, (), "table", False, "no paper in scope names a venue"),
    # The values of a field shared by a number of the papers in scope ("which journal … more than once"): its
    # slot is plan.grouping (plan/field_groups.py), its writer write/field_groups.py.
    Kind("field_groups", None, (), "field_groups", False, "no paper in scope states the field"),
    Kind("citations", None, ("paper",), "table", False, "no paper matches the description"),
    Kind("compare", "compare", ("compared",), "compare", True, "fewer than two papers to compare"),
    Kind("which_of", None, ("focus",), "table", False, "no previous answer to pick from"),
    Kind("across", None, ("asked_kind",), "across", True, "no paper of the author names that kind"),
    Kind("shared_authors", None, ("named",), "shared_authors", False, "fewer than two papers named"),
    Kind("quantity_extreme", None, ("quantity",), "quantity_extreme", True, "no paper states the quantity"),
    # The papers whose reported quantity passes a bound ("a speedup of more than 100x"): write/composed.py.
    Kind("quantity_threshold", None, ("threshold",), "quantity_threshold", True, "no paper states the quantity"),
    Kind("average", None, (), "average", False, "no dated paper in scope"),
    # An operation over one field of the papers in scope, per group when asked (plan/aggregate.py, write/computed.py).
    Kind("aggregate", None, ("aggregate",), "aggregate", False, "no paper in scope"),
    # The paper with the most (or fewest) authors, from the table's author lists ("the longest author list").
    Kind("team_extreme", None, (), "team_extreme", False, "no paper in scope lists its authors"),
    # The time between two dates: of two papers named, or two dates one paper's comments state (write/composed.py).
    Kind("elapsed", None, ("named",), "elapsed", False, "no two dates to count between"),
    Kind("greeting", "greeting", (), "greeting", False, ""),
    Kind("metrics", None, (), "metrics", False, ""),
    # The collection itself: how many distinct papers (by kind of work), its source files, its years (write/collection).
    Kind("corpus", None, (), "corpus", False, ""),
    # The sources themselves: what a page states of itself, the papers by source (plan/provenance, write/provenance).
    Kind("provenance", None, (), "provenance", False, ""),
]
KINDS: dict[str, Kind] = {k.name: k for k in _KINDS}
# The writers that take their papers from the table's selection (TableWriter.scoped): a restriction to the papers a
# source lists (plan.sources) applies to these.
SCOPED_WRITERS = (
    "table",
    "quantity_extreme",
    "quantity_threshold",
    "average",
    "aggregate",
    "field_groups",
    "team_extreme",
    "across",
)
# Questions about the corpus or its author, not an operation over papers: no operation or field is read of them.
META_KINDS = ("greeting", "metrics", "overview", "corpus", "provenance")


def get(name: str) -> Kind:
    """The kind of that name; an unknown one is a defect in the planner, said with the valid names."""
    try:
        return KINDS[name]
    except KeyError:
        raise AssistantError(f"Unknown question kind {name!r}; known kinds: {', '.join(sorted(KINDS))}.") from None


def for_label(label: str) -> Kind | None:
    """The kind a router label votes for ("how" is its own kind, answered like a fact)."""
    return next((k for k in _KINDS if k.label == label), None)
