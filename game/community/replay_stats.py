"""The community's statistics of a replay: what `python -m game.stats replay` prints.

Definitions (docs/community.md says where the programs differ): 3BV and the
3BV cleared, openings (regions of zeros with their border) and islands
(groups of touching numbers that border no opening), clicks as
`game.community.clicks` counts them, IOE = 3BV cleared / clicks, Corr =
effective / all clicks, Thrp = 3BV cleared / effective clicks, 3BV/s, RQP =
time² / 3BV cleared, STNB on the official boards only, ZiNi and its clicks,
and NF (no flag placed).
"""

from __future__ import annotations

import math
from typing import Any, Final

from game.community.read import Replay
from game.community.zini import zini
from game.rules.board import Board
from game.rules.figures import no_flags, openings, three_bvs
from game.rules.state import Status

STNB_CONSTANTS: Final = {(8, 8, 10): 36, (16, 16, 40): 162, (30, 16, 99): 435}
"""STNB's constant for each official board (width, height, mines)."""
_STATUS: Final = {Status.WON: "won", Status.LOST: "lost"}


def islands(board: Board) -> int:
    """Return how many islands *board* has: groups of touching numbers beside no opening.

    >>> islands(Board.from_mines(5, 1, [(2, 0)]))
    0
    >>> islands(Board.from_mines(3, 3, [(0, 0), (2, 0), (0, 2), (2, 2)]))
    1
    """
    bordering = {pos for region in openings(board) for pos in region}
    left = {p for p, c in board.cells.items() if not c.mine and p not in bordering}
    count = 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            for n in board.neighbours(todo.pop()):
                if n in left:
                    left.remove(n)
                    todo.append(n)
    return count


def _ratio(top: float, bottom: float) -> float | None:
    return round(top / bottom, 6) if bottom else None


def replay_figures(replay: Replay) -> dict[str, Any]:
    """Return the community's statistics of *replay*, keyed as INTERFACES names them."""
    played, recording = replay.played, replay.recording
    board = played.history.current.board
    width, height, mines = recording.width, recording.height, played.history.start.settings.mines
    whole = Board.from_mines(width, height, recording.mines)
    known = len(recording.mines) == mines  # not before the first reveal of the game's own
    bbbv = three_bvs(whole)[0] if known else 0
    solved = three_bvs(board)[1] if board.mines_laid else 0
    seconds = played.time_ms / 1000
    clicks = played.clicks
    constant = STNB_CONSTANTS.get((width, height, mines))
    stnb = None
    if constant is not None and seconds > 0 and bbbv:
        stnb = round(constant * solved / seconds**1.7 * math.sqrt(solved / bbbv), 6)
    route = zini(whole) if known else []
    return {
        "software": recording.program,
        "player": recording.player,
        "width": width,
        "height": height,
        "mines": mines,
        "status": _STATUS.get(played.history.current.status, "unfinished"),
        "time_ms": played.time_ms,
        "bbbv": bbbv,
        "bbbv_solved": solved,
        "openings": len(openings(whole)) if known else 0,
        "islands": islands(whole) if known else 0,
        "left": clicks.left,
        "right": clicks.right,
        "double": clicks.double,
        "cl": clicks.all,
        "ce": clicks.effective,
        "ioe": _ratio(solved, clicks.all),
        "corr": _ratio(clicks.effective, clicks.all),
        "thrp": _ratio(solved, clicks.effective),
        "bbbv_s": _ratio(solved, seconds),
        "rqp": _ratio(seconds * seconds, solved),
        "stnb": stnb,
        "zini": len(route),
        "zini_clicks": [list(click) for click in route],
        "nf": no_flags(played.history),
    }
