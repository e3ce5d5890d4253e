"""Saved games and replay files: round trips, and every corruption refused with a message."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.record import GameRecord, RecordError
from game.state import replay
from game.versioned import MAX_BYTES
from helpers import history_of, layout_start, random_start


def record() -> GameRecord:
    history = history_of(random_start(9, 9, 10, seed=8), "r 4 4", "f 0 0", "f 0 0")
    return GameRecord(
        history, (0, 900, 1500), elapsed_ms=2100, explosions=1, assisted=True, counted=True
    )


class TestRoundTrip:
    def test_random_game(self) -> None:
        """A record read back equals the one written, down to the state."""
        original = record()
        again = GameRecord.from_json(original.to_json())
        assert again == original
        assert again.history.current == original.history.current

    def test_records_saved_before_counted_existed_still_load(self) -> None:
        """`counted` is optional: older saves load as not yet counted."""
        data = json.loads(record().to_json())
        del data["counted"]
        assert GameRecord.from_json(json.dumps(data)).counted is False

    def test_layout_game(self) -> None:
        """Layouts are stored as rows and come back as the same mines."""
        history = history_of(layout_start("*..", "..*"), "r 0 1")
        original = GameRecord(history, (0,))
        assert GameRecord.from_json(original.to_json()) == original

    @given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.booleans()), max_size=30))
    def test_any_legal_game_round_trips(self, clicks: list[tuple[int, int, bool]]) -> None:
        """Whatever legal moves were made, the record rebuilds the same game."""
        from game.events import CellOpened, FlagToggled
        from game.history import History
        from game.state import problem

        history = History(random_start(9, 9, 10, seed=3))
        for x, y, flag in clicks:
            move = FlagToggled((x, y)) if flag else CellOpened((x, y))
            if problem(history.current, move) is None:
                history = history.then(move)
        original = GameRecord(history, tuple(range(len(history))))
        assert GameRecord.from_json(original.to_json()).history.current == history.current


def corrupt(change: str) -> str:
    data = json.loads(record().to_json())
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
            (corrupt("d['settings']['width'] = 0"), "width 0 is out of range"),
            (corrupt("d['settings']['mines'] = 'ten'"), "'mines' must be int"),
            (corrupt("d['settings']['first_click'] = 'x'"), "unknown first-click rule"),
            (corrupt("d['seed'] = -4"), "'seed' must not be negative"),
            (corrupt("d['seed'] = True"), "'seed' must be int"),
            (corrupt("d['moves'] = {}"), "'moves' must be list"),
            (corrupt("d['moves'][1] = ['z', 0, 0, 5]"), "move 2 must be"),
            (corrupt("d['moves'][1] = ['f', 0, 0]"), "move 2 must be"),
            (corrupt("d['moves'][1][1] = 40"), "move 2 (f 40 0) does not fit the game"),
            (corrupt("d['moves'].append(['r', 4, 4, 2000])"), "already revealed"),
            (corrupt("d['moves'][2][3] = 1"), "timed before"),
            (corrupt("d['layout'] = ['*.', '..']"), "does not match the size"),
            (corrupt("d['layout'] = 'rows'"), "'layout' must be a list"),
            (corrupt("d['elapsed_ms'] = -1"), "must not be negative"),
            (corrupt("d['assisted'] = 'yes'"), "'assisted' must be bool"),
            (corrupt("d['counted'] = 1"), "'counted' must be bool"),
            ("x" * (MAX_BYTES + 1), "the file is too large"),
        ],
    )
    def test_corrupted_records(self, text: str, message: str) -> None:
        """Every kind of damage is refused with a message that says what is wrong."""
        with pytest.raises(RecordError) as error:
            GameRecord.from_json(text)
        assert message in str(error.value)

    @given(st.integers(0, 400), st.characters())
    def test_any_single_character_change_loads_or_is_refused_cleanly(
        self, index: int, char: str
    ) -> None:
        """Tampering never crashes the reader: it loads or raises RecordError."""
        text = record().to_json()
        index %= len(text)
        tampered = text[:index] + char + text[index + 1 :]
        try:
            loaded = GameRecord.from_json(tampered)
        except RecordError as error:
            assert str(error), "a refusal must say why"
        else:
            assert loaded.history.current == replay(loaded.history.start, loaded.history.moves)
