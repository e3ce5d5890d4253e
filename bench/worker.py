"""Measure the worker design against the page as it is: python bench/worker.py [--loads N].

Issue 15 asks for Python off the main thread. bench/worker.html is design (c):
the game's core runs in a PyScript worker that needs no SharedArrayBuffer (so
no cross-origin isolation, and it works on a first visit), the page forwards
a click and applies the one patch the worker returns, with js/cells.js. This
bench loads the bare PyScript page, the game and the worker page in turn in
Chromium (cold: new context, empty cache) and prints, for each, the time to
ready and the main thread's blocking while it loads (the sum over long tasks
of their time beyond 50 ms, what Lighthouse's total blocking time adds up,
unthrottled); then a click's time until the DOM holds its result, for single
reveals on expert and a whole 100x100 opening, in the game and through the
worker.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, Page, sync_playwright

from bench.page import READY, click_latency, expert_layout, serve
from bench.timing import line
from tools import chromium

BLOCKING = """
window.__blocking = 0;
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.__blocking += Math.max(0, task.duration - 50);
}).observe({ type: "longtask", buffered: true });
"""
"""Installed before any script of a page: adds up the main thread's blocking."""

PAGES = {
    "bare PyScript page": "bench/hello.html",
    "game, Python on the main thread": "?preset=expert",
    "game's core in a worker": "bench/worker.html?preset=expert",
}


def load(browser: Browser, url: str) -> tuple[float, float]:
    """Return the milliseconds to ready and of blocking on a cold load of *url*."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(BLOCKING)
    page = context.new_page()
    page.goto(url)
    ready = float(page.evaluate(READY))
    page.wait_for_timeout(200)  # a long task is reported once it ends
    blocking = float(page.evaluate("window.__blocking"))
    context.close()
    return ready, blocking


def worker_click(page: Page, x: int, y: int) -> float:
    """Return the milliseconds from a click on (x, y) until the worker's patch is applied."""
    return float(
        page.evaluate(
            """async ([x, y]) => {
            const b = document.querySelector(`#board button[data-x="${x}"][data-y="${y}"]`);
            const t = performance.now();
            b.click();
            await window.applied;
            return performance.now() - t;
          }""",
            [x, y],
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=120)
    args = parser.parse_args()
    base = serve()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        ready: dict[str, list[float]] = {name: [] for name in PAGES}
        blocking: dict[str, list[float]] = {name: [] for name in PAGES}
        for _ in range(args.loads):
            for name, path in PAGES.items():
                took, blocked = load(browser, base + path)
                ready[name].append(took)
                blocking[name].append(blocked)
        bare = ready["bare PyScript page"]
        for name in PAGES:
            print(line(f"ready, cold: {name}", ready[name], baseline=bare))
        for name in PAGES:
            print(line(f"main thread blocked: {name}", blocking[name]))

        for name, path, click in (
            ("game", "", click_latency),
            ("worker", "bench/worker.html", worker_click),
        ):
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            reveals: list[float] = []
            seed = 0
            while len(reveals) < args.clicks:
                seed += 1
                query, numbers = expert_layout(seed)
                page.goto(f"{base}{path}?{query}")
                page.evaluate(READY)
                click(page, 3, 3)
                reveals += [click(page, x, y) for x, y in numbers[:40]]
            print(line(f"click to DOM, single reveal on expert: {name}", reveals))
            context.close()
            openings = []
            for _ in range(max(5, args.clicks // 20)):
                context = browser.new_context(service_workers="block")  # no game to resume
                page = context.new_page()
                page.goto(f"{base}{path}?w=100&h=100&m=0")
                page.evaluate(READY)
                openings.append(click(page, 50, 50))
                assert page.get_attribute("#board", "data-status") == "won"
                context.close()
            print(line(f"click to DOM, 100x100 opening: {name}", openings))
        print(f"({args.loads} cold loads of each page, interleaved; Chromium)")
        browser.close()


if __name__ == "__main__":
    main()
