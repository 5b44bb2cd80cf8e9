"""Buttons, choosers and text fields, each usable with the mouse and the keyboard."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.ui import theme


def key_name(key: int | None) -> str:
    """How a shortcut key is shown on a button: 'R', 'Space', 'Enter'."""
    if key is None:
        return ""
    name = pygame.key.name(key)
    return {"return": "Enter", "space": "Space", "escape": "Esc"}.get(name, name.upper())


# Keys that leave a text field's selection (the whole text, after Ctrl+A or filled in for the
# player) unselected rather than typed over.
MOVES_OFF_SELECTION = frozenset((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
                                 pygame.K_END, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE))


class Button:
    """A clickable button with an optional keyboard shortcut.

    A disabled button still shows, greyed, and `reason` says why it cannot be used.
    """

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: str,
                 on_click: Callable[[], object], key: int | None = None, *,
                 enabled: bool = True, reason: str = "", primary: bool = False,
                 size: int = 20) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.key = key
        self.enabled = enabled
        self.reason = reason
        self.primary = primary
        self.size = size
        self.hover = False
        self.focused = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            if self.enabled:
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            fill, edge, ink = (52, 50, 50), (74, 70, 66), theme.INK_OFF
        elif self.primary:
            fill = (196, 150, 52) if self.hover or self.focused else theme.GOLD_DARK
            edge, ink = theme.GOLD, (24, 20, 14)
        else:
            fill = (82, 72, 60) if self.hover or self.focused else (62, 56, 50)
            edge, ink = (theme.FOCUS if self.focused else theme.PANEL_EDGE), theme.INK
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (10, 10, 12), shadow, border_radius=8)
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=8)
        if self.focused:   # the keyboard's place: a ring round the button, plain on any fill
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(8, 8), 2, border_radius=11)
        label = self.label
        theme.text(surface, label, self.rect.center, self.size, ink, bold=True, anchor="center", box=self.rect)
        hint = key_name(self.key)
        if hint and self.rect.h >= 34:
            # (A long name, "DELETE", keeps clear of the rounded corner.)
            inset = 6 if len(hint) <= 3 else 9
            theme.text(surface, hint, (self.rect.right - inset, self.rect.bottom - 3), 11,
                       ink if self.enabled else theme.INK_OFF, anchor="bottomright")


class WheelNotches:
    """The wheel as steps of a choice: one a whole notch. A trackpad's stream of small scrolls
    (`precise_y` a fraction) adds up to a notch before it steps; a sideways scroll never steps."""

    def __init__(self) -> None:
        self._part = 0.0

    def notch(self, event: pygame.event.Event) -> int:
        """Whole notches this scroll completes: +1 for each up (away from the player), -1 for
        each down, 0 while a fine scroll is still short of one."""
        y = float(getattr(event, "precise_y", getattr(event, "y", 0)) or 0.0)
        if not y:
            return 0
        if (self._part > 0) != (y > 0):
            self._part = 0.0   # (turned round: what was gathered the other way is dropped)
        self._part += y
        whole = int(self._part)
        self._part -= whole
        return whole


class Cycler:
    """A labelled choice among values, changed with its arrows, a click, or Left/Right when focused."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], label: str,
                 values: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None, *, size: int = 18) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.values = list(values)
        self.index = index
        self.on_change = on_change
        self.size = size
        self.focused = False
        self._wheel = WheelNotches()

    @property
    def value(self) -> str:
        return self.values[self.index]

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        if self.on_change:
            self.on_change(self.index)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        r = self.rect
        left = pygame.Rect(r.right - 200, r.y, 32, r.h)
        right = pygame.Rect(r.right - 32, r.y, 32, r.h)
        return left, right

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            left, _ = self._arrows()
            self.step(-1 if left.collidepoint(event.pos) else 1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                notch = self._wheel.notch(event)
                for _ in range(abs(notch)):
                    self.step(-1 if notch > 0 else 1)
                return True
        if self.focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        theme.panel(surface, r, (50, 46, 44), theme.FOCUS if self.focused else theme.PANEL_EDGE, 8)
        if self.focused:   # the keyboard's ring, as round a button: told from a chosen row's gold
            pygame.draw.rect(surface, theme.FOCUS, r.inflate(8, 8), 2, border_radius=11)
        theme.text(surface, self.label, (r.x + 12, r.centery), self.size, theme.INK_DIM, anchor="midleft")
        left, right = self._arrows()
        theme.text(surface, "<", left.center, self.size + 2, theme.GOLD, bold=True, anchor="center")
        theme.text(surface, ">", right.center, self.size + 2, theme.GOLD, bold=True, anchor="center")
        mid = (left.right + right.left) // 2
        shown = theme.fit_text(self.value, right.left - left.right - 8, self.size, True)
        theme.text(surface, shown, (mid, r.centery), self.size, theme.INK, bold=True, anchor="center")


class TextField:
    """A one-line text entry. Click or Tab to focus; typing edits; Ctrl+A (Cmd+A) selects the
    whole text, which the next letter or Backspace replaces; Enter or Tab leaves."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: str = "", *,
                 max_len: int = 16, allowed: Callable[[str], bool] | None = None,
                 placeholder: str = "", size: int = 18) -> None:
        self.rect = pygame.Rect(rect)
        self.value = value
        self.max_len = max_len
        # Typed text enters here: only what the font can draw (never a box for an emoji).
        self.allowed = allowed or (lambda ch: ch.isprintable() and theme.drawn_by_the_fonts(ch))
        self.placeholder = placeholder
        self.size = size
        self.focused = False
        # The keyboard's focus rests here without typing (left by Esc): ringed as a button is.
        self.ringed = False
        self.selected = False   # the whole text is selected (Ctrl+A): typing replaces it
        self.tag = ""   # small words at the right end ("bot"); the text stops before them
        # A value filled in for the player ("Player 1"): selected as the field gains the focus, so
        # what they type replaces it rather than adding to it.
        self.default = ""

    def gain(self) -> None:
        """The field has just gained the focus (a click, or Tab)."""
        self.selected = bool(self.default) and self.value == self.default

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            self.selected = False
            if self.focused and not was:
                self.gain()
            return self.focused
        if not self.focused:
            self.selected = False
            return False
        if event.type == pygame.TEXTINPUT:
            typed = [ch for ch in event.text if self.allowed(ch)]
            if typed and self.selected:
                self.value = ""
            self.selected = self.selected and not typed
            for ch in typed:
                if len(self.value) < self.max_len:
                    self.value += ch
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.selected = bool(self.value)
                return True
            if event.key == pygame.K_BACKSPACE:
                self.value = "" if self.selected else self.value[:-1]
                self.selected = False
                return True
            if event.key == pygame.K_DELETE and self.selected:
                self.value, self.selected = "", False
                return True
            if event.key in MOVES_OFF_SELECTION:
                self.selected = False
            # (Any other key leaves the selection for the text it types: SDL sends a letter's
            # KEYDOWN, and Shift's, before its TEXTINPUT, which then replaces what is selected.)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.focused = False
                return True
            # Letters arrive as TEXTINPUT; swallow their KEYDOWN so no shortcut fires while typing.
            return event.key not in (pygame.K_TAB,)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        theme.panel(surface, r, (30, 30, 34), theme.FOCUS if self.focused else theme.PANEL_EDGE, 6)
        if self.ringed and not self.focused:
            pygame.draw.rect(surface, theme.FOCUS, r.inflate(8, 8), 2, border_radius=9)
        shown = self.value or self.placeholder
        colour = theme.INK if self.value else theme.INK_FAINT
        room = r.w - 20 - (theme.width_of(self.tag, 13) + 10 if self.tag else 0)
        if theme.width_of(shown, self.size) > room:
            if self.focused and self.value:
                # Typing: the end of the text, where the letters go.
                k = len(shown)
                while k > 1 and theme.width_of("…" + shown[-k:], self.size) > room:
                    k -= 1
                shown = "…" + shown[-k:]
            else:
                shown = theme.fit_text(shown, room, self.size)
        if self.selected and self.focused and self.value:
            mark = pygame.Rect(r.x + 8, r.y + 6, min(theme.width_of(shown, self.size), room) + 4, r.h - 12)
            pygame.draw.rect(surface, (62, 86, 132), mark, border_radius=3)   # a selection
        rect = theme.text(surface, shown, (r.x + 10, r.centery), self.size, colour, anchor="midleft")
        if self.tag:
            theme.text(surface, self.tag, (r.right - 10, r.centery), 13, theme.INK_FAINT, anchor="midright")
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = rect.right + 2 if self.value else r.x + 10
            pygame.draw.line(surface, theme.INK, (x, r.y + 7), (x, r.bottom - 7), 2)


class FocusRing:
    """Tab / Shift+Tab move keyboard focus through a list of widgets; Enter clicks a focused button.
    `arrows`: Down / Up move it too, to the nearest widget below or above (in a menu of buttons
    one above another, the next one; in rows of buttons, the one under it), where the arrows have
    no other use."""

    def __init__(self, widgets: Sequence[object], *, arrows: bool = False,
                 enter_finds_primary: bool = False) -> None:
        self.widgets = list(widgets)
        self.index = -1
        self.arrows = arrows
        # Enter with nothing focused focuses the gold (primary) button: a screen that would lose
        # that Enter otherwise (one whose Enter has no meaning of its own).
        self.enter_finds_primary = enter_finds_primary

    def set(self, widgets: Sequence[object]) -> None:
        self.widgets = list(widgets)
        self.index = min(self.index, len(self.widgets) - 1)
        self._apply()

    def _apply(self) -> None:
        for i, w in enumerate(self.widgets):
            if hasattr(w, "focused"):
                before = w.focused
                w.focused = i == self.index
                if w.focused and not before and hasattr(w, "gain"):
                    w.gain()
            if hasattr(w, "ringed"):
                w.ringed = i == self.index

    def _nearest(self, direction: int) -> int | None:
        """The widget nearest below (`direction` 1) or above (-1) the focused one, in the next row
        that way and the closest across it; None when there is none (the ring goes round then)."""
        here = getattr(self.widgets[self.index], "rect", None)
        if here is None:
            return None
        rows = [(i, r) for i, w in enumerate(self.widgets)
                if i != self.index and (r := getattr(w, "rect", None)) is not None
                and (r.centery - here.centery) * direction > here.h // 2]
        if not rows:
            return None
        return min(rows, key=lambda ir: (abs(ir[1].centery - here.centery), abs(ir[1].centerx - here.centerx)))[0]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or not self.widgets:
            return False
        if self.arrows and event.key in (pygame.K_UP, pygame.K_DOWN) and 0 <= self.index < len(self.widgets):
            nearest = self._nearest(-1 if event.key == pygame.K_UP else 1)
            if nearest is not None:
                self.index = nearest
                self._apply()
                return True
        if event.key == pygame.K_TAB or (self.arrows and event.key in (pygame.K_UP, pygame.K_DOWN)):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            step = -1 if back else 1
            if self.index < 0 and back:
                self.index = 0   # (the first Up from no focus lands on the last)
            self.index = (self.index + step) % len(self.widgets)
            self._apply()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and getattr(event, "repeat", False):
            return True   # (Enter held: one press, wherever it began)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and 0 <= self.index < len(self.widgets):
            w = self.widgets[self.index]
            if isinstance(w, Button):
                if w.enabled:
                    w.on_click()
                return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.index < 0 and self.enter_finds_primary:
            # Nothing has the keyboard yet: Enter shows where it goes (the gold button), and
            # presses it the next time, never at once (an Enter meant for the screen before).
            primary = next((i for i, w in enumerate(self.widgets)
                            if isinstance(w, Button) and w.primary and w.enabled), None)
            if primary is not None:
                self.index = primary
                self._apply()
                return True
        return False
