"""The typed query plan: what one turn asks (answer type, scope, years, people, papers named, topic), made once.

The answer type comes from the nearest labelled example questions (data/route_examples.txt), embedded with
the MiniLM the retriever already loads; names, people and years are masked first so the form of the
question decides, not its topic. Slots (years, author position, people, papers, scope) are read against
the paper table. `explain()` is what `assistant ask --explain` and the answer's `meta.plan` show.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from assistant.answer.plan.router import Router, RouteVote  # noqa: F401 - Router is imported from here by callers
from assistant.models import Filters, Message

YEAR = r"(?:19|20)\d{2}"
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
# An author position said as a role: the lead author is the first listed, the senior author the last.
_ROLES = {"lead": 1, "leading": 1, "senior": -1}
# Author position: "as first author", "the second author", "listed first among its authors", "led by".
_POSITION = re.compile(
    r"\b(first|second|third|fourth|fifth|last|lead|leading|senior)[- ]authors?\b|"
    r"\blisted (first|second|third|last)\b|\b(first|second|third|last)(?:-| )named "
    r"author\b",
    re.I,
)
_SURNAME = re.compile(r"\b(?:surnamed|surname(?: is)?|last name(?: is)?|family name(?: is)?)\s+([A-Z][a-z]+)\b")
# Scope words that exclude the author: "not by him", "leaving out his own work", "he did not write".
_EXCLUDES_AUTHOR = re.compile(
    r"\b(leaving out|excluding|except(?: for)?|apart from|other than|not counting|"
    r"besides|without)\b[^.?]{0,40}\b(own|his|her|their|author)\b"
    r"|\b(he|she|they|the author|(?-i:[A-Z]\w+ [A-Z]\w+)) (?:did|does|has|have) not (?:write|written|author|authored)\b"
    r"|\b(he|she|they|the author) didn'?t (?:write|author)\b"
    r"|\b(he|she|they|the author) (?:is|was|are|were)(?: not|n'?t) (?:an? |one of the |among the )?(?:co-?)?authors?\b"
    r"|\b(?:is|was|are|were)n?'?t? (he|she|they|the author) not (?:an? |one of the |among the )?(?:co-?)?authors?\b"
    r"|\bnot (?:by|from|written by|authored by) (?:the author|him|her|them)\b|\bnot "
    r"(?:the author['’]s|his|hers|theirs)\b"
    r"|\bother (?:groups?|researchers?|authors?|people|teams?|labs?)\b",
    re.I,
)
_WHOLE_CORPUS = re.compile(
    r"\b(whole|entire|across the) corpus\b|\b(corpus|all) papers\b|\bin the corpus\b|\bany paper\b|\bcorpus list\b",
    re.I,
)


def years(q: str) -> tuple[int | None, int | None]:
    """The year range a question asks about ("2021 or earlier", "after 2024", "between 2019 and 2021")."""
    if m := re.search(rf"\b(?:between|from)\s+({YEAR})\s+(?:and|to|-|–)\s+({YEAR})\b", q) or re.search(
        rf"\b({YEAR})\s*(?:-|–|to)\s*({YEAR})\b", q
    ):
        a, b = sorted((int(m.group(1)), int(m.group(2))))
        return a, b
    if m := re.search(rf"\b({YEAR})\s+(?:or|and)\s+(?:earlier|before|prior)\b", q):
        return None, int(m.group(1))
    if m := re.search(rf"\b({YEAR})\s+(?:or|and)\s+(?:later|after|since)\b|\b({YEAR})\s+(?:on(?:wards?)?)\b", q):
        return int(m.group(1) or m.group(2)), None
    if m := re.search(rf"\b(?:before|prior to|earlier than|until|up to|through|by)\s+({YEAR})\b", q):
        inclusive = q[m.start() : m.end()].startswith(("until", "up to", "through", "by"))
        return None, int(m.group(1)) - (0 if inclusive else 1)
    if m := re.search(rf"\b(?:after|later than)\s+({YEAR})\b", q):
        return int(m.group(1)) + 1, None
    if m := re.search(rf"\b(?:since|starting(?: from| in)?)\s+({YEAR})\b", q):  # "from 2025" alone is that year
        return int(m.group(1)), None
    found = re.findall(rf"\b({YEAR})\b", q)
    if len(found) == 1:
        return int(found[0]), int(found[0])
    return None, None


def position(q: str) -> int | None:
    """1 for "first author", 2 for "second author", -1 for "last/senior author"; None when not asked."""
    m = _POSITION.search(q)
    if not m:
        return None
    return author_index(next(g for g in m.groups() if g))


def author_index(word: str) -> int | None:
    """The index in an author list that a position word names: 1 for "first" or "lead", -1 for "last" or "senior"."""
    word = word.casefold()
    return _ROLES.get(word, ORDINALS.get(word))


def surname(q: str) -> str | None:
    m = _SURNAME.search(q)
    return m.group(1) if m else None


def excludes_author(q: str) -> bool:
    return bool(_EXCLUDES_AUTHOR.search(q))


def whole_corpus(q: str) -> bool:
    return bool(_WHOLE_CORPUS.search(q))


@dataclass
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
    surname: str | None = None
    excludes_author: bool = False
    excluded: list[str] = field(default_factory=list)  # named papers the user's filters exclude
    compared: list[str] = field(default_factory=list)  # ids of the papers a comparison is about, in order
    corrected: str = ""  # the question with misspelt words corrected (what evidence is weighed against)
    literal: str | None = None  # a quoted phrase asked for literally ("an 'under review' note")
    vote: RouteVote | None = None
    intent: object = None  # the legacy Intent, for handlers that still read it
    notes: list[str] = field(default_factory=list)

    @property
    def words(self) -> str:
        """The question as evidence reads it: spelling corrected."""
        return self.corrected or self.question

    @property
    def author_scope(self) -> bool:
        return self.scope == "author"

    def explain(self, titles: dict[str, str] | None = None) -> dict:
        titles = titles or {}
        f = self.filters
        return {
            "answer_type": self.answer_type,
            "route": getattr(self.intent, "route", self.route),
            "scope": self.scope,
            "years": [f.year_from, f.year_to],
            "coauthor": f.coauthor,
            "person": self.person,
            "author_position": self.position,
            "surname": self.surname,
            "topic": self.topic,
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
            "notes": self.notes,
        }
