"""Touch gestures as a function of events with their times (js/gestures.js, under Node).

Each threshold is tried on both sides with made-up times: the long press (a wake-up or
a lifting 1 ms before it and at it), the slop a resting finger may drift, the double
tap's window. What the page does with the answers, in Chromium with touch, is
tests/browser/test_controls.py's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.page.controls import FLAG_MODE_STYLES
from helpers import run_js

CELL = [2, 1]
OTHER = [5, 5]


def down(t: int, cell: list[int] = CELL, look: str = "hidden", pid: int = 1) -> dict[str, Any]:
    return {"type": "down", "t": t, "id": pid, "px": 100, "py": 100, "cell": cell, "look": look}


def move(t: int, dx: float, dy: float, pid: int = 1) -> dict[str, Any]:
    return {"type": "move", "t": t, "id": pid, "px": 100 + dx, "py": 100 + dy}


def up(t: int, pid: int = 1) -> dict[str, Any]:
    return {"type": "up", "t": t, "id": pid}


def wake(t: int) -> dict[str, Any]:
    return {"type": "wake", "t": t}


def answers(style: str, *events: dict[str, Any], long_ms: int = 450) -> list[dict[str, Any]]:
    """Return what `step` answers to each of *events* in turn, from no gesture."""
    script = f"""(() => {{
      const touching = {{style: {json.dumps(style)}, longPressMs: {long_ms}}};
      let gesture = m.IDLE;
      return {json.dumps(events)}.map(event => {{
        const answer = m.step(gesture, event, touching);
        gesture = answer.gesture;
        return {{intents: answer.intents, ring: answer.ring, buzz: answer.buzz,
                 wake: answer.wake}};
      }});
    }})()"""
    return run_js("gestures.js", script)  # type: ignore[no-any-return]


def intents(style: str, *events: dict[str, Any], long_ms: int = 450) -> list[list[Any]]:
    """Return every intent *events* ask, in order."""
    return [i for a in answers(style, *events, long_ms=long_ms) for i in a["intents"]]


class TestLongPress:
    def test_a_finger_lifted_1_ms_before_the_long_press_taps(self) -> None:
        """Held 449 ms of 450: a tap, which opens in the default style."""
        assert intents("tap-reveal", down(0), up(449)) == [["open", CELL]]

    def test_the_wake_up_at_the_long_press_flags_while_the_finger_rests(self) -> None:
        """A wake-up at 449 ms does nothing and asks for 450; at 450 it flags and buzzes, the
        ring goes, and the lifting asks nothing more."""
        first, early, due, lifted = answers(
            "tap-reveal", down(1000), wake(1449), wake(1450), up(1600)
        )
        assert first == {"intents": [], "ring": CELL, "buzz": False, "wake": 1450}
        assert early == {"intents": [], "ring": CELL, "buzz": False, "wake": 1450}
        assert due == {"intents": [["flag", CELL]], "ring": None, "buzz": True, "wake": None}
        assert lifted["intents"] == [] and lifted["ring"] is None

    def test_a_lifting_at_the_long_press_before_any_wake_up_is_a_long_press(self) -> None:
        """A late timer changes nothing: lifted at 450 ms, the press flags (and buzzes)."""
        lifted = answers("tap-reveal", down(0), up(450))[-1]
        assert lifted["intents"] == [["flag", CELL]] and lifted["buzz"] is True

    @pytest.mark.parametrize(("held", "asked"), [(199, "flag"), (200, "open"), (201, "open")])
    def test_tap_flag_opens_on_a_long_press_of_the_chosen_length(
        self, held: int, asked: str
    ) -> None:
        """With the long press set to 200 ms, tap-flag flags below it and opens from it."""
        assert intents("tap-flag", down(0), wake(held), up(held), long_ms=200) == [[asked, CELL]]

    def test_a_flag_is_lifted_by_a_long_press_and_a_number_is_never_held(self) -> None:
        """tap-reveal's long press unflags a flag; on a number no ring fills, and a hold of
        any length is a tap: it chords."""
        assert intents("tap-reveal", down(0, look="flagged"), wake(450)) == [["flag", CELL]]
        held = answers("tap-reveal", down(0, look="revealed"), wake(5000), up(5000))
        assert held[0]["ring"] is None and held[0]["wake"] is None
        assert [i for a in held for i in a["intents"]] == [["open", CELL]]

    def test_tap_flag_holds_only_a_hidden_cell_to_open_it(self) -> None:
        """tap-flag: a tap flags or unflags; a flag is not opened by holding it (a tap
        unflags it); a tap on a number chords."""
        assert intents("tap-flag", down(0), up(100)) == [["flag", CELL]]
        assert intents("tap-flag", down(0, look="flagged"), wake(900), up(900)) == [["flag", CELL]]
        assert intents("tap-flag", down(0, look="revealed"), up(50)) == [["open", CELL]]


class TestSlop:
    def test_a_finger_may_drift_up_to_the_slop(self) -> None:
        """8 px is still resting: the long press flags."""
        assert intents("tap-reveal", down(0), move(100, 8, 0), wake(450)) == [["flag", CELL]]

    def test_a_finger_moving_beyond_the_slop_asks_nothing(self) -> None:
        """Just past 8 px (diagonally: 8.49 px) the press is a pan: no ring, no wake-up, no
        flag, and its lifting is not a tap."""
        moved = answers("tap-reveal", down(0), move(100, 6, 6), wake(450), up(500))
        assert moved[1] == {"intents": [], "ring": None, "buzz": False, "wake": None}
        assert [i for a in moved for i in a["intents"]] == []

    def test_a_second_finger_is_a_pinch(self) -> None:
        """A second finger ends the press: neither lifting asks anything."""
        assert intents("tap-reveal", down(0), down(50, OTHER, pid=2), up(100), up(120, 2)) == []

    def test_the_browser_taking_the_touch_cancels_it(self) -> None:
        assert intents("tap-reveal", down(0), {"type": "cancel", "t": 60}, wake(450), up(500)) == []


class TestDoubleTap:
    def test_a_second_tap_inside_the_window_opens(self) -> None:
        """The first tap (ended at 50) waits; a second starting at 349, 1 ms inside the 300 ms
        window, opens the cell and nothing is flagged."""
        waited = answers("double-tap", down(0), up(50))
        assert waited[-1]["intents"] == [] and waited[-1]["wake"] == 350
        assert intents("double-tap", down(0), up(50), down(349), up(420)) == [["open", CELL]]

    def test_a_second_tap_at_the_window_is_two_taps(self) -> None:
        """Starting at 350, the window has passed: the first tap flags, and the second waits
        to flag again (two taps take the flag off)."""
        events = (down(0), up(50), down(350), up(400), wake(700))
        assert intents("double-tap", *events) == [["flag", CELL], ["flag", CELL]]

    def test_a_single_tap_flags_when_the_window_ends(self) -> None:
        """A wake-up 1 ms before the window's end does nothing; at its end the cell flags."""
        assert intents("double-tap", down(0), up(50), wake(349)) == []
        assert intents("double-tap", down(0), up(50), wake(350)) == [["flag", CELL]]

    def test_a_tap_elsewhere_flags_the_first_at_once(self) -> None:
        """Another cell touched inside the window: the first tap was single, it flags now."""
        asked = answers("double-tap", down(0), up(50), down(100, OTHER))
        assert asked[-1]["intents"] == [["flag", CELL]]

    def test_a_number_chords_at_the_first_tap(self) -> None:
        assert intents("double-tap", down(0, look="revealed"), up(50)) == [["open", CELL]]

    def test_a_second_tap_that_pans_leaves_the_first_a_single_tap(self) -> None:
        events = (down(0), up(50), down(200), move(250, 0, 20), wake(350))
        assert intents("double-tap", *events) == [["flag", CELL]]


def test_toggle_taps_whatever_the_hold() -> None:
    """toggle: no long press, no ring; a finger resting two seconds then lifted is a tap,
    which does what the Flag mode button says (Python's primary action)."""
    held = answers("toggle", down(0), wake(2000), up(2000))
    assert held[0]["ring"] is None and held[0]["wake"] is None
    assert [i for a in held for i in a["intents"]] == [["open", CELL]]


def test_the_styles_and_the_long_press_range() -> None:
    """The four styles of INTERFACES.md, the default first, and the range 150 to 1000 ms."""
    assert run_js("gestures.js", "[m.TOUCH_STYLES, m.LONG_PRESS_MS]") == [
        ["tap-reveal", "tap-flag", "double-tap", "toggle"],
        {"min": 150, "max": 1000, "standard": 450},
    ]


def test_python_knows_which_styles_show_flag_mode() -> None:
    """game/page/controls.py turns Flag mode off in the styles js/gestures.js shows it not in."""
    assert run_js("gestures.js", "m.FLAG_MODE_STYLES") == list(FLAG_MODE_STYLES)
