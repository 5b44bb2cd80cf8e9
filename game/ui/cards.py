"""Ya Blew It! card faces, backs, stack chips and small tokens, drawn by code (no image files).

Every picture is drawn once with `pygame.draw` at three times its size and smoothed down (cheap
anti-aliasing), then cached by what it shows and its size, so the table only ever blits.

Colour-blind play: each gem colour has its own symbol (Ruby circle, Amber triangle, Topaz star,
Emerald square, Sapphire diamond, Amethyst hexagon) and the faceted gem on a card is cut in that
shape; the symbol also sits under the corner numbers. With `symbols=False` (the player turned the
setting off) every gem is a round brilliant and only the colour tells them apart.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence, cast

import pygame

from game.games.ya_blew_it.cards import (
    CURSED,
    DETONATOR,
    FIRE,
    GEM,
    JUMPER,
    SAFE,
    WILD,
    Card,
    card_set,
)
from game.ui import theme

RGB = tuple[int, int, int]
Point = tuple[float, float]

SS = 3  # supersampling factor: draw big, smooth down

# Standard sizes used by the table, so that `prewarm` can draw them before play starts.
CARD = (72, 100)
MINI = (34, 46)
TOKEN = (40, 34)
BADGE = (34, 24)  # a Safe's token sitting on the stack it guards
CURSED_MINI = (40, 56)  # the Cursed Gem beside a scoring area
SHOWN = (144, 200)  # a card held up in the middle of the table (a Fire in the Hole)

# Looks of the special cards: background top, background bottom, accent.
SPECIAL_LOOK: dict[str, tuple[RGB, RGB, RGB]] = {
    WILD: ((70, 62, 92), (30, 26, 44), (250, 246, 255)),
    DETONATOR: ((150, 56, 40), (72, 22, 18), (255, 200, 120)),
    SAFE: ((118, 132, 148), (52, 60, 72), (226, 232, 240)),
    JUMPER: ((112, 132, 64), (48, 62, 28), (246, 232, 170)),
    FIRE: ((60, 26, 18), (18, 8, 6), (255, 196, 64)),
    CURSED: ((52, 40, 58), (14, 10, 18), (200, 60, 70)),
}


# ============================================================================ colour helpers
def shade(rgb: Sequence[int], f: float) -> RGB:
    """`rgb` darkened towards black by the fraction `f`."""
    return (int(rgb[0] * (1 - f)), int(rgb[1] * (1 - f)), int(rgb[2] * (1 - f)))


def tint(rgb: Sequence[int], f: float) -> RGB:
    """`rgb` lightened towards white by the fraction `f`."""
    return (int(rgb[0] + (255 - rgb[0]) * f), int(rgb[1] + (255 - rgb[1]) * f),
            int(rgb[2] + (255 - rgb[2]) * f))


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def gem_rgb(colour: str) -> RGB:
    return theme.GEM_RGB.get(colour, (160, 160, 160))


def symbol_of(colour: str) -> str:
    """The symbol that goes with a gem colour ('circle', 'triangle', ...)."""
    try:
        return card_set().colour(colour).symbol
    except KeyError:
        return "circle"


def number_ink(colour: str) -> RGB:
    """A dark ink that reads on the card's own colour (numbers are white with this outline)."""
    return shade(gem_rgb(colour), 0.72)


# ============================================================================ geometry
def _ring(cx: float, cy: float, r: float, n: int, start: float = -90.0) -> list[Point]:
    return [(cx + r * math.cos(math.radians(start + 360 * i / n)),
             cy + r * math.sin(math.radians(start + 360 * i / n))) for i in range(n)]


def _subdivide(points: list[Point], parts: int) -> list[Point]:
    """Split every edge into `parts` pieces, so flat-sided gems still get many facets."""
    out: list[Point] = []
    for i, a in enumerate(points):
        b = points[(i + 1) % len(points)]
        for k in range(parts):
            t = k / parts
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    return out


