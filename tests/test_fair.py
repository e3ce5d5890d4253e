"""The fair modes, kind and cruel: the rule, the uniform draw, replays, hostile files.

The oracle here enumerates every arrangement of the mines on small boards by
trying every set of cells, independent of the solver's counting.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.deal.dealer import decision
from game.deal.fair import Ruling, decide, judge
from game.rules.board import Hidden, Position, Revealed, neighbour_table
from game.rules.events import CellOpened, FlagToggled, GameStarted, MinesLaid, NeighboursOpened
from game.rules.history import History
from game.rules.seen import FLAGGED, Seen
from game.rules.settings import PRESETS, Mode, Settings
from game.rules.state import Game, Status, apply, fold, start_game
from game.session import Session
from game.session.query import GameRequest
from game.session.saved import SavedGameError, from_json, to_json
from game.solver.sample import draw, unflagged


def oracle(seen: Seen) -> list[frozenset[Position]]:
    """Every arrangement of *seen*'s mines that fits its numbers; flags are notes."""
    table = neighbour_table(seen.width, seen.height)
    covered = [p for p, c in seen.cells.items() if not isinstance(c, int)]
    numbers = [(p, c) for p, c in seen.cells.items() if isinstance(c, int)]
    return [
        frozenset(chosen)
        for chosen in itertools.combinations(covered, seen.mines)
        if all(sum(n in chosen for n in table[p]) == k for p, k in numbers)
    ]


def certainly_safe(seen: Seen) -> set[Position]:
    """The covered cells no fitting arrangement mines (by the oracle)."""
    fits = oracle(seen)
    covered = {p for p, c in seen.cells.items() if not isinstance(c, int)}
    return {p for p in covered if not any(p in m for m in fits)}


def mode_request(mode: Mode, preset: str = "beginner") -> GameRequest:
    return GameRequest(dataclasses.replace(PRESETS[preset], mode=mode))


def logical_move(game: Game) -> Position:
    """A certainly safe cell (oracle-free: the solver's exact odds), else the least risky."""
    from game.solver.counting import count

    weights = count(unflagged(Seen.from_game(game))).mine_weights()
    return min(weights, key=lambda p: (weights[p], p[1], p[0]))


def shown_numbers(game: Game) -> dict[Position, int]:
    return {p: c.count for p, c in game.board.cells.items() if type(c) is Revealed and not c.mine}


class TestDraw:
    def test_draw_is_uniform_over_the_oracles_arrangements(self) -> None:
        """Every arrangement that fits is drawn, and only those, about equally often."""
        seen = Seen.from_text("4x3x3\n1HHH\nHHHH\nHH1H\n")
        fits = oracle(seen)
        runs = 40 * len(fits)
        drawn = Counter(draw(seen, Random(seed)) for seed in range(runs))
        assert set(drawn) == set(fits)
        expected = runs / len(fits)
        chi2 = sum((drawn[m] - expected) ** 2 / expected for m in fits)
        # 99.9% point of chi-square with len(fits) - 1 degrees of freedom, well above the mean
        assert chi2 < (len(fits) - 1) + 6 * (2 * (len(fits) - 1)) ** 0.5

    def test_draw_keeps_the_constrained_cell(self) -> None:
        """With the cell required safe (or mined), the draw is uniform over those that agree."""
        seen = Seen.from_text("3x3x2\n1HH\nHHH\nHHH\n")
        fits = [m for m in oracle(seen) if (1, 0) not in m]
        drawn = Counter(draw(seen, Random(s), safe=[(1, 0)]) for s in range(30 * len(fits)))
        assert set(drawn) == set(fits)
        assert max(drawn.values()) < 3 * min(drawn.values())
        mined = {draw(seen, Random(s), mines=[(1, 0)]) for s in range(50)}
        assert mined and all(m is not None and (1, 0) in m for m in mined)
        assert mined <= set(oracle(seen))

    def test_flags_are_notes(self) -> None:
        """A flag on a cell the numbers prove safe does not stop it being certainly safe."""
        seen = Seen.from_text("3x1x1\n0FH\n")
        assert unflagged(seen).cells[(1, 0)] is not FLAGGED
        assert draw(unflagged(seen), Random(1)) == frozenset({(2, 0)})

    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 10**6), st.integers(2, 5))
    def test_certainly_safe_agrees_with_the_oracle(self, seed: int, mines: int) -> None:
        """`judge` finds exactly the cells the oracle finds certainly safe, and the mines.

        A reveal of a safe one is ruled safe; of a certain mine, a mine; a reveal
        of any other cell (a guess) lists every certainly safe cell.
        """
        start = GameStarted(Settings(4, 4, mines, mode=Mode.KIND), seed)
        game = start_game(start)
        rng = Random(seed)
        for _ in range(3):
            hidden = [p for p, c in game.board.cells.items() if type(c) is Hidden]
            game = _reveal(game, rng.choice(hidden))
            if game.is_over():
                return
        fits = oracle(Seen.from_game(game))
        safe = certainly_safe(Seen.from_game(game))
        hidden = [p for p, c in game.board.cells.items() if type(c) is Hidden]
        for cell in hidden:
            got = judge(game, cell)
            mine = all(cell in mines for mines in fits)
            assert (got.ruling is Ruling.SAFE) is (cell in safe)
            assert (got.ruling is Ruling.MINE) is mine
            if cell not in safe and not mine:
                assert set(got.safe) == safe


