"""Draw the app icons (css/icon-192.png, css/icon-512.png) like css/icon.svg, in pure Python.

Run once when the icon changes: python tools/icons.py. The PNGs are committed.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLUE = (11, 92, 173)
INK = (17, 17, 17)
WHITE = (255, 255, 255)


def colour_at(u: float, v: float) -> tuple[int, int, int, int]:
    """Return the colour at (u, v) in a 64x64 icon space (the viewBox of css/icon.svg)."""
    corner = 12.0
    dx = max(corner - u, 0.0, u - (64 - corner))
    dy = max(corner - v, 0.0, v - (64 - corner))
    if dx * dx + dy * dy > corner * corner:
        return (0, 0, 0, 0)
    x, y = u - 32, v - 32
    if math.hypot(u - 26.5, v - 26.5) <= 4.5:
        return (*WHITE, 255)
    if math.hypot(x, y) <= 15:
        return (*INK, 255)
    spokes = (abs(x) <= 2 and abs(y) <= 22) or (abs(y) <= 2 and abs(x) <= 22)
    diagonal = (abs(x - y) <= 2.8 or abs(x + y) <= 2.8) and max(abs(x), abs(y)) <= 15.5
    if spokes or diagonal:
        return (*INK, 255)
    return (*BLUE, 255)


def png(size: int) -> bytes:
    """Return a *size* x *size* RGBA PNG of the icon, 2x2 supersampled."""
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            samples = [
                colour_at((px + ox) * 64 / size, (py + oy) * 64 / size)
                for ox in (0.25, 0.75)
                for oy in (0.25, 0.75)
            ]
            row += bytes(sum(s[i] for s in samples) // 4 for i in range(4))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    """Write both icon sizes."""
    for size in (192, 512):
        (ROOT / "css" / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
