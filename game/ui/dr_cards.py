"""Diamond in the Rough card faces, the back and the resource icons, drawn by code (no images).

A face, read from the top: a band in the card's colour with its printed number (the universal
deck's number, also in the bottom corner, upside down, as on a real card) and a small symbol; the
big symbol on a cardstock roundel; the card's name in capitals at the foot. Each resource has a
shape of its own, colour being only a second cue: Crates a wooden crate with its planks and brace,
Oil a drop, Fish a fish, Coal a heap of lumps; the Bomb a round bomb with its fuse lit; the Gem a
cut diamond seen from the side, sparkling. Small faces (seen across the table) keep the number,
the symbol and the name as long as it fits; the tiniest keep the number and the symbol.

The back: a grey rough stone on deep blue, a glint of light in a crack (no Gem: a hand of backs
must not look like a hand of Gems).

Pictures are drawn at three times their size and smoothed down (cheap anti-aliasing); words are
set afterwards at the final size, so they stay sharp. Every picture is cached per card and size
(any size), so the table only blits. Every face handed out by `face` or `draw_card` is reported to
`game.ui.privacy.record` (the hot-seat no-leak test reads it); `prewarm` draws without reporting.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Sequence

import pygame

from game.ui import privacy, shapes, theme
from game.ui.cards import shade, tint

RGB = tuple[int, int, int]
Size = tuple[int, int]

SS = 3  # supersampling factor for pictures

# The sizes the table uses (any other size works too): a card in your hand, a card on the table
# (the face-up row, tableaus), a card in a small zone (an opponent's known cards, the boxed
# pile), and a card held up big (a bomb's answer, the reward chooser).
HAND: Size = (84, 118)
TABLE: Size = (62, 87)
SMALL: Size = (40, 56)
BIG: Size = (120, 168)
SIZES = (BIG, HAND, TABLE, SMALL)

HIDDEN = -1  # the rules' id for a card the viewer does not know: drawn as a back

CRATE, OIL, FISH, COAL, BOMB, GEM = "crates", "oil", "fish", "coal", "bomb", "gem"
RESOURCE_KINDS = (CRATE, OIL, FISH, COAL)
KINDS = (*RESOURCE_KINDS, BOMB, GEM)

# The printed numbers (docs/rules/diamond_in_the_rough.md): five of each resource in this order,
# the Gem #41, the Bombs #96-100.
RESOURCE_FIRST = {CRATE: 1, OIL: 6, FISH: 11, COAL: 16}
GEM_NUMBER = 41
BOMB_NUMBERS = range(96, 101)

NAME = {CRATE: "Crate", OIL: "Oil", FISH: "Fish", COAL: "Coal", BOMB: "Bomb", GEM: "Gem"}
PLURAL = {CRATE: "Crates", OIL: "Oil", FISH: "Fish", COAL: "Coal", BOMB: "Bombs", GEM: "Gems"}

# Each kind's colour: the band, the frame and the icons' discs.
KIND_RGB: dict[str, RGB] = {
    CRATE: (176, 116, 56),
    OIL: (70, 62, 110),
    FISH: (42, 138, 178),
    COAL: (84, 84, 92),
    BOMB: (200, 54, 42),
    GEM: (40, 164, 160),
}
CARDSTOCK = (244, 236, 216)
CARDSTOCK_DARK = (222, 208, 178)
INK_DARK = (42, 32, 26)


def kind_of(card_id: int) -> str:
    """The kind of card `card_id` by its printed number ("crate", ..., "bomb", "gem")."""
    cid = int(card_id)
    if cid == GEM_NUMBER:
        return GEM
    if cid in BOMB_NUMBERS:
        return BOMB
    for kind, first in RESOURCE_FIRST.items():
        if first <= cid < first + 5:
            return kind
    raise KeyError(f"no Diamond in the Rough card numbered {card_id}")


def kind_word(kind: str) -> str:
    """The kind's name as a player says it ("Crate", "Oil", "Fish", "Coal", "Bomb", "Gem")."""
    return NAME.get(kind, kind.capitalize())


