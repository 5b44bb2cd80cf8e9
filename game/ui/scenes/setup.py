"""Setting up a new game: how many players, who sits where (human or bot), the seed, who starts.

Gold Mine also chooses its map: the shipped one or any `.tmx` in the user maps folder; a map that
cannot be played is listed with the reason and cannot be chosen. Big Dig's boards are listed the
same way (`MAP_LISTS`: side a, side b, then the players' own boards),
with the Expert rule beside them. When the folder holds more files than are read
(`game.core.tiled.MAX_USER_MAPS` maps of a game, `MAX_USER_MAP_FILES` files), the list ends with a
line saying how many were left out and why.
"""

from __future__ import annotations

import logging
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.bots import PLAYER_LEVELS
from game.core.contract import GameInfo, IllegalAction
from game.core.match import BOT, HUMAN, Match, Seat
from game.core.text import clean_text
from game.core.words import plural
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.dialogs import MessageBox, fit_text, open_table
from game.ui.widgets import Button, Cycler, FocusRing, TextField

if TYPE_CHECKING:
    from game.core.tiled import UserMaps

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
MAP_PANEL = pygame.Rect(28, 474, 1224, 152)  # Gold Mine's map chooser, under the two panels


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

    @property
    def default(self) -> str:
        """The name we filled in, replaced when the kind changes unless edited (and selected as
        its field gains the focus, so that typing replaces it)."""
        return self.name.default

    @default.setter
    def default(self, value: str) -> None:
        self.name.default = value

    @property
    def is_human(self) -> bool:
        return self.kind.index == 0

    @property
    def level(self) -> str:
        return "" if self.is_human else PLAYER_LEVELS[self.kind.index - 1]


@dataclass(frozen=True)
class MapEntry:
    """One line of a map chooser: a playable map or board, or a file that is not one and why."""

    title: str
    source: str                 # "comes with the game" or the file name
    game_map: Any = None        # the game's map (GoldMineMap, Big Dig's Board) when playable
    reason: str = ""            # why it cannot be played
    path: Path | None = None    # the file it was read from
    note: bool = False          # not a map: the files left out of the list, and why (`reason`)

    @property
    def ok(self) -> bool:
        return self.game_map is not None

    @property
    def board(self) -> Any:
        """The same as `game_map`, by the name Big Dig uses."""
        return self.game_map


SHIPPED = "comes with the game"


def map_key(entry: MapEntry) -> str:
    """What the settings keep to find a chosen map again: where it comes from and its file."""
    where = "shipped" if entry.source == SHIPPED else "user"
    return f"{where}:{entry.path.name if entry.path is not None else entry.title}"


def listed_maps(shipped: list[tuple[str, Path]], load: Callable[[Path], Any],
                user_maps: Callable[[Path | None], UserMaps[Any]],
                folder: Path | None = None, what: str = "map") -> list[MapEntry]:
    """The maps a game offers, for any game on Tiled maps: each shipped one (`shipped` holds a
    label, "" for none, and its path) first, titled "label: name", then every map of that game in
    the user maps folder (`folder` for tests) as `user_maps` finds them, those that cannot be
    played with their reason, and last a line (`MapEntry.note`) saying how many files were left
    out, if any, and why. `load` reads one map, raising `game.core.tiled.MapError`; `what` is
    what the game calls a map."""
    from game.core.tiled import MapError, clean_name, shown_file_name

    entries: list[MapEntry] = []
    for label, path in shipped:
        try:
            found = load(path)
            entries.append(MapEntry(f"{label}: {found.name}" if label else found.name, SHIPPED,
                                    found, path=path))
        except MapError as exc:  # a broken install: say so rather than crash
            entries.append(MapEntry(label or "The shipped map", path.name, None, exc.cause))
    listed = user_maps(folder)
    for path, found in listed.found:
        # File names may hold anything the file system allows (bytes that are not UTF-8 too).
        shown = shown_file_name(path)
        if isinstance(found, MapError):
            title = clean_name(shown[:-4].replace("_", " ").title()) or shown
            entries.append(MapEntry(title, shown, None, found.cause, path=path))
        else:
            entries.append(MapEntry(found.name, shown, found, path=path))
    note = left_out_note(listed, what)
    if note is not None:
        entries.append(note)
    return entries


