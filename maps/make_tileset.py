"""Draw the Gold Mine tileset: `gold_mine_tiles.png` and its Tiled tileset `gold_mine_tiles.tsx`.

    python maps/make_tileset.py

One flat-topped hex per tile, in one row: dirt, rock, then one mine per colour with its value
printed on it. The .tsx gives every tile the properties the game reads (kind, and for mines colour
and value); `TILES` below is the single source of both files, so change a value here and run the
script again. Hex geometry matches the map: tiles 64 x 56 pixels with a hex side of 32 (a regular
hexagon, rounded to even pixels as Tiled wants).
"""

from __future__ import annotations

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
FONT = HERE.parent / "assets" / "fonts" / "DejaVuSans-Bold.ttf"

TILE_WIDTH = 64
TILE_HEIGHT = 56
HEX_SIDE = 32
TILESET_NAME = "gold_mine_tiles"


@dataclass(frozen=True)
class TileDef:
    kind: str
    colour: str = ""
    value: int = 0
    paint: tuple[int, int, int] = (0, 0, 0)


# Tile id = position in this list. Mine values: the rarer the colour on the map, the richer.
TILES: tuple[TileDef, ...] = (
    TileDef("dirt"),
    TileDef("rock"),
    TileDef("mine", "brown", 5, (184, 106, 52)),    # copper
    TileDef("mine", "grey", 7, (176, 184, 196)),    # silver
    TileDef("mine", "yellow", 12, (238, 194, 40)),  # gold
    TileDef("mine", "blue", 15, (52, 104, 214)),    # sapphire
    TileDef("mine", "green", 20, (36, 168, 92)),    # emerald
)

DIRT = (150, 112, 74)
DIRT_DARK = (112, 80, 50)
ROCK = (96, 96, 102)
ROCK_DARK = (58, 58, 64)
ROCK_LIGHT = (132, 132, 140)
OUTLINE = (60, 42, 26)


def hex_corners(x0: int, w: int = TILE_WIDTH, h: int = TILE_HEIGHT,
                side: int = HEX_SIDE) -> list[tuple[int, int]]:
    o = (w - side) // 2
    return [(x0, h // 2), (x0 + o, 0), (x0 + w - o - 1, 0), (x0 + w - 1, h // 2),
            (x0 + w - o - 1, h - 1), (x0 + o, h - 1)]


def draw_tile(sheet: pygame.Surface, index: int, tile: TileDef, font: pygame.font.Font) -> None:
    import pygame

    x0 = index * TILE_WIDTH
    cx, cy = x0 + TILE_WIDTH // 2, TILE_HEIGHT // 2
    corners = hex_corners(x0)
    rng = random.Random(index)  # fixed speckles: the image is the same on every run
    base = ROCK if tile.kind == "rock" else DIRT
    pygame.draw.polygon(sheet, base, corners)
    # A little texture, clipped to the hexagon by drawing on a masked layer.
    layer = pygame.Surface((TILE_WIDTH, TILE_HEIGHT), pygame.SRCALPHA)
    if tile.kind == "rock":
        for _ in range(7):
            px, py = rng.randint(12, 52), rng.randint(10, 46)
            r = rng.randint(5, 10)
            pygame.draw.circle(layer, ROCK_LIGHT, (px, py), r)
            pygame.draw.circle(layer, ROCK_DARK, (px, py), r, 2)
    else:
        for _ in range(18):
            px, py = rng.randint(6, 58), rng.randint(4, 52)
            pygame.draw.circle(layer, DIRT_DARK, (px, py), rng.randint(1, 2))
    mask = pygame.Surface((TILE_WIDTH, TILE_HEIGHT), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), hex_corners(0))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    sheet.blit(layer, (x0, 0))
    if tile.kind == "mine":
        # A faceted gem in the mine's colour, the value on top of it.
        r = 18
        gem = [(cx, cy - r), (cx + r, cy - 4), (cx + r - 5, cy + r - 4), (cx - r + 5, cy + r - 4),
               (cx - r, cy - 4)]
        dark = tuple(max(0, c - 70) for c in tile.paint)
        pygame.draw.polygon(sheet, tile.paint, gem)
        pygame.draw.polygon(sheet, dark, gem, 2)
        text = str(tile.value)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            shadow = font.render(text, True, (20, 14, 8))
            sheet.blit(shadow, shadow.get_rect(center=(cx + dx, cy + 2 + dy)))
        label = font.render(text, True, (255, 255, 255))
        sheet.blit(label, label.get_rect(center=(cx, cy + 2)))
    pygame.draw.polygon(sheet, OUTLINE, corners, 2)


def make_png(path: Path) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(str(FONT), 20)
    sheet = pygame.Surface((TILE_WIDTH * len(TILES), TILE_HEIGHT), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, tile in enumerate(TILES):
        draw_tile(sheet, i, tile, font)
    pygame.image.save(sheet, str(path))
    pygame.font.quit()


def tsx_text(image_name: str) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="{TILESET_NAME}" '
        f'tilewidth="{TILE_WIDTH}" tileheight="{TILE_HEIGHT}" tilecount="{len(TILES)}" '
        f'columns="{len(TILES)}">',
        f'  <image source="{image_name}" width="{TILE_WIDTH * len(TILES)}" '
        f'height="{TILE_HEIGHT}"/>',
    ]
    for i, tile in enumerate(TILES):
        lines.append(f'  <tile id="{i}">')
        lines.append("    <properties>")
        if tile.kind == "mine":
            lines.append(f'      <property name="colour" value={quoteattr(tile.colour)}/>')
        lines.append(f'      <property name="kind" value={quoteattr(tile.kind)}/>')
        if tile.kind == "mine":
            lines.append(f'      <property name="value" type="int" value="{tile.value}"/>')
        lines.append("    </properties>")
        lines.append("  </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    out = Path(argv[0]) if argv else HERE
    make_png(out / f"{TILESET_NAME}.png")
    (out / f"{TILESET_NAME}.tsx").write_text(tsx_text(f"{TILESET_NAME}.png"), encoding="utf-8")
    print(f"wrote {out / TILESET_NAME}.png and .tsx ({len(TILES)} tiles)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
