"""The full-screen game's keys as pure transitions, and its screen as data (no terminal)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.rules.layout import Layout
from game.rules.settings import PRESETS
from game.rules.state import Status
from game.session import Aid, Session
from game.session.hints import Mark
from game.session.query import GameRequest
from game.terminal.console import AFTER_LOSS, Console, help_line
from game.terminal.screen import Frame, Style, Viewport, draw

SMALL = Layout.from_text("*..\n...\n..*\n")
"""3x3, two mines: (2, 0) opens an opening; (0, 2) is then certainly safe."""


def console(layout: Layout = SMALL, cursor: tuple[int, int] = (0, 0)) -> Console:
    """A console on a fresh game of *layout*."""
    return Console(Session.begin(GameRequest(layout.settings(), layout=layout), 0), cursor)


def rows(frame: Frame, first: int = 2, count: int = 3) -> list[str]:
    """Return the board's lines of *frame* (they start on the third line), without the end."""
    return [line.rstrip() for line in frame.text()[first : first + count]]


class TestKeys:
    def test_the_cursor_stops_at_the_edges(self) -> None:
        """Moving past an edge leaves the cursor on the board."""
        assert console().moved(-1, -1).cursor == (0, 0)
        assert console().moved(5, 1).cursor == (2, 1)

    def test_space_reveals_then_chords_as_the_page_does(self) -> None:
        """Open on a hidden cell reveals it; on a number whose flags are placed, chords."""
        c = console(cursor=(2, 0)).press(0)
        assert c.session.live.status is Status.PLAYING
        c = c.moved(-2, 0).flag(10).moved(1, 0).press(20)
        assert str(c.session.live).splitlines()[1:] == ["F10", "121", "HHH"]

    def test_space_on_a_zero_opens_what_a_flag_left_hidden(self) -> None:
        """A flag placed before the flood, then taken off: Space on the 0 beside it opens it."""
        layout = Layout.from_text("*...\n....\n....\n")
        c = console(layout, cursor=(3, 2)).flag(0).moved(0, -2).press(10).moved(0, 2).flag(20)
        assert str(c.session.live).splitlines()[1:] == ["H100", "1100", "000H"]
        c = c.moved(-1, 0).press(30)
        assert c.session.live.status is Status.WON

    def test_a_number_without_its_flags_says_why_it_cannot_chord(self) -> None:
        """The page ignores such a click; the terminal says what is missing."""
        c = console(cursor=(2, 0)).press(0).moved(-1, 0).press(10)
        assert c.message == "No chord: row 1, column 2 shows 1 and has 0 flags around it."
        assert len(c.session.history) == 1

    def test_keys_on_a_finished_game_say_what_goes_on(self) -> None:
        """After a win only a new game goes on; after a loss, undo too."""
        won = console(cursor=(2, 0)).press(0).moved(-2, 2).press(10)
        assert won.press(20).message == "The game is won: N starts a new one."
        assert won.flag(20).message == "The game is won: N starts a new one."
        lost = console().press(0).moved(1, 0)
        assert lost.press(10).message == f"The game is lost. {AFTER_LOSS}"

    def test_a_flagged_cell_does_not_open(self) -> None:
        """Open on a flag says how to take it off, and changes nothing."""
        c = console().flag(0).press(10)
        assert "F takes the flag off" in c.message
        assert len(c.session.history) == 1

    def test_undo_takes_back_a_loss_and_marks_the_game_assisted(self) -> None:
        """U after a loss is the session's undo: the explosion is counted, the game assisted."""
        c = console().press(0)
        assert c.session.live.status is Status.LOST
        assert AFTER_LOSS in c.message
        c = c.undo(10)
        assert c.session.live.status is Status.READY
        assert Aid.UNDO in c.session.aids
        assert c.message == "Move undone. Mines hit and undone: 1."

    def test_hint_marks_the_safe_cell_and_puts_the_cursor_on_it(self) -> None:
        """H uses the solver as the page's hint does, and the game is assisted."""
        c = console(cursor=(2, 0)).press(0).hint()
        assert c.cursor == (0, 2)
        assert c.marks == {(0, 2): Mark.SAFE, (1, 0): Mark.PROOF, (2, 1): Mark.PROOF}
        assert c.message.startswith("Row 3, column 1 is safe:")
        assert Aid.HINT in c.session.aids

    def test_a_hint_on_flags_that_cannot_be_highlights_them(self) -> None:
        """Two flags around a 1: no hint, the reason in the page's words, the cells marked."""
        c = console(cursor=(2, 0)).press(0).moved(-2, 0).flag(5).moved(0, 1).flag(6).hint()
        assert c.message.startswith("No hint: the flags around row 1, column 2 do not fit")
        assert set(c.marks.values()) == {Mark.CONTRADICTION}
        assert Aid.HINT not in c.session.aids

    def test_a_hint_of_a_mine_leaves_the_cursor_where_it_was(self) -> None:
        """H that proves a mine marks it but keeps the cursor off it, so Space out of habit
        cannot open it (issue 46); the words say where it is and that F flags it there."""
        layout = Layout.from_text("..*\n...\n***\n")
        c = console(layout, cursor=(0, 0)).press(0).moved(1, 1).press(10)
        before = c.cursor
        c = c.hint()
        assert c.marks.get((2, 0)) is Mark.MINE or Mark.MINE in c.marks.values(), c.marks
        assert c.cursor == before
        mine = next(p for p, m in c.marks.items() if m is Mark.MINE)
        assert c.press(20).session.live.board.cells[mine] == c.session.live.board.cells[mine]
        assert "F flags it" in c.message

    def test_a_move_clears_the_hint(self) -> None:
        """The marks belong to the position they were made for."""
        c = console(cursor=(2, 0)).press(0).hint().press(10)
        assert c.marks == {}
        assert c.session.live.status is Status.WON

    def test_a_win_says_the_time_and_the_figures(self) -> None:
        """The result sentence is the page's, with the terminal's keys and the summary."""
        c = console(cursor=(2, 0)).press(0).moved(-2, 2).press(2500)
        assert c.message.startswith("You won in 2.500 s! Assisted: a board known in advance.")
        assert "3BV 2" in c.message

    def test_new_game_keeps_the_kind_of_game(self) -> None:
        """N starts a new game with the same request; aids start afresh."""
        c = Console(Session.begin(GameRequest(PRESETS["expert"]), 1), (29, 15))
        c = c.press(0).new_game(2)
        assert c.session.start.settings == PRESETS["expert"]
        assert c.session.start.seed == 2 and not len(c.session.history)
        assert c.cursor == (29, 15)


