"""Profile page of published items: `preprint2026arXiv`, then title, then abstract; no authors."""

from __future__ import annotations

import re

from assistant.ingest.base import ParseContext, ParseResult, header_blocks, source
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "profile_items"
HEADER = re.compile(
    r"^(?P<kind>preprint|article|inproceedings|conference|journal|book|"
    r"thesis)(?P<year>(?:19|20)\d{2})(?P<venue>[A-Za-z][\w .&-]*)?$"
)


def sniff(lines: list[str]) -> int:
    return sum(1 for line in lines if HEADER.match(line.strip()))


# The page's own count of its items, before the first: "9 published item(s)".
_COUNTED = re.compile(r"^\s*(?P<n>\d+)\s+(?P<label>published items?)(?:\(s\))?\s*$", re.I)


def stated_counts(text: str) -> list[dict]:
    """The figures the page states about its list before its first item, with their lines."""
    facts = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if HEADER.match(line.strip()):
            break
        if m := _COUNTED.match(line):
            facts.append({"label": m["label"].casefold().rstrip("s") + "s", "value": m["n"], "line": lineno})
    return facts


def parse(text: str, ctx: ParseContext) -> ParseResult:
    result = ParseResult(facts=stated_counts(text))
    # Text before the first item (trust snapshot, claim buttons, research graph) is chrome.
    for lineno, m, body in header_blocks(text, HEADER):
        if len(body) < 2:
            result.warn(ctx, lineno, "item needs a title line and an abstract; skipped")
            continue
        result.entries.append(
            RawEntry(
                source=source(ctx, lineno),
                title=clean(body[0][1]),
                abstract=clean(" ".join(line for _, line in body[1:])),
                date=m["year"],
                date_precision="year",
                comments=[f"{m['kind']} ({m['venue']})" if m["venue"] else m["kind"]],
            )
        )
    return result