def left_out_note(listed: UserMaps[Any], what: str) -> MapEntry | None:
    """The line ending a map list when files of the user maps folder were not read: how many,
    and why (only the first ones by file name are read, so the setup opens at once)."""
    from game.core.tiled import MAX_USER_MAP_FILES, MAX_USER_MAPS

    left_out, not_looked_at = listed.left_out, listed.not_looked_at
    if not left_out and not not_looked_at:
        return None
    reasons = []
    if left_out:
        reasons.append(f"only the first {MAX_USER_MAPS} {what}s, by file name, are read: "
                       f"{left_out} more {'was' if left_out == 1 else 'were'} left out")
    if not_looked_at:
        reasons.append(f"only the first {MAX_USER_MAP_FILES} .tmx files of all games are looked "
                       f"at: {not_looked_at} more {'was' if not_looked_at == 1 else 'were'} not")
    count = left_out + not_looked_at
    reason = "; ".join(reasons) + ". Move those you do not play out of your maps folder."
    title = f"{plural(count, 'file')} not read"
    return MapEntry(title, "your maps folder", None, reason[0].upper() + reason[1:], note=True)


def gold_mine_maps(folder: Path | None = None) -> list[MapEntry]:
    """The shipped map first, then every Gold Mine map in the user maps folder."""
    from game.games.gold_mine.tmx import load_map, shipped_map_path, user_maps

    return listed_maps([("", shipped_map_path())], load_map, user_maps, folder)


def big_dig_boards(folder: Path | None = None) -> list[MapEntry]:
    """Side a, side b, then every Big Dig board in the user maps folder."""
    from game.games.big_dig.tmx import load_board, shipped_board_path, user_boards

    shipped = [(f"Side {side}", shipped_board_path(side)) for side in ("a", "b")]
    return listed_maps(shipped, load_board, user_boards, folder, "board")


MAP_LISTS: dict[str, Callable[[Path | None], list[MapEntry]]] = {
    "gold_mine": gold_mine_maps,
    "big_dig": big_dig_boards,
}
"""The games played on Tiled maps, each with the function listing its maps."""


def short_summary(game_map: Any) -> str:
    """'91 hexes, 26 mines worth 224$ in all, 8 rocks': one map in a few words (a Big Dig board:
    '12 x 12 squares', its picture says the rest)."""
    if hasattr(game_map, "of_kind"):
        return f"{game_map.width} x {game_map.height} squares"
    mines = game_map.mine_hexes()
    return (f"{plural(len(game_map.tiles), 'hex')}, {plural(len(mines), 'mine')} worth "
            f"{game_map.total_treasure()}$ in all, {plural(len(game_map.rock_hexes()), 'rock')}")


