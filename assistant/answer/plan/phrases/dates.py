"""Dates in questions: years, months, parts of years, ranges, open ends, spans counted from a point, and dates
relative to the conversation. Parsed here rather than with a library: see the package docstring."""

from __future__ import annotations

import re

from assistant.answer.plan.phrases.date_words import MONTHS, NUMBER_WORDS, PARTS
from assistant.answer.plan.phrases.spans import _MONTH_NAMES, DateSpan, Month, span_of

YEAR = r"(?:19|20)\d{2}"

# --- dates ------------------------------------------------------------------------------------------------------------

_COUNTS = {w: n for n, w in NUMBER_WORDS.items()} | {"a": 1, "a couple of": 2, "a few": 3}

_MONTH = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_PART = (
    r"(?:(?:the\s+)?(?:"
    + "|".join(sorted((re.escape(p) for p in PARTS), key=len, reverse=True))
    + r")(?:\s+(?:of|in))?(?:\s+the\s+year)?)"
)
# One point in time: "March 2025", "Mar. 2025", "the first half of 2024", "late 2023", "Q3 2024", "2021".
# A day of the month is read but not kept: spans are counted in months ("December 9, 2024", "9 Dec 2024").
_DAY = r"(?:\d{1,2}(?:st|nd|rd|th)?)"
_POINT = rf"(?:(?:{_DAY}\s+)?{_MONTH}(?:\s+{_DAY})?\s*,?\s*{YEAR}|{_PART}[\s-]*{YEAR}|{YEAR})"
# "(inclusive)", "inclusively", "both inclusive" after a range belongs to the date phrase, not to the topic.
_INCLUSIVE = r"(?:\s*[,(]?\s*(?:both\s+)?inclusive(?:ly)?\b\s*\)?)?"
_MONTH_ONLY = rf"(?:{_MONTH})"  # "from March to May 2025": the first side borrows the second's year
_COUNT = r"(?:\d{1,2}|" + "|".join(sorted((re.escape(w) for w in _COUNTS), key=len, reverse=True)) + r")"


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
    if m := re.match(rf"(?:{_DAY}\s+)?({_MONTH})", t):
        month = MONTHS[m.group(1).rstrip(".")]
        return Month(y, month), Month(y, month)
    return Month(y, 1), Month(y, 12)


# "2020-21", "2019/20": a range whose second year keeps only its last two digits (not "2024-12-09", a day).
_SHORT_RANGE = re.compile(rf"\b(?P<a>{YEAR})\s*(?:-|–|/)\s*(?P<b>\d{{2}})\b(?![-/–]?\d)")
# A list of dates joined by commas, "and", "or", "&" or "/" ("in 2020 and 2021", "2019, 2021 or 2023", "in March or
# May 2025"): each a point; a month alone borrows the year of the next point that has one.
_SEP = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s*/\s*|\s*&\s*|\s+(?:and/or|and|or|as well as)\s+)(?:(?:in|during)\s+)?"
_LISTED = re.compile(rf"\b(?:{_POINT}|{_MONTH_ONLY})(?:{_SEP}(?:{_POINT}|{_MONTH_ONLY}))*{_SEP}{_POINT}\b", re.I)
_ITEM = re.compile(rf"{_POINT}|{_MONTH_ONLY}", re.I)


# "the 2010s", "the early 2020s", "mid-2010s": a decade, or a third of one (as "early/mid/late 2023" are of a year).
_DECADE = re.compile(
    r"\b(?:the\s+)?(?:(?P<part>early|mid|late)[\s-]+)?(?P<d>(?:19|20)\d0)['’]?s\b",
    re.I,
)
_DECADE_PARTS = {"early": (0, 3), "mid": (4, 6), "late": (7, 9), None: (0, 9)}


def _decade(q: str) -> DateSpan | None:
    if m := _DECADE.search(q):
        first, last = _DECADE_PARTS[m.group("part") and m.group("part").casefold()]
        d = int(m.group("d"))
        return DateSpan(Month(d + first, 1), Month(d + last, 12), ((m.start(), m.end()),))
    return None


