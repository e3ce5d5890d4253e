"""The fair modes in the terminal: `--mode`, the line mode's notes, the full-screen console."""

from __future__ import annotations

import io

from test_fair import cruel_loss, logical_move, mode_request

from game.rules.board import Hidden
from game.rules.settings import Mode
from game.rules.state import Status
from game.session import Session
from game.session.hints import Mark
from game.terminal.cli import main, start_from_options
from game.terminal.console import Console
from game.terminal.options import parser


def test_mode_option_sets_the_mode() -> None:
    """`--mode cruel` plays cruel; a bad mode is an `error:` and exit status 2."""
    args = parser().parse_args(["--mode", "cruel", "--preset", "expert"])
    assert start_from_options(args).settings.mode is Mode.CRUEL
    assert start_from_options(parser().parse_args([])).settings.mode is Mode.CLASSIC


def test_plain_output_is_the_game_only() -> None:
    """With --plain a cruel game prints position text and status lines, no notes."""
    out = io.StringIO()
    import sys

    real, sys.stdout = sys.stdout, out
    try:
        status = main(["--plain", "--mode", "cruel", "--seed", "3"], io.StringIO("r 4 4\nr 0 8\n"))
    finally:
        sys.stdout = real
    assert status == 0
    lines = out.getvalue().splitlines()
    assert all(
        line.startswith(("9x9x10", "status:")) or set(line) <= set("H012345678*!XF")
        for line in lines
    )
    assert lines[-1] == "" or lines[-1].startswith("status:")


def test_line_mode_explains_a_cruel_loss() -> None:
    """The line mode says which cells were certainly safe and why the nearest was."""
    session = cruel_loss(7)
    before = session.undo(0)
    out = io.StringIO()
    import sys

    real, sys.stdout = sys.stdout, out
    try:
        moves = "".join(f"r {m.pos[0]} {m.pos[1]}\n" for m in session.history.moves)
        main(["--line", "--mode", "cruel", "--seed", str(session.start.seed)], io.StringIO(moves))
    finally:
        sys.stdout = real
    assert before.live.status is Status.PLAYING
    assert "was a guess while" in out.getvalue()
    assert "certainly safe" in out.getvalue() and "The nearest:" in out.getvalue()


def test_console_marks_the_safe_cells_of_a_cruel_loss() -> None:
    """Full screen: the loss marks the certainly safe cells and says why the nearest was safe."""
    session = cruel_loss(7)
    before = session.undo(0)
    console = Console(before, session.history.moves[-1].pos).press(0)
    assert console.session.live.status is Status.LOST
    assert "was a guess while" in console.message and "U takes it back" in console.message
    assert Mark.SAFE in console.marks.values()


def test_console_says_a_forced_reveal_was_forced() -> None:
    """Full screen: a reveal with nothing certainly safe says it was forced."""
    said = []
    for seed in range(10):
        console = Console(Session.begin(mode_request(Mode.KIND), seed), (4, 4)).press(0)
        while not console.session.live.is_over():
            cell = logical_move(console.session.live)
            assert type(console.session.live.board.cells[cell]) is Hidden
            console = Console(console.session, cell).press(0)
            said.append(console.message)
    assert any("was forced, and it was safe" in message for message in said)


def test_rawvf_carries_the_mode_and_plays_back_the_same_game() -> None:
    """A cruel game's RAWVF names its mode, and its clicks on its board give the same game."""
    from game.community import rawvf
    from game.community.read import read_replay
    from game.community.watch import rawvf_text

    session = cruel_loss(7)
    text = rawvf_text(session)
    assert "\nMode: cruel\n" in text
    assert rawvf.read(text.encode(), "game.rawvf").mode is Mode.CRUEL
    replay = read_replay(text.encode(), "game.rawvf")
    assert str(replay.played.history.current) == str(session.live)
    density = rawvf.read(text.replace("Mode: cruel", "Mode: Density").encode(), "x")
    assert density.mode is Mode.CLASSIC  # Arbiter's modes, as converters write them
