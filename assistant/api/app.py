"""`create_app(settings, assistant=None)`: the FastAPI app with its routes, security, static UI and start-up warm-up."""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from assistant.api import errors
from assistant.api.routes import chat, export, feedback, openai_compat, pages, papers, sources
from assistant.api.routes.pages import STATIC
from assistant.api.security import BodyLimit, HostCheck, RateLimit, SecurityHeaders, require_token
from assistant.errors import StoreUnavailable
from assistant.feedback import FeedbackLog, path_for
from assistant.settings import Settings

log = logging.getLogger("assistant.api")

MAX_BODY_BYTES = 1_000_000  # 50 messages of 4,000 characters fit; anything bigger is refused before parsing

DESCRIPTION = """Ask about a researcher's papers; every answer cites the papers behind it.

- `POST /api/chat` — the chat endpoint (JSON or Server-Sent Events); `POST /v1/chat/completions` — the same as an
OpenAI-compatible model.
- `GET /api/papers`, `GET /api/papers/{id}`, `GET /api/profile` — browse the corpus.
- `POST /api/sources` — add one exported file (multipart field `file`) and re-ingest; off unless the server sets
`ASSISTANT_SOURCES_UPLOAD=true`.
- `POST /api/feedback` — rate an answer (thumbs up or down, optional comment).
- `GET /api/papers/{id}/export`, `POST /api/export`, `GET /api/papers?format=…` — references as BibTeX, RIS or CSL-JSON.
- When the server sets `ASSISTANT_API_TOKEN`, `/api/*` and `/v1/*` need `Authorization: Bearer <token>` (use
**Authorize**).
- Errors are JSON: `{"error": {"type", "message", "param"}}`; malformed JSON is a 400, an invalid request a 422.
- When the server sets `ASSISTANT_RATE_LIMIT_PER_MINUTE`, more requests than that per minute from one address get a
429 with `Retry-After`.
"""


def warm(assistant, vectors: bool = True) -> None:
    """Load the table, the retriever with its embedding model, and the answerer now, so the first question is not the
    slow one (with `vectors`, Chroma too: not in a process about to fork its workers)."""
    try:
        assistant.warm() if vectors else assistant.warm(vectors=False)
    except StoreUnavailable as exc:
        log.warning("serving without a usable store: %s", exc)


def create_app(settings: Settings | None = None, assistant=None) -> FastAPI:
    """The app over `assistant` (built from `settings` when not given); it is warmed once at start-up."""
    settings = settings or Settings()
    if assistant is None:
        from assistant.core import Assistant

        assistant = Assistant.from_settings(settings)
        # The vector store is opened on first use; a server checks it at start-up, so an unreachable Chroma server
        # stops `serve` with what to do instead of degrading every request.
        assistant.store.client.heartbeat()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await run_in_threadpool(warm, assistant)
        yield

    app = FastAPI(
        title="Paper assistant",
        version="0.1.0",
        description=DESCRIPTION,
        redirect_slashes=False,  # "/api/papers/%2F" is a 404, not a redirect (which echoed the request's Host)
        docs_url=None,  # served by pages.docs from local files
        redoc_url=None,  # ReDoc has no vendored copy: /docs is the one API page
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.assistant = assistant
    app.state.feedback = FeedbackLog(path_for(settings), max_bytes=settings.feedback_max_bytes)

    errors.install(app)
    if not settings.api_token:
        _without_auth(app)  # no token: the API has no auth, and its schema must not claim one
    auth = [Depends(require_token)]
    app.include_router(chat.router, prefix="/api", dependencies=auth)
    app.include_router(papers.router, prefix="/api", dependencies=auth)
    app.include_router(sources.router, prefix="/api", dependencies=auth)
    app.include_router(feedback.router, prefix="/api", dependencies=auth)
    app.include_router(export.router, prefix="/api", dependencies=auth)
    app.include_router(openai_compat.router, prefix="/v1", dependencies=auth)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # Innermost first: the rate limit sits inside CORS (so a browser can read its 429) and outside all body parsing.
    if settings.rate_limit_per_minute:
        app.add_middleware(RateLimit, per_minute=settings.rate_limit_per_minute)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type"],
        )
    # An upload may be bigger than a chat body: its own limit plus room for the multipart framing.
    app.add_middleware(BodyLimit, max_bytes=MAX_BODY_BYTES, paths={"/api/sources": settings.sources_max_bytes + 64_000})
    if settings.allowed_hosts:  # `assistant serve` always sets it (bound address + loopback names + configured ones)
        app.add_middleware(HostCheck, allowed=settings.allowed_hosts)
    app.add_middleware(SecurityHeaders)
    return app


def _without_auth(app: FastAPI) -> None:
    """The OpenAPI schema without the bearer scheme: a schema that declares auth the server does not check misleads
    clients (and schemathesis' ignored_auth check rightly flags it)."""
    build = app.openapi

    def openapi() -> dict:
        schema = build()
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                if isinstance(operation, dict):
                    operation.pop("security", None)
        schema.get("components", {}).pop("securitySchemes", None)
        return schema

    app.openapi = openapi
