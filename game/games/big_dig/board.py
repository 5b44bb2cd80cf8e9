"""The Big Dig player board as the rules see it: squares, their kinds and the goals' targets. Pure Python.

Every player crosses squares off their own copy of one shared board design (one side of the
player board, chosen at set-up). The design is a `Board`: a grid of `width` x `height` ground
squares, addressed `(x, y)` with `x` counted from the left edge and `y` from the top ground row
(``y = 0``) downwards, plus the surface above the top row, where the water tower and the oil
truck stand. Each stands above two squares of the top row: those two are "directly below" it
(`Board.tower`, `Board.truck`, each a pair of columns).

Square kinds (`KINDS`):

- ``dirt`` beige dirt, ``light`` the lighter dirt of the 3 x 3 area near the centre, and dirt
  holding an object: ``emerald``, ``amethyst``, ``coin`` (an ancient coin) and ``pipe`` (the pipe
  squares at the left and right edges). All of these are diggable (`DIGGABLE`) and may be exploded.
- ``rock`` grey rock: never dug, only exploded (`EXPLODABLE` = diggable + rock).
- ``tablet`` and ``skeleton`` the dark-brown artifact squares (each artifact several squares),
  ``water`` and ``oil`` at the bottom: never crossed off.

Boards come from Tiled files through `game.games.big_dig.tmx` (the only code that reads them);
rules, bots and scenes use only the types here. `board_problems` lists what would make a goal
impossible on a design; no game is played on a board that has any.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from game.core.contract import BadSave
from game.core.text import clean_text

Square = tuple[int, int]

DIRT, LIGHT, ROCK = "dirt", "light", "rock"
EMERALD, AMETHYST, COIN, PIPE = "emerald", "amethyst", "coin", "pipe"
TABLET, SKELETON = "tablet", "skeleton"
WATER, OIL = "water", "oil"

KINDS = (DIRT, LIGHT, ROCK, EMERALD, AMETHYST, COIN, PIPE, TABLET, SKELETON, WATER, OIL)
DIGGABLE = frozenset((DIRT, LIGHT, EMERALD, AMETHYST, COIN, PIPE))
EXPLODABLE = DIGGABLE | {ROCK}

# The ten goals, as the glossary lists them.
G_EMERALD, G_AMETHYST, G_COIN, G_ROCK, G_LIGHT = "emeralds", "amethysts", "coins", "rocks", "light"
G_TABLET, G_SKELETON, G_WATER, G_OIL, G_PIPE = "tablet", "skeleton", "water", "oil", "pipe"
GOALS = (G_EMERALD, G_AMETHYST, G_COIN, G_ROCK, G_LIGHT, G_TABLET, G_SKELETON, G_WATER, G_OIL,
         G_PIPE)
ROCKS_NEEDED = 5
"""The rock goal: cross out (explode) this many grey rock squares."""

LIGHT_SIDE = 3
"""The light dirt area is LIGHT_SIDE x LIGHT_SIDE squares."""

MIN_SIDE, MAX_SIDE = 3, 30
MAX_NAME_LENGTH = 48


def clean_name(text: Any) -> str:
    """A board name made safe to draw and print on one line (see `game.core.text.clean_text`)."""
    return clean_text(text, MAX_NAME_LENGTH, ellipsis=True)


def orthogonal(sq: Square) -> Iterator[Square]:
    """The four squares that share an edge with `sq` (some may be off the board)."""
    x, y = sq
    yield x, y - 1
    yield x + 1, y
    yield x, y + 1
    yield x - 1, y


def around(sq: Square) -> Iterator[Square]:
    """The eight squares around `sq`, diagonals included (some may be off the board)."""
    x, y = sq
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                yield x + dx, y + dy


@dataclass(frozen=True)
class Board:
    """One board design, immutable and hashable. `cells` holds the kinds row by row from the top
    (``cells[y * width + x]``); `tower` and `truck` are the two columns of the top row directly
    below the water tower and the oil truck. Raises ValueError when the grid itself is wrong (size,
    unknown kinds, tower or truck misplaced); whether every goal can be met is `board_problems`'
    to say, so that tests may build small boards."""

    name: str
    width: int
    height: int
    cells: tuple[str, ...]
    tower: tuple[int, int]
    truck: tuple[int, int]
    _index: Mapping[str, tuple[Square, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", clean_name(self.name) or "Unnamed board")
        object.__setattr__(self, "cells", tuple(self.cells))
        object.__setattr__(self, "tower", tuple(sorted(self.tower)))
        object.__setattr__(self, "truck", tuple(sorted(self.truck)))
        problems = _shape_problems(self)
        if not problems:
            index: dict[str, list[Square]] = {k: [] for k in KINDS}
            for sq in self.squares():
                index[self.kind(sq)].append(sq)
            object.__setattr__(self, "_index", {k: tuple(v) for k, v in index.items()})
        if problems:
            raise ValueError("; ".join(problems))

    # -- squares ------------------------------------------------------------------------------
    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def kind(self, sq: Square) -> str:
        return self.cells[sq[1] * self.width + sq[0]]

    def squares(self) -> Iterator[Square]:
        """Every square, row by row from the top left."""
        for y in range(self.height):
            for x in range(self.width):
                yield x, y

    def of_kind(self, kind: str) -> tuple[Square, ...]:
        """The squares of `kind`, row by row."""
        return self._index.get(kind, ())

    def diggable(self, sq: Square) -> bool:
        return self.on_board(sq) and self.kind(sq) in DIGGABLE

    def explodable(self, sq: Square) -> bool:
        return self.on_board(sq) and self.kind(sq) in EXPLODABLE

    # -- what the goals ask for ---------------------------------------------------------------
    def ring(self, artifact: str) -> tuple[Square, ...]:
        """The squares around an artifact's squares (diagonals included) that are not part of it:
        all of them must be crossed out for its goal."""
        own = set(self.of_kind(artifact))
        ring = {n for sq in own for n in around(sq) if self.on_board(n) and n not in own}
        return tuple(sorted(ring, key=lambda s: (s[1], s[0])))

    def targets(self, goal: str) -> tuple[Square, ...]:
        """For the goals that name squares (every emerald, every amethyst, every coin, the nine
        light squares, the ring around the tablet or the skeleton): those squares. Empty for the
        rock and path goals."""
        if goal in (G_EMERALD, G_AMETHYST, G_COIN):
            return self.of_kind({G_EMERALD: EMERALD, G_AMETHYST: AMETHYST, G_COIN: COIN}[goal])
        if goal == G_LIGHT:
            return self.of_kind(LIGHT)
        if goal in (G_TABLET, G_SKELETON):
            return self.ring(TABLET if goal == G_TABLET else SKELETON)
        return ()

    def path_ends(self, goal: str) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
        """For the three path goals, the squares a path may start from and those it may end on:
        water (oil): the crossable squares next to a water (oil) square, and the two top squares
        directly below the tower (truck); pipe: the left and the right pipe squares."""
        if goal == G_PIPE:
            pipes = self.of_kind(PIPE)
            return (tuple(s for s in pipes if s[0] == 0),
                    tuple(s for s in pipes if s[0] == self.width - 1))
        if goal in (G_WATER, G_OIL):
            source = WATER if goal == G_WATER else OIL
            cols = self.tower if goal == G_WATER else self.truck
            starts = sorted({n for sq in self.of_kind(source) for n in orthogonal(sq)
                             if self.explodable(n)}, key=lambda s: (s[1], s[0]))
            return tuple(starts), tuple((c, 0) for c in cols)
        raise ValueError(f"{goal!r} is not a path goal")

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; `from_json` reads it back to an equal board."""
        rows = [" ".join(self.cells[y * self.width:(y + 1) * self.width]) for y in range(self.height)]
        return {"name": self.name, "width": self.width, "height": self.height, "rows": rows,
                "tower": list(self.tower), "truck": list(self.truck)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Board":
        """The inverse of `to_json`; raises `BadSave` (a ValueError) on anything unreadable."""
        try:
            width, height = _int(data["width"]), _int(data["height"])
            if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
                raise ValueError(f"a board of {width} x {height} squares")
            rows = data["rows"]
            if not isinstance(rows, list) or len(rows) != height:
                raise ValueError("the rows do not match the height")
            cells: list[str] = []
            for row in rows:
                if not isinstance(row, str):
                    raise ValueError("a row is not text")
                cells.extend(row.split())
            tower = tuple(_int(c) for c in data["tower"])
            truck = tuple(_int(c) for c in data["truck"])
            return cls(str(data["name"]), width, height, tuple(cells), tower, truck)  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError) as exc:
            raise BadSave(f"the Big Dig board is unreadable ({exc})") from exc


