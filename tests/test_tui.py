"""The full-screen game in a real pseudo-terminal: keys pressed, the screen read back.

Each test starts `python -m game` in a pty (as a player's terminal), types
keys and waits for the screen (read through pyte's VT100 emulator) to show
what the game should. Layout boards make every game the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeAlias

import pytest

from game.deal.dealer import play
from game.rules.board import Hidden
from game.rules.events import CellOpened, GameStarted
from game.rules.layout import Layout
from game.rules.state import start_game
from ptyscreen import DOWN, LEFT, RIGHT, UP, Pty, layout_file

SMALL = ("*..", "...", "..*")
"""3x3: (2, 0) opens an opening; then the solver knows (0, 2) is safe, and it wins."""

EXPERT = (
    "*..*....*...*.....*..*..*...*.",
    "..*...*.....*..*.....*...*....",
    "....*....*..........*....*..*.",
    ".*.....*....*..*.*...........*",
    "...*.*....*..*.......*..*.*...",
    "*.........*...*..*.*.........*",
    "..*.*..*.............*...*....",
    ".*...*...*.*..*..*.*...*.....*",
    ".......*........*.......*.*...",
    "*..*......*..*.*...*.........*",
    "...*.*....*.....*....*..*.*...",
    ".*.........*..*....*...*......",
    "....*..*.*.........*......*..*",
    "*.........*..*.*...*...*......",
    "..*..*........................",
    "*.......*..*..*..*..*..*.....*",
)
"""An expert-sized layout (30x16, 99 mines)."""


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """The XDG state folder of the games these tests start."""
    return tmp_path / "state"


Start: TypeAlias = Callable[..., Pty]


@pytest.fixture
def start(state: Path) -> Iterator[Start]:
    """Start games whose saves go to *state*; every one still running is ended after the test."""
    started: list[Pty] = []

    def begin(*args: str, env: dict[str, str] | None = None, **kwargs: Any) -> Pty:
        game = Pty(*args, env={"XDG_STATE_HOME": str(state), **(env or {})}, **kwargs)
        started.append(game)
        return game

    yield begin
    for game in started:
        game.close()


def board(game: Pty, rows: int = 3) -> list[str]:
    """Return the board's lines on the screen (from the third line), without the end."""
    return [line.rstrip() for line in game.screen.display[2 : 2 + rows]]


def words(game: Pty) -> str:
    """Return the screen's words, single-spaced: messages wrap where the width says."""
    return " ".join(game.text().split())


def saved_board(state: Path) -> str:
    """Return the game saved under *state*, as text, for a quick look in a failure."""
    return (state / "pyminesweeper" / "game.json").read_text()


def test_move_reveal_flag_chord_and_undo(start: Start, tmp_path: Path) -> None:
    """Arrows and hjkl move the cursor; Space reveals, F flags, Space on a number chords,
    U undoes."""
    game = start("--layout", str(layout_file(tmp_path, *SMALL)))
    game.wait_for("Q quit")
    assert " row 1, column 1: hidden" in game.text()
    assert board(game) == [" [▪]▪ ▪", "  ▪ ▪ ▪", "  ▪ ▪ ▪"]
    game.type(RIGHT + "l")
    game.wait_for(" row 1, column 3: hidden")
    game.type(" ")
    game.wait_for(lambda s: board(game) == ["  ▪ 1[ ]", "  ▪ 2 1", "  ▪ ▪ ▪"])
    assert "Playing" in game.text()
    game.wait_for(lambda s: "Time   0" not in s)  # the clock runs from the first reveal
    game.type(LEFT + "hf")
    game.wait_for(lambda s: board(game)[0] == " [F]1")
    assert " Mines   1 " in game.text()
    game.type("l ")
    game.wait_for(lambda s: board(game) == ["  F[1]", "  1 2 1", "  ▪ ▪ ▪"])
    game.type("u")
    game.wait_for("Move undone.")
    assert board(game)[1] == "  ▪ 2 1"
    assert "(assisted)" in game.text()
    game.type(DOWN + UP + "jk")
    game.wait_for(" row 1, column 2: 1 mine around")


