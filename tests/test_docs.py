"""The documentation's own rules: figures come from the benchmarks, not from hand edits."""

from __future__ import annotations

from pathlib import Path

from tools import bench_report

ROOT = Path(__file__).resolve().parent.parent


def test_performance_page_is_what_the_kept_results_give() -> None:
    """docs/performance.md is exactly what `make bench-report` writes from the results kept
    in bench/results/, so its figures are never edited by hand nor left behind."""
    runs = bench_report.load()
    assert {run["bench"] for run in runs} >= {"engine", "page"}
    assert (ROOT / "docs" / "performance.md").read_text() == bench_report.render(runs)
