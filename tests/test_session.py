"""The session model: the page's rules (clock, aids, counting, time travel, what runs)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.events import CellOpened, FlagToggled, Move, NeighboursOpened
from game.rules.layout import Layout
from game.rules.settings import PRESETS, Settings
from game.rules.state import IllegalMoveError, Status
from game.session import Aid, Running, Session, saved
from game.session.query import GameRequest

LAYOUT = Layout.from_text("*.*\n...\n*.*\n")
"""A 3x3 board with a mine in each corner: every safe cell is a number, opened alone."""


def layout_session() -> Session:
    """A session on the 3x3 layout above, as if a friend shared its exact board."""
    return Session.begin(GameRequest(LAYOUT.settings(), layout=LAYOUT), 0)


def random_session(seed: int = 5) -> Session:
    """A fresh beginner session."""
    return Session.begin(GameRequest(PRESETS["beginner"]), seed)


def play(session: Session, *moves: Move, at: float = 0.0, aid: Aid | None = None) -> Session:
    """Make *moves* one after another, 1 s apart from *at*."""
    for number, move in enumerate(moves):
        session = session.make(move, at + 1000 * number, aid=aid).session
    return session


def win(session: Session, at: float = 0.0, aid: Aid | None = None) -> Session:
    """Reveal every safe cell of the live game, in order."""
    while not session.live.is_over():
        cells = session.live.board.cells
        if not session.live.board.mines_laid:
            target = (0, 0)
        else:
            target = next(
                p for p, c in cells.items() if not c.mine and type(c).__name__ == "Hidden"
            )
        session = session.make(CellOpened(target), at, aid=aid).session
        at += 1000
    return session


SAFE = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]


class TestClock:
    def test_runs_from_the_first_reveal_and_stops_at_the_end(self) -> None:
        """Flags before the first reveal leave the clock at 0; the end freezes it."""
        session = play(layout_session(), FlagToggled((0, 0)), at=500)
        assert session.elapsed(10_000) == 0
        session = play(session, CellOpened((1, 0)), at=2_000)
        assert session.elapsed(2_750) == 750
        session = play(session, *(CellOpened(p) for p in SAFE[1:]), at=3_000)
        assert session.live.status is Status.WON
        assert session.elapsed(99_000) == session.elapsed(1e9) == 1000 + 3 * 1000

    def test_each_move_is_timed_in_play(self) -> None:
        """Move times are milliseconds of play, the first reveal at 0."""
        session = play(layout_session(), FlagToggled((0, 0)), CellOpened((1, 0)), at=100)
        session = session.make(CellOpened((1, 1)), 1_600).session
        assert session.times == (0, 0, 500)

    def test_a_reload_keeps_the_time_played(self) -> None:
        """A saved game comes back with its clock stopped; resuming runs it from there."""
        session = play(layout_session(), CellOpened((1, 0)), at=0)
        loaded = saved.from_json(saved.to_json(session.pause(4_000)))
        assert loaded.elapsed(50_000) == 4_000
        assert loaded.resume(50_000).elapsed(51_000) == 5_000

    def test_the_time_shown_is_that_of_the_move_shown(self) -> None:
        """Issue 46, defect 8: a replay at move 4 of 10 showed the final time. Looking back,
        the time shown is the time played when the move shown was made (0 before the first);
        at the last move, the clock's."""
        session = play(layout_session(), *(CellOpened(p) for p in SAFE[:3]), at=0)
        assert session.times == (0, 1000, 2000)
        assert session.time_shown(2_500) == session.elapsed(2_500) == 2_500
        shown = [session.show(step).time_shown(9_000) for step in range(3)]
        assert shown == [0, 0, 1000]  # move 1 was the first reveal, at 0
        session = play(session, *(CellOpened(p) for p in SAFE[3:]), at=3_000)
        assert session.live.status is Status.WON
        assert session.start_replay().time_shown(99_000) == 0
        assert session.show(4).time_shown(99_000) == 3_000
        assert session.time_shown(99_000) == session.elapsed(99_000) == 4_000


