"""bench/timing.py: which commit a benchmark's results measured."""

from __future__ import annotations

from bench.timing import changed_outside_results


def test_a_results_file_changed_first_leaves_the_tree_clean() -> None:
    """Porcelain's first line starts with a space (" M"): it must not shift the path."""
    porcelain = " M bench/results/engine.json\n M bench/results/fair.json\n"
    assert changed_outside_results(porcelain) == []


def test_a_change_to_the_code_makes_the_tree_dirty() -> None:
    porcelain = " M bench/results/page.json\n M game/rules/board.py\nA  tools/new.py\n"
    assert changed_outside_results(porcelain) == ["game/rules/board.py", "tools/new.py"]
