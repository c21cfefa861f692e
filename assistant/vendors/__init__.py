"""The one package that imports vendor SDKs (LangChain, OpenAI, Chroma, onnxruntime, tokenizers); the rest of the
assistant calls what it names here. Each SDK is imported lazily, when first used."""

from assistant.vendors.chat import ChatModel, chat_model
from assistant.vendors.chroma import LazyClient, chroma_client, reopen_chroma
from assistant.vendors.embeddings import EMBEDDING_DIM, MiniLMEmbeddings
from assistant.vendors.environment import offline_environment, redact_vendor_logs

__all__ = [
    "EMBEDDING_DIM",
    "ChatModel",
    "LazyClient",
    "MiniLMEmbeddings",
    "chat_model",
    "chroma_client",
    "offline_environment",
    "reopen_chroma",
    "redact_vendor_logs",
]
