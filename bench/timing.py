"""Timing helpers shared by the benchmarks: repeated samples, medians, p95 and ratios."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence


def sample(
    action: Callable[[], object], runs: int, *, setup: Callable[[], object] | None = None
) -> list[float]:
    """Time *action* *runs* times, in milliseconds, calling *setup* untimed before each."""
    times = []
    for _ in range(runs):
        if setup is not None:
            setup()
        began = time.perf_counter()
        action()
        times.append((time.perf_counter() - began) * 1000)
    return times


def p95(times: Sequence[float]) -> float:
    """Return the 95th percentile of *times*."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def line(
    name: str,
    times: Sequence[float],
    *,
    target: float | None = None,
    baseline: Sequence[float] | None = None,
    paired: bool = False,
) -> str:
    """Format one result: median, p95, an optional ratio to a baseline and the target.

    *paired*: the i-th time and the i-th of the baseline were taken one after the
    other, so each pair's ratio is shown too: the middle half of them says how far
    the ratio of medians moves with the machine's noise.
    """
    median = statistics.median(times)
    text = f"{name:<44} median {median:8.3f} ms   p95 {p95(times):8.3f} ms"
    if baseline is not None:
        text += f"   x{median / statistics.median(baseline):6.2f} of baseline"
    if baseline is not None and paired:
        ratios = sorted(t / b for t, b in zip(times, baseline, strict=True))
        middle = ratios[len(ratios) // 4 : len(ratios) - len(ratios) // 4]
        text += f" (middle half of the pairs x{middle[0]:.2f} to x{middle[-1]:.2f})"
    if target is not None:
        verdict = "meets" if p95(times) < target else "MISSES"
        text += f"   ({verdict} target p95 < {target:g} ms)"
    return text
