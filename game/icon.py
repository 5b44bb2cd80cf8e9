"""The Mother Lode icon, drawn with pygame: a cut gem over a pickaxe on a gold-rimmed dark tile.

Pure drawing: no display, no files, no side effects on import, so the build (`build/icon.py`
writes .png/.ico/.icns from it) and the running game (`pygame.display.set_icon(draw_icon(64))`)
share one picture. Shapes are laid out in unit coordinates (0..1 across the tile), drawn
several times larger than asked and smooth-scaled down, which gives anti-aliased edges without
any anti-aliasing primitives.
"""

from __future__ import annotations

import math

import pygame

__all__ = ["ICON_SIZES", "draw_icon"]

# The sizes Windows and Linux desktops ask for; macOS adds 512 (see build/icon.py).
ICON_SIZES: tuple[int, ...] = (256, 128, 64, 48, 32, 16)

Point = tuple[float, float]
RGB = tuple[int, int, int]

# The palette follows the table's theme (game/ui/theme.py) without importing the UI package.
TILE = (24, 25, 31)
TILE_GLOW = (58, 48, 30)
RIM = (232, 186, 74)
RIM_DARK = (156, 116, 34)
WOOD = (150, 96, 52)
WOOD_DARK = (96, 58, 30)
STEEL = (176, 184, 196)
STEEL_LIGHT = (226, 232, 240)
STEEL_DARK = (96, 102, 114)
OUTLINE = (20, 12, 14)
# Ruby facets, lightest where the light (top left) strikes.
GEM_LIGHT = (250, 120, 128)
GEM_MID = (214, 52, 64)
GEM_DARK = (140, 22, 40)
GEM_DEEP = (100, 12, 30)
SPARKLE = (255, 250, 236)

# Below this many pixels the pickaxe turns to mush, so small icons show the gem alone.
_DETAIL_MIN = 40


def draw_icon(size: int) -> pygame.Surface:
    """The icon as a `size` x `size` per-pixel-alpha surface (works before `pygame.init()`)."""
    if size < 1:
        raise ValueError(f"icon size must be positive, not {size}")
    # Supersample: draw at >= 512 px, then smooth-scale down to the asked size.
    scale = max(2, math.ceil(512 / size))
    big = size * scale
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    # Fully transparent but rim-coloured, so smoothscale does not darken the tile's edge.
    canvas.fill((*RIM_DARK, 0))
    detailed = size >= _DETAIL_MIN
    _draw_tile(canvas, big, size)
    if detailed:
        _draw_pickaxe(canvas, big)
    _draw_gem(canvas, big, grow=1.0 if detailed else 1.3)
    if size == big:
        return canvas
    return pygame.transform.smoothscale(canvas, (size, size))


# --------------------------------------------------------------------------- parts
def _px(big: int, point: Point) -> tuple[int, int]:
    return round(point[0] * big), round(point[1] * big)


def _poly(canvas: pygame.Surface, big: int, colour: RGB, points: list[Point]) -> None:
    pygame.draw.polygon(canvas, colour, [_px(big, p) for p in points])


def _draw_tile(canvas: pygame.Surface, big: int, size: int) -> None:
    # Keep the rim at least ~1.5 final pixels wide so it survives at 16 px.
    rim = max(0.055, 1.6 / size)
    radius = round(0.17 * big)
    outer = pygame.Rect(0, 0, big, big)
    pygame.draw.rect(canvas, RIM_DARK, outer, border_radius=radius)
    inner_gold = outer.inflate(-round(rim * 0.35 * big) * 2, -round(rim * 0.35 * big) * 2)
    pygame.draw.rect(canvas, RIM, inner_gold, border_radius=max(1, radius - round(rim * 0.35 * big)))
    inset = round(rim * big)
    body = outer.inflate(-inset * 2, -inset * 2)
    pygame.draw.rect(canvas, TILE, body, border_radius=max(1, radius - inset))
    # A warm glow behind the gem: concentric discs, fading toward the tile colour.
    centre = _px(big, (0.5, 0.54))
    steps = 8
    for i in range(steps):
        t = i / (steps - 1)
        colour = tuple(round(TILE_GLOW[c] + (TILE[c] - TILE_GLOW[c]) * (1 - t)) for c in range(3))
        pygame.draw.circle(canvas, colour, centre, round(big * (0.40 - 0.22 * t)))


