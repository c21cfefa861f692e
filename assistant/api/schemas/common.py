"""What every request and response shares: message limits, "not blank", years, filters, the error body."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema, model_validator

from assistant.models import Filters

MAX_MESSAGE_CHARS = 4000
MAX_MESSAGES = 50
# "Has some text": a character outside JSON Schema's (ECMA-262's) whitespace, written out so that the schema's pattern
# and the server's check (`blank`) agree on every character, whichever regex engine reads the pattern.
_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
NOT_BLANK = f"[^{_WHITESPACE}]"
_NOT_BLANK_RE = re.compile(NOT_BLANK)


# The schema's way of saying "at least one message is the user's" (what the validators check).
USER_MESSAGE = {"type": "object", "properties": {"role": {"const": "user"}}, "required": ["role"]}


def blank(text: str) -> bool:
    """True for text with nothing but whitespace (as the schema's `pattern` reads it)."""
    return not _NOT_BLANK_RE.search(text)


def _json_integer(value):
    """JSON Schema's integer: 2020.0 is one (strict pydantic refused it), true and "2020" are not."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


# The JSON schema is given: with a BeforeValidator pydantic writes the bounds as `ge`/`le`, which no schema reader
# knows.
Year = Annotated[
    int,
    BeforeValidator(_json_integer),
    Field(ge=1900, le=2100),
    WithJsonSchema({"type": "integer", "minimum": 1900, "maximum": 2100}),
]


class FiltersIn(BaseModel):
    """Which papers an answer may draw on; every field optional."""

    model_config = ConfigDict(extra="forbid", strict=True)

    author_only: bool | None = Field(None, description="Only the principal author's own papers.")
    year_from: Year | None = Field(None, description="Earliest publication year (inclusive).")
    year_to: Year | None = Field(
        None,
        description="Latest publication year (inclusive; a year_to before year_from is read as the "
        "range between them).",
    )
    coauthor: str | None = Field(
        None, max_length=200, description="Only papers with an author whose name contains this."
    )

    @model_validator(mode="after")
    def _years_in_order(self) -> FiltersIn:
        # A schema cannot say "year_from <= year_to", so a reversed pair is read as the range it spans, not refused.
        if self.year_from is not None and self.year_to is not None and self.year_from > self.year_to:
            self.year_from, self.year_to = self.year_to, self.year_from
        return self

    def to_core(self) -> Filters:
        return Filters(**self.model_dump())


class ErrorBody(BaseModel):
    type: str = Field(description="Kind of error, e.g. invalid_request_error, not_found, unauthorized.")
    message: str = Field(description="What went wrong and what to do about it.")
    param: str | None = Field(None, description="The request field at fault, when there is one.")
    code: str | None = None


class ErrorResponse(BaseModel):
    """Every 4xx/5xx answer (the shape OpenAI clients read too)."""

    error: ErrorBody
