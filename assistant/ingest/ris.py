"""RIS exports (Zotero, Mendeley, EndNote, Scopus): `TY  - ` … `ER  - ` records, each read by rispy."""

from __future__ import annotations

import re

from assistant.ingest.base import ParseContext, ParseResult, source
from assistant.ingest.records import arxiv_id, display_name, doi_and_arxiv, iso_date, work_type
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "ris"
_TAG = re.compile(r"^(?P<tag>[A-Z][A-Z0-9])  -(?: (?P<value>.*))?$")


def sniff(lines: list[str]) -> int:
    return sum(1 for line in lines if line.startswith("TY  - "))


def _records(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each TY … ER record; rispy gives no positions, so records are cut here."""
    out: list[tuple[int, str]] = []
    start, buf = None, []
    for i, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if line.startswith("TY  - "):
            if start is not None:
                out.append((start, "\n".join(buf)))  # no ER: rispy is handed what there is, and warns below
            start, buf = i, []
        if start is not None:
            buf.append(line)
            if line.startswith("ER  -"):
                out.append((start, "\n".join(buf)))
                start, buf = None, []
    if start is not None:
        out.append((start, "\n".join(buf)))
    return out


def _first(record: dict, *keys: str) -> str | None:
    for k in keys:
        v = record.get(k)
        if isinstance(v, list):
            v = v[0] if v else None
        if isinstance(v, str) and clean(v):
            return clean(v)
    return None


def parse(text: str, ctx: ParseContext) -> ParseResult:
    import rispy

    result = ParseResult()
    for line, chunk in _records(text):
        if not chunk.rstrip().splitlines()[-1].startswith("ER  -"):
            result.warn(ctx, line, "RIS record has no closing `ER  -` line; read up to the next record")
            chunk += "\nER  - "
        bad = [
            (line + k, text)
            for k, text in enumerate(chunk.splitlines())
            if text.strip() and not _TAG.match(text) and k > 0
        ]
        for at, text in bad[:1]:
            result.warn(
                ctx, at, f"line is not a `XX  - value` RIS tag: {text[:60]!r}; read as part of the previous field"
            )
        try:
            (record,) = rispy.loads(chunk)
        except Exception as exc:  # rispy raises plain IOError/ValueError on broken records
            result.warn(ctx, line, f"unreadable RIS record, skipped: {exc}")
            continue
        title = _first(record, "title", "primary_title", "translated_title")
        abstract = _first(record, "abstract", "notes_abstract") or ""
        if not title and not abstract:
            result.warn(ctx, line, "RIS record has neither a title (TI) nor an abstract (AB); skipped")
            continue
        names = [display_name(a) for a in (record.get("authors") or record.get("first_authors") or []) if clean(a)]
        doi, arxiv = doi_and_arxiv(_first(record, "doi"))
        for url in record.get("urls") or []:
            arxiv = arxiv or arxiv_id(url)
        date, precision = iso_date(_first(record, "date", "year", "publication_year"))
        venue = _first(
            record, "journal_name", "secondary_title", "alternate_title3", "alternate_title2", "alternate_title1"
        )
        result.entries.append(
            RawEntry(
                source=source(ctx, line),
                title=title,
                authors=names,
                abstract=abstract,
                date=date,
                date_precision=precision,
                arxiv_id=arxiv,
                doi=doi,
                venue=venue,
                work_type=work_type(_first(record, "type_of_reference")),
            )
        )
    return result
