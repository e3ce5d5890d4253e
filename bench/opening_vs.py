"""The page's 100x100 opening against another commit's, in pairs: python bench/opening_vs.py REV.

The first move of a fresh page is the noisiest figure bench/page.py takes: a
fresh worker runs the code for the first time, and the machine is shared. Two
medians from two runs of bench/page.py, minutes apart, differ by more than a
change's effect. This checks REV out into a temporary worktree, sets it up as
`make vendor` does, serves both trees, and opens the empty 100x100 board in
each in turn (the first of a pair alternating), so each pair meets the same
machine. This tree is set up again first, so what it serves is what it holds,
uncommitted changes included. It prints both medians and p95s, this tree's ratio to REV's and the
middle half of the pairs' ratios; nothing is kept in bench/results/.

Each page then plays the opening again after new games of the same size, and the
last of them is timed too: the same move on engines that have run it. The first
opening also pays for the engines' warm-up (wasm functions compiled on their
first call, the top tier compiled beside it), which moves with changes no move
runs: see docs/decisions/first-opening.md.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from bench.page import ROOT, openings, serve
from bench.timing import line
from tools import chromium

WARM = 3
"""The opening of a page timed as the warmed one: the third."""


def set_up(rev: str, tree: Path) -> None:
    """Check *rev* out into *tree* and set its site up: its runtime, bytecode, service worker.

    node_modules is copied from this tree when both lock the same packages, else
    installed from REV's lock (`npm ci`).
    """
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev],
        check=True,
        capture_output=True,
    )
    if filecmp.cmp(ROOT / "package-lock.json", tree / "package-lock.json", shallow=False):
        shutil.copytree(ROOT / "node_modules", tree / "node_modules", symlinks=True)
    else:
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=tree, check=True)
    subprocess.run([sys.executable, "tools/vendor.py"], cwd=tree, check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rev", help="the commit to compare with, e.g. HEAD~1 or a hash")
    parser.add_argument("--pairs", type=int, default=30)
    args = parser.parse_args()
    label = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", args.rev],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="opening-vs-") as scratch:
        tree = Path(scratch) / label
        try:
            subprocess.run([sys.executable, "tools/vendor.py"], cwd=ROOT, check=True)
            set_up(args.rev, tree)
            bases = {"this tree": serve(), label: serve(tree)}
            first: dict[str, list[float]] = {name: [] for name in bases}
            warm: dict[str, list[float]] = {name: [] for name in bases}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium.PATH, args=chromium.ARGS
                )
                for pair in range(args.pairs):
                    names = list(bases) if pair % 2 == 0 else list(reversed(bases))
                    for name in names:
                        timed = openings(browser, bases[name], WARM)
                        first[name].append(timed[0])
                        warm[name].append(timed[-1])
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                check=False,
                capture_output=True,
            )
    for what, kept in (("first", first), (f"opening {WARM}", warm)):
        print(line(f"100x100 {what}: {label}", kept[label]))
        print(
            line(
                f"100x100 {what}: this tree",
                kept["this tree"],
                baseline=kept[label],
                paired=True,
            )
        )
    print(
        f"({args.pairs} pairs, the first of each alternating; opening {WARM} of a page follows "
        "new games of the same size)"
    )


if __name__ == "__main__":
    main()
