"""Setting up a new game: how many players, who sits where (human or bot), the seed, who starts."""

from __future__ import annotations

import logging
import random
import time
from typing import Callable

import pygame

from game.bots import PLAYER_LEVELS
from game.core.contract import GameInfo, IllegalAction
from game.core.match import BOT, HUMAN, Match, Seat
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import MessageBox, fit_text, open_table
from game.ui.widgets import Button, Cycler, FocusRing, TextField

log = logging.getLogger(__name__)

# Names for bots, drawn from mining-camp folklore of our own making.
MINER_NAMES = (
    "Dusty Pete", "Nugget Nell", "Pickaxe Pat", "Lantern Lou", "Shale Sally", "Mica Mike",
    "Bedrock Betty", "Gravel Gus", "Cornish Kate", "Quartz Quinn", "Tommy Knocker", "Sluice Sue",
    "Flint McGee", "Copper Clem", "Ore-Cart Ollie", "Prospect Polly",
)
NAME_LEN = 16
SEED_LEN = 12
KINDS = ("Human",) + tuple(f"Bot: {level}" for level in PLAYER_LEVELS)


def random_seed() -> int:
    """A seed from the clock, short enough to read out and type in again."""
    return time.time_ns() % 1_000_000_000


class SeatRow:
    """One seat's controls: Human or a bot level, and the name."""

    def __init__(self, index: int, y: int, x: int, on_kind: Callable[[SeatRow], None]) -> None:
        self.index = index
        self.y = y
        self.kind = Cycler((x + 70, y, 250, 48), "", KINDS, 0, lambda _i: on_kind(self), size=18)
        self.name = TextField((x + 336, y, 340, 48), "", max_len=NAME_LEN, placeholder="name", size=19)
        self.default = ""  # the name we filled in, replaced when the kind changes unless edited

    @property
    def is_human(self) -> bool:
        return self.kind.index == 0

    @property
    def level(self) -> str:
        return "" if self.is_human else PLAYER_LEVELS[self.kind.index - 1]


