"""What a start opens: the kept game, or the one asked for with the kept game set aside.

One policy (`game.session.visit`) for the page and the terminal; each front-end's parameters are
those its documents describe.
"""

from __future__ import annotations

from game.rules.events import CellOpened
from game.rules.settings import PRESETS
from game.session import Session
from game.session.query import GameRequest, request_from_query
from game.session.visit import Visit, swap, visit


def played(request: GameRequest) -> Session:
    """A session on *request* with one move made."""
    return Session.begin(request, 5).make(CellOpened((4, 4)), 0).session


BEGINNER = GameRequest(PRESETS["beginner"])
EXPERT = GameRequest(PRESETS["expert"])


def page(request: GameRequest, kept: Session | None, *, bare: bool, understood: bool) -> Visit:
    """What the page opens: a bare address asks for nothing; a kept game comes back as it is."""
    return visit(
        request,
        kept,
        asked=not bare,
        same_resumes=understood,
        finished_shown=True,
        seed=1,
        now=0,
    )


def terminal(request: GameRequest, kept: Session | None, *, chosen: bool, seeded: bool) -> Visit:
    """What the terminal opens: `--seed` asks for a new board; a finished game gives way."""
    return visit(
        request,
        kept,
        asked=chosen,
        same_resumes=not seeded,
        finished_shown=False,
        seed=7,
        now=0,
    )


def test_a_bare_address_resumes_the_kept_game() -> None:
    """No parameters: the game kept comes back, its moves with it."""
    kept = played(BEGINNER)
    arrival = page(BEGINNER, kept, bare=True, understood=True)
    assert arrival.session.history == kept.history and arrival.restored
    assert arrival.set_aside is None


def test_a_link_to_the_same_game_resumes_it() -> None:
    """?preset=beginner with a beginner game kept: the same game, resumed."""
    kept = played(BEGINNER)
    request, _ = request_from_query("preset=beginner")
    arrival = page(request, kept, bare=False, understood=True)
    assert arrival.session.history == kept.history


def test_a_link_to_another_game_sets_the_unfinished_one_aside() -> None:
    """Defect 13.11: another game's link starts it and keeps the unfinished game to resume."""
    kept = played(BEGINNER)
    arrival = page(EXPERT, kept, bare=False, understood=True)
    assert arrival.session.start.settings == PRESETS["expert"]
    assert arrival.set_aside is kept and not arrival.restored


def test_a_bad_address_never_loses_the_kept_game() -> None:
    """An address the page could not read starts the default game; the kept one waits."""
    kept = played(EXPERT)
    arrival = page(BEGINNER, kept, bare=False, understood=False)
    assert arrival.set_aside is kept


def test_finished_or_empty_games_are_not_set_aside() -> None:
    """Only an unfinished game with moves is worth resuming."""
    fresh = Session.begin(BEGINNER, 5)
    assert page(EXPERT, fresh, bare=False, understood=True).set_aside is None
    assert page(EXPERT, None, bare=False, understood=True).set_aside is None


def won(request: GameRequest) -> Session:
    """A session on *request* played to its end."""
    session = played(request)
    while not session.live.is_over():
        cells = session.live.board.cells
        target = next(p for p, c in cells.items() if not c.mine and type(c).__name__ == "Hidden")
        session = session.make(CellOpened(target), 0).session
    return session


def test_the_page_shows_a_finished_game_again() -> None:
    """A reload after the end shows that game, its summary with it (docs/playing.md)."""
    kept = won(BEGINNER)
    arrival = page(BEGINNER, kept, bare=True, understood=True)
    assert arrival.session.history == kept.history and arrival.set_aside is None


class TestTheTerminalsParameters:
    """The terminal's start (`game.terminal.keep.opening_game`) decided by the same policy."""

    def test_without_options_the_unfinished_game_resumes(self) -> None:
        kept = played(BEGINNER)
        arrival = terminal(EXPERT, kept, chosen=False, seeded=False)
        assert arrival.session.history == kept.history and arrival.restored

    def test_without_options_a_finished_game_gives_a_new_one_of_its_kind(self) -> None:
        arrival = terminal(EXPERT, won(BEGINNER), chosen=False, seeded=False)
        assert arrival.session.request == BEGINNER and not len(arrival.session.history)
        assert arrival.session.start.seed == 7 and arrival.set_aside is None

    def test_a_seed_asks_for_a_new_board_and_sets_the_game_aside(self) -> None:
        kept = played(BEGINNER)
        arrival = terminal(BEGINNER, kept, chosen=True, seeded=True)
        assert arrival.session.start.seed == 7 and arrival.set_aside is kept

    def test_options_for_the_same_game_resume_it_and_others_set_it_aside(self) -> None:
        kept = played(BEGINNER)
        assert terminal(BEGINNER, kept, chosen=True, seeded=False).restored
        assert terminal(EXPERT, kept, chosen=True, seeded=False).set_aside is kept


def test_resume_swaps_the_game_in_play_aside_only_if_unfinished() -> None:
    """One swap for the page and the terminal: the game set aside comes back with its clock
    running, and the game in play goes aside, paused, only if it is unfinished."""
    waiting = played(EXPERT).pause(1_000)
    current = played(BEGINNER)
    swapped = swap(current, waiting, 5_000)
    assert swapped.session.history is waiting.history
    assert swapped.session.clock.since == 5_000
    assert swapped.set_aside is not None and swapped.set_aside.history is current.history
    assert swapped.set_aside.clock.since is None
    fresh = Session.begin(BEGINNER, 2)
    assert swap(fresh, waiting, 5_000).set_aside is None