class TestCounting:
    def test_a_game_is_counted_once(self) -> None:
        """The result is given once; asking again gives nothing."""
        session = win(layout_session())
        session, result = session.result("2026-11-22")
        assert result is not None and result.won
        assert session.result("2026-11-22")[1] is None

    def test_counted_survives_a_reload_and_an_undo(self) -> None:
        """A reload, or undoing the last move and winning again, does not count it twice."""
        session, _ = win(layout_session()).result("2026-11-22")
        reloaded = saved.from_json(saved.to_json(session))
        assert reloaded.result("2026-11-22")[1] is None
        again = win(reloaded.undo(0))
        assert again.result("2026-11-22")[1] is None

    def test_nothing_is_counted_while_the_game_runs(self) -> None:
        """A game in play has no figures and no result."""
        session = play(layout_session(), CellOpened((1, 0)))
        assert session.figures is None
        assert session.result("2026-11-22") == (session, None)

    def test_a_watched_replay_is_never_counted(self) -> None:
        """Someone's replay file, played to its end, never enters the records."""
        session = win(layout_session())
        watched = saved.from_json(
            saved.to_json(session).replace('"watched":false', '"watched":true')
        )
        assert watched.result("2026-11-22")[1] is None

    def test_one_figure_everywhere(self) -> None:
        """Defect 13.8: the result's time and 3BV are the figures the summary shows."""
        session = win(layout_session(), at=123.4)
        numbers = session.figures
        assert numbers is not None
        _, result = session.result("2026-11-22")
        assert result is not None
        assert (result.ms, result.three_bv) == (numbers.ms, numbers.solved_three_bv)
        assert numbers.ms == session.elapsed(10**9)

    def test_a_loss_records_the_3bv_cleared(self) -> None:
        """Defect 13.4: a lost game's result carries the 3BV solved, not the board's."""
        session = play(layout_session(), CellOpened((1, 0)), CellOpened((0, 0)))
        assert session.live.status is Status.LOST
        numbers = session.figures
        assert numbers is not None and numbers.solved_three_bv < numbers.three_bv
        _, result = session.result("2026-11-22")
        assert result is not None and result.three_bv == numbers.solved_three_bv


class TestAids:
    @pytest.mark.parametrize("aid", [Aid.HINT, Aid.ODDS, Aid.SOLVER_MOVE, Aid.SOLVER_PLAY])
    def test_any_aid_before_the_end_assists_with_its_reason(self, aid: Aid) -> None:
        """The result is assisted, and names exactly the aid used."""
        session = random_session().use(aid)
        session = win(session)
        _, result = session.result("2026-11-22")
        assert result is not None and result.assisted
        assert session.aids == {aid}

    def test_undo_assists(self) -> None:
        """Taking a move back makes the game assisted, with undo as the reason."""
        session = play(random_session(), CellOpened((0, 0))).undo(5_000)
        assert session.aids == {Aid.UNDO}

    def test_a_known_layout_assists(self) -> None:
        """A board known in advance (a layout link) is assisted from the start."""
        assert layout_session().aids == {Aid.KNOWN_LAYOUT}

    def test_an_unaided_game_is_not_assisted(self) -> None:
        """Playing alone to the end leaves the game unassisted."""
        session = win(random_session())
        assert not session.is_assisted()

    def test_odds_left_on_assist_the_next_game(self) -> None:
        """Defect 13.1: odds on, then the face: the new game shows them and is assisted."""
        session = random_session().set_odds(True)
        fresh = session.new_game(GameRequest(PRESETS["beginner"]), 99)
        assert fresh.odds_on and fresh.aids == {Aid.ODDS}
        _, result = win(fresh).result("2026-11-22")
        assert result is not None and result.assisted

    def test_odds_switched_off_do_not_assist_the_next_game(self) -> None:
        """Odds shown then hidden assist this game, not the next one."""
        session = random_session().set_odds(True).set_odds(False)
        assert session.aids == {Aid.ODDS}
        assert not session.new_game(GameRequest(PRESETS["beginner"]), 1).is_assisted()

    def test_solver_play_names_only_itself(self) -> None:
        """Defect 13.7: a win by the solver names the solver, not undo or rewind."""
        session = win(random_session().start_solver(), aid=Aid.SOLVER_PLAY)
        assert session.aids == {Aid.SOLVER_PLAY}


