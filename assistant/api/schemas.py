"""Request and response schemas of the HTTP API (the stored `Paper` is not the response schema)."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from assistant.models import Citation, Filters, Paper

MAX_MESSAGE_CHARS = 4000
MAX_MESSAGES = 50
MODEL_ID = "paper-assistant"  # the one model /v1 offers
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


class ChatMessage(BaseModel):
    """One turn of the conversation."""

    model_config = ConfigDict(extra="forbid", strict=True)

    role: Literal["user", "assistant"] = Field(description="Who said it.")
    content: str = Field(
        max_length=MAX_MESSAGE_CHARS,
        description=f"The text, at most {MAX_MESSAGE_CHARS} characters, not only whitespace.",
        json_schema_extra={"pattern": NOT_BLANK},
    )


class ChatRequest(BaseModel):
    """The whole conversation so far; the last message is the user's question."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "messages": [{"role": "user", "content": "What has the author worked on in model compression?"}],
                    "stream": False,
                }
            ]
        },
    )

    messages: list[ChatMessage] = Field(
        min_length=1,
        max_length=MAX_MESSAGES,
        description=f"At most {MAX_MESSAGES} messages, oldest first; the last user message is the "
        f"question (later ones are ignored).",
        json_schema_extra={"contains": USER_MESSAGE},
    )
    filters: FiltersIn | None = Field(None, description="Restrict the papers the answer may cite.")
    stream: bool = Field(False, description="Answer as Server-Sent Events: `token`…, one `citations`, then `done`.")

    @field_validator("messages")
    @classmethod
    def _conversation_shape(cls, messages: list[ChatMessage]) -> list[ChatMessage]:
        for i, m in enumerate(messages):
            if blank(m.content):
                raise ValueError(f"message {i} is empty: every message needs some text")
        if not any(m.role == "user" for m in messages):
            raise ValueError(
                "the conversation has no question: at least one message must come from the user (role 'user')"
            )
        return messages