def _int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"{x!r} is not a whole number")
    return x


def _where(sq: Square) -> str:
    """A square as players and map makers read it: column and row counted from 1."""
    return f"column {sq[0] + 1}, row {sq[1] + 1}"


def _shape_problems(b: Board) -> list[str]:
    """What makes the grid itself unreadable; later checks assume there is none."""
    if not (MIN_SIDE <= b.width <= MAX_SIDE and MIN_SIDE <= b.height <= MAX_SIDE):
        return [f"a board has {MIN_SIDE} to {MAX_SIDE} columns and rows, not {b.width} x {b.height}"]
    if len(b.cells) != b.width * b.height:
        return [f"{len(b.cells)} squares for a board of {b.width} x {b.height}"]
    unknown = sorted({k for k in b.cells if k not in KINDS})
    if unknown:
        return [f"unknown square kind {clean_text(unknown[0], 40)!r} (the kinds are: "
                f"{', '.join(KINDS)})"]
    problems = []
    for what, cols in (("water tower", b.tower), ("oil truck", b.truck)):
        if len(cols) != 2 or not all(0 <= c < b.width for c in cols) or cols[1] - cols[0] != 1:
            problems.append(f"the {what} must stand above two neighbouring top squares, not "
                            f"columns {', '.join(str(c + 1) for c in cols) or 'none'}")
    if not problems and set(b.tower) & set(b.truck):
        problems.append("the water tower and the oil truck stand above the same square")
    return problems


