"""How many authors a paper has, as a question selects or ranks by it: a condition on the author count ("more than
five authors", "at least 3 co-authors", "single-author", "written alone", "two-author papers") and a superlative of
it ("the longest author list", "the most authors", "the smallest team"). Both are read from the table's author lists,
never from a topic search on the leftover words.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from assistant.answer.plan.phrases.dates import NUMBER_WORDS
from assistant.answer.plan.phrases.who import POSITION

_NUMBER = {w: n for n, w in NUMBER_WORDS.items()} | {"a single": 1, "single": 1, "a": 1, "one": 1}
_N = r"(?P<n>\d{1,3}|" + "|".join(sorted((re.escape(w) for w in _NUMBER), key=len, reverse=True)) + r")"
# The people counted: authors, co-authors, names on the byline ("people" only with a word of authorship near it).
_PEOPLE = r"(?P<who>(?:co-?)?authors?|names|people|researchers|contributors|collaborators)"
_BOUNDS = {
    "more than": (1, 1), "over": (1, 1), "above": (1, 1), "greater than": (1, 1), "at least": (0, 1),
    "or more": (0, 1), "and more": (0, 1), "fewer than": (1, -1), "less than": (1, -1), "under": (1, -1),
    "at most": (0, -1), "or fewer": (0, -1), "or less": (0, -1), "exactly": (0, 0), "only": (0, 0), "just": (0, 0),
}  # fmt: skip
_BEFORE = r"(?P<bound>more than|over|above|greater than|at least|fewer than|less than|under|at most|exactly|only|just)"
_AFTER = r"(?P<after>or more|and more|or fewer|or less)"
# "more than five authors", "at least 3 co-authors", "exactly two authors", "5 or more authors", "six authors".
_COUNTED = re.compile(rf"\b(?:{_BEFORE}\s+)?{_N}\s+(?:{_AFTER}\s+)?{_PEOPLE}\b", re.I)
# "single-author(ed)", "solo-authored", "sole-author", "two-author papers", "a three-author paper", "multi-author" (two
# or more).
_HYPHENED = re.compile(
    rf"\b(?:(?P<alone>single|solo|sole|lone)[- ]|(?P<several>multi)-?|{_N}-)(?:authored|author|authors|authorship)\b"
    r"(?!\s+(?:of|on)\b)",
    re.I,
)
# "written alone", "on his own", "by herself", "as the only author", "as sole author", "is she the only author".
_ALONE = re.compile(
    r"\b(?:(?:write|wrote|written|authored|published)\s+(?:\w+\s+){0,2}?(?:alone|by (?:him|her|them)sel(?:f|ves)|"
    r"on (?:his|her|their) own)|(?:as|is|was|being)(?: (?:he|she|they))? (?:the )?(?:only|sole|single) author|"
    r"(?:with )?no (?:other )?co-?authors?|"
    r"without (?:any )?(?:other )?co-?authors?)\b",
    re.I,
)

# One person beside the author: "the paper where that person is her only co-author", "with Ole Hansen as his sole
# co-author", "her only other author", "the paper the two of them wrote as a pair": a byline of two.
_ONE_OTHER = re.compile(
    r"\b(?:only|sole|single|lone)\s+(?:co-?author|other\s+(?:co-?)?author)\b(?!s)|\bas\s+a\s+(?:pair|duo)\b", re.I
)

_NOT_BYLINE = ("people", "researchers", "contributors", "collaborators")
# A count with no bound is a condition only as what the papers have: "papers with six authors", "that list 3 authors".
_HAVING = re.compile(r"\b(?:with|have|has|had|having|lists?|listing|listed|by)\s*$", re.I)


@dataclass(frozen=True)
class TeamSize:
    """A condition on a paper's number of authors: from `low` to `high` inclusive (`high` may be infinite)."""

    low: int
    high: float
    said: str  # as the question says it ("more than five authors")

    def admits(self, authors: int, truncated: bool = False) -> bool:
        """Whether a paper with that many authors listed passes; a truncated list ("et al.") has at least one more,
        and an unknown count passes no upper bound."""
        if truncated:
            return authors + 1 >= self.low and math.isinf(self.high)
        return self.low <= authors <= self.high

    def undecided(self, authors: int, truncated: bool) -> bool:
        """A byline cut short ("et al.") too early to tell whether the paper passes."""
        return truncated and not self.admits(authors, True) and authors + 1 <= self.high

    @property
    def phrase(self) -> str:
        """The condition in an answer's words ("with more than 5 authors")."""
        if self.low == self.high:
            return "with a single author" if self.low == 1 else f"with exactly {self.low} authors"
        if math.isinf(self.high):
            return f"with at least {self.low} authors"
        if self.low <= 1:
            return f"with at most {int(self.high)} author{'s' if self.high != 1 else ''}"
        return f"with {self.low} to {int(self.high)} authors"


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER[word.casefold()]


