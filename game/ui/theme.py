"""Colours, fonts and text drawing shared by every screen."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import paths

WIDTH, HEIGHT = 1280, 720

# The table: dark slate and timber with gold accents.
BG = (28, 30, 36)
BG_DEEP = (18, 19, 24)
FELT = (36, 52, 48)
FELT_EDGE = (24, 36, 33)
PANEL = (44, 40, 38)
PANEL_EDGE = (92, 78, 58)
INK = (236, 230, 214)
INK_DIM = (170, 162, 148)
INK_FAINT = (112, 106, 98)
GOLD = (232, 186, 74)
GOLD_DARK = (156, 116, 34)
DANGER = (222, 84, 64)
GOOD = (110, 196, 120)
FOCUS = (255, 226, 140)

# Seat colours: distinct in hue and lightness, so they also read for colour-blind players.
SEAT_COLOURS = [
    (86, 160, 230), (238, 132, 60), (120, 200, 110),
    (220, 90, 160), (240, 214, 80), (160, 130, 230),
]

# Gem colours, each paired with its own symbol in the card data.
GEM_RGB = {
    "red": (214, 52, 64),
    "orange": (240, 140, 36),
    "yellow": (246, 214, 60),
    "green": (52, 170, 96),
    "blue": (52, 116, 214),
    "purple": (150, 84, 200),
}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, title: bool = False) -> pygame.font.Font:
    """One of the bundled fonts (DejaVu Sans, or Roboto Slab for titles) at `size` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "RobotoSlab-Bold.otf" if title else ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return pygame.font.Font(str(paths.asset("fonts", name)), size)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, size)


@lru_cache(maxsize=2048)
def _render(text: str, size: int, colour: tuple[int, int, int], bold: bool, title: bool) -> pygame.Surface:
    return font(size, bold, title).render(text, True, colour)


def text(surface: pygame.Surface, msg: str, pos: tuple[int, int], size: int = 18,
         colour: tuple[int, int, int] = INK, *, bold: bool = False, title: bool = False,
         anchor: str = "topleft") -> pygame.Rect:
    """Draw one line of text; `anchor` is any pygame.Rect position name. Returns its rect."""
    img = _render(msg, size, tuple(colour), bold, title)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def wrap(msg: str, width: int, size: int = 18, bold: bool = False) -> list[str]:
    """Split `msg` into lines no wider than `width` pixels."""
    f = font(size, bold)
    lines: list[str] = []
    for para in msg.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int] = PANEL,
          edge: tuple[int, int, int] = PANEL_EDGE, radius: int = 10, width: int = 2) -> None:
    """A rounded panel with a border."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def vertical_gradient(size: tuple[int, int], top: tuple[int, int, int],
                      bottom: tuple[int, int, int]) -> pygame.Surface:
    """A surface shading from `top` to `bottom` (drawn once, then blitted)."""
    w, h = size
    if w <= 0 or h <= 0:
        return pygame.Surface(size)
    # One pixel per row in a one-pixel-wide column, then stretched sideways: the same picture
    # as a line per row, several times faster (the title backdrop shades 840 rows at start-up).
    column = pygame.Surface((1, h))
    (r, g, b), (r2, g2, b2) = top, bottom
    span = max(1, h - 1)
    for y in range(h):
        t = y / span
        column.set_at((0, y), (int(r + (r2 - r) * t), int(g + (g2 - g) * t), int(b + (b2 - b) * t)))
    return pygame.transform.scale(column, size)
