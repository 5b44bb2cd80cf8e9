"""The Gold Mine mountain as the rules see it: hex coordinates and an immutable map. Pure Python.

Coordinates
-----------
Hexes are flat-topped (a flat edge at the top, so one neighbour sits straight above) and are named
by axial coordinates ``Hex(q, r)``: ``q`` is the column, counted left to right; ``r`` grows
downwards along a column, and moving one column to the right moves half a hex down at the same
``r``. The six directions are the faces of a die, clockwise from straight up, as on the game's
compass::

                  1 up
                  (0,-1)
     6 up-left            2 up-right
     (-1,0)               (+1,-1)
                 (q, r)
     5 down-left          3 down-right
     (-1,+1)              (+1,0)
                  4 down
                  (0,+1)

Opposite directions differ by 3 (1-4, 2-5, 3-6). A hex's screen position is the UI's business;
for the record, with hexes of circumradius ``s`` the centre is at
``x = 1.5 * s * q`` and ``y = sqrt(3) * s * (r + q / 2)``, y pointing down.

The map
-------
`GoldMineMap` holds every hex of the mountain with its `Tile` (dirt, mine or rock); a hex that is
not in `tiles` is off the map. Maps come from Tiled files through `game.games.gold_mine.tmx`
(the only code that reads them); rules, bots and scenes use only the types here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from game.core.contract import BadSave
from game.core.text import clean_text
from game.core.words import plural

# -- hexes ---------------------------------------------------------------------------------------

DIRECTIONS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The die faces that name directions: 1 up, 2 up-right, 3 down-right, 4 down, 5 down-left, 6 up-left."""

DIRECTION_NAMES: Mapping[int, str] = {
    1: "up",
    2: "up-right",
    3: "down-right",
    4: "down",
    5: "down-left",
    6: "up-left",
}

# (dq, dr) of one step in each direction, indexed by the die face.
_DELTAS: Mapping[int, tuple[int, int]] = {
    1: (0, -1),
    2: (1, -1),
    3: (1, 0),
    4: (0, 1),
    5: (-1, 1),
    6: (-1, 0),
}


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """One hex in axial coordinates (see the module docstring). Sorts left to right, then top down."""

    q: int
    r: int

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


def _delta(direction: int) -> tuple[int, int]:
    try:
        return _DELTAS[direction]
    except (KeyError, TypeError):
        raise ValueError(f"direction must be a die face 1-6, not {direction!r}") from None


def step(h: Hex, direction: int, n: int = 1) -> Hex:
    """The hex `n` steps from `h` in `direction` (1-6); n may be 0 or negative (backwards)."""
    dq, dr = _delta(direction)
    return Hex(h.q + dq * n, h.r + dr * n)


def opposite(direction: int) -> int:
    """The direction pointing the other way: 1<->4, 2<->5, 3<->6."""
    _delta(direction)
    return (direction + 2) % 6 + 1


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes next to `h`, in direction order 1-6 (whether on a map or not)."""
    return tuple(step(h, d) for d in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes on an unbounded grid (rocks and edges ignored)."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction in which `b` lies on a straight line from `a`, or None (also when a == b)."""
    n = distance(a, b)
    if n == 0:
        return None
    for d in DIRECTIONS:
        if step(a, d, n) == b:
            return d
    return None


# -- tiles ---------------------------------------------------------------------------------------

DIRT = "dirt"
MINE = "mine"
ROCK = "rock"
KINDS: tuple[str, ...] = (DIRT, MINE, ROCK)

MINE_COLOURS: tuple[str, ...] = (
    "brown", "grey", "yellow", "blue", "green", "red", "purple", "orange", "white", "black",
)
"""The colour names a mine may carry; the UI has a paint for each."""

MAX_VALUE = 99
"""The largest mine value (two digits fit on a hex)."""


@dataclass(frozen=True, slots=True)
class Tile:
    """What a hex is made of. Only mines have a colour and a value (the treasure, in $)."""

    kind: str
    colour: str = ""
    value: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a tile kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.kind == MINE:
            if self.colour not in MINE_COLOURS:
                raise ValueError(f"a mine's colour must be one of {', '.join(MINE_COLOURS)}, "
                                 f"not {self.colour!r}")
            if isinstance(self.value, bool) or not isinstance(self.value, int) \
                    or not 1 <= self.value <= MAX_VALUE:
                raise ValueError(f"a mine's value must be a whole number from 1 to {MAX_VALUE}, "
                                 f"not {self.value!r}")
        elif self.colour or self.value:
            raise ValueError(f"only mines have a colour and a value, not {self.kind}")

    @property
    def is_mine(self) -> bool:
        return self.kind == MINE

    @property
    def is_rock(self) -> bool:
        """Rock stops everything: mining, blasts, blocks and barriers."""
        return self.kind == ROCK


