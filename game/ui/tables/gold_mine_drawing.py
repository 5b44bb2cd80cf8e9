"""How the Gold Mine table looks: its layout, its display model and its drawing.

`GoldMineTable` (gold_mine.py) is the scene: the beats that catch the display up with the events,
the bots' moves on show, the start points, the input. This module holds what it draws with: the
places on the table (geometry, as methods of the scene), the display model (`MineModel`), the
players list as kept between frames, the coins in flight, and `TableDrawing`, the scene's drawing
methods. Drawing is a function of the model and the clock.

Layout (1280 x 720): the banner on top; the map on the left; in the middle the compass with the
round track, the dice tray and the move panel; on the right the players and the log. The move
being assembled, and every question about it, is `MoveBuilder`'s (gold_mine_moves.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.core.contract import Action, Event, IllegalAction
from game.games.gold_mine.board import DIRECTION_NAMES, Hex, direction_to, step
from game.games.gold_mine.rules import (
    ACTION_TITLES,
    ROUNDS,
    START,
    GoldMineState,
    Move,
    Preview,
    choosing_order,
    start_label,
)
from game.games.gold_mine.tables import (
    ACTIONS,
    BARRIER,
    BLOCK,
    BLOW,
    DICE,
    INCOME,
    MINE,
    MOD,
    WITH_LINE,
    WITH_SECOND,
)
from game.core import words
from game.ui import placing, theme
from game.ui.dice import DieLook, DieSprite, die_face
from game.ui.hexmap import (
    HexMapView,
    HexNote,
    MapMarks,
    MapPreview,
    compass_image,
    miner_token,
    seat_rgb,
)
from game.ui.tables.base import SCREEN, TableHost, banner_image, fit, seat_tag, tooltip_image
from game.ui.tables.gold_mine_moves import MoveBuilder
from game.ui.tween import lerp2
from game.ui.widgets import Button


# ----------------------------------------------------------------------------- layout
BANNER = pygame.Rect(8, 6, 1264, 40)
MAP = pygame.Rect(8, 52, 640, 662)
COMPASS_BOX = pygame.Rect(656, 52, 348, 152)
DICE_BOX = pygame.Rect(656, 212, 348, 116)
MOVE_BOX = pygame.Rect(656, 336, 348, 378)
PLAYERS_BOX = pygame.Rect(1012, 52, 260, 262)
LOG = pygame.Rect(1012, 322, 260, 392)

COMPASS_SIZE = 146
COMPASS_C = (COMPASS_BOX.x + 6 + COMPASS_SIZE // 2, COMPASS_BOX.centery)
DIE_SIZE = 52
DIE_GAP = 84
DIE_XS = [DICE_BOX.x + 48 + i * DIE_GAP for i in range(DICE)]
DIE_Y = DICE_BOX.y + 48
ROW_H = 52
MONEY_LINE = 15   # a line of the money box's words
ROW_BUTTONS_W = 94                        # a move row's two buttons at its right end
ROWS_Y = MOVE_BOX.y + 34
ROWS_BOTTOM = MOVE_BOX.bottom - 52 - 62   # the money box and the buttons sit below the rows
PLAYER_ROW_H = 56
MAP_RISE = 16.0       # words over the mountain rise a little as they fade

# Seconds at "normal" speed; every duration is multiplied by the animation-speed setting.
T_ROLL = 0.9
T_STEP = 0.2          # a miner walks one hex
T_BOT_THINK = 0.35    # a bot's pause before its move is shown
T_BOT_SHOW = 0.9      # how long a bot's move is previewed on the map before it is played
T_BLAST = 0.55

IVORY = DieLook((238, 230, 212), (122, 100, 76), (40, 30, 22))
SLOT_NAMES = {"action": "ACTION", "new": "NEW ACTION", "dir": "DIRECTION", "dist": "DISTANCE",
              "second": "2ND HEX"}
ACTION_VERBS = {MINE: "Mine", BLOW: "Blow", BLOCK: "Block", BARRIER: "Barrier", MOD: "Modifier",
                INCOME: "Income"}
ARROWS = {1: "↑", 2: "↗", 3: "↘", 4: "↓", 5: "↙", 6: "↖"}


# ============================================================================ display model
@dataclass
class MineModel:
    """What the table shows. Rules fields mirror the state; `taken_as` and `last` are cosmetic."""

    money: list[int]
    pos: list[Hex | None]
    collected: dict[Hex, tuple[int, int, str]]
    blasted: set[Hex]
    blocked: dict[Hex, int]
    barriers: list[tuple[int, tuple[Hex, ...]]]
    round_no: int
    starter: int
    dice: tuple[int, ...]
    taken: list[int | None]
    step: int
    over: bool
    taken_as: list[str] = field(default_factory=lambda: [""] * DICE)   # "Mine", "Mod → Blow"
    acted: dict[int, str] = field(default_factory=dict)                # player -> what they did
    tunnels: list[tuple[int, tuple[Hex, ...]]] = field(default_factory=list)  # every tunnel dug so far
    barrier_starts: list[Hex | None] = field(default_factory=list)  # where each barrier's builder stood

    @classmethod
    def from_state(cls, s: GoldMineState) -> "MineModel":
        choosing = s.phase == START   # no round yet, no dice: the start points are being chosen
        return cls(
            money=list(s.money), pos=list(s.pos), collected=dict(s.collected), blasted=set(s.blasted),
            blocked=dict(s.blocked), barriers=list(s.barriers), round_no=0 if choosing else s.round_no,
            starter=s.starter, dice=(0,) * DICE if choosing else tuple(s.dice), taken=list(s.taken),
            step=0 if s.is_over() else s.step, over=s.is_over(),
        )

    def rules_key(self) -> tuple[Any, ...]:
        """Everything that must equal the true state once the animations have caught up."""
        return (tuple(self.money), tuple(self.pos), tuple(sorted(self.collected.items())),
                tuple(sorted(self.blasted)), tuple(sorted(self.blocked.items())), tuple(self.barriers),
                self.round_no, self.starter, tuple(self.dice), tuple(self.taken), self.step, self.over)

    def adopt(self, other: "MineModel") -> None:
        """Take every rules field from `other`, keeping the cosmetic ones."""
        for name in ("money", "pos", "collected", "blasted", "blocked", "barriers", "round_no", "starter",
                     "dice", "taken", "step", "over"):
            setattr(self, name, getattr(other, name))

    def turn(self, n: int) -> int:
        return (self.starter + self.step) % n

    def marks(self) -> MapMarks:
        mined = frozenset(h for h, (_, _, how) in self.collected.items() if how == "mined")
        blown = frozenset(self.blasted) | frozenset(h for h, (_, _, how) in self.collected.items() if how == "blown")
        starts = self.barrier_starts + [None] * (len(self.barriers) - len(self.barrier_starts))
        shown = [(o, tuple(hs), st) for (o, hs), st in zip(self.barriers, starts) if hs]
        return MapMarks(collected=mined, blown=blown, blocks=frozenset(self.blocked),
                        barrier_lines=tuple((o, hs) for o, hs, _ in shown), tunnels=tuple(self.tunnels),
                        barrier_starts=tuple(st for _, _, st in shown))


# ============================================================================ animation bits
@dataclass(frozen=True)
class PlayersList:
    """The players list as kept between frames: what it showed (`shown`), the words fitted in
    its rows (`words`), its picture without the money, and each row's money picture and row."""

    shown: Any
    words: Any
    picture: pygame.Surface
    money: list[tuple[pygame.Surface, pygame.Rect]]


