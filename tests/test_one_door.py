"""The solver's one door: a position is read once, each rule and each sentence has one home."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game.solver.explain as door
from game.rules.seen import Seen
from game.solver.deduce import Deducer, Rule
from game.solver.explain import Action, Reason, study
from game.teacher.puzzles import grade

GAME = Path(__file__).resolve().parent.parent / "game"


def calls(path: Path) -> set[str]:
    """Return the names of the functions and methods *path* calls, but the narration's."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute):
                if not (isinstance(func.value, ast.Name) and func.value.id == "narrate"):
                    names.add(func.attr)
            elif isinstance(func, ast.Name):
                names.add(func.id)
    return names


def sentences(path: Path) -> str:
    """Return the text of every f-string of *path*: what it words (its docstrings left out)."""
    tree = ast.parse(path.read_text())
    return " ".join(ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr))


def test_deductions_name_the_rule_and_the_numbers_of_each() -> None:
    """The one deducer says what each rule proves and which numbers it reads, in order."""
    found = Deducer.of(Seen.from_text("4x2x2\nF1HH\nHHHH\n")).deductions()
    assert [d.rule for d in found] == [Rule.FOUND]
    assert found[0].safe == {(2, 0), (0, 1), (1, 1), (2, 1)}
    assert found[0].proof == ((1, 0), (0, 0))
    pair = Deducer.of(Seen.from_text("4x2x2\nHHHH\n1211\n")).deductions()
    assert {d.rule for d in pair} == {Rule.OVERLAP}
    first = next(d for d in pair if d.safe)
    assert first.safe == {(3, 0)} and first.pair is not None
    assert {n.pos for n in first.numbers} == {(1, 1), (2, 1)}


def test_the_hint_and_the_puzzles_run_no_rule_of_their_own() -> None:
    """explain and the puzzles read the deducer's deductions, never the rules themselves."""
    rules = {"is_done", "is_full", "overlap", "overlaps", "alone"}
    for module in ("solver/explain.py", "teacher/puzzles.py"):
        assert not calls(GAME / module) & rules, module


def test_the_overlap_reason_is_worded_once() -> None:
    """Only the narration says why two numbers settle a cell: the hint and a puzzle agree."""
    for path in GAME.rglob("*.py"):
        if path.name != "narrate.py":
            assert "away from" not in sentences(path), path
    seen = Seen.from_text("4x2x2\nHHHH\n1211\n")
    assert grade(seen).reason == study(seen).explanation.words


def test_the_tie_break_is_written_once() -> None:
    """Fewest hidden neighbours, then top-left: only choice.tie_break counts hidden neighbours."""
    for module in ("solver/choice.py", "teacher/review.py"):
        source = ast.unparse(ast.parse((GAME / module).read_text()))
        assert source.count("pos[1], pos[0]") + source.count("p[1], p[0]") <= (
            1 if module == "solver/choice.py" else 0
        ), module


def test_a_study_counts_its_position_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The odds, the solver's move and the hint of one position come from one count."""
    counted = []
    real = door.count
    monkeypatch.setattr(door, "count", lambda *a: counted.append(1) or real(*a))
    read = study("4x3x3\nHHHH\nHH21\nHH10\n")
    assert read.analysis.best == (1, 0)
    assert read.explanation.reason is Reason.COUNTING
    assert read.explanation.action is Action.REVEAL
    assert read.odds[(1, 0)] == 0
    assert len(counted) == 1
