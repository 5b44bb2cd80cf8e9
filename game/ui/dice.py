"""An animated die drawn by code: the eight-sided Dynamite die (and a d6 for other games).

`DieSprite` tumbles (spins, bounces, flickers through numbers) and settles on the value the rules
already rolled; it never rolls anything itself. It also shows whether its owner is still in the
round: upright, or knocked over and greyed ("lying flat": out of the round).

Faces are drawn once per (sides, value, size, look) with supersampling and cached; a frame only
rotates and blits a small surface.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.tween import ease_out_back, ease_out_cubic

RGB = tuple[int, int, int]
SS = 3


@dataclass(frozen=True)
class DieLook:
    """The colours of a die: body, edge, pips/numbers."""

    body: RGB = (204, 46, 38)      # dynamite red
    edge: RGB = (96, 16, 12)
    ink: RGB = (255, 244, 224)


DYNAMITE = DieLook()
GREY = DieLook((118, 110, 104), (52, 48, 46), (214, 208, 200))


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(-90 + 60 * i)), cy + r * math.sin(math.radians(-90 + 60 * i)))
            for i in range(6)]


def die_face(sides: int, value: int, size: int, look: DieLook = DYNAMITE) -> pygame.Surface:
    """The die seen from above showing `value`, `size` pixels square (cached). 0 draws it blank."""
    return _die_face(sides, value, size, look)


@lru_cache(maxsize=256)
def _die_face(sides: int, value: int, size: int, look: DieLook) -> pygame.Surface:
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    white, black = (255, 255, 255), (0, 0, 0)
    if sides == 6:
        body = pygame.Rect(0, 0, S * 0.86, S * 0.86)
        body.center = (int(c), int(c))
        pygame.draw.rect(big, look.edge, body.move(0, S * 0.03), border_radius=int(S * 0.16))
        pygame.draw.rect(big, look.body, body, border_radius=int(S * 0.16))
        inner = body.inflate(-S * 0.12, -S * 0.12)
        pygame.draw.rect(big, _mix(look.body, white, 0.12), inner, border_radius=int(S * 0.12))
        pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(value, [])
        for px, py in pips:
            pygame.draw.circle(big, look.ink, (c + px * S * 0.22, c + py * S * 0.22), S * 0.075)
    else:
        # An octahedron resting on a face, seen from above: a hexagon outline whose top face is the
        # upward triangle; the three side faces are shaded as if lit from the upper left.
        r = S * 0.47
        hexa = _hexagon(c, c + S * 0.02, r)
        tri = [hexa[0], hexa[2], hexa[4]]
        shades = {(0, 1, 2): 0.22, (2, 3, 4): 0.45, (4, 5, 0): -0.1}
        for (a, b, d), amount in shades.items():
            col = _mix(look.body, black, amount) if amount > 0 else _mix(look.body, white, -amount)
            pygame.draw.polygon(big, col, [hexa[a], hexa[b], hexa[d]])
        pygame.draw.polygon(big, _mix(look.body, white, 0.08), tri)
        # A soft highlight along the top face's upper-left edge.
        hl = [hexa[0], hexa[4], (c - r * 0.28, c + r * 0.12), (c, c - r * 0.55)]
        pygame.draw.polygon(big, _mix(look.body, white, 0.2), hl)
        pygame.draw.polygon(big, _mix(look.body, white, 0.08), [(c, c - r * 0.55), (c - r * 0.28, c + r * 0.12),
                                                                 hexa[2], hexa[4]])
        pygame.draw.polygon(big, look.edge, tri, max(1, int(S * 0.025)))
        pygame.draw.polygon(big, look.edge, hexa, max(2, int(S * 0.04)))
        # Fuse marks on the side faces: little dynamite bands, so it reads as the Dynamite die.
        for a, b in ((1, 2), (3, 4), (5, 0)):
            mx, my = (hexa[a][0] + hexa[b][0]) / 2, (hexa[a][1] + hexa[b][1]) / 2
            pygame.draw.circle(big, _mix(look.body, black, 0.5), (mx + (c - mx) * 0.25, my + (c - my) * 0.25),
                               S * 0.025)
    if value and sides != 6:
        fs = int(S * (0.36 if sides == 8 else 0.42))
        f = theme.font(fs, True)
        cy = c + S * 0.1 if sides == 8 else c
        img = f.render(str(value), True, look.ink)
        back = f.render(str(value), True, look.edge)
        rect = img.get_rect(center=(int(c), int(cy)))
        w = max(2, fs // 12)
        for dx in range(-w, w + 1, max(1, w // 2)):
            for dy in range(-w, w + 1, max(1, w // 2)):
                big.blit(back, rect.move(dx, dy))
        big.blit(img, rect)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=64)
def _shadow(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 90), surf.get_rect())
    return surf


class DieSprite:
    """One die on screen: tumbles to a value the rules already rolled, then shows it.

    `roll(value, duration)` starts a tumble that ends on `value` (duration 0 shows it at once);
    `out` lays the die flat (greyed, tipped over) for a player out of the round. A `blank` die
    shows no number until its first roll (a number there reads as a roll that happened).
    """

    def __init__(self, sides: int = 8, size: int = 48, value: int = 0, *, look: DieLook = DYNAMITE,
                 seed: int = 0, blank: bool = False) -> None:
        self.sides = sides
        self.size = size
        self.value = 0 if blank else value or sides
        self.look = look
        self.out = False
        self._tip = 0.0            # 0 upright .. 1 lying flat (animated)
        self._tip_speed = 0.0
        self._rng = random.Random(seed)  # cosmetic only: which numbers flicker past
        self.duration = 0.0
        self.elapsed = 0.0
        self.rolling = False
        self.shown = self.value
        self._flicker_left = 0.0
        self._spin = 0.0
        self._settle = 1.0         # 0..1 after landing: a small pop

    # ----------------------------------------------------------------- control
    def roll(self, value: int, duration: float) -> None:
        """Tumble for `duration` seconds and land on `value` (at once when duration <= 0)."""
        self.value = value
        if duration <= 0:
            self.rolling = False
            self.shown = value
            self._settle = 1.0
            return
        self.rolling = True
        self.duration = duration
        self.elapsed = 0.0
        self._spin = self._rng.choice((-1, 1)) * self._rng.uniform(540, 900)
        self.shown = self._rng.randint(1, self.sides)
        self._flicker_left = 0.0
        self._settle = 0.0

    def settle(self) -> None:
        """Stop tumbling now, showing the final value."""
        self.rolling = False
        self.shown = self.value
        self._settle = 1.0

    def set_out(self, out: bool, duration: float = 0.0) -> None:
        """Lay the die flat (out of the round) or stand it up, animated over `duration` seconds."""
        self.out = out
        target = 1.0 if out else 0.0
        if duration <= 0:
            self._tip = target
            self._tip_speed = 0.0
        else:
            self._tip_speed = 1.0 / duration

    @property
    def busy(self) -> bool:
        """True while tumbling or tipping over."""
        return self.rolling or self._tip != (1.0 if self.out else 0.0)

    def update(self, dt: float) -> None:
        target = 1.0 if self.out else 0.0
        if self._tip != target:
            step = self._tip_speed * dt if self._tip_speed else 1.0
            self._tip = min(target, self._tip + step) if target > self._tip else max(target, self._tip - step)
        if self._settle < 1.0 and not self.rolling:
            self._settle = min(1.0, self._settle + dt / 0.18)
        if not self.rolling:
            return
        self.elapsed += dt
        p = self.elapsed / self.duration
        if p >= 1.0:
            self.rolling = False
            self.shown = self.value
            self._settle = 0.0
            return
        # Numbers flicker fast at first and slow down as the die loses speed.
        self._flicker_left -= dt
        if self._flicker_left <= 0:
            choices = [v for v in range(1, self.sides + 1) if v != self.shown]
            self.shown = self._rng.choice(choices)
            self._flicker_left = 0.05 + 0.16 * p * p

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, center: tuple[float, float], *, lift: float = 1.0) -> pygame.Rect:
        """Draw centred at `center`; `lift` scales how high the bounce goes. Returns the drawn rect."""
        cx, cy = center
        size = self.size
        angle = 0.0
        height = 0.0
        scale = 1.0
        if self.rolling:
            p = min(1.0, self.elapsed / self.duration)
            angle = self._spin * (1 - ease_out_cubic(p))
            # Three bounces, each lower than the last.
            height = abs(math.sin(math.pi * 3 * p)) * (1 - p) ** 1.6 * size * 0.9 * lift
            scale = 1.0 + height / (size * 4)
        elif self._settle < 1.0:
            scale = 1.0 + 0.18 * (1 - ease_out_back(self._settle))
        look = self.look
        tip = self._tip
        if tip > 0:
            look = DieLook(_mix(self.look.body, GREY.body, tip), _mix(self.look.edge, GREY.edge, tip),
                           _mix(self.look.ink, GREY.ink, tip))
        face = die_face(self.sides, self.shown, size, look)
        sw = int(size * (0.9 - 0.3 * min(1.0, height / size)))
        shadow = _shadow(sw, max(2, sw // 3))
        surface.blit(shadow, shadow.get_rect(center=(int(cx + 3), int(cy + size * 0.42))))
        if tip > 0:
            # Knocked over: turned on its side, sunk a little lower, and greyed out.
            angle += 90 * tip
            face = pygame.transform.smoothscale(face, (max(4, int(size * (1 - 0.15 * tip))),
                                                       max(4, int(size * (1 - 0.15 * tip)))))
            cy += size * 0.08 * tip
        if scale != 1.0:
            face = pygame.transform.smoothscale(face, (max(2, int(face.get_width() * scale)),
                                                       max(2, int(face.get_height() * scale))))
        if angle:
            face = pygame.transform.rotate(face, angle)
        rect = face.get_rect(center=(int(cx), int(cy - height)))
        surface.blit(face, rect)
        return rect
