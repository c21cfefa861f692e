"""`POST /api/feedback`: a thumbs up or down (and an optional comment) on an answer, appended to the feedback log."""

from __future__ import annotations

from fastapi import APIRouter, Request

from assistant.api.schemas.common import ErrorResponse
from assistant.api.schemas.feedback import FeedbackIn, FeedbackSaved
from assistant.feedback import Feedback, FeedbackLog

router = APIRouter(tags=["feedback"])


def feedback_log(request: Request) -> FeedbackLog:
    return request.app.state.feedback


@router.post(
    "/feedback",
    status_code=201,
    response_model=FeedbackSaved,
    summary="Rate an answer (thumbs up or down, optional comment)",
    description="Stored append-only with a timestamp; `assistant feedback` lists the ratings and "
    "turns them into eval questions.",
    responses={
        400: {"model": ErrorResponse, "description": "The body is not valid JSON."},
        401: {"model": ErrorResponse, "description": "An API token is configured and the request lacks it."},
        413: {"model": ErrorResponse, "description": "The body is over 1 MB."},
        422: {"model": ErrorResponse, "description": "A field is missing, unknown or too long."},
        429: {"model": ErrorResponse, "description": "Over the rate limit."},
    },
)
def feedback(body: FeedbackIn, request: Request) -> FeedbackSaved:
    # A plain def: FastAPI runs it on a worker thread, where waiting for the file lock does not stall the event loop.
    record = feedback_log(request).add(Feedback.model_validate(body.model_dump()))
    return FeedbackSaved(id=record.id, created=record.created)
