"""`GET /api/papers/{id}/export`, `POST /api/export`: references as BibTeX, RIS or CSL-JSON downloads."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, Query
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from assistant import export
from assistant.api.deps import get_assistant
from assistant.api.schemas.common import ErrorResponse
from assistant.models import Paper

router = APIRouter(tags=["export"])

ExportName = Literal["bibtex", "ris", "csl-json"]
MAX_IDS = 1000  # more than any filtered list of a researcher's papers; keeps one request's work bounded

REFERENCE_CONTENT = {
    "application/x-bibtex": {"schema": {"type": "string"}},
    "application/x-research-info-systems": {"schema": {"type": "string"}},
    "application/vnd.citationstyles.csl+json": {"schema": {"type": "array", "items": {"type": "object"}}},
}
_RESPONSES = {
    200: {"content": REFERENCE_CONTENT, "description": "The references, as an attachment (`Content-Disposition`)."},
    401: {"model": ErrorResponse},
    404: {"model": ErrorResponse, "description": "A paper id is not in the corpus."},
    422: {"model": ErrorResponse, "description": "Unknown format, or no ids."},
    503: {"model": ErrorResponse},
}


def download(papers: list[Paper], fmt: str, stem: str) -> Response:
    """The papers as one file in format `fmt`, named `stem.ext`, to be saved rather than shown. A long list is
    streamed in chunks (written on a worker thread, piece by piece), never built whole in memory."""
    spec = export.get_format(fmt)
    headers = {"Content-Disposition": f'attachment; filename="{export.filename(stem, fmt)}"'}
    if len(papers) > export.CHUNK:
        return StreamingResponse(export.export_chunks(papers, spec.name), media_type=spec.media_type, headers=headers)
    return Response(export.export(papers, spec.name), media_type=spec.media_type, headers=headers)


class ExportRequest(BaseModel):
    """Papers to export, by id or arXiv id, in the order given."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"ids": ["2506.22969"], "format": "bibtex"}]}
    )

    ids: list[str] = Field(
        min_length=1,
        max_length=MAX_IDS,
        description=f"Paper ids or arXiv ids (1 to {MAX_IDS}); duplicates are exported once.",
    )
    format: ExportName = Field("bibtex", description="bibtex, ris or csl-json.")


@router.get(
    "/papers/{paper_id}/export",
    summary="One paper as BibTeX, RIS or CSL-JSON",
    responses=_RESPONSES,
    response_class=Response,
)
def export_paper(
    paper_id: str,
    format: ExportName = Query("bibtex", description="bibtex, ris or csl-json."),
    assistant=Depends(get_assistant),
) -> Response:
    paper = assistant.paper(paper_id)
    return download([paper], format, export.citation_keys([paper])[paper.id])


@router.post(
    "/export",
    summary="A list of papers (e.g. an answer's citations) as BibTeX, RIS or CSL-JSON",
    responses={**_RESPONSES, 400: {"model": ErrorResponse, "description": "The body is not valid JSON."}},
    response_class=Response,
)
def export_list(request: ExportRequest, assistant=Depends(get_assistant)) -> Response:
    papers = {}
    for pid in request.ids:
        paper = assistant.paper(pid)
        papers.setdefault(paper.id, paper)
    return download(list(papers.values()), request.format, "references")
