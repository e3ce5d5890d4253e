"""The browser view: the only module that touches the DOM (loaded by the page, not by tests).

Startup path: PyScript runs this file as the page's script, so it imports
only the core. It turns DOM events into moves and game states into DOM
changes: a new board is one `innerHTML` assignment, and a move replaces only
the buttons whose rendering changed (each crossing of the Python-JS boundary
costs time, so a move makes one or two per changed cell and no more).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from typing import Any, TypeVar

from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from game.board import Hidden, Position, Revealed
from game.charts import histogram_svg, trend_svg
from game.events import CellOpened, FlagToggled, Move, NeighboursOpened
from game.history import History
from game.query import DEFAULT, GameRequest, request_from_query
from game.record import GameRecord
from game.records import Records, Result, mode_key, mode_label
from game.render import changed_positions, render_board, render_cell
from game.settings import PRESETS, FirstClick, Settings, SettingsError
from game.solver import analyse
from game.state import Game, Status, problem
from game.stats import Figures, figures
from game.text import Layout, format_position
from game.versioned import MAX_BYTES

CONTROLS = (
    "difficulty", "flag-mode", "reset", "history", "undo", "replay", "copy-link",
    "download", "open-file", "hint", "autoplay", "autoplay-run", "overlay", "daily", "stats-open",
    "noguess",
)  # fmt: skip
"""The controls that stay disabled until Python is ready to answer them."""

REBUILD_SHARE = 4
"""Rebuild the whole board in one DOM operation when more than 1/REBUILD_SHARE of it changed.

Each patched cell costs two crossings of the Python-JS boundary and a small
parse; past about a quarter of the board, one `innerHTML` of the whole grid
is cheaper (measured by bench/page.py on a 100x100 opening).
"""

SAVE_KEY = "pyminesweeper.game"
"""Where the current game is kept in localStorage (unreadable data moves to '….unreadable')."""

RECORDS_KEY = "pyminesweeper.records"
"""Where the player's records are kept (unreadable data moves to '….unreadable')."""

ANALYSIS_BUDGET = 40_000
"""Steps the solver may take on one position in the page: about three times the hardest
expert position met in 30 solver games (16,700 steps, 48 ms in CPython), so the page
answers within a few hundred milliseconds in Pyodide or says the position is too large."""

REPLAY_STEP_MS = 450
"""Pace of the replay: slow enough to follow each move."""

LONG_PRESS_MS = 450
"""How long a touch must rest on a cell to flag it."""

JsEvent = Any
"""A DOM event proxy; the FFI gives no static types."""

T = TypeVar("T")

_ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(2**32)


def _by_id(name: str) -> Any:
    return document.getElementById(name)


def _today() -> str:
    """Return the player's local date as YYYY-MM-DD: the day of the daily board."""
    now = window.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"


def _store(key: str, text: str) -> bool:
    """Keep *text* in localStorage; return False if the browser refuses (full or disabled)."""
    try:
        window.localStorage.setItem(key, text)
    except Exception:  # storage full or disabled: playing matters more than saving
        return False
    return True


def _stored(key: str, read: Callable[[str], T], what: str) -> tuple[T | None, str | None]:
    """Return what is kept under *key*, or None and a notice if it cannot be read.

    Unreadable data is set aside under another key, never silently lost.
    """
    text = window.localStorage.getItem(key)
    if not isinstance(text, str):  # JS null arrives as pyodide's jsnull, not None
        return None, None
    try:
        return read(str(text)), None
    except ValueError as error:
        window.localStorage.setItem(key + ".unreadable", text)
        window.localStorage.removeItem(key)
        return None, f"Your {what} could not be read ({error}); it was set aside."


def _save_file(name: str, text: str) -> None:
    """Offer *text* to the player as a JSON file called *name*."""
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.click()
    window.URL.revokeObjectURL(url)


async def _chosen_file(event: JsEvent) -> tuple[str, str] | str | None:
    """Return the name and text of the file picked in a file input, a refusal, or None."""
    chooser = event.target
    if not chooser.files.length:
        return None
    file = chooser.files.item(0)
    name = str(file.name)
    chooser.value = ""
    if file.size > MAX_BYTES:
        return f"Could not open {name}: the file is too large."
    return name, str(await file.text())


class Repeater:
    """A step repeated at a readable pace, switched by one toggle button.

    The button's `aria-pressed` tells whether it runs (the replay, the
    solver playing on).
    """

    def __init__(self, button: str, step: Callable[[], None]) -> None:
        self.button = button
        self.step = step
        self.timer: Any = None
        self.proxy: Any = None

    @property
    def running(self) -> bool:
        """Whether the step is being repeated."""
        return self.timer is not None

    def start(self) -> None:
        """Repeat the step every `REPLAY_STEP_MS`."""
        self.proxy = create_proxy(self.step)
        self.timer = window.setInterval(self.proxy, REPLAY_STEP_MS)
        _by_id(self.button).setAttribute("aria-pressed", "true")

    def stop(self) -> None:
        """Stop repeating, if it is."""
        if self.timer is not None:
            window.clearInterval(self.timer)
            self.timer = None
            self.proxy.destroy()
            _by_id(self.button).setAttribute("aria-pressed", "false")


