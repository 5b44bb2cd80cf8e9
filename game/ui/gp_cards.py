"""Grim Prospects card faces, the card back and the five ability icons, drawn by code (no images).

A face, read from the top: the card's name; the picture (each card its own small motif: ore,
a crystal cluster, a cut gem, a sigil glyph, the canary...) with the points in a gold coin at its
top left; the ability as an icon and a word; the card's one-line effect (`cards.json` "text") on a
parchment strip, wrapped and set as large as fits. The small size (`SMALL`, for zones seen from
across the table) keeps the name, the points, the icon and the picture, and leaves out the words.

The abilities differ by symbol, colour being only a second cue: Bundle a tied sack, Special a
star, Gem a cut stone seen from the side, Item a miner's lamp, Trap a hazard triangle (Gold, with
no ability, shows a nugget and the word "Mineral"). The frame of a card takes its ability's colour.

Pictures are drawn at three times their size and smoothed down (cheap anti-aliasing); words are
set afterwards at the final size, so they stay sharp. Everything is cached per card kind and size,
so the table only blits. Every face handed out by `face` or `draw_card` is reported to
`game.ui.privacy.record` (the hot-seat no-leak test reads it); `prewarm` draws without reporting.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Sequence

import pygame

from game.games.grim_prospects.cards import (
    ABILITY_NAMES,
    BUNDLE,
    GEM,
    ITEM,
    SPECIAL,
    TRAP,
    Card,
    card,
    deck,
    kinds,
)
from game.ui import privacy, shapes, theme
from game.ui.cards import draw_gem, mix, shade, tint

RGB = tuple[int, int, int]
Size = tuple[int, int]

SS = 3  # supersampling factor for pictures

# The sizes the table uses: a hand card, a card in a zone seen from afar, the prospect chooser.
SMALL: Size = (64, 90)
HAND: Size = (96, 134)
CHOOSER: Size = (150, 210)
SIZES = (SMALL, HAND, CHOOSER)

HIDDEN = -1  # the rules' id for a card the viewer does not know (rules.HIDDEN): drawn as a back

# Each ability's colour (a second cue after its symbol); "" is a card with no ability (Gold).
ABILITY_RGB: dict[str, RGB] = {
    BUNDLE: (192, 120, 62),
    SPECIAL: (150, 104, 224),
    GEM: (52, 160, 206),
    ITEM: (104, 168, 104),
    TRAP: (220, 66, 48),
    "": (222, 178, 64),
}
ABILITY_WORD = {**ABILITY_NAMES, "": "Mineral"}

PARCHMENT = (232, 220, 192)
PARCHMENT_EDGE = (150, 128, 92)
INK_DARK = (44, 32, 24)
COIN = (240, 196, 78)

GEM_LOOK: dict[str, tuple[str, RGB]] = {
    # key: (cut, colour); the cut differs per stone too, so no stone is told by colour alone.
    "ruby": ("circle", (214, 44, 60)),
    "sapphire": ("diamond", (48, 104, 222)),
    "emerald": ("square", (40, 176, 96)),
    "diamond": ("brilliant", (214, 234, 248)),
    "citrine": ("hexagon", (246, 170, 36)),
}


# ============================================================================ small helpers
_vgrad = shapes.vgrad
_rounded_mask = shapes.rounded_mask


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45,
          turn: float = -90.0) -> list[tuple[float, float]]:
    return shapes.star(cx, cy, r, points, inner, turn)


def _glow(surf: pygame.Surface, cx: float, cy: float, r: float, rgb: RGB, strength: int = 70) -> None:
    shapes.glow(surf, cx, cy, r, rgb, strength)


def _lump(rng: random.Random, cx: float, cy: float, r: float, n: int = 9) -> list[tuple[float, float]]:
    """An irregular rounded lump around (cx, cy)."""
    return shapes.lump(rng, cx, cy, r, n, squash=0.84, jitter=0.2, low=0.78)


def _smooth(big: pygame.Surface, size: Size) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


# ============================================================================ ability glyphs
def _glyph(surf: pygame.Surface, ability: str, cx: float, cy: float, r: float, fg: RGB, ink: RGB) -> None:
    """The ability's symbol in `fg`, outlined in `ink`, filling a circle of radius `r`."""
    lw = max(1, int(r * 0.09))
    if ability == BUNDLE:
        # A sack, full at the bottom, tied at the neck, its mouth frilled above the rope.
        neck_y = cy - r * 0.3
        frill = [(cx - r * 0.26, neck_y), (cx - r * 0.7, cy - r * 0.9), (cx - r * 0.22, cy - r * 0.68),
                 (cx, cy - r * 0.98), (cx + r * 0.22, cy - r * 0.68), (cx + r * 0.7, cy - r * 0.9),
                 (cx + r * 0.26, neck_y)]
        body = [(cx - r * 0.26, neck_y), (cx + r * 0.26, neck_y), (cx + r * 0.72, cy + r * 0.18),
                (cx - r * 0.72, cy + r * 0.18)]
        belly = pygame.Rect(0, 0, r * 1.76, r * 1.12)
        belly.midbottom = (int(cx), int(cy + r * 0.98))
        for shape in (frill,):
            pygame.draw.polygon(surf, fg, shape)
            pygame.draw.polygon(surf, ink, shape, lw)
        pygame.draw.ellipse(surf, ink, belly.inflate(lw * 2, lw * 2))
        pygame.draw.polygon(surf, ink, [(x + (lw if x > cx else -lw), y) for x, y in body])
        pygame.draw.ellipse(surf, fg, belly)
        pygame.draw.polygon(surf, fg, body)
        pygame.draw.line(surf, ink, (cx - r * 0.4, neck_y), (cx + r * 0.4, neck_y), max(2, int(r * 0.2)))
    elif ability == SPECIAL:
        pts = _star(cx, cy + r * 0.06, r * 0.98, 5, 0.44)
        pygame.draw.polygon(surf, fg, pts)
        pygame.draw.polygon(surf, ink, pts, lw)
    elif ability == GEM:
        # A brilliant from the side: the crown above the girdle, the pavilion down to a point.
        gy = cy - r * 0.22
        crown = [(cx - r * 0.92, gy), (cx - r * 0.5, cy - r * 0.72), (cx + r * 0.5, cy - r * 0.72), (cx + r * 0.92, gy)]
        pav = [(cx - r * 0.92, gy), (cx + r * 0.92, gy), (cx, cy + r * 0.9)]
        pygame.draw.polygon(surf, fg, crown)
        pygame.draw.polygon(surf, fg, pav)
        for x in (-0.5, 0.0, 0.5):
            pygame.draw.line(surf, ink, (cx + r * x * 0.95, gy), (cx, cy + r * 0.9), max(1, lw // 2))
        pygame.draw.line(surf, ink, (cx - r * 0.5, cy - r * 0.72), (cx - r * 0.2, gy), max(1, lw // 2))
        pygame.draw.line(surf, ink, (cx + r * 0.5, cy - r * 0.72), (cx + r * 0.2, gy), max(1, lw // 2))
        pygame.draw.polygon(surf, ink, crown + [pav[2]], lw)
        pygame.draw.line(surf, ink, (cx - r * 0.92, gy), (cx + r * 0.92, gy), lw)
    elif ability == ITEM:
        # A pick: a curved head across the top of a slanting handle (reads even at 16 pixels).
        d = (math.sqrt(0.5), -math.sqrt(0.5))      # along the handle, upwards
        p = (math.sqrt(0.5), math.sqrt(0.5))       # across it
        hx, hy = cx + r * 0.22, cy - r * 0.22
        tail = (cx - r * 0.7, cy + r * 0.7)
        pygame.draw.line(surf, ink, tail, (hx, hy), max(3, int(r * 0.36)))
        pygame.draw.line(surf, fg, tail, (hx, hy), max(2, int(r * 0.2)))
        top, bottom = [], []
        for i in range(15):
            t = -1 + i / 7
            bend = r * 0.42 * t * t
            thick = r * 0.2 * (1 - t * t) + r * 0.05
            bx = hx + p[0] * r * 0.95 * t - d[0] * bend
            by = hy + p[1] * r * 0.95 * t - d[1] * bend
            top.append((bx + d[0] * thick, by + d[1] * thick))
            bottom.append((bx - d[0] * thick * 0.7, by - d[1] * thick * 0.7))
        shape = top + bottom[::-1]
        pygame.draw.polygon(surf, fg, shape)
        pygame.draw.polygon(surf, ink, shape, lw)
    elif ability == TRAP:
        tri = [(cx, cy - r * 0.96), (cx + r * 0.98, cy + r * 0.78), (cx - r * 0.98, cy + r * 0.78)]
        pygame.draw.polygon(surf, fg, tri)
        pygame.draw.polygon(surf, ink, tri, lw)
        bar = pygame.Rect(0, 0, r * 0.2, r * 0.78)
        bar.midtop = (int(cx), int(cy - r * 0.46))
        pygame.draw.rect(surf, ink, bar, border_radius=int(r * 0.08))
        pygame.draw.circle(surf, ink, (cx, cy + r * 0.52), r * 0.12)
    else:
        # No ability: a plain nugget.
        pts = _lump(random.Random(7), cx, cy + r * 0.08, r * 0.8, 10)
        pygame.draw.polygon(surf, fg, pts)
        pygame.draw.polygon(surf, ink, pts, lw)
        pygame.draw.circle(surf, tint(fg, 0.6), (cx - r * 0.28, cy - r * 0.18), r * 0.14)


def ability_icon(ability: str, size: int) -> pygame.Surface:
    """The ability's symbol on a disc of its colour, `size` pixels square (cached)."""
    return _ability_icon(ability, int(size))


@lru_cache(maxsize=64)
def _ability_icon(ability: str, size: int) -> pygame.Surface:
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    col = ABILITY_RGB.get(ability, ABILITY_RGB[""])
    pygame.draw.circle(big, shade(col, 0.6), (c, c), c)
    pygame.draw.circle(big, col, (c, c), c * 0.92)
    pygame.draw.circle(big, tint(col, 0.35), (c, c), c * 0.92, max(1, int(c * 0.05)))
    _glyph(big, ability, c, c, c * 0.7, (250, 244, 230), shade(col, 0.7))
    return _smooth(big, (size, size))


# ============================================================================ motifs
def _nuggets(surf: pygame.Surface, cx: float, cy: float, r: float, base: RGB, seed: int,
             fleck: RGB | None = None, sparkle: bool = False) -> None:
    rng = random.Random(seed)
    spots = [(-0.42, 0.22, 0.5), (0.4, 0.26, 0.46), (0.0, -0.12, 0.58)]
    pygame.draw.ellipse(surf, (10, 8, 8), (cx - r * 0.95, cy + r * 0.45, r * 1.9, r * 0.4))
    for dx, dy, s in spots:
        x, y, rr = cx + dx * r, cy + dy * r, s * r
        pts = _lump(rng, x, y, rr)
        pygame.draw.polygon(surf, shade(base, 0.35), pts)
        lit = [(x - rr * 0.12 + (px - x) * 0.72, y - rr * 0.14 + (py - y) * 0.7) for px, py in pts]
        pygame.draw.polygon(surf, base, lit)
        pygame.draw.circle(surf, tint(base, 0.55), (x - rr * 0.32, y - rr * 0.3), rr * 0.18)
        pygame.draw.polygon(surf, shade(base, 0.7), pts, max(1, int(r * 0.03)))
        if fleck is not None:
            for _ in range(4):
                a, d = rng.uniform(0, 6.28), rng.uniform(0.1, 0.6) * rr
                pygame.draw.circle(surf, fleck, (x + d * math.cos(a), y + d * math.sin(a) * 0.8), rr * 0.1)
    if sparkle:
        for sx, sy, ss in ((-0.55, -0.55, 0.2), (0.62, -0.3, 0.15), (0.2, -0.78, 0.12)):
            pygame.draw.polygon(surf, (255, 250, 220), _star(cx + sx * r, cy + sy * r, ss * r, 4, 0.25))


def _crystals(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    """A cluster of six-sided crystals rising from a rock."""
    base_y = cy + r * 0.62
    pygame.draw.ellipse(surf, (52, 46, 52), (cx - r * 0.9, base_y - r * 0.2, r * 1.8, r * 0.45))
    shards = [(-40, 0.62, 0.16), (32, 0.7, 0.17), (-14, 1.05, 0.2), (12, 0.92, 0.19), (-62, 0.42, 0.12),
              (56, 0.46, 0.12)]
    colours = [(176, 214, 246), (196, 178, 240), (160, 226, 230)]
    for i, (ang, length, wid) in enumerate(sorted(shards, key=lambda s: -abs(s[0]))):
        a = math.radians(ang - 90)
        dx, dy = math.cos(a), math.sin(a)
        px, py = -dy, dx
        bx, by = cx + dx * r * 0.1, base_y
        L, W = r * length, r * wid
        tip = (bx + dx * (L + W), by + dy * (L + W))
        left = [(bx - px * W, by - py * W), (bx + dx * L - px * W, by + dy * L - py * W), tip,
                (bx + dx * L, by + dy * L), (bx, by)]
        right = [(bx, by), (bx + dx * L, by + dy * L), tip, (bx + dx * L + px * W, by + dy * L + py * W),
                 (bx + px * W, by + py * W)]
        col = colours[i % len(colours)]
        pygame.draw.polygon(surf, tint(col, 0.3), left)
        pygame.draw.polygon(surf, shade(col, 0.25), right)
        pygame.draw.polygon(surf, shade(col, 0.6), left + right[1:], max(1, int(r * 0.025)))
    for sx, sy in ((-0.3, -0.62), (0.36, -0.4)):
        pygame.draw.polygon(surf, (255, 255, 255), _star(cx + sx * r, cy + sy * r, r * 0.1, 4, 0.25))


def _gem_motif(surf: pygame.Surface, key: str, cx: float, cy: float, r: float) -> None:
    cut, col = GEM_LOOK[key]
    if key == "citrine":
        # The oracle's stone: rays all around it, an eye in its heart.
        for i in range(12):
            a = math.radians(i * 30 + 15)
            pygame.draw.line(surf, tint(col, 0.3), (cx + math.cos(a) * r * 0.66, cy + math.sin(a) * r * 0.66),
                             (cx + math.cos(a) * r * 0.98, cy + math.sin(a) * r * 0.98), max(1, int(r * 0.05)))
    _glow(surf, cx, cy, r * 1.0, col, 90)
    if key == "emerald":
        # Emeralds come in pairs: a smaller twin behind its shoulder.
        draw_gem(surf, cut, shade(col, 0.2), (cx - r * 0.5, cy - r * 0.32), r * 0.34, shade(col, 0.75))
        cx, cy = cx + r * 0.14, cy + r * 0.1
    draw_gem(surf, cut, col, (cx, cy), r * (0.5 if key == "citrine" else 0.56 if key == "emerald" else 0.62),
             shade(col, 0.7))
    if key == "citrine":
        ew, eh = r * 0.36, r * 0.2
        eye = [(cx - ew, cy), (cx - ew * 0.4, cy - eh), (cx + ew * 0.4, cy - eh), (cx + ew, cy),
               (cx + ew * 0.4, cy + eh), (cx - ew * 0.4, cy + eh)]
        pygame.draw.polygon(surf, (255, 246, 222), eye)
        pygame.draw.polygon(surf, (92, 50, 10), eye, max(1, int(r * 0.04)))
        pygame.draw.circle(surf, (92, 50, 10), (cx, cy), eh * 0.8)
    if key == "diamond":
        for sx, sy, ss in ((-0.62, -0.5, 0.18), (0.6, -0.58, 0.14), (0.66, 0.42, 0.1)):
            pygame.draw.polygon(surf, (255, 255, 255), _star(cx + sx * r, cy + sy * r, ss * r, 4, 0.22))


def _pickaxe(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    a = math.radians(-50)
    dx, dy = math.cos(a), math.sin(a)
    px, py = -dy, dx
    p0 = (cx - dx * r * 0.85, cy - dy * r * 0.85)
    p1 = (cx + dx * r * 0.72, cy + dy * r * 0.72)
    pygame.draw.line(surf, (70, 44, 22), p0, p1, max(3, int(r * 0.2)))
    pygame.draw.line(surf, (150, 102, 56), p0, p1, max(2, int(r * 0.12)))
    hx, hy = cx + dx * r * 0.62, cy + dy * r * 0.62
    top, bottom = [], []
    for i in range(15):
        t = -1 + i / 7
        bend = r * 0.3 * t * t
        thick = r * 0.12 * (1 - t * t) + r * 0.02
        bx = hx + px * r * 0.82 * t - dx * bend
        by = hy + py * r * 0.82 * t - dy * bend
        top.append((bx + dx * thick, by + dy * thick))
        bottom.append((bx - dx * thick, by - dy * thick))
    head = top + bottom[::-1]
    pygame.draw.polygon(surf, (176, 182, 192), head)
    pygame.draw.polygon(surf, (226, 230, 236), top[2:13] + [(x - dx * r * 0.03, y - dy * r * 0.03) for x, y in top[12:1:-1]])
    pygame.draw.polygon(surf, (60, 62, 70), head, max(1, int(r * 0.035)))
    collar = pygame.Rect(0, 0, r * 0.2, r * 0.2)
    collar.center = (int(hx), int(hy))
    pygame.draw.rect(surf, (90, 92, 100), collar, border_radius=int(r * 0.05))


def _canary(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    yellow, dark = (250, 212, 52), (120, 84, 10)
    # The perch, and the bird on it facing left.
    pygame.draw.line(surf, (110, 72, 40), (cx - r * 0.9, cy + r * 0.62), (cx + r * 0.9, cy + r * 0.62), max(2, int(r * 0.1)))
    tail = [(cx + r * 0.42, cy + r * 0.2), (cx + r * 0.95, cy + r * 0.55), (cx + r * 0.84, cy + r * 0.7),
            (cx + r * 0.32, cy + r * 0.42)]
    pygame.draw.polygon(surf, shade(yellow, 0.15), tail)
    pygame.draw.polygon(surf, dark, tail, max(1, int(r * 0.03)))
    body = pygame.Rect(0, 0, r * 1.05, r * 0.78)
    body.center = (int(cx + r * 0.06), int(cy + r * 0.18))
    pygame.draw.ellipse(surf, yellow, body)
    pygame.draw.ellipse(surf, dark, body, max(1, int(r * 0.035)))
    head = (cx - r * 0.36, cy - r * 0.26)
    pygame.draw.circle(surf, yellow, head, r * 0.34)
    pygame.draw.circle(surf, dark, head, r * 0.34, max(1, int(r * 0.035)))
    pygame.draw.polygon(surf, (240, 140, 40), [(head[0] - r * 0.3, head[1] - r * 0.04),
                                              (head[0] - r * 0.58, head[1] + r * 0.06),
                                              (head[0] - r * 0.28, head[1] + r * 0.14)])
    pygame.draw.circle(surf, (20, 16, 12), (head[0] - r * 0.1, head[1] - r * 0.06), r * 0.07)
    pygame.draw.circle(surf, (255, 255, 255), (head[0] - r * 0.12, head[1] - r * 0.09), r * 0.025)
    wing = [(cx - r * 0.1, cy + r * 0.06), (cx + r * 0.44, cy + r * 0.02), (cx + r * 0.52, cy + r * 0.3),
            (cx + r * 0.1, cy + r * 0.36)]
    pygame.draw.polygon(surf, shade(yellow, 0.2), wing)
    pygame.draw.polygon(surf, dark, wing, max(1, int(r * 0.03)))
    for fx in (-0.08, 0.16):
        pygame.draw.line(surf, (200, 120, 40), (cx + fx * r, cy + r * 0.52), (cx + fx * r, cy + r * 0.64), max(1, int(r * 0.05)))
    # Song notes: it is alive, so the air is good.
    for nx, ny in ((0.62, -0.62), (0.3, -0.86)):
        pygame.draw.circle(surf, (236, 230, 214), (cx + nx * r, cy + ny * r), r * 0.07)
        pygame.draw.line(surf, (236, 230, 214), (cx + nx * r + r * 0.06, cy + ny * r),
                         (cx + nx * r + r * 0.06, cy + ny * r - r * 0.24), max(1, int(r * 0.03)))


def _lens(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    """A jeweller's loupe over a small stone, its glass showing the stone large."""
    draw_gem(surf, "brilliant", (230, 80, 110), (cx + r * 0.55, cy + r * 0.55), r * 0.16)
    barrel = [(cx - r * 0.18, cy + r * 0.3), (cx + r * 0.3, cy - r * 0.18), (cx + r * 0.62, cy + r * 0.14),
              (cx + r * 0.14, cy + r * 0.62)]
    pygame.draw.polygon(surf, (40, 38, 42), barrel)
    pygame.draw.polygon(surf, (120, 118, 126), barrel, max(1, int(r * 0.04)))
    lx, ly, lr = cx - r * 0.2, cy - r * 0.2, r * 0.62
    pygame.draw.circle(surf, (30, 28, 32), (lx, ly), lr * 1.12)
    pygame.draw.circle(surf, (176, 150, 90), (lx, ly), lr * 1.12, max(2, int(r * 0.07)))
    pygame.draw.circle(surf, (150, 196, 214), (lx, ly), lr)
    draw_gem(surf, "brilliant", (230, 80, 110), (lx, ly), lr * 0.6)
    pygame.draw.arc(surf, (240, 250, 255), (lx - lr * 0.8, ly - lr * 0.8, lr * 1.6, lr * 1.6),
                    math.radians(100), math.radians(170), max(1, int(r * 0.06)))


def _torch(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    _glow(surf, cx, cy - r * 0.4, r * 1.1, (255, 170, 60), 110)
    stick = [(cx - r * 0.1, cy - r * 0.05), (cx + r * 0.1, cy - r * 0.05), (cx + r * 0.06, cy + r * 0.95),
             (cx - r * 0.06, cy + r * 0.95)]
    pygame.draw.polygon(surf, (120, 78, 40), stick)
    pygame.draw.polygon(surf, (60, 36, 18), stick, max(1, int(r * 0.03)))
    wrap_ = pygame.Rect(0, 0, r * 0.36, r * 0.3)
    wrap_.midtop = (int(cx), int(cy - r * 0.2))
    pygame.draw.rect(surf, (90, 70, 52), wrap_, border_radius=int(r * 0.06))
    for k in range(3):
        y = wrap_.y + wrap_.h * (k + 0.5) / 3
        pygame.draw.line(surf, (50, 36, 26), (wrap_.x, y), (wrap_.right, y), max(1, int(r * 0.03)))
    for col, scale in (((220, 60, 30), 1.0), ((250, 140, 40), 0.74), ((255, 218, 90), 0.5), ((255, 250, 220), 0.26)):
        fh, fw = r * 0.92 * scale, r * 0.42 * scale
        base = cy - r * 0.2
        flame = [(cx, base - fh), (cx + fw * 0.5, base - fh * 0.55), (cx + fw, base - fh * 0.2),
                 (cx + fw * 0.7, base), (cx - fw * 0.7, base), (cx - fw, base - fh * 0.25),
                 (cx - fw * 0.3, base - fh * 0.5)]
        pygame.draw.polygon(surf, col, flame)


SIGIL_INK = (222, 190, 255)


def _sigil(surf: pygame.Surface, key: str, cx: float, cy: float, r: float) -> None:
    """A carved stone disc with the sigil's own glyph glowing on it."""
    _glow(surf, cx, cy, r * 1.05, (170, 110, 255), 80)
    pygame.draw.circle(surf, (40, 34, 52), (cx, cy), r * 0.82)
    pygame.draw.circle(surf, (110, 86, 150), (cx, cy), r * 0.82, max(1, int(r * 0.05)))
    pygame.draw.circle(surf, (74, 60, 98), (cx, cy), r * 0.7, max(1, int(r * 0.02)))
    w = max(2, int(r * 0.09))
    ink = SIGIL_INK
    g = r * 0.46
    if key == "sightless":  # an eye struck through
        pygame.draw.arc(surf, ink, (cx - g, cy - g * 0.9, g * 2, g * 1.8), math.radians(20), math.radians(160), w)
        pygame.draw.arc(surf, ink, (cx - g, cy - g * 0.9, g * 2, g * 1.8), math.radians(200), math.radians(340), w)
        pygame.draw.circle(surf, ink, (cx, cy), g * 0.26)
        pygame.draw.line(surf, ink, (cx - g * 0.95, cy + g * 0.8), (cx + g * 0.95, cy - g * 0.8), w)
    elif key == "senseless":  # a spiral
        pts = []
        for i in range(60):
            t = i / 59
            a = t * 4.2 * math.pi
            rad = g * (0.08 + 0.92 * t)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        pygame.draw.lines(surf, ink, False, pts, w)
    elif key == "selfless":  # an open ring giving away its centre
        pygame.draw.arc(surf, ink, (cx - g * 0.8, cy - g * 0.6, g * 1.6, g * 1.6), math.radians(115),
                        math.radians(425), w)
        pygame.draw.circle(surf, ink, (cx, cy - g * 0.95), g * 0.2)
        for sx in (-1, 1):
            pygame.draw.line(surf, ink, (cx + sx * g * 0.35, cy - g * 0.75), (cx + sx * g * 0.62, cy - g * 1.02), max(1, w // 2))
    elif key == "ceaseless":  # an endless loop
        pts = []
        for i in range(72):
            t = 2 * math.pi * i / 72
            d = 1 + math.sin(t) ** 2
            pts.append((cx + g * 1.05 * math.cos(t) / d, cy + g * 1.05 * math.sin(t) * math.cos(t) / d))
        pygame.draw.lines(surf, ink, True, pts, w)
    else:  # sleepless: a wide-open eye under a crescent moon
        moon_c = (cx + g * 0.1, cy - g * 0.55)
        pygame.draw.circle(surf, ink, moon_c, g * 0.42)
        pygame.draw.circle(surf, (40, 34, 52), (moon_c[0] + g * 0.18, moon_c[1] - g * 0.1), g * 0.36)
        ey = cy + g * 0.42
        pygame.draw.arc(surf, ink, (cx - g, ey - g * 0.6, g * 2, g * 1.2), math.radians(15), math.radians(165), w)
        pygame.draw.arc(surf, ink, (cx - g, ey - g * 0.6, g * 2, g * 1.2), math.radians(195), math.radians(345), w)
        pygame.draw.circle(surf, ink, (cx, ey), g * 0.3, max(1, w // 2))
        pygame.draw.circle(surf, ink, (cx, ey), g * 0.12)
        for i in range(5):
            a = math.radians(200 + i * 35)
            pygame.draw.line(surf, ink, (cx + g * 1.02 * math.cos(a), ey + g * 0.62 * math.sin(a)),
                             (cx + g * 1.2 * math.cos(a), ey + g * 0.8 * math.sin(a)), max(1, w // 2))


def _dynamite(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    """Three sticks tied together, the fuse lit."""
    sw, sh = r * 0.34, r * 1.2
    for dx in (-1, 1, 0):
        stick = pygame.Rect(0, 0, sw, sh)
        stick.center = (int(cx + dx * sw * 0.92), int(cy + r * 0.28 + (0 if dx else -r * 0.04)))
        pygame.draw.rect(surf, (206, 46, 40), stick, border_radius=int(sw * 0.3))
        pygame.draw.rect(surf, (240, 96, 80), (stick.x + sw * 0.18, stick.y + sh * 0.06, sw * 0.18, sh * 0.86),
                         border_radius=int(sw * 0.1))
        pygame.draw.rect(surf, (110, 20, 18), stick, max(1, int(r * 0.03)), border_radius=int(sw * 0.3))
    for by in (0.3, 0.66):
        band = pygame.Rect(0, 0, sw * 3.0, r * 0.1)
        band.center = (int(cx), int(cy + r * 0.28 - sh / 2 + sh * by))
        pygame.draw.rect(surf, (60, 44, 30), band, border_radius=int(r * 0.03))
    top = cy + r * 0.24 - sh / 2
    fuse = [(cx, top), (cx + r * 0.12, top - r * 0.16), (cx - r * 0.02, top - r * 0.3), (cx + r * 0.16, top - r * 0.44)]
    pygame.draw.lines(surf, (40, 34, 30), False, fuse, max(2, int(r * 0.06)))
    sx, sy = fuse[-1]
    _glow(surf, sx, sy, r * 0.5, (255, 200, 80), 140)
    pygame.draw.polygon(surf, (255, 214, 90), _star(sx, sy, r * 0.26, 8, 0.4))
    pygame.draw.polygon(surf, (255, 252, 230), _star(sx, sy, r * 0.12, 6, 0.5))


def _gas(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    """A cracked pipe leaking a sickly cloud with a skull in it."""
    pipe = pygame.Rect(0, 0, r * 1.9, r * 0.3)
    pipe.midleft = (int(cx - r * 0.95), int(cy + r * 0.72))
    pygame.draw.rect(surf, (96, 100, 104), pipe)
    pygame.draw.rect(surf, (40, 42, 46), pipe, max(1, int(r * 0.03)))
    for fx in (0.12, 0.88):
        pygame.draw.rect(surf, (70, 72, 76), (pipe.x + pipe.w * fx - r * 0.06, pipe.y - r * 0.04, r * 0.12, pipe.h + r * 0.08))
    crack = [(cx - r * 0.1, pipe.y), (cx - r * 0.02, pipe.y + pipe.h * 0.5), (cx + r * 0.06, pipe.y + pipe.h * 0.2)]
    pygame.draw.lines(surf, (20, 20, 22), False, crack, max(1, int(r * 0.04)))
    cloud = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    puffs = [(-0.36, 0.0, 0.4), (0.28, -0.1, 0.44), (0.0, -0.42, 0.42), (-0.1, 0.32, 0.3), (0.5, 0.26, 0.26),
             (-0.62, -0.3, 0.24)]
    for px, py, pr in puffs:
        pygame.draw.circle(cloud, (120, 190, 70, 200), (cx + px * r, cy + py * r), pr * r)
    for px, py, pr in puffs:
        pygame.draw.circle(cloud, (170, 226, 110, 120), (cx + px * r - pr * r * 0.25, cy + py * r - pr * r * 0.25),
                           pr * r * 0.55)
    surf.blit(cloud, (0, 0))
    sk = (cx, cy - r * 0.08)
    s = r * 0.26
    pygame.draw.circle(surf, (40, 60, 30), sk, s)
    jaw = pygame.Rect(0, 0, s * 1.1, s * 0.6)
    jaw.midtop = (int(sk[0]), int(sk[1] + s * 0.5))
    pygame.draw.rect(surf, (40, 60, 30), jaw, border_radius=int(s * 0.2))
    for ex in (-1, 1):
        pygame.draw.circle(surf, (170, 226, 110), (sk[0] + ex * s * 0.4, sk[1]), s * 0.24)


def _motif(surf: pygame.Surface, key: str, cx: float, cy: float, r: float) -> None:
    if key == "iron":
        _nuggets(surf, cx, cy, r, (124, 132, 146), 3, fleck=(164, 86, 52))
    elif key == "gold":
        _nuggets(surf, cx, cy, r, (236, 186, 58), 5, sparkle=True)
    elif key == "copper":
        _nuggets(surf, cx, cy, r, (206, 112, 60), 8, fleck=(78, 178, 150))
    elif key == "crystal":
        _crystals(surf, cx, cy, r)
    elif key in GEM_LOOK:
        _gem_motif(surf, key, cx, cy, r)
    elif key == "pickaxe":
        _pickaxe(surf, cx, cy, r)
    elif key == "canary":
        _canary(surf, cx, cy, r)
    elif key == "lens":
        _lens(surf, cx, cy, r)
    elif key == "torch":
        _torch(surf, cx, cy, r)
    elif key.endswith("less"):
        _sigil(surf, key, cx, cy, r)
    elif key == "dynamite":
        _dynamite(surf, cx, cy, r)
    elif key == "gas_leak":
        _gas(surf, cx, cy, r)
    else:
        _nuggets(surf, cx, cy, r, (150, 150, 150), 1)


# ============================================================================ words on a face
def points_label(c: Card) -> str:
    """What the coin shows: the points, the range a Sigil is worth, or a Crystal's two values
    ("1/3"); "" for Items and Traps."""
    if not c.goes_to_hand:
        return ""
    if c.kind == "majority" and c.effect.get("most"):
        return f"{c.points}/{c.effect['most']}"
    if c.kind == "set":
        family = c.effect.get("family")
        n = len({k.key for k in deck() if k.kind == "set" and k.effect.get("family") == family})
        return f"1–{n}"
    return str(c.points)


# Effect lines are set in the slab face: narrower than DejaVu Sans Bold and sturdier at small
# sizes than DejaVu Sans, so a card's line reads at a size larger by a point or two.
EFFECT_FACE = {"bold": True, "title": True}


def _wrap(msg: str, width: int, size: int) -> list[str]:
    """`msg` in lines no wider than `width` pixels in the effect face (a word longer than the
    width stays whole, and is then caught as not fitting)."""
    lines: list[str] = []
    line = ""
    for word in theme.drawable(msg).split(" "):
        trial = f"{line} {word}" if line else word
        if not line or theme.width_of(trial, size, **EFFECT_FACE) <= width:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


def _fit_block(msg: str, width: int, height: int, largest: int, smallest: int) -> tuple[int, list[str], int]:
    """The largest size from `largest` down to `smallest` at which `msg`, wrapped to `width`,
    fits `height`: (size, lines, line step)."""
    size = largest
    while True:
        lines = _wrap(msg, width, size)
        step = size + 1 if size < 14 else int(size * 1.1)
        fits = (len(lines) * step <= height + (step - size)
                and all(theme.width_of(s, size, **EFFECT_FACE) <= width for s in lines))
        if fits or size <= smallest:
            return size, lines, step
        size -= 1


def name_lines(c: Card, size: Size) -> tuple[int, list[str]]:
    """The point size and the one or two lines of card `c`'s name on a face of `size`: where the
    whole name would be cut, the word that tells the card apart ("Torch")."""
    lay = _layout((int(size[0]), int(size[1])))
    band = lay["band"]
    name_size, lines = _two_lines(c.name, band.w - 4, band.h, lay["name_max"], lay["name_min"])
    if c.short and any(theme.width_of(line, name_size, True, True) > band.w - 4 for line in lines):
        name_size, lines = _two_lines(c.short, band.w - 4, band.h, lay["name_max"], lay["name_min"])
    return name_size, lines


def _two_lines(name: str, width: int, height: int, largest: int, smallest: int) -> tuple[int, list[str]]:
    """A name in one line as large as fits, or, when that would be small, in two lines (split
    at a space) if they come out larger; two lines share `height`."""
    one = theme.fit_size(name, width, largest, smallest, True, True)
    if theme.width_of(name, one, True, True) <= width and one >= smallest + 2 or " " not in name:
        return one, [name]
    words = name.split(" ")
    best: tuple[int, list[str]] = (one, [name])
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        top = min(largest, height // 2)
        size = min(theme.fit_size(a, width, top, smallest, True, True),
                   theme.fit_size(b, width, top, smallest, True, True))
        if size > best[0] or len(best[1]) == 1 and size >= one:
            best = (size, [a, b])
    return best


def _effect_box(lay: dict[str, Any]) -> pygame.Rect:
    text: pygame.Rect = lay["text"]
    return text.inflate(-4, -2)


def effect_size(size: Sequence[int]) -> int:
    """The point size every effect line is set in at card size `size` (0 when that size shows no
    effect): the largest at which the longest of them fits, so all cards read alike."""
    return _effect_size((int(size[0]), int(size[1])))


@lru_cache(maxsize=32)
def _effect_size(size: Size) -> int:
    lay = _layout(size)
    if lay["compact"]:
        return 0
    box = _effect_box(lay)
    return min(_fit_block(c.text, box.w, box.h, lay["text_max"], lay["text_min"])[0] for c in kinds().values())


def name_depth(size: Size) -> int:
    """How far down from its top edge a card of `size` shows its whole name: a card laid this
    much lower over it leaves the name readable."""
    band: pygame.Rect = _layout(size)["band"]
    return band.bottom + 1


def _layout(size: Size) -> dict[str, Any]:
    w, h = size
    compact = w < 80
    pad = max(3, round(w * 0.042))
    band_h = round(h * (0.23 if compact else 0.15))
    band = pygame.Rect(pad, pad, w - 2 * pad, band_h)
    if compact:
        art = pygame.Rect(pad, band.bottom + 1, w - 2 * pad, h - band.bottom - 1 - pad)
        return {"compact": True, "pad": pad, "band": band, "art": art, "coin": round(w * 0.36),
                "icon": round(w * 0.3), "name_max": round(h * 0.13), "name_min": 8}
    art = pygame.Rect(pad, band.bottom + 2, w - 2 * pad, round(h * 0.355))
    strip = pygame.Rect(pad, art.bottom + 1, w - 2 * pad, round(h * 0.085))
    text = pygame.Rect(pad, strip.bottom + 2, w - 2 * pad, h - strip.bottom - 2 - pad)
    return {"compact": False, "pad": pad, "band": band, "art": art, "strip": strip, "text": text,
            "coin": round(w * 0.25), "icon": round(w * 0.23), "name_max": round(h * 0.1), "name_min": 9,
            "text_max": round(h * 0.095), "text_min": 9}


def icon_rect(size: Size) -> pygame.Rect:
    """Where a card of `size` shows its ability icon, from the card's top left: the bottom right
    corner of a small card, the picture's top right corner of a large one."""
    lay = _layout(size)
    ic = lay["icon"]
    if lay["compact"]:
        return pygame.Rect(size[0] - lay["pad"] - ic - 1, size[1] - lay["pad"] - ic - 1, ic, ic)
    return pygame.Rect(lay["art"].right - ic - 2, lay["art"].y + 2, ic, ic)


def coin_rect(size: Size, label: str) -> pygame.Rect:
    """Where a card of `size` shows its points `label` (a coin, wider for "1/3"), from its top left:
    the bottom left corner of a small card, the picture's top left corner of a large one."""
    lay = _layout(size)
    d = lay["coin"]
    w = int(d * (1.3 if len(label) > 2 else 1.15 if len(label) > 1 else 1.0))
    if lay["compact"]:
        return pygame.Rect(lay["pad"] + 1, size[1] - lay["pad"] - d - 1, w, d)
    return pygame.Rect(lay["art"].x + 2, lay["art"].y + 2, w, d)


# ============================================================================ faces and back
def face(card_id: int, size: Size = HAND) -> pygame.Surface:
    """The face of card `card_id` at `size` (cached per kind and size); reported to the face log.
    A hidden card has no face: `draw_card` draws its back."""
    if card_id < 0:
        raise ValueError(f"card {card_id} is hidden: draw its back")
    c = card(card_id)
    privacy.record(card_id)
    return _face(c.key, (int(size[0]), int(size[1])))


@lru_cache(maxsize=256)
def _face(key: str, size: Size) -> pygame.Surface:
    c = kinds()[key]
    w, h = size
    lay = _layout(size)
    col = ABILITY_RGB.get(c.ability, ABILITY_RGB[""])
    radius = max(4, round(w * 0.08))
    # ---- the picture layer, drawn big and smoothed down
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    _vgrad(big, big.get_rect(), mix(col, (30, 26, 24), 0.55), mix(col, (12, 10, 10), 0.8))
    if c.is_trap:
        # Hazard stripes along the frame.
        stripe = max(4, int(w * SS * 0.09))
        for i in range(-h * SS, w * SS + h * SS, stripe * 2):
            pygame.draw.polygon(big, (40, 30, 10), [(i, 0), (i + stripe, 0), (i + stripe - h * SS, h * SS),
                                                   (i - h * SS, h * SS)])
    art = lay["art"]
    A = pygame.Rect(art.x * SS, art.y * SS, art.w * SS, art.h * SS)
    pygame.draw.rect(big, (20, 18, 20), A, border_radius=int(radius * SS * 0.6))
    _vgrad(big, A.inflate(-SS * 2, -SS * 2), mix(col, (34, 30, 32), 0.78), (16, 14, 16))
    rng = random.Random(len(key) * 31 + ord(key[0]))
    for _ in range(14):  # rock speckles in the picture's backdrop
        x, y = rng.uniform(A.x, A.right), rng.uniform(A.y, A.bottom)
        pygame.draw.circle(big, mix(col, (60, 56, 56), 0.7), (x, y), rng.uniform(0.6, 1.6) * SS)
    if lay["compact"]:
        cx, cy = A.centerx, A.y + A.h * 0.44
        r = min(A.w, A.h) * 0.38
    else:
        cx, cy = A.centerx, A.centery + A.h * 0.03
        r = min(A.w * 0.4, A.h * 0.47)
    clip = big.get_clip()
    big.set_clip(A)
    _motif(big, key, cx, cy, r)
    big.set_clip(clip)
    pygame.draw.rect(big, mix(col, (0, 0, 0), 0.3), A, max(1, SS), border_radius=int(radius * SS * 0.6))
    # Name band.
    B = pygame.Rect(lay["band"].x * SS, lay["band"].y * SS, lay["band"].w * SS, lay["band"].h * SS)
    pygame.draw.rect(big, (22, 18, 16), B, border_radius=int(radius * SS * 0.6))
    pygame.draw.rect(big, col, B, max(1, SS), border_radius=int(radius * SS * 0.6))
    if not lay["compact"]:
        S = pygame.Rect(lay["strip"].x * SS, lay["strip"].y * SS, lay["strip"].w * SS, lay["strip"].h * SS)
        pygame.draw.rect(big, shade(col, 0.5), S, border_radius=int(S.h * 0.5))
        T = pygame.Rect(lay["text"].x * SS, lay["text"].y * SS, lay["text"].w * SS, lay["text"].h * SS)
        pygame.draw.rect(big, PARCHMENT, T, border_radius=int(radius * SS * 0.5))
        pygame.draw.rect(big, PARCHMENT_EDGE, T, max(1, SS), border_radius=int(radius * SS * 0.5))
    # Frame.
    pygame.draw.rect(big, col, big.get_rect(), max(2, int(w * SS * 0.035)), border_radius=radius * SS)
    pygame.draw.rect(big, shade(col, 0.65), big.get_rect(), max(1, SS), border_radius=radius * SS)
    small = _smooth(big, size)
    # ---- words, icons and the coin at the final size
    band = lay["band"]
    name_size, lines = name_lines(c, size)
    step = name_size
    # (Two lines sit a little high: the second one's descenders need the room.)
    top = band.centery - step * len(lines) / 2 - (name_size // 10 if len(lines) > 1 else 0)
    for i, line in enumerate(lines):
        theme.text(small, line, (band.centerx, round(top + step * (i + 0.5))), name_size, (246, 236, 212),
                   title=True, anchor="center", box=band)
    label = points_label(c)
    if lay["compact"]:
        small.blit(ability_icon(c.ability, lay["icon"]), icon_rect(size))
        if label:
            _coin(small, label, coin_rect(size, label))
    else:
        art = lay["art"]
        if label:
            _coin(small, label, coin_rect(size, label))
        small.blit(ability_icon(c.ability, lay["icon"]), icon_rect(size))
        strip = lay["strip"]
        word = ABILITY_WORD.get(c.ability, "").upper()
        ws = theme.fit_size(word, strip.w - 8, round(strip.h * 0.8), 7, True)
        theme.text(small, word, (strip.centerx, strip.centery), ws, tint(col, 0.6), bold=True, anchor="center",
                   box=strip)
        box = _effect_box(lay)
        ts = effect_size(size)
        ts, tlines, tstep = _fit_block(c.text, box.w, box.h, ts, ts)
        y = box.centery - (tstep * (len(tlines) - 1) + ts) / 2
        for i, line in enumerate(tlines):
            theme.text(small, line, (box.centerx, int(y + i * tstep + ts / 2)), ts, INK_DARK, anchor="center",
                       box=lay["text"], **EFFECT_FACE)
    small.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return small


def _coin(surface: pygame.Surface, label: str, where: pygame.Rect) -> None:
    """The points: a gold coin with the number, large and dark, filling `where` (`coin_rect`)."""
    wide = len(label) > 1
    w, d = where.size
    big = pygame.Surface((w * SS, d * SS), pygame.SRCALPHA)
    rect = big.get_rect()
    pygame.draw.rect(big, (70, 46, 10), rect, border_radius=d * SS // 2)
    pygame.draw.rect(big, COIN, rect.inflate(-SS * 2, -SS * 2), border_radius=d * SS // 2)
    pygame.draw.rect(big, tint(COIN, 0.45), rect.inflate(-SS * 5, -SS * 5), max(1, SS), border_radius=d * SS // 2)
    img = _smooth(big, (w, d))
    size = theme.fit_size(label, w - 6, int(d * (0.56 if wide else 0.72)), 8, True)
    theme.text(img, label, (w // 2, d // 2 + 1), size, (60, 36, 6), bold=True, anchor="center",
               box=img.get_rect())
    surface.blit(img, where)


def back(size: Size = HAND) -> pygame.Surface:
    """The common back: a timbered mine shaft going down into the dark (cached per size)."""
    return _back((int(size[0]), int(size[1])))


@lru_cache(maxsize=32)
def _back(size: Size) -> pygame.Surface:
    w, h = size
    W, H = w * SS, h * SS
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(4, round(w * 0.08))
    _vgrad(big, big.get_rect(), (70, 60, 54), (30, 26, 26))
    rng = random.Random(11)
    for _ in range(60):  # the rock face
        x, y = rng.uniform(0, W), rng.uniform(0, H)
        rr = rng.uniform(1.5, 5) * SS
        c = rng.randint(36, 84)
        pygame.draw.polygon(big, (c, int(c * 0.9), int(c * 0.84)), _lump(rng, x, y, rr, 6))
    cx = W / 2
    # The shaft: an opening framed in timber, smaller frames receding into the dark.
    top, bottom = H * 0.16, H * 0.86
    ow = W * 0.62
    opening = pygame.Rect(0, 0, ow, bottom - top)
    opening.midtop = (int(cx), int(top))
    pygame.draw.rect(big, (8, 6, 6), opening)
    vx, vy = cx, top + opening.h * 0.46  # the vanishing point
    for k in range(1, 6):
        t = 1 - 0.78 ** k * 1.0
        fw = ow * (1 - t) * 0.96
        fh = opening.h * (1 - t) * 0.96
        frame = pygame.Rect(0, 0, fw, fh)
        frame.center = (int(vx + (opening.centerx - vx) * (1 - t)), int(vy + (opening.centery - vy) * (1 - t)))
        shade_ = int(110 * (1 - t) ** 1.2)
        pygame.draw.rect(big, (shade_, int(shade_ * 0.66), int(shade_ * 0.38)), frame, max(1, int(W * 0.03 * (1 - t))))
    # Rails running down to the dark.
    for side in (-1, 1):
        pygame.draw.line(big, (120, 110, 104), (cx + side * ow * 0.22, opening.bottom), (vx + side * W * 0.01, vy),
                         max(1, int(W * 0.012)))
    for k in range(6):
        t = 0.78 ** k
        y = vy + (opening.bottom - vy) * t
        half = ow * 0.3 * t
        pygame.draw.line(big, (84, 58, 34), (cx - half, y), (cx + half, y), max(1, int(W * 0.018 * t)))
    # The timber set at the mouth: two posts and a cap.
    post = W * 0.09
    for side in (-1, 1):
        p = pygame.Rect(0, 0, post, opening.h + H * 0.02)
        p.midtop = (int(cx + side * (ow / 2 + post / 2 - post * 0.2)), int(top))
        pygame.draw.rect(big, (134, 92, 52), p)
        pygame.draw.rect(big, (70, 44, 22), p, max(1, SS))
        pygame.draw.line(big, (160, 114, 70), (p.x + post * 0.3, p.y), (p.x + post * 0.3, p.bottom), max(1, SS // 2))
    cap = pygame.Rect(0, 0, ow + post * 2.6, H * 0.07)
    cap.midbottom = (int(cx), int(top + H * 0.02))
    pygame.draw.rect(big, (150, 104, 60), cap, border_radius=int(SS * 2))
    pygame.draw.rect(big, (70, 44, 22), cap, max(1, SS), border_radius=int(SS * 2))
    # A lantern on the cap, its glow on the timbers.
    lx, ly = cx, cap.bottom + H * 0.05
    _glow(big, lx, ly, W * 0.4, (255, 180, 80), 90)
    pygame.draw.line(big, (30, 24, 20), (lx, cap.bottom), (lx, ly - H * 0.02), max(1, SS))
    lamp = pygame.Rect(0, 0, W * 0.07, H * 0.05)
    lamp.center = (int(lx), int(ly))
    pygame.draw.rect(big, (255, 214, 120), lamp, border_radius=int(SS * 2))
    pygame.draw.rect(big, (60, 44, 30), lamp, max(1, SS), border_radius=int(SS * 2))
    # Frame: a gold rule inside a dark edge.
    inset = int(W * 0.05)
    pygame.draw.rect(big, theme.GOLD_DARK, big.get_rect().inflate(-inset * 2, -inset * 2), max(1, int(W * 0.018)),
                     border_radius=max(2, (radius - 2) * SS))
    pygame.draw.rect(big, (20, 14, 10), big.get_rect(), max(2, int(W * 0.03)), border_radius=radius * SS)
    small = _smooth(big, size)
    if w >= 90:
        ts = theme.fit_size("GRIM PROSPECTS", int(w * 0.8), max(8, round(h * 0.06)), 7, title=True)
        y = int(h * 0.93)
        theme.text(small, "GRIM PROSPECTS", (w // 2 + 1, y + 1), ts, (10, 8, 6), title=True, anchor="midbottom")
        theme.text(small, "GRIM PROSPECTS", (w // 2, y), ts, theme.GOLD, title=True, anchor="midbottom")
    small.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return small


def draw_card(surface: pygame.Surface, card_id: int | None, rect: pygame.Rect | Sequence[int]) -> pygame.Rect:
    """Draw card `card_id` face up in `rect` (its size is the card's), or its back for None or
    HIDDEN. A face is reported to the face log. For a size that changes every frame (a flip),
    scale a cached face instead of asking for each size."""
    rect = pygame.Rect(rect)
    if card_id is None or card_id < 0:
        surface.blit(back(rect.size), rect)
    else:
        surface.blit(face(card_id, rect.size), rect)
    return rect


def prewarm(sizes: Sequence[Size] = SIZES) -> None:
    """Draw every face and the back at `sizes` now (nothing is reported to the face log)."""
    for key in kinds():
        for size in sizes:
            _face(key, tuple(size))
    for size in sizes:
        _back(tuple(size))
    for ability in (*ABILITY_RGB,):
        _ability_icon(ability, 18)
