"""`assistant serve`: run the HTTP server with the chat UI."""

from __future__ import annotations

import ipaddress
import socket
import sys
from pathlib import Path

from assistant.errors import ConfigError


def add_command(sub) -> None:
    """Registers the `serve` subcommand."""
    p = sub.add_parser("serve", help="run the web chat UI and the HTTP API (default http://127.0.0.1:8000)")
    p.add_argument("--host", help="address to bind (default 127.0.0.1, or ASSISTANT_HOST); 0.0.0.0 exposes it to the network")
    p.add_argument("--port", type=int, help="port to bind (default 8000, or ASSISTANT_PORT)")
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
            raise ConfigError(f"Cannot listen on {host}:{port} ({exc.strerror}): another server may be using it; pass --port N or stop that server.") from exc


def cmd_serve(args) -> int:
    import uvicorn

    from assistant.api.app import create_app
    from assistant.settings import Settings

    overrides = {}
    if getattr(args, "store", None):
        overrides["store_dir"] = Path(args.store)
    settings = Settings(**overrides)
    host = args.host or settings.host
    port = args.port if args.port is not None else settings.port
    if not 0 < port < 65536:
        raise ConfigError(f"Port {port} is out of range: pass --port between 1 and 65535.")
    _check_free(host, port)
    if not _is_loopback(host) and not settings.api_token:
        print(f"warning: serving on {host} without ASSISTANT_API_TOKEN: anyone who can reach this address can use the API.", file=sys.stderr)
    app = create_app(settings)
    shown = f"[{host}]" if ":" in host else host
    print(f"Paper assistant on http://{shown}:{port}/  (API docs: /docs, health: /healthz). Loading the store and model; Ctrl-C stops.", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="info", proxy_headers=False, server_header=False)
    return 0
