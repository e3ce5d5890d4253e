"""Saved games and replay files: round trips, migration, and every corruption refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.events import CellOpened, FlagToggled
from game.rules.history import History
from game.rules.seen import format_position
from game.rules.settings import PRESETS
from game.rules.state import fold
from game.session import Aid, Clock, Session, saved
from game.session.query import GameRequest
from game.session.saved import SavedGameError
from game.session.versioned import MAX_BYTES
from helpers import history_of, layout_start, played, random_start

DATA = Path(__file__).parent / "data"


def session() -> Session:
    history = history_of(random_start(9, 9, 10, seed=8), "r 4 4", "f 0 0", "f 0 0")
    return Session(
        GameRequest(PRESETS["beginner"]),
        history,
        times=(0, 900, 1500),
        clock=Clock(2100),
        aids=frozenset({Aid.UNDO, Aid.HINT}),
        explosions=1,
        counted=True,
    )


class TestRoundTrip:
    def test_random_game(self) -> None:
        """A saved game read back equals the one written, down to the state and the deal."""
        original = session()
        again = saved.from_json(saved.to_json(original))
        assert again == original
        assert again.live == original.live
        assert '["m",' in saved.to_json(original)

    def test_layout_game(self) -> None:
        """Layouts are stored as rows, come back as the same mines, and mark the game known."""
        history = history_of(layout_start("*..", "..*"), "r 0 1")
        original = Session.begin(GameRequest(history.start.settings), 0)
        original = Session(original.request, history, times=(0,))
        again = saved.from_json(saved.to_json(original))
        assert again.history == history
        assert Aid.KNOWN_LAYOUT in again.aids

    @given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.booleans()), max_size=30))
    def test_any_legal_game_round_trips(self, clicks: list[tuple[int, int, bool]]) -> None:
        """Whatever legal moves were made, the saved game rebuilds the same game."""
        from game.rules.state import problem

        history = History(random_start(9, 9, 10, seed=3))
        for x, y, flag in clicks:
            move = FlagToggled((x, y)) if flag else CellOpened((x, y))
            if problem(history.current.board, move) is None:
                history = played(history, move)
        original = Session(GameRequest(PRESETS["beginner"]), history, times=(0,) * len(history))
        assert saved.from_json(saved.to_json(original)).live == history.current


class TestVersionOne:
    """Files written by version 1 (before the deal was an event) still open."""

    @pytest.mark.parametrize("name", ["expert", "noguess-won", "daily-safe", "layout"])
    def test_files_written_by_version_one_open_as_they_were(self, name: str) -> None:
        """The position each file showed under version 1 is the position it shows now."""
        expected = json.loads((DATA / "saved-v1-positions.json").read_text())[name]
        loaded = saved.from_json((DATA / f"saved-v1-{name}.json").read_text())
        assert format_position(loaded.live.board) == expected
        assert any(type(e).__name__ == "MinesLaid" for e in loaded.history.events) or (
            loaded.start.layout is not None
        )
        again = saved.from_json(saved.to_json(loaded))
        assert again.history == loaded.history

    def test_assisted_games_keep_an_aid(self) -> None:
        """Version 1 kept only 'assisted': such a game stays assisted, for reasons unknown."""
        loaded = saved.from_json((DATA / "saved-v1-noguess-won.json").read_text())
        assert loaded.aids == {Aid.EARLIER}
        assert loaded.counted


def corrupt(change: str) -> str:
    data = json.loads(saved.to_json(session()))
    exec(change, {"d": data})
    return json.dumps(data)


class TestRefused:
    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("not json", "this is not JSON"),
            ("[1, 2]", "expected a JSON object"),
            ('{"format": "other"}', "its format is not"),
            ("[" * 100_000, "nested more than 20 levels deep"),
            (corrupt("d['version'] = 0"), "version 0 is not supported"),
            (corrupt("d['version'] = 2.0"), "version 2.0 is not supported"),
            (corrupt("d['settings']['width'] = 0"), "width 0 is out of range"),
            (corrupt("d['settings']['mines'] = 'ten'"), "'mines' must be a whole number"),
            (corrupt("d['settings']['first_click'] = 'x'"), "unknown first-click rule"),
            (corrupt("d['seed'] = -4"), "'seed' must be a whole number from 0 to"),
            (corrupt("d['seed'] = 10**400"), "is out of range"),
            (corrupt("d['seed'] = True"), "'seed' must be a whole number"),
            (corrupt("d['events'] = {}"), "'events' must be list"),
            (corrupt("d['events'][2] = ['z', 0, 0, 5]"), "move 2 must be"),
            (corrupt("d['events'][2] = ['f', 0, 0]"), "move 2 must be"),
            (corrupt("d['events'][2][1] = 40"), "move 2 (f 40 0) does not fit the game"),
            (corrupt("d['events'].append(['r', 4, 4, 2000])"), "already revealed"),
            (corrupt("d['events'][3][3] = 1"), "timed before"),
            (corrupt("d['events'][2][3] = 10**12"), "timed at"),
            (corrupt("d['events'].insert(0, d['events'][0])"), "lays mines on a board whose"),
            (corrupt("d['events'].pop(0)"), "reveals a cell before the mines are laid"),
            (corrupt("d['events'][0][1] = ['*.', '..']"), "does not match the size"),
            (corrupt("d['events'][0] = ['m']"), 'must be ["m", rows]'),
            (corrupt("d['layout'] = ['*.', '..']"), "does not match the size"),
            (corrupt("d['layout'] = 'rows'"), "'layout' must be a list"),
            (corrupt("d['start_cell'] = [9, 0]"), "'start_cell' must be [x, y] on the board"),
            (corrupt("d['elapsed_ms'] = -1"), "'elapsed_ms' must be a whole number from 0"),
            (corrupt("d['elapsed_ms'] = 10"), "less than the last move's time"),
            (corrupt("d['aids'] = ['magic']"), "'aids' must name aids"),
            (corrupt("d['counted'] = 1"), "'counted' must be bool"),
            (corrupt("d['request'] = 'preset=expert'"), "'request' does not ask for this game"),
            ("x" * (MAX_BYTES + 1), "the file is too large"),
        ],
    )
    def test_corrupted_files(self, text: str, message: str) -> None:
        """Every kind of damage is refused with a message that says what is wrong."""
        with pytest.raises(SavedGameError) as error:
            saved.from_json(text)
        assert message in str(error.value)

    @given(st.integers(0, 600), st.characters())
    def test_any_single_character_change_loads_or_is_refused_cleanly(
        self, index: int, char: str
    ) -> None:
        """Tampering never crashes the reader: it loads or raises SavedGameError."""
        text = saved.to_json(session())
        index %= len(text)
        tampered = text[:index] + char + text[index + 1 :]
        try:
            loaded = saved.from_json(tampered)
        except SavedGameError as error:
            assert str(error), "a refusal must say why"
        else:
            assert loaded.live == fold(loaded.start, loaded.history.events)
