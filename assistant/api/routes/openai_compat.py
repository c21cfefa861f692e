"""`/v1/chat/completions` and `/v1/models`: the assistant as an OpenAI-compatible model, references in the content."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator
from typing import Literal

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator

from assistant.api.deps import get_assistant
from assistant.api.schemas import MAX_MESSAGE_CHARS, MAX_MESSAGES, ErrorResponse, FiltersIn
from assistant.api.routes.chat import public_meta
from assistant.api.sse import frame, run_chat, stream_events
from assistant.errors import NotFound
from assistant.models import Answer, Citation, Message

router = APIRouter(tags=["openai-compatible"])

MODEL_ID = "paper-assistant"
_CREATED = 1767225600  # 2026-01-01: a fixed "created" for the one model
REFERENCES_HEADING = "References:"


class ContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str
    text: str | None = None


class ChatCompletionMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant"]
    content: str | list[ContentPart] | None = Field(None, description="Text, or a list of text parts.")

    def text(self) -> str:
        if self.content is None:
            return ""
        if isinstance(self.content, str):
            return self.content
        return "".join(p.text or "" for p in self.content)


class ChatCompletionRequest(BaseModel):
    """OpenAI's request shape; sampling options (temperature, max_tokens, …) are accepted and ignored."""

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={"examples": [{"model": MODEL_ID, "messages": [{"role": "user", "content": "Which papers are about stencil computation?"}]}]},
    )

    model: str = Field(description=f"`{MODEL_ID}` (see GET /v1/models).")
    messages: list[ChatCompletionMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    stream: StrictBool = False
    filters: FiltersIn | None = Field(None, description="Extension: restrict the papers the answer may cite.")

    @field_validator("messages")
    @classmethod
    def _conversation_shape(cls, messages: list[ChatCompletionMessage]) -> list[ChatCompletionMessage]:
        for i, m in enumerate(messages):
            if isinstance(m.content, list) and any(p.type != "text" for p in m.content):
                raise ValueError(f"message {i} has a non-text part: this model reads text only")
            text = m.text()
            if len(text) > MAX_MESSAGE_CHARS:
                raise ValueError(f"message {i} is {len(text):,} characters; the limit is {MAX_MESSAGE_CHARS:,}: shorten it")
            if m.role in ("user", "assistant") and not text.strip():
                raise ValueError(f"message {i} is empty: every message needs some text")
        if messages[-1].role != "user":
            raise ValueError("the last message must be the user's question (role 'user')")
        return messages


def _conversation(request: ChatCompletionRequest) -> list[Message]:
    # The assistant's own prompts decide how it answers; a front end's generic system prompt is not passed on.
    out = []
    for m in request.messages:
        if m.role == "user":
            out.append(Message(role="user", content=m.text()))
        elif m.role == "assistant":
            # Our earlier answers come back with their references appended; the core wants the answer alone.
            out.append(Message(role="assistant", content=m.text().split(f"\n\n{REFERENCES_HEADING}\n", 1)[0]))
    return out


def reference_line(c: Citation) -> str:
    title = c.title or f"{c.display_title} (derived title)"
    authors = ", ".join(c.authors[:3]) + (" et al." if c.authors_truncated or len(c.authors) > 3 else "")
    parts = [f"[{c.n}] {title}"]
    if c.year:
        parts.append(f"({c.year})")
    line = " ".join(parts) + "."
    if authors:
        line += f" {authors}."
    if c.arxiv_id:
        line += f" arXiv:{c.arxiv_id} https://arxiv.org/abs/{c.arxiv_id}"
    return line


def appendix(answer: Answer) -> str:
    """What follows the answer text: the references, then the notice."""
    out = ""
    if answer.citations:
        out += f"\n\n{REFERENCES_HEADING}\n" + "\n".join(reference_line(c) for c in answer.citations)
    if answer.notice:
        out += f"\n\n({answer.notice})"
    return out


def _extras(answer: Answer) -> dict:
    return {"citations": [c.model_dump(mode="json") for c in answer.citations], "mode": answer.mode, "notice": answer.notice, "meta": public_meta(answer)}


def _check_model(name: str) -> None:
    if name != MODEL_ID:
        raise NotFound(f"Unknown model {name!r}: this server offers {MODEL_ID!r} (GET /v1/models).")


@router.get("/models", summary="The one model this server offers")
def list_models() -> dict:
    return {"object": "list", "data": [_model_card()]}


@router.get("/models/{model}", summary="One model", responses={404: {"model": ErrorResponse}})
def get_model(model: str) -> dict:
    _check_model(model)
    return _model_card()


def _model_card() -> dict:
    return {"id": MODEL_ID, "object": "model", "created": _CREATED, "owned_by": "paper-assistant"}


@router.post(
    "/chat/completions",
    summary="OpenAI-compatible chat (streaming and not); citations in the content and in `citations`",
    responses={400: {"model": ErrorResponse}, 401: {"model": ErrorResponse}, 404: {"model": ErrorResponse}, 422: {"model": ErrorResponse}, 503: {"model": ErrorResponse}},
)
async def chat_completions(request: ChatCompletionRequest, assistant=Depends(get_assistant)):
    _check_model(request.model)
    messages = _conversation(request)
    filters = request.filters.to_core() if request.filters else None
    completion_id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
    created = int(time.time())
    if request.stream:
        return await stream_events(assistant.stream(messages, filters), lambda events: _chunks(events, completion_id, created), error_event=None, workers=assistant.settings.chat_workers)
    answer = await run_chat(assistant.answer, messages, filters, workers=assistant.settings.chat_workers)
    return {
        "id": completion_id,
        "object": "chat.completion",
        "created": created,
        "model": MODEL_ID,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": answer.answer + appendix(answer), "refusal": None}, "finish_reason": "stop", "logprobs": None}],
        **_extras(answer),
    }


def _chunks(events: Iterator[dict], completion_id: str, created: int) -> Iterator[str]:
    """The stream's content is exactly the non-streaming content: the checked answer, its references, the notice.

    The rule for /v1: a delta cannot be taken back in this protocol, and clients that only read the stream keep
    every delta, so the model's preview tokens are not sent; the checked text is, in pieces, once the check is done
    (the role chunk goes first, so the client sees the answer has started). /api/chat streams the previews.
    """

    def chunk(delta: dict, finish: str | None = None, **extra) -> str:
        body = {"id": completion_id, "object": "chat.completion.chunk", "created": created, "model": MODEL_ID,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}], **extra}
        return frame(body)

    yield chunk({"role": "assistant", "content": ""})
    for event in events:
        if event.get("type") == "answer":
            answer: Answer = event["answer"]
            for piece in re.findall(r"\s*\S+|\s+\Z", answer.answer + appendix(answer)):
                yield chunk({"content": piece})
            yield chunk({}, "stop", **_extras(answer))
            yield frame("[DONE]")
            return
    raise RuntimeError("the answer stream ended without its final answer event")
