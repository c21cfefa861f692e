"""Elapsed time: questions asking how long passed between two dates, the whole dates a paper's comments state, and
a span said in days and months."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from assistant.answer.plan.phrases.dates import _MONTH, MONTHS, NUMBER_WORDS, YEAR

# "How much time passed between A and B?", "how long after A did B come out?", "how long did X sit between its
# submission and its acceptance?", "how many days/months between …": a span of time, not a list of papers.
ELAPSED = re.compile(
    r"\bhow (?:much time|long)\b[^?]{0,120}?\b(?:between|after|before|since|until|till|passed|elapsed|"
    r"separate[sd]?|apart|sit|sat|wait(?:ed)?|from)\b|"
    r"\bhow many (?:days|weeks|months|years)\b[^?]{0,120}?\b(?:between|after|before|since|until|passed|elapsed|"
    r"separate[sd]?|apart)\b|"
    r"\b(?:time|gap|interval) (?:passed |elapsed |lapsed )?between\b|\btime (?:gap|difference|span)\b",
    re.I,
)

# Events a paper's comments date ("submitted … accepted …"): a question naming one counts between those dates, not
# between two papers.
LISTING_EVENTS = re.compile(
    r"\b(?:submi(?:t|ts|tted|ssion)|accept(?:ed|ance)|revis(?:ed|ion)|review(?:ed)?|camera[- ]ready|posted|"
    r"withdrawn|versions?)\b",
    re.I,
)

# A whole date stated in a paper's comments or listing: "Nov 22, 2024", "June 3, 2025", "22 November 2024",
# "Created: 2024-12-09". A month without a day is not a date an elapsed time can be counted from.
_STATED = re.compile(
    rf"\b(?P<m1>{_MONTH})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y1>{YEAR})\b|"
    rf"\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m2>{_MONTH})\s*,?\s+(?P<y2>{YEAR})\b|"
    rf"\b(?P<y3>{YEAR})-(?P<m3>\d{{2}})-(?P<d3>\d{{2}})\b",
    re.I,
)


@dataclass(frozen=True)
class Stated:
    """A whole date read from a text, with the words it was read from and the words just before them (what
    happened on that date: "Accepted to SC'25", "previously submitted to ISCA'25")."""

    day: date
    said: str
    before: str


def stated_dates(text: str) -> list[Stated]:
    """The whole dates a text states, in the order it states them (an impossible date is skipped)."""
    out = []
    for m in _STATED.finditer(text):
        g = m.groupdict()
        try:
            if g["y3"]:
                d = date(int(g["y3"]), int(g["m3"]), int(g["d3"]))
            else:
                month = MONTHS[(g["m1"] or g["m2"]).rstrip(".").casefold()]
                d = date(int(g["y1"] or g["y2"]), month, int(g["d1"] or g["d2"]))
        except ValueError:
            continue
        start = max(text.rfind(". ", 0, m.start()) + 1, text.rfind(";", 0, m.start()) + 1, 0)
        before = text[start : m.start()].strip(" ,(:—-")
        out.append(Stated(d, m.group(0), before))
    return out


def elapsed(first: date, last: date) -> str:
    """The time between two days said in days and in months ("193 days (about 6 months)"; "387 days (about 13
    months, just over a year)")."""
    days = abs((last - first).days)
    months = round(days / 30.44)
    more = []
    if days >= 45:
        more.append(f"about {months} month{'s' if months != 1 else ''}")
    years = days / 365.25
    if years >= 0.95:
        whole = round(years)
        said = "a year" if whole == 1 else f"{NUMBER_WORDS.get(whole, whole)} years"
        if abs(years - whole) < 0.05:
            more.append(f"about {said}")
        else:
            more.append(f"just {'over' if years > whole else 'under'} {said}")
    return f"{days} day{'s' if days != 1 else ''}" + (f" ({', '.join(more)})" if more else "")
