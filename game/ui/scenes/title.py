"""The title screen: a night-time mine drawn by code, the game's name, and the main menu.

The backdrop (sky, mountains, the mine mouth, rails, a loaded cart) is drawn once into a surface;
each frame adds only what moves: twinkling stars, glinting gems, a flickering lantern.

The menu has two panels. On the right, every game (a row each, laid out for up to five: New game
and Rules), then Replays, Statistics, Settings and Quit. On the left, when there are unfinished
games, **Continue**: one row per saved game, newest first (game, players, how far, when last
played), each with Resume and Delete (which asks first); the list scrolls past three rows.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from functools import lru_cache
import time
from typing import Callable

import pygame

from game import __version__
from game.games import LISTINGS, Listing, get
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import MessageBox, confirm_delete, fit_text, open_table, untold
from game.ui.widgets import Button, FocusRing

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT


# ============================================================================ the backdrop
MINE_MOUTH = pygame.Rect(262, 486, 150, 150)
# The sign over the mouth, which the Continue panel above it must leave clear.
MINE_SIGN = pygame.Rect(MINE_MOUTH.centerx - 60, MINE_MOUTH.y - 52, 120, 34)

@dataclass(frozen=True)
class Glint:
    """A point that flashes now and then: a star or a gem facet."""

    x: int
    y: int
    size: float
    rate: float
    phase: float
    colour: tuple[int, int, int]


def _ridge(rng: random.Random, left: float, right: float, spread: float, levels: int = 8,
           rough: float = 0.56) -> list[float]:
    """Heights along a mountain ridge by midpoint displacement (2**levels + 1 points)."""
    n = 2 ** levels
    ys = [0.0] * (n + 1)
    ys[0], ys[n] = left, right
    step, amp = n, spread
    while step > 1:
        half = step // 2
        for i in range(half, n, step):
            ys[i] = (ys[i - half] + ys[i + half]) / 2 + rng.uniform(-amp, amp)
        step, amp = half, amp * rough
    return ys


def _ridge_polygon(ys: list[float], x0: int, x1: int, bottom: int) -> list[tuple[float, float]]:
    n = len(ys) - 1
    pts = [(x0 + (x1 - x0) * i / n, y) for i, y in enumerate(ys)]
    return [(x0, bottom)] + pts + [(x1, bottom)]


def hill_y(x: float) -> float:
    """The foreground hill's outline over the mine (smooth, so gems can be placed inside it)."""
    t = max(0.0, min(1.0, x / 860))
    return 318 + 330 * t * t + 10 * math.sin(x / 37)


def _gem(surface: pygame.Surface, centre: tuple[float, float], r: float, rgb: tuple[int, int, int],
         tilt: float = 0.0) -> None:
    """A small cut gem: a hexagon with a lighter crown facet and a dark edge."""
    cx, cy = centre
    pts = [(cx + r * math.cos(tilt + k * math.pi / 3), cy + r * 0.8 * math.sin(tilt + k * math.pi / 3))
           for k in range(6)]
    dark = tuple(int(c * 0.45) for c in rgb)
    light = tuple(min(255, int(c * 1.25 + 40)) for c in rgb)
    pygame.draw.polygon(surface, rgb, pts)
    crown = [pts[3], pts[4], pts[5], pts[0], (cx + r * 0.35, cy), (cx - r * 0.35, cy)]
    pygame.draw.polygon(surface, light, crown)
    pygame.draw.polygon(surface, dark, pts, 1)


def _glow(radius: int, rgb: tuple[int, int, int], strength: float) -> pygame.Surface:
    glow = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    for r in range(radius, 2, -4):
        a = int(255 * strength * (1 - r / radius) ** 2)
        pygame.draw.circle(glow, (*rgb, min(255, a)), (radius, radius), r)
    return glow