@dataclass
class Coin:
    """A coin flying between two places (a barrier fee changing hands)."""

    a: tuple[float, float]
    b: tuple[float, float]
    t: float = 0.0


# ============================================================================ places and drawing
class TableDrawing(TableHost):
    """The Gold Mine scene's places on the table and its drawing (mixed into `GoldMineTable`)."""

    # (Set by the scene.)
    match: Any
    model: MineModel
    view: HexMapView
    coins: list[Coin]
    walk: dict[int, tuple[float, float]]
    lift: dict[int, float]
    bursts: list[tuple[Hex, float]]
    anim_preview: MapPreview | None
    shown_direction: int
    shown_money: list[float]
    bot_preview: Preview | None
    start_pick: Hex | None
    moves: MoveBuilder
    buttons: list[Button]
    dice: list[DieSprite]
    _players_cache: PlayersList | None
    money_full: str = ""   # the money box's words when they were cut to fit (shown whole on pointing)
    _money_rect: pygame.Rect | None = None   # the money box as last drawn
    message_colour: tuple[int, int, int] = theme.DANGER   # a refusal's red, or a note's gold
    _static: pygame.Surface | None
    _static_key: Any
    _last_shown: Event | None

    if TYPE_CHECKING:   # (The game's own table's answers, beyond TableScene's: declared for the
        # checker only, so that nothing here can shadow the scene's own at run time.)
        @property
        def state(self) -> GoldMineState: ...
        @property
        def move(self) -> Move: ...
        def preview(self) -> Preview | None: ...
        def why_not(self) -> str: ...
        def choosing(self) -> bool: ...
        def free_starts(self) -> list[Hex]: ...
        def start_number(self, h: Hex) -> int: ...
        def _start_words(self, h: Hex) -> str: ...
        def _start_rows(self) -> list[tuple[Hex, pygame.Rect]]: ...
        def _row_callouts(self) -> tuple[int, ...]: ...
        def _bot_words(self) -> str: ...
        def _bot_preview(self) -> Preview: ...
        def _human_turn(self) -> bool: ...

    def map_covered_rects(self) -> list[pygame.Rect]:
        """What floating words on the map must leave visible: the value of every mine still to be
        collected, every miner, and the words already floating."""
        view, marks = self.view, self.model.marks()
        r = int(view.size * 0.55) + 1
        out = []

        def around(x: float, y: float) -> pygame.Rect:
            return pygame.Rect(int(x) - r, int(y) - r, 2 * r, 2 * r)

        for h in view.map.hexes():
            tile = view.map.tile(h)
            if tile is not None and tile.is_mine and h not in marks.collected and h not in marks.blown:
                out.append(around(*view.centre(h)))
        # Every miner where it is drawn now, where it is going, and the tunnel it walks on the way.
        for x, y in self.miner_positions().values():
            out.append(around(x, y))
        ahead = [h for h in self.state.pos if h is not None]
        if self.anim_preview is not None:
            ahead += list(self.anim_preview.path)
        for h in ahead:
            out.append(around(*view.centre(h)))
        for c in self.callouts:
            out.append(placing.flight(c.pos, c.image.get_size(), c.rise))
        return out

    def _money(self, p: int, delta: int) -> None:
        self.model.money[p] += delta
        self._players_cache = None

    def player_row(self, p: int) -> pygame.Rect:
        return pygame.Rect(PLAYERS_BOX.x + 8, PLAYERS_BOX.y + 34 + p * PLAYER_ROW_H, PLAYERS_BOX.w - 16,
                           PLAYER_ROW_H - 6)

    def money_pos(self, p: int) -> tuple[float, float]:
        r = self.player_row(p)
        return (r.right - 80, r.centery)

    def player_row_parts(self, p: int) -> dict[str, pygame.Rect]:
        """Where a row of the players list puts its name, its second line (status) and the
        money, on the screen."""
        row = self.player_row(p)
        money = self._shown_money(p)
        money_w = theme.width_of(words.money(money), 24, title=True)
        text_w = row.w - 48 - money_w - 16
        return {"name": pygame.Rect(row.x + 48, row.y + 3, text_w, 21),
                "status": pygame.Rect(row.x + 48, row.y + 25, text_w, 19),
                "money": pygame.Rect(row.right - 10 - money_w, row.y + 4, money_w + 2, row.h - 8)}

    def miner_positions(self) -> dict[int, tuple[float, float]]:
        """Where each miner is drawn: standing on its hex (spread when shared) or walking."""
        placed = {p: h for p, h in enumerate(self.model.pos) if h is not None and p not in self.walk}
        out = self.view.miner_offsets(placed)
        out.update(self.walk)
        return out

    # -- buttons
    def row_height(self) -> int:
        """Rows shrink a little when a move needs five of them (dice modifier into blow or block)."""
        rows = len(self.move_rows())
        return max(40, min(ROW_H, (ROWS_BOTTOM - ROWS_Y) // max(1, rows)))

    def move_rows(self) -> list[tuple[str, int]]:
        """The rows of the move panel and their y: the choices made and the next one."""
        slots = self.moves.rows()
        h = max(40, min(ROW_H, (ROWS_BOTTOM - ROWS_Y) // max(1, len(slots))))
        return [(s, ROWS_Y + i * h) for i, s in enumerate(slots)]

    def die_rect(self, i: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, DIE_SIZE + 16, DIE_SIZE + 16)
        r.center = (DIE_XS[i], DIE_Y)
        return r

    # ------------------------------------------------------------------ previews for the map
    def _map_preview(self, pv: Preview, p: int) -> MapPreview | None:
        """The rules' `Preview` as the map draws it: hexes, per-hex money, the total."""
        kind = pv.kind
        origin = pv.start
        notes: list[HexNote] = []
        for h, x in pv.collected:
            notes.append(HexNote(h, words.money(x, signed=True)))
        if kind == MINE and pv.fees:
            owners = {o for o, _ in pv.fees}
            for owner, hexes in self.model.barriers:
                if owner in owners:
                    hit = [h for h in pv.path if h in hexes]
                    if hit:
                        fee = sum(f for o, f in pv.fees if o == owner)
                        notes.append(HexNote(hit[0], f"{words.money(-fee)} {self.match.seats[owner].name}", False))
                        owners.discard(owner)
        bad = (pv.stop,) if pv.stop is not None else ()
        choices: tuple[Hex, ...] = ()
        if self.match.human_to_move() and kind in WITH_SECOND and pv.path and self.move.second is None \
                and self.move.dist_die is not None:
            centre = pv.path[-1]
            choices = tuple(step(centre, x) for x in self.moves.second_choices())
        if kind == INCOME:
            return MapPreview("income", p, origin, label=words.money(pv.income - pv.change_cost, signed=True) if pv.allowed else "",
                              end=origin)
        aiming = self.match.human_to_move() and self.moves.current_slot() in ("dir", "dist")
        targets = self.moves.targets() if aiming else ()
        if kind in WITH_LINE and pv.direction is None:
            return MapPreview("aim", p, origin, targets=targets)
        if kind not in WITH_LINE or pv.direction is None:
            return None
        if pv.distance is None:
            # A direction without a distance: the line it could take, numbered 1-6.
            ray = []
            for k in range(1, 7):
                h = step(origin, pv.direction, k)
                if not self.view.map.on_map(h):
                    break
                ray.append(h)
            notes = [HexNote(h, str(i + 1)) for i, h in enumerate(ray)]
            return MapPreview("ray", p, origin, path=tuple(ray), notes=tuple(notes), targets=targets)
        area: tuple[Hex, ...] = ()
        if kind == BLOW:
            area = pv.blasted or ((pv.path[-1],) if pv.path else ())
        elif kind == BLOCK:
            area = pv.blocked or ((pv.path[-1],) if pv.path else ())
        path = pv.path
        end = pv.end if kind in (MINE, BARRIER) else (path[-1] if path else None)
        net = pv.net
        if pv.allowed:
            label = f"net {words.money(net, signed=True)}"
        elif pv.stop is not None:
            label = "blocked"
        else:
            label = words.money(net, signed=True)
        return MapPreview(kind, p, origin, path=path, area=area, bad=bad, notes=tuple(notes), label=label,
                          label_good=net >= 0, legal=pv.allowed, end=end, choices=choices)

    def map_preview(self) -> MapPreview | None:
        """What the map shows over the mountain now: a bot's coming move, the move being played,
        or the human's move being assembled."""
        if self.bot_move is not None:
            return cast("MapPreview | None", self.bot_move[1])   # what `show_bot_move` was given
        if self.anim_preview is not None:
            return self.anim_preview
        if not self.idle or not self.match.human_to_move():
            return None
        if self.choosing():
            # The free X breathe; the one picked out with the keys is ringed.
            free = tuple(self.free_starts())
            if not free:
                return None
            pick = self.start_pick if self.start_pick in free else None
            return MapPreview("start", self.match.to_move() or 0, pick or free[0], choices=free,
                              targets=(pick,) if pick is not None else ())
        pv = self.preview()
        if pv is None:
            return None
        return self._map_preview(pv, self.match.to_move() or 0)

    # ------------------------------------------------------------------ what to say
    def banner_segments(self) -> list[tuple[str, tuple[int, int, int]]]:
        m = self.match
        if self.bot_move is not None:
            bot = m.to_move() or 0
            return [(m.seats[bot].name, seat_rgb(bot)), (": " + self._bot_words(), theme.INK)]
        if not self.idle:
            # Busy showing a move: what happens, never the next decision's prompt (not even in the
            # frames between a move being played and its first animation, or after its last).
            shown = self.beat.event if self.beat is not None else (self.pending[0] if self.pending
                                                                   else self._last_shown)
            if shown is not None:
                return [(shown.text, theme.INK)]
        if m.is_over():
            outcome = self.state.outcome()
            names = " and ".join(m.seats[w].name for w in outcome.winners)
            top = max(s.total for s in outcome.scores)
            if outcome.is_tie:
                return [("Game over: ", theme.GOLD), (f"{names} tie with {words.money(top)}", theme.INK)]
            return [("Game over: ", theme.GOLD), (f"{names} wins with {words.money(top)}", theme.INK)]
        p = m.to_move()
        if p is None:
            return [("", theme.INK)]
        name, col = m.seats[p].name, seat_rgb(p)
        if self.replay:   # (a replay waits for no one: nobody is choosing anything)
            return [(name, col), (" to move", theme.INK)]
        if self.choosing():
            if not m.seats[p].is_human:
                return [(name, col), (" is choosing a starting point…", theme.INK)]
            return [(name, col), (", choose your starting point", theme.INK),
                    ("  (click an X, or 1-4 / Tab and Enter)", theme.INK_DIM)]
        if not m.seats[p].is_human:
            return [(name, col), (" is choosing a die…", theme.INK)]
        slot = self.moves.current_slot()
        kind = self.moves.kind_now()
        title = ACTION_TITLES.get(kind or "", "")
        ask = {
            "action": "choose an action die (click it, or its key 1-4)",
            "new": "dice modifier: choose the die that becomes the new action (key 1-4)",
            "dir": f"{title}: choose the direction die (key 1-4), or click a marked hex",
            "dist": f"{title}: choose the {'length' if kind == BARRIER else 'distance'} die (key 1-4), "
                    f"or click a marked hex",
            "second": f"{title}: click the second hex next to the centre (← →)",
        }.get(slot or "", "press Enter to confirm, Backspace to step back")
        return [(name, col), (f", your turn: {ask}", theme.INK)]

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        room = self.frame_has_room()
        surface.blit(self._static_surface(wait=not room), (0, 0))
        if room:
            self.view.warm_next()   # a sprite a later map may need, drawn while there is time
        self._draw_banner(surface)
        self._draw_map(surface)
        self._draw_compass(surface)
        self._draw_dice(surface)
        self._draw_move_panel(surface)
        self._draw_players(surface)
        self._draw_log(surface)
        self._draw_coins(surface)
        self._draw_callouts(surface)
        self._draw_tooltip(surface)
        self._draw_shake(surface, 8)

    def _static_surface(self, wait: bool = False) -> pygame.Surface:
        """The table and the map's base, composed once per change of the map's marks (opaque).

        With `wait` (a frame already full) a change is drawn on the next frame instead, never
        later: the marks then show 1/60 s late, which nobody sees, and the full frame stays short."""
        marks = self.model.marks()
        if self._static is None or self._static_key != marks:
            if self._static is not None and self.keep_back("map", wait):
                return self._static
            bg = _table_background()
            if self._static is None:   # made once; afterwards only the map's part is drawn again
                self._static = bg.convert() if pygame.display.get_surface() is not None else bg.copy()
            else:
                self._static.blit(bg, MAP.topleft, MAP)
            self._static.blit(self.view.base(marks), MAP.topleft)
            self._static_key = marks
        return self._static

    def _draw_banner(self, surface: pygame.Surface) -> None:
        tag = f"Round {self.model.round_no} of {ROUNDS}" if self.model.round_no > 0 else "Gold Mine"
        surface.blit(banner_image(tuple(self.banner_segments()), tag, BANNER.size, 19, True), BANNER.topleft)

    def _draw_map(self, surface: pygame.Surface) -> None:
        hover = None
        if self.mouse is not None and MAP.collidepoint(self.mouse) and self._human_turn():
            hover = self.view.hex_at(self.mouse)
        miners = self.miner_positions()
        active = self.match.to_move() if not self.match.is_over() else None
        if self.beat is not None and self.beat.actor is not None:
            active = self.beat.actor
        self.view.draw(surface, self.model.marks(), preview=self.map_preview(), miners=None, hover=hover,
                       clock=self.clock, base=False)
        for h, t in self.bursts:
            self.view.draw_burst(surface, h, t)
        if self.choosing():
            self._draw_start_marks(surface, hover)
        self.view.draw_miners(surface, miners, active=active, clock=self.clock, lift=self.lift)
        pv = self.map_preview()
        if pv is not None and pv.label:
            self.view.draw_label(surface, pv)

    def _draw_start_marks(self, surface: pygame.Surface, hover: Hex | None) -> None:
        """While start points are chosen: each X's number (its key), bright when free, and a
        faint miner of the seat choosing on the X under the mouse or picked out with the keys."""
        free = self.free_starts()
        s = self.view.size
        self._draw_start_numbers(surface)
        p = self.match.to_move()
        ghost = hover if hover in free else self.start_pick
        if p is not None and self._human_turn() and ghost in free and self.bot_move is None:
            token = miner_token(p, s).copy()
            token.set_alpha(150)
            surface.blit(token, token.get_rect(center=[int(v) for v in self.view.centre(ghost)]))

    def _draw_start_numbers(self, surface: pygame.Surface, only_free: bool = False) -> None:
        """Each X's number (its key) on its corner, bright when free (`only_free`: those alone)."""
        free = self.free_starts()
        s = self.view.size
        for h in self.state.map.starts:
            x, y = self.view.centre(h)
            on = h in free
            if only_free and not on:
                continue
            centre = (int(x - s * 0.55), int(y - s * 0.5))
            pygame.draw.circle(surface, (20, 16, 10), centre, int(s * 0.27) + 2)
            pygame.draw.circle(surface, theme.GOLD if on else (90, 84, 76), centre, int(s * 0.27))
            theme.text(surface, str(self.start_number(h)), centre, max(12, int(s * 0.36)),
                       (30, 22, 10) if on else (40, 36, 32), bold=True, anchor="center")

    def _draw_over_hint(self, surface: pygame.Surface) -> None:
        if self.choosing():
            self._draw_start_numbers(surface, only_free=True)

    def _draw_compass(self, surface: pygame.Surface) -> None:
        highlight = self.shown_direction
        available: tuple[int, ...] = ()
        if self.bot_move is not None:
            if self.bot_move[0].kind != "start":
                highlight = self._bot_preview().direction or 0
        elif self._human_turn():
            pv = self.preview()
            if pv is not None and pv.direction:
                highlight = pv.direction
            if self.moves.current_slot() == "dir":
                # The directions a legal move can still take (paying for changes included).
                p = self.match.to_move()
                start = self.model.pos[p] if p is not None else None
                if start is not None:
                    available = tuple(sorted({d for d in (direction_to(start, h) for h in self.moves.targets())
                                              if d is not None}))
        img = compass_image(COMPASS_SIZE, highlight, available)
        surface.blit(img, img.get_rect(center=COMPASS_C))
        # The round track: eight pips, the rounds played filled in.
        x0 = COMPASS_BOX.x + COMPASS_SIZE + 18
        w = COMPASS_BOX.right - x0 - 10
        theme.text(surface, "ROUND", (x0, COMPASS_BOX.y + 12), 13, theme.INK_DIM, bold=True)
        rn = self.model.round_no
        theme.text(surface, str(rn) if rn > 0 else "–", (x0 + 62, COMPASS_BOX.y + 4), 28, theme.GOLD, title=True)
        theme.text(surface, f"of {ROUNDS}", (x0 + 92, COMPASS_BOX.y + 14), 14, theme.INK_DIM)
        pip_w = (w - 3 * 6) // 4
        for i in range(ROUNDS):
            row, col = divmod(i, 4)
            r = pygame.Rect(x0 + col * (pip_w + 6), COMPASS_BOX.y + 44 + row * 30, pip_w, 24)
            done = i + 1 < rn or (self.model.over and i + 1 <= rn)
            now = i + 1 == rn and not self.model.over
            fill = theme.GOLD_DARK if done else ((84, 70, 44) if now else (44, 40, 38))
            pygame.draw.rect(surface, fill, r, border_radius=6)
            pygame.draw.rect(surface, theme.GOLD if now else (92, 80, 62), r, 2, border_radius=6)
            theme.text(surface, str(i + 1), r.center, 14, (30, 24, 14) if done else
                       (theme.GOLD if now else theme.INK_FAINT), bold=True, anchor="center")
        if rn > 0:
            s = self.model.starter
            theme.text(surface, "starts:", (x0, COMPASS_BOX.y + 114), 13, theme.INK_DIM)
            name, size = theme.fit_name(self.match.seats[s].name, w - 50, 15, 12)
            theme.text(surface, name, (x0 + 50, COMPASS_BOX.y + 121), size, seat_rgb(s), bold=True, anchor="midleft")

    def _draw_dice(self, surface: pygame.Surface) -> None:
        human = self._human_turn()
        roles: dict[int, str] = {}
        if human:
            m = self.move
            for role, die in (("ACTION", m.action_die), ("NEW", m.new_die), ("DIR", m.dir_die),
                              ("DIST" if self.moves.kind_now() != BARRIER else "LENGTH", m.dist_die)):
                if die is not None:
                    roles[die] = role
        choices = self.moves.die_choices() if human and not self.choosing() else {}
        bot_roles: dict[int, str] = {}
        if self.bot_move is not None:
            try:
                bm = Move.from_action(self.bot_move[0])
                for role, die in (("ACTION", bm.action_die), ("NEW", bm.new_die), ("DIR", bm.dir_die),
                                  ("DIST", bm.dist_die)):
                    if die is not None:
                        bot_roles[die] = role
            except IllegalAction:
                pass
        for i, sprite in enumerate(self.dice):
            x, y = DIE_XS[i], DIE_Y
            owner = self.model.taken[i]
            rect = self.die_rect(i)
            if i in roles or i in bot_roles:
                col = theme.GOLD if i in roles else seat_rgb(self.match.to_move() or 0)
                pygame.draw.rect(surface, (60, 50, 30), rect, border_radius=12)
                pygame.draw.rect(surface, col, rect, 3, border_radius=12)
            elif i in choices and choices[i] is None:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 4 + i)
                pygame.draw.rect(surface, _mixc((90, 80, 50), theme.FOCUS, pulse * 0.6), rect, 2, border_radius=12)
            sprite.draw(surface, (x, y), lift=0.5)
            if choices.get(i) is not None and i not in roles and owner is None:
                # Not a choice now (hover says why): dimmed.
                surface.blit(_dim_die(rect.size), rect.topleft)
            # Its key, on a keycap at the corner: the die's place (1-4), never its face.
            key_col = theme.FOCUS if (i in choices and choices[i] is None) else theme.INK_FAINT
            cap = pygame.Rect(rect.x - 5, rect.y - 5, 18, 18)
            pygame.draw.rect(surface, (34, 30, 26), cap, border_radius=5)
            pygame.draw.rect(surface, key_col, cap, 1, border_radius=5)
            theme.text(surface, str(i + 1), cap.center, 13, key_col, bold=True, anchor="center")
            label = roles.get(i) or bot_roles.get(i)
            under = pygame.Rect(x - DIE_GAP // 2 + 2, rect.bottom, DIE_GAP - 4, DICE_BOX.bottom - rect.bottom)
            if label:
                ch = self.moves.change_of({"ACTION": "action", "NEW": "new", "DIR": "dir", "DIST": "dist",
                                        "LENGTH": "dist"}[label]) if i in roles else 0
                text = label if not ch else f"{label} → {self.model.dice[i] + ch}"
                theme.text(surface, text, (x, rect.bottom + 4), 12, theme.GOLD, bold=True, anchor="midtop", box=under)
            elif owner is not None:
                name, size = theme.fit_name(self.match.seats[owner].name, under.w, 12, 10)
                theme.text(surface, name, (x, rect.bottom + 2), size, seat_rgb(owner), bold=True, anchor="midtop",
                           box=under)
                used = self.model.taken_as[i] or "taken"
                theme.text(surface, used, (x, rect.bottom + 16), theme.fit_size(used, under.w, 11, 9), theme.INK_DIM,
                           anchor="midtop", box=under)
            elif self.model.round_no > 0 and not sprite.rolling:
                face = self.model.dice[i]
                theme.text(surface, ACTION_VERBS[ACTIONS[face]], (x, rect.bottom + 4), 12, theme.INK_DIM,
                           anchor="midtop", box=under)

    def _draw_move_panel(self, surface: pygame.Surface) -> None:
        r = MOVE_BOX
        m = self.match
        if not self._human_turn():
            self._draw_move_watch(surface)
            return
        if self.choosing():
            self._draw_start_panel(surface)
            return
        p = m.to_move() or 0
        theme.text(surface, "YOUR MOVE", (r.x + 14, r.y + 10), 14, theme.GOLD, bold=True)
        name, size = theme.fit_name(m.seats[p].name, 170, 15, 12)
        theme.text(surface, name, (r.right - 14, r.y + 17), size, seat_rgb(p), bold=True, anchor="midright")
        current = self.moves.current_slot()
        pv = self.preview()
        h = self.row_height()
        tall = h >= 50
        for slot, y in self.move_rows():
            row = pygame.Rect(r.x + 8, y, r.w - 16, h - 4)
            is_current = slot == current
            focused = slot == self.moves.focus_slot() and not is_current
            fill = (64, 56, 40) if is_current else (50, 46, 44)
            pygame.draw.rect(surface, fill, row, border_radius=8)
            edge = theme.GOLD if is_current else (theme.FOCUS if focused else (78, 70, 60))
            pygame.draw.rect(surface, edge, row, 2, border_radius=8)
            name = SLOT_NAMES[slot]
            if slot == "dist" and self.moves.kind_now() == BARRIER:
                name = "LENGTH"
            tx = row.x + 48
            # The row's words stay left of its buttons (−1 +1, or ◀ ▶).
            words_box = pygame.Rect(tx, row.y, row.right - ROW_BUTTONS_W - 6 - tx, row.h)
            title = theme.text(surface, name, (tx, row.y + (4 if tall else 2)), 11,
                               theme.GOLD if is_current else theme.INK_DIM, bold=True, box=words_box)
            if slot != "second" and slot == self.moves.focus_slot():
                # The keys that change this row's die (its −1 +1 buttons show their prices).
                room = words_box.right - title.right - 8
                tab = len(self.moves.filled()) > 1   # (Tab moves to another row with a die)
                keys = next((k for k in (("↑/↓ change it · Tab: next row",) if tab else ()) + ("↑/↓ change it",)
                             if theme.width_of(k, 10) <= room), "")
                theme.text(surface, keys, (title.right + 8, title.y + 1), 10, theme.INK_DIM, box=words_box)
            main_y, sub_y = (row.y + 17, row.y + 33) if tall else (row.y + 14, row.y + 28)
            die = self.moves.die_of(slot)
            if slot == "second":
                x = self.move.second
                if x is None:
                    text = "click a hex by the centre" if self.move.dist_die is not None else ""
                    theme.text(surface, text, (tx, main_y + 2), 13, theme.INK_FAINT, box=words_box)
                else:
                    theme.text(surface, ARROWS[x], (row.x + 25, row.centery), 24, theme.GOLD, bold=True,
                               anchor="center")
                    where = f"{DIRECTION_NAMES[x]} of the centre"
                    size = theme.fit_size(where, words_box.w, 15, 12, bold=True)
                    theme.text(surface, where, (tx, main_y), size, theme.INK, bold=True, box=words_box)
                continue
            if die is None:
                pygame.draw.rect(surface, (70, 64, 56), (row.x + 10, row.centery - 15, 30, 30), 2, border_radius=6)
                theme.text(surface, "?", (row.x + 25, row.centery), 16, theme.INK_FAINT, bold=True, anchor="center")
                hint = "press 1-4 or click a die"
                if slot in ("dir", "dist"):
                    hint = "1-4, or click a marked hex"
                theme.text(surface, hint if is_current else "", (tx, main_y + 2), 13, theme.INK_DIM, box=words_box)
                continue
            ch = self.moves.change_of(slot)
            value = self.model.dice[die] + ch
            img = die_face(6, max(1, min(6, value)), 32, IVORY)
            surface.blit(img, img.get_rect(center=(row.x + 25, row.centery)))
            desc = self._slot_words(slot, value)
            size = theme.fit_size(desc, words_box.w, 15, 12, bold=True)
            theme.text(surface, fit(desc, words_box.w, size, True), (tx, main_y), size, theme.INK, bold=True,
                       box=words_box)
            price = self.moves.price(slot, ch)
            sub = f"die {die + 1}"
            if ch:
                sub += f" ({self.model.dice[die]}{'+' if ch > 0 else '−'}{abs(ch)}): {words.money(price)}" if price else \
                    f" ({self.model.dice[die]}{'+' if ch > 0 else '−'}{abs(ch)}): free"
            elif slot == "new":
                sub += ": ±1 is free"
            theme.text(surface, sub, (tx, sub_y), 11, theme.GOLD if ch else theme.INK_FAINT, box=words_box)
        free_top = max(y + h - 4 for _, y in self.move_rows()) + 8
        if current == "action":
            free_top = self._draw_action_legend(surface, ROWS_Y + h + 4) + 8
        self._draw_money_line(surface, pv, free_top)
        for b in self.buttons:
            b.draw(surface)
            extra: int | None = getattr(b, "price", None)
            if extra is not None and b.enabled:
                tag = words.money(extra) if extra > 0 else (f"{words.money(-extra)} back" if extra < 0 else "free")
                row_top = b.rect.y - (5 if tall else 2)
                theme.text(surface, tag, (b.rect.centerx, b.rect.bottom + 1), 10,
                           theme.GOLD if extra > 0 else theme.GOOD, anchor="midtop",
                           box=pygame.Rect(b.rect.x - 6, row_top, b.rect.w + 12, h - 4))

    def _draw_action_legend(self, surface: pygame.Surface, y: int) -> int:
        """While the action die is being chosen: what each face does (faces on offer bright).
        Returns where it ends."""
        r = MOVE_BOX
        offered = set()
        for i, why in self.moves.die_choices().items():
            pick = self.moves.die_pick(i) if why is None else None
            if pick is not None:
                offered.add(self.model.dice[i] + pick.action_change)
        fee = self.state.fee()
        meaning = {
            1: "Mine: dig a line, 1$ a hex, take its treasure",
            2: "Blow: blast 2 hexes, half their treasure",
            3: "Block: 2 hexes nobody may tunnel through",
            4: f"Barrier: others pay {words.money(fee)} to tunnel through it",
            5: "Dice modifier: another die ±1 is the action",
            6: "Income: half the other three dice",
        }
        for face in range(1, 7):
            yy = y + (face - 1) * 24
            on = face in offered
            img = die_face(6, face, 20, IVORY)
            if not on:
                img = img.copy()
                img.set_alpha(90)
            surface.blit(img, (r.x + 16, yy))
            theme.text(surface, fit(meaning[face], r.w - 56, 13), (r.x + 44, yy + 2), 13,
                       theme.INK if on else theme.INK_FAINT)
        return theme.text(surface, "Changes: 4$ a point on the action die, 2$ on others.",
                          (r.x + 16, y + 6 * 24 + 2), 11, theme.INK_DIM).bottom

    def _slot_words(self, slot: str, value: int) -> str:
        if not 1 <= value <= 6:
            return "?"
        if slot in ("action", "new"):
            kind = ACTIONS[value]
            if slot == "action" and kind == MOD:
                return f"{value} · Dice modifier"
            return f"{value} · {ACTION_TITLES[kind]}"
        if slot == "dir":
            return f"{value} · {DIRECTION_NAMES[value]} {ARROWS[value]}"
        return words.plural(value, "hex")

    def _draw_money_line(self, surface: pygame.Surface, pv: Preview | None, free_top: int) -> None:
        """The money box; its words take more lines, the box growing up into the panel's free
        room down to `free_top`, before they are cut (whole under the pointer then)."""
        p = self.match.to_move() or 0
        have = self.model.money[p]
        box = self._money_base()
        why = self.why_not()
        lines, colour = self._money_words(pv, why, box.w - 20)
        room = 2 + max(0, (box.y - free_top) // MONEY_LINE)
        grow = max(0, min(len(lines), room) - 2) * MONEY_LINE
        box = pygame.Rect(box.x, box.y - grow, box.w, box.h + grow)
        self._money_rect = box
        pygame.draw.rect(surface, (30, 28, 28), box, border_radius=8)
        if pv is not None and pv.kind is not None and (pv.allowed or pv.cost or pv.gain):
            parts = []
            if pv.cost:
                parts.append((f"pay {words.money(pv.cost)}", (255, 160, 140)))
            if pv.gain:
                parts.append((f"get {words.money(pv.gain)}", (150, 230, 140)))
            if not parts:
                parts.append(("costs nothing", theme.INK_DIM))
            after = have - pv.cost + pv.gain
            total = f"{words.money(have)} → {words.money(after)}"
            total_rect = theme.text(surface, total, (box.right - 10, box.y + 6), 15, theme.GOLD, bold=True,
                                    anchor="topright", box=box)
            x = box.x + 10
            left = pygame.Rect(box.x, box.y, total_rect.x - 8 - box.x, box.h)
            for text, col in parts:
                rect = theme.text(surface, text, (x, box.y + 6), 15, col, bold=True, box=left)
                x = rect.right + 12
        else:
            theme.text(surface, f"You have {words.money(have)}", (box.x + 10, box.y + 6), 15, theme.GOLD, bold=True,
                       box=box)
        most = min(len(lines), room)
        self.money_full = ""
        if len(lines) > most:  # (all the lines the box has room for: the whole under the pointer)
            whole = " ".join(lines)
            theme.note_clipped(whole, box.w - 20, theme.width_of(whole, 12), "cut")
            lines = theme.wrap_lines(whole, box.w - 20, 12, most=most)
            self.money_full = whole
        for i, line in enumerate(lines[:most]):
            theme.text(surface, line, (box.x + 10, box.y + 25 + i * MONEY_LINE), 12, colour, box=box)

    def _money_words(self, pv: Preview | None, why: str, width: int) -> tuple[list[str], tuple[int, int, int]]:
        """The money box's words under its first line, wrapped to `width`, and their colour: a
        message just said, why the move cannot be made (dim while it is only unfinished), or
        what it does."""
        if self.message_time > 0:
            return theme.wrap(self.message, width, 12), self.message_colour
        if why:
            incomplete = self.moves.current_slot() is not None and (pv is None or pv.allowed or not pv.reason
                                                              or pv.reason.startswith(("choose", "mine:",
                                                                                       "blow:", "block:",
                                                                                       "barrier:",
                                                                                       "dice modifier:")))
            return theme.wrap(why, width, 12), (theme.INK_DIM if incomplete else (255, 130, 110))
        text = pv.text if pv is not None else ""
        p = self.match.to_move() or 0
        return theme.wrap(_after_name(text, self.match.seats[p].name), width, 12), theme.GOOD

    def _draw_start_panel(self, surface: pygame.Surface) -> None:
        """The move panel while a human chooses a start point: every X, and who chooses when."""
        r = MOVE_BOX
        m = self.match
        p = m.to_move() or 0
        theme.text(surface, "YOUR START POINT", (r.x + 14, r.y + 10), 14, theme.GOLD, bold=True)
        name, size = theme.fit_name(m.seats[p].name, 150, 15, 12)
        theme.text(surface, name, (r.right - 14, r.y + 17), size, seat_rgb(p), bold=True, anchor="midright")
        intro = "Choose the X you dig from. The dice are rolled once everyone stands on an X."
        for i, line in enumerate(theme.wrap_lines(intro, r.w - 28, 13)):
            theme.text(surface, line, (r.x + 14, r.y + 36 + i * 17), 13, theme.INK_DIM)
        free = self.free_starts()
        for h, row in self._start_rows():
            picked = h == self.start_pick
            pygame.draw.rect(surface, (64, 56, 40) if picked else (50, 46, 44), row, border_radius=8)
            pygame.draw.rect(surface, theme.GOLD if picked else (78, 70, 60), row, 2, border_radius=8)
            on = h in free
            centre = (row.x + 22, row.centery)
            pygame.draw.circle(surface, theme.GOLD if on else (90, 84, 76), centre, 13)
            theme.text(surface, str(self.start_number(h)), centre, 16, (30, 22, 10), bold=True,
                       anchor="center")
            # The number is in the circle: the row names the place ("Lower left").
            label = start_label(self.state.map, h).partition("(")[2].rstrip(")") or f"X {self.start_number(h)}"
            theme.text(surface, fit(label[:1].upper() + label[1:], r.w - 180, 14, True), (row.x + 44, row.y + 5),
                       14, theme.INK if on else theme.INK_FAINT, bold=True)
            owner = next((q for q, ph in enumerate(self.state.pos) if ph == h), None)
            if owner is not None:
                status, col = f"{m.seats[owner].name} starts here", seat_rgb(owner)
            elif on:
                status, col = ("picked: Enter chooses it" if picked else "free"), theme.GOOD
            else:
                status, col = "not used by two players", theme.INK_FAINT
            theme.text(surface, fit(status, r.w - 180, 12), (row.x + 44, row.y + 24), 12, col)
        y = r.y + 92 + 4 * 50 + 4
        order = [m.seats[q].name for q in choosing_order(self.state.first_player, self.n)]
        words = f"Choosing order: {', '.join(order)}. {order[-1]} starts round 1, so chooses last."
        # Three lines when no message needs the room (four long names fit whole); one beside a
        # message, which takes the lines above the key line (its second had sat on that line).
        most = 1 if self.message_time > 0 else 3
        order_lines = theme.wrap_lines(words, r.w - 28, 12, most=most)
        for i, line in enumerate(order_lines):
            theme.text(surface, line, (r.x + 14, y + i * 15), 12, theme.INK_DIM)
        if self.message_time > 0:
            top = y + 15 * len(order_lines) + 2
            room = max(1, (r.bottom - 22 - top) // 15)
            for i, line in enumerate(theme.wrap_lines(self.message, r.w - 28, 12, most=room)):
                theme.text(surface, line, (r.x + 14, top + i * 15), 12, self.message_colour)
        for b in self.buttons:
            b.draw(surface)
        theme.text(surface, "1-4 / Tab: pick an X · Enter: choose · or click an X",
                   (r.centerx, r.bottom - 8), 12, theme.INK_FAINT, anchor="midbottom")

    def _draw_move_watch(self, surface: pygame.Surface) -> None:
        """The move panel while others play: what is happening, and whose turn it is."""
        r = MOVE_BOX
        m = self.match
        theme.text(surface, "AT THE TABLE", (r.x + 14, r.y + 12), 14, theme.GOLD, bold=True)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.bot_move is not None:
            bot = m.to_move() or 0
            lines.append((f"{m.seats[bot].name}:", seat_rgb(bot)))
            lines.append((self._bot_words(), theme.INK))
        elif self.beat is not None:
            ev = self.beat.event
            actor = self.beat.actor
            lines.append((ev.text, seat_rgb(actor) if actor is not None else theme.INK))
        elif m.is_over():
            lines.append(("The game is over.", theme.GOLD))
            winners = list(m.state.outcome().winners)   # ... and who won, as the banner says it
            if winners:
                names = " and ".join(m.seats[w].name for w in winners)
                verb = "wins" if len(winners) == 1 else "tie for the win"
                lines.append((f"{names} {verb}.", seat_rgb(winners[0]) if len(winners) == 1 else theme.INK))
        else:
            who = m.to_move()
            if who is not None:
                doing = "to move" if self.replay else "is thinking…"   # (a replay waits for no one)
                lines.append((f"{m.seats[who].name} {doing}", seat_rgb(who)))
        y = r.y + 40
        for text, col in lines:
            for line in theme.wrap(text, r.w - 28, 16):
                theme.text(surface, line, (r.x + 14, y), 16, col)
                y += 22
        y = max(y + 10, r.y + 150)
        n = self.n
        if self.model.round_no == 0 and self.state.config.options.get("start_points") == "choose":
            # Before the first roll: who chooses a start point when, and what they took.
            theme.text(surface, "CHOOSING START POINTS", (r.x + 14, y), 12, theme.INK_DIM, bold=True)
            y += 20
            for k, p in enumerate(choosing_order(self.state.first_player, n)):
                h = self.model.pos[p]
                now = h is None and self.model.step == k
                pygame.draw.circle(surface, seat_rgb(p), (r.x + 22, y + 9), 6)
                name, size = theme.fit_name(m.seats[p].name, 130, 15, 12, bold=now)
                theme.text(surface, name, (r.x + 36, y + 9), size,
                           theme.INK if now or h is not None else theme.INK_DIM, bold=now, anchor="midleft")
                what = f"X {self.start_number(h)}" if h is not None else ("choosing…" if now else "waits")
                theme.text(surface, what, (r.right - 14, y + 1), 14, theme.GOLD if now else theme.INK_DIM,
                           anchor="topright")
                y += 24
            hint = "Space skip animation · Esc menu · F1 rules" if not self.idle else "Esc menu · F1 rules"
            if self.replay:   # (the replay viewer then puts no key tag over the map)
                hint = self.replay_keys
            theme.text(surface, hint, (r.centerx, r.bottom - 8), 12, theme.INK_FAINT, anchor="midbottom")
            return
        # The order of play this round.
        theme.text(surface, "THIS ROUND", (r.x + 14, y), 12, theme.INK_DIM, bold=True)
        y += 20
        for k in range(n):
            p = (self.model.starter + k) % n
            done = self.model.acted.get(p)
            now = (not self.model.over and self.model.round_no > 0 and self.model.turn(n) == p and not done)
            col = seat_rgb(p)
            pygame.draw.circle(surface, col, (r.x + 22, y + 9), 6)
            name, size = theme.fit_name(m.seats[p].name, 130, 15, 12, bold=now)
            theme.text(surface, name, (r.x + 36, y + 9), size, theme.INK if now or done else theme.INK_DIM, bold=now,
                       anchor="midleft")
            what = done or (("to play" if self.replay else "playing…") if now else "waits")
            theme.text(surface, what, (r.right - 14, y + 1), 14, theme.GOLD if now else theme.INK_DIM,
                       anchor="topright")
            y += 24
        hint = "Space skip animation · Esc menu · F1 rules" if not self.idle else "Esc menu · F1 rules"
        if self.replay:   # (the replay viewer then puts no key tag over the map)
            hint = self.replay_keys
        theme.text(surface, hint, (r.centerx, r.bottom - 8), 12, theme.INK_FAINT, anchor="midbottom")

    def _draw_players(self, surface: pygame.Surface) -> None:
        """The players list: its picture is kept while the words in it stay the same; the money,
        which counts up and down for a second after every payment, is written over it each frame."""
        turn = None if self.model.over or self.model.round_no == 0 else self.model.turn(self.n)
        busy = self._row_callouts()
        money = tuple(self._shown_money(p) for p in range(self.n))
        shown = (money, turn, self.model.starter, self.model.round_no, tuple(sorted(self.model.acted.items())), busy)
        kept = self._players_cache
        if kept is None or kept.shown != shown:
            # The words are fitted beside the money; the picture is drawn again only if they moved.
            rows = tuple(self._player_words(p, turn, busy) for p in range(self.n))
            fitted = (turn, rows)
            picture = kept.picture if kept is not None and kept.words == fitted else self._render_players(turn, rows)
            kept = self._players_cache = PlayersList(shown, fitted, picture, [
                (theme.text_image(words.money(m), 24, theme.GOLD, title=True), self.player_row(p))
                for p, m in enumerate(money)])
        surface.blit(kept.picture, PLAYERS_BOX.topleft)
        for image, row in kept.money:
            surface.blit(image, image.get_rect(midright=(row.right - 10, row.centery)))

    def _shown_money(self, p: int) -> int:
        return int(round(self.shown_money[p])) if p < len(self.shown_money) else self.model.money[p]

    def _player_words(self, p: int, turn: int | None,
                      busy: tuple[int, ...]) -> tuple[str, int, str | None, int]:
        """A row's name and second line as they fit beside its money: (name, size, status or
        None while floating words are there instead, size)."""
        seat = self.match.seats[p]
        parts = self.player_row_parts(p)
        name, name_size = theme.fit_name(seat.name, parts["name"].w, 15, 12)
        if p in busy:
            return name, name_size, None, 0
        who = seat_tag(seat)
        status = self.model.acted.get(p) or ("to play" if p == turn else who)
        if p == self.model.starter and self.model.round_no > 0:
            status = "starts · " + status
        size = theme.fit_size(status, parts["status"].w, 12, 10)
        return name, name_size, fit(status, parts["status"].w, size), size

    def _render_players(self, turn: int | None, rows: tuple[tuple[str, int, str | None, int], ...]) -> pygame.Surface:
        surf = pygame.Surface(PLAYERS_BOX.size, pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, (24, 23, 26, 240), rect, border_radius=10)
        pygame.draw.rect(surf, theme.PANEL_EDGE, rect, 2, border_radius=10)
        theme.text(surf, "Miners", (14, 9), 17, theme.GOLD, bold=True)
        theme.text(surf, "money", (rect.w - 14, 12), 13, theme.INK_DIM, anchor="topright")
        ox, oy = PLAYERS_BOX.topleft
        for p in range(self.n):
            row = self.player_row(p).move(-ox, -oy)
            col = seat_rgb(p)
            now = p == turn
            pygame.draw.rect(surf, (58, 50, 36) if now else (40, 37, 36), row, border_radius=8)
            pygame.draw.rect(surf, theme.GOLD if now else (70, 64, 58), row, 2 if now else 1, border_radius=8)
            pygame.draw.rect(surf, col, (row.x + 3, row.y + 6, 4, row.h - 12), border_radius=2)
            token = miner_token(p, 34)
            surf.blit(token, token.get_rect(center=(row.x + 26, row.centery)))
            parts = {k: r.move(-ox, -oy) for k, r in self.player_row_parts(p).items()}
            name, name_size, status, size = rows[p]
            theme.text(surf, name, parts["name"].midleft, name_size, col, bold=True, anchor="midleft",
                       box=parts["name"])
            if status is not None:  # (floating words about this player are there instead)
                theme.text(surf, status, parts["status"].midleft, size, theme.GOLD if now else theme.INK_DIM,
                           anchor="midleft", box=parts["status"])
        return surf

    def _draw_coins(self, surface: pygame.Surface) -> None:
        for c in self.coins:
            x, y = lerp2(c.a, c.b, c.t)
            y -= math.sin(math.pi * c.t) * 60
            pygame.draw.circle(surface, (80, 56, 10), (int(x) + 1, int(y) + 2), 10)
            pygame.draw.circle(surface, theme.GOLD, (int(x), int(y)), 10)
            pygame.draw.circle(surface, (255, 236, 150), (int(x) - 3, int(y) - 3), 3)
            theme.text(surface, "$", (int(x), int(y)), 13, (90, 60, 10), bold=True, anchor="center")

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if self.mouse is not None and not self.walk and not MAP.collidepoint(self.mouse):
            for b in self.buttons:
                if b.rect.collidepoint(self.mouse) and not b.enabled and b.reason:
                    self._draw_button_tooltip(surface, b, b.reason)
                    return
                note = getattr(b, "note", "")
                if b.rect.collidepoint(self.mouse) and b.enabled and note:
                    self._draw_button_tooltip(surface, b, note)
                    return
        text = self.tooltip_text()
        if text:
            self._draw_tooltip_text(surface, text, 320)

    def tooltip_text(self) -> str:
        """What the tooltip under the mouse says ("" for none): a hex, an X while start points are
        chosen, a die (and why it cannot be chosen now), or why a dimmed button is dimmed."""
        if self.mouse is None or self.walk:
            return ""
        text = ""
        if MAP.collidepoint(self.mouse):
            h = self.view.hex_at(self.mouse)
            if h is not None and self.choosing() and h in self.state.map.starts:
                text = self._start_words(h)
            elif h is not None:
                names = [s.name for s in self.match.seats]
                text = self.view.describe(h, self.model.marks(), names)
                here = [names[p] for p, ph in enumerate(self.model.pos) if ph == h]
                if here:
                    text += " · " + ", ".join(here) + " here"
        else:
            for i in range(DICE):
                if self.die_rect(i).collidepoint(self.mouse) and self.model.round_no > 0:
                    face = self.model.dice[i]
                    text = f"Die {i + 1}: {face}, as an action: {ACTION_TITLES[ACTIONS[face]]}; as a direction: " \
                           f"{DIRECTION_NAMES[face]}; as a distance: {words.plural(face, 'hex')}"
                    why = self.moves.die_choices().get(i) if self._human_turn() else None
                    if why:
                        text += f". Not now: {why}"
                    elif self._human_turn():
                        note = self.moves.pick_note(i)
                        if note:
                            text += f". {note}"
                    owner = self.model.taken[i]
                    if owner is not None and not why:
                        text += f". Taken by {self.match.seats[owner].name} this round"
            for b in self.buttons:
                if b.rect.collidepoint(self.mouse) and not b.enabled and b.reason:
                    text = b.reason
            if not text and self.money_full and self.money_box().collidepoint(self.mouse):
                text = self.money_full   # the words cut short in the box, whole
        return text

    def _draw_button_tooltip(self, surface: pygame.Surface, b: Button, text: str) -> None:
        """Why a button cannot be pressed (or what a +1 or -1 that skips values does), beside the
        button rather than over the move panel: the refusal in red under the move must stay
        readable."""
        img = tooltip_image(text, 250)
        keep_clear = [self.money_box(), b.rect.inflate(4, 4)]
        rect = img.get_rect()
        for place in ({"bottomleft": (b.rect.right + 8, b.rect.bottom)},
                      {"topleft": (b.rect.right + 8, b.rect.top)},
                      {"bottomright": (b.rect.left - 8, b.rect.bottom)},
                      {"bottomleft": (b.rect.left, b.rect.top - 6)}):
            rect = img.get_rect(**place)
            if SCREEN.contains(rect) and rect.collidelist(keep_clear) == -1:
                break
        else:
            rect.clamp_ip(SCREEN)
        surface.blit(img, rect)

    def money_box(self) -> pygame.Rect:
        """The box under the move's rows: the money it costs, and what it does or why it cannot
        (as last drawn: taller while its words need the room)."""
        return self._money_rect or self._money_base()

    @staticmethod
    def _money_base() -> pygame.Rect:
        return pygame.Rect(MOVE_BOX.x + 8, MOVE_BOX.bottom - 52 - 60, MOVE_BOX.w - 16, 58)


# ============================================================================ helpers
def _after_name(text: str, name: str) -> str:
    """'Ana mines 3 hexes up: +7$' -> 'mines 3 hexes up: +7$' (the name is shown beside it)."""
    if text.startswith(name + ": "):
        return text[len(name) + 2:]
    if text.startswith(name + " "):
        return text[len(name) + 1:]
    return text


def _start_hex(action: Action) -> Hex:
    """The hex a `start:q,r` action names."""
    q, r = (int(x) for x in action.args)
    return Hex(q, r)


def _ease_drop(t: float) -> float:
    from game.ui.tween import ease_out_bounce

    return ease_out_bounce(t)


def _mixc(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


@lru_cache(maxsize=4)
def _dim_die(size: tuple[int, int]) -> pygame.Surface:
    """A dark veil over a die that cannot be chosen now."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (18, 16, 16, 150), veil.get_rect(), border_radius=12)
    return veil


@lru_cache(maxsize=1)
def _table_background() -> pygame.Surface:
    """Dark timber with the mountain's cave behind the map, and the panels' wells; drawn once."""
    surf = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    surf.blit(theme.vertical_gradient((theme.WIDTH, theme.HEIGHT), (34, 30, 28), (20, 18, 18)), (0, 0))
    # The cave: a deep, slightly warm rock face behind the mountain, lit from the top.
    cave = theme.vertical_gradient(MAP.size, (40, 36, 34), (22, 20, 20))
    glow = pygame.Surface(MAP.size, pygame.SRCALPHA)
    for i in range(16):
        pygame.draw.ellipse(glow, (255, 200, 120, 4), glow.get_rect().inflate(-i * 36, -i * 30).move(0, -60))
    cave.blit(glow, (0, 0))
    rng = __import__("random").Random(7)
    for _ in range(140):
        x, y = rng.randrange(MAP.w), rng.randrange(MAP.h)
        c = rng.randint(26, 46)
        pygame.draw.circle(cave, (c + 4, c, c - 2), (x, y), rng.randint(1, 3))
    surf.blit(cave, MAP.topleft)
    pygame.draw.rect(surf, (70, 54, 38), MAP.inflate(4, 4), 3, border_radius=12)
    for box in (COMPASS_BOX, DICE_BOX, MOVE_BOX):
        pygame.draw.rect(surf, (38, 34, 33), box, border_radius=10)
        pygame.draw.rect(surf, theme.PANEL_EDGE, box, 2, border_radius=10)
    return surf
