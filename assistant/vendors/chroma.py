"""Chroma: the client (embedded store or a server), the collection's embedding function, and its failures as
StoreUnavailable naming where the store is."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from assistant.errors import StoreUnavailable
from assistant.settings import redact_url
from assistant.vendors.environment import offline_environment, redact_vendor_logs

if TYPE_CHECKING:
    from assistant.settings import Settings
    from assistant.vendors.embeddings import MiniLMEmbeddings


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


class LazyClient:
    """A Chroma client made on first use: many answers need only the table, BM25 and the sentence vectors, and
    importing Chroma was ~0.6 s of a cold `ask`. An unreachable server is reported (StoreUnavailable) by the first
    call that needs it; a server checks at start-up by opening its collection (`api.app.create_app`)."""

    def __init__(self, make):
        self._make = make
        self._client = None
        self._lock = threading.Lock()

    def __getattr__(self, name: str):
        if self._client is None:
            with self._lock:
                if self._client is None:
                    self._client = self._make()
        return getattr(self._client, name)


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
    """Adapts our embeddings (LangChain's `embed_documents`) to Chroma's interface, so Chroma never falls back to its
    downloading default."""

    def __init__(self, embeddings: MiniLMEmbeddings):
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
        from assistant.vendors.embeddings import MiniLMEmbeddings

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


def chroma_location(client) -> str:
    """Where a Chroma client's data lives, for error messages: the server URL or the embedded path."""
    try:
        s = client.get_settings()
    except StoreUnavailable:  # a LazyClient whose server cannot be reached
        raise
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


# Cosine space, and the graph written to disk after every write (sync_threshold 2, Chroma's least): with Chroma's
# default (1000) a store of fewer passages, or the passages written since the last sync, are inserted into a new
# graph at every start, by several threads, so the approximate search's tail differed from one process to the next
# (4 of 60 candidates for one query on the seeds) and answers fused from it could change between two runs of the
# same code. Written each time, the graph is the same for every reader; upserting 20k vectors in batches of 2,000
# took 21.6 s against 25.1 s with the default.
GRAPH_SYNC = 2
HNSW = {"hnsw": {"space": "cosine", "sync_threshold": GRAPH_SYNC}}


def graph_written_each_time(collection) -> bool:
    """Whether the collection writes its graph after every write (a collection made before session 19 has Chroma's
    default sync_threshold, 1000, and rebuilds its graph from the log at every start)."""
    config = getattr(collection, "configuration", None)
    if config is None:  # a fake or foreign collection: no graph of Chroma's to set
        return True
    return (config.get("hnsw") or {}).get("sync_threshold") == GRAPH_SYNC


def write_graph_each_time(collection) -> bool:
    """Change an older collection's sync_threshold to GRAPH_SYNC (a setting Chroma lets `modify` change, with
    ef_search, num_threads, batch_size and resize_factor: `UpdateHNSWConfiguration`); True when it was changed.
    A process that has read the collection keeps its old setting: the caller reopens the client, and its next read
    (`write_graph`) applies the log and writes the graph."""
    if graph_written_each_time(collection):
        return False
    collection.modify(configuration={"hnsw": {"sync_threshold": GRAPH_SYNC}})
    return True


def write_graph(collection) -> None:
    """One nearest-neighbour query: Chroma applies the writes still in its log to the graph, and writes the graph
    to disk when there are at least sync_threshold of them (so no later start rebuilds it)."""
    got = collection.get(limit=1, include=["embeddings"])
    if len(got["ids"]):
        collection.query(query_embeddings=[got["embeddings"][0]], n_results=1, include=[])


def open_collection(client, name: str, embeddings: MiniLMEmbeddings) -> GuardedCollection:
    """The named collection (created when missing, cosine space, our embedding function), every call guarded."""
    where = chroma_location(client)
    with chroma_errors(where):
        collection = client.get_or_create_collection(
            name, embedding_function=ChromaEmbeddingFunction(embeddings), configuration=HNSW
        )
    return GuardedCollection(collection, where)