def _short_range(q: str) -> DateSpan | None:
    for m in _SHORT_RANGE.finditer(q):
        a = int(m.group("a"))
        b = a // 100 * 100 + int(m.group("b"))
        if a < b <= a + 30:
            return DateSpan(Month(a, 1), Month(b, 12), ((m.start(), m.end()),))
    return None


def _listed(q: str) -> DateSpan | None:
    """A list of dates: one span when they touch ("2020 and 2021"), else the span with its pieces ("2019 and
    2021")."""
    for m in _LISTED.finditer(q):
        items = [i.group(0) for i in _ITEM.finditer(m.group(0))]
        points: list[tuple[Month, Month]] = []
        hint = None
        for item in reversed(items):  # a month alone takes the year said after it
            p = _point(item, hint)
            if p is None:
                break
            points.append(p)
            hint = p[0].year
        if len(points) != len(items) or len(points) < 2:
            continue
        return span_of(points, ((m.start(), m.end()),))
    return None


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _COUNTS[word.casefold()]


# "Did the study find that the area shrank between 2017 and 2023?": a date inside the claim a work is said to make
# dates what it measured, not when the work came out.
_REPORTED = re.compile(
    r"\b(?:find|finds|found|show|shows|showed|shown|report|reports|reported|claim|claims|claimed|conclude|concludes"
    r"|concluded|observe|observes|observed|reveal|reveals|revealed|demonstrate|demonstrates|demonstrated|measure"
    r"|measures|measured|detect|detects|detected)\s+(?:that|how|an?|the)\b",
    re.I,
)


