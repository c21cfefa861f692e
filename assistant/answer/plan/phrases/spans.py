"""The dates a question asks about, as records: a Month, and a DateSpan of months (open ends, separate pieces, a
month of any year) that says whether a paper's date falls in it."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass

from assistant.models import Paper

_MONTH_NAMES = list(calendar.month_name)[1:]  # "January" … "December"


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
    that one"): (offset from the anchor's year in years, length in years), or in months from the anchor's month when
    `relative_unit` is "month" ("the same month two years later", "three months after that"); the planner resolves it
    to an absolute span once it knows the anchor.
    """

    start: Month | None = None
    end: Month | None = None
    said: tuple[tuple[int, int], ...] = ()  # (start, end) character spans of the question the date was read from
    relative: tuple[int, int] | None = None
    relative_unit: str = "year"  # "year" | "month": what `relative` counts
    # "in April (any year)", "in June, July or August": those months of every year, start and end open
    months_of_year: tuple[int, ...] = ()
    # A list of dates with gaps between them ("in 2019 and 2021", "March or May 2025"): each (first, last month), in
    # order; start and end are then the first and the last of them. Empty for one unbroken span.
    pieces: tuple[tuple[Month, Month], ...] = ()

    @property
    def years(self) -> tuple[int | None, int | None]:
        """The whole years the span touches (a year filter that contains it)."""
        return (self.start.year if self.start else None, self.end.year if self.end else None)

    @property
    def by_month(self) -> bool:
        """The year filter alone does not decide the span: it starts or ends inside a year (a paper dated only by its
        year may fall either side), or it skips years ("2019 and 2021": 2020 is inside the filter's years)."""
        return bool(
            self.months_of_year
            or self.pieces
            or (self.start and self.start.month != 1)
            or (self.end and self.end.month != 12)
        )

    def outside(self) -> DateSpan | None:
        """The months not in the span ("not from 2023", "did not come out before 2022"): one open span, or the two
        open pieces around a closed one; None for a span of months of every year or of pieces, or an open one."""
        if self.months_of_year or self.pieces or self.relative is not None or not (self.start or self.end):
            return None
        if self.start and self.end:
            pieces = ((None, self.start.shift(-1)), (self.end.shift(1), None))
            return DateSpan(None, None, self.said, pieces=pieces)  # type: ignore[arg-type] - open ends
        if self.start:
            return DateSpan(None, self.start.shift(-1), self.said)
        return DateSpan(self.end.shift(1), None, self.said)

    def describe(self) -> str:
        """The span said for an answer: "March 2025", "January to June 2024", "September 2023 on"."""

        def said(m: Month) -> str:
            return f"{_MONTH_NAMES[m.month - 1]} {m.year}"

        def between(a: Month | None, b: Month | None) -> str:
            if a is None or b is None:  # an open piece of the months outside a span
                return f"up to {said(b)}" if a is None else f"{said(a)} on"
            if a == b:
                return said(a)
            if (a.month, b.month) == (1, 12):
                return f"{a.year} to {b.year}" if a.year != b.year else str(b.year)
            return f"{said(a)} to {said(b)}"

        if self.months_of_year:
            each = [_MONTH_NAMES[m - 1] for m in self.months_of_year]
            return (", ".join(each[:-1]) + " or " if len(each) > 1 else "") + each[-1] + " of any year"
        if len(self.pieces) == 2 and self.pieces[0][0] is None and self.pieces[1][1] is None:
            return f"outside {between(self.pieces[0][1].shift(1), self.pieces[1][0].shift(-1))}"
        if self.pieces:
            each = [between(a, b) for a, b in self.pieces]
            return ", ".join(each[:-1]) + " and " + each[-1]
        if self.start and self.end:
            return between(self.start, self.end)
        if self.start:
            return f"{said(self.start)} on"
        if self.end:
            return f"up to {said(self.end)}"
        return "any date"

    def admits(self, paper: Paper) -> bool | None:
        """True when the paper's date falls in the span, False when it falls outside, None when the paper's date is
        too coarse to tell (no date, or only a year the span cuts through)."""
        if self.months_of_year and paper.date and paper.date_precision in ("day", "month"):
            return int(paper.date[5:7]) in self.months_of_year if re.match(r"\d{4}-\d{2}", paper.date) else None
        if self.months_of_year:
            return None
        said = [_admitted(a, b, paper) for a, b in self.pieces or ((self.start, self.end),)]
        # In one piece of a list: admitted; outside all of them: not; else unknown.
        return True if True in said else False if all(x is False for x in said) else None


def _admitted(start: Month | None, end: Month | None, paper: Paper) -> bool | None:
    """One unbroken span's `DateSpan.admits`."""
    if paper.date and paper.date_precision in ("day", "month") and re.match(r"\d{4}-\d{2}", paper.date):
        m = Month(int(paper.date[:4]), int(paper.date[5:7]))
        return (start is None or start <= m) and (end is None or m <= end)
    if paper.year is None:
        return None
    first, last = Month(paper.year, 1), Month(paper.year, 12)
    if (start and last < start) or (end and end < first):
        return False
    if (start is None or start <= first) and (end is None or last <= end):
        return True
    return None


def span_of(points: list[tuple[Month, Month]], said: tuple[tuple[int, int], ...] = ()) -> DateSpan:
    """The span of a list of dates (first and last month each): one span when they touch or overlap, else the span
    from the first to the last with the pieces kept."""
    merged: list[tuple[Month, Month]] = []
    for a, b in sorted(points, key=lambda r: (r[0].year, r[0].month)):
        if merged and a <= merged[-1][1].shift(1):
            merged[-1] = (merged[-1][0], max(merged[-1][1], b, key=lambda x: (x.year, x.month)))
        else:
            merged.append((a, b))
    if len(merged) == 1:
        return DateSpan(merged[0][0], merged[0][1], said)
    return DateSpan(merged[0][0], merged[-1][1], said, pieces=tuple(merged))