class TestScreen:
    def test_the_cursor_is_bracketed_and_reversed(self) -> None:
        """Brackets show the cursor without colour; the glyph is drawn in reverse too."""
        frame = draw(console(cursor=(1, 0)), (80, 24), 0)
        assert rows(frame) == ["  ▪[▪]▪", "  ▪ ▪ ▪", "  ▪ ▪ ▪"]
        board_line = frame.lines[2]
        assert [s.text for s in board_line if s.cursor] == ["▪"]

    def test_numbers_flags_and_hint_marks_have_their_styles(self) -> None:
        """Each number has its own style (its classic colour); marks replace hidden glyphs."""
        c = console(cursor=(2, 0)).press(0).moved(-2, 0).flag(5).hint()
        frame = draw(c, (80, 24), 0)
        assert rows(frame) == ["  F 1", " [+]2 1", "  ▪ ▪ ▪"]
        styles = {s.text: s.style for line in frame.lines[2:5] for s in line if s.text.strip()}
        assert styles["1"] is Style.N1 and styles["2"] is Style.N2
        assert styles["F"] is Style.FLAG and styles["+"] is Style.SAFE

    def test_the_header_counts_mines_and_seconds(self) -> None:
        """Mines left, whole seconds played (the session's clock), and the status."""
        c = console(cursor=(2, 0)).press(1000).moved(-2, 0).flag(2000)
        header = draw(c, (80, 24), 13_500).text()[0]
        assert header.startswith(" Mines   1   Time  12   Playing (assisted)")
        assert header.endswith("layout 3x3, 2 mines ")

    def test_a_loss_shows_the_mines_and_the_hit_one(self) -> None:
        """After a loss every mine shows; the one revealed is `!`."""
        frame = draw(console().press(0), (80, 24), 0)
        assert rows(frame) == [" [!]▪ ▪", "  ▪ ▪ ▪", "  ▪ ▪ *"]
        assert "Lost" in frame.text()[0]

    def test_a_large_board_scrolls_with_the_cursor(self) -> None:
        """The viewport moves as little as needed; the edges say more lies beyond."""
        c = Console(Session.begin(GameRequest(PRESETS["expert"]), 1), (25, 12))
        frame = draw(c, (40, 12), 0)
        assert frame.viewport == Viewport(top=8, left=8)
        text = frame.text()
        assert text[1] == " ^ 8 more rows above"
        assert text[2].startswith("<") and text[2].endswith(">")
        assert text[7] == " v 3 more rows below"
        assert "[▪]" in text[6]
        back = draw(c.moved(-20, 0), (40, 12), 0, frame.viewport)
        assert back.viewport == Viewport(top=8, left=5)

    def test_too_small_a_terminal_says_how_large_it_must_be(self) -> None:
        """Below 40 columns or 10 lines, the frame says the size needed."""
        c = Console(Session.begin(GameRequest(PRESETS["expert"]), 1))
        frame = draw(c, (30, 8), 0)
        assert not frame.playable
        assert frame.text()[:3] == [
            "Terminal too small: 30x8.",
            "Make it at least 40x10",
            "(63x23 shows the whole board).",
        ]

    def test_an_expert_board_fits_80x24(self) -> None:
        """The whole expert board, counters, message and help fit the classic terminal."""
        c = Console(Session.begin(GameRequest(PRESETS["expert"]), 1))
        frame = draw(c, (80, 24), 0)
        assert frame.viewport == Viewport() and frame.playable
        assert len(frame.lines) == 24
        assert all(len(line) <= 80 for line in frame.text())
        assert frame.text()[-1] == help_line(80)

    def test_long_messages_wrap_and_are_cut(self) -> None:
        """The message takes the lines left; anything longer ends in an ellipsis."""
        c = console().said("word " * 100)
        text = draw(c, (40, 10), 0).text()
        assert text[-3].startswith(" word") and text[-2].endswith("…")

    def test_the_help_shortens_to_fit(self) -> None:
        """The one-line help names every key, shortened in narrow terminals."""
        assert help_line(80) == (
            "arrows/hjkl move  Space open  F flag  U undo  H/? hint  N new  Q quit"
        )
        assert help_line(40, can_resume=True) == "arrows/hjkl Space F U H/? N R Q"

    def test_ascii_terminals_get_a_hash_for_hidden_cells(self) -> None:
        """Without UTF-8, hidden cells are `#`: a dot would read as an empty cell (issue 46)."""
        assert rows(draw(console(), (80, 24), 0, unicode=False))[1] == "  # # #"


@given(
    size=st.tuples(st.integers(1, 100), st.integers(1, 100)),
    view=st.tuples(st.integers(1, 60), st.integers(1, 40)),
    start=st.tuples(st.integers(0, 99), st.integers(0, 99)),
    moves=st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99)), max_size=5),
)
def test_the_viewport_always_shows_the_cursor_inside_the_board(
    size: tuple[int, int],
    view: tuple[int, int],
    start: tuple[int, int],
    moves: list[tuple[int, int]],
) -> None:
    """Wherever the cursor goes, the view holds it and never shows past the board's edges."""
    (width, height), (columns, rows) = size, view
    viewport = Viewport(min(start[1], height - 1), min(start[0], width - 1))
    for x, y in moves:
        cursor = (x % width, y % height)
        viewport = viewport.follow(cursor, rows, columns, size)
        assert viewport.left <= cursor[0] < viewport.left + columns
        assert viewport.top <= cursor[1] < viewport.top + rows
        assert viewport.left == 0 or viewport.left + columns <= width
        assert viewport.top == 0 or viewport.top + rows <= height
