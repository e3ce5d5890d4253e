"""A player's records: results per mode, streaks, best times, and the daily boards done.

Pure data, kept by the page in localStorage and exported as one JSON file.
Each mode (a preset, a custom size, or a preset's daily board) keeps its
counters and its most recent results; adding a result returns new records.
Assisted games (undo, rewind, hints, the solver, a known layout) count as
played and won, but never for best times. A game won without placing a flag
(no-flag play, NF) counts for the best times and for the NF best times, kept
apart as the community keeps them.

Schema (version 2; version 1, without the NF fields, still loads)::

    {"format": "pyminesweeper-records", "version": 2,
     "modes": {"expert": {"played": 12, "won": 4, "streak": 1, "best_streak": 2,
                          "best_ms": 98123, "best_rate": 1.91,
                          "best_nf_ms": 120456, "best_nf_rate": 1.52,
                          "results": [[1, 98123, 187, 240, 201, 0, "2026-11-22", 0], ...]}},
                          # won, ms, 3BV, clicks, useful clicks, assisted, day, NF
     "daily_done": {"expert": ["2026-11-21", "2026-11-22"]}}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from game.deal.daily import is_day
from game.rules.echo import shorten
from game.rules.settings import MAX_SIDE, PRESETS, FirstClick, Mode, Settings
from game.session.versioned import MAX_MS, float_in_range, int_in_range, read_versioned

FORMAT: Final = "pyminesweeper-records"
VERSION: Final = 2
VERSIONS: Final = (1, 2)
"""Every version read: version 1 is version 2 without its NF fields."""
KEEP_RESULTS: Final = 500
"""Results kept per mode for the charts (the counters cover every game ever)."""
KEEP_DAYS: Final = 400
"""Daily boards remembered as done, per preset."""
DAILY_PREFIX: Final = "daily-"
_CUSTOM_MODE: Final = re.compile(r"[1-9][0-9]{0,2}x[1-9][0-9]{0,2}-[0-9]{1,5}(-safe)?")
NO_GUESS_SUFFIX: Final = "-noguess"
MODE_SUFFIXES: Final = {Mode.NO_GUESS: NO_GUESS_SUFFIX, Mode.KIND: "-kind", Mode.CRUEL: "-cruel"}
"""How a records mode names the game's mode (`classic` adds nothing): kept apart per mode."""
_MODE_LABELS: Final = {NO_GUESS_SUFFIX: "no guessing", "-kind": "kind", "-cruel": "cruel"}


def _without_mode(name: str) -> tuple[str, str]:
    """Return a records mode without its game mode's suffix, and that suffix ("" if none)."""
    for suffix in MODE_SUFFIXES.values():
        if name.endswith(suffix):
            return name.removesuffix(suffix), suffix
    return name, ""


MAX_3BV: Final = MAX_SIDE * MAX_SIDE
"""3BV is at most the number of cells of the largest board."""
MAX_RATE: Final = MAX_3BV * 1000
"""The highest 3BV/s a time in whole milliseconds allows: the largest 3BV in 1 ms."""
MAX_CLICKS: Final = 1_000_000
"""Clicks in one game: far more than the moves a saved game can hold."""
MAX_GAMES: Final = 10**9
"""Games counted in one mode: one a second for thirty years."""