def test_only_the_players_own_game_with_moves_and_not_over_is_unfinished() -> None:
    """The one predicate the page and the terminal set a game aside by."""
    fresh = layout_session()
    assert not fresh.is_unfinished(), "no move made yet"
    started = play(fresh, CellOpened((1, 0)))
    assert started.is_unfinished()
    assert not win(started).is_unfinished(), "a won game is over"
    watched = dataclasses.replace(started, watched=True)
    assert not watched.is_unfinished(), "a replay file watched is not the player's game"


class TestTimeTravel:
    def test_a_move_from_the_past_says_how_many_moves_it_drops(self) -> None:
        """A move made while looking back continues from there and drops the later moves."""
        session = play(layout_session(), *(CellOpened(p) for p in SAFE[:4]))
        made = session.show(2).make(FlagToggled((2, 2)), 9_000)
        assert made.discarded == 2
        assert len(made.session.history) == 3
        assert Aid.REWIND in made.session.aids

    def test_looking_back_never_drops_moves(self) -> None:
        """Moving the slider back and forth keeps every move."""
        session = play(layout_session(), *(CellOpened(p) for p in SAFE[:4]))
        for step in (0, 3, 1, 4):
            session = session.show(step)
            assert len(session.history) == 4
        assert session.is_live()

    def test_the_slider_stops_solver_play(self) -> None:
        """Defect 13.5: dragging the slider back stops the solver; its next tick has nothing."""
        session = play(layout_session(), CellOpened((1, 0)), CellOpened((0, 1))).start_solver()
        assert session.running is Running.SOLVER
        session = session.show(1)
        assert session.running is Running.NOTHING
        assert len(session.history) == 2

    def test_replay_stops_solver_play_and_keeps_the_game(self) -> None:
        """Defect 13.5: pressing Replay while the solver plays replays this game, whole."""
        session = play(layout_session(), CellOpened((1, 0)), CellOpened((0, 1))).start_solver()
        replaying = session.start_replay()
        assert replaying.running is Running.REPLAY
        assert replaying.step == 0 and replaying.history == session.history

    def test_replay_runs_to_the_end_then_stops(self) -> None:
        """Each step shows one more move; at the last, nothing runs any more."""
        session = play(layout_session(), *(CellOpened(p) for p in SAFE[:3])).start_replay()
        steps = []
        while session.running is Running.REPLAY:
            session = session.replay_step()
            steps.append(session.step)
        assert steps == [1, 2, 3]

    def test_a_player_move_stops_what_runs(self) -> None:
        """The player's own move stops the solver; the solver's own moves keep it going."""
        session = play(layout_session(), CellOpened((1, 0))).start_solver()
        kept = session.make(CellOpened((0, 1)), 0, aid=Aid.SOLVER_PLAY).session
        assert kept.running is Running.SOLVER
        stopped = session.make(CellOpened((0, 1)), 0).session
        assert stopped.running is Running.NOTHING

    def test_whether_a_move_deals_is_asked_of_the_game_shown(self) -> None:
        """The first reveal deals (the dealer's one test), on the game shown: back at move 0,
        a reveal deals again, as the page's no-guess search must know."""
        session = play(random_session(), CellOpened((4, 4)))
        assert not session.deals(CellOpened((0, 0)))
        assert session.show(0).deals(CellOpened((0, 0)))
        assert not session.show(0).deals(FlagToggled((0, 0)))
        assert random_session().deals(CellOpened((0, 0)))

    def test_undo_of_a_fatal_move_counts_an_explosion(self) -> None:
        """A mine hit then undone is one explosion, and play goes on."""
        session = play(layout_session(), CellOpened((1, 0)), CellOpened((0, 0)))
        session = session.undo(10_000)
        assert session.explosions == 1
        assert session.live.status is Status.PLAYING