class SetupScene(Scene):
    """Choose players and options for `info`'s game, then start it on its table."""

    def __init__(self, info: GameInfo, *, rng: random.Random | None = None) -> None:
        super().__init__()
        self.info = info
        self.rng = rng or random.Random()
        names = list(MINER_NAMES)
        self.rng.shuffle(names)
        self.bot_names = names
        self.clock = 0.0
        self.rows: list[SeatRow] = []
        left, seats_x = 48, 556
        for i in range(info.max_players):
            row = SeatRow(i, 206 + i * 64, seats_x, self._kind_changed)
            self.rows.append(row)
        # By default, one human against bots of the normal level.
        bot_kind = KINDS.index("Bot: normal") if "Bot: normal" in KINDS else len(KINDS) - 1
        for i, row in enumerate(self.rows):
            row.kind.index = 0 if i == 0 else bot_kind
            row.name.value = row.default = self._default_name(row)
        counts = [str(n) for n in range(info.min_players, info.max_players + 1)]
        start = min(max(3, info.min_players), info.max_players)
        label = f"Players ({info.min_players}-{info.max_players})"
        self.count = Cycler((left, 206, 440, 52), label, counts, counts.index(str(start)),
                            lambda _i: self._refresh(), size=20)
        self.first = Cycler((left, 276, 440, 52), "First player", ["Random"], 0, size=20)
        self.seed = TextField((left + 200, 350, 236, 44), "", max_len=SEED_LEN, allowed=str.isdigit,
                              placeholder="random", size=20)
        self.rules_button = Button((left, 150 + 56 + 64 * info.max_players - 80, 440, 50),
                                   f"Read the rules of {info.title}", self.show_rules, pygame.K_r, size=18)
        self.back_button = Button((left, theme.HEIGHT - 84, 180, 56), "Back", self.back, pygame.K_ESCAPE)
        self.start_button = Button((theme.WIDTH - 48 - 260, theme.HEIGHT - 84, 260, 56), "Start game",
                                   self.start, pygame.K_RETURN, primary=True, size=22)
        self.ring = FocusRing([])
        self._refresh()

    # ---------------------------------------------------------------- model
    @property
    def players(self) -> int:
        return int(self.count.value)

    def set_players(self, n: int) -> None:
        """Set the player count, clamped to what the game allows."""
        n = max(self.info.min_players, min(self.info.max_players, int(n)))
        self.count.index = self.count.values.index(str(n))
        self._refresh()

    def set_seat(self, index: int, *, name: str | None = None, level: str | None = None,
                 human: bool | None = None) -> None:
        """Set a seat from code (tests, remembered setups): its name and Human or a bot level."""
        row = self.rows[index]
        if human is not None or level is not None:
            row.kind.index = 0 if human or level is None else 1 + PLAYER_LEVELS.index(level)
            self._kind_changed(row)
        if name is not None:
            row.name.value = name[:NAME_LEN]
        self._refresh()

    def set_first(self, seat: int | None) -> None:
        """None for a random first player, or the seat that starts."""
        self._refresh()
        self.first.index = 0 if seat is None else 1 + max(0, min(seat, self.players - 1))

    def _default_name(self, row: SeatRow) -> str:
        if row.is_human:
            return f"Player {row.index + 1}"
        return self.bot_names[row.index % len(self.bot_names)]

    def _kind_changed(self, row: SeatRow) -> None:
        # Swap the name along with the kind, unless the player typed one of their own.
        if row.name.value.strip() in ("", row.default):
            row.default = self._default_name(row)
            row.name.value = row.default
        else:
            row.default = self._default_name(row)
        self._refresh()

    def seat_name(self, row: SeatRow) -> str:
        return row.name.value.strip() or self._default_name(row)

    def seats(self) -> list[Seat]:
        """The seats as chosen now (only the first `players` rows)."""
        out = []
        for row in self.rows[:self.players]:
            if row.is_human:
                out.append(Seat(self.seat_name(row), HUMAN))
            else:
                out.append(Seat(self.seat_name(row), BOT, row.level))
        return out

    def first_player(self) -> int | None:
        return None if self.first.index == 0 else self.first.index - 1

    def _refresh(self) -> None:
        """Keep the first-player choices and the keyboard order in step with the seats."""
        keep = self.first.index
        names = [fit_text(self.seat_name(r), 150, 20) for r in self.rows[:self.players]]
        self.first.values = ["Random"] + names
        self.first.index = keep if keep < len(self.first.values) else 0
        widgets: list[object] = [self.count, self.first, self.seed]
        for row in self.rows[:self.players]:
            widgets += [row.kind, row.name]
        widgets += [self.rules_button, self.back_button, self.start_button]
        # Keep keyboard focus on the same widget, without re-focusing a field the player just left.
        ring = self.ring
        current = ring.widgets[ring.index] if 0 <= ring.index < len(ring.widgets) else None
        for w in ring.widgets:
            if w not in widgets and hasattr(w, "focused"):
                w.focused = False  # a seat row that was just hidden
        ring.widgets = widgets
        ring.index = widgets.index(current) if current in widgets else -1

    # ---------------------------------------------------------------- actions
    def build_match(self) -> Match:
        """The match the current choices describe; a new seed from the clock if none was typed."""
        seed = int(self.seed.value) if self.seed.value else random_seed()
        return Match(self.info.name, self.seats(), seed, options={"first_player": self.first_player()})

    def start(self) -> None:
        from game.saves import autosave

        if self.app is None:
            return
        try:
            match = self.build_match()
        except (IllegalAction, ValueError) as exc:
            self.app.push(MessageBox("Cannot start", str(exc)))
            return
        self.app.play("click")
        # Build the table before saving, so a table that cannot open leaves no stray save behind.
        if open_table(self.app, match, replace=True):
            try:
                autosave(match)
            except OSError as exc:
                log.error("autosave failed: %s", exc)

    def back(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def show_rules(self) -> None:
        from game.ui.scenes.rules_page import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(self.info))

    # ---------------------------------------------------------------- frame
    def _fields(self) -> list[TextField]:
        return [self.seed] + [r.name for r in self.rows[:self.players]]

    def _cyclers(self) -> list[Cycler]:
        return [self.count, self.first] + [r.kind for r in self.rows[:self.players]]

    def handle_event(self, event: pygame.event.Event) -> bool:
        fields = self._fields()
        # A field being typed in gets the keys first, so letters never trigger shortcuts.
        typing = next((f for f in fields if f.focused), None)
        if typing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if typing.handle_event(event):
                self._refresh()
                return True
        if self.ring.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            # Every field hears a click, so a click elsewhere ends typing in the last one.
            hit = False
            for f in fields:
                hit = f.handle_event(event) or hit
            if hit:
                focused = next(f for f in fields if f.focused)
                self.ring.index = self.ring.widgets.index(focused)
                self.ring.set(self.ring.widgets)
                return True
        for c in self._cyclers():
            if c.handle_event(event):
                self._refresh()
                return True
        for b in (self.rules_button, self.back_button, self.start_button):
            if b.handle_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.scenes.title import backdrop

        surface.blit(backdrop(), (0, 0))
        veil = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        veil.fill((14, 12, 14, 200))
        surface.blit(veil, (0, 0))

        theme.text(surface, "NEW GAME", (48, 30), 17, theme.GOLD, bold=True)
        theme.text(surface, self.info.title, (46, 50), 56, theme.GOLD, title=True)
        theme.text(surface, fit_text(self.info.blurb, theme.WIDTH - 96, 18), (48, 118), 18, theme.INK_DIM)

        # Left: the table's options, in a panel as tall as the seats panel.
        left = pygame.Rect(28, 150, 480, 56 + 64 * self.info.max_players)
        theme.panel(surface, left, (34, 30, 30), (76, 64, 50), 14)
        theme.text(surface, "Table", (left.x + 20, left.y + 14), 22, theme.INK, bold=True)
        self.count.draw(surface)
        self.first.draw(surface)
        seed_box = pygame.Rect(48, 346, 440, 52)
        theme.panel(surface, seed_box, (50, 46, 44), theme.PANEL_EDGE, 8)
        theme.text(surface, "Seed", (seed_box.x + 12, seed_box.centery), 20, theme.INK_DIM,
                   anchor="midleft")
        self.seed.draw(surface)
        for i, line in enumerate(theme.wrap("Leave empty for a fresh deal. The same seed and seats "
                                            "deal the same game again.", 430, 15)):
            theme.text(surface, line, (52, 406 + i * 20), 15, theme.INK_FAINT)
        self.rules_button.draw(surface)

        # Right: the seats.
        right = pygame.Rect(536, 150, 716, 56 + 64 * self.info.max_players)
        theme.panel(surface, right, (34, 30, 30), (76, 64, 50), 14)
        theme.text(surface, "Seats", (right.x + 20, right.y + 14), 22, theme.INK, bold=True)
        theme.text(surface, "Tab moves between fields; Left/Right change a choice.",
                   (right.right - 20, right.y + 20), 14, theme.INK_FAINT, anchor="topright")
        for row in self.rows[:self.players]:
            colour = theme.SEAT_COLOURS[row.index % len(theme.SEAT_COLOURS)]
            chip = pygame.Rect(right.x + 20, row.y + 4, 40, 40)
            pygame.draw.circle(surface, colour, chip.center, 20)
            pygame.draw.circle(surface, (20, 18, 16), chip.center, 20, 2)
            theme.text(surface, str(row.index + 1), chip.center, 20, (20, 18, 16), bold=True,
                       anchor="center")
            row.kind.draw(surface)
            row.name.draw(surface)
            if not row.is_human:
                theme.text(surface, "bot", (row.name.rect.right - 10, row.name.rect.centery), 13,
                           theme.INK_FAINT, anchor="midright")
        for row in self.rows[self.players:]:
            slot = pygame.Rect(right.x + 20, row.y, right.w - 40, 48)
            pygame.draw.rect(surface, (44, 40, 38), slot, 1, border_radius=8)
            theme.text(surface, f"Seat {row.index + 1}: empty (raise Players to use it)", slot.center, 15,
                       theme.INK_FAINT, anchor="center")

        humans = sum(1 for r in self.rows[:self.players] if r.is_human)
        summary = ("Bots only: you watch the game." if humans == 0 else
                   "One human against bots." if humans == 1 else
                   f"{humans} humans share this screen" +
                   (" and pass it between turns." if self.info.private_hands else "."))
        theme.text(surface, summary, (self.start_button.rect.x - 24, self.start_button.rect.centery), 17,
                   theme.INK_DIM, anchor="midright")
        self.back_button.draw(surface)
        self.start_button.draw(surface)
