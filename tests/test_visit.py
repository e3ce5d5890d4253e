"""What a visit opens: the kept game, or the linked one with the kept game set aside."""

from __future__ import annotations

from game.events import CellOpened
from game.query import GameRequest, request_from_query
from game.session import Session
from game.settings import PRESETS
from game.visit import visit


def played(request: GameRequest) -> Session:
    """A session on *request* with one move made."""
    return Session.begin(request, 5).make(CellOpened((4, 4)), 0).session


BEGINNER = GameRequest(PRESETS["beginner"])
EXPERT = GameRequest(PRESETS["expert"])


def test_a_bare_address_resumes_the_kept_game() -> None:
    """No parameters: the game kept comes back, its moves with it."""
    kept = played(BEGINNER)
    arrival = visit(BEGINNER, kept, bare=True, understood=True, seed=1, now=0)
    assert arrival.session.history == kept.history and arrival.restored
    assert arrival.set_aside is None


def test_a_link_to_the_same_game_resumes_it() -> None:
    """?preset=beginner with a beginner game kept: the same game, resumed."""
    kept = played(BEGINNER)
    request, _ = request_from_query("preset=beginner")
    arrival = visit(request, kept, bare=False, understood=True, seed=1, now=0)
    assert arrival.session.history == kept.history


def test_a_link_to_another_game_sets_the_unfinished_one_aside() -> None:
    """Defect 13.11: another game's link starts it and keeps the unfinished game to resume."""
    kept = played(BEGINNER)
    arrival = visit(EXPERT, kept, bare=False, understood=True, seed=1, now=0)
    assert arrival.session.start.settings == PRESETS["expert"]
    assert arrival.set_aside is kept and not arrival.restored


def test_a_bad_address_never_loses_the_kept_game() -> None:
    """An address the page could not read starts the default game; the kept one waits."""
    kept = played(EXPERT)
    arrival = visit(BEGINNER, kept, bare=False, understood=False, seed=1, now=0)
    assert arrival.set_aside is kept


def test_finished_or_empty_games_are_not_set_aside() -> None:
    """Only an unfinished game with moves is worth resuming."""
    fresh = Session.begin(BEGINNER, 5)
    assert visit(EXPERT, fresh, bare=False, understood=True, seed=1, now=0).set_aside is None
    assert visit(EXPERT, None, bare=False, understood=True, seed=1, now=0).set_aside is None
