"""`assistant serve`: run the HTTP server with the chat UI (one process, or workers forked from one loaded app)."""

from __future__ import annotations

import ipaddress
import os
import socket
import sys

from assistant.cli.common import settings_for
from assistant.errors import ConfigError


def add_commands(sub) -> None:
    """Registers the `serve` subcommand."""
    p = sub.add_parser("serve", help="run the web chat UI and the HTTP API (default http://127.0.0.1:8000)")
    p.add_argument(
        "--host", help="address to bind (default 127.0.0.1, or ASSISTANT_HOST); 0.0.0.0 exposes it to the network"
    )
    p.add_argument("--port", type=int, help="port to bind (default 8000, or ASSISTANT_PORT)")
    p.add_argument(
        "--workers",
        type=int,
        help="worker processes sharing the port (default: one per CPU, or ASSISTANT_WORKERS); they are forked after "
        "the store and the model are loaded, so they share that memory",
    )
    p.set_defaults(func=cmd_serve)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _check_free(host: str, port: int) -> None:
    # uvicorn only logs a bind failure and exits; say what to do instead.
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            raise ConfigError(
                f"Cannot listen on {host}:{port} ({exc.strerror}): another server may be using "
                f"it; pass --port N or stop that server."
            ) from exc


def cmd_serve(args) -> int:
    import uvicorn

    from assistant.api.app import create_app
    from assistant.api.security import default_allowed_hosts

    settings = settings_for(args)
    host = args.host or settings.host
    port = args.port if args.port is not None else settings.port
    settings.allowed_hosts = [*default_allowed_hosts(host), *settings.allowed_hosts]
    if not 0 < port < 65536:
        raise ConfigError(f"Port {port} is out of range: pass --port between 1 and 65535.")
    _check_free(host, port)
    if not _is_loopback(host) and not settings.api_token:
        print(
            f"warning: serving on {host} without ASSISTANT_API_TOKEN: anyone who can reach "
            f"this address can use the API.",
            file=sys.stderr,
        )
    workers = args.workers if args.workers is not None else settings.workers
    if not 1 <= workers <= 64:
        raise ConfigError(f"--workers {workers} is out of range: pass a number from 1 to 64 (about one per core).")
    if workers > 1 and not hasattr(os, "fork"):
        raise ConfigError(f"--workers {workers} forks its workers, which this platform cannot: pass --workers 1.")
    shown = f"[{host}]" if ":" in host else host
    print(
        f"Paper assistant on http://{shown}:{port}/{f', {workers} workers' if workers > 1 else ''}  (API docs: "
        f"/docs, health: /healthz). Loading the store and model; Ctrl-C stops.",
        flush=True,
    )
    options = {"host": host, "port": port, "log_level": "info", "proxy_headers": False, "server_header": False}
    if workers == 1:
        uvicorn.run(create_app(settings), **options)
        return 0
    _run_workers(settings, workers, options)
    return 0


def _run_workers(settings, workers: int, options: dict) -> None:
    """`workers` processes forked from this one once it has loaded the table, BM25, the derived items and the model,
    so they share that memory copy-on-write (cli/prefork.py). The app holds no per-user state: a conversation
    travels whole in each request, so any worker answers any turn of it."""
    from uvicorn import Config

    from assistant.api.app import create_app, warm
    from assistant.cli.prefork import Prefork, check_in_child
    from assistant.core import Assistant
    from assistant.errors import StoreUnavailable

    # onnxruntime's thread pool is made with the model's session, before the fork, and a forked worker has none of
    # its threads: one intra-op thread runs on the caller's. One per worker is also what a core per worker can use
    # (1 or 2 threads: the same CPU per text and the same vectors, session 18).
    settings.embedding_threads = settings.embedding_threads or 1
    assistant = Assistant.from_settings(settings)
    # Chroma checked in a child process: it may not be opened here before the fork (cli/prefork.py).
    problem = check_in_child(lambda: assistant.store.client.heartbeat())
    if problem:
        raise StoreUnavailable(problem)
    warm(assistant, vectors=False)
    config = Config(create_app(settings, assistant), **options)
    try:
        Prefork(config, workers).run()
    except KeyboardInterrupt:  # as uvicorn.run: Ctrl-C is a normal stop
        pass