@lru_cache(maxsize=1)
def _scene_art() -> tuple[pygame.Surface, tuple[Glint, ...], tuple[Glint, ...]]:
    """The still picture, the stars that twinkle and the gem facets that glint (drawn once)."""
    rng = random.Random(1849)  # a fixed seed: the same mountains on every start
    surf = pygame.Surface((W, H))
    surf.blit(theme.vertical_gradient((W, 300), (8, 10, 22), (30, 26, 46)), (0, 0))
    surf.blit(theme.vertical_gradient((W, 200), (30, 26, 46), (104, 56, 44)), (0, 300))
    surf.blit(theme.vertical_gradient((W, 220), (104, 56, 44), (40, 26, 24)), (0, 500))

    stars: list[Glint] = []
    x: float   # (a place on the picture: whole pixels here, fractions of one further down)
    y: float
    for _ in range(190):
        x, y = rng.randrange(W), int(rng.random() ** 1.4 * 420)
        b = rng.randint(90, 230)
        surf.set_at((x, y), (b, b, min(255, b + 20)))
        if rng.random() < 0.22:
            stars.append(Glint(x, y, rng.uniform(2.5, 5.0), rng.uniform(0.4, 1.2), rng.uniform(0, 6.3),
                               (230, 230, 255)))

    # The moon, with a soft halo and two shadowed craters.
    mx, my = 1098, 104
    surf.blit(_glow(150, (220, 210, 170), 0.22), (mx - 150, my - 150))
    pygame.draw.circle(surf, (238, 230, 200), (mx, my), 40)
    pygame.draw.circle(surf, (214, 204, 172), (mx - 12, my - 8), 9)
    pygame.draw.circle(surf, (220, 210, 180), (mx + 14, my + 12), 6)

    # Three ranges of mountains, each nearer one darker and lower on the screen.
    far = _ridge(rng, 360, 330, 120)
    pygame.draw.polygon(surf, (58, 44, 64), _ridge_polygon(far, -10, W + 10, H))
    mid = _ridge(rng, 470, 420, 90)
    mid_poly = _ridge_polygon(mid, -10, W + 10, H)
    pygame.draw.polygon(surf, (40, 31, 42), mid_poly)

    # A pit headframe (the tower over a shaft) on the middle range.
    hx = 640
    base_y = int(mid[int(hx / (W + 20) * (len(mid) - 1))]) + 6
    frame = (30, 22, 28)
    pygame.draw.line(surf, frame, (hx - 34, base_y), (hx - 6, base_y - 96), 5)
    pygame.draw.line(surf, frame, (hx + 34, base_y), (hx + 6, base_y - 96), 5)
    pygame.draw.line(surf, frame, (hx + 34, base_y), (hx + 70, base_y - 60), 4)
    for k in (30, 58):
        pygame.draw.line(surf, frame, (hx - 34 + k * 0.28, base_y - k), (hx + 34 - k * 0.28, base_y - k), 3)
    pygame.draw.circle(surf, frame, (hx, base_y - 102), 15, 4)
    pygame.draw.line(surf, frame, (hx - 15, base_y - 102), (hx + 15, base_y - 102), 2)
    pygame.draw.line(surf, frame, (hx, base_y - 117), (hx, base_y - 87), 2)
    pygame.draw.rect(surf, frame, (hx + 50, base_y - 26, 56, 28))
    roof = [(hx + 46, base_y - 26), (hx + 78, base_y - 44), (hx + 110, base_y - 26)]
    pygame.draw.polygon(surf, frame, roof)
    pygame.draw.rect(surf, (230, 170, 80), (hx + 64, base_y - 18, 8, 8))  # a lit window

    # Ground in front, across the whole width.
    ground = theme.vertical_gradient((W, 120), (34, 26, 24), (16, 13, 13))
    surf.blit(ground, (0, 620))
    for _ in range(70):
        x, y = rng.randrange(W), rng.randint(628, H)
        r = rng.randint(2, 6)
        shade = rng.randint(40, 58)
        pygame.draw.ellipse(surf, (shade, shade - 8, shade - 12), (x, y, r * 2, r))

    # The foreground hill that holds the mine, with rock strata.
    # The hill stands on the ground line; it ends where its slope meets the ground.
    foot = 634
    outline = [(x, hill_y(x)) for x in range(0, 900, 6) if hill_y(x) < foot]
    hill = [(0, foot)] + outline + [(outline[-1][0] + 24, foot)]
    pygame.draw.polygon(surf, (38, 28, 28), hill)
    for _ in range(260):
        x = rng.uniform(0, 840)
        top = hill_y(x)
        if top > foot - 24:
            continue
        y = rng.uniform(top + 10, foot - 12)
        w, h = rng.randint(12, 44), rng.randint(5, 14)
        shade = rng.randint(44, 62)
        pygame.draw.ellipse(surf, (shade, shade - 12, shade - 14), (x, y, w, h))
    for band in range(4):
        pts = []
        for x in range(0, 860, 10):
            y = hill_y(x) + 46 + band * 52 + 8 * math.sin(x / 60 + band)
            if y < foot - 6 and hill_y(x) < foot:
                pts.append((x, y))
        if len(pts) > 1:
            pygame.draw.lines(surf, (56, 42, 38), False, pts, 2)
    pygame.draw.lines(surf, (78, 58, 50), False, outline, 2)
    pygame.draw.line(surf, (22, 17, 16), (0, foot), (outline[-1][0] + 24, foot), 3)

    # The mine mouth: a dark opening with a timber frame.
    mouth = MINE_MOUTH
    pygame.draw.rect(surf, (20, 16, 16), mouth.inflate(26, 16), border_top_left_radius=30,
                     border_top_right_radius=30)
    for i in range(10):
        shade = 14 - i
        pygame.draw.rect(surf, (max(shade, 4), max(shade - 2, 3), max(shade - 2, 3)),
                         mouth.inflate(-i * 12, -i * 8).move(0, i * 4))
    timber, timber_dark, timber_light = (116, 80, 46), (70, 46, 26), (150, 108, 64)
    for px in (mouth.x - 8, mouth.right - 10):
        post = pygame.Rect(px, mouth.y + 6, 18, mouth.h - 6)
        pygame.draw.rect(surf, timber, post)
        pygame.draw.line(surf, timber_light, post.topleft, post.bottomleft, 2)
        pygame.draw.line(surf, timber_dark, post.topright, post.bottomright, 3)
    lintel = pygame.Rect(mouth.x - 22, mouth.y - 8, mouth.w + 44, 20)
    pygame.draw.rect(surf, timber, lintel)
    pygame.draw.line(surf, timber_light, lintel.topleft, lintel.topright, 2)
    pygame.draw.line(surf, timber_dark, lintel.bottomleft, lintel.bottomright, 3)
    # A small sign over the mouth.
    sign = MINE_SIGN
    pygame.draw.line(surf, timber_dark, (sign.x + 18, sign.bottom), (sign.x + 18, lintel.y), 3)
    pygame.draw.line(surf, timber_dark, (sign.right - 18, sign.bottom), (sign.right - 18, lintel.y), 3)
    pygame.draw.rect(surf, (132, 96, 58), sign, border_radius=3)
    pygame.draw.rect(surf, timber_dark, sign, 2, border_radius=3)
    theme.text(surf, "LODE No. 1", sign.center, 15, (46, 30, 18), bold=True, anchor="center")

    # Rails running out of the mouth towards the viewer, with sleepers.
    def rail_point(t: float, side: int) -> tuple[float, float]:
        near = (560 + side * 110, H + 10)
        far = (mouth.centerx + side * 34, mouth.bottom - 4)
        return (far[0] + (near[0] - far[0]) * t, far[1] + (near[1] - far[1]) * t)

    for k in range(9):
        t = (k / 8) ** 1.5
        left, right = rail_point(t, -1), rail_point(t, 1)
        thick = 3 + int(7 * t)
        pygame.draw.line(surf, (72, 50, 32), (left[0] - 8 * t, left[1]), (right[0] + 8 * t, right[1]), thick)
    for side in (-1, 1):
        pygame.draw.line(surf, (120, 116, 112), rail_point(0, side), rail_point(1, side), 4)
        pygame.draw.line(surf, (178, 172, 160), rail_point(0.05, side), rail_point(1, side), 1)

    # A cart heaped with gems on the rails.
    cart = pygame.Rect(0, 0, 150, 64)
    cart.midbottom = (int(rail_point(0.62, 0)[0]), int(rail_point(0.62, 0)[1]) - 8)
    body = [(cart.x, cart.y), (cart.right, cart.y), (cart.right - 14, cart.bottom),
            (cart.x + 14, cart.bottom)]
    gem_glints: list[Glint] = []
    heap = list(theme.GEM_RGB.values())
    for i in range(16):
        gx: float = cart.x + 18 + (i * 37) % 118
        gy = cart.y - 6 - 10 * math.sin(math.pi * (gx - cart.x) / cart.w) + rng.uniform(-4, 4)
        rgb = heap[i % len(heap)]
        _gem(surf, (gx, gy), rng.uniform(9, 13), rgb, rng.uniform(0, 1))
        if i % 3 == 0:
            gem_glints.append(Glint(int(gx - 3), int(gy - 4), rng.uniform(7, 11), rng.uniform(0.3, 0.6),
                                    rng.uniform(0, 6.3), (255, 250, 220)))
    pygame.draw.polygon(surf, (92, 82, 76), body)
    pygame.draw.polygon(surf, (48, 42, 40), body, 3)
    for frac in (0.28, 0.72):
        x = cart.x + cart.w * frac
        pygame.draw.line(surf, (64, 56, 52), (x, cart.y + 3), (x - (frac - 0.5) * 20, cart.bottom - 3), 3)
    pygame.draw.line(surf, (140, 128, 116), (cart.x + 2, cart.y + 2), (cart.right - 2, cart.y + 2), 2)
    for wx in (cart.x + 34, cart.right - 34):
        pygame.draw.circle(surf, (30, 28, 28), (wx, cart.bottom + 4), 14)
        pygame.draw.circle(surf, (110, 104, 98), (wx, cart.bottom + 4), 14, 3)
        pygame.draw.circle(surf, (110, 104, 98), (wx, cart.bottom + 4), 4)

    # Gem veins in the rock of the hill.
    colours = list(theme.GEM_RGB.values())
    for cx, cy, slope in ((100, 468, 0.35), (560, 560, -0.3), (170, 585, -0.2), (660, 604, 0.15),
                          (455, 470, 0.4), (40, 600, 0.25)):
        # A vein: a dark crack in the rock with gems set along it.
        crack = [(cx + dx, cy + dx * slope + rng.uniform(-4, 4)) for dx in range(-46, 50, 12)]
        pygame.draw.lines(surf, (20, 15, 15), False, crack, 5)
        pygame.draw.lines(surf, (70, 54, 48), False, [(x, y + 3) for x, y in crack], 1)
        for _ in range(rng.randint(3, 5)):
            dx = rng.uniform(-38, 38)
            gx, gy = cx + dx, cy + dx * slope + rng.uniform(-3, 3)
            rgb = rng.choice(colours)
            _gem(surf, (gx, gy), rng.uniform(5, 8), rgb, rng.uniform(0, 1))
            if rng.random() < 0.6:
                gem_glints.append(Glint(int(gx), int(gy), rng.uniform(5, 9), rng.uniform(0.25, 0.7),
                                        rng.uniform(0, 6.3), (255, 246, 210)))
    return surf, tuple(stars), tuple(gem_glints)


