"""The chat model: an OpenAI-compatible endpoint behind `complete`/`stream`, its failures raised as LLMUnavailable."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from assistant.errors import ConfigError, LLMUnavailable
from assistant.models import Message
from assistant.vendors.environment import redact_vendor_logs

if TYPE_CHECKING:
    from assistant.settings import Settings


class ChatModel:
    """Role/content messages in, text out. Every failure of the SDK or the endpoint is an LLMUnavailable whose
    message says why in words (timeout, no connection, an HTTP status, no text), so callers never read SDK types."""

    def __init__(self, model: Any):
        self._model = model  # a LangChain chat model (ChatOpenAI)

    def complete(self, messages: Sequence[Message], timeout: float | None = None) -> str:
        """The whole reply."""
        try:
            return _text(self._model.invoke(_to_langchain(messages), timeout=timeout))
        except LLMUnavailable:
            raise
        except Exception as exc:
            raise LLMUnavailable(failure_reason(exc)) from exc

    def stream(self, messages: Sequence[Message], timeout: float | None = None) -> Iterator[str]:
        """The reply piece by piece; closing the iterator closes the HTTP response."""
        chunks = self._model.stream(_to_langchain(messages), timeout=timeout)
        try:
            for chunk in chunks:
                yield _text(chunk)
        except LLMUnavailable:
            raise
        except Exception as exc:
            raise LLMUnavailable(failure_reason(exc)) from exc
        finally:
            chunks.close()

    def call_tool(self, messages: Sequence[Message], tool: dict, timeout: float | None = None) -> dict:
        """The arguments of the model's call of `tool` (an OpenAI function spec), as a dict. Servers differ: OpenAI,
        vLLM and Ollama return `tool_calls` (arguments as a JSON string); a server without tool calling may put the
        JSON object in the text instead, which is read too. No call and no JSON object is an LLMUnavailable."""
        name = tool["function"]["name"]
        try:
            reply = self._model.bind_tools([tool], tool_choice=name).invoke(_to_langchain(messages), timeout=timeout)
        except LLMUnavailable:
            raise
        except Exception as exc:
            raise LLMUnavailable(failure_reason(exc)) from exc
        for call in getattr(reply, "tool_calls", None) or []:
            if call.get("name") == name and isinstance(call.get("args"), dict):
                return dict(call["args"])
        if getattr(reply, "invalid_tool_calls", None):
            raise LLMUnavailable("the model's tool call was not valid JSON")
        text = _text(reply).strip()
        fenced = re.search(r"```(?:json)?\s*(\{.*\})\s*```", text, re.S)
        try:
            found = json.loads(fenced.group(1) if fenced else text)
        except ValueError:
            raise LLMUnavailable("the model did not call the tool") from None
        if not isinstance(found, dict):
            raise LLMUnavailable("the model did not call the tool")
        return found.get("arguments", found) if found.get("name") == name else found


def _to_langchain(messages: Sequence[Message]) -> list:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

    kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
    return [kinds[m.role](m.content) for m in messages]


def _text(message: Any) -> str:
    content = getattr(message, "content", message)
    if isinstance(content, list):  # some servers return content parts
        content = "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in content)
    if not isinstance(content, str):
        raise LLMUnavailable("the model returned no text")
    return content


def failure_reason(exc: BaseException) -> str:
    """Why a call to the model failed, in words, from the SDK's and the HTTP client's exception types."""
    import httpx2
    import openai

    # APITimeoutError is an APIConnectionError: ask about the timeout first. A read that times out mid-stream
    # reaches us as the HTTP client's own exception (the SDK wraps only the request).
    if isinstance(exc, (openai.APITimeoutError, httpx2.TimeoutException, TimeoutError)):
        return "the model did not answer in time"
    if isinstance(exc, (openai.APIConnectionError, httpx2.ConnectError, ConnectionError)):
        return "cannot connect to the model endpoint"
    if isinstance(exc, openai.APIStatusError):
        return f"the model endpoint answered HTTP {exc.status_code}"
    return f"the model call failed ({exc.__class__.__name__})"


def chat_model(settings: Settings, http_client: Any = None, http_async_client: Any = None) -> ChatModel:
    """The configured OpenAI-compatible chat model (OpenAI, Ollama, vLLM, llama.cpp)."""
    if not settings.openai_api_key:
        raise ConfigError(
            "No chat model configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for a local server), "
            "or use the extractive mode."
        )
    redact_vendor_logs()
    from langchain_openai import ChatOpenAI

    kwargs: dict[str, Any] = dict(
        model=settings.openai_model,
        api_key=settings.openai_api_key,
        timeout=settings.llm_timeout,
        max_retries=0,
        temperature=settings.llm_temperature,
    )
    if settings.openai_base_url:
        kwargs["base_url"] = settings.openai_base_url
    if http_client is not None:
        kwargs["http_client"] = http_client
    if http_async_client is not None:
        kwargs["http_async_client"] = http_async_client
    return ChatModel(ChatOpenAI(**kwargs))
