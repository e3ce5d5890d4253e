"""Write docs/performance.md from the benchmarks' last results: python tools/bench_report.py.

bench/engine.py and bench/page.py keep their figures in bench/results/*.json
(committed with the code they measured); this turns them into the one table
of current figures, so the page is never edited by hand
(tests/test_docs.py checks the two agree).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
PAGE = ROOT / "docs" / "performance.md"

ABOUT = {
    "page": (
        "The page as a visitor meets it, in Debian's Chromium (Playwright) and Firefox ESR"
        " (`bench/firefox.mjs`). A load is the time from navigation to a playable board,"
        " cold (a first visit) and warm (the next visit, from the offline copy and the kept"
        " snapshot of Python); its baseline is a bare PyScript page on the same runtime,"
        " loaded in turn with the game in the same run. A click is the time from the click"
        " until the page has applied what Python, in its worker, answered. The lines"
        " \u201cin Pyodide\u201d time the core where the page runs it (`bench/probe.py`)."
    ),
    "fair": (
        "A reveal in the fair modes: a cruel reveal (the rule's judgement, and a draw when"
        " the mines move) beside the classic reveal of the same cell of the same position."
        " *In play*: a logical player's cruel games, the solver's memos as the game left"
        " them (on 100x100, the first reveals of a game, where the rules decide every"
        " reveal); *cold*: positions 20% to 80% through games, every memo forgotten, as"
        " after a reload: the measure of a game's middle. The lines \u201cin Pyodide\u201d"
        " run the same in the page's runtime under Node (`bench/fair.mjs`)."
    ),
    "playback": (
        "A replay file watched in the page, in Debian's Chromium (Playwright): the 341 KB EVF"
        " fixture (56,659 mouse events on 60x36) played at 4x from three places of its game,"
        " the main thread's work summed per frame of 1/60 s from Chromium's trace (the"
        " pointer drawn by `js/cursor.js`, the moves and the clock Python's worker sends,"
        " style, layout and paint). Its baseline is the same stretches played with the"
        " pointer left out of the drawing, in the same run; the target is every frame under"
        " 16 ms. Counted: the frames in which the main thread did any work."
    ),
    "engine": (
        "The game's core under CPython, each figure next to a baseline measured in the same"
        " run (a plain copy of the board's cells, or a fold of the game from its start)."
    ),
}
"""What each benchmark measures, by its name in bench/results/."""

ORDER = ("page", "playback", "engine", "fair")
"""The benchmarks in the order the page gives them; any other follows by name."""


def load() -> list[dict[str, Any]]:
    """Return every kept result in bench/results/, in the page's order."""
    runs = [json.loads(path.read_text()) for path in sorted(RESULTS.glob("*.json"))]
    return sorted(
        runs,
        key=lambda run: (ORDER.index(run["bench"]) if run["bench"] in ORDER else 99, run["bench"]),
    )


def milliseconds(value: float) -> str:
    """Format *value* milliseconds with as many digits as say something.

    >>> milliseconds(3264.2), milliseconds(46.25), milliseconds(2.549), milliseconds(0.0091)
    ('3,264 ms', '46.2 ms', '2.55 ms', '0.009 ms')
    >>> milliseconds(0)
    '0 ms'
    """
    if value == 0:
        return "0 ms"
    digits = 0 if value >= 100 else 1 if value >= 10 else 2 if value >= 1 else 3
    return f"{value:,.{digits}f} ms"


def ratio(row: dict[str, Any]) -> str:
    """Return the row's ratio to its baseline, with the middle half of the pairs' ratios."""
    if "ratio" not in row:
        return ""
    text = f"x{row['ratio']:.2f}"
    if "pairs" in row:
        low, high = row["pairs"]
        text += f" (pairs x{low:.2f} to x{high:.2f})"
    return text


def measured(run: dict[str, Any]) -> str:
    """Say which commit *run* measured, or that it does not say (results older than that)."""
    if "commit" not in run:
        return "(before results named their commit)"
    return f"at commit `{run['commit'][:12]}`" + (" with changes" if run.get("dirty") else "")


def section(run: dict[str, Any]) -> list[str]:
    """Return the lines of one benchmark's section."""
    lines = [
        f"## {run['bench'].capitalize()}: `{run['command']}`",
        "",
        ABOUT.get(run["bench"], ""),
        "",
        f"Measured on {run['date']} {measured(run)}, on {run['machine']}, Python {run['python']}.",
        "",
        "| measure | median | p95 | against the baseline | target | runs |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for row in run["results"]:
        target = "; ".join(
            f"{what} under {row[key]:,g} ms"
            + (" (met)" if row[figure] < row[key] else " (**missed**)")
            for what, key, figure in (
                ("median", "target_median_ms", "median_ms"),
                ("p95", "target_p95_ms", "p95_ms"),
            )
            if key in row
        )
        cells = [
            row["name"],
            milliseconds(row["median_ms"]),
            milliseconds(row["p95_ms"]),
            ratio(row),
            target,
            str(row["runs"]),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    if run["facts"]:
        lines.append("")
        lines += [f"- {name}: {value}" for name, value in run["facts"].items()]
    lines.append("")
    return lines


def render(runs: list[dict[str, Any]]) -> str:
    """Return docs/performance.md for the results *runs*."""
    lines = [
        "# Performance",
        "",
        "<!-- Written by `make bench-report` (tools/bench_report.py) from",
        "     bench/results/*.json. Do not edit: run the benchmarks again. -->",
        "",
        "The current figures, as the benchmarks last measured them: medians and 95th",
        "percentiles of many runs, and ratios to a baseline measured in the same run,",
        "since the machine is shared and noisy. To bring them up to date, run",
        "`make bench` (the engine and the fair modes) or `make bench-page` (the page), then",
        "`make bench-report`, and commit the results with the change they measure.",
        "Why the page is built the way these figures reward is in",
        "[decisions/](decisions/README.md).",
        "",
    ]
    for run in runs:
        lines += section(run)
    return "\n".join(lines)


class DirtyResultsError(ValueError):
    """Results that measured no commit: the tree held changes when they were taken."""


def check(runs: list[dict[str, Any]]) -> None:
    """Refuse results that measured a tree with uncommitted changes, or name no commit.

    :raises DirtyResultsError: naming each such benchmark.
    """
    dirty = [run["bench"] for run in runs if run.get("dirty", True) or "commit" not in run]
    if dirty:
        raise DirtyResultsError(
            f"results of {', '.join(dirty)} measured no commit (taken from a tree with"
            " changes, or before results named their commit): commit, then run them again"
        )


def main() -> int:
    """Write docs/performance.md, unless a result measured no commit; return the exit status."""
    argparse.ArgumentParser(description=__doc__).parse_args()
    runs = load()
    try:
        check(runs)
    except DirtyResultsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    PAGE.parent.mkdir(exist_ok=True)
    PAGE.write_text(render(runs))
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
