"""`POST /api/chat`: the conversation in, the cited answer out (JSON, or SSE token → citations → done)."""

from __future__ import annotations

from collections.abc import Iterator

from fastapi import APIRouter, Depends

from assistant.api.deps import get_assistant
from assistant.api.schemas.chat import AnswerOut, ChatRequest
from assistant.api.schemas.common import ErrorResponse
from assistant.api.sse import frame, run_chat, stream_events
from assistant.models import Answer, Final, Message, StreamEvent, Token
from assistant.presenter import answer_json, present_answer, present_events

router = APIRouter(tags=["chat"])

_ERRORS = {
    400: {"model": ErrorResponse, "description": "The body is not valid JSON."},
    401: {"model": ErrorResponse, "description": "An API token is configured and the request lacks it."},
    413: {"model": ErrorResponse, "description": "The body is over 1 MB."},
    422: {
        "model": ErrorResponse,
        "description": "The conversation is not valid (empty or too long message, unknown role, …).",
    },
    503: {"model": ErrorResponse, "description": "The store is empty or unreachable: run `assistant ingest`."},
}

_SSE_DOC = (
    "With `stream: true` the answer arrives as `text/event-stream`:\n\n"
    '- `event: token` `data: {"text": "…"}` — a preview of the answer as it is written, without citation markers '
    "(none is checked yet) and without a model's own reference list;\n"
    "- `event: citations` `data: {answer, blocks, citations, mode, notice, meta}` — the "
    "final, checked answer: markers validated, "
    "unsupported claims removed (the notice says how many and why). Its text may "
    "differ from the tokens: show this one;\n"
    "- `event: done` `data: {}`;\n"
    '- or `event: error` `data: {"error": {type, message}}` if the answer fails half-way.'
)

# Before OpenAPI 3.2's itemSchema, a text/event-stream `schema` describes one event (schemathesis checks each against
# it).
_SSE_EVENT = {
    "type": "object",
    "required": ["event", "data"],
    "properties": {
        "event": {"type": "string", "enum": ["token", "citations", "done", "error"]},
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "description": "A JSON object, as listed above.",
        },
    },
}


def answer_out(answer: Answer) -> AnswerOut:
    """The answer as people are shown it (LaTeX rendered, as the web page does): see assistant/presenter.py."""
    return AnswerOut.model_validate(answer_json(present_answer(answer)))


def conversation(request: ChatRequest) -> list[Message]:
    return [Message(role=m.role, content=m.content) for m in request.messages]


def _render(events: Iterator[StreamEvent]) -> Iterator[str]:
    answered = False
    for event in events:
        match event:
            case Token(text=text):
                yield frame({"text": text}, event="token")
            case Final(answer=answer):
                answered = True
                yield frame(answer_out(answer).model_dump(mode="json"), event="citations")
    if not answered:
        raise RuntimeError("the answer stream ended without its final answer event")
    yield frame({}, event="done")


@router.post(
    "/chat",
    response_model=AnswerOut,
    summary="Ask about the corpus; the answer cites its papers",
    description="The last message is the question; earlier ones give the context for follow-ups.\n\n" + _SSE_DOC,
    responses={
        **_ERRORS,
        200: {
            "content": {"text/event-stream": {"schema": _SSE_EVENT}},
            "description": "The answer (JSON, or SSE when `stream` is true).",
        },
    },
)
async def chat(request: ChatRequest, assistant=Depends(get_assistant)):
    messages = conversation(request)
    filters = request.filters.to_core() if request.filters else None
    if request.stream:
        return await stream_events(
            present_events(assistant.stream(messages, filters)), _render, workers=assistant.settings.chat_workers
        )
    answer = await run_chat(assistant.answer, messages, filters, workers=assistant.settings.chat_workers)
    return answer_out(answer)
