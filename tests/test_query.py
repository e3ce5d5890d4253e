"""The page's URL parameters."""

from __future__ import annotations

from urllib.parse import parse_qs
from urllib.parse import quote as url_quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.settings import PRESETS, FirstClick, Settings
from game.session.query import DEFAULT, GameRequest, query_fields, quote, request_from_query


class TestQuery:
    def test_empty_query_is_the_default_game(self) -> None:
        """No parameters: a beginner game with a fresh seed each time."""
        assert request_from_query("") == (DEFAULT, None)
        assert DEFAULT.start(1).seed == 1 and DEFAULT.start(2).seed == 2

    @pytest.mark.parametrize(
        ("query", "expected"),
        [
            ("?preset=expert", GameRequest(PRESETS["expert"])),
            ("w=20&h=10&m=30", GameRequest(Settings(20, 10, 30))),
            ("preset=intermediate&m=50", GameRequest(Settings(16, 16, 50))),
            (
                "preset=expert&seed=7&first=safe",
                GameRequest(Settings(30, 16, 99, FirstClick.SAFE), 7),
            ),
        ],
    )
    def test_parameters(self, query: str, expected: GameRequest) -> None:
        """Presets, sizes, seeds and the first-click rule."""
        assert request_from_query(query) == (expected, None)

    def test_fixed_seed_is_kept_for_every_new_game(self) -> None:
        """A seed in the URL fixes the board, so a reset replays it."""
        request, _ = request_from_query("seed=9")
        assert request.start(1) == request.start(2)

    def test_layout(self) -> None:
        """`layout` rows joined by `/` give the mines and the size."""
        request, message = request_from_query("layout=..*/.../*..")
        assert message is None
        assert request.layout is not None
        assert request.layout.mines == {(2, 0), (0, 2)}
        assert request.start(5).layout == {(2, 0), (0, 2)}

    @pytest.mark.parametrize(
        ("query", "complaint"),
        [
            ("preset=huge", "unknown preset 'huge'"),
            ("w=0", "width 0 is out of range"),
            ("w=abc", "w='abc' is not a whole number"),
            ("seed=-1", "seed=-1 is out of range"),
            ("first=maybe", "unknown first-click rule"),
            ("layout=*x/..", "line 1, column 2"),
            ("layout=", "the layout has no rows"),
            ("daily=2026-02-30", "daily='2026-02-30' is not a date"),
            ("daily=2026-11-22&seed=4", "a daily board is fixed: remove seed"),
            ("daily=2026-11-22&preset=giant", "unknown preset 'giant'"),
        ],
    )
    def test_invalid_values_give_message_and_default(self, query: str, complaint: str) -> None:
        """Every invalid value is explained, and the default game is used."""
        request, message = request_from_query(query)
        assert request == DEFAULT
        assert message is not None and complaint in message

    def test_daily_board_is_the_same_for_everyone_that_day(self) -> None:
        """`daily` fixes the seed from the day and preset alone; other days and presets differ."""
        today, _ = request_from_query("preset=expert&daily=2026-11-22")
        again, _ = request_from_query("daily=2026-11-22&preset=expert")
        assert today == again and today.daily == "2026-11-22"
        assert today.start(1) == today.start(2)
        seeds = {
            request_from_query(q)[0].seed
            for q in ("preset=expert&daily=2026-11-23", "preset=beginner&daily=2026-11-22")
        }
        assert today.seed not in seeds and len(seeds) == 2

    @pytest.mark.parametrize(
        "request_",
        [
            GameRequest(PRESETS["expert"], 3),
            GameRequest(Settings(7, 5, 4, FirstClick.SAFE)),
            request_from_query("layout=..*/.../*..&seed=4")[0],
            GameRequest.for_day("intermediate", "2026-11-22"),
        ],
    )
    def test_query_round_trips(self, request_: GameRequest) -> None:
        """`to_query` gives a URL that asks for the same game."""
        assert request_from_query(request_.to_query()) == (request_, None)


class TestHostileValues:
    @pytest.mark.parametrize(
        "query",
        ["w=1_0", "w=１０", "h=٣", "m=%2B5", "seed=1_000", "seed=²", "w=0x10", "w=1e3", "w=5.0"],
    )
    def test_numbers_are_ascii_digits_only(self, query: str) -> None:
        """`int()` reads `1_0`, full-width and Arabic-Indic digits and signs: the URL does not."""
        request, message = request_from_query(query)
        assert request == DEFAULT
        assert message is not None and "is not a whole number" in message

    @pytest.mark.parametrize("name", ["w", "h", "m", "seed", "preset", "first", "noguess", "daily"])
    def test_a_huge_value_is_echoed_as_a_short_excerpt(self, name: str) -> None:
        """A 5,000-character value is quoted by its start only, so the message stays readable."""
        request, message = request_from_query(f"{name}={'9' * 5000}")
        assert request == DEFAULT
        assert message is not None and "99…" in message
        assert len(message) < 200, message

    def test_a_long_but_valid_number_is_refused_by_its_range(self) -> None:
        """Many digits are not an error of syntax: the range says what is allowed."""
        _, message = request_from_query("w=" + "0" * 30 + "9")
        assert message is None
        _, message = request_from_query("seed=" + "9" * 40)
        assert message is not None and "out of range" in message and len(message) < 200


URL_TEXT = st.text(st.sampled_from("ab=&+%?/*é 09AFfz\u00ff\u20ac"), max_size=30) | st.text()


class TestUrlText:
    """The page's own query parser and quoting, held to the standard library's."""

    @given(URL_TEXT)
    def test_fields_are_what_parse_qs_reads(self, text: str) -> None:
        assert query_fields(text) == parse_qs(text.removeprefix("?"), keep_blank_values=True)

    @given(URL_TEXT)
    def test_quote_is_urllib_quote(self, text: str) -> None:
        assert quote(text) == url_quote(text, safe="/")

    def test_a_broken_escape_is_kept_and_a_bad_byte_replaced(self) -> None:
        assert query_fields("a=%zz%4&b=%C3") == {"a": ["%zz%4"], "b": ["\ufffd"]}