# ============================================================================ small helpers
_vgrad = shapes.vgrad
_rounded_mask = shapes.rounded_mask


def _star(cx: float, cy: float, r: float, points: int = 4, inner: float = 0.28,
          turn: float = -90.0) -> list[tuple[float, float]]:
    return shapes.star(cx, cy, r, points, inner, turn)


def _glow(surf: pygame.Surface, cx: float, cy: float, r: float, rgb: RGB, strength: int = 80) -> None:
    shapes.glow(surf, cx, cy, r, rgb, strength)


def _lump(rng: random.Random, cx: float, cy: float, r: float, n: int = 8, squash: float = 0.82) -> list[tuple[float, float]]:
    """An irregular rounded lump around (cx, cy)."""
    return shapes.lump(rng, cx, cy, r, n, squash=squash, jitter=0.22, low=0.8)


# ============================================================================ the symbols
def draw_symbol(surf: pygame.Surface, kind: str, cx: float, cy: float, r: float) -> None:
    """The kind's symbol, in its own colours, filling a circle of radius `r` around (cx, cy)."""
    lw = max(1, int(r * 0.07))
    ink = (34, 24, 18)
    if kind == CRATE:
        # A wooden crate: a frame, three planks, a diagonal brace, nail heads at the corners.
        s = r * 1.5
        box = pygame.Rect(0, 0, s, s * 0.92)
        box.center = (int(cx), int(cy + r * 0.04))
        wood, dark, light = (196, 138, 72), (120, 74, 34), (226, 178, 112)
        pygame.draw.rect(surf, dark, box, border_radius=int(r * 0.06))
        inner = box.inflate(-s * 0.28, -s * 0.28)
        for i in range(3):
            plank = pygame.Rect(inner.x, inner.y + i * inner.h / 3, inner.w, inner.h / 3)
            pygame.draw.rect(surf, light if i % 2 == 0 else wood, plank)
            pygame.draw.line(surf, dark, plank.bottomleft, plank.bottomright, max(1, lw // 2))
        pygame.draw.rect(surf, dark, inner, max(1, lw // 2))
        brace_w = max(2, int(s * 0.13))
        pygame.draw.line(surf, dark, (inner.x + lw, inner.bottom - lw), (inner.right - lw, inner.y + lw), brace_w + lw)
        pygame.draw.line(surf, light, (inner.x + lw, inner.bottom - lw), (inner.right - lw, inner.y + lw), brace_w)
        for corner in (box.topleft, box.topright, box.bottomleft, box.bottomright):
            x = corner[0] + (s * 0.07 if corner[0] == box.x else -s * 0.07)
            y = corner[1] + (s * 0.07 if corner[1] == box.y else -s * 0.07)
            pygame.draw.circle(surf, (70, 60, 54), (x, y), max(1.5, r * 0.06))
        pygame.draw.rect(surf, (70, 42, 18), box, lw, border_radius=int(r * 0.06))
    elif kind == OIL:
        # A drop of crude: black with an oily sheen and a bright highlight.
        top = (cx, cy - r * 0.98)
        body_r = r * 0.62
        bc = (cx, cy + r * 0.3)
        # The outline: the point at the top, then round the belly from one shoulder to the other.
        pts = [top] + [(bc[0] + body_r * math.cos(math.radians(a)), bc[1] + body_r * math.sin(math.radians(a)))
                       for a in range(-30, 211, 8)]
        pygame.draw.polygon(surf, ink, pts)
        shrunk = [(cx + (x - cx) * 0.9, bc[1] + (y - bc[1]) * 0.9 - r * 0.02) for x, y in pts]
        pygame.draw.polygon(surf, (30, 28, 40), shrunk)
        # The sheen: a purple-teal band across the lower belly.
        sheen = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(sheen, (120, 80, 200, 110), (bc[0] - body_r * 0.7, bc[1] + body_r * 0.05,
                                                          body_r * 1.3, body_r * 0.55))
        pygame.draw.ellipse(sheen, (60, 170, 170, 90), (bc[0] - body_r * 0.45, bc[1] + body_r * 0.25,
                                                         body_r * 1.0, body_r * 0.4))
        surf.blit(sheen, (0, 0))
        pygame.draw.ellipse(surf, (236, 236, 250), (bc[0] - body_r * 0.55, bc[1] - body_r * 0.62,
                                                     body_r * 0.3, body_r * 0.62))
        pygame.draw.polygon(surf, ink, pts, lw)
    elif kind == FISH:
        # A fish swimming left: body, forked tail, fin, gill, eye.
        body = pygame.Rect(0, 0, r * 1.5, r * 0.92)
        body.center = (int(cx - r * 0.14), int(cy))
        blue, dark, belly = (86, 164, 206), (28, 74, 110), (210, 234, 242)
        tail = [(body.right - r * 0.12, cy), (cx + r * 0.98, cy - r * 0.56), (cx + r * 0.84, cy),
                (cx + r * 0.98, cy + r * 0.56)]
        pygame.draw.polygon(surf, blue, tail)
        pygame.draw.polygon(surf, ink, tail, lw)
        fin = [(cx - r * 0.2, body.y + r * 0.06), (cx + r * 0.02, cy - r * 0.72), (cx + r * 0.3, body.y + r * 0.1)]
        pygame.draw.polygon(surf, dark, fin)
        pygame.draw.polygon(surf, ink, fin, lw)
        pygame.draw.ellipse(surf, blue, body)
        lower = pygame.Rect(body.x + body.w * 0.12, body.centery, body.w * 0.7, body.h * 0.42)
        pygame.draw.ellipse(surf, belly, lower)
        pygame.draw.ellipse(surf, ink, body, lw)
        gill_x = body.x + body.w * 0.32
        pygame.draw.arc(surf, dark, (gill_x - r * 0.2, body.y + body.h * 0.2, r * 0.3, body.h * 0.6),
                        math.radians(-70), math.radians(70), max(1, lw))
        eye = (body.x + body.w * 0.17, body.y + body.h * 0.38)
        pygame.draw.circle(surf, (250, 250, 250), eye, r * 0.12)
        pygame.draw.circle(surf, ink, eye, r * 0.07)
    elif kind == COAL:
        # A heap of coal lumps, faceted, with a grey shine.
        rng = random.Random(16)
        for dx, dy, s in ((-0.46, 0.32, 0.44), (0.44, 0.34, 0.46), (0.0, -0.18, 0.54), (0.02, 0.52, 0.36)):
            x, y, rr = cx + dx * r, cy + dy * r, s * r
            pts = _lump(rng, x, y, rr, 7, 0.86)
            pygame.draw.polygon(surf, (26, 26, 30), pts)
            facet = [pts[0], pts[1], pts[2], (x, y)]
            pygame.draw.polygon(surf, (70, 72, 82), facet)
            facet2 = [pts[4], pts[5], (x, y)]
            pygame.draw.polygon(surf, (48, 48, 56), facet2)
            pygame.draw.circle(surf, (150, 152, 166), (x - rr * 0.3, y - rr * 0.34), max(1.0, rr * 0.12))
            pygame.draw.polygon(surf, (8, 8, 10), pts, lw)
    elif kind == BOMB:
        # A round bomb, its cap and fuse, the spark burning.
        bc = (cx - r * 0.12, cy + r * 0.2)
        br = r * 0.7
        pygame.draw.circle(surf, ink, bc, br + lw)
        pygame.draw.circle(surf, (44, 44, 52), bc, br)
        pygame.draw.circle(surf, (92, 92, 106), (bc[0] - br * 0.38, bc[1] - br * 0.38), br * 0.26)
        pygame.draw.circle(surf, (160, 160, 176), (bc[0] - br * 0.44, bc[1] - br * 0.44), br * 0.1)
        cap = pygame.Rect(0, 0, br * 0.5, br * 0.34)
        cap.center = (int(bc[0] + br * 0.5), int(bc[1] - br * 0.78))
        capped = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(capped, (110, 110, 120), cap, border_radius=int(br * 0.06))
        pygame.draw.rect(capped, ink, cap, lw, border_radius=int(br * 0.06))
        surf.blit(capped, (0, 0))
        start = (cap.centerx + br * 0.05, cap.y)
        fuse = [start, (start[0] + r * 0.16, start[1] - r * 0.2), (start[0] + r * 0.1, start[1] - r * 0.34),
                (start[0] + r * 0.3, start[1] - r * 0.46)]
        pygame.draw.lines(surf, (150, 112, 70), False, fuse, max(2, int(r * 0.08)))
        tip = fuse[-1]
        pygame.draw.polygon(surf, (255, 150, 40), _star(tip[0], tip[1], r * 0.3, 6, 0.4))
        pygame.draw.polygon(surf, (255, 236, 120), _star(tip[0], tip[1], r * 0.17, 6, 0.4))
    elif kind == GEM:
        # A cut diamond from the side: the crown above the girdle, the pavilion down to a point.
        _glow(surf, cx, cy, r * 1.05, (190, 250, 255), 70)
        gy = cy - r * 0.24
        w = r * 0.96
        crown = [(cx - w, gy), (cx - w * 0.55, cy - r * 0.74), (cx + w * 0.55, cy - r * 0.74), (cx + w, gy)]
        pav = [(cx - w, gy), (cx + w, gy), (cx, cy + r * 0.92)]
        ice, pale, deep = (176, 236, 246), (236, 252, 255), (92, 176, 204)
        pygame.draw.polygon(surf, ice, crown)
        pygame.draw.polygon(surf, pale, [(cx - w * 0.55, cy - r * 0.74), (cx - w * 0.2, gy), (cx - w, gy)])
        pygame.draw.polygon(surf, pale, [(cx + w * 0.1, cy - r * 0.74), (cx + w * 0.55, cy - r * 0.74), (cx + w * 0.3, gy)])
        pygame.draw.polygon(surf, ice, pav)
        pygame.draw.polygon(surf, deep, [(cx + w * 0.3, gy), (cx + w, gy), (cx, cy + r * 0.92)])
        pygame.draw.polygon(surf, pale, [(cx - w, gy), (cx - w * 0.4, gy), (cx, cy + r * 0.92)])
        thin = max(1, lw // 2)
        for x in (-0.4, 0.3):
            pygame.draw.line(surf, deep, (cx + w * x, gy), (cx, cy + r * 0.92), thin)
        pygame.draw.line(surf, deep, (cx - w * 0.55, cy - r * 0.74), (cx - w * 0.2, gy), thin)
        pygame.draw.line(surf, deep, (cx + w * 0.55, cy - r * 0.74), (cx + w * 0.3, gy), thin)
        pygame.draw.line(surf, deep, (cx - w * 0.2, gy), (cx + w * 0.1, cy - r * 0.74), thin)
        outline = crown + [pav[2]]
        pygame.draw.polygon(surf, (20, 70, 90), outline, lw)
        pygame.draw.line(surf, (20, 70, 90), (cx - w, gy), (cx + w, gy), lw)
        for sx, sy, ss in ((-0.78, -0.72, 0.2), (0.8, -0.52, 0.16), (0.62, 0.5, 0.12)):
            pygame.draw.polygon(surf, (255, 255, 255), _star(cx + sx * r, cy + sy * r, ss * r))
    else:
        raise KeyError(kind)


def resource_icon(kind: str, size: int, crossed: bool = False) -> pygame.Surface:
    """The kind's symbol on a pale disc ringed in its colour, `size` pixels square (cached); with
    `crossed`, struck through in red (a "no Fish" marker)."""
    return _icon(kind, int(size), bool(crossed))


@lru_cache(maxsize=96)
def _icon(kind: str, size: int, crossed: bool) -> pygame.Surface:
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    col = KIND_RGB[kind]
    pygame.draw.circle(big, shade(col, 0.45), (c, c), c)
    pygame.draw.circle(big, tint(col, 0.82), (c, c), c * 0.86)
    draw_symbol(big, kind, c, c, c * 0.66)
    if crossed:
        red = (214, 40, 34)
        pygame.draw.circle(big, red, (c, c), c * 0.93, max(2, int(c * 0.14)))
        off = c * 0.66
        pygame.draw.line(big, red, (c - off, c + off), (c + off, c - off), max(2, int(c * 0.16)))
    return pygame.transform.smoothscale(big, (size, size))


# ============================================================================ faces
def _layout(size: Size) -> dict[str, Any]:
    w, h = size
    pad = max(2, round(w * 0.05))
    band_h = max(11, round(h * 0.19))
    band = pygame.Rect(pad, pad, w - 2 * pad, band_h)
    named = w >= 36
    foot_h = round(h * 0.16) if named else 0
    foot = pygame.Rect(pad, h - pad - foot_h, w - 2 * pad, foot_h)
    art_bottom = foot.y - 1 if named else h - pad
    art = pygame.Rect(pad, band.bottom + 1, w - 2 * pad, art_bottom - band.bottom - 1)
    return {"pad": pad, "band": band, "foot": foot, "art": art, "named": named,
            "number": max(9, round(band_h * 0.86)), "name": max(8, round(foot_h * 0.8)),
            "corner": w >= 70, "band_icon": w >= 56}


def face(card_id: int, size: Size = HAND) -> pygame.Surface:
    """The face of card `card_id` at `size` (cached per card and size); reported to the face log."""
    privacy.record(card_id)
    return _face(int(card_id), (int(size[0]), int(size[1])))


@lru_cache(maxsize=512)
def _face(card_id: int, size: Size) -> pygame.Surface:
    kind = kind_of(card_id)
    w, h = size
    lay = _layout(size)
    col = KIND_RGB[kind]
    radius = max(3, round(w * 0.09))
    special = kind in (BOMB, GEM)
    # ---- the picture layer, drawn big and smoothed down
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    _vgrad(big, big.get_rect(), CARDSTOCK, CARDSTOCK_DARK)
    rng = random.Random(card_id)
    for _ in range(int(w * h / 120)):  # the card's fibres
        x, y = rng.uniform(0, w * SS), rng.uniform(0, h * SS)
        pygame.draw.circle(big, shade(CARDSTOCK_DARK, 0.06), (x, y), rng.uniform(0.5, 1.2) * SS)
    band = lay["band"]
    B = pygame.Rect(band.x * SS, band.y * SS, band.w * SS, band.h * SS)
    pygame.draw.rect(big, col, B, border_radius=int(radius * SS * 0.6))
    pygame.draw.rect(big, tint(col, 0.25), (B.x + SS * 2, B.y + SS, B.w - SS * 4, max(1, SS)))
    art = lay["art"]
    A = pygame.Rect(art.x * SS, art.y * SS, art.w * SS, art.h * SS)
    cx, cy = A.centerx, A.centery
    r = min(A.w, A.h) * 0.42
    # The roundel the symbol sits on: a soft tint of the kind's colour, ringed.
    pygame.draw.circle(big, tint(col, 0.78), (cx, cy), r * 1.12)
    pygame.draw.circle(big, tint(col, 0.35), (cx, cy), r * 1.12, max(1, int(r * 0.05)))
    if special:
        # Bombs and the Gem: a sunburst behind, so they stand out from resources at a glance.
        for i in range(16):
            a = math.radians(i * 22.5)
            pygame.draw.line(big, tint(col, 0.5), (cx + math.cos(a) * r * 1.18, cy + math.sin(a) * r * 1.18),
                             (cx + math.cos(a) * r * 1.42, cy + math.sin(a) * r * 1.42), max(1, int(r * 0.06)))
    draw_symbol(big, kind, cx, cy, r * 0.86)
    if lay["named"]:
        F = pygame.Rect(lay["foot"].x * SS, lay["foot"].y * SS, lay["foot"].w * SS, lay["foot"].h * SS)
        pygame.draw.line(big, tint(col, 0.2), (F.x + SS * 3, F.y), (F.right - SS * 3, F.y), max(1, SS))
    # Frame: the kind's colour inside a dark edge.
    pygame.draw.rect(big, col, big.get_rect().inflate(-SS * 2, -SS * 2), max(2, int(w * SS * 0.03)),
                     border_radius=radius * SS)
    pygame.draw.rect(big, (40, 30, 24), big.get_rect(), max(1, SS), border_radius=radius * SS)
    small = pygame.transform.smoothscale(big, size)
    # ---- words and the small icon at the final size
    num = str(card_id)
    ns = theme.fit_size(num, band.w // 2 + 8, lay["number"], 7, True)
    theme.text(small, num, (band.x + max(2, round(w * 0.05)), band.centery), ns, (255, 250, 238), bold=True,
               anchor="midleft", box=band)
    if lay["band_icon"]:
        ic = band.h - 4
        small.blit(resource_icon(kind, ic), (band.right - ic - 2, band.y + 2))
    if lay["named"]:
        foot = lay["foot"]
        word = kind_word(kind).upper()
        fs = theme.fit_size(word, foot.w - 4, lay["name"], 7, True, True)
        theme.text(small, word, (foot.centerx, foot.centery), fs, shade(col, 0.35) if not special else shade(col, 0.2),
                   title=True, anchor="center", box=foot)
    if lay["corner"]:
        # The number again in the bottom corner, upside down, as printed cards have it.
        cs = max(8, round(h * 0.075))
        img = theme.font(cs, True).render(num, True, shade(col, 0.3))
        img = pygame.transform.rotate(img, 180)
        small.blit(img, img.get_rect(bottomright=(w - lay["pad"] - 2, lay["foot"].y - 1)))
    small.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return small


# ============================================================================ the back
def back(size: Size = HAND) -> pygame.Surface:
    """The common back: a rough stone with a glint in a crack, on deep blue (cached per size)."""
    return _back((int(size[0]), int(size[1])))


@lru_cache(maxsize=32)
def _back(size: Size) -> pygame.Surface:
    w, h = size
    W, H = w * SS, h * SS
    radius = max(3, round(w * 0.09))
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    _vgrad(big, big.get_rect(), (30, 44, 78), (12, 18, 36))
    # A fine diamond lattice all over.
    step = max(6, int(W * 0.12))
    for k in range(-H, W + H, step):
        pygame.draw.line(big, (44, 62, 104), (k, 0), (k + H, H), max(1, SS // 2))
        pygame.draw.line(big, (44, 62, 104), (k, H), (k + H, 0), max(1, SS // 2))
    cx, cy = W / 2, H * 0.48
    r = min(W, H) * 0.36
    # The rough stone: a grey rock, faceted by the light from the top left, broken open in its
    # middle on the diamond inside.
    rng = random.Random(41)
    rock = _lump(rng, cx, cy, r, 11, 0.9)
    pygame.draw.polygon(big, (24, 22, 24), [(x + W * 0.015, y + W * 0.02) for x, y in rock])
    pygame.draw.polygon(big, (112, 108, 104), rock)
    n = len(rock)
    for i in range(n):
        a, b = rock[i], rock[(i + 1) % n]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        lit = (-mx * 0.6 - my * 0.8) / (math.hypot(mx, my) or 1)
        tone = int(112 + 44 * lit)
        pygame.draw.polygon(big, (tone, tone - 4, tone - 8), [a, b, (cx + (b[0] - cx) * 0.55, cy + (b[1] - cy) * 0.55),
                                                            (cx + (a[0] - cx) * 0.55, cy + (a[1] - cy) * 0.55)])
    pygame.draw.polygon(big, (40, 36, 34), rock, max(1, int(W * 0.014)))
    # Only a crack with a glint of light in it: no Gem is drawn, so a hand of backs never reads
    # as a hand of Gems.
    hole = _lump(random.Random(5), cx, cy, r * 0.34, 9, 0.95)
    jag = []
    for i, (x, y) in enumerate(hole):
        jag.append((x, y * 0.55 + cy * 0.45))
        nx, ny = hole[(i + 1) % len(hole)]
        pull = 0.6 if i % 2 else 0.85
        jag.append((cx + ((x + nx) / 2 - cx) * pull, cy + ((y + ny) / 2 - cy) * pull * 0.55))
    pygame.draw.polygon(big, (14, 16, 26), jag)
    _glow(big, cx, cy, r * 0.45, (190, 225, 245), 70)
    pygame.draw.polygon(big, (226, 240, 250), _star(cx, cy, r * 0.2, 4, 0.22))
    pygame.draw.polygon(big, (60, 56, 54), jag, max(1, int(W * 0.012)))
    # A gold rule inside a dark edge.
    inset = int(W * 0.06)
    pygame.draw.rect(big, theme.GOLD_DARK, big.get_rect().inflate(-inset * 2, -inset * 2), max(1, int(W * 0.018)),
                     border_radius=max(2, (radius - 2) * SS))
    pygame.draw.rect(big, (8, 10, 20), big.get_rect(), max(2, int(W * 0.03)), border_radius=radius * SS)
    small = pygame.transform.smoothscale(big, size)
    if w >= 80:
        ts = theme.fit_size("DIAMOND", int(w * 0.7), max(8, round(h * 0.07)), 7, title=True)
        for word, y in (("DIAMOND", h * 0.86), ("IN THE ROUGH", h * 0.93)):
            s = ts if word == "DIAMOND" else max(7, ts - 2)
            s = theme.fit_size(word, int(w * 0.74), s, 6, title=True)
            theme.text(small, word, (w // 2 + 1, int(y) + 1), s, (6, 8, 16), title=True, anchor="midbottom")
            theme.text(small, word, (w // 2, int(y)), s, theme.GOLD, title=True, anchor="midbottom")
    small.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return small


# ============================================================================ drawing helpers
def draw_card(surface: pygame.Surface, card_id: int | None, rect: pygame.Rect | Sequence[int]) -> pygame.Rect:
    """Draw card `card_id` face up in `rect` (its size is the card's), or its back for None or
    HIDDEN. A face is reported to the face log."""
    rect = pygame.Rect(rect)
    if card_id is None or card_id < 0:
        surface.blit(back(rect.size), rect)
    else:
        surface.blit(face(card_id, rect.size), rect)
    return rect


def all_cards(players: int = 4) -> list[int]:
    """Every card of a game of `players` (the resources in play, the Gem, the Bombs)."""
    ids = [n for kind in RESOURCE_KINDS[:max(2, players)] for n in range(RESOURCE_FIRST[kind], RESOURCE_FIRST[kind] + 5)]
    return ids + [GEM_NUMBER, *BOMB_NUMBERS]


def prewarm(sizes: Sequence[Size] = SIZES, players: int = 4) -> None:
    """Draw every face and the back at `sizes` now (nothing is reported to the face log)."""
    for cid in all_cards(players):
        for size in sizes:
            _face(cid, tuple(size))
    for size in sizes:
        _back(tuple(size))
