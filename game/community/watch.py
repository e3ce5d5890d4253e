"""A replay file on the page: opened as a game to watch, and any game written as RAWVF.

The page's *Open replay…* reads any format `read.read_replay` tells apart; the
game's own JSON keeps its session (its request, aids and clock), the
community's replays become a watched session of the moves the click rules
made, at the recording's times. What the summary shows of the community's
figures comes from the file's own mouse events when the game on the page is
the one opened, and from the moves otherwise (`replay_of`).
"""

from __future__ import annotations

import dataclasses

from game.community import rawvf
from game.community.clicks import play
from game.community.read import Replay, read_replay, recording_of
from game.community.recording import ReplayError
from game.session import Clock, Session, saved
from game.session.query import GameRequest


@dataclasses.dataclass(frozen=True, slots=True)
class Opened:
    """A replay file read for the page: the game to watch and the replay it came from."""

    session: Session
    """The game to watch, shown at its start."""
    replay: Replay
    """The file's recording and what the click rules made of it."""


def open_replay(data: bytes, name: str) -> Opened:
    """Read the replay file *name* holding *data*, in any format, as a game to watch.

    JSON is the game's own format: a JSON file that is no replay of it is refused
    with what its reader finds wrong (too large, nested too deep, a field missing).

    :raises ReplayError: naming the file and what is wrong with it.
    """
    if data.lstrip()[:1] in (b"{", b"["):
        session = _saved(data, name)
        replay = replay_of(session)
    else:
        replay = read_replay(data, name)
        played = replay.played
        request = GameRequest(played.history.start.settings)
        clock = Clock(max(played.time_ms, played.times[-1] if played.times else 0))
        session = Session(request, played.history, times=played.times, clock=clock)
    return Opened(dataclasses.replace(session, watched=True).show(0), replay)


def _saved(data: bytes, name: str) -> Session:
    """Read the game's own JSON replay.

    :raises ReplayError: naming the file and what is wrong with it.
    """
    try:
        return saved.from_json(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ReplayError(f"{name}: a JSON replay must be UTF-8 text") from None
    except ValueError as error:
        raise ReplayError(f"{name}: {error}") from None


def replay_of(session: Session, opened: Replay | None = None) -> Replay:
    """Return the replay of *session*'s game: *opened* if it is that game, else its moves'.

    A file's recording holds clicks that made no move (a click on a revealed
    number, off the board), which the community's figures count: they are kept
    while the game on the page is the file's.
    """
    if opened is not None and opened.played.history is session.history:
        return opened
    recording = recording_of(session.history, session.times)
    return Replay(recording, dataclasses.replace(play(recording), history=session.history))


def rawvf_text(session: Session, opened: Replay | None = None) -> str:
    """Return *session*'s game as RAWVF text (*opened*: the replay file it came from).

    :raises ValueError: before the first reveal, when the game has no board to write.
    """
    if not session.live.board.mines_laid:
        raise ValueError("a RAWVF replay holds the board: reveal a cell first")
    replay = replay_of(session, opened)
    return rawvf.write(replay.recording, replay.played.time_ms)
