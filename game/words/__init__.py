"""What the game says to the player, as plain text made from the session and its figures.

One place for the page's and the terminal's sentences, so they speak one
language: cells are named by row and column counted from 1 (as players
count), times carry their unit, and aids are named for what they were.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from game.deal.fair import Ruling
from game.language import N_, _
from game.names import plural, where
from game.rules.board import Position
from game.rules.figures import Figures
from game.rules.settings import Mode
from game.rules.state import Status
from game.session import Aid, Session
from game.session.records import ModeRecord, mode_label

if TYPE_CHECKING:  # the page's first screen imports neither (game.page.app.DEFERRED)
    from game.community.clicks import Clicks
    from game.session import Made
    from game.session.hints import FairNote, Mark
    from game.solver import ImpossiblePositionError

MODE_NAMES: Final = {
    Mode.CLASSIC: "Classic",
    Mode.NO_GUESS: "No guessing",
    Mode.KIND: "Kind",
    Mode.CRUEL: "Cruel",
}
"""How the page's mode menu names each mode."""
MODE_NOTES: Final = {
    Mode.CLASSIC: "",
    Mode.NO_GUESS: "No guessing: every board dealt can be cleared by logic alone.",
    Mode.KIND: "Kind: a forced guess never loses; the mines move to spare it.",
    Mode.CRUEL: (
        "Cruel: a guess made while some cell is certainly safe hits a mine;"
        " a forced guess never loses."
    ),
}
"""What a game of each mode says when it starts: its rule in a sentence."""
PRESET_WORDS: Final = {
    "beginner": N_("beginner"),
    "intermediate": N_("intermediate"),
    "expert": N_("expert"),
    "expert-portrait": N_("expert portrait"),
}
"""How a sentence names a preset (in the middle of it: no capital)."""
COMMUNITY_TITLE: Final = "The community's figures"
"""The title of the summary's part with the community's figures."""


def seconds(ms: int) -> str:
    """Write a time to the millisecond, with its unit.

    >>> seconds(1000), seconds(2561), seconds(500)
    ('1.000 s', '2.561 s', '0.500 s')
    """
    return f"{ms / 1000:.3f} s"


def aid_names(aids: Iterable[Aid]) -> str:
    """Name the aids used, in a fixed order.

    >>> aid_names({Aid.UNDO, Aid.HINT})
    'hint, undo'
    """
    return ", ".join(aid.value for aid in Aid if aid in set(aids))


KEPT_TO_RESUME: Final = "Your unfinished game was kept: Resume brings it back."
"""What the page says when it sets the game in play aside (a link, a file, the puzzles)."""

PAGE_KEYS = "Undo (Ctrl+Z) takes it back; the face starts a new game."
"""What the page offers after a loss."""


def result_line(session: Session, *, after_loss: str = PAGE_KEYS) -> str:
    """Say how the live game ended, with its time and the help used, or "" if it runs.

    *after_loss* names the controls that take the loss back or start anew
    (the page's by default; the terminal names its keys).
    """
    numbers = session.figures
    if numbers is None:
        return ""
    help_used = f" Assisted: {aid_names(session.aids)}." if session.aids else ""
    blown = session.explosions
    if blown:
        help_used += f" Mines hit and undone: {blown}."
    if session.live.status is Status.WON:
        return f"You won in {seconds(numbers.ms)}!{help_used}"
    return f"Boom! You hit a mine after {seconds(numbers.ms)}.{help_used} {after_loss}"


def ioe(numbers: Figures, clicks: Clicks) -> str:
    """Say the community's IOE, the 3BV cleared per click of any kind, or "–" with none.

    IOE is what Arbiter's and minesweeper.online's players read as efficiency.
    """
    every = clicks.all
    return f"{numbers.solved_three_bv / every:.3f}" if every else "–"


