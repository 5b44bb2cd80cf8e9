"""Pictures of a Big Dig board, drawn by code: the ground squares by kind, the sky with the water
tower and the oil truck, players' marker strokes, and card shapes.

Everything here is a pure function of a `Board` (immutable and hashable), a square size and a few
small values, so the pictures are cached: a table draws the board's base once per size and only
the strokes and the ghost preview each frame. `BoardView` maps squares to pixels and back.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Callable, Iterable

import pygame

from game.games.big_dig.board import (
    AMETHYST,
    COIN,
    DIRT,
    EMERALD,
    LIGHT,
    OIL,
    PIPE,
    ROCK,
    SKELETON,
    TABLET,
    WATER,
    Board,
    Square,
)
from game.ui import theme

RGB = tuple[int, int, int]

# The ground colours, as on the printed board: beige dirt, a lighter 3 x 3, grey rock, dark-brown
# artifacts, blue water and black oil at the bottom.
KIND_RGB: dict[str, RGB] = {
    DIRT: (184, 142, 96), LIGHT: (226, 196, 146), ROCK: (122, 122, 128), EMERALD: (184, 142, 96),
    AMETHYST: (184, 142, 96), COIN: (184, 142, 96), PIPE: (184, 142, 96), TABLET: (92, 62, 42),
    SKELETON: (92, 62, 42), WATER: (58, 120, 196), OIL: (30, 28, 34),
}
KIND_WORDS: dict[str, str] = {
    DIRT: "dirt", LIGHT: "light dirt", ROCK: "grey rock (explode it)", EMERALD: "emerald",
    AMETHYST: "amethyst", COIN: "ancient coin", PIPE: "pipe", TABLET: "tablet (never crossed out)",
    SKELETON: "skeleton (never crossed out)", WATER: "water (never crossed out)",
    OIL: "oil (never crossed out)",
}
SKY = (120, 168, 212), (190, 214, 232)
SKY_ROWS = 1.5    # the surface above the ground, in squares


def _shade(c: RGB, f: float) -> RGB:
    return tuple(max(0, min(255, int(v * f))) for v in c)  # type: ignore[return-value]


class BoardView:
    """Where a board is drawn: `box` is the space given; squares are `cell` pixels, centred."""

    def __init__(self, board: Board, box: pygame.Rect, max_cell: int = 64, sky: bool = True) -> None:
        self.board = board
        self.sky_h = 0
        rows = board.height + (SKY_ROWS if sky else 0)
        self.cell = max(3, min(max_cell, box.w // board.width, int(box.h // rows)))
        self.sky_h = int(self.cell * SKY_ROWS) if sky else 0
        w, h = self.cell * board.width, self.cell * board.height + self.sky_h
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = box.center
        self.ground = pygame.Rect(self.rect.x, self.rect.y + self.sky_h, w, self.cell * board.height)

    def square_rect(self, sq: Square) -> pygame.Rect:
        return pygame.Rect(self.ground.x + sq[0] * self.cell, self.ground.y + sq[1] * self.cell,
                           self.cell, self.cell)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The square under `pos`, or None off the ground."""
        if not self.ground.collidepoint(pos):
            return None
        return (pos[0] - self.ground.x) // self.cell, (pos[1] - self.ground.y) // self.cell

    def base(self) -> pygame.Surface:
        return board_picture(self.board, self.cell, self.sky_h)


