"""Benchmark no-guess board generation: python bench/noguess.py [--boards N] [--browser N].

CPython: the time to deal an expert no-guess board (first click at (3, 3)),
against dealing a plain random board in the same run; then the longest a deal
can take, on boards too dense to find one within the work budget (the links
of issue 14), which is how long the page is blocked before it says so. With
--browser, the first click on an expert board in the page (Pyodide in
Chromium), no-guess against plain, which is when the board is dealt.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.page import READY, click_latency, serve
from bench.timing import line
from game.deal.noguess import WORK_BUDGET, NoGuessError, lay_solvable_mines
from game.rules.mines import lay_mines
from game.rules.settings import PRESETS, FirstClick, Mode, Settings
from tools import chromium

TARGET_MS = 250


def cpython(boards: int) -> None:
    """Deal *boards* expert boards each way, for both first-click rules."""
    for first in FirstClick:
        settings = replace(PRESETS["expert"], first_click=first, mode=Mode.NO_GUESS)
        plain: list[float] = []
        solvable: list[float] = []
        for seed in range(boards):
            began = time.perf_counter()
            lay_mines(settings, seed, (3, 3))
            middle = time.perf_counter()
            lay_solvable_mines(settings, seed, (3, 3))
            plain.append((middle - began) * 1000)
            solvable.append((time.perf_counter() - middle) * 1000)
        print(line(f"CPython: deal a random expert board ({first.value})", plain))
        print(
            line(
                f"CPython: deal a no-guess expert board ({first.value})",
                solvable,
                target=TARGET_MS if first is FirstClick.OPENING else None,
                baseline=plain,
            )
        )


DENSE: Final = ((30, 16, 140), (50, 50, 600), (100, 100, 2000))
"""Sizes and mine counts whose searches end at the budget (the last two: issue 14's links)."""


def spent_budget(runs: int) -> None:
    """Time *runs* deals of each dense board that end at the budget, from seeds 1 on."""
    for width, height, mines in DENSE:
        settings = Settings(width, height, mines, mode=Mode.NO_GUESS)
        times: list[float] = []
        found = 0
        for seed in range(1, runs + 1):
            began = time.perf_counter()
            try:
                lay_solvable_mines(settings, seed, (width // 2, height // 2))
                found += 1
            except NoGuessError:
                pass
            times.append((time.perf_counter() - began) * 1000)
        name = f"CPython: {width}x{height}, {mines} mines, no-guess"
        print(f"{line(name, times)}   ({found} of {runs} found; budget {WORK_BUDGET:,})")


def browser(boards: int) -> None:
    """Time the first click (when the board is dealt) on expert in the page, both ways."""
    from playwright.sync_api import sync_playwright

    base = serve()
    with sync_playwright() as playwright:
        engine = playwright.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        page = engine.new_page()
        page.goto(base + "?preset=expert&seed=0")
        page.evaluate(READY)
        plain: list[float] = []
        solvable: list[float] = []
        for seed in range(boards):
            for times, extra in ((plain, ""), (solvable, "&noguess=1")):
                page.goto(f"{base}?preset=expert&seed={seed}{extra}")
                page.evaluate(READY)
                times.append(click_latency(page, 3, 3))
        engine.close()
    print(line("Pyodide: first click, random expert board", plain))
    print(line("Pyodide: first click, no-guess expert board", solvable, baseline=plain))


def main() -> None:
    """Run the benchmarks the arguments ask for."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=100, help="seeds per CPython figure")
    parser.add_argument("--dense", type=int, default=3, help="seeds per dense board (0: skip)")
    parser.add_argument("--browser", type=int, default=0, help="seeds in the page (0: skip)")
    args = parser.parse_args()
    cpython(args.boards)
    if args.dense:
        spent_budget(args.dense)
    if args.browser:
        browser(args.browser)


if __name__ == "__main__":
    main()