class TestSharedBoards:
    def test_a_daily_board_is_the_same_wherever_the_first_click(self) -> None:
        """Defect 13.2: two players clicking different first cells get the same mines."""
        request = GameRequest.for_day("expert", "2026-11-22")
        boards = [
            Session.begin(request, seed).make(CellOpened(first), 0).session.live.board
            for seed, first in ((1, (0, 0)), (2, (29, 15)), (3, (12, 7)))
        ]
        assert boards[0].mines() == boards[1].mines() == boards[2].mines()
        assert boards[0] == boards[1] == boards[2]

    def test_a_seed_link_is_the_same_wherever_the_first_click(self) -> None:
        """Defect 13.2: `?seed=` gives every player the same mines."""
        request = GameRequest(PRESETS["expert"], seed=42)
        one = Session.begin(request, 1).make(CellOpened((0, 0)), 0).session.live.board
        two = Session.begin(request, 2).make(CellOpened((20, 3)), 0).session.live.board
        assert one.mines() == two.mines()

    def test_the_start_cell_cannot_be_flagged_before_it_opens(self) -> None:
        """A shared board opens its start cell first, so a flag there is refused."""
        session = Session.begin(GameRequest(PRESETS["expert"], seed=42), 0)
        cell = session.start.start_cell
        assert cell is not None
        with pytest.raises(IllegalMoveError, match="start cell"):
            session.make(FlagToggled(cell), 0)

    def test_a_challenge_in_play_gives_nothing_away(self) -> None:
        """Defect 13.3: sharing a game in play shares settings, seed and start cell, no mines."""
        session = play(random_session(7), CellOpened((4, 4)))
        challenge = session.challenge()
        assert challenge.layout is None and challenge.seed == 7
        assert challenge.start_cell == (4, 4)
        friend = Session.begin(challenge, 123).make(CellOpened((0, 0)), 0).session
        assert friend.live.board.mines() == session.live.board.mines()
        assert "layout" not in challenge.to_query()

    def test_the_exact_board_is_offered_once_the_game_ends(self) -> None:
        """After the end, the exact layout may be shared; before, it may not."""
        session = play(random_session(7), CellOpened((4, 4)))
        assert session.exact_board() is None
        lost = session
        for pos, cell in session.live.board.cells.items():
            if cell.mine:
                lost = lost.make(CellOpened(pos), 0).session
                break
        exact = lost.exact_board()
        assert exact is not None and exact.layout is not None
        assert exact.layout.mines == session.live.board.mines()


@st.composite
def actions(draw: st.DrawFn) -> list[tuple[str, int, int]]:
    """Random page actions: moves, undo, slider, replay steps, aids."""
    kinds = st.sampled_from(["r", "f", "c", "undo", "show", "replay", "tick", "hint", "solver"])
    return draw(st.lists(st.tuples(kinds, st.integers(0, 8), st.integers(0, 8)), max_size=40))


def act(session: Session, kind: str, x: int, y: int, now: float) -> Session:
    """Carry out one random action, as the page would (illegal moves are ignored)."""
    moves = {"r": CellOpened, "f": FlagToggled, "c": NeighboursOpened}
    if kind in moves:
        move = moves[kind]((x, y))
        if session.problem(move) is None:
            return session.make(move, now).session
        return session
    if kind == "undo":
        return session.undo(now)
    if kind == "show":
        return session.show(x % (len(session.history) + 1))
    if kind == "replay":
        return session.start_replay()
    if kind == "tick":
        return session.replay_step()
    if kind == "hint":
        return session.use(Aid.HINT)
    return session.start_solver()


@given(actions(), st.integers(0, 2**32))
def test_any_sequence_of_actions_keeps_the_session_whole(
    steps: list[tuple[str, int, int]], seed: int
) -> None:
    """Whatever the player does: times match moves, the step is in range, the clock is sane,
    a game once counted stays counted, and the live game is the fold of its events."""
    from game.rules.state import fold

    session = Session.begin(GameRequest(Settings(9, 9, 10)), seed)
    counted = False
    for number, (kind, x, y) in enumerate(steps):
        session = act(session, kind, x, y, 1000.0 * number)
        session, result = session.result("2026-11-22")
        assert not (counted and result is not None), "a game is counted once"
        counted = counted or result is not None
        assert len(session.times) == len(session.history)
        assert list(session.times) == sorted(session.times)
        assert 0 <= session.step <= len(session.history)
        assert session.live == fold(session.start, session.history.events)
        if session.live.is_over():
            assert session.figures is not None
            assert session.figures.ms == session.elapsed(10**12)
        if kind in ("show", "replay"):
            assert session.running is not Running.SOLVER, "the slider and replay stop the solver"
