"""`/v1/chat/completions`: OpenAI's request shape (what is honoured, what is refused), usage, the response schemas."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator

from assistant.api.schemas.common import MAX_MESSAGE_CHARS, MAX_MESSAGES, NOT_BLANK, USER_MESSAGE, FiltersIn, blank

MODEL_ID = "paper-assistant"  # the one model /v1 offers


class ContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str = Field(json_schema_extra={"enum": ["text"]})
    text: str | None = None


# A user message must carry some text (a non-blank string, or a text part that is not blank): said in the schema too.
_USER_HAS_TEXT = {
    "if": {"properties": {"role": {"const": "user"}}, "required": ["role"]},
    "then": {
        "required": ["content"],
        "properties": {
            "content": {
                "anyOf": [
                    {"type": "string", "pattern": NOT_BLANK},
                    {
                        "type": "array",
                        "contains": {
                            "type": "object",
                            "properties": {"text": {"type": "string", "pattern": NOT_BLANK}},
                            "required": ["text"],
                        },
                    },
                ]
            }
        },
    },
}


class ChatCompletionMessage(BaseModel):
    model_config = ConfigDict(extra="allow", json_schema_extra=_USER_HAS_TEXT)

    role: Literal["system", "developer", "user", "assistant"]
    content: str | list[ContentPart] | None = Field(None, description="Text, or a list of text parts.")

    def text(self) -> str:
        if self.content is None:
            return ""
        if isinstance(self.content, str):
            return self.content
        return "".join(p.text or "" for p in self.content)


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")

    include_usage: StrictBool | None = Field(
        None, description="Send one more chunk before `[DONE]`: no choices, the whole answer's `usage`."
    )


class ChatCompletionRequest(BaseModel):
    """OpenAI's request shape. `max_tokens`/`max_completion_tokens` and `stream_options.include_usage` are honoured;
    `n` > 1, `tools`/`tool_choice`/`functions` and a structured `response_format` are refused with a 400 naming the
    parameter; sampling options (temperature, top_p, seed, …) are accepted and have no effect on an extractive
    answer."""

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [
                {
                    "model": MODEL_ID,
                    "messages": [{"role": "user", "content": "Which papers are about stencil computation?"}],
                }
            ]
        },
    )

    model: str = Field(description=f"`{MODEL_ID}` (see GET /v1/models).")
    messages: list[ChatCompletionMessage] = Field(
        min_length=1, max_length=MAX_MESSAGES, json_schema_extra={"contains": USER_MESSAGE}
    )
    stream: StrictBool = False
    filters: FiltersIn | None = Field(None, description="Extension: restrict the papers the answer may cite.")
    stream_options: StreamOptions | None = None
    max_tokens: int | None = Field(
        None,
        ge=1,
        description="Most tokens in the reply (content with its references), counted as `usage` "
        "counts them; the answer ends at the last sentence that fits, citing only what "
        "it kept.",
    )
    max_completion_tokens: int | None = Field(
        None, ge=1, description="The same as `max_tokens` (the smaller of the two applies)."
    )
    # What the model honours is the documented schema (`maximum`, `maxItems`, `enum`, `const`), so a request the schema
    # allows is answered; anything else is still read (OpenAI's shape) and refused with a 400 naming the parameter.
    # ("functions": [{}] was schema-valid and refused: schemathesis' positive_data_acceptance.)
    n: int | None = Field(
        None, ge=1, description="Only 1: there is one answer to a question.", json_schema_extra={"maximum": 1}
    )
    tools: list[dict] | None = Field(
        None, description="Not supported: a non-empty list is a 400.", json_schema_extra={"maxItems": 0}
    )
    tool_choice: str | dict | None = Field(
        None, description="Only `none` (or absent).", json_schema_extra={"enum": ["none", None]}
    )
    functions: list[dict] | None = Field(
        None,
        description="Not supported (the older form of `tools`): a non-empty list is a 400.",
        json_schema_extra={"maxItems": 0},
    )
    response_format: dict | None = Field(
        None,
        description='Only `{"type": "text"}`: answers are prose with citations, not JSON.',
        json_schema_extra={"properties": {"type": {"const": "text"}}},
    )

    @field_validator("messages")
    @classmethod
    def _conversation_shape(cls, messages: list[ChatCompletionMessage]) -> list[ChatCompletionMessage]:
        for i, m in enumerate(messages):
            if isinstance(m.content, list) and any(p.type != "text" for p in m.content):
                raise ValueError(f"message {i} has a non-text part: this model reads text only")
            text = m.text()
            if len(text) > MAX_MESSAGE_CHARS:
                raise ValueError(
                    f"message {i} is {len(text):,} characters; the limit is {MAX_MESSAGE_CHARS:,}: shorten it"
                )
            if m.role == "user" and blank(text):
                raise ValueError(f"message {i} is empty: every user message needs some text")
        if not any(m.role == "user" for m in messages):
            raise ValueError(
                "the conversation has no question: at least one message must come from the user (role 'user')"
            )
        return messages

    @property
    def budget(self) -> int | None:
        """The reply's token limit, if the client set one."""
        limits = [v for v in (self.max_tokens, self.max_completion_tokens) if v is not None]
        return min(limits) if limits else None

    def unsupported(self) -> tuple[str, str] | None:
        """(parameter, reason) for the first option this model cannot honour, else None."""
        if self.n is not None and self.n > 1:
            return (
                "n",
                f"n={self.n} asks for {self.n} answers; this model gives one answer per question: "
                f"leave n out or send n=1.",
            )
        if self.tools:
            return (
                "tools",
                "This model cannot call tools (it answers from the paper corpus only): send the "
                "request without `tools`.",
            )
        if self.functions:
            return (
                "functions",
                "This model cannot call functions (it answers from the paper corpus only): send "
                "the request without `functions`.",
            )
        if self.tool_choice not in (None, "none"):
            return "tool_choice", 'This model cannot call tools: leave `tool_choice` out or set it to "none".'
        kind = (self.response_format or {}).get("type", "text")
        if kind != "text":
            return (
                "response_format",
                f"response_format type {kind!r} is not supported: answers are prose with [n] "
                f'citations; leave `response_format` out or use {{"type": "text"}}.',
            )
        return None


