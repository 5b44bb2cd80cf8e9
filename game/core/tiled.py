"""The edge where Tiled files come in, shared by every game played on Tiled maps. Pure Python.

Gold Mine (`game.games.gold_mine.tmx`, hex maps) and Big Dig (`game.games.big_dig.tmx`, square
boards) each turn a `.tmx` file into their own immutable board type; everything that does not
depend on the game lives here, so that every reader gets the same protection against damaged and
hostile files (issue 8) without copying it:

- `TiledReader`, the base of each game's reader: a file is read only when it is a regular file
  (never a FIFO or a device), at most `MAX_FILE_BYTES` long and holding at most `MAX_TAGS` tags,
  parsed as XML once, its declared size checked against `MAX_SIDE` and `MAX_CELLS`, its tile
  layer decoded by us (CSV, or Base64 raw, zlib or gzip, inflated in bounded steps to at most
  `MAX_LAYER_BYTES`), its tilesets checked (at most `MAX_TILESETS`, files present, valid XML, at
  most `MAX_TILESET_TILES` tiles each) before pytmx is given the XML already parsed. The object
  layers a game does not read (`TiledReader.object_layers`) are set aside first, and what pytmx
  is left to read is bounded (`MAX_PROPERTIES`, `MAX_OBJECTS`, `MAX_POINTS`). Tiled's flip
  flags are read from the raw gids (pytmx drops or mangles them).
- `MapError`: one line naming the file and the cause, in a map maker's words.
- `shown_file_name`: a file name fit to draw and print (names need not be valid UTF-8).
- Which game a map is for: the map property ``game`` (`GAME_PROPERTY`), "big_dig" for Big Dig;
  a map without it is a Gold Mine map (every Gold Mine map made before Big Dig existed has none).
  `map_game` reads it from the file's head; `user_maps` lists the user maps folder for one game:
  a map for another game is left out, a file whose game cannot be told (not readable, not a
  Tiled map, a ``game`` nobody plays) is listed for every game with its reason, so its maker sees
  why. Each game reads its first `MAX_USER_MAPS` and counts the rest, for the setup to say; a map
  not changed since it was read (nor its tilesets) is not read again.
- `main`: ``python -m game check-map FILE...``, which picks each file's reader from its ``game``.

pytmx is imported here, and only here, without pygame (`pytmx_module`).
"""

from __future__ import annotations

import base64
import binascii
import errno
import importlib
import itertools
import logging
import os
import stat
import struct
import sys
import threading
import time
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Generic, Iterable, Sequence, TypeVar, cast
from xml.etree import ElementTree

from game.core.text import clean_text, for_terminal

# -- limits: checked before the work they protect, so a hostile file costs little to refuse --------

MAX_FILE_BYTES = 2 * 1024 * 1024
"""The largest .tmx or .tsx file read (2 MiB); the shipped maps are a few KB."""

MAX_SIDE = 200
"""The most columns, and the most rows, a map may declare."""

MAX_CELLS = 10_000
"""The most cells (width x height) a map may declare: 100 x 100, say."""

MAX_LAYER_BYTES = 4 * MAX_CELLS
"""The most bytes a Base64 layer may inflate to (4 bytes a cell); decompression stops past it."""

MAX_TILESET_TILES = 1024
"""The most tiles one tileset may cut from its image or declare."""

MAX_TAGS = 20_000
"""The most XML tags (counted as '<' in the bytes, before parsing) a .tmx or .tsx file may hold:
it bounds the memory the parsed file takes; the shipped map has 41 and its tileset 49."""

MAX_TILESETS = 32
"""The most tilesets a map may use (pytmx reads each one in full; the shipped maps use one)."""

MAX_OBJECTS = 256
"""The most objects the object layers a game reads may hold (Gold Mine's ``starts`` holds four),
and the most a tileset file's tiles may hold; a map's other object layers, and the shapes drawn on
the tiles of its own tilesets, are set aside before pytmx reads the map (no game uses them)."""

MAX_POINTS = 4096
"""The most corners the polygons and polylines of those objects may have in all (pytmx makes a
pair of numbers of each)."""

MAX_PROPERTIES = 8192
"""The most custom properties a map file, or a tileset file, may hold (a tileset of
`MAX_TILESET_TILES` tiles with Gold Mine's three properties each holds 3,072), counted in the
bytes before they are parsed."""

MAX_USER_MAPS = 50
"""The most maps of one game read from the user maps folder (the first ones by file name); the
setup says how many more there are."""

MAX_USER_MAP_FILES = 200
"""The most .tmx files in the user maps folder looked at for their game (the first ones by file
name, all games); the setup says how many more there are."""

MAX_CAUSE_LENGTH = 400
"""The longest explanation kept in a `MapError` (it is drawn on the setup screen)."""

MAX_NAME_LENGTH = 48
"""The longest map name kept (longer ones are cut with an ellipsis)."""

# -- which game a map is for ----------------------------------------------------------------------

GAME_PROPERTY = "game"
"""The map property naming the game a map is for; a map without it is for `DEFAULT_GAME`."""

DEFAULT_GAME = "gold_mine"

