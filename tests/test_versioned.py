"""The one entry check of every file a player loads: saved games, replays and records."""

from __future__ import annotations

import json

import pytest

import game.session.versioned
from game.session import Clock, Session, saved
from game.session.query import GameRequest
from game.session.records import Records, RecordsError
from game.session.saved import SavedGameError as RecordError
from game.session.versioned import (
    MAX_DEPTH,
    MAX_NUMBER,
    float_in_range,
    int_in_range,
    nesting_depth,
    read_versioned,
)
from helpers import history_of, random_start

READERS = [(saved.from_json, RecordError), (Records.from_json, RecordsError)]


def refuse_parsing(*_args: object, **_kwargs: object) -> object:
    raise AssertionError("the text reached the JSON parser")


class TestDepth:
    def test_nesting_depth_counts_brackets_outside_strings(self) -> None:
        """Arrays and objects count; brackets and escaped quotes inside strings do not."""
        assert nesting_depth('{"a": [1, {"b": []}]}') == 4
        assert nesting_depth('["[[[", "\\"[[[[", {"]": "{"}]') == 2
        assert nesting_depth("42") == 0

    def test_nesting_depth_needs_no_recursion(self) -> None:
        """A million levels are measured in one pass, far past any recursion limit."""
        assert nesting_depth("[" * 1_000_000 + "]" * 1_000_000) == 1_000_000

    @pytest.mark.parametrize(("reader", "error"), READERS)
    def test_deep_nesting_is_refused_before_parsing(
        self, reader: object, error: type[ValueError], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """20,000 levels of `[[[…]]]` (60 KB) never reach the parser, whose stack Pyodide
        overflows: every reader refuses them with a message that says why."""
        monkeypatch.setattr(game.session.versioned.json, "loads", refuse_parsing)
        text = "[" * 20_000 + "]" * 20_000
        with pytest.raises(error, match=f"nested more than {MAX_DEPTH} levels deep"):
            reader(text)  # type: ignore[operator]

    def test_deep_nesting_inside_an_object_is_refused_too(self) -> None:
        """Depth is refused wherever it hides, e.g. under a valid header."""
        text = '{"format": "pyminesweeper-records", "version": 1, "x": ' + "[" * 5000
        with pytest.raises(RecordsError, match="nested more than"):
            Records.from_json(text)

    def test_the_deepest_allowed_file_still_parses(self) -> None:
        """Nesting up to the limit reaches the usual checks (here: the format)."""
        text = '{"a": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
        with pytest.raises(RecordsError, match="its format is not"):
            read_versioned(text, "pyminesweeper-records", 1, "records file", RecordsError)
        assert nesting_depth(text) == MAX_DEPTH

    def test_real_files_are_far_below_the_limit(self) -> None:
        """Saved games and records nest a few levels: the limit never refuses a real file."""
        data = {"modes": {"expert": {"results": [[1, 2, 3]]}}, "moves": [["r", 1, 2, 3]]}
        assert nesting_depth(json.dumps(data)) * 4 <= MAX_DEPTH


def saved_game(**fields: str) -> str:
    """A real saved game's JSON with some fields' values replaced by raw JSON text."""
    history = history_of(random_start(9, 9, 10, seed=8), "r 4 4")
    session = Session(GameRequest(history.start.settings), history, times=(0,), clock=Clock(2100))
    text = saved.to_json(session)
    for name, raw in fields.items():
        text = text.replace(f'"{name}":{json.loads(text)[name]}', f'"{name}":{raw}')
    return text


def records_with(raw_best_rate: str) -> str:
    return (
        '{"format": "pyminesweeper-records", "version": 1, "daily_done": {}, "modes":'
        ' {"expert": {"played": 1, "won": 1, "streak": 1, "best_streak": 1, "best_ms": 1,'
        f' "best_rate": {raw_best_rate}, "results": []}}}}}}'
    )


class TestNumbers:
    @pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity"])
    def test_nan_and_infinities_are_refused(self, raw: str) -> None:
        """`json.loads` accepts these words by default; no file of ours may carry them."""
        with pytest.raises(RecordsError, match=f"{raw} is not a number"):
            Records.from_json(records_with(raw))
        with pytest.raises(RecordError, match=f"{raw} is not a number"):
            saved.from_json(saved_game(elapsed_ms=raw))

    @pytest.mark.parametrize("raw", ["1e400", "-1e400", "1e16", "-9007199254740993"])
    def test_floats_beyond_the_largest_number_are_refused(self, raw: str) -> None:
        """1e400 reads as infinity in Python: refused like the others, never a float inf."""
        with pytest.raises(RecordsError, match="is out of range"):
            Records.from_json(records_with(raw))

    @pytest.mark.parametrize("digits", [17, 400, 5000, 100_000])
    def test_huge_integers_are_refused_with_a_short_message(self, digits: int) -> None:
        """`elapsed_ms` of 10**400 kept a save from starting; 5,000 digits even escaped as a
        bare ValueError (Python's limit on int conversion). Both are refused by the reader's
        own error, quoting only the start of the number."""
        with pytest.raises(RecordError, match="is out of range") as error:
            saved.from_json(saved_game(elapsed_ms="9" * digits))
        assert len(str(error.value)) < 200

    def test_the_largest_number_is_read(self) -> None:
        """2**53, the largest integer JavaScript holds exactly, passes the entry check."""
        data = read_versioned(
            f'{{"format": "f", "version": 1, "n": {MAX_NUMBER}, "m": -{MAX_NUMBER}}}',
            "f",
            1,
            "test file",
            RecordsError,
        )
        assert (data["n"], data["m"]) == (2**53, -(2**53))


class TestRangeHelpers:
    def test_int_in_range_returns_the_value(self) -> None:
        """A whole number within the range comes back unchanged."""
        assert int_in_range(5, "'mines'", 0, 10, RecordError) == 5

    @pytest.mark.parametrize("value", [True, 5.0, "5", None, -1, 11, 10**20])
    def test_int_in_range_refuses_other_values(self, value: object) -> None:
        """Bools, floats, strings and values outside the range are refused, naming the range."""
        with pytest.raises(RecordError, match="'mines' must be a whole number from 0 to 10"):
            int_in_range(value, "'mines'", 0, 10, RecordError)

    def test_float_in_range_takes_ints_and_floats(self) -> None:
        """A rate may be written as 2 or 2.5."""
        assert float_in_range(2, "'rate'", 0, 3, RecordsError) == 2.0
        assert isinstance(float_in_range(2, "'rate'", 0, 3, RecordsError), float)
        assert float_in_range(2.5, "'rate'", 0, 3, RecordsError) == 2.5

    @pytest.mark.parametrize("value", [False, "2", float("nan"), float("inf"), -0.5, 3.5])
    def test_float_in_range_refuses_other_values(self, value: object) -> None:
        """NaN fails every comparison, so it can never slip through the range check."""
        with pytest.raises(RecordsError, match="'rate' must be a number from 0 to 3"):
            float_in_range(value, "'rate'", 0, 3, RecordsError)

    def test_long_values_are_quoted_short(self) -> None:
        """A 1 MB string in a number's place is echoed as an excerpt."""
        with pytest.raises(RecordError) as error:
            int_in_range("x" * 1_000_000, "'seed'", 0, 10, RecordError)
        assert len(str(error.value)) < 200
