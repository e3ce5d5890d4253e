"""Benchmark the page in Chromium and Firefox: python bench/page.py [--loads N] [--clicks N].

Load time: a bare PyScript "hello" page on the same vendored runtime is the
baseline; the game is measured against it in the same run, cold (new browser
context, empty cache) and warm (reload with the HTTP cache), interleaved, in
Chromium and then in Firefox ESR (bench/firefox.mjs, through puppeteer-core).
Click latency: the time from a click event until the page has applied what
Python (in its worker) answered, for single reveals on expert and for a
whole-board opening on 100x100. First visit: the bytes the
server sends until the offline copy is kept, in a browser profile on disk.
The figures are kept in bench/results/page.json for docs/performance.md
(`make bench-report`).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import random
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, Page, sync_playwright

from bench.engine import long_game
from bench.timing import Results
from game.deal.dealer import advance
from game.rules.board import Revealed
from game.rules.events import CellOpened, GameStarted
from game.rules.layout import Layout
from game.rules.settings import PRESETS
from game.rules.state import start_game
from game.session import Clock, Session, saved
from game.session.query import GameRequest
from tools import chromium
from tools.serve import Handler

ROOT = Path(__file__).resolve().parent.parent

READY = (ROOT / "bench" / "ready.js").read_text()
"""The milliseconds from navigation to the game accepting input (see bench/ready.js)."""

KEPT = (
    "navigator.serviceWorker.controller !== null"
    " && document.documentElement.dataset.snapshot !== undefined"
)
"""The service worker has kept every file and now answers the page, and the page has kept a
snapshot of a fresh Python for the next start (or said why it could not)."""

SNAPSHOT_STARTS = "document.body.dataset.start === 'snapshot'"
"""Whether the page's Python started from the kept snapshot."""


class CachingHandler(Handler):
    """Like `make serve`, but lets the browser cache, so warm loads are warm."""

    sent: ClassVar[Counter[str]] = Counter()
    """How often each path was sent with its whole body (a 304 sends none)."""

    def send_response(self, code: int, message: str | None = None) -> None:
        if code == 200:
            self.sent[urlsplit(self.path).path] += 1
        super().send_response(code, message)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=3600")
        http.server.SimpleHTTPRequestHandler.end_headers(self)


PROBE_TARGETS = {"save:": 2.0, "review:": 2000.0}
"""Milliseconds the probe's figures must stay under, by the start of their names."""


