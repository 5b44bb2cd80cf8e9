"""Small scenes that sit over others: a message box, the pause menu and the hot-seat curtain.

Also `open_table`, the one place that turns a match into its table scene, so that a table that
cannot be built (a game whose table is still missing) says so in a message instead of crashing.
"""

from __future__ import annotations

import logging
import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from game.ui import theme
from game.ui.scene import Scene
from game.ui.tween import ease_out_back, ease_out_cubic
from game.ui.widgets import Button, FocusRing

if TYPE_CHECKING:
    from game.core.match import Match
    from game.ui.app import App

log = logging.getLogger(__name__)

# A button of a message box: its label, its shortcut key (or None) and what it does (or None).
ButtonSpec = tuple[str, "int | None", "Callable[[], None] | None"]


@lru_cache(maxsize=1)
def _veil() -> pygame.Surface:
    veil = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    veil.fill((8, 8, 10))
    return veil


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken everything drawn so far, so that an overlay stands out from the scene below."""
    veil = _veil()
    # One opaque surface with a per-surface alpha: cheap to blit at any strength while fading in.
    veil.set_alpha(max(0, min(255, alpha)))
    surface.blit(veil, (0, 0))


def speed_of(app: "App | None") -> float:
    """The animation-speed factor (0 for instant); 1.0 when a scene is not on an app yet."""
    return app.settings.speed if app is not None else 1.0


fit_text = theme.fit_text  # (it lives with the other text helpers; many scenes import it from here)


def open_table(app: "App", match: "Match", *, replace: bool) -> bool:
    """Show the table for `match` (replacing the top scene or pushing over it).

    Returns False, after telling the player in a message box, when the table cannot be built.
    """
    from game.ui.tables import table_for

    try:
        table = table_for(match)
    except (ImportError, KeyError) as exc:
        log.error("no table for %s: %s", match.game, exc)
        app.push(MessageBox("This table is not ready",
                            f"{match.info.title} cannot be shown yet ({exc}). "
                            "Your game is kept; try again after an update."))
        return False
    if replace:
        app.replace(table)
    else:
        app.push(table)
    return True


def untold(app: "App", messages: list[str]) -> list[str]:
    """Of `messages` about the player's files, those `app` has not shown yet in this run (now
    counted as shown). The title and the Replays screen read their folders again whenever they
    come back to the top, after their own message box too: a file that stays as it is (a newer
    version's, a damaged one that could not be moved aside) would bring its message straight
    back, and the screen could never be left."""
    fresh = [m for m in dict.fromkeys(messages) if m not in app.told]
    app.told.update(fresh)
    return fresh


def confirm_delete(app: "App", title: str, what: str, on_delete: Callable[[], None]) -> None:
    """Ask before deleting: `what` "will be gone for good"; D (or a click) deletes, Esc or Enter
    keeps it: the highlighted choice is the one that loses nothing."""
    app.push(MessageBox(title, f"{what} will be gone for good.",
                        [("Delete", pygame.K_d, on_delete), ("Keep it", pygame.K_ESCAPE, None)], default=1))


def seats_summary(match: "Match") -> str:
    """'Ana, Dusty Pete (easy bot) and Bo': who plays in `match`."""
    names = [s.describe() for s in match.seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class MessageBox(Scene):
    """A modal box with a title, wrapped text and one or more buttons.

    Choosing a button closes the box first and then runs its callback (which may push or replace
    scenes). Esc picks the button whose key is Esc, or the only button; with several buttons and
    none on Esc, Esc just closes the box. Enter picks the highlighted button (the first, or
    `default`) unless Tab chose another.
    """

    overlay = True

    def __init__(self, title: str, text: str, buttons: Sequence[ButtonSpec] | None = None,
                 *, width: int = 660, default: int = 0) -> None:
        super().__init__()
        self.title = title
        self.text = text
        self.specs: list[ButtonSpec] = list(buttons) if buttons else [("OK", pygame.K_RETURN, None)]
        self.default = default if 0 <= default < len(self.specs) else 0
        self.width = width
        self.closed = False
        self.age = 0.0
        self.buttons: list[Button] = []
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, width, 200)
        self.ring = FocusRing([])
        self._layout()

    def _layout(self) -> None:
        self.lines = theme.wrap(self.text, self.width - 64, 19)
        # A text taller than the window (eight damaged files, say) scrolls inside the box.
        room = (theme.HEIGHT - 40 - 96 - 90) // 27
        self.shown = len(self.lines) if len(self.lines) <= room else max(3, room)
        self.top = 0
        height = 96 + self.shown * 27 + 90
        self.rect = pygame.Rect(0, 0, self.width, height)
        self.rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        widths = [max(130, theme.font(20, True).size(label)[0] + 56) for label, _, _ in self.specs]
        x = self.rect.right - 32 - sum(widths) - 14 * (len(widths) - 1)
        self.buttons = []
        for i, ((label, key, callback), w) in enumerate(zip(self.specs, widths)):
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            b = Button((x, self.rect.bottom - 74, w, 48), label,
                       lambda cb=callback: self.choose(cb), key, primary=i == self.default)  # type: ignore[misc]
            self.buttons.append(b)
            x += w + 14
        self.ring = FocusRing(self.buttons)

    def choose(self, callback: Callable[[], None] | None) -> None:
        """Close the box, then run `callback`; a second choice in the same frame is ignored."""
        if self.closed:
            return
        self.closed = True
        if self.app is not None and self.app.top is self:
            self.app.pop()
        if self.app is not None:
            self.app.play("click")
        if callback is not None:
            callback()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.closed:
            return True
        if self.ring.handle_event(event):
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: 1 - self.shown,
                    pygame.K_PAGEDOWN: self.shown - 1}.get(event.key)
            if step is not None:
                self.scroll(step)
            elif event.key == pygame.K_ESCAPE:
                if len(self.specs) == 1:
                    self.choose(self.specs[0][2])
                elif not any(key == pygame.K_ESCAPE for _, key, _ in self.specs):
                    self.choose(None)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) or \
                    (event.key == pygame.K_SPACE and len(self.specs) == 1):
                # Enter takes the highlighted button unless Tab focused another.
                self.choose(self.specs[self.default][2])
        # Modal: nothing reaches the scene below.
        return True

    def scroll(self, lines: int) -> None:
        self.top = max(0, min(len(self.lines) - self.shown, self.top + lines))

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface) -> None:
        speed = speed_of(self.app)
        t = 1.0 if speed == 0 else min(1.0, self.age / (0.22 * speed))
        dim(surface, int(170 * ease_out_cubic(t)))
        rect = self.rect.move(0, int(24 * (1 - ease_out_back(t))))
        shadow = rect.move(0, 8)
        pygame.draw.rect(surface, (6, 6, 8), shadow, border_radius=14)
        theme.panel(surface, rect, theme.PANEL, theme.GOLD_DARK, 14, 3)
        pygame.draw.rect(surface, (60, 52, 46), rect.inflate(-12, -12), 1, border_radius=10)
        theme.text(surface, self.title, (rect.x + 32, rect.y + 26), 30, theme.GOLD, title=True)
        y = rect.y + 84
        for line in self.lines[self.top:self.top + self.shown]:
            theme.text(surface, line, (rect.x + 32, y), 19, theme.INK)
            y += 27
        if len(self.lines) > self.shown:
            more = f"lines {self.top + 1}–{self.top + self.shown} of {len(self.lines)}  ·  ↑/↓ or the wheel"
            theme.text(surface, more, (rect.x + 32, rect.bottom - 50), 13, theme.INK_FAINT, anchor="midleft")
        dy = rect.y - self.rect.y
        for b in self.buttons:
            b.rect.y += dy
            b.draw(surface)
            b.rect.y -= dy


class PauseMenu(Scene):
    """The menu that Esc opens over a table: resume, rules, settings, save and leave, quit."""

    overlay = True

    def __init__(self, match: "Match") -> None:
        super().__init__()
        self.match = match
        self.age = 0.0
        self.rect = pygame.Rect(0, 0, 520, 540)
        self.rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        x, w = self.rect.x + 60, self.rect.w - 120
        y0 = self.rect.y + 172
        specs: list[tuple[str, int, Callable[[], None]]] = [
            ("Resume", pygame.K_ESCAPE, self.resume_game),
            ("Rules", pygame.K_r, self.show_rules),
            ("Settings", pygame.K_s, self.show_settings),
            ("Save and leave to menu", pygame.K_m, self.save_and_leave),
            ("Quit game", pygame.K_q, self.quit_game),
        ]
        self.buttons = [Button((x, y0 + i * 62, w, 50), label, cb, key, primary=i == 0, size=21)
                        for i, (label, key, cb) in enumerate(specs)]
        self.ring = FocusRing(self.buttons, arrows=True)
        self.unsaved = ""   # why the game could not be saved, when it could not

    def enter(self) -> None:
        # Saved once more as the menu opens: what its foot says is then so.
        self._save()

    # ---------------------------------------------------------------- actions
    def resume_game(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def show_rules(self) -> None:
        from game.ui.scenes.rulebook import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(self.match.info))

    def show_settings(self) -> None:
        from game.ui.scenes.settings_scene import SettingsScene

        if self.app is not None:
            self.app.push(SettingsScene())

    def _save(self) -> bool:
        from game.saves import autosave, failure_reason

        try:
            autosave(self.match)
        except OSError as exc:  # a full disk must not trap the player in the game
            log.error("autosave failed: %s", exc)
            self.unsaved = failure_reason(exc)
            return False
        self.unsaved = ""
        return True

    def save_and_leave(self) -> None:
        from game.ui.scenes.title import TitleScene

        def leave() -> None:
            if self.app is not None:
                self.app.reset(TitleScene())

        if self._save():
            leave()
        elif self.app is not None:   # asked, not left without a word
            self.app.push(MessageBox(
                "Leave without saving?",
                f"The game could not be saved ({self.unsaved}). Leave anyway, and the moves since "
                "the last save are lost; or stay, and put that right first.",
                [("Leave anyway", pygame.K_l, leave), ("Stay", pygame.K_ESCAPE, None)], default=1))

    def quit_game(self) -> None:
        if self.app is not None:
            self.app.quit()   # (the table saves, and the App asks first when it cannot)

    # ---------------------------------------------------------------- scene
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ring.handle_event(event):
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        return True  # modal

    def update(self, dt: float) -> None:
        self.age += dt

    def subtitle(self) -> str:
        """The game and the move; the seed too, except mid-game where hands are hidden: the seed
        deals every hidden card, and anyone could deal the game again elsewhere to see them."""
        m = self.match
        sub = f"{m.info.title}  ·  move {len(m.actions) + 1}"
        if not m.info.private_hands or m.is_over():
            sub += f"  ·  seed {m.seed}"
        return sub

    def draw(self, surface: pygame.Surface) -> None:
        speed = speed_of(self.app)
        t = 1.0 if speed == 0 else min(1.0, self.age / (0.2 * speed))
        dim(surface, int(185 * ease_out_cubic(t)))
        r = self.rect
        pygame.draw.rect(surface, (6, 6, 8), r.move(0, 8), border_radius=16)
        theme.panel(surface, r, theme.PANEL, theme.GOLD_DARK, 16, 3)
        theme.text(surface, "Paused", (r.centerx, r.y + 28), 44, theme.GOLD, title=True, anchor="midtop")
        m = self.match
        sub = self.subtitle()
        theme.text(surface, fit_text(sub, r.w - 40, 17), (r.centerx, r.y + 86), 17, theme.INK_DIM,
                   anchor="midtop")
        # Who plays, on two lines, or three small ones: smaller rather than cut, so six long
        # names all show.
        summary = seats_summary(m)
        for size, most in ((16, 2), (15, 2), (14, 2), (13, 3)):
            lines = theme.wrap(summary, r.w - 48, size)
            if len(lines) <= most:
                break
        if len(lines) > most:
            lines = lines[:most - 1] + [fit_text(" ".join(lines[most - 1:]), r.w - 48, size)]
        for i, line in enumerate(lines):
            theme.text(surface, line, (r.centerx, r.y + 112 + (size + 5) * i), size, theme.INK_FAINT,
                       anchor="midtop")
        for b in self.buttons:
            b.draw(surface)
        if self.unsaved:
            theme.text(surface, fit_text(f"The game could not be saved: {self.unsaved}", r.w - 40, 15),
                       (r.centerx, r.bottom - 22), 15, theme.DANGER, anchor="midbottom")
        else:
            theme.text(surface, "Your game is saved after every move.", (r.centerx, r.bottom - 22), 15,
                       theme.INK_FAINT, anchor="midbottom")


class PassScreen(Scene):
    """The hot-seat curtain: hides the table until the next player says they are ready.

    It is opaque (not an overlay), so nothing of the table below is drawn while it is up. With a
    `match`, Esc opens the pause menu over the curtain (the table stays hidden). `hint` is a line
    under the call that says what happens next (how to turn the hidden hand up).

    Only a deliberate press lifts it: its button (Space, Enter, a click) wakes `ARMS_AFTER`
    seconds after it comes up, greyed until then, and a key the keyboard repeats never lifts it.
    Space also skips a table's animations, and Enter confirms a move: a player still hurrying the
    last move along (a key held, a second tap, a double click) would otherwise open the next
    player's table to whoever is at the screen.
    """

    overlay = False
    ARMS_AFTER = 0.6

    def __init__(self, name: str, on_ready: Callable[[], None] | None = None, *,
                 match: "Match | None" = None, colour: tuple[int, int, int] = theme.GOLD,
                 hint: str = "") -> None:
        super().__init__()
        self.name = name
        self.hint = hint
        self.on_ready = on_ready
        self.match = match
        self.colour = colour
        self.age = 0.0
        self.done = False
        # The whole name, smaller if it must be: two players whose names differ at the end
        # must tell whose turn it is.
        words = f"I am {name}: show me"
        size = theme.fit_size(words, 420, 22, 15, bold=True)
        label = fit_text(words, 420, size, True)
        self.button = Button((theme.WIDTH // 2 - 240, 470, 480, 64), label, self.ready,
                             pygame.K_SPACE, primary=True, size=size, enabled=False)
        self.ring = FocusRing([self.button])

    @property
    def armed(self) -> bool:
        return self.age >= self.ARMS_AFTER

    def ready(self) -> None:
        if self.done or not self.armed:
            return
        self.done = True
        if self.app is not None and self.app.top is self:
            self.app.pop()
        if self.on_ready is not None:
            self.on_ready()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and getattr(event, "repeat", False):
            return True
        if self.ring.handle_event(event) or self.button.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.ready()
            elif event.key == pygame.K_ESCAPE and self.match is not None and self.app is not None:
                self.app.push(PauseMenu(self.match))
        return True

    def update(self, dt: float) -> None:
        self.age += dt
        self.button.enabled = self.armed

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(_curtain(), (0, 0))
        cx = theme.WIDTH // 2
        # A lantern that sways a little, so the screen is visibly alive and not frozen.
        swing = math.sin(self.age * 1.6) * 0.12
        top = (cx, 0)
        lamp = (cx + int(math.sin(swing) * 150), int(math.cos(swing) * 150))
        pygame.draw.line(surface, (30, 24, 20), top, lamp, 3)
        _lantern(surface, lamp, self.age)
        panel = pygame.Rect(0, 0, 760, 300)
        panel.center = (cx, 420)
        veil = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (14, 12, 12, 200), veil.get_rect(), border_radius=18)
        surface.blit(veil, panel)
        pygame.draw.rect(surface, theme.GOLD_DARK, panel, 2, border_radius=18)
        theme.text(surface, "Pass the screen to", (cx, panel.y + 28), 24, theme.INK_DIM, anchor="midtop")
        size = theme.fit_size(self.name, panel.w - 60, 58, 30, title=True)
        name = fit_text(self.name, panel.w - 60, size)
        y = panel.y + 62 + (58 - size) // 2
        theme.text(surface, name, (cx + 2, y + 4), size, (10, 8, 6), title=True, anchor="midtop")
        theme.text(surface, name, (cx, y), size, self.colour, title=True, anchor="midtop")
        call = f"Everyone else, look away. {self.name}, press Space when ready."
        if theme.width_of(call, 18) > panel.w - 40:   # the name is there, big, just above
            call = "Everyone else, look away. Press Space when ready."
        theme.text(surface, call, (cx, panel.y + (140 if self.hint else 150)), 18, theme.INK, anchor="midtop")
        if self.hint:
            theme.text(surface, fit_text(self.hint, panel.w - 40, 16), (cx, panel.y + 168), 16,
                       theme.INK_DIM, anchor="midtop")
        self.button.draw(surface)
        if self.match is not None:   # on a dark plate, readable over the boards
            words = "Esc: game menu"
            plate = pygame.Rect(0, 0, theme.width_of(words, 15) + 28, 28)
            plate.midbottom = (cx, theme.HEIGHT - 12)
            pygame.draw.rect(surface, (20, 16, 12), plate, border_radius=14)
            pygame.draw.rect(surface, theme.GOLD_DARK, plate, 1, border_radius=14)
            theme.text(surface, words, plate.center, 15, theme.INK_DIM, anchor="center")


@lru_cache(maxsize=1)
def _curtain() -> pygame.Surface:
    """Rough timber boards with nail heads: the curtain drawn once."""
    surf = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    rng = random.Random(42)
    x = 0
    while x < theme.WIDTH:
        w = rng.randint(96, 140)
        base = rng.randint(62, 78)
        board = pygame.Rect(x, 0, w, theme.HEIGHT)
        for y in range(0, theme.HEIGHT, 4):
            # Grain: the shade drifts along the board in slow waves.
            shade = base + int(8 * math.sin(y / (23 + x % 17) + x)) + rng.randint(-2, 2)
            pygame.draw.rect(surf, (shade, int(shade * 0.72), int(shade * 0.48)), (x, y, w, 4))
        for _ in range(3):
            gx = x + rng.randint(10, w - 10)
            pygame.draw.line(surf, (base - 22, int((base - 22) * 0.7), int((base - 22) * 0.45)),
                             (gx, 0), (gx + rng.randint(-6, 6), theme.HEIGHT), 1)
        pygame.draw.line(surf, (24, 16, 10), (board.right - 1, 0), (board.right - 1, theme.HEIGHT), 3)
        pygame.draw.line(surf, (120, 92, 62), (board.x + 1, 0), (board.x + 1, theme.HEIGHT), 1)
        for ny in (70, theme.HEIGHT - 70):
            for nx in (board.x + 16, board.right - 18):
                pygame.draw.circle(surf, (36, 32, 30), (nx, ny), 5)
                pygame.draw.circle(surf, (96, 92, 88), (nx - 1, ny - 1), 2)
        x += w
    # Cross braces top and bottom.
    for y in (150, theme.HEIGHT - 110):
        pygame.draw.rect(surf, (58, 40, 26), (0, y, theme.WIDTH, 34))
        pygame.draw.line(surf, (104, 78, 50), (0, y), (theme.WIDTH, y), 2)
        pygame.draw.line(surf, (20, 14, 10), (0, y + 34), (theme.WIDTH, y + 34), 3)
    vignette = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
    for i in range(24):
        a = int(6 * (24 - i) / 24 * 2)
        frame = (i * 8, i * 6, theme.WIDTH - i * 16, theme.HEIGHT - i * 12)
        pygame.draw.rect(vignette, (0, 0, 0, a), frame, 10)
    surf.blit(vignette, (0, 0))
    return surf


def _lantern(surface: pygame.Surface, pos: tuple[int, int], age: float) -> None:
    """A small miner's lantern with a flickering glow."""
    x, y = pos
    flicker = 0.85 + 0.15 * math.sin(age * 11.0) * math.sin(age * 4.3)
    glow = pygame.Surface((260, 260), pygame.SRCALPHA)
    for r in range(120, 10, -10):
        a = int(flicker * 60 * (1 - r / 130) ** 1.5)
        pygame.draw.circle(glow, (255, 190, 90, a), (130, 130), r)
    surface.blit(glow, (x - 130, y + 24 - 130))
    pygame.draw.rect(surface, (40, 34, 30), (x - 16, y + 2, 32, 8), border_radius=3)
    pygame.draw.rect(surface, (255, 214, 130), (x - 12, y + 10, 24, 30), border_radius=5)
    pygame.draw.rect(surface, (60, 50, 40), (x - 14, y + 9, 28, 32), 3, border_radius=5)
    pygame.draw.rect(surface, (40, 34, 30), (x - 16, y + 40, 32, 7), border_radius=3)
    pygame.draw.circle(surface, (40, 34, 30), (x, y), 5, 2)


__all__ = ["MessageBox", "PauseMenu", "PassScreen", "open_table", "dim", "fit_text", "seats_summary",
           "speed_of"]
