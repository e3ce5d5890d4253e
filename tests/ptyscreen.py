"""A program run in a real pseudo-terminal, its screen read through pyte's VT100 emulator.

Tests type keys as a player would (bytes into the terminal), and wait for the
screen to show a state, with a timeout that only ever ends a failing test:
no fixed sleeps, so a loaded machine only makes them slower, never wrong.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

import pyte

from helpers import ROOT

WAIT: Final = 60.0
"""Seconds a test waits for a screen before it fails (a loaded 2-core machine is slow)."""

UP, DOWN, RIGHT, LEFT = "\x1bOA", "\x1bOB", "\x1bOC", "\x1bOD"
"""What xterm's arrow keys send once curses has switched the keypad to application mode."""


class Pty:
    """`python -m game ARGS` in a pseudo-terminal of a given size, and the screen it draws."""

    def __init__(
        self, *args: str, size: tuple[int, int] = (80, 24), env: Mapping[str, str] | None = None
    ) -> None:
        columns, lines = size
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        environment = {
            **os.environ,
            "TERM": "xterm-256color",
            "LC_ALL": "C.UTF-8",
            "COLUMNS": "",
            "LINES": "",
            **(env or {}),
        }
        environment = {k: v for k, v in environment.items() if v}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the pty is its controlling terminal
            try:
                os.chdir(ROOT)
                _set_size(0, columns, lines)  # fds 0-2 are the pty (sys.stdout may be captured)
                os.execve(sys.executable, [sys.executable, "-m", "game", *args], environment)
            finally:
                os._exit(127)
        self.status: int | None = None
        self.output = b""

    # -- the player's side ---------------------------------------------------------------

    def type(self, keys: str) -> None:
        """Press *keys* (text; arrows as the escape sequences above).

        Long input goes in pieces while the screen is read: a program blocked on
        writing its output would never read the rest of its input.
        """
        data = keys.encode()
        while data:
            readable, writable, _ = select.select([self.fd], [self.fd], [], WAIT)
            if not (readable or writable):
                raise AssertionError(f"the game stopped reading keys:\n{self.text()}")
            if readable:
                self._read(0)
            if writable:
                data = data[os.write(self.fd, data[:512]) :]

    def resize(self, columns: int, lines: int) -> None:
        """Resize the terminal: the kernel sends the program SIGWINCH, as a window would."""
        self.screen.resize(lines, columns)
        _set_size(self.fd, columns, lines)

    # -- reading the screen --------------------------------------------------------------

    def text(self) -> str:
        """Return the screen as text, one line per row."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, check: Callable[[str], bool] | str, timeout: float = WAIT) -> str:
        """Read the program's output until *check* (a predicate or a text) holds for the screen.

        :raises AssertionError: with the screen, if it does not hold within *timeout* seconds.
        """
        test = (lambda screen: check in screen) if isinstance(check, str) else check
        deadline = time.monotonic() + timeout
        while not test(self.text()):
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                raise AssertionError(f"screen never matched {check!r}:\n{self.text()}")
        self._drain()  # the rest of a frame that was still being written
        return self.text()

    def _read(self, timeout: float) -> bool:
        """Feed what the program writes within *timeout* to the screen; False once it exited."""
        ready, _, _ = select.select([self.fd], [], [], min(timeout, 1.0))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError as error:  # EIO: the program closed the terminal
            if error.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self.wait()
            return False
        self.output += data
        self.stream.feed(data)
        return True

    def cell(self, column: int, line: int) -> pyte.screens.Char:
        """Return the character at (*column*, *line*) with its colours and attributes."""
        return self.screen.buffer[line][column]

    def find(self, text: str) -> tuple[int, int]:
        """Return the (column, line) where *text* first appears on the screen."""
        for y, line in enumerate(self.screen.display):
            if text in line:
                return line.index(text), y
        raise AssertionError(f"{text!r} is not on the screen:\n{self.text()}")

    # -- the end -------------------------------------------------------------------------

    def wait(self, timeout: float = WAIT) -> int:
        """Wait for the program to exit (reading what it prints); return its exit status."""
        deadline = time.monotonic() + timeout
        while self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"the game did not exit:\n{self.text()}")
            self._drain()
        self._drain()
        return self.status

    def _drain(self) -> None:
        """Read whatever the program wrote, without waiting."""
        while select.select([self.fd], [], [], 0.05)[0]:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            self.output += data
            self.stream.feed(data)

    def hang_up(self, timeout: float = WAIT) -> int:
        """Close the terminal, as closing its window does (the kernel sends SIGHUP); return
        the program's exit status."""
        os.close(self.fd)
        self.fd = -1
        deadline = time.monotonic() + timeout
        while self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
            elif time.monotonic() > deadline:
                raise AssertionError("the game did not exit when its terminal closed")
            else:
                select.select([], [], [], 0.05)  # poll the child's exit (no fd to wait on)
        return self.status

    def close(self) -> None:
        """End the program if it still runs, and release the terminal."""
        if self.status is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.status = -signal.SIGKILL
        if self.fd >= 0:
            os.close(self.fd)


def _set_size(fd: int, columns: int, lines: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))


def layout_file(folder: Path, *rows: str) -> Path:
    """Write a layout text of *rows* into *folder*; return its path."""
    path = folder / "board.txt"
    path.write_text("\n".join(rows) + "\n")
    return path
