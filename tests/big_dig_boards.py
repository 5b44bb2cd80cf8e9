"""Small Big Dig boards written as Tiled maps, for the map tests (good ones and bad ones).

`board_text` writes a board from a text picture (the characters of maps/make_big_dig_maps.py's
`CHARS`) with an inline tileset holding one tile per kind, so a test can change one square, the
surface, the tileset, the layer or its encoding and see the reader's answer.
"""

from __future__ import annotations

from game.games.big_dig.board import KINDS

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
