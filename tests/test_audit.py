"""The audit's server (tools/audit.py) sends the site as GitHub Pages does."""

from __future__ import annotations

import functools
import gzip
import http.server
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.audit import Pages


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    """Serve a small site with the audit's handler; yield its address."""
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>" * 50)
    (tmp_path / "page.js").write_text("export const x = 1;\n" * 50)
    (tmp_path / "binary.wasm").write_bytes(b"\0asm" * 50)
    handler = functools.partial(Pages, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


def fetch(url: str, encodings: str) -> tuple[str | None, bytes]:
    """Return the response's Content-Encoding and its body, as sent."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": encodings})
    with urllib.request.urlopen(request) as response:
        return response.headers.get("Content-Encoding"), response.read()


def test_the_audit_sends_text_gzipped_as_github_pages_does(site: str, tmp_path: Path) -> None:
    """A browser that accepts gzip gets the page and its scripts gzipped, as GitHub Pages
    sends them (Lighthouse's first advice was the compression the published game has);
    the WebAssembly binary goes as it is, and so does everything to a client that asks
    for no compression."""
    for name, query in (("index.html", ""), ("index.html", "?preset=expert"), ("page.js", "")):
        address = site + ("" if name == "index.html" else name) + query
        encoding, body = fetch(address, "gzip, deflate, br")
        assert encoding == "gzip", name
        assert gzip.decompress(body) == (tmp_path / name).read_bytes()
        assert fetch(address, "identity") == (None, (tmp_path / name).read_bytes())
    assert fetch(site + "binary.wasm", "gzip") == (None, (tmp_path / "binary.wasm").read_bytes())
