"""`/v1/chat/completions` and `/v1/models`: the assistant as an OpenAI-compatible model, references in the content."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator

from fastapi import APIRouter, Depends

from assistant.api import openai_extras as extras
from assistant.api.deps import get_assistant
from assistant.api.errors import error_json
from assistant.api.schemas.common import ErrorResponse
from assistant.api.schemas.openai_compat import MODEL_ID, V1_RESPONSES, ChatCompletionRequest
from assistant.api.sse import frame, run_chat, stream_events
from assistant.errors import NotFound
from assistant.models import Answer, Citation, Final, Message, StreamEvent
from assistant.presenter import answer_json, present_answer, present_events
from assistant.presenter import reference_line as present_reference

router = APIRouter(tags=["openai-compatible"])

_CREATED = 1767225600  # 2026-01-01: a fixed "created" for the one model
REFERENCES_HEADING = "References:"


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
    return present_reference(c, c.n, links=True)


def appendix(answer: Answer) -> str:
    """What follows the answer text: the references, then the notice."""
    out = ""
    if answer.citations:
        out += f"\n\n{REFERENCES_HEADING}\n" + "\n".join(reference_line(c) for c in answer.citations)
    if answer.notice:
        out += f"\n\n({answer.notice})"
    return out


def _extras(answer: Answer) -> dict:
    """The extension fields of a completion and of its last chunk: the answer JSON's citations, mode, notice, meta."""
    shown = answer_json(answer)
    return {key: shown[key] for key in ("citations", "mode", "notice", "meta")}


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
    responses={
        **V1_RESPONSES,
        400: {"model": ErrorResponse},
        401: {"model": ErrorResponse},
        404: {"model": ErrorResponse},
        422: {"model": ErrorResponse},
        503: {"model": ErrorResponse},
    },
)
async def chat_completions(request: ChatCompletionRequest, assistant=Depends(get_assistant)):
    _check_model(request.model)
    if refused := request.unsupported():
        param, reason = refused
        return error_json(400, "invalid_request_error", reason, param)
    messages = _conversation(request)
    filters = request.filters.to_core() if request.filters else None
    completion_id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
    created = int(time.time())
    prompt = extras.prompt_tokens([m.text() for m in request.messages])
    budget = request.budget
    if request.stream:
        include_usage = bool(request.stream_options and request.stream_options.include_usage)
        events = present_events(assistant.stream(messages, filters))
        if budget is not None:
            events = _within_budget(events, budget)
        return await stream_events(
            events,
            lambda events: _chunks(events, completion_id, created, prompt, include_usage),
            error_event=None,
            workers=assistant.settings.chat_workers,
        )
    answer = present_answer(
        await run_chat(assistant.answer, messages, filters, workers=assistant.settings.chat_workers)
    )
    finish = "stop"
    if budget is not None:
        answer, cut = extras.within(answer, budget, reply)
        finish = "length" if cut else "stop"
    content = reply(answer)
    message = {
        "role": "assistant",
        "content": content,
        "refusal": None,
        "annotations": extras.annotations(content, answer),
    }
    return {
        "id": completion_id,
        "object": "chat.completion",
        "created": created,
        "model": MODEL_ID,
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": extras.usage(prompt, content),
        **_extras(answer),
    }


def reply(answer: Answer) -> str:
    """The message content: the answer, its references, its notice."""
    return answer.answer + appendix(answer)


def _within_budget(events: Iterator[StreamEvent], budget: int) -> Iterator[StreamEvent]:
    """The final answer cut to `budget` tokens (which sentences fit is known only once it is whole); the preview
    tokens pass on (`_chunks` drops them, after using each as a beat)."""
    for event in events:
        if isinstance(event, Final):
            answer, cut = extras.within(event.answer, budget, reply)
            yield Final(answer, truncated=cut)
        else:
            yield event


def _chunks(
    events: Iterator[StreamEvent], completion_id: str, created: int, prompt: int = 0, include_usage: bool = False
) -> Iterator[str]:
    """The stream's content is exactly the non-streaming content: the checked answer, its references, the notice.

    The rule for /v1: a delta cannot be taken back in this protocol, and clients that only read the stream keep
    every delta, so the model's preview tokens are not sent; the checked text is, in pieces, once the check is done
    (the role chunk goes first, so the client sees the answer has started). /api/chat streams the previews.
    """
    usage_field = {"usage": None} if include_usage else {}  # as OpenAI: null on every chunk but the last

    def chunk(delta: dict, finish: str | None = None, **extra) -> str:
        body = {
            "id": completion_id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": MODEL_ID,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}],
            **usage_field,
            **extra,
        }
        return frame(body)

    yield chunk({"role": "assistant", "content": ""})
    for event in events:
        if not isinstance(event, Final):
            # A preview token is not sent, but it is a beat: the pump (api/sse.py) stops here when the client has
            # left, which closes the model call. Without it a /v1 stream ran its model call to the deadline (~19 s)
            # after the client was gone; /api/chat, which sends every token, stopped in ~1 s.
            yield ""
            continue
        answer = event.answer
        content = reply(answer)
        for piece in re.findall(r"\s*\S+|\s+\Z", answer.answer):
            yield chunk({"content": piece})
        rest = appendix(answer)  # the references (and notice) in one delta, with their url_citation annotations
        if rest:
            yield chunk({"content": rest, "annotations": extras.annotations(content, answer)})
        yield chunk({}, "length" if event.truncated else "stop", **_extras(answer))
        if include_usage:
            yield frame(
                {
                    "id": completion_id,
                    "object": "chat.completion.chunk",
                    "created": created,
                    "model": MODEL_ID,
                    "choices": [],
                    "usage": extras.usage(prompt, content),
                }
            )
        yield frame("[DONE]")
        return
    raise RuntimeError("the answer stream ended without its final answer event")
