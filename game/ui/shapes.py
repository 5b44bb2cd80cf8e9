"""Small drawing helpers the code-drawn card faces share (Grim Prospects, Diamond in the Rough):
a vertical gradient, a star, a soft glow, a rounded mask, an irregular lump."""

from __future__ import annotations

import math
import random

import pygame

from game.ui.cards import mix

RGB = tuple[int, int, int]
Size = tuple[int, int]


def vgrad(surf: pygame.Surface, rect: pygame.Rect, top: RGB, bottom: RGB) -> None:
    """Fill `rect` with a vertical gradient from `top` to `bottom`."""
    for y in range(rect.h):
        t = y / max(1, rect.h - 1)
        pygame.draw.line(surf, mix(top, bottom, t), (rect.x, rect.y + y), (rect.right - 1, rect.y + y))


def star(cx: float, cy: float, r: float, points: int, inner: float,
         turn: float = -90.0) -> list[tuple[float, float]]:
    """The corners of a star of `points` points, inner radius `inner` × `r`."""
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = math.radians(turn + 180 * i / points)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def glow(surf: pygame.Surface, cx: float, cy: float, r: float, rgb: RGB, strength: int) -> None:
    """A soft round glow of `rgb` around (cx, cy), strongest in the middle."""
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    steps = 12
    for i in range(steps, 0, -1):
        a = int(strength * (1 - i / (steps + 1)) ** 1.6)
        pygame.draw.circle(layer, (*rgb, a), (cx, cy), r * i / steps)
    surf.blit(layer, (0, 0))


def rounded_mask(size: Size, radius: int) -> pygame.Surface:
    """An opaque white rounded rectangle on a clear surface (to cut a card's corners)."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def lump(rng: random.Random, cx: float, cy: float, r: float, n: int, *, squash: float,
         jitter: float, low: float) -> list[tuple[float, float]]:
    """An irregular rounded lump (a nugget, a coal) of `n` corners around (cx, cy): each corner's
    angle moved by up to `jitter` radians, its distance `low`–1.08 × `r`, flattened by `squash`."""
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n + rng.uniform(-jitter, jitter)
        rad = r * rng.uniform(low, 1.08)
        pts.append((cx + rad * math.cos(a), cy + rad * squash * math.sin(a)))
    return pts
