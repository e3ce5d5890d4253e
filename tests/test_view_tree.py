"""The page's views as trees under plain CPython, and the one patcher that writes them.

The views are functions of the session (game/page/view.py, timeline.py, summary.py);
these tests assert on the nodes they return, as `elm-explorations/test` queries a view,
and on the operations the patcher makes of two trees in a row.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from typing import Any

import fakepage  # noqa: F401 (connects the view's channel to a test bridge)
from game.community.replay_stats import replay_figures
from game.community.watch import replay_of
from game.page.board_view import view_marks, view_odds
from game.page.channel import PageEvent, page
from game.page.commands import CloseDialog, Copy, Download, Focus, OpenDialog, ScrollTo
from game.page.keys import PageKey, page_key
from game.page.model import BoardMode, Model, ReviewShown
from game.page.patcher import Patcher
from game.page.review_panel import can_review, item, view_review
from game.page.summary import view_summary
from game.page.timeline import view_timeline
from game.page.tree import Node, find, h
from game.page.view import view, view_counter, view_face, view_ready
from game.rules.board import Hidden
from game.rules.events import CellOpened, FlagToggled
from game.rules.layout import Layout
from game.session import Session
from game.session.query import GameRequest
from game.teacher.review import review_moves

LAYOUT = Layout.from_text("*...\n....\n..*.\n")
"""Mines at (0, 0) and (2, 2) on a 4x3 board."""


def session_after(*moves: CellOpened | FlagToggled) -> Session:
    """A session on the layout above after *moves*, a second apart."""
    session = Session.begin(GameRequest(LAYOUT.settings(), layout=LAYOUT), 0)
    for number, move in enumerate(moves):
        session = session.make(move, 1000.0 * number).session
    return session


def won() -> Session:
    """A session on the layout above, won by revealing each safe cell still hidden."""
    session = session_after()
    while not session.live.is_over():
        cells = session.live.board.cells
        safe = next(p for p in sorted(cells) if p not in LAYOUT.mines and type(cells[p]) is Hidden)
        session = session.make(CellOpened(safe), 1000.0 * len(session.history)).session
    return session


def fresh() -> Patcher:
    """Return a patcher for a page the view knows nothing of yet."""
    page.begin({"now": 0, "elements": {}, "storage": {"items": {}}})
    return Patcher()


def ops_of(tree: tuple[Node, ...], patcher: Patcher) -> list[list[Any]]:
    """Return the operations *patcher* makes to show *tree*."""
    page.ops.clear()
    patcher.show(tree)
    return list(json.loads(page.take())[1:])


class TestTimeline:
    def test_the_slider_stands_at_the_move_shown(self) -> None:
        """max counts the moves, value is the move shown, and the step says both."""
        session = session_after(CellOpened((3, 0)), FlagToggled((0, 0)), CellOpened((0, 1)))
        tree = view_timeline(session)
        slider = find(tree, "#history")
        assert (slider.prop("max"), slider.prop("value")) == ("3", "3")
        assert slider.attr("aria-valuetext") == "move 3 of 3"
        assert find(tree, "#step").text == "3 / 3"
        assert find(tree, "#past-band").prop("hidden") is True
        assert not find(tree, "body").has_class("past")

    def test_an_earlier_move_shows_the_past_and_what_a_move_drops(self) -> None:
        """Shown at move 1 of 3, the page is in the past, and the band says 2 moves go."""
        session = session_after(CellOpened((3, 0)), FlagToggled((0, 0)), CellOpened((0, 1)))
        tree = view_timeline(session.show(1))
        assert find(tree, "#history").prop("value") == "1"
        assert find(tree, "body").has_class("past")
        band = find(tree, "#past-band")
        assert band.prop("hidden") is False
        assert "drops the 2 moves after it" in band.text
        band = find(view_timeline(session.show(2)), "#past-band")
        assert "drops the move after it" in band.text

    def test_a_replay_file_shown_says_the_file_stays_as_it_was(self) -> None:
        """Issue 46, defect 8: a replay just opened said "a move made here ... drops the 193
        after it", which read as if the file would be overwritten. It says the file is not."""
        session = session_after(CellOpened((3, 0)), FlagToggled((0, 0)), CellOpened((0, 1)))
        watched = dataclasses.replace(session, watched=True).show(0)
        band = find(view_timeline(watched), "#past-band")
        assert band.prop("hidden") is False
        assert band.text.startswith("Viewing move 0 of 3 of the replay file:")
        assert "the file itself stays as it was" in band.text
        assert "drop" not in band.text

    def test_a_replay_presses_its_button_and_hides_the_band(self) -> None:
        """While the game plays back, the replay button is pressed and no band says 'past'."""
        session = session_after(CellOpened((3, 0)), CellOpened((0, 1))).start_replay()
        tree = view_timeline(session)
        assert find(tree, "#replay").attr("aria-pressed") == "true"
        assert find(tree, "#past-band").prop("hidden") is True


