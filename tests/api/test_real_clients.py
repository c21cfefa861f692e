"""/v1 through the clients people use: LangChain's ChatOpenAI (in-process, live server) and simonw's `llm` CLI against a
real `assistant serve`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.api.fixtures import QUESTION
from tests.api.live import ServeProcess

LLM = Path(sys.executable).parent / "llm"


@pytest.fixture(scope="module")
def chat_openai(live_url):
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(
        model="paper-assistant",
        base_url=live_url + "/v1",
        api_key="not-needed",
        max_retries=0,
        timeout=60,
        stream_usage=True,
    )


def test_langchain_invoke_has_usage_metadata(chat_openai):
    message = chat_openai.invoke(QUESTION)
    assert "90%" in message.content and "References:" in message.content
    assert message.usage_metadata is not None
    assert message.usage_metadata["input_tokens"] > 0 and message.usage_metadata["output_tokens"] > 0
    assert (
        message.usage_metadata["total_tokens"]
        == message.usage_metadata["input_tokens"] + message.usage_metadata["output_tokens"]
    )


def test_langchain_stream_ends_with_usage(chat_openai):
    chunks = list(chat_openai.stream(QUESTION))
    assert len(chunks) > 3
    whole = chunks[0]
    for c in chunks[1:]:
        whole += c
    assert whole.content == chat_openai.invoke(QUESTION).content
    assert whole.usage_metadata is not None and whole.usage_metadata["output_tokens"] > 0


def test_langchain_refusal_is_a_clear_error(chat_openai):
    import openai

    with pytest.raises(openai.BadRequestError, match="tools"):
        chat_openai.bind_tools(
            [
                {
                    "type": "function",
                    "function": {
                        "name": "lookup",
                        "description": "x",
                        "parameters": {"type": "object", "properties": {}},
                    },
                }
            ]
        ).invoke(QUESTION)


@pytest.fixture(scope="module")
def llm_cli(seeded_store, tmp_path_factory):
    """Runs `llm` with a temporary LLM_USER_PATH whose extra-openai-models.yaml points at a real `assistant serve`."""
    if not LLM.exists():
        pytest.skip(f"{LLM} is missing: the `llm` CLI is a test dependency (pip install llm)")
    user = tmp_path_factory.mktemp("llm-user")
    with ServeProcess(seeded_store) as server:
        server.wait_ready()
        (user / "extra-openai-models.yaml").write_text(
            f"- model_id: paper-assistant\n  model_name: paper-assistant\n  api_base: {server.url}/v1\n",
            encoding="utf-8",
        )
        env = {**os.environ, "LLM_USER_PATH": str(user), "OPENAI_API_KEY": ""}

        def run(*args: str) -> str:
            done = subprocess.run([str(LLM), *args], env=env, capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stderr
            return done.stdout

        yield run


def _last_logged(run) -> dict:
    return json.loads(run("logs", "list", "--json", "-n", "1"))[0]


def test_llm_cli_without_streaming(llm_cli):
    out = llm_cli("-m", "paper-assistant", "--no-stream", QUESTION)
    assert "90%" in out and "References:" in out and "[1] cuNNQS-SCI" in out
    logged = _last_logged(llm_cli)
    assert logged["input_tokens"] > 0 and logged["output_tokens"] > 0


def test_llm_cli_streaming_and_a_follow_up(llm_cli):
    out = llm_cli("-m", "paper-assistant", "Which papers are about stencil computation?")
    assert "stencil" in out.casefold() and "References:" in out
    first = _last_logged(llm_cli)
    assert first["output_tokens"] > 0  # the usage chunk of a streamed answer reached the client
    follow = llm_cli("-c", "Which of them is the newest?")
    assert follow.strip() and "[1]" in follow
    second = _last_logged(llm_cli)
    assert second["conversation_id"] == first["conversation_id"]
    assert second["input_tokens"] > first["input_tokens"]  # the whole conversation was sent again
