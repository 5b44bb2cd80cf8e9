"""The whole game log on one page, to read back after the game (from the results screen).

The entries are the table's own log entries (its words, colours and headings), wrapped to the
page; the wheel, ↑/↓, PgUp/PgDn and Home/End scroll; Esc goes back.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import dim
from game.ui.widgets import Button

RGB = tuple[int, int, int]
TEXT_TOP = 66   # the first line, below the title
LINE = 22
SIZE = 16


class GameLogScene(Scene):
    """A scrollable page of `entries` (text, colour, heading), newest at the bottom."""

    overlay = True

    def __init__(self, title: str, entries: list[tuple[str, RGB, bool]]) -> None:
        super().__init__()
        self.title = title
        self.rect = pygame.Rect(140, 40, theme.WIDTH - 280, theme.HEIGHT - 80)
        self.lines: list[tuple[str, RGB, bool, bool]] = []
        for text, colour, heading in entries:
            wrapped = theme.wrap(text, self.rect.w - 90, SIZE, heading)
            self.lines.extend((line, colour, heading, i == 0) for i, line in enumerate(wrapped))
        self.back = Button((self.rect.centerx - 90, self.rect.bottom - 58, 180, 44), "Back",
                           self.close, pygame.K_ESCAPE, size=19)
        # As many lines as fit between the title and the Back button.
        self.visible = (self.back.rect.top - 8 - (self.rect.y + TEXT_TOP)) // LINE
        self.top = max(0, len(self.lines) - self.visible)  # open at the end of the game

    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def scroll(self, lines: int) -> None:
        self.top = max(0, min(len(self.lines) - self.visible, self.top + lines))
        self.top = max(0, self.top)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible + 1,
                    pygame.K_PAGEDOWN: self.visible - 1, pygame.K_HOME: -len(self.lines),
                    pygame.K_END: len(self.lines)}.get(event.key)
            if step is not None:
                self.scroll(step)
            elif event.key == pygame.K_BACKSPACE:
                self.close()
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 200)
        r = self.rect
        theme.panel(surface, r, (30, 28, 30), theme.GOLD_DARK, 16, 2)
        theme.text(surface, self.title, (r.x + 30, r.y + 18), 26, theme.GOLD, title=True)
        y = r.y + TEXT_TOP
        for line, colour, heading, first in self.lines[self.top:self.top + self.visible]:
            if heading:
                theme.text(surface, line, (r.x + 30, y), SIZE, colour, bold=True)
            else:
                if first:
                    pygame.draw.circle(surface, colour, (r.x + 36, y + 11), 4)
                theme.text(surface, line, (r.x + 48, y), SIZE, theme.INK if first else theme.INK_DIM)
            y += LINE
        if len(self.lines) > self.visible:
            shown = f"lines {self.top + 1}–{min(len(self.lines), self.top + self.visible)} of " \
                    f"{len(self.lines)}  ·  wheel, ↑/↓, PgUp/PgDn to scroll"
            theme.text(surface, shown, (r.right - 30, r.y + 26), 13, theme.INK_FAINT, anchor="topright")
        self.back.draw(surface)
