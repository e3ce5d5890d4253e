"""Serve the game's folder on 127.0.0.1 as static files: python tools/serve.py [--port N] [DIR].

Python's own server guesses some types wrongly on some systems; module
scripts and WebAssembly need exact ones, so they are set here.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import bytecode, vendor  # noqa: E402

TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """A static handler with exact types and no caching, so edits show on reload."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """Return the exact type for module scripts and WebAssembly, else Python's guess."""
        return TYPES.get(Path(path).suffix) or super().guess_type(path)

    def end_headers(self) -> None:
        """Add a no-cache header to every response."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet: a game being played makes many requests."""


def main() -> int:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("directory", nargs="?", default=str(ROOT))
    args = parser.parse_args()
    if Path(args.directory).resolve() == ROOT and (ROOT / bytecode.RUNTIME).exists():
        vendor.refresh_game()
    handler = functools.partial(Handler, directory=args.directory)
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        print(f"Serving the game at http://127.0.0.1:{server.server_port}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