# --- /v1: OpenAI's chat-completions shapes ---------------------------------------------------------
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
    n: int | None = Field(None, ge=1, description="Only 1: there is one answer to a question.")
    tools: list[dict] | None = Field(None, description="Not supported: a non-empty list is a 400.")
    tool_choice: str | dict | None = Field(None, description="Only `none` (or absent).")
    functions: list[dict] | None = Field(
        None, description="Not supported (the older form of `tools`): a non-empty list is a 400."
    )
    response_format: dict | None = Field(
        None, description='Only `{"type": "text"}`: answers are prose with citations, not JSON.'
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


class AnswerOut(BaseModel):
    """The answer and the papers it cites: `[n]` in `answer` is `citations[n-1]` (the same JSON as `assistant ask
    --json`)."""

    answer: str
    citations: list[Citation]
    mode: Literal["extractive", "llm"]
    notice: str | None = Field(None, description="Shown to the user, e.g. why the answer is extractive.")
    references: list[str] = Field(
        default_factory=list,
        description="One line per citation, `[n] Title · authors · year · arXiv:id`, as the CLI and "
        "the chat print them.",
    )
    meta: dict = Field(
        default_factory=dict,
        description="How the answer was made: `route`; `invalid_citations_removed` (markers naming "
        "no source); in LLM mode also "
        "`claims_supported`, `claims_removed` (with `claims_removed_by_reason`), "
        "`claims_recited`, `claims_attributed`, `reference_lines_removed`.",
    )
    plan: dict | None = Field(
        None,
        description="How the question was read: answer type, route, scope, years, people, papers "
        "named or pointed back to, topic.",
    )


class PaperSummary(BaseModel):
    """One row of the papers list."""

    id: str
    title: str | None = Field(description="The title as a source gives it; null when no source titles the paper.")
    display_title: str = Field(description="What to show: the title, or a title derived from the abstract or id.")
    title_derived: bool = Field(description="True when display_title is derived, not a real title.")
    authors: list[str]
    authors_truncated: bool = Field(description="The sources list only the first authors: show 'et al.'.")
    date: str | None
    year: int | None
    arxiv_id: str | None
    arxiv_url: str | None
    doi: str | None = Field(None, description="The DOI, when a source gives one (arXiv's own DOIs are its arXiv id).")
    doi_url: str | None = None
    venue: str | None = Field(None, description='Journal, proceedings or "arXiv", as the sources name it.')
    has_abstract: bool = Field(
        True, description="False for a metadata-only record: listed and counted, never quoted as evidence."
    )
    categories: list[str]
    has_code: bool
    is_author_work: bool

    @classmethod
    def of(cls, paper: Paper) -> PaperSummary:
        return cls(**_summary_fields(paper))


class PaperDetail(PaperSummary):
    """Everything known about one paper, with where each part came from."""

    date_precision: str | None
    attribution: str
    abstract: str
    other_abstracts: list[str]
    comments: list[str]
    sources: list[dict]
    conflicts: list[dict]
    notes: list[str]

    @classmethod
    def of(cls, paper: Paper) -> PaperDetail:
        return cls(
            **_summary_fields(paper),
            date_precision=paper.date_precision,
            attribution=paper.attribution,
            abstract=paper.abstract,
            other_abstracts=paper.other_abstracts,
            comments=paper.comments,
            sources=[s.model_dump() for s in paper.sources],
            conflicts=[c.model_dump() for c in paper.conflicts],
            notes=paper.notes,
        )


def _summary_fields(paper: Paper) -> dict:
    return {
        "id": paper.id,
        "title": paper.title,
        "display_title": paper.display_title,
        "title_derived": paper.title is None,
        "authors": paper.authors,
        "authors_truncated": paper.authors_truncated,
        "date": paper.date,
        "year": paper.year,
        "arxiv_id": paper.arxiv_id,
        "arxiv_url": f"https://arxiv.org/abs/{paper.arxiv_id}" if paper.arxiv_id else None,
        "doi": paper.doi,
        "doi_url": f"https://doi.org/{paper.doi}" if paper.doi else None,
        "venue": paper.venue,
        "has_abstract": paper.has_abstract,
        "categories": paper.categories,
        "has_code": paper.has_code,
        "is_author_work": paper.is_author_work,
    }


class PaperList(BaseModel):
    count: int
    papers: list[PaperSummary]


class Theme(BaseModel):
    """One research theme of the principal author, computed from the corpus at ingest."""

    id: int = Field(description="Stable within one ingest; the key of `by_theme` and `themes` maps.")
    label: str = Field(
        description="A short phrase (one to four words) taken verbatim from the theme's own titles and abstracts."
    )
    terms: list[str] = Field(description="The theme's most distinctive words and word pairs (class-based TF-IDF).")
    paper_ids: list[str] = Field(description="The theme's papers (each author paper is in exactly one theme).")
    representative: list[str] = Field(description="Up to three papers closest to the theme's centre.")
    year_from: int | None
    year_to: int | None


class YearCount(BaseModel):
    """The principal author's papers of one year."""

    year: int
    total: int
    by_theme: dict[int, int] = Field(description="Theme id → papers that year (JSON keys are strings).")
    paper_ids: list[str]


class Coauthor(BaseModel):
    """Someone who wrote papers with the principal author."""

    name: str
    papers: int = Field(description="Joint papers; a lower bound when `truncated_author_lists` > 0.")
    paper_ids: list[str]
    themes: dict[int, int] = Field(description="Theme id → joint papers in that theme (JSON keys are strings).")


class Profile(BaseModel):
    """The principal author at a glance: research themes, publications per year by theme, co-authors."""

    principal_author: str
    papers: int = Field(description="Papers in the corpus, the author's and others'.")
    author_papers: int = Field(description="Of those, the principal author's.")
    themes: list[Theme]
    per_year: list[YearCount] = Field(description="Years with at least one of the author's papers, oldest first.")
    undated: list[str] = Field(description="Author papers with no known year (not in `per_year`).")
    coauthors: list[Coauthor] = Field(description="Most joint papers first.")
    truncated_author_lists: int = Field(
        description="Author papers whose sources list only the first authors: co-author counts are lower bounds."
    )

    @classmethod
    def of(cls, profile) -> Profile:
        return cls.model_validate(profile.model_dump())


class Health(BaseModel):
    status: Literal["ok", "degraded", "unavailable"] = Field(
        description="'ok': the store is reachable and holds papers; 'degraded': the paper table is "
        "loaded but the vector store "
        "cannot be reached (questions get a 503, the paper list works); 'unavailable': nothing to answer from."
    )
    reason: str | None = Field(None, description="What is wrong and what to do, when the status is not 'ok'.")
    papers: int = Field(description="Papers indexed.")
    author_papers: int = Field(description="Of those, the principal author's.")
    mode: Literal["extractive", "llm"] = Field(description="How answers are composed.")
    mode_reason: str
    store_reachable: bool
    auth_required: bool = Field(description="Whether /api/* and /v1/* need `Authorization: Bearer …`.")
    sources_upload: bool = Field(
        False, description="Whether `POST /api/sources` (adding a file to the corpus) is switched on."
    )


class ErrorBody(BaseModel):
    type: str = Field(description="Kind of error, e.g. invalid_request_error, not_found, unauthorized.")
    message: str = Field(description="What went wrong and what to do about it.")
    param: str | None = Field(None, description="The request field at fault, when there is one.")
    code: str | None = None


class ErrorResponse(BaseModel):
    """Every 4xx/5xx answer (the shape OpenAI clients read too)."""

    error: ErrorBody


class SourceFileReport(BaseModel):
    """What ingest read from one file (the same summary `assistant ingest` prints)."""

    file: str = Field(description="The name the file was stored under in the corpus folder.")
    shape: str | None = Field(description="The format or page shape detected from the content.")
    entries: int = Field(description="Entries read from the file.")
    merged: int = Field(description="Of those, entries that joined a paper another file also has.")
    warnings: list[str] = Field(description="Problems, each as `file:line: message`; ingest went on.")


class SourceAdded(BaseModel):
    """The result of adding one file: its report and the corpus after the re-ingest."""

    report: SourceFileReport
    papers: int = Field(description="Papers in the corpus now.")
    author_papers: int
    added: list[str] = Field(description="Ids of papers new to the store.")
    updated: list[str] = Field(description="Ids of papers the file changed (e.g. an abstract it brought).")
    unchanged: int
    seconds: float


# --- feedback on answers ------------------------------------------------------------------------------
MAX_ANSWER_CHARS = 20_000  # a long structured answer (every paper of a theme) stays well under this
MAX_COMMENT_CHARS = 2_000
MAX_CITATIONS = 50


class FeedbackIn(BaseModel):
    """A thumbs up or down on one answer, with the answer as it was shown."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "rating": "down",
                    "comment": "It missed the 2023 paper.",
                    "question": "Which papers are about stencil computation?",
                    "answer": "Two papers are about stencil computation [1] [2].",
                    "citations": [],
                    "mode": "extractive",
                }
            ]
        },
    )

    rating: Literal["up", "down"] = Field(description="`up`: a good answer; `down`: a bad one.")
    comment: str | None = Field(
        None,
        max_length=MAX_COMMENT_CHARS,
        description=f"What was good or wrong, at most {MAX_COMMENT_CHARS:,} characters.",
    )
    question: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS, description="The question the answer answered.")
    history: list[ChatMessage] = Field(
        default_factory=list,
        max_length=MAX_MESSAGES,
        description="Earlier turns of the conversation, oldest first (for follow-ups).",
    )
    answer: str = Field(
        max_length=MAX_ANSWER_CHARS, description=f"The answer text as shown, at most {MAX_ANSWER_CHARS:,} characters."
    )
    citations: list[Citation] = Field(
        default_factory=list,
        max_length=MAX_CITATIONS,
        description="The answer's `citations`, as the chat endpoint returned them.",
    )
    mode: Literal["extractive", "llm"] = Field(description="The answer's `mode`.")
    source: Literal["web", "api"] = Field("api", description="Which interface the rating came from.")

    @field_validator("question")
    @classmethod
    def _not_blank(cls, question: str) -> str:
        if not question.strip():
            raise ValueError("the question is empty: send the question the answer was for")
        return question


class FeedbackSaved(BaseModel):
    """The stored rating's id and time (UTC)."""

    id: str
    created: str


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