def serve(root: Path = ROOT) -> str:
    """Serve the site in *root* (by default this tree) as `make serve` does; return its URL."""
    handler = functools.partial(CachingHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/"


BLOCKING = """
window.__blocking = 0;
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.__blocking += Math.max(0, task.duration - 50);
}).observe({ type: "longtask", buffered: true });
"""
"""Installed before any script of a page: adds up how long its main thread was blocked
(each long task's time beyond 50 ms, what Lighthouse's total blocking time adds, unthrottled)."""


def load_times(
    browser: Browser, url: str, *, kept: bool = False
) -> tuple[float, float, float, bool]:
    """Return (cold, warm) milliseconds from navigation to body[data-ready], the cold
    load's main-thread blocking until then, and whether the warm one's Python started
    from a snapshot.

    With *kept*, the warm load waits until the service worker keeps the page (and
    the page a snapshot of Python), as a player's next visit would: reloading while
    they are being kept races them.
    """
    context = browser.new_context()
    context.add_init_script(BLOCKING)
    page = context.new_page()
    page.goto(url)
    cold = float(page.evaluate(READY))
    page.wait_for_timeout(100)  # a long task is reported once it ends
    blocked = float(page.evaluate("window.__blocking"))
    if kept:
        page.wait_for_function(KEPT, timeout=120_000)
    page.reload()
    warm = float(page.evaluate(READY))
    restored = bool(page.evaluate(SNAPSHOT_STARTS))
    context.close()
    return cold, warm, blocked, restored


def firefox_loads(results: Results, base: str, loads: int) -> list[str]:
    """Return the load lines of Firefox ESR, the game against the bare page of the same run."""
    hello, game = "bench/hello.html", "?preset=expert"
    result = subprocess.run(
        [
            "node",
            str(ROOT / "bench" / "firefox.mjs"),
            *(base, str(loads), hello, game, KEPT, SNAPSHOT_STARTS),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"error: bench/firefox.mjs failed:\n{result.stdout}{result.stderr}")
    measured = json.loads(result.stdout)
    times = measured["times"]
    engine = measured["engine"]
    lines = []
    for kind in ("cold", "warm"):
        bare, ours = times[hello][kind], times[game][kind]
        lines.append(results.line(f"load: bare PyScript page, {kind}, {engine}", bare))
        label = f"{kind}, {engine}"
        if kind == "warm":
            label += f", {restored(measured['restored'])}"
        lines.append(
            results.line(f"load: game (expert), {label}", ours, baseline=bare, paired=True)
        )
    return lines


def restored(starts: list[bool]) -> str:
    """Say how many of the warm loads *starts* started Python from the kept snapshot."""
    return f"{sum(starts)} of {len(starts)} from the snapshot"


def first_visit(results: Results, browser: Browser, url: str) -> str:
    """Return a line on what a first visit downloads, until the offline copy is kept.

    A profile on disk with a disk cache of a desktop's usual size, as a visitor
    has: an in-memory one keeps no 10 MB file in its HTTP cache, so the service
    worker would download the runtime again.
    """
    CachingHandler.sent.clear()
    with tempfile.TemporaryDirectory() as profile:
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=chromium.PATH, args=[*chromium.ARGS, *chromium.VISITOR_CACHE]
        )
        page = context.new_page()
        page.goto(url)
        page.evaluate(READY)
        page.wait_for_function(KEPT, timeout=120_000)
        context.close()
    sent = dict(CachingHandler.sent)
    plain = packed = 0
    for path, times in sent.items():
        data = (ROOT / (path.lstrip("/") or "index.html")).read_bytes()
        plain += times * len(data)
        packed += times * len(gzip.compress(data, 6))
    # The page under ?preset=... and the worker's copy of ./ are two URLs, one file.
    twice = ", ".join(sorted(path for path, times in sent.items() if times > 1)) or "none"
    results.fact("first visit: files", len(sent))
    results.fact("first visit: MB sent", round(plain / 1e6, 1))
    results.fact("first visit: MB where the host gzips them", round(packed / 1e6, 1))
    return (
        f"first visit: {len(sent)} files, {plain / 1e6:.1f} MB sent (twice: {twice});"
        f" {packed / 1e6:.1f} MB where the host gzips them"
    )


CHANGED = """(target, options) => new Promise((resolve) => {
  const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now()); });
  seen.observe(target, options);
})"""
"""A promise of the time the page next changes *target* as *options* say (a MutationObserver)."""


def click_latency(page: Page, x: int, y: int) -> float:
    """Return the milliseconds from a click on (x, y) until that cell's state changed.

    The page applies a move's patch in one task, so the clicked cell changes with
    all the others; watching it alone keeps the observer's own records (one per
    changed cell when it watches the board) out of the time.
    """
    return float(
        page.evaluate(
            f"""async ([x, y]) => {{
            const b = document.querySelector(`#board button[data-x="${{x}}"][data-y="${{y}}"]`);
            const changed = ({CHANGED})(b, {{ attributeFilter: ["data-state"] }});
            const t = performance.now();
            b.click();
            return (await changed) - t;
          }}""",
            [x, y],
        )
    )


def openings(browser: Browser, base: str, count: int = 1) -> list[float]:
    """Return the milliseconds of *count* whole-board openings of an empty 100x100 board.

    A new context, so no saved game is resumed: the first is the first move of
    a fresh page, as a player makes it. Each next one follows a new game of the
    same size in the same page: the move again, on engines that have run it.
    """
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "?w=100&h=100&m=0")
    page.evaluate(READY)
    times: list[float] = []
    while len(times) < count:
        if times:  # a new game, the same size
            page.click("#reset")
            page.evaluate("window.pythonSettled()")
        # The worker imports what the first screen did not need just after it is ready
        # (game.page.app.DEFERRED); a player's first click comes later than that.
        page.wait_for_timeout(1000)
        times.append(click_latency(page, 50, 50))
        assert page.get_attribute("#board", "data-status") == "won"
    context.close()
    return times


