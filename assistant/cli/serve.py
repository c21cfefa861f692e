"""`assistant serve`: run the HTTP server with the chat UI (one process, or workers given the same settings)."""

from __future__ import annotations

import ipaddress
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
        default=1,
        help="worker processes sharing the port (default 1); each loads the model and the "
        "store, and answers independently",
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
    if not 1 <= args.workers <= 64:
        raise ConfigError(f"--workers {args.workers} is out of range: pass a number from 1 to 64 (about one per core).")
    shown = f"[{host}]" if ":" in host else host
    workers = f", {args.workers} workers" if args.workers > 1 else ""
    print(
        f"Paper assistant on http://{shown}:{port}/{workers}  (API docs: /docs, health: "
        f"/healthz). Loading the store and model; Ctrl-C stops.",
        flush=True,
    )
    options = {"host": host, "port": port, "log_level": "info", "proxy_headers": False, "server_header": False}
    if args.workers == 1:
        uvicorn.run(create_app(settings), **options)
        return 0
    _run_workers(settings, args.workers, options)
    return 0


def _run_workers(settings, workers: int, options: dict) -> None:
    """`workers` processes sharing one socket, each building its app from these very settings.

    uvicorn.run takes the app only as an import string when it runs workers, so each worker would read its settings
    from the environment, which this process would have to write. uvicorn's own pieces take any picklable factory:
    the settings travel to each spawned worker inside the pickled config, and nothing changes os.environ. The app
    holds no per-user state, so any worker can answer any request (a conversation travels whole in each request).
    """
    import functools

    from uvicorn import Config
    from uvicorn.supervisors import Multiprocess

    from assistant.api.app import create_app

    config = Config(functools.partial(create_app, settings), factory=True, workers=workers, **options)
    try:
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    except KeyboardInterrupt:  # as uvicorn.run: Ctrl-C is a normal stop
        pass
