"""Hand-made Big Dig boards for the tests.

For the rules tests: boards drawn in ASCII (one character a square).

Legend: ``.`` dirt, ``l`` light dirt, ``#`` grey rock, ``e`` emerald, ``a`` amethyst, ``c`` ancient
coin, ``p`` pipe, ``T`` tablet, ``S`` skeleton, ``w`` water, ``o`` oil.

For the map tests: small boards written as Tiled maps (good ones and bad ones).

`board_text` writes a board from a text picture (the characters of maps/make_big_dig_maps.py's
`CHARS`) with an inline tileset holding one tile per kind, so a test can change one square, the
surface, the tileset, the layer or its encoding and see the reader's answer.
"""

from __future__ import annotations

from typing import Any

from game.core.contract import GameConfig
from game.games.big_dig.board import KINDS, Board

LEGEND = {".": "dirt", "l": "light", "#": "rock", "e": "emerald", "a": "amethyst", "c": "coin",
          "p": "pipe", "T": "tablet", "S": "skeleton", "w": "water", "o": "oil"}


def ascii_board(rows: list[str], tower: tuple[int, int] = (1, 2), truck: tuple[int, int] = (6, 7),
                name: str = "Test board") -> Board:
    rows = [r.replace(" ", "") for r in rows]
    cells = tuple(LEGEND[ch] for row in rows for ch in row)
    return Board(name, len(rows[0]), len(rows), cells, tower, truck)


# A playable 10 x 10 board: every goal can be met (board_problems is empty).
PLAYABLE = [
    ". . . . . . . . . .",
    "p . e . # . . a . p",
    ". . . # . . c . . .",
    ". T T . . . . . S .",
    ". . . . l l l . S .",
    ". e . # l l l . . .",
    ". . . . l l l # . a",
    ". c # . . . . . e .",
    ". . . . # . c . . .",
    "w w a . . . . . o o",
]


def playable_board() -> Board:
    return ascii_board(PLAYABLE)


def config(players: int = 2, board: Board | None = None, **options: Any) -> GameConfig:
    b = board if board is not None else playable_board()
    return GameConfig(players, (), {"board": b.to_json(), **options})


def fresh(players: int = 2, board: Board | None = None, sides: tuple[int, ...] | None = (0,) * 5,
          goals: tuple[str, str, str] | None = None, seed: int = 1, **options: Any):
    """A new game on `board` (the playable one by default) with the cards' sides and the goals
    set by hand."""
    from game.games.big_dig.rules import new_game

    s, _ = new_game(config(players, board, **options), seed)
    if sides is not None:
        s.sides = list(sides)
    if goals is not None:
        s.goals = goals
    return s


def with_crossed(s, player: int, squares):
    """A copy of `s` where `player` has also crossed `squares` (goals met recomputed)."""
    from game.games.big_dig.rules import goal_met

    t = s.copy()
    t._crossed[player] = t._crossed[player] | frozenset(squares)
    t.met[player] = tuple(g for g in t.goals if goal_met(t.board, t._crossed[player], g))
    return t


# ---------------------------------------------------------------------------- Tiled text for the map tests
SURFACE = ("sky", "tower", "truck")
TILE_KINDS = SURFACE + KINDS          # gid = position + 1
CHARS = {"-": "sky", "W": "tower", "U": "truck", ".": "dirt", ":": "light", "#": "rock",
         "e": "emerald", "a": "amethyst", "c": "coin", "=": "pipe", "T": "tablet",
         "S": "skeleton", "~": "water", "o": "oil"}

# A small playable board: 8 columns, the surface and 9 ground rows; every goal can be met.
SMALL = """
-WW--UU-
e.a.c#..
=.##...=
........
.:::..T.
.:::..T.
.:::....
.......#
...S..#.
~~.....o
"""

TILESET = (' <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="'
           f'{len(TILE_KINDS)}" columns="0">\n'
           + "".join(f'  <tile id="{i}"><properties><property name="kind" value="{k}"/>'
                     f'</properties></tile>\n' for i, k in enumerate(TILE_KINDS))
           + ' </tileset>')


def gid(kind: str) -> int:
    return TILE_KINDS.index(kind) + 1


def rows_of(design: str) -> list[str]:
    return design.strip("\n").splitlines()


def csv_of(design: str) -> str:
    return ",".join(str(gid(CHARS[ch])) for row in rows_of(design) for ch in row)


def board_text(design: str = SMALL, *, width: int | None = None, height: int | None = None,
               data: str | None = None, encoding: str = "csv", compression: str | None = None,
               name: str | None = None, tileset: str = TILESET, layers: int = 1,
               padding: str = "", game: str | None = "big_dig", layer_name: str = "ground",
               orientation: str = "orthogonal", extra_props: str = "") -> str:
    """A Big Dig board's XML from `design`, or a variant of it (the declared size, the layer data,
    the tileset...): the same keywords as the Gold Mine map of tests/test_hostile_maps.py."""
    rows = rows_of(design)
    width = len(rows[0]) if width is None else width
    height = len(rows) if height is None else height
    if data is None:
        data = csv_of(design)
    props = ""
    if game is not None:
        props += f'<property name="game" value="{game}"/>'
    if name is not None:
        props += f'<property name="name" value="{name}"/>'
    props += extra_props
    props = f" <properties>{props}</properties>\n" if props else ""
    packed = f' compression="{compression}"' if compression else ""
    layer = (f' <layer id="{{i}}" name="{layer_name}" width="{width}" height="{height}">'
             f'<data encoding="{encoding}"{packed}>{data}</data></layer>\n')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" orientation="{orientation}" renderorder="right-down" '
            f'width="{width}" height="{height}" tilewidth="16" tileheight="16" infinite="0">\n'
            f'{props}{tileset}\n'
            + "".join(layer.format(i=i + 1) for i in range(layers))
            + f'{padding}</map>\n')