def slider_steps(browser: Browser, base: str) -> list[float]:
    """Return the milliseconds the slider takes to show random steps of a 1000-move game."""
    history = long_game(1000)
    session = Session(
        GameRequest(history.start.settings), history, times=tuple(range(1000)), clock=Clock(60_000)
    )
    page = browser.new_context().new_page()
    page.goto(base + "?preset=expert")
    page.evaluate(READY)
    page.evaluate(
        "text => localStorage.setItem('pyminesweeper.game', text)", saved.to_json(session)
    )
    page.reload()
    page.evaluate(READY)
    steps = random.Random(5).sample(range(1000), k=200)  # each differs from the one shown
    return [
        float(
            page.evaluate(
                f"""async v => {{ const s = document.querySelector('#history');
                   const changed = ({CHANGED})(document.getElementById("step"),
                     {{ subtree: true, childList: true, characterData: true }});
                   const t = performance.now(); s.value = v;
                   s.dispatchEvent(new Event('input', {{bubbles: true}}));
                   return (await changed) - t; }}""",
                step,
            )
        )
        for step in steps
    ]


def expert_layout(seed: int) -> tuple[str, list[tuple[int, int]]]:
    """Return a URL query for an expert layout and its safe numbered cells to click."""
    start = GameStarted(PRESETS["expert"], seed)
    game = advance(start_game(start), CellOpened((3, 3)))
    layout = Layout.from_board(game.board).to_text().strip().replace("\n", "/")
    numbers = [
        p for p, c in game.board.cells.items() if not c.mine and c.count and type(c) is not Revealed
    ]
    return f"layout={layout}", numbers


def probe(browser: Browser, url: str) -> list[tuple[str, list[float]]]:
    """Return the probe's [name, milliseconds] results, or stop with the error it raised.

    A new context: where the game has run, its service worker answers every navigation
    under its scope, bench/probe.html included, with the game's page.
    """
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    # PyScript shows an uncaught Python error in a .py-error element: stop on it at once.
    page.wait_for_selector("body[data-results], .py-error", state="attached", timeout=120_000)
    error = page.query_selector(".py-error")
    if error is not None:
        raise SystemExit(f"error: bench/probe.py failed in Pyodide:\n{error.text_content()}")
    results: list[tuple[str, list[float]]] = json.loads(
        page.get_attribute("body", "data-results") or "[]"
    )
    context.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loads", type=int, default=7)
    parser.add_argument("--clicks", type=int, default=200)
    args = parser.parse_args()
    results = Results("page", f"python bench/page.py --loads {args.loads} --clicks {args.clicks}")
    base = serve()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        print(first_visit(results, browser, base + "?preset=expert"))
        times: dict[str, list[float]] = {k: [] for k in ("hc", "hw", "hb", "gc", "gw", "gb")}
        starts = []
        for _ in range(args.loads):
            cold, warm, blocked, _ = load_times(browser, base + "bench/hello.html")
            times["hc"].append(cold)
            times["hw"].append(warm)
            times["hb"].append(blocked)
            cold, warm, blocked, start = load_times(browser, base + "?preset=expert", kept=True)
            times["gc"].append(cold)
            times["gw"].append(warm)
            times["gb"].append(blocked)
            starts.append(start)
        print(results.line("load: bare PyScript page, cold", times["hc"]))
        print(
            results.line(
                "load: game (expert), cold", times["gc"], baseline=times["hc"], paired=True
            )
        )
        print(results.line("load: bare PyScript page, warm", times["hw"]))
        label = f"load: game (expert), warm, {restored(starts)}"
        print(results.line(label, times["gw"], baseline=times["hw"], paired=True))
        print(results.line("main thread blocked while loading: bare page", times["hb"]))
        print(results.line("main thread blocked while loading: game", times["gb"]))
        print("\n".join(firefox_loads(results, base, args.loads)))

        page = browser.new_page()
        reveals: list[float] = []
        seed = 0
        while len(reveals) < args.clicks:
            seed += 1
            query, numbers = expert_layout(seed)
            page.goto(base + "?" + query)
            page.evaluate(READY)
            click_latency(page, 3, 3)
            reveals += [click_latency(page, x, y) for x, y in numbers[:40]]
        print(results.line("click to DOM: single reveal on expert", reveals, target=16))

        firsts = [openings(browser, base)[0] for _ in range(max(5, args.clicks // 20))]
        print(results.line("click to DOM: whole 100x100 opening", firsts, target=50))
        print(
            results.line(
                "click to DOM: slider step, 1000-move game", slider_steps(browser, base), target=16
            )
        )
        for name, samples in probe(browser, base + "bench/probe.html"):
            target = next((t for key, t in PROBE_TARGETS.items() if name.startswith(key)), None)
            print(results.line(f"in Pyodide: {name}", samples, target=target))
        print(f"({args.loads} loads of each page, {len(reveals)} reveals, {len(firsts)} openings)")
        browser.close()
    print(f"kept in {results.write().name}")


if __name__ == "__main__":
    main()
