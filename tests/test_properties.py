"""Property checks over random boards and random move sequences."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.deal.dealer import advance, events_for
from game.rules._flood import FLOODS, OPENS, STAYS, flood
from game.rules.board import (
    Board,
    Cell,
    Flagged,
    Hidden,
    Position,
    Revealed,
    Uncovering,
    neighbour_table,
    row_order,
)
from game.rules.events import CellOpened, FlagToggled, GameStarted, Move, NeighboursOpened
from game.rules.history import History
from game.rules.layout import Layout, TextFormatError
from game.rules.mines import implied_start_cell
from game.rules.seen import Seen, format_position
from game.rules.settings import FirstClick, Settings
from game.rules.state import Game, Status, fold, start_game


@st.composite
def starts(draw: st.DrawFn) -> GameStarted:
    """A random game start: a seeded board or a fixed layout, up to 8x8."""
    width = draw(st.integers(1, 8))
    height = draw(st.integers(1, 8))
    mines = draw(st.integers(0, width * height - 1))
    first = draw(st.sampled_from(FirstClick))
    settings = Settings(width, height, mines, first)
    seed = draw(st.integers(0, 2**32))
    if draw(st.booleans()):
        cells = [(x, y) for y in range(height) for x in range(width)]
        layout = frozenset(draw(st.permutations(cells))[:mines])
        return GameStarted(settings, seed, layout)
    return GameStarted(settings, seed)


@st.composite
def games(draw: st.DrawFn) -> tuple[GameStarted, list[Move]]:
    """A start and up to 40 moves, some of them off the board or not allowed."""
    start = draw(starts())
    w, h = start.settings.width, start.settings.height
    pos = st.tuples(st.integers(-1, w), st.integers(-1, h))
    kinds = st.sampled_from([CellOpened, CellOpened, FlagToggled, NeighboursOpened])
    moves = draw(st.lists(st.builds(lambda k, p: k(p), kinds, pos), max_size=40))
    return start, moves


def states(start: GameStarted, moves: list[Move]) -> list[Game]:
    """Every state of the game played live, from the start to after the last move."""
    result = [start_game(start)]
    for m in moves:
        result.append(advance(result[-1], m))
    return result


def played(start: GameStarted, moves: list[Move]) -> History:
    """The history the command layer makes of *moves*: each with the deal it causes."""
    history = History(start)
    for m in moves:
        history = history.then(*events_for(history.current, m))
    return history


@contextmanager
def forbid_dealing() -> Iterator[None]:
    """Make any deal fail loudly while the block runs."""
    refuse = mock.Mock(side_effect=AssertionError("the fold dealt mines"))
    with (
        mock.patch("game.deal.dealer.lay_mines", refuse),
        mock.patch("game.deal.noguess.lay_solvable_mines", refuse),
        mock.patch("game.rules.mines.random", refuse),
    ):
        yield


def flood_closure(game: Game, pos: Position) -> set[Position]:
    """The cells a reveal at *pos* should open, by a plain breadth-first search."""
    board = game.board
    seen = {pos}
    frontier = [pos]
    while frontier:
        p = frontier.pop(0)
        if board.cells[p].count == 0 and not board.cells[p].mine:
            for n in board.neighbours(p):
                if n not in seen and type(board.cells[n]) is Hidden:
                    seen.add(n)
                    frontier.append(n)
    return seen


@given(games())
def test_mine_count_never_changes(game: tuple[GameStarted, list[Move]]) -> None:
    """Once laid, the mines stay exactly as many as the settings ask for."""
    start, moves = game
    for state in states(start, moves):
        if state.board.mines_laid:
            assert len(state.board.mines()) == start.settings.mines


@given(games())
def test_revealed_mine_only_in_lost_game(game: tuple[GameStarted, list[Move]]) -> None:
    """A revealed mine means the game is lost, and a lost game has one."""
    start, moves = game
    for state in states(start, moves):
        revealed_mine = any(type(c) is Revealed and c.mine for c in state.board.cells.values())
        assert revealed_mine == (state.status is Status.LOST)


@given(games())
def test_finished_game_never_changes(game: tuple[GameStarted, list[Move]]) -> None:
    """After a win or a loss every move returns the same game."""
    start, moves = game
    history = states(start, moves)
    for before, after in itertools.pairwise(history):
        if before.is_over():
            assert after is before


@given(games())
def test_replay_equals_live_state(game: tuple[GameStarted, list[Move]]) -> None:
    """Folding the event log again rebuilds exactly the state played live, at every step."""
    start, moves = game
    live = states(start, moves)
    history = played(start, moves)
    assert fold(start, history.events) == live[-1]
    assert History(start, history.events) == history
    for step in range(len(moves) + 1):
        assert history.state_at(step) == live[step]
    assert list(history.states()) == live


@given(games())
def test_counters_always_agree_with_the_cells(game: tuple[GameStarted, list[Move]]) -> None:
    """Revealed, flags, the exploded cell and each cell's code, kept as a board changes,
    match those read afresh from its cells (a board's equality compares its codes too)."""
    start, moves = game
    for state in states(start, moves):
        assert state.board == state.board.recount()


def cell_key(cell: Cell) -> int:
    """A number for each distinct cell, from its content alone."""
    return (Hidden, Flagged, Revealed).index(type(cell)) * 18 + cell.mine * 9 + cell.count


@given(games())
def test_the_board_in_bytes_is_its_cells(game: tuple[GameStarted, list[Move]]) -> None:
    """What the codes give callers matches the cells read one by one: a packed board
    unpacks to the board, cells and counters, and `cell_bytes` is the key of each cell in
    row order."""
    start, moves = game
    for state in states(start, moves):
        board = state.board
        unpacked = Board.unpack(board.pack())
        assert unpacked == board
        assert list(unpacked.cells.items()) == list(board.cells.items())
        assert (unpacked.revealed_safe, unpacked.flags) == (board.revealed_safe, board.flags)
        assert unpacked.exploded == board.exploded and unpacked.mines_laid == board.mines_laid
        order = row_order(board.width, board.height)
        assert board.cell_bytes(cell_key) == bytes(cell_key(board.cells[p]) for p in order)


@given(games(), st.data())
def test_uncovering_opens_what_a_plain_search_opens(
    game: tuple[GameStarted, list[Move]], data: st.DataObject
) -> None:
    """`Uncovering`, of a board or of its mines, opens reveal by reveal the closure a
    breadth-first search finds over the layout with every cell covered (whatever the board
    shows), each cell once, the revealed cell first; `zeros` yields the safe zeros not open
    yet, row by row."""
    start, moves = game
    board = states(start, moves)[-1].board
    if not board.mines_laid:
        return
    cells = board.cells
    uncovering = data.draw(
        st.sampled_from(
            (Uncovering.of_board(board), Uncovering(board.width, board.height, board.mines()))
        )
    )
    opened: set[Position] = set()
    order = row_order(board.width, board.height)
    for pos in data.draw(st.lists(st.sampled_from(order), max_size=6)):
        expected: list[Position] = []
        frontier = [pos] if pos not in opened else []
        while frontier:
            cell = frontier.pop()
            expected.append(cell)
            opened.add(cell)
            if cells[cell].count == 0 and not cells[cell].mine:
                fresh = [n for n in board.neighbours(cell) if n not in opened]
                opened.update(fresh)
                frontier.extend(fresh)
        found = uncovering.reveal(pos)
        assert found[:1] == expected[:1] and sorted(found) == sorted(expected)
    zeros = [p for p in order if p not in opened and cells[p].count == 0 and not cells[p].mine]
    first = next(uncovering.zeros(), None)
    assert first == (zeros[0] if zeros else None)


@given(games())
def test_folding_the_log_never_deals_again(
    game: tuple[GameStarted, list[Move]],
) -> None:
    """Once recorded, the deal is an event: rebuilding any step needs no random numbers."""
    start, moves = game
    history = played(start, moves)
    with forbid_dealing():
        again = History(start, history.events)
        assert [again.state_at(s) for s in range(len(again) + 1)] == list(history.states())


@given(st.integers(2, 12), st.integers(2, 12), st.data())
def test_a_start_cell_gives_every_first_click_the_same_mines(
    width: int, height: int, data: st.DataObject
) -> None:
    """A shared board opens its start cell first, so any first click gets the same mines."""
    mines = data.draw(st.integers(0, width * height - 9 if width * height > 9 else 0))
    seed = data.draw(st.integers(0, 2**32))
    settings = Settings(width, height, mines)
    cell = implied_start_cell(settings, seed)
    start = GameStarted(settings, seed, start_cell=cell)
    clicks = data.draw(st.lists(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))))
    boards = [advance(start_game(start), CellOpened(click)).board for click in clicks]
    assert all(board == boards[0] for board in boards)
    for board in boards:
        assert board.mines_laid and type(board.cells[cell]) is Revealed


