"""LLM mode reads the question too: the model fills the plan's slots through one tool call whose parameters are the
JSON schema of `ModelReading`; the reading is validated against the table before the planner uses it.

A reading is refused (and the rule reader's plan kept, with the reason in the plan's notes) when it does not
validate: another field than the schema's, a kind the registry does not have, a paper the corpus does not hold, a
co-author nobody in the corpus is, a year range that ends before it starts, a month without its year. The model
never adds papers or text: it only says what the question asks, and the table executes it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assistant.answer.plan import kinds
from assistant.answer.plan.phrases import FIELD_KINDS, FIELD_ROUTES, DateSpan, Month, Threshold, span_of
from assistant.answer.plan.plan import QueryPlan
from assistant.errors import LLMUnavailable
from assistant.models import Filters, Message

if TYPE_CHECKING:
    from assistant.vendors.chat import ChatModel

# Kinds a model may choose (the others need slots only the conversation gives: "which of those", "across").
READABLE = (
    "fact",
    "summary",
    "list",
    "count",
    "per_year",
    "earliest",
    "latest",
    "coauthors",
    "code",
    "categories",
    "overview",
    "authors",
    "when",
    "arxiv",
    "venue",
    "doi",
    "citations",
    "compare",
    "shared_authors",
    "quantity_extreme",
    "quantity_threshold",
    "average",
    "greeting",
    "metrics",
)
assert set(READABLE) <= set(kinds.KINDS), set(READABLE) - set(kinds.KINDS)


class ModelReading(BaseModel):
    """What one question asks, as the model reads it. Every field is optional but `kind`."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal[READABLE] = Field(description="The operation the question asks for.")  # type: ignore[valid-type]
    topic: str = Field(
        "", description="The subject matter papers must be about, in the question's words; empty if none."
    )
    negated_topic: str = Field("", description="A subject matter the answer must leave out ('not about X').")
    papers: list[str] = Field(default_factory=list, description="Papers the question names, as it names them.")
    year_from: int | None = Field(None, ge=1900, le=2100)
    year_to: int | None = Field(None, ge=1900, le=2100)
    month_from: int | None = Field(None, ge=1, le=12, description="First month, with year_from.")
    month_to: int | None = Field(None, ge=1, le=12, description="Last month, with year_to.")
    years: list[Annotated[int, Field(ge=1900, le=2100)]] = Field(
        default_factory=list,
        max_length=20,
        description="Separate years the question lists ('in 2019 and 2021'), instead of year_from/year_to.",
    )
    scope: Literal["author", "others", "all"] = Field(
        "author", description="The researcher's own papers, other groups' papers, or the whole corpus."
    )
    coauthor: str | None = Field(
        None,
        description="A co-author the papers must list, as the question names them; with author_position, the person "
        "whose position is asked (empty for the researcher).",
    )
    author_position: int | None = Field(None, ge=-1, le=20, description="1 first author, 2 second, -1 last.")
    position_negated: bool = Field(
        False, description="True for papers where the person is NOT at author_position ('someone other than X')."
    )
    not_in: Literal["arxiv", "journal article", "conference paper", "preprint"] | None = Field(
        None, description="A source or kind of venue the papers must NOT be in ('not on arXiv')."
    )
    work_type: (
        Literal["thesis", "book", "chapter", "journal article", "conference paper", "preprint", "report"] | None
    ) = Field(None, description="The kind of work the papers must be ('her journal articles').")
    categories: list[str] = Field(
        default_factory=list,
        max_length=10,
        description="Subject categories the papers must be listed under, as the corpus writes them ('LG', 'cs.DC').",
    )
    fields: list[Literal[tuple(FIELD_ROUTES)]] = Field(  # type: ignore[valid-type]
        default_factory=list,
        description="For authors/when/arxiv/venue/doi/citations: every metadata field asked of the paper, in order.",
    )
    pick: Literal["earliest", "latest"] | None = Field(
        None,
        description="With kind fact, why, how or summary and no paper named: the question picks one paper by date "
        "from the selection (scope, dates, co-author, topic) and asks this of it ('his oldest paper: what did it "
        "optimize?').",
    )
    quantity: str = Field(
        "", description="For quantity_extreme and quantity_threshold: the noun of the reported quantity ('GPU')."
    )
    direction: Literal["largest", "smallest"] = "largest"
    threshold_value: float | None = Field(
        None, description="For quantity_threshold: the bound's number (100 in 'a speedup of more than 100x')."
    )
    threshold_direction: Literal["more", "less"] = Field("more", description="For quantity_threshold: above or below.")
    threshold_unit: Literal["", "x", "%"] = Field(
        "", description="For quantity_threshold: 'x' for a factor ('100x', '10 times'), '%' for a percentage."
    )