READERS = {
    "gold_mine": ("Gold Mine", "game.games.gold_mine.tmx"),
    "big_dig": ("Big Dig", "game.games.big_dig.tmx"),
}
"""game id -> (its title, the module reading its maps). Each module has `check(path) -> str`
(the summary check-map prints after OK, raising `MapError`)."""

# The top bits of a gid in Tiled's layer data: flips, and the 120-degree rotation of hex maps.
FLIP_HORIZONTAL = 0x80000000
FLIP_VERTICAL = 0x40000000
FLIP_DIAGONAL = 0x20000000
ROTATE_HEX_120 = 0x10000000
FLAG_BITS = FLIP_HORIZONTAL | FLIP_VERTICAL | FLIP_DIAGONAL | ROTATE_HEX_120
FLAG_NAMES = (
    (FLIP_HORIZONTAL, "flipped horizontally"),
    (FLIP_VERTICAL, "flipped vertically"),
    (FLIP_DIAGONAL, "flipped diagonally"),
    (ROTATE_HEX_120, "rotated by 120 degrees"),
)


def clean_name(text: Any, limit: int = MAX_NAME_LENGTH, undrawn: str = " ") -> str:
    """A map name made safe to draw and print on one line (`game.core.text.clean_text`), cut with
    an ellipsis past `limit` characters."""
    return clean_text(text, limit, ellipsis=True, undrawn=undrawn)


def shown_file_name(path: str | os.PathLike[str], limit: int = 80) -> str:
    """A file's name as it can be drawn or printed: bytes that are not UTF-8 show as U+FFFD,
    control characters and escape codes as spaces, and a long name is cut (see `clean_name`)."""
    return shown_path(Path(path).name, limit)


def shown_path(path: str | os.PathLike[str], limit: int = 200) -> str:
    """A whole path fit to draw and print (a folder the player must find), as `shown_file_name`
    shows a file's name; a letter the fonts cannot draw shows as U+FFFD, so it is not lost."""
    return clean_name(os.fsencode(os.fspath(path)).decode("utf-8", "replace"), limit, "\ufffd") or "?"


def name_from_file(path: Path, fallback: str = "Unnamed map") -> str:
    """A map's name made from its file name, for a map without a ``name`` property:
    ``the_deep_end.tmx`` is "The Deep End"."""
    stem = os.fsencode(path.stem).decode("utf-8", "replace").replace("_", " ").title()
    return clean_name(stem) or fallback


