"""Semantic Scholar Graph API paper JSON: one paper, a list (batch), or a `data` page (search, author papers)."""

from __future__ import annotations

from assistant.ingest.base import ParseContext, ParseResult, source
from assistant.ingest.records import (
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

SHAPE = "semantic_scholar"


def sniff(lines: list[str]) -> int:
    text = looks_like_json(lines)
    return 1000 if text is not None and '"paperId"' in text else 0


def _papers(data) -> list | None:
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        # /author/{id}/papers and /paper/search; citation pages nest the paper one level down.
        return [d.get("citedPaper") or d.get("citingPaper") or d if isinstance(d, dict) else d for d in data["data"]]
    if isinstance(data, dict):
        return [data]
    if isinstance(data, list):
        return data
    return None


def parse(text: str, ctx: ParseContext) -> ParseResult:
    result = ParseResult()
    papers, lines = json_records(
        text, ctx, result, _papers, "a Semantic Scholar file should be a paper, a list of papers or a `data` page"
    )
    if papers is None:
        return result
    for k, paper in enumerate(papers):
        if not isinstance(paper, dict):  # a batch answers null for ids it does not know
            result.warn(
                ctx,
                lines.find_line(r"^\s*null\s*,?\s*$"),
                f"item {k + 1} is not a paper (null: an unknown id in a batch); skipped",
            )
            continue
        pid = paper.get("paperId") if isinstance(paper.get("paperId"), str) else ""
        line = lines.find(f'"{pid}"' if pid else "", '"title"')
        title = clean(paper.get("title") or "") or None
        abstract = clean(paper.get("abstract") or "")
        if not title and not abstract:
            result.warn(ctx, line, f"paper {pid or k + 1} has neither a title nor an abstract; skipped")
            continue
        ext = paper.get("externalIds") if isinstance(paper.get("externalIds"), dict) else {}
        doi, arxiv = doi_and_arxiv(ext.get("DOI") if isinstance(ext.get("DOI"), str) else None)
        arxiv = arxiv or (clean(str(ext["ArXiv"])) if ext.get("ArXiv") else None)
        names = [
            clean(a.get("name") or "")
            for a in paper.get("authors") or []
            if isinstance(a, dict) and clean(a.get("name") or "")
        ]
        date, precision = iso_date(paper.get("publicationDate"))
        if date is None:
            date, precision = date_of(paper.get("year"))
        journal = paper.get("journal") if isinstance(paper.get("journal"), dict) else {}
        pv = paper.get("publicationVenue") if isinstance(paper.get("publicationVenue"), dict) else {}
        venue = clean(paper.get("venue") or pv.get("name") or journal.get("name") or "") or None
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
                work_type=next((t for t in map(work_type, paper.get("publicationTypes") or []) if t), None),
                cited_by=count_of(paper.get("citationCount")),
            )
        )
    return result
