"""The terminal game, driven as a script would drive it: `python -m game` over stdin."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.terminal.cli import draw_board
from helpers import ROOT, layout_game, run_module


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the terminal game with *args*, feeding *stdin*."""
    return run_module("game", *args, stdin=stdin)


def blocks(stdout: str) -> list[list[str]]:
    """Split plain output into its printed positions (each ends with an empty line)."""
    kept = "\n".join(line for line in stdout.split("\n") if not line.startswith("error:"))
    return [b.splitlines() for b in kept.split("\n\n") if b.strip()]


@pytest.fixture
def layout_file(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text("*..\n...\n..*\n")
    return path


class TestPlain:
    def test_start_shows_ready_board(self) -> None:
        """Before any command it prints the hidden board and the ready status."""
        result = run("--plain", "--preset", "beginner", "--seed", "1")
        assert result.returncode == 0
        assert blocks(result.stdout) == [["9x9x10", *["H" * 9] * 9, "status: ready mines-left: 10"]]

    def test_full_game_won(self, layout_file: Path) -> None:
        """A layout game played to a win prints each position and the final flags."""
        result = run("--plain", "--layout", str(layout_file), stdin="r 2 0\nr 0 2\n")
        assert result.returncode == 0
        assert "error:" not in result.stdout
        *_, last = blocks(result.stdout)
        assert last == ["3x3x2", "F10", "121", "01F", "status: won mines-left: 0"]

    def test_full_game_lost(self, layout_file: Path) -> None:
        """Revealing a mine loses and shows every mine."""
        result = run("--plain", "--layout", str(layout_file), stdin="r 1 0\nf 1 1\nr 0 0\n")
        *_, last = blocks(result.stdout)
        assert last == ["3x3x2", "!1H", "HXH", "HH*", "status: lost mines-left: 1"]

    def test_errors_print_one_line_and_change_nothing(self, layout_file: Path) -> None:
        """Bad commands print one error line each and the game goes on."""
        stdin = "r 1 0\nbogus\nr 5 5\nr 1\nr a b\nr 1 0\n\nf 2 0\n"
        result = run("--plain", "--layout", str(layout_file), stdin=stdin)
        lines = result.stdout.splitlines()
        errors = [line for line in lines if line.startswith("error:")]
        assert len(errors) == 5
        assert "off the board" in errors[1]
        assert "already revealed" in errors[4]
        *_, last = blocks(result.stdout)
        assert last == ["3x3x2", "H1F", "HHH", "HHH", "status: playing mines-left: 1"]

    def test_quit_stops_reading(self, layout_file: Path) -> None:
        """`q` ends the game with status 0 and ignores what follows."""
        result = run("--plain", "--layout", str(layout_file), stdin="q\nr 1 0\n")
        assert result.returncode == 0
        assert len(blocks(result.stdout)) == 1

    def test_seed_reproduces_the_game(self) -> None:
        """The same seed and moves print the same output."""
        args = ("--plain", "--preset", "expert", "--seed", "99")
        first = run(*args, stdin="r 3 3\n")
        assert first.stdout == run(*args, stdin="r 3 3\n").stdout
        assert "status: playing" in first.stdout

    def test_custom_size_and_safe_first_click(self) -> None:
        """Width, height, mines and the first-click rule are honoured."""
        result = run(
            "--plain",
            "--width",
            "5",
            "--height",
            "4",
            "--mines",
            "19",
            "--first-click",
            "safe",
            "--seed",
            "3",
            stdin="r 0 0\n",
        )
        *_, last = blocks(result.stdout)
        assert last[0] == "5x4x19"
        assert last[-1] == "status: won mines-left: 0"


class TestOptions:
    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--preset", "huge"], "invalid choice"),
            (["--width", "0"], "width 0 is out of range"),
            (["--mines", "81"], "mines 81 is out of range"),
            (["--width", "x"], "invalid int value"),
            (["--first-click", "lucky"], "invalid choice"),
            (["--layout", "no/such/file"], "cannot read the layout"),
            (["--bogus"], "unrecognized arguments"),
        ],
    )
    def test_bad_options_exit_2_with_error_line(self, args: list[str], message: str) -> None:
        """Each bad option exits 2 with an `error:` line that says what is wrong."""
        result = run(*args)
        assert result.returncode == 2
        assert result.stderr.startswith("error:")
        assert message in result.stderr

    def test_bad_layout_file_names_line_and_column(self, tmp_path: Path) -> None:
        """A malformed layout is reported with its line and column."""
        path = tmp_path / "bad.txt"
        path.write_text("*..\n.?.\n")
        result = run("--layout", str(path))
        assert result.returncode == 2
        assert "line 2, column 2" in result.stderr