class RecordsError(ValueError):
    """Records that cannot be read; the message says what is wrong, for the player."""


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game, as the records keep it."""

    won: bool
    ms: int
    """Time played, in milliseconds."""
    three_bv: int
    clicks: int
    useful: int
    """Clicks that opened cells or left a flag on a mine."""
    assisted: bool
    """Help was used or the board was known: the game never counts for best times."""
    day: str
    """The date the game ended, as YYYY-MM-DD."""
    nf: bool = False
    """No flag was placed: no-flag play (NF)."""

    @property
    def rate(self) -> float:
        """3BV per second."""
        return self.three_bv * 1000 / self.ms if self.ms > 0 else 0.0

    def within_limits(self) -> Result:
        """Return this result with its figures cut to the ranges records are read back with.

        Only a game left running for over a week (`MAX_MS`) or an absurd click
        count is changed; so whatever the page records stays readable.
        """
        clicks = _clamp(self.clicks, MAX_CLICKS)
        return replace(
            self,
            ms=_clamp(self.ms, MAX_MS),
            three_bv=_clamp(self.three_bv, MAX_3BV),
            clicks=clicks,
            useful=_clamp(self.useful, clicks),
        )

    def to_list(self) -> list[Any]:
        """Return the compact form kept in storage."""
        return [
            int(self.won),
            self.ms,
            self.three_bv,
            self.clicks,
            self.useful,
            int(self.assisted),
            self.day,
            int(self.nf),
        ]


@dataclass(frozen=True, slots=True)
class ModeRecord:
    """The record of one mode: counters over every game, and the latest results."""

    played: int = 0
    won: int = 0
    streak: int = 0
    """Wins in a row up to the last game."""
    best_streak: int = 0
    best_ms: int | None = None
    """Fastest unassisted win."""
    best_rate: float | None = None
    """Highest 3BV/s of an unassisted win."""
    results: tuple[Result, ...] = ()
    """The latest `KEEP_RESULTS` games, oldest first."""
    best_nf_ms: int | None = None
    """Fastest unassisted win without a flag (NF)."""
    best_nf_rate: float | None = None
    """Highest 3BV/s of an unassisted win without a flag."""

    @property
    def win_rate(self) -> float:
        """Share of games won, 0 when none was played."""
        return self.won / self.played if self.played else 0.0

    def add(self, result: Result) -> ModeRecord:
        """Return the record with *result* counted, within its limits (`Result.within_limits`)."""
        result = result.within_limits()
        streak = self.streak + 1 if result.won else 0
        best_ms, best_rate = self.best_ms, self.best_rate
        best_nf_ms, best_nf_rate = self.best_nf_ms, self.best_nf_rate
        if result.won and not result.assisted:
            best_ms, best_rate = _bests(best_ms, best_rate, result)
            if result.nf:
                best_nf_ms, best_nf_rate = _bests(best_nf_ms, best_nf_rate, result)
        return ModeRecord(
            self.played + 1,
            self.won + result.won,
            streak,
            max(self.best_streak, streak),
            best_ms,
            best_rate,
            (*self.results, result)[-KEEP_RESULTS:],
            best_nf_ms,
            best_nf_rate,
        )

    def winning_times(self) -> list[int]:
        """Milliseconds of the kept unassisted wins, for the histogram."""
        return [r.ms for r in self.results if r.won and not r.assisted]


@dataclass(frozen=True, slots=True)
class Records:
    """Every mode's record and the daily boards done."""

    modes: Mapping[str, ModeRecord] = field(default_factory=dict)
    daily_done: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Per preset, the days whose daily board was played, oldest first."""

    def get(self, mode: str) -> ModeRecord:
        """Return the record of *mode* (empty if never played)."""
        return self.modes.get(mode, ModeRecord())

    def add(self, mode: str, result: Result, daily: str | None = None) -> Records:
        """Return the records with *result* counted in *mode* (and *daily*'s board marked done)."""
        modes = {**self.modes, mode: self.get(mode).add(result)}
        done = dict(self.daily_done)
        if daily is not None:
            name = mode.removeprefix(DAILY_PREFIX)
            done[name] = (*done.get(name, ()), daily)[-KEEP_DAYS:]
        return Records(modes, done)

    def count(
        self, mode: str, result: Result, daily: str | None = None
    ) -> tuple[Records, frozenset[str]]:
        """Return the records with a finished game counted, and the best times it set.

        The bests are named "time" (the best time) and "nf" (the best time without a
        flag); none when it set no best. A daily board counts once: played again the
        same day, nothing changes. A best time needs an earlier unassisted win to beat.
        """
        if daily is not None and self.is_daily_done(mode.removeprefix(DAILY_PREFIX), daily):
            return self, frozenset()
        record = self.get(mode)
        fair = result.won and not result.assisted
        bests = {
            name
            for name, before, counts in (
                ("time", record.best_ms, fair),
                ("nf", record.best_nf_ms, fair and result.nf),
            )
            if counts and before is not None and result.ms < before
        }
        return self.add(mode, result, daily), frozenset(bests)

    def is_daily_done(self, name: str, day: str) -> bool:
        """Whether the preset *name*'s board of *day* was played."""
        return day in self.daily_done.get(name, ())

    def reset(self, mode: str) -> Records:
        """Return the records without *mode*'s (a daily mode also forgets its days done)."""
        modes = {k: v for k, v in self.modes.items() if k != mode}
        done = {k: v for k, v in self.daily_done.items() if DAILY_PREFIX + k != mode}
        return Records(modes, done)

    def to_json(self) -> str:
        """Return the records as compact JSON text."""
        modes = {
            name: {
                "played": r.played,
                "won": r.won,
                "streak": r.streak,
                "best_streak": r.best_streak,
                "best_ms": r.best_ms,
                "best_rate": r.best_rate,
                "best_nf_ms": r.best_nf_ms,
                "best_nf_rate": r.best_nf_rate,
                "results": [result.to_list() for result in r.results],
            }
            for name, r in self.modes.items()
        }
        data = {
            "format": FORMAT,
            "version": VERSION,
            "modes": modes,
            "daily_done": {k: list(v) for k, v in self.daily_done.items()},
        }
        return json.dumps(data, separators=(",", ":"), allow_nan=False)

    @classmethod
    def from_json(cls, text: str) -> Records:
        """Read records, checking every field.

        :raises RecordsError: naming the first problem found.
        """
        data = read_versioned(text, FORMAT, VERSIONS, "records file", RecordsError)
        modes = _expect(data, "modes", dict, "records")
        done = _expect(data, "daily_done", dict, "records")
        nf = data["version"] >= 2
        return Records(
            {str(name): _mode(name, value, nf) for name, value in modes.items()},
            {str(name): _days(name, value) for name, value in done.items()},
        )


def _expect(data: Any, name: str, kind: type, where: str) -> Any:
    value = data.get(name) if isinstance(data, dict) else None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordsError(f"{where}: {name!r} must be {kind.__name__}, got {shorten(repr(value))}")
    return value


def _clamp(value: int, high: int) -> int:
    return min(max(value, 0), high)


def _bests(ms: int | None, rate: float | None, result: Result) -> tuple[int, float | None]:
    """Return the best time and 3BV/s *ms* and *rate* become with the win *result*."""
    if result.ms > 0:  # a one-click win has no meaningful rate
        rate = max(rate or 0.0, result.rate)
    return (result.ms if ms is None else min(ms, result.ms)), rate


def _mode(name: str, data: Any, nf: bool) -> ModeRecord:
    """Read a mode's record; *nf*: the version that keeps NF results and bests."""
    where = f"mode {shorten(repr(name))}"
    plain = _without_mode(name)[0]
    if plain.removeprefix(DAILY_PREFIX) not in PRESETS and not _CUSTOM_MODE.fullmatch(plain):
        raise RecordsError(f"{where} is not a preset, a daily board or a custom size")
    if not isinstance(data, dict):
        raise RecordsError(f"{where} must be an object")
    played, won, streak, best_streak = (
        int_in_range(data.get(key), f"{where}: {key!r}", 0, MAX_GAMES, RecordsError)
        for key in ("played", "won", "streak", "best_streak")
    )
    if not won <= played or not streak <= best_streak <= won:
        raise RecordsError(f"{where}: its counters do not add up")
    best_ms, best_nf_ms = (
        _best(data, where, key, int_in_range, MAX_MS) for key in ("best_ms", "best_nf_ms")
    )
    best_rate, best_nf_rate = (
        _best(data, where, key, float_in_range, MAX_RATE) for key in ("best_rate", "best_nf_rate")
    )
    if not nf and (best_nf_ms, best_nf_rate) != (None, None):
        raise RecordsError(f"{where}: NF bests came with version 2")
    results = tuple(
        _result(where, number, entry, nf)
        for number, entry in enumerate(_expect(data, "results", list, where), 1)
    )
    if len(results) > min(played, KEEP_RESULTS):
        raise RecordsError(f"{where}: more results than games played")
    return ModeRecord(
        played, won, streak, best_streak, best_ms, best_rate, results, best_nf_ms, best_nf_rate
    )


def _best(data: dict[str, Any], where: str, key: str, read: Any, high: int) -> Any:
    """Return the best *key* of a mode's *data* (None if there is none), within 0 to *high*."""
    value = data.get(key)
    return None if value is None else read(value, f"{where}: {key!r}", 0, high, RecordsError)


def _result(where: str, number: int, entry: Any, nf: bool) -> Result:
    shape = f"[won, ms, 3BV, clicks, useful, assisted, YYYY-MM-DD{', NF' if nf else ''}]"
    if (
        not isinstance(entry, list)
        or len(entry) != 7 + nf
        or not all(type(v) is int and v >= 0 for v in entry[:6])
        or entry[0] not in (0, 1)
        or entry[5] not in (0, 1)
        or not is_day(entry[6])
        or (nf and entry[7] not in (0, 1))
    ):
        raise RecordsError(f"{where}: result {number} must be {shape}, got {shorten(repr(entry))}")
    won, ms, bv, clicks, useful, assisted, day = entry[:7]
    its = f"{where}: result {number}: its"
    int_in_range(ms, f"{its} time", 0, MAX_MS, RecordsError)
    int_in_range(bv, f"{its} 3BV", 0, MAX_3BV, RecordsError)
    int_in_range(clicks, f"{its} clicks", 0, MAX_CLICKS, RecordsError)
    int_in_range(useful, f"{its} useful clicks", 0, clicks, RecordsError)
    no_flag = bool(entry[7]) if nf else False
    return Result(bool(won), ms, bv, clicks, useful, bool(assisted), day, no_flag)


def _days(name: str, value: Any) -> tuple[str, ...]:
    if name not in PRESETS:
        raise RecordsError(f"daily boards exist only for the presets, not {shorten(repr(name))}")
    if not isinstance(value, list) or not all(is_day(d) for d in value):
        raise RecordsError(f"daily boards of {name!r} must be a list of YYYY-MM-DD dates")
    return tuple(value)


def mode_key(settings: Settings, *, daily: bool = False) -> str:
    """Return the name records use for games with *settings*.

    >>> mode_key(Settings(30, 16, 99)), mode_key(Settings(30, 16, 99), daily=True)
    ('expert', 'daily-expert')
    >>> mode_key(Settings(20, 10, 50, FirstClick.SAFE))
    '20x10-50-safe'
    """
    name = settings.preset_name()
    suffix = MODE_SUFFIXES.get(settings.mode, "")
    if name is not None and settings.first_click is PRESETS[name].first_click:
        return (DAILY_PREFIX if daily else "") + name + suffix
    key = f"{settings.width}x{settings.height}-{settings.mines}"
    return (key if settings.first_click is FirstClick.OPENING else f"{key}-safe") + suffix


def mode_label(mode: str) -> str:
    """Return how the page names *mode*.

    >>> mode_label("daily-expert"), mode_label("20x10-50-safe")
    ('Daily expert', 'Custom 20×10, 50 mines, safe first click')
    >>> mode_label("expert-noguess"), mode_label("beginner-cruel")
    ('Expert, no guessing', 'Beginner, cruel')
    """
    plain, suffix = _without_mode(mode)
    if suffix:
        return f"{mode_label(plain)}, {_MODE_LABELS[suffix]}"
    if mode.startswith(DAILY_PREFIX):
        return f"Daily {mode_label(mode.removeprefix(DAILY_PREFIX)).lower()}"
    if mode in PRESETS:
        return mode.replace("-", " ").capitalize()
    size, mines, *safe = mode.split("-")
    width, height = size.split("x")
    return f"Custom {width}×{height}, {mines} mines" + (", safe first click" if safe else "")