def backdrop() -> pygame.Surface:
    """The still title picture, also used (darkened) behind the setup screen."""
    return _scene_art()[0]


def _sparkle(surface: pygame.Surface, x: float, y: float, size: float, strength: float,
             rgb: tuple[int, int, int]) -> None:
    """A four-pointed glint; `strength` 0..1 scales its size and brightness."""
    if strength <= 0.02:
        return
    s = size * strength
    c = tuple(int(v * (0.45 + 0.55 * strength)) for v in rgb)
    thin = max(1.0, s * 0.16)
    pygame.draw.polygon(surface, c, [(x - s, y), (x, y - thin), (x + s, y), (x, y + thin)])
    pygame.draw.polygon(surface, c, [(x, y - s), (x + thin, y), (x, y + s), (x - thin, y)])
    pygame.draw.circle(surface, (255, 255, 240), (int(x), int(y)), max(1, int(thin)))


def draw_live_backdrop(surface: pygame.Surface, clock: float) -> None:
    """The backdrop plus what moves on it: twinkling stars, glinting gems, the lantern."""
    still, stars, gems = _scene_art()
    surface.blit(still, (0, 0))
    for g in stars:
        _sparkle(surface, g.x, g.y, g.size, max(0.0, math.sin(clock * g.rate + g.phase)) ** 6, g.colour)
    for g in gems:
        glint = max(0.0, math.sin(clock * g.rate * 2.2 + g.phase)) ** 10
        _sparkle(surface, g.x, g.y, g.size, glint, g.colour)
    _mine_lantern(surface, clock)