class Page:
    """The game on the page: the current history and what the DOM shows of it."""

    def __init__(self) -> None:
        self.board_el = _by_id("board")
        self.slots: Any = None  # the gridcell of each cell, in row order; never replaced
        self.request: GameRequest = DEFAULT
        self.history = History(DEFAULT.start(_fresh_seed()))
        self.step = 0
        """The move shown: len(history) unless the slider is back in time."""
        self.view = self.history.current
        self.times: list[int] = []
        self.explosions = 0
        self.assisted = False
        self.counted = False
        """Whether this game's end is in the records already (a game counts once)."""
        self.records = Records()
        self.best_note = ""
        self.figures_of: tuple[History, Figures] | None = None
        """The last finished history and its figures: the summary and the records share them."""
        self.confirming: str | None = None
        """The mode whose records the player is asked to confirm resetting."""
        self.replayer = Repeater("replay", self.replay_tick)
        self.solver_player = Repeater("autoplay-run", self.solver_tick)
        self.hinted: list[Any] = []
        self.overlay = False
        self.shown: Game | None = None
        self.focus: Position = (0, 0)
        self.flag_mode = False
        self.started_at: float | None = None
        self.elapsed_ms = 0.0
        self.shown_seconds = -1
        self.pressed: list[Any] = []
        self.press_timer: Any = None
        self.long_pressed = False
        self.last_pointer = "mouse"
        self._proxies: list[Any] = []

    # -- set-up --------------------------------------------------------------------------

    def listen(self, element: Any, event: str, handler: Any) -> None:
        """Attach *handler* to *event* on *element*, keeping its proxy alive."""
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    def start(self) -> None:
        """Read the URL, wire the controls, build the first board, and tell tests we are ready."""
        request, message = request_from_query(str(window.location.search))
        board = self.board_el
        for event, handler in (
            ("click", self.on_cell_click),
            ("auxclick", self.on_cell_aux_click),
            ("contextmenu", self.on_context_menu),
            ("mousedown", self.on_mouse_down),
            ("keydown", self.on_key_down),
            ("pointerdown", self.on_pointer_down),
            ("focusin", self.on_focus_in),
        ):
            self.listen(board, event, handler)
        for event in ("pointerup", "pointercancel", "pointerleave"):
            self.listen(board, event, self.on_pointer_end)
        self.listen(document, "mouseup", self.on_mouse_up)
        self.listen(_by_id("reset"), "click", lambda _e: self.new_game(self.request))
        self.listen(_by_id("difficulty"), "change", self.on_difficulty)
        self.listen(_by_id("custom"), "submit", self.on_custom_submit)
        self.listen(_by_id("flag-mode"), "click", lambda _e: self.set_flag_mode(not self.flag_mode))
        self.listen(_by_id("history"), "input", self.on_slider)
        self.listen(_by_id("undo"), "click", lambda _e: self.undo())
        self.listen(_by_id("replay"), "click", lambda _e: self.toggle_replay())
        self.listen(_by_id("copy-link"), "click", lambda _e: self.copy_link())
        self.listen(_by_id("download"), "click", lambda _e: self.download())
        self.listen(_by_id("open-file"), "change", self.on_open_file)
        self.listen(_by_id("hint"), "click", lambda _e: self.hint())
        self.listen(_by_id("autoplay"), "click", lambda _e: self.solver_move())
        self.listen(_by_id("autoplay-run"), "click", lambda _e: self.toggle_solver())
        self.listen(_by_id("overlay"), "click", lambda _e: self.toggle_overlay())
        self.listen(_by_id("daily"), "click", lambda _e: self.daily_game())
        self.listen(_by_id("noguess"), "change", lambda _e: self.on_no_guess())
        self.listen(_by_id("stats-open"), "click", lambda _e: self.toggle_stats())
        self.listen(_by_id("stats-close"), "click", lambda _e: self.toggle_stats())
        self.listen(_by_id("stats-mode"), "change", lambda _e: self.show_stats())
        self.listen(_by_id("stats-export"), "click", lambda _e: self.export_records())
        self.listen(_by_id("stats-import"), "change", self.on_import_records)
        self.listen(_by_id("stats-reset"), "click", lambda _e: self.ask_reset())
        self.listen(_by_id("stats-reset-yes"), "click", lambda _e: self.reset_records())
        self.listen(_by_id("stats-reset-no"), "click", lambda _e: self.cancel_reset())
        self.listen(document, "keydown", self.on_page_key)
        # The clock runs between moves too: keep its time when the page goes away.
        self.listen(window, "pagehide", lambda _e: self.save())
        self.listen(document, "visibilitychange", lambda _e: self.save())
        self.tick_proxy = create_proxy(self.tick)
        window.setInterval(self.tick_proxy, 250)
        bare = str(window.location.search) in ("", "?")
        records, records_notice = _stored(RECORDS_KEY, Records.from_json, "records")
        self.records = records or Records()
        saved, notice = _stored(SAVE_KEY, GameRecord.from_json, "saved game")
        if saved is not None and (bare or (message is None and is_same_game(request, saved))):
            self.load(request_for(saved) if bare else request, saved)
            if len(self.history):
                notice = "Welcome back: your game was restored."
        else:
            self.new_game(request)
        notes = (message, notice, records_notice, self.daily_note())
        self.say(" ".join(m for m in notes if m))
        for name in CONTROLS:
            _by_id(name).removeAttribute("disabled")
        document.body.setAttribute("data-ready", "true")

    # -- games ---------------------------------------------------------------------------

    def new_game(self, request: GameRequest) -> None:
        """Start a new game for *request*, rebuilding the board in one DOM operation."""
        record = GameRecord(History(request.start(_fresh_seed())), daily=request.daily)
        self.load(request, record)
        self.save()
        self.say(self.daily_note())

    def daily_game(self) -> None:
        """Start today's board of the current preset (beginner for other games)."""
        name = self.request.settings.preset_name() if self.request.layout is None else None
        self.new_game(GameRequest.for_day(name or "beginner", _today()))

    def daily_note(self) -> str:
        """Describe the daily board being played, if it is one."""
        day = self.request.daily
        if day is None:
            return ""
        name = str(self.request.settings.preset_name())
        if self.records.is_daily_done(name, day):
            return f"Daily {name} board of {day}: already played, so this game will not count."
        return f"Daily {name} board of {day}: the same board for every player that day."

    def load(self, request: GameRequest, record: GameRecord, *, step: int | None = None) -> None:
        """Show the game of *record* (at *step*, or its last move) and rebuild the board."""
        self.replayer.stop()
        self.solver_player.stop()
        self.request = request
        self.history = record.history
        self.times = list(record.times)
        self.explosions = record.explosions
        self.assisted = record.assisted
        self.counted = record.counted
        self.best_note = ""
        self.elapsed_ms = float(record.elapsed_ms)
        self.started_at = None
        self.focus = (0, 0)
        self.shown = None
        self.show_step(len(self.history) if step is None else step)
        self.sync_clock()
        self.sync_controls()

    def record(self) -> GameRecord:
        """Return the current game as a record."""
        return GameRecord(
            self.history,
            tuple(self.times),
            int(self.elapsed()),
            self.explosions,
            self.assisted,
            self.counted,
            self.request.daily,
        )

    def save(self) -> None:
        """Keep the current game in localStorage, so a reload resumes it."""
        if not _store(SAVE_KEY, self.record().to_json()):
            self.say("This browser would not store the game; it will not survive a reload.")

    def save_records(self) -> None:
        """Keep the records in localStorage."""
        if not _store(RECORDS_KEY, self.records.to_json()):
            self.say("This browser would not store your records; export them to keep them.")

    @property
    def mode(self) -> str:
        """The records mode of the current game."""
        return mode_key(self.request.settings, daily=self.request.daily is not None)

    def end_figures(self) -> Figures:
        """Return the finished game's figures, computed once per game end (3BV walks the board)."""
        if self.figures_of is None or self.figures_of[0] is not self.history:
            self.figures_of = (self.history, figures(self.history, self.elapsed_ms / 1000))
        return self.figures_of[1]

    def count_result(self) -> None:
        """Add the game that just ended to the records, once, and note a new best."""
        if self.counted:
            return
        self.counted = True
        request = self.request
        name = request.settings.preset_name()
        if request.daily is not None and self.records.is_daily_done(str(name), request.daily):
            return
        numbers = self.end_figures()
        won = self.history.current.status is Status.WON
        assisted = self.assisted or request.layout is not None
        result = Result(
            won,
            round(self.elapsed_ms),
            numbers.three_bv,
            numbers.clicks,
            numbers.useful,
            assisted,
            _today(),
        )
        before = self.records.get(self.mode)
        self.records = self.records.add(self.mode, result, request.daily)
        self.save_records()
        if won and not assisted and before.won and result.ms < (before.best_ms or 0):
            self.best_note = f"New best time for {mode_label(self.mode).lower()}!"
        self.sync_daily()
        if not _by_id("stats").hidden:
            self.show_stats(self.mode)

    def sync_controls(self) -> None:
        """Make the difficulty selector and custom form show the current settings."""
        settings = self.request.settings
        name = settings.preset_name() if self.request.layout is None else "layout"
        _by_id("difficulty").value = name or "custom"
        _by_id("custom").hidden = name is not None
        for field, value in (
            ("custom-width", settings.width),
            ("custom-height", settings.height),
            ("custom-mines", settings.mines),
        ):
            _by_id(field).value = str(value)
        _by_id("custom-first").value = settings.first_click.value
        _by_id("noguess").checked = settings.no_guess
        self.sync_daily()

    def sync_daily(self) -> None:
        """Mark the daily board button as done once today's board of this preset was played."""
        name = self.request.settings.preset_name() or "beginner"
        done = self.records.is_daily_done(name, _today())
        button = _by_id("daily")
        button.setAttribute("data-done", "true" if done else "false")
        state = "played today" if done else "not played yet today"
        button.setAttribute("aria-label", f"Daily board ({name}, {state})")

    @property
    def game(self) -> Game:
        """The game as shown: the live state, or a past one while the slider is back."""
        return self.view

    def show_step(self, step: int) -> None:
        """Show the game as it was after *step* moves, and move the slider there."""
        self.step = step
        self.view = self.history.state_at(step)
        slider = _by_id("history")
        slider.max = str(len(self.history))
        slider.value = str(step)
        _by_id("step").textContent = f"{step} / {len(self.history)}"
        document.body.classList.toggle("past", step < len(self.history))
        self.clear_hints()
        self.render()
        self.show_summary()
        if self.overlay:
            self.show_odds()

    def toggle_overlay(self) -> None:
        """Show or hide every hidden cell's mine probability."""
        self.overlay = not self.overlay
        _by_id("overlay").setAttribute("aria-pressed", "true" if self.overlay else "false")
        if self.overlay:
            self.assisted = True
            self.show_odds()
        else:
            for button in self.board_el.querySelectorAll("[data-p]"):
                button.removeAttribute("data-p")
                button.style.removeProperty("--risk")

    def show_odds(self) -> None:
        """Write each hidden cell's exact mine probability on it, as a colour and a percentage."""
        game = self.game
        for button in self.board_el.querySelectorAll("[data-p]"):
            button.removeAttribute("data-p")
        if game.is_over():
            return
        try:
            odds = analyse(format_position(game), budget=ANALYSIS_BUDGET).probabilities
        except ValueError as error:
            self.say(f"No odds: {error}.")
            return
        for pos, p in odds.items():
            button = self.button_at(pos)
            button.setAttribute("data-p", f"{p:.0%}")
            button.style.setProperty("--risk", f"{p:.3f}")

    def show_summary(self) -> None:
        """Show the finished game's figures in `#summary`, or hide it while a game runs."""
        summary = _by_id("summary")
        game = self.game
        if self.step < len(self.history) or not game.is_over():
            summary.hidden = True
            return
        numbers = self.end_figures()
        won = game.status is Status.WON
        verdict = "Won" if won else "Lost"
        if self.assisted:
            verdict += " (assisted)"
        items = (
            ("time", f"{numbers.seconds:.3f} s"),
            ("3BV", str(numbers.three_bv)),
            ("3BV/s", f"{numbers.three_bv_per_second:.2f}" if numbers.seconds else "–"),
            ("clicks", str(numbers.clicks)),
            ("useful / wasted", f"{numbers.useful} / {numbers.wasted}"),
            ("efficiency", f"{numbers.efficiency:.0%}"),
        )
        best = f'<p class="best">{self.best_note}</p>' if self.best_note else ""
        # Only numbers and fixed words (mode labels are built from validated names): safe as HTML.
        summary.innerHTML = (
            f'<p class="verdict">{verdict}</p>'
            + "".join(
                f'<p class="figure"><b>{value}</b><span>{name}</span></p>' for name, value in items
            )
            + best
        )
        summary.setAttribute("data-3bv", str(numbers.three_bv))
        summary.setAttribute("data-time-ms", str(round(numbers.seconds * 1000)))
        summary.hidden = False

    def clear_hints(self) -> None:
        """Remove the solver's marks from the board."""
        for button in self.hinted:
            button.classList.remove("hint-safe", "hint-guess", "hint-mine")
        self.hinted.clear()

    def hint(self) -> None:
        """Mark the solver's next move: a safe cell, or the best guess; and every certain mine."""
        game = self.game
        if game.is_over():
            return
        try:
            analysis = analyse(format_position(game), budget=ANALYSIS_BUDGET)
        except ValueError as error:  # a flagged contradiction, or a position too large
            self.say(f"No hint: {error}.")
            return
        self.clear_hints()
        self.assisted = True
        for cell, p in analysis.probabilities.items():
            if p == 1:
                self.mark(cell, "hint-mine")
        best = analysis.best
        if best is None:
            return
        risk = analysis.probabilities[best]
        self.mark(best, "hint-safe" if risk == 0 else "hint-guess")
        x, y = best
        where = f"row {y + 1}, column {x + 1}"
        if risk == 0:
            self.say(f"Safe: {where}.")
        elif analysis.win_chance is None:
            self.say(f"Best guess: {where} ({risk:.0%} risk).")
        else:  # searched to the end: say why a riskier cell may be the better guess
            self.say(
                f"Best guess: {where} ({risk:.0%} risk; with best play from here"
                f" the game is won {float(analysis.win_chance):.0%} of the time)."
            )

    def mark(self, pos: Position, name: str) -> None:
        """Put the hint class *name* on the cell at *pos*."""
        button = self.button_at(pos)
        button.classList.add(name)
        self.hinted.append(button)

    def solver_move(self) -> bool:
        """Let the solver make one move; return whether it could."""
        game = self.game
        if game.is_over():
            return False
        try:
            best = analyse(format_position(game), budget=ANALYSIS_BUDGET).best
        except ValueError as error:
            self.say(f"The solver cannot move: {error}.")
            return False
        if best is None:
            return False
        self.assisted = True
        self.make(CellOpened(best))
        return True

    def toggle_solver(self) -> None:
        """Let the solver play on at a pace the eye can follow, or stop it."""
        if self.solver_player.running:
            self.solver_player.stop()
        else:
            self.solver_player.start()

    def solver_tick(self) -> None:
        """One step of the solver's play; stop when the game ends."""
        if not self.solver_move() or self.game.is_over():
            self.solver_player.stop()

    def sync_clock(self) -> None:
        """Run the clock while the live game is in play; stop it otherwise."""
        now = float(window.performance.now())
        playing = self.history.current.status is Status.PLAYING
        if playing and self.started_at is None:
            self.started_at = now - self.elapsed_ms
        elif not playing and self.started_at is not None:
            self.elapsed_ms = now - self.started_at
            self.started_at = None

    def make(self, move: Move) -> None:
        """Make *move* if the rules allow it (a click that does nothing is simply ignored).

        Made while the slider shows the past, the move continues the game
        from there: the later moves are discarded and the game is assisted.
        """
        if problem(self.view, move) is not None:
            return
        self.replayer.stop()
        history = self.history
        if self.step < len(history):
            history = history.upto(self.step)
            del self.times[self.step :]
            self.assisted = True
        self.history = history.then(move)
        self.sync_clock()
        self.times.append(int(self.elapsed()))
        if self.history.current.is_over():
            self.count_result()
        self.show_step(len(self.history))
        self.save()
        after = self.game.status
        if after is Status.LOST:
            self.say("Boom! You hit a mine. Undo (Ctrl+Z) to take it back, or press the face.")
            _by_id("reset").focus()
        elif after is Status.WON:
            seconds = math.floor(self.elapsed_ms / 1000)
            extra = self.assist_note()
            self.say(f"You won in {seconds} seconds!{extra}")

    def assist_note(self) -> str:
        """Describe the help used in this game, for the result line."""
        if not self.assisted:
            return ""
        blown = f", blew up {self.explosions} time{'s' * (self.explosions != 1)}"
        return f" (assisted: undo or rewind used{blown if self.explosions else ''})"

    def undo(self) -> None:
        """Take back the last move, even a fatal one (the game then counts an explosion)."""
        if not self.history.moves:
            return
        self.replayer.stop()
        if self.history.current.status is Status.LOST:
            self.explosions += 1
        last = len(self.history) - 1
        self.history = self.history.upto(last)
        del self.times[last:]
        self.assisted = True
        self.sync_clock()
        self.show_step(last)
        self.save()
        blown = self.explosions
        self.say(f"Move undone.{f' Explosions so far: {blown}.' if blown else ''}")

    def on_slider(self, _event: JsEvent) -> None:
        """Travel in time: show the game after the chosen number of moves."""
        self.replayer.stop()
        self.show_step(int(_by_id("history").value))

    def toggle_replay(self) -> None:
        """Play the game back from the start at a readable pace, or pause it."""
        if self.replayer.running:
            self.replayer.stop()
            return
        if not self.history.moves:
            return
        if self.step >= len(self.history):
            self.show_step(0)
        self.replayer.start()

    def replay_tick(self) -> None:
        """Show one more move of the replay; stop at the end."""
        if self.step < len(self.history):
            self.show_step(self.step + 1)
        if self.step >= len(self.history):
            self.replayer.stop()

    def share_request(self) -> GameRequest:
        """Return a request for this very board: its layout once mines are laid, else its seed."""
        board = self.history.current.board
        if board.mines_laid:
            return GameRequest(self.request.settings, layout=Layout.from_board(board))
        return GameRequest(self.request.settings, seed=self.history.start.seed)

    def copy_link(self) -> None:
        """Put a link to this board, unplayed, on the clipboard (and show it)."""
        location = window.location
        url = f"{location.origin}{location.pathname}?{self.share_request().to_query()}"
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard:
            clipboard.writeText(url)
            self.say(f"Link copied: {url}")
        else:
            self.say(f"Copy this link: {url}")
        _by_id("copy-link").setAttribute("data-url", url)

    def download(self) -> None:
        """Save the game as a replay file (the versioned JSON record)."""
        settings = self.request.settings
        name = f"minesweeper-{settings.width}x{settings.height}-{self.history.start.seed}.json"
        _save_file(name, self.record().to_json())
        self.say(f"Replay saved as {name}.")

    async def read_chosen(
        self, event: JsEvent, read: Callable[[str], T], verb: str, kept: str
    ) -> tuple[str, T] | None:
        """Return the name of the file picked in *event*'s input and what *read* makes of it.

        A file too large or that *read* refuses gives None and a message that
        says why and ends with *kept* (what the player still has).
        """
        chosen = await _chosen_file(event)
        if isinstance(chosen, str):
            self.say(f"{chosen} {kept}")
        if not isinstance(chosen, tuple):
            return None
        name, text = chosen
        try:
            return name, read(text)
        except ValueError as error:
            self.say(f"Could not {verb} {name}: {error}. {kept}")
            return None

    async def on_open_file(self, event: JsEvent) -> None:
        """Open a replay file to watch it with the slider; refuse bad files, keeping the game."""
        chosen = await self.read_chosen(
            event, GameRecord.from_json, "open", "Your game is unchanged."
        )
        if chosen is None:
            return
        name, record = chosen
        # Someone's replay is watched, not scored: its end never enters the records.
        record = dataclasses.replace(record, counted=True)
        self.load(request_for(record), record, step=0)
        self.save()
        moves = len(self.history)
        self.say(f"Opened {name}: press Replay or drag the slider to watch its {moves} moves.")

    # -- records ---------------------------------------------------------------------------

    def toggle_stats(self) -> None:
        """Open the statistics panel on the current game's mode, or close it."""
        panel = _by_id("stats")
        panel.hidden = not panel.hidden
        _by_id("stats-open").setAttribute("aria-expanded", "false" if panel.hidden else "true")
        if panel.hidden:
            self.cancel_reset()
            _by_id("stats-open").focus()
        else:
            self.show_stats(self.mode)
            _by_id("stats-mode").focus()

    def show_stats(self, mode: str | None = None) -> None:
        """Fill the panel with the records of *mode* (default: the one chosen in it)."""
        chooser = _by_id("stats-mode")
        mode = mode or str(chooser.value) or self.mode
        modes = [*PRESETS, *sorted(set(self.records.modes) - set(PRESETS))]
        if mode not in modes:
            modes.append(mode)
        chooser.replaceChildren()
        for name in modes:
            option = document.createElement("option")
            option.value = name
            option.textContent = mode_label(name)
            chooser.append(option)
        chooser.value = mode
        record = self.records.get(mode)
        best = "–" if record.best_ms is None else f"{record.best_ms / 1000:.3f} s"
        rate = "–" if record.best_rate is None else f"{record.best_rate:.2f}"
        items = (
            ("played", str(record.played)),
            ("won", str(record.won)),
            ("win rate", f"{record.win_rate:.0%}" if record.played else "–"),
            ("streak", str(record.streak)),
            ("best streak", str(record.best_streak)),
            ("best time", best),
            ("best 3BV/s", rate),
        )
        figures_el = _by_id("stats-figures")
        figures_el.innerHTML = "".join(  # numbers and fixed words only
            f'<div data-name="{name}"><dt>{name}</dt><dd>{value}</dd></div>'
            for name, value in items
        )
        _by_id("chart-times").innerHTML = histogram_svg(record.winning_times())
        _by_id("chart-trend").innerHTML = trend_svg(record.results)
        self.cancel_reset()

    def ask_reset(self) -> None:
        """Ask to confirm resetting the chosen mode's records."""
        mode = str(_by_id("stats-mode").value)
        played = self.records.get(mode).played
        self.confirming = mode
        _by_id("stats-confirm-text").textContent = (
            f"Reset the records of {mode_label(mode)}? Its {played} game"
            f"{'s' * (played != 1)} will be forgotten."
        )
        _by_id("stats-confirm").hidden = False
        _by_id("stats-reset-no").focus()

    def cancel_reset(self) -> None:
        """Close the confirmation without resetting anything."""
        if self.confirming is not None:
            self.confirming = None
            _by_id("stats-confirm").hidden = True

    def reset_records(self) -> None:
        """Reset the confirmed mode's records."""
        mode = self.confirming
        if mode is None:
            return
        self.records = self.records.reset(mode)
        self.save_records()
        self.show_stats(mode)
        self.sync_daily()
        _by_id("stats-reset").focus()
        self.say(f"The records of {mode_label(mode)} were reset.")

    def export_records(self) -> None:
        """Save every record as one JSON file."""
        name = f"minesweeper-records-{_today()}.json"
        _save_file(name, self.records.to_json())
        self.say(f"Records saved as {name}.")

    async def on_import_records(self, event: JsEvent) -> None:
        """Replace the records with an exported file; refuse bad files, keeping the records."""
        kept = "Your records are unchanged."
        chosen = await self.read_chosen(event, Records.from_json, "import", kept)
        if chosen is None:
            return
        name, records = chosen
        _store(RECORDS_KEY + ".before-import", self.records.to_json())
        self.records = records
        self.save_records()
        self.show_stats(self.mode)
        self.sync_daily()
        games = sum(r.played for r in records.modes.values())
        self.say(
            f"Imported {name}: {games} games in {len(records.modes)} modes."
            " The records it replaced are kept in this browser as a backup."
        )

    def on_page_key(self, event: JsEvent) -> None:
        """Ctrl+Z or Cmd+Z undoes, anywhere on the page but in text fields."""
        if str(event.key).lower() == "z" and (event.ctrlKey or event.metaKey):
            if str(event.target.tagName) in ("INPUT", "SELECT") and event.target.type != "range":
                return
            event.preventDefault()
            self.undo()

    # -- rendering -----------------------------------------------------------------------

    def render(self) -> None:
        """Bring the DOM up to date with the game, touching only what changed."""
        game = self.game
        board = game.board
        old = self.shown
        had_focus = self.board_el.contains(document.activeElement)
        same_size = old is not None and (old.board.width, old.board.height) == (
            board.width,
            board.height,
        )
        changed = list(changed_positions(old, game)) if old is not None and same_size else []
        if not same_size or len(changed) > len(board.cells) // REBUILD_SHARE:
            self.board_el.style.setProperty("--cols", str(board.width))
            self.board_el.style.setProperty("--rows", str(board.height))
            self.board_el.setAttribute("aria-rowcount", str(board.height))
            self.board_el.setAttribute("aria-colcount", str(board.width))
            self.board_el.innerHTML = render_board(game, self.focus)
            # A static list: a live collection would be re-walked after every patch.
            self.slots = self.board_el.querySelectorAll('[role="gridcell"]')
        else:
            over = game.is_over()
            cells = board.cells
            slots = self.slots
            for pos in changed:
                html = render_cell(cells[pos], pos, board, over=over, focused=pos == self.focus)
                slots.item(pos[1] * board.width + pos[0]).innerHTML = html
        if had_focus and not self.board_el.contains(document.activeElement):
            self.focus_cell()
        self.shown = game
        status = game.status.value
        self.board_el.setAttribute("data-status", status)
        if game.is_over():
            self.board_el.setAttribute("aria-disabled", "true")
        else:
            self.board_el.removeAttribute("aria-disabled")
        _by_id("reset").setAttribute(
            "data-face", {"won": "won", "lost": "lost"}.get(status, "smile")
        )
        _by_id("mines-left").textContent = str(game.mines_left)
        _by_id("mines-left").setAttribute("data-pad", _pad(game.mines_left))
        self.show_time()

    def button_at(self, pos: Position) -> Any:
        """Return the button of the cell at *pos*."""
        return self.slots.item(pos[1] * self.game.board.width + pos[0]).firstElementChild

    def focus_cell(self) -> None:
        """Move keyboard focus to the focused cell."""
        self.button_at(self.focus).focus()

    def set_tab_stop(self, pos: Position) -> None:
        """Make *pos* the one cell in the tab order (roving tabindex)."""
        if pos != self.focus:
            self.button_at(self.focus).setAttribute("tabindex", "-1")
            self.focus = pos
            self.button_at(pos).setAttribute("tabindex", "0")

    def move_focus(self, pos: Position) -> None:
        """Make *pos* the tab stop and focus it."""
        self.set_tab_stop(pos)
        self.focus_cell()

    def say(self, text: str) -> None:
        """Show *text* in `#message` (a polite live region)."""
        _by_id("message").textContent = text

    def elapsed(self) -> float:
        """Milliseconds played: running from the first reveal, frozen at the end."""
        if self.started_at is None:
            return self.elapsed_ms
        return float(window.performance.now()) - self.started_at

    def show_time(self) -> None:
        """Write the whole seconds into `#timer` when they change (the board is untouched)."""
        seconds = min(999, math.floor(self.elapsed() / 1000))
        if seconds != self.shown_seconds:
            self.shown_seconds = seconds
            timer = _by_id("timer")
            timer.textContent = str(seconds)
            timer.setAttribute("data-pad", _pad(seconds))

    def tick(self) -> None:
        """Update the timer while a game runs."""
        if self.started_at is not None:
            self.show_time()

    # -- input ---------------------------------------------------------------------------

    def cell_of(self, event: JsEvent) -> Position | None:
        """Return the position of the cell an event happened on, if any."""
        target = event.target.closest("button[data-x]") if event.target.closest else None
        if target is None:
            return None
        return (int(target.dataset.x), int(target.dataset.y))

    def primary(self, pos: Position) -> None:
        """Reveal a hidden cell, or chord on a revealed number (or flag, in flag mode)."""
        cell = self.game.board.cells[pos]
        if self.flag_mode and type(cell) is not Revealed:
            self.make(FlagToggled(pos))
        elif type(cell) is Hidden:
            self.make(CellOpened(pos))
        elif type(cell) is Revealed:
            self.make(NeighboursOpened(pos))

    def on_cell_click(self, event: JsEvent) -> None:
        """Left click (or tap): reveal, chord, or flag in flag mode."""
        pos = self.cell_of(event)
        if pos is None:
            return
        if self.long_pressed:
            self.long_pressed = False
            return
        self.set_tab_stop(pos)  # not every browser focuses a clicked button
        self.primary(pos)

    def on_cell_aux_click(self, event: JsEvent) -> None:
        """Middle click chords."""
        pos = self.cell_of(event)
        if pos is not None and event.button == 1:
            event.preventDefault()
            self.make(NeighboursOpened(pos))

    def on_context_menu(self, event: JsEvent) -> None:
        """Right click flags, and the browser's menu never opens on the board."""
        event.preventDefault()
        pos = self.cell_of(event)
        if pos is not None and self.last_pointer != "touch":
            self.make(FlagToggled(pos))

    def on_mouse_down(self, event: JsEvent) -> None:
        """Show the press: the cell itself through CSS, a number's hidden neighbours here."""
        pos = self.cell_of(event)
        if pos is None or event.button != 0 or self.game.is_over():
            return
        _by_id("reset").setAttribute("data-face", "pressed")
        if type(self.game.board.cells[pos]) is Revealed:
            for n in self.game.board.neighbours(pos):
                if type(self.game.board.cells[n]) is Hidden:
                    button = self.button_at(n)
                    button.classList.add("pressed")
                    self.pressed.append(button)

    def on_mouse_up(self, _event: JsEvent) -> None:
        """Release the pressed look."""
        for button in self.pressed:
            button.classList.remove("pressed")
        self.pressed.clear()
        face = _by_id("reset")
        if face.getAttribute("data-face") == "pressed":
            face.setAttribute("data-face", "smile")

    def on_pointer_down(self, event: JsEvent) -> None:
        """Start the long-press timer for touch flags."""
        self.last_pointer = str(event.pointerType)
        if event.pointerType != "touch":
            return
        pos = self.cell_of(event)
        if pos is None or type(self.game.board.cells[pos]) is Revealed:
            return
        self.cancel_press()
        button = self.button_at(pos)
        button.classList.add("holding")

        def flag() -> None:
            button.classList.remove("holding")
            self.press_timer = None
            self.long_pressed = True
            self.make(FlagToggled(pos))
            if window.navigator.vibrate:
                window.navigator.vibrate(30)

        self.press_timer = window.setTimeout(create_once_callable(flag), LONG_PRESS_MS)

    def on_pointer_end(self, _event: JsEvent) -> None:
        """Cancel the long press: a touch that ends early is a tap."""
        self.cancel_press()

    def cancel_press(self) -> None:
        """Stop a pending long press and its visual feedback."""
        if self.press_timer is not None:
            window.clearTimeout(self.press_timer)
            self.press_timer = None
        for held in self.board_el.querySelectorAll(".holding"):
            held.classList.remove("holding")

    def on_focus_in(self, event: JsEvent) -> None:
        """Follow focus that arrives by mouse or by Tab."""
        pos = self.cell_of(event)
        if pos is not None:
            self.set_tab_stop(pos)

    def on_key_down(self, event: JsEvent) -> None:
        """Arrows move, Space and Enter reveal or chord, F flags (Ctrl+F stays the browser's)."""
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        board = self.game.board
        if key in _ARROWS:
            dx, dy = _ARROWS[key]
            x = min(board.width - 1, max(0, self.focus[0] + dx))
            y = min(board.height - 1, max(0, self.focus[1] + dy))
            self.move_focus((x, y))
        elif key in ("Home", "End"):
            self.move_focus((0 if key == "Home" else board.width - 1, self.focus[1]))
        elif key in (" ", "Enter"):
            self.primary(self.focus)
        elif key in ("f", "F"):
            self.make(FlagToggled(self.focus))
        else:
            return
        event.preventDefault()

    def set_flag_mode(self, on: bool) -> None:
        """Switch taps between revealing and flagging, and announce it."""
        self.flag_mode = on
        toggle = _by_id("flag-mode")
        toggle.setAttribute("aria-pressed", "true" if on else "false")
        document.body.classList.toggle("flag-mode", on)
        self.say("Flag mode: taps place flags." if on else "Reveal mode: taps open cells.")

    def on_difficulty(self, _event: JsEvent) -> None:
        """Start a preset game, or open the custom form."""
        value = str(_by_id("difficulty").value)
        if value in PRESETS:
            self.new_game(GameRequest(self.with_no_guess(PRESETS[value])))
        else:
            _by_id("custom").hidden = False
            _by_id("custom-width").focus()

    def with_no_guess(self, settings: Settings) -> Settings:
        """Return *settings* with the "No guessing" box's choice."""
        return dataclasses.replace(settings, no_guess=bool(_by_id("noguess").checked))

    def on_no_guess(self) -> None:
        """Start a game of the same size dealt the way the box now says."""
        self.new_game(GameRequest(self.with_no_guess(self.request.settings)))
        if self.request.settings.no_guess:
            self.say("No guessing: every board dealt can be cleared by logic alone.")

    def on_custom_submit(self, event: JsEvent) -> None:
        """Start a custom game, or explain what is wrong and keep the current game."""
        event.preventDefault()
        error = _by_id("custom-error")
        try:
            width, height, mines = (
                int(_by_id(f"custom-{n}").value) for n in ("width", "height", "mines")
            )
            first = FirstClick(str(_by_id("custom-first").value))
            settings = self.with_no_guess(Settings(width, height, mines, first))
        except ValueError as problem_:
            text = str(problem_) if isinstance(problem_, SettingsError) else "enter whole numbers"
            error.textContent = f"Not started: {text}."
            return
        error.textContent = ""
        self.new_game(GameRequest(settings))


def is_same_game(request: GameRequest, record: GameRecord) -> bool:
    """Tell whether the URL's *request* asks for the saved game, so a reload resumes it."""
    start = record.history.start
    if request.layout is not None:
        return start.layout == request.layout.mines
    return (
        start.layout is None
        and start.settings == request.settings
        and request.seed in (None, start.seed)
    )


def request_for(record: GameRecord) -> GameRequest:
    """Return the request that replays *record*'s settings (its layout, if it has one)."""
    start = record.history.start
    settings = start.settings
    name = settings.preset_name()
    if record.daily is not None and name is not None:
        return GameRequest.for_day(name, record.daily)
    if start.layout is None:
        return GameRequest(settings)
    return GameRequest(settings, layout=Layout(settings.width, settings.height, start.layout))


def _pad(number: int) -> str:
    """Return the zeros that make a non-negative counter three digits wide."""
    return "0" * max(0, 3 - len(str(number))) if number >= 0 else ""


def main() -> None:
    """Start the game on the page."""
    Page().start()


if __name__ == "__main__":
    main()
