"""The earliest or latest of some papers, decided once for the planner's picks and the written answer: by date, then
arXiv id, a date known only to the month or year placed by what it could mean."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from assistant.models import Paper


def date_key(p: Paper) -> tuple[int, int, int]:
    if not p.date:
        return (0, 0, 0)
    parts = [int(x) for x in p.date.split("-")] + [0, 0]
    return parts[0], parts[1], parts[2]


def order_key(p: Paper) -> tuple:
    # Date, then arXiv id: new-style ids (YYMM.NNNNN) are numbered in the order arXiv received the papers.
    return (*date_key(p), p.arxiv_id or "~")


def date_range(p: Paper) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The first and last day a paper's date could mean: "2022" is any day of 2022."""
    y, m, d = date_key(p)
    return (y, m or 1, d or 1), (y, m or 12, d or 31)


def precise(p: Paper) -> bool:
    return (p.date_precision or "day") == "day"


@dataclass
class Extreme:
    """The earliest (latest) of some papers, and how sure that is."""

    tied: list[Paper]  # the paper picked first, then any dated the same to the same precision (by arXiv id)
    maybe: list[Paper]  # papers dated only to the month or year that could have come before (after) it
    rest: list[Paper]  # the other dated papers, in order away from it

    @property
    def paper(self) -> Paper:
        return self.tied[0]


def extreme(papers: Iterable[Paper], latest: bool = False) -> Extreme | None:
    """The earliest (or latest) dated paper, None when none is dated. The tie rule: papers are ordered by date, then
    arXiv id; a paper dated to the day wins over one known only to its month or year ("2022" cannot be placed within
    2022) unless that coarse date lies wholly before (after) it ("2018" is earlier than 2019-07-28); papers with the
    same date at the same precision are tied with it."""
    dated = sorted((p for p in papers if p.date), key=order_key, reverse=latest)
    if not dated:
        return None
    best = next((p for p in dated if precise(p)), dated[0])
    first = dated[0]
    if first is not best and (
        date_range(first)[0] > date_range(best)[1] if latest else date_range(first)[1] < date_range(best)[0]
    ):
        best = first
    tied = [p for p in dated if p.date == best.date and p.date_precision == best.date_precision]
    edge = date_range(best)[1 if latest else 0]
    maybe = [
        p
        for p in dated
        if p not in tied and not precise(p) and (date_range(p)[1] >= edge if latest else date_range(p)[0] <= edge)
    ]
    rest = [p for p in dated if p not in tied and p not in maybe]
    return Extreme(tied, maybe, rest)


def spoken_date(paper: Paper) -> str:
    """A paper's date as a reader says it ("May 12, 2026", "May 2026", "2026"); as stored when it does not parse."""
    parts = (paper.date or "").split("-")
    try:
        d = date(int(parts[0]), int(parts[1]) if len(parts) > 1 else 1, int(parts[2][:2]) if len(parts) > 2 else 1)
    except ValueError:
        return paper.date or ""
    if paper.date_precision == "day" and len(parts) > 2:
        return f"{d.strftime('%B')} {d.day}, {d.year}"
    return d.strftime("%B %Y") if len(parts) > 1 and paper.date_precision != "year" else str(d.year)