class HexTiles(Mapping[Hex, Tile]):
    """An immutable, hashable Hex -> Tile mapping that iterates in `Hex` order."""

    __slots__ = ("_data", "_hash")

    def __init__(self, tiles: Mapping[Hex, Tile] | Iterable[tuple[Hex, Tile]] = ()) -> None:
        items = tiles.items() if isinstance(tiles, Mapping) else tiles
        data: dict[Hex, Tile] = {}
        for h, t in items:
            if not isinstance(h, Hex) or not isinstance(t, Tile):
                raise TypeError(f"a map holds Hex -> Tile, not {h!r} -> {t!r}")
            data[h] = t
        self._data = dict(sorted(data.items()))
        self._hash: int | None = None

    def __getitem__(self, h: Hex) -> Tile:
        return self._data[h]

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, h: object) -> bool:
        return h in self._data

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HexTiles):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"HexTiles({len(self._data)} hexes)"


class ColourValues(Mapping[str, int]):
    """An immutable, hashable colour -> value table, cheapest colour first."""

    __slots__ = ("_data",)

    def __init__(self, pairs: Iterable[tuple[str, int]]) -> None:
        self._data = dict(sorted(pairs, key=lambda cv: (cv[1], cv[0])))

    def __getitem__(self, colour: str) -> int:
        return self._data[colour]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(tuple(self._data.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"ColourValues({self._data!r})"


# -- the map -------------------------------------------------------------------------------------


MAX_NAME_LENGTH = 48

# The largest mountain the table shows with hexes big enough to read and click (about 20 pixels
# across in its map panel); a map file or a save with a larger one is refused.
MAX_COLUMNS, MAX_ROWS = 40, 36


def extent(hexes: Iterable[Hex]) -> tuple[int, int]:
    """How many columns (of q) and rows (of r + q/2; the half row of staggered columns is not
    one more) `hexes` span, as a Tiled map of that many columns and rows does."""
    qs: list[int] = []
    ys: list[int] = []
    for h in hexes:
        qs.append(h.q)
        ys.append(2 * h.r + h.q)   # twice the row, a whole number
    if not qs:
        return 0, 0
    return max(qs) - min(qs) + 1, (max(ys) - min(ys) + 2) // 2
"""The longest map name kept, in characters; a longer one is cut and ends with an ellipsis."""


def clean_name(text: Any, limit: int = MAX_NAME_LENGTH) -> str:
    """A map name made safe to draw and print on one line (the shared cleaning of
    `game.core.text.clean_text`), cut with an ellipsis past `limit` characters. Applied where a
    map name comes in (a map file, a save), so no screen or terminal sees the raw text."""
    return clean_text(text, limit, ellipsis=True)


@dataclass(frozen=True)
class GoldMineMap:
    """One Gold Mine mountain, immutable and hashable.

    `tiles` maps every hex on the map to its tile; any other hex is off the map. `starts` are the
    four X start points and `central` the two of them used in a two-player game; both are kept in
    `Hex` order (left to right, then top to bottom), whatever order they are given in, so seat
    assignment never depends on how a map file was written. `colour_values` is derived from the
    mines: each colour with its one value, cheapest first.

    Raises ValueError when the parts do not make a playable map (a start off the map or not on
    dirt, not four distinct starts, central not two of them, one colour with two values).
    """

    name: str
    tiles: Mapping[Hex, Tile]
    starts: tuple[Hex, ...]
    central: tuple[Hex, ...]
    colour_values: Mapping[str, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", clean_name(self.name) or "Unnamed map")
        tiles = self.tiles if isinstance(self.tiles, HexTiles) else HexTiles(self.tiles)
        object.__setattr__(self, "tiles", tiles)
        starts = tuple(sorted(self.starts))
        central = tuple(sorted(self.central))
        object.__setattr__(self, "starts", starts)
        object.__setattr__(self, "central", central)
        if not tiles:
            raise ValueError("the map has no hexes")
        columns, rows = extent(tiles)
        if columns > MAX_COLUMNS or rows > MAX_ROWS:
            raise ValueError(f"the map is {columns} columns wide and {rows} rows tall; a Gold Mine "
                             f"map may be at most {MAX_COLUMNS} columns wide and {MAX_ROWS} rows "
                             "tall, so that every hex can be seen and clicked on the table")
        if len(starts) != 4 or len(set(starts)) != 4:
            raise ValueError(f"a map needs four different start points, not {len(set(starts))}")
        for h in starts:
            t = tiles.get(h)
            if t is None or t.kind != DIRT:
                where = "off the map" if t is None else f"on {t.kind}"
                raise ValueError(f"the start point {h} is {where}; start points must be on dirt")
        if len(central) != 2 or len(set(central)) != 2 or not set(central) <= set(starts):
            raise ValueError("exactly two of the four start points must be central")
        values: dict[str, int] = {}
        for h, t in tiles.items():
            if t.is_mine:
                if values.setdefault(t.colour, t.value) != t.value:
                    raise ValueError(f"{t.colour} mines are worth both {values[t.colour]} and "
                                     f"{t.value}; each colour has one value")
        object.__setattr__(self, "colour_values", ColourValues(values.items()))

    # -- questions about hexes

    def tile(self, h: Hex) -> Tile | None:
        """The tile at `h`, or None when `h` is off the map."""
        return self.tiles.get(h)

    def on_map(self, h: Hex) -> bool:
        return h in self.tiles

    def value(self, h: Hex) -> int:
        """The treasure printed on `h` (0 unless it is a mine); collected treasure is the rules' business."""
        t = self.tiles.get(h)
        return t.value if t is not None else 0

    def line(self, start: Hex, direction: int, length: int) -> list[Hex]:
        """The `length` hexes passed through going from `start` in `direction`, start excluded.

        Pure geometry: the hexes are listed even where they leave the map or hit rock; the rules
        decide what such a path means (check `on_map` and `tile` on each).
        """
        if isinstance(length, bool) or not isinstance(length, int) or length < 0:
            raise ValueError(f"a line's length must be a whole number >= 0, not {length!r}")
        dq, dr = _delta(direction)
        return [Hex(start.q + dq * i, start.r + dr * i) for i in range(1, length + 1)]

    def hexes(self) -> tuple[Hex, ...]:
        """Every hex on the map, in `Hex` order."""
        return tuple(self.tiles)

    def mine_hexes(self) -> tuple[Hex, ...]:
        """Every mine hex, in `Hex` order."""
        return tuple(h for h, t in self.tiles.items() if t.is_mine)

    def rock_hexes(self) -> tuple[Hex, ...]:
        """Every rock hex, in `Hex` order."""
        return tuple(h for h, t in self.tiles.items() if t.is_rock)

    def total_treasure(self) -> int:
        """The sum of all mine values: the most that can ever be collected at full value."""
        return sum(t.value for t in self.tiles.values())

    def summary(self) -> str:
        """One line for logs and check-map: hexes, mines by colour, rocks, starts."""
        counts: dict[str, int] = {}
        for t in self.tiles.values():
            if t.is_mine:
                counts[t.colour] = counts.get(t.colour, 0) + 1
        mines = ", ".join(f"{counts[c]} {c} worth {v}" for c, v in self.colour_values.items())
        n_mines = sum(counts.values())
        return (f"{plural(len(self.tiles), 'hex')}, {plural(n_mines, 'mine')} ({mines}; "
                f"{self.total_treasure()}$ in all), {plural(len(self.rock_hexes()), 'rock')}, "
                "4 start points (2 central)")

    # -- saves

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; `from_json` reads it back to an equal map."""
        return {
            "name": self.name,
            "tiles": [[h.q, h.r, t.kind, t.colour, t.value] for h, t in self.tiles.items()],
            "starts": [[h.q, h.r] for h in self.starts],
            "central": [[h.q, h.r] for h in self.central],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GoldMineMap":
        """The inverse of `to_json`; raises `BadSave` (a ValueError) on anything unreadable."""
        try:
            listed = data["tiles"]
            if not isinstance(listed, list) or len(listed) > MAX_COLUMNS * MAX_ROWS:
                raise ValueError(f"it lists more than the {MAX_COLUMNS * MAX_ROWS:,} hexes a map may have")
            tiles: dict[Hex, Tile] = {}
            for entry in listed:
                if not isinstance(entry, list) or len(entry) != 5:
                    raise ValueError(f"a hex is written {clean_text(repr(entry), 40)}, not as "
                                     "[q, r, kind, colour, value]")
                q, r, kind, colour, value = entry
                h = Hex(_int(q), _int(r))
                if h in tiles:
                    raise ValueError(f"the hex {h} is listed twice")
                tiles[h] = Tile(str(kind), str(colour), _int(value))
            starts = tuple(Hex(_int(q), _int(r)) for q, r in data["starts"])
            central = tuple(Hex(_int(q), _int(r)) for q, r in data["central"])
            return cls(str(data["name"]), tiles, starts, central)
        except (KeyError, TypeError, ValueError) as exc:
            raise BadSave(f"the Gold Mine map is unreadable ({exc})") from exc


def _int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"{x!r} is not a whole number")
    return x
