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


OPERATIONS = [
    "POST /api/chat",
    "POST /v1/chat/completions",
    "GET /api/papers",
    "GET /api/papers/{paper_id}",
    "GET /api/papers/{paper_id}/export",
    "POST /api/export",
    "POST /api/sources",
    "GET /api/profile",
    "GET /v1/models",
    "GET /v1/models/{model}",
    "GET /healthz",
    "POST /api/feedback",
]


def test_every_operation_is_fuzzed(app):
    assert {op.label for op in operations(app)} == set(OPERATIONS), "a new route must be added to OPERATIONS"


# schemathesis' own pytest plugin (`from_fixture` + `parametrize`) does not run under pytest 9 yet, so each
# operation gets a plain hypothesis test over `as_strategy()`. (The upload route is off on this app: every case is
# its 403; the live server below fuzzes it switched on.)
@pytest.mark.parametrize("label", OPERATIONS)
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


def test_every_operation_against_a_live_server_with_uploads_on(tmp_path, seeded_store):
    """`schemathesis run` (the CLI, every check, this checkout's schemathesis.toml) against a real `assistant serve`
    process whose upload route is on, over a copy of the seed corpus and store."""
    import shutil
    import signal
    import subprocess
    import sys
    import time

    import httpx

    from tests.api.live import free_port
    from tests.conftest import ROOT, SEEDS

    corpus, store = tmp_path / "corpus", tmp_path / "store"
    shutil.copytree(SEEDS, corpus)
    shutil.copytree(seeded_store, store)
    env = {**os.environ, "ASSISTANT_SEEDS_DIR": str(corpus), "ASSISTANT_SOURCES_UPLOAD": "true"}
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # The server's log goes to a file: a pipe nobody reads fills up with a thousand access lines and stalls it.
    with open(tmp_path / "serve.log", "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "assistant", "--store", str(store), "serve", "--port", str(port)],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        try:
            deadline = time.monotonic() + 120
            while True:
                assert server.poll() is None, (tmp_path / "serve.log").read_text()
                try:
                    if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.3)
            run = subprocess.run(
                [sys.executable, "-m", "schemathesis.cli", "--no-color", "run", f"{url}/openapi.json"]
                + ["-n", str(EXAMPLES), "--seed", "1"],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=900,
            )
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert f"Selected: {len(OPERATIONS)}/{len(OPERATIONS)}" in run.stdout, run.stdout[-2000:]