def _reveal(game: Game, cell: Position) -> Game:
    for event in decision(game, CellOpened(cell)).events:
        game = apply(game, event)
    return game


def play_out(request: GameRequest, seed: int, pick: object = logical_move) -> Session:
    session = Session.begin(request, seed)
    session = session.make(CellOpened((4, 4)), 0).session
    while not session.live.is_over():
        session = session.make(CellOpened(logical_move(session.live)), 0).session
    return session


class TestLogicalPlayer:
    @pytest.mark.parametrize("mode", [Mode.KIND, Mode.CRUEL])
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**40))
    def test_wins_every_beginner_game(self, mode: Mode, seed: int) -> None:
        """Certainly safe cells first, else the least risky: every game is won."""
        assert play_out(mode_request(mode), seed).live.status is Status.WON

    @pytest.mark.parametrize("preset", ["intermediate", "expert"])
    def test_wins_cruel_on_larger_presets(self, preset: str) -> None:
        """A few seeds of the larger presets too."""
        for seed in range(2):
            assert play_out(mode_request(Mode.CRUEL, preset), seed).live.status is Status.WON


class TestCruel:
    @settings(max_examples=30, deadline=None)
    @given(seed=st.integers(0, 2**40), data=st.data())
    def test_a_guess_while_a_safe_cell_exists_loses(self, seed: int, data: st.DataObject) -> None:
        """Any reveal of a cell not certainly safe, while one is, hits a mine."""
        session = Session.begin(mode_request(Mode.CRUEL), seed)
        session = session.make(CellOpened((4, 4)), 0).session
        while not session.live.is_over():
            game = session.live
            safe = certainly_safe(Seen.from_game(game)) if game.board.revealed_safe > 65 else None
            if safe is None:
                session = session.make(CellOpened(logical_move(game)), 0).session
                continue
            hidden = [p for p, c in game.board.cells.items() if type(c) is Hidden]
            risky = [p for p in hidden if p not in safe]
            if not safe or not risky:
                session = session.make(CellOpened(logical_move(game)), 0).session
                continue
            cell = data.draw(st.sampled_from(risky))
            made = session.make(CellOpened(cell), 0)
            assert made.session.live.status is Status.LOST
            assert made.judgement is not None
            mine = all(cell in mines for mines in oracle(Seen.from_game(game)))
            assert made.judgement.ruling is (Ruling.MINE if mine else Ruling.AVOIDABLE)
            assert set(made.judgement.safe) == (set() if mine else safe)
            return

    def test_a_mine_proved_by_counting_names_no_safe_cell(self) -> None:
        """Seed 1844, as the property above plays it: (3, 8) is a mine in every arrangement,
        found by the exact count, not by one or two numbers. Its loss named three safe
        cells, as if another cell had been the better reveal; a mine is judged alike
        whichever proof finds it."""
        session = Session.begin(mode_request(Mode.CRUEL), 1844)
        session = session.make(CellOpened((4, 4)), 0).session
        while session.live.board.revealed_safe <= 65:
            session = session.make(CellOpened(logical_move(session.live)), 0).session
        while not certainly_safe(Seen.from_game(session.live)):
            session = session.make(CellOpened(logical_move(session.live)), 0).session
        made = session.make(CellOpened((3, 8)), 0)
        assert made.judgement is not None and made.judgement.ruling is Ruling.MINE
        assert made.judgement.safe == ()

    def test_a_forced_reveal_never_loses(self) -> None:
        """With nothing certainly safe, a reveal of a cell that may be safe is safe."""
        start = GameStarted(Settings(2, 1, 1, mode=Mode.CRUEL), 0, None)
        game = apply(start_game(start), MinesLaid(frozenset({(0, 0)})))
        made = decide(game, CellOpened((0, 0)))
        assert made.judgement is not None and made.judgement.ruling is Ruling.FORCED
        after = fold(start, [MinesLaid(frozenset({(0, 0)})), *made.events])
        assert after.status is Status.WON


