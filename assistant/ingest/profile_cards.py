"""Profile page of cards: `CVDec 9, 2024Code`, then title, authors ("… et al."), abstract."""

from __future__ import annotations

import re

from assistant.ingest.base import ParseContext, ParseResult, header_blocks, source
from assistant.ingest.text import CARD_DATE, card_date, parse_author_list
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "profile_cards"
HEADER = re.compile(rf"^{CARD_DATE}$")


def sniff(lines: list[str]) -> int:
    return sum(1 for line in lines if HEADER.match(line.strip()))


# The page chrome's figures: "h-index4", "99citations", "16papers", "i10-index 2" (the label and number run together).
_FIGURES = re.compile(
    r"^\s*(?:(?P<label>h-index|i10-index)\s*(?P<n>\d+)|(?P<n2>\d+)\s*(?P<label2>citations|papers))\s*$", re.I
)


def profile_facts(text: str) -> list[dict]:
    """The researcher's figures the page states before its first card (h-index, citations, papers), with their
    lines."""
    facts = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if HEADER.match(line.strip()):
            break
        if m := _FIGURES.match(line):
            label = (m.group("label") or m.group("label2")).casefold()
            fact = {"label": label, "value": m.group("n") or m.group("n2"), "line": lineno}
            if not any((f["label"], f["value"]) == (label, fact["value"]) for f in facts):  # the chrome repeats them
                facts.append(fact)
    return facts


def parse(text: str, ctx: ParseContext) -> ParseResult:
    result = ParseResult(facts=profile_facts(text))
    # Everything before the first card (name, h-index, "16 Papers", "AI Score") is page chrome.
    for lineno, m, body in header_blocks(text, HEADER):
        date, precision, note = card_date(m, ctx.capture_year)
        if not body:
            result.warn(ctx, lineno, "card has a date line but no title or abstract; skipped")
            continue
        title = clean(body[0][1])
        rest = body[1:]
        authors, truncated = [], False
        if rest and (parsed := parse_author_list(rest[0][1])):
            authors, truncated = parsed
            rest = rest[1:]
        abstract = clean(" ".join(line for _, line in rest))
        if not abstract:
            result.warn(ctx, lineno, f"card {title!r} has no abstract")
        result.entries.append(
            RawEntry(
                source=source(ctx, lineno),
                title=title,
                authors=authors,
                authors_truncated=truncated,
                abstract=abstract,
                date=date,
                date_precision=precision,
                date_note=note,
                categories=[m["cat"]],
                has_code=bool(m["code"]),
            )
        )
    return result
