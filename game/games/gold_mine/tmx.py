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

Hostile files cost little: everything that is not about hexes is the shared edge of
`game.core.tiled` (also Big Dig's): the file size, the declared size, the layers and tilesets are
checked against its limits (`MAX_FILE_BYTES`, `MAX_CELLS`...) on the XML read once, before pytmx is
given it, and compressed layers are inflated in bounded steps. Map names are cleaned with
`clean_name`; check-map (`game.core.tiled.main`) escapes what it prints. A map whose ``game``
property names another game (Big Dig's boards) is refused here and left out of `list_user_maps`.

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

import math

import os
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence
from xml.etree import ElementTree

from game.core import tiled
from game.core.tiled import (  # noqa: F401  (the shared edge, also reached through this module)
    FLAG_BITS,
    FLIP_DIAGONAL,
    FLIP_HORIZONTAL,
    FLIP_VERTICAL,
    MAX_CAUSE_LENGTH,
    MAX_CELLS,
    MAX_FILE_BYTES,
    MAX_LAYER_BYTES,
    MAX_SIDE,
    MAX_TILESET_TILES,
    MAX_USER_MAPS,
    ROTATE_HEX_120,
    USAGE,
    MapError,
    TiledReader,
    main,
    shown_file_name,
    user_maps_dir,
)
from game.core.tiled import cell_name as _cell
from game.core.tiled import plural as _plural
from game.core.tiled import whole as _whole
from game.core.tiled import word as _word
from game.games.gold_mine.board import (
    DIRT,
    KINDS,
    MAX_VALUE,
    MINE,
    MINE_COLOURS,
    ROCK,
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

    def cells_near(self, px: float, py: float, width: int,
                   height: int) -> list[tuple[int, int]]:
        """The cells of a `width` x `height` map, row by row, whose centres are close enough to
        the (finite) pixel to be the nearest one, and whose hexagons may hold it: those within
        the distance from a centre to its hexagon's corners (and a pixel more), found from the
        layout without looking at the other cells. A few cells for hexes as Tiled draws them."""
        w, h = self._w, self._h
        reach = math.hypot(w / 2, h / 2) + 1
        step = self.column_width
        first_c = max(0, math.floor((px - w / 2 - reach) / step))
        last_c = min(width - 1, math.ceil((px - w / 2 + reach) / step))
        if h > 0:   # (rows are h apart, staggered columns h / 2 lower)
            first_r = max(0, math.floor((py - h - reach) / h))
            last_r = min(height - 1, math.ceil((py + reach) / h))
        else:       # (tiles 1 pixel high: every row at the same height)
            first_r, last_r = 0, height - 1
        return [(c, r) for r in range(first_r, last_r + 1) for c in range(first_c, last_c + 1)]

    def cell_at(self, px: float, py: float, width: int, height: int) -> tuple[int, int] | None:
        """The cell of a `width` x `height` map whose centre is nearest the (finite) pixel, the
        first row by row when two are as near, or None when the pixel is inside no cell at all.

        Only the cells near it (`cells_near`) are looked at: a hexagon holding the pixel has its
        centre within reach, so the nearest centre of all is too."""
        cells = self.cells_near(px, py, width, height)
        if not any(self.contains(c, r, px, py) for c, r in cells):
            return None

        def dist2(cell: tuple[int, int]) -> float:
            cx, cy = self.centre(*cell)
            return (cx - px) ** 2 + (cy - py) ** 2

        return min(cells, key=dist2)


# -- loading -------------------------------------------------------------------------------------


def load_map(path: str | os.PathLike[str]) -> GoldMineMap:
    """Read a Gold Mine map made in Tiled; raises `MapError` naming the file and the cause."""
    return _Loader(Path(path)).load()


def check(path: str | os.PathLike[str]) -> str:
    """What check-map prints after OK for a good Gold Mine map; `MapError` otherwise."""
    m = load_map(path)
    return f"{m.name}, {m.summary()}"


class _Loader(TiledReader):
    game = "gold_mine"
    layer_name = TERRAIN_LAYER
    layer_hint = "the hexes"
    object_layers = (STARTS_LAYER,)

    def load(self) -> GoldMineMap:
        root = self.read_xml()
        header = self._check_header(root)
        width, height, stagger_index, layout = header
        raw_gids = self.check_layers(root, width * height)
        self.check_tileset_files(root)
        self._count_starts(root)
        tmx = self.parse_with_pytmx()
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
        name = self.map_name(tmx)
        try:
            return GoldMineMap(name.strip(), tiles, tuple(start_hexes), tuple(central_hexes))
        except ValueError as exc:  # every case is caught above; this keeps the promise anyway
            raise self.fail(str(exc)) from exc

    # -- the header

    def _check_header(self, root: ElementTree.Element) -> tuple[int, int, str, TiledHexLayout]:
        orientation = root.get("orientation")
        if orientation != "hexagonal":
            hint = ("; a Big Dig board needs the map property game = big_dig"
                    if orientation == "orthogonal" else "")
            raise self.fail(f"the map's orientation is {orientation!r}; Gold Mine maps must be "
                            f"'hexagonal' (Map > Map Properties > Orientation){hint}")
        axis = root.get("staggeraxis")
        if axis != "x":
            raise self.fail(f"the map's stagger axis is {axis!r}; it must be 'x', for flat-topped "
                            f"hexes with direction 1 pointing straight up")
        index = root.get("staggerindex")
        if index not in STAGGER_INDEXES:
            raise self.fail(f"the map's stagger index is {index!r}; it must be 'odd' or 'even'")
        numbers = self.check_size(root, ("hexsidelength",))
        if numbers["hexsidelength"] >= numbers["tilewidth"]:
            raise self.fail(f"the hex side length ({numbers['hexsidelength']}) must be smaller "
                            f"than the tile width ({numbers['tilewidth']})")
        layout = TiledHexLayout(numbers["tilewidth"], numbers["tileheight"],
                                numbers["hexsidelength"], index == "even")
        return numbers["width"], numbers["height"], index, layout

    # -- the terrain layer

    def _terrain(self, tmx: Any, raw_gids: list[int], width: int) -> dict[tuple[int, int], Tile]:
        # pytmx renumbers gids and drops (or mangles) flag bits, so Tiled's own numbers (read by
        # `check_layers`) are used.
        tilesets = self.tilesets(tmx)
        cells: dict[tuple[int, int], Tile] = {}
        colour_seen: dict[str, tuple[int, str]] = {}
        described: dict[int, Tile] = {}
        for index, raw in enumerate(raw_gids):
            if raw == 0:
                continue
            column, row = index % width, index // width
            gid = self.check_flags(raw, column, row)
            if gid not in described:
                described[gid] = self._tile_for_gid(tmx, tilesets, gid, column, row)
            tile = described[gid]
            if tile.kind == MINE:
                label = self.tile_label(tilesets, gid)
                first = colour_seen.setdefault(tile.colour, (tile.value, label))
                if first[0] != tile.value:
                    raise self.fail(f"{tile.colour} mines are worth {first[0]} ({first[1]}) and "
                                    f"{tile.value} ({label}); each colour has one value")
            cells[(column, row)] = tile
        if not cells:
            raise self.fail(f"the {TERRAIN_LAYER!r} layer is empty")
        return cells

    def _tile_for_gid(self, tmx: Any, tilesets: Sequence[Any], gid: int, column: int,
                      row: int) -> Tile:
        label, props = self.tile_properties(tmx, tilesets, gid, column, row)
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

    def _count_starts(self, root: ElementTree.Element) -> None:
        """Refuse a ``starts`` layer of many objects before pytmx reads them."""
        for group in root.iter("objectgroup"):
            count = len(group.findall("object"))
            if group.get("name") == STARTS_LAYER and count > 16:
                raise self.fail(f"the {STARTS_LAYER!r} layer holds {count} objects; it holds "
                                f"exactly four start points (point objects named {START_NAME})")

    def _starts(self, root: ElementTree.Element, tmx: Any, cells: dict[tuple[int, int], Tile],
                layout: TiledHexLayout, width: int,
                height: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        pytmx = tiled.pytmx_module()
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
        objects = list(groups[0])
        if len(raw_objects) != len(objects):  # cannot happen with pytmx 3.x; guard the zip
            raise self.fail(f"the {STARTS_LAYER!r} layer could not be read consistently")
        # Layer offsets move what Tiled draws: compare the points with the hexes as drawn.
        shift_x = _offset(groups[0], "offsetx") - _offset(self.tile_layer, "offsetx")
        shift_y = _offset(groups[0], "offsety") - _offset(self.tile_layer, "offsety")
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
            if not (math.isfinite(x) and math.isfinite(y)):
                raise self.fail(f"start point {ident} has no position on the map (x = "
                                f"{raw.get('x')!r}, y = {raw.get('y')!r}); move it onto a hex "
                                f"in Tiled")
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


def list_user_maps(folder: str | os.PathLike[str] | None = None
                   ) -> list[tuple[Path, GoldMineMap | MapError]]:
    """The Gold Mine maps in `folder` (default: `user_maps_dir()`), sorted by file name, each with
    its map or the `MapError` that says why it cannot be played: every `.tmx` file without a
    ``game`` property, and those whose game cannot be told (see `game.core.tiled.user_maps`);
    Big Dig boards are left out. File names need not be valid UTF-8: show them with
    `shown_file_name`."""
    return user_maps(folder).found


def user_maps(folder: str | os.PathLike[str] | None = None) -> tiled.UserMaps[GoldMineMap]:
    """`list_user_maps`, with the count of the files not read (`game.core.tiled.user_maps`)."""
    return tiled.user_maps("gold_mine", load_map, folder)
