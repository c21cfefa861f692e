"""The API token and the model's API key are never echoed to a client nor written to a log, even when the model endpoint
fails with an error body that quotes the key (as OpenAI's 401 does)."""

from __future__ import annotations

import logging
import os

import httpx
import pytest

from assistant import vendors
from assistant.api.app import create_app
from assistant.core import Assistant
from assistant.settings import Settings
from tests.api.fixtures import QUESTION, settings_for
from tests.api.live import LiveServer, ServeProcess
from tests.reliability.fake_openai import FakeOpenAIServer

KEY = "sk-proj-Zx81qWm3-secret-model-key"
TOKEN = "tok-7d2e9b0c-secret-api-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
CHAT = {"messages": [{"role": "user", "content": QUESTION}]}
# Wrong tokens that share a prefix with, contain, or are contained in the real one: none may be echoed.
WRONG = ["not-the-token-1234", TOKEN[:-1], TOKEN + "x", TOKEN.upper(), "tok-7d2e9b0c"]
LOGGERS = [
    "",
    "uvicorn",
    "uvicorn.error",
    "uvicorn.access",
    "assistant",
    "openai",
    "httpx",
    "httpcore",
    "httpx2",
    "langchain",
]


class Capture(logging.Handler):
    """Every record of every logger we can reach, at DEBUG, formatted with its traceback."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(self.format(record))

    def __enter__(self):
        self.saved = []
        for name in LOGGERS:
            logger = logging.getLogger(name)
            self.saved.append((logger, logger.level))
            logger.setLevel(logging.DEBUG)
            logger.addHandler(self)
        return self

    def __exit__(self, *exc):
        for logger, level in self.saved:
            logger.removeHandler(self)
            logger.setLevel(level)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@pytest.fixture(scope="module")
def fake():
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def locked_llm_url(seeded_store, assistant, fake):
    settings = settings_for(
        seeded_store, openai_api_key=KEY, openai_base_url=fake.base_url, llm_timeout=1.0, api_token=TOKEN
    )
    app = create_app(settings, assistant=Assistant(settings, assistant.store, chat_model=vendors.chat_model(settings)))
    with LiveServer(app) as url:
        yield url


def test_settings_repr_and_dump_for_logs_hide_secrets():
    s = Settings(openai_api_key=KEY, api_token=TOKEN)
    assert s.openai_api_key == KEY and s.api_token == TOKEN  # still usable
    for shown in (repr(s), str(s)):
        assert KEY not in shown and TOKEN not in shown


@pytest.mark.parametrize("given", WRONG)
def test_wrong_token_is_refused_without_echoing_either_token(locked_llm_url, given):
    with Capture() as logs:
        r = httpx.post(
            locked_llm_url + "/api/chat", json=CHAT, headers={"Authorization": f"Bearer {given}"}, timeout=30
        )
    assert r.status_code == 401
    everything = r.text + str(r.headers) + logs.text
    assert TOKEN not in everything
    assert given not in r.text and given not in logs.text


@pytest.mark.parametrize("mode,status", [("status", 401), ("status", 500), ("hang", None), ("garbage", None)])
@pytest.mark.parametrize(
    "path,stream",
    [("/api/chat", False), ("/api/chat", True), ("/v1/chat/completions", False), ("/v1/chat/completions", True)],
)
def test_model_key_never_reaches_notice_or_logs(locked_llm_url, fake, mode, status, path, stream):
    fake.mode, fake.status = mode, status or 500
    body = {**CHAT, "stream": stream, **({"model": "paper-assistant"} if path.startswith("/v1") else {})}
    try:
        with Capture() as logs:
            r = httpx.post(locked_llm_url + path, json=body, headers=AUTH, timeout=30)
            health = httpx.get(locked_llm_url + "/healthz", timeout=10)
    finally:
        fake.mode = "answer"
    assert r.status_code == 200 and "LLM unavailable" in r.text
    assert fake.requests[-1]["headers"]["authorization"] == f"Bearer {KEY}", "the key did go to the model endpoint"
    for where, text in (
        ("response", r.text),
        ("response headers", str(r.headers)),
        ("health", health.text),
        ("logs", logs.text),
    ):
        assert KEY not in text, f"the API key leaked into the {where}"
        assert TOKEN not in text, f"the API token leaked into the {where}"


@pytest.mark.slow
def test_assistant_serve_output_holds_no_secret(seeded_store, fake):
    """The real `assistant serve` process at its own log level: its whole output, through bad tokens and a failing
    model."""
    fake.mode, fake.status = "status", 401
    env = {
        **os.environ,
        "OPENAI_API_KEY": KEY,
        "OPENAI_BASE_URL": fake.base_url,
        "ASSISTANT_API_TOKEN": TOKEN,
        "ASSISTANT_LLM_TIMEOUT": "2",
    }
    try:
        with ServeProcess(seeded_store, env=env) as server:
            url = server.url
            server.wait_ready(120)
            assert (
                httpx.post(
                    url + "/api/chat", json=CHAT, headers={"Authorization": f"Bearer {TOKEN}x"}, timeout=30
                ).status_code
                == 401
            )
            assert httpx.post(url + "/api/chat", json=CHAT, timeout=30).status_code == 401
            r = httpx.post(url + "/api/chat", json=CHAT, headers=AUTH, timeout=30)
            assert r.status_code == 200 and "HTTP 401" in r.json()["notice"], r.text
            assert KEY not in r.text
            # An unexpected error's traceback goes to the log: make sure none is triggered with the key around either.
            assert (
                httpx.post(
                    url + "/v1/chat/completions",
                    json={**CHAT, "model": "paper-assistant", "stream": True},
                    headers=AUTH,
                    timeout=30,
                ).status_code
                == 200
            )
    finally:
        fake.mode = "answer"
    out = server.output
    assert '"POST /api/chat HTTP/1.1" 401' in out, out  # the access log is on, so this checks real log lines
    assert KEY not in out and TOKEN not in out, out