class Usage(BaseModel):
    """Token counts of one completion, by the MiniLM WordPiece tokenizer (not the chat model's)."""

    prompt_tokens: int = Field(description="Word-pieces of every message's text, as sent.")
    completion_tokens: int = Field(description="Word-pieces of the reply's content (answer, references and notice).")
    total_tokens: int


# /v1/chat/completions answers JSON, or with `stream: true` Server-Sent Events in OpenAI's shape: `data: <chunk>` lines
# (no `event:` field) ending with `data: [DONE]`. Before OpenAPI 3.2's itemSchema, a text/event-stream `schema`
# describes one event (schemathesis checks each event against it).
V1_STREAM_EVENT = {
    "type": "object",
    "required": ["data"],
    "properties": {
        "event": {"type": "string"},
        "data": {"type": "string", "description": "A `chat.completion.chunk` object as JSON, or `[DONE]` at the end."},
    },
}
V1_COMPLETION = {
    "type": "object",
    "required": ["id", "object", "created", "model", "choices"],
    "properties": {
        "id": {"type": "string"},
        "object": {"type": "string", "enum": ["chat.completion"]},
        "created": {"type": "integer"},
        "model": {"type": "string"},
        "choices": {"type": "array", "items": {"type": "object", "required": ["index", "message", "finish_reason"]}},
        "citations": {
            "type": "array",
            "items": {"type": "object"},
            "description": "Extension: the cited papers, `[n]` is `citations[n-1]`.",
        },
        "mode": {"type": "string", "enum": ["extractive", "llm"]},
        "notice": {"type": ["string", "null"]},
    },
}
V1_RESPONSES = {
    200: {
        "description": "The completion (JSON), or with `stream: true` Server-Sent Events of "
        "`chat.completion.chunk` objects, then `[DONE]`.",
        "content": {"application/json": {"schema": V1_COMPLETION}, "text/event-stream": {"schema": V1_STREAM_EVENT}},
    },
}
