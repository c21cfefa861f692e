"""What `/profile` prints, as plain data both chat views share: the themes table, the per-year bar chart, co-authors."""

from __future__ import annotations

import math
from dataclasses import dataclass

from assistant.models import Profile

BLOCK = "█"
MAX_BAR = 40  # blocks; a busier year scales every bar down
FREQUENT = 2  # joint papers that make a co-author worth naming
MAX_NAMED = 8
# The web UI's theme colours (style.css .theme-N), so a theme looks the same in the terminal.
THEME_COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"]


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def years_text(year_from: int | None, year_to: int | None) -> str:
    if not year_from:
        return "undated"
    return str(year_from) if year_from == year_to else f"{year_from}–{year_to}"


@dataclass(frozen=True)
class ThemeRow:
    number: int  # 1-based, as the user sees it
    colour: str
    label: str
    years: str
    papers: int


@dataclass(frozen=True)
class YearRow:
    year: int
    total: int
    segments: list[tuple[int, int]]  # (theme number, blocks), in theme order; blocks sum to the bar's length
    themes: str  # "#2 ×2, #5 ×2": which themes that year's papers are in

    @property
    def blocks(self) -> int:
        return sum(b for _, b in self.segments)


def numbering(profile: Profile) -> dict[int, int]:
    """Theme id → the number shown for it (its place in the themes list, from 1)."""
    return {t.id: i for i, t in enumerate(profile.themes, 1)}


def colour(number: int) -> str:
    return THEME_COLOURS[(number - 1) % len(THEME_COLOURS)]


def headline(profile: Profile) -> str:
    years = [y.year for y in profile.per_year]
    span = f", {years_text(years[0], years[-1])}" if years else ""
    return (
        f"{profile.principal_author}: {plural(profile.author_papers, 'paper')} in "
        f"{plural(len(profile.themes), 'theme')}{span}."
    )


def theme_rows(profile: Profile) -> list[ThemeRow]:
    return [
        ThemeRow(i, colour(i), t.label, years_text(t.year_from, t.year_to), len(t.paper_ids))
        for i, t in enumerate(profile.themes, 1)
    ]


def scale(profile: Profile) -> int:
    """Papers per block: 1 unless the busiest year would not fit in MAX_BAR blocks."""
    return max(1, math.ceil(max((y.total for y in profile.per_year), default=0) / MAX_BAR))


def year_rows(profile: Profile) -> list[YearRow]:
    """Every year from the first to the last (gap years with no bar), each bar split by theme."""
    if not profile.per_year:
        return []
    number = numbering(profile)
    per = scale(profile)
    by_year = {y.year: y for y in profile.per_year}
    rows = []
    for year in range(profile.per_year[0].year, profile.per_year[-1].year + 1):
        y = by_year.get(year)
        if y is None:
            rows.append(YearRow(year, 0, [], ""))
            continue
        parts = sorted(((number[t], n) for t, n in y.by_theme.items() if t in number), key=lambda p: p[0])
        rows.append(
            YearRow(
                year,
                y.total,
                _stack(parts, per, y.total),
                ", ".join(f"#{k}" + (f" ×{n}" if n > 1 else "") for k, n in parts),
            )
        )
    return rows


def _stack(parts: list[tuple[int, int]], per: int, total: int) -> list[tuple[int, int]]:
    # Cumulative rounding: the segments add up to the rounded bar, and no year with papers shows an empty bar.
    out, done, shown = [], 0, 0
    for k, n in parts:
        done += n
        end = max(round(done / per), 1)
        out.append((k, end - shown))
        shown = end
    return [(k, b) for k, b in out if b > 0] if total else []


def coauthor_line(profile: Profile) -> str | None:
    if not profile.coauthors:
        return None
    frequent = [c for c in profile.coauthors if c.papers >= FREQUENT][:MAX_NAMED] or profile.coauthors[:3]
    names = ", ".join(f"{c.name} ({c.papers})" for c in frequent)
    n = len(profile.coauthors)
    line = f"Co-authors: {'1 person' if n == 1 else f'{n} people'}, most often {names}."
    if profile.truncated_author_lists:
        cut = profile.truncated_author_lists
        line += (
            f" Counts are lower bounds: {cut} of the {profile.author_papers} papers "
            f"{'lists' if cut == 1 else 'list'} only the first authors."
        )
    return line


def scale_note(profile: Profile) -> str | None:
    per = scale(profile)
    return f"Each {BLOCK} is {per} papers." if per > 1 else None


def undated_line(profile: Profile) -> str | None:
    return f"Not in the chart: {plural(len(profile.undated), 'undated paper')}." if profile.undated else None
