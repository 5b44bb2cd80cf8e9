"""Gold Mine maps from Tiled: the one module that reads `.tmx` files, and the only one importing pytmx.

`load_map(path)` turns a Tiled map into the game's immutable `GoldMineMap` or raises `MapError`,
whose message names the file and says, in plain words, what is wrong. Every problem a map maker
can make is caught here, including those pytmx lets through silently: tile ids out of range,
flip and rotation flags (also Tiled's 120-degree hex rotation, which pytmx does not even strip),
missing properties, start points that are missing, misplaced or not points. The format is
described for map makers in docs/rules/gold_mine_map.md; in short:

- orientation ``hexagonal``, stagger axis ``x`` (flat-topped hexes, so direction 1 points straight
  up), stagger index ``odd`` or ``even``, a positive hex side length, not infinite;
- exactly one tile layer, named ``terrain`` (`TERRAIN_LAYER`); empty cells (gid 0) are off the map
  and give the mountain its shape; every tile used carries a ``kind`` property (dirt, mine, rock),
  and mine tiles a ``colour`` and a whole ``value`` > 0, one value per colour;
- one object layer named ``starts`` (`STARTS_LAYER`) holding exactly four point objects named (or
  of class) ``X``, each on a dirt hex, two of them with the bool property ``central`` = true.

Hostile files cost little: the file size, the declared size, the layers and tilesets are checked
against the limits below (`MAX_FILE_BYTES`, `MAX_CELLS`...) on the XML read once, before pytmx is
given it, and compressed layers are inflated in bounded steps. Map names are cleaned with
`clean_name`; `game.core.text.for_terminal` escapes what check-map prints.

Reading pixels: Tiled stores object positions in pixels. A start point belongs to the hex whose
centre is nearest, computed with Tiled's own layout for a stagger-x hexagonal map (`TiledHexLayout`):
with tile width ``w``, tile height ``h`` (both rounded down to even, as Tiled does) and hex side
length ``s``, column ``c`` starts at ``x = c * (w + s) / 2``, row ``r`` at ``y = r * h``, and the
staggered columns (odd ones for stagger index odd, even ones for even) sit ``h / 2`` lower; a hex's
centre is its top-left corner plus ``(w / 2, h / 2)``. A point outside every hex is an error.

Tiled's cells ``(column, row)`` become axial hexes (`offset_to_axial`): ``q = column`` and ``r =
row - (column - column % 2) / 2`` when odd columns are shifted down (stagger index odd), or ``r =
row - (column + column % 2) / 2`` when even columns are (stagger index even).
"""

from __future__ import annotations

import base64
import binascii
import logging
import os
import stat
import struct
import sys
import zlib
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence
from xml.etree import ElementTree

from game.core.text import for_terminal
from game.games.gold_mine.board import (
    DIRT,
    KINDS,
    MAX_VALUE,
    MINE,
    MINE_COLOURS,
    ROCK,
    clean_name,
    GoldMineMap,
    Hex,
    Tile,
    neighbours,
)

TERRAIN_LAYER = "terrain"
"""The name of the one tile layer that holds the hexes."""

STARTS_LAYER = "starts"
"""The name of the object layer that holds the four start points."""

START_NAME = "X"
"""A start point is a point object with this name (or this class/type)."""

CENTRAL = "central"
"""The bool property that marks the two start points of a two-player game."""

# The top bits of a gid in Tiled's layer data: flips, and the 120-degree rotation of hex maps.
FLIP_HORIZONTAL = 0x80000000
FLIP_VERTICAL = 0x40000000
FLIP_DIAGONAL = 0x20000000
ROTATE_HEX_120 = 0x10000000
FLAG_BITS = FLIP_HORIZONTAL | FLIP_VERTICAL | FLIP_DIAGONAL | ROTATE_HEX_120
_FLAG_NAMES = (
    (FLIP_HORIZONTAL, "flipped horizontally"),
    (FLIP_VERTICAL, "flipped vertically"),
    (FLIP_DIAGONAL, "flipped diagonally"),
    (ROTATE_HEX_120, "rotated by 120 degrees"),
)


# -- limits: checked before the work they protect, so a hostile file costs little to refuse --------

MAX_FILE_BYTES = 2 * 1024 * 1024
"""The largest .tmx or .tsx file read (2 MiB); the shipped map is about 2 KB."""

MAX_SIDE = 200
"""The most columns, and the most rows, a map may declare."""

MAX_CELLS = 10_000
"""The most cells (width x height) a map may declare: 100 x 100, say; the shipped map has 110."""

