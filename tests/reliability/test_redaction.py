"""Credentials in a configured URL (`OPENAI_BASE_URL`, `ASSISTANT_CHROMA_URL`) are never shown or logged: not in
/healthz
(which the page's mode tooltip shows), not in the REPL's mode line, not in a notice, not in any log record."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from assistant import vendors
from assistant.api.app import create_app
from assistant.core import Assistant
from assistant.repl.format import mode_text
from tests.api.fixtures import QUESTION, settings_for
from tests.reliability.fake_openai import FakeOpenAIServer
from tests.reliability.test_secrets import Capture

USER, PASSWORD = "alice", "pw-7f3c-secret"


@pytest.mark.parametrize(
    "url, shown",
    [
        (f"http://{USER}:{PASSWORD}@example.org:8080/v1", "http://example.org:8080/v1"),
        (f"https://{PASSWORD}@example.org/v1", "https://example.org/v1"),
        ("https://example.org/v1?api-key=abc123&deployment=x", "https://example.org/v1?api-key=***&deployment=x"),
        ("http://127.0.0.1:11434/v1", "http://127.0.0.1:11434/v1"),
    ],
)
def test_redact_url(url, shown):
    from assistant.settings import redact_url

    assert redact_url(url) == shown


@pytest.mark.parametrize("mode", ["answer", "status"])
def test_a_base_url_with_credentials_is_never_shown_or_logged(seeded_store, assistant, mode):
    with FakeOpenAIServer() as fake, Capture() as logs:
        fake.mode = mode
        base_url = fake.base_url.replace("http://", f"http://{USER}:{PASSWORD}@")
        settings = settings_for(seeded_store, openai_api_key="sk-test", openai_base_url=base_url, llm_timeout=5.0)
        llm = Assistant(settings, assistant.store, chat_model=vendors.chat_model(settings))
        with TestClient(create_app(settings, assistant=llm)) as c:
            health = c.get("/healthz").json()
            answer = c.post("/api/chat", json={"messages": [{"role": "user", "content": QUESTION}]}).json()
            v1 = c.post(
                "/v1/chat/completions",
                json={"model": "paper-assistant", "messages": [{"role": "user", "content": QUESTION}]},
            ).text
        assert health["mode"] == "llm" and f"127.0.0.1:{fake.port}/v1" in health["mode_reason"]
        shown = [
            health["mode_reason"],
            mode_text(llm.status()),
            answer.get("answer", ""),
            answer.get("notice") or "",
            v1,
            logs.text,
        ]
        for text in shown:
            assert PASSWORD not in text and f"{USER}:" not in text, text
