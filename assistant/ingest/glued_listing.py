"""Listing with title and authors glued on one line ("…ReasoningYongqi Zhang, … et al."), optional score/date line."""

from __future__ import annotations

import re

from assistant.ingest.base import ParseContext, ParseResult, numbered, source
from assistant.ingest.text import CARD_DATE, NAME, card_date, parse_author_list
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "glued_listing"
META = re.compile(rf"^(?P<score>\d+(?:\.\d+)?){CARD_DATE}$")
# A capital glued to a letter, digit or closing mark: where the first author's name may start.
_GLUE = re.compile(r"(?<=[\w)?!.])(?=[A-Z])")
_FIRST_NAME_START = re.compile(NAME)


def split_title_authors(line: str) -> tuple[str, list[str], bool] | None:
    """The leftmost split where the tail is a whole author list; None if the line has none.

    Name words are `Capital + lowercase` (or an initial), so "…Binary LLMsPeijie Dong" splits
    before "Peijie", not inside "LLMs", and titles ending in "3D", "GANs" or "NAS" stay whole.
    """
    for m in _GLUE.finditer(line):
        i = m.start()
        title, tail = line[:i].strip(), line[i:]
        # A title has at least two words ("preprint2026arXiv" is not "preprint2026ar" + "Xiv").
        if " " not in title or not _FIRST_NAME_START.match(tail):
            continue
        if parsed := parse_author_list(tail):
            return clean(title), *parsed
    return None


def sniff(lines: list[str]) -> int:
    return sum(
        1 for line in lines if len(line) < 400 and not line.startswith("arXiv:") and split_title_authors(line.strip())
    )


def parse(text: str, ctx: ParseContext) -> ParseResult:
    result = ParseResult()
    meta: tuple[int, re.Match] | None = None
    entry: RawEntry | None = None
    for lineno, line in numbered(text):
        if m := META.match(line):
            if meta is not None:
                result.warn(ctx, meta[0], "score/date line not followed by an entry; ignored")
            meta = (lineno, m)
            entry = None
            continue
        split = split_title_authors(line) if len(line) < 400 else None
        if split:
            title, authors, truncated = split
            entry = RawEntry(source=source(ctx, lineno), title=title, authors=authors, authors_truncated=truncated)
            if meta is not None:
                m = meta[1]
                entry.date, entry.date_precision, entry.date_note = card_date(m, ctx.capture_year)
                entry.categories = [m["cat"]]
                entry.has_code = bool(m["code"])
                entry.score = float(m["score"])
                meta = None
            result.entries.append(entry)
            continue
        if entry is None or entry.abstract:
            result.warn(ctx, lineno, "line is neither a title with authors nor an abstract following one; skipped")
            continue
        entry.abstract = clean(line)
    for e in result.entries:
        if not e.abstract:
            result.warn(ctx, e.source.line, f"entry {e.title!r} has no abstract")
    return result
