"""The one entry check of every file a player loads: saved games, replays and records."""

from __future__ import annotations

import json

import pytest

import game.versioned
from game.record import GameRecord, RecordError
from game.records import Records, RecordsError
from game.versioned import MAX_DEPTH, nesting_depth, read_versioned

READERS = [(GameRecord.from_json, RecordError), (Records.from_json, RecordsError)]


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
        monkeypatch.setattr(game.versioned.json, "loads", refuse_parsing)
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
