"""Turns every failure into a JSON `{"error": {type, message, param}}` with a 4xx/5xx status."""

from __future__ import annotations

import logging
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from assistant.errors import AssistantError

log = logging.getLogger("assistant.api")

# What a person should do about each kind of validation failure; `{…}` is filled from pydantic's context.
_HINTS = {
    "missing": "is required",
    "extra_forbidden": "is not a known field: remove it",
    "string_too_long": "is too long ({actual} characters; at most {max_length:,}): shorten it",
    "too_long": "has too many items (at most {max_length:,}): start a new chat or drop old messages",
    "too_short": "must not be empty",
    "literal_error": "must be one of {expected}",
    "string_type": "must be a string",
    "bool_type": "must be true or false",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "bool_parsing": "must be true or false",
    "list_type": "must be a list",
    "model_type": "must be a JSON object",
    "model_attributes_type": "must be a JSON object",
    "dict_type": "must be a JSON object",
    "greater_than_equal": "must be at least {ge}",
    "less_than_equal": "must be at most {le}",
}


def error_json(
    status: int, type_: str, message: str, param: str | None = None, headers: dict | None = None
) -> JSONResponse:
    return JSONResponse(
        {"error": {"type": type_, "message": message, "param": param, "code": None}},
        status_code=status,
        headers=headers,
    )


def _loc(loc) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    out = ""
    for p in parts:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if out else p)
    return out or "request body"


def describe(error: dict) -> tuple[str, str]:
    """(param, sentence) for one pydantic error."""
    param = _loc(error.get("loc", ()))
    kind = error.get("type", "")
    ctx = dict(error.get("ctx") or {})
    if tuple(error.get("loc", ())) == ("body",) and isinstance(error.get("input"), (bytes, str)):
        return param, "the body must be a JSON object sent with Content-Type: application/json"
    if kind == "value_error":
        return param, f"{param}: {ctx.get('error', error.get('msg'))}"
    if kind == "string_too_long":
        value = error.get("input")
        ctx["actual"] = f"{len(value):,}" if isinstance(value, str) else "too many"
    hint = _HINTS.get(kind)
    if hint:
        try:
            return param, f"{param} {hint.format(**ctx)}"
        except (KeyError, IndexError):
            pass
    return param, f"{param}: {error.get('msg', 'is not valid')}"


def too_large(max_bytes: int) -> JSONResponse:
    return error_json(
        413, "request_too_large", f"The request body is over {max_bytes:,} bytes: send fewer or shorter messages."
    )


def rate_limited(per_minute: int, retry_after: int) -> JSONResponse:
    return error_json(
        429,
        "rate_limited",
        f"Too many requests from this address (at most {per_minute} a minute): retry in {retry_after} s.",
        headers={"Retry-After": str(retry_after)},
    )


async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        ctx = errors[0].get("ctx") or {}
        return error_json(
            400,
            "invalid_json",
            f"The request body is not valid JSON ({ctx.get('error', 'decode error')}): send a "
            f"JSON object with Content-Type: application/json.",
        )
    sentences = []
    params = []
    for e in errors[:5]:
        param, sentence = describe(e)
        params.append(param)
        sentences.append(sentence)
    message = "; ".join(sentences) + ("" if len(errors) <= 5 else f"; and {len(errors) - 5} more problems")
    return error_json(422, "invalid_request_error", f"Invalid request: {message}.", params[0] if params else None)


async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    messages = {
        404: f"Nothing at {request.url.path}: the chat UI is at /, the API is described at /docs.",
        405: f"{request.method} is not allowed on {request.url.path}: see /docs for the methods each path takes.",
        413: "The request body is too large: send fewer or shorter messages.",
    }
    # Starlette's own 404/405/413 carry only the status phrase: say what to do instead.
    generic = not isinstance(exc.detail, str) or exc.detail == HTTPStatus(exc.status_code).phrase
    detail = messages.get(exc.status_code, str(exc.detail)) if generic else exc.detail
    kinds = {
        400: "bad_request",
        401: "unauthorized",
        404: "not_found",
        405: "method_not_allowed",
        413: "request_too_large",
    }
    if exc.status_code == 400 and exc.detail == FASTAPI_UNPARSABLE:
        return error_json(400, "invalid_json", _unparsable(exc.__cause__))
    return error_json(
        exc.status_code, kinds.get(exc.status_code, "http_error"), detail, headers=getattr(exc, "headers", None)
    )


# What FastAPI says when json.loads fails with something other than a JSONDecodeError; the cause says which.
FASTAPI_UNPARSABLE = "There was an error parsing the body"


def _unparsable(cause: BaseException | None) -> str:
    if isinstance(cause, RecursionError):
        why = "it is nested too deeply"
    elif isinstance(cause, UnicodeDecodeError):
        why = "it is not valid UTF-8"
    elif isinstance(cause, ValueError) and "digits" in str(cause):
        why = "a number in it has too many digits"
    else:
        why = type(cause).__name__ if cause else "unreadable"
    return (
        f"The request body cannot be read as JSON ({why}): send a UTF-8 JSON object with "
        f"Content-Type: application/json."
    )


async def _assistant_error(request: Request, exc: AssistantError) -> JSONResponse:
    kind = {404: "not_found", 422: "invalid_request_error", 503: "store_unavailable"}.get(
        exc.http_status, type(exc).__name__
    )
    if exc.http_status >= 500:
        log.warning("%s on %s: %s", type(exc).__name__, request.url.path, exc)
    return error_json(exc.http_status, kind, str(exc))


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    # Starlette's ServerErrorMiddleware calls this and then re-raises, so the traceback is still logged.
    return error_json(
        500,
        "internal_error",
        f"Internal error ({type(exc).__name__}): the server log has the details; please report it.",
    )


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(StarletteHTTPException, _http)
    app.add_exception_handler(AssistantError, _assistant_error)
    app.add_exception_handler(Exception, _unexpected)
