"""The settings screen: animation speed, volume and mute, fullscreen, colour-blind symbols, hints.

Every change applies at once and is saved (through `App.apply_settings`), so there is no OK button
to forget. It is an overlay, so it works over the title and over a table's pause menu alike.
"""

from __future__ import annotations

import logging
import math
import sys
from typing import Callable, Sequence

import pygame

from game.settings import ANIMATION_SPEEDS, Settings
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import dim
from game.ui.tween import ease_in_out_cubic
from game.ui.widgets import Button, Cycler, FocusRing

log = logging.getLogger(__name__)

VOLUME_STEPS = tuple(f"{p}%" for p in range(0, 101, 10))


class ClampedCycler(Cycler):
    """A Cycler that stops at its ends instead of wrapping (100% + 1 step is still 100%)."""

    def step(self, delta: int) -> None:
        new = max(0, min(len(self.values) - 1, self.index + delta))
        if new != self.index:
            self.index = new
            if self.on_change:
                self.on_change(self.index)


class SettingsScene(Scene):
    """Player settings; changes apply immediately and are saved to the settings file."""

    overlay = True

    def __init__(self) -> None:
        super().__init__()
        self.age = 0.0
        self.error = ""
        self.panel = pygame.Rect(0, 0, 780, 600)
        self.panel.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
        x, w = self.panel.x + 110, self.panel.w - 150
        y0 = self.panel.y + 100

        def row(i: int) -> tuple[int, int, int, int]:
            return (x, y0 + i * 56, w, 46)

        self.animation = Cycler(row(0), "Animation speed", [s.capitalize() for s in ANIMATION_SPEEDS], 1,
                                self._set_animation, size=20)
        self.volume = ClampedCycler(row(1), "Sound volume", VOLUME_STEPS, 7, self._set_volume, size=20)
        self.mute = Cycler(row(2), "Sound", ["On", "Muted"], 0, self._set_mute, size=20)
        self.fullscreen = Cycler(row(3), "Fullscreen", ["Off", "On"], 0, self._set_fullscreen, size=20)
        # (Only Ya Blew It!'s gems can tell their colour by colour alone; the other games always
        # show a number, a name or a shape of its own beside it: Big Dig's emerald and amethyst
        # are cut differently.)
        self.symbols = Cycler(row(4), "Ya Blew It! gem symbols", ["On", "Off"], 0, self._set_symbols, size=20)
        self.hints = Cycler(row(5), "Hints at the table", ["On", "Off"], 0, self._set_hints, size=20)
        self.cyclers = [self.animation, self.volume, self.mute, self.fullscreen, self.symbols, self.hints]
        # Shortcut keys per row: (keys that step back, keys that step forward, how the hint reads).
        self.shortcuts: list[tuple[Sequence[int], Sequence[int], str]] = [
            ((), (pygame.K_a,), "A"),
            ((pygame.K_MINUS, pygame.K_KP_MINUS),
             (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS), "- +"),
            ((), (pygame.K_m,), "M"),
            ((), (pygame.K_f,), "F"),
            ((), (pygame.K_c,), "C"),
            ((), (pygame.K_h,), "H"),
        ]
        self.back_button = Button((self.panel.right - 40 - 180, self.panel.bottom - 76, 180, 52), "Done",
                                  self.close, pygame.K_ESCAPE, primary=True)
        self.ring = FocusRing(self.cyclers + [self.back_button], arrows=True)
        self.preview_t = 0.0

    # ---------------------------------------------------------------- settings
    def enter(self) -> None:
        self._sync()

    def _sync(self) -> None:
        """Show the current settings (they may change elsewhere, e.g. F11 toggles fullscreen)."""
        if self.app is None:
            return
        s = self.app.settings
        self.animation.index = ANIMATION_SPEEDS.index(s.animation) if s.animation in ANIMATION_SPEEDS else 1
        self.volume.index = max(0, min(10, round(s.volume * 10)))
        self.mute.index = 1 if s.muted else 0
        # Not muted at 0% is no sound either: the row says so rather than "On".
        self.mute.values[0] = "On" if self.volume.index > 0 else "Silent (0%)"
        self.fullscreen.index = 1 if s.fullscreen else 0
        self.symbols.index = 0 if s.colour_symbols else 1
        self.hints.index = 0 if s.hints else 1

    def _apply(self, change: Callable[[Settings], None], *, click: bool = False) -> None:
        """Make `change` to the App's settings and save them."""
        if self.app is None:
            return
        change(self.app.settings)
        try:
            self.app.apply_settings()
            self.error = ""
        except OSError as exc:  # the change still holds for this session
            log.error("settings not saved: %s", exc)
            self.error = f"The settings could not be saved ({exc.strerror or exc})."
        if click:
            self.app.play("click")

    def _set_animation(self, i: int) -> None:
        self._apply(lambda s: setattr(s, "animation", ANIMATION_SPEEDS[i]))
        self.preview_t = 0.0

    def _set_volume(self, i: int) -> None:
        # Turning the volume up also lifts the mute: that is what the player means (turning it
        # down is not).
        def change(s: Settings) -> None:
            if i / 10 > s.volume:
                s.muted = False
            s.volume = i / 10
        self._apply(change, click=True)
        self._sync()

    def _set_mute(self, i: int) -> None:
        self._apply(lambda s: setattr(s, "muted", i == 1), click=i == 0)

    def _set_fullscreen(self, i: int) -> None:
        self._apply(lambda s: setattr(s, "fullscreen", i == 1))

    def _set_symbols(self, i: int) -> None:
        self._apply(lambda s: setattr(s, "colour_symbols", i == 0), click=True)

    def _set_hints(self, i: int) -> None:
        self._apply(lambda s: setattr(s, "hints", i == 0), click=True)

    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    # ---------------------------------------------------------------- frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ring.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            for cycler, (back, forward, _) in zip(self.cyclers, self.shortcuts):
                if event.key in forward:
                    cycler.step(1)
                    return True
                if event.key in back:
                    cycler.step(-1)
                    return True
            if event.key == pygame.K_BACKSPACE:
                self.close()
                return True
        for c in self.cyclers:
            if c.handle_event(event):
                return True
        self.back_button.handle_event(event)
        return True  # modal over whatever is below

    def update(self, dt: float) -> None:
        self.age += dt
        self.preview_t += dt
        self._sync()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 190)
        p = self.panel
        pygame.draw.rect(surface, (6, 6, 8), p.move(0, 8), border_radius=16)
        theme.panel(surface, p, theme.PANEL, theme.GOLD_DARK, 16, 3)
        theme.text(surface, "Settings", (p.x + 40, p.y + 26), 42, theme.GOLD, title=True)
        theme.text(surface, "Changes apply at once and are kept for next time.", (p.right - 40, p.y + 46),
                   15, theme.INK_FAINT, anchor="topright")
        for c, (_, _, hint) in zip(self.cyclers, self.shortcuts):
            self._keycap(surface, hint, (p.x + 70, c.rect.centery))
            c.draw(surface)
        self._draw_preview(surface, pygame.Rect(p.x + 40, p.y + 440, p.w - 300, 76))
        notes = []
        if self.app is not None and not self.app.sounds.available:
            notes.append("No sound device was found: the game plays silently.")
        if self.error:
            notes.append(self.error)
        # Stacked up from the line about F11, clear of it, each cut to the room beside Done.
        room = self.back_button.rect.x - 16 - (p.x + 40)
        for i, note in enumerate(notes):
            theme.text(surface, theme.fit_text(note, room, 14), (p.x + 40, p.bottom - 42 - 20 * (len(notes) - i)),
                       14, theme.DANGER if note == self.error else theme.INK_FAINT)
        keys = "F11 or Ctrl+Cmd+F" if sys.platform == "darwin" else "F11"
        theme.text(surface, f"{keys} switches fullscreen anywhere.", (p.x + 40, p.bottom - 22), 14,
                   theme.INK_FAINT, anchor="bottomleft")
        self.back_button.draw(surface)

    @staticmethod
    def _keycap(surface: pygame.Surface, label: str, centre: tuple[int, int]) -> None:
        w = max(34, theme.font(15, True).size(label)[0] + 16)
        cap = pygame.Rect(0, 0, w, 30)
        cap.center = centre
        pygame.draw.rect(surface, (24, 22, 22), cap.move(0, 3), border_radius=6)
        pygame.draw.rect(surface, (70, 64, 58), cap, border_radius=6)
        pygame.draw.rect(surface, (110, 100, 86), cap, 1, border_radius=6)
        theme.text(surface, label, cap.center, 15, theme.INK, bold=True, anchor="center")

    def _draw_preview(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """A gem sliding along a rail at the chosen animation speed, so the choice can be seen."""
        pygame.draw.rect(surface, (30, 28, 28), box, border_radius=10)
        theme.text(surface, "Preview", (box.x + 14, box.y + 8), 14, theme.INK_FAINT)
        rail_y = box.bottom - 22
        x0, x1 = box.x + 40, box.right - 40
        pygame.draw.line(surface, (96, 90, 84), (x0 - 20, rail_y + 12), (x1 + 20, rail_y + 12), 3)
        speed = self.app.settings.speed if self.app is not None else 1.0
        duration, rest = 0.9 * speed, 0.6
        if duration <= 0:
            # Instant: the gem simply appears at the other end, once per beat.
            t = 1.0 if int(self.preview_t / rest) % 2 else 0.0
        else:
            cycle = (duration + rest) * 2
            phase = self.preview_t % cycle
            if phase < duration:
                t = ease_in_out_cubic(phase / duration)
            elif phase < duration + rest:
                t = 1.0
            elif phase < duration * 2 + rest:
                t = 1.0 - ease_in_out_cubic((phase - duration - rest) / duration)
            else:
                t = 0.0
        x = x0 + (x1 - x0) * t
        pts = [(x + 14 * math.cos(k * math.pi / 3), rail_y - 4 + 11 * math.sin(k * math.pi / 3))
               for k in range(6)]
        pygame.draw.polygon(surface, theme.GEM_RGB["blue"], pts)
        pygame.draw.polygon(surface, (200, 220, 255), pts, 2)
        label = self.animation.value
        theme.text(surface, label, (box.right - 14, box.y + 8), 14, theme.GOLD, anchor="topright")