MAX_LAYER_BYTES = 4 * MAX_CELLS
"""The most bytes a Base64 layer may inflate to (4 bytes a cell); decompression stops past it."""

MAX_TILESET_TILES = 1024
"""The most tiles one tileset may cut from its image or declare (the shipped one has 7)."""

MAX_USER_MAPS = 50
"""The most .tmx files read from the user maps folder (the first ones by file name)."""

MAX_CAUSE_LENGTH = 400
"""The longest explanation kept in a `MapError` (it is drawn on the setup screen)."""


def shown_file_name(path: str | os.PathLike[str], limit: int = 80) -> str:
    """A file's name as it can be drawn or printed: bytes that are not UTF-8 show as U+FFFD,
    control characters and escape codes as spaces, and a long name is cut (see `clean_name`)."""
    name = os.fsencode(Path(path).name).decode("utf-8", "replace")
    return clean_name(name, limit) or "?"


class MapError(ValueError):
    """A map file that is not a playable Gold Mine map; `str()` names the file and the cause.

    `cause` is cleaned for display (one line, no control characters, at most `MAX_CAUSE_LENGTH`
    characters); the file name in `str()` is as given, so print it through `for_terminal`."""

    def __init__(self, path: str | os.PathLike[str], cause: str) -> None:
        self.path = Path(path)
        cause = clean_name(cause, MAX_CAUSE_LENGTH)
        self.cause = cause
        super().__init__(f"{path}: {cause}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self.path), self.cause))


# -- coordinates ---------------------------------------------------------------------------------

STAGGER_INDEXES = ("odd", "even")


def offset_to_axial(column: int, row: int, stagger_index: str) -> Hex:
    """The axial hex of Tiled's cell (column, row) on a stagger-x map (see the module docstring)."""
    if stagger_index == "odd":
        return Hex(column, row - (column - (column & 1)) // 2)
    if stagger_index == "even":
        return Hex(column, row - (column + (column & 1)) // 2)
    raise ValueError(f"stagger index must be 'odd' or 'even', not {stagger_index!r}")


def axial_to_offset(h: Hex, stagger_index: str) -> tuple[int, int]:
    """Tiled's (column, row) for an axial hex; the inverse of `offset_to_axial`."""
    if stagger_index == "odd":
        return h.q, h.r + (h.q - (h.q & 1)) // 2
    if stagger_index == "even":
        return h.q, h.r + (h.q + (h.q & 1)) // 2
    raise ValueError(f"stagger index must be 'odd' or 'even', not {stagger_index!r}")


@dataclass(frozen=True)
class TiledHexLayout:
    """Where Tiled draws the cells of a stagger-x hexagonal map, in pixels (y points down).

    Follows Tiled's hexagonal renderer: tile sizes are rounded down to even numbers and the
    arithmetic is integer, so positions match the editor's to the pixel.
    """

    tile_width: int
    tile_height: int
    hex_side: int
    stagger_even: bool

    @property
    def _w(self) -> int:
        return self.tile_width & ~1

    @property
    def _h(self) -> int:
        return self.tile_height & ~1

    @property
    def _side_offset(self) -> int:
        return (self._w - self.hex_side) // 2

    @property
    def column_width(self) -> int:
        return self._side_offset + self.hex_side

    def origin(self, column: int, row: int) -> tuple[int, int]:
        """The top-left corner of the cell's bounding box."""
        y = row * self._h
        if (column & 1) ^ self.stagger_even:
            y += self._h // 2
        return column * self.column_width, y

    def centre(self, column: int, row: int) -> tuple[float, float]:
        x, y = self.origin(column, row)
        return x + self._w / 2, y + self._h / 2

    def corners(self, column: int, row: int) -> list[tuple[int, int]]:
        """The hexagon's six corners, clockwise from the left one."""
        x, y = self.origin(column, row)
        w, h, o = self._w, self._h, self._side_offset
        return [(x, y + h // 2), (x + o, y), (x + w - o, y), (x + w, y + h // 2),
                (x + w - o, y + h), (x + o, y + h)]

    def contains(self, column: int, row: int, px: float, py: float) -> bool:
        """Whether the pixel lies inside the cell's hexagon (edges included)."""
        pts = self.corners(column, row)
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
            # Clockwise on screen (y down): inside is where the cross product is >= 0.
            if (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1) < -1e-6:
                return False
        return True

    def cell_at(self, px: float, py: float, width: int, height: int) -> tuple[int, int] | None:
        """The cell of a `width` x `height` map whose centre is nearest the pixel, or None when
        the pixel is inside no cell at all."""
        cells = [(c, r) for r in range(height) for c in range(width)]
        if not any(self.contains(c, r, px, py) for c, r in cells):
            return None

        def dist2(cell: tuple[int, int]) -> float:
            cx, cy = self.centre(*cell)
            return (cx - px) ** 2 + (cy - py) ** 2

        return min(cells, key=dist2)


# -- loading -------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _pytmx() -> Any:
    """pytmx, imported on first use, without pygame.

    pytmx imports pygame only for a type alias and for its image helpers (`pytmx.util_pygame`),
    neither of which a data loader needs. When pygame is not loaded yet, it is hidden while pytmx
    loads (pytmx falls back as it does on machines without pygame), so reading a map keeps rules,
    bots and tools headless. Nothing stays hidden: a later `import pygame` works as usual.
    """
    hidden = [name for name in ("pygame", "pytmx.util_pygame") if name not in sys.modules]
    if "pytmx" in sys.modules or "pygame" not in hidden:
        hidden = []
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # makes `import name` fail
    try:
        import pytmx
    finally:
        for name in hidden:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]
    # pytmx logs its complaints before raising; the MapError carries them, so no duplicate on stderr.
    logging.getLogger("pytmx").addHandler(logging.NullHandler())
    return pytmx


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cell(column: int, row: int) -> str:
    return f"cell ({column}, {row})"


def load_map(path: str | os.PathLike[str]) -> GoldMineMap:
    """Read a Gold Mine map made in Tiled; raises `MapError` naming the file and the cause."""
    return _Loader(Path(path)).load()


class _Loader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.terrain_layer: Any = None
        # firstgid -> the tile ids a tileset declares (<tile id=...>): in an image-collection
        # tileset these may run past tilecount, and they are valid all the same.
        self.declared: dict[int, set[int]] = {}

    def fail(self, cause: str) -> MapError:
        return MapError(self.path, cause)

    def load(self) -> GoldMineMap:
        root = self._read_xml()
        header = self._check_header(root)
        width, height, stagger_index, layout = header
        raw_gids = self._check_layers(root, width * height)
        self._check_tileset_files(root)
        tmx = self._parse_with_pytmx()
        cells = self._terrain(tmx, raw_gids, width)
        tiles = {offset_to_axial(c, r, stagger_index): t for (c, r), t in cells.items()}
        if not any(t.kind == MINE for t in tiles.values()):
            raise self.fail("the map has no mine hexes, so there is no treasure to find")
        starts, central = self._starts(root, tmx, cells, layout, width, height)
        start_hexes = [offset_to_axial(c, r, stagger_index) for c, r in starts]
        central_hexes = [offset_to_axial(c, r, stagger_index) for c, r in central]
        for cell, h in zip(starts, start_hexes):
            if not _reaches_a_mine(h, tiles):
                raise self.fail(f"the start point on {_cell(*cell)} is walled in: no mine can be "
                                f"reached from it without crossing rock")
        name = clean_name(tmx.properties.get("name"))
        if not name:
            name = clean_name(os.fsencode(self.path.stem).decode("utf-8", "replace")
                              .replace("_", " ").title()) or "Unnamed map"
        try:
            return GoldMineMap(name.strip(), tiles, tuple(start_hexes), tuple(central_hexes))
        except ValueError as exc:  # every case is caught above; this keeps the promise anyway
            raise self.fail(str(exc)) from exc

    # -- the file and its header

    def _read_bytes(self, path: Path, what: str) -> bytes:
        """A regular file's bytes, refusing (before reading) one over `MAX_FILE_BYTES`; never
        waits on a FIFO or a device, and never reads more than the limit whatever the file does."""
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        except OSError as exc:
            raise self.fail(f"{what} cannot be read ({exc.strerror or exc})") from None
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise self.fail(f"{what} is not a regular file")
            if info.st_size > MAX_FILE_BYTES:
                raise self.fail(f"{what} is too large ({info.st_size:,} bytes; the most a map file "
                                f"may be is {MAX_FILE_BYTES:,} bytes)")
            try:
                data = f.read(MAX_FILE_BYTES + 1)
            except OSError as exc:
                raise self.fail(f"{what} cannot be read ({exc.strerror or exc})") from None
        if len(data) > MAX_FILE_BYTES:
            raise self.fail(f"{what} is too large (over {MAX_FILE_BYTES:,} bytes, the most a map "
                            f"file may be)")
        return data

    def _read_xml(self) -> ElementTree.Element:
        data = self._read_bytes(self.path, "the file")
        self.data = data
        try:
            root = ElementTree.fromstring(data)
        except ElementTree.ParseError as exc:
            raise self.fail(f"the file is not valid XML ({exc})") from None
        if root.tag != "map":
            raise self.fail(f"the file is not a Tiled map (its top element is <{root.tag}>, "
                            f"not <map>)")
        return root

    def _check_header(self, root: ElementTree.Element) -> tuple[int, int, str, TiledHexLayout]:
        orientation = root.get("orientation")
        if orientation != "hexagonal":
            raise self.fail(f"the map's orientation is {orientation!r}; Gold Mine maps must be "
                            f"'hexagonal' (Map > Map Properties > Orientation)")
        axis = root.get("staggeraxis")
        if axis != "x":
            raise self.fail(f"the map's stagger axis is {axis!r}; it must be 'x', for flat-topped "
                            f"hexes with direction 1 pointing straight up")
        index = root.get("staggerindex")
        if index not in STAGGER_INDEXES:
            raise self.fail(f"the map's stagger index is {index!r}; it must be 'odd' or 'even'")
        if root.get("infinite", "0") not in ("0", ""):
            raise self.fail("the map is infinite; Gold Mine maps must have a fixed size "
                            "(untick Infinite in the map properties)")
        numbers: dict[str, int] = {}
        for key in ("width", "height", "tilewidth", "tileheight", "hexsidelength"):
            text = root.get(key)
            number = _whole(text) if text is not None else None
            if number is None or number <= 0:
                raise self.fail(f"the map's {key} is {text!r}; it must be a whole number above 0")
            numbers[key] = number
        width, height = numbers["width"], numbers["height"]
        if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_CELLS:
            raise self.fail(f"the map is too big ({width} x {height} cells); a Gold Mine map may "
                            f"have at most {MAX_SIDE} columns, {MAX_SIDE} rows and {MAX_CELLS:,} "
                            f"cells in all")
        if numbers["hexsidelength"] >= numbers["tilewidth"]:
            raise self.fail(f"the hex side length ({numbers['hexsidelength']}) must be smaller "
                            f"than the tile width ({numbers['tilewidth']})")
        layout = TiledHexLayout(numbers["tilewidth"], numbers["tileheight"],
                                numbers["hexsidelength"], index == "even")
        return numbers["width"], numbers["height"], index, layout

    def _check_tileset_files(self, root: ElementTree.Element) -> None:
        """pytmx reports a missing or broken .tsx with a bare Exception; say it plainly first."""
        for node in root.findall("tileset"):
            source = node.get("source")
            if not source:
                self._note_declared(node, node)
                continue
            if not source.lower().endswith(".tsx"):
                raise self.fail(f"the tileset {source!r} is not a .tsx file; save the tileset in "
                                f"Tiled's XML format (.tsx)")
            tsx = self.path.parent / source
            if not tsx.is_file():
                raise self.fail(f"the tileset file {source!r} is missing (looked for {tsx})")
            data = self._read_bytes(tsx, f"the tileset file {source!r}")
            try:
                self._note_declared(node, ElementTree.fromstring(data))
            except ElementTree.ParseError as exc:
                raise self.fail(f"the tileset file {source!r} is not valid XML ({exc})") from None
            except OSError as exc:
                raise self.fail(f"the tileset file {source!r} cannot be read "
                                f"({exc.strerror or exc})") from None

    def _note_declared(self, node: ElementTree.Element, tileset: ElementTree.Element) -> None:
        try:
            firstgid = int(node.get("firstgid", ""))
        except ValueError:
            raise self.fail(f"a tileset has no valid firstgid ({node.get('firstgid')!r})") from None
        self._check_tileset_size(tileset)
        ids = set()
        for tile in tileset.findall("tile"):
            try:
                ids.add(int(tile.get("id", "")))
            except ValueError:
                raise self.fail(f"a tile in tileset {tileset.get('name')!r} has no valid id "
                                f"({tile.get('id')!r})") from None
        self.declared[firstgid] = ids

    def _check_tileset_size(self, tileset: ElementTree.Element) -> None:
        """Refuse a tileset that declares, or would cut from its image, more than
        `MAX_TILESET_TILES` tiles: pytmx walks every tile of the image's declared size."""
        name = tileset.get("name")
        count = _whole(tileset.get("tilecount", "0")) or 0
        if count > MAX_TILESET_TILES:
            raise self.fail(f"the tileset {name!r} declares {count:,} tiles; a tileset may have "
                            f"at most {MAX_TILESET_TILES:,}")
        image = tileset.find("image")
        if image is None:
            return
        numbers = [_whole(node.get(key, "0")) for node, key in (
            (tileset, "tilewidth"), (tileset, "tileheight"), (tileset, "spacing"),
            (tileset, "margin"), (image, "width"), (image, "height"))]
        if any(n is None for n in numbers):
            return  # pytmx refuses what is not a number
        tile_w, tile_h, spacing, margin, image_w, image_h = numbers
        rows = _steps(margin, image_h + margin - tile_h + 1, tile_h + spacing)
        columns = _steps(margin, image_w + margin - tile_w + 1, tile_w + spacing)
        if rows is None or columns is None or rows * columns > MAX_TILESET_TILES:
            raise self.fail(f"the tileset {name!r} cuts too many tiles from its image "
                            f"({image_w} x {image_h} pixels in {tile_w} x {tile_h} tiles); a "
                            f"tileset may have at most {MAX_TILESET_TILES:,}")

    def _check_layers(self, root: ElementTree.Element, count: int) -> list[int]:
        """The terrain layer's raw gids, read (within the limits) before pytmx reads the file,
        which would inflate every layer without a bound."""
        layers = list(root.iter("layer"))
        if len(layers) > 1:
            names = ", ".join(repr(layer.get("name")) for layer in layers[:10])
            more = ", ..." if len(layers) > 10 else ""
            raise self.fail(f"the map has {len(layers)} tile layers ({names}{more}); Gold Mine "
                            f"maps have exactly one, named {TERRAIN_LAYER!r}")
        if not layers:
            raise self.fail(f"the map has no tile layer; the hexes go in one tile layer named "
                            f"{TERRAIN_LAYER!r}")
        if layers[0].get("name") != TERRAIN_LAYER:
            raise self.fail(f"the tile layer is named {layers[0].get('name')!r}; it must be named "
                            f"{TERRAIN_LAYER!r}")
        return self._raw_gids(layers[0].find("data"), count)

    def _parse_with_pytmx(self) -> Any:
        pytmx = _pytmx()
        try:
            # The bytes already read and checked: pytmx does not open the map file again.
            tmx = pytmx.TiledMap()
            tmx.filename = str(self.path)
            tmx.parse_xml(ElementTree.fromstring(self.data))
            return tmx
        except Exception as exc:  # pytmx raises bare Exceptions, ValueErrors, KeyErrors...
            detail = str(exc) or type(exc).__name__
            if isinstance(exc, KeyError):  # str() of a KeyError is only the missing key
                detail = (f"it uses {exc.args[0]!r} without defining it; class properties are "
                          f"not supported")
            raise self.fail(f"Tiled's data could not be read ({detail})") from None

    # -- the terrain layer

    def _terrain(self, tmx: Any, raw_gids: list[int], width: int) -> dict[tuple[int, int], Tile]:
        pytmx = _pytmx()
        layers = [layer for layer in tmx.layers if isinstance(layer, pytmx.TiledTileLayer)]
        if not layers:
            raise self.fail(f"the map has no tile layer; the hexes go in one tile layer named "
                            f"{TERRAIN_LAYER!r}")
        if len(layers) > 1:
            names = ", ".join(repr(layer.name) for layer in layers)
            raise self.fail(f"the map has {len(layers)} tile layers ({names}); Gold Mine maps "
                            f"have exactly one, named {TERRAIN_LAYER!r}")
        if layers[0].name != TERRAIN_LAYER:
            raise self.fail(f"the tile layer is named {layers[0].name!r}; it must be named "
                            f"{TERRAIN_LAYER!r}")
        self.terrain_layer = layers[0]
        # pytmx renumbers gids and drops (or mangles) flag bits, so Tiled's own numbers (read by
        # `_check_layers`) are used.
        tilesets = sorted(tmx.tilesets, key=lambda ts: ts.firstgid)
        cells: dict[tuple[int, int], Tile] = {}
        colour_seen: dict[str, tuple[int, str]] = {}
        described: dict[int, Tile] = {}
        for index, raw in enumerate(raw_gids):
            if raw == 0:
                continue
            column, row = index % width, index // width
            flags = raw & FLAG_BITS
            if flags:
                how = " and ".join(name for bit, name in _FLAG_NAMES if flags & bit)
                raise self.fail(f"the tile on {_cell(column, row)} is {how}; Gold Mine tiles "
                                f"may not be flipped or rotated")
            gid = raw & ~FLAG_BITS
            if gid not in described:
                described[gid] = self._tile_for_gid(tmx, tilesets, gid, column, row)
            tile = described[gid]
            if tile.kind == MINE:
                label = self._tile_label(tilesets, gid)
                first = colour_seen.setdefault(tile.colour, (tile.value, label))
                if first[0] != tile.value:
                    raise self.fail(f"{tile.colour} mines are worth {first[0]} ({first[1]}) and "
                                    f"{tile.value} ({label}); each colour has one value")
            cells[(column, row)] = tile
        if not cells:
            raise self.fail(f"the {TERRAIN_LAYER!r} layer is empty")
        return cells

    def _raw_gids(self, data: ElementTree.Element | None, count: int) -> list[int]:
        if data is None:
            raise self.fail(f"the {TERRAIN_LAYER!r} layer has no data")
        encoding = data.get("encoding")
        compression = data.get("compression")
        try:
            if encoding == "csv":
                gids = [int(x) for x in (data.text or "").replace("\n", "").split(",") if x.strip()]
            elif encoding == "base64":
                gids = _decode_base64(data.text or "", compression)
            else:
                raise ValueError(f"the layer data encoding {encoding!r} is not supported; use "
                                 f"CSV or Base64 (Map > Map Properties > Tile Layer Format)")
        except ValueError as exc:
            raise self.fail(f"the {TERRAIN_LAYER!r} layer data cannot be read: {exc}") from None
        if len(gids) != count:
            raise self.fail(f"the {TERRAIN_LAYER!r} layer has {len(gids)} cells, but the map is "
                            f"{count} cells")
        return gids

    def _tileset_for(self, tilesets: Sequence[Any], gid: int) -> Any | None:
        owner = None
        for ts in tilesets:
            if ts.firstgid <= gid:
                owner = ts
        if owner is None:
            return None
        local = gid - owner.firstgid
        if local < int(owner.tilecount or 0) or local in self.declared.get(owner.firstgid, ()):
            return owner
        return None

    def _tile_label(self, tilesets: Sequence[Any], gid: int) -> str:
        ts = self._tileset_for(tilesets, gid)
        return f"tile {gid - ts.firstgid} of tileset {ts.name!r}" if ts else f"gid {gid}"

    def _tile_for_gid(self, tmx: Any, tilesets: Sequence[Any], gid: int, column: int,
                      row: int) -> Tile:
        ts = self._tileset_for(tilesets, gid)
        if ts is None:
            ranges = ", ".join(f"{t.name!r} has {t.firstgid}-{t.firstgid + int(t.tilecount or 0) - 1}"
                               for t in tilesets) or "the map has no tileset"
            raise self.fail(f"{_cell(column, row)} holds tile id {gid}, which is in no tileset "
                            f"({ranges})")
        label = f"{self._tile_label(tilesets, gid)} (used on {_cell(column, row)})"
        props: dict[str, Any] = {}
        for pygid, _flags in tmx.gidmap.get(gid, ()):
            props = tmx.tile_properties.get(pygid) or {}
            break
        kind = _word(props.get("kind"))
        if kind is None:
            raise self.fail(f"{label} has no 'kind' property; give it kind = dirt, mine or rock "
                            f"in the tileset")
        if kind not in KINDS:
            raise self.fail(f"{label} has kind {kind!r}; it must be one of {', '.join(KINDS)}")
        colour = _word(props.get("colour"))
        value = props.get("value")
        if kind != MINE:
            if colour not in (None, "") or value not in (None, ""):
                raise self.fail(f"{label} is {kind} but has a colour or value; only mines carry "
                                f"treasure")
            return Tile(kind)
        if colour in (None, ""):
            hint = " (the property is spelled 'colour')" if "color" in props else ""
            raise self.fail(f"{label} is a mine without a 'colour' property{hint}")
        if colour not in MINE_COLOURS:
            raise self.fail(f"{label} has colour {colour!r}; mine colours are "
                            f"{', '.join(MINE_COLOURS)}")
        if value in (None, ""):
            raise self.fail(f"{label} is a mine without a 'value' property (its treasure in $)")
        number = _whole(value)
        if number is None or not 1 <= number <= MAX_VALUE:
            raise self.fail(f"{label} has value {value!r}; a mine's value must be a whole number "
                            f"from 1 to {MAX_VALUE}")
        return Tile(MINE, colour, number)

    # -- the start points

    def _starts(self, root: ElementTree.Element, tmx: Any, cells: dict[tuple[int, int], Tile],
                layout: TiledHexLayout, width: int,
                height: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        pytmx = _pytmx()
        raw_groups = [g for g in root.iter("objectgroup") if g.get("name") == STARTS_LAYER]
        groups = [g for g in tmx.layers
                  if isinstance(g, pytmx.TiledObjectGroup) and g.name == STARTS_LAYER]
        if not raw_groups or not groups:
            raise self.fail(f"the map has no object layer named {STARTS_LAYER!r}; put the four "
                            f"start points (point objects named {START_NAME}) in one")
        if len(raw_groups) > 1 or len(groups) > 1:
            raise self.fail(f"the map has {len(raw_groups)} object layers named "
                            f"{STARTS_LAYER!r}; it needs exactly one")
        raw_objects = raw_groups[0].findall("object")
        if len(raw_objects) > 16:  # before any geometry: each point is compared with every cell
            raise self.fail(f"the {STARTS_LAYER!r} layer holds {len(raw_objects)} objects; it "
                            f"holds exactly four start points (point objects named {START_NAME})")
        objects = list(groups[0])
        if len(raw_objects) != len(objects):  # cannot happen with pytmx 3.x; guard the zip
            raise self.fail(f"the {STARTS_LAYER!r} layer could not be read consistently")
        # Layer offsets move what Tiled draws: compare the points with the hexes as drawn.
        shift_x = _offset(groups[0], "offsetx") - _offset(self.terrain_layer, "offsetx")
        shift_y = _offset(groups[0], "offsety") - _offset(self.terrain_layer, "offsety")
        starts: list[tuple[int, int]] = []
        central: list[tuple[int, int]] = []
        for raw, obj in zip(raw_objects, objects):
            ident = f"object id {raw.get('id', '?')}"
            names = {raw.get("name"), raw.get("type"), raw.get("class")}
            if START_NAME not in names:
                raise self.fail(f"{ident} in the {STARTS_LAYER!r} layer is not a start point; "
                                f"that layer holds only point objects named {START_NAME}")
            shape = _shape(raw)
            if shape != "point":
                raise self.fail(f"start point {ident} is {shape}; start points must be point "
                                f"objects (Tiled's Insert Point tool)")
            x = float(obj.x) + shift_x
            y = float(obj.y) + shift_y
            cell = layout.cell_at(x, y, width, height)
            where = f"start point {ident} at pixel ({x:g}, {y:g})"
            if cell is None:
                raise self.fail(f"{where} lies outside the map")
            tile = cells.get(cell)
            if tile is None:
                raise self.fail(f"{where} is on {_cell(*cell)}, which is empty (off the map)")
            if tile.kind != DIRT:
                article = "a mine" if tile.kind == MINE else "rock" if tile.kind == ROCK else tile.kind
                raise self.fail(f"{where} is on {article} ({_cell(*cell)}); start points must "
                                f"be on dirt")
            if cell in starts:
                raise self.fail(f"two start points are on the same hex, {_cell(*cell)}")
            flag = obj.properties.get(CENTRAL, False)
            if isinstance(flag, str) and flag.strip().lower() in ("true", "false"):
                flag = flag.strip().lower() == "true"
            if not isinstance(flag, bool):
                raise self.fail(f"start point {ident} has {CENTRAL} = {flag!r}; it must be a "
                                f"bool property, true or false")
            starts.append(cell)
            if flag:
                central.append(cell)
        if not starts:
            raise self.fail(f"the {STARTS_LAYER!r} layer has no start points; it needs four "
                            f"point objects named {START_NAME} on dirt hexes")
        if len(starts) != 4:
            raise self.fail(f"the map has {_plural(len(starts), 'start point')}; Gold Mine needs "
                            f"exactly four")
        if len(central) != 2:
            raise self.fail(f"{_plural(len(central), 'start point')} marked {CENTRAL}; exactly "
                            f"two must be (the two used in a two-player game)")
        return starts, central


def _decode_base64(text: str, compression: str | None) -> list[int]:
    if compression not in (None, "", "zlib", "gzip"):
        raise ValueError(f"the compression {compression!r} is not supported; use zlib, gzip or "
                         f"none")
    try:
        data = base64.b64decode(text.strip())
        if compression in ("zlib", "gzip"):
            data = _inflate(data, compression, MAX_LAYER_BYTES)
    except (binascii.Error, zlib.error) as exc:
        raise ValueError(f"the Base64 data is damaged ({exc})") from None
    if len(data) % 4:
        raise ValueError("the Base64 data is not a whole number of tiles")
    return list(struct.unpack(f"<{len(data) // 4}I", data))


def _inflate(data: bytes, compression: str, limit: int) -> bytes:
    """zlib or gzip data inflated to at most `limit` bytes, in bounded steps: data that would
    inflate further is refused after producing `limit` + 1 bytes, never more."""
    inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
    out = bytearray()
    pending = data
    while True:
        out += inflater.decompress(pending, limit + 1 - len(out))
        if len(out) > limit:
            raise ValueError(f"the layer inflates to more than {limit:,} bytes, the most a map "
                             f"of {MAX_CELLS:,} cells needs")
        pending = inflater.unconsumed_tail
        if not pending:
            break
    if not inflater.eof:
        raise ValueError(f"the {compression} data is cut short")
    if inflater.unused_data:
        raise ValueError(f"there is extra data after the {compression} stream")
    return bytes(out)


def _steps(start: int, stop: int, step: int) -> int | None:
    """len(range(start, stop, step)) without building it; None for a step that is not positive."""
    if step <= 0:
        return None
    return max(0, (stop - start + step - 1) // step)


def _word(value: Any) -> Any:
    """Text properties compared without regard to case or stray spaces; anything else as is."""
    return value.strip().lower() if isinstance(value, str) else value


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def _offset(layer: Any, key: str) -> float:
    try:
        return float(getattr(layer, key, 0) or 0)
    except (TypeError, ValueError):
        return 0.0


def _shape(raw: ElementTree.Element) -> str:
    if raw.get("gid"):
        return "a tile object"
    for tag, name in (("point", "point"), ("ellipse", "an ellipse"), ("polygon", "a polygon"),
                      ("polyline", "a polyline"), ("text", "a text object")):
        if raw.find(tag) is not None:
            return name
    if raw.get("template"):
        return "a template instance (templates are not supported)"
    return "a rectangle"


def _reaches_a_mine(start: Hex, tiles: dict[Hex, Tile]) -> bool:
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in neighbours(h):
            t = tiles.get(n)
            if n in seen or t is None or t.kind == ROCK:
                continue
            if t.kind == MINE:
                return True
            seen.add(n)
            todo.append(n)
    return False


# -- the shipped map and the player's maps -------------------------------------------------------


def shipped_map_path() -> Path:
    """The Gold Mine map that comes with the game."""
    from game.paths import map_file

    return map_file("gold_mine.tmx")


def user_maps_dir() -> Path:
    """`<user data folder>/maps/`, where players put their own Gold Mine maps (created if missing)."""
    from game.paths import user_data_dir

    folder = user_data_dir() / "maps"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def list_user_maps(folder: str | os.PathLike[str] | None = None
                   ) -> list[tuple[Path, GoldMineMap | MapError]]:
    """Every `.tmx` file directly in `folder` (default: `user_maps_dir()`), sorted by file name,
    each with its map or the `MapError` that says why it cannot be played; at most
    `MAX_USER_MAPS` of them (the first by name). File names need not be valid UTF-8: show them
    with `shown_file_name`."""
    base = Path(folder) if folder is not None else user_maps_dir()
    try:
        paths = sorted((p for p in base.iterdir() if p.suffix.lower() == ".tmx" and p.is_file()),
                       key=lambda p: (p.name.lower(), p.name))[:MAX_USER_MAPS]
    except OSError:
        return []
    found: list[tuple[Path, GoldMineMap | MapError]] = []
    for p in paths:
        try:
            found.append((p, load_map(p)))
        except MapError as exc:
            found.append((p, exc))
    return found


# -- python -m game check-map --------------------------------------------------------------------

USAGE = """usage: python -m game check-map FILE [FILE ...]

Checks Gold Mine maps made in Tiled, as the game will when loading them.
Prints OK and a summary for each good map, or what is wrong with a bad one.
Exit status: 0 all maps are good, 1 a map has a problem, 2 wrong usage.
The map format: docs/rules/gold_mine_map.md"""


def main(argv: Iterable[str] | None = None) -> int:
    """`check-map FILE...`: 0 when every map is good, 1 when one is not, 2 for wrong usage."""
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in args):
        print(USAGE)
        return 0
    if not args or any(a.startswith("-") for a in args):
        print(USAGE, file=sys.stderr)
        return 2
    status = 0
    for arg in args:
        try:
            m = load_map(arg)
        except MapError as exc:
            print(for_terminal(f"BAD: {exc}", sys.stderr), file=sys.stderr)
            status = 1
        else:
            print(for_terminal(f"OK: {m.name}, {m.summary()}  [{arg}]", sys.stdout))
    return status


if __name__ == "__main__":
    sys.exit(main())