class MapError(ValueError):
    """A map file that cannot be played; `str()` names the file and the cause.

    `cause` is cleaned for display (one line, no control characters, at most `MAX_CAUSE_LENGTH`
    characters); the file name in `str()` is as given, so print it through `for_terminal`."""

    def __init__(self, path: str | os.PathLike[str], cause: str) -> None:
        self.path = Path(path)
        cause = clean_name(cause, MAX_CAUSE_LENGTH)
        self.cause = cause
        super().__init__(f"{path}: {cause}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self.path), self.cause))


@lru_cache(maxsize=None)
def pytmx_module() -> Any:
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


# -- small helpers ---------------------------------------------------------------------------------


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cell_name(column: int, row: int) -> str:
    """A cell as Tiled's status bar shows it: (column, row) from 0 at the top left."""
    return f"cell ({column}, {row})"


def word(value: Any) -> Any:
    """Text properties compared without regard to case or stray spaces; anything else as is."""
    return value.strip().lower() if isinstance(value, str) else value


def whole(value: Any) -> int | None:
    """A whole number from a property or attribute, or None."""
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


def steps(start: int, stop: int, step: int) -> int | None:
    """len(range(start, stop, step)) without building it; None for a step that is not positive."""
    if step <= 0:
        return None
    return max(0, (stop - start + step - 1) // step)


def map_property(root: ElementTree.Element, name: str) -> str | None:
    """The value of a map-level property in the parsed XML, or None when it is not there."""
    props = root.find("properties")
    if props is None:
        return None
    for prop in props.findall("property"):
        if prop.get("name") == name:
            value = prop.get("value")
            return value if value is not None else (prop.text or "")
    return None


# -- layer data ------------------------------------------------------------------------------------


def decode_base64(text: str, compression: str | None) -> list[int]:
    """The gids of a Base64 layer, raw or zlib/gzip compressed, inflating at most
    `MAX_LAYER_BYTES`; ValueError says what is wrong."""
    if compression not in (None, "", "zlib", "gzip"):
        raise ValueError(f"the compression {compression!r} is not supported; use zlib, gzip or "
                         f"none")
    try:
        data = base64.b64decode(text.strip())
        if compression in ("zlib", "gzip"):
            data = inflate(data, compression, MAX_LAYER_BYTES)
    except (binascii.Error, zlib.error) as exc:
        raise ValueError(f"the Base64 data is damaged ({exc})") from None
    if len(data) % 4:
        raise ValueError("the Base64 data is not a whole number of tiles")
    return list(struct.unpack(f"<{len(data) // 4}I", data))


def inflate(data: bytes, compression: str, limit: int) -> bytes:
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


# -- the reader every game's reader builds on ------------------------------------------------------


FileState = tuple[int, int, int, int, int]
"""What tells a file's versions apart: its size, change times, inode and device (`file_state`)."""

Reads = tuple[tuple[Path, "FileState | None"], ...]


class _Reading(threading.local):
    files: list[tuple[Path, FileState | None]] | None = None
    """While `_remembered` reads a map: each file read (or looked for, missing), with its state."""


_reading = _Reading()


def file_state(info: os.stat_result) -> FileState:
    return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev)


def _note_read(path: Path, info: os.stat_result | None) -> None:
    if _reading.files is not None:
        _reading.files.append((Path(path), file_state(info) if info is not None else None))


def read_limited(path: Path, what: str, fail: Callable[[str], Exception]) -> bytes:
    """A regular file's bytes, refusing (before reading) one over `MAX_FILE_BYTES`; never waits on
    a FIFO or a device, and never reads more than the limit whatever the file does. Problems are
    raised as `fail(cause)`."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        _note_read(path, None)
        raise fail(f"{what} cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        _note_read(path, info)
        if not stat.S_ISREG(info.st_mode):   # (a folder too: looked at before it is opened as a file)
            raise fail(f"{what} is not a regular file")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as f:
        if info.st_size > MAX_FILE_BYTES:
            raise fail(f"{what} is too large ({info.st_size:,} bytes; the most a map file "
                       f"may be is {MAX_FILE_BYTES:,} bytes)")
        try:
            data = f.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise fail(f"{what} cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise fail(f"{what} is too large (over {MAX_FILE_BYTES:,} bytes, the most a map "
                   f"file may be)")
    return data


def check_tags(data: bytes, what: str, fail: Callable[[str], Exception]) -> None:
    """Refuse, before parsing, a file with more than `MAX_TAGS` tags or `MAX_PROPERTIES`
    properties, or one that declares XML entities (a few bytes of them can parse into millions of
    elements, past any count of the file's own tags; Tiled never writes one)."""
    if b"<!ENTITY" in data.replace(b"\x00", b""):   # (UTF-16 too: its letters less their zeros)
        raise fail(f"{what} declares XML entities, which Tiled never writes; save it again "
                   f"from Tiled")
    tags = data.count(b"<")
    if tags > MAX_TAGS:
        raise fail(f"{what} holds {tags:,} XML tags; a map or tileset file may hold at most "
                   f"{MAX_TAGS:,}")
    # (Counted again once parsed, in `TiledReader.check_objects`, for files not in UTF-8.)
    properties = data.count(b"<property")   # (not "<properties")
    if properties > MAX_PROPERTIES:
        raise fail(properties_message(what, properties))


def properties_message(what: str, count: int) -> str:
    return (f"{what} holds {count:,} custom properties; a map or tileset file may hold at most "
            f"{MAX_PROPERTIES:,}")


def parse_map_xml(data: bytes, fail: Callable[[str], Exception]) -> ElementTree.Element:
    """The <map> element of a .tmx file's bytes."""
    check_tags(data, "the file", fail)
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        raise fail(f"the file is not valid XML ({exc})") from None
    if root.tag != "map":
        raise fail(f"the file is not a Tiled map (its top element is <{root.tag}>, not <map>)")
    return root


class TiledReader:
    """What every game's map reader does the same way; a subclass sets `game` (its id in
    `READERS`), `layer_name` (its one tile layer) and `layer_hint` (what goes in that layer) and
    uses the steps below in its own `load`."""

    game = DEFAULT_GAME
    layer_name = "terrain"
    layer_hint = "the map's cells"
    object_layers: tuple[str, ...] = ()
    """The names of the object layers the game reads; the others are set aside unread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data = b""
        self.root: ElementTree.Element | None = None   # the map's XML, parsed once (`read_xml`)
        self.tile_layer: Any = None
        # firstgid -> the tile ids a tileset declares (<tile id=...>): in an image-collection
        # tileset these may run past tilecount, and they are valid all the same.
        self.declared: dict[int, set[int]] = {}

    @property
    def title(self) -> str:
        return READERS[self.game][0]

    def fail(self, cause: str) -> MapError:
        return MapError(self.path, cause)

    # -- the file

    def read_bytes(self, path: Path, what: str) -> bytes:
        return read_limited(path, what, self.fail)

    def read_xml(self) -> ElementTree.Element:
        """The map file's <map> element (read once; `self.data` keeps the bytes for pytmx), and
        the check that the map is for this game."""
        self.data = self.read_bytes(self.path, "the file")
        root = self.root = parse_map_xml(self.data, self.fail)
        self.check_game(root)
        return root

    def check_game(self, root: ElementTree.Element) -> None:
        value = map_property(root, GAME_PROPERTY)
        game = word(value) if value is not None else DEFAULT_GAME
        if game == self.game:
            return
        if value is None:
            raise self.fail(f"the map has no {GAME_PROPERTY!r} property, so it is a "
                            f"{READERS[DEFAULT_GAME][0]} map; a {self.title} map has the map "
                            f"property {GAME_PROPERTY} = {self.game} (Map > Map Properties)")
        if game in READERS:
            raise self.fail(f"this is a {READERS[game][0]} map (its {GAME_PROPERTY!r} property is "
                            f"{value!r}), not a {self.title} map")
        raise self.fail(f"the map's {GAME_PROPERTY!r} property is {value!r}; it must be "
                        f"{self.game!r} for a {self.title} map")

    def check_size(self, root: ElementTree.Element, keys: Sequence[str] = ()) -> dict[str, int]:
        """The map's width, height, tilewidth, tileheight (and `keys`), each a whole number
        above 0, the map not infinite and within `MAX_SIDE` and `MAX_CELLS`."""
        if root.get("infinite", "0") not in ("0", ""):
            raise self.fail(f"the map is infinite; {self.title} maps must have a fixed size "
                            f"(untick Infinite in the map properties)")
        numbers: dict[str, int] = {}
        for key in ("width", "height", "tilewidth", "tileheight", *keys):
            text = root.get(key)
            number = whole(text) if text is not None else None
            if text is None:
                raise self.fail(f"the map has no {key}; it must be a whole number above 0")
            if number is None or number <= 0:
                raise self.fail(f"the map's {key} is {text!r}; it must be a whole number above 0")
            numbers[key] = number
        width, height = numbers["width"], numbers["height"]
        if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_CELLS:
            raise self.fail(f"the map is too big ({width} x {height} cells); a {self.title} map "
                            f"may have at most {MAX_SIDE} columns, {MAX_SIDE} rows and "
                            f"{MAX_CELLS:,} cells in all")
        return numbers

    # -- tilesets

    def check_tileset_files(self, root: ElementTree.Element) -> None:
        """pytmx reports a missing or broken .tsx with a bare Exception; say it plainly first."""
        nodes = root.findall("tileset")
        if len(nodes) > MAX_TILESETS:
            raise self.fail(f"the map uses {len(nodes):,} tilesets; a map may use at most "
                            f"{MAX_TILESETS}")
        for node in nodes:
            source = node.get("source")
            if not source:
                self._note_declared(node, node)
                continue
            if not source.lower().endswith(".tsx"):
                raise self.fail(f"the tileset {source!r} is not a .tsx file; save the tileset in "
                                f"Tiled's XML format (.tsx)")
            tsx = self.path.parent / source
            if not tsx.exists():
                _note_read(tsx, None)
                raise self.fail(f"the tileset file {source!r} is missing (looked for {tsx})")
            data = self.read_bytes(tsx, f"the tileset file {source!r}")
            check_tags(data, f"the tileset file {source!r}", self.fail)
            try:
                tileset = ElementTree.fromstring(data)
            except ElementTree.ParseError as exc:
                raise self.fail(f"the tileset file {source!r} is not valid XML ({exc})") from None
            self._refuse_class_properties(tileset, f" in the tileset file {source!r}")
            self.check_objects(tileset, f"the tileset file {source!r}",
                               f"the tiles of the tileset file {source!r}")
            self._note_declared(node, tileset)

    def _refuse_class_properties(self, root: ElementTree.Element, where: str = "") -> None:
        """pytmx fails on class properties in odd ways, or recurses: say so plainly first."""
        for prop in root.iter("property"):
            if prop.get("type") == "class":
                raise self.fail(f"the property {prop.get('name')!r}{where} is a class property; "
                                f"class properties are not supported (use string, int or bool "
                                f"ones)")

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
        count = whole(tileset.get("tilecount", "0")) or 0
        if count > MAX_TILESET_TILES:
            raise self.fail(f"the tileset {name!r} declares {count:,} tiles; a tileset may have "
                            f"at most {MAX_TILESET_TILES:,}")
        image = tileset.find("image")
        if image is None:
            return
        numbers = [whole(node.get(key, "0")) for node, key in (
            (tileset, "tilewidth"), (tileset, "tileheight"), (tileset, "spacing"),
            (tileset, "margin"), (image, "width"), (image, "height"))]
        if any(n is None for n in numbers):
            return  # pytmx refuses what is not a number
        # None of them is None after the check above.
        tile_w, tile_h, spacing, margin, image_w, image_h = cast(list[int], numbers)
        rows = steps(margin, image_h + margin - tile_h + 1, tile_h + spacing)
        columns = steps(margin, image_w + margin - tile_w + 1, tile_w + spacing)
        if rows is None or columns is None or rows * columns > MAX_TILESET_TILES:
            raise self.fail(f"the tileset {name!r} cuts too many tiles from its image "
                            f"({image_w} x {image_h} pixels in {tile_w} x {tile_h} tiles); a "
                            f"tileset may have at most {MAX_TILESET_TILES:,}")

    # -- the one tile layer

    def _one_layer_message(self, count: int, names: str) -> str:
        return (f"the map has {count} tile layers ({names}); {self.title} maps have exactly one, "
                f"named {self.layer_name!r}")

    def check_layers(self, root: ElementTree.Element, count: int) -> list[int]:
        """The tile layer's raw gids, read (within the limits) before pytmx reads the file,
        which would inflate every layer without a bound."""
        layers = list(root.iter("layer"))
        if len(layers) > 1:
            names = ", ".join(repr(layer.get("name")) for layer in layers[:10])
            more = ", ..." if len(layers) > 10 else ""
            raise self.fail(self._one_layer_message(len(layers), names + more))
        if not layers:
            raise self.fail(f"the map has no tile layer; {self.layer_hint} go in one tile layer "
                            f"named {self.layer_name!r}")
        if layers[0].get("name") != self.layer_name:
            raise self.fail(f"the tile layer is named {layers[0].get('name')!r}; it must be named "
                            f"{self.layer_name!r}")
        return self.raw_gids(layers[0].find("data"), count)

    def raw_gids(self, data: ElementTree.Element | None, count: int) -> list[int]:
        name = self.layer_name
        if data is None:
            raise self.fail(f"the {name!r} layer has no data")
        encoding = data.get("encoding")
        compression = data.get("compression")
        try:
            if encoding == "csv":
                cells = [x.strip() for x in (data.text or "").replace("\n", "").split(",")]
                for i, x in enumerate(c for c in cells if c):
                    if len(x) > 10 or not x.isdigit() or not x.isascii():
                        # (Tiled writes each cell as a whole number from 0 to 4294967295)
                        raise ValueError(f"cell {i + 1} holds {clean_name(x, 12)!r}, which is "
                                         f"not a tile number")
                gids = [int(x) for x in cells if x]
            elif encoding == "base64":
                gids = decode_base64(data.text or "", compression)
            else:
                raise ValueError(f"the layer data encoding {encoding!r} is not supported; use "
                                 f"CSV or Base64 (Map > Map Properties > Tile Layer Format)")
        except ValueError as exc:
            raise self.fail(f"the {name!r} layer data cannot be read: {exc}") from None
        if len(gids) != count:
            raise self.fail(f"the {name!r} layer has {len(gids)} cells, but the map is "
                            f"{count} cells")
        return gids

    def set_aside(self, root: ElementTree.Element) -> None:
        """Leave out of the map's XML what the game never reads and pytmx would read in full: the
        object layers not named in `object_layers` (a layer of notes or drawings, however large;
        also the shapes drawn on the tiles of a tileset kept in the map) and the image layers
        with no image yet (Tiled saves one so; it draws nothing, and pytmx fails on it)."""
        for parent in list(root.iter()):
            for child in list(parent):
                if ((child.tag == "objectgroup" and child.get("name") not in self.object_layers)
                        or (child.tag == "imagelayer" and child.find("image") is None)):
                    parent.remove(child)

    def check_objects(self, root: ElementTree.Element, what: str, where: str) -> None:
        """Refuse, before pytmx reads them, more than `MAX_PROPERTIES` properties, `MAX_OBJECTS`
        objects or `MAX_POINTS` corners of polygons and polylines in `root` (`what` names the
        file, `where` the layers or tiles the objects are in)."""
        properties = sum(1 for _ in root.iter("property"))
        if properties > MAX_PROPERTIES:
            raise self.fail(properties_message(what, properties))
        objects = sum(1 for _ in root.iter("object"))
        if objects > MAX_OBJECTS:
            raise self.fail(f"there are {objects:,} objects in {where}; at most "
                            f"{MAX_OBJECTS:,} are read there")
        # Each corner is written "x,y": one comma a corner.
        points = sum((shape.get("points") or "").count(",")
                     for tag in ("polygon", "polyline") for shape in root.iter(tag))
        if points > MAX_POINTS:
            raise self.fail(f"the polygons and polylines in {where} have {points:,} corners; at "
                            f"most {MAX_POINTS:,} are read there")

    def parse_with_pytmx(self) -> Any:
        pytmx = pytmx_module()
        root = self.root if self.root is not None else ElementTree.fromstring(self.data)
        self._refuse_class_properties(root)
        self.set_aside(root)
        self.check_objects(root, "the file", self._kept_layers())
        try:
            # The bytes already read and checked: pytmx does not open the map file again.
            tmx = pytmx.TiledMap()
            tmx.filename = str(self.path)
            tmx.parse_xml(root)
        except Exception as exc:  # pytmx raises bare Exceptions, ValueErrors, KeyErrors...
            detail = str(exc) or type(exc).__name__
            if isinstance(exc, KeyError):  # str() of a KeyError is only the missing key
                detail = (f"it uses {exc.args[0]!r} without defining it; class properties are "
                          f"not supported")
            raise self.fail(f"Tiled's data could not be read ({detail})") from None
        self._find_tile_layer(tmx)
        return tmx

    def _kept_layers(self) -> str:
        names = [repr(name) for name in self.object_layers]
        if not names:
            return "the map's objects"
        return f"the {' and '.join(names)} object layer{'s' if len(names) > 1 else ''}"

    def _find_tile_layer(self, tmx: Any) -> None:
        pytmx = pytmx_module()
        layers = [layer for layer in tmx.layers if isinstance(layer, pytmx.TiledTileLayer)]
        if not layers:
            raise self.fail(f"the map has no tile layer; {self.layer_hint} go in one tile layer "
                            f"named {self.layer_name!r}")
        if len(layers) > 1:
            names = ", ".join(repr(layer.name) for layer in layers)
            raise self.fail(self._one_layer_message(len(layers), names))
        if layers[0].name != self.layer_name:
            raise self.fail(f"the tile layer is named {layers[0].name!r}; it must be named "
                            f"{self.layer_name!r}")
        self.tile_layer = layers[0]

    # -- tiles

    def check_flags(self, raw: int, column: int, row: int) -> int:
        """The gid without Tiled's flag bits; refuses a flipped or rotated tile."""
        flags = raw & FLAG_BITS
        if flags:
            how = " and ".join(name for bit, name in FLAG_NAMES if flags & bit)
            raise self.fail(f"the tile on {cell_name(column, row)} is {how}; {self.title} tiles "
                            f"may not be flipped or rotated")
        return raw

    @staticmethod
    def tilesets(tmx: Any) -> list[Any]:
        return sorted(tmx.tilesets, key=lambda ts: ts.firstgid)

    def tileset_for(self, tilesets: Sequence[Any], gid: int) -> Any | None:
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

    def tile_label(self, tilesets: Sequence[Any], gid: int) -> str:
        ts = self.tileset_for(tilesets, gid)
        return f"tile {gid - ts.firstgid} of tileset {ts.name!r}" if ts else f"gid {gid}"

    def tile_properties(self, tmx: Any, tilesets: Sequence[Any], gid: int, column: int,
                        row: int) -> tuple[str, dict[str, Any]]:
        """(a label naming the tile and where it is used, its properties); refuses a gid in no
        tileset."""
        ts = self.tileset_for(tilesets, gid)
        if ts is None:
            ranges = ", ".join(f"{t.name!r} has {t.firstgid}-{t.firstgid + int(t.tilecount or 0) - 1}"
                               for t in tilesets) or "the map has no tileset"
            raise self.fail(f"{cell_name(column, row)} holds tile id {gid}, which is in no "
                            f"tileset ({ranges})")
        label = f"{self.tile_label(tilesets, gid)} (used on {cell_name(column, row)})"
        props: dict[str, Any] = {}
        for pygid, _flags in tmx.gidmap.get(gid, ()):
            props = tmx.tile_properties.get(pygid) or {}
            break
        return label, props

    def map_name(self, tmx: Any, fallback: str = "Unnamed map") -> str:
        """The ``name`` property, cleaned, or one made from the file name."""
        return clean_name(tmx.properties.get("name")) or name_from_file(self.path, fallback)


# -- which game, the user maps folder ------------------------------------------------------------


def map_game(path: str | os.PathLike[str]) -> str:
    """The id of the game a map file is for (its ``game`` property; none: `DEFAULT_GAME`), or
    `MapError` when that cannot be told: the file cannot be read, is not a Tiled map, or names a
    game that is not played on maps.

    The file is read within the limits (`read_limited`, `check_tags`) but parsed only as far as
    its map properties, which Tiled writes first: the rest is for the game's reader to check."""
    p = Path(path)

    def fail(cause: str) -> MapError:
        return MapError(p, cause)

    value = _head_property(read_limited(p, "the file", fail), GAME_PROPERTY, fail)
    if value is None:
        return DEFAULT_GAME
    game = cast(str, word(value))   # the word of a text is text
    if game not in READERS:
        known = ", ".join(repr(g) for g in READERS)
        raise fail(f"the map's {GAME_PROPERTY!r} property is {value!r}; it must be one of {known} "
                   f"(or left out for a Gold Mine map)")
    return game


def _head_property(data: bytes, name: str, fail: Callable[[str], Exception]) -> str | None:
    """`map_property` of the map in `data`, parsing no further than the map's first <properties>
    (the one `map_property` reads) or, for a map without one, to its end."""
    check_tags(data, "the file", fail)
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
        ("start", "end"))
    depth = 0
    chunks = (data[at:at + 65536] for at in range(0, len(data), 65536))
    try:
        for chunk in itertools.chain(chunks, [None]):   # None: the end of the file
            if chunk is None:
                parser.close()
            else:
                parser.feed(chunk)
            for event, element in cast(Iterable[tuple[str, ElementTree.Element]],
                                       parser.read_events()):   # ("start" and "end" events only)
                if event == "start":
                    depth += 1
                    if depth == 1 and element.tag != "map":
                        raise fail(f"the file is not a Tiled map (its top element is "
                                   f"<{element.tag}>, not <map>)")
                    continue
                depth -= 1
                if depth == 0:   # the end of the map: it has no properties
                    return None
                if depth == 1 and element.tag == "properties":
                    holder = ElementTree.Element("map")
                    holder.append(element)
                    return map_property(holder, name)
    except ElementTree.ParseError as exc:
        raise fail(f"the file is not valid XML ({exc})") from None
    return None


def user_maps_dir() -> Path:
    """`<user data folder>/maps/`, where players put their own maps (created if missing). An
    `OSError` whose `strerror` is a sentence for the player when it cannot be used (a file of
    that name stands there, say)."""
    from game.paths import user_data_dir

    folder = user_data_dir() / "maps"
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, f"{shown_path(folder)} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OSError(exc.errno, f"{shown_path(folder)} cannot be made "
                                 f"({exc.strerror or exc})") from None
    return folder


