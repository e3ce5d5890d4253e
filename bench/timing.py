"""Timing helpers shared by the benchmarks: repeated samples, medians, p95 and ratios."""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
"""Where the benchmarks keep their last results as JSON, committed with the code they
measured; `make bench-report` writes docs/performance.md from them."""


def changed_outside_results(porcelain: str) -> list[str]:
    """Return the paths `git status --porcelain` lists outside bench/results/.

    Each line is two status letters, a space and the path: the first letter may be a
    space, so the lines are read as they come, never stripped.
    """
    paths = [line[3:] for line in porcelain.splitlines() if line]
    return [path for path in paths if not path.startswith("bench/results/")]


def measured_tree() -> dict[str, Any]:
    """Return the commit the benchmark measured, and whether the tree held other changes.

    Results from a tree with changes outside bench/results/ measure no commit, and
    `make bench-report` refuses them.
    """
    root = RESULTS.parent.parent

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)
        return done.stdout if done.returncode == 0 else ""

    changed = changed_outside_results(git("status", "--porcelain", "--untracked-files=no"))
    return {"commit": git("rev-parse", "HEAD").strip() or "unknown", "dirty": bool(changed)}


def machine() -> str:
    """Describe the machine: cores, system, processor and memory, as far as it says."""
    described = f"{os.cpu_count()} cores, {platform.system()} {platform.machine()}"
    cpuinfo, meminfo = Path("/proc/cpuinfo"), Path("/proc/meminfo")
    if cpuinfo.is_file():
        names = [
            line.split(":", 1)[1].strip()
            for line in cpuinfo.read_text().splitlines()
            if line.startswith("model name")
        ]
        if names:
            described += f", {names[0]}"
    if meminfo.is_file():
        total = meminfo.read_text().split()[1]  # "MemTotal: N kB" comes first
        described += f", {int(total) / 1024 / 1024:.0f} GiB"
    return described


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
    target_median: float | None = None,
) -> str:
    """Format one result: median, p95, an optional ratio to a baseline and the targets.

    *target* is the p95's, *target_median* the median's, each in milliseconds.

    *paired*: the i-th time and the i-th of the baseline were taken one after the
    other, so each pair's ratio is shown too: the middle half of them says how far
    the ratio of medians moves with the machine's noise.
    """
    median = statistics.median(times)
    text = f"{name:<44} median {median:8.3f} ms   p95 {p95(times):8.3f} ms"
    if baseline is not None:
        text += f"   x{median / statistics.median(baseline):6.2f} of baseline"
    if baseline is not None and paired:
        low, high = pair_range(times, baseline)
        text += f" (middle half of the pairs x{low:.2f} to x{high:.2f})"
    if target_median is not None:
        verdict = "meets" if median < target_median else "MISSES"
        text += f"   ({verdict} target median < {target_median:g} ms)"
    if target is not None:
        verdict = "meets" if p95(times) < target else "MISSES"
        text += f"   ({verdict} target p95 < {target:g} ms)"
    return text


def pair_range(times: Sequence[float], baseline: Sequence[float]) -> tuple[float, float]:
    """Return the middle half of the ratios of *times* to *baseline*, taken in pairs."""
    ratios = sorted(t / b for t, b in zip(times, baseline, strict=True))
    middle = ratios[len(ratios) // 4 : len(ratios) - len(ratios) // 4]
    return middle[0], middle[-1]


class Results:
    """The figures of one benchmark run, printed as lines and kept as JSON.

    Each `line` prints as `line()` does and keeps its figures; `fact` keeps a
    figure that is not a timing (what a first visit downloads). `write` saves
    them all with when and where they were taken.
    """

    def __init__(self, bench: str, command: str) -> None:
        self.bench = bench
        self.command = command
        self.rows: list[dict[str, Any]] = []
        self.facts: dict[str, Any] = {}

    def line(
        self,
        name: str,
        times: Sequence[float],
        *,
        target: float | None = None,
        baseline: Sequence[float] | None = None,
        paired: bool = False,
        target_median: float | None = None,
    ) -> str:
        """Keep the figures of *times* and return their line (see `line`)."""
        row: dict[str, Any] = {
            "name": name,
            "runs": len(times),
            "median_ms": round(statistics.median(times), 3),
            "p95_ms": round(p95(times), 3),
        }
        if baseline is not None:
            row["ratio"] = round(statistics.median(times) / statistics.median(baseline), 4)
        if baseline is not None and paired:
            row["pairs"] = [round(r, 3) for r in pair_range(times, baseline)]
        if target is not None:
            row["target_p95_ms"] = target
        if target_median is not None:
            row["target_median_ms"] = target_median
        self.rows.append(row)
        return line(
            name,
            times,
            target=target,
            baseline=baseline,
            paired=paired,
            target_median=target_median,
        )

    def fact(self, name: str, value: object) -> None:
        """Keep *value* under *name*."""
        self.facts[name] = value

    def write(self, path: Path | None = None) -> Path:
        """Save the results as JSON (by default bench/results/BENCH.json) and return where."""
        path = path or RESULTS / f"{self.bench}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "bench": self.bench,
            "command": self.command,
            "date": datetime.date.today().isoformat(),
            **measured_tree(),
            "machine": machine(),
            "python": platform.python_version(),
            "results": self.rows,
            "facts": self.facts,
        }
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        return path
