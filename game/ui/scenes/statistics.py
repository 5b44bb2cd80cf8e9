"""The Statistics screen: every player known by name, and the chosen player's record.

Left, the players, most recently played first (Up/Down, a click or the wheel). Right, the chosen
player's record per game (played, won, win %, best score, current streak, games played with the
coach's hints), and against each kind
of opponent over all games or in one game (Left/Right or a click on the game); a table with more
rows than the panel holds ends in a row saying how many more there are. "Forget this
player" asks before it deletes anything. The numbers come from `game.stats`; this screen only
reads them, except to forget a player.
"""

from __future__ import annotations

import logging
import math
import time
from typing import Callable, Sequence

import pygame

from game.stats import GameRecord, Profile, Stats, Tally, forget_profile, load_stats
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import MessageBox, fit_text
from game.ui.widgets import Button, FocusRing

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT
LEFT = pygame.Rect(28, 146, 360, 474)
RIGHT = pygame.Rect(408, 146, 844, 474)
CHIP_SIZE, CHIP_GAP = 13, 6   # the "Against" row's game chips: type size and gap
ROW_SMALLEST = 20   # the record tables' rows shrink down to this height, then give up rows
EMPTY_TEXT = "Finish a game with a human player to see statistics here."

# The record tables: (heading, right edge of the column from the table's left; 0 = left-aligned).
GAME_COLUMNS = (("Game", 0), ("Played", 290), ("Won", 400), ("Win %", 480), ("Best score", 620),
                ("Streak", 700), ("With hints", 790))
OPPONENT_COLUMNS = (("Opponent", 0), ("Played", 300), ("Won", 430), ("Win %", 520))


# The clock `when_text` reads "now" from (a test sets it, so that no test meets midnight).
clock: Callable[[], float] = time.time