def symbol_outline(symbol: str, cx: float, cy: float, r: float) -> list[Point]:
    """The outline of a gem cut as `symbol`, fitting a circle of radius `r` around (cx, cy)."""
    if symbol == "triangle":
        # A triangle's centroid sits low in its box; nudge it down so it looks centred.
        return _ring(cx, cy + r * 0.14, r * 1.12, 3)
    if symbol == "star":
        pts = []
        for i in range(10):
            rad = r * 1.08 if i % 2 == 0 else r * 0.48
            a = math.radians(-90 + 36 * i)
            pts.append((cx + rad * math.cos(a), cy + r * 0.05 + rad * math.sin(a)))
        return pts
    if symbol == "square":
        return _ring(cx, cy, r * 1.12, 4, -45)
    if symbol == "diamond":
        return [(cx, cy - r * 1.1), (cx + r * 0.78, cy), (cx, cy + r * 1.1), (cx - r * 0.78, cy)]
    if symbol == "hexagon":
        return _ring(cx, cy, r * 1.02, 6, -90)
    if symbol == "brilliant":
        return _ring(cx, cy, r, 8, -90 + 22.5)
    return _ring(cx, cy, r, 16)  # circle


def _facet_counts(symbol: str) -> int:
    return {"triangle": 3, "square": 2, "diamond": 2, "hexagon": 2, "brilliant": 2}.get(symbol, 1)