T = TypeVar("T")

SETTLED_NS = 2_000_000_000
"""What a map reader made of a file is kept only when every file read was last changed this long
before (2 s): a file changed again at once can keep its size and, on some file systems, its
times, and would be taken for the one read."""

# What was made of each file, while none of the files read for it has changed since (`_remembered`):
# reopening the setup reads only the maps changed, added or removed.
_games: dict[Path, tuple[Reads, str | MapError]] = {}
_loaded: dict[tuple[str, Any, Path], tuple[Reads, Any]] = {}


def _state(path: Path) -> FileState | None:
    try:
        return file_state(os.stat(path))
    except OSError:
        return None


def _remembered(cache: dict[Any, tuple[Reads, Any]], key: Any,
                make: Callable[[], Any]) -> Any:
    """`make()` (or the `MapError` it raises), or what it gave before for `key` when none of the
    files it read then has changed since."""
    kept = cache.get(key)
    if kept is not None and all(_state(path) == state for path, state in kept[0]):
        return kept[1]
    outer, _reading.files = _reading.files, []
    try:
        try:
            made = make()
        except MapError as exc:
            # (Kept without its traceback, which holds the reader and all it parsed.)
            made = exc.with_traceback(None)
            made.__context__ = None
        reads = tuple(_reading.files)
    finally:
        _reading.files = outer
    settled = time.time_ns() - SETTLED_NS
    if all(state is None or state[1] < settled for _path, state in reads):
        cache[key] = (reads, made)
    else:
        cache.pop(key, None)
    return made


