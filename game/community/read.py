"""Any replay file, told apart by its content: the game's own JSON or the community's.

`read_replay` returns the same `Replay` for every format: the recording (the
board and the mouse's events; for the game's own replays, the events its moves
would take) and what the click rules make of it (`game.community.clicks`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from game.community import avf, evf, mvf, rawvf, rmv
from game.community.clicks import Played, play
from game.community.recording import MAX_FILE_BYTES, Mouse, Recording, ReplayError
from game.rules.events import CellOpened, FlagToggled, MinesLaid, NeighboursOpened
from game.rules.history import History
from game.session import saved

GAME_PROGRAM = "pyminesweeper"
"""The program named in a RAWVF written from the game's own replays."""

_READERS = (rmv, mvf, rawvf, avf, evf)
"""Tried in this order: the first whose `looks_like` fits the content reads it."""
_CENTRE = 8
"""Where in its 16-pixel cell a move of the game's own replays is clicked."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A replay read from any format."""

    recording: Recording
    """The board and the mouse's events."""
    played: Played
    """The game those events make, its times and its clicks."""
    own: bool = False
    """Whether it is the game's own JSON replay."""


def read_replay(data: bytes, name: str) -> Replay:
    """Read the replay in *data*, whatever its format.

    :raises ReplayError: naming the file (*name*) and what is wrong with it.
    """
    if len(data) > MAX_FILE_BYTES:
        raise ReplayError(
            f"{name}: {len(data):,} bytes is more than any replay holds"
            f" (at most {MAX_FILE_BYTES:,} are read)"
        )
    if data.lstrip()[:1] == b"{":
        return _own(data, name)
    reader = next((r for r in _READERS if r.looks_like(data)), None)
    if reader is None:
        raise ReplayError(
            f"{name}: not a replay this game reads (its own JSON, AVF, RMV, MVF, EVF or RAWVF)"
        )
    try:
        recording = reader.read(data, name)
        return Replay(recording, play(recording))
    except ReplayError:
        raise
    except ValueError as error:  # settings the game refuses
        raise ReplayError(f"{name}: {error}") from None


def _own(data: bytes, name: str) -> Replay:
    try:
        session = saved.from_json(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ReplayError(f"{name}: a JSON replay must be UTF-8 text") from None
    except saved.SavedGameError as error:
        raise ReplayError(f"{name}: {error}") from None
    recording = recording_of(session.history, session.times)
    played = play(recording)  # for the clicks: its history is the session's (tested)
    return Replay(recording, dataclasses.replace(played, history=session.history), own=True)


def recording_of(history: History, times: tuple[int, ...]) -> Recording:
    """Return the mouse events that make *history*'s moves at *times*, by the click rules.

    A reveal is a left click, a flag a right click, a chord both buttons
    (left, right, then released in that order), each at the middle of its cell.
    """
    settings = history.start.settings
    mines = history.current.board.mines() if history.current.board.mines_laid else frozenset()
    events: list[Mouse] = []
    moves = (e for e in history.events if not isinstance(e, MinesLaid))
    for move, ms in zip(moves, times, strict=True):
        x, y = move.pos[0] * 16 + _CENTRE, move.pos[1] * 16 + _CENTRE
        kinds: tuple[str, ...]
        if type(move) is CellOpened:
            kinds = ("lc", "lr")
        elif type(move) is FlagToggled:
            kinds = ("rc", "rr")
        else:
            assert type(move) is NeighboursOpened
            kinds = ("lc", "rc", "lr", "rr")
        events.extend(Mouse(ms, kind, x, y) for kind in kinds)
    return Recording(
        GAME_PROGRAM, "", settings.width, settings.height, mines, tuple(events), mode=settings.mode
    )
