"""The small family of errors the interfaces map to exit codes and HTTP statuses."""


class AssistantError(Exception):
    """Base class: the message tells the user what to do."""

    exit_code = 1
    http_status = 500


class ConfigError(AssistantError):
    """A setting, prompt file or manifest is wrong."""

    exit_code = 2
    http_status = 500


class IngestError(AssistantError):
    """Nothing could be read from the given sources."""

    exit_code = 3
    http_status = 400


class StoreUnavailable(AssistantError):
    """The vector store cannot be reached or has not been built."""

    exit_code = 4
    http_status = 503


class BadRequest(AssistantError):
    """The request (question, messages, filters) is not valid."""

    exit_code = 2
    http_status = 422


class NotFound(AssistantError):
    """A paper or resource that does not exist was asked for."""

    exit_code = 1
    http_status = 404


class LLMUnavailable(AssistantError):
    """The configured chat model failed; callers fall back to the extractive answer."""

    exit_code = 5
    http_status = 502


class SourceRejected(AssistantError):
    """An uploaded source file cannot be read (or is not allowed); nothing was stored."""

    exit_code = 3
    http_status = 422


class Forbidden(AssistantError):
    """The action is switched off on this server."""

    exit_code = 2
    http_status = 403


class StoreBusy(AssistantError):
    """Another process is writing to the store (an ingest holds its lock)."""

    exit_code = 6
    http_status = 409
