"""Write the two Big Dig boards, `big_dig_a.tmx` and `big_dig_b.tmx`, from the text pictures below,
and print what each goal needs on each side.

    python maps/make_big_dig_tileset.py     # big_dig_tiles.png + big_dig_tiles.tsx (first)
    python maps/make_big_dig_maps.py        # big_dig_a.tmx + big_dig_b.tmx, and the goal table
    python -m game check-map maps/big_dig_a.tmx maps/big_dig_b.tmx

A design is one line of text a row, one character a square (`CHARS`): the first line is the
surface (sky, the two squares of the water tower, the two of the oil truck), the others the board
from the top ground row down. Change a design here and run the script again; a test fails when the
committed .tmx differ from what this script writes. `--report` prints the goal table only;
`--preview DIR` also draws each side with the tileset's picture (`big_dig_a.png`...) to look at.

The goal table (`goal_needs`) is computed, never counted by hand: for each goal the squares a
player must cross at the least, found on the board's graph of orthogonal steps, where a diggable
square costs one square and a rock square one explosion (a whole turn). For the goals that name
squares (every emerald, the nine light squares, the ring round the tablet...) it grows one dig from
the top row, each time towards the nearest square still wanted (a good estimate, not always the
very least); for the path goals it is the exact cheapest path. "turns" is the estimate of turns a
player alone would need: squares dug divided by 4.5 (a card digs 4 or 5), plus one a rock.
"""

from __future__ import annotations

import heapq
import sys
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from make_big_dig_tileset import TILE, TILESET_NAME, tile_id  # noqa: E402

from game.games.big_dig.board import (  # noqa: E402
    DIGGABLE,
    EXPLODABLE,
    G_LIGHT,
    G_PIPE,
    G_ROCK,
    GOALS,
    ROCK,
    ROCKS_NEEDED,
    Board,
    Square,
    board_problems,
    orthogonal,
)

# One character a kind. The surface row (the first line) holds only the first three.
CHARS = {
    "-": "sky",
    "W": "tower",      # the water tower: two side by side
    "U": "truck",      # the oil truck: two side by side
    ".": "dirt",
    ":": "light",      # the 3 x 3 light dirt
    "#": "rock",
    "e": "emerald",
    "a": "amethyst",
    "c": "coin",       # an ancient coin
    "=": "pipe",       # at the left and right edges
    "T": "tablet",
    "S": "skeleton",
    "~": "water",
    "o": "oil",
}

# Side a: the water far from the tower and the oil far from the truck, so both paths cross the
# board; the tablet high on the right, the skeleton low on the left, the light area at the centre,
# the pipes high on the left and low on the right.
SIDE_A = """
--WW-----UU-
.#....#..#..
.#.e..c...a.
.#.....#TT..
=.......TT..
=..#........
...#.:::.#..
.a...:::e...
..c..:::.#.=
.SSS....c..=
...S.#...a..
.#......#.e.
oo....##.~~~
"""

# Side b: the tower and the truck swapped over, the skeleton high, the tablet low, the pipes low on
# the left and high on the right, the rock in other places.
SIDE_B = """
-UU----WW---
..#.....#..#
.e..SS..##..
....S....#a=
.c..S..#...=
..#.........
.....:::....
.#.a.:::..#.
=...#:::...e
=......#....
.e..#..TTT.c
..#..a.....c
~~~..#....oo
"""

DESIGNS = {
    "a": ("The Quarry Yard", SIDE_A),
    "b": ("Old Well Hollow", SIDE_B),
}


def rows_of(design: str) -> list[str]:
    return [line for line in design.strip("\n").splitlines()]


def board_of(side: str) -> Board:
    """The design of `side` as the rules see it (the same board the .tmx gives)."""
    name, design = DESIGNS[side]
    rows = rows_of(design)
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise ValueError(f"side {side}: every row must be {width} characters")
    surface = [CHARS[ch] for ch in rows[0]]
    tower = tuple(c for c, k in enumerate(surface) if k == "tower")
    truck = tuple(c for c, k in enumerate(surface) if k == "truck")
    cells = tuple(CHARS[ch] for row in rows[1:] for ch in row)
    return Board(name, width, len(rows) - 1, cells, tower, truck)  # type: ignore[arg-type]


