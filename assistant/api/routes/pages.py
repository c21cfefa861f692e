"""The pages and the health check: `/` (chat UI), `/docs` (Swagger UI served locally) and `/healthz`."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, JSONResponse

from assistant.api.deps import get_assistant
from assistant.api.schemas import Health

STATIC = Path(__file__).resolve().parent.parent / "static"
_NO_CACHE = {"Cache-Control": "no-cache"}

router = APIRouter()


@router.get("/", include_in_schema=False)
def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers=_NO_CACHE)


@router.get("/docs", include_in_schema=False)
def docs() -> FileResponse:
    # FastAPI's default page loads Swagger UI from a CDN; this one uses the vendored copy under static/vendor.
    return FileResponse(STATIC / "docs.html", headers=_NO_CACHE)


@router.get(
    "/healthz",
    response_model=Health,
    tags=["status"],
    summary="Papers indexed, answer mode, store reachable (503 when the store is empty or down)",
    responses={503: {"model": Health, "description": "The store is empty or unreachable."}},
)
def healthz(request: Request, assistant=Depends(get_assistant)) -> JSONResponse:
    status = assistant.status()
    ok = bool(status.get("store_reachable")) and status.get("papers", 0) > 0
    health = Health(
        status="ok" if ok else "unavailable",
        papers=status.get("papers", 0),
        author_papers=status.get("author_papers", 0),
        mode=status.get("mode", "extractive"),
        mode_reason=status.get("mode_reason", ""),
        store_reachable=bool(status.get("store_reachable")),
        auth_required=bool(request.app.state.settings.api_token),
    )
    return JSONResponse(health.model_dump(), status_code=200 if ok else 503)
