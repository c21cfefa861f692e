"""Token counts for OpenAI-style `usage`: the MiniLM WordPiece tokenizer (the one the embeddings use), untruncated.

Not the chat model's own tokenizer (an extractive answer has none, and a remote model's is not ours to load
offline): counts are comparable between requests, not with a provider's bill.
"""

from __future__ import annotations

from functools import cache


@cache
def _tokenizer():
    from tokenizers import Tokenizer

    from assistant.vendors.onnx import model_dir

    tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tokenizer.no_truncation()  # the embeddings cut at 256 word-pieces; a count must not
    tokenizer.no_padding()
    return tokenizer


def count(text: str) -> int:
    """Word-pieces in `text`, without the [CLS]/[SEP] the model adds."""
    if not text:
        return 0
    return len(_tokenizer().encode(text, add_special_tokens=False).ids)  # ~0.4 ms for 300 words
