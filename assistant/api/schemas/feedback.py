"""`POST /api/feedback`: a thumbs up or down on one answer, and the stored rating's id."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from assistant.api.schemas.chat import ChatMessage
from assistant.api.schemas.common import MAX_MESSAGE_CHARS, MAX_MESSAGES, NOT_BLANK, blank
from assistant.models import Citation

MAX_ANSWER_CHARS = 20_000  # a long structured answer (every paper of a theme) stays well under this
MAX_COMMENT_CHARS = 2_000
MAX_CITATIONS = 50
MAX_ANSWER_ID_CHARS = 200


class FeedbackCitation(Citation):
    """A citation as the chat endpoint returned it, read strictly: `"is_author_work": 0` is not a boolean (the
    schema says boolean; coercing it accepted data the schema forbids)."""

    model_config = ConfigDict(strict=True)


class FeedbackIn(BaseModel):
    """A thumbs up or down on one answer, with the answer as it was shown."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            # The schema says what the validator checks: a withdrawal names its answer.
            "if": {"properties": {"rating": {"const": "none"}}, "required": ["rating"]},
            "then": {"required": ["answer_id"], "properties": {"answer_id": {"type": "string"}}},
            "examples": [
                {
                    "rating": "down",
                    "comment": "It missed the 2023 paper.",
                    "question": "Which papers are about stencil computation?",
                    "answer": "Two papers are about stencil computation [1] [2].",
                    "citations": [],
                    "mode": "extractive",
                }
            ],
        },
    )

    rating: Literal["up", "down", "none"] = Field(
        description="`up`: a good answer; `down`: a bad one; `none` withdraws the earlier rating of `answer_id` "
        "(which it then needs)."
    )
    answer_id: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_ANSWER_ID_CHARS,
        description="Names the answer rated (the web page: its conversation and question). A later rating with the "
        "same id replaces this one: a changed thumb is one rating, not two.",
    )
    comment: str | None = Field(
        None,
        max_length=MAX_COMMENT_CHARS,
        description=f"What was good or wrong, at most {MAX_COMMENT_CHARS:,} characters.",
    )
    question: str = Field(
        min_length=1,
        max_length=MAX_MESSAGE_CHARS,
        description="The question the answer answered (not only whitespace).",
        json_schema_extra={"pattern": NOT_BLANK},
    )
    history: list[ChatMessage] = Field(
        default_factory=list,
        max_length=MAX_MESSAGES,
        description="Earlier turns of the conversation, oldest first (for follow-ups).",
    )
    answer: str = Field(
        max_length=MAX_ANSWER_CHARS, description=f"The answer text as shown, at most {MAX_ANSWER_CHARS:,} characters."
    )
    citations: list[FeedbackCitation] = Field(
        default_factory=list,
        max_length=MAX_CITATIONS,
        description="The answer's `citations`, as the chat endpoint returned them.",
    )
    mode: Literal["extractive", "llm"] = Field(description="The answer's `mode`.")
    source: Literal["web", "api"] = Field("api", description="Which interface the rating came from.")

    @field_validator("history")
    @classmethod
    def _no_blank_turns(cls, history: list[ChatMessage]) -> list[ChatMessage]:
        # The schema's pattern says every turn has some text; the chat routes check it, and so must this one.
        for i, m in enumerate(history):
            if blank(m.content):
                raise ValueError(f"history message {i} is empty: every turn of the conversation needs some text")
        return history

    @model_validator(mode="after")
    def _withdrawal_names_its_answer(self):
        if self.rating == "none" and not self.answer_id:
            raise ValueError("rating `none` withdraws an earlier rating: send the `answer_id` it was given with")
        return self

    @field_validator("question")
    @classmethod
    def _not_blank(cls, question: str) -> str:
        # `blank` reads whitespace as the schema's pattern does (str.strip() also removed \x1c-\x1f, which JSON
        # Schema counts as text: a schema-valid "\x1c" was refused).
        if blank(question):
            raise ValueError("the question is empty: send the question the answer was for")
        return question


class FeedbackSaved(BaseModel):
    """The stored rating's id and time (UTC)."""

    id: str
    created: str
