"""What a game's numbers prove, kept up to date move by move, and the count of a position.

The review's working state (`game.review`): the cells proven safe or mined
so far, found by the rules a player uses or by a count, and the exact
count of the position in front of the move being judged.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Final

from game.board import Board, Position, Revealed, neighbour_table
from game.seen import FLAGGED, HIDDEN, Seen, SeenCell
from game.solver.analysis import Count, count
from game.solver.endgame import solve_endgame
from game.solver.groups import Budget, TooComplexError
from game.solver.rules import Number, overlap


def opened(before: Board, after: Board) -> dict[Position, int]:
    """Return the cells *after* shows revealed that *before* did not, with their numbers."""
    old = before.cells
    return {
        p: c.count
        for p, c in after.cells.items()
        if c is not old[p] and type(c) is Revealed and not c.mine
    }


class Counted:
    """One position counted: every arrangement that fits its numbers and mine total."""

    def __init__(self, counted: Count, budget: int) -> None:
        self.counted = counted
        self.view = counted.seen
        """The numbers, with the cells proven mines marked as such (flags are ignored)."""
        self.total = counted.total
        self.exact: Mapping[Position, Fraction] = counted.probabilities()
        """Each undecided covered cell's chance of a mine (proven mines are not in it)."""
        self.budget = budget
        """Steps the endgame search behind the solver's choice may take."""

    def chance(self, pos: Position) -> Fraction:
        """Return the chance that covered cell *pos* holds a mine."""
        return self.exact.get(pos, Fraction(1))

    # The position's own figures: computed once, whatever number of moves it sees
    # (flags do not change what is counted, so a run of flags shares one position).

    @cached_property
    def safest(self) -> Fraction:
        """The lowest chance of a mine among the covered cells."""
        return min(self.exact.values(), default=Fraction(1))

    @cached_property
    def surest_flag(self) -> Fraction:
        """The lowest chance of no mine among the covered cells."""
        if any(c is FLAGGED for c in self.view.cells.values()):
            return Fraction(0)  # a cell proven a mine
        return 1 - max(self.exact.values(), default=Fraction(0))

    @cached_property
    def safe_exists(self) -> bool:
        """Whether some covered cell is proven safe."""
        return self.safest == 0

    @cached_property
    def solver_choice(self) -> Position | None:
        """The cell the solver would reveal (`choose`'s, without its look-ahead).

        With no cell proven safe, the endgame search's move when it searches
        the position to the end within the budget (`game.solver.endgame`).
        Otherwise the safest cell, then the one with the fewest hidden
        neighbours, then the top-left.
        """
        if not self.safe_exists:
            try:
                found = solve_endgame(self.counted, Budget(self.budget))
            except TooComplexError:
                found = None
            if found is not None:
                return found.move
        exact, cells = self.exact, self.view.cells
        table = neighbour_table(self.view.width, self.view.height)
        safest = self.safest

        def rank(pos: Position) -> tuple[int, int, int]:
            hidden = sum(1 for n in table[pos] if cells[n] is HIDDEN)
            return hidden, pos[1], pos[0]

        return min((p for p, v in exact.items() if v == safest), key=rank, default=None)

    def risk_of_opening(
        self, opens: Sequence[Position], around: Iterable[Position], budget: int
    ) -> Fraction:
        """Return the chance that any of *opens* holds a mine.

        One cell (a reveal): its chance. A chord's cells: all of them are safe exactly when
        the number's flagged neighbours hold all its mines (the chord needs as
        many flags as the number says), which is a position of its own to count:
        the same view with those cells marked as mines.
        """
        if len(opens) == 1:
            return self.chance(opens[0])
        chances = [self.chance(p) for p in opens]
        if all(c == 0 for c in chances):
            return Fraction(0)
        if any(c == 1 for c in chances):
            return Fraction(1)
        cells = dict(self.view.cells)
        for p in around:
            if p not in opens and not isinstance(cells[p], int):
                cells[p] = FLAGGED  # the flagged neighbours: all mines, or the chord hits one
        marked = Seen(self.view.width, self.view.height, self.view.mines, cells)
        try:
            fits = count(marked, Budget(budget)).total
        except TooComplexError:
            raise
        except ValueError:  # no arrangement has them all mines
            return Fraction(1)
        return 1 - Fraction(fits, self.total)


