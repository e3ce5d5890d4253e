"""The documentation's own rules: comments say what and why, measurements live in docs/."""

from __future__ import annotations

import ast
import doctest
import io
import re
import tokenize
from pathlib import Path

import pytest

from tools import bench_report

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").rglob("*.md"))
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *DOCS]
"""Every page of documentation: the front door, the contributors' guide and docs/."""

LINK = re.compile(r"\]\(([^)\s]+)\)")
"""A Markdown link's target."""

TIMING = re.compile(
    r"(?<![\w/.,])\d[\d,.]*\s?(?:ms|µs|s|seconds?|milliseconds?|minutes?)\b"
    r"|\bx\d+\.\d+"
    r"|\d+\.\d+ times\b"
    r"|\d+(?:\.\d+)?\s?%\s(?:faster|slower|quicker)"
)
"""A figure of time: 45 ms, 2.5 s, x1.13, 1.73 times, 3.5% faster."""

MOST_TIMING_LINES = 6
"""Comment or docstring lines of game/ and js/ that may quote a timing (a rule's own
pace or budget); measurement stories belong in docs/decisions/ and commit bodies."""


def python_comments(text: str) -> dict[int, str]:
    """Return the comment and docstring lines of Python source *text*, by line number.

    A doctest example in a docstring is code, not prose, so its lines are left out.
    """
    lines = text.splitlines()
    found = {
        token.start[0]: token.string
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.COMMENT
    }
    for node in ast.walk(ast.parse(text)):
        if not (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            continue
        example = False
        for number in range(node.lineno, (node.end_lineno or node.lineno) + 1):
            stripped = lines[number - 1].strip()
            example = stripped.startswith(">>>") or (example and bool(stripped))
            if not example:
                found[number] = lines[number - 1]
    return found


def javascript_comments(text: str) -> dict[int, str]:
    """Return the comment lines of JavaScript source *text* (`//` and `/* */`), by line."""
    found: dict[int, str] = {}
    block = False
    for number, line in enumerate(text.splitlines(), 1):
        if block:
            found[number] = line
            block = "*/" not in line
            continue
        start = re.search(r"(?:^|\s)(//|/\*)", line)
        if start:
            found[number] = line[start.start(1) :]
            block = start.group(1) == "/*" and "*/" not in line[start.end() :]
    return found


def timing_lines() -> list[str]:
    """Return `path:line: text` for each comment or docstring line of game/ and js/ that
    quotes a timing."""
    sources = [*ROOT.glob("game/**/*.py"), *ROOT.glob("js/*.js"), *ROOT.glob("js/*.mjs")]
    found = []
    for path in sorted(sources):
        text = path.read_text()
        comments = python_comments(text) if path.suffix == ".py" else javascript_comments(text)
        found += [
            f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            for number, line in sorted(comments.items())
            if TIMING.search(line)
        ]
    return found


def test_the_timing_pattern_finds_figures_of_time_and_nothing_else() -> None:
    """The pattern the count below relies on: figures of time and ratios, not a 50/50,
    a percentage of a board or a count of cells."""
    quoted = ["took 45 ms", "in about 2.5 s", "x1.13 of the bare page", "1.73 to 1.18 times"]
    quoted += ["made it 3.5% faster", "2 to 3 seconds"]
    plain = ["a 50/50s pair", "efficiency 80%", "a 100x100 board", "50,000 writes", "F2 or N"]
    assert all(TIMING.search(text) for text in quoted)
    assert not [text for text in plain if TIMING.search(text)]


def test_comments_are_read_as_the_source_has_them() -> None:
    """Comments and docstrings count, code and doctest examples do not."""
    python = 'x = "5 ms"  # 6 ms\n\n\ndef f() -> None:\n    """7 ms.\n\n    >>> f()\n    """\n'
    assert python_comments(python) == {1: "# 6 ms", 5: '    """7 ms.', 6: ""}
    script = 'let a = "//"; // 1 ms\n/* 2 ms\n   3 ms */\nlet b = 4;\n'
    assert sorted(javascript_comments(script)) == [1, 2, 3]


def test_few_comments_quote_a_timing() -> None:
    """At most six comment or docstring lines of game/ and js/ quote a timing: comments
    say what and why, and the measurements that led there are in docs/decisions/."""
    found = timing_lines()
    assert len(found) <= MOST_TIMING_LINES, "\n".join(found)


def test_the_readme_is_a_front_door() -> None:
    """The README fits in 160 lines, shows a screenshot kept in the repository, and sends
    the rest of the way into docs/."""
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 160
    images = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", readme)
    assert images and all((ROOT / image).is_file() for image in images)
    assert all(f"docs/{page}" in readme for page in ("playing.md", "formats.md", "solver.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_each_page_stays_short_and_its_links_lead_somewhere(page: Path) -> None:
    """Each page is under about 400 lines, and every relative link names a file or folder
    of the project (an anchor and an outside address are not checked)."""
    text = page.read_text()
    assert len(text.splitlines()) <= 400
    for target in LINK.findall(text):
        if "://" in target or target.startswith("#"):
            continue
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.exists(), f"{page.name} links to {target}, which is missing"


@pytest.mark.parametrize("page", DOCS, ids=lambda page: str(page.relative_to(ROOT)))
def test_the_examples_in_docs_run(page: Path) -> None:
    """The `>>>` examples of docs/ give what they say (the README's run as pytest's
    doctests)."""
    failed, _ = doctest.testfile(str(page), module_relative=False, encoding="utf-8")
    assert failed == 0


def test_docs_named_in_comments_exist() -> None:
    """A comment of game/ or js/ that sends the reader to docs/ names a page that exists."""
    sources = [*ROOT.glob("game/**/*.py"), *ROOT.glob("js/*.js"), *ROOT.glob("js/*.mjs")]
    named = {
        name for path in sources for name in re.findall(r"\bdocs/[\w/-]+\.md", path.read_text())
    }
    assert named, "no comment names a page of docs/: this test would check nothing"
    assert [name for name in sorted(named) if not (ROOT / name).is_file()] == []


def test_performance_page_is_what_the_kept_results_give() -> None:
    """docs/performance.md is exactly what `make bench-report` writes from the results kept
    in bench/results/, so its figures are never edited by hand nor left behind."""
    runs = bench_report.load()
    assert {run["bench"] for run in runs} >= {"engine", "page"}
    assert (ROOT / "docs" / "performance.md").read_text() == bench_report.render(runs)


def test_bench_report_refuses_results_of_a_changed_tree() -> None:
    """A result taken with uncommitted changes, or naming no commit, is refused."""
    clean = {"bench": "engine", "commit": "a" * 40, "dirty": False}
    bench_report.check([clean])
    for refused in ({**clean, "dirty": True}, {"bench": "engine"}):
        with pytest.raises(bench_report.DirtyResultsError, match="engine"):
            bench_report.check([refused])
