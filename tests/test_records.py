"""Records and statistics: counters, streaks, best times, the daily boards, files, and charts."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.page.charts import MAX_BINS, histogram, histogram_svg, trend, trend_svg
from game.rules.settings import PRESETS, Settings
from game.session.records import (
    KEEP_RESULTS,
    MAX_3BV,
    MAX_CLICKS,
    MAX_RATE,
    ModeRecord,
    Records,
    RecordsError,
    Result,
    mode_key,
    mode_label,
)
from game.session.versioned import MAX_MS


def result(won: bool = True, ms: int = 10_000, *, assisted: bool = False, bv: int = 20) -> Result:
    return Result(won, ms, bv, bv + 5, bv, assisted, "2026-11-22")


results = st.builds(
    Result,
    st.booleans(),
    st.integers(0, 10**7),
    st.integers(1, 999),
    st.integers(0, 999),
    st.integers(0, 999),
    st.booleans(),
    st.just("2026-11-22"),
)


class TestModeRecord:
    def test_counters_streaks_and_bests(self) -> None:
        """Wins and losses move the counters; streaks reset on a loss; bests keep the best."""
        record = ModeRecord()
        for r in (result(ms=30_000), result(ms=20_000), result(False), result(ms=25_000)):
            record = record.add(r)
        assert (record.played, record.won, record.streak, record.best_streak) == (4, 3, 1, 2)
        assert record.best_ms == 20_000
        assert record.best_rate == pytest.approx(1.0)
        assert record.win_rate == pytest.approx(0.75)

    def test_assisted_wins_count_but_never_as_best(self) -> None:
        """An assisted win is played and won, in the streak, but not a best time or rate."""
        record = ModeRecord().add(result(ms=40_000)).add(result(ms=1_000, assisted=True))
        assert (record.played, record.won, record.streak) == (2, 2, 2)
        assert record.best_ms == 40_000
        assert record.winning_times() == [40_000]

    def test_only_the_latest_results_are_kept(self) -> None:
        """The counters cover every game; the kept results are the latest ones."""
        record = ModeRecord()
        for i in range(KEEP_RESULTS + 3):
            record = record.add(result(ms=1000 + i))
        assert record.played == KEEP_RESULTS + 3
        assert len(record.results) == KEEP_RESULTS
        assert record.results[-1].ms == 1000 + KEEP_RESULTS + 2

    @given(st.lists(results, max_size=40))
    def test_counters_agree_with_the_results(self, games: list[Result]) -> None:
        """Won, best streak and best time always match a recount of the games."""
        record = ModeRecord()
        for r in games:
            record = record.add(r)
        assert record.won == sum(r.won for r in games)
        runs = "".join("w" if r.won else "l" for r in games).split("l")
        assert record.best_streak == max(map(len, runs))
        fair = [r.ms for r in games if r.won and not r.assisted]
        assert record.best_ms == (min(fair) if fair else None)


class TestRecords:
    def test_modes_are_kept_apart_and_reset_one_at_a_time(self) -> None:
        """Each preset, custom size and daily board has its own record; reset clears one."""
        records = Records().add("expert", result()).add("beginner", result(False))
        records = records.add("daily-expert", result(), daily="2026-11-22")
        assert records.get("expert").won == 1 and records.get("beginner").won == 0
        assert records.is_daily_done("expert", "2026-11-22")
        assert not records.is_daily_done("expert", "2026-11-23")
        assert not records.is_daily_done("beginner", "2026-11-22")
        cleared = records.reset("daily-expert")
        assert cleared.get("daily-expert").played == 0
        assert not cleared.is_daily_done("expert", "2026-11-22")
        assert cleared.get("expert").played == 1

    @given(st.lists(st.tuples(st.sampled_from(["expert", "9x9-5-safe"]), results), max_size=20))
    def test_any_records_round_trip(self, games: list[tuple[str, Result]]) -> None:
        """What is written reads back equal."""
        records = Records()
        for mode, r in games:
            records = records.add(mode, r)
        assert Records.from_json(records.to_json()) == records

    def test_mode_keys_and_labels(self) -> None:
        """Presets by name, custom sizes by size and mines; labels for the panel."""
        assert mode_key(PRESETS["beginner"]) == "beginner"
        assert mode_key(Settings(30, 16, 99), daily=True) == "daily-expert"
        assert mode_key(Settings(9, 9, 10, PRESETS["beginner"].first_click)) == "beginner"
        assert mode_key(Settings(12, 7, 9)) == "12x7-9"
        assert mode_label("12x7-9") == "Custom 12×7, 9 mines"
        assert mode_label("expert-portrait") == "Expert portrait"


def corrupt(change: str) -> str:
    data = json.loads(Records().add("expert", result()).to_json())
    exec(change, {"d": data})
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "this is not JSON"),
        ('{"format": "pyminesweeper-game", "version": 1}', "its format is not"),
        (corrupt("d['version'] = 3"), "version 3 is not supported"),
        (corrupt("d['modes'] = []"), "'modes' must be dict"),
        (corrupt("d['modes']['moon'] = d['modes']['expert']"), "is not a preset"),
        (corrupt("d['modes']['expert']['won'] = 5"), "do not add up"),
        (corrupt("d['modes']['expert']['played'] = -1"), "'played' must be a whole number from 0"),
        (corrupt("d['modes']['expert']['best_rate'] = 'fast'"), "'best_rate' must be a number"),
        (corrupt("d['modes']['expert']['results'][0][6] = 'today'"), "result 1 must be"),
        (corrupt("d['modes']['expert']['results'][0][0] = 2"), "result 1 must be"),
        (corrupt("d['modes']['expert']['results'] *= 2"), "more results than games"),
        (corrupt("d['daily_done'] = {'expert': ['2026-02-30']}"), "list of YYYY-MM-DD"),
        (corrupt("d['daily_done'] = {'9x9-1': []}"), "only for the presets"),
    ],
)
def test_damaged_records_are_refused_with_a_reason(text: str, message: str) -> None:
    """Every kind of damage is refused with a message that says what is wrong."""
    with pytest.raises(RecordsError) as error:
        Records.from_json(text)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("['best_ms'] = 10**15", "'best_ms' must be a whole number from 0 to 604,800,000"),
        ("['best_rate'] = 1e12", "'best_rate' must be a number from 0 to 10,000,000"),
        ("['played'] = 10**15", "'played' must be a whole number from 0 to 1,000,000,000"),
        ("['results'][0][1] = 4 * 10**10", "result 1: its time must be a whole number from 0"),
        ("['results'][0][2] = 10**6", "result 1: its 3BV must be a whole number from 0 to 10,000"),
        ("['results'][0][3] = 10**12", "result 1: its clicks must be a whole number from 0"),
        (
            "['results'][0][4] = 10**3",
            "result 1: its useful clicks must be a whole number from 0 to",
        ),
    ],
)
def test_absurd_numbers_are_refused_with_their_range(change: str, message: str) -> None:
    """A time, 3BV, rate or counter beyond what any real game produces breaks the panel
    (11,000 histogram bins): each is refused, saying the range."""
    with pytest.raises(RecordsError) as error:
        Records.from_json(corrupt(f"d['modes']['expert']{change}"))
    assert message in str(error.value)


class TestLimits:
    def test_limits_follow_from_real_games(self) -> None:
        """3BV is at most the cells of the largest board; the best rate follows from it."""
        assert MAX_3BV == 100 * 100
        assert MAX_RATE == MAX_3BV * 1000
        assert MAX_MS == 7 * 24 * 3600 * 1000

    def test_a_result_beyond_the_limits_is_kept_within_them(self) -> None:
        """What the page records is always readable again: a game left open for a month
        counts as a week, and useful clicks never exceed the clicks."""
        odd = Result(True, 30 * 24 * 3600 * 1000, 20, 10**9, 10**9 + 5, False, "2026-11-22")
        records = Records().add("expert", odd)
        kept = records.get("expert").results[0]
        assert (kept.ms, kept.clicks, kept.useful) == (MAX_MS, MAX_CLICKS, MAX_CLICKS)
        assert records.get("expert").best_ms == MAX_MS
        assert Records.from_json(records.to_json()) == records

    def test_nan_is_never_written(self) -> None:
        """Records holding NaN (which no reader accepts) refuse to be written at all."""
        records = Records({"expert": ModeRecord(1, 1, 1, 1, 1000, float("nan"))})
        with pytest.raises(ValueError, match="not JSON compliant"):
            records.to_json()


class TestCharts:
    def test_histogram_bars_hold_every_win(self) -> None:
        """One bar per bin, empty bins included, counts summing to the wins."""
        times = [9_000, 12_000, 14_500, 41_000]
        bins = histogram(times)
        assert sum(n for _, _, n in bins) == 4
        assert [low for low, _, _ in bins] == list(range(5, 45, 5))
        svg = histogram_svg(times)
        counts = [int(n) for n in re.findall(r'data-count="(\d+)"', svg)]
        assert counts == [n for _, _, n in bins]

    def test_trend_shows_the_last_fifty_games(self) -> None:
        """Wins become dots at their 3BV/s, losses crosses; older games drop out."""
        games = [result(i % 3 != 0, ms=10_000 + i) for i in range(60)]
        assert len(trend(games)) == 50
        svg = trend_svg(games)
        assert svg.count('class="win"') + svg.count('class="loss"') == 50
        rates = re.findall(r'data-rate="([\d.]+)"', svg)
        assert rates[-1] == f"{games[-1].rate:.2f}"

    @pytest.mark.parametrize("far", [4 * 10**10, 10**12, 10**400])
    def test_the_histogram_never_draws_more_than_its_bins(self, far: int) -> None:
        """One win of 4x10^10 ms beside a normal one drew 11,000 bars and froze the page;
        whatever the times, the bins stay at most `MAX_BINS` and hold every win."""
        bins = histogram([12_000, 30_000, far])
        assert len(bins) <= MAX_BINS
        assert sum(n for _, _, n in bins) == 3
        assert histogram_svg([12_000, far]).count("<rect") <= MAX_BINS

    def test_empty_charts_say_so(self) -> None:
        """With nothing to draw, the charts say why instead of drawing empty axes."""
        assert "No unassisted wins yet" in histogram_svg([])
        assert "No games yet" in trend_svg([])


class TestCount:
    """Counting a finished game: once per daily board, and a best only against a best."""

    WIN = Result(True, 5000, 10, 12, 12, False, "2026-11-22")

    def test_a_daily_board_counts_once_a_day(self) -> None:
        """The same day's board played again leaves the records as they were."""
        records, _ = Records().count("daily-expert", self.WIN, "2026-11-22")
        again, best = records.count("daily-expert", self.WIN, "2026-11-22")
        assert again is records and not best
        assert records.get("daily-expert").played == 1

    def test_a_faster_unassisted_win_is_a_new_best(self) -> None:
        """A best needs a best to beat; assisted wins never set one."""
        records, best = Records().count("expert", self.WIN)
        assert not best
        faster = Result(True, 4000, 10, 12, 12, False, "2026-11-22")
        assert records.count("expert", faster)[1]
        helped = Result(True, 3000, 10, 12, 12, True, "2026-11-22")
        assert not records.count("expert", helped)[1]


