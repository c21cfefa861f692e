"""Requests generated from the OpenAPI schema (schemathesis, every check it has) never get a 500, every response matches
the schema (body, status code, content type and headers as documented; each SSE event of a streamed answer too), data
the schema allows is accepted and data it forbids refused, and no operation claims an auth it does not check."""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

pytestmark = pytest.mark.slow

# Per operation (FUZZ_EXAMPLES=200 for a longer run); enough to hit wrong types, odd strings and missing fields, small
# enough for 2 cores.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
CHECKS = None  # all of schemathesis' checks (positive_data_acceptance, negative_data_rejection, ignored_auth, …)


def operations(app):
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    return [result.ok() for result in schema.get_all_operations()]


def test_every_operation_is_fuzzed(app):
    labels = {op.label for op in operations(app)}
    assert {
        "POST /api/chat",
        "GET /api/papers",
        "POST /v1/chat/completions",
        "GET /healthz",
        "POST /api/feedback",
    } <= labels


# schemathesis' own pytest plugin (`from_fixture` + `parametrize`) does not run under pytest 9 yet, so each
# operation gets a plain hypothesis test over `as_strategy()`.
@pytest.mark.parametrize(
    "label",
    [
        "POST /api/chat",
        "POST /v1/chat/completions",
        "GET /api/papers",
        "GET /api/papers/{paper_id}",
        "GET /api/profile",
        "GET /v1/models",
        "GET /v1/models/{model}",
        "GET /healthz",
        "POST /api/feedback",
    ],
)
def test_no_server_errors(app, label):
    operation = next(op for op in operations(app) if op.label == label)

    @given(case=operation.as_strategy())
    @settings(
        max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
    )
    def check(case):
        case.call_and_validate(checks=CHECKS)

    check()


@pytest.mark.parametrize("label", ["POST /api/chat", "POST /v1/chat/completions"])
@pytest.mark.parametrize("stream", [False, True], ids=["json", "sse"])
def test_answers_match_the_documented_schema(app, label, stream):
    """The two shapes of a real answer on both chat routes, whether or not the generated cases happened to produce them
    (the /v1 stream is `text/event-stream`, described in the schema)."""
    operation = next(op for op in operations(app) if op.label == label)
    body = {"messages": [{"role": "user", "content": "What is SparStencil?"}], "stream": stream}
    if label.startswith("POST /v1"):
        body["model"] = "paper-assistant"
    response = operation.Case(body=body, media_type="application/json").call_and_validate(checks=CHECKS)
    assert response.headers["content-type"][0].startswith("text/event-stream" if stream else "application/json")