class TestCountersAndFace:
    def test_a_counter_shows_its_number_and_three_digits(self) -> None:
        """The number for scripts and screen readers; the classic digits beside it."""
        number, digits = view_counter("mines-left", -4)
        assert number.text == "-4"
        assert (digits.ref, digits.text) == ('?[data-for="mines-left"]', "-04")

    def test_the_face_follows_the_game_shown(self) -> None:
        """It smiles while playing and is lost after a mine."""
        assert view_face(session_after(CellOpened((3, 0)))).attr("data-face") == "smile"
        assert view_face(session_after(CellOpened((0, 0)))).attr("data-face") == "lost"


class TestSummary:
    def test_the_summary_is_hidden_while_playing(self) -> None:
        """No figures and no card before the game ends."""
        tree = view_summary(session_after(CellOpened((3, 0))), "", card_open=True, community=None)
        assert find(tree, "#summary").prop("hidden") is True
        assert find(tree, "#result").prop("hidden") is True

    def test_a_won_game_shows_its_figures_and_card(self) -> None:
        """The hooks of INTERFACES.md, the verdict, the card, and no flags (NF) said once."""
        session = won()
        tree = view_summary(session, "New best!", card_open=True, community=None)
        summary = find(tree, "#summary")
        assert summary.prop("hidden") is False
        assert summary.attr("data-3bv") == summary.attr("data-3bv-solved")
        assert summary.attr("data-nf") == "true"
        assert summary.attr("data-assisted") == "true"  # a known layout is an aid
        verdict = next(n for n in summary.walk() if n.attr("class") == "verdict")
        assert verdict.text.startswith("Won") and verdict.text.endswith("no flags (NF)")
        assert any(n.attr("class") == "best" and n.text == "New best!" for n in summary.walk())
        assert find(tree, "#result").prop("hidden") is False
        assert find(tree, "#result").attr("data-status") == "won"
        assert find(tree, "#result-verdict").text.endswith("New best!")

    def test_the_community_figures_show_once_computed(self) -> None:
        """Each named for tests to find; none before they are known."""
        session = session_after(CellOpened((0, 0)))
        before = find(view_summary(session, "", card_open=False, community=None), "#summary")
        box = next(n for n in before.walk() if n.attr("id") == "community-figures")
        assert box.children == ()
        figures = replay_figures(replay_of(session, None))
        after = find(view_summary(session, "", card_open=False, community=figures), "#summary")
        names = [n.attr("data-name") for n in after.walk() if n.attr("data-name")]
        assert "ZiNi" in names


class TestPatcher:
    def test_only_what_changed_is_written(self) -> None:
        """The same tree twice writes nothing the second time; one change, one write."""
        patcher = fresh()
        session = session_after(CellOpened((3, 0)))
        first = ops_of(view(Model(session)), patcher)
        assert ["set", "#step", "textContent", "1 / 1"] in first
        assert ops_of(view(Model(session)), patcher) == []
        again = ops_of(view(Model(session.show(0))), patcher)
        assert ["set", "#step", "textContent", "0 / 1"] in again
        assert ["class", "body", "toggle", "past", True] in again
        assert not [op for op in again if op[1] == "#mines-left"]

    def test_a_value_the_page_reported_is_written_back_when_it_differs(self) -> None:
        """A slider the player moved reports its value: the view's value is written again."""
        patcher = fresh()
        tree = (h("input", "#history", props={"value": "3"}),)
        assert ops_of(tree, patcher) == [["set", "#history", "value", "3"]]
        page.hear({"now": 0, "controls": {"history": {"value": "1"}}})
        patcher.show(tree)
        assert [op for op in page.ops if op[0] == "set"] == [["set", "#history", "value", "3"]]

    def test_children_are_patched_place_by_place(self) -> None:
        """A root that owns its children fills them once, then writes only what differs:
        an attribute added or dropped on one child, a child appended, those past the end
        removed."""
        patcher = fresh()
        items = [h("li", text="a"), h("li", text="b")]
        made = ops_of((h("ul", "#list", children=items),), patcher)
        assert made[0] == ["empty", "#list"]
        assert ["set", "$1", "textContent", "a"] in made
        assert ["append", "#list", "$2"] in made
        assert ops_of((h("ul", "#list", children=items),), patcher) == []
        current = [items[0], h("li", attrs={"aria-current": "step"}, text="b")]
        assert ops_of((h("ul", "#list", children=current),), patcher) == [
            ["attr", "$2", "aria-current", "step"]
        ]
        grown = [*items, h("li", text="c")]
        assert ops_of((h("ul", "#list", children=grown),), patcher) == [
            ["attr", "$2", "aria-current", None],
            ["create", "$3", "li"],
            ["set", "$3", "textContent", "c"],
            ["append", "#list", "$3"],
        ]
        assert ops_of((h("ul", "#list", children=[]),), patcher) == [
            ["call", "$1", "remove"],
            ["call", "$2", "remove"],
            ["call", "$3", "remove"],
        ]


