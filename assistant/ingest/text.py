"""Text helpers of the parsers: dates, arXiv ids, author lists (whitespace and sentences: `assistant.text`)."""

from __future__ import annotations

import re

from assistant.text import clean

MONTHS = {
    m: i for i, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 1)
}
MONTH_RE = "|".join(MONTHS)
# "CVDec 9, 2024Code", "DCApr 20": arXiv category glued to a date, an optional year and a "has code" flag.
CARD_DATE = rf"(?P<cat>[A-Z]{{2}})(?P<mon>{MONTH_RE}) (?P<day>\d{{1,2}})(?:, (?P<year>\d{{4}}))?(?P<code>Code)?"
ARXIV_ID = r"\d{4}\.\d{4,5}"
ARXIV_AT_START = re.compile(rf"^arXiv:(?P<id>{ARXIV_ID})(?:v\d+)?(?P<rest>.*)$")

NAME_WORD = r"(?:[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*|[A-Z]\.)"
NAME = rf"{NAME_WORD}(?: {NAME_WORD}){{0,3}}"
AUTHOR_LIST = re.compile(rf"^(?P<names>{NAME}(?:, {NAME})*)(?P<etal> et al\.)?$")


def card_date(match: re.Match, capture_year: int | None) -> tuple[str, str, str | None]:
    """ISO date, precision and a note from a CARD_DATE match; a missing year is the page's capture year."""
    month, day = MONTHS[match["mon"]], int(match["day"])
    note = None
    year = match["year"]
    if year is None:
        if capture_year is None:
            return f"--{month:02d}-{day:02d}", "day", "no year on the page and no capture_year in the manifest"
        year = str(capture_year)
        note = f"year {capture_year} taken from the page's capture year (the page shows no year)"
    return f"{int(year):04d}-{month:02d}-{day:02d}", "day", note


def parse_author_list(line: str) -> tuple[list[str], bool] | None:
    """Names and whether the list was cut short ("et al."), or None if the line is not an author list."""
    m = AUTHOR_LIST.match(clean(line))
    if not m:
        return None
    return [n.strip() for n in m["names"].split(", ")], bool(m["etal"])


def arxiv_yymm(arxiv_id: str) -> str:
    """The YYYY-MM an arXiv id encodes (new-style ids: YYMM.NNNNN)."""
    yy, mm = int(arxiv_id[:2]), int(arxiv_id[2:4])
    return f"{2000 + yy:04d}-{mm:02d}"
