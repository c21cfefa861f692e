"""CSL-JSON (Zotero, Mendeley, citeproc): a list of items with `title`, `author`, `issued`, `container-title`."""

from __future__ import annotations

from assistant.ingest.base import ParseContext, ParseResult, source
from assistant.ingest.records import (
    arxiv_id,
    date_of,
    doi_and_arxiv,
    iso_date,
    json_records,
    looks_like_json,
    person,
    strip_markup,
    work_type,
)
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "csl_json"
# Keys only CSL-JSON items carry (hyphenated CSL variables); a JSON file with them is read as CSL.
_MARKERS = ('"issued"', '"container-title"', '"date-parts"', '"citation-key"')


def sniff(lines: list[str]) -> int:
    text = looks_like_json(lines)
    if text is None or '"paperId"' in text or "abstract_inverted_index" in text:
        return 0
    return 500 if sum(m in text for m in _MARKERS) >= 1 and '"title"' in text else 0


def _items(data) -> list | None:
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        if isinstance(data.get("items"), list):
            return data["items"]
        return [data]
    return None


def _text(value) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    return clean(value) if isinstance(value, str) and clean(value) else None


def _date(issued) -> tuple[str | None, str | None]:
    if not isinstance(issued, dict):
        return None, None
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        return date_of(*(parts[0] + [None, None])[:3])
    return iso_date(issued.get("raw") or issued.get("literal"))


def _name(a) -> tuple[str, str | None]:
    if not isinstance(a, dict):
        return (clean(a) if isinstance(a, str) else ""), None
    name = person(a.get("family"), a.get("given")) or clean(str(a.get("literal") or ""))
    orcid = a.get("ORCID") or a.get("orcid")
    return name, (orcid.rsplit("/", 1)[-1] if isinstance(orcid, str) and orcid else None)


def parse(text: str, ctx: ParseContext) -> ParseResult:
    result = ParseResult()
    items, lines = json_records(text, ctx, result, _items, "CSL-JSON should be a list of items")
    if items is None:
        return result
    for k, item in enumerate(items):
        if not isinstance(item, dict):
            result.warn(ctx, lines.find("{"), f"item {k + 1} is not an object; skipped")
            continue
        title = _text(item.get("title"))
        line = lines.find(f'"id": "{item.get("id")}"', f'"id":"{item.get("id")}"', '"title"')
        abstract = strip_markup(_text(item.get("abstract")))
        if not title and not abstract:
            result.warn(ctx, line, f"item {item.get('id', k + 1)!r} has neither a title nor an abstract; skipped")
            continue
        names, orcids = [], {}
        for a in item.get("author") or []:
            name, orcid = _name(a)
            if name:
                names.append(name)
                if orcid:
                    orcids[name] = orcid
        doi, arxiv = doi_and_arxiv(_text(item.get("DOI")))
        for field in ("number", "URL", "archive_location"):
            arxiv = arxiv or arxiv_id(_text(item.get(field)))
        date, precision = _date(item.get("issued"))
        venue = _text(item.get("container-title")) or _text(item.get("event-title"))
        if not venue and arxiv and (_text(item.get("publisher")) or "").casefold() == "arxiv":
            venue = "arXiv"
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
                orcids=orcids,
                work_type=work_type(item.get("type")),
            )
        )
    return result