class TestBoardsAndReplays:
    @pytest.mark.parametrize("mode", [Mode.KIND, Mode.CRUEL])
    @settings(max_examples=20, deadline=None)
    @given(seed=st.integers(0, 2**40), data=st.data())
    def test_finished_boards_fit_and_replays_are_identical(
        self, mode: Mode, seed: int, data: st.DataObject
    ) -> None:
        """Any play: every number shown stays, the count holds, and the saved log replays."""
        session = Session.begin(mode_request(mode), seed)
        shown: dict[Position, int] = {}
        while not session.live.is_over():
            game = session.live
            hidden = [p for p, c in game.board.cells.items() if type(c) is Hidden]
            chords = [p for p in shown if game.board.can_chord(p)]
            kind = data.draw(st.sampled_from(["r", "r", "f", "c"] if chords else ["r", "r", "f"]))
            if kind == "c":
                move = NeighboursOpened(data.draw(st.sampled_from(chords)))
            elif kind == "f":
                move = FlagToggled(data.draw(st.sampled_from(hidden)))  # type: ignore[assignment]
            else:
                move = CellOpened(data.draw(st.sampled_from(hidden)))  # type: ignore[assignment]
            session = session.make(move, 0).session
            for pos, count in shown_numbers(session.live).items():
                assert shown.setdefault(pos, count) == count
        board = session.live.board
        assert len(board.mines()) == board.mine_count == 10
        assert shown_numbers(session.live) == shown
        table = neighbour_table(9, 9)
        assert all(sum(n in board.mines() for n in table[p]) == k for p, k in shown.items())
        again = from_json(to_json(session))
        assert again.history == session.history
        replayed = History(session.start, session.history.events)
        assert replayed.current == session.live
        for step in range(len(session.history) + 1):
            assert again.history.state_at(step) == session.history.state_at(step)

    def test_kind_deals_its_first_layout_as_classic(self) -> None:
        """The same seed and first reveal lay the same mines in kind as in classic."""
        for seed in range(20):
            laid = []
            for mode in (Mode.CLASSIC, Mode.KIND):
                session = Session.begin(mode_request(mode, "expert"), seed)
                events = session.make(CellOpened((7, 3)), 0).session.history.events
                laid.append(events[0])
            assert laid[0] == laid[1]

    def test_a_chord_is_the_reveals_one_by_one(self) -> None:
        """A chord's events fold to what its reveals make one at a time."""
        for seed in range(40):
            session = play_until_chord(seed)
            if session is None:
                continue
            game, pos = session
            decided = decide(game, NeighboursOpened(pos))
            folded = game
            for event in decided.events:
                folded = apply(folded, event)
            one_by_one = game
            for cell in game.board.neighbours(pos):
                if not one_by_one.is_over() and type(one_by_one.board.cells[cell]) is Hidden:
                    one_by_one = _reveal(one_by_one, cell)
            assert Seen.from_game(folded) == Seen.from_game(one_by_one) or folded.is_over()
            return
        pytest.fail("no chord found")


