"""Drawing a Gold Mine mountain: flat-topped hexes scaled into a rectangle, drawn by our own code.

`HexMapView(game_map, rect)` fits the map into `rect` and answers the geometry questions (where
a hex's centre is, which hex a pixel is in). `draw(surface, marks, ...)` paints it:

- the *base*: terrain (dirt, rock, mines in their colour with the value printed large), the start
  X marks, and everything that never goes away once it happened (collected and blown treasure,
  blocks, barriers in their owners' colours). It is composed from per-hex sprites drawn once with
  supersampling, and recomposed only when the marks change (a few blits, about a millisecond);
- on top, every frame: the miners, the hover ring, a preview of the action being assembled (its
  path, blast, block or barrier, with what each hex costs or pays and the total), and whatever the
  table animates (`draw_miner` at any pixel position, `draw_burst`).

The pixel centre of `Hex(q, r)` for circumradius `s` is ``x = 1.5 s q``, ``y = sqrt(3) s (r + q/2)``
(see `game.games.gold_mine.board`), plus the offset that centres the mountain in `rect`.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

import pygame

from game.games.gold_mine.board import DIRECTIONS, GoldMineMap, Hex, Tile
from game.ui import theme

RGB = tuple[int, int, int]
SQRT3 = math.sqrt(3.0)
SS = 3  # supersampling of the hex sprites

# ---------------------------------------------------------------------------- paints
DIRT = (142, 104, 68)
DIRT_LIGHT = (170, 130, 88)
DIRT_DARK = (104, 74, 46)
ROCK = (92, 92, 100)
ROCK_LIGHT = (140, 140, 150)
ROCK_DARK = (52, 52, 60)
EDGE = (56, 38, 24)
HOLE = (58, 40, 26)

MINE_RGB: dict[str, RGB] = {
    "brown": (196, 112, 56),    # copper
    "grey": (182, 190, 204),    # silver
    "yellow": (244, 200, 48),   # gold
    "blue": (58, 112, 228),     # sapphire
    "green": (38, 176, 96),     # emerald
    "red": (214, 50, 62),       # ruby
    "purple": (156, 86, 214),   # amethyst
    "orange": (246, 142, 36),   # amber
    "white": (236, 238, 244),   # diamond
    "black": (58, 56, 66),      # jet
}
MINE_NAMES: dict[str, str] = {
    "brown": "copper", "grey": "silver", "yellow": "gold", "blue": "sapphire", "green": "emerald",
    "red": "ruby", "purple": "amethyst", "orange": "amber", "white": "diamond", "black": "jet",
}

# Preview paints.
PATH_RGB = (255, 228, 140)
BLAST_RGB = (255, 128, 48)
BLOCK_RGB = (20, 18, 16)
BAD_RGB = (236, 70, 56)
GAIN_RGB = (126, 226, 122)
COST_RGB = (255, 150, 130)


def seat_rgb(p: int) -> RGB:
    return theme.SEAT_COLOURS[p % len(theme.SEAT_COLOURS)]


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def _lighten(c: RGB, t: float) -> RGB:
    return _mix(c, (255, 255, 255), t)


def _darken(c: RGB, t: float) -> RGB:
    return _mix(c, (0, 0, 0), t)


# ---------------------------------------------------------------------------- what is on the map
@dataclass(frozen=True)
class MapMarks:
    """What has happened to the mountain, as the rules keep it (all hashable).

    `collected`: mines whose treasure was taken by mining; `blown`: taken by a blast (half value);
    `blocks`: hexes closed to everyone; `barriers`: hex -> the seats whose barrier runs through it;
    `barrier_lines`: optional (owner, hexes in order) of each barrier, drawn as one fence;
    `tunnels`: (miner, hexes from the start) of each tunnel dug, drawn as a trench (history only);
    `barrier_starts`: for each of `barrier_lines`, the hex its builder stood on (or None), so that
    the fence runs along its real direction from edge to edge of its hexes.
    """

    collected: frozenset[Hex] = frozenset()
    blown: frozenset[Hex] = frozenset()
    blocks: frozenset[Hex] = frozenset()
    barriers: tuple[tuple[Hex, tuple[int, ...]], ...] = ()
    barrier_lines: tuple[tuple[int, tuple[Hex, ...]], ...] = ()
    tunnels: tuple[tuple[int, tuple[Hex, ...]], ...] = ()
    barrier_starts: tuple[Hex | None, ...] = ()

    def barrier_owners(self, h: Hex) -> tuple[int, ...]:
        for bh, owners in self.barriers:
            if bh == h:
                return owners
        return ()


@dataclass(frozen=True)
class HexNote:
    """A word on one hex of a preview: "+7", "-10$ Bo", "rock"; `good` picks the colour."""

    hex: Hex
    text: str
    good: bool = True


@dataclass(frozen=True)
class MapPreview:
    """An action being assembled, drawn over the map before it is confirmed.

    `kind` is mine, blow, block or barrier (others draw only `origin`). `path` are the hexes passed
    in order (mine, barrier) or walked to the centre (blow, block); `area` the hexes hit (blast or
    block); `bad` hexes that make it impossible (rock, edge, block); `notes` the per-hex words;
    `label` the total shown at the end ("+7$"); `owner` the seat that acts.
    """

    kind: str
    owner: int
    origin: Hex
    path: tuple[Hex, ...] = ()
    area: tuple[Hex, ...] = ()
    bad: tuple[Hex, ...] = ()
    notes: tuple[HexNote, ...] = ()
    label: str = ""
    label_good: bool = True
    legal: bool = True
    end: Hex | None = None
    choices: tuple[Hex, ...] = ()   # hexes the player may click next (the second hex of blow/block)
    targets: tuple[Hex, ...] = ()   # where a legal move could end: click one to aim there


# ---------------------------------------------------------------------------- geometry
def hex_corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, starting at the right and going clockwise."""
    return [(cx + s * math.cos(math.radians(60 * i)), cy + s * math.sin(math.radians(60 * i)))
            for i in range(6)]


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


DIRECTION_ANGLE: dict[int, float] = {d: -90.0 + 60.0 * (d - 1) for d in DIRECTIONS}
"""Screen angle in degrees (0 = right, 90 = down) of each compass direction: 1 up, then clockwise."""