def summary_items(numbers: Figures, clicks: Clicks) -> list[tuple[str, str]]:
    """Return the summary's figures as (name, value) pairs.

    The clicks are counted once, as the community counts them (*clicks*: every click,
    `cl`, and those that changed the board, `ce`), and named as its programs name them.
    """
    solved = numbers.solved_three_bv
    three_bv = str(solved) if solved == numbers.three_bv else f"{solved} of {numbers.three_bv}"
    rate = f"{numbers.three_bv_per_second:.2f}" if numbers.ms else "–"
    return [
        ("time", seconds(numbers.ms)),
        ("3BV", three_bv),
        ("3BV/s", rate),
        ("cl / ce", f"{clicks.all} / {clicks.effective}"),
        ("IOE", ioe(numbers, clicks)),
    ]


def community_items(numbers: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Return the community's figures of a finished game as (name, value) pairs.

    *numbers* are `game.community.replay_stats.figures`; the order is the community's programs'.

    >>> items = community_items({"openings": 2, "islands": 1, "left": 9, "right": 1,
    ...     "double": 3, "cl": 13, "ce": 11, "ioe": 0.846154, "corr": 0.846154,
    ...     "thrp": 1.0, "rqp": 12.5, "stnb": None, "zini": 8})
    >>> items[2], items[-1]
    (('left / right / double', '9 / 1 / 3'), ('ZiNi', '8'))

    `cl / ce` and IOE are the summary's own (`summary_items`), from the same clicks.
    """

    def ratio(key: str) -> str:
        value = numbers[key]
        return "–" if value is None else f"{value:.3f}"

    items = [
        ("openings", str(numbers["openings"])),
        ("islands", str(numbers["islands"])),
        ("left / right / double", f"{numbers['left']} / {numbers['right']} / {numbers['double']}"),
        ("Corr", ratio("corr")),
        ("Thrp", ratio("thrp")),
        ("RQP", ratio("rqp")),
        ("ZiNi", str(numbers["zini"])),
    ]
    if numbers["stnb"] is not None:  # official levels only
        items.append(("STNB", f"{numbers['stnb']:.1f}"))
    return items


def best_note(mode: str, bests: Collection[str]) -> str:
    """Say which best times a game set in *mode* ("time", "nf": `Records.count`), or "".

    >>> best_note("Expert", {"time", "nf"})
    'New best time for expert, and a new no-flag (NF) best!'
    >>> best_note("Beginner", {"nf"}), best_note("Beginner", ())
    ('New no-flag (NF) best time for beginner!', '')
    """
    if "time" in bests:
        also = ", and a new no-flag (NF) best" if "nf" in bests else ""
        return f"New best time for {mode.lower()}{also}!"
    return f"New no-flag (NF) best time for {mode.lower()}!" if "nf" in bests else ""


def verdict(session: Session) -> str:
    """Return the summary's headline: won or lost, and assisted or not."""
    won = session.live.status is Status.WON
    return ("Won" if won else "Lost") + (" (assisted)" if session.aids else "")


def card_verdict(session: Session) -> str:
    """Return the result card's headline; like the summary's, it says when help was used."""
    if session.live.status is not Status.WON:
        return "Boom: you hit a mine."
    return "You won (assisted)." if session.aids else "You won!"


def start_note(session: Session, done: Callable[[str, str], bool]) -> str:
    """Say what the board is before its first click: the daily board, and a shared one's start.

    A shared board (a daily board, a seed link) lays its mines around its marked start cell,
    which the first reveal opens wherever the click: said before that click, not after.
    *done* tells whether a daily board was played.
    """
    day, cell = session.request.daily, session.start.start_cell
    daily = ""
    if day is not None:
        name = str(session.start.settings.preset_name())
        daily = f"Daily {name} board of {day}: " + (
            "already played, so this game will not count."
            if done(name, day)
            else "the same board for every player that day."
        )
    if cell is None or not start_tag(session):
        return daily
    opens = f"first click opens its marked cell, at {where(cell)}"
    if daily:
        return f"{daily} Your {opens}."
    return f"A shared board: your {opens}, so every player gets the same mines."


START_TAG: Final = "Starts at the marked cell"
"""What the board's status row says of a shared board before its first reveal."""


def start_tag(session: Session) -> str:
    """Say, beside the board, that its first reveal opens its marked start cell ("" if not)."""
    start = session.start.start_cell
    return START_TAG if start is not None and not session.live.board.mines_laid else ""


def daily_choice(preset: str, day: str) -> str:
    """Name the daily board in the size menu while it is played, and from the first paint.

    tools/shared.py hands js/loading.js this with `{day}` for the day.

    >>> daily_choice("expert-portrait", "2026-11-22")
    'Daily expert portrait, 2026-11-22'
    """
    return f"Daily {preset.replace('-', ' ')}, {day}"


def discarded(count: int) -> str:
    """Say that a move made from an earlier point dropped *count* later moves."""
    if not count:
        return ""
    dropped = "the later move was" if count == 1 else f"the {count} later moves were"
    return f"Continued from this point: {dropped} dropped."


def impossible(error: ImpossiblePositionError) -> str:
    """Say, in the page's words, why no arrangement of the mines fits."""
    if error.number is not None:
        return f"the flags around {where(error.number)} do not fit its number (highlighted)"
    if error.cells:
        return "there are more flags than mines (highlighted)"
    return "no arrangement of the mines fits the numbers and flags"


def counter_digits(number: int) -> str:
    """Draw a counter as the classic display does: three digits, the sign taking one.

    >>> [counter_digits(n) for n in (7, 99, -4, -123, 1234)]
    ['007', '099', '-04', '-99', '999']
    """
    if number < 0:
        return f"-{min(-number, 99):02d}"
    return f"{min(number, 999):03d}"


def result_figures(numbers: Figures, clicks: Clicks) -> str:
    """Say a finished game's main figures in one short line, for the result card.

    Its IOE is the summary's (`summary_items`), from the same clicks.
    """
    rate = f" · 3BV/s {numbers.three_bv_per_second:.2f}" if numbers.ms else ""
    return f"{seconds(numbers.ms)}{rate} · IOE {ioe(numbers, clicks)}"


def daily_share(session: Session) -> str:
    """Return a finished daily game's result to share: no board, no spoilers.

    Empty for any other game, or while it runs.
    """
    numbers = session.figures
    day = session.request.daily
    if numbers is None or day is None:
        return ""
    name = session.start.settings.preset_name() or "custom"
    won = session.live.status is Status.WON
    outcome = f"won in {seconds(numbers.ms)}" if won else "lost"
    rate = f" · 3BV/s {numbers.three_bv_per_second:.2f}" if won and numbers.ms else ""
    helped = " · assisted" if session.aids else ""
    return f"Minesweeper in Python · daily {name} {day} · {outcome}{rate}{helped}"


def aid_notice(aid: Aid) -> str:
    """Say, the first time help is used in a game, that the game now counts as assisted."""
    return (
        f"{aid.value.capitalize()} used: this game now counts as assisted"
        " (it counts as played, never for a best time)."
    )


def opened(before: int, after: int) -> str:
    """Say how many cells a move opened, for screen readers."""
    count = after - before
    return f"{plural(count, 'cell')} opened." if count > 0 else ""


def no_chord(pos: Position, shows: int, flags: int) -> str:
    """Say why a press on the number at *pos* opened nothing: its flags differ from it.

    >>> no_chord((1, 0), 2, 1)
    'No chord: row 1, column 2 shows 2 and has 1 flag around it.'
    """
    return f"No chord: {where(pos)} shows {shows} and has {plural(flags, 'flag')} around it."


def slider_position(step: int, moves: int, time_ms: int | None = None) -> str:
    """Say where the history slider stands, for a screen reader (with the time, if given).

    >>> slider_position(2, 5), slider_position(2, 5, 12_340)
    ('move 2 of 5', 'move 2 of 5, at 12.3 s')
    """
    return f"move {step} of {moves}" + ("" if time_ms is None else f", at {time_ms / 1000:.1f} s")


def step_shown(step: int, moves: int, time_ms: int | None = None) -> str:
    """Write the move shown beside the slider (with the time, if given).

    >>> step_shown(2, 5), step_shown(2, 5, 12_340)
    ('2 / 5', '2 / 5 · 12.3 s')
    """
    return f"{step} / {moves}" + ("" if time_ms is None else f" · {time_ms / 1000:.1f} s")


def past_note(step: int, moves: int, *, watched: bool = False) -> str:
    """Say what a move made while an earlier move is shown does to the later ones.

    Of a replay file being *watched*, say that the file itself stays as it was: the
    game played on from there is the page's, never written into it.
    """
    if watched:
        return (
            f"Viewing move {step} of {moves} of the replay file: a move made here plays on"
            " from this point as a game of your own; the file itself stays as it was."
        )
    later = "move" if moves - step == 1 else plural(moves - step, "move")
    return (
        f"Viewing move {step} of {moves}: a move made here continues the game from"
        f" this point and drops the {later} after it."
    )


def no_flags_mark(nf: bool) -> str:
    """Return what the summary's verdict adds for a game won or lost without a flag."""
    return " · no flags (NF)" if nf else ""


def daily_label(preset: str, done: bool) -> str:
    """Name the daily board's button: its preset, and whether today's board was played.

    >>> daily_label("expert", False)
    'Daily board (expert, not played yet today)'
    """
    name = _(PRESET_WORDS.get(preset, preset))
    if done:
        return _("Daily board ({preset}, played today)").format(preset=name)
    return _("Daily board ({preset}, not played yet today)").format(preset=name)


def record_items(record: ModeRecord) -> list[tuple[str, str]]:
    """Name and write each figure of one mode's records, as the statistics panel lists them."""
    best, nf_best = (
        "–" if ms is None else f"{ms / 1000:.3f} s" for ms in (record.best_ms, record.best_nf_ms)
    )
    rate, nf_rate = (
        "–" if r is None else f"{r:.2f}" for r in (record.best_rate, record.best_nf_rate)
    )
    return [
        ("played", str(record.played)),
        ("won", str(record.won)),
        ("win rate", f"{record.win_rate:.0%}" if record.played else "–"),
        ("streak", str(record.streak)),
        ("best streak", str(record.best_streak)),
        ("best time", best),
        ("best 3BV/s", rate),
        ("best time, no flags (NF)", nf_best),
        ("best 3BV/s, NF", nf_rate),
    ]


def reset_question(mode: str, played: int) -> str:
    """Ask to confirm forgetting a mode's records, saying how many games go.

    >>> reset_question("beginner", 1)
    'Reset the records of Beginner? Its 1 game will be forgotten.'
    """
    games = plural(played, "game")
    return f"Reset the records of {mode_label(mode)}? Its {games} will be forgotten."


def fair_note_words(note: FairNote) -> str:
    """Say what a kind or cruel game's rule made of a reveal, or "" when there is nothing to say.

    A cruel loss names the certainly safe cells there were and why the nearest
    was safe; a forced reveal says it was forced; a position too large to count
    says the reveal played as classic.
    """
    judgement = note.judgement
    cell = where(judgement.cell)
    if judgement.ruling is Ruling.TOO_LARGE:
        return f"Too many arrangements to count in a moment: {cell} played as in classic."
    if judgement.ruling is Ruling.FORCED:
        return f"No cell was certainly safe, so revealing {cell} was forced, and it was safe."
    if not note.lost or judgement.ruling is not Ruling.AVOIDABLE:
        return ""
    safe = plural(len(judgement.safe), "cell")
    were = "was" if len(judgement.safe) == 1 else "were"
    said = f"{cell.capitalize()} was a guess while {safe} {were} certainly safe."
    if note.explanation is None or note.nearest is None:
        return said
    return f"{said} The nearest: {note.explanation.words}"


def fair_said(made: Made, *, budget: int | None) -> tuple[str, Mapping[Position, Mark]]:
    """Return what a front-end says of a move a fair mode judged, and the cells it marks.

    Nothing ("" and no marks) in classic and no-guess games, or when there is
    nothing to say (`fair_note_words`).
    """
    if made.judgement is None:
        return "", {}
    from game.session.hints import fair_note  # the solver: not on the page's first screen

    lost = made.session.live.status is Status.LOST
    note = fair_note(made.judgement, lost, budget=budget)
    return fair_note_words(note), note.marks