@dataclass(frozen=True)
class UserMaps(Generic[T]):
    """One game's maps in the user maps folder (`user_maps`), and how many files were not read."""

    found: list[tuple[Path, T | MapError]]
    """Each file read, sorted by name, with what the game's reader made of it or why it cannot be
    played."""
    left_out: int = 0
    """This game's maps (and files whose game cannot be told) past the first `MAX_USER_MAPS`."""
    not_looked_at: int = 0
    """The .tmx files, of any game, past the first `MAX_USER_MAP_FILES` by name."""


def user_maps(game: str, load: Callable[[Path], T],
              folder: str | os.PathLike[str] | None = None) -> UserMaps[T]:
    """The `.tmx` files directly in `folder` (default: `user_maps_dir()`) that are for `game`,
    sorted by file name, each with what `load` made of it or the `MapError` that says why it
    cannot be played. A map for another game is left out; a file whose game cannot be told is
    listed (with its reason) for every game. File names need not be valid UTF-8: show them with
    `shown_file_name`. Nothing is listed when the folder cannot be used (the setup says why:
    `user_maps_dir`).

    The folder is counted before anything is read: the first `MAX_USER_MAP_FILES` `.tmx` files by
    name are looked at for their game (`map_game`, which parses only the file's head), and of
    those the first `MAX_USER_MAPS` for `game` are read; `left_out` and `not_looked_at` count the
    rest, for the setup to say. A file read before and not changed since (nor its tilesets) is
    not read again (`_remembered`)."""
    try:
        base = Path(folder) if folder is not None else user_maps_dir()
        paths = sorted((p for p in base.iterdir() if p.suffix.lower() == ".tmx" and p.is_file()),
                       key=lambda p: (p.name.lower(), p.name))
    except OSError:
        return UserMaps([])
    looked_at = paths[:MAX_USER_MAP_FILES]
    found: list[tuple[Path, T | MapError]] = []
    left_out = 0
    used: set[tuple[str, Any, Path]] = set()
    for p in looked_at:
        told = _remembered(_games, p, lambda: map_game(p))
        if isinstance(told, str) and told != game:
            continue
        if len(found) >= MAX_USER_MAPS:
            left_out += 1
            continue
        if isinstance(told, MapError):
            found.append((p, told))
            continue
        key = (game, load, p)
        used.add(key)
        found.append((p, _remembered(_loaded, key, lambda: load(p))))
    # Forget the files no longer there (or no longer read) for this game.
    for key in [k for k in _loaded if k[:2] == (game, load) and k not in used]:
        del _loaded[key]
    seen = set(looked_at)
    for path in [path for path in _games if path.parent == base and path not in seen]:
        del _games[path]
    return UserMaps(found, left_out, len(paths) - len(looked_at))


