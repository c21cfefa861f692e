"""Every English question phrase the planner reads, in one place: dates, author positions, exclusions of the
author, negated topics, pointers back, paper nouns and the words of a question's structure.

Each reader returns what it found *and* the span of text it read, so the planner can take the phrase out of the
question before the rest of it is read as a topic ("the first half of 2024" is a date, not an "earliest" cue or a
topic "half"). Nothing here knows the corpus; the planner reads the results against the table.

Dates are parsed here rather than with a library: `recognizers-text-date-time` (1.0.2a2, 2019, needs `emoji<1`)
read "March 2025", "the first half of 2024", "Q3 2024" and "since 2021" but took 15-25 ms a question on these cores
(0.8 s on the first), read "late 2023" as the whole year, "between May 2022 and February 2023" as two separate
months and "papers from the second half of 2023" as "since"; `timefhuman` 0.1.5 read only "March 2025" and
"between May 2022 and February 2023" of the same eleven phrasings (measured 2026-11-25).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from assistant.models import Paper

DATA = Path(__file__).parent / "data"
YEAR = r"(?:19|20)\d{2}"

# --- dates ------------------------------------------------------------------------------------------------------------

MONTHS = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
# Parts of a year, as (first month, last month). "early/mid/late" split the year in thirds, as people mean them.
PARTS = {
    "first half": (1, 6),
    "h1": (1, 6),
    "second half": (7, 12),
    "latter half": (7, 12),
    "h2": (7, 12),
    "early": (1, 4),
    "beginning": (1, 4),
    "start": (1, 4),
    "mid": (5, 8),
    "middle": (5, 8),
    "late": (9, 12),
    "end": (9, 12),
    "first quarter": (1, 3),
    "q1": (1, 3),
    "second quarter": (4, 6),
    "q2": (4, 6),
    "third quarter": (7, 9),
    "q3": (7, 9),
    "fourth quarter": (10, 12),
    "last quarter": (10, 12),
    "q4": (10, 12),
    "spring": (3, 5),
    "summer": (6, 8),
    "autumn": (9, 11),
    "fall": (9, 11),
}
NUMBER_WORDS = {
    0: "zero",
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
    13: "thirteen",
    14: "fourteen",
    15: "fifteen",
    16: "sixteen",
    17: "seventeen",
    18: "eighteen",
    19: "nineteen",
    20: "twenty",
}
_MONTH_NAMES = [max((n for n, i in MONTHS.items() if i == month), key=len).capitalize() for month in range(1, 13)]
_COUNTS = {w: n for n, w in NUMBER_WORDS.items()} | {"a": 1, "a couple of": 2, "a few": 3}

_MONTH = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_PART = (
    r"(?:(?:the\s+)?(?:"
    + "|".join(sorted((re.escape(p) for p in PARTS), key=len, reverse=True))
    + r")(?:\s+(?:of|in))?(?:\s+the\s+year)?)"
)
# One point in time: "March 2025", "Mar. 2025", "the first half of 2024", "late 2023", "Q3 2024", "2021".
_POINT = rf"(?:{_MONTH}\s*,?\s*{YEAR}|{_PART}[\s-]*{YEAR}|{YEAR})"
_MONTH_ONLY = rf"(?:{_MONTH})"  # "from March to May 2025": the first side borrows the second's year
_COUNT = r"(?:\d{1,2}|" + "|".join(sorted((re.escape(w) for w in _COUNTS), key=len, reverse=True)) + r")"


@dataclass(frozen=True)
class Month:
    year: int
    month: int

    def __lt__(self, other: Month) -> bool:
        return (self.year, self.month) < (other.year, other.month)

    def __le__(self, other: Month) -> bool:
        return (self.year, self.month) <= (other.year, other.month)

    def shift(self, months: int) -> Month:
        n = self.year * 12 + self.month - 1 + months
        return Month(n // 12, n % 12 + 1)


@dataclass(frozen=True)
class DateSpan:
    """A span of months a question asks about, both ends inclusive; None on a side is open.

    `relative` is a span counted from something the conversation names ("the following year", "four years after
    that one"): (offset from the anchor's year in years, length in years); the planner resolves it to an absolute
    span once it knows the anchor.
    """

    start: Month | None = None
    end: Month | None = None
    said: tuple[tuple[int, int], ...] = ()  # (start, end) character spans of the question the date was read from
    relative: tuple[int, int] | None = None

    @property
    def years(self) -> tuple[int | None, int | None]:
        """The whole years the span touches (a year filter that contains it)."""
        return (self.start.year if self.start else None, self.end.year if self.end else None)

    @property
    def by_month(self) -> bool:
        """The span starts or ends inside a year: a paper dated only by its year may fall either side."""
        return bool((self.start and self.start.month != 1) or (self.end and self.end.month != 12))

    def describe(self) -> str:
        """The span said for an answer: "March 2025", "January to June 2024", "September 2023 on"."""

        def said(m: Month) -> str:
            return f"{_MONTH_NAMES[m.month - 1]} {m.year}"

        if self.start and self.end:
            if self.start == self.end:
                return said(self.start)
            if (self.start.month, self.end.month) == (1, 12):
                return (
                    f"{self.start.year} to {self.end.year}" if self.start.year != self.end.year else str(self.end.year)
                )
            return f"{said(self.start)} to {said(self.end)}"
        if self.start:
            return f"{said(self.start)} on"
        if self.end:
            return f"up to {said(self.end)}"
        return "any date"

    def admits(self, paper: Paper) -> bool | None:
        """True when the paper's date falls in the span, False when it falls outside, None when the paper's date is
        too coarse to tell (no date, or only a year the span cuts through)."""
        if paper.date and paper.date_precision in ("day", "month") and re.match(r"\d{4}-\d{2}", paper.date):
            m = Month(int(paper.date[:4]), int(paper.date[5:7]))
            return (self.start is None or self.start <= m) and (self.end is None or m <= self.end)
        if paper.year is None:
            return None
        first, last = Month(paper.year, 1), Month(paper.year, 12)
        if (self.start and last < self.start) or (self.end and self.end < first):
            return False
        if (self.start is None or self.start <= first) and (self.end is None or last <= self.end):
            return True
        return None


def _point(text: str, year_hint: int | None = None) -> tuple[Month, Month] | None:
    """The first and last month of one point phrase ("March 2025", "late 2023", "2021", "May" with a year hint)."""
    t = text.casefold().strip()
    year = re.search(YEAR, t)
    y = int(year.group(0)) if year else year_hint
    if y is None:
        return None
    for part in sorted(PARTS, key=len, reverse=True):
        if re.search(rf"\b{re.escape(part)}\b", t):
            a, b = PARTS[part]
            return Month(y, a), Month(y, b)
    if m := re.match(rf"({_MONTH})", t):
        month = MONTHS[m.group(1).rstrip(".")]
        return Month(y, month), Month(y, month)
    return Month(y, 1), Month(y, 12)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _COUNTS[word.casefold()]


def dates(question: str) -> DateSpan | None:
    """The span of dates a question asks about, or None when it names none.

    Reads years and months ("in March 2025"), parts of years ("the first half of 2024", "late 2023", "Q3 2024"),
    ranges ("between 2019 and 2021", "from March to May 2025", "2019-2021"), open ends ("since 2021", "2024 or later",
    "before 2021", "up to 2022"), spans counted from a point ("the two years after 2020") and spans relative to
    something the conversation named ("the following year", "four years after that one").
    """
    q = question
    flags = re.I
    # A range of two points, or of two months of one year.
    for pattern in (
        rf"\b(?:between|from)\s+(?P<a>{_POINT}|{_MONTH_ONLY})\s+(?:and|to|until|till|through|-|–)\s+(?P<b>{_POINT})",
        rf"\b(?P<a>{_POINT})\s*(?:-|–|to)\s*(?P<b>{_POINT})\b",
    ):
        if m := re.search(pattern, q, flags):
            b = _point(m.group("b"))
            a = _point(m.group("a"), b[0].year if b else None)
            if a and b:
                lo, hi = sorted([a, b], key=lambda r: (r[0].year, r[0].month))
                return DateSpan(lo[0], max(a[1], b[1], key=lambda x: (x.year, x.month)), ((m.start(), m.end()),))
    # "the two years after 2020", "in the 3 years before 2024", "within two years of 2019"
    if m := re.search(
        rf"\b(?:in\s+|during\s+|over\s+)?(?:the\s+)?(?:first\s+|next\s+|following\s+)?(?P<n>{_COUNT})\s+years?\s+"
        rf"(?P<dir>after|following|since|before|preceding|prior to)\s+(?P<p>{_POINT})",
        q,
        flags,
    ):
        n, p = _count(m.group("n")), _point(m.group("p"))
        if p:
            after = m.group("dir").casefold() in ("after", "following", "since")
            exact = not re.match(r"(?i)(?:in\s+|during\s+|over\s+)?the\b", m.group(0)) and not m.group(0).startswith(
                ("within", "over")
            )
            if after:
                start = Month(p[1].year + (n if exact else 1), 1)
            else:
                start = Month(p[0].year - n, 1)
            end = Month(start.year + (0 if exact else n - 1), 12)
            return DateSpan(start, end, ((m.start(), m.end()),))
    # Relative to an anchor the conversation names.
    if m := re.search(
        rf"\b(?:(?P<n>{_COUNT})\s+years?\s+(?P<dir>after|later than|before|earlier than)\s+"
        r"(?:that one|this one|that paper|the previous one|that|this|it)|"
        r"the (?P<rel>following|next|previous|preceding) year|"
        r"the year (?P<rel2>after|before)(?: that| it| this)?|a year (?P<rel3>later|earlier))\b",
        q,
        flags,
    ):
        if m.group("n"):
            n = _count(m.group("n"))
            offset = n if m.group("dir").casefold() in ("after", "later than") else -n
        else:
            word = (m.group("rel") or m.group("rel2") or m.group("rel3")).casefold()
            offset = 1 if word in ("following", "next", "after", "later") else -1
        return DateSpan(said=((m.start(), m.end()),), relative=(offset, 1))
    # Open ends.
    opens = [
        (rf"\b(?P<p>{_POINT})\s+(?:or|and)\s+(?:earlier|before|prior)\b", "to", True),
        (rf"\b(?P<p>{_POINT})\s+(?:or|and)\s+(?:later|after|since|onwards?|beyond)\b", "from", True),
        (rf"\b(?:from|since|starting(?:\s+from|\s+in)?)\s+(?P<p>{_POINT})\s+(?:on(?:wards?)?)\b", "from", True),
        (rf"\b(?P<p>{_POINT})\s+on(?:wards?)\b", "from", True),
        (
            rf"\b(?:until|till|up to|up until|through|by|no later than)\s+(?:the\s+end\s+of\s+)?(?P<p>{_POINT})",
            "to",
            True,
        ),
        (rf"\b(?:before|prior to|earlier than)\s+(?P<p>{_POINT})", "to", False),
        (rf"\b(?:after|later than)\s+(?P<p>{_POINT})", "from", False),
        (
            rf"\b(?:since|starting(?:\s+from|\s+in)?|beginning(?:\s+in)?|no earlier than)\s+(?P<p>{_POINT})",
            "from",
            True,
        ),
    ]
    for pattern, side, inclusive in opens:
        if m := re.search(pattern, q, flags):
            p = _point(m.group("p"))
            if p is None:
                continue
            said = ((m.start(), m.end()),)
            if side == "to":
                return DateSpan(None, p[1] if inclusive else p[0].shift(-1), said)
            return DateSpan(p[0] if inclusive else p[1].shift(1), None, said)
    # One point named once ("in March 2025", "from 2025": that year); several points without a range word are a list
    # the planner does not read as one span.
    points = list(re.finditer(rf"\b{_POINT}\b", q, flags))
    if len(points) == 1:
        m = points[0]
        p = _point(m.group(0))
        if p:
            start = m.start()
            # "in the first half of 2024": the span read includes the part word before the year
            return DateSpan(p[0], p[1], ((start, m.end()),))
    return None


def years(question: str) -> tuple[int | None, int | None]:
    """The whole years a question asks about ("2021 or earlier", "after 2024", "between 2019 and 2021")."""
    span = dates(question)
    return span.years if span and not span.relative else (None, None)


def without_dates(question: str) -> str:
    """The question with the date phrase taken out (the rest is read for its route and topic)."""
    span = dates(question)
    if span is None:
        return question
    out = question
    for a, b in sorted(span.said, reverse=True):
        out = out[:a] + " " + out[b:]
    return out


# --- author positions and names --------------------------------------------------------------------------------------

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
# An author position said as a role: the lead author is the first listed, the senior author the last.
ROLES = {"lead": 1, "leading": 1, "senior": -1}
# Author position: "as first author", "the second author", "listed first among its authors", "led by".
POSITION = re.compile(
    r"\b(first|second|third|fourth|fifth|last|lead|leading|senior)[- ]authors?\b|"
    r"\blisted (first|second|third|last)\b|\b(first|second|third|last)(?:-| )named "
    r"author\b",
    re.I,
)
SURNAME = re.compile(r"\b(?:surnamed|surname(?: is)?|last name(?: is)?|family name(?: is)?)\s+([A-Z][a-z]+)\b")


def position(q: str) -> int | None:
    """1 for "first author", 2 for "second author", -1 for "last/senior author"; None when not asked."""
    m = POSITION.search(q)
    if not m:
        return None
    return author_index(next(g for g in m.groups() if g))


def author_index(word: str) -> int | None:
    """The index in an author list that a position word names: 1 for "first" or "lead", -1 for "last" or "senior"."""
    word = word.casefold()
    return ROLES.get(word, ORDINALS.get(word))


def surname(q: str) -> str | None:
    m = SURNAME.search(q)
    return m.group(1) if m else None


# --- who wrote it: the author, others, the whole corpus -----------------------------------------------------------

# Scope words that exclude the author: "not by him", "leaving out his own work", "he did not write".
EXCLUDES_AUTHOR = re.compile(
    r"\b(leaving out|excluding|except(?: for)?|apart from|other than|not counting|"
    r"besides|without)\b[^.?]{0,40}\b(own|his|her|their|author)\b"
    r"|\b(he|she|they|the author|(?-i:[A-Z]\w+ [A-Z]\w+)) (?:did|does|has|have) not (?:write|written|author|authored)\b"
    r"|\b(he|she|they|the author) didn'?t (?:write|author)\b"
    r"|\b(?:did|does|has|have) (?:he|she|they|the author) not (?:write|written|author|authored)\b"
    r"|\b(he|she|they|the author) (?:is|was|are|were)(?: not|n'?t) (?:an? |one of the |among the )?(?:co-?)?authors?\b"
    r"|\b(?:is|was|are|were)n?'?t? (he|she|they|the author) not (?:an? |one of the |among the )?(?:co-?)?authors?\b"
    r"|\bnot (?:by|from|written by|authored by) (?:the author|him|her|them)\b|\bnot "
    r"(?:the author['’]s|his|hers|theirs)\b"
    r"|\bother (?:groups?|researchers?|authors?|people|teams?|labs?)\b",
    re.I,
)
# Looser cues that a question also asks about other groups ("whole corpus", "not by").
OTHERS_ASKED = re.compile(
    r"\b(other (groups?|researchers?|authors?|people)|not (the author|his|by)|whole corpus|entire corpus)\b", re.I
)
# Only other groups' papers: "not by the author", "other researchers' papers".
OTHERS_ONLY = re.compile(
    r"\b(not (by|from|written by) (the author|him|them)|not (the author|his)['’]?s?|"
    r"other (groups?|researchers?|authors?|people)['’]?s?)\b",
    re.I,
)
CORPUS_WIDE = re.compile(r"\b(the corpus|all papers|every paper|any paper|all the papers)\b", re.I)
WHOLE_CORPUS = re.compile(
    r"\b(whole|entire|across the) corpus\b|\b(corpus|all) papers\b|\bin the corpus\b|\bany paper\b|\bcorpus list\b",
    re.I,
)
POSSESSIVE = re.compile(r"\b(his|her|their|the author['’]s)\b", re.I)
AUTHOR_POINTER = re.compile(
    r"\b(the author|this author|the researcher|this researcher|principal author|his|he|him|they|them|their)\b", re.I
)


def excludes_author(q: str) -> bool:
    return bool(EXCLUDES_AUTHOR.search(q))


def whole_corpus(q: str) -> bool:
    return bool(WHOLE_CORPUS.search(q))


# --- negated topics ---------------------------------------------------------------------------------------------------

# "not about LLMs", "don't involve large language models", "other than quantization", "without machine learning":
# a topic the answer must leave out. The negated words run to the end of the clause.
_NEGATION = re.compile(
    r"\b(?:(?:are|is|were|was|do|does|did)(?:\s+not|n['’]t)|not|never)\s+(?:\w+ly\s+)?"
    r"(?:about|on|concern(?:ed with)?|(?:deal|deals|dealing) with|involve|involving|use|using|rely on|relying on|"
    r"depend on|mention|cover|touch on|address|tackle|target|study|apply|employ|focus on|related to)\s+"
    r"(?P<x>[^,.;?!]+)"
    r"|\b(?:other than|apart from|except(?: for)?|excluding|besides|without(?: any)?|leaving out|not counting)\s+"
    r"(?P<y>[^,.;?!]+)",
    re.I,
)
# Where a negated topic ends: a date, "at all", or the start of another clause.
_NEGATION_END = re.compile(
    rf"\s+(?:at all|whatsoever|in any way|(?:from|since|before|after|in|between|during)\s+(?:the\s+)?"
    rf"(?:{YEAR}|{_MONTH}|{_PART})|and (?:which|what|how|who|when)|(?:that|which) (?:are|were|is|was)|{YEAR}|"
    r"(?:ones?|papers?|works?|publications?)\b|(?:came|come|were|was|are|is|did|do|does|has|have|had|published|"
    r"appeared)\b)\b.*$",
    re.I,
)


@dataclass(frozen=True)
class Negation:
    topic: str  # the words the answer must leave out ("LLMs", "machine learning")
    span: tuple[int, int]  # where the question says it


def negated(question: str) -> Negation | None:
    """The topic a question negates ("not about LLMs", "don't involve X", "other than X"), unless the phrase excludes
    the author ("not by him", "other than his own", which `excludes_author` reads)."""
    for m in _NEGATION.finditer(question):
        group = "x" if m.group("x") else "y"
        raw, start = m.group(group), m.start(group)
        cut = _NEGATION_END.search(raw)
        body = (raw[: cut.start()] if cut else raw).rstrip()
        x = body.strip(" \"'“”")
        if (
            not x
            or EXCLUDES_AUTHOR.search(question[m.start() : start + len(body)])
            or AUTHOR_POINTER.fullmatch(x.split()[0])
        ):
            continue
        end = start + len(body)
        if tail := re.match(r"\s+(?:at all|whatsoever|in any way)\b", question[end:], re.I):
            end += tail.end()
        return Negation(x, (m.start(), end))
    return None


def without_negation(question: str) -> str:
    """The question with its negated topic (and the words negating it) taken out."""
    n = negated(question)
    if n is None:
        return question
    a, b = n.span
    return question[:a] + " " + question[b:]


# --- pointers back, paper nouns, the words of a question's structure ------------------------------------------------

ANAPHORA = re.compile(
    r"\b(it|its|this|that|these|those|they|them|their|the (paper|method|approach|"
    r"framework|system|work|model|algorithm|technique|study))\b",
    re.I,
)
PAPER_NOUN = r"(?:papers?|publications?|works?|articles?|preprints?)\b"
PAPER_OWNER = r"(?:author['’]s|researcher['’]s|[a-z]+['’]s)"


def _words(name: str) -> frozenset[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return frozenset(w.casefold() for line in lines if not line.startswith("#") for w in line.split())


# Words of a question's structure, never a topic ("involve", "report", "evaluate", "half", "known", months): read from
# data/structure_words.txt, one place to extend.
STRUCTURE = _words("structure_words.txt") | frozenset(MONTHS) | frozenset(PARTS) | frozenset(NUMBER_WORDS.values())

# A greeting or thanks alone ("hi", "hello there", "thanks!"): no question to read.
GREETING = re.compile(
    r"^\s*(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings|thanks|thank you|cheers|yo)"
    r"( there| all| again| so much| a lot)?[\s!.,?]*(how are you|what can you do|who are you)?[\s!.,?]*$",
    re.I,
)
# "What is he known for?", "his key contributions", "what is he best known for": the overview of his work.
KNOWN_FOR = re.compile(
    r"\b(?:(?:best|mainly|mostly|most|widely)\s+)?known for\b|\bkey (?:contributions?|work|results?|papers?)\b|"
    r"\bmain contributions?\b|\bmost (?:important|notable|significant|influential) (?:work|contributions?|papers?)\b|"
    r"\bclaim to fame\b|\bwhat (?:is|does) (?:he|she|they|\w+ \w+) (?:do|work on)\b",
    re.I,
)
# "Point me to …", "Did he ever use …", "Which X has he developed?": asks whether papers exist (an empty list is the
# answer), not a fact of one paper the words describe.
ASKS_EXISTENCE = re.compile(
    r"(?i)\s*(point me|show|list|give me|find|summari[sz]e|did|has|have|does|do|is "
    r"there|are there|what (has|have)|which [\w-]+(?: [\w-]+)? (has|have|did))\b"
)
# Code released with a paper.
CODE = re.compile(r"\b(code|github|open[- ]source)\b", re.I)
# Bibliometrics a profile page may state.
METRICS = re.compile(r"\bh-?\s?index\b|\bi10\b|\bcitations?\b|\bcited\b|\bcitation counts?\b", re.I)


_QUOTED = re.compile(r"(?:^|\s)[\"“‘']([^\"”’']{3,60})[\"”’'](?=[\s.,;:?!]|$)")


def quoted(question: str) -> str | None:
    """A phrase the question puts in quotes ("an 'under review' note"): asked for literally."""
    m = _QUOTED.search(question)
    return m.group(1).strip() if m else None


# --- composition: operations over the table ---------------------------------------------------------------------------

# "Who wrote both MoQE and CALM?", "which authors do A and B share", "authors in common".
SHARED_AUTHORS = re.compile(
    r"\bwho (?:wrote|authored|co-?authored|worked on|is (?:an? )?(?:co-?)?author (?:of|on)) both\b|"
    r"\b(?:authors?|co-?authors?|people|researchers?) (?:in common|(?:do|did) [^?]{3,80}? share|shared by)\b|"
    r"\bcommon (?:authors?|co-?authors?)\b|\bboth (?:papers|of them)\b[^?]{0,30}\b(?:authors?|wrote|written)\b",
    re.I,
)
# "his average number of papers per year", "how many papers a year on average".
AVERAGE = re.compile(r"\b(?:average|mean|on average|typically)\b", re.I)
# "the largest GPU count any of his papers reports", "the highest speedup he reports", "the most GPUs used":
# a superlative of a quantity the papers report; the noun is what is counted or measured.
_MOST = {
    "largest": 1, "biggest": 1, "highest": 1, "greatest": 1, "most": 1, "maximum": 1, "max": 1, "top": 1, "best": 1,
    "smallest": -1, "lowest": -1, "fewest": -1, "least": -1, "minimum": -1, "min": -1,
}  # fmt: skip
QUANTITY_EXTREME = re.compile(
    r"\b(?P<most>" + "|".join(_MOST) + r")\s+(?:number of\s+|count of\s+|reported\s+)?"
    r"(?P<noun>[A-Za-z][\w-]*?)(?:\s+(?:count|number|counts|numbers|figure|value|factor))?"
    r"(?:\s+(?:that\s+|which\s+)?(?:any|one|each|all|of|in|across|among|he|she|they|his|her|their|the|reported|"
    r"used|does|did|is|was|has|have|ever|do)\b|\s*[?.!]|\s*$)",
    re.I,
)


@dataclass(frozen=True)
class Extreme:
    direction: int  # 1 for the largest, -1 for the smallest
    noun: str  # what is counted or measured ("GPU", "speedup")


def quantity_extreme(question: str) -> Extreme | None:
    """The superlative of a reported quantity a question asks for, or None ("the largest GPU count …" -> (1, "GPU"))."""
    m = QUANTITY_EXTREME.search(question)
    if not m:
        return None
    noun = m.group("noun")
    if noun.casefold() in STRUCTURE | {"paper", "papers", "work", "works", "recent", "cited", "of"}:
        return None
    return Extreme(_MOST[m.group("most").casefold()], noun)


# "the first author of CALM: what else did they write?", "what other papers did its lead author write?"
ELSE_WRITTEN = re.compile(
    r"\b(?:what|which)\s+(?:else|other\s+(?:papers?|works?))\b[^?]{0,40}?\b(?:write|wrote|written|publish\w*|"
    r"author\w*)\b|\bother (?:papers|work|works) (?:by|of|from) (?:him|her|them|that (?:person|author))\b",
    re.I,
)


# "the newest of his papers with X", "the oldest one": one paper picked by date (not "his latest papers", a list).
_DATE_EXTREME = re.compile(
    r"\bthe (?P<w>newest|latest|most recent|oldest|earliest|first|last)\b(?!\s+(?:papers|works|publications|ones|"
    r"authors?|co-?authors?|half|quarter|\w+\s+authors?))",
    re.I,
)


def date_extreme(question: str) -> str | None:
    """ "latest" or "earliest" when the question picks one paper by its date."""
    m = _DATE_EXTREME.search(question)
    if not m:
        return None
    return "latest" if m.group("w").casefold() in ("newest", "latest", "most recent", "last") else "earliest"
