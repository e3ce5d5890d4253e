"""The solver as a teacher in a terminal: `review FILE` and `explain FILE|-`."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.commands.solver import main
from game.commands.teacher import command
from game.community.read import read_replay
from helpers import run_module

EXPERT = Path(__file__).parent / "data" / "saved-v1-expert.json"


def test_review_prints_every_move_and_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """The replay's details, then one line per move with its verdict, then the figures of the
    game."""
    assert main(["review", str(EXPERT)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["player: unnamed", "program: pyminesweeper"]
    lines = lines[lines.index("") + 1 :]
    assert lines[0].split() == ["1", "r", "10", "7", "certain", "risk", "0.0%", "safest", "0.0%"]
    assert lines[1].split()[:5] == ["2", "f", "0", "0", "avoidable"]
    assert "solver r" in lines[1]
    assert lines[24].split()[0] == "25"
    assert (
        lines[26] == "25 moves: 23 certain, 0 guesses (as safe as the safest), 0 risky, 2 avoidable"
    )
    assert lines[-1] == "first needless risk: 2 (f 0 0, avoidable)"  # a risk, not a loss


def test_explain_reads_standard_input() -> None:
    """The best move as a command, the kind of reason, the words and the proof's cells."""
    done = run_module("game.solver", "explain", "-", stdin="4x2x2\nHHHH\n1211\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["move: r 3 0 (reveal: safe)", "reason: overlap"]
    assert lines[2].startswith("Row 1, column 4 is safe: the 2 at row 2, column 2")
    assert lines[3] == "proof: (2, 1) (1, 1)"


def test_explain_a_guess(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A guess says its risk."""
    position = tmp_path / "position.txt"
    position.write_text("2x2x1\nHH\nHH\n")
    assert main(["explain", str(position)]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        "move: r 0 0 (guess: 25.0% risk)",
        "reason: guess",
    ]


@pytest.mark.parametrize(
    ("command", "text", "message"),
    [
        ("explain", "2x1x1\n1Q\n", "error: line 2, column 2"),
        ("explain", "3x1x2\nF1FH\n", "error: line 2"),
        ("explain", "4x1x2\nF1FH\n", "error: impossible position: the 1 at (1, 0)"),
        ("explain", "2x1x1\n1F\n", "error: nothing to explain"),
        ("review", "{}", "error: {path}: this is not a saved game"),
        ("review", "not json", "error:"),
    ],
)
def test_bad_input_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str, message: str
) -> None:
    """A file that cannot be understood gives one `error:` line and exit status 2 (a
    replay's names the file)."""
    path = tmp_path / "input"
    path.write_text(text)
    assert main([command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(message.format(path=path))
    assert len(err.splitlines()) == 1


def test_a_missing_file_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    """A file that cannot be read says why."""
    assert main(["review", "no-such-file.json"]) == 2
    assert capsys.readouterr().err.startswith("error: cannot read no-such-file.json")


def test_bench_clicks_the_first_cell_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    """`--first-cell 2,2` opens there: the anchors' rule for beginner, counted from 0."""
    from dataclasses import replace

    from game.commands.solver import first_move
    from game.rules.board import Revealed
    from game.rules.settings import PRESETS, FirstClick

    argv = ["bench", "--preset", "beginner", "--games", "4", "--seed", "5", "--jobs", "1"]
    assert main([*argv, "--first-click", "opening", "--first-cell", "2,2"]) == 0
    out = capsys.readouterr().out
    assert "first click opening at (2, 2), seeds 5 to 8" in out
    settings = replace(PRESETS["beginner"], first_click=FirstClick.OPENING)
    for seed in range(5, 9):
        game = first_move(settings, seed, (2, 2))
        assert game.board.cells[(2, 2)] == Revealed(mine=False, count=0), (
            "an opening at the cell asked for"
        )
        assert first_move(settings, seed).board.cells[(3, 3)] == Revealed(mine=False, count=0)


@pytest.mark.parametrize("cell", ["9,0", "0,9", "a,b", "1", "-1,2"])
def test_bench_refuses_a_first_cell_off_the_board(
    cell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cell that is not on the preset's board is a usage error (exit 2), not a crash."""
    with pytest.raises(SystemExit) as exited:
        main(["bench", "--preset", "beginner", "--games", "1", "--first-cell", cell])
    assert exited.value.code == 2
    assert "--first-cell" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["custom-8x11.avf", "beginner-v3.evf", "expert.mvf"])
def test_review_reads_the_communitys_replays(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Any replay the game reads is reviewed move by move, its moves those of the clicks."""
    path = Path(__file__).parent / "data" / "replays" / name
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    moves = read_replay(path.read_bytes(), name).played.history.moves
    assert f"{len(moves)} moves:" in out
    lines = out.splitlines()
    assert lines[lines.index("") + 1].split()[1:4] == command(moves[0]).split()
