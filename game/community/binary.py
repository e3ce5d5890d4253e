"""Reading a binary replay byte by byte, with a message naming the file where it ends."""

from __future__ import annotations

from dataclasses import dataclass

from game.community.recording import ReplayError


@dataclass
class Bytes:
    """A cursor over a file's bytes; every read past the end raises `ReplayError`."""

    data: bytes
    """The file's content."""
    name: str
    """The file's name, for messages."""
    at: int = 0
    """The offset of the next byte to read."""

    def fail(self, problem: str) -> ReplayError:
        """Return the error for *problem* found at the current offset."""
        return ReplayError(f"{self.name}: {problem} (at byte {self.at})")

    def take(self, count: int) -> bytes:
        """Return the next *count* bytes."""
        end = self.at + count
        if count < 0 or end > len(self.data):
            raise ReplayError(f"{self.name}: the file is cut short (at byte {len(self.data)})")
        chunk = self.data[self.at : end]
        self.at = end
        return chunk

    def skip(self, count: int) -> None:
        """Pass over *count* bytes."""
        self.take(count)

    def u8(self) -> int:
        """Read one unsigned byte."""
        return self.take(1)[0]

    def u16(self) -> int:
        """Read a big-endian unsigned 16-bit number."""
        return int.from_bytes(self.take(2), "big")

    def i16(self) -> int:
        """Read a big-endian signed 16-bit number."""
        return int.from_bytes(self.take(2), "big", signed=True)

    def u24(self) -> int:
        """Read a big-endian unsigned 24-bit number."""
        return int.from_bytes(self.take(3), "big")

    def u32(self) -> int:
        """Read a big-endian unsigned 32-bit number."""
        return int.from_bytes(self.take(4), "big")

    def until(self, end: int) -> bytes:
        """Return the bytes up to the next byte *end*, passing over it."""
        stop = self.data.find(bytes((end,)), self.at)
        if stop < 0:
            raise ReplayError(f"{self.name}: the file is cut short (at byte {len(self.data)})")
        chunk = self.data[self.at : stop]
        self.at = stop + 1
        return chunk

    def seek(self, marker: bytes) -> None:
        """Move past the next occurrence of *marker*."""
        found = self.data.find(marker, self.at)
        if found < 0:
            raise ReplayError(
                f"{self.name}: the file is cut short (no {marker!r} after byte {self.at})"
            )
        self.at = found + len(marker)