def team_size(question: str) -> TeamSize | None:
    """The author-count condition a question selects papers by, or None ("more than five authors" -> 6..inf). The
    sole authorship said as a position's alternative ("first or sole author") is the position's (phrases.who)."""
    question = POSITION.sub(lambda m: " " * len(m.group(0)), question)
    if m := _ALONE.search(question):
        return TeamSize(1, 1, m.group(0))
    if m := _ONE_OTHER.search(question):
        return TeamSize(2, 2, m.group(0))
    if m := _HYPHENED.search(question):
        if m.group("several"):
            return TeamSize(2, math.inf, m.group(0))
        n = 1 if m.group("alone") else _value(m.group("n"))
        return TeamSize(n, n, m.group(0))
    for m in _COUNTED.finditer(question):
        n = _value(m.group("n"))
        who = m.group("who").casefold()
        bound = (m.group("bound") or m.group("after") or "").casefold()
        if not bound and (who in _NOT_BYLINE or not _HAVING.search(question[: m.start()])):
            continue  # "which of the two authors wrote it?", "two people wrote it": who, not a condition
        strict, direction = _BOUNDS.get(bound, (0, 0))
        if who.startswith("co"):
            n += 1  # "more than two co-authors": the byline holds the author too
        if direction > 0:
            return TeamSize(n + strict, math.inf, m.group(0))
        if direction < 0:
            return TeamSize(1, n - strict, m.group(0))
        return TeamSize(n, n, m.group(0))
    return None


_MOST = {"most": 1, "largest": 1, "biggest": 1, "longest": 1, "fewest": -1, "smallest": -1, "shortest": -1}
_MOST_WORDS = "|".join(_MOST)
# "the longest author list", "the most authors", "the largest number of co-authors", "the biggest team", "the fewest
# authors", "the largest author count".
_RANKED = re.compile(
    rf"\b(?P<most>{_MOST_WORDS})\s+(?:number of\s+|count of\s+)?(?:"
    r"(?:co-?)?authors?\b(?:\s*(?:list|lists|line|count|team)\b)?|author(?:ship)?\s+(?:list|lists|line|count)\b|"
    r"(?:author\s+|research\s+)?teams?\b|byline\b|collaborators\b)",
    re.I,
)


def team_extreme(question: str) -> int | None:
    """1 when the question asks for the paper with the most authors, -1 the fewest, None when it asks neither."""
    m = _RANKED.search(question)
    return _MOST[m.group("most").casefold()] if m else None


def without_team(question: str, ranked: bool = True) -> str:
    """The question with its author-count phrases taken out (they are no topic; nor, as conditions, its form: "with
    no co-authors" asks for papers, not for co-authors). `ranked=False` keeps the superlatives ("the most
    authors"), which are the form of a question."""
    for pattern in (_ALONE, _ONE_OTHER, _HYPHENED, _COUNTED, *((_RANKED,) if ranked else ())):
        question = pattern.sub(" ", question)
    return question
