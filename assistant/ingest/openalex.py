"""OpenAlex works JSON: one work, or a `results` page; abstracts come as an inverted index rebuilt in word order."""

from __future__ import annotations

from assistant.ingest.base import ParseContext, ParseResult, source
from assistant.ingest.records import (
    arxiv_id,
    count_of,
    date_of,
    doi_and_arxiv,
    iso_date,
    json_records,
    looks_like_json,
    work_type,
)
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "openalex"


def sniff(lines: list[str]) -> int:
    text = looks_like_json(lines)
    if text is None:
        return 0
    return 1000 if ("openalex.org/W" in text or '"abstract_inverted_index"' in text) else 0


def rebuild_abstract(index) -> str:
    """Words placed at their positions: {"We": [0], "present": [1], "a": [2, 7]} -> "We present a …"."""
    if not isinstance(index, dict):
        return ""
    at: dict[int, str] = {}
    for word, positions in index.items():
        for p in positions if isinstance(positions, list) else []:
            if isinstance(p, int):
                at[p] = word
    return clean(" ".join(at[p] for p in sorted(at)))


def _works(data) -> list | None:
    if isinstance(data, dict) and isinstance(data.get("results"), list):
        return data["results"]
    if isinstance(data, dict):
        return [data]
    if isinstance(data, list):
        return data
    return None


def _venue(work: dict) -> tuple[str | None, bool]:
    """The venue's name and whether it is arXiv (OpenAlex names the repository "arXiv (Cornell University)")."""
    loc = work.get("primary_location") or {}
    src = (loc.get("source") or {}) if isinstance(loc, dict) else {}
    name = clean(src.get("display_name") or "") if isinstance(src, dict) else ""
    if not name:
        return None, False
    is_arxiv = name.casefold().startswith("arxiv")
    return ("arXiv" if is_arxiv else name), is_arxiv


def parse(text: str, ctx: ParseContext) -> ParseResult:
    result = ParseResult()
    works, lines = json_records(text, ctx, result, _works, "an OpenAlex file should be a work or a page with `results`")
    if works is None:
        return result
    for k, work in enumerate(works):
        if not isinstance(work, dict):
            result.warn(ctx, lines.find("{"), f"result {k + 1} is not an object; skipped")
            continue
        wid = work.get("id") if isinstance(work.get("id"), str) else ""
        line = lines.find(f'"{wid}"' if wid else "", '"title"')
        title = clean(work.get("title") or work.get("display_name") or "") or None
        abstract = rebuild_abstract(work.get("abstract_inverted_index"))
        if not title and not abstract:
            result.warn(ctx, line, f"work {wid or k + 1} has neither a title nor an abstract; skipped")
            continue
        names, orcids, truncated = [], {}, bool(work.get("is_authors_truncated"))
        for a in work.get("authorships") or []:
            author = (a or {}).get("author") or {}
            name = clean(author.get("display_name") or (a or {}).get("raw_author_name") or "")
            if name:
                names.append(name)
                if isinstance(author.get("orcid"), str) and author["orcid"]:
                    orcids[name] = author["orcid"].rsplit("/", 1)[-1]
        doi, arxiv = doi_and_arxiv(work.get("doi") if isinstance(work.get("doi"), str) else None)
        for loc in [work.get("primary_location"), *(work.get("locations") or [])]:
            if isinstance(loc, dict):
                arxiv = arxiv or arxiv_id(loc.get("landing_page_url")) or arxiv_id(loc.get("pdf_url"))
        date, precision = iso_date(work.get("publication_date"))
        if date is None:
            date, precision = date_of(work.get("publication_year"))
        venue, _ = _venue(work)
        result.entries.append(
            RawEntry(
                source=source(ctx, line),
                title=title,
                authors=names,
                authors_truncated=truncated,
                abstract=abstract,
                date=date,
                date_precision=precision,
                arxiv_id=arxiv,
                doi=doi,
                venue=venue,
                orcids=orcids,
                work_type=work_type(work.get("type")),
                cited_by=count_of(work.get("cited_by_count")),
            )
        )
    return result
