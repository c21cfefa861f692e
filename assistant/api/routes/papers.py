"""`GET /api/papers`, `/api/papers/{id}` and `/api/profile`: browse what the corpus holds."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, Query

from assistant.api.deps import get_assistant
from assistant.api.routes.export import REFERENCE_CONTENT
from assistant.api.schemas.common import ErrorResponse
from assistant.api.schemas.corpus import PaperDetail, PaperList, PaperSummary, Profile
from assistant.models import Filters

router = APIRouter(tags=["papers"])

# One JSON page: more than one researcher's own papers, so the profile and the panel need one request; a whole
# 81k-paper corpus was 24.6 MB in 3.9 s. Downloads (`format`) are not paged: they stream every matching paper.
PAGE = 500
MAX_PAGE = 5000
MAX_OFFSET = 10_000_000


@router.get(
    "/papers",
    response_model=PaperList,
    summary="List papers, newest first as stored (or download them as references with `format`)",
    responses={
        200: {
            "content": REFERENCE_CONTENT,
            "description": "The list as JSON, or (with `format`) the same papers as a references file.",
        },
        401: {"model": ErrorResponse},
        422: {"model": ErrorResponse},
        503: {"model": ErrorResponse},
    },
)
def list_papers(
    author_only: bool | None = Query(None, description="Only the principal author's own papers."),
    year_from: int | None = Query(None, ge=1900, le=2100, description="Earliest year (inclusive)."),
    year_to: int | None = Query(None, ge=1900, le=2100, description="Latest year (inclusive)."),
    text: str | None = Query(
        None, max_length=200, description="Only papers whose title, abstract or authors contain this."
    ),
    has_abstract: bool | None = Query(
        None, description="true: only papers with an abstract; false: only metadata-only records."
    ),
    format: Literal["json", "bibtex", "ris", "csl-json"] = Query(
        "json",
        description="json (this list, one page), or every matching paper as a bibtex, ris or csl-json download.",
    ),
    limit: int = Query(PAGE, ge=1, le=MAX_PAGE, description=f"Papers in one JSON page (default {PAGE})."),
    offset: int = Query(0, ge=0, le=MAX_OFFSET, description="Matching papers to skip (the previous `next_offset`)."),
    assistant=Depends(get_assistant),
):
    if (
        year_from is not None and year_to is not None and year_from > year_to
    ):  # the range they span (as FiltersIn reads it)
        year_from, year_to = year_to, year_from
    filters = Filters(author_only=author_only or None, year_from=year_from, year_to=year_to)
    papers = assistant.papers(filters, text=(text or "").strip() or None)
    if has_abstract is not None:
        papers = [p for p in papers if p.has_abstract == has_abstract]
    if format != "json":
        from assistant.api.routes.export import download

        return download(papers, format, "papers")
    page = papers[offset : offset + limit]
    following = offset + len(page)
    return PaperList(
        count=len(papers),
        offset=offset,
        limit=limit,
        next_offset=following if following < len(papers) else None,
        papers=[PaperSummary.of(p) for p in page],
    )


@router.get(
    "/papers/{paper_id}",
    response_model=PaperDetail,
    summary="One paper with its abstract and sources",
    responses={
        401: {"model": ErrorResponse},
        404: {"model": ErrorResponse, "description": "No paper has this id or arXiv id."},
        503: {"model": ErrorResponse},
    },
)
def get_paper(paper_id: str, assistant=Depends(get_assistant)) -> PaperDetail:
    return PaperDetail.of(assistant.paper(paper_id))


@router.get(
    "/profile",
    response_model=Profile,
    summary="The principal author's research themes, papers per year by theme, and co-authors",
    responses={401: {"model": ErrorResponse}, 503: {"model": ErrorResponse}},
)
def profile(assistant=Depends(get_assistant)) -> Profile:
    return Profile.of(assistant.profile())
