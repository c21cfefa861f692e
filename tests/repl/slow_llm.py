"""A real local OpenAI-compatible server whose first reply hangs: an answer that is reliably still in progress."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class SlowChatServer:
    """POST /v1/chat/completions: the first request waits until `close()`; later ones stream `reply`."""

    def __init__(self, reply: str):
        self.reply = reply
        self.received = threading.Event()  # the first request has arrived (the answer is waiting on the model)
        self._release = threading.Event()
        self._count = 0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                server._count += 1
                if server._count == 1:
                    server.received.set()
                    server._release.wait(60)
                    return
                self.send_response(200)
                if body.get("stream"):
                    self.send_header("content-type", "text/event-stream")
                    self.end_headers()
                    for word in server.reply.split(" "):
                        self._chunk({"role": "assistant", "content": word + " "}, None)
                    self._chunk({}, "stop")
                    self.wfile.write(b"data: [DONE]\n\n")
                else:
                    message = {"role": "assistant", "content": server.reply}
                    data = {
                        "id": "slow",
                        "object": "chat.completion",
                        "created": 0,
                        "model": "slow",
                        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    }
                    self.send_header("content-type", "application/json")
                    self.end_headers()
                    self.wfile.write(json.dumps(data).encode())

            def _chunk(self, delta: dict, finish: str | None) -> None:
                data = {
                    "id": "slow",
                    "object": "chat.completion.chunk",
                    "created": 0,
                    "model": "slow",
                    "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
                }
                self.wfile.write(f"data: {json.dumps(data)}\n\n".encode())
                self.wfile.flush()

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._release.set()
        self._httpd.shutdown()
        self._httpd.server_close()
