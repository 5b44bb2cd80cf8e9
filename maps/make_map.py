"""Write the Gold Mine map `gold_mine.tmx` from the picture in `LAYOUT`.

    python maps/make_map.py                     write maps/gold_mine.tmx
    python maps/make_map.py --preview out.png   also draw the map, as Tiled would, to a PNG

The map is 11 columns by 10 rows of flat-topped hexes, stagger index odd: odd columns sit half a
hex lower. `LAYOUT` draws it the way it looks, two text lines per row: line ``2 * row`` holds the
even columns of that row and line ``2 * row + 1`` the odd ones, so every character is where its
hex is: the character at position c is column c, and the other positions are spaces. Letters:

    .  off the map (empty cell)    d  dirt          r  rock
    b  brown mine (copper, 5)      s  grey mine (silver, 7)       y  yellow mine (gold, 12)
    u  blue mine (sapphire, 15)    e  green mine (emerald, 20)
    X  start point (dirt)          C  central start point (dirt), used in two-player games

The design: the heart of the mountain, a lode that is the same seen from above and from below
and from either side. Across the middle runs a row of three sapphires; an emerald sits above the
middle one and another below it, each shielded by a rock on the mountain's axis (the summit rock
and the foot rock), and gold flanks them. Rocks right above and below the outer sapphires make
them a matter of diagonals; silver rings the core and copper lines the flanks. The four start
points are on the flanks, two a side: the lower pair is central (two-player games), the upper
pair outer. "Central" here does not mean nearer the middle: all four X are five steps from the
middle hex. The two-player pair is two X at the same height, mirror images of each other across
the middle line, so that two players face the same mountain; each X carries a `note` property
that says so, for whoever opens the map in Tiled. Every start point's best tunnels are the two diagonals into the mountain (the inner
one through copper and silver to a sapphire, the outer one through copper and silver to gold),
and the sapphire is shared with the start point above or below on the same flank.

The layout is symmetric left-right (column 5) and top-bottom (between rows 4 and 5; odd columns
have no row 9), with one exception: the silver at (9, 4), whose mirror (1, 4) is copper. The
compass is not symmetric in play (the dice reach some directions more easily than others), and
without that one hex the left start points won about 4 points more often than the right ones in
bot games; see maps/README.md for the figures. `maps/fairness.py` shows the four level.
Tile ids and values come from `make_tileset.TILES`; the file is plain TMX 1.10 that Tiled opens.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_tileset import (  # noqa: E402
    HEX_SIDE,
    TILE_HEIGHT,
    TILE_WIDTH,
    TILES,
    TILESET_NAME,
)

NAME = "The Old Mountain"
WIDTH = 11
HEIGHT = 10

# Character c of each string is column c (0-10); a row's even columns are on its first line, its
# odd columns (drawn half a hex lower) on the second.
LAYOUT = (
    ". . d d . .",   # row 0
    " . d y d . ",
    ". d d d d .",   # row 1
    " d s r s d ",
    "d b d d b d",   # row 2
    " d y e y d ",
    "X d d d d X",   # row 3
    " b r d r b ",
    "d s d d s d",   # row 4
    " b u u u s ",
    "d s d d s d",   # row 5
    " b r d r b ",
    "C d d d d C",   # row 6
    " d y e y d ",
    "d b d d b d",   # row 7
    " d s r s d ",
    ". d d d d .",   # row 8
    " . d y d . ",
    ". . d d . .",   # row 9
    " . . . . . ",
)

# What each X says in Tiled (the game reads only `central`).
CENTRAL_NOTE = ("central: one of the two X of a two-player game. All four X are five steps from the "
                "middle hex; the central pair are at the same height, mirror images across the "
                "middle line, so both players face the same mountain")
OUTER_NOTE = "outer: used, with the central pair, in three- and four-player games"

LETTERS = {
    ".": None,
    "d": ("dirt", ""),
    "r": ("rock", ""),
    "b": ("mine", "brown"),
    "s": ("mine", "grey"),
    "y": ("mine", "yellow"),
    "u": ("mine", "blue"),
    "e": ("mine", "green"),
    "X": ("dirt", ""),
    "C": ("dirt", ""),
}


def parse_layout(layout: tuple[str, ...] | None = None
                 ) -> tuple[dict[tuple[int, int], str], list[tuple[int, int, bool]]]:
    """The letter of every cell (column, row) and the start cells (column, row, central)."""
    layout = LAYOUT if layout is None else layout
    if len(layout) != 2 * HEIGHT:
        raise ValueError(f"LAYOUT needs {2 * HEIGHT} lines, has {len(layout)}")
    cells: dict[tuple[int, int], str] = {}
    starts: list[tuple[int, int, bool]] = []
    for line_no, line in enumerate(layout):
        row, parity = divmod(line_no, 2)
        if len(line) > WIDTH:
            raise ValueError(f"line {line_no} is longer than {WIDTH} characters")
        for column, ch in enumerate(line):
            if ch == " ":
                continue
            if column % 2 != parity:
                raise ValueError(f"line {line_no}: {ch!r} at position {column} is not a hex of this line")
            if ch not in LETTERS:
                raise ValueError(f"line {line_no}: unknown letter {ch!r}")
            cells[(column, row)] = ch
            if ch in "XC":
                starts.append((column, row, ch == "C"))
    for column in range(WIDTH):
        for row in range(HEIGHT):
            if (column, row) not in cells:
                raise ValueError(f"the layout says nothing about cell ({column}, {row})")
    return cells, starts


def gid_of(letter: str) -> int:
    spec = LETTERS[letter]
    if spec is None:
        return 0
    kind, colour = spec
    for i, t in enumerate(TILES):
        if t.kind == kind and t.colour == colour:
            return i + 1  # firstgid 1
    raise ValueError(f"no tile for {spec}")


def centre(column: int, row: int) -> tuple[float, float]:
    """Tiled's pixel centre of a cell (stagger axis x, stagger index odd)."""
    w, h = TILE_WIDTH & ~1, TILE_HEIGHT & ~1
    column_width = (w - HEX_SIDE) // 2 + HEX_SIDE
    y = row * h + (h // 2 if column & 1 else 0)
    return column * column_width + w / 2, y + h / 2


def tmx_text() -> str:
    cells, starts = parse_layout()
    rows = []
    for row in range(HEIGHT):
        rows.append(",".join(str(gid_of(cells[(c, row)])) for c in range(WIDTH)))
    data = ",\n".join(rows)
    objects = []
    next_id = 1
    for column, row, central in sorted(starts):
        x, y = centre(column, row)
        objects.append(f'  <object id="{next_id}" name="X" x="{x:g}" y="{y:g}">')
        objects.append("   <properties>")
        objects.append(f'    <property name="central" type="bool" value="{"true" if central else "false"}"/>')
        objects.append(f'    <property name="note" value="{CENTRAL_NOTE if central else OUTER_NOTE}"/>')
        objects.append("   </properties>")
        objects.append("   <point/>")
        objects.append("  </object>")
        next_id += 1
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
        f'width="{WIDTH}" height="{HEIGHT}" tilewidth="{TILE_WIDTH}" tileheight="{TILE_HEIGHT}" '
        f'infinite="0" hexsidelength="{HEX_SIDE}" staggeraxis="x" staggerindex="odd" '
        f'nextlayerid="3" nextobjectid="{next_id}">',
        " <properties>",
        f'  <property name="name" value="{NAME}"/>',
        " </properties>",
        f' <tileset firstgid="1" source="{TILESET_NAME}.tsx"/>',
        f' <layer id="1" name="terrain" width="{WIDTH}" height="{HEIGHT}">',
        '  <data encoding="csv">',
        data,
        "</data>",
        " </layer>",
        ' <objectgroup id="2" name="starts">',
        *objects,
        " </objectgroup>",
        "</map>",
        "",
    ])