def play_until_chord(seed: int) -> tuple[Game, Position] | None:
    """A cruel game played logically until a number can be chorded after flagging."""
    session = Session.begin(mode_request(Mode.CRUEL), seed)
    session = session.make(CellOpened((4, 4)), 0).session
    while not session.live.is_over():
        game = session.live
        from game.solver.counting import count

        weights = count(unflagged(Seen.from_game(game))).mine_weights()
        total = count(unflagged(Seen.from_game(game))).total
        for pos, cell in game.board.cells.items():
            if type(cell) is not Revealed or not cell.count:
                continue
            around = [n for n in game.board.neighbours(pos) if type(game.board.cells[n]) is Hidden]
            mines = [n for n in around if weights[n] == total]
            if len(mines) == cell.count and len(around) > len(mines):
                for mine in mines:
                    game = apply(game, FlagToggled(mine))
                return game, pos
        session = session.make(CellOpened(logical_move(game)), 0).session
    return None


class TestTooLarge:
    def test_a_count_past_the_budget_plays_as_classic(self) -> None:
        """Past the budget nothing moves: the reveal plays on the mines as they lie."""
        start = GameStarted(Settings(9, 9, 10, mode=Mode.CRUEL), 3)
        game = start_game(start)
        game = _reveal(game, (4, 4))
        hidden = next(p for p, c in game.board.cells.items() if type(c) is Hidden)
        decided = decide(game, CellOpened(hidden), budget=1)
        assert decided.events == (CellOpened(hidden),)
        assert decided.judgement is not None
        assert decided.judgement.ruling is Ruling.TOO_LARGE


class TestHostileFiles:
    def saved(self) -> dict[str, object]:
        session = play_out(mode_request(Mode.CRUEL), 5)
        data: dict[str, object] = json.loads(to_json(session))
        return data

    def test_a_rearrangement_that_breaks_a_number_is_refused(self) -> None:
        """Mines moved onto a shown number, or changing one, are refused with a message."""
        data = self.saved()
        events = data["events"]
        assert isinstance(events, list)
        laid = {(x, y) for y, r in enumerate(events[0][1]) for x, c in enumerate(r) if c == "*"}
        moved = (laid - {min(laid)}) | {(4, 4)}  # onto the first cell revealed
        rows = ["".join("*" if (x, y) in moved else "." for x in range(9)) for y in range(9)]
        events.insert(2, ["m", rows])
        with pytest.raises(SavedGameError, match="moves the mines but does not fit"):
            from_json(json.dumps(data))

    def test_a_count_that_changed_is_refused(self) -> None:
        """Mines moved to fewer mines than the board's are refused."""
        data = self.saved()
        events = data["events"]
        assert isinstance(events, list)
        fewer = ["m", [r.replace("*", ".") for r in events[0][1]]]
        events.insert(2, fewer)
        with pytest.raises(SavedGameError, match="size and mine count"):
            from_json(json.dumps(data))

    def test_a_classic_game_never_moves_its_mines(self) -> None:
        """A second deal in a classic game is refused."""
        data = self.saved()
        settings_ = data["settings"]
        assert isinstance(settings_, dict)
        settings_["mode"] = "classic"
        data["request"] = "preset=beginner"
        events = data["events"]
        assert isinstance(events, list)
        events.insert(2, events[0])
        with pytest.raises(SavedGameError, match="laid"):
            from_json(json.dumps(data))


