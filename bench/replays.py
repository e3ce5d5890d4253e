"""Benchmark reading the community's replays: python bench/replays.py [--runs N] [--page].

Times `read_replay` (parse, then the click rules) on the largest real file, a
341 KB EVF 4 of 20 minutes on a 60x36 board (56,659 mouse events); on a 340 KB
EVF 3 made here from that game's events (versions 0 to 3 keep fixed-size events,
read by another loop); on the largest test file of each other format; and on the
worst file the readers take, an 8 MB EVF 4 of mouse moves, which is read to its
end before its million events are refused. Then the statistics of the large game.
The baseline, timed in the same run, folds that game's events into a history
(what opening the game's own replay of it costs at least). The page must read the
large files in under a second, and Pyodide runs about three times slower than
CPython; `node bench/replays.mjs` runs this under Pyodide, as the page's worker does.

With `--page`, the page's own *Open replay…* in Chromium: from the file
chosen until the page says it opened it (read as bytes in the worker,
parsed, played by the click rules, the board drawn), for the large EVF and,
as the baseline in the same run and interleaved with it, the game's own JSON
replay of the same game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import line, sample
from game.community.read import read_replay
from game.community.recording import MAX_FILE_BYTES, Recording, ReplayError
from game.community.replay_stats import replay_figures
from game.rules.history import History

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "replays"
LARGE = "custom-60x36.evf"
TARGET_MS = 1000 if sys.platform == "emscripten" else 1000 / 3
"""1 s in the page's Pyodide; in CPython, a third of it (Pyodide is up to three times slower)."""
FORMATS = (".avf", ".rmv", ".mvf", ".evf", ".rawvf")
CODES = {"mv": 1, "lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7, "pf": 8, "cc": 9, "l": 10}
CODES |= {"r": 11, "m": 12}
"""EVF's mouse event codes (its specification), for the file made here."""


def evf_v3(recording: Recording, size: int) -> bytes:
    """Return an EVF of version 3 with *recording*'s board and its first events, *size*
    bytes at most: the header, the strings, the board's bits, 8 bytes an event."""
    width, height = recording.width, recording.height
    head = bytes([3, 0, 0, height, width]) + len(recording.mines).to_bytes(2, "big")
    head += bytes([recording.cell, 0, 0, 0, 0, 0, 0, 0])  # mode, 3BV, time: not read
    head += b"\0".join([b"bench", b"player", b"", b"", b"", b"", b"", b""]) + b"\0"
    cells = (1 if (x, y) in recording.mines else 0 for y in range(height) for x in range(width))
    bits = int("".join(map(str, cells)), 2) << (-width * height) % 8
    out = bytearray(head + bits.to_bytes((width * height + 7) // 8, "big"))
    for mouse in recording.events:
        if len(out) + 8 + 33 > size:
            break
        out += bytes([CODES[mouse.kind]]) + mouse.ms.to_bytes(3, "big")
        out += max(mouse.x, 0).to_bytes(2, "big") + max(mouse.y, 0).to_bytes(2, "big")
    return bytes(out) + b"\0" + bytes(32)  # the end, then a checksum


def evf_v4_worst(real: bytes) -> bytes:
    """Return the real EVF 4 *real* with mouse moves added up to the size read at most."""
    end = next(  # the events' end: a 0, then the checksum's length, then the checksum
        at
        for at in range(len(real) - 3, 0, -1)
        if real[at] == 0 and int.from_bytes(real[at + 1 : at + 3], "big") == len(real) - at - 3
    )
    move = bytes([1, 1, 0, 0, 0, 0])  # a mouse move 1 ms later, the pointer where it was
    return real[:end] + move * ((MAX_FILE_BYTES - len(real)) // len(move)) + real[end:]


def _reader(data: bytes, name: str) -> Callable[[], object]:
    return lambda: read_replay(data, name)


def _refused(data: bytes, name: str) -> Callable[[], object]:
    def action() -> None:
        try:
            read_replay(data, name)
        except ReplayError:
            return
        raise SystemExit(f"error: {name} was read, not refused")

    return action


def page_open(runs: int) -> None:
    """Print the median and p95 of the page's opening of the large EVF, against its JSON."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import FilePayload, sync_playwright

    from game.community.watch import open_replay
    from game.session import saved
    from tools import chromium, vendor
    from tools.serve import Handler

    vendor.refresh_game()  # the page runs the game/ measured here
    root = Path(__file__).resolve().parent.parent
    handler = functools.partial(Handler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    large = (DATA / LARGE).read_bytes()
    own = saved.to_json(open_replay(large, LARGE).session).encode()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.PATH, args=chromium.ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 850})
        page.goto(f"http://127.0.0.1:{server.server_port}/?preset=beginner&seed=3")
        page.wait_for_selector("body[data-ready='true']", timeout=120_000)
        opened = "n => document.getElementById('message').textContent.startsWith(`Opened ${n}:`)"
        times: dict[str, list[float]] = {"evf": [], "json": []}
        for run in range(runs + 1):  # the first of each warms the worker: not counted
            for kind, data in (("json", own), ("evf", large)):
                name = f"{run:03d}-large.{kind}"
                file: FilePayload = {
                    "name": name,
                    "mimeType": "application/octet-stream",
                    "buffer": data,
                }

                def choose(name: str = name, file: FilePayload = file) -> None:
                    page.set_input_files("#open-file", files=[file])
                    page.wait_for_function(opened, arg=name, timeout=60_000)

                taken = sample(choose, 1)
                if run:
                    times[kind] += taken
        browser.close()
    server.shutdown()
    print(line(f"page: open the game's JSON of {LARGE}", times["json"]))
    print(
        line(
            f"page: open {LARGE} ({len(large) // 1024} KB)",
            times["evf"],
            target=1000,
            baseline=times["json"],
            paired=True,
        )
    )


def main(argv: list[str] | None = None) -> None:
    """Print the median and p95 of each file's reading (and the page's, with --page)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per file")
    parser.add_argument("--page", action="store_true", help="time the page's open in Chromium")
    arguments = parser.parse_args(argv)
    runs = arguments.runs
    if arguments.page:
        page_open(runs)
        return
    print(f"Python {sys.version.split()[0]} on {sys.platform}, {runs} runs")
    large = (DATA / LARGE).read_bytes()
    replay = read_replay(large, LARGE)
    history = replay.played.history
    baseline = sample(lambda: History(history.start, history.events), runs)
    print(line(f"baseline: fold {len(history.events)} events", baseline))
    for name, data in [
        (f"{LARGE} (EVF 4)", large),
        ("made EVF 3", evf_v3(replay.recording, 340 * 1024)),
    ]:
        times = sample(_reader(data, name), runs)
        label = f"read {name}, {len(data) // 1024} KB"
        print(line(label, times, target=TARGET_MS, baseline=baseline))
    print(line(f"figures of {LARGE} (ZiNi included)", sample(lambda: replay_figures(replay), runs)))
    for suffix in FORMATS:
        path = max(
            (p for p in DATA.glob(f"*{suffix}") if p.name != LARGE), key=lambda p: p.stat().st_size
        )
        times = sample(_reader(path.read_bytes(), path.name), runs)
        print(line(f"read {path.name}, {path.stat().st_size // 1024} KB", times, baseline=baseline))
    worst = evf_v4_worst(large)
    times = sample(_refused(worst, "worst.evf"), min(runs, 3))
    print(line(f"refuse an EVF 4 of {len(worst) // 1024} KB", times, baseline=baseline))


if __name__ == "__main__":
    main()
