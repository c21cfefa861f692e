"""A misbehaving OpenAI-compatible server on a loopback port, run in a thread: the real SDK talks to it over TCP.

Set `server.mode` before a request:
- "answer": a normal reply (`server.reply`), streamed word by word when the request asks for a stream;
- "status": HTTP `server.status` with an OpenAI-style error body that echoes the API key (as OpenAI's 401 does);
- "hang": accept the request and say nothing for `server.hang` seconds (longer than the client's timeout);
- "garbage": for a stream, a few good chunks and then bytes that are not an SSE JSON chunk; otherwise a non-JSON body;
- "drip": a stream that sends one word every `server.drip` seconds, each gap shorter than the client's timeout.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def _chunk(piece: str) -> bytes:
    body = {
        "id": "fake",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "fake",
        "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}],
    }
    return f"data: {json.dumps(body)}\n\n".encode()


DEFAULT_REPLY = "cuNNQS-SCI keeps over 90% parallel efficiency in strong scaling [1]."


class FakeOpenAIServer:
    def __init__(self, reply: str = DEFAULT_REPLY) -> None:
        self.mode = "answer"
        self.reply = reply
        self.status = 500
        self.hang = 4.0
        self.drip = 0.4
        self.requests: list[dict] = []  # {"path", "headers", "body"} of every request, for assertions
        self.streams_finished = 0  # streams sent to the end
        self.streams_cut = 0  # streams the client closed before the end
        self._stop = threading.Event()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                body = json.loads(raw or b"{}")
                owner.requests.append(
                    {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
                )
                owner._respond(self, body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.1}, name=f"fake-openai-{self.port}", daemon=True
        )

    def __enter__(self) -> FakeOpenAIServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()  # wakes hanging handlers
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)

    # --- replies ---------------------------------------------------------------------------
    def _respond(self, h: BaseHTTPRequestHandler, body: dict) -> None:
        stream = bool(body.get("stream"))
        mode = self.mode
        try:
            if mode == "hang":
                self._stop.wait(self.hang)
                return self._json(h, 200, self._completion(self.reply))
            if mode == "status":
                key = h.headers.get("Authorization", "").removeprefix("Bearer ")
                return self._json(
                    h,
                    self.status,
                    {
                        "error": {
                            "message": f"Incorrect API key provided: {key}. Server exploded.",
                            "type": "server_error",
                            "code": None,
                        }
                    },
                )
            if mode == "garbage" and not stream:
                return self._raw(h, 200, "application/json", b"<html>this is not json</html>")
            if not stream:
                return self._json(h, 200, self._completion(self.reply))
            self._start_stream(h)
            words = self.reply.split(" ")
            for i, word in enumerate(words):
                if mode == "drip" and self._stop.wait(self.drip):
                    return
                h.wfile.write(_chunk(word if i == 0 else " " + word))
                h.wfile.flush()
                if mode == "garbage" and i == 2:
                    h.wfile.write(b'data: {"choices": [{"delta": \x00\xff not json\n\n')
                    h.wfile.flush()
                    return
            h.wfile.write(b"data: [DONE]\n\n")
            h.wfile.flush()
            if stream:
                self.streams_finished += 1
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (its timeout, or its own client left)
            self.streams_cut += 1

    @staticmethod
    def _completion(text: str) -> dict:
        return {
            "id": "fake",
            "object": "chat.completion",
            "created": 0,
            "model": "fake",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }

    def _json(self, h: BaseHTTPRequestHandler, status: int, payload: dict) -> None:
        self._raw(h, status, "application/json", json.dumps(payload).encode())

    @staticmethod
    def _raw(h: BaseHTTPRequestHandler, status: int, content_type: str, data: bytes) -> None:
        h.send_response(status)
        h.send_header("Content-Type", content_type)
        h.send_header("Content-Length", str(len(data)))
        h.end_headers()
        h.wfile.write(data)

    @staticmethod
    def _start_stream(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("Content-Type", "text/event-stream")
        h.send_header("Connection", "close")  # the body ends when the connection does
        h.end_headers()
        h.close_connection = True
