"""Bearer-token check for /api and /v1, the per-address rate limit, and the security headers every response carries."""

from __future__ import annotations

import hmac
import math
import re
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
            detail=f"Unauthorized ({reason}): send the server's ASSISTANT_API_TOKEN as "
            f"`Authorization: Bearer <token>`.",
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
    """Refuses request bodies over `max_bytes` with a JSON 413 (Starlette's own limiter answers in plain text), and
    JSON bodies with an object of more than `max_fields` fields (or `max_total` in all) with a 422, found by a scan
    in a worker thread before anything parses them.

    Why the second: FastAPI parses and validates a body on the event loop, and pydantic builds one error per unknown
    key: a 1 MB body of 95k unknown keys held the loop 0.85 s, so 20 of them stalled every request for seconds. No
    request of ours has an object with more than a few dozen fields (an OpenAI request has about 30)."""

    MAX_FIELDS = 64  # in one object
    MAX_TOTAL = 5000  # in the whole body: 50 messages of a few fields and text parts each are far below it

    def __init__(
        self,
        app,
        max_bytes: int,
        paths: dict[str, int] | None = None,
        max_fields: int = MAX_FIELDS,
        max_total: int = MAX_TOTAL,
    ):
        self.app = app
        self.max_bytes = max_bytes
        self.paths = paths or {}  # path -> its own limit (an upload route takes files bigger than a chat body)
        self.max_fields = max_fields
        self.max_total = max_total

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        max_bytes = self.paths.get(scope["path"], self.max_bytes)
        length = headers.get(b"content-length")
        if length is not None and length.isdigit() and int(length) > max_bytes:
            from assistant.api.errors import too_large

            await _drain(receive, int(length))
            return await too_large(max_bytes)(scope, receive, send)
        if scope["method"] in ("POST", "PUT", "PATCH") and _json_content(headers.get(b"content-type")):
            return await self._json(scope, receive, send)
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

    async def _json(self, scope, receive, send):
        """Read the whole (bounded) body, look at its shape off the event loop, then hand the same bytes on."""
        import anyio

        from assistant.api.errors import error_json, too_large

        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left before sending it all
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.max_bytes:  # a chunked body without Content-Length
                if message.get("more_body", False):
                    await _drain(receive, DRAIN_BYTES)
                return await too_large(self.max_bytes)(scope, receive, send)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        # A body of a few KB cannot cost much on the loop: only bigger ones are worth the thread hop.
        crowded = (
            await anyio.to_thread.run_sync(_crowded_object, body, self.max_fields, self.max_total)
            if size > 64 * self.max_fields
            else None
        )
        if crowded:
            where, count = crowded
            return await error_json(
                422,
                "invalid_request_error",
                f"Invalid request: {where} has more than {count - 1:,} fields: remove the fields "
                f"this API does not know.",
            )(scope, receive, send)
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the disconnect a streaming answer watches for

        await self.app(scope, replay, send)


# How much of a refused body is read before the 413, and for how long. Answering before the body was read closed
# the socket with the client still sending: a Python urllib client saw a connection reset instead of the 413 in 2 of
# 3 runs with a 1 MB chat body (curl always saw it). A client that sends its body is read at once; one that announces
# a big body and then stalls (or sends gigabytes) gets its 413 after DRAIN_SECONDS or DRAIN_BYTES, whichever first.
DRAIN_BYTES = 16 * 1024 * 1024
DRAIN_SECONDS = 1.0


async def _drain(receive, expected: int) -> None:
    """Read and drop the request body (bounded in bytes and time), so the client is reading when the 413 comes."""
    import anyio

    left = min(expected, DRAIN_BYTES)
    with anyio.move_on_after(DRAIN_SECONDS):
        while left > 0:
            message = await receive()
            if message["type"] != "http.request":
                return
            left -= len(message.get("body", b""))
            if not message.get("more_body", False):
                return


def _json_content(content_type: bytes | None) -> bool:
    """What FastAPI parses as JSON: no Content-Type, application/json, or an application/*+json type."""
    if not content_type:
        return True
    kind = content_type.split(b";")[0].strip().lower()
    return kind == b"application/json" or (kind.startswith(b"application/") and kind.endswith(b"+json"))