@given(games())
def test_hidden_cells_never_increase(game: tuple[GameStarted, list[Move]]) -> None:
    """Revealed cells stay revealed: the count of unrevealed cells never rises."""
    start, moves = game
    unrevealed = [
        sum(1 for c in s.board.cells.values() if type(c) is not Revealed)
        for s in states(start, moves)
    ]
    assert unrevealed == sorted(unrevealed, reverse=True)


@given(games())
def test_reveal_opens_exactly_the_flood_closure(game: tuple[GameStarted, list[Move]]) -> None:
    """A reveal opens its cell and, from every zero, the zero's closure; nothing else."""
    start, moves = game
    history = states(start, moves)
    for before, m, after in zip(history, moves, history[1:], strict=False):
        if type(m) is not CellOpened or after is before:
            continue
        board = before.board
        if not board.mines_laid:
            board = board.with_mines(after.board.mines())
        opened = {
            p
            for p, c in after.board.cells.items()
            if type(c) is Revealed and type(board.cells[p]) is not Revealed
        }
        expected = flood_closure(Game(before.start, board), m.pos)
        assert opened == expected


@given(games())
def test_won_game_shows_every_mine_flagged(game: tuple[GameStarted, list[Move]]) -> None:
    """On a win every mine is flagged and mines left is zero."""
    start, moves = game
    final = states(start, moves)[-1]
    if final.status is Status.WON:
        assert all(type(c) is Flagged for c in final.board.cells.values() if c.mine)
        assert final.mines_left == 0