def in_reported_claim(question: str, span: DateSpan) -> bool:
    """The date was read from inside the claim a work is said to report, not from the question's own scope."""
    m = _REPORTED.search(question)
    return bool(m and span.said and m.end() <= span.said[0][0])


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
        rf"\b(?:between|from|since|starting(?:\s+(?:in|from))?)\s+(?P<a>{_POINT}|{_MONTH_ONLY})\s+"
        rf"(?:and|to|until|till|through|thru|up\s+to|up\s+until|-|–)\s+(?:the\s+end\s+of\s+)?(?P<b>{_POINT})"
        + _INCLUSIVE,
        rf"\b(?P<a>{_POINT})(?:\s*(?:-|–|—)\s*|\s+(?:to|through|thru|until|till)\s+)(?P<b>{_POINT})\b" + _INCLUSIVE,
        # "April–May 2026", "Mar-Jun 2025": two months of one year joined by a dash, the first borrowing the year
        rf"\b(?P<a>{_MONTH_ONLY})\s*(?:-|–|—)\s*(?P<b>{_POINT})\b" + _INCLUSIVE,
    ):
        if m := re.search(pattern, q, flags):
            b = _point(m.group("b"))
            a = _point(m.group("a"), b[0].year if b else None)
            if a and b:
                lo, hi = sorted([a, b], key=lambda r: (r[0].year, r[0].month))
                return DateSpan(lo[0], max(a[1], b[1], key=lambda x: (x.year, x.month)), ((m.start(), m.end()),))
    if found := _short_range(q) or _listed(q) or _decade(q):
        return found
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
    # Relative to an anchor the conversation names, in months: "the same month two years later", "three months
    # after that", "the following month".
    if found := _months_after(q):
        return found
    # The anchor's own year: "around the same time", "that same year" (not "at the same time", which joins clauses,
    # nor "two papers from the same year", which relates papers to each other).
    if m := re.search(
        r"\b(?:(?:around|about|from|roughly at|near)\s+the\s+same\s+time|"
        r"that\s+(?:very\s+)?same\s+year)\b(?!\s+as\b)",
        q,
        flags,
    ):
        return DateSpan(said=((m.start(), m.end()),), relative=(0, 1))
    # Relative to an anchor the conversation names.
    if m := re.search(
        rf"\b(?<!the )(?:(?P<n>{_COUNT})\s+(?:years?|yrs?)\s+(?P<dir>after|later than|before|earlier than)\s+"
        rf"(?:that one|this one|that paper|the previous one|that|this|it|(?!{_POINT}\b)(?=[^\W\d]))|"  # or a paper
        r"the (?P<rel>following|next|previous|preceding) year|"
        r"the year (?P<rel2>after|before)(?: that| it| this)?|"
        rf"(?P<n2>{_COUNT})\s+(?:years?|yrs?)\s+(?P<dir2>later|earlier|on)(?!\s+than))\b",
        q,
        flags,
    ):
        if m.group("n"):
            n = _count(m.group("n"))
            offset = n if m.group("dir").casefold() in ("after", "later than") else -n
        elif m.group("n2"):  # "three years later", "a year earlier", "two years on"
            n = _count(m.group("n2"))
            offset = -n if m.group("dir2").casefold() == "earlier" else n
        else:
            word = (m.group("rel") or m.group("rel2")).casefold()
            offset = 1 if word in ("following", "next", "after", "later") else -1
        return DateSpan(said=((m.start(), m.end()),), relative=(offset, 1))
    # Open ends.
    opens = [
        (rf"\b(?P<p>{_POINT})\s+(?:or|and)\s+(?:earlier|before|prior)\b", "to", True),
        (rf"\b(?P<p>{_POINT})\s+(?:or|and)\s+(?:later|after|since|onwards?|beyond)\b", "from", True),
        # "from 2021 on", "since 2020 onwards"; not "from 2021 on which she is first author" ("on" a preposition)
        (
            rf"\b(?:from|since|starting(?:\s+from|\s+in)?)\s+(?P<p>{_POINT})\s+"
            r"(?:onwards?\b|on\b(?=\s*(?:[,.?!;:)]|$|(?:and|or|but)\b)))",
            "from",
            True,
        ),
        (rf"\b(?P<p>{_POINT})\s+on(?:wards?)\b", "from", True),
        (
            rf"\b(?:until|till|up to|up until|through|by|no later than)\s+(?:the\s+end\s+of\s+)?(?P<p>{_POINT})",
            "to",
            True,
        ),
        # "predate 2020" is "before 2020", "postdate 2020" "after 2020" (verbs of order, not topics)
        # the comparatives of date order: "earlier/older than 2020", "later/newer/more recent than 2020"
        (
            rf"\b(?:before|prior to|(?:earlier|older) than|(?:pre|ante)dat(?:e|es|ed|ing))\s+(?P<p>{_POINT})",
            "to",
            False,
        ),
        (rf"\b(?:after|(?:later|newer|more recent) than|postdat(?:e|es|ed|ing))\s+(?P<p>{_POINT})", "from", False),
        # the same order as a prefix: "pre-2023 papers" (before 2023), "post-2020 work" (after 2020)
        (rf"\bpre-(?P<p>{_POINT})", "to", False),
        (rf"\bpost-(?P<p>{_POINT})", "from", False),
        (
            rf"\b(?:since|starting(?:\s+from|\s+in)?|beginning(?:\s+in)?|no earlier than)\s+"
            rf"(?:the\s+(?:start|beginning)\s+of\s+)?(?P<p>{_POINT})",
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
    # Months named without a year ("dated in April (any year)", "in May of any year", "in June, July or August", "in
    # an April": some April): those months of every year. Only whole month names after "in"/"during": "may" alone is
    # a verb and "mar" a word.
    month = "(?:" + "|".join(n.capitalize() for n in _MONTH_NAMES) + ")"
    if not points and (
        m := re.search(
            rf"\b(?:in|during)\s+(?:(?:the\s+months?\s+of|an?)\s+)?"
            rf"(?P<m>{month}(?:\s*(?:,|,?\s*(?:or|and))\s*{month})*)\b"
            r"(?:\s*\(?\s*(?:of|in)?\s*(?:any|every|each)\s+year\s*\)?)?",
            q,
        )
    ):
        named = [MONTHS[w.casefold()] for w in re.findall(month, m.group("m"))]
        return DateSpan(said=((m.start(), m.end()),), months_of_year=tuple(dict.fromkeys(named)))
    return None


# "(in) the same month (exactly) two years later", "the same month of the following year", "three months after that",
# "a month earlier", "the next month", "half a year later": a month counted from the paper the conversation points to.
_SAME_MONTH = (
    r"(?:in\s+|during\s+)?(?:exactly\s+|precisely\s+)?(?:(?:the|this)\s+(?:very\s+)?same|that(?:\s+very)?(?:\s+same)?)\s+"
    r"(?:calendar\s+)?month"
)
# Which way a span counted in months goes from its anchor: "later", "after that one", "earlier", "before it".
_MONTH_DIR = (
    r"(?P<ydir>later|after(?:\s+(?:that|it|this)(?:\s+one)?)?|on|earlier|before(?:\s+(?:that|it|this)(?:\s+one)?)?)"
    r"(?!\s+than)\b"
)
_MONTHS_AFTER = re.compile(
    rf"\b{_SAME_MONTH}\s*,?\s+(?:exactly\s+|precisely\s+|just\s+)?(?P<n>{_COUNT})\s+years?\s+"
    r"(?P<dir>later|after(?:wards)?|on|earlier|before)\b"
    rf"|\b(?:exactly\s+|precisely\s+)?(?P<n2>{_COUNT})\s+years?\s+(?P<dir2>later|after\s+that|on|earlier|before\s+that)"
    rf"\s*,?\s+{_SAME_MONTH}\b"
    rf"|\b{_SAME_MONTH}\s+(?:of\s+|in\s+)?the\s+(?P<rel>following|next|previous|preceding)\s+year\b"
    rf"|\b(?:exactly\s+|just\s+)?(?:(?P<m>{_COUNT})\s+months?|(?P<half>half\s+a\s+year))\s+"
    r"(?P<mdir>later|after(?:\s+(?:that|it|this)(?:\s+one)?)?|on|earlier|before(?:\s+(?:that|it|this)(?:\s+one)?)?)"
    r"(?!\s+than)\b"
    r"|\bthe\s+(?P<mrel>following|next|previous|preceding)\s+month\b|\bthe\s+month\s+(?P<mrel2>after|before)\b"
    # Years counted to the month: "exactly three years after that" (exact, so to the month), "two and a half years
    # later", "a year and a half after it" (a half year is no whole year).
    rf"|\b(?:(?P<exact>exactly|precisely)\s+(?P<n3>{_COUNT})|(?P<n4>{_COUNT})\s+and\s+a\s+half)\s+years?\s+{_MONTH_DIR}"
    rf"|\b(?P<n5>{_COUNT})\s+years?\s+and\s+a\s+half\s+" + _MONTH_DIR.replace("ydir", "ydir2"),
    re.I,
)


def _months_after(q: str) -> DateSpan | None:
    """One month counted from the paper the conversation points to: relative=(offset in months, 1) in months."""
    m = _MONTHS_AFTER.search(q)
    if not m:
        return None
    back = lambda word: word.casefold().split()[0] in ("earlier", "before", "previous", "preceding")  # noqa: E731
    if m.group("n") or m.group("n2"):
        offset = 12 * _count(m.group("n") or m.group("n2"))
        offset = -offset if back(m.group("dir") or m.group("dir2")) else offset
    elif m.group("rel"):
        offset = -12 if back(m.group("rel")) else 12
    elif m.group("n3") or m.group("n4") or m.group("n5"):
        half = 0 if m.group("n3") else 6  # "two and a half years": 30 months
        offset = 12 * _count(m.group("n3") or m.group("n4") or m.group("n5")) + half
        offset = -offset if back(m.group("ydir") or m.group("ydir2")) else offset
    elif m.group("m") or m.group("half"):
        offset = 6 if m.group("half") else _count(m.group("m"))
        offset = -offset if back(m.group("mdir")) else offset
    else:
        offset = -1 if back(m.group("mrel") or m.group("mrel2")) else 1
    return DateSpan(said=((m.start(), m.end()),), relative=(offset, 1), relative_unit="month")


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
