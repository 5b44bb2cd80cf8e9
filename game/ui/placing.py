"""Finding room on a busy table for words that float over it ("Miss: out", "BLOCKED", "+7$").

A floating label goes where it hides nothing that matters (cards, names, scores, a mine's value):
`free_spot` looks outwards from where the label would like to be, ring by ring, for the nearest
place where its whole flight (it rises as it fades) stays clear of every obstacle.
"""

from __future__ import annotations

import math
from typing import Sequence

import pygame

PADDING = 4  # the transparent margin around a callout's picture (see base.callout_image)


def flight(centre: tuple[float, float], size: tuple[int, int], rise: float) -> pygame.Rect:
    """What a floating label of `size` starting at `centre` covers on its way up `rise` pixels
    (its ink: the picture less its transparent margin)."""
    w, h = size
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (int(centre[0]), int(centre[1]))
    rect.y -= int(rise)
    rect.h += int(rise)
    return rect.inflate(-2 * PADDING, -2 * PADDING)


def free_spot(anchor: tuple[float, float], size: tuple[int, int], obstacles: Sequence[pygame.Rect],
              area: pygame.Rect, *, rise: float = 0.0, step: int = 6,
              reach: int = 2000) -> tuple[float, float] | None:
    """The centre nearest `anchor` (on a grid of `step` pixels) for a label of `size` whose
    flight stays inside `area` and touches no obstacle; None when there is no such place within
    `reach` pixels."""
    ax, ay = anchor
    rings = reach // step + 1
    for ring in range(rings):
        points: list[tuple[float, int, int]] = []
        for i in range(-ring, ring + 1):
            for j in (-ring, ring) if abs(i) != ring else range(-ring, ring + 1):
                points.append((math.hypot(i, j), i, j))
        points.sort()
        for _, i, j in points:
            centre = (ax + i * step, ay + j * step)
            rect = flight(centre, size, rise)
            if area.contains(rect) and rect.collidelist(obstacles) == -1:
                return centre
        if ring * step > max(area.w, area.h) + abs(ax - area.centerx) + abs(ay - area.centery):
            break
    return None
