"""Request and response schemas of the HTTP API (the stored `Paper` is not the response schema)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from assistant.models import Citation, Filters, Paper

MAX_MESSAGE_CHARS = 4000
MAX_MESSAGES = 50


class FiltersIn(BaseModel):
    """Which papers an answer may draw on; every field optional."""

    model_config = ConfigDict(extra="forbid", strict=True)

    author_only: bool | None = Field(None, description="Only the principal author's own papers.")
    year_from: int | None = Field(None, ge=1900, le=2100, description="Earliest publication year (inclusive).")
    year_to: int | None = Field(None, ge=1900, le=2100, description="Latest publication year (inclusive).")
    coauthor: str | None = Field(None, max_length=200, description="Only papers with an author whose name contains this.")

    @model_validator(mode="after")
    def _years_in_order(self) -> "FiltersIn":
        if self.year_from is not None and self.year_to is not None and self.year_from > self.year_to:
            raise ValueError(f"year_from ({self.year_from}) is after year_to ({self.year_to}): swap them")
        return self

    def to_core(self) -> Filters:
        return Filters(**self.model_dump())


class ChatMessage(BaseModel):
    """One turn of the conversation."""

    model_config = ConfigDict(extra="forbid", strict=True)

    role: Literal["user", "assistant"] = Field(description="Who said it.")
    content: str = Field(max_length=MAX_MESSAGE_CHARS, description=f"The text, at most {MAX_MESSAGE_CHARS} characters.")


class ChatRequest(BaseModel):
    """The whole conversation so far; the last message is the user's question."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"messages": [{"role": "user", "content": "What has Yunquan Zhang worked on in model compression?"}], "stream": False}]},
    )

    messages: list[ChatMessage] = Field(min_length=1, max_length=MAX_MESSAGES, description=f"At most {MAX_MESSAGES} messages, oldest first.")
    filters: FiltersIn | None = Field(None, description="Restrict the papers the answer may cite.")
    stream: bool = Field(False, description="Answer as Server-Sent Events: `token`…, one `citations`, then `done`.")

    @field_validator("messages")
    @classmethod
    def _conversation_shape(cls, messages: list[ChatMessage]) -> list[ChatMessage]:
        for i, m in enumerate(messages):
            if not m.content.strip():
                raise ValueError(f"message {i} is empty: every message needs some text")
        if messages[-1].role != "user":
            raise ValueError("the last message must be the user's question (role 'user')")
        return messages


class AnswerOut(BaseModel):
    """The answer and the papers it cites: `[n]` in `answer` is `citations[n-1]` (the same JSON as `assistant ask --json`)."""

    answer: str
    citations: list[Citation]
    mode: Literal["extractive", "llm"]
    notice: str | None = Field(None, description="Shown to the user, e.g. why the answer is extractive.")
    plan: dict | None = Field(None, description="How the question was read: answer type, route, scope, years, people, papers named or pointed back to, topic.")


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
    categories: list[str]
    has_code: bool
    is_author_work: bool

    @classmethod
    def of(cls, paper: Paper) -> "PaperSummary":
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
    def of(cls, paper: Paper) -> "PaperDetail":
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
    label: str = Field(description="A short label made of the theme's most distinctive terms.")
    terms: list[str]
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
    truncated_author_lists: int = Field(description="Author papers whose sources list only the first authors: co-author counts are lower bounds.")

    @classmethod
    def of(cls, profile) -> "Profile":
        return cls.model_validate(profile.model_dump())


class Health(BaseModel):
    status: Literal["ok", "degraded", "unavailable"] = Field(
        description="'ok': the store is reachable and holds papers; 'degraded': the paper table is loaded but the vector store "
        "cannot be reached (questions get a 503, the paper list works); 'unavailable': nothing to answer from."
    )
    reason: str | None = Field(None, description="What is wrong and what to do, when the status is not 'ok'.")
    papers: int = Field(description="Papers indexed.")
    author_papers: int = Field(description="Of those, the principal author's.")
    mode: Literal["extractive", "llm"] = Field(description="How answers are composed.")
    mode_reason: str
    store_reachable: bool
    auth_required: bool = Field(description="Whether /api/* and /v1/* need `Authorization: Bearer …`.")


class ErrorBody(BaseModel):
    type: str = Field(description="Kind of error, e.g. invalid_request_error, not_found, unauthorized.")
    message: str = Field(description="What went wrong and what to do about it.")
    param: str | None = Field(None, description="The request field at fault, when there is one.")
    code: str | None = None


class ErrorResponse(BaseModel):
    """Every 4xx/5xx answer (the shape OpenAI clients read too)."""

    error: ErrorBody