def tmx_text(side: str) -> str:
    name, design = DESIGNS[side]
    rows = rows_of(design)
    width, height = len(rows[0]), len(rows)
    gids: list[list[int]] = []
    for row in rows:
        line = []
        seen: dict[str, int] = {}
        for ch in row:
            kind = CHARS[ch]
            half = 0
            if kind in ("tower", "truck"):
                half = seen.get(kind, 0)
                seen[kind] = half + 1
            line.append(tile_id(kind, half) + 1)
        gids.append(line)
    data = ",\n".join(",".join(str(g) for g in line) for line in gids)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" infinite="0" nextlayerid="2" nextobjectid="1">\n'
        ' <properties>\n'
        '  <property name="game" value="big_dig"/>\n'
        f'  <property name="name" value={quoteattr(name)}/>\n'
        f'  <property name="side" value="{side}"/>\n'
        ' </properties>\n'
        f' <tileset firstgid="1" source="{TILESET_NAME}.tsx"/>\n'
        f' <layer id="1" name="ground" width="{width}" height="{height}">\n'
        f'  <data encoding="csv">\n{data}\n</data>\n'
        ' </layer>\n'
        '</map>\n'
    )


# -- what each goal needs ------------------------------------------------------------------------

ROCK_COST = 4.5
"""A rock square costs a whole turn (an explosion) where a dig crosses 4 or 5 squares."""


def _cost(board: Board, sq: Square) -> float:
    return ROCK_COST if board.kind(sq) == ROCK else 1.0


def cheapest(board: Board, sources: set[Square], wanted: set[Square]) -> list[Square]:
    """The cheapest orthogonal path of crossable squares from any of `sources` (already crossed,
    costing nothing) to any square of `wanted`, the squares to cross in order (sources left out);
    [] when one of `wanted` is a source; ValueError when none can be reached."""
    if sources & wanted:
        return []
    best: dict[Square, float] = {s: 0.0 for s in sources}
    back: dict[Square, Square | None] = {s: None for s in sources}
    heap = [(0.0, s) for s in sorted(sources)]
    while heap:
        d, sq = heapq.heappop(heap)
        if d > best.get(sq, float("inf")):
            continue
        if sq in wanted:
            path = []
            while sq not in sources:
                path.append(sq)
                sq = back[sq]  # type: ignore[assignment]
            return path[::-1]
        for n in orthogonal(sq):
            if board.on_board(n) and board.kind(n) in EXPLODABLE:
                nd = d + _cost(board, n)
                if nd < best.get(n, float("inf")):
                    best[n], back[n] = nd, sq
                    heapq.heappush(heap, (nd, n))
    raise ValueError("unreachable")


def _top_path(board: Board, wanted: set[Square]) -> list[Square]:
    """The cheapest way down from the top row to a square of `wanted` (the top square included)."""
    starts = {(x, 0) for x in range(board.width) if board.explodable((x, 0))}
    best: list[Square] | None = None
    for s in sorted(starts):  # one entry square, then the cheapest way on
        path = [s] + cheapest(board, {s}, wanted)
        if best is None or _price(board, path) < _price(board, best):
            best = path
    if best is None:
        raise ValueError("unreachable")
    return best


def _price(board: Board, squares: list[Square]) -> float:
    return sum(_cost(board, s) for s in squares)


@dataclass(frozen=True)
class Need:
    goal: str
    squares: int      # squares crossed, rocks included
    rocks: int        # of which rock (each one an explosion)
    detail: str

    @property
    def turns(self) -> float:
        return (self.squares - self.rocks) / 4.5 + self.rocks


def _grow(board: Board, wanted: set[Square]) -> set[Square]:
    """A dig from the top row reaching every square of `wanted`: each time the cheapest way to
    the nearest one still missing."""
    crossed = set(_top_path(board, wanted))
    while wanted - crossed:
        crossed |= set(cheapest(board, crossed, wanted - crossed))
    return crossed


