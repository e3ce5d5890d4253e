"""The statistics charts as inline SVG text: a histogram of winning times and a trend.

DOM-free so tests can check the values drawn. Everything written into the
SVG is a number or a fixed word, so the text is safe to insert as HTML; the
colours come from CSS classes (the page's Content-Security-Policy forbids
inline styles).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Final

from game.names import plural
from game.session.records import Result

WIDTH: Final = 320
HEIGHT: Final = 150
LEFT: Final = 34
"""Room for the y axis labels."""
BOTTOM: Final = 24
"""Room for the x axis labels."""
TOP: Final = 10
TREND_GAMES: Final = 50

_BIN_SECONDS: Final = (1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600)
MAX_BINS: Final = 8
"""The most bars the histogram draws, whatever the times."""


def _svg(label: str, body: str) -> str:
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}">'
        f"{body}</svg>"
    )


def _empty(label: str, note: str) -> str:
    middle = f'x="{WIDTH / 2}" y="{HEIGHT / 2}"'
    return _svg(label, f'<text class="chart-note" {middle} text-anchor="middle">{note}</text>')


def _bin_widths() -> Iterator[int]:
    """Yield bin widths in seconds: the round ones up to an hour, then 2, 5, 10, 20… hours."""
    yield from _BIN_SECONDS
    scale = _BIN_SECONDS[-1]
    while True:
        yield from (2 * scale, 5 * scale, 10 * scale)
        scale *= 10


def bin_seconds(low_ms: int, high_ms: int) -> int:
    """Return the bin width in whole seconds that spreads *low_ms*..*high_ms* over `MAX_BINS` bins.

    Integer arithmetic, and the widths grow without end, so any times (even
    years) get at most `MAX_BINS` bins.

    >>> bin_seconds(31_200, 95_000), bin_seconds(3_000, 4_000), bin_seconds(0, 4 * 10**10)
    (10, 1, 7200000)
    """
    for width in _bin_widths():
        span = width * 1000
        if high_ms // span - low_ms // span < MAX_BINS:
            return width
    raise AssertionError("unreachable: the widths grow without end")


def histogram(times_ms: Sequence[int]) -> list[tuple[int, int, int]]:
    """Return the bins of *times_ms* as (from seconds, to seconds, wins), empty bins included.

    >>> histogram([12_400, 15_000, 31_000])
    [(10, 15, 1), (15, 20, 1), (20, 25, 0), (25, 30, 0), (30, 35, 1)]
    """
    if not times_ms:
        return []
    low, high = min(times_ms), max(times_ms)
    width = bin_seconds(low, high)
    span = width * 1000
    first = low // span
    counts = [0] * (high // span - first + 1)
    for t in times_ms:
        counts[t // span - first] += 1
    return [((first + i) * width, (first + i + 1) * width, n) for i, n in enumerate(counts)]


def histogram_svg(times_ms: Sequence[int]) -> str:
    """Draw the histogram of winning times: one bar per bin, its count in its title."""
    label = "Histogram of winning times"
    bins = histogram(times_ms)
    if not bins:
        return _empty(label, "No unassisted wins yet")
    tallest = max(n for _, _, n in bins)
    plot_w, plot_h = WIDTH - LEFT - 4, HEIGHT - TOP - BOTTOM
    step = min(plot_w / len(bins), 48)
    parts = [_axes(tallest, "wins")]
    for i, (low, high, n) in enumerate(bins):
        h = plot_h * n / tallest
        x = LEFT + i * step
        parts.append(
            f'<rect class="bar" x="{x + 1:.1f}" y="{TOP + plot_h - h:.1f}"'
            f' width="{step - 2:.1f}" height="{h:.1f}"'
            f' data-from="{low}" data-to="{high}" data-count="{n}">'
            f"<title>{low}–{high} s: {plural(n, 'win')}</title></rect>"
        )
        if i % max(1, len(bins) // 6) == 0:
            parts.append(_x_label(x, f"{low}s"))
    parts.append(_x_label(LEFT + len(bins) * step - 14, f"{bins[-1][1]}s"))
    return _svg(label, "".join(parts))


def trend(results: Sequence[Result]) -> list[tuple[bool, float]]:
    """Return (won, 3BV/s) for each of the last 50 games, oldest first."""
    return [(r.won, r.rate) for r in results[-TREND_GAMES:]]


def trend_svg(results: Sequence[Result]) -> str:
    """Draw the last 50 games: wins as dots at their 3BV/s joined by a line, losses as crosses."""
    label = "3BV per second of the last games"
    points = trend(results)
    if not points:
        return _empty(label, "No games yet")
    top = math.ceil(max([1.0, *(rate for won, rate in points if won)]) * 2) / 2
    plot_w, plot_h = WIDTH - LEFT - 10, HEIGHT - TOP - BOTTOM
    step = plot_w / (len(points) - 1) if len(points) > 1 else 0
    parts = [_axes(top, "3BV/s")]
    line = []
    for i, (won, rate) in enumerate(points):
        x = LEFT + 5 + i * step
        if won:
            y = TOP + plot_h - plot_h * rate / top
            line.append(f"{x:.1f},{y:.1f}")
            parts.append(
                f'<circle class="win" cx="{x:.1f}" cy="{y:.1f}" r="3" data-rate="{rate:.2f}">'
                f"<title>game {i + 1}: won, {rate:.2f} 3BV/s</title></circle>"
            )
        else:
            y = TOP + plot_h - 4
            parts.append(
                f'<path class="loss" d="M{x - 3:.1f} {y - 3:.1f}l6 6m0-6l-6 6">'
                f"<title>game {i + 1}: lost</title></path>"
            )
    if len(line) > 1:
        parts.insert(1, f'<polyline class="trend-line" points="{" ".join(line)}"/>')
    parts.append(_x_label(LEFT, "older"))
    parts.append(_x_label(WIDTH - 40, "latest"))
    return _svg(label, "".join(parts))


def _axes(top: float, unit: str) -> str:
    bottom = HEIGHT - BOTTOM
    value = f"{top:g}"
    return (
        f'<path class="axis" d="M{LEFT} {TOP}V{bottom}H{WIDTH - 2}"/>'
        f'<text class="tick" x="{LEFT - 4}" y="{TOP + 8}" text-anchor="end">{value}</text>'
        f'<text class="tick" x="{LEFT - 4}" y="{bottom}" text-anchor="end">0</text>'
        f'<text class="tick unit" x="{LEFT - 4}" y="{TOP + 20}" text-anchor="end">{unit}</text>'
    )


def _x_label(x: float, text: str) -> str:
    return f'<text class="tick" x="{x:.1f}" y="{HEIGHT - 8}">{text}</text>'
