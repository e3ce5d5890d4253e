"""Lighthouse on the built site: python tools/audit.py [--site _site] [--query Q] [--runs N].

Serves the deployable folder alone on 127.0.0.1, its text gzipped as GitHub
Pages sends it (`Pages`), runs Lighthouse (from
tools/audit/node_modules) in Debian's Chromium on an expert board (its
accessibility gatherer times out on 10,000-cell boards), and prints the
performance, accessibility and best-practices scores, the total blocking
time, the paints and the layout shift (medians over the runs), every failed
audit, and what holds performance back. Exits 1 if
accessibility is below 100 or a best-practices audit fails for a reason
that is the game's own rather than the pinned runtime's.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import chromium  # noqa: E402
from tools.serve import Handler  # noqa: E402

LIGHTHOUSE = ROOT / "tools" / "audit" / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = " ".join(("--headless=new", *chromium.ARGS))
CATEGORIES = ("performance", "accessibility", "best-practices")
RUNTIME = "/vendor/"
"""Where the pinned runtime (PyScript, Pyodide) is served from: its findings are not the game's."""

COMPRESSED = ("text/", "application/json", "application/manifest+json", "image/svg+xml")
"""The types GitHub Pages gzips (for a browser that accepts it): its text, so HTML, CSS,
scripts, JSON and SVG. The WebAssembly binary and the zips are sent as they are here."""


class Pages(Handler):
    """The site's static handler, gzipping text as GitHub Pages does.

    Without it, Lighthouse's simulated phone downloads the page's HTML, CSS and scripts
    three times larger than the published game sends them.
    """

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        """Send a text file gzipped if the client accepts gzip, anything else as it is."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        kind = self.guess_type(path)
        accepted = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepted and path.is_file() and kind.startswith(COMPRESSED)):
            super().do_GET()
            return
        body = gzipped(path, path.stat().st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        self.wfile.write(body)


@functools.cache
def gzipped(path: Path, mtime_ns: int) -> bytes:
    """Return *path*'s bytes gzipped at zlib's default level, once per version (*mtime_ns*)."""
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=mtime_ns // 10**9)


ATTEMPTS = 3
"""Tries per run. Lighthouse allows some DevTools calls only 1 s (reading the page's own HTML
is one), which a loaded machine can exceed; such a run ends in PROTOCOL_TIMEOUT and is redone."""


def lighthouse(url: str, out: Path) -> dict[str, Any]:
    """Run Lighthouse on *url* until a run ends without a protocol timeout; return its report."""
    attempt = 1
    while True:
        report = lighthouse_once(url, out)
        error = report.get("runtimeError")
        if error is None:
            return report
        if error["code"] != "PROTOCOL_TIMEOUT" or attempt == ATTEMPTS:
            raise SystemExit(f"error: Lighthouse failed: {error['code']}: {error['message']}")
        attempt += 1
        print(f"  (Lighthouse timed out talking to Chromium; try {attempt} of {ATTEMPTS})")


def lighthouse_once(url: str, out: Path) -> dict[str, Any]:
    """Run Lighthouse once on *url*; return its report, which may hold a `runtimeError`."""
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", chromium.PATH)}
    out.unlink(missing_ok=True)
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            f"--chrome-flags={CHROME_FLAGS}",
            f"--only-categories={','.join(CATEGORIES)}",
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            "--max-wait-for-load=120000",
        ],
        check=False,
        env=env,
    )
    if not out.exists():
        raise SystemExit("error: Lighthouse wrote no report (its error is above)")
    report: dict[str, Any] = json.loads(out.read_text())
    return report


METRICS = (
    ("first-contentful-paint", "first paint", 0, " ms"),
    ("largest-contentful-paint", "largest paint", 0, " ms"),
    ("cumulative-layout-shift", "layout shift", 3, ""),
    ("total-blocking-time", "total blocking time", 0, " ms"),
    ("interactive", "interactive", 0, " ms"),
)
"""The figures printed as medians over the runs: each audit's id, a label, and the decimals
and unit of its value (Lighthouse's simulated slow phone, not this machine's own times)."""


def failed(report: dict[str, Any], category: str) -> list[dict[str, Any]]:
    """Return each weighted audit in *category* that did not pass."""
    audits = report["audits"]
    return [
        audits[ref["id"]]
        for ref in report["categories"][category]["auditRefs"]
        if audits[ref["id"]]["scoreDisplayMode"] in ("binary", "numeric")
        and (audits[ref["id"]]["score"] or 0) < 1
        and (ref.get("weight", 0) > 0 or category != "performance")
    ]


def culprits(audit: dict[str, Any]) -> list[str]:
    """Return the URLs an audit's findings point at."""
    urls = []
    for item in audit.get("details", {}).get("items", []):
        url = item.get("url") or item.get("scriptUrl") or item.get("source", {}).get("url")
        if url:
            urls.append(str(url))
    return urls


