"""The typed query plan: what one turn asks (answer type, scope, years, people, papers named, topic), made once.

The answer type comes from the nearest labelled example questions (data/route_examples.txt), embedded with
the MiniLM the retriever already loads; names, people and years are masked first so the form of the
question decides, not its topic. Slots (years, author position, people, papers, scope) are read against
the paper table. `explain()` is what `assistant ask --explain` and the answer's `meta.plan` show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.answer.plan import phrases
from assistant.answer.plan.aggregate import Aggregate
from assistant.answer.plan.field_groups import Grouping
from assistant.answer.plan.people import PersonConstraint
from assistant.answer.plan.phrases import DateSpan, Threshold
from assistant.answer.plan.phrases.quantifiers import Quantified
from assistant.answer.plan.phrases.team import TeamSize
from assistant.answer.plan.provenance import SourceReading
from assistant.answer.plan.record_conditions import Conditions
from assistant.answer.plan.router import Router, RouteVote  # noqa: F401 - Router is imported from here by callers
from assistant.models import Filters, Message

# The question phrases live in phrases.py; these names stay importable from here for callers.
ORDINALS, YEAR = phrases.ORDINALS, phrases.YEAR
years, position, author_index, surname = phrases.years, phrases.position, phrases.author_index, phrases.surname
excludes_author, whole_corpus = phrases.excludes_author, phrases.whole_corpus


# Papers one list answer shows, each cited; the rest are offered as the next page ("and 41 more: ask for the rest").
# The visible question sets' longest lists are an author's whole list (29 and 22 papers): a page of 30 keeps them
# whole, while a department's topic list of 126 papers becomes five pages, not one 35k-character answer.
LIST_PAGE = 30


@dataclass(frozen=True)
class QueryPlan:
    """One turn, understood: what to answer, about which papers, under which constraints."""

    question: str
    history: list[Message]
    # fact | how | summary | compare | list | count | per_year | earliest | latest | coauthors | authors | when | arxiv
    # | attribution | overview | code | categories | greeting
    answer_type: str
    route: str  # the handler that writes the answer
    filters: Filters
    scope: str  # author | others | all
    query: str  # the retrieval query (carries the previous question for a follow-up)
    topic: str = ""
    named: list[str] = field(default_factory=list)  # ids of papers the question itself names
    focus: list[str] = field(default_factory=list)  # ids of papers the conversation points back to
    within_focus: bool = False  # a list or count restricted to the papers pointed back to ("list them")
    person: str | None = None  # a person the question names (co-author, or the one whose position is asked)
    position: int | None = None  # author position asked for (1 first, 2 second, -1 last)
    position_negated: bool = (
        False  # the papers where the person is *not* at that position ("does she NOT first-author")
    )
    # One constraint per person the question names (plan.people): who, and where on the byline (or not on it); the
    # person/position fields above are derived from it for the writers that read them.
    people: tuple[PersonConstraint, ...] = ()
    work_type: str | None = None  # the kind of work a list or count is restricted to ("her journal articles")
    surname: str | None = None
    excludes_author: bool = False
    excluded: list[str] = field(default_factory=list)  # named papers the user's filters exclude
    compared: list[str] = field(default_factory=list)  # ids of the papers a comparison is about, in order
    unresolved: list[str] = field(default_factory=list)  # sides a comparison describes that no paper fits, as said
    corrected: str = ""  # the question with misspelt words corrected (what evidence is weighed against)
    literal: str | None = None  # a quoted phrase asked for literally ("an 'under review' note")
    dates: DateSpan | None = None  # the span of dates asked for, to the month ("in March 2025", "late 2023")
    negated: str = ""  # a topic the answer leaves out ("not about LLMs", "don't involve X")
    # `negated` is an absence the papers must state ("say they work without any fine-tuning"), not a topic left out
    negated_claimed: bool = False
    # a kind whose named member the papers must state ("name a specific NVIDIA GPU model": evidence/named_instance.py)
    instance_of: str = ""
    not_in: str = ""  # a source the papers must lack ("not on arXiv": "arxiv"; "not in a journal": "journal article")
    vote: RouteVote | None = None
    subject: str = ""  # the paper named (authors, when, arxiv, attribution, summary) or the topic words of a list
    about_author: bool = False  # the question names or points to the author ("his", or the name)
    others_asked: bool = False  # "other groups", "in the corpus": the answer may draw on other groups' papers
    timeline: bool = False  # an overview asked over time ("How has his work changed?")
    across: str = ""  # the kind asked for across his papers ("GPUs" in "Which GPUs did he use?")
    quantity: str = ""  # the noun of a reported quantity whose extreme is asked ("GPU" in "the largest GPU count")
    direction: int = 1  # 1 for the largest, -1 for the smallest
    # How many papers a ranking asks for ("his three latest papers": 3); 1 is the top one and any tied with it.
    ranked: int = 1
    threshold: Threshold | None = None  # a bound on the quantity ("a speedup of more than 100x")
    leave_out: list[str] = field(default_factory=list)  # papers a nested reference started from ("what else …")
    venues: list[str] = field(default_factory=list)  # venues the papers must appear in ("in The Cryosphere", "IGARSS")
    categories: list[str] = field(default_factory=list)  # subject categories the papers are listed under ("LG")
    has: tuple[tuple[str, bool], ...] = ()  # fields the papers must have or lack: (("doi", True),) for "with a DOI"
    # Conditions on the record's kind of work and venue name ("in a journal (so not arXiv-only)", "not in IEEE venues")
    record: Conditions = Conditions()
    grouping: Grouping | None = (
        None  # a field the papers are grouped by, with a count ("which journal … more than once")
    )
    aggregate: Aggregate | None = None  # an operation over a field of the papers in scope (plan/aggregate.py)
    team: TeamSize | None = None  # how many authors the papers must have ("more than five authors", "single-author")
    # The code route asked what the papers say of their code ("say their code is released"): an abstract's own
    # statement counts beside a listing's Code mark (evidence/code_statement.py)
    code_said: bool = False
    # The code route asked for the papers without code ("which of those don't say anything about their code?", "with
    # no code available"): neither a Code mark, a code link nor an abstract saying the code is released
    code_absent: bool = False
    # The question about the corpus's sources, read once: a page's statements or the papers by source it asks for
    # (the provenance route), or the sources the papers asked about are restricted to ("on his profile page").
    sources: SourceReading | None = None
    # One short sentence saying what the reading assumed where it was unsure (words read as phrasing, not a topic;
    # a topic no paper grounds answered from retrieval); the answer opens with it.
    assumed: str = ""
    # A topic summary's topic as the question describes it, before its words were read (topic_summary: the papers it
    # leads to by meaning as a whole are added to a reading that found few, evidence/described.py).
    described: str = ""
    # Metadata fields asked of one paper, in the order asked: venue, date, authors, arxiv, citations ("Where and when
    # did she do her PhD thesis?" -> venue, date). The route answers the first; the writer adds the rest.
    fields: tuple[str, ...] = ()
    # The statement a yes/no question checks, without its lead-in and its tag ("I read that X. Is that right?": X).
    claim: str = ""
    # A yes/no question over a set of papers ("Were all of his 2020 papers about ML?"): its quantifier, set and claim.
    quantified: Quantified | None = None
    notes: list[str] = field(default_factory=list)
    page: int = 0  # the page of a long list asked for ("more", "show the rest" after a list: 1, 2, …)
    page_size: int = LIST_PAGE

    def listed(self, paper) -> bool:
        """The paper is listed in the sources the question restricts its papers to (any paper, when none)."""
        return self.sources is None or not self.sources.restricts or self.sources.admits(paper)

    def admits_record(self, paper) -> bool:
        """The paper has the fields asked, its byline meets the people, its record the conditions, and the sources
        the question names list it."""
        return (
            phrases.has_all(paper, self.has)
            and self.admits_people(paper)
            and self.record.admits(paper)
            and self.listed(paper)
        )

    def restricts_record(self) -> bool:
        """Some paper may fail `admits_record`: a field, a person, a record condition or a restricting source is
        asked. Without one it admits every paper, and a list over 10k papers need not ask each (~3 CPU ms a
        question at 10k papers)."""
        return bool(
            self.has or self.people or self.record.items or (self.sources is not None and self.sources.restricts)
        )

    def admits_people(self, paper) -> bool:
        """The paper's byline meets every person constraint."""
        return all(c.admits(paper) for c in self.people)

    @property
    def words(self) -> str:
        """The question as evidence reads it: spelling corrected."""
        return self.corrected or self.question

    @property
    def year_from(self) -> int | None:
        """The first year the question itself asks for (filters may add their own)."""
        return self.dates.years[0] if self.dates else None

    @property
    def year_to(self) -> int | None:
        return self.dates.years[1] if self.dates else None

    @property
    def author_scope(self) -> bool:
        return self.scope == "author"

    def explain(self, titles: dict[str, str] | None = None) -> dict:
        titles = titles or {}
        f = self.filters
        return {
            "answer_type": self.answer_type,
            "route": self.route,
            "subject": self.subject,
            "scope": self.scope,
            "years": [f.year_from, f.year_to],
            "dates": self.dates.describe() if self.dates else None,
            "negated_topic": self.negated or None,
            "negated_claimed": self.negated_claimed or None,
            "instance_of": self.instance_of or None,
            "not_in": self.not_in or None,
            "quantity": [self.quantity, "largest" if self.direction > 0 else "smallest"] if self.quantity else None,
            "papers_ranked": self.ranked,
            "threshold": [self.threshold.noun, self.threshold.said] if self.threshold else None,
            "leaves_out": [titles.get(i, i) for i in self.leave_out],
            "venues": self.venues,
            "categories": self.categories,
            "has": [f"{'' if present else 'no '}{name}" for name, present in self.has],
            "record": self.record.explain(),
            "authors_count": self.team.phrase if self.team else None,
            "code_said": self.code_said or None,
            "code_absent": self.code_absent or None,
            "sources": self.sources.explain() if self.sources else None,
            "grouping": self.grouping.describe() if self.grouping else None,
            "aggregate": self.aggregate.describe() if self.aggregate else None,
            "fields": list(self.fields),
            "coauthor": f.coauthor,
            "person": self.person,
            "people": [f"{c.who}: {c.role}" for c in self.people],
            "author_position": self.position,
            "position_negated": self.position_negated,
            "work_type": self.work_type,
            "surname": self.surname,
            "topic": self.topic,
            "described": self.described or None,
            "literal": self.literal,
            "named": [titles.get(i, i) for i in self.named],
            "points_back_to": [titles.get(i, i) for i in self.focus],
            "query": self.query,
            "route_confidence": round(self.vote.confidence, 3) if self.vote else None,
            "nearest_examples": [
                {"label": lbl, "example": ex, "cosine": c}
                for lbl, ex, c in (self.vote.neighbours[:3] if self.vote else [])
            ],
            "excluded_by_filters": [titles.get(i, i) for i in self.excluded],
            "unresolved_sides": self.unresolved,
            "assumed": self.assumed or None,
            "claim": self.claim or None,
            "quantified": self.quantified.describe() if self.quantified else None,
            "notes": self.notes,
            "page": self.page + 1,
        }