class TestForPeople:
    def test_board_has_row_and_column_numbers_and_help(self, layout_file: Path) -> None:
        """The human mode prints help, numbered rows and columns, and the outcome."""
        result = run("--layout", str(layout_file), stdin="r 2 0\nh\nr 0 2\nr 1 1\n")
        assert result.returncode == 0
        assert "r X Y" in result.stdout
        assert "  0 1 2" in result.stdout
        assert "You won!" in result.stdout

    def test_wide_board_keeps_columns_aligned(self) -> None:
        """Two-digit columns get a tens line so every cell stays two characters wide."""
        result = run("--preset", "expert", "--seed", "5", stdin="")
        lines = result.stdout.splitlines()
        tens = next(line for line in lines if line.strip().startswith("1 1"))
        units = next(line for line in lines if line.strip().startswith("0 1 2 3"))
        row0 = next(line for line in lines if line.startswith(" 0 "))
        assert len(units) == len(row0)
        assert tens.index("1") == units.index("0", 20)


def test_ascii_terminal_gets_ascii_glyphs() -> None:
    """A terminal that cannot show '▪' gets '#' for hidden cells instead of a crash."""
    result = run_module("game", "--seed", "5", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    assert "0 # # # # # # # # #" in result.stdout


def test_hidden_cells_are_drawn_as_closed_tiles() -> None:
    """A hidden cell is a tile, never a dot or a blank that reads as an empty cell (issue 46)."""
    drawn = draw_board(layout_game("*..", "...", "..."), unicode=True)
    assert drawn.splitlines()[1:4] == ["0 ▪ ▪ ▪", "1 ▪ ▪ ▪", "2 ▪ ▪ ▪"]


def test_the_docs_say_what_plain_takes() -> None:
    """docs/playing.md says which line commands --plain refuses, as the game does (issue 46)."""
    docs = " ".join((ROOT / "docs" / "playing.md").read_text(encoding="utf-8").split())
    assert "With `--plain` only `r`, `f`, `c` and `q` are taken" in docs
    result = run("--plain", "--seed", "1", stdin="h\nn\n")
    assert "error: h is not available with --plain" in result.stdout
    assert "error: n is not available with --plain" in result.stdout


def run_bytes(*args: str, stdin: bytes, encoding: str) -> subprocess.CompletedProcess[bytes]:
    """Run the terminal game feeding raw bytes, its streams in *encoding* (strict, as under
    a UTF-8 locale such as en_US.UTF-8; C.UTF-8 would turn on surrogateescape)."""
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": encoding},
    )