def test_hint_marks_the_safe_cell_and_space_wins(start: Start, tmp_path: Path) -> None:
    """H marks the solver's move (+) with its reason, the cursor on it; Space then wins."""
    game = start("--layout", str(layout_file(tmp_path, *SMALL)))
    game.wait_for("Q quit")
    game.type("ll ")
    game.wait_for("Playing")
    game.type("H")
    game.wait_for("Row 3, column 1 is safe:")
    assert board(game)[2] == " [+]▪ ▪"
    game.type(" ")
    game.wait_for("You won in ")
    assert "Won!" in game.text()
    assert board(game) == ["  F 1", "  1 2 1", " [ ]1 F"]
    assert "Assisted: hint, a board known in advance." in words(game)


def test_a_loss_shows_the_mines_and_undo_takes_it_back(start: Start, tmp_path: Path) -> None:
    """Space on a mine loses: every mine shows, the hit one as `!`; U takes the move back."""
    game = start("--layout", str(layout_file(tmp_path, *SMALL)))
    game.wait_for("Q quit")
    game.type(" ")
    game.wait_for(lambda s: "Boom! You hit a mine after" in s and "N starts a new" in words(game))
    assert board(game) == [" [!]▪ ▪", "  ▪ ▪ ▪", "  ▪ ▪ *"]
    assert "Lost" in game.text() and "U takes it back; N starts a new game." in words(game)
    game.type("U")
    game.wait_for("Mines hit and undone: 1.")
    assert board(game)[0] == " [▪]▪ ▪"
    game.type("n")
    game.wait_for("New game: 3x3, 2 mines.")
    assert board(game)[0] == " [▪]▪ ▪"


def test_numbers_have_their_classic_colours(start: Start, tmp_path: Path) -> None:
    """1 is blue, 2 green, a flag red; the cursor's cell is drawn in reverse video."""
    game = start("--layout", str(layout_file(tmp_path, *SMALL)))
    game.wait_for("Q quit")
    game.type("ll hhf")
    game.wait_for(lambda s: board(game)[0] == " [F]1")
    assert game.cell(4, 2).fg == "blue" and game.cell(4, 3).fg == "green"
    assert game.cell(2, 2).fg == "red" and game.cell(2, 2).reverse


def test_without_colour_the_glyphs_and_attributes_still_tell(start: Start, tmp_path: Path) -> None:
    """NO_COLOR: no colour at all; flags are bold, and the brackets show the cursor."""
    game = start("--layout", str(layout_file(tmp_path, *SMALL)), env={"NO_COLOR": "1"})
    game.wait_for("Q quit")
    game.type("ll hhf")
    game.wait_for(lambda s: board(game)[0] == " [F]1")
    cells = [game.cell(x, y) for y in range(2, 5) for x in range(1, 8)]
    assert {c.fg for c in cells} == {"default"} and {c.bg for c in cells} == {"default"}
    assert game.cell(2, 2).bold


def test_resize_scrolls_and_too_small_says_how_large(start: Start, tmp_path: Path) -> None:
    """An expert board fits 80x24; smaller, it scrolls with the cursor; too small, it says so."""
    game = start("--layout", str(layout_file(tmp_path, *EXPERT)))
    game.wait_for("Q quit")
    assert len(board(game, 16)[15]) == 61 and "more row" not in game.text()
    game.resize(40, 12)
    game.wait_for(" v 11 more rows below")
    assert board(game, 1)[0].endswith(">")
    game.type("l" * 25 + "j" * 12)
    game.wait_for(" row 13, column 26: hidden")
    assert game.text().splitlines()[1] == " ^ 8 more rows above"
    assert board(game, 1)[0].startswith("<")
    game.resize(30, 8)
    # The screen arrives in pieces: wait for its last line, not only its first.
    game.wait_for(lambda s: "Terminal too small: 30x8." in s and "(63x23" in s)
    assert "Make it at least 40x10" in game.text()
    assert "(63x23 shows the whole board)" in game.text()
    game.resize(80, 24)
    game.wait_for(lambda s: "more row" not in s and " row 13, column 26: hidden" in s)
    assert board(game, 16)[12][51:54] == "[▪]"