def goal_needs(board: Board) -> dict[str, Need]:
    """For each goal, what a player crosses at the least (see the module docstring)."""
    needs: dict[str, Need] = {}
    for goal in GOALS:
        if goal == G_ROCK:
            rocks = set(board.of_kind(ROCK))
            crossed = set()
            for first in sorted(rocks):  # from each rock in turn: the nearest, then the next...
                try:
                    grown = set(_top_path(board, {first}))
                except ValueError:
                    continue
                while len(grown & rocks) < ROCKS_NEEDED:
                    grown |= set(cheapest(board, grown, rocks - grown))
                if not crossed or _price(board, sorted(grown)) < _price(board, sorted(crossed)):
                    crossed = grown
            top_row = sum(1 for x in range(board.width) if board.kind((x, 0)) == ROCK)
            detail = (f"{len(rocks)} rock squares, {top_row} of them in the top row; "
                      f"{ROCKS_NEEDED} to explode")
        elif goal in ("water", "oil", G_PIPE):
            starts, ends = board.path_ends(goal)
            best = min(([s] + cheapest(board, {s}, set(ends)) for s in starts),
                       key=lambda p: (_price(board, p), len(p)))
            crossed = set(best)
            if goal == G_PIPE:
                detail = "from a left pipe square to a right one"
            else:
                source = "water" if goal == "water" else "oil"
                below = "tower" if goal == "water" else "truck"
                detail = f"from next to the {source} up to the squares below the {below}"
            plain = _plain_length(board, set(starts), set(ends))
            detail += f"; without rock: {plain}" if plain else "; rock is in every way"
        else:
            wanted = set(board.targets(goal))
            crossed = _grow(board, wanted)
            if goal == G_LIGHT:
                detail = "the 9 light squares"
            elif goal in ("tablet", "skeleton"):
                own = len(board.of_kind(goal))
                ring_rocks = sum(1 for s in wanted if board.kind(s) == ROCK)
                detail = (f"{goal} of {own} squares, ring of {len(wanted)} "
                          f"({ring_rocks} of them rock)")
            else:
                deepest = max(y for _, y in wanted) + 1
                detail = f"{len(wanted)} {goal}, the deepest in row {deepest}"
        n_rock = sum(1 for s in crossed if board.kind(s) == ROCK)
        needs[goal] = Need(goal, len(crossed), n_rock, detail)
    return needs


def _plain_length(board: Board, starts: set[Square], ends: set[Square]) -> str:
    """The shortest path over diggable squares only, as text ('' when there is none)."""
    seen = {s: 1 for s in starts if board.kind(s) in DIGGABLE}
    todo = sorted(seen)
    while todo:
        nxt = []
        for sq in todo:
            if sq in ends:
                return f"{seen[sq]} squares"
            for n in orthogonal(sq):
                if board.on_board(n) and board.kind(n) in DIGGABLE and n not in seen:
                    seen[n] = seen[sq] + 1
                    nxt.append(n)
        todo = nxt
    return ""


def report(side: str) -> str:
    board = board_of(side)
    lines = [f"Side {side}: {board.name}, {board.width} x {board.height} squares",
             "| goal | squares to cross | of them rock | turns alone (about) | what it takes |",
             "| ---- | ---------------- | ------------ | ------------------- | ------------- |"]
    for goal, need in goal_needs(board).items():
        lines.append(f"| {goal} | {need.squares} | {need.rocks} | {need.turns:.1f} | "
                     f"{need.detail} |")
    problems = board_problems(board)
    if problems:
        lines.append("PROBLEMS: " + "; ".join(problems))
    return "\n".join(lines)


def preview(side: str, path: Path) -> None:
    """Draw the side as Tiled would, from the tileset's picture, into a PNG."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from make_big_dig_tileset import COLUMNS

    sheet = pygame.image.load(str(HERE / f"{TILESET_NAME}.png"))
    rows = rows_of(DESIGNS[side][1])
    out = pygame.Surface((TILE * len(rows[0]), TILE * len(rows)))
    for r, row in enumerate(rows):
        seen: dict[str, int] = {}
        for c, ch in enumerate(row):
            kind = CHARS[ch]
            half = seen.get(kind, 0) if kind in ("tower", "truck") else 0
            seen[kind] = half + 1
            i = tile_id(kind, half)
            out.blit(sheet, (c * TILE, r * TILE),
                     pygame.Rect((i % COLUMNS) * TILE, (i // COLUMNS) * TILE, TILE, TILE))
    pygame.image.save(out, str(path))


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--preview" in args:
        where = Path(args[args.index("--preview") + 1])
        where.mkdir(parents=True, exist_ok=True)
        for side in DESIGNS:
            preview(side, where / f"big_dig_{side}.png")
            print(f"drew {where / f'big_dig_{side}.png'}")
        return 0
    for side in DESIGNS:
        if "--report" not in args:
            path = HERE / f"big_dig_{side}.tmx"
            path.write_text(tmx_text(side), encoding="utf-8")
            print(f"wrote {path}")
        print(report(side))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
