"""Bearer-token check for /api and /v1, the per-address rate limit, and the security headers every response carries."""

from __future__ import annotations

import hmac
import math
import time

from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

_bearer = HTTPBearer(auto_error=False, description="The value of ASSISTANT_API_TOKEN, when the server sets one.")

# No inline script anywhere: the UI's JS and CSS are files, and all corpus text goes in with textContent.
PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Swagger UI sets style attributes from its bundle; scripts stay file-only.
DOCS_CSP = PAGE_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


def require_token(request: Request, credentials: HTTPAuthorizationCredentials | None = Depends(_bearer)) -> None:
    """When a token is configured, the request must carry `Authorization: Bearer <token>`."""
    expected = request.app.state.settings.api_token
    if not expected:
        return
    given = credentials.credentials if credentials else ""
    if not hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8")):
        reason = "wrong API token" if given else "missing API token"
        raise HTTPException(
            status_code=401,
            detail=f"Unauthorized ({reason}): send the server's ASSISTANT_API_TOKEN as `Authorization: Bearer <token>`.",
            headers={"WWW-Authenticate": "Bearer"},
        )


class SecurityHeaders:
    """Pure ASGI middleware (no buffering, so SSE streams pass straight through)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        csp = DOCS_CSP if scope["path"] == "/docs" else PAGE_CSP

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                for name, value in (
                    (b"x-content-type-options", b"nosniff"),
                    (b"content-security-policy", csp.encode()),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"cross-origin-opener-policy", b"same-origin"),
                ):
                    if name not in present:
                        headers.append((name, value))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Refuses request bodies over `max_bytes` with a JSON 413 (Starlette's own limiter answers in plain text)."""

    def __init__(self, app, max_bytes: int, paths: dict[str, int] | None = None):
        self.app = app
        self.max_bytes = max_bytes
        self.paths = paths or {}  # path -> its own limit (an upload route takes files bigger than a chat body)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        max_bytes = self.paths.get(scope["path"], self.max_bytes)
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > max_bytes:
            from assistant.api.errors import too_large

            return await too_large(max_bytes)(scope, receive, send)
        received = 0

        async def counting_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > max_bytes:  # a chunked body without Content-Length
                    raise HTTPException(status_code=413)
            return message

        await self.app(scope, counting_receive, send)


class RateLimit:
    """At most `per_minute` requests to /api/* and /v1/* per client address, as a token bucket (bursts up to the limit).

    Beyond it: a JSON 429 with Retry-After. The address is the TCP peer: `assistant serve` runs uvicorn with
    proxy_headers=False, so a client cannot pick its own X-Forwarded-For. The page, its assets, /docs and /healthz
    are not limited (a monitor or a page load should not spend the chat budget).
    """

    PREFIXES = ("/api/", "/v1/")
    MAX_CLIENTS = 10_000  # buckets kept; full (idle) ones are dropped first when there are more

    def __init__(self, app, per_minute: int, clock=time.monotonic):
        self.app = app
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0  # tokens per second
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when); the event loop is single-threaded

    def _take(self, address: str) -> float:
        """0 when the request may go ahead, else the seconds until it could."""
        now = self.clock()
        tokens, then = self.buckets.get(address, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) * self.rate)
        if tokens >= 1.0:
            self.buckets[address] = (tokens - 1.0, now)
            if len(self.buckets) > self.MAX_CLIENTS:
                self._prune(now)
            return 0.0
        self.buckets[address] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def _prune(self, now: float) -> None:
        full = [a for a, (t, then) in self.buckets.items() if t + (now - then) * self.rate >= self.capacity]
        for address in full:
            del self.buckets[address]
        while len(self.buckets) > self.MAX_CLIENTS:  # all busy: forget the oldest (they get a fresh bucket)
            del self.buckets[min(self.buckets, key=lambda a: self.buckets[a][1])]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].startswith(self.PREFIXES):
            return await self.app(scope, receive, send)
        address = (scope.get("client") or ("unknown", 0))[0]
        wait = self._take(address)
        if not wait:
            return await self.app(scope, receive, send)
        from assistant.api.errors import rate_limited

        return await rate_limited(int(self.capacity), math.ceil(wait))(scope, receive, send)