@given(games())
def test_position_text_round_trips(game: tuple[GameStarted, list[Move]]) -> None:
    """Printing a position and parsing it back gives the same text and the game's own view;
    a lost game's text (its mines shown) parses, and is refused as over, not as malformed."""
    start, moves = game
    final = states(start, moves)[-1]
    text = format_position(final.board)
    if final.status is Status.LOST:
        with pytest.raises(ValueError, match="the game is over") as error:
            Seen.from_text(text)
        assert not isinstance(error.value, TextFormatError)
    else:
        assert Seen.from_text(text).to_text() == text
        assert Seen.from_text(text) == Seen.from_game(final)


@given(starts())
def test_layout_text_round_trips(start: GameStarted) -> None:
    """A layout printed and parsed back has the same mines."""
    state = advance(start_game(start), CellOpened((0, 0)))
    layout = Layout.from_board(state.board)
    assert Layout.from_text(layout.to_text()) == layout


@given(st.integers(1, 40), st.integers(1, 40))
def test_the_neighbour_table_holds_every_cell_and_its_neighbours_in_order(
    width: int, height: int
) -> None:
    """Every position, row by row; for each, the cells one step away on the board, row by row."""
    table = neighbour_table(width, height)
    every = [(x, y) for y in range(height) for x in range(width)]
    assert list(table) == every
    for x, y in every:
        assert list(table[(x, y)]) == [
            (nx, ny)
            for ny, nx in itertools.product(range(y - 1, y + 2), range(x - 1, x + 2))
            if (nx, ny) != (x, y) and 0 <= nx < width and 0 <= ny < height
        ]


@st.composite
def flood_inputs(draw: st.DrawFn) -> tuple[int, int, bytes, bytearray, list[int]]:
    """A board of up to 20x20 cells, each staying, opening or flooding; some opened before."""
    width, height = draw(st.integers(1, 20)), draw(st.integers(1, 20))
    cells = width * height
    kinds = bytes(
        draw(st.lists(st.sampled_from((STAYS, OPENS, FLOODS)), min_size=cells, max_size=cells))
    )
    done = bytearray(draw(st.lists(st.sampled_from((0, 0, 0, 1)), min_size=cells, max_size=cells)))
    starts = draw(st.lists(st.integers(0, cells - 1), min_size=1, max_size=9))
    return width, height, kinds, done, starts


@given(flood_inputs())
def test_the_flood_opens_what_a_plain_search_opens(
    inputs: tuple[int, int, bytes, bytearray, list[int]],
) -> None:
    """The scanline fill opens what a breadth-first search over neighbours opens.

    Each cell once, the starts first, each marked done; `row_order` numbers the cells as
    the flood does.
    """
    width, height, kinds, done, starts = inputs
    order = row_order(width, height)
    table = neighbour_table(width, height)
    assert list(order) == list(table)
    index = {pos: i for i, pos in enumerate(order)}
    expected, frontier = [], []
    seen = {cell for cell, opened in enumerate(done) if opened}
    for start in starts:
        if start not in seen and kinds[start] != STAYS:
            seen.add(start)
            expected.append(start)
            frontier.append(start)
    lead = list(expected)
    while frontier:
        cell = frontier.pop()
        if kinds[cell] == FLOODS:
            for near in map(index.__getitem__, table[order[cell]]):
                if near not in seen and kinds[near] != STAYS:
                    seen.add(near)
                    expected.append(near)
                    frontier.append(near)
    before = bytes(done)
    opened = flood(width, height, starts, lambda lo, hi: kinds[lo:hi], done)
    assert opened[: len(lead)] == lead
    assert sorted(opened) == sorted(expected)
    assert done == bytes(1 if before[i] or i in expected else 0 for i in range(width * height))