# A JSON string (with an optional following colon: then it is a key), or a bracket. Strings are matched whole in C.
_JSON_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?|[{}\[\]]')


def _crowded_object(body: bytes, max_fields: int, max_total: int) -> tuple[str, int] | None:
    """(what, how many) when the body has an object of more than `max_fields` fields or more than `max_total` fields
    in all; None otherwise (also for text that is not JSON: FastAPI answers that with its own 400).

    Why not json.loads: it holds the GIL for the whole parse (0.26 s for 95k keys), in a thread or not. Tokens are
    read instead, and the scan stops at the first object over the limit."""
    objects: list[int] = []  # field counts of the open objects; -1 marks an open array
    total = 0
    for m in _JSON_TOKEN.finditer(body):
        token = m.group(0)
        if m.group(1) is not None:  # a key
            total += 1
            if objects and objects[-1] >= 0:
                objects[-1] += 1
                if objects[-1] > max_fields:
                    return "an object in the request body", objects[-1]
            if total > max_total:
                return "the request body", total
        elif token == b"{":
            objects.append(0)
        elif token == b"[":
            objects.append(-1)
        elif token in (b"}", b"]") and objects:
            objects.pop()
    return None


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
        self.buckets: dict[
            str, tuple[float, float]
        ] = {}  # address -> (tokens, when); the event loop is single-threaded

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


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARD_BINDS = ("", "0.0.0.0", "::")


def default_allowed_hosts(bound: str) -> list[str]:
    """The Host names a server bound to `bound` answers: that address and the loopback names; on a wildcard address,
    also this machine's name and addresses (anything else goes in ASSISTANT_ALLOWED_HOSTS)."""
    import socket

    hosts = [bound.strip("[]"), *LOOPBACK_NAMES]
    if bound.strip("[]") in WILDCARD_BINDS:
        try:
            names = {socket.gethostname(), socket.getfqdn()}
            hosts += [*names, *{info[4][0] for name in names for info in socket.getaddrinfo(name, None)}]
        except OSError:  # no resolvable name: the loopback names and the configured ones still work
            pass
    return list(dict.fromkeys(h.lower() for h in hosts if h and h not in WILDCARD_BINDS))


# RFC 3986 `host [":" port]`: a bracketed IPv6 literal or a name / IPv4 address, then at most a port and nothing else.
# `[localhost]evil.example` was read as "localhost" by taking what stood between the brackets.
_HOST = re.compile(r"\[(?P<ip6>[0-9a-f:.]+(?:%25[\w.~-]+)?)\](?::\d{1,5})?|(?P<name>[a-z0-9._~-]+)(?::\d{1,5})?")


def host_name(value: bytes) -> str | None:
    """The host of a Host header, without its port: `[::1]:8000` → `::1`, `Example.org:80` → `example.org`; None for
    a header that is not a host and port (`[localhost]evil.example`, `a b`, an unbracketed IPv6 address)."""
    m = _HOST.fullmatch(value.decode("latin-1").strip().lower())
    if m is None:
        return None
    return m["ip6"] if m["ip6"] is not None else m["name"]


class HostCheck:
    """Answers only requests whose Host is one of `allowed` (`*` = any) with anything but a 400: a DNS-rebinding page
    (its own name resolving to 127.0.0.1) reaches a loopback server, but with its own name in the Host header."""

    def __init__(self, app, allowed: list[str]):
        self.app = app
        self.any = "*" in allowed
        self.allowed = {h.strip().strip("[]").lower() for h in allowed}

    async def __call__(self, scope, receive, send):
        if self.any or scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        host = dict(scope.get("headers") or []).get(b"host")
        if host is None or host_name(host) in self.allowed:  # no Host (HTTP/1.0): not a browser, nothing to rebind
            return await self.app(scope, receive, send)
        from assistant.api.errors import error_json

        shown = host.decode("latin-1")[:100]
        return await error_json(
            400,
            "bad_host",
            f"This server does not answer for the host {shown!r}: use one it is bound to or "
            f"add the name to ASSISTANT_ALLOWED_HOSTS.",
        )(scope, receive, send)