def list_user_maps(game: str, load: Callable[[Path], T],
                   folder: str | os.PathLike[str] | None = None) -> list[tuple[Path, T | MapError]]:
    """`user_maps(game, load, folder).found`: the maps read, without the count of those not."""
    return user_maps(game, load, folder).found


# -- a copy to change in Tiled --------------------------------------------------------------------


def _plain_file_name(text: str | None) -> str | None:
    """`text` when it names a file beside the map (no folder, no way up), else None."""
    if not text or "/" in text or "\\" in text or text in (".", "..") or ":" in text:
        return None
    return text


def _copy_beside(source: Path, folder: Path, copied: list[str]) -> None:
    """`source` into `folder` under its own name, unless a file of that name is there already (a
    tileset the player has changed stays theirs)."""
    target = folder / source.name
    if target.exists():
        return
    data = read_limited(source, f"the file {source.name}", lambda cause: MapError(source, cause))
    with open(target, "xb") as f:
        f.write(data)
    copied.append(source.name)


def copy_to_edit(source: Path, folder: Path, name: str) -> tuple[Path, str, list[str]]:
    """Put a copy of the map `source` (one the game has read: a shipped map, say) in `folder`
    for its player to change in Tiled: the `.tmx` under a file name of its own and its map
    property ``name`` set to "<name> copy" ("copy 2", ... when taken), so the setup lists it
    apart from the original; beside it, the tilesets it names and their pictures, when the folder
    has no file of that name yet. Returns the new file, its name and the files copied with it.
    Raises `MapError` when the source cannot be read, `OSError` when the folder cannot be
    written."""
    def fail(cause: str) -> MapError:
        return MapError(source, cause)

    root = parse_map_xml(read_limited(source, "the file", fail), fail)
    taken = {p.name.lower() for p in folder.iterdir()} if folder.is_dir() else set()
    base = clean_name(name) or "My map"
    # (A copy of a copy is numbered from the original's name, not "... copy copy".)
    words = base.split(" ")
    if len(words) > 2 and words[-2] == "copy" and words[-1].isdigit():
        words = words[:-2]
    elif len(words) > 1 and words[-1] == "copy":
        words = words[:-1]
    base = " ".join(words)
    for n in range(1, 1000):
        suffix = " copy" + (f" {n}" if n > 1 else "")
        # (A long name gives up its end, never the "copy 2" that tells the copies apart.)
        new_name = base[:MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        stem = "".join(c if c.isalnum() else "_" for c in new_name.lower()).strip("_")
        if f"{stem}.tmx" not in taken:
            break
    else:
        raise fail("the maps folder has a thousand copies of it already")
    props = root.find("properties")
    if props is None:
        props = ElementTree.Element("properties")
        root.insert(0, props)
    prop = next((p for p in props.findall("property") if p.get("name") == "name"), None)
    if prop is None:
        prop = ElementTree.SubElement(props, "property", {"name": "name"})
    prop.text = None
    prop.set("value", new_name)
    folder.mkdir(parents=True, exist_ok=True)
    copied: list[str] = []
    for tileset in root.findall("tileset"):
        tsx_name = _plain_file_name(tileset.get("source"))
        if tsx_name is None:
            continue
        tsx = source.parent / tsx_name
        if not tsx.is_file():
            continue
        _copy_beside(tsx, folder, copied)
        try:
            data = read_limited(tsx, "the tileset", fail)
            check_tags(data, "the tileset", fail)   # (read before, but it may have changed)
            image = ElementTree.fromstring(data).find("image")
        except (ElementTree.ParseError, MapError):   # (copied as it is; its picture is not looked for)
            continue
        picture = _plain_file_name(image.get("source") if image is not None else None)
        if picture is not None and (tsx.parent / picture).is_file():
            _copy_beside(tsx.parent / picture, folder, copied)
    target = folder / f"{stem}.tmx"
    with open(target, "xb") as f:
        f.write(ElementTree.tostring(root, encoding="UTF-8", xml_declaration=True))
    return target, new_name, copied


# -- python -m game check-map --------------------------------------------------------------------

USAGE = """usage: python -m game check-map FILE [FILE ...]

Checks maps made in Tiled, as the game will when loading them: Big Dig boards (the map
property game = big_dig) and Gold Mine maps (no game property).
Prints OK and a summary for each good map, or what is wrong with a bad one.
Exit status: 0 all maps are good, 1 a map has a problem, 2 wrong usage.
The map formats: docs/rules/gold_mine_map.md, docs/rules/big_dig_map.md"""


def check(path: str | os.PathLike[str]) -> str:
    """The summary of a good map of any game (its reader chosen by `map_game`); `MapError`
    otherwise."""
    reader = importlib.import_module(READERS[map_game(path)][1])
    return cast(str, reader.check(path))   # each reader's `check(path) -> str` (READERS)


def main(argv: Iterable[str] | None = None) -> int:
    """`check-map FILE...`: 0 when every map is good, 1 when one is not, 2 for wrong usage."""
    args = list(sys.argv[1:] if argv is None else argv)
    from game.paths import as_run

    if any(a in ("-h", "--help") for a in args):
        print(as_run(USAGE))
        return 0
    if not args or any(a.startswith("-") for a in args):
        # One line saying what is wrong, as the other tools do, then how to use it.
        wrong = next((a for a in args if a.startswith("-")), None)
        what = f"unrecognized option {wrong!r}" if wrong else "name at least one .tmx file"
        print(for_terminal(f"check-map: {what}", sys.stderr), file=sys.stderr)
        print(as_run(USAGE), file=sys.stderr)
        return 2
    status = 0
    for arg in args:
        try:
            summary = check(arg)
        except MapError as exc:
            print(for_terminal(f"BAD: {exc}", sys.stderr), file=sys.stderr)
            status = 1
        else:
            print(for_terminal(f"OK: {summary}  [{arg}]", sys.stdout))
    return status


if __name__ == "__main__":
    sys.exit(main())
