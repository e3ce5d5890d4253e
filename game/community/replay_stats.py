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

from game.community.live import Tally, ratio
from game.community.read import Replay
from game.rules.board import Board
from game.rules.figures import no_flags, openings
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


def replay_figures(replay: Replay) -> dict[str, Any]:
    """Return the community's statistics of *replay*, keyed as INTERFACES names them.

    The time, 3BV, clicks and their ratios are the live figures (`game.community.live`)
    at the replay's end.
    """
    played, recording = replay.played, replay.recording
    tally = Tally.of(replay)
    end = tally.at_end()
    whole, solved, seconds = tally.board, end.bbbv_solved, end.time_ms / 1000
    width, height, mines = recording.width, recording.height, played.history.start.settings.mines
    constant = STNB_CONSTANTS.get((width, height, mines))
    stnb = None
    if constant is not None and seconds > 0 and end.bbbv:
        stnb = round(constant * solved / seconds**1.7 * math.sqrt(solved / end.bbbv), 6)
    figures = end.keyed()
    return {
        "software": recording.program,
        "player": recording.player,
        "width": width,
        "height": height,
        "mines": mines,
        "status": _STATUS.get(played.history.current.status, "unfinished"),
        "time_ms": figures["time_ms"],
        "bbbv": figures["bbbv"],
        "bbbv_solved": solved,
        "openings": len(openings(whole)) if whole is not None else 0,
        "islands": islands(whole) if whole is not None else 0,
        **{key: figures[key] for key in ("left", "right", "double", "cl", "ce")},
        **{key: figures[key] for key in ("ioe", "corr", "thrp", "bbbv_s")},
        "rqp": ratio(seconds * seconds, solved),
        "stnb": stnb,
        "zini": end.zini,
        "zini_clicks": [list(click) for click in tally.zini_clicks],
        "nf": no_flags(played.history),
    }