class TestReview:
    def test_each_move_is_an_item_with_the_contract_attributes(self) -> None:
        """data-move, data-verdict, data-risk (12 digits), and aria-current on the move shown."""
        session = won()
        moves = list(review_moves(session.history))
        first = item(moves[0], True)
        assert first.attr("data-move") == "1"
        verdict = moves[0].verdict
        assert first.attr("data-verdict") == ("unjudged" if verdict is None else verdict.value)
        assert len((first.attr("data-risk") or "").split(".")[-1]) >= 9
        assert first.attr("aria-current") == "step"
        assert item(moves[1], False).attr("aria-current") is None

    def test_only_a_finished_or_watched_game_can_be_reviewed(self) -> None:
        """The button stays off while the game is played."""
        assert not can_review(session_after(CellOpened((3, 0))))
        assert can_review(won())

    def test_the_panel_lists_the_moves_and_marks_the_one_shown(self) -> None:
        """Open at step 1 of a reviewed game: every move listed, the second one current."""
        session = won()
        moves = tuple(review_moves(session.history))
        tree = view_review(session.show(1), ReviewShown(True, session.history, moves))
        assert find(tree, "#review-panel").prop("hidden") is False
        listed = find(tree, "#review-list").children or ()
        assert [n.attr("data-move") for n in listed] == [str(m.number) for m in moves]
        assert [n.attr("aria-current") for n in listed][:2] == [None, "step"]
        assert find(tree, "#review-summary").text != ""


class TestModel:
    def test_flag_mode_presses_its_button_and_marks_the_page(self) -> None:
        """The button's aria-pressed and the body's class follow the model's flag mode."""
        session = session_after()
        on = view(Model(session, flag_mode=True))
        assert find(on, "#flag-mode").attr("aria-pressed") == "true"
        body = [n for n in on if n.ref == "body"]
        assert any(n.has_class("flag-mode") for n in body)
        off = view(Model(session))
        assert find(off, "#flag-mode").attr("aria-pressed") == "false"
        assert not any(n.has_class("flag-mode") for n in off if n.ref == "body")


class TestCommands:
    def test_commands_become_the_page_s_operations_in_order(self) -> None:
        """Focus, dialogs, a scroll, the clipboard and a file, as js/host.js applies them."""
        patcher = fresh()
        page.ops.clear()
        patcher.run(
            (
                OpenDialog("stats"),
                Focus("stats-mode"),
                ScrollTo("?#review-list [data-move='2']"),
                Copy("Daily 9x9"),
                Download("records.json", "{}"),
                CloseDialog("stats"),
            )
        )
        assert page.ops == [
            ["call", "#stats", "showModal"],
            ["call", "#stats-mode", "focus"],
            ["call", "?#review-list [data-move='2']", "scrollIntoView", {"block": "nearest"}],
            ["clipboard", "Daily 9x9"],
            ["download", "records.json", "{}", "application/json"],
            ["call", "#stats", "close"],
        ]