def preview(path: Path) -> None:
    """Draw the map with its tileset, start points ringed (central ones in white)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    cells, starts = parse_layout()
    sheet = pygame.image.load(str(HERE / f"{TILESET_NAME}.png"))
    w = ((TILE_WIDTH - HEX_SIDE) // 2 + HEX_SIDE) * WIDTH + (TILE_WIDTH - HEX_SIDE) // 2
    h = TILE_HEIGHT * HEIGHT + TILE_HEIGHT // 2
    out = pygame.Surface((w, h))
    out.fill((30, 30, 40))
    for (c, r), letter in cells.items():
        gid = gid_of(letter)
        if not gid:
            continue
        x, y = centre(c, r)
        out.blit(sheet, (x - TILE_WIDTH / 2, y - TILE_HEIGHT / 2),
                 pygame.Rect((gid - 1) * TILE_WIDTH, 0, TILE_WIDTH, TILE_HEIGHT))
    for c, r, central in starts:
        x, y = centre(c, r)
        pygame.draw.circle(out, (255, 255, 255) if central else (230, 60, 60), (x, y), 14, 4)
    pygame.image.save(out, str(path))


def main(argv: list[str]) -> int:
    (HERE / "gold_mine.tmx").write_text(tmx_text(), encoding="utf-8")
    print(f"wrote {HERE / 'gold_mine.tmx'}")
    if argv[:1] == ["--preview"] and len(argv) == 2:
        preview(Path(argv[1]))
        print(f"drew {argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
