"""Every setting in one class, read from the environment (and `.env`) when asked, never at import."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


def _cpus() -> int:
    """CPUs this process may run on (its affinity), the number of workers that can answer at once."""
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _default_workers() -> int:
    """One worker per usable CPU where the platform can fork them (cli/prefork.py), else one process."""
    import os

    return _cpus() if hasattr(os, "fork") else 1


class Settings(BaseSettings):
    """Configuration for ingest, retrieval, answering and the interfaces."""

    model_config = SettingsConfigDict(env_prefix="ASSISTANT_", env_file=".env", extra="ignore", populate_by_name=True)

    seeds_dir: Path = Field(
        ROOT / "seeds",
        description="The corpus folder: source files and `corpus.toml`, the manifest; uploads are added here.",
    )
    store_dir: Path = Field(ROOT / "store", description="Chroma's data directory (embedded mode).")
    prompts_dir: Path = Field(ROOT / "prompts", description="Folder of prompt files, checked at start-up.")
    collection: str = Field("papers", description="Base name of the Chroma collection.")
    chroma_url: str | None = Field(
        None, description="URL of a Chroma server (`chroma run`); unset = embedded store in store_dir."
    )
    embedding_batch_size: int = Field(32, description="Texts per embedding batch.")
    vector_segment: int = Field(
        8192,
        description="Sentences embedded per stored segment; an interrupted ingest resumes after the "
        "last whole segment.",
    )
    embedding_backend: str = Field(
        "onnx",
        description="`onnx` (fast; exported once from the packaged weights) or `sentence-transformers` (reference).",
    )
    model_cache_dir: Path = Field(ROOT / ".cache", description="Where the ONNX export of the embedding model is kept.")

    # repr=False: a settings object that reaches a log or a traceback must not carry the secrets with it.
    openai_api_key: str | None = Field(
        None,
        validation_alias="OPENAI_API_KEY",
        repr=False,
        description="Key for an OpenAI-compatible chat model; unset = extractive mode.",
    )
    openai_base_url: str | None = Field(
        None,
        validation_alias="OPENAI_BASE_URL",
        description="Base URL of an OpenAI-compatible server (Ollama, vLLM, llama.cpp).",
    )
    openai_model: str = Field("gpt-4o-mini", validation_alias="OPENAI_MODEL", description="Chat model name.")
    llm_timeout: float = Field(
        30.0,
        description="Deadline in seconds for the whole LLM answer (condensing a follow-up and "
        "writing the answer); past it the extractive answer is given, with a notice.",
    )
    llm_reads_questions: bool = Field(
        False,
        description="In LLM mode, the model also reads each question (one tool call filling the plan's slots); a "
        "reading that does not validate against the table is refused and the rule reader's plan is used. Off by "
        "default: it adds one model round trip before every answer.",
    )
    chat_workers: int = Field(
        32,
        ge=1,
        description="Chats answered at once by the HTTP server (more wait their turn); other routes "
        "have their own threads, so a hanging model cannot starve them.",
    )
    llm_temperature: float = Field(0.0, description="Sampling temperature of the chat model.")

    max_citations: int = Field(6, description="Most papers cited in one free-text answer.")
    relevance_threshold: float = Field(
        0.34, description="Least cosine similarity of the best passage for a paper to count as relevant."
    )

    workers: int = Field(
        default_factory=_default_workers,
        ge=1,
        le=64,
        description="Worker processes `assistant serve` answers with (default: one per CPU this process may use; one "
        "where the platform cannot fork). "
        "They are forked after the store and the model are loaded, so they share that memory.",
    )
    embedding_threads: int = Field(
        0,
        ge=0,
        description="onnxruntime's threads per embedding call; 0 = its default (one per core). Forked workers use 1: "
        "a thread pool made before a fork has no threads after it.",
    )
    host: str = Field("127.0.0.1", description="Address the HTTP server binds.")
    port: int = Field(8000, description="Port the HTTP server binds.")
    api_token: str | None = Field(
        None, repr=False, description="When set, /api/* and /v1/* require `Authorization: Bearer <token>`."
    )
    rate_limit_per_minute: int | None = Field(
        None,
        ge=1,
        description="Requests to /api/* and /v1/* allowed per client address per minute (429 "
        "beyond); unset = no limit.",
    )
    cors_origins: list[str] = Field(default_factory=list, description="Origins allowed by CORS; empty = closed.")
    sources_upload: bool = Field(
        False,
        description='Allow `POST /api/sources` (and the UI\'s "Add papers" drop zone) to add a file '
        "to seeds_dir and re-ingest it; off by default.",
    )
    sources_max_bytes: int = Field(2_000_000, ge=1, description="Largest file `POST /api/sources` accepts, in bytes.")
    feedback_max_bytes: int = Field(
        10 * 1024 * 1024,
        ge=1024,
        description="Size at which the feedback file is rotated (feedback.jsonl → .1 → .2 → .3, the oldest dropped).",
    )
    feedback_file: Path | None = Field(
        None, description="Where ratings of answers are appended (JSON lines); unset = feedback.jsonl in store_dir."
    )
    allowed_hosts: list[str] = Field(
        default_factory=list,
        description="Extra names (JSON list) the server answers in the Host header, e.g. a DNS name "
        "or a proxy's; `assistant serve` "
        "always allows the address it binds and localhost, 127.0.0.1, [::1] (and this "
        "machine's names on 0.0.0.0); `*` = any host. "
        "Other hosts get a 400 (a DNS-rebinding page cannot reach a loopback server).",
    )
    history_file: Path = Field(Path.home() / ".assistant_history", description="REPL input history.")

    @property
    def llm_configured(self) -> bool:
        return bool(self.openai_api_key)


_SECRET_PARAM = re.compile(
    r"(?i)((?:^|&)[^=&]*(?:key|token|secret|password|passwd|pwd|auth|signature|sig)[^=&]*=)[^&]*"
)


def redact_url(url: str | None) -> str | None:
    """A URL as it may be shown or logged: without its `user:password@`, secret-looking query values as `***`."""
    if not url:
        return url
    try:
        parts = urlsplit(url)
    except ValueError:
        return "(a URL that cannot be parsed)"
    netloc = parts.netloc
    if "@" in netloc:
        netloc = netloc.rsplit("@", 1)[1]
    query = _SECRET_PARAM.sub(r"\1***", parts.query)
    return urlunsplit(parts._replace(netloc=netloc, query=query))


_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@]+@")


def redact_text(text: str) -> str:
    """Free text (a log line, an error) with the `user:password@` of every URL in it removed."""
    return _USERINFO.sub(r"\1", text) if "@" in text else text