def test_quit_saves_and_the_next_start_resumes(start: Start, state: Path, tmp_path: Path) -> None:
    """Q saves the game in the XDG state folder; starting again brings it back as it was."""
    game = start("--layout", str(layout_file(tmp_path, *SMALL)))
    game.wait_for("Q quit")
    game.type("ll hhf")
    game.wait_for(lambda s: board(game)[0] == " [F]1")
    game.type("q")
    assert game.wait() == 0
    assert b"The game is saved in " in game.output
    assert b"Run `python -m game` to resume it." in game.output
    assert b"Traceback" not in game.output
    assert '"events":' in saved_board(state)
    again = start()
    again.wait_for("Welcome back: your game was restored (2 moves).")
    assert board(again) == [" [F]1", "  ▪ 2 1", "  ▪ ▪ ▪"]
    assert "layout 3x3" in again.text()


def test_a_closed_terminal_loses_no_move(start: Start, tmp_path: Path) -> None:
    """Closing the window (the terminal hangs up) ends the game quietly, its moves saved."""
    game = start("--layout", str(layout_file(tmp_path, *SMALL)))
    game.wait_for("Q quit")
    game.type("ll ")
    game.wait_for(lambda s: board(game)[1] == "  ▪ 2 1")
    assert game.hang_up() == 0
    again = start()
    again.wait_for("Welcome back: your game was restored (1 move).")


def test_an_unreadable_save_is_set_aside_with_a_message(start: Start, state: Path) -> None:
    """A broken save is renamed with a timestamp, never lost, and the player is told."""
    folder = state / "pyminesweeper"
    folder.mkdir(parents=True)
    (folder / "game.json").write_text("{not json")
    game = start()
    game.wait_for("Q quit")
    assert "The saved game could not be read" in game.text()
    assert [p.read_text() for p in folder.glob("game.unreadable-*.json")] == ["{not json"]


def test_other_options_set_the_saved_game_aside_and_r_resumes_it(
    start: Start, tmp_path: Path
) -> None:
    """Asking for another game keeps the unfinished one; R brings it back."""
    game = start("--layout", str(layout_file(tmp_path, *SMALL)))
    game.wait_for("Q quit")
    game.type("ll q")
    game.wait()
    other = start("--preset", "beginner")
    other.wait_for("Your unfinished game was set aside: R brings it back.")
    other.wait_for("R resume")
    other.type("R")
    other.wait_for("Resumed the game set aside.")
    assert board(other)[1] == "  ▪ 2 1"


def test_an_expert_game_played_to_the_end_in_80x24(start: Start, tmp_path: Path) -> None:
    """Every safe cell opened with hjkl and Space wins the expert board in a classic terminal."""
    layout = Layout.from_text("\n".join(EXPERT))
    keys: list[str] = []
    cursor = (0, 0)
    game_state = start_game(GameStarted(layout.settings(), 0, layout.mines))
    for y in range(layout.height):
        for x in range(layout.width) if y % 2 == 0 else reversed(range(layout.width)):
            if type(game_state.board.cells[(x, y)]) is not Hidden or (x, y) in layout.mines:
                continue
            dx, dy = x - cursor[0], y - cursor[1]
            keys.append(("l" * dx if dx > 0 else "h" * -dx) + "j" * dy + " ")
            cursor = (x, y)
            game_state = play(game_state, CellOpened((x, y)))
    assert game_state.is_over()
    game = start("--layout", str(layout_file(tmp_path, *EXPERT)))
    game.wait_for("Q quit")
    game.type("".join(keys))
    game.wait_for("You won in ")
    assert " Mines   0 " in game.text() and "Won!" in game.text()
    assert all("▪" not in line for line in board(game, 16))


def test_line_and_plain_modes_stay_in_a_terminal(start: Start) -> None:
    """`--line` keeps the line-by-line game in a terminal, `--plain` prints the contract,
    and a terminal curses does not know gets the line mode instead of a traceback."""
    line = start("--line", "--seed", "1")
    line.wait_for("Commands (x counts columns")
    line.wait_for(lambda screen: ">" in screen.splitlines())
    line.type("q\n")
    assert line.wait() == 0
    plain = start("--plain", "--seed", "1")
    plain.wait_for("status: ready mines-left: 10")
    assert "9x9x10" in plain.text()
    plain.type("q\n")
    assert plain.wait() == 0
    unknown = start("--seed", "1", env={"TERM": "no-such-terminal"})
    unknown.wait_for(lambda screen: ">" in screen.splitlines())
    assert "Commands (x counts columns" in unknown.text()
