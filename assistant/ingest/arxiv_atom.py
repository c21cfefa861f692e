"""arXiv API Atom feeds (`export.arxiv.org/api/query?…` saved to a file); versions of one paper become one entry."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from assistant.ingest.base import ParseContext, ParseResult, source
from assistant.ingest.records import (
    LineFinder,
    arxiv_id,
    arxiv_version,
    doi_and_arxiv,
    iso_date,
)
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "arxiv_atom"
NS = {"a": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom"}


def sniff(lines: list[str]) -> int:
    head = "\n".join(lines[:40])
    if "<feed" not in head or "http://www.w3.org/2005/Atom" not in head:
        return 0
    return 1000 + sum(1 for line in lines if "<entry" in line)


def _text(el, path: str) -> str:
    found = el.find(path, NS)
    return clean(found.text or "") if found is not None and found.text else ""


def parse(text: str, ctx: ParseContext) -> ParseResult:
    result = ParseResult()
    try:
        root = ET.fromstring(text.lstrip("\ufeff"))
    except ET.ParseError as exc:
        line, col = exc.position
        result.warn(
            ctx,
            line,
            f"not well-formed XML (column {col + 1}: "
            f"{exc.msg if hasattr(exc, 'msg') else exc}); nothing read from this file",
        )
        return result
    lines = LineFinder(text)
    latest: dict[str, tuple[int, RawEntry, list[int]]] = {}  # base id -> (version, entry, versions seen)
    order: list[str] = []
    for el in root.findall("a:entry", NS):
        raw_id = _text(el, "a:id")
        line = lines.find(raw_id or "<entry")
        title = _text(el, "a:title") or None
        if "/api/errors" in raw_id:  # the API reports a bad query as an entry titled "Error"
            result.warn(ctx, line, f"the arXiv API returned an error entry: {_text(el, 'a:summary') or title}")
            continue
        base = arxiv_id(raw_id)
        if base is None:
            result.warn(ctx, line, f"entry id {raw_id!r} is not an arXiv abs URL; skipped")
            continue
        version = arxiv_version(raw_id)
        names = [clean(a.findtext("a:name", "", NS)) for a in el.findall("a:author", NS)]
        doi, _ = doi_and_arxiv(_text(el, "arxiv:doi"))
        date, precision = iso_date(_text(el, "a:published"))
        primary = el.find("arxiv:primary_category", NS)
        cats = [primary.get("term")] if primary is not None and primary.get("term") else []
        cats += [c.get("term") for c in el.findall("a:category", NS) if c.get("term")]
        comment = _text(el, "arxiv:comment")
        journal = _text(el, "arxiv:journal_ref")
        entry = RawEntry(
            source=source(ctx, line),
            title=title,
            authors=[n for n in names if n],
            abstract=_text(el, "a:summary"),
            date=date,
            date_precision=precision,
            arxiv_id=base,
            doi=doi,
            venue=journal or "arXiv",
            categories=list(dict.fromkeys(cats)),
            comments=[comment] if comment else [],
        )
        if base not in latest:
            order.append(base)
            latest[base] = (version, entry, [version])
            continue
        kept_version, kept, seen = latest[base]
        seen.append(version)
        newer = entry if version > kept_version else kept
        older = kept if newer is entry else entry
        # The newest version's text wins; the first submission date (the older `published`) is the paper's date.
        if older.date and (not newer.date or older.date < newer.date):
            newer.date, newer.date_precision = older.date, older.date_precision
        newer.source = min(kept.source, entry.source, key=lambda s: s.line)
        latest[base] = (max(version, kept_version), newer, seen)
    for base in order:
        _, entry, seen = latest[base]
        if len(seen) > 1:
            entry.comments.append(
                "versions in the feed: " + ", ".join(f"v{v}" for v in sorted(seen)) + "; the newest is kept"
            )
        result.entries.append(entry)
    return result
