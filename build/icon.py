"""Write the Mother Lode icon files into `build/generated/`: icon.png, icon.ico and icon.icns.

    python build/icon.py            (build/build.py calls `write_icons()` itself)

The picture comes from `game.icon.draw_icon`; this module only packs it. Both containers are
written by hand with `struct`, so the build needs neither Pillow nor Apple's iconutil:

* ICO: a 6-byte ICONDIR, one 16-byte ICONDIRENTRY per size, then the images. Since Windows
  Vista an entry may hold a whole PNG file instead of a BMP, which keeps alpha and stays small.
* ICNS: the magic `icns` and the file's total length (big-endian), then one element per image:
  a 4-byte OSType, the element's length including its 8-byte header, and a PNG file.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GENERATED = HERE / "generated"

if str(ROOT) not in sys.path:  # run as a script from a source checkout
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep the build log to our lines

import pygame  # noqa: E402

from game.icon import ICON_SIZES, draw_icon  # noqa: E402

# ICNS element types that hold PNG data, by pixel size. The "@2x" types reuse the next size
# up, so one 512-pixel image serves both 512 (ic09) and 256@2x (ic14), and so on.
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16),
    (b"ic11", 32),  # 16@2x
    (b"icp5", 32),
    (b"ic12", 64),  # 32@2x
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic13", 256),  # 128@2x
    (b"ic08", 256),
    (b"ic14", 512),  # 256@2x
    (b"ic09", 512),
)


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface encoded as a PNG file, in memory."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG per size (`{pixels: png}`), largest first."""
    sizes = sorted(images, reverse=True)
    header = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(sizes)
    entries = b""
    blobs = b""
    for size in sizes:
        if not 1 <= size <= 256:
            raise ValueError(f"ICO images are 1..256 pixels, not {size}")
        data = images[size]
        side = 0 if size == 256 else size  # 0 means 256 in the one-byte fields
        # width, height, palette colours, reserved, colour planes, bits per pixel, size, offset
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An ICNS file with every PNG element type whose size is in `images`."""
    body = b""
    for ostype, size in ICNS_TYPES:
        data = images.get(size)
        if data is not None:
            body += ostype + struct.pack(">I", 8 + len(data)) + data
    if not body:
        raise ValueError("no image fits an ICNS element size")
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out_dir: Path = GENERATED) -> dict[str, Path]:
    """Draw the icon at every size and write icon.png (256), icon.ico and icon.icns.

    Returns the written paths by extension ("png", "ico", "icns").
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(ICON_SIZES) | {size for _, size in ICNS_TYPES}, reverse=True)
    images = {size: png_bytes(draw_icon(size)) for size in sizes}
    paths = {
        "png": out_dir / "icon.png",
        "ico": out_dir / "icon.ico",
        "icns": out_dir / "icon.icns",
    }
    paths["png"].write_bytes(images[256])
    paths["ico"].write_bytes(ico_bytes({size: images[size] for size in ICON_SIZES}))
    paths["icns"].write_bytes(icns_bytes(images))
    return paths


def main() -> int:
    for kind, path in write_icons().items():
        print(f"{kind:5} {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