TOOL = {
    "type": "function",
    "function": {
        "name": "read_question",
        "description": "Record what the user's question asks of the corpus of papers.",
        "parameters": ModelReading.model_json_schema(),
    },
}


class ReadingRefused(Exception):
    """The model's reading did not validate; the message says why."""


@dataclass(frozen=True)
class Reading:
    """A validated reading: the model's fields, the papers resolved to ids, the co-author to a corpus name."""

    fields: ModelReading
    named: list[str]
    coauthor: str | None


def validate(args: dict, resolve_paper, people: list[str], categories: list[str] = ()) -> Reading:
    """The reading checked against the schema and the table: `resolve_paper(name)` gives the ids a name matches;
    `categories` are the table's own category codes."""
    try:
        r = ModelReading.model_validate(args)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first.get("loc", ())) or "reading"
        raise ReadingRefused(f"{where}: {first.get('msg', 'invalid')}") from None
    if r.year_from and r.year_to and r.year_from > r.year_to:
        raise ReadingRefused(f"the years run backwards ({r.year_from} to {r.year_to})")
    if (r.month_from and not r.year_from) or (r.month_to and not r.year_to):
        raise ReadingRefused("a month without its year")
    if unknown := [c for c in r.categories if c not in categories]:
        raise ReadingRefused(f"no paper in the corpus is listed under {unknown[0]!r}")
    if r.author_position == 0:
        raise ReadingRefused("author position 0")
    named: list[str] = []
    for name in r.papers:
        ids = resolve_paper(name)
        if len(ids) != 1:
            raise ReadingRefused(f"the corpus holds no single paper named {name!r}")
        named += [i for i in ids if i not in named]
    coauthor = None
    if r.coauthor:
        matches = [p for p in people if p.casefold() == r.coauthor.strip().casefold()]
        if not matches:
            raise ReadingRefused(f"no author in the corpus is named {r.coauthor!r}")
        coauthor = matches[0]
    if r.kind in ("compare", "shared_authors") and len(named) < 2:
        raise ReadingRefused(f"{r.kind} needs two papers the corpus holds")
    if r.kind in (*FIELD_KINDS, "summary") and not named:
        raise ReadingRefused(f"{r.kind} needs a paper the corpus holds")
    if r.kind in ("quantity_extreme", "quantity_threshold") and not r.quantity.strip():
        raise ReadingRefused(f"{r.kind} needs the quantity's noun")
    if r.kind == "quantity_threshold" and r.threshold_value is None:
        raise ReadingRefused("quantity_threshold needs the bound's value")
    if r.pick and (r.kind not in ("fact", "why", "how", "summary") or r.papers):
        raise ReadingRefused("a pick by date is asked of a fact, why, how or summary with no paper named")
    if r.years and (r.year_from or r.year_to):
        raise ReadingRefused("a list of years and a range of years together")
    return Reading(r, named, coauthor)


class ModelReader:
    """Asks the chat model to read a question (one tool call); returns its raw arguments or raises LLMUnavailable."""

    def __init__(self, model: ChatModel, principal: str, timeout: float):
        self.model = model
        self.principal = principal
        self.timeout = timeout

    def read(self, question: str, history: list[Message]) -> dict:
        last = [m for m in history if m.role in ("user", "assistant")][-4:]
        context = "\n".join(f"{m.role}: {m.content[:400]}" for m in last) or "(none)"
        system = (
            f"You read questions about the research papers of {self.principal} and the other papers in a corpus. "
            "Call read_question with what the question asks: its kind, and only the slots the question states. "
            "Name papers exactly as the question names them. Never answer the question."
        )
        user = f"Conversation so far:\n{context}\n\nQuestion: {question}"
        return self.model.call_tool(
            [Message(role="system", content=system), Message(role="user", content=user)], TOOL, timeout=self.timeout
        )