class MapChooser:
    """A list of maps: click a row (or Up/Down, Left/Right when focused) to choose a playable one.

    Rows that are not playable show their reason in red and refuse to be chosen.
    """

    ROW = 34

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], entries: list[MapEntry],
                 on_refuse: Callable[[MapEntry], None] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.entries = entries
        self.on_refuse = on_refuse
        self.index = next((i for i, e in enumerate(entries) if e.ok), -1)
        self.scroll = 0
        self.focused = False
        self.hover = -1

    @property
    def chosen(self) -> MapEntry | None:
        return self.entries[self.index] if 0 <= self.index < len(self.entries) else None

    @property
    def visible(self) -> int:
        return max(1, self.rect.h // self.ROW)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + (i - self.scroll) * self.ROW, self.rect.w, self.ROW - 4)

    def choose(self, i: int) -> bool:
        """Choose entry `i`; False (and nothing changes) when that map cannot be played."""
        if not 0 <= i < len(self.entries):
            return False
        entry = self.entries[i]
        if not entry.ok:
            if self.on_refuse:
                self.on_refuse(entry)
            return False
        self.index = i
        self._show(i)
        return True

    def _show(self, i: int) -> None:
        if i < self.scroll:
            self.scroll = i
        elif i >= self.scroll + self.visible:
            self.scroll = i - self.visible + 1

    def step(self, delta: int) -> None:
        """Move to the next playable map up or down the list (wrapping round)."""
        n = len(self.entries)
        for k in range(1, n + 1):
            j = (self.index + delta * k) % n
            if self.entries[j].ok:
                self.choose(j)
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = -1
            for i in range(self.scroll, min(len(self.entries), self.scroll + self.visible)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.hover = i
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(self.scroll, min(len(self.entries), self.scroll + self.visible)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.choose(i)
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            top = max(0, len(self.entries) - self.visible)
            self.scroll = max(0, min(top, self.scroll - event.y))
            return True
        if self.focused and event.type == pygame.KEYDOWN and event.key in (
                pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for i in range(self.scroll, min(len(self.entries), self.scroll + self.visible)):
            e = self.entries[i]
            r = self.row_rect(i)
            chosen = i == self.index
            if chosen:
                fill, edge = (70, 58, 38), (theme.FOCUS if self.focused else theme.GOLD)
            elif not e.ok:
                fill, edge = (44, 34, 34), (90, 56, 52)
            else:
                fill, edge = ((60, 54, 48) if i == self.hover else (48, 44, 42)), theme.PANEL_EDGE
            pygame.draw.rect(surface, fill, r, border_radius=7)
            pygame.draw.rect(surface, edge, r, 2, border_radius=7)
            if chosen and self.focused:   # the keyboard's ring, as round a button
                pygame.draw.rect(surface, theme.FOCUS, r.inflate(6, 6), 2, border_radius=10)
            mark = "●" if chosen else ("!" if e.note else "✕" if not e.ok else "○")
            theme.text(surface, mark, (r.x + 16, r.centery), 16,
                       theme.GOLD if chosen else (theme.DANGER if not e.ok else theme.INK_DIM), anchor="center")
            name = fit_text(e.title, 250, 17, True)
            theme.text(surface, name, (r.x + 32, r.centery), 17, theme.INK if e.ok else theme.INK_DIM,
                       bold=True, anchor="midleft")
            x = r.x + 40 + theme.font(17, True).size(name)[0]
            if e.ok:
                detail = f"{e.source}  ·  {short_summary(e.game_map)}"
                colour = theme.INK_DIM
            elif e.note:
                detail = e.reason
                colour = (240, 130, 110)
            else:
                detail = f"{e.source}: can't be played: {e.reason}"
                colour = (240, 130, 110)
            theme.text(surface, fit_text(detail, r.right - x - 10, 14), (x, r.centery), 14, colour,
                       anchor="midleft")

    def shown_rows(self) -> str:
        """'1-3 of 5' when the list is longer than its room, else ""."""
        if len(self.entries) <= self.visible:
            return ""
        return f"{self.scroll + 1}-{min(len(self.entries), self.scroll + self.visible)} of {len(self.entries)}"


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
        self.maps: MapChooser | None = None
        self._thumb: tuple[Any, pygame.Surface] | None = None
        self.refused: MapEntry | None = None   # the unplayable map clicked last, shown with its reason
        self.message_time = 0.0
        self.expert: Cycler | None = None
        if info.name == "big_dig":
            # The board chooser leaves room for the Expert rule between it and the picture.
            self.maps = MapChooser((MAP_PANEL.x + 20, MAP_PANEL.y + 44, MAP_PANEL.w - 630, 104),
                                   big_dig_boards(), self._map_refused)
            self.expert = Cycler((MAP_PANEL.right - 590, MAP_PANEL.y + 44, 310, 52), "Expert rule",
                                 ["Off", "On"], 0, size=18)
            rules_rect = (left + 196, theme.HEIGHT - 84, 300, 56)
        elif info.name == "gold_mine":
            self.maps = MapChooser((MAP_PANEL.x + 20, MAP_PANEL.y + 44, MAP_PANEL.w - 300, 104),
                                   gold_mine_maps(), self._map_refused)
            # The map panel takes the room under the seats; the rules button goes to the bottom row.
            rules_rect = (left + 196, theme.HEIGHT - 84, 300, 56)
        else:
            rules_rect = (left, max(150 + 56 + 64 * info.max_players - 80, 456), 440, 50)
        # The two panels are as tall as the seats, or as the rules button under the seed needs.
        self.panel_h = 56 + 64 * info.max_players
        if self.maps is None:
            self.panel_h = max(self.panel_h, rules_rect[1] + rules_rect[3] + 22 - 150)
        self.rules_button = Button(rules_rect, f"Read the rules of {info.title}", self.show_rules, pygame.K_r,
                                   size=18)
        # A copy of the chosen map in the user maps folder, to change in Tiled: how a player of
        # the executable (who has no maps/ folder to copy from) starts a map of their own.
        self.copy_button: Button | None = None
        self.folder_hint = ("", theme.INK_FAINT)
        self.folder_path = ""                 # the user maps folder as shown ("" if unusable)
        self.folder_leads: tuple[str, ...] = ()   # the words before it, longest first
        self._folder_lines: dict[int, str] = {}   # room in pixels -> the line drawn there
        if self.maps is not None:
            self.folder_hint = self._folder_hint()
            what = "board" if info.name == "big_dig" else "map"
            self.copy_button = Button((MAP_PANEL.right - 284 - 236, MAP_PANEL.y + 5, 236, 34),
                                      f"Make your own {what}", self.copy_map, pygame.K_m, size=14)
        self.back_button = Button((left, theme.HEIGHT - 84, 180, 56), "Back", self.back, pygame.K_ESCAPE)
        self.start_button = Button((theme.WIDTH - 48 - 260, theme.HEIGHT - 84, 260, 56), "Start game",
                                   self.start, pygame.K_RETURN, primary=True, size=22)
        self.ring = FocusRing([])
        self._recalled = False   # the last setup of this game offered again (on first entering)
        self._refresh()
        if info.name == "big_dig":
            # Big Dig's first turn goes to the first seat ("who most recently dug a hole" sits
            # there); the choice stays open.
            self.first.index = 1

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

    def enter(self) -> None:
        super().enter()
        if not self._recalled:
            self._recalled = True
            self._recall_setup()
        # The human seats offer the names they had in the last game set up.
        for row in self.rows:
            if row.is_human and row.name.value == row.default:
                row.default = row.name.value = self._default_name(row)
        self._refresh()

    def set_first(self, seat: int | None) -> None:
        """None for a random first player, or the seat that starts."""
        self._refresh()
        self.first.index = 0 if seat is None else 1 + max(0, min(seat, self.players - 1))

    def _default_name(self, row: SeatRow) -> str:
        if row.is_human:
            remembered = list(self.app.settings.names) if self.app is not None else []
            k = sum(1 for r in self.rows[:row.index] if r.is_human)   # the k-th human seat
            return remembered[k] if k < len(remembered) else f"Player {row.index + 1}"
        return self.bot_names[row.index % len(self.bot_names)]

    def _kind_changed(self, row: SeatRow) -> None:
        # Swap the name along with the kind, unless the player typed one of their own.
        if row.name.value.strip() in ("", row.default):
            row.default = self._default_name(row)
            row.name.value = row.default
        else:
            row.default = self._default_name(row)
        self._refresh()

    def _blank_name(self, row: SeatRow) -> str:
        """The name a seat plays under when its field is left empty, shown there in grey: a human
        seat's number, never a remembered player's name (whose record the game would count)."""
        return f"Player {row.index + 1}" if row.is_human else self._default_name(row)

    def seat_name(self, row: SeatRow) -> str:
        # Typed or pasted text is cleaned like names from files (game.core.text).
        return clean_text(row.name.value, NAME_LEN) or self._blank_name(row)

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
        for row in self.rows:
            row.name.placeholder = self._blank_name(row)
        names = [fit_text(self.seat_name(r), 150, 20) for r in self.rows[:self.players]]
        self.first.values = ["Random"] + names
        self.first.index = keep if keep < len(self.first.values) else 0
        widgets: list[object] = [self.count, self.first, self.seed]
        for row in self.rows[:self.players]:
            widgets += [row.kind, row.name]
        if self.maps is not None:
            widgets.append(self.maps)
        if self.expert is not None:
            widgets.append(self.expert)
        if self.copy_button is not None:
            widgets.append(self.copy_button)
        widgets += [self.rules_button, self.back_button, self.start_button]
        # Keep keyboard focus on the same widget, without re-focusing a field the player just left.
        ring = self.ring
        current = ring.widgets[ring.index] if 0 <= ring.index < len(ring.widgets) else None
        for w in ring.widgets:
            if w not in widgets and hasattr(w, "focused"):
                w.focused = False  # a seat row that was just hidden
            if w not in widgets and hasattr(w, "ringed"):
                w.ringed = False
        ring.widgets = widgets
        ring.index = widgets.index(current) if current in widgets else -1

    # ---------------------------------------------------------------- actions
    def build_match(self) -> Match:
        """The match the current choices describe; a new seed from the clock if none was typed."""
        seed = int(self.seed.value) if self.seed.value else random_seed()
        # None ("Random"): each game's rules draw the seat from the match's seed.
        options: dict[str, Any] = {"first_player": self.first_player()}
        if self.maps is not None:
            entry = self.maps.chosen
            if entry is None or entry.game_map is None:
                raise ValueError("no playable map to choose; check the maps folder")
            if self.info.name == "big_dig":
                options["board"] = entry.game_map.to_json()
                options["expert"] = self.expert is not None and self.expert.index == 1
            else:
                options["map"] = entry.game_map.to_json()
        seats = self.seats()
        from game.stats import profile_key

        keys = [profile_key(s.name) for s in seats]
        twice = next((s.name for s, k in zip(seats, keys) if keys.count(k) > 1), None)
        if twice is not None:
            # (The log would not tell them apart, nor the statistics, which count a name once.)
            raise ValueError(f"Two players are called {twice}: give each a name of their own.")
        return Match(self.info.name, seats, seed, options=options)

    def _map_refused(self, entry: MapEntry) -> None:
        self.refused = entry
        self.message_time = 5.0

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
        self._remember_names(match)
        # Build the table before saving, so a table that cannot open leaves no stray save behind.
        if open_table(self.app, match, replace=True):
            try:
                autosave(match)
            except OSError as exc:
                log.error("autosave failed: %s", exc)

    def _remember_names(self, match: Match) -> None:
        """Keep the human seats' names, and this game's setup, for the next setup (never fatal:
        settings are a comfort)."""
        from game.settings import save_settings

        assert self.app is not None
        settings = self.app.settings
        names = [seat.name for seat in match.seats if seat.is_human]
        setup = self._setup_kept()
        if (names and names != settings.names) or setup != settings.setups.get(self.info.name):
            settings.names = names or settings.names
            settings.setups = {**settings.setups, self.info.name: setup}
            try:
                save_settings(settings)
            except OSError as exc:
                log.error("the players' names and the setup were not kept: %s", exc)

    def _setup_kept(self) -> dict[str, Any]:
        """This setup as the settings keep it: the player count, each seat's kind, the map."""
        kinds = ["human" if row.is_human else row.level for row in self.rows[:self.players]]
        setup: dict[str, Any] = {"players": self.players, "seats": kinds}
        entry = self.maps.chosen if self.maps is not None else None
        if entry is not None:
            setup["map"] = map_key(entry)
        if self.expert is not None:
            setup["expert"] = self.expert.index == 1
        return setup

    def _recall_setup(self) -> None:
        """Offer this game's last setup again: its player count, each seat's kind and its map
        (while that map is still there and playable)."""
        if self.app is None:
            return
        setup = self.app.settings.setups.get(self.info.name)
        if not setup:
            return
        self.set_players(setup["players"])
        for i, kind in enumerate(setup["seats"][:len(self.rows)]):
            if kind == "human":
                self.set_seat(i, human=True)
            else:
                self.set_seat(i, level=kind)
        if self.maps is not None and "map" in setup:
            found = next((i for i, e in enumerate(self.maps.entries)
                          if e.ok and map_key(e) == setup["map"]), None)
            if found is not None:
                self.maps.choose(found)
        if self.expert is not None and "expert" in setup:
            self.expert.index = 1 if setup["expert"] else 0
        self._refresh()

    def _folder_hint(self) -> tuple[str, tuple[int, int, int]]:
        """The map panel's line on the user maps folder: where it is, or why it cannot be used
        (a file where the folder should be, say: then nothing of the player's is listed)."""
        from game.core.tiled import shown_path, user_maps_dir

        try:
            folder = shown_path(user_maps_dir())
        except OSError as exc:
            return f"Your maps folder cannot be used: {exc.strerror or exc}", theme.DANGER
        home = shown_path(Path.home())
        if os.name == "posix" and len(home) > 1 and folder.startswith(home + os.sep):
            folder = "~" + folder[len(home):]   # as the README writes it
        self.folder_path = folder
        if self.info.name == "big_dig":
            self.folder_leads = ("One board for everyone. Your own boards go in ",
                                 "Your own boards go in ")
        else:
            self.folder_leads = ("Your own Tiled maps go in ",)
        return self.folder_leads[0] + folder, theme.INK_FAINT

    def _folder_line(self, room: int) -> str:
        """The folder hint in `room` pixels: whole if it fits, else with a shorter lead, else with
        the middle of the folder's path given up (its end names the folder to look for). Drawn
        every frame, measured once for each room."""
        line = self._folder_lines.get(room)
        if line is None:
            line = self._folder_lines[room] = self._fit_folder_line(room)
        return line

    def _fit_folder_line(self, room: int) -> str:
        hint = self.folder_hint[0]
        if not self.folder_path:
            return fit_text(hint, room, 13)
        for lead in self.folder_leads:
            if theme.width_of(lead + self.folder_path, 13) <= room:
                return lead + self.folder_path
        lead = self.folder_leads[-1]
        return lead + theme.fit_path(self.folder_path, room - theme.width_of(lead, 13), 13)

    def copy_map(self) -> None:
        """Copy the chosen map (with its tileset) into the user maps folder under a name of its
        own, list it, choose it, and say where it is and what to do next."""
        from game.core.tiled import MapError, copy_to_edit, shown_file_name, shown_path, user_maps_dir

        if self.app is None or self.maps is None:
            return
        entry = self.maps.chosen
        if entry is None or entry.path is None or entry.game_map is None:
            return
        what = "board" if self.info.name == "big_dig" else "map"
        try:
            folder = user_maps_dir()
            path, name, _ = copy_to_edit(entry.path, folder, entry.game_map.name)
        except (MapError, OSError) as exc:
            reason = exc.cause if isinstance(exc, MapError) else (exc.strerror or str(exc))
            self.app.push(MessageBox("Could not make a copy", f"The {what} could not be copied: {reason}."))
            return
        self.app.play("click")
        self.maps.entries = MAP_LISTS[self.info.name](None)
        here = next((i for i, e in enumerate(self.maps.entries) if e.path == path), -1)
        if here >= 0:
            self.maps.choose(here)
        tileset = "tileset" if self.info.name == "gold_mine" else "tiles"
        self.app.push(MessageBox(
            f"Your own {what}: {name}",
            f"A copy of {entry.game_map.name} is now {shown_file_name(path)} in {shown_path(folder)}, "
            f"with its {tileset} beside it. Open it in Tiled (mapeditor.org), change it and save: "
            f"it is listed here as {name}, and when it cannot be played this list says why. "
            f"The rules say what a {what} must hold."))

    def back(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def show_rules(self) -> None:
        from game.ui.scenes.rulebook import RulesScene

        if self.app is not None:
            self.app.push(RulesScene(self.info))

    # ---------------------------------------------------------------- frame
    def _fields(self) -> list[TextField]:
        return [self.seed] + [r.name for r in self.rows[:self.players]]

    def _cyclers(self) -> list[Cycler]:
        extra = [self.expert] if self.expert is not None else []
        return [self.count, self.first] + [r.kind for r in self.rows[:self.players]] + extra

    def typing(self) -> bool:
        """Whether a text field is being typed in (Ctrl/Cmd+A selects its text then)."""
        return any(f.focused for f in self._fields())

    def handle_event(self, event: pygame.event.Event) -> bool:
        fields = self._fields()
        # A field being typed in gets the keys first, so letters never trigger shortcuts.
        typing = next((f for f in fields if f.focused), None)
        if (typing is not None and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            # Enter is the Start button's key, in a field as anywhere: the typing ends and the
            # game starts with what was typed (Esc or Tab only leave the field).
            typing.focused = False
            self.start()
            return True
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
        if self.maps is not None and self.maps.handle_event(event):
            return True
        for b in (self.rules_button, self.back_button, self.start_button, self.copy_button):
            if b is not None and b.handle_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        self.clock += dt
        self.message_time = max(0.0, self.message_time - dt)

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
        left = pygame.Rect(28, 150, 480, self.panel_h)
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
        if self.maps is not None:
            self._draw_maps(surface)

        # Right: the seats.
        right = pygame.Rect(536, 150, 716, self.panel_h)
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
            row.name.tag = "" if row.is_human else "bot"
            row.name.draw(surface)
        for row in self.rows[self.players:]:
            slot = pygame.Rect(right.x + 20, row.y, right.w - 40, 48)
            pygame.draw.rect(surface, (44, 40, 38), slot, 1, border_radius=8)
            theme.text(surface, f"Seat {row.index + 1}: empty (raise Players to use it)", slot.center, 15,
                       theme.INK_FAINT, anchor="center")

        humans = sum(1 for r in self.rows[:self.players] if r.is_human)
        summary = ("Bots only: you watch the game." if humans == 0 else
                   ("One human against a bot." if self.players == 2 else "One human against bots.")
                   if humans == 1 else
                   f"{humans} humans share this screen" +
                   (" and pass it between turns." if self.info.private_hands else "."))
        theme.text(surface, summary, (self.start_button.rect.x - 24, self.start_button.rect.centery), 17,
                   theme.INK_DIM, anchor="midright")
        self.back_button.draw(surface)
        self.start_button.draw(surface)

    def _draw_maps(self, surface: pygame.Surface) -> None:
        assert self.maps is not None
        theme.panel(surface, MAP_PANEL, (34, 30, 30), (76, 64, 50), 14)
        big_dig = self.info.name == "big_dig"
        title = "Board" if big_dig else "Map"
        theme.text(surface, title, (MAP_PANEL.x + 20, MAP_PANEL.y + 12), 22, theme.INK, bold=True)
        hint, hint_colour = self.folder_hint
        x0 = MAP_PANEL.x + 20 + theme.width_of(title, 22, True) + 16
        right = MAP_PANEL.right - 284
        if self.copy_button is not None:
            self.copy_button.draw(surface)
            right = self.copy_button.rect.x - 14
        rows = self.maps.shown_rows()
        if rows:
            theme.text(surface, rows, (right, MAP_PANEL.y + 19), 13, theme.INK_FAINT, anchor="topright")
            right -= theme.width_of(rows, 13) + 14
        theme.text(surface, self._folder_line(right - x0), (x0, MAP_PANEL.y + 19), 13, hint_colour)
        if self.expert is not None:
            self.expert.draw(surface)
            r = self.expert.rect
            for i, line in enumerate(theme.wrap("On: before the first turn the 2nd, 3rd and 4th players "
                                                "dig 1, 2 and 3 bonus single squares.", r.w, 13)[:3]):
                theme.text(surface, line, (r.x, r.bottom + 4 + i * 16), 13, theme.INK_FAINT)
        self.maps.draw(surface)
        entry = self.maps.chosen
        box = pygame.Rect(MAP_PANEL.right - 264, MAP_PANEL.y + 8, 250, MAP_PANEL.h - 16)
        pygame.draw.rect(surface, (22, 20, 20), box, border_radius=10)
        # The chosen map's picture; an unplayable one pointed at (or just refused) shows why instead.
        bad = None
        if 0 <= self.maps.hover < len(self.maps.entries) and not self.maps.entries[self.maps.hover].ok:
            bad = self.maps.entries[self.maps.hover]
        elif self.message_time > 0 and self.refused is not None:
            bad = self.refused
        if bad is not None:
            heading = "Not read" if bad.note else "Can't be played"
            theme.text(surface, heading, (box.x + 12, box.y + 10), 15, theme.DANGER, bold=True)
            lines = theme.wrap(bad.reason, box.w - 24, 13)
            for i, line in enumerate(lines[:6]):
                theme.text(surface, line, (box.x + 12, box.y + 32 + i * 16), 13, (240, 190, 170))
            edge = theme.DANGER
        else:
            if entry is not None and entry.game_map is not None:
                surface.blit(self._thumbnail(entry.game_map, box.size), box.topleft)
            edge = theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, box, 2, border_radius=10)

    def _thumbnail(self, game_map: Any, size: tuple[int, int]) -> pygame.Surface:
        """A small picture of the chosen map (drawn once per map)."""
        if self._thumb is None or self._thumb[0] != game_map:
            if self.info.name == "big_dig":
                from game.ui.digboard import BoardView

                surf = pygame.Surface(size, pygame.SRCALPHA)
                view = BoardView(game_map, pygame.Rect(0, 0, *size).inflate(-12, -12))
                surf.blit(view.base(), view.rect)
                self._thumb = (game_map, surf)
                return surf
            from game.ui.hexmap import HexMapView, MapMarks

            hex_view = HexMapView(game_map, pygame.Rect(0, 0, *size), margin=6)
            self._thumb = (game_map, hex_view.base(MapMarks()))
        return self._thumb[1]
