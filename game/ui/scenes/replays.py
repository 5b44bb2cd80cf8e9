"""The Replays screen: every finished game kept (and unfinished ones retired from Continue).

One row per replay, newest first: the game, the players, the result and the date, with Watch
(the replay viewer from the first move) and Delete (asks first). ↑/↓ choose a row, Enter
watches it, Delete deletes it, the wheel or PgUp/PgDn scroll, Esc goes back.
"""

from __future__ import annotations

import logging
import time

import pygame

from game.core.contract import BadSave
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import MessageBox, confirm_delete, dim, fit_text, untold
from game.ui.widgets import Button

log = logging.getLogger(__name__)

ROWS = 8
ROW_H = 60


class ReplaysScene(Scene):
    """The list of replays in the user data folder."""

    overlay = True

    def __init__(self) -> None:
        super().__init__()
        from game.saves import Entry

        self.entries: list[Entry] = []
        self.messages: list[str] = []
        self.selected = 0
        self.scroll = 0
        self.panel = pygame.Rect(120, 40, theme.WIDTH - 240, theme.HEIGHT - 80)
        self.buttons: list[Button] = []
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.back_button = Button((self.panel.centerx - 90, self.panel.bottom - 60, 180, 44), "Back",
                                  self.close, pygame.K_ESCAPE, size=19)

    # ------------------------------------------------------------------ data
    def enter(self) -> None:
        self._read()

    def resume(self) -> None:
        self._read()

    def _read(self) -> None:
        from game.saves import list_replays

        try:
            self.entries, messages = list_replays()
        except Exception as exc:  # the screen must open whatever the folder holds
            log.exception("reading the replays failed")
            self.entries, messages = [], [f"The replays could not be read ({exc})."]
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self._scroll_to_selected()
        self._layout()
        if self.app is not None:
            messages = untold(self.app, messages)
        if messages and self.app is not None:
            self.app.push(MessageBox("Replays", "\n\n".join(messages)))

    def _scroll_to_selected(self) -> None:
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + ROWS:
            self.scroll = self.selected - ROWS + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.entries) - ROWS)))

    def _layout(self) -> None:
        self.rows = []
        self.buttons = []
        x, w = self.panel.x + 30, self.panel.w - 60
        for k in range(min(ROWS, len(self.entries) - self.scroll)):
            i = self.scroll + k
            row = pygame.Rect(x, self.panel.y + 84 + k * ROW_H, w, ROW_H - 6)
            self.rows.append((i, row))
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            self.buttons.append(Button((row.right - 214, row.y + 8, 120, 38), "Watch",
                                       lambda i=i: self.watch(i), None, primary=i == self.selected,  # type: ignore[misc]
                                       size=17))
            self.buttons.append(Button((row.right - 86, row.y + 8, 86, 38), "Delete",
                                       lambda i=i: self.ask_delete(i), None, size=15))  # type: ignore[misc]

    # ------------------------------------------------------------------ actions
    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def watch(self, index: int) -> None:
        from game.ui.scenes.replay import replay_scene_for_file

        if self.app is None or not 0 <= index < len(self.entries):
            return
        e = self.entries[index]
        self.selected = index
        try:
            scene = replay_scene_for_file(e.path, play=True, title=f"Replay: {e.heading}",
                                          unfinished=not e.finished)
        except BadSave as exc:
            why = str(exc)
            self.app.push(MessageBox("This replay cannot be shown", f"{why[:1].upper()}{why[1:]}."))
            return
        self.app.play("click")
        self.app.push(scene)

    def ask_delete(self, index: int) -> None:
        if self.app is None or not 0 <= index < len(self.entries):
            return
        e = self.entries[index]
        confirm_delete(self.app, "Delete this replay?", f"{e.title} with {e.players} ({e.result})",
                       lambda: self.delete(index))

    def delete(self, index: int) -> None:
        from game.saves import delete_replay

        if not 0 <= index < len(self.entries):
            return
        try:
            delete_replay(self.entries[index].path)
        except OSError as exc:
            log.error("could not delete %s: %s", self.entries[index].path, exc)
            if self.app is not None:   # (said, not left to look ignored)
                if self.app.top is self:
                    self._read()
                self.app.push(MessageBox("Not deleted", f"The replay could not be deleted "
                                                        f"({exc.strerror or exc})."))
                return
        if self.app is not None and self.app.top is self:
            self._read()

    def move(self, delta: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, self.selected + delta))
        self._scroll_to_selected()
        self._layout()

    # ------------------------------------------------------------------ frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back_button.handle_event(event):
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.move(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, row in self.rows:
                if row.collidepoint(event.pos):
                    self.selected = i
                    self._layout()
        elif event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_UP, pygame.K_DOWN):
                self.move(-1 if k == pygame.K_UP else 1)
            elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.move(-ROWS if k == pygame.K_PAGEUP else ROWS)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_w):
                self.watch(self.selected)
            elif k == pygame.K_DELETE or (k == pygame.K_BACKSPACE
                                          and getattr(event, "mod", 0) & pygame.KMOD_META):
                self.ask_delete(self.selected)   # (Cmd+Backspace: a Mac keyboard's Delete)
            elif k == pygame.K_BACKSPACE:
                self.close()
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 200)
        p = self.panel
        pygame.draw.rect(surface, (6, 6, 8), p.move(0, 8), border_radius=16)
        theme.panel(surface, p, theme.PANEL, theme.GOLD_DARK, 16, 3)
        theme.text(surface, "Replays", (p.x + 30, p.y + 18), 38, theme.GOLD, title=True)
        hint = "↑/↓ choose · Enter watch · Del delete · Esc back"
        theme.text(surface, hint, (p.right - 30, p.y + 34), 14, theme.INK_FAINT, anchor="topright")
        if not self.entries:
            theme.text(surface, "No replays yet: every game you finish is kept here to watch again.",
                       (p.centerx, p.y + 200), 18, theme.INK_DIM, anchor="center")
        now = time.time()
        from game.ui.scenes.title import when_text

        for i, row in self.rows:
            e = self.entries[i]
            if i == self.selected:
                pygame.draw.rect(surface, (66, 58, 46), row.inflate(12, 2), border_radius=8)
            else:
                pygame.draw.line(surface, (70, 60, 52), (row.x, row.bottom + 2), (row.right, row.bottom + 2))
            text_w = row.w - 230
            result = e.result if e.finished else f"unfinished, {e.progress}"
            head = fit_text(f"{e.heading} · {result}", text_w, 18, True)
            colour = theme.INK if e.finished else theme.INK_DIM
            theme.text(surface, head, (row.x + 6, row.y + 5), 18, colour, bold=True)
            who = fit_text(f"{e.players} · {e.moves} moves · {when_text(e.when, now)}", text_w, 14)
            theme.text(surface, who, (row.x + 6, row.y + 31), 14, theme.INK_DIM)
        if len(self.entries) > ROWS:
            shown = f"{self.scroll + 1}-{self.scroll + len(self.rows)} of {len(self.entries)}"
            # The folder keeps the latest MAX_REPLAYS: said once it comes near.
            from game.saves import MAX_REPLAYS

            lines = [shown]
            if len(self.entries) >= MAX_REPLAYS - ROWS:
                lines.append(f"the latest {MAX_REPLAYS} are kept, the oldest goes first")
            # Left of the Back button, clear of it.
            room = self.back_button.rect.x - 16 - (p.x + 30)
            for i, line in enumerate(lines):
                y = p.bottom - 38 + (i - (len(lines) - 1) / 2) * 19
                theme.text(surface, fit_text(line, room, 14), (p.x + 30, int(y)), 14, theme.INK_FAINT,
                           anchor="midleft")
        for b in self.buttons:
            b.draw(surface)
        self.back_button.draw(surface)
