"""arXiv listing: abstract, optional comment lines, then `arXiv:ID` (maybe glued to the next abstract) and
`Created:`."""

from __future__ import annotations

import re

from assistant.ingest.base import ParseContext, ParseResult, numbered, source
from assistant.ingest.text import ARXIV_AT_START
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "arxiv_listing"
CREATED = re.compile(r"^Created:\s*(?P<date>\d{4}-\d{2}-\d{2})$")


def sniff(lines: list[str]) -> int:
    return sum(1 for line in lines if ARXIV_AT_START.match(line.strip()))


def parse(text: str, ctx: ParseContext) -> ParseResult:
    """An `arXiv:ID` at the start of a line closes the open entry; text after it opens the next.

    The first line of an entry is its abstract; further lines before the id are comments
    ("Under Review", "arXiv admin note: … arXiv:2202.05137"): an id inside a comment is a
    reference, not the paper's own id.
    """
    result = ParseResult()
    open_entry: dict | None = None
    last_closed: RawEntry | None = None

    def start(lineno: int, abstract: str) -> dict:
        return {"line": lineno, "abstract": clean(abstract), "comments": []}

    for lineno, line in numbered(text):
        if m := CREATED.match(line):
            if last_closed is None or last_closed.date_precision == "day":
                result.warn(ctx, lineno, "Created: line with no arXiv id before it; ignored")
            else:
                last_closed.date, last_closed.date_precision = m["date"], "day"
            continue
        if m := ARXIV_AT_START.match(line):
            if open_entry is None:
                result.warn(ctx, lineno, f"arXiv:{m['id']} has no abstract before it; ignored")
                last_closed = None
            else:
                last_closed = RawEntry(
                    source=source(ctx, open_entry["line"]),
                    abstract=open_entry["abstract"],
                    comments=open_entry["comments"],
                    arxiv_id=m["id"],
                )
                result.entries.append(last_closed)
            rest = m["rest"].strip()
            open_entry = start(lineno, rest) if rest else None
            continue
        if open_entry is None:
            open_entry = start(lineno, line)
        else:
            open_entry["comments"].append(clean(line))
    if open_entry is not None:
        result.warn(ctx, open_entry["line"], "abstract at the end of the file has no arXiv id; skipped")
    return result
