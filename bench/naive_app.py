"""The naive pipeline behind a FastAPI app: `POST /api/chat` with our request shape, answer + citations out.

    python -m bench.naive_app STORE_DIR PORT      (127.0.0.1 only)

The handler is a plain `def`, so FastAPI runs it on its thread pool, as most such apps do.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fastapi import FastAPI
from pydantic import BaseModel

from bench.naive import Naive


class Message(BaseModel):
    role: str
    content: str


class ChatRequest(BaseModel):
    messages: list[Message]


def create_app(store: Path) -> FastAPI:
    naive = Naive(store)
    app = FastAPI()

    @app.get("/healthz")
    def healthz() -> dict:  # ready once the store and model are loaded, as bench.load waits for
        return {"status": "ok"}

    @app.post("/api/chat")
    def chat(request: ChatRequest) -> dict:
        return naive.answer(request.messages[-1].content)

    return app


def main() -> None:
    import uvicorn

    store, port = Path(sys.argv[1]), int(sys.argv[2])
    uvicorn.run(create_app(store), host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