class TestNoFlag:
    """No-flag (NF) bests are kept apart: an NF win counts for both bests, others for one."""

    def test_an_nf_win_counts_for_the_best_and_the_nf_best(self) -> None:
        flagged = Result(True, 5000, 10, 12, 12, False, "2026-11-22")
        records, _ = Records().count("expert", flagged)
        assert records.get("expert").best_nf_ms is None
        nf = replace(flagged, ms=6000, nf=True)
        records, bests = records.count("expert", nf)
        record = records.get("expert")
        assert (record.best_ms, record.best_nf_ms) == (5000, 6000) and bests == frozenset()
        faster = replace(nf, ms=4000)
        records, bests = records.count("expert", faster)
        assert bests == {"time", "nf"}
        record = records.get("expert")
        assert (record.best_ms, record.best_nf_ms) == (4000, 4000)
        assert record.best_nf_rate == pytest.approx(2.5)
        slower_nf = replace(nf, ms=4500)
        assert records.count("expert", replace(slower_nf, ms=3900, assisted=True))[1] == set()
        assert Records.from_json(records.to_json()) == records

    def test_records_of_version_1_still_load_and_keep_everything(self) -> None:
        """Records saved before NF was kept load as they were, with no NF best yet."""
        old = json.dumps(
            {
                "format": "pyminesweeper-records",
                "version": 1,
                "modes": {
                    "expert": {
                        "played": 2, "won": 1, "streak": 0, "best_streak": 1,
                        "best_ms": 98123, "best_rate": 1.91,
                        "results": [[1, 98123, 187, 240, 201, 0, "2026-11-22"],
                                    [0, 5000, 10, 20, 10, 1, "2026-11-23"]],
                    }
                },
                "daily_done": {"expert": ["2026-11-22"]},
            }
        )  # fmt: skip
        records = Records.from_json(old)
        record = records.get("expert")
        assert (record.played, record.best_ms, record.best_rate) == (2, 98123, 1.91)
        assert (record.best_nf_ms, record.best_nf_rate) == (None, None)
        assert [r.nf for r in record.results] == [False, False]
        assert records.is_daily_done("expert", "2026-11-22")
        again = Records.from_json(records.to_json())
        assert again == records and json.loads(records.to_json())["version"] == 2

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ("d['modes']['expert']['results'][0].append(0)", "result 1 must be"),
            ("d['modes']['expert']['best_nf_ms'] = 1", "NF bests came with version 2"),
        ],
    )
    def test_version_1_with_the_fields_of_2_is_refused(self, change: str, message: str) -> None:
        text = corrupt(f"d['version'] = 1; d['modes']['expert']['results'][0].pop(); {change}")
        with pytest.raises(RecordsError) as error:
            Records.from_json(text)
        assert message in str(error.value)

    def test_a_version_2_result_without_its_nf_is_refused(self) -> None:
        with pytest.raises(RecordsError, match="result 1 must be"):
            Records.from_json(corrupt("d['modes']['expert']['results'][0].pop()"))