class TestHostileInput:
    @pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
    def test_invalid_bytes_on_stdin_give_an_error_line(self, encoding: str) -> None:
        """Bytes that do not decode were a UnicodeDecodeError traceback and exit 1: now each
        such line is an `error:` line, and the game goes on."""
        stdin = b"r 0 0\n\xff\xfe\xc3\x28\nr \xc3\xa9 1\nf 8 8\n"
        result = run_bytes("--plain", "--seed", "1", stdin=stdin, encoding=encoding)
        assert result.returncode == 0, result.stderr.decode(errors="replace")
        assert result.stderr == b""
        errors = [line for line in result.stdout.splitlines() if line.startswith(b"error:")]
        assert len(errors) == 2
        assert b"mines-left: 9" in result.stdout.splitlines()[-2]

    def test_a_closed_output_pipe_ends_the_game_quietly(self) -> None:
        """`python -m game --plain | head -1`: once the reader is gone the game exits 141,
        as a Unix tool killed by SIGPIPE does (so `set -o pipefail` sees the cut), with
        no BrokenPipeError traceback."""
        with subprocess.Popen(
            [sys.executable, "-m", "game", "--plain", "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        ) as game:
            assert game.stdin is not None and game.stdout is not None
            assert game.stdout.readline() == b"9x9x10\n"
            game.stdout.close()
            _, stderr = game.communicate(b"f 0 0\n" * 1000, timeout=300)
        assert stderr == b""
        assert game.returncode == 141

    @pytest.mark.parametrize(
        "line", ["x" * 10_000_000, "r " + "9" * 10_000_000 + " 1", "r 1 " + "7" * 5000]
    )
    def test_a_huge_bad_line_is_echoed_as_a_short_excerpt(self, line: str) -> None:
        """A 10 MB bad command was echoed whole in a 10 MB `error:` line."""
        result = run("--plain", "--seed", "1", stdin=line + "\n")
        assert result.returncode == 0
        errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
        assert len(errors) == 1 and len(errors[0]) < 200, errors[0][:300]

    @pytest.mark.parametrize("numbers", ["1_0 2", "３ 4", "٣ 4", "+3 4"])
    def test_coordinates_are_ascii_digits_only(self, numbers: str) -> None:
        """As in the URL: `int()` would take `1_0`, a sign or full-width digits."""
        result = run("--plain", "--seed", "1", stdin=f"r {numbers}\n")
        assert result.stdout.count("error: x and y must be whole numbers") == 1


class TestIssue13Defects:
    """Issue 13, defect 12: the terminal's own words and the page's chord."""

    def test_hidden_cells_leave_out_the_flagged_ones(self, layout_file: Path) -> None:
        """'Hidden cells: 9' was printed with one of the nine cells flagged."""
        result = run("--layout", str(layout_file), stdin="f 0 0\n")
        last = [line for line in result.stdout.splitlines() if "Hidden cells" in line][-1]
        assert "Hidden cells: 8" in last
        assert "Flags: 1" in last

    def test_reveal_on_a_number_with_its_flags_placed_chords(self, layout_file: Path) -> None:
        """`r` on a revealed number said "already revealed" where the page would chord."""
        result = run("--line", "--layout", str(layout_file), stdin="r 1 0\nf 0 0\nr 1 0\n")
        assert "error:" not in result.stdout
        assert "Hidden cells: 3" in result.stdout.splitlines()[-1]

    def test_a_zero_chords_in_line_and_plain_modes(self, tmp_path: Path) -> None:
        """A cell left hidden beside a 0 by a flag since taken off opens by `r` on the 0
        in line mode (as the page takes a press) and by `c` in plain mode."""
        board = tmp_path / "zero.txt"
        board.write_text("*...\n....\n....\n")
        moves = "f 3 2\nr 3 0\nf 3 2\n"
        line = run("--line", "--layout", str(board), stdin=moves + "r 2 2\n")
        assert "error:" not in line.stdout
        assert "won" in line.stdout.lower()
        plain = run("--plain", "--layout", str(board), stdin=moves + "c 2 2\n")
        assert plain.stdout.strip().splitlines()[-1] == "status: won mines-left: 0"

    def test_plain_keeps_r_to_revealing(self, layout_file: Path) -> None:
        """With --plain each command keeps its one meaning (INTERFACES): `c` chords, `r` reveals."""
        result = run("--plain", "--layout", str(layout_file), stdin="r 1 0\nf 0 0\nr 1 0\n")
        assert "error: (1, 0) is already revealed" in result.stdout

    def test_reveal_on_a_number_that_cannot_chord_says_why(self, layout_file: Path) -> None:
        """Without its flags, `r` on a number changes nothing and says what is missing."""
        result = run("--line", "--layout", str(layout_file), stdin="r 1 0\nr 1 0\n")
        errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
        assert errors == [
            "error: (1, 0) is already revealed: it shows 1 but has 0 flagged neighbours,"
            " so it cannot chord"
        ]

    def test_unknown_command_names_every_command(self) -> None:
        """The error listed r, f, c and q but not n, which the game also takes."""
        result = run("--seed", "1", stdin="bogus\n")
        assert "use r, f, c, n or q (h for help)" in result.stdout

    def test_unknown_command_in_plain_mode_names_the_plain_commands(self) -> None:
        """With --plain, n and h are refused, so the error names only r, f, c and q."""
        result = run("--plain", "--seed", "1", stdin="bogus\n")
        assert "error: unknown command 'bogus': use r, f, c or q\n" in result.stdout
