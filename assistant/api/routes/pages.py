"""The pages and the health check: `/` (chat UI), `/docs` (Swagger UI served locally) and `/healthz`."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from assistant.api.deps import get_assistant
from assistant.api.schemas.corpus import Health
from assistant.settings import redact_url

STATIC = Path(__file__).resolve().parent.parent / "static"
_NO_CACHE = {"Cache-Control": "no-cache"}

router = APIRouter()


# HEAD as well as GET on the pages (link checkers and monitors send HEAD; a 405 there reads as "page missing").
@router.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers=_NO_CACHE)


@router.api_route("/docs", methods=["GET", "HEAD"], include_in_schema=False)
def docs() -> FileResponse:
    # FastAPI's default page loads Swagger UI from a CDN; this one uses the vendored copy under static/vendor.
    return FileResponse(STATIC / "docs.html", headers=_NO_CACHE)


@router.get(
    "/healthz",
    response_model=Health,
    tags=["status"],
    summary="Papers indexed, answer mode, store reachable (503 when the store is empty, down or degraded)",
    responses={
        503: {
            "model": Health,
            "description": "The store is empty or unreachable, or its vector store is (status 'degraded').",
        }
    },
)
def healthz(request: Request, assistant=Depends(get_assistant)) -> JSONResponse:
    return _health(request, assistant)


@router.head("/healthz", include_in_schema=False)
def healthz_head(request: Request, assistant=Depends(get_assistant)) -> Response:
    """The status code alone (200 ok, 503 otherwise), for monitors that send HEAD."""
    return Response(status_code=_health(request, assistant).status_code)


def _health(request: Request, assistant) -> JSONResponse:
    status = assistant.status()
    settings = request.app.state.settings
    papers, reachable = status.get("papers", 0), bool(status.get("store_reachable"))
    if status.get("problem"):
        state, reason = (
            ("degraded" if papers > 0 else "unavailable"),
            f"{status['problem'][0].upper()}{status['problem'][1:]}.",
        )
    elif reachable and papers > 0:
        state, reason = "ok", None
    elif papers > 0:
        state, reason = (
            "degraded",
            f"{_vector_store(settings)} cannot be reached: questions get a 503 until it is "
            f"back (the paper list still works).",
        )
    else:
        server = f" and check that {_vector_store(settings)} is running" if settings.chroma_url else ""
        state, reason = "unavailable", f"No papers to answer from: run `assistant ingest`{server}."
    health = Health(
        status=state,
        reason=reason,
        papers=papers,
        author_papers=status.get("author_papers", 0),
        mode=status.get("mode", "extractive"),
        mode_reason=status.get("mode_reason", ""),
        store_reachable=reachable,
        auth_required=bool(settings.api_token),
        sources_upload=settings.sources_upload,
    )
    return JSONResponse(health.model_dump(), status_code=200 if state == "ok" else 503)


def _vector_store(settings) -> str:
    if settings.chroma_url:
        return f"The Chroma server at {redact_url(settings.chroma_url)} (ASSISTANT_CHROMA_URL)"
    return f"The embedded vector store in {settings.store_dir}"
