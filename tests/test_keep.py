"""The terminal's saved games: where they live, resuming, setting aside, never losing one."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.events import CellOpened
from game.rules.layout import Layout
from game.rules.settings import PRESETS
from game.session import Session
from game.session.query import GameRequest
from game.terminal.keep import CURRENT, SUSPENDED, Keeper, opening_game, state_folder, swap

LAYOUT = Layout.from_text("*..\n...\n..*\n")
BOARD = GameRequest(LAYOUT.settings(), layout=LAYOUT)
BEGINNER = GameRequest(PRESETS["beginner"])


def begun(request: GameRequest = BOARD, *cells: tuple[int, int]) -> Session:
    """A session on *request* with *cells* revealed, one second apart."""
    session = Session.begin(request, 7)
    for number, cell in enumerate(cells):
        session = session.make(CellOpened(cell), 1000 * number).session
    return session


class TestFolder:
    def test_xdg_state_home_is_used_when_absolute(self, tmp_path: Path) -> None:
        """`$XDG_STATE_HOME/pyminesweeper`, as the XDG base directory spec says."""
        env = {"XDG_STATE_HOME": str(tmp_path), "HOME": "/nowhere"}
        assert state_folder(env) == tmp_path / "pyminesweeper"

    @pytest.mark.parametrize("value", ["", "relative/path"])
    def test_otherwise_the_home_folders_local_state(self, value: str, tmp_path: Path) -> None:
        """Unset, empty or relative: `~/.local/state/pyminesweeper`."""
        env = {"XDG_STATE_HOME": value, "HOME": str(tmp_path)}
        assert state_folder(env) == tmp_path / ".local" / "state" / "pyminesweeper"


class TestFiles:
    def test_a_saved_game_comes_back_with_its_time(self, tmp_path: Path) -> None:
        """Saved paused at *now*, read back with the clock stopped at the time played."""
        keeper = Keeper(tmp_path / "state")
        session = begun(BOARD, (2, 0))
        assert keeper.save(session, 4500)
        back = keeper.load()
        assert back is not None
        assert back.history.events == session.history.events
        assert back.elapsed(99_999) == 4500

    def test_an_unreadable_save_is_set_aside_never_lost(self, tmp_path: Path) -> None:
        """A broken file is renamed with a timestamp, its bytes kept, and the player told."""
        keeper = Keeper(tmp_path)
        (tmp_path / CURRENT).write_bytes(b'{"format": "pyminesweeper-game", "version": 9}')
        assert keeper.load() is None
        kept = list(tmp_path.glob("game.unreadable-*.json"))
        assert len(kept) == 1
        assert kept[0].read_bytes().startswith(b'{"format"')
        notice = keeper.take_notices()
        assert notice.startswith("The saved game could not be read (")
        assert str(kept[0]) in notice
        assert keeper.take_notices() == ""

    def test_bytes_that_are_not_text_are_set_aside_too(self, tmp_path: Path) -> None:
        """Invalid UTF-8 is a file that cannot be read, not a crash."""
        keeper = Keeper(tmp_path)
        (tmp_path / CURRENT).write_bytes(b"\xff\xfe")
        (tmp_path / "game.unreadable-x.json").write_bytes(b"older")
        assert keeper.load() is None
        assert "not UTF-8 text" in keeper.take_notices()
        assert len(list(tmp_path.glob("game.unreadable-*.json"))) == 2

    def test_a_folder_that_cannot_be_written_gives_a_notice(self, tmp_path: Path) -> None:
        """Saving into a path under a file fails with a notice, once, and no exception."""
        (tmp_path / "file").write_text("")
        keeper = Keeper(tmp_path / "file" / "state")
        assert not keeper.save(begun(), 0)
        assert not keeper.save(begun(), 0)
        assert keeper.take_notices().count("Could not save the game") == 1


class TestOpeningGame:
    def test_a_start_without_options_resumes_the_unfinished_game(self, tmp_path: Path) -> None:
        """The saved game comes back, its clock running again from *now*."""
        keeper = Keeper(tmp_path)
        keeper.save(begun(BOARD, (2, 0)), 3000)
        session, notice = opening_game(keeper, BEGINNER, 1, chosen=False, seeded=False, now=10)
        assert session.start.layout == LAYOUT.mines and len(session.history) == 1
        assert notice == "Welcome back: your game was restored (1 move)."
        assert session.elapsed(1010) == 4000

    def test_a_finished_game_gives_a_new_game_of_its_kind(self, tmp_path: Path) -> None:
        """Without options, after a finished game, the next one has the same settings."""
        keeper = Keeper(tmp_path)
        keeper.save(begun(BOARD, (0, 0)), 0)
        saved = keeper.load()
        assert saved is not None and saved.live.is_over()
        session, notice = opening_game(keeper, BEGINNER, 1, chosen=False, seeded=False, now=0)
        assert session.request == BOARD and not len(session.history)
        assert notice == ""

    def test_options_for_the_same_game_resume_it(self, tmp_path: Path) -> None:
        """`--layout` of the saved game's board resumes it; a seed asks for a fresh one."""
        keeper = Keeper(tmp_path)
        keeper.save(begun(BOARD, (2, 0)), 0)
        session, _ = opening_game(keeper, BOARD, 1, chosen=True, seeded=False, now=0)
        assert len(session.history) == 1
        beginner = Keeper(tmp_path / "b")
        beginner.save(begun(BEGINNER, (4, 4)), 0)
        session, _ = opening_game(beginner, BEGINNER, 3, chosen=True, seeded=True, now=0)
        assert session.start.seed == 3 and not len(session.history)

    def test_options_for_another_game_set_the_unfinished_one_aside(self, tmp_path: Path) -> None:
        """The saved game waits in suspended.json, and R (swap) brings it back."""
        keeper = Keeper(tmp_path)
        keeper.save(begun(BOARD, (2, 0)), 0)
        session, notice = opening_game(keeper, BEGINNER, 1, chosen=True, seeded=False, now=0)
        assert session.start.settings == PRESETS["beginner"]
        assert notice == "Your unfinished game was set aside: R brings it back."
        assert keeper.has(SUSPENDED)
        played = session.make(CellOpened((4, 4)), 0).session
        back = swap(keeper, played, 0)
        assert back is not None and back.session.start.layout == LAYOUT.mines
        assert back.set_aside is not None and back.set_aside.history == played.history
        waiting = keeper.load(SUSPENDED)
        assert waiting is not None and waiting.start.settings == PRESETS["beginner"]

    def test_swapping_with_a_fresh_game_leaves_nothing_aside(self, tmp_path: Path) -> None:
        """A game without moves is not worth keeping: resuming removes the file."""
        keeper = Keeper(tmp_path)
        keeper.save(begun(BOARD, (2, 0)), 0, SUSPENDED)
        assert swap(keeper, begun(BEGINNER), 0) is not None
        assert not keeper.has(SUSPENDED)
        assert swap(keeper, begun(BEGINNER), 0) is None
