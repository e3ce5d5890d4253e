"""The statistics panel: the player's records per mode, their charts, export, import, reset."""

from __future__ import annotations

from typing import Final

from game.page.asks import RecordsChanged, Redraw, Stored
from game.page.channel import today
from game.page.charts import histogram_svg, trend_svg
from game.page.commands import CloseDialog, Download, Focus, OpenDialog
from game.page.dom import say
from game.page.heard import JsEvent, Listen, chosen_file, clicks, reported
from game.page.model import RecordsShown
from game.page.storage import Store
from game.page.tree import Node, h
from game.rules.settings import PRESETS
from game.session.records import Records, mode_label
from game.session.versioned import MAX_BYTES
from game.words import record_items, reset_question

RECORDS_KEY: Final = "pyminesweeper.records"
"""Where the player's records are kept."""
BACKUP_KEY: Final = RECORDS_KEY + ".before-import"
"""Where an import keeps the records it replaces."""


class Statistics:
    """The records and the panel that shows them."""

    def __init__(self, store: Store, mode: str) -> None:
        self.store = store
        self.mode = mode
        """The records mode of the game being played (as the app last said): the panel opens
        on it."""
        self.notice = ""
        """What the start says of the records kept (`Store.load`), once the page has answered."""
        records = store.load(RECORDS_KEY, Records.from_json, "records", self.noticed)
        self.records = records or Records()
        self.shown: str | None = None
        """The mode whose records the panel shows, while it is open."""
        self.confirming: str | None = None
        """The mode whose reset waits for the player's yes."""

    def listens(self) -> tuple[Listen, ...]:
        """Return what the panel hears: its buttons, its mode, a file to import, its close."""
        return (
            clicks("stats-open", self.toggle),
            clicks("stats-close", self.toggle),
            Listen("#stats-mode", "change", lambda _e: self.show(str(reported("stats-mode")))),
            clicks("stats-export", self.export),
            Listen("#stats-import", "change", self.on_import),
            clicks("stats-reset", self.ask_reset),
            clicks("stats-reset-yes", self.reset),
            clicks("stats-reset-no", self.cancel_reset),
            # Escape closes the dialog by itself; whichever way it closes, focus goes back.
            Listen("#stats", "close", lambda _e: self.closed()),
        )

    def noticed(self, notice: str) -> None:
        """Hold what the start is to say of the records kept."""
        self.notice = notice

    def keep(self, records: Records) -> RecordsChanged:
        """Hold *records* and store them (the storage note says if the browser would not)."""
        self.hold(records)
        refused = "This browser would not store your records; export them to keep them."
        self.store.write(RECORDS_KEY, records.to_json(), refused)
        return RecordsChanged()

    def hold(self, records: Records) -> RecordsChanged:
        """Show *records*; ask for the daily board to be marked by them (and a redraw)."""
        self.records = records
        return RecordsChanged()

    def toggle(self) -> Redraw:
        """Open the panel (a dialog) on the current game's mode, or close it."""
        if reported("stats", "open"):
            return Redraw(then=(CloseDialog("stats"),))
        self.show(self.mode)
        return Redraw(then=(OpenDialog("stats"), Focus("stats-mode")))

    def closed(self) -> Redraw:
        """Forget a pending reset and give focus back to the button that opened the panel."""
        self.shown = None
        self.confirming = None
        return Redraw(then=(Focus("stats-open"),))

    def show(self, mode: str) -> Redraw:
        """Show the records of *mode* in the panel."""
        self.shown = mode
        self.confirming = None
        return Redraw()

    def ask_reset(self) -> Redraw:
        """Ask to confirm resetting the chosen mode's records."""
        self.confirming = self.shown
        return Redraw(then=(Focus("stats-reset-no"),))

    def cancel_reset(self) -> Redraw:
        """Close the confirmation without resetting anything."""
        self.confirming = None
        return Redraw()

    def reset(self) -> RecordsChanged | None:
        """Reset the confirmed mode's records."""
        mode = self.confirming
        if mode is None:
            return None
        self.keep(self.records.reset(mode))
        self.show(mode)
        say(f"The records of {mode_label(mode)} were reset.")
        return RecordsChanged(then=(Focus("stats-reset"),))

    def shown_panel(self) -> RecordsShown | None:
        """Return what the panel shows while it is open, for the page's model."""
        if self.shown is None:
            return None
        return RecordsShown(self.records, self.shown, self.confirming)

    def export(self) -> Redraw:
        """Save every record as one JSON file."""
        name = f"minesweeper-records-{today()}.json"
        say(f"Records saved as {name}.")
        return Redraw(then=(Download(name, self.records.to_json()),))

    async def on_import(self, event: JsEvent) -> RecordsChanged | Stored | None:
        """Replace the records with an exported file, once the ones it replaces are backed up."""
        kept = "Your records are unchanged."
        chosen = await chosen_file(event, MAX_BYTES)
        if not isinstance(chosen, tuple):
            if chosen:
                say(f"{chosen} {kept}")
            return None
        name, text = chosen
        try:
            records = Records.from_json(text)
        except ValueError as error:
            say(f"Could not import {name}: {error}. {kept}")
            return None
        games = sum(r.played for r in records.modes.values())
        imported = f"Imported {name}: {games} games in {len(records.modes)} modes."
        if not self.records.modes:  # nothing to lose: kept as any change of the records
            changed = self.keep(records)
            say(imported)
            return changed
        backup = [(BACKUP_KEY, self.records.to_json()), (RECORDS_KEY, records.to_json())]

        def answered(made: bool) -> RecordsChanged | None:
            if not made:
                say(f"Not imported: this browser has no room for a backup of your records. {kept}")
                return None
            changed = self.hold(records)
            say(f"{imported} The records it replaced are kept in this browser as a backup.")
            return changed

        return Stored(backup, answered)  # the backup, then the records: both or neither


def view_statistics(panel: RecordsShown | None) -> tuple[Node, ...]:
    """Return the records panel, or nothing while it is closed.

    It holds the modes to choose, the figures and charts of the mode shown, and the
    question of a reset, if asked.
    """
    if panel is None:
        return ()
    records, mode, confirming = panel.records, panel.mode, panel.confirming
    modes = [*PRESETS, *sorted(set(records.modes) - set(PRESETS))]
    if mode not in modes:
        modes.append(mode)
    record = records.get(mode)
    asked = "" if confirming is None else reset_question(confirming, records.get(confirming).played)
    return (
        h(
            "select",
            "#stats-mode",
            children=[h("option", props={"value": name}, text=mode_label(name)) for name in modes],
        ),
        h("select", "#stats-mode", props={"value": mode}),  # once its options are there
        h(
            "dl",
            "#stats-figures",
            children=[
                h(
                    "div",
                    attrs={"data-name": name},
                    children=[h("dt", text=name), h("dd", text=value)],
                )
                for name, value in record_items(record)
            ],
        ),
        h("div", "#chart-times", props={"innerHTML": histogram_svg(record.winning_times())}),
        h("div", "#chart-trend", props={"innerHTML": trend_svg(record.results)}),
        h("div", "#stats-confirm", props={"hidden": confirming is None}),
        h("p", "#stats-confirm-text", text=asked),
    )