@lru_cache(maxsize=1)
def _lantern_glow() -> pygame.Surface:
    return _glow(110, (255, 176, 80), 0.5)


def _mine_lantern(surface: pygame.Surface, clock: float) -> None:
    x, y = 337, 500
    flicker = 0.82 + 0.1 * math.sin(clock * 9.0) + 0.08 * math.sin(clock * 23.0 + 1.0)
    glow = _lantern_glow()
    glow.set_alpha(int(255 * flicker))
    surface.blit(glow, (x - 110, y + 14 - 110))
    pygame.draw.line(surface, (40, 30, 20), (x, y - 12), (x, y), 2)
    pygame.draw.rect(surface, (44, 34, 28), (x - 9, y, 18, 5), border_radius=2)
    pygame.draw.rect(surface, (255, int(200 + 30 * flicker), 120), (x - 7, y + 5, 14, 17), border_radius=4)
    pygame.draw.rect(surface, (60, 46, 34), (x - 8, y + 4, 16, 19), 2, border_radius=4)
    pygame.draw.rect(surface, (44, 34, 28), (x - 9, y + 22, 18, 4), border_radius=2)


@lru_cache(maxsize=4)
def golden_title(msg: str, size: int) -> pygame.Surface:
    """`msg` in the title font, filled with a gold gradient, outlined dark, with a drop shadow."""
    f = theme.font(size, title=True)
    face = f.render(msg, True, (255, 255, 255))
    w, h = face.get_size()
    # White letters times a gradient: the colour shades top to bottom, the alpha (the shape) stays.
    shade = theme.vertical_gradient((w, h), (255, 236, 160), (196, 122, 28))
    face.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    dark = f.render(msg, True, (28, 16, 8))
    pad = 10
    out = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    shadow = f.render(msg, True, (0, 0, 0))
    shadow.set_alpha(140)
    out.blit(shadow, (pad + 5, pad + 7))
    for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3), (-2, -2), (2, 2), (-2, 2), (2, -2)):
        out.blit(dark, (pad + dx, pad + dy))
    out.blit(face, (pad, pad))
    return out


