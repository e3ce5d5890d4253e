"""The solver's one door: a position is read once, each rule and each sentence has one home."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game.solver.explain as door
from fakepage import GamePage
from game.rules.events import CellOpened, FlagToggled
from game.rules.layout import Layout
from game.rules.seen import Seen
from game.session import Aid, Session
from game.session.hints import Mark, hint
from game.session.query import GameRequest
from game.solver.deduce import Deducer, Rule
from game.solver.explain import Action, Reason, study
from game.teacher.puzzles import grade
from game.terminal.console import Console

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


def page_marks(page: GamePage) -> dict[tuple[int, int], Mark]:
    """Return the hint's marks the page shows, as the session's `Mark`s."""
    names = {
        "proof": Mark.PROOF,
        "hint-safe": Mark.SAFE,
        "hint-mine": Mark.MINE,
        "hint-guess": Mark.GUESS,
        "contradiction": Mark.CONTRADICTION,
    }
    return {pos: mark for name, mark in names.items() for pos in page.marked(name)}


@pytest.mark.parametrize(
    ("rows", "opened"),
    [(("*...", "....", "...*"), (3, 0)), (("*..", "...", "..*"), (2, 0))],
)
def test_the_page_and_the_terminal_give_the_same_hint(
    rows: tuple[str, ...], opened: tuple[int, int]
) -> None:
    """One hint for both front-ends (`game.session.hints.hint`): the same marks, the same
    words, the aid counted, for the same position."""
    layout = Layout.from_text("\n".join(rows) + "\n")
    session = Session.begin(GameRequest(layout.settings(), layout=layout), 0)
    session = session.make(CellOpened(opened), 0).session
    hinted = hint(session, budget=None)
    assert hinted.reading is not None and hinted.reading.explanation is not None
    assert Aid.HINT in hinted.session.aids

    page = GamePage("layout=" + "/".join(rows))
    page.reveal(*opened)
    page.click("#hint")
    terminal = Console(session, opened).hint()

    assert page_marks(page) == terminal.marks == hinted.reading.marks
    assert page.text("#message") == hinted.reading.explanation.words
    assert terminal.message.startswith(hinted.reading.explanation.words)
    assert Aid.HINT in terminal.session.aids and page.attr("#assist-badge", "hidden") is None


def test_a_contradiction_is_marked_alike_on_the_page_and_in_the_terminal() -> None:
    """Flags no arrangement fits: no hint, no aid, and the same cells marked in both."""
    layout = Layout.from_text("*..\n...\n..*\n")
    session = Session.begin(GameRequest(layout.settings(), layout=layout), 0)
    for move in (CellOpened((2, 0)), FlagToggled((0, 0)), FlagToggled((0, 1))):
        session = session.make(move, 0).session
    terminal = Console(session).hint()
    page = GamePage("layout=*../.../..*")
    page.reveal(2, 0)
    page.flag(0, 0)
    page.flag(0, 1)
    page.click("#hint")
    assert set(terminal.marks.values()) == {Mark.CONTRADICTION}
    assert page_marks(page) == terminal.marks
    assert page.text("#message").startswith("No hint: ")
    assert terminal.message == page.text("#message")
    assert Aid.HINT not in terminal.session.aids


def test_the_analysis_board_counts_its_position_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """?position=: the odds, the move and the reason shown come from one count."""
    counted = []
    real = door.count
    monkeypatch.setattr(door, "count", lambda *a: counted.append(1) or real(*a))
    page = GamePage("position=4x3x3/HHHH/HH21/HH10")
    assert page.count("#board button[data-probability]") == 8
    assert page.marked("hint-safe") == {(1, 0)}
    assert "none puts a mine there" in page.text("#message")
    assert len(counted) == 1
