"""Every setting in one class, read from the environment (and `.env`) when asked, never at import."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    """Configuration for ingest, retrieval, answering and the interfaces."""

    model_config = SettingsConfigDict(env_prefix="ASSISTANT_", env_file=".env", extra="ignore", populate_by_name=True)

    seeds_dir: Path = Field(ROOT / "seeds", description="Folder of source pages; `corpus.toml` in it is the manifest.")
    store_dir: Path = Field(ROOT / "store", description="Chroma's data directory (embedded mode).")
    prompts_dir: Path = Field(ROOT / "prompts", description="Folder of prompt files, checked at start-up.")
    collection: str = Field("papers", description="Base name of the Chroma collection.")
    chroma_url: str | None = Field(None, description="URL of a Chroma server (`chroma run`); unset = embedded store in store_dir.")
    embedding_batch_size: int = Field(32, description="Texts per embedding batch.")
    vector_segment: int = Field(8192, description="Sentences embedded per stored segment; an interrupted ingest resumes after the last whole segment.")
    embedding_backend: str = Field("onnx", description="`onnx` (fast; exported once from the packaged weights) or `sentence-transformers` (reference).")
    model_cache_dir: Path = Field(ROOT / ".cache", description="Where the ONNX export of the embedding model is kept.")

    # repr=False: a settings object that reaches a log or a traceback must not carry the secrets with it.
    openai_api_key: str | None = Field(None, validation_alias="OPENAI_API_KEY", repr=False, description="Key for an OpenAI-compatible chat model; unset = extractive mode.")
    openai_base_url: str | None = Field(None, validation_alias="OPENAI_BASE_URL", description="Base URL of an OpenAI-compatible server (Ollama, vLLM, llama.cpp).")
    openai_model: str = Field("gpt-4o-mini", validation_alias="OPENAI_MODEL", description="Chat model name.")
    llm_timeout: float = Field(30.0, description="Deadline in seconds for the whole LLM answer (condensing a follow-up and writing the answer); past it the extractive answer is given, with a notice.")
    chat_workers: int = Field(32, ge=1, description="Chats answered at once by the HTTP server (more wait their turn); other routes have their own threads, so a hanging model cannot starve them.")
    llm_temperature: float = Field(0.0, description="Sampling temperature of the chat model.")

    max_citations: int = Field(6, description="Most papers cited in one free-text answer.")
    relevance_threshold: float = Field(0.34, description="Least cosine similarity of the best passage for a paper to count as relevant.")

    host: str = Field("127.0.0.1", description="Address the HTTP server binds.")
    port: int = Field(8000, description="Port the HTTP server binds.")
    api_token: str | None = Field(None, repr=False, description="When set, /api/* and /v1/* require `Authorization: Bearer <token>`.")
    rate_limit_per_minute: int | None = Field(None, ge=1, description="Requests to /api/* and /v1/* allowed per client address per minute (429 beyond); unset = no limit.")
    cors_origins: list[str] = Field(default_factory=list, description="Origins allowed by CORS; empty = closed.")
    history_file: Path = Field(Path.home() / ".assistant_history", description="REPL input history.")

    @property
    def llm_configured(self) -> bool:
        return bool(self.openai_api_key)