class Facts:
    """What the numbers revealed so far prove, kept up to date move by move.

    Cells proven safe or mined stay so for the rest of the game (numbers are
    only ever added), so each fact is proven once: by the rules a player uses,
    applied around the numbers that changed, or by a count.
    """

    def __init__(self, board: Board) -> None:
        self.width, self.height, self.mines_total = board.width, board.height, board.mine_count
        self.table = neighbour_table(board.width, board.height)
        self.numbers: dict[Position, int] = {}
        """Every revealed cell and its number."""
        self.safe: set[Position] = set()
        """Covered cells proven safe."""
        self.mines: set[Position] = set()
        """Cells proven to hold a mine."""
        self.counted: Counted | None = None
        """The count of the current position, once made (until a number is revealed)."""
        self.reveal(opened(Board.empty(board.width, board.height, 0), board))

    def reveal(self, opened: Mapping[Position, int]) -> None:
        """Take in newly revealed cells and their numbers, and deduce what follows."""
        if not opened:
            return
        self.counted = None
        self.numbers.update(opened)
        self.safe.difference_update(opened)
        table, numbers = self.table, self.numbers
        self._deduce({n for p in opened for n in (p, *table[p]) if n in numbers})

    def count(self, board: Board, budget: int) -> Counted:
        """Return the count of the position on *board* (made once per position).

        :raises TooComplexError: if it would take more than *budget* steps.
        """
        if self.counted is None:
            cells: dict[Position, SeenCell] = {}
            numbers, mines = self.numbers, self.mines
            for pos in board.cells:
                shown = numbers.get(pos)
                cells[pos] = shown if shown is not None else FLAGGED if pos in mines else HIDDEN
            view = Seen(self.width, self.height, self.mines_total, cells)
            self.counted = Counted(count(view, Budget(budget)), budget)
            exact = self.counted.exact
            touched = self._record(
                {p for p, v in exact.items() if v == 0}, {p for p, v in exact.items() if v == 1}
            )
            self._deduce(touched)
        return self.counted

    def _record(self, safe: set[Position], mines: set[Position]) -> set[Position]:
        """Record new facts; return the numbers next to them."""
        self.safe |= safe
        self.mines |= mines
        table, numbers = self.table, self.numbers
        return {n for cell in safe | mines for n in table[cell] if n in numbers}

    def _deduce(self, work: set[Position]) -> None:
        """Apply the rules at the numbers of *work*, and again wherever they settle cells."""
        queue = deque(sorted(work))
        queued = set(work)
        while queue:
            pos = queue.popleft()
            queued.discard(pos)
            safe, mines = self._rules_at(pos)
            if safe or mines:
                for n in self._record(safe, mines) | {pos}:
                    if n not in queued:
                        queued.add(n)
                        queue.append(n)

    def _rules_at(self, pos: Position) -> tuple[set[Position], set[Position]]:
        """Return what the number at *pos* settles, alone or with one near it (new facts only)."""
        a = self._number(pos)
        if not a.unknown:
            return set(), set()
        if a.is_done():
            return set(a.unknown), set()
        if a.is_full():
            return set(), set(a.unknown)
        numbers = self.numbers
        x, y = pos
        for dx, dy in _NEAR:
            other = (x + dx, y + dy)
            if other in numbers:
                found = overlap(a, self._number(other))
                if found is not None:
                    return set(found.safe), set(found.mines)
        return set(), set()

    def _number(self, pos: Position) -> Number:
        numbers, safe, mines = self.numbers, self.safe, self.mines
        found = []
        unknown = []
        for n in self.table[pos]:
            if n in mines:
                found.append(n)
            elif n not in numbers and n not in safe:
                unknown.append(n)
        return Number(pos, numbers[pos], tuple(found), frozenset(unknown))


_NEAR: Final = tuple((dx, dy) for dy in range(-2, 3) for dx in range(-2, 3) if (dx, dy) != (0, 0))
"""Offsets of the numbers whose neighbourhoods can overlap a number's."""