# ============================================================================ the scene
def when_text(stamp: float, now: float | None = None) -> str:
    """When something happened, as a player says it: "just now", "12 min ago", "today 14:03",
    "yesterday 09:10", "3 Nov", "3 Nov 2025"."""
    now = time.time() if now is None else now
    ago = now - stamp
    if 0 <= ago < 60:
        return "just now"
    if 0 <= ago < 3600:
        return f"{int(ago // 60)} min ago"
    try:
        then, today = time.localtime(stamp), time.localtime(now)
    except (OverflowError, OSError, ValueError):   # (a moment the system's clock cannot place)
        return "some time"
    if then.tm_year == today.tm_year and then.tm_yday == today.tm_yday:
        return time.strftime("today %H:%M", then)
    if then.tm_year == today.tm_year and then.tm_yday == today.tm_yday - 1:
        return time.strftime("yesterday %H:%M", then)
    day = str(then.tm_mday) + time.strftime(" %b", then)
    return day if then.tm_year == today.tm_year else f"{day} {then.tm_year}"


MAX_GAME_ROWS = 9
CONTINUE_ROWS = 3    # saved games shown at once; the list scrolls for more


KEYS_LINE = "Tab or ↓ ↑: next button  ·  Enter: press it"

class TitleScene(Scene):
    """The first screen: Continue (the unfinished games), new games, rules, replays, statistics,
    settings, quit. Saved games are read on entering and whenever the player comes back."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = 0.0
        from game.saves import Entry

        self.saves: list[Entry] = []
        self.pending_messages: list[str] = []
        self.buttons: list[Button] = []
        self.ring = FocusRing([])
        self.games: list[Listing] = list(LISTINGS)
        self.panel = pygame.Rect(736, 214, 500, 470)
        self.continue_panel = pygame.Rect(40, 198, 580, 0)
        self.game_rows: list[tuple[Listing, int]] = []
        self.save_rows: list[tuple[int, pygame.Rect]] = []   # (index into saves, row rect)
        self.save_scroll = 0
        self.row_h = 64

    # ---------------------------------------------------------------- saved games
    def _read_saves(self) -> None:
        from game.saves import list_saves

        from game.paths import UserFolderError

        try:
            self.saves, messages = list_saves()
        except UserFolderError as exc:  # it says which folder and why
            log.error("saved games: %s", exc)
            self.saves, messages = [], [str(exc)]
        except Exception as exc:  # never let the saves folder stop the game from starting
            log.exception("reading the saved games failed")
            self.saves, messages = [], [f"The saved games could not be read ({exc})."]
        for m in messages:
            log.warning("saved games: %s", m)
        if self.app is not None:  # the app's own news (logged already): a damaged settings file, ...
            messages = getattr(self.app, "notices", []) + messages
            self.app.notices = []
        self.pending_messages.extend(messages)
        self.save_scroll = max(0, min(self.save_scroll, len(self.saves) - CONTINUE_ROWS))

    @property
    def can_continue(self) -> bool:
        return bool(self.saves)

    # ---------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self._refresh()

    def resume(self) -> None:
        # Back from a game or a dialog: the saved games may have changed meanwhile.
        self._refresh()

    def _refresh(self) -> None:
        self._read_saves()
        self._build()
        self._show_messages()

    def _show_messages(self) -> None:
        if self.pending_messages and self.app is not None:
            fresh = untold(self.app, self.pending_messages)
            self.pending_messages = []
            if fresh:
                self.app.push(MessageBox("Your files", "\n\n".join(fresh)))

    def _build(self) -> None:
        """Lay out both panels; each one's height follows what it holds."""
        self.buttons = []
        self._build_continue()
        self._build_games()
        self.ring = FocusRing(self.buttons, arrows=True, enter_finds_primary=True)

    def _build_continue(self) -> None:
        self.save_rows = []
        if not self.saves:
            self.continue_panel.h = 0
            return
        shown = min(CONTINUE_ROWS, len(self.saves))
        p = self.continue_panel
        # (With more saves than rows, the header says which are shown: the panel keeps its
        # height, clear of the mine's sign below it.)
        p.h = 44 + shown * 58 + 10
        x, w = p.x + 16, p.w - 32
        for k in range(shown):
            i = self.save_scroll + k
            row = pygame.Rect(x, p.y + 44 + k * 58, w, 54)
            self.save_rows.append((i, row))
            resume_key = pygame.K_c if i == 0 else None
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            self.buttons.append(Button((row.right - 196, row.y + 9, 110, 36), "Resume",
                                       lambda i=i: self.resume_save(i), resume_key, primary=i == 0,  # type: ignore[misc]
                                       size=17))
            self.buttons.append(Button((row.right - 80, row.y + 9, 80, 36), "Delete",
                                       lambda i=i: self.ask_delete(i), None, size=15))  # type: ignore[misc]

    def _build_games(self) -> None:
        games = self.games[:MAX_GAME_ROWS]
        width = 520
        room = H - 24 - 200
        row_h = 64 if 22 + 64 * len(games) + 16 + 50 + 22 <= room else 52
        self.row_h = row_h
        height = 22 + row_h * len(games) + 16 + 50 + 22
        top = max(196, 200 + (room - height) // 2)
        self.panel = pygame.Rect(theme.WIDTH - width - 44, top, width, height)
        x, w = self.panel.x + 24, self.panel.w - 48
        y = top + 22
        self.game_rows = []
        bh = min(42, row_h - 14)
        for i, info in enumerate(games):
            self.game_rows.append((info, y))
            by = y + (row_h - 8 - bh) // 2
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            self.buttons.append(Button((x + w - 96 - 10 - 124, by, 124, bh), "New game",
                                       lambda info=info: self.new_game(info), pygame.K_1 + i,  # type: ignore[misc]
                                       primary=not self.can_continue, size=18))
            self.buttons.append(Button((x + w - 96, by, 96, bh), "Rules",
                                       lambda info=info: self.show_rules(info), pygame.K_F1 + i,  # type: ignore[misc]
                                       size=18))
            y += row_h
        y = self.panel.bottom - 22 - 50
        specs: list[tuple[str, Callable[[], None], int]] = [
            ("Replays", self.show_replays, pygame.K_r), ("Statistics", self.show_statistics, pygame.K_t),
            ("Settings", self.show_settings, pygame.K_s), ("Quit", self.quit_game, pygame.K_q)]
        gap = 10
        bw = (w - gap * (len(specs) - 1)) // len(specs)
        for k, (label, cb, key) in enumerate(specs):
            self.buttons.append(Button((x + k * (bw + gap), y, bw, 50), label, cb, key, size=17))

    # ---------------------------------------------------------------- actions
    def resume_save(self, index: int) -> None:
        from game.saves import resume

        if self.app is None or not 0 <= index < len(self.saves):
            return
        self.app.play("click")
        match, message = resume(self.saves[index])
        if match is None:
            self.pending_messages.append(message or "The saved game could not be resumed.")
            self._refresh()
            return
        open_table(self.app, match, replace=False)

    def continue_game(self) -> None:
        """Resume the most recently played game."""
        self.resume_save(0)

    def ask_delete(self, index: int) -> None:
        if self.app is None or not 0 <= index < len(self.saves):
            return
        e = self.saves[index]
        confirm_delete(self.app, "Delete this saved game?",
                       f"{e.title} with {e.players} ({e.progress}, last played {when_text(e.when)})",
                       lambda: self.delete_save(index))

    def delete_save(self, index: int) -> None:
        from game.saves import delete_file

        if not 0 <= index < len(self.saves):
            return
        try:
            delete_file(self.saves[index].path)
        except OSError as exc:
            self.pending_messages.append(f"The saved game could not be deleted ({exc.strerror or exc}).")
        if self.app is not None and self.app.top is self:
            self._refresh()

    def scroll_saves(self, rows: int) -> None:
        top = max(0, len(self.saves) - CONTINUE_ROWS)
        new = max(0, min(top, self.save_scroll + rows))
        if new != self.save_scroll:
            self.save_scroll = new
            self._build()

    def new_game(self, game: Listing) -> None:
        from game.ui.scenes.setup import SetupScene

        if self.app is not None:
            self.app.play("click")
            self.app.push(SetupScene(get(game.name)))

    def show_rules(self, game: Listing) -> None:
        from game.ui.scenes.rulebook import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(get(game.name)))

    def show_replays(self) -> None:
        from game.ui.scenes.replays import ReplaysScene

        if self.app is not None:
            self.app.push(ReplaysScene())

    def show_statistics(self) -> None:
        from game.ui.scenes.statistics import StatisticsScene

        if self.app is not None:
            self.app.push(StatisticsScene())

    def show_settings(self) -> None:
        from game.ui.scenes.settings_scene import SettingsScene

        if self.app is not None:
            self.app.push(SettingsScene())

    def quit_game(self) -> None:
        if self.app is not None:
            self.app.quit()

    def confirm_quit(self) -> None:
        if self.app is not None:
            self.app.push(MessageBox("Leave Mother Lode?",
                                     "Every game in progress is saved and can be continued next time.",
                                     [("Quit", pygame.K_q, self.quit_game),
                                      ("Stay", pygame.K_ESCAPE, None)]))

    # ---------------------------------------------------------------- frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ring.handle_event(event):
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEWHEEL and self.continue_panel.h and \
                self.continue_panel.collidepoint(pygame.mouse.get_pos()):
            self.scroll_saves(-event.y)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.confirm_quit()
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.saves:
                self.scroll_saves(-CONTINUE_ROWS if event.key == pygame.K_PAGEUP else CONTINUE_ROWS)
                return True
        return False

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        draw_live_backdrop(surface, self.clock)
        title = golden_title("Mother Lode", 112)
        surface.blit(title, title.get_rect(midtop=(W // 2, 18)))
        theme.text(surface, "Mining games for the kitchen table", (W // 2 + 2, 162), 24, (0, 0, 0),
                   anchor="midtop")
        theme.text(surface, "Mining games for the kitchen table", (W // 2, 160), 24, (236, 214, 170),
                   anchor="midtop")
        if self.saves:
            self._draw_continue(surface)
        self._draw_panel(surface)
        for b in self.buttons:
            b.draw(surface)
        theme.text(surface, f"v{__version__}", (W - 10, H - 6), 13, theme.INK_FAINT, anchor="bottomright")
        # Every button is reached by the keyboard too, not only those with a key of their own
        # (said only while the title is on top: under Replays those keys choose rows).
        if self.app is None or self.app.top is self:
            theme.text(surface, KEYS_LINE, (10, H - 6), 13, theme.INK_FAINT, anchor="bottomleft")

    @staticmethod
    def _veil(surface: pygame.Surface, rect: pygame.Rect) -> None:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 17, 18, 214), veil.get_rect(), border_radius=16)
        surface.blit(veil, rect)
        pygame.draw.rect(surface, theme.GOLD_DARK, rect, 2, border_radius=16)

    def _draw_continue(self, surface: pygame.Surface) -> None:
        p = self.continue_panel
        self._veil(surface, p)
        theme.text(surface, "Continue", (p.x + 18, p.y + 10), 24, theme.GOLD, bold=True)
        count = len(self.saves)
        label = f"{count} unfinished game{'s' if count != 1 else ''}"
        if count > CONTINUE_ROWS:
            first, last = self.save_scroll + 1, self.save_scroll + len(self.save_rows)
            label = f"{first}-{last} of {count} unfinished · wheel or PgUp/PgDn"
        theme.text(surface, label, (p.right - 18, p.y + 16), 15, theme.INK_DIM, anchor="topright")
        now = time.time()
        for i, row in self.save_rows:
            e = self.saves[i]
            text_w = row.w - 212
            if i != self.save_scroll:
                pygame.draw.line(surface, (70, 60, 52), (row.x, row.y - 3), (row.right, row.y - 3), 1)
            when = when_text(e.when, now)
            when_w = theme.font(14).size(when)[0]
            # The title, and the map played on, a little smaller rather than cut.
            room = text_w - when_w - 12
            size = theme.fit_size(e.heading, room, 18, 14, bold=True)
            head = fit_text(e.heading, room, size, True)
            theme.text(surface, head, (row.x + 2, row.y + 4 + (18 - size) // 2), size, theme.INK, bold=True)
            theme.text(surface, when, (row.x + text_w, row.y + 8), 14, theme.INK_FAINT, anchor="topright")
            who = fit_text(f"{e.progress} · {e.names}", text_w, 14)
            theme.text(surface, who, (row.x + 2, row.y + 30), 14, theme.INK_DIM)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        p = self.panel
        self._veil(surface, p)
        x, w = p.x + 24, p.w - 48
        big = self.row_h >= 64
        for info, y in self.game_rows:
            players = f"{info.min_players}-{info.max_players} players"
            # A long title ("Diamond in the Rough") a little smaller, not cut.
            size = theme.fit_size(info.title, w - 244, 24 if big else 20, 18, True)
            theme.text(surface, fit_text(info.title, w - 244, size, True), (x, y + 4 + (22 - size) // 2),
                       size, theme.INK, bold=True)
            theme.text(surface, players, (x, y + (36 if big else 30)), 15, theme.GOLD)
            line_y = y + self.row_h - 6
            pygame.draw.line(surface, (70, 60, 52), (x, line_y), (x + w, line_y), 1)
