"""The page's puzzles (`?puzzle=N-S`): find the safe cell, then see why.

The board shows a puzzle of `game.teacher.puzzles` with `#board[data-puzzle]`
`unsolved`. A press on a hidden cell answers it: an answer cell solves it,
any other fails it; then `#message` says why, with the pressed cell's chance
of a mine, the proof's cells carry `data-proof` and the answer is marked.
Each level's tally (solved, streak) is kept with the records' guarded
storage. The address always names the puzzle shown, so it can be shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.deal.seed import fresh_seed
from game.page.board_view import BoardView
from game.page.channel import replace_address, today
from game.page.dom import by_id, say
from game.page.heard import listen, on_click
from game.page.storage import Store
from game.rules.events import CellOpened, GameStarted, Move
from game.rules.settings import Settings
from game.rules.state import Game
from game.teacher.practice import KEY, Practice, after, day_seed, parse_link
from game.words.teaching import puzzle_prompt, puzzle_tally, puzzle_verdict

if TYPE_CHECKING:  # the solver is imported when a puzzle is shown, not with the page
    from game.teacher.puzzles import Puzzle


class Puzzles:
    """The puzzle mode: its panel, the puzzle on the board, and the kept tallies."""

    def __init__(self, board: BoardView, store: Store) -> None:
        self.board = board
        self.store = store
        self.puzzle: Puzzle | None = None
        self.state = "unsolved"
        self.notice = ""
        """What the start is to say of the tallies kept, once the page has answered."""
        practice = store.load(KEY, Practice.from_json, "puzzle practice", self.noticed)
        self.practice = practice or Practice()
        listen(by_id("puzzle-level"), "change", lambda _e: self.open(self.level(), fresh_seed()))
        on_click("puzzle-next", self.next)
        on_click("puzzle-daily", lambda: self.open(self.level(), day_seed(today(), self.level())))

    def noticed(self, notice: str) -> None:
        """Hold what the start is to say of the tallies kept."""
        self.notice = notice

    @property
    def active(self) -> bool:
        """Whether a puzzle is on the board instead of a game."""
        return self.puzzle is not None

    @staticmethod
    def level() -> int:
        """Return the level the panel's menu names."""
        return int(str(by_id("puzzle-level").value))

    def open_link(self, value: str) -> None:
        """Show the puzzle of a `puzzle` parameter.

        :raises ValueError: saying what is wrong with it.
        """
        self.open(*parse_link(value))

    def open(self, level: int, seed: int, *, note: str = "") -> None:
        """Find and show the puzzle of *level* and *seed*; say *note* after its prompt."""
        from game.teacher.puzzles import find

        puzzle = find(level, seed)
        self.puzzle = puzzle
        self.state = "unsolved"
        seen = puzzle.seen
        by_id("puzzle-level").value = str(level)
        settings = Settings(seen.width, seen.height, seen.mines)
        game = Game(GameStarted(settings, 0), seen.to_board())
        self.board.show_odds(None)
        self.board.render(game)
        self.board.mark({})
        self.board.element.setAttribute("data-puzzle", "unsolved")
        replace_address(f"?puzzle={level}-{seed}")
        self.show_tally()
        prompt = puzzle_prompt(level, of_the_day=seed == day_seed(today(), level))
        say(f"{prompt} {note}" if note else prompt)

    def close(self) -> None:
        """Leave the puzzle mode for a game."""
        self.puzzle = None
        self.board.element.removeAttribute("data-puzzle")
        self.board.mark({})

    def next(self) -> None:
        """Show the level's next puzzle (the next seed)."""
        puzzle = self.puzzle
        if puzzle is None:
            self.open(self.level(), fresh_seed())
        else:
            self.open(puzzle.level, puzzle.seed + 1)

    def on_move(self, move: Move) -> None:
        """Answer the puzzle with a press on a hidden cell (flags and numbers do nothing)."""
        puzzle = self.puzzle
        if puzzle is None or self.state != "unsolved" or type(move) is not CellOpened:
            return
        chances = puzzle.grade.chances
        pos = move.pos
        if pos not in chances:
            return
        solved = pos in puzzle.grade.answer
        self.state = "solved" if solved else "failed"
        self.board.element.setAttribute("data-puzzle", self.state)
        self.practice = after(self.practice, puzzle.level, solved)
        self.store.write(
            KEY, self.practice.to_json(), "This browser would not store your puzzle tallies."
        )
        self.show_tally()
        marks = dict.fromkeys(puzzle.grade.proof, "proof")
        marks.update(dict.fromkeys(puzzle.grade.answer, "hint-safe"))
        if not solved:
            marks[pos] = "hint-mine"
        self.board.mark(marks)
        say(puzzle_verdict(pos, puzzle))
        self.board.move_focus(pos)

    def show_tally(self) -> None:
        """Show the level's tally in the panel."""
        level = self.level()
        by_id("puzzle-tally").textContent = puzzle_tally(level, self.practice.tally(level))