def _draw_pickaxe(canvas: pygame.Surface, big: int) -> None:
    # The handle runs from bottom left to top right, behind the gem.
    start, end = (0.20, 0.86), (0.73, 0.25)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    d = (dx / length, dy / length)  # along the handle, toward the head
    p = (-d[1], d[0])  # across the handle
    half = 0.036
    handle = [
        (start[0] + p[0] * half, start[1] + p[1] * half),
        (end[0] + p[0] * half, end[1] + p[1] * half),
        (end[0] - p[0] * half, end[1] - p[1] * half),
        (start[0] - p[0] * half, start[1] - p[1] * half),
    ]
    _poly(canvas, big, OUTLINE, _grow(handle, 0.012))
    _poly(canvas, big, WOOD, handle)
    # Wood grain: a darker stripe down one side of the handle.
    grain = [handle[0], handle[1], _mid(handle[1], handle[2]), _mid(handle[0], handle[3])]
    _poly(canvas, big, WOOD_DARK, grain)

    # The head: a curved blade across the handle's end, pointed at both tips.
    centre = (end[0] - d[0] * 0.02, end[1] - d[1] * 0.02)
    reach, bow, thick = 0.29, 0.045, 0.05
    top: list[Point] = []
    bottom: list[Point] = []
    n = 24
    for i in range(n + 1):
        s = -1 + 2 * i / n
        # Tips sweep back toward the handle's foot; the middle bows forward.
        along = bow * (1 - s * s) - bow * 0.4 * s * s
        width = thick * (1 - abs(s) ** 1.6)
        base = (centre[0] + p[0] * reach * s + d[0] * along, centre[1] + p[1] * reach * s + d[1] * along)
        top.append((base[0] + d[0] * width, base[1] + d[1] * width))
        bottom.append((base[0] - d[0] * width * 0.8, base[1] - d[1] * width * 0.8))
    head = top + bottom[::-1]
    _poly(canvas, big, OUTLINE, _grow(head, 0.014))
    _poly(canvas, big, STEEL, head)
    shine = top + [_mid(t, b) for t, b in zip(top[::-1], bottom[::-1])]
    _poly(canvas, big, STEEL_LIGHT, shine)
    # The collar where the head meets the handle.
    collar_half = 0.055
    collar = [
        (centre[0] + p[0] * collar_half + d[0] * 0.05, centre[1] + p[1] * collar_half + d[1] * 0.05),
        (centre[0] - p[0] * collar_half + d[0] * 0.05, centre[1] - p[1] * collar_half + d[1] * 0.05),
        (centre[0] - p[0] * collar_half - d[0] * 0.06, centre[1] - p[1] * collar_half - d[1] * 0.06),
        (centre[0] + p[0] * collar_half - d[0] * 0.06, centre[1] + p[1] * collar_half - d[1] * 0.06),
    ]
    _poly(canvas, big, STEEL_DARK, collar)


def _draw_gem(canvas: pygame.Surface, big: int, grow: float) -> None:
    # A brilliant cut seen from the side: a crown (table and bezels) over a pointed pavilion.
    cx, cy = 0.5, 0.55

    def g(x: float, y: float) -> Point:
        return (cx + (x - cx) * grow, cy + (y - cy) * grow)

    table_l, table_r = g(0.385, 0.35), g(0.615, 0.35)
    girdle_l, girdle_r = g(0.235, 0.47), g(0.765, 0.47)
    inner_l, inner_r = g(0.43, 0.47), g(0.57, 0.47)
    culet = g(0.5, 0.82)
    outline = [table_l, table_r, girdle_r, culet, girdle_l]
    _poly(canvas, big, OUTLINE, _grow(outline, 0.018))
    # Crown facets.
    _poly(canvas, big, GEM_LIGHT, [girdle_l, table_l, inner_l])
    _poly(canvas, big, GEM_MID, [table_l, table_r, inner_r, inner_l])
    _poly(canvas, big, GEM_DARK, [table_r, girdle_r, inner_r])
    # Pavilion facets.
    _poly(canvas, big, GEM_MID, [girdle_l, inner_l, culet])
    _poly(canvas, big, GEM_DARK, [inner_l, inner_r, culet])
    _poly(canvas, big, GEM_DEEP, [inner_r, girdle_r, culet])
    # A bright sliver on the table catches the light.
    _poly(canvas, big, GEM_LIGHT, [table_l, g(0.47, 0.35), g(0.455, 0.40), g(0.41, 0.40)])
    # A four-pointed sparkle at the top-left corner of the crown.
    _sparkle(canvas, big, g(0.34, 0.36), 0.085 * grow)


def _sparkle(canvas: pygame.Surface, big: int, at: Point, r: float) -> None:
    x, y = at
    w = r * 0.22
    star = [
        (x, y - r), (x + w, y - w), (x + r, y), (x + w, y + w),
        (x, y + r), (x - w, y + w), (x - r, y), (x - w, y - w),
    ]
    _poly(canvas, big, SPARKLE, star)


# --------------------------------------------------------------------------- geometry
def _mid(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _grow(points: list[Point], by: float) -> list[Point]:
    """The polygon pushed outward from its centroid by `by` (a cheap outline for convex shapes)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out: list[Point] = []
    for x, y in points:
        dx, dy = x - cx, y - cy
        dist = math.hypot(dx, dy) or 1.0
        out.append((x + dx / dist * by, y + dy / dist * by))
    return out