def reachable(b: Board, starts: Iterable[Square], passable: frozenset[str] = EXPLODABLE) -> set[Square]:
    """The squares of kinds in `passable` joined orthogonally to one of `starts` (themselves
    included when passable)."""
    seen = {s for s in starts if b.on_board(s) and b.kind(s) in passable}
    todo = deque(seen)
    while todo:
        for n in orthogonal(todo.popleft()):
            if n not in seen and b.on_board(n) and b.kind(n) in passable:
                seen.add(n)
                todo.append(n)
    return seen


def board_problems(b: Board, complete: bool = True) -> list[str]:
    """What would make one of the ten goals impossible (or meaningless) on this design, in a map
    maker's words; empty for a playable board. The map reader and a new game refuse a board with
    any. Not `complete`: without the checks added after boards were first kept in saves (the
    light dirt and the pipes reached from the top), so that a game saved on a board an earlier
    version accepted still opens; the map reader makes them all."""
    problems: list[str] = []
    # Everything a player crosses is reached from the top row, one orthogonal step at a time.
    from_top = reachable(b, [(x, 0) for x in range(b.width)])
    for kind, goal in ((EMERALD, "emerald"), (AMETHYST, "amethyst"), (COIN, "ancient coin")):
        squares = b.of_kind(kind)
        if not squares:
            problems.append(f"no {goal} square (a goal asks for every one)")
        for sq in squares:
            if sq not in from_top:
                problems.append(f"the {goal} at {_where(sq)} cannot be reached from the top")
    rocks = [sq for sq in b.of_kind(ROCK) if sq in from_top]
    if len(rocks) < ROCKS_NEEDED:
        problems.append(f"only {len(rocks)} grey rock squares can be reached; the rock goal "
                        f"needs {ROCKS_NEEDED}")
    light = b.of_kind(LIGHT)
    xs, ys = {x for x, _ in light}, {y for _, y in light}
    if len(light) != LIGHT_SIDE ** 2 or len(xs) != LIGHT_SIDE or len(ys) != LIGHT_SIDE \
            or max(xs) - min(xs) != LIGHT_SIDE - 1 or max(ys) - min(ys) != LIGHT_SIDE - 1:
        problems.append(f"the light dirt must be one {LIGHT_SIDE} x {LIGHT_SIDE} block "
                        f"(found {len(light)} light squares)")
    cut_off = [sq for sq in light if sq not in from_top]
    if complete and cut_off:
        problems.append(f"the light dirt at {_where(cut_off[0])} cannot be reached from the top")
    for kind, goal in ((TABLET, G_TABLET), (SKELETON, G_SKELETON)):
        own = b.of_kind(kind)
        if not own:
            problems.append(f"no {kind} squares (a goal asks for every square around the {kind})")
            continue
        if len(reachable(b, own[:1], frozenset((kind,)))) != len(own):
            problems.append(f"the {kind} squares are not one piece")
        for sq in b.targets(goal):
            if b.kind(sq) not in EXPLODABLE:
                problems.append(f"the square at {_where(sq)} around the {kind} can never be "
                                f"crossed out ({b.kind(sq)})")
            elif sq not in from_top:
                problems.append(f"the square at {_where(sq)} around the {kind} cannot be "
                                f"reached from the top")
    for goal, source, below in ((G_WATER, WATER, "water tower"), (G_OIL, OIL, "oil truck")):
        if not b.of_kind(source):
            problems.append(f"no {source} squares (a goal needs a path from the {source})")
            continue
        starts, ends = b.path_ends(goal)
        if not set(ends) & reachable(b, starts):
            problems.append(f"no path of diggable or rock squares joins the {source} to the "
                            f"squares below the {below}")
    left, right = b.path_ends(G_PIPE)
    if not left or not right:
        problems.append("a pipe square is needed at the left edge and at the right edge")
    elif not set(right) & reachable(b, left):
        problems.append("no path of diggable or rock squares joins the left pipe to the right one")
    elif complete:
        reached = [sq for sq in left if sq in from_top]
        if not reached:
            problems.append("the pipes cannot be reached from the top")
        elif not set(right) & reachable(b, reached):
            problems.append("no path of diggable or rock squares joins a left pipe the top reaches "
                            "to a right one")
    return problems