# ============================================================================ the board's base
@lru_cache(maxsize=16)
def board_picture(board: Board, cell: int, sky_h: int) -> pygame.Surface:
    """The whole board, sky and ground, with no strokes on it."""
    w, h = board.width * cell, board.height * cell + sky_h
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if sky_h:
        surf.blit(theme.vertical_gradient((w, sky_h), *SKY), (0, 0))
        _grass(surf, w, sky_h, cell)
        _tower(surf, board.tower, cell, sky_h)
        _truck(surf, board.truck, cell, sky_h)
    rng = random.Random(board.width * 131 + board.height)
    for sq in board.squares():
        r = pygame.Rect(sq[0] * cell, sky_h + sq[1] * cell, cell, cell)
        _square(surf, board.kind(sq), r, rng, board.width)
    # Artifacts are whole pieces: one outline around each, not a grid.
    for kind in (TABLET, SKELETON):
        _artifact(surf, board, kind, cell, sky_h)
    grid = pygame.Surface((w, h - sky_h), pygame.SRCALPHA)
    for x in range(board.width + 1):
        pygame.draw.line(grid, (40, 28, 18, 70), (x * cell, 0), (x * cell, h - sky_h))
    for y in range(board.height + 1):
        pygame.draw.line(grid, (40, 28, 18, 70), (0, y * cell), (w, y * cell))
    surf.blit(grid, (0, sky_h))
    pygame.draw.rect(surf, (52, 36, 24), surf.get_rect(), max(1, cell // 16))
    return surf


def _grass(surf: pygame.Surface, w: int, sky_h: int, cell: int) -> None:
    g = max(2, cell // 8)
    pygame.draw.rect(surf, (96, 150, 72), (0, sky_h - g, w, g))
    if cell >= 16:
        for x in range(0, w, max(4, cell // 5)):
            pygame.draw.line(surf, (76, 128, 58), (x, sky_h - g), (x + 2, sky_h - g - cell // 10), 2)


def _tower(surf: pygame.Surface, cols: tuple[int, int], cell: int, sky_h: int) -> None:
    """The water tower on its legs, above its two columns."""
    x0, w = cols[0] * cell, 2 * cell
    tank = pygame.Rect(x0 + w // 6, int(sky_h * 0.08), w * 2 // 3, int(sky_h * 0.45))
    leg = max(1, cell // 14)
    for lx in (tank.x + tank.w // 5, tank.right - tank.w // 5):
        pygame.draw.line(surf, (70, 60, 56), (lx, tank.bottom), (lx + (lx - tank.centerx) // 2, sky_h - 2), leg + 1)
    pygame.draw.line(surf, (70, 60, 56), (tank.x + tank.w // 4, tank.bottom + (sky_h - tank.bottom) // 2),
                     (tank.right - tank.w // 4, tank.bottom + (sky_h - tank.bottom) // 2), leg)
    pygame.draw.rect(surf, (84, 140, 200), tank, border_radius=max(2, cell // 6))
    pygame.draw.rect(surf, (40, 70, 110), tank, max(1, cell // 16), border_radius=max(2, cell // 6))
    pygame.draw.polygon(surf, (60, 96, 140), [(tank.x - 2, tank.y + 2), (tank.centerx, tank.y - sky_h // 10),
                                              (tank.right + 2, tank.y + 2)])
    if cell >= 14:
        pygame.draw.circle(surf, (220, 240, 255), (tank.centerx, tank.centery), max(2, cell // 8))


def _truck(surf: pygame.Surface, cols: tuple[int, int], cell: int, sky_h: int) -> None:
    """The oil truck, parked above its two columns."""
    x0, w = cols[0] * cell, 2 * cell
    wheel = max(2, cell // 7)
    body_bottom = sky_h - max(2, cell // 8) - wheel
    tank = pygame.Rect(x0 + w // 12, body_bottom - int(sky_h * 0.36), int(w * 0.62), int(sky_h * 0.36))
    cab = pygame.Rect(tank.right + 2, body_bottom - int(sky_h * 0.3), w - tank.w - w // 12 - 4, int(sky_h * 0.3))
    pygame.draw.rect(surf, (46, 44, 50), tank, border_radius=max(2, cell // 5))
    pygame.draw.rect(surf, (200, 60, 48), cab, border_radius=max(1, cell // 10))
    if cell >= 14:
        pygame.draw.rect(surf, (190, 220, 240), (cab.x + cab.w // 3, cab.y + 3, cab.w // 2, cab.h // 3))
        pygame.draw.line(surf, (240, 200, 60), (tank.x + 4, tank.centery), (tank.right - 4, tank.centery), 2)
    for wx in (tank.x + tank.w // 4, tank.right - tank.w // 5, cab.centerx):
        pygame.draw.circle(surf, (20, 20, 22), (wx, body_bottom + wheel // 2), wheel)


def _square(surf: pygame.Surface, kind: str, r: pygame.Rect, rng: random.Random, width: int) -> None:
    c = r.w
    base = KIND_RGB[kind]
    pygame.draw.rect(surf, base, r)
    if kind in (DIRT, LIGHT, EMERALD, AMETHYST, COIN, PIPE) and c >= 10:
        for _ in range(3):   # a few specks of grit
            x, y = r.x + rng.randrange(c), r.y + rng.randrange(c)
            pygame.draw.circle(surf, _shade(base, 0.86), (x, y), max(1, c // 22))
    if kind == ROCK:
        pts = [(r.x + c * 0.12, r.y + c * 0.55), (r.x + c * 0.3, r.y + c * 0.18), (r.x + c * 0.72, r.y + c * 0.14),
               (r.x + c * 0.9, r.y + c * 0.5), (r.x + c * 0.74, r.y + c * 0.86), (r.x + c * 0.28, r.y + c * 0.86)]
        pygame.draw.polygon(surf, (150, 150, 156), pts)
        pygame.draw.polygon(surf, (88, 88, 94), pts, max(1, c // 16))
        if c >= 14:
            pygame.draw.line(surf, (176, 176, 182), (r.x + c * 0.34, r.y + c * 0.3), (r.x + c * 0.6, r.y + c * 0.26),
                             max(1, c // 20))
    elif kind == EMERALD:
        _emerald(surf, r)
    elif kind == AMETHYST:
        _gem(surf, r, (150, 84, 196), (220, 190, 250))
    elif kind == COIN:
        rad = max(2, int(c * 0.26))
        pygame.draw.circle(surf, (170, 120, 30), r.center, rad + max(1, c // 20))
        pygame.draw.circle(surf, (236, 192, 72), r.center, rad)
        if c >= 14:
            pygame.draw.circle(surf, (170, 120, 30), r.center, rad // 2, 1)
    elif kind == PIPE:
        th = max(2, int(c * 0.34))
        body = pygame.Rect(r.x, r.centery - th // 2, c, th)
        pygame.draw.rect(surf, (150, 156, 164), body)
        pygame.draw.line(surf, (210, 214, 220), (body.x, body.y + 1), (body.right, body.y + 1), max(1, c // 20))
        pygame.draw.rect(surf, (84, 88, 96), body, max(1, c // 24))
        flange = pygame.Rect(0, body.y - max(1, c // 12), max(2, c // 8), th + 2 * max(1, c // 12))
        flange.centerx = r.centerx
        pygame.draw.rect(surf, (110, 114, 122), flange)
    elif kind == WATER:
        if c >= 10:
            for i in range(2):
                wave_y = r.y + c * (0.35 + 0.3 * i)
                pts = [(r.x + c * t / 6, wave_y + math.sin(t * 1.6) * c * 0.06) for t in range(7)]
                pygame.draw.lines(surf, (150, 196, 240), False, pts, max(1, c // 18))
    elif kind == OIL:
        if c >= 10:
            pygame.draw.ellipse(surf, (70, 66, 84), (r.x + c * 0.2, r.y + c * 0.3, c * 0.4, c * 0.14))


def _emerald(surf: pygame.Surface, r: pygame.Rect) -> None:
    """An emerald as it is cut: an upright octagon with a table on top, dark enough to stand out
    from the dirt without its green, and unlike the amethyst's point in shape."""
    c = r.w
    cx, cy = r.center
    w, h, k = c * 0.25, c * 0.31, c * 0.1
    pts = [(cx - w + k, cy - h), (cx + w - k, cy - h), (cx + w, cy - h + k), (cx + w, cy + h - k),
           (cx + w - k, cy + h), (cx - w + k, cy + h), (cx - w, cy + h - k), (cx - w, cy - h + k)]
    pygame.draw.polygon(surf, (22, 124, 64), pts)
    if c >= 12:
        table = pygame.Rect(0, 0, max(2, int(w)), max(3, int(h * 1.1)))
        table.center = (cx, cy)
        pygame.draw.rect(surf, (96, 206, 140), table)
    pygame.draw.polygon(surf, (10, 52, 28), pts, max(1, c // 18))


def _gem(surf: pygame.Surface, r: pygame.Rect, colour: RGB, shine: RGB) -> None:
    c = r.w
    cx, cy = r.center
    pts = [(cx, cy - c * 0.3), (cx + c * 0.26, cy - c * 0.06), (cx, cy + c * 0.32), (cx - c * 0.26, cy - c * 0.06)]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, _shade(colour, 0.55), pts, max(1, c // 18))
    if c >= 12:
        pygame.draw.line(surf, shine, (cx - c * 0.12, cy - c * 0.08), (cx, cy - c * 0.2), max(1, c // 16))


def _artifact(surf: pygame.Surface, board: Board, kind: str, cell: int, sky_h: int) -> None:
    squares = set(board.of_kind(kind))
    if not squares:
        return
    edge = (60, 38, 24)
    t = max(1, cell // 12)
    for x, y in squares:
        r = pygame.Rect(x * cell, sky_h + y * cell, cell, cell)
        if (x, y - 1) not in squares:
            pygame.draw.line(surf, edge, r.topleft, r.topright, t)
        if (x, y + 1) not in squares:
            pygame.draw.line(surf, edge, r.bottomleft, (r.right, r.bottom), t)
        if (x - 1, y) not in squares:
            pygame.draw.line(surf, edge, r.topleft, r.bottomleft, t)
        if (x + 1, y) not in squares:
            pygame.draw.line(surf, edge, r.topright, (r.right, r.bottom), t)
    if cell < 12:
        return
    ink = (150, 112, 80) if kind == TABLET else (220, 208, 186)
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    if kind == TABLET:
        # Carved lines on a slab.
        for sq in squares:
            r = pygame.Rect(sq[0] * cell, sky_h + sq[1] * cell, cell, cell)
            for i in (1, 2, 3):
                y = r.y + r.h * i // 4
                pygame.draw.line(surf, ink, (r.x + cell // 5, y), (r.right - cell // 5, y), max(1, cell // 18))
    else:
        # A little skeleton lying along the artifact's longest straight run of squares (so that
        # it stays on the artifact whatever its outline): a skull, a spine and ribs.
        runs = [sorted(sq for sq in squares if sq[1] == y) for y in set(ys)]
        runs += [sorted((sq for sq in squares if sq[0] == x), key=lambda s: s[1]) for x in set(xs)]
        run = max(runs, key=lambda r: (_straight(r), r[0][1] == r[-1][1]))
        first, last = run[0], run[-1]
        horizontal = first[1] == last[1] and len(run) > 1 or len(run) == 1
        half = cell // 2
        a = (first[0] * cell + half, sky_h + first[1] * cell + half)
        b = (last[0] * cell + half, sky_h + last[1] * cell + half)
        if horizontal:
            a = (a[0] - cell // 6, a[1])
            b = (b[0] + cell // 6, b[1])
        else:
            a = (a[0], a[1] - cell // 6)
            b = (b[0], b[1] + cell // 6)
        pygame.draw.line(surf, ink, a, b, max(1, cell // 12))
        pygame.draw.circle(surf, ink, a, max(3, cell // 4))
        pygame.draw.circle(surf, (60, 38, 24), (a[0] - cell // 12, a[1] - cell // 16), max(1, cell // 16))
        pygame.draw.circle(surf, (60, 38, 24), (a[0] + cell // 12, a[1] - cell // 16), max(1, cell // 16))
        steps = max(2, len(run) * 2)
        for i in range(1, steps):
            t_ = 0.3 + 0.6 * i / steps
            px = a[0] + (b[0] - a[0]) * t_
            py = a[1] + (b[1] - a[1]) * t_
            d = cell * 0.28
            if horizontal:
                pygame.draw.line(surf, ink, (px, py - d), (px, py + d), max(1, cell // 18))
            else:
                pygame.draw.line(surf, ink, (px - d, py), (px + d, py), max(1, cell // 18))


def _straight(run: list[Square]) -> int:
    """The length of `run` (squares of one row or one column) if it has no gap, else 0."""
    if len(run) == 1:
        return 1
    same_row = run[0][1] == run[-1][1]
    span = (run[-1][0] - run[0][0]) if same_row else (run[-1][1] - run[0][1])
    return len(run) if span == len(run) - 1 else 0


# ============================================================================ marker strokes
def stroke(surface: pygame.Surface, r: pygame.Rect, colour: RGB, t: float = 1.0, seed: int = 0,
           exploded: bool = False) -> None:
    """A marker's cross over square `r`, drawn up to `t` (0..1: the first line, then the second);
    an exploded square gets a burst behind its cross."""
    if t <= 0:
        return
    c = r.w
    rng = random.Random(seed)
    m = c * 0.2
    # A marker's hand wobbles a little.
    j: Callable[[], float] = lambda: (rng.random() - 0.5) * c * 0.08  # noqa: E731
    lines = [((r.x + m + j(), r.y + m + j()), (r.right - m + j(), r.bottom - m + j())),
             ((r.right - m + j(), r.y + m + j()), (r.x + m + j(), r.bottom - m + j()))]
    width = max(2, c // 7)
    if exploded and t >= 0.5:
        _burst(surface, r, min(1.0, (t - 0.5) * 2 + 0.5))
    for i, (a, b) in enumerate(lines):
        part = max(0.0, min(1.0, t * 2 - i))
        if part <= 0:
            break
        end = (a[0] + (b[0] - a[0]) * part, a[1] + (b[1] - a[1]) * part)
        _thick(surface, (20, 16, 14), a, end, width + 2)
        _thick(surface, colour, a, end, width)


def _thick(surface: pygame.Surface, colour: RGB, a: tuple[float, float], b: tuple[float, float], w: int) -> None:
    pygame.draw.line(surface, colour, a, b, w)
    for p in (a, b):
        pygame.draw.circle(surface, colour, (int(p[0]), int(p[1])), max(1, w // 2))


def _burst(surface: pygame.Surface, r: pygame.Rect, t: float) -> None:
    cx, cy = r.center
    outer, inner = r.w * 0.48 * t, r.w * 0.22 * t
    pts = []
    for i in range(16):
        a = math.pi * 2 * i / 16
        rad = outer if i % 2 == 0 else inner
        pts.append((cx + math.cos(a) * rad, cy + math.sin(a) * rad))
    if len(pts) >= 3 and outer >= 2:
        pygame.draw.polygon(surface, (248, 150, 52), pts)
        pygame.draw.polygon(surface, (120, 52, 20), pts, 1)


# ============================================================================ card shapes
@lru_cache(maxsize=128)
def shape_picture(shape: tuple[Square, ...], cell: int, colour: RGB, edge: RGB = (40, 30, 20)) -> pygame.Surface:
    """A shape's squares, `cell` pixels each, on a transparent picture just big enough."""
    w = (max(x for x, _ in shape) + 1) * cell
    h = (max(y for _, y in shape) + 1) * cell
    surf = pygame.Surface((w + 1, h + 1), pygame.SRCALPHA)
    for x, y in shape:
        r = pygame.Rect(x * cell, y * cell, cell, cell)
        pygame.draw.rect(surf, colour, r.inflate(-1, -1), border_radius=max(1, cell // 6))
        pygame.draw.rect(surf, edge, r.inflate(-1, -1), 1, border_radius=max(1, cell // 6))
    return surf


def small_marks(surface: pygame.Surface, view: BoardView, squares: Iterable[Square], colour: RGB) -> None:
    """Crossed squares on a small board: a filled diagonal cross that stays readable at a few pixels."""
    for sq in squares:
        r = view.square_rect(sq)
        if view.cell >= 8:
            w = max(2, view.cell // 4)
            pygame.draw.line(surface, colour, (r.x + 1, r.y + 1), (r.right - 2, r.bottom - 2), w)
            pygame.draw.line(surface, colour, (r.right - 2, r.y + 1), (r.x + 1, r.bottom - 2), w)
        else:
            pygame.draw.rect(surface, colour, r.inflate(-2, -2))


@lru_cache(maxsize=32)
def kind_swatch(kind: str, cell: int) -> pygame.Surface:
    """One square of `kind` as the board draws it (for legends)."""
    surf = pygame.Surface((cell, cell), pygame.SRCALPHA)
    _square(surf, kind, surf.get_rect(), random.Random(1), 1)
    pygame.draw.rect(surf, (40, 28, 18), surf.get_rect(), 1)
    return surf
