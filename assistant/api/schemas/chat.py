"""`POST /api/chat`: the conversation in, the cited answer out (`AnswerOut`, the same JSON as `ask --json`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from assistant.api.schemas.common import MAX_MESSAGE_CHARS, MAX_MESSAGES, NOT_BLANK, USER_MESSAGE, FiltersIn, blank
from assistant.models import Block, Citation


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


class AnswerOut(BaseModel):
    """The answer and the papers it cites: `[n]` in `answer` is `citations[n-1]` (the same JSON as `assistant ask
    --json`)."""

    answer: str = Field(description="Markdown, rendered from `blocks`.")
    blocks: list[Block] = Field(
        default_factory=list,
        description="The answer's structure: paragraphs, lists and tables of claims, each claim's text with its `[n]` "
        "markers where they stand (`cites` lists them). Render these, or `answer` as markdown: they say the same.",
    )
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
