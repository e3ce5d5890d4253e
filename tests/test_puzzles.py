"""Puzzles against an independent oracle: each level's means written out again, by enumeration.

The oracle does not use the solver: it tries every way to place mines on
the hidden cells next to numbers, cell by cell, keeps those that fit every
number, and spreads the other mines over the cells next to no number by
binomial counting. From that it knows which cells are certainly safe with
the mine total, and without it; one number alone and two numbers together
are checked by trying their own cells' placements.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import pytest

from game.names import where
from game.rules.board import Position, neighbour_table
from game.rules.seen import FLAGGED, HIDDEN, Seen
from game.rules.settings import Settings
from game.teacher.puzzles import LEVELS, NoPuzzleError, Puzzle, crop, find, grade, positions
from tests.helpers import chances, run_module

SEEDS = range(1, 13)
"""Seeds checked per level."""


@dataclass(frozen=True)
class Clue:
    """A revealed number: its hidden neighbours and how many mines they hold."""

    pos: Position
    cells: tuple[Position, ...]
    need: int


def clues(seen: Seen) -> list[Clue]:
    """Return every revealed number with hidden neighbours, flags taken as mines."""
    table = neighbour_table(seen.width, seen.height)
    found = []
    for pos, shown in seen.cells.items():
        if isinstance(shown, int):
            cells = tuple(n for n in table[pos] if seen.cells[n] is HIDDEN)
            flags = sum(1 for n in table[pos] if seen.cells[n] is FLAGGED)
            if cells:
                found.append(Clue(pos, cells, shown - flags))
    return found


def placements(cells: Sequence[Position], rules: Sequence[Clue]) -> list[frozenset[Position]]:
    """Every set of mines on *cells* that gives each of *rules* its count, cell by cell."""
    placed: list[frozenset[Position]] = []
    watching = {c: [r for r in rules if c in r.cells] for c in cells}
    left = {r.pos: len(r.cells) for r in rules}
    need = {r.pos: r.need for r in rules}

    def step(index: int, mines: list[Position]) -> None:
        if index == len(cells):
            if all(need[r.pos] == 0 for r in rules):
                placed.append(frozenset(mines))
            return
        cell = cells[index]
        for mine in (False, True):
            ok = True
            for r in watching[cell]:
                left[r.pos] -= 1
                need[r.pos] -= mine
                if need[r.pos] < 0 or need[r.pos] > left[r.pos]:
                    ok = False
            if ok:
                step(index + 1, [*mines, cell] if mine else mines)
            for r in watching[cell]:
                left[r.pos] += 1
                need[r.pos] += mine

    step(0, [])
    return placed


@dataclass(frozen=True)
class Oracle:
    """What exhaustive enumeration says about a position."""

    by_one: frozenset[Position]
    by_two: frozenset[Position]
    by_numbers: frozenset[Position]
    by_total: frozenset[Position]
    chance: dict[Position, Fraction]
    total: int


def oracle(seen: Seen) -> Oracle:
    """Enumerate *seen* exhaustively and say what each kind of reason proves safe."""
    rules = clues(seen)
    hidden = [p for p, c in seen.cells.items() if c is HIDDEN]
    frontier = sorted({c for r in rules for c in r.cells}, key=lambda p: (p[0], p[1]))
    floating = [p for p in hidden if p not in frontier]
    left = seen.mines - sum(1 for c in seen.cells.values() if c is FLAGGED)
    by_one = frozenset(c for r in rules if r.need == 0 for c in r.cells)
    by_two: set[Position] = set()
    for a, b in itertools.combinations(rules, 2):
        if set(a.cells) & set(b.cells):
            union = sorted(set(a.cells) | set(b.cells))
            fits = placements(union, [a, b])
            by_two |= {c for c in union if not any(c in m for m in fits)}
    fits = placements(frontier, rules)
    by_numbers = frozenset(c for c in frontier if not any(c in m for m in fits))
    weight = {m: comb(len(floating), left - len(m)) for m in fits if len(m) <= left}
    total = sum(weight.values())
    mined = {c: sum(w for m, w in weight.items() if c in m) for c in frontier}
    if floating:
        one = sum(comb(len(floating) - 1, left - len(m) - 1) for m in weight if len(m) < left)
        mined.update(dict.fromkeys(floating, one))
    chance = {c: Fraction(mined[c], total) for c in hidden}
    by_total = frozenset(c for c in hidden if mined[c] == 0)
    return Oracle(by_one, frozenset(by_two), by_numbers, by_total, chance, total)


def expected_level(o: Oracle) -> int:
    """Return the level the oracle gives: the first means that finds a safe cell."""
    found = [o.by_one, o.by_two, o.by_numbers, o.by_total]
    return next((i for i, cells in enumerate(found, 1) if cells), 5)


def ordered(cells: Iterable[Position]) -> tuple[Position, ...]:
    return tuple(sorted(cells, key=lambda p: (p[1], p[0])))


@pytest.fixture(scope="module")
def puzzles() -> dict[tuple[int, int], Puzzle]:
    return {(level, seed): find(level, seed) for level in LEVELS for seed in SEEDS}


@pytest.mark.parametrize("level", LEVELS)
def test_each_puzzle_has_exactly_its_level(
    puzzles: dict[tuple[int, int], Puzzle], level: int
) -> None:
    for seed in SEEDS:
        puzzle = puzzles[(level, seed)]
        o = oracle(Seen.from_text(puzzle.seen.to_text()))
        assert o.total > 0, f"seed {seed}: no arrangement fits"
        assert expected_level(o) == level, f"seed {seed}:\n{puzzle.to_text()}"


@pytest.mark.parametrize("level", LEVELS)
def test_the_answer_is_every_safe_cell_or_every_safest_one(
    puzzles: dict[tuple[int, int], Puzzle], level: int
) -> None:
    for seed in SEEDS:
        puzzle = puzzles[(level, seed)]
        o = oracle(puzzle.seen)
        if level < 5:
            expected = ordered(o.by_total)
        else:
            lowest = min(o.chance.values())
            expected = ordered(c for c, v in o.chance.items() if v == lowest)
        assert puzzle.grade.answer == expected, f"seed {seed}:\n{puzzle.to_text()}"
        assert dict(puzzle.grade.chances) == o.chance


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_and_seed_give_one_puzzle_and_seeds_differ(
    puzzles: dict[tuple[int, int], Puzzle], level: int
) -> None:
    texts = {puzzles[(level, seed)].to_text() for seed in SEEDS}
    assert len(texts) == len(SEEDS)
    assert find(level, SEEDS[0]).to_text() == puzzles[(level, SEEDS[0])].to_text()


def test_large_boards_are_cropped_to_a_window(puzzles: dict[tuple[int, int], Puzzle]) -> None:
    sizes = [(p.seen.width, p.seen.height) for p in puzzles.values()]
    assert all(w <= 12 and h <= 12 for w, h in sizes)


def test_the_oracle_agrees_with_brute_force_on_small_positions() -> None:
    for text in (
        "3x2x1\n1F1\nHHH\n",
        "3x2x1\nHHH\n111\n",
        "4x2x2\nHHHH\n1221\n",
        "4x3x3\nHHHH\nH21H\nHHHH\n",
    ):
        seen = Seen.from_text(text)
        assert oracle(seen).chance == chances(seen)


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("3x2x1\n1F1\nHHH\n", 1),  # the flag satisfies both 1s
        ("3x2x1\nHHH\n111\n", 2),  # 1-1 against the wall
        ("4x1x1\n1HHH\n", 4),  # the 1 needs the only mine
        ("2x2x1\nHH\nHH\n", 5),
    ],
)
def test_grade_names_the_means_that_finds_a_safe_cell(text: str, level: int) -> None:
    seen = Seen.from_text(text)
    assert expected_level(oracle(seen)) == level
    assert grade(seen).level == level


def test_a_cropped_window_counts_only_the_mines_inside() -> None:
    seen = Seen.from_text("4x1x2\n1H1H\n")
    assert crop(seen, frozenset({(1, 0), (3, 0)}), (0, 0, 1, 0)).to_text() == "2x1x1\n1H\n"


def test_flags_are_put_only_on_mines_of_the_deal() -> None:
    met = list(positions(Settings(16, 16, 40), 3, (8, 8)))
    assert any(m.known for m in met)
    for m in met:
        flagged = {p for p, c in m.views()[0].cells.items() if c is FLAGGED}
        assert flagged == m.known and flagged <= m.mines


def test_a_level_outside_one_to_five_is_refused() -> None:
    with pytest.raises(ValueError, match="level 6"):
        find(6, 1)
    assert issubclass(NoPuzzleError, RuntimeError)


def test_the_command_prints_the_position_the_answer_and_the_reason() -> None:
    result = run_module("game.solver", "puzzle", "--level", "2", "--seed", "5")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    width, height, _ = map(int, lines[0].split("x"))
    assert len(lines) == height + 3 and all(len(r) == width for r in lines[1 : height + 1])
    assert lines[-2] == "answer: " + " ".join(f"{x},{y}" for x, y in find(2, 5).grade.answer)
    assert lines[-1].startswith("reason: ") and "safe" in lines[-1]


def test_the_terminal_game_poses_puzzles_and_judges_the_answer() -> None:
    puzzle = find(2, 5)
    right = puzzle.grade.answer[0]
    wrong = next(p for p in puzzle.grade.chances if p not in puzzle.grade.answer)
    commands = f"r {right[0]} {right[1]}\nr {wrong[0]} {wrong[1]}\nr 99 99\nn\nq\n"
    result = run_module("game", "--puzzle", "2", "--seed", "5", stdin=commands)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Puzzle 2-5 (two numbers)" in out and "Puzzle 2-6 (two numbers)" in out
    assert "Solved! " + where(right).capitalize() + " has a 0.0% chance of a mine." in out
    assert "Not this one. " + where(wrong).capitalize() in out
    assert "error: that is not a hidden cell of the puzzle" in out
