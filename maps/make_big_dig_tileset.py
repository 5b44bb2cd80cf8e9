"""Draw the Big Dig tileset: `big_dig_tiles.png` and its Tiled tileset `big_dig_tiles.tsx`.

    python maps/make_big_dig_tileset.py

Square tiles of 48 x 48 pixels, eight to a row. Every kind has its own symbol as well as its
colour, so the board reads without telling colours apart: speckles for dirt, a dotted frame for
the light dirt, a cracked boulder for rock, a cut gem for the emerald, a crystal cluster for the
amethyst, a coin with a square hole, a pipe section, carved signs on the tablet, a bone on the
skeleton, waves for water, a drop for oil; above ground, sky, the water tower and the oil truck,
each drawn across two tiles (a left and a right half, both of the same kind).

`TILES` is the single source of both files: the `.tsx` gives each tile the ``kind`` property the
game reads (and a ``name`` for Tiled's tile list). The picture is our own, drawn by code; CC0 like
everything in this folder (see README.md).
"""

from __future__ import annotations

import math
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import quoteattr

if TYPE_CHECKING:
    import pygame

HERE = Path(__file__).resolve().parent
TILE = 48
COLUMNS = 8
TILESET_NAME = "big_dig_tiles"


@dataclass(frozen=True)
class TileDef:
    kind: str
    name: str


# Tile id = position in this list; make_big_dig_maps.py picks tiles by kind (and half).
TILES: tuple[TileDef, ...] = (
    TileDef("sky", "sky"),
    TileDef("tower", "water tower, left half"),
    TileDef("tower", "water tower, right half"),
    TileDef("truck", "oil truck, left half"),
    TileDef("truck", "oil truck, right half"),
    TileDef("dirt", "dirt"),
    TileDef("light", "light dirt"),
    TileDef("rock", "grey rock"),
    TileDef("emerald", "emerald"),
    TileDef("amethyst", "amethyst"),
    TileDef("coin", "ancient coin"),
    TileDef("pipe", "pipe"),
    TileDef("tablet", "tablet artifact"),
    TileDef("skeleton", "skeleton artifact"),
    TileDef("water", "water"),
    TileDef("oil", "oil"),
)


def tile_id(kind: str, half: int = 0) -> int:
    """The id of the tile of `kind` (for the tower and the truck, `half` 0 left, 1 right)."""
    ids = [i for i, t in enumerate(TILES) if t.kind == kind]
    return ids[half]


DIRT = (196, 156, 104)
DIRT_DARK = (150, 112, 70)
LIGHT = (236, 214, 164)
LIGHT_DARK = (196, 170, 120)
ROCK = (128, 130, 138)
ROCK_DARK = (74, 76, 84)
ROCK_LIGHT = (170, 172, 180)
ARTIFACT = (92, 60, 38)
ARTIFACT_LIGHT = (150, 112, 78)
BONE = (238, 230, 208)
BONE_DARK = (150, 140, 118)
WATER = (54, 122, 204)
WATER_LIGHT = (150, 200, 244)
OIL = (30, 28, 34)
OIL_SHEEN = (120, 90, 150)
SKY = (170, 212, 240)
SKY_LOW = (206, 230, 246)
GRID = (110, 80, 50)


def _speckles(surf: pygame.Surface, rng: random.Random, colour: tuple[int, int, int], n: int) -> None:
    import pygame

    for _ in range(n):
        pygame.draw.circle(surf, colour, (rng.randint(3, TILE - 4), rng.randint(3, TILE - 4)),
                           rng.randint(1, 2))


def _dirt(surf: pygame.Surface, rng: random.Random) -> None:
    surf.fill(DIRT)
    _speckles(surf, rng, DIRT_DARK, 14)


def _sky(surf: pygame.Surface) -> None:
    import pygame

    for y in range(TILE):
        t = y / (TILE - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(SKY, SKY_LOW))
        pygame.draw.line(surf, colour, (0, y), (TILE - 1, y))


def _gem(surf: pygame.Surface, points: list[tuple[float, float]], fill: tuple[int, int, int],
         edge: tuple[int, int, int], shine: tuple[int, int, int]) -> None:
    import pygame

    pygame.draw.polygon(surf, fill, points)
    pygame.draw.polygon(surf, edge, points, 2)
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    for p in points[::2]:
        pygame.draw.line(surf, edge, (cx, cy), p, 1)
    pygame.draw.circle(surf, shine, (round(cx - 5), round(cy - 6)), 3)


