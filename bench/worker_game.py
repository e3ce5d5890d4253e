"""The game's core in a PyScript worker, for bench/worker.html (no DOM here: no SharedArrayBuffer).

`start` deals the game the page's query asks for and returns its board's HTML;
`move` makes a reveal and returns the patch js/cells.js applies.
"""

import json
import time

from game.events import CellOpened
from game.query import request_from_query
from game.render import cell_patch, render_board
from game.session import Session

session: Session | None = None


def start(query: str) -> str:
    """Begin the game *query* asks for; return its size and its board's HTML."""
    global session
    request, _problem = request_from_query(query)
    session = Session.begin(request, 1)
    board = session.shown.board
    html = render_board(session.shown, (0, 0))
    return json.dumps({"width": board.width, "height": board.height, "html": html})


def move(x: int, y: int) -> str:
    """Open (x, y) and return the patch of the board's buttons, with the game's status."""
    global session
    assert session is not None
    old = session.shown
    session = session.make(CellOpened((x, y)), time.monotonic() * 1000).session
    patch = json.loads(cell_patch(old, session.shown))
    patch["status"] = session.shown.status.value
    return json.dumps(patch)


__export__ = ["start", "move"]