class TestBoardOverlays:
    def test_marks_come_and_go_as_a_group(self) -> None:
        """A cell marked gets its class; marked no more, it loses it; a proof is an attribute;
        the same group again writes nothing."""
        patcher = fresh()
        first = view_marks({(1, 0): "hint-safe", (2, 0): "proof"})
        made = ops_of((first,), patcher)
        assert ["class", "@1,0", "toggle", "hint-safe", True] in made
        assert ["attr", "@2,0", "data-proof", "true"] in made
        assert ops_of((first,), patcher) == []
        moved = ops_of((view_marks({(1, 0): "hint-mine"}),), patcher)
        assert sorted(moved) == sorted(
            [
                ["class", "@1,0", "toggle", "hint-safe", False],
                ["class", "@1,0", "toggle", "hint-mine", True],
                ["attr", "@2,0", "data-proof", None],
            ]
        )

    def test_odds_write_the_exact_chance_and_a_tint(self) -> None:
        """Each cell's chance to 12 digits, as a percentage, and its tint; cleared when off."""
        patcher = fresh()
        made = ops_of((view_odds({(0, 0): Fraction(1, 3)}),), patcher)
        assert ["attr", "@0,0", "data-probability", "0.333333333333"] in made
        assert ["style", "@0,0", "setProperty", "--risk", "0.333"] in made
        cleared = ops_of((view_odds({}),), patcher)
        assert ["style", "@0,0", "removeProperty", "--risk"] in cleared
        assert ["attr", "@0,0", "data-p", None] in cleared


class TestBoardMode:
    def test_a_study_names_itself_and_counts_its_own_board(self) -> None:
        """On a position, the selector says so, its panel shows, and the counter is its own."""
        session = session_after()
        position = session_after(FlagToggled((0, 0))).shown
        tree = view(Model(session, mode=BoardMode.POSITION, on_board=position))
        assert find(tree, "#difficulty").prop("value") == "position"
        assert find(tree, "#analysis").prop("hidden") is False
        assert find(tree, "#puzzle").prop("hidden") is True
        assert find(tree, "#mines-left").text == "1"
        assert find(view(Model(session)), "#mines-left").text == "2"

    def test_a_puzzle_shows_nothing_of_the_game_it_replaced(self) -> None:
        """Issue 46, defect 2: after a win the puzzle had the won card, face, slider and
        summary. A puzzle's model draws the game's parts as for a game not begun."""
        session = won()
        shown = Model(session, mode=BoardMode.PUZZLE, card_open=True, aid_note="Hint used")
        tree = view(shown)
        assert find(tree, "#reset").attr("data-face") == "smile"
        assert find(tree, "#result").prop("hidden") is True
        assert find(tree, "#summary").prop("hidden") is True
        assert find(tree, "#history").prop("max") == "0"
        assert find(tree, "#step").text == "0 / 0"
        assert find(tree, "#assist-badge").prop("hidden") is True
        assert find(tree, "#aid-note").prop("hidden") is True
        assert find(tree, "#review").attr("disabled") == ""
        assert (
            find(view(dataclasses.replace(shown, mode=BoardMode.GAME)), "#reset").attr("data-face")
            == "won"
        )


class TestReadyAndKeys:
    def test_the_page_answers_once_started_with_the_mode_s_controls(self) -> None:
        """Nothing is enabled while loading; then every control, or a study's few."""
        session = session_after()
        assert view_ready(Model(session)) == ()
        game = view(Model(session, started="fresh"))
        assert find(game, "#hint").attr("disabled") is None
        assert [n.attr("data-ready") for n in game if n.ref == "body" and n.attrs][-1] == "true"
        puzzle = view_ready(Model(session, started="fresh", mode=BoardMode.PUZZLE))
        assert find(puzzle, "#hint").attr("disabled") == ""
        assert find(puzzle, "#copy-link").attr("disabled") == ""
        assert find(puzzle, "#daily").attr("disabled") is None

    def test_keys_ask_undo_a_new_game_or_close_outside_text_fields(self) -> None:
        """Ctrl+Z and Cmd+Z undo, F2 and N start anew, Escape closes; typing asks nothing."""

        def key(name: str, *, ctrl: bool = False, meta: bool = False, tag: str = "BODY") -> Any:
            message = {
                "type": "keydown", "key": name, "ctrlKey": ctrl, "metaKey": meta,
                "altKey": False, "button": 0,
                "target": {"id": "", "tagName": tag, "type": "", "move": None},
            }  # fmt: skip
            return page_key(PageEvent(message, None))

        assert key("z", ctrl=True) is key("Z", meta=True) is PageKey.UNDO
        assert key("F2") is key("n") is PageKey.NEW_GAME
        assert key("Escape") is PageKey.CLOSE
        assert key("n", tag="INPUT") is None and key("z") is None