def draw_tile(kind: str, index: int, rng: random.Random) -> pygame.Surface:
    """One 48 x 48 tile (the tower and truck halves are cut from `draw_wide`)."""
    import pygame

    s = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    c = TILE // 2
    if kind == "sky":
        _sky(s)
        pygame.draw.ellipse(s, (250, 252, 255), (8, 12, 20, 9))
        pygame.draw.ellipse(s, (250, 252, 255), (16, 8, 18, 11))
        return s
    if kind == "light":
        s.fill(LIGHT)
        _speckles(s, rng, LIGHT_DARK, 10)
        for i in range(4, TILE - 3, 6):  # a dotted frame: the light area reads as one block
            for x, y in ((i, 3), (i, TILE - 4), (3, i), (TILE - 4, i)):
                pygame.draw.circle(s, LIGHT_DARK, (x, y), 1)
        pygame.draw.circle(s, (250, 238, 200), (c, c), 7)
        pygame.draw.circle(s, LIGHT_DARK, (c, c), 7, 1)
        return s
    if kind == "rock":
        s.fill(ROCK_DARK)
        boulder = [(6, 30), (10, 12), (22, 6), (38, 9), (43, 24), (40, 40), (24, 43), (10, 40)]
        pygame.draw.polygon(s, ROCK, boulder)
        pygame.draw.polygon(s, ROCK_LIGHT, [(10, 12), (22, 6), (38, 9), (26, 15)])
        pygame.draw.polygon(s, ROCK_DARK, boulder, 2)
        pygame.draw.lines(s, ROCK_DARK, False, [(20, 14), (24, 24), (18, 32), (22, 40)], 2)
        pygame.draw.lines(s, ROCK_DARK, False, [(24, 24), (34, 28)], 2)
        return s
    if kind in ("tablet", "skeleton"):
        s.fill(ARTIFACT)
        pygame.draw.rect(s, ARTIFACT_LIGHT, (1, 1, TILE - 2, TILE - 2), 1)
        if kind == "tablet":
            pygame.draw.rect(s, (118, 84, 58), (9, 7, 30, 34), border_radius=3)
            pygame.draw.rect(s, (60, 38, 22), (9, 7, 30, 34), 2, border_radius=3)
            for y in (14, 22, 30):  # carved signs
                pygame.draw.line(s, BONE_DARK, (14, y), (22, y), 2)
                pygame.draw.circle(s, BONE_DARK, (28, y), 2)
                pygame.draw.line(s, BONE_DARK, (32, y - 3), (34, y + 3), 2)
        else:
            # One bone, corner to corner.
            a, b = (14, 34), (34, 14)
            pygame.draw.line(s, BONE, a, b, 7)
            for x, y in (a, b):  # two knobs at each end, either side of the shaft
                for side in (-1, 1):
                    knob = (x + 4 * side, y + 4 * side)
                    pygame.draw.circle(s, BONE, knob, 5)
                    pygame.draw.circle(s, BONE_DARK, knob, 5, 1)
            pygame.draw.line(s, BONE, a, b, 7)
            pygame.draw.line(s, BONE_DARK, (18, 33), (33, 18), 1)
        return s
    if kind == "water":
        s.fill(WATER)
        for y in (12, 24, 36):
            pts = [(x, y + 3 * math.sin(x / 4)) for x in range(2, TILE - 1, 2)]
            pygame.draw.lines(s, WATER_LIGHT, False, pts, 2)
        return s
    if kind == "oil":
        s.fill(OIL)
        drop = [(c, 6)] + [(c + 11 * math.sin(t / 10 * math.pi), 30 + 11 * math.cos(t / 10 * math.pi))
                           for t in range(-7, 8)]
        pygame.draw.polygon(s, (64, 58, 72), drop)
        pygame.draw.polygon(s, OIL_SHEEN, drop, 2)
        pygame.draw.arc(s, (160, 200, 140), (c - 6, 24, 10, 10), 2.0, 3.6, 2)
        return s
    # The dirt kinds: dirt, and dirt holding an object.
    _dirt(s, rng)
    if kind == "emerald":
        r = 13
        points = [(c + r * math.cos(math.pi / 8 + k * math.pi / 4),
                   c + r * math.sin(math.pi / 8 + k * math.pi / 4)) for k in range(8)]
        _gem(s, points, (38, 176, 96), (14, 90, 46), (200, 255, 220))
    elif kind == "amethyst":
        for dx, h, w in ((-10, 18, 5), (10, 16, 5), (0, 28, 6)):  # three crystals, the tall one last
            x = c + dx
            points = [(x - w, 40), (x - w, 40 - h + w), (x, 40 - h), (x + w, 40 - h + w), (x + w, 40)]
            _gem(s, points, (150, 84, 206), (74, 30, 116), (230, 200, 255))
    elif kind == "coin":
        pygame.draw.circle(s, (222, 178, 52), (c, c), 14)
        pygame.draw.circle(s, (140, 100, 20), (c, c), 14, 2)
        pygame.draw.circle(s, (140, 100, 20), (c, c), 10, 1)
        pygame.draw.rect(s, DIRT, (c - 4, c - 4, 8, 8))
        pygame.draw.rect(s, (140, 100, 20), (c - 4, c - 4, 8, 8), 1)
    elif kind == "pipe":
        pygame.draw.rect(s, (120, 128, 136), (0, c - 8, TILE, 16))
        pygame.draw.rect(s, (176, 184, 192), (0, c - 6, TILE, 4))
        pygame.draw.rect(s, (60, 64, 70), (0, c - 8, TILE, 16), 2)
        for x in (6, TILE - 12):  # flanges
            pygame.draw.rect(s, (96, 102, 110), (x, c - 11, 6, 22))
            pygame.draw.rect(s, (50, 54, 60), (x, c - 11, 6, 22), 1)
    return s


