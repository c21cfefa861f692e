"""The process settings vendor libraries read: nothing reaches a model hub, no telemetry, no credentials in logs."""

from __future__ import annotations

import logging
import os

from assistant.settings import redact_text


def offline_environment() -> None:
    """Nothing may reach a model hub, and Chroma's telemetry stays off."""
    for key, value in {
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "ANONYMIZED_TELEMETRY": "False",
        "TOKENIZERS_PARALLELISM": "false",
        "HF_HUB_DISABLE_PROGRESS_BARS": "1",
        "TRANSFORMERS_VERBOSITY": "error",
    }.items():
        os.environ.setdefault(key, value)


class _RedactURLs(logging.Filter):
    """Removes `user:password@` from URLs in a record: the HTTP clients log every request's full URL at INFO."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "@" in message:
            record.msg, record.args = redact_text(message), ()
        return True


# Filters act on the logger a record is made in, not its parents: every logger that writes a request URL is named.
_URL_LOGGERS = (
    "httpx",
    "httpx2",
    "httpcore",
    "httpcore2",
    "openai",
    "openai._base_client",
    "langchain_openai",
    "chromadb",
    "urllib3.connectionpool",
)


def redact_vendor_logs() -> None:
    """Once per process: the vendor loggers that print request URLs print them without credentials."""
    for name in _URL_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, _RedactURLs) for f in logger.filters):
            logger.addFilter(_RedactURLs())
