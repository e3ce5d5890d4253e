"""Benchmark a replay file watched in the page: python bench/playback.py [--seconds S].

The largest fixture (tests/data/replays/custom-60x36.evf, 341 KB: 56,659 mouse
events, 1,298 moves on a 60x36 board) is opened in Chromium and played at 4x from
three places of the game. Chromium's own trace (the DevTools timeline) gives every
task of the page's main thread; their time is summed per frame of 1/60 s, as the
browser paints: the pointer drawn by js/cursor.js at every frame, the moves and the
clock applied as Python's worker sends them, style, layout and paint. The target:
every frame under 16 ms of work. The baseline, measured in the same run on the same
stretches: the same playing with the pointer left out of the drawing (its layer not
displayed), so the ratio is what drawing the pointer costs. Both lines count the
frames in which the main thread did any work (the others did none); the busiest
frame of all, and the page paused, are given apart. Opening the file (the pointer's
50,000 points sent once and unpacked) is timed too: the longest main-thread task
from the file chosen until its game shows. The figures are kept in
bench/results/playback.json for docs/performance.md (`make bench-report`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, FilePayload, Page, sync_playwright

from bench.page import serve
from bench.timing import Results, p95
from tools import chromium

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "tests" / "data" / "replays" / "custom-60x36.evf"
FRAME_MS = 1000 / 60
"""A frame of a 60 Hz screen."""
TARGET_MS = 16.0
"""The issue's target: each frame's work on the main thread."""
CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,toplevel"
HIDE = "hide => document.getElementById('cursor-layer').style.display = hide ? 'none' : ''"
"""Leave the pointer out of the page's drawing (js/cursor.js still runs), or put it back."""
STARTS = (0, 400, 900)
"""The moves the three runs play from: the opening, the middle game, the end."""


def main_thread_tasks(trace: bytes) -> list[tuple[float, float]]:
    """Return the page's main-thread tasks in *trace*: (start, end) in milliseconds."""
    events: list[dict[str, Any]] = json.loads(trace)["traceEvents"]
    names = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    main = {key for key, name in names.items() if name == "CrRendererMain"}
    tasks = [
        (e["ts"] / 1000, (e["ts"] + e["dur"]) / 1000)
        for e in events
        if e.get("ph") == "X" and e.get("name") == "RunTask" and (e["pid"], e["tid"]) in main
    ]
    return sorted(tasks)


def per_frame(tasks: list[tuple[float, float]], begin: float, end: float) -> list[float]:
    """Return the main thread's work in each frame of 1/60 s from *begin* to *end*."""
    count = int((end - begin) // FRAME_MS)
    work = [0.0] * count
    for start, stop in tasks:
        first = max(0, int((start - begin) // FRAME_MS))
        for index in range(first, min(count, int((stop - begin) // FRAME_MS) + 1)):
            low = begin + index * FRAME_MS
            work[index] += max(0.0, min(stop, low + FRAME_MS) - max(start, low))
    return work


def clock_span(tasks: list[tuple[float, float]]) -> tuple[float, float]:
    """Return the first and last moments of *tasks*."""
    return tasks[0][0], max(stop for _, stop in tasks)


def traced(browser: Browser, page: Page, action: Any) -> list[tuple[float, float]]:
    """Run *action* while Chromium traces *page*; return its main-thread tasks."""
    browser.start_tracing(page=page, categories=CATEGORIES.split(","))
    action()
    return main_thread_tasks(browser.stop_tracing())


def slide(page: Page, value: int) -> None:
    page.evaluate(
        """v => { const s = document.querySelector('#history');
                 s.value = v; s.dispatchEvent(new Event('input', {bubbles: true})); }""",
        value,
    )


def settle(page: Page) -> None:
    page.evaluate("window.pythonSettled()")


def open_file(page: Page) -> None:
    payload: FilePayload = {
        "name": FILE.name,
        "mimeType": "application/octet-stream",
        "buffer": FILE.read_bytes(),
    }
    page.set_input_files("#open-file", files=[payload])
    page.wait_for_function(
        f"document.getElementById('message').textContent.startsWith('Opened {FILE.name}')",
        timeout=60_000,
    )
    settle(page)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=8.0, help="each run's playing time")
    args = parser.parse_args()
    results = Results("playback", f"python bench/playback.py --seconds {args.seconds:g}")
    base = serve()
    playing: list[float] = []
    paused: list[float] = []
    bare: list[float] = []
    longest: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(base + "?preset=beginner&seed=3")
        page.wait_for_selector("body[data-ready='true']", timeout=120_000)
        opening = traced(browser, page, lambda: open_file(page))
        results.fact(
            "opening the file: its longest main-thread task",
            f"{max(stop - start for start, stop in opening):.1f} ms",
        )
        page.select_option("#speed", "4")
        settle(page)
        for move in STARTS:
            for drawn in (True, False):  # the same stretch, with and without the pointer
                page.evaluate(HIDE, not drawn)
                slide(page, move)
                settle(page)
                page.wait_for_timeout(300)

                def play() -> None:
                    page.click("#replay")
                    page.wait_for_timeout(args.seconds * 1000)
                    page.click("#replay")
                    settle(page)

                tasks = traced(browser, page, play)
                begin, end = clock_span(tasks)
                (playing if drawn else bare).extend(per_frame(tasks, begin, end))
                if drawn:
                    longest.append(max(stop - start for start, stop in tasks))
            still = traced(browser, page, lambda: page.wait_for_timeout(args.seconds * 1000))
            begin, end = clock_span(still)
            paused += per_frame(still, begin, end)
        steps = page.evaluate("document.getElementById('history').value")
        browser.close()
    busy_bare = [work for work in bare if work > 0]
    busy_paused = [work for work in paused if work > 0]
    busy = [work for work in playing if work > 0]
    print(results.line("a frame's main-thread work, 4x, no pointer drawn (baseline)", busy_bare))
    print(
        results.line(
            "a frame's main-thread work, 4x, the pointer drawn",
            busy,
            baseline=busy_bare,
            target=TARGET_MS,
        )
    )
    worst = max(playing)
    results.fact("frames measured playing (with work)", f"{len(playing):,} ({len(busy):,})")
    results.fact("the busiest frame with no pointer drawn", f"{max(bare):.1f} ms")
    results.fact(
        "a frame's work paused, median and p95 (frames with work)",
        f"{statistics.median(busy_paused):.2f} ms, {p95(busy_paused):.2f} ms",
    )
    results.fact(
        "the busiest frame playing",
        f"{worst:.1f} ms ({'under' if worst < TARGET_MS else 'OVER'} {TARGET_MS:g} ms)",
    )
    results.fact("the longest main-thread task playing", f"{max(longest):.1f} ms")
    results.fact("the move shown after the last run", steps)
    print("\n".join(f"{name}: {value}" for name, value in results.facts.items()))
    print(results.write())


if __name__ == "__main__":
    main()