class TestModeAsAValue:
    def test_the_url_names_the_mode(self) -> None:
        """`mode=` picks the mode, `noguess=1` still says no-guess, and they must agree."""
        from game.session.query import request_from_query

        assert request_from_query("mode=cruel")[0].settings.mode is Mode.CRUEL
        assert request_from_query("noguess=1")[0].settings.mode is Mode.NO_GUESS
        assert request_from_query("mode=no-guess")[0].settings.no_guess
        assert request_from_query("")[0].settings.mode is Mode.CLASSIC
        assert "unknown mode 'mean'" in (request_from_query("mode=mean")[1] or "")
        assert "but mode=kind" in (request_from_query("noguess=1&mode=kind")[1] or "")
        kind = request_from_query("preset=expert&mode=kind&seed=4")[0]
        assert kind.to_query() == "preset=expert&mode=kind&seed=4"

    def test_records_are_kept_per_mode(self) -> None:
        """Each mode keeps its own records, read back from the file."""
        from game.session.records import Records, Result, mode_key

        keys = [mode_key(dataclasses.replace(PRESETS["expert"], mode=m)) for m in Mode]
        assert keys == ["expert", "expert-noguess", "expert-kind", "expert-cruel"]
        records = Records()
        for key in keys:
            records = records.add(key, Result(True, 1000, 10, 12, 10, False, "2026-01-01"))
        assert set(Records.from_json(records.to_json()).modes) == set(keys)


def cruel_loss(seed: int) -> Session:
    """A cruel game played logically, then a guess while a certainly safe cell exists."""
    session = Session.begin(mode_request(Mode.CRUEL), seed)
    session = session.make(CellOpened((4, 4)), 0).session
    from game.solver.counting import count

    while not session.live.is_over():
        counted = count(unflagged(Seen.from_game(session.live)))
        weights = counted.mine_weights()
        safe = [p for p, w in weights.items() if w == 0]
        risky = [p for p, w in weights.items() if 0 < w < counted.total]
        if safe and risky:
            return session.make(CellOpened(risky[0]), 0).session
        session = session.make(CellOpened(logical_move(session.live)), 0).session
    raise AssertionError("no guess while a cell was certainly safe")


class TestDeathsExplained:
    def test_a_cruel_loss_names_the_safe_cells_and_proves_the_nearest(self) -> None:
        """The loss marks every certainly safe cell and explains the nearest in words."""
        from game.session.hints import Mark, last_fair_note
        from game.solver.explain import Action
        from game.words import fair_note_words

        session = cruel_loss(7)
        assert session.live.status is Status.LOST
        note = last_fair_note(session, budget=None)
        assert note is not None and note.lost and note.nearest in note.judgement.safe
        assert note.explanation is not None
        assert note.explanation.move == note.nearest
        assert note.explanation.action is Action.REVEAL
        assert {p for p, m in note.marks.items() if m is Mark.SAFE} >= set(note.judgement.safe)
        words = fair_note_words(note)
        assert "was a guess while" in words and "certainly safe" in words
        assert note.explanation.words in words

    def test_the_review_counts_a_cruel_loss_as_avoidable(self) -> None:
        """The review's verdict on the fatal guess is avoidable."""
        from game.teacher.review import Verdict, review

        session = cruel_loss(11)
        last = review(session.history).moves[-1]
        assert last.exploded and last.verdict is Verdict.AVOIDABLE

    def test_a_forced_reveal_says_it_was_forced(self) -> None:
        """The first reveal after the deal that nothing proves is forced, and says so."""
        from game.session.hints import fair_note
        from game.words import fair_note_words

        start = GameStarted(Settings(2, 1, 1, mode=Mode.KIND), 0, None)
        game = apply(start_game(start), MinesLaid(frozenset({(0, 0)})))
        judgement = decide(game, CellOpened((0, 0))).judgement
        assert judgement is not None
        words = fair_note_words(fair_note(judgement, False, budget=None))
        assert "was forced" in words