def when_text(moment: float, now: float | None = None) -> str:
    """'today', 'yesterday', or a date like '3 May 2026'."""
    if moment <= 0:
        return "never"
    now = clock() if now is None else now
    try:
        day, today = time.localtime(moment), time.localtime(now)
    except (OverflowError, OSError, ValueError):   # (a moment the system's clock cannot place)
        return "some time"
    days = (time.mktime((today.tm_year, today.tm_mon, today.tm_mday, 12, 0, 0, 0, 0, -1)) -
            time.mktime((day.tm_year, day.tm_mon, day.tm_mday, 12, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return "today"
    if round(days) == 1:
        return "yesterday"
    return f"{day.tm_mday} {time.strftime('%b', day)} {day.tm_year}"


def percent_text(value: int | None) -> str:
    return "—" if value is None else f"{value}%"


def games_text(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


class StatisticsScene(Scene):
    """Profiles on the left, the chosen one's record on the right; Esc goes back."""

    ROW = 58  # height of a player in the list

    def __init__(self) -> None:
        super().__init__()
        self.clock = 0.0
        self.stats = Stats()
        self.index = 0  # the chosen player
        self.scroll = 0  # the first player shown in the list
        self.hover = -1
        self.view = 0  # the opponents table: 0 = all games, 1.. = the chosen player's games in order
        self.list_rect = pygame.Rect(LEFT.x + 12, LEFT.y + 56, LEFT.w - 24, LEFT.h - 68)
        self.back_button = Button((LEFT.x, H - 84, 180, 54), "Back", self.close, pygame.K_ESCAPE,
                                  primary=True, size=21)
        self.forget_button = Button((RIGHT.right - 270, H - 84, 270, 54), "Forget this player",
                                    self.ask_forget, pygame.K_DELETE, size=19)
        self.ring = FocusRing([self.forget_button, self.back_button])
        self.pending_message: str | None = None

    # ---------------------------------------------------------------- what is shown
    @property
    def profiles(self) -> list[Profile]:
        return self.stats.profiles

    @property
    def selected(self) -> Profile | None:
        return self.profiles[self.index] if 0 <= self.index < len(self.profiles) else None

    @property
    def visible(self) -> int:
        """How many players the list shows at once."""
        return max(1, self.list_rect.h // self.ROW)

    def shown_rows(self) -> list[int]:
        """The indexes of the players the list shows now."""
        return list(range(self.scroll, min(len(self.profiles), self.scroll + self.visible)))

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.list_rect.x, self.list_rect.y + (i - self.scroll) * self.ROW,
                           self.list_rect.w - 14, self.ROW - 6)

    def list_label(self, i: int) -> tuple[str, str]:
        """Player `i`'s two lines in the list, shortened to fit its row."""
        p, w = self.profiles[i], self.row_rect(i).w - 34
        line = f"{games_text(p.played)}, {p.won} won  ·  {when_text(p.last_played)}"
        return fit_text(p.name, w, 19, True), fit_text(line, w, 14)

    def heading(self) -> str:
        """The chosen player's name over the record, shortened to leave room for the date."""
        p = self.selected
        if p is None:
            return ""
        room = RIGHT.w - 48 - theme.font(14).size(self._last_played())[0] - 30
        return fit_text(p.name, room, 34, True)

    def _last_played(self) -> str:
        p = self.selected
        return f"Last played {when_text(p.last_played)}" if p is not None else ""

    def records(self) -> list[GameRecord]:
        p = self.selected
        return p.records() if p is not None else []

    def game_table(self) -> list[tuple[str, ...]]:
        """The chosen player's rows per game, as the screen shows them."""
        rows: list[tuple[str, ...]] = []
        for g in self.records():
            # "2 (1 tied)": one of the two wins was shared; "1 + 1 drawn": a win, and a game
            # whose tie is still to be played off, which is not one.
            won = str(g.won) + (f" ({g.tied} tied)" if g.tied else "") + (
                f" + {g.drawn} drawn" if g.drawn else "")
            rows.append((g.title, str(g.played), won, percent_text(g.percent), g.best_text(), str(g.streak),
                         str(g.hinted)))
        return rows

    def view_names(self) -> list[str]:
        """The choices for the opponents table: all games, then each game the player played."""
        return ["All games"] + [g.title for g in self.records()]

    def opponents(self) -> list[tuple[str, Tally]]:
        p = self.selected
        if p is None:
            return []
        records = self.records()
        if 1 <= self.view <= len(records):
            return records[self.view - 1].opponents()
        return p.opponents()

    def opponent_table(self) -> list[tuple[str, ...]]:
        """The rows of the opponents table for the chosen game (or all games)."""
        return [(kind.capitalize(), str(t.played), str(t.won), percent_text(t.percent))
                for kind, t in self.opponents()]

    def summary(self) -> str:
        p = self.selected
        if p is None:
            return ""
        streak = f"Winning streak: {p.streak}" + (f" (longest {p.longest})" if p.longest > p.streak else "")
        hinted = f"  {games_text(p.hinted)} with hints." if p.hinted else ""
        return (f"{games_text(p.played)} played, {p.won} won ({percent_text(p.percent)}).  "
                f"{streak}.{hinted}")

    # ---------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self.reload()
        if self.pending_message and self.app is not None:
            msg, self.pending_message = self.pending_message, None
            self.app.push(MessageBox("Statistics could not be read", msg))

    def reload(self) -> None:
        """Read the statistics again, keeping the same player chosen when there still is one."""
        keep = self.selected.key if self.selected is not None else None
        try:
            self.stats, message = load_stats()
        except Exception as exc:  # the screen must open whatever is in the user folder
            log.exception("reading the statistics failed")
            self.stats, message = Stats(), f"The statistics could not be read ({exc})."
        if message:
            log.warning("statistics: %s", message)
            self.pending_message = message
        keys = [p.key for p in self.profiles]
        if keep in keys:
            self.index = keys.index(keep)
        self.choose(min(self.index, len(self.profiles) - 1))

    def choose(self, i: int) -> None:
        """Choose player `i` (kept within the list) and scroll the list to show it."""
        old = self.index
        self.index = max(0, min(len(self.profiles) - 1, i))
        if self.index != old:
            self.view = 0
        if self.index < self.scroll:
            self.scroll = self.index
        elif self.index >= self.scroll + self.visible:
            self.scroll = self.index - self.visible + 1
        self.scroll = max(0, min(self.scroll, len(self.profiles) - self.visible))
        # With nobody to forget, the Forget button is neither shown nor reachable with Tab.
        self.forget_button.enabled = self.selected is not None
        self.ring.set([self.forget_button, self.back_button] if self.selected is not None
                      else [self.back_button])

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(len(self.profiles) - self.visible, self.scroll + rows))

    def step_view(self, delta: int) -> None:
        self.view = (self.view + delta) % len(self.view_names())

    # ---------------------------------------------------------------- actions
    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def ask_forget(self) -> None:
        p = self.selected
        if p is None or self.app is None:
            return
        counted = games_text(p.played)
        # A long name is named whole in the words below, not cut in the title.
        title = f"Forget {p.name}?"
        if theme.width_of(title, 30, title=True) > 560:   # (the box's title font and room)
            title = "Forget this player?"
        self.app.push(MessageBox(
            title,
            f"All the statistics of {p.name} ({counted}) will be deleted for good. Games played "
            "under this name later start a new record.",
            [("Keep", pygame.K_ESCAPE, None), ("Forget", pygame.K_f, lambda: self.forget(p.name))]))

    def forget(self, name: str) -> None:
        try:
            forget_profile(name)
        except OSError as exc:
            log.error("could not forget %s: %s", name, exc)
            if self.app is not None:
                self.app.push(MessageBox("Not forgotten", f"The statistics could not be changed "
                                                          f"({exc.strerror or exc})."))
            return
        index = self.index
        self.view = 0
        self.stats = Stats()  # so that reload does not keep the forgotten player chosen
        self.reload()
        self.choose(index)
        if self.pending_message and self.app is not None:
            msg, self.pending_message = self.pending_message, None
            self.app.push(MessageBox("Statistics could not be read", msg))

    # ---------------------------------------------------------------- input
    def _chip_rects(self) -> list[pygame.Rect]:
        names = self.view_names()
        x, y = RIGHT.x + 24 + theme.width_of("Against", 15, True) + 24, self._against_y() - 4
        room = RIGHT.right - 24 - x - CHIP_GAP * (len(names) - 1)
        # Each chip as wide as its title where they all fit; else the widest give up room first,
        # down to one cap (only "Diamond in the Rough" is cut, not every title past a share).
        natural = [theme.font(CHIP_SIZE, True).size(name)[0] + 20 for name in names]
        cap, rest = max(natural, default=0), room
        for i, w in enumerate(sorted(natural)):
            left = len(natural) - i          # the chips from this one up share what remains
            if w * left > rest:
                cap = max(60, rest // left)
                break
            rest -= w
        rects = []
        for w in natural:
            w = min(w, cap)
            rects.append(pygame.Rect(x, y, w, 28))
            x += w + CHIP_GAP
        return rects

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ring.handle_event(event):
            return True
        for b in (self.forget_button, self.back_button):
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                     pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -len(self.profiles),
                     pygame.K_END: len(self.profiles)}
            if event.key in moves and self.profiles:
                self.choose(self.index + moves[event.key])
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected is not None:
                self.step_view(-1 if event.key == pygame.K_LEFT else 1)
                return True
            if event.key == pygame.K_BACKSPACE and getattr(event, "mod", 0) & pygame.KMOD_META:
                self.ask_forget()   # (Cmd+Backspace: a Mac keyboard's Delete)
                return True
            if event.key == pygame.K_BACKSPACE:
                self.close()
                return True
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i in self.shown_rows() if self.row_rect(i).collidepoint(event.pos)), -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in self.shown_rows():
                if self.row_rect(i).collidepoint(event.pos):
                    self.choose(i)
                    return True
            if self.selected is not None:
                for v, rect in enumerate(self._chip_rects()):
                    if rect.collidepoint(event.pos):
                        self.view = v
                        return True
        elif event.type == pygame.MOUSEWHEEL:
            if LEFT.collidepoint(pygame.mouse.get_pos()):
                self.scroll_by(-event.y)
                return True
        return False

    def update(self, dt: float) -> None:
        self.clock += dt

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.scenes.title import backdrop

        surface.blit(backdrop(), (0, 0))
        veil = pygame.Surface((W, H), pygame.SRCALPHA)
        veil.fill((14, 12, 14, 206))
        surface.blit(veil, (0, 0))
        theme.text(surface, "Statistics", (46, 38), 56, theme.GOLD, title=True)
        theme.text(surface, "Only finished games count, for each human player by name.", (RIGHT.x, 80), 17,
                   theme.INK_DIM)
        # (So the Against rows may add up to more games than were played.)
        theme.text(surface, "Against: a game counts once for each kind of opponent at its table.",
                   (RIGHT.x, 104), 14, theme.INK_FAINT)
        self._draw_list(surface)
        if self.selected is None:
            self._draw_empty(surface)
        else:
            self._draw_record(surface, self.selected)
        self.back_button.draw(surface)
        if self.selected is not None:
            hint = "Up/Down: player    Left/Right: opponents per game    Tab: buttons"
            room = self.forget_button.rect.x - self.back_button.rect.right - 40
            centre = ((self.back_button.rect.right + self.forget_button.rect.x) // 2,
                      self.back_button.rect.centery)
            theme.text(surface, fit_text(hint, room, 14), centre, 14, theme.INK_FAINT, anchor="center")
            self.forget_button.draw(surface)

    def _draw_list(self, surface: pygame.Surface) -> None:
        theme.panel(surface, LEFT, (34, 30, 30), (76, 64, 50), 14)
        theme.text(surface, "Players", (LEFT.x + 20, LEFT.y + 14), 22, theme.INK, bold=True)
        n = len(self.profiles)
        if n > self.visible:
            shown = f"{self.scroll + 1}-{self.scroll + self.visible} of {n}"
            theme.text(surface, shown, (LEFT.right - 20, LEFT.y + 22), 13, theme.INK_FAINT, anchor="topright")
        if not n:
            theme.text(surface, "No players yet", (LEFT.centerx, LEFT.y + 110), 17, theme.INK_FAINT,
                       anchor="midtop")
            return
        for i in self.shown_rows():
            r = self.row_rect(i)
            chosen = i == self.index
            if chosen:
                fill, edge = (70, 58, 38), theme.GOLD
            else:
                fill, edge = ((60, 54, 48) if i == self.hover else (46, 42, 40)), (70, 62, 54)
            pygame.draw.rect(surface, fill, r, border_radius=8)
            pygame.draw.rect(surface, edge, r, 2, border_radius=8)
            if chosen:
                pygame.draw.rect(surface, theme.GOLD, (r.x + 6, r.y + 10, 4, r.h - 20), border_radius=2)
            name, line = self.list_label(i)
            theme.text(surface, name, (r.x + 20, r.y + 6), 19, theme.INK if chosen else theme.INK_DIM,
                       bold=True)
            theme.text(surface, line, (r.x + 20, r.y + 31), 14, theme.GOLD if chosen else theme.INK_FAINT)
        if n > self.visible:
            track = pygame.Rect(self.list_rect.right - 6, self.list_rect.y, 6, self.visible * self.ROW - 6)
            pygame.draw.rect(surface, (52, 48, 46), track, border_radius=3)
            h = max(24, track.h * self.visible // n)
            y = track.y + (track.h - h) * self.scroll // max(1, n - self.visible)
            pygame.draw.rect(surface, theme.GOLD_DARK, (track.x, y, track.w, h), border_radius=3)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        theme.panel(surface, RIGHT, (34, 30, 30), (76, 64, 50), 14)
        cx, cy = RIGHT.centerx, RIGHT.y + 180
        _gold_nugget(surface, (cx, cy), self.clock)
        theme.text(surface, "No games recorded yet", (cx, cy + 64), 28, theme.GOLD, title=True,
                   anchor="midtop")
        theme.text(surface, EMPTY_TEXT, (cx, cy + 112), 18, theme.INK, anchor="midtop")
        theme.text(surface, "Each name typed at the setup keeps its own record; bots keep none.",
                   (cx, cy + 142), 15, theme.INK_FAINT, anchor="midtop")

    def _against_y(self) -> int:
        game_rows, _, rh = self._layout()
        return RIGHT.y + 146 + rh * game_rows + 22

    def _row_h(self) -> int:
        return self._layout()[2]

    def _layout(self) -> tuple[int, int, int]:
        """How many rows each table shows (a table with more ends in "and N more") and how tall
        they are: rows shrink when a player has played many games against many kinds of opponent,
        and past the smallest, each table gives up rows, the opponents first, so that both tables
        stay inside the panel whatever the file holds."""
        # Sized for the longest opponents table (all games), so switching games never moves rows.
        p = self.selected
        games = len(self.records())
        kinds = max(1, len(p.opponents()) if p is not None else 0)
        room = RIGHT.h - 146 - 22 - 30 - 24 - 16
        fit = room // ROW_SMALLEST
        if games + kinds <= fit:
            return games, kinds, max(ROW_SMALLEST, min(32, room // (games + kinds)))
        game_rows = min(games, max(fit - kinds, fit - 3))   # (at least two kinds and the "more" row)
        return game_rows, fit - game_rows, ROW_SMALLEST

    def _draw_record(self, surface: pygame.Surface, p: Profile) -> None:
        theme.panel(surface, RIGHT, (34, 30, 30), (76, 64, 50), 14)
        x, w = RIGHT.x + 24, RIGHT.w - 48
        theme.text(surface, self.heading(), (x, RIGHT.y + 14), 34, theme.GOLD, title=True)
        theme.text(surface, self._last_played(), (RIGHT.right - 24, RIGHT.y + 26), 14, theme.INK_FAINT,
                   anchor="topright")
        theme.text(surface, fit_text(self.summary(), w, 17), (x, RIGHT.y + 64), 17, theme.INK)
        game_rows, kind_rows, rh = self._layout()
        theme.text(surface, "By game", (x, RIGHT.y + 98), 15, theme.GOLD, bold=True)
        self._draw_table(surface, x, RIGHT.y + 118, w, GAME_COLUMNS, self.game_table(), rh, game_rows,
                         ("game", "games"))
        y = self._against_y()
        theme.text(surface, "Against", (x, y), 15, theme.GOLD, bold=True)
        for v, (rect, name) in enumerate(zip(self._chip_rects(), self.view_names())):
            on = v == self.view
            pygame.draw.rect(surface, (78, 62, 36) if on else (46, 42, 40), rect, border_radius=14)
            pygame.draw.rect(surface, theme.GOLD if on else (74, 66, 58), rect, 1, border_radius=14)
            theme.text(surface, fit_text(name, rect.w - 16, CHIP_SIZE, True), rect.center, CHIP_SIZE,
                       theme.INK if on else theme.INK_DIM, bold=True, anchor="center")
        rows = self.opponent_table()
        top = y + 30
        shown = self._draw_table(surface, x, top, w, OPPONENT_COLUMNS, rows, rh, kind_rows,
                                 ("kind of opponent", "kinds of opponent"))
        # Win rate against each kind, as a bar beside its row.
        bar_x, bar_w = x + 560, w - 560
        for i, (_, t) in enumerate(self.opponents()[:shown]):
            bar = pygame.Rect(bar_x, top + 24 + i * rh + rh // 2 - 5, bar_w, 10)
            pygame.draw.rect(surface, (56, 50, 46), bar, border_radius=5)
            if t.played:
                fill = bar.copy()
                fill.w = max(10, bar.w * t.won // t.played) if t.won else 0
                if fill.w:
                    pygame.draw.rect(surface, theme.GOLD_DARK, fill, border_radius=5)
        if not rows:
            theme.text(surface, "No opponents yet.", (x, top + 30), 15, theme.INK_FAINT)

    @staticmethod
    def _draw_table(surface: pygame.Surface, x: int, y: int, w: int, columns: Sequence[tuple[str, int]],
                    rows: list[tuple[str, ...]], rh: int, most: int, what: tuple[str, str]) -> int:
        """A header line and striped rows, at most `most` of them: with more, the last says how many
        more `what` (one, many) there are. The first column is left-aligned and fitted to the room the numbers
        beside it leave; a text in another column (a best score in a unit from the file) is fitted
        to its column. Returns how many of `rows` were drawn."""
        for label, right in columns:
            if right:
                theme.text(surface, label, (x + right, y), 14, theme.INK_FAINT, bold=True, anchor="topright")
            else:
                theme.text(surface, label, (x + 10, y), 14, theme.INK_FAINT, bold=True)
        size = 17 if rh >= 28 else 15
        shown = rows if len(rows) <= most else rows[:max(0, most - 1)]
        widest = max((theme.width_of(row[1], size) for row in shown), default=0)
        first_w = columns[1][1] - 24 - max(46, widest)   # (46: room for four digits, as ever)
        for i, row in enumerate(shown):
            ry = y + 24 + i * rh
            if i % 2 == 0:
                pygame.draw.rect(surface, (44, 40, 38), (x, ry, w, rh), border_radius=6)
            for j, ((_, right), cell) in enumerate(zip(columns, row)):
                if j == 0:
                    theme.text(surface, fit_text(cell, first_w, size, True), (x + 10, ry + rh // 2), size,
                               theme.INK, bold=True, anchor="midleft")
                else:
                    room = right - columns[j - 1][1] - (10 if j == 1 else 2)
                    # Smaller before cut ("12 + 1 drawn" in the Won column).
                    fits = theme.fit_size(cell, room, size, size - 4)
                    theme.text(surface, fit_text(cell, room, fits), (x + right, ry + rh // 2), fits,
                               theme.INK, anchor="midright")
        more = len(rows) - len(shown)
        if more:
            ry = y + 24 + len(shown) * rh
            theme.text(surface, f"and {more} more {what[more != 1]}", (x + 10, ry + rh // 2), size,
                       theme.INK_FAINT, anchor="midleft")
        return len(shown)


def _gold_nugget(surface: pygame.Surface, centre: tuple[int, int], clock: float) -> None:
    """A cut gold gem with a glint that comes and goes: the empty screen's picture."""
    cx, cy = centre
    r = 40
    rim = [(cx + r * math.cos(a), cy + r * 0.78 * math.sin(a))
           for a in (math.pi * (k / 3 + 1 / 6) for k in range(6))]
    table = [(cx + (x - cx) * 0.45, cy - 6 + (y - cy) * 0.45) for x, y in rim]
    pygame.draw.polygon(surface, (10, 8, 6), [(x, y + 6) for x, y in rim])
    shades = [(150, 104, 28), (196, 140, 40), (232, 186, 74), (248, 214, 120), (214, 160, 52), (170, 120, 34)]
    for k in range(6):
        facet = [rim[k], rim[(k + 1) % 6], table[(k + 1) % 6], table[k]]
        pygame.draw.polygon(surface, shades[k], facet)
    pygame.draw.polygon(surface, (252, 226, 150), table)
    pygame.draw.polygon(surface, (90, 60, 16), rim, 2)
    glint = max(0.0, math.sin(clock * 1.3)) ** 8
    if glint > 0.05:
        gx, gy, s = cx - 12, cy - 14, 12 * glint
        white = (255, 250, 230)
        pygame.draw.polygon(surface, white, [(gx - s, gy), (gx, gy - 2), (gx + s, gy), (gx, gy + 2)])
        pygame.draw.polygon(surface, white, [(gx, gy - s), (gx + 2, gy), (gx, gy + s), (gx - 2, gy)])