# ============================================================================ primitives
def draw_gem(surf: pygame.Surface, symbol: str, colour: RGB | Sequence[RGB], center: Point,
             r: float, outline: RGB | None = None) -> None:
    """A faceted gem: a ring of facets lit from the top left around a flat table.

    `colour` may be a list of colours for a prismatic (Wild) gem: facets cycle through them.
    """
    cx, cy = center
    outer = symbol_outline(symbol, cx, cy, r)
    outer = _subdivide(outer, _facet_counts(symbol))
    # The table (top facet) sits a little above the centre, which reads as a raised stone.
    k = 0.52 if symbol != "star" else 0.5
    tx, ty = cx - r * 0.04, cy - r * 0.06
    inner = [(tx + (x - cx) * k, ty + (y - cy) * k) for x, y in outer]
    # (One colour is three ints, else a Wild gem's colours: mypy cannot tell them apart by the first.)
    colours: list[RGB] = ([cast(RGB, tuple(colour))] if isinstance(colour[0], int)
                          else [cast(RGB, tuple(c)) for c in cast(Sequence[RGB], colour)])
    light = (-0.55, -0.83)
    n = len(outer)
    for i in range(n):
        a, b = outer[i], outer[(i + 1) % n]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        d = math.hypot(mx, my) or 1.0
        lit = (mx / d) * light[0] + (my / d) * light[1]  # -1 .. 1
        base = colours[i % len(colours)]
        col = tint(base, 0.45 * lit) if lit > 0 else shade(base, -0.5 * lit)
        pygame.draw.polygon(surf, col, [a, b, inner[(i + 1) % n], inner[i]])
    base = colours[0] if len(colours) == 1 else (235, 230, 245)
    pygame.draw.polygon(surf, tint(base, 0.18), inner)
    # Glint: a pale sliver on the table's upper left.
    gx, gy = tx - r * 0.16, ty - r * 0.16
    glint = [(gx - r * 0.14, gy + r * 0.02), (gx + r * 0.02, gy - r * 0.16), (gx + r * 0.1, gy - r * 0.06),
             (gx - r * 0.05, gy + r * 0.1)]
    pygame.draw.polygon(surf, tint(base, 0.75), glint)
    edge = outline or shade(colours[0], 0.6)
    lw = max(1, int(r * 0.06))
    for i in range(n):
        pygame.draw.line(surf, tint(colours[i % len(colours)], 0.35), inner[i], outer[i], max(1, lw // 2))
    pygame.draw.polygon(surf, tint(base, 0.4), inner, max(1, lw // 2))
    pygame.draw.polygon(surf, edge, outer, lw)


def _gradient(surf: pygame.Surface, rect: pygame.Rect, top: RGB, bottom: RGB) -> None:
    for y in range(rect.h):
        t = y / max(1, rect.h - 1)
        pygame.draw.line(surf, mix(top, bottom, t), (rect.x, rect.y + y), (rect.right - 1, rect.y + y))


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _outlined(surf: pygame.Surface, msg: str, size: int, fg: RGB, ink: RGB, pos: Point,
              anchor: str = "center", *, bold: bool = True, title: bool = False, width: int = 0) -> pygame.Rect:
    """Text with a dark outline, so it reads on any colour."""
    f = theme.font(size, bold, title)
    img = f.render(msg, True, fg)
    back = f.render(msg, True, ink)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    w = width or max(1, size // 12)
    for dx in range(-w, w + 1):
        for dy in range(-w, w + 1):
            if dx * dx + dy * dy <= w * w + 1 and (dx or dy):
                surf.blit(back, rect.move(dx, dy))
    surf.blit(img, rect)
    return rect


def _smooth(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    small = pygame.transform.smoothscale(big, size)
    return small


def _new(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)


# ============================================================================ icons
def _skull(surf: pygame.Surface, cx: float, cy: float, r: float, bone: RGB, hole: RGB) -> None:
    pygame.draw.circle(surf, bone, (cx, cy - r * 0.1), r)
    jaw = pygame.Rect(0, 0, r * 1.1, r * 0.7)
    jaw.midtop = (int(cx), int(cy + r * 0.45))
    pygame.draw.rect(surf, bone, jaw, border_radius=int(r * 0.2))
    for sx in (-1, 1):
        pygame.draw.circle(surf, hole, (cx + sx * r * 0.42, cy - r * 0.08), r * 0.28)
    pygame.draw.polygon(surf, hole, [(cx, cy + r * 0.22), (cx - r * 0.14, cy + r * 0.45), (cx + r * 0.14, cy + r * 0.45)])
    for k in (-1, 0, 1):
        x = cx + k * r * 0.26
        pygame.draw.line(surf, hole, (x, cy + r * 0.7), (x, cy + r * 1.1), max(1, int(r * 0.08)))


def _pick(surf: pygame.Surface, cx: float, cy: float, r: float, angle: float, head: RGB, handle: RGB) -> None:
    """A pickaxe across (cx, cy), rotated by `angle` degrees."""
    a = math.radians(angle)
    dx, dy = math.cos(a), math.sin(a)
    px, py = -dy, dx
    p0 = (cx - dx * r, cy - dy * r)
    p1 = (cx + dx * r * 0.9, cy + dy * r * 0.9)
    pygame.draw.line(surf, handle, p0, p1, max(2, int(r * 0.16)))
    # The head: a crescent blade, thick in the middle and pointed at both ends.
    hx, hy = cx + dx * r * 0.85, cy + dy * r * 0.85
    top, bottom = [], []
    for i in range(13):
        t = -1 + i / 6
        bend = r * 0.26 * t * t
        thick = r * 0.13 * (1 - t * t)
        bx = hx + px * r * 0.7 * t - dx * bend
        by = hy + py * r * 0.7 * t - dy * bend
        top.append((bx + dx * thick, by + dy * thick))
        bottom.append((bx - dx * thick * 0.8, by - dy * thick * 0.8))
    pygame.draw.polygon(surf, head, top + bottom[::-1])
    pygame.draw.polygon(surf, shade(head, 0.45), top + bottom[::-1], max(1, int(r * 0.03)))


def _dynamite(surf: pygame.Surface, cx: float, cy: float, w: float, h: float, spark: bool = True) -> None:
    stick = pygame.Rect(0, 0, w, h)
    stick.center = (int(cx), int(cy))
    pygame.draw.rect(surf, (200, 44, 40), stick, border_radius=int(w * 0.3))
    pygame.draw.rect(surf, (120, 20, 18), stick, max(1, int(w * 0.08)), border_radius=int(w * 0.3))
    band = pygame.Rect(stick.x, stick.y + h * 0.3, w, h * 0.12)
    pygame.draw.rect(surf, (236, 214, 150), band)
    band2 = band.move(0, h * 0.32)
    pygame.draw.rect(surf, (236, 214, 150), band2)
    fuse = [(cx, stick.top), (cx + w * 0.25, stick.top - h * 0.16), (cx + w * 0.05, stick.top - h * 0.3)]
    pygame.draw.lines(surf, (60, 50, 40), False, fuse, max(1, int(w * 0.12)))
    if spark:
        sx, sy = fuse[-1]
        for i in range(8):
            a = math.radians(i * 45 + 10)
            ln = w * (0.45 if i % 2 else 0.3)
            pygame.draw.line(surf, (255, 220, 90), (sx, sy), (sx + math.cos(a) * ln, sy + math.sin(a) * ln),
                             max(1, int(w * 0.07)))
        pygame.draw.circle(surf, (255, 250, 220), (sx, sy), w * 0.14)


def _detonator(surf: pygame.Surface, cx: float, cy: float, s: float) -> None:
    """A plunger box with a frayed wire: the Faulty Detonator."""
    box = pygame.Rect(0, 0, s * 1.1, s * 0.7)
    box.midtop = (int(cx), int(cy - s * 0.05))
    pygame.draw.rect(surf, (126, 78, 40), box, border_radius=int(s * 0.08))
    pygame.draw.rect(surf, (70, 40, 18), box, max(1, int(s * 0.05)), border_radius=int(s * 0.08))
    for k in (0.33, 0.66):
        y = box.y + box.h * k
        pygame.draw.line(surf, (92, 56, 26), (box.x + s * 0.06, y), (box.right - s * 0.06, y), max(1, int(s * 0.03)))
    rod = pygame.Rect(0, 0, s * 0.1, s * 0.42)
    rod.midbottom = (int(cx), box.top)
    pygame.draw.rect(surf, (190, 190, 200), rod)
    bar = pygame.Rect(0, 0, s * 0.62, s * 0.12)
    bar.midbottom = rod.midtop
    pygame.draw.rect(surf, (60, 56, 60), bar, border_radius=int(s * 0.05))
    # The frayed wire out of the side, ending in a broken spark: it is faulty.
    wire = [(box.right, box.centery), (box.right + s * 0.2, box.centery + s * 0.22),
            (box.right + s * 0.05, box.bottom + s * 0.2), (box.right + s * 0.26, box.bottom + s * 0.32)]
    pygame.draw.lines(surf, (30, 28, 26), False, wire, max(1, int(s * 0.05)))
    ex, ey = wire[-1]
    for a in (-30, 20, 70):
        r = math.radians(a)
        pygame.draw.line(surf, (255, 214, 100), (ex, ey), (ex + math.cos(r) * s * 0.16, ey + math.sin(r) * s * 0.16),
                         max(1, int(s * 0.035)))


def _safe(surf: pygame.Surface, cx: float, cy: float, s: float) -> None:
    """A strongbox with a dial and a handle."""
    body = pygame.Rect(0, 0, s, s * 0.92)
    body.center = (int(cx), int(cy))
    pygame.draw.rect(surf, (70, 78, 90), body, border_radius=int(s * 0.1))
    pygame.draw.rect(surf, (30, 34, 42), body, max(1, int(s * 0.05)), border_radius=int(s * 0.1))
    door = body.inflate(-s * 0.16, -s * 0.16)
    pygame.draw.rect(surf, (104, 114, 128), door, border_radius=int(s * 0.06))
    pygame.draw.rect(surf, (44, 50, 60), door, max(1, int(s * 0.03)), border_radius=int(s * 0.06))
    dial = (door.centerx - s * 0.08, door.centery)
    pygame.draw.circle(surf, (206, 210, 218), dial, s * 0.2)
    pygame.draw.circle(surf, (44, 50, 60), dial, s * 0.2, max(1, int(s * 0.03)))
    for i in range(8):
        a = math.radians(i * 45)
        pygame.draw.line(surf, (60, 66, 76), (dial[0] + math.cos(a) * s * 0.13, dial[1] + math.sin(a) * s * 0.13),
                         (dial[0] + math.cos(a) * s * 0.19, dial[1] + math.sin(a) * s * 0.19), max(1, int(s * 0.02)))
    pygame.draw.circle(surf, (60, 66, 76), dial, s * 0.06)
    handle = pygame.Rect(0, 0, s * 0.07, s * 0.34)
    handle.center = (int(door.right - s * 0.12), int(door.centery))
    pygame.draw.rect(surf, (226, 200, 120), handle, border_radius=int(s * 0.03))
    for fx in (0.12, 0.88):
        foot = pygame.Rect(0, 0, s * 0.14, s * 0.08)
        foot.midtop = (int(body.x + body.w * fx), body.bottom - 1)
        pygame.draw.rect(surf, (30, 34, 42), foot)


def _jumper(surf: pygame.Surface, cx: float, cy: float, s: float, ink: RGB) -> None:
    """A claim stake with a sign, and an arrow leaping over it."""
    post = pygame.Rect(0, 0, s * 0.08, s * 0.7)
    post.midtop = (int(cx - s * 0.05), int(cy - s * 0.12))
    pygame.draw.rect(surf, (96, 64, 34), post)
    sign = pygame.Rect(0, 0, s * 0.72, s * 0.34)
    sign.midbottom = (int(cx - s * 0.05), int(cy + s * 0.06))
    pygame.draw.rect(surf, (222, 196, 140), sign, border_radius=int(s * 0.04))
    pygame.draw.rect(surf, (96, 64, 34), sign, max(1, int(s * 0.03)), border_radius=int(s * 0.04))
    f = theme.font(max(6, int(s * 0.16)), True)
    img = f.render("CLAIM", True, (90, 40, 20))
    surf.blit(img, img.get_rect(center=sign.center))
    # The leap: an arc from the lower left over the sign to the right, with an arrow head.
    pts = []
    for i in range(17):
        t = i / 16
        x = cx - s * 0.55 + s * 1.05 * t
        y = cy + s * 0.1 - math.sin(math.pi * t) * s * 0.6
        pts.append((x, y))
    pygame.draw.lines(surf, ink, False, pts, max(2, int(s * 0.07)))
    hx, hy = pts[-1]
    pygame.draw.polygon(surf, ink, [(hx + s * 0.06, hy + s * 0.12), (hx - s * 0.14, hy - s * 0.0), (hx + s * 0.1, hy - s * 0.12)])


def _burst(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    """An explosion: layered spiky stars from red out to a white-hot core."""
    layers = [((190, 40, 24), 1.0, 14), ((244, 120, 30), 0.78, 12), ((255, 200, 60), 0.56, 10),
              ((255, 246, 200), 0.3, 8)]
    for colour, scale, spikes in layers:
        pts = []
        for i in range(spikes * 2):
            rad = r * scale * (1.0 if i % 2 == 0 else 0.62)
            a = math.radians(-90 + 180 * i / spikes + (7 if spikes % 4 else 0))
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        pygame.draw.polygon(surf, colour, pts)


def _prism_colours() -> list[RGB]:
    return [gem_rgb(c.key) for c in card_set().colours]


# ============================================================================ public API
def gem_icon(colour: str, size: int, symbols: bool = True) -> pygame.Surface:
    """A faceted gem of `colour` cut in its symbol's shape, `size` pixels square (cached)."""
    return _gem_icon(colour, size, symbols)


@lru_cache(maxsize=256)
def _gem_icon(colour: str, size: int, symbols: bool) -> pygame.Surface:
    big = _new((size, size))
    c = size * SS / 2
    if colour == "wild":
        draw_gem(big, "brilliant" if not symbols else "circle", _prism_colours(), (c, c), c * 0.86, (40, 34, 60))
    else:
        draw_gem(big, symbol_of(colour) if symbols else "brilliant", gem_rgb(colour), (c, c), c * 0.86)
    return _smooth(big, (size, size))


def card_face(card: Card, size: tuple[int, int] = CARD, symbols: bool = True) -> pygame.Surface:
    """The face of `card` at `size` (cached): gem colour, shape, number in two corners."""
    return _card_face(card.kind, card.colour, card.number, tuple(size), symbols)


@lru_cache(maxsize=1024)
def _card_face(kind: str, colour: str, number: int, size: tuple[int, int], symbols: bool) -> pygame.Surface:
    w, h = size
    big = _new(size)
    W, H = w * SS, h * SS
    rect = big.get_rect()
    mini = w < 56
    radius = max(3, int(W * 0.09))
    if kind == GEM:
        base = gem_rgb(colour)
        top, bottom, accent = tint(base, 0.22), shade(base, 0.42), tint(base, 0.7)
    else:
        top, bottom, accent = SPECIAL_LOOK[kind]
        base = accent
    _gradient(big, rect, top, bottom)
    if kind == WILD:
        # Prismatic: soft diagonal bands of every gem colour behind the stone.
        band = max(2, int(W * 0.16))
        cols = _prism_colours()
        for i in range(-8, 14):
            col = mix(cols[i % len(cols)], (40, 34, 60), 0.45)
            x0 = i * band
            pygame.draw.polygon(big, col, [(x0, 0), (x0 + band, 0), (x0 + band - H * 0.5, H), (x0 - H * 0.5, H)])
    elif kind == FIRE:
        _burst(big, W / 2, H * 0.46, W * 0.58)
    # Inner frame.
    inset = max(2, int(W * 0.05))
    frame = rect.inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(big, tint(top, 0.35) if kind != CURSED else shade(accent, 0.2), frame,
                     max(1, int(W * 0.018)), border_radius=max(2, radius - inset))
    ink: RGB = number_ink(colour) if kind == GEM else shade(bottom, 0.6)
    sym = symbol_of(colour) if symbols else "brilliant"
    cx, cy = W / 2, H / 2

    def corner_numbers(msg: str, fg: RGB = (255, 255, 255)) -> None:
        # Upright in both corners: on a screen nobody sits across the table, so an upside-down
        # number would only be harder to read.
        if mini:
            fs = int(W * 0.44)
            _outlined(big, msg, fs, fg, ink, (W * 0.08, -H * 0.005), "topleft", width=max(2, fs // 9))
            return
        fs = int(W * 0.34)
        width = max(2, fs // 10)
        _outlined(big, msg, fs, fg, ink, (W * 0.1, H * 0.02), "topleft", width=width)
        _outlined(big, msg, fs, fg, ink, (W * 0.9, H * 1.0), "bottomright", width=width)

    if kind == GEM:
        setting_r = W * (0.3 if mini else 0.3)
        gy = cy + (H * 0.12 if mini else 0)
        pygame.draw.circle(big, shade(base, 0.68), (cx, gy), setting_r * 1.12)
        pygame.draw.circle(big, tint(base, 0.3), (cx, gy), setting_r * 1.12, max(1, int(W * 0.02)))
        draw_gem(big, sym, base, (cx, gy), setting_r * (0.86 if sym != "star" else 0.92), shade(base, 0.75))
        corner_numbers(str(number))
        if mini and symbols:
            icon = _gem_icon(colour, int(W * 0.3), symbols)
            big.blit(pygame.transform.smoothscale(icon, (int(W * 0.34), int(W * 0.34))),
                     (W * 0.62, H * 0.02))
    elif kind == WILD:
        gy = cy + (H * 0.12 if mini else 0)
        pygame.draw.circle(big, (26, 22, 40), (cx, gy), W * 0.34)
        draw_gem(big, "circle", _prism_colours(), (cx, gy), W * 0.29, (30, 26, 44))
        corner_numbers(str(number))
        if w >= 100:
            _outlined(big, "WILD", int(W * 0.12), (255, 255, 255), (30, 26, 44), (W * 0.1, H * 0.93), "bottomleft")
    elif kind == DETONATOR:
        if mini:
            _detonator(big, cx - W * 0.08, cy + H * 0.06, W * 0.52)
        else:
            _detonator(big, cx - W * 0.08, cy - H * 0.1, W * 0.54)
        corner_numbers(str(number))
    elif kind == SAFE:
        _safe(big, cx, cy + (H * 0.1 if mini else -H * 0.02), W * (0.56 if mini else 0.5))
        corner_numbers(str(number))
    elif kind == JUMPER:
        _jumper(big, cx + W * 0.04, cy + (H * 0.12 if mini else 0), W * (0.62 if mini else 0.56), accent)
        corner_numbers(str(number))
    elif kind == FIRE:
        _dynamite(big, cx, H * 0.5, W * 0.14, H * 0.26)
        if mini:
            _outlined(big, "!", int(W * 0.5), (255, 230, 120), (60, 10, 0), (W * 0.2, H * 0.1), "midtop")
        else:
            fs = int(W * 0.15)
            _outlined(big, "FIRE IN", fs, (255, 236, 160), (60, 10, 0), (cx, H * 0.06), "midtop", title=True)
            _outlined(big, "THE HOLE!", fs, (255, 236, 160), (60, 10, 0), (cx, H * 0.94), "midbottom", title=True)
    elif kind == CURSED:
        gcol = gem_rgb(colour)
        # The gem glows sickly in its own colour over crossed picks, with a skull beneath.
        _pick(big, cx, cy - H * 0.04, W * 0.46, -130, (170, 170, 180), (140, 100, 60))
        _pick(big, cx, cy - H * 0.04, W * 0.46, -50, (170, 170, 180), (140, 100, 60))
        pygame.draw.circle(big, shade(gcol, 0.55), (cx, cy - H * 0.04), W * 0.27)
        draw_gem(big, sym, gcol, (cx, cy - H * 0.04), W * 0.21, (10, 8, 12))
        _skull(big, cx, H * (0.78 if not mini else 0.8), W * (0.1 if not mini else 0.13), (226, 220, 204), (30, 20, 26))
        pygame.draw.rect(big, gcol, rect, max(2, int(W * 0.05)), border_radius=radius)
        if not mini:
            _outlined(big, "CURSED", int(W * 0.15), (240, 90, 96), (20, 6, 10), (cx, H * 0.07), "midtop", title=True)
            name = card_set().colour(colour).name.upper() if colour else ""
            _outlined(big, name, int(W * 0.12), tint(gcol, 0.4), (10, 6, 10), (cx, H * 0.95), "midbottom")
    # Outer edge.
    pygame.draw.rect(big, shade(bottom, 0.5), rect, max(1, int(W * 0.025)), border_radius=radius)
    return _finish(big, size, radius // SS)


def _finish(big: pygame.Surface, size: tuple[int, int], radius: int) -> pygame.Surface:
    small = _smooth(big, size)
    mask = _rounded_mask(size, max(2, radius))
    small.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return small


def card_back(size: tuple[int, int] = CARD) -> pygame.Surface:
    """The common card back: dark timber, a gold frame, crossed picks over a gem (cached)."""
    return _card_back(tuple(size))


@lru_cache(maxsize=16)
def _card_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    big = _new(size)
    W, H = w * SS, h * SS
    rect = big.get_rect()
    radius = max(3, int(W * 0.09))
    _gradient(big, rect, (74, 46, 30), (36, 22, 16))
    # A lattice of thin diagonal lines, like a stamped leather back.
    step = max(6, int(W * 0.12))
    for x in range(-H, W + H, step):
        pygame.draw.line(big, (86, 56, 36), (x, 0), (x + H, H), max(1, SS))
        pygame.draw.line(big, (86, 56, 36), (x, H), (x + H, 0), max(1, SS))
    inset = int(W * 0.07)
    frame = rect.inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(big, theme.GOLD_DARK, frame, max(2, int(W * 0.03)), border_radius=max(2, radius - inset))
    pygame.draw.rect(big, theme.GOLD, frame.inflate(-int(W * 0.07), -int(W * 0.07)), max(1, int(W * 0.012)),
                     border_radius=max(2, radius - inset))
    cx, cy = W / 2, H / 2
    pygame.draw.circle(big, (30, 20, 14), (cx, cy), W * 0.3)
    pygame.draw.circle(big, theme.GOLD_DARK, (cx, cy), W * 0.3, max(1, int(W * 0.025)))
    _pick(big, cx, cy, W * 0.25, -135, (214, 200, 170), (150, 100, 54))
    _pick(big, cx, cy, W * 0.25, -45, (214, 200, 170), (150, 100, 54))
    draw_gem(big, "brilliant", theme.GOLD, (cx, cy + W * 0.02), W * 0.11, (90, 60, 10))
    if w >= 60:
        _outlined(big, "YA BLEW IT!", int(W * 0.12), theme.GOLD, (30, 18, 10), (cx, H * 0.89), "center", title=True)
    pygame.draw.rect(big, (20, 12, 8), rect, max(1, int(W * 0.025)), border_radius=radius)
    return _finish(big, size, radius // SS)


def chip(colour: str, count: int, height: int = 18, symbols: bool = True, *,
         cursed: bool = False) -> pygame.Surface:
    """A small pill for a stack: the gem (or 'wild') icon and its count; red-edged when cursed."""
    return _chip(colour, count, height, symbols, cursed)


@lru_cache(maxsize=512)
def _chip(colour: str, count: int, height: int, symbols: bool, cursed: bool) -> pygame.Surface:
    # No minus sign: the red rim says "cursed", and the chip must fit a narrow stack column.
    label = str(count)
    f = theme.font(max(8, int(height * 0.72)), True)
    tw = f.size(label)[0]
    w = height + tw + max(4, height // 3)
    surf = pygame.Surface((w, height), pygame.SRCALPHA)
    fill = (56, 20, 24) if cursed else (24, 22, 26)
    edge = theme.DANGER if cursed else (gem_rgb(colour) if colour != "wild" else (200, 190, 230))
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=height // 2)
    pygame.draw.rect(surf, edge, surf.get_rect(), 1, border_radius=height // 2)
    icon = _gem_icon(colour, height - 4, symbols)
    surf.blit(icon, (2, 2))
    img = f.render(label, True, theme.INK if not cursed else (255, 150, 150))
    surf.blit(img, img.get_rect(midleft=(height - 1, height // 2)))
    return surf


def card_token(card: Card, size: tuple[int, int] = TOKEN) -> pygame.Surface:
    """A small landscape tile for a special card in a scoring area: its icon and its number."""
    return _card_token(card.kind, card.colour, card.number, tuple(size))


@lru_cache(maxsize=256)
def _card_token(kind: str, colour: str, number: int, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    big = _new(size)
    W, H = w * SS, h * SS
    rect = big.get_rect()
    radius = int(H * 0.2)
    top, bottom, accent = SPECIAL_LOOK.get(kind, ((90, 90, 90), (40, 40, 40), (255, 255, 255)))
    if kind == GEM:
        top, bottom = tint(gem_rgb(colour), 0.2), shade(gem_rgb(colour), 0.4)
    _gradient(big, rect, top, bottom)
    ix, iy, s = W * 0.36, H * 0.52, H * 0.7
    if kind == DETONATOR:
        _detonator(big, ix - s * 0.12, iy - s * 0.2, s * 0.8)
    elif kind == SAFE:
        _safe(big, ix, iy, s * 0.86)
    elif kind == JUMPER:
        _jumper(big, ix, iy + s * 0.08, s * 0.9, accent)
    elif kind == WILD:
        draw_gem(big, "circle", _prism_colours(), (ix, iy), s * 0.42, (30, 26, 44))
    elif kind == GEM:
        draw_gem(big, symbol_of(colour), gem_rgb(colour), (ix, iy), s * 0.42)
    if number:
        fs = int(H * 0.56)
        _outlined(big, str(number), fs, (255, 255, 255), shade(bottom, 0.6), (W * 0.8, H * 0.5), "center",
                  width=max(2, fs // 9))
    pygame.draw.rect(big, shade(bottom, 0.5), rect, max(1, SS), border_radius=radius)
    return _finish(big, size, radius // SS)


def prewarm(symbols: bool = True, sizes: Sequence[tuple[int, int]] = (CARD, MINI)) -> None:
    """Draw every face at the table's sizes now, so the first deal never stutters."""
    cs = card_set()
    seen: set[tuple[str, str, int]] = set()
    for card in cs.cards:
        key = (card.kind, card.colour, card.number)
        if key in seen:
            continue
        seen.add(key)
        for size in sizes:
            card_face(card, size, symbols)
        if card.kind == CURSED:
            card_face(card, CURSED_MINI, symbols)
        if card.kind == FIRE:
            card_face(card, SHOWN, symbols)
        if card.kind in (DETONATOR, SAFE, JUMPER, WILD):
            card_token(card)
        if card.kind == SAFE:
            card_token(card, BADGE)
    for size in sizes:
        card_back(size)
    for c in (*cs.colours, None):
        key_ = c.key if c else "wild"
        gem_icon(key_, 18, symbols)
        for n in range(0, 11):
            chip(key_, n, 18, symbols)
            chip(key_, n, 18, symbols, cursed=True)
