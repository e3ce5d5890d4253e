"""The statistics panel: the player's records per mode, their charts, export, import, reset."""

from __future__ import annotations

from typing import Final

from game.page.asks import RecordsChanged, Stored
from game.page.channel import today
from game.page.charts import histogram_svg, trend_svg
from game.page.dom import by_id, create, save_file, say
from game.page.heard import JsEvent, chosen_file, listen, on_click
from game.page.storage import Store
from game.rules.settings import PRESETS
from game.session.records import Records, mode_label
from game.session.versioned import MAX_BYTES

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
        self.confirming: str | None = None
        on_click("stats-open", self.toggle)
        on_click("stats-close", self.toggle)
        listen(by_id("stats-mode"), "change", lambda _e: self.show(str(by_id("stats-mode").value)))
        on_click("stats-export", self.export)
        listen(by_id("stats-import"), "change", self.on_import)
        on_click("stats-reset", self.ask_reset)
        on_click("stats-reset-yes", self.reset)
        on_click("stats-reset-no", self.cancel_reset)
        # Escape closes the dialog by itself; whichever way it closes, focus goes back.
        listen(by_id("stats"), "close", lambda _e: self.closed())

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
        """Show *records*; ask for the daily board to be marked by them."""
        self.records = records
        if by_id("stats").open:
            self.show(self.mode)
        return RecordsChanged()

    def toggle(self) -> None:
        """Open the panel (a dialog) on the current game's mode, or close it."""
        panel = by_id("stats")
        if panel.open:
            panel.close()
        else:
            self.show(self.mode)
            panel.showModal()
            by_id("stats-mode").focus()

    def closed(self) -> None:
        """Forget a pending reset and give focus back to the button that opened the panel."""
        self.cancel_reset()
        by_id("stats-open").focus()

    def show(self, mode: str) -> None:
        """Fill the panel with the records of *mode*."""
        chooser = by_id("stats-mode")
        modes = [*PRESETS, *sorted(set(self.records.modes) - set(PRESETS))]
        if mode not in modes:
            modes.append(mode)
        chooser.replaceChildren()
        for name in modes:
            option = create("option")
            option.value = name
            option.textContent = mode_label(name)
            chooser.append(option)
        chooser.value = mode
        record = self.records.get(mode)
        best, nf_best = (
            "–" if ms is None else f"{ms / 1000:.3f} s"
            for ms in (record.best_ms, record.best_nf_ms)
        )
        rate, nf_rate = (
            "–" if r is None else f"{r:.2f}" for r in (record.best_rate, record.best_nf_rate)
        )
        items = (
            ("played", str(record.played)),
            ("won", str(record.won)),
            ("win rate", f"{record.win_rate:.0%}" if record.played else "–"),
            ("streak", str(record.streak)),
            ("best streak", str(record.best_streak)),
            ("best time", best),
            ("best 3BV/s", rate),
            ("best time, no flags (NF)", nf_best),
            ("best 3BV/s, NF", nf_rate),
        )
        by_id("stats-figures").innerHTML = "".join(  # numbers and fixed words only
            f'<div data-name="{name}"><dt>{name}</dt><dd>{value}</dd></div>'
            for name, value in items
        )
        by_id("chart-times").innerHTML = histogram_svg(record.winning_times())
        by_id("chart-trend").innerHTML = trend_svg(record.results)
        self.cancel_reset()

    def ask_reset(self) -> None:
        """Ask to confirm resetting the chosen mode's records."""
        mode = str(by_id("stats-mode").value)
        played = self.records.get(mode).played
        self.confirming = mode
        by_id("stats-confirm-text").textContent = (
            f"Reset the records of {mode_label(mode)}? Its {played} game"
            f"{'s' * (played != 1)} will be forgotten."
        )
        by_id("stats-confirm").hidden = False
        by_id("stats-reset-no").focus()

    def cancel_reset(self) -> None:
        """Close the confirmation without resetting anything."""
        if self.confirming is not None:
            self.confirming = None
            by_id("stats-confirm").hidden = True

    def reset(self) -> RecordsChanged | None:
        """Reset the confirmed mode's records."""
        mode = self.confirming
        if mode is None:
            return None
        changed = self.keep(self.records.reset(mode))
        self.show(mode)
        by_id("stats-reset").focus()
        say(f"The records of {mode_label(mode)} were reset.")
        return changed

    def export(self) -> None:
        """Save every record as one JSON file."""
        name = f"minesweeper-records-{today()}.json"
        save_file(name, self.records.to_json())
        say(f"Records saved as {name}.")

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