def draw_wide(kind: str) -> pygame.Surface:
    """The water tower or the oil truck, 96 x 48 pixels over the sky, cut in two tiles."""
    import pygame

    s = pygame.Surface((2 * TILE, TILE), pygame.SRCALPHA)
    left, right = pygame.Surface((TILE, TILE)), pygame.Surface((TILE, TILE))
    _sky(left)
    _sky(right)
    s.blit(left, (0, 0))
    s.blit(right, (TILE, 0))
    dark = (40, 44, 52)
    if kind == "tower":
        for x in (26, 68):  # legs, and a cross brace
            pygame.draw.line(s, dark, (x, 26), (x + (-6 if x < 48 else 6), TILE - 1), 3)
        pygame.draw.line(s, dark, (24, 38), (72, 38), 2)
        pygame.draw.rect(s, (96, 150, 210), (20, 4, 56, 24), border_radius=8)
        pygame.draw.rect(s, dark, (20, 4, 56, 24), 2, border_radius=8)
        # A water drop on the tank.
        drop = [(48, 6)] + [(48 + 7 * math.sin(t / 10 * math.pi), 19 + 7 * math.cos(t / 10 * math.pi))
                            for t in range(-7, 8)]
        pygame.draw.polygon(s, (230, 244, 255), drop)
    else:
        pygame.draw.rect(s, (200, 70, 50), (62, 16, 28, 22), border_radius=4)   # cab
        pygame.draw.rect(s, (190, 220, 240), (70, 20, 14, 8))                 # window
        pygame.draw.rect(s, (70, 72, 80), (8, 14, 56, 24), border_radius=10)  # tank
        pygame.draw.rect(s, dark, (8, 14, 56, 24), 2, border_radius=10)
        drop = [(36, 15)] + [(36 + 6 * math.sin(t / 10 * math.pi), 27 + 6 * math.cos(t / 10 * math.pi))
                             for t in range(-7, 8)]
        pygame.draw.polygon(s, (20, 18, 24), drop)
        pygame.draw.rect(s, dark, (6, 36, 86, 4))
        for x in (20, 50, 78):
            pygame.draw.circle(s, dark, (x, 41), 6)
            pygame.draw.circle(s, (150, 150, 156), (x, 41), 2)
    return s


def make_png(path: Path) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    sheet = pygame.Surface((TILE * COLUMNS, TILE * rows), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    wide = {k: draw_wide(k) for k in ("tower", "truck")}
    seen: dict[str, int] = {}
    for i, tile in enumerate(TILES):
        x, y = (i % COLUMNS) * TILE, (i // COLUMNS) * TILE
        if tile.kind in wide:
            half = seen.get(tile.kind, 0)
            seen[tile.kind] = half + 1
            sheet.blit(wide[tile.kind], (x, y), pygame.Rect(half * TILE, 0, TILE, TILE))
        else:
            sheet.blit(draw_tile(tile.kind, i, random.Random(i)), (x, y))
            if tile.kind not in ("sky",):
                pygame.draw.rect(sheet, GRID, (x, y, TILE, TILE), 1)
    pygame.image.save(sheet, str(path))


def tsx_text(image_name: str = f"{TILESET_NAME}.png") -> str:
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="{TILESET_NAME}" '
        f'tilewidth="{TILE}" tileheight="{TILE}" tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f'  <image source="{image_name}" width="{TILE * COLUMNS}" height="{TILE * rows}"/>',
    ]
    for i, tile in enumerate(TILES):
        lines.append(f'  <tile id="{i}">')
        lines.append("    <properties>")
        lines.append(f'      <property name="kind" value={quoteattr(tile.kind)}/>')
        lines.append(f'      <property name="name" value={quoteattr(tile.name)}/>')
        lines.append("    </properties>")
        lines.append("  </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    out = Path(argv[0]) if argv else HERE
    make_png(out / f"{TILESET_NAME}.png")
    (out / f"{TILESET_NAME}.tsx").write_text(tsx_text(), encoding="utf-8")
    print(f"wrote {out / TILESET_NAME}.png and .tsx ({len(TILES)} tiles)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