def read_or_refuse(
    reader: ModelReader, question: str, history: list[Message], resolve_paper, people, categories=()
) -> Reading:
    """The validated reading, or ReadingRefused with the reason (a failed model call is a refusal too)."""
    try:
        args = reader.read(question, history)
    except LLMUnavailable as exc:
        raise ReadingRefused(f"the model did not read it: {exc}") from None
    return validate(args, resolve_paper, people, categories)


def with_reading(
    rule: QueryPlan, reading: Reading, filters: Filters, by_id: dict, principal: str, picker=None
) -> QueryPlan:
    """The plan with the model's validated slots; the conversation's pointers and the API's filters stay.
    `picker(pick, filters, span, scope, topic)` gives the paper a pick by date selects (the table's, not the
    model's)."""
    r = reading.fields
    f = filters.model_copy()
    span = None
    if r.years:
        span = span_of([(Month(y, 1), Month(y, 12)) for y in r.years])
        f.year_from = filters.year_from if filters.year_from is not None else span.years[0]
        f.year_to = filters.year_to if filters.year_to is not None else span.years[1]
    elif r.year_from or r.year_to:
        span = DateSpan(
            Month(r.year_from, r.month_from or 1) if r.year_from else None,
            Month(r.year_to, r.month_to or 12) if r.year_to else None,
        )
        f.year_from = filters.year_from if filters.year_from is not None else r.year_from
        f.year_to = filters.year_to if filters.year_to is not None else r.year_to
    if reading.coauthor and reading.coauthor != principal and f.coauthor is None and not r.author_position:
        f.coauthor = reading.coauthor  # with a position, the person is the one whose position is asked, not a filter
    threshold = None
    if r.kind == "quantity_threshold":
        more = r.threshold_direction == "more"
        value = f"{r.threshold_value:g}{r.threshold_unit}"
        threshold = Threshold(
            noun=r.quantity,
            direction=1 if more else -1,
            value=r.threshold_value,
            said=f"{'more' if more else 'less'} than {value}",
            ratio=r.threshold_unit == "x",
            percent=r.threshold_unit == "%",
        )
    scope = rule.scope if filters.author_only is not None else r.scope
    route = r.kind
    named = reading.named or (rule.named if not r.papers else [])
    focus = rule.focus
    if r.pick and picker and (picked := picker(r.pick, f, span, scope, r.topic)):
        named, focus = [], [picked]  # "his oldest paper: what did it optimize?" asked of the paper the table picks
    picked_one = focus is not rule.focus
    topic = r.topic if route in ("list", "count", "coauthors", "code") else ""
    return replace(
        rule,
        route=route,
        answer_type=route,
        filters=f,
        scope=scope,
        dates=span,
        topic="" if picked_one else topic,
        subject="" if picked_one else r.topic,
        negated=r.negated_topic,
        named=named,
        focus=focus,
        compared=named if route == "compare" else [],
        person=reading.coauthor or (principal if r.author_position else None),
        position=r.author_position,
        position_negated=bool(r.author_position) and r.position_negated,
        people=(),  # the model's reading of the people (person, position) replaces the rule reader's constraints
        work_type=r.work_type,
        categories=list(r.categories),
        fields=tuple(r.fields) if route in FIELD_KINDS else (),
        quantity=r.quantity if route in ("quantity_extreme", "quantity_threshold") else "",
        direction=threshold.direction if threshold else 1 if r.direction == "largest" else -1,
        threshold=threshold,
        not_in=r.not_in or "",
        others_asked=r.scope != "author",
        excluded=[pid for pid in named if not filters.admits(by_id[pid])],
        notes=[f"route {route}: read by the model (a validated tool call)", *rule.notes[1:]],
    )


def model_read(rule: QueryPlan, reader: ModelReader, question, history, filters: Filters, corpus, resolve, picks):
    """The rule reader's plan with the model's validated reading of the question, or the rule plan noting why the
    reading was refused. `picks.picked_by_date` gives the paper a pick by date selects (the table's)."""
    try:
        reading = read_or_refuse(
            reader, question, history, resolve, [*corpus.people, corpus.principal], corpus.categories
        )
    except ReadingRefused as why:
        return replace(rule, notes=[*rule.notes, f"the model's reading was refused ({why}); the rule reader's plan"])
    return with_reading(rule, reading, filters, corpus.by_id, corpus.principal, picker=picks.picked_by_date)
