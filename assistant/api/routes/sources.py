"""`POST /api/sources`: add one exported file (BibTeX, RIS, CSL-JSON, Atom, OpenAlex, Semantic Scholar, a page) to the
corpus."""

from __future__ import annotations

from fastapi import APIRouter, Depends, File, HTTPException, Request, UploadFile
from starlette.concurrency import run_in_threadpool

from assistant.api.deps import get_assistant
from assistant.api.schemas.common import ErrorResponse
from assistant.api.schemas.corpus import SourceAdded, SourceFileReport
from assistant.errors import Forbidden

router = APIRouter(tags=["sources"])


@router.post(
    "/sources",
    response_model=SourceAdded,
    summary="Add one source file to the corpus and re-ingest (off unless ASSISTANT_SOURCES_UPLOAD is set)",
    responses={
        400: {"model": ErrorResponse, "description": "The body is not a multipart/form-data upload with a `file`."},
        401: {"model": ErrorResponse},
        403: {"model": ErrorResponse, "description": "Uploads are switched off on this server."},
        413: {"model": ErrorResponse, "description": "The file is over ASSISTANT_SOURCES_MAX_BYTES."},
        422: {"model": ErrorResponse, "description": "Nothing could be read from the file; nothing was stored."},
    },
)
async def add_source(
    request: Request, file: UploadFile = File(description="One file, as exported."), assistant=Depends(get_assistant)
) -> SourceAdded:
    settings = request.app.state.settings
    if not settings.sources_upload:
        raise Forbidden(
            "Adding sources over HTTP is off on this server: set "
            "ASSISTANT_SOURCES_UPLOAD=true to allow it, or run `assistant ingest`."
        )
    limit = settings.sources_max_bytes
    data = await file.read(limit + 1)
    if len(data) > limit:
        raise HTTPException(
            413,
            f"{file.filename or 'The file'} is over {limit:,} bytes (ASSISTANT_SOURCES_MAX_BYTES); nothing was stored.",
        )
    from assistant.ingest.sources import add_source as add

    # Parsing and embedding take seconds: off the event loop, so chats keep being answered meanwhile.
    added = await run_in_threadpool(add, assistant, settings.seeds_dir, file.filename or "upload", data)
    r = added.report
    return SourceAdded(
        report=SourceFileReport(
            file=added.file, shape=r.shape, entries=r.entries, merged=r.merged, warnings=[str(w) for w in r.warnings]
        ),
        papers=added.papers,
        author_papers=added.author_papers,
        added=added.added,
        updated=added.updated,
        unchanged=added.unchanged,
        seconds=round(added.seconds, 3),
    )