def main() -> int:
    """Serve the site, audit it, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", default="_site", help="the folder `make site` wrote")
    parser.add_argument("--query", default="preset=expert&seed=1")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median score is quoted")
    parser.add_argument("--reports", type=Path, help="a folder to keep each run's JSON report in")
    args = parser.parse_args()
    site = Path(args.site).resolve()
    if not (site / "index.html").exists():
        print(f"error: {site} has no index.html: run `make site` first", file=sys.stderr)
        return 2
    if not LIGHTHOUSE.exists():
        print("error: Lighthouse is missing: run `make audit`", file=sys.stderr)
        return 2
    handler = functools.partial(Pages, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/?{args.query}"
    reports = []
    with tempfile.TemporaryDirectory() as folder:
        kept = args.reports or Path(folder)
        kept.mkdir(parents=True, exist_ok=True)
        for run in range(args.runs):
            reports.append(lighthouse(url, kept / f"run{run}.json"))
    server.shutdown()
    return report_figures(reports, url)


def report_figures(reports: list[dict[str, Any]], url: str) -> int:
    """Print the medians over *reports* and the failed audits of the last; return the exit code."""
    last = reports[-1]
    print(f"Lighthouse {last['lighthouseVersion']} on {url} ({len(reports)} runs, medians)")
    print(f"browser: {last['environment']['hostUserAgent']}")
    scores = {}
    for category in CATEGORIES:
        values = [round(r["categories"][category]["score"] * 100) for r in reports]
        scores[category] = statistics.median(values)
        print(f"  {category:15} {scores[category]:5.0f}   (runs: {values})")
    for name, label, decimals, unit in METRICS:
        values = [r["audits"][name]["numericValue"] for r in reports]
        runs = ", ".join(f"{value:.{decimals}f}" for value in values)
        median = statistics.median(values)
        print(f"  {label:19} {median:5.{decimals}f}{unit}   (runs: {runs})")
    code = 0
    for category in CATEGORIES:
        for audit in failed(last, category):
            urls = culprits(audit)
            runtime = bool(urls) and all(RUNTIME in url for url in urls)
            shown = f" {audit['displayValue']}" if audit.get("displayValue") else ""
            where = "the pinned runtime's files only" if runtime else ", ".join(urls[:3])
            print(f"  not passed [{category}] {audit['id']}:{shown} ({where or audit['title']})")
            if category == "best-practices" and not runtime:
                code = 1
    holds = [
        (a["details"].get("overallSavingsMs", 0), a["title"], a.get("displayValue", ""))
        for a in last["audits"].values()
        if a.get("details", {}).get("type") == "opportunity" and (a["score"] or 0) < 1
    ]
    for saving, title, shown in sorted(holds, reverse=True)[:5]:
        print(f"  holds performance back: {title} {shown} (~{saving:.0f} ms)")
    if scores["accessibility"] < 100:
        code = 1
    return code


if __name__ == "__main__":
    sys.exit(main())