class HexMapView:
    """A GoldMineMap fitted into a rectangle: geometry, hit-testing and drawing."""

    def __init__(self, game_map: GoldMineMap, rect: pygame.Rect | tuple[int, int, int, int], *,
                 margin: int = 14, used_starts: Iterable[Hex] | None = None) -> None:
        self.map = game_map
        self.rect = pygame.Rect(rect)
        self.used_starts = frozenset(used_starts) if used_starts is not None else frozenset(game_map.starts)
        hexes = game_map.hexes()
        xs = [1.5 * h.q for h in hexes]
        ys = [SQRT3 * (h.r + h.q / 2) for h in hexes]
        span_x = (max(xs) - min(xs)) + 2.0          # in units of s: centres plus a radius each side
        span_y = (max(ys) - min(ys)) + SQRT3
        room = self.rect.inflate(-2 * margin, -2 * margin)
        self.size = max(6.0, min(room.w / span_x, room.h / span_y))
        s = self.size
        w, h = span_x * s, span_y * s
        self.ox = room.x + (room.w - w) / 2 + s - min(xs) * s
        self.oy = room.y + (room.h - h) / 2 + SQRT3 / 2 * s - min(ys) * s
        self._base: pygame.Surface | None = None
        self._base_key: MapMarks | None = None
        self._under: pygame.Surface | None = None
        self._preview_cache: tuple[MapPreview, pygame.Surface, pygame.Rect] | None = None
        self._preview_page: pygame.Surface | None = None
        self._cells: list[tuple[Hex, Tile, int, tuple[int, int]]] | None = None
        self._to_warm: list[tuple[Tile, str, int]] | None = None
        self._centres = {hx: self.centre(hx) for hx in hexes}
        self._mine_centres = [self._centres[hx] for hx in game_map.mine_hexes()]   # (the total's pill avoids them)

    # -------------------------------------------------------------- geometry
    def centre(self, h: Hex) -> tuple[float, float]:
        """The pixel centre of `h` on the screen (whether `h` is on the map or not)."""
        s = self.size
        return (self.ox + 1.5 * s * h.q, self.oy + SQRT3 * s * (h.r + h.q / 2))

    def corners(self, h: Hex, shrink: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        return hex_corners(cx, cy, self.size - shrink)

    def hex_at(self, pos: tuple[float, float]) -> Hex | None:
        """The map hex under the pixel `pos`, or None when it is off the map."""
        s = self.size
        x, y = pos[0] - self.ox, pos[1] - self.oy
        fq = (2.0 / 3.0) * x / s
        fr = y / (SQRT3 * s) - fq / 2
        h = _cube_round(fq, fr)
        return h if self.map.on_map(h) else None

    def hex_rect(self, h: Hex) -> pygame.Rect:
        cx, cy = self.centre(h)
        s = self.size
        r = pygame.Rect(0, 0, int(2 * s) + 2, int(SQRT3 * s) + 2)
        r.center = (int(round(cx)), int(round(cy)))
        return r

    def release(self) -> None:
        """Let go of the pictures kept for drawing (each made again when next needed)."""
        self._base = self._base_key = self._under = self._preview_cache = self._preview_page = None

    # -------------------------------------------------------------- drawing: the base
    def base(self, marks: MapMarks) -> pygame.Surface:
        """The map with everything permanent on it (drawn again only when `marks` change)."""
        if self._base is None or self._base_key != marks:
            self._base = self._compose(marks)
            self._base_key = marks
        return self._base

    def prewarm(self) -> None:
        """Draw the sprites the first base needs now (scene enter); those of mined and blown
        mines are drawn one at a time by `warm_next`, in frames with room to spare."""
        self.base(MapMarks())
        _block_sprite(self.size)
        for p in range(4):
            miner_token(p, self.size)

    def warm_next(self) -> bool:
        """Draw one sprite a later base may need (a mine mined or blown, as it looks on its own
        hex), so that no frame of play has to; False once every one is drawn."""
        if self._to_warm is None:
            self._to_warm = [(tile, status, variant) for _, tile, variant, _ in self._cell_list()
                             if tile.is_mine for status in ("collected", "blown")]
        if not self._to_warm:
            return False
        tile, status, variant = self._to_warm.pop()
        _hex_sprite(tile, status, self.size, variant)
        return True

    def _cell_list(self) -> list[tuple[Hex, Tile, int, tuple[int, int]]]:
        """Each hex with its tile, its look (variant) and its centre on the base, in drawing order."""
        if self._cells is None:
            ox, oy = self.rect.topleft
            self._cells = []
            for h, tile in self.map.tiles.items():
                cx, cy = self.centre(h)
                self._cells.append((h, tile, _variant(h), (round(cx - ox), round(cy - oy))))
        return self._cells

    def _silhouette(self) -> pygame.Surface:
        """The mountain's silhouette, a dark rim and a soft shadow under all hexes: the same for
        every state of the map, so drawn once and copied under each new base."""
        if self._under is None:
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            ox, oy = self.rect.topleft
            s = self.size
            for h in self.map.hexes():
                cx, cy = self.centre(h)
                pygame.draw.polygon(surf, (0, 0, 0, 70), hex_corners(cx - ox + 3, cy - oy + 6, s + 3))
            for h in self.map.hexes():
                cx, cy = self.centre(h)
                pygame.draw.polygon(surf, (30, 22, 16, 255), hex_corners(cx - ox, cy - oy, s + 2.5))
            self._under = surf
        return self._under

    def _compose(self, marks: MapMarks) -> pygame.Surface:
        surf = self._silhouette().copy()
        ox, oy = self.rect.topleft
        s = self.size
        sprites = []
        for h, tile, variant, (x, y) in self._cell_list():
            status = "blown" if h in marks.blown else "collected" if h in marks.collected else "fresh"
            sprite = _hex_sprite(tile, status, s, variant)
            w, hh = sprite.get_size()
            sprites.append((sprite, (x - w // 2, y - hh // 2)))   # centred, as Rect.center puts it
        surf.blits(sprites, doreturn=False)
        self._draw_tunnels(surf, marks, (ox, oy))
        for h in self.map.starts:
            cx, cy = self.centre(h)
            img = _start_mark(s, h in self.used_starts)
            surf.blit(img, img.get_rect(center=(round(cx - ox), round(cy - oy))))
        block = _block_sprite(s)
        for h in sorted(marks.blocks):
            cx, cy = self.centre(h)
            surf.blit(block, block.get_rect(center=(round(cx - ox), round(cy - oy))))
            boarded = self.map.tiles.get(h)
            if boarded is not None and boarded.kind == "mine" and h not in marks.blown and h not in marks.collected:
                # A mine boarded up still pays half to a blast: its value stays readable.
                tag = _blocked_value(s, boarded.colour, boarded.value)
                surf.blit(tag, tag.get_rect(center=(round(cx - ox), round(cy - oy))))
        self._draw_barriers(surf, marks, (ox, oy))
        return surf

    def _draw_tunnels(self, surf: pygame.Surface, marks: MapMarks, offset: tuple[int, int]) -> None:
        """Dug tunnels: a dark trench from hex centre to hex centre, with a thread of the miner's colour."""
        ox, oy = offset
        s = self.size
        for owner, hexes in marks.tunnels:
            if len(hexes) < 2:
                continue
            pts = [(x - ox, y - oy) for x, y in (self.centre(h) for h in hexes)]
            pygame.draw.lines(surf, (48, 33, 22, 190), False, pts, max(4, int(s * 0.24)))
            for x, y in pts:
                pygame.draw.circle(surf, (48, 33, 22, 190), (int(x), int(y)), max(2, int(s * 0.12)))
            pygame.draw.lines(surf, (76, 55, 37, 220), False, pts, max(2, int(s * 0.13)))
            pygame.draw.lines(surf, (*_darken(seat_rgb(owner), 0.2), 170), False, pts, max(1, int(s * 0.05)))

    def _draw_barriers(self, surf: pygame.Surface, marks: MapMarks, offset: tuple[int, int]) -> None:
        ox, oy = offset
        s = self.size
        lines = list(marks.barrier_lines)
        drawn: set[tuple[int, Hex]] = set()
        # The slot of each owner on a hex, so that several fences on one hex sit side by side.
        slots: dict[Hex, list[int]] = {h: list(owners) for h, owners in marks.barriers}
        for owner, hexes in lines:
            for h in hexes:
                slots.setdefault(h, [])
                if owner not in slots[h]:
                    slots[h].append(owner)
        starts = list(marks.barrier_starts) + [None] * (len(lines) - len(marks.barrier_starts))
        for (owner, hexes), origin in zip(lines, starts):
            if not hexes:
                continue
            pts = []
            for h in hexes:
                cx, cy = self.centre(h)
                k = slots[h].index(owner)
                n = len(slots[h])
                dx, dy = _perp(hexes, h, self)
                off = (k - (n - 1) / 2) * s * 0.22
                pts.append((cx - ox + dx * off, cy - oy + dy * off))
                drawn.add((owner, h))
            if origin is not None:
                # From the edge shared with the builder's hex to the far edge of the last hex.
                ax, ay = self.centre(origin)
                bx, by = self.centre(hexes[0])
                dx, dy = (bx - ax) / 2, (by - ay) / 2
                first = (pts[0][0] - dx, pts[0][1] - dy)
                last = (pts[-1][0] + dx, pts[-1][1] + dy)
                _fence(surf, [first] + pts + [last], seat_rgb(owner), s, ends=False, seat=owner)
            else:
                _fence(surf, pts, seat_rgb(owner), s, seat=owner)
        # Barrier hexes not covered by a known line: a short fence across the hex.
        for h, owners in marks.barriers:
            n = len(owners)
            for k, owner in enumerate(owners):
                if (owner, h) in drawn:
                    continue
                cx, cy = self.centre(h)
                off = (k - (n - 1) / 2) * s * 0.24
                y = cy - oy + off
                _fence(surf, [(cx - ox - s * 0.55, y), (cx - ox + s * 0.55, y)], seat_rgb(owner), s,
                       seat=owner)

    # -------------------------------------------------------------- drawing: every frame
    def draw(self, surface: pygame.Surface, marks: MapMarks, *, preview: MapPreview | None = None,
             miners: Mapping[int, tuple[float, float]] | None = None, hover: Hex | None = None,
             clock: float = 0.0, active: int | None = None, base: bool = True) -> None:
        """Base (unless the caller blitted it already), preview, hover ring, miners (seat -> pixel
        position) and the preview's total."""
        if base:
            surface.blit(self.base(marks), self.rect.topleft)
        if preview is not None:
            self.draw_preview(surface, preview, clock)
        if hover is not None and self.map.on_map(hover):
            pygame.draw.polygon(surface, theme.FOCUS, self.corners(hover, 1.5), 2)
        if miners:
            self.draw_miners(surface, miners, active=active, clock=clock)
            if preview is not None and preview.label:
                self.draw_label(surface, preview)

    def miner_offsets(self, positions: Mapping[int, Hex | None]) -> dict[int, tuple[float, float]]:
        """Pixel positions of miners standing on hexes, spread out when several share one."""
        by_hex: dict[Hex, list[int]] = {}
        for p, h in sorted(positions.items()):
            if h is not None:
                by_hex.setdefault(h, []).append(p)
        out: dict[int, tuple[float, float]] = {}
        for h, seats in by_hex.items():
            cx, cy = self.centre(h)
            n = len(seats)
            for k, p in enumerate(seats):
                if n == 1:
                    out[p] = (cx, cy)
                else:
                    a = math.radians(-90 + 360 * k / n + (45 if n == 2 else 0))
                    rad = self.size * 0.36
                    out[p] = (cx + math.cos(a) * rad, cy + math.sin(a) * rad)
        return out

    def draw_miners(self, surface: pygame.Surface, miners: Mapping[int, tuple[float, float]], *,
                    active: int | None = None, clock: float = 0.0, lift: Mapping[int, float] | None = None) -> None:
        order = sorted(miners, key=lambda p: (p == active, miners[p][1]))
        for p in order:
            x, y = miners[p]
            up = (lift or {}).get(p, 0.0)
            token = miner_token(p, self.size)
            if p == active:
                pulse = 0.5 + 0.5 * math.sin(clock * 5)
                ring = self.size * (0.46 + 0.05 * pulse)
                pygame.draw.circle(surface, theme.GOLD, (int(x), int(y)), int(ring), 3)
            shadow = _token_shadow(token.get_width())
            surface.blit(shadow, shadow.get_rect(center=(int(x + 2), int(y + token.get_height() * 0.36))))
            surface.blit(token, token.get_rect(center=(int(x), int(y - up))))

    def draw_preview(self, surface: pygame.Surface, preview: MapPreview, clock: float) -> None:
        cached = self._preview_cache
        if cached is None or cached[0] != preview:
            img, rect = self._render_preview(preview)
            cached = (preview, img, rect)
            self._preview_cache = cached
        _, img, rect = cached
        surface.blit(img, rect)
        # Where the move may end: small gold rings, so "click a target" is easy to discover.
        if preview.targets:
            # An inset outline and a small marker at the bottom edge: the hex's value stays readable.
            pulse = 0.5 + 0.5 * math.sin(clock * 4)
            col = _mix(theme.GOLD, theme.FOCUS, pulse)
            r = max(3, int(self.size * 0.11))
            for h in preview.targets:
                x, y = self.centre(h)
                pygame.draw.polygon(surface, col, self.corners(h, self.size * 0.14), 2)
                my = int(y + self.size * 0.64)
                pygame.draw.circle(surface, (20, 16, 10), (int(x), my + 1), r + 2)
                pygame.draw.circle(surface, col, (int(x), my), r)
        # The hexes the player may click next breathe, so they are easy to find.
        if preview.choices:
            pulse = 0.5 + 0.5 * math.sin(clock * 5)
            col = _mix(theme.FOCUS, (255, 255, 255), pulse * 0.5)
            for h in preview.choices:
                pygame.draw.polygon(surface, col, self.corners(h, 3 + 2 * pulse), 3)

    def _preview_bounds(self, pv: MapPreview) -> pygame.Rect:
        """Where `pv` may draw, on screen: every hex it names with a half-hex margin (arrows,
        fences, bursts and sight lines stay within it) and its notes, inside the map's rectangle."""
        s = self.size
        margin = int(s) + 4
        hexes = [pv.origin, *pv.path, *pv.area, *pv.bad] + ([pv.end] if pv.end is not None else [])
        rects = [self.hex_rect(h).inflate(margin, margin) for h in hexes]
        size = max(11, int(s * 0.36))
        tall = theme.font(size, True).get_height() + 8
        for note in pv.notes:
            x, y = self.centre(note.hex)
            wide = theme.width_of(note.text, size, True) + 14   # as _note_image frames it, and more
            rects.append(pygame.Rect(int(x) - wide // 2, int(y + s * 0.52) - tall // 2, wide, tall))
        return rects[0].unionall(rects[1:]).clip(self.rect)

    def _render_preview(self, pv: MapPreview) -> tuple[pygame.Surface, pygame.Rect]:
        # Drawn within its bounds only, on a map-sized page kept for it: a fresh map-sized surface,
        # cleared and then searched for its drawn part, took milliseconds of the frame showing it.
        bounds = self._preview_bounds(pv)
        if bounds.w == 0 or bounds.h == 0:
            return pygame.Surface((1, 1), pygame.SRCALPHA), pygame.Rect(self.rect.topleft, (1, 1))
        if self._preview_page is None:
            self._preview_page = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        surf = self._preview_page
        ox, oy = self.rect.topleft
        inside = bounds.move(-ox, -oy)
        surf.set_clip(inside)
        surf.fill((0, 0, 0, 0))   # only what the clip lets through
        s = self.size

        def c(h: Hex) -> tuple[float, float]:
            x, y = self.centre(h)
            return (x - ox, y - oy)

        def poly(h: Hex, shrink: float = 0.0) -> list[tuple[float, float]]:
            x, y = c(h)
            return hex_corners(x, y, s - shrink)

        own = seat_rgb(pv.owner)
        bad = set(pv.bad)
        # Hexes walked or built on (a blast or a block only aims along its line: no trail).
        aim = pv.kind in ("blow", "block")
        trail_col = own if pv.kind == "barrier" else PATH_RGB
        for h in pv.path:
            if aim or not self.map.on_map(h):
                continue
            pygame.draw.polygon(surf, (*trail_col, 70), poly(h, 2))
            pygame.draw.polygon(surf, (*trail_col, 200), poly(h, 2), 2)
        if pv.kind in ("blow", "block"):
            col = BLAST_RGB if pv.kind == "blow" else (240, 240, 240)
            for h in pv.area:
                if not self.map.on_map(h):
                    continue
                fill = (*BLAST_RGB, 110) if pv.kind == "blow" else (*BLOCK_RGB, 150)
                pygame.draw.polygon(surf, fill, poly(h, 1))
                pygame.draw.polygon(surf, (*col, 255), poly(h, 3), 4 if pv.kind == "block" else 3)
                if pv.kind == "blow":
                    x, y = c(h)
                    _burst(surf, (x, y), s * 0.62, (*BLAST_RGB, 200))
                else:
                    x, y = c(h)
                    cross = hex_corners(x, y, s * 0.62)
                    for i, j in ((0, 3), (1, 4)):
                        pygame.draw.line(surf, (240, 240, 240, 220), cross[i], cross[j], 3)
        # The route: dots and arrows from the miner to the end.
        route = [pv.origin] + [h for h in pv.path]
        if len(route) > 1 and aim:
            # A dashed sight line from the miner to the centre of the blast or block.
            (sx, sy), (ex, ey) = c(route[0]), c(route[-1])
            length = math.hypot(ex - sx, ey - sy)
            dash = max(6.0, s * 0.3)
            k = 0.0
            while k < length - s * 0.5:
                t0, t1 = k / length, min(1.0, (k + dash) / length)
                d0 = (sx + (ex - sx) * t0, sy + (ey - sy) * t0)
                d1 = (sx + (ex - sx) * t1, sy + (ey - sy) * t1)
                pygame.draw.line(surf, (20, 16, 10, 200), d0, d1, 6)
                pygame.draw.line(surf, (255, 236, 190, 255), d0, d1, 3)
                k += dash * 1.8
            ang = math.atan2(ey - sy, ex - sx)
            tip = (ex - math.cos(ang) * s * 0.5, ey - math.sin(ang) * s * 0.5)
            _arrow_head(surf, tip, ang, s * 0.3, (255, 236, 190))
        elif len(route) > 1:
            pts = [c(h) for h in route]
            col = own if pv.kind == "barrier" else PATH_RGB
            width = max(3, int(s * 0.12))
            for q0, q1 in zip(pts, pts[1:]):
                pygame.draw.line(surf, (20, 16, 10, 200), q0, q1, width + 4)
            for q0, q1 in zip(pts, pts[1:]):
                pygame.draw.line(surf, (*col, 255), q0, q1, width)
            for (ax, ay), (bx, by) in zip(pts, pts[1:]):
                _arrow_head(surf, (ax + (bx - ax) * 0.62, ay + (by - ay) * 0.62), math.atan2(by - ay, bx - ax),
                            s * 0.26, col)
            if pv.kind == "barrier":
                (ax, ay), (bx, by) = pts[0], pts[1]
                dx, dy = (bx - ax) / 2, (by - ay) / 2
                first = (ax + dx, ay + dy)
                last = (pts[-1][0] + dx, pts[-1][1] + dy)
                _fence(surf, [first] + pts[1:] + [last], own, s, alpha=230, ends=False, seat=pv.owner)
        for h in bad:
            x, y = c(h)
            pygame.draw.polygon(surf, (*BAD_RGB, 90), poly(h, 1))
            pygame.draw.polygon(surf, (*BAD_RGB, 255), poly(h, 2), 3)
            d = s * 0.32
            pygame.draw.line(surf, (*BAD_RGB, 255), (x - d, y - d), (x + d, y + d), 5)
            pygame.draw.line(surf, (*BAD_RGB, 255), (x - d, y + d), (x + d, y - d), 5)
        if pv.end is not None and self.map.on_map(pv.end) and pv.kind in ("mine", "barrier"):
            x, y = c(pv.end)
            pygame.draw.circle(surf, (20, 16, 10, 220), (int(x), int(y)), int(s * 0.24) + 2)
            pygame.draw.circle(surf, (*own, 255), (int(x), int(y)), int(s * 0.24))
        # The per-hex words.
        size = max(11, int(s * 0.36))
        for note in pv.notes:
            x, y = c(note.hex)
            img = _note_image(note.text, size, GAIN_RGB if note.good else COST_RGB)
            surf.blit(img, img.get_rect(center=(int(x), int(y + s * 0.52))))
        surf.set_clip(None)
        return surf.subsurface(inside).copy(), bounds

    def draw_label(self, surface: pygame.Surface, pv: MapPreview) -> None:
        """The total, in a pill by the end of the action, kept inside the map's rectangle."""
        anchor = pv.end if pv.end is not None else (pv.area[0] if pv.area else pv.origin)
        x, y = self.centre(anchor)
        img = _label_image(pv.label, max(14, int(self.size * 0.44)), pv.label_good, pv.legal)
        surface.blit(img, self.label_rect(img.get_size(), (x, y), pv))

    def label_rect(self, size: tuple[int, int], at: tuple[float, float], pv: MapPreview) -> pygame.Rect:
        """Where the total's pill goes: beside the end hex, over a corner with its neighbours, so
        the hex itself stays readable; of the four corners (upper right first) the one that hides
        the fewest mine values and money notes of the move, kept inside the map's rectangle."""
        x, y = at
        s = self.size
        d = s * 0.62
        marks = list(self._mine_centres)
        marks += [(self.centre(n.hex)[0], self.centre(n.hex)[1] + s * 0.52) for n in pv.notes]
        best: pygame.Rect | None = None
        best_hidden = 0
        for side, dy in (("midleft", -d), ("midright", -d), ("midleft", d), ("midright", d)):
            rect = pygame.Rect((0, 0), size)
            setattr(rect, side, (int(x + d if side == "midleft" else x - d), int(y + dy)))
            rect.clamp_ip(self.rect)
            hidden = sum(1 for mx, my in marks if rect.inflate(s * 0.5, s * 0.5).collidepoint(mx, my))
            if best is None or hidden < best_hidden:
                best, best_hidden = rect, hidden
        assert best is not None
        return best

    def draw_burst(self, surface: pygame.Surface, h: Hex, t: float) -> None:
        """An explosion on `h`, `t` from 0 (spark) to 1 (gone): for blasts."""
        x, y = self.centre(h)
        s = self.size
        r = s * (0.3 + 1.1 * t)
        alpha = int(255 * (1 - t))
        surf = pygame.Surface((int(r * 2 + 8), int(r * 2 + 8)), pygame.SRCALPHA)
        cc = (surf.get_width() / 2, surf.get_height() / 2)
        _burst(surf, cc, r, (255, int(200 - 120 * t), 60, alpha))
        pygame.draw.circle(surf, (255, 250, 210, int(alpha * 0.8)), (int(cc[0]), int(cc[1])), int(r * 0.45))
        surface.blit(surf, surf.get_rect(center=(int(x), int(y))))

    def describe(self, h: Hex, marks: MapMarks, names: Sequence[str] = ()) -> str:
        """A hover text: what the hex is and what happened to it."""
        tile = self.map.tile(h)
        if tile is None:
            return ""
        if tile.is_rock:
            text = "Rock: nothing passes"
        elif tile.is_mine:
            name = MINE_NAMES.get(tile.colour, tile.colour)
            if h in marks.blown:
                text = f"{name.title()} mine, {tile.value}$: blown, collected"
            elif h in marks.collected:
                text = f"{name.title()} mine, {tile.value}$: collected"
            else:
                text = f"{name.title()} mine: {tile.value}$ (a blast pays {tile.value // 2}$)"
        else:
            text = "Dirt"
        if h in self.map.starts:
            text += " · start point"
        if h in marks.blocks:
            text += " · BLOCKED to everyone"
        owners = marks.barrier_owners(h)
        for owner, hexes in marks.barrier_lines:
            if h in hexes and owner not in owners:
                owners = owners + (owner,)
        if owners:
            who = ", ".join(names[o] if o < len(names) else f"Player {o + 1}" for o in owners)
            text += f" · barrier of {who}"
        return text


def _perp(hexes: Sequence[Hex], h: Hex, view: HexMapView) -> tuple[float, float]:
    """A unit vector across a barrier line at `h` (for side-by-side fences)."""
    i = hexes.index(h)
    a = hexes[max(0, i - 1)]
    b = hexes[min(len(hexes) - 1, i + 1)]
    if a == b:
        return (0.0, 1.0)
    ax, ay = view.centre(a)
    bx, by = view.centre(b)
    d = math.hypot(bx - ax, by - ay) or 1.0
    return (-(by - ay) / d, (bx - ax) / d)


def _variant(h: Hex) -> int:
    return (h.q * 7919 + h.r * 104729) % 6


# ---------------------------------------------------------------------------- sprites
def _tile_key(tile: Tile) -> tuple[str, str, int]:
    return (tile.kind, tile.colour, tile.value)


def _hex_sprite(tile: Tile, status: str, s: float, variant: int) -> pygame.Surface:
    return _hex_sprite_cached(_tile_key(tile), status, round(s, 2), variant)


@lru_cache(maxsize=512)
def _hex_sprite_cached(tile: tuple[str, str, int], status: str, s: float, variant: int) -> pygame.Surface:
    kind, colour, value = tile
    w, h = int(2 * s) + 4, int(SQRT3 * s) + 4
    W, H = w * SS, h * SS
    S = s * SS
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    cx, cy = W / 2, H / 2
    outer = hex_corners(cx, cy, S)
    # A stable seed (str hashes change per process), so the map looks the same every run.
    rng = random.Random(zlib.crc32(f"{kind}/{colour}/{variant}".encode()))
    if kind == "rock":
        _rock(big, cx, cy, S, rng)
    else:
        _dirt(big, cx, cy, S, rng, status)
        if kind == "mine":
            _mine(big, cx, cy, S, colour, value, status, rng)
    pygame.draw.polygon(big, EDGE, outer, max(2, int(SS * 1.2)))
    return pygame.transform.smoothscale(big, (w, h))


def _bevel(big: pygame.Surface, cx: float, cy: float, S: float, light: RGB, dark: RGB) -> None:
    """Lighter upper-left edges and darker lower-right ones: the hex reads as a raised tile."""
    c = hex_corners(cx, cy, S * 0.94)
    width = max(2, int(S * 0.07))
    # corners: 0 right, 1 lower-right, 2 lower-left, 3 left, 4 upper-left, 5 upper-right
    for a, b, col in ((3, 4, light), (4, 5, light), (5, 0, _mix(light, dark, 0.5)),
                      (0, 1, dark), (1, 2, dark), (2, 3, _mix(light, dark, 0.5))):
        pygame.draw.line(big, col, c[a], c[b], width)


def _dirt(big: pygame.Surface, cx: float, cy: float, S: float, rng: random.Random, status: str) -> None:
    outer = hex_corners(cx, cy, S)
    base = _mix(DIRT, DIRT_LIGHT, rng.random() * 0.35)
    pygame.draw.polygon(big, base, outer)
    # Speckles and little pebbles, kept inside the hex.
    for _ in range(26):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0, S * 0.78) * (0.9 if abs(math.sin(a)) > 0.8 else 1.0)
        x, y = cx + math.cos(a) * d, cy + math.sin(a) * d * 0.86
        col = _mix(base, DIRT_DARK if rng.random() < 0.6 else DIRT_LIGHT, rng.uniform(0.4, 0.9))
        pygame.draw.circle(big, col, (x, y), rng.uniform(S * 0.02, S * 0.055))
    for _ in range(3):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(S * 0.3, S * 0.72)
        x, y = cx + math.cos(a) * d, cy + math.sin(a) * d * 0.8
        pygame.draw.ellipse(big, _mix(base, (120, 110, 100), 0.5),
                            (x, y, S * 0.12, S * 0.08))
    _bevel(big, cx, cy, S, _lighten(base, 0.22), _darken(base, 0.3))


def _rock(big: pygame.Surface, cx: float, cy: float, S: float, rng: random.Random) -> None:
    outer = hex_corners(cx, cy, S)
    pygame.draw.polygon(big, ROCK_DARK, outer)
    pygame.draw.polygon(big, ROCK, hex_corners(cx, cy - S * 0.04, S * 0.9))
    # A heap of boulders: big ones behind, lit from the upper left.
    stones = [(-0.3, -0.12, 0.34), (0.28, -0.2, 0.3), (0.02, 0.18, 0.38), (-0.42, 0.3, 0.2), (0.45, 0.24, 0.22)]
    for dx, dy, rad in stones:
        x, y, r = cx + dx * S, cy + dy * S, rad * S * rng.uniform(0.9, 1.08)
        pygame.draw.circle(big, ROCK_DARK, (x + r * 0.12, y + r * 0.16), r)
        pygame.draw.circle(big, _mix(ROCK, ROCK_LIGHT, rng.uniform(0.1, 0.5)), (x, y), r)
        pygame.draw.circle(big, _lighten(ROCK_LIGHT, 0.25), (x - r * 0.35, y - r * 0.4), r * 0.28)
        pygame.draw.circle(big, ROCK_DARK, (x, y), r, max(1, int(S * 0.025)))
    # Cracks.
    for _ in range(2):
        x, y = cx + rng.uniform(-0.4, 0.4) * S, cy + rng.uniform(-0.35, 0.35) * S
        pts = [(x, y)]
        for _ in range(3):
            x += rng.uniform(-0.14, 0.14) * S
            y += rng.uniform(0.05, 0.14) * S
            pts.append((x, y))
        pygame.draw.lines(big, (40, 40, 46), False, pts, max(1, int(S * 0.03)))
    _bevel(big, cx, cy, S, (160, 160, 170), (40, 40, 46))


def _gem(big: pygame.Surface, x: float, y: float, r: float, col: RGB) -> None:
    """One faceted crystal, pointing up, lit from the upper left."""
    top = (x, y - r)
    left, right = (x - r * 0.55, y - r * 0.15), (x + r * 0.55, y - r * 0.15)
    bl, br = (x - r * 0.4, y + r * 0.7), (x + r * 0.4, y + r * 0.7)
    pygame.draw.polygon(big, _darken(col, 0.55), [(p[0] + r * 0.06, p[1] + r * 0.08)
                                                  for p in (top, right, br, bl, left)])
    pygame.draw.polygon(big, _darken(col, 0.2), [top, right, br, (x, y + r * 0.7)])
    pygame.draw.polygon(big, col, [top, (x, y + r * 0.7), bl, left])
    pygame.draw.polygon(big, _lighten(col, 0.45), [top, left, (x - r * 0.12, y - r * 0.1)])
    pygame.draw.polygon(big, _darken(col, 0.6), (top, right, br, bl, left), max(1, int(r * 0.08)))


def _mine(big: pygame.Surface, cx: float, cy: float, S: float, colour: str, value: int, status: str,
          rng: random.Random) -> None:
    col = MINE_RGB.get(colour, (200, 200, 200))
    if status == "fresh":
        # A seam of ore: the hex is washed with the mine's colour, with crystals round the value.
        wash = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(wash, (*col, 120), hex_corners(cx, cy, S * 0.9))
        big.blit(wash, (0, 0))
        pygame.draw.polygon(big, _lighten(col, 0.2), hex_corners(cx, cy, S * 0.9), max(2, int(S * 0.06)))
        for dx, dy, rr in ((-0.56, -0.2, 0.2), (0.56, -0.2, 0.2), (-0.5, 0.34, 0.16), (0.5, 0.34, 0.16)):
            _gem(big, cx + dx * S, cy + dy * S, rr * S, col)
        # The value, big, on a dark medallion so every colour reads the same way.
        r = S * 0.4
        pygame.draw.circle(big, (24, 18, 12), (cx, cy + S * 0.04), r + S * 0.04)
        pygame.draw.circle(big, _darken(col, 0.45), (cx, cy), r)
        pygame.draw.circle(big, _lighten(col, 0.35), (cx, cy), r, max(2, int(S * 0.06)))
        _number(big, str(value), (cx, cy), int(S * (0.52 if value < 10 else 0.46)), (255, 250, 236))
        return
    # Taken: a dug-out hole where the seam was; the old value stays, small and struck through.
    hole = hex_corners(cx, cy + S * 0.04, S * 0.62)
    pygame.draw.polygon(big, HOLE, hole)
    pygame.draw.polygon(big, _darken(HOLE, 0.4), hex_corners(cx, cy + S * 0.1, S * 0.48))
    if status == "blown":
        # Soot and splinters: a blackened star round the crater.
        soot = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        _burst(soot, (cx, cy), S * 0.86, (18, 14, 12, 150))
        big.blit(soot, (0, 0))
        for _ in range(7):
            a = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(S * 0.45, S * 0.7)
            pygame.draw.circle(big, (70, 60, 56), (cx + math.cos(a) * d, cy + math.sin(a) * d * 0.85),
                               S * rng.uniform(0.04, 0.08))
    for dx, dy in ((-0.22, 0.18), (0.2, 0.24)):
        _gem(big, cx + dx * S, cy + dy * S, S * 0.09, _mix(col, HOLE, 0.4))
    img_size = int(S * 0.3)
    txt = f"{value}"
    f = theme.font(img_size, True)
    img = f.render(txt, True, _mix(col, (200, 190, 170), 0.5))
    rect = img.get_rect(center=(int(cx), int(cy - S * 0.14)))
    big.blit(img, rect)
    pygame.draw.line(big, (230, 220, 200), (rect.x - S * 0.05, rect.centery + S * 0.02),
                     (rect.right + S * 0.05, rect.centery - S * 0.02), max(2, int(S * 0.04)))
    if status == "blown":
        word = theme.font(int(S * 0.18), True).render("BLOWN", True, (255, 180, 120))
        big.blit(word, word.get_rect(center=(int(cx), int(cy + S * 0.52))))


def _number(big: pygame.Surface, text: str, centre: tuple[float, float], size: int, colour: RGB) -> None:
    f = theme.font(size, True)
    img = f.render(text, True, colour)
    back = f.render(text, True, (14, 10, 6))
    rect = img.get_rect(center=(int(centre[0]), int(centre[1])))
    w = max(2, size // 14)
    for dx in (-w, 0, w):
        for dy in (-w, 0, w):
            if dx or dy:
                big.blit(back, rect.move(dx, dy))
    big.blit(img, rect)


def _burst(surf: pygame.Surface, centre: tuple[float, float], r: float, colour: tuple[int, ...]) -> None:
    x, y = centre
    pts = []
    for i in range(16):
        a = math.pi * 2 * i / 16
        rad = r if i % 2 == 0 else r * 0.5
        pts.append((x + math.cos(a) * rad, y + math.sin(a) * rad))
    pygame.draw.polygon(surf, colour, pts)


def _arrow_head(surf: pygame.Surface, tip: tuple[float, float], angle: float, size: float, col: RGB) -> None:
    x, y = tip
    pts = [(x + math.cos(angle) * size, y + math.sin(angle) * size),
           (x + math.cos(angle + 2.5) * size, y + math.sin(angle + 2.5) * size),
           (x + math.cos(angle - 2.5) * size, y + math.sin(angle - 2.5) * size)]
    pygame.draw.polygon(surf, (20, 16, 10), [(px + 1, py + 2) for px, py in pts])
    pygame.draw.polygon(surf, col, pts)


def _fence(surf: pygame.Surface, pts: Sequence[tuple[float, float]], col: RGB, s: float, alpha: int = 255,
           ends: bool = True, seat: int | None = None) -> None:
    """A fence in a seat's colour along `pts` (hex centres): a rail with a post on every hex, and
    on its middle post a disc with the seat's number (as on its miner), so that whose it is never
    rests on the colour alone (orange and green fences are alike to many eyes).

    It reaches a little past both ends (unless `ends` is False: `pts` then begin and end on hex
    edges, and only the points between them get posts), so that even a one-hex barrier reads as
    a fence.
    """
    if not pts:
        return
    posts = list(pts) if ends else list(pts[1:-1])
    if not ends:
        ext = 0.0
    elif len(pts) == 1:
        x, y = pts[0]
        pts = [(x - s * 0.35, y), (x + s * 0.35, y)]
        ext = 0.0
    else:
        ext = s * 0.4
    (ax, ay), (bx, by) = pts[0], pts[1]
    d = math.hypot(bx - ax, by - ay) or 1.0
    start = (ax - (bx - ax) / d * ext, ay - (by - ay) / d * ext)
    (cx, cy), (dx, dy) = pts[-2], pts[-1]
    d2 = math.hypot(dx - cx, dy - cy) or 1.0
    end = (dx + (dx - cx) / d2 * ext, dy + (dy - cy) / d2 * ext)
    line = [start] + list(pts) + [end]
    rail = max(3, int(s * 0.13))
    dark = (16, 12, 8, alpha)
    pygame.draw.lines(surf, dark, False, line, rail + 4)
    pygame.draw.lines(surf, (*col, alpha), False, line, rail)
    pygame.draw.lines(surf, (*_lighten(col, 0.45), alpha), False, line, max(1, rail // 3))
    # A post on every hex: upright pickets read as a fence whichever way the rail runs.
    pw, ph = max(4, int(s * 0.17)), max(8, int(s * 0.5))
    for x, y in posts:
        r = pygame.Rect(0, 0, pw, ph)
        r.midbottom = (int(x), int(y + ph * 0.55))
        pygame.draw.rect(surf, dark, r.inflate(4, 4), border_radius=3)
        pygame.draw.rect(surf, (*_darken(col, 0.1), alpha), r, border_radius=2)
        pygame.draw.rect(surf, (*_lighten(col, 0.45), alpha), (r.x + 1, r.y + 1, max(1, pw // 3), ph - 2),
                         border_radius=1)
        tip = [(r.x, r.y), (r.centerx, r.y - pw * 0.6), (r.right, r.y)]
        pygame.draw.polygon(surf, dark, tip)
    if seat is not None:
        # On a middle post, never the last (the builder stands at the end of the fence it built,
        # its miner over that hex); a fence one hex long has its number above the miner's head.
        if len(posts) >= 2:
            x, y = posts[(len(posts) - 1) // 2]
            at = (x, y - ph * 0.2)
        else:
            x, y = posts[0] if posts else ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            at = (x, y - s * 0.66)
            # (on a flagpole from the post, so that it reads as the fence's)
            pygame.draw.line(surf, (16, 12, 8, alpha), (x, y - ph * 0.4), at, max(2, int(s * 0.06)))
        _seat_badge(surf, at, max(6.0, s * 0.2), col, seat, alpha)


def _seat_badge(surf: pygame.Surface, centre: tuple[float, float], r: float, col: RGB, seat: int,
                alpha: int = 255) -> None:
    """A small disc in the seat's colour with its number, ringed dark."""
    pygame.draw.circle(surf, (16, 12, 8, alpha), centre, r + 2)
    pygame.draw.circle(surf, (*col, alpha), centre, r)
    num = theme.font(max(9, int(r * 1.45)), True).render(str(seat + 1), True, (16, 14, 12))
    if alpha < 255:
        num.set_alpha(alpha)
    surf.blit(num, num.get_rect(center=(int(centre[0]), int(centre[1]) + 1)))


@lru_cache(maxsize=8)
def _block_sprite(s: float) -> pygame.Surface:
    """A blocked hex: boarded up with black-edged timber, a heavy black rim (the rulebook's lines)."""
    w, h = int(2 * s) + 4, int(SQRT3 * s) + 4
    W, H, S = w * SS, h * SS, s * SS
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    cx, cy = W / 2, H / 2
    pygame.draw.polygon(big, (20, 16, 12, 150), hex_corners(cx, cy, S * 0.96))
    plank = (150, 104, 58)
    for angle in (-28, 28):
        a = math.radians(angle)
        dx, dy = math.cos(a) * S * 0.78, math.sin(a) * S * 0.78
        nx, ny = -math.sin(a) * S * 0.13, math.cos(a) * S * 0.13
        pts = [(cx - dx - nx, cy - dy - ny), (cx + dx - nx, cy + dy - ny), (cx + dx + nx, cy + dy + ny),
               (cx - dx + nx, cy - dy + ny)]
        pygame.draw.polygon(big, plank, pts)
        pygame.draw.polygon(big, (18, 14, 10), pts, max(2, int(S * 0.04)))
        for t in (-0.6, 0.6):
            pygame.draw.circle(big, (40, 36, 32), (cx + dx * t, cy + dy * t), S * 0.04)
    pygame.draw.polygon(big, (0, 0, 0), hex_corners(cx, cy, S * 0.93), max(4, int(S * 0.12)))
    return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=64)
def _blocked_value(s: float, colour: str, value: int) -> pygame.Surface:
    """A blocked mine's value, small on its medallion, over the planks."""
    size = int(s * 0.62)
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    col = MINE_RGB.get(colour, (200, 200, 200))
    pygame.draw.circle(big, (14, 10, 6), (c, c), c)
    pygame.draw.circle(big, _darken(col, 0.45), (c, c), c * 0.86)
    pygame.draw.circle(big, _lighten(col, 0.35), (c, c), c * 0.86, max(2, int(c * 0.14)))
    _number(big, str(value), (c, c), int(c * (1.05 if value < 10 else 0.9)), (255, 250, 236))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=16)
def _start_mark(s: float, used: bool) -> pygame.Surface:
    size = int(s * 1.1)
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    d = size * SS * 0.3
    col = (250, 238, 206, 235) if used else (250, 238, 206, 90)
    wdt = max(3, int(size * SS * 0.1))
    for sx in (-1, 1):
        pygame.draw.line(big, (40, 24, 14, 200 if used else 70), (c - d, c - sx * d + SS * 2),
                         (c + d, c + sx * d + SS * 2), wdt + SS * 2)
    for sx in (-1, 1):
        pygame.draw.line(big, col, (c - d, c - sx * d), (c + d, c + sx * d), wdt)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=32)
def miner_token(p: int, s: float) -> pygame.Surface:
    """A seat's miner: a disc in the seat's colour with a miner's helmet and lamp, and the seat number."""
    size = max(16, int(s * 0.92))
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    col = seat_rgb(p)
    pygame.draw.circle(big, (14, 12, 10), (c, c), S * 0.48)
    pygame.draw.circle(big, col, (c, c), S * 0.43)
    pygame.draw.circle(big, _lighten(col, 0.35), (c - S * 0.1, c - S * 0.12), S * 0.3)
    pygame.draw.circle(big, col, (c, c), S * 0.3)
    # The helmet: a dome, its brim and the lamp.
    dome = pygame.Rect(0, 0, S * 0.5, S * 0.42)
    dome.center = (int(c), int(c - S * 0.02))
    pygame.draw.ellipse(big, (30, 26, 22), dome.inflate(S * 0.05, S * 0.05))
    pygame.draw.ellipse(big, (250, 244, 230), dome)
    pygame.draw.rect(big, col, (c - S * 0.3, c + S * 0.04, S * 0.6, S * 0.2))
    brim = pygame.Rect(0, 0, S * 0.66, S * 0.1)
    brim.center = (int(c), int(c + S * 0.06))
    pygame.draw.rect(big, (30, 26, 22), brim.inflate(S * 0.04, S * 0.04), border_radius=int(S * 0.05))
    pygame.draw.rect(big, (250, 244, 230), brim, border_radius=int(S * 0.05))
    pygame.draw.circle(big, (30, 26, 22), (c, c - S * 0.08), S * 0.1)
    pygame.draw.circle(big, (255, 226, 90), (c, c - S * 0.08), S * 0.075)
    f = theme.font(int(S * 0.22), True)
    num = f.render(str(p + 1), True, (16, 14, 12))
    big.blit(num, num.get_rect(center=(int(c), int(c + S * 0.27))))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=8)
def _token_shadow(w: int) -> pygame.Surface:
    surf = pygame.Surface((max(2, int(w * 0.9)), max(2, int(w * 0.32))), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 100), surf.get_rect())
    return surf


@lru_cache(maxsize=256)
def _note_image(text: str, size: int, colour: RGB) -> pygame.Surface:
    f = theme.font(size, True)
    img = f.render(text, True, colour)
    surf = pygame.Surface((img.get_width() + 10, img.get_height() + 4), pygame.SRCALPHA)
    pygame.draw.rect(surf, (14, 12, 10, 215), surf.get_rect(), border_radius=6)
    surf.blit(img, (5, 2))
    return surf


@lru_cache(maxsize=128)
def _label_image(text: str, size: int, good: bool, legal: bool) -> pygame.Surface:
    f = theme.font(size, True)
    colour = GAIN_RGB if good else COST_RGB
    if not legal:
        colour = BAD_RGB
    img = f.render(text, True, colour)
    surf = pygame.Surface((img.get_width() + 20, img.get_height() + 10), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (14, 12, 10, 235), rect, border_radius=10)
    pygame.draw.rect(surf, colour, rect, 2, border_radius=10)
    surf.blit(img, (10, 5))
    return surf


# ---------------------------------------------------------------------------- the compass
@lru_cache(maxsize=32)
def compass_image(size: int, highlight: int = 0, available: tuple[int, ...] = ()) -> pygame.Surface:
    """The direction compass: a hex with the die faces 1-6 on its sides, 1 up, clockwise.

    `highlight` is the direction chosen now (drawn gold with an arrow); `available` the faces the
    player may still pick (drawn bright), the others dim. Empty `available`: all bright.
    """
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    r = S * 0.3
    pygame.draw.circle(big, (20, 18, 16), (c, c + S * 0.01), S * 0.49)
    pygame.draw.circle(big, (52, 44, 36), (c, c), S * 0.47)
    pygame.draw.circle(big, theme.GOLD_DARK, (c, c), S * 0.47, max(2, int(S * 0.015)))
    # A flat-topped hex in the middle, as on the map: each side faces one direction.
    pygame.draw.polygon(big, (110, 82, 54), hex_corners(c, c, r))
    pygame.draw.polygon(big, EDGE, hex_corners(c, c, r), max(2, int(S * 0.012)))
    for d in DIRECTIONS:
        a = math.radians(DIRECTION_ANGLE[d])
        on = not available or d in available
        chosen = d == highlight
        tip_r = r * 0.98
        x0, y0 = c + math.cos(a) * r * 0.18, c + math.sin(a) * r * 0.18
        x1, y1 = c + math.cos(a) * tip_r, c + math.sin(a) * tip_r
        colour = theme.GOLD if chosen else ((236, 226, 200) if on else (120, 110, 96))
        width = max(3, int(S * (0.035 if chosen else 0.02)))
        pygame.draw.line(big, colour, (x0, y0), (x1, y1), width)
        _arrow_head(big, (x1, y1), a, S * (0.07 if chosen else 0.05), colour)
        # The die face on the rim.
        fx, fy = c + math.cos(a) * S * 0.395, c + math.sin(a) * S * 0.395
        fr = S * 0.075
        body = theme.GOLD if chosen else ((236, 228, 210) if on else (92, 86, 78))
        rect = pygame.Rect(0, 0, fr * 2, fr * 2)
        rect.center = (int(fx), int(fy))
        pygame.draw.rect(big, (16, 12, 8), rect.inflate(S * 0.012, S * 0.012), border_radius=int(fr * 0.45))
        pygame.draw.rect(big, body, rect, border_radius=int(fr * 0.4))
        _pips(big, d, (fx, fy), fr * 0.78, (26, 20, 14) if on or chosen else (60, 56, 50))
    pygame.draw.circle(big, (26, 22, 18), (c, c), S * 0.045)
    return pygame.transform.smoothscale(big, (size, size))


def _pips(big: pygame.Surface, value: int, centre: tuple[float, float], half: float, col: RGB) -> None:
    layout = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
              4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
              6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    x, y = centre
    for px, py in layout:
        pygame.draw.circle(big, col, (x + px * half * 0.62, y + py * half * 0.62), half * 0.2)


def direction_vector(d: int) -> tuple[float, float]:
    a = math.radians(DIRECTION_ANGLE[d])
    return (math.cos(a), math.sin(a))

