"""Big Dig boards from Tiled: the one module that turns a `.tmx` file into a `Board`.

`load_board(path)` reads a board design made in Tiled or raises `MapError` (from the shared edge,
`game.core.tiled`), whose message names the file, the cell and, in a map maker's words, what is
wrong. Everything that is not about Big Dig (file size and kind, XML, limits, inflating layers,
tilesets, flip flags, file names) is the shared edge's, so a Big Dig board is read with every
protection a Gold Mine map gets. The format, for map makers, is in docs/rules/big_dig_map.md; in
short:

- orientation ``orthogonal``, not infinite; the map property ``game`` = ``big_dig`` (it tells
  check-map and the setup which game the map is for), ``name`` (shown in the setup) and, on the
  shipped boards, ``side`` (``a`` or ``b``);
- exactly one tile layer, named ``ground`` (`GROUND_LAYER`), every cell holding a tile whose
  ``kind`` property says what it is;
- row 0 is the surface: ``sky`` everywhere except two ``tower`` tiles side by side (the water
  tower) and two ``truck`` tiles side by side (the oil truck); the top ground squares below them
  are "directly below" the tower and the truck;
- rows 1 and below are the board (Tiled's row r is the board's row y = r - 1), each square of a
  kind in `game.games.big_dig.board.KINDS`;
- the design must let every goal be met (`board_problems`).

Cells are named as Tiled's status bar shows them, ``cell (column, row)`` from 0 at the top left;
the board's own problems count columns and ground rows from 1 (``column 4, row 3`` is Tiled's
cell (3, 3)).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core import tiled
from game.core.tiled import MapError, TiledReader, cell_name, plural, word
from game.games.big_dig.board import (
    AMETHYST,
    COIN,
    EMERALD,
    KINDS,
    MAX_SIDE,
    MIN_SIDE,
    OIL,
    ROCK,
    SKELETON,
    TABLET,
    WATER,
    Board,
    board_problems,
)

__all__ = [
    "GROUND_LAYER",
    "SURFACE_KINDS",
    "MapError",
    "check",
    "list_user_boards",
    "load_board",
    "shipped_board",
    "shipped_board_path",
    "summary",
    "user_boards",
]

GROUND_LAYER = "ground"
"""The name of the one tile layer: the surface row, then the board."""

SKY, TOWER, TRUCK = "sky", "tower", "truck"
SURFACE_KINDS = (SKY, TOWER, TRUCK)
"""The kinds of the surface row (row 0)."""

SIDES = ("a", "b")


def shipped_board_path(side: str) -> Path:
    """The shipped board of side "a" or "b" (maps/big_dig_a.tmx, maps/big_dig_b.tmx)."""
    if side not in SIDES:
        raise ValueError(f"the board's side is 'a' or 'b', not {side!r}")
    from game.paths import map_file

    return map_file(f"big_dig_{side}.tmx")


@lru_cache(maxsize=None)
def shipped_board(side: str) -> Board:
    """The shipped board of side "a" or "b", read once (boards are immutable): what the rules'
    default options and the bots use. Raises `MapError` on a broken install."""
    return load_board(shipped_board_path(side))


def load_board(path: str | os.PathLike[str]) -> Board:
    """Read a Big Dig board made in Tiled; raises `MapError` naming the file and the cause."""
    return _Reader(Path(path)).load()


def list_user_boards(folder: str | os.PathLike[str] | None = None
                     ) -> list[tuple[Path, Board | MapError]]:
    """The Big Dig boards in `folder` (default: the user maps folder, shared with Gold Mine),
    sorted by file name, each with its board or the `MapError` that says why it cannot be played:
    the `.tmx` files whose ``game`` property is ``big_dig``, and those whose game cannot be told
    (see `game.core.tiled.user_maps`). Gold Mine maps are left out."""
    return user_boards(folder).found


def user_boards(folder: str | os.PathLike[str] | None = None) -> tiled.UserMaps[Board]:
    """`list_user_boards`, with the count of the files not read (`game.core.tiled.user_maps`)."""
    return tiled.user_maps("big_dig", load_board, folder)


def summary(board: Board) -> str:
    """One line for check-map: size, objects, rocks, artifacts, water and oil."""
    def count(kind: str) -> int:
        return len(board.of_kind(kind))

    left, right = board.path_ends("pipe")
    return (f"{board.width} x {board.height} squares: {plural(count(EMERALD), 'emerald')}, "
            f"{plural(count(AMETHYST), 'amethyst')}, {plural(count(COIN), 'coin')}, "
            f"{plural(count(ROCK), 'rock')}, tablet of {count(TABLET)} and skeleton of "
            f"{count(SKELETON)} squares, {count(WATER)} water and {count(OIL)} oil, "
            f"pipes {len(left)} left and {len(right)} right; tower above columns "
            f"{board.tower[0] + 1}-{board.tower[1] + 1}, truck above {board.truck[0] + 1}-"
            f"{board.truck[1] + 1}")


def check(path: str | os.PathLike[str]) -> str:
    """What check-map prints after OK for a good Big Dig board; `MapError` otherwise."""
    board = load_board(path)
    return f"{board.name}, Big Dig board, {summary(board)}"


class _Reader(TiledReader):
    game = "big_dig"
    layer_name = GROUND_LAYER
    layer_hint = "the surface row and the board's squares"

    def load(self) -> Board:
        root = self.read_xml()
        orientation = root.get("orientation")
        if orientation != "orthogonal":
            raise self.fail(f"the map's orientation is {orientation!r}; Big Dig boards must be "
                            f"'orthogonal' (Map > Map Properties > Orientation)")
        numbers = self.check_size(root)
        width, height = numbers["width"], numbers["height"]
        if not (MIN_COLUMNS <= width <= MAX_SIDE and MIN_SIDE + 1 <= height <= MAX_SIDE + 1):
            raise self.fail(f"the map is {width} x {height} cells; a Big Dig board has {MIN_COLUMNS} "
                            f"to {MAX_SIDE} columns (the tower and the truck above take two each), "
                            f"and the surface row above {MIN_SIDE} to {MAX_SIDE} ground rows")
        raw_gids = self.check_layers(root, width * height)
        self.check_tileset_files(root)
        tmx = self.parse_with_pytmx()
        kinds = self._kinds(tmx, raw_gids, width)
        tower, truck = self._surface(kinds[:width])
        try:
            board = Board(self.map_name(tmx, "Unnamed board"), width, height - 1,
                          tuple(kinds[width:]), tower, truck)
        except ValueError as exc:  # every case is caught above; this keeps the promise anyway
            raise self.fail(str(exc)) from None
        problems = board_problems(board)
        if problems:
            more = f" (and {plural(len(problems) - 1, 'more problem')})" if len(problems) > 1 else ""
            raise self.fail(f"the board cannot be played: {_with_cell(problems[0])}{more}")
        return board

    def _kinds(self, tmx: Any, raw_gids: list[int], width: int) -> list[str]:
        """Every cell's kind, row by row; each checked against the row it is in."""
        tilesets = self.tilesets(tmx)
        described: dict[int, str] = {}
        kinds: list[str] = []
        for index, raw in enumerate(raw_gids):
            column, row = index % width, index // width
            where = cell_name(column, row)
            if raw == 0:
                raise self.fail(f"{where} is empty; every cell of the {GROUND_LAYER!r} layer needs "
                                f"a tile (sky in the surface row, a square below it)")
            gid = self.check_flags(raw, column, row)
            if gid not in described:
                label, props = self.tile_properties(tmx, tilesets, gid, column, row)
                kind = word(props.get("kind"))
                if kind is None:
                    raise self.fail(f"{label} has no 'kind' property; give each tile a kind in "
                                    f"the tileset")
                if kind not in KINDS and kind not in SURFACE_KINDS:
                    raise self.fail(f"{label} has kind {kind!r}; it must be one of "
                                    f"{', '.join(KINDS + SURFACE_KINDS)}")
                described[gid] = kind
            kind = described[gid]
            if row == 0 and kind not in SURFACE_KINDS:
                raise self.fail(f"{where} is {kind} in the surface row (row 0); that row holds "
                                f"only sky, the two tower tiles and the two truck tiles")
            if row > 0 and kind in SURFACE_KINDS:
                raise self.fail(f"{where} is {kind} below the surface row; {kind} tiles go in "
                                f"row 0, above the board")
            kinds.append(kind)
        return kinds

    def _surface(self, row: list[str]) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two columns below the water tower and the two below the oil truck."""
        found = []
        for kind, what in ((TOWER, "water tower"), (TRUCK, "oil truck")):
            columns = [c for c, k in enumerate(row) if k == kind]
            # (Counted from 1, as the table and every other message count them.)
            shown = ("column " if len(columns) == 1 else "columns ") + (
                ", ".join(str(c + 1) for c in columns) or "none")
            if len(columns) != 2 or columns[1] - columns[0] != 1:
                raise self.fail(f"the surface row needs exactly two {kind} tiles side by side "
                                f"(the {what}); it has {plural(len(columns), kind + ' tile')} "
                                f"({shown})")
            found.append((columns[0], columns[1]))
        return found[0], found[1]


_SQUARE = re.compile(r"column (\d+), row (\d+)")


# The fewest columns a board file may have: its surface row holds the two-tile water tower and the
# two-tile oil truck side by side (a board itself, as kept in a save, may be narrower).
MIN_COLUMNS = 4


def _with_cell(problem: str) -> str:
    """A board problem's squares (columns and ground rows counted from 1) followed by the cell
    Tiled shows for them: "column 4, row 3" is Tiled's cell (3, 3)."""
    return _SQUARE.sub(lambda m: f"{m.group(0)} (Tiled's cell ({int(m.group(1)) - 1}, "
                                 f"{m.group(2)}))", problem)
