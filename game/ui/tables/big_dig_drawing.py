"""How the Big Dig table looks: its layout, its display model and its drawing.

`BigDigTable` (big_dig.py) is the scene: the beats that catch the display up with the events,
the buttons, the human's choices and the input. This module holds what it draws with: the places
on the table (geometry, as methods of the scene), the display model (`DigModel`), the pictures
(the Digging cards, the ghost's squares, the goals' badges, the background) and `TableDrawing`,
the scene's drawing methods. Drawing is a function of the model and the clock.

Layout (1280 x 720): the banner on top; the big board on the left; in the middle the cards, the
goals and the move panel; on the right the other players' boards and the log.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import Action
from game.games.big_dig.board import Square
from game.games.big_dig.cards import Shape
from game.ui import theme
from game.ui.digboard import KIND_WORDS, BoardView, kind_swatch, shape_picture, small_marks, stroke
from game.ui.cards import tint
from game.ui.tables.base import TableHost, banner_image, draw_name_and_tag, fit, seat_rgb, seat_tag
from game.ui.widgets import Button

# ----------------------------------------------------------------------------- layout
BANNER = pygame.Rect(8, 6, 1264, 40)
BOARD_BOX = pygame.Rect(8, 52, 600, 662)
# The big board's space inside it: room at the left and at the foot for the row and column
# numbers that the log, the hints and the why-nots name squares by ("column 3, row 2").
COORD_ROOM = 18
BOARD_SPACE = pygame.Rect(BOARD_BOX.x + 4 + COORD_ROOM, BOARD_BOX.y + 8,
                          BOARD_BOX.w - 12 - COORD_ROOM, BOARD_BOX.h - 12 - COORD_ROOM)
CARDS_BOX = pygame.Rect(616, 52, 388, 170)
GOALS_BOX = pygame.Rect(616, 230, 388, 230)
MOVE_BOX = pygame.Rect(616, 468, 388, 246)
SIDE_X, SIDE_W = 1012, 260
CARD_W, CARD_H, CARD_GAP = 70, 124, 6
CARD_COUNT = 5

# Seconds at "normal" speed; every duration is multiplied by the animation-speed setting.
T_STROKE = 0.16       # one square's marker cross
T_BOT_THINK = 0.3
T_BOT_SHOW = 0.8      # a bot's move shown as a ghost before it is played
T_FLIP = 0.5
T_FLASH = 1.6         # a met goal's row glows

LEGEND_KINDS = ("dirt", "light", "rock", "emerald", "amethyst", "coin", "pipe", "tablet", "skeleton",
                "water", "oil")
LEGEND_WORDS = {"dirt": "dirt: dig it", "light": "light dirt (3 x 3)", "rock": "rock: explode it",
                "emerald": "emerald", "amethyst": "amethyst", "coin": "ancient coin", "pipe": "pipe",
                "tablet": "tablet: never dug", "skeleton": "skeleton: never dug", "water": "water: never dug",
                "oil": "oil: never dug"}
GHOST_OK = (120, 230, 140)
GHOST_BAD = (236, 88, 70)
REFUSED_RGB = (70, 34, 28)   # the message bar, and a refused placement's reason for a moment
T_REFUSED = 0.8              # (seconds, not scaled by the animation speed: it is not a show)
CARD_PAPER = (238, 228, 204)
SHAPE_RGB = (176, 128, 78)
PANEL_RGB = (38, 34, 33)     # the panels' fill


def goal_title_lines(title: str, width: int) -> tuple[int, list[str]]:
    """A goal's title in at most two lines of `width`: the largest type (15 down to 11) that
    holds it whole, no word broken; at 11 the second line is cut to fit, which the clipping
    watcher notes."""
    for size in (15, 14, 13, 12, 11):
        lines = theme.wrap(title, width, size, True)
        if len(lines) <= 2 and " ".join(lines) == title:
            return size, lines
    first, *rest = theme.wrap(title, width, 11, True)
    return 11, [first, theme.fit_text(" ".join(rest), width, 11, True)]


# ============================================================================ display model
@dataclass
class DigModel:
    """What the table shows; `crossed`, `exploded`, `taken`, `sides` and `over` mirror the rules."""

    crossed: list[set[Square]]
    exploded: list[set[Square]]
    taken: list[int | None]
    sides: list[int]
    over: bool
    met: set[tuple[int, str]] = field(default_factory=set)   # cosmetic: (player, goal) met

    @classmethod
    def from_state(cls, s: Any, n: int, progress: Any = None) -> "DigModel":
        """The model of state `s`; `progress(p, goal)` answers like `s.goal_progress` (a table
        passes its cached one)."""
        cards = range(1, CARD_COUNT + 1)
        ask = progress or s.goal_progress
        return cls(crossed=[set(s.crossed(p)) for p in range(n)],
                   exploded=[set(s.exploded(p)) for p in range(n)],
                   taken=[s.card_taken_by(c) for c in cards], sides=[s.card_side(c) for c in cards],
                   over=s.is_over(),
                   met={(p, g) for p in range(n) for g in s.goals if ask(p, g).met})

    def rules_key(self) -> tuple[Any, ...]:
        return (tuple(frozenset(c) for c in self.crossed), tuple(frozenset(e) for e in self.exploded),
                tuple(self.taken), tuple(self.sides), self.over)

    def adopt(self, other: "DigModel") -> None:
        for name in ("crossed", "exploded", "taken", "sides", "over", "met"):
            setattr(self, name, getattr(other, name))


# ============================================================================ the scene's drawing
class TableDrawing(TableHost):
    """The Big Dig scene's places on the table and its drawing (mixed into `BigDigTable`)."""

    # (Set by the scene.)
    match: Any
    model: DigModel
    board: Any
    view: BoardView
    others_box: pygame.Rect
    card: int | None
    cursor: Square | None
    exploding: bool
    refused: float
    strokes: dict[tuple[int, Square], float]
    flip: float
    flash: dict[str, float]
    glow: tuple[int, str, float] | None
    buttons: list[Button]
    replay_decision: bool
    _fits_cache: dict[Any, Any]
    _layers: dict[Any, tuple[Any, pygame.Surface]]

    if TYPE_CHECKING:   # (The game's own table's answers, beyond TableScene's: declared for the
        # checker only, so that nothing here can shadow the scene's own at run time.)
        @property
        def state(self) -> Any: ...
        def peeked(self) -> int | None: ...
        def big_player(self) -> int: ...
        def others(self) -> list[int]: ...
        def outcome(self) -> Any: ...
        def progress(self, p: int, goal: str) -> Any: ...
        def bonus_turn(self) -> bool: ...
        def fit_spots(self) -> set[Square]: ...
        def card_fits_somehow(self, card: int) -> bool: ...
        def ghost(self) -> set[Square] | None: ...
        def why_not(self) -> str: ...
        def current_action(self) -> Action | None: ...
        def _human_turn(self) -> bool: ...

    # ------------------------------------------------------------------ places on the table
    def other_rect(self, i: int) -> pygame.Rect:
        """The i-th row of the side panel (the other players, in seat order)."""
        count = max(1, self.n - 1)
        h = (self.others_box.h - 34) // count
        return pygame.Rect(self.others_box.x + 6, self.others_box.y + 30 + i * h, self.others_box.w - 12, h - 4)

    def other_view(self, p: int) -> BoardView:
        """A small board in a side-panel row (every row has the same size, so one view per row
        height serves them all; it is moved to the row when drawn)."""
        r = self.other_rect(0)
        key = (r.w, r.h)
        view = self._fits_cache.get(("small", key))
        if view is None:
            box = pygame.Rect(0, 0, min(r.w // 2, 128), r.h - 8)
            view = BoardView(self.board, box, max_cell=12)
            self._fits_cache[("small", key)] = view
        return view

    def card_rect(self, card: int) -> pygame.Rect:
        total = CARD_COUNT * CARD_W + (CARD_COUNT - 1) * CARD_GAP
        x = CARDS_BOX.x + (CARDS_BOX.w - total) // 2 + (card - 1) * (CARD_W + CARD_GAP)
        lift = -6 if card == self.card else 0
        return pygame.Rect(x, CARDS_BOX.y + 36 + lift, CARD_W, CARD_H)

    def goal_rect(self, i: int) -> pygame.Rect:
        h = (GOALS_BOX.h - 36) // 3
        return pygame.Rect(GOALS_BOX.x + 8, GOALS_BOX.y + 32 + i * h, GOALS_BOX.w - 16, h - 4)

    # ================================================================== drawing
    def draw(self, surface: pygame.Surface) -> None:
        wait = not self.frame_has_room()
        surface.blit(_background(), (0, 0))
        self._draw_banner(surface)
        self._draw_board(surface)
        self._draw_cards(surface)
        self._cached(surface, "goals", GOALS_BOX, self._goals_key(), self._draw_goals, wait)
        self._draw_goal_flash(surface)
        self._draw_move_panel(surface)
        self._cached(surface, "others", self.others_box, self._others_key(), self._draw_others, wait)
        if self.big_player() in self.others():   # a rival's board looked at large: its row says so
            r = self.other_rect(self.others().index(self.big_player()))
            pygame.draw.rect(surface, theme.GOLD, r, 2, border_radius=8)
        self._draw_log(surface)
        self._draw_callouts(surface)
        self._draw_tooltip(surface)
        self._draw_shake(surface, 5)

    def _cached(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: Any,
                draw: Any, wait: bool = False) -> None:
        """Draw a panel through a picture kept until its `key` changes (a panel is drawn at its
        place on the screen, so the picture is screen-sized and only its `rect` is shown).

        With `wait` (a frame already full) a changed panel shows its old picture one frame more,
        never two: the goals' progress is worked out by the rules, which takes milliseconds."""
        cached = self._layers.get(name)
        if cached is None or cached[0] != key:
            if cached is not None and self.keep_back(name, wait):
                surface.blit(cached[1], rect, area=rect)
                return
            layer = cached[1] if cached is not None else pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
            layer.fill((0, 0, 0, 0), rect)
            draw(layer)
            cached = (key, layer)
            self._layers[name] = cached
        surface.blit(cached[1], rect, area=rect)

    def _goals_key(self) -> Any:
        return (self.match.version, frozenset(self.model.met))

    def _draw_goal_flash(self, surface: pygame.Surface) -> None:
        """A goal just met: its row glows gold over the (cached) panel."""
        for i, goal in enumerate(self.state.goals):
            left = self.flash.get(goal, 0.0)
            if left > 0:
                level = int(4 * (0.5 + 0.5 * math.sin(left * 14)))   # a few steps: few pictures
                r = self.goal_rect(i)
                surface.blit(glow_tile(r.size, 30 + 25 * level), r)

    def _others_key(self) -> Any:
        others = tuple(self.others())
        return (self.match.version, others, self.match.to_move(), frozenset(self.model.met),
                tuple(len(self.model.crossed[p]) for p in others))

    def banner_segments(self) -> list[tuple[str, tuple[int, int, int]]]:
        m = self.match
        if self.beat is not None:
            return [(self.beat_words(self.beat.event), theme.INK)]
        if self.bot_move is not None:
            p = m.to_move() or 0
            what = "explodes a square" if self.bot_move[0].kind == "explode" else "digs here"
            return [(m.seats[p].name, seat_rgb(p)), (f" {what}…", theme.INK)]
        if m.is_over():
            outcome = self.outcome()
            names = " and ".join(m.seats[w].name for w in outcome.winners)
            return [("Game over: ", theme.GOLD), (f"{names} {'wins' if len(outcome.winners) == 1 else 'share the win'}",
                                                  theme.INK)]
        p = m.to_move()
        assert p is not None
        name = m.seats[p].name
        if self.replay:
            return [(name, seat_rgb(p)), (" to move", theme.INK)]
        if not m.seats[p].is_human:
            return [(name, seat_rgb(p)), (" is thinking…", theme.INK)]
        if self.bonus_turn():
            left = self.state.bonus_left(p)
            return [(name, seat_rgb(p)), (f": Expert bonus, dig {left} single square{'s' if left != 1 else ''}",
                                          theme.INK)]
        if self.card is None:
            return [(name, seat_rgb(p)), (": choose a Digging card (1-5)", theme.INK)]
        if self.exploding:
            return [(name, seat_rgb(p)), (f": explode one square with card {self.card}", theme.INK)]
        return [(name, seat_rgb(p)), (f": place the {self.state.card_name(self.card)}", theme.INK)]

    def _draw_banner(self, surface: pygame.Surface) -> None:
        turns = self.state.turns_taken(self.match.to_move()) if self.match.to_move() is not None else None
        tag = "Big Dig" if turns is None else f"Big Dig · turn {turns + 1}"
        surface.blit(banner_image(tuple(self.banner_segments()), tag, BANNER.size, 19, True), BANNER.topleft)

    # -- the big board
    def _draw_board(self, surface: pygame.Surface) -> None:
        p = self.big_player()
        v = self.view
        surface.blit(self._board_layer(p), v.rect)
        numbers, strips = coordinates(v.ground.topleft, v.cell, self.board.width, self.board.height)
        for strip in strips:
            surface.blit(numbers, strip, strip)
        colour = seat_rgb(p)
        for (q, sq), t in self.strokes.items():   # the crosses being drawn now
            if q == p:
                stroke(surface, v.square_rect(sq), colour, t, seed=sq[0] * 31 + sq[1],
                       exploded=sq in self.model.exploded[p])
        self._draw_ghost(surface, p)
        if self.glow is not None and self.glow[0] == p:
            # The squares of the goal just met shine in gold for a moment.
            pulse = 0.5 + 0.5 * math.sin(self.glow[2] * 12)
            width = 2 + int(2 * pulse)
            goal = self.glow[1]
            shining = self.model.exploded[p] if goal == "rocks" else self.board.targets(goal)
            for sq in shining:   # (a path goal's squares are not told apart: the goal's row flashes)
                pygame.draw.rect(surface, theme.GOLD, v.square_rect(sq).inflate(-2, -2), width, border_radius=4)
        name, size, tag = self.name_tag(p)
        img = theme.render_line(theme.font(size, True), name, (20, 18, 16))
        pygame.draw.rect(surface, colour, tag, border_radius=8)
        pygame.draw.rect(surface, (20, 18, 16), tag, 2, border_radius=8)
        surface.blit(img, img.get_rect(center=tag.center))

    def name_tag(self, p: int) -> tuple[str, int, pygame.Rect]:
        """The owner's name tag over p's big board: its words, their size and its rectangle, in
        the widest stretch of sky between the tower and the truck. The whole name if it fits
        there, else the first name, else the name alone. In a replay the board is the last
        mover's while the header names the player to move, so the tag says which move it shows
        (unless it shows the board of the decision to come, for Analyse's better move)."""
        v = self.view
        mid, span = self.sky_gap()
        room = min(v.rect.w // 2, int(span * v.cell)) - 24
        full = self.match.seats[p].name
        first = full.split(" ")[0]
        name, size = "", 12
        tags: tuple[str, ...] = (f"{full}'s board", f"{first}'s board", full, first)
        moves = len(self.match.actions)
        if self.replay and moves and self.beat is None and not self.replay_decision and self.peeked() is None:
            tags = (f"{full}'s board · move {moves}", f"{first}'s board · move {moves}") + tags
        for name in dict.fromkeys(tags):
            size = theme.fit_size(name, room, 17, 12, bold=True)
            if theme.width_of(name, size, True) <= room:
                break
        else:
            name = theme.fit_text(name, room, 12, True)
        tag = pygame.Rect(0, 0, theme.width_of(name, size, True) + 16,
                          theme.font(size, True).get_height() + 8)
        tag.center = (int(v.rect.x + mid * v.cell), v.rect.y + v.sky_h // 2)
        tag.clamp_ip(v.rect)
        return name, size, tag

    def _board_layer(self, p: int) -> pygame.Surface:
        """Player p's board with every cross already drawn (not those being drawn now); composed
        once per change."""
        done = frozenset(sq for sq in self.model.crossed[p] if (p, sq) not in self.strokes)
        key = (p, done, frozenset(self.model.exploded[p]))
        cached = self._layers.get(("big", p))
        if cached is not None and cached[0] == key:
            return cached[1]
        v = self.view
        if cached is not None and cached[0][1] <= done and cached[0][2] <= key[2]:
            # Only new crosses since: draw them on the picture there is (a dig's strokes end
            # one by one; composing the whole board again each time would cost a frame).
            layer, new = cached[1], done - cached[0][1]
        else:
            layer, new = v.base().copy(), done
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
        moved = _placed(v, layer.get_rect())
        for sq in new:
            stroke(layer, moved.square_rect(sq), seat_rgb(p), 1.0, seed=sq[0] * 31 + sq[1],
                   exploded=sq in self.model.exploded[p])
        self._layers[("big", p)] = (key, layer)
        return layer

    def _small_layer(self, p: int, view: BoardView) -> pygame.Surface:
        """Player p's small board with their crosses; composed once per change."""
        key = (p, frozenset(self.model.crossed[p]), view.cell)
        cached = self._layers.get(("small", p))
        if cached is not None and cached[0] == key:
            return cached[1]
        layer = view.base().copy()
        small_marks(layer, _placed(view, layer.get_rect()), self.model.crossed[p], seat_rgb(p))
        if pygame.display.get_surface() is not None:
            layer = layer.convert()
        self._layers[("small", p)] = (key, layer)
        return layer

    def sky_gap(self) -> tuple[float, int]:
        """The middle (in squares from the left) of the widest stretch of sky with neither the
        tower nor the truck in it, where the board's name tag goes, and how many squares wide
        that stretch is."""
        busy = set(self.board.tower) | set(self.board.truck)
        best, start, best_mid = -1, 0, self.board.width / 2
        for x in range(self.board.width + 1):
            if x == self.board.width or x in busy:
                if x - start > best:
                    best, best_mid = x - start, (start + x) / 2
                start = x + 1
        return best_mid, max(best, 0)

    def _draw_ghost(self, surface: pygame.Surface, p: int) -> None:
        v = self.view
        if self.bot_move is not None:
            pulse = int(4 * (0.6 + 0.4 * math.sin(self.clock * 8)))   # a few steps: few pictures
            tile = ghost_tile(v.cell, seat_rgb(p), 40 + 20 * pulse)
            for sq in self.bot_move[1]:
                surface.blit(tile, v.square_rect(sq))
            return
        if not self._human_turn() or p != self.match.to_move():
            return
        spots = self.fit_spots()
        if spots:
            for sq in spots:
                c = v.square_rect(sq).center
                pygame.draw.circle(surface, (20, 60, 30), c, max(3, v.cell // 7) + 1)
                pygame.draw.circle(surface, GHOST_OK, c, max(3, v.cell // 7))
        squares = self.ghost()
        if not squares:
            return
        # Red where it is refused; the rules' reason is said once, in the move panel (`_move_words`),
        # not again over the board.
        ok = not self.why_not()
        tile = ghost_tile(v.cell, GHOST_OK if ok else GHOST_BAD, 120, refused=not ok)
        for sq in squares:
            if self.board.on_board(sq):
                surface.blit(tile, v.square_rect(sq))

    # -- the cards
    def _draw_cards(self, surface: pygame.Surface) -> None:
        theme.panel(surface, CARDS_BOX, (38, 34, 33), theme.PANEL_EDGE, 10, 2)
        theme.text(surface, "Digging cards", (CARDS_BOX.x + 12, CARDS_BOX.y + 8), 17, theme.GOLD, bold=True)
        self._draw_card_keys(surface)
        from game.games.big_dig.cards import cards as card_data

        data = card_data()
        for c in range(1, CARD_COUNT + 1):
            r = self.card_rect(c)
            side = self.model.sides[c - 1]
            squeeze = abs(math.cos(self.flip * math.pi)) if self.flip else 1.0
            face = card_face(c, data[c - 1].sides[side].name, data[c - 1].sides[side].shape,
                             self.model.taken[c - 1], c == self.card, self._taker_name(self.model.taken[c - 1]))
            if squeeze < 0.999:
                face = pygame.transform.smoothscale(face, (max(1, int(face.get_width() * squeeze)), face.get_height()))
            surface.blit(face, face.get_rect(center=r.center))

    def _draw_card_keys(self, surface: pygame.Surface, plate: bool = False) -> None:
        """"click or 1-5" at the cards' panel's head, while the human may pick (not while a bot
        moves, nor in a replay); with `plate`, on a patch of the panel's own colour, over the glow
        of a hint's outline round the last cards."""
        if not self._human_turn():
            return
        words, pos, size = "click or 1-5", (CARDS_BOX.right - 12, CARDS_BOX.y + 11), 13
        if plate:
            box = pygame.Rect(0, 0, theme.width_of(words, size), theme.font(size).get_height())
            box.topright = pos
            pygame.draw.rect(surface, PANEL_RGB, box.inflate(8, 2), border_radius=4)
        theme.text(surface, words, pos, size, theme.INK_FAINT, anchor="topright")

    def _draw_over_hint(self, surface: pygame.Surface) -> None:
        """The glow of a hint's outline round card 4 or 5 reaches the cards' keys ("click or
        1-5"): they are drawn again over it."""
        self._draw_card_keys(surface, plate=True)

    def _taker_name(self, p: int | None) -> str:
        return "" if p is None else self.match.seats[p].name

    # -- the goals
    def _draw_goals(self, surface: pygame.Surface) -> None:
        from game.games.big_dig.rules import GOAL_TITLE

        theme.panel(surface, GOALS_BOX, (38, 34, 33), theme.PANEL_EDGE, 10, 2)
        theme.text(surface, "Goals: meet all three to win", (GOALS_BOX.x + 12, GOALS_BOX.y + 8), 17, theme.GOLD,
                   bold=True)
        for i, goal in enumerate(self.state.goals):
            r = self.goal_rect(i)
            fill = (52, 46, 40)
            pygame.draw.rect(surface, fill, r, border_radius=8)
            pygame.draw.rect(surface, (84, 72, 58), r, 1, border_radius=8)
            goal_icon(surface, goal, (r.x + 16, r.y + 16), 11)
            # The title on the left (two lines, smaller type if need be), everyone's progress on
            # the right.
            left = 126
            size, title_lines = goal_title_lines(GOAL_TITLE.get(goal, goal), left - 40)
            for j, line in enumerate(title_lines):
                theme.text(surface, line, (r.x + 32, r.y + 6 + j * (size + 4)), size, theme.INK,
                           bold=True, box=r)
            line_h = min(15, (r.h - 4) // max(1, self.n))
            y0 = r.y + (r.h - line_h * self.n) // 2
            x, w = r.x + left, r.w - left - 6
            for p in range(self.n):
                y = y0 + p * line_h
                met = (p, goal) in self.model.met
                pygame.draw.circle(surface, seat_rgb(p), (x + 5, y + line_h // 2), 4)
                name, size = theme.fit_name(self.match.seats[p].name, 60, 12, 10)   # a gap after it
                theme.text(surface, name, (x + 13, y), size, seat_rgb(p), bold=True, box=r)
                words = "met ✓" if met else self.progress(p, goal).text
                size = theme.fit_size(words, w - 82, 12, 10, bold=met)
                theme.text(surface, fit(words, w - 82, size, met), (x + 80, y), size,
                           theme.GOOD if met else theme.INK_DIM, bold=met, box=r)

    # -- the move panel
    def _draw_move_panel(self, surface: pygame.Surface) -> None:
        theme.panel(surface, MOVE_BOX, (38, 34, 33), theme.PANEL_EDGE, 10, 2)
        title, lines = self._move_words()
        theme.text(surface, title, (MOVE_BOX.x + 12, MOVE_BOX.y + 8), 17, theme.GOLD, bold=True,
                   box=MOVE_BOX)
        bar = self._message_bar()
        y = MOVE_BOX.y + 36
        for text, colour in lines:
            wrapped = theme.wrap_lines(text, MOVE_BOX.w - 24, 14)
            if colour == GHOST_BAD and self.refused > 0:
                # A click or Enter where the piece cannot go: its reason, already on show, stands
                # out for a moment (it is not said a second time).
                strip = pygame.Rect(MOVE_BOX.x + 6, y - 3, MOVE_BOX.w - 12, 19 * len(wrapped) + 4)
                pygame.draw.rect(surface, REFUSED_RGB, strip, border_radius=5)
                colour = theme.INK
            for line in wrapped:
                if bar is not None and y + 17 > bar[0].top:
                    break   # (the message covers the panel's last lines for its few seconds)
                theme.text(surface, line, (MOVE_BOX.x + 12, y), 14, colour, box=MOVE_BOX)
                y += 19
        if bar is not None:
            box, size, said = bar
            pygame.draw.rect(surface, REFUSED_RGB, box, border_radius=6)
            step = theme.font(size).get_linesize()
            top = box.centery - step * len(said) // 2
            for i, line in enumerate(said):
                theme.text(surface, line, (box.centerx, top + i * step), size, theme.INK, anchor="midtop",
                           box=box)
        if self._human_turn():
            for b in self.buttons:
                b.draw(surface)
        elif not self.replay:   # (a replay's controls take the panel's foot: `replay_controls_area`)
            self._draw_legend(surface, pygame.Rect(MOVE_BOX.x + 12, MOVE_BOX.y + 80, MOVE_BOX.w - 24,
                                                   MOVE_BOX.h - 92))

    def _message_bar(self) -> tuple[pygame.Rect, int, list[str]] | None:
        """The message on show (a refusal, a take-back) in its bar over the move panel's buttons:
        the bar, the type's size and the lines. A message is read whole: on two lines where one
        will not hold it, in smaller type where two will not (cut only past 12 points, which the
        clipping watcher notes); the bar grows upwards for a second line."""
        if not (self.message_time > 0 and self.message):
            return None
        width = MOVE_BOX.w - 32
        for size in (14, 13, 12):
            said = theme.wrap(self.message, width, size)
            if len(said) <= 2:
                break
        else:
            said = theme.wrap_lines(self.message, width, 12, most=2)
        height = theme.font(size).get_linesize() * len(said) + 14
        bottom = MOVE_BOX.bottom - 100   # (just over the buttons)
        return pygame.Rect(MOVE_BOX.x + 8, bottom - max(34, height), MOVE_BOX.w - 16, max(34, height)), size, said

    def replay_controls_area(self) -> pygame.Rect:
        """A replay's controls go at the foot of the move panel, whose legend they replace: over
        the log, at four players, they left it room for one line."""
        return MOVE_BOX

    def _draw_legend(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """What the squares are, two columns of swatches with their words."""
        theme.text(surface, "The squares", (box.x, box.y), 14, theme.INK_FAINT, bold=True)
        col_w, row_h = box.w // 2, 22
        for i, kind in enumerate(LEGEND_KINDS):
            x = box.x + (i % 2) * col_w
            y = box.y + 22 + (i // 2) * row_h
            if y + 20 > box.bottom:
                break
            surface.blit(kind_swatch(kind, 20), (x, y))
            words = LEGEND_WORDS.get(kind, kind)
            theme.text(surface, fit(words, col_w - 32, 13), (x + 28, y + 2), 13, theme.INK_DIM, box=box)

    def _move_words(self) -> tuple[str, list[tuple[str, tuple[int, int, int]]]]:
        m = self.match
        p = m.to_move()
        if p is None:
            words = ("The game as it ended: ← steps back through it, A analyses it, Esc goes back; "
                     "or the buttons below."
                     if self.replay else "The results follow in a moment.")
            return "Game over", [(words, theme.INK_DIM)]
        if self.replay:
            # (The replay viewer's own tag would cover the board's bottom row: the keys are here.)
            return f"{m.seats[p].name}'s turn", [("A replay: ←/→ step through it, Space plays it, "
                                                  "A analyses it, Esc goes back; or the buttons below.",
                                                  theme.INK_DIM)]
        if self.beat is not None or self.bot_move is not None:
            p = self.big_player()
            return f"{m.seats[p].name}'s turn", [("Space skips the show.", theme.INK_DIM)]
        if not m.seats[p].is_human:
            return f"{m.seats[p].name}'s turn", [("Bots play by themselves; Space skips the show.", theme.INK_DIM)]
        if not self._human_turn():
            return "Your move", [("…", theme.INK_DIM)]
        if self.bonus_turn():
            lines = [("Point at a square (mouse or arrows) and click or press Enter.", theme.INK_DIM)]
        elif self.exploding and self.card is None:
            lines = [("Pick the card to take: click it or press its number; then point at the "
                      "square to blow up.", theme.INK_DIM),
                     ("D digs instead; P passes only when nothing can be dug or exploded.", theme.INK_FAINT)]
        elif self.exploding:
            lines = [("Point at a dirt or rock square next to your dig or in the top row; Enter or "
                      "a click blows it up.", theme.INK_DIM)]
        elif self.card is None:
            lines = [("Pick a card: click it or press its number.", theme.INK_DIM),
                     ("E explodes a square instead; P passes only when nothing can be dug or exploded.", theme.INK_FAINT)]
        else:
            fits = bool(self.fit_spots())
            if fits:
                lines = [("Green dots: where it fits this way round. Mouse or arrows move it, R turns, M mirrors.",
                          theme.INK_DIM)]
            elif self.card_fits_somehow(self.card):
                lines = [("It does not fit this way round: turn it (R) or mirror it (M).", theme.INK_DIM)]
            else:
                lines = [("This card fits nowhere now: explode a square with it (E) or take another.",
                          theme.INK_DIM)]
        why = self.why_not()
        if why:
            lines.append((f"Not there: {why}.", GHOST_BAD))
        elif self.current_action() is not None:
            lines.append(("Fits! Enter or a click places it.", GHOST_OK))
        what = "Bonus dig" if self.bonus_turn() else (
            "Explode" if self.exploding else ("Your move" if self.card is None
                                              else f"Card {self.card}: {self.state.card_name(self.card)}"))
        return what, lines

    # -- the other players
    def _draw_others(self, surface: pygame.Surface) -> None:
        box = self.others_box
        theme.panel(surface, box, (38, 34, 33), theme.PANEL_EDGE, 10, 2)
        theme.text(surface, "The other boards", (box.x + 12, box.y + 7), 16, theme.GOLD, bold=True)
        theme.text(surface, "point or O", (box.right - 12, box.y + 11), 13, theme.INK_FAINT, anchor="topright")
        for i, p in enumerate(self.others()):
            r = self.other_rect(i)
            pygame.draw.rect(surface, (48, 43, 40), r, border_radius=8)
            if p == self.match.to_move():
                pygame.draw.rect(surface, seat_rgb(p), r, 2, border_radius=8)
            v = self.other_view(p)
            v_rect = v.rect.copy()
            v_rect.topleft = (r.x + 4, r.y + 4)
            surface.blit(self._small_layer(p, v), v_rect)
            tx = v_rect.right + 8
            tw = r.right - tx - 4
            draw_name_and_tag(surface, self.match.seats[p].name, seat_tag(self.match.seats[p]), (tx, r.y + 13), tw,
                              seat_rgb(p), tint(seat_rgb(p), 0.45), 15, 12, box=r)
            met = sum(1 for g in self.state.goals if (p, g) in self.model.met)
            theme.text(surface, f"goals met: {met} of 3", (tx, r.y + 24), 13, theme.INK, box=r)
            for j, goal in enumerate(self.state.goals):
                y = r.y + 44 + j * 17
                if y + 16 > r.bottom:
                    break
                met_it = (p, goal) in self.model.met
                words = "met ✓" if met_it else self.progress(p, goal).text
                goal_icon(surface, goal, (tx + 5, y + 8), 4)
                size = theme.fit_size(words, tw - 14, 12, 10, bold=met_it)
                colour = theme.GOOD if met_it else theme.INK_DIM
                label, _, figure = words.rpartition(" ")
                if theme.width_of(words, size, met_it) > tw - 14 and label and any(ch.isdigit() for ch in figure):
                    # Too long even small: the goal's name gives way, never its figures ("13/14").
                    fig_w = theme.width_of(figure, size, met_it)
                    theme.text(surface, figure, (tx + tw, y), size, colour, bold=met_it, anchor="topright", box=r)
                    words = label
                    room = tw - 14 - fig_w - 4
                else:
                    room = tw - 14
                theme.text(surface, fit(words, room, size, met_it), (tx + 14, y), size, colour, bold=met_it, box=r)

    # -- tooltips
    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if self.mouse is None:
            return
        text = self.tooltip_text()
        if text:
            self._draw_tooltip_text(surface, text, 280)

    def tooltip_text(self) -> str:
        """What the pointer is over, in words (a goal, a card, a button that cannot be used)."""
        from game.games.big_dig.rules import GOAL_TEXT

        pos = self.mouse
        if pos is None:
            return ""
        for i, goal in enumerate(self.state.goals):
            if self.goal_rect(i).collidepoint(pos):
                return GOAL_TEXT.get(goal, goal)
        for c in range(1, CARD_COUNT + 1):
            if self.card_rect(c).collidepoint(pos):
                taken = self.model.taken[c - 1]
                who = f"; taken by {self._taker_name(taken)}" if taken is not None else ""
                return f"Card {c}: {self.state.card_name(c)}{who}"
        for b in self.buttons:
            if b.rect.collidepoint(pos) and not b.enabled and b.reason and self._human_turn():
                return b.reason
        if self.card is None and not self.bonus_turn():
            sq = self.view.square_at(pos)
            if sq is not None and self.board.on_board(sq):
                words = KIND_WORDS.get(self.board.kind(sq), "")
                p = self.big_player()
                if sq in self.model.exploded[p]:
                    return f"{words.split(' (')[0]}: exploded"
                if sq in self.model.crossed[p]:
                    return f"{words.split(' (')[0]}: dug (crossed out)"
                return words
        return ""


# ============================================================================ pictures
def _placed(view: BoardView, rect: pygame.Rect) -> BoardView:
    """`view` moved so that its board sits in `rect`."""
    moved = BoardView.__new__(BoardView)
    moved.__dict__.update(view.__dict__)
    moved.rect = rect
    moved.ground = pygame.Rect(rect.x, rect.y + view.sky_h, view.ground.w, view.ground.h)
    return moved


@lru_cache(maxsize=16)
def glow_tile(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A see-through gold plate with round corners, laid over a goal's row when it is met."""
    tile = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(tile, (232, 186, 74, alpha), tile.get_rect(), border_radius=8)
    pygame.draw.rect(tile, (232, 186, 74, 255), tile.get_rect(), 2, border_radius=8)
    return tile


@lru_cache(maxsize=32)
def ghost_tile(cell: int, rgb: tuple[int, int, int], alpha: int, refused: bool = False) -> pygame.Surface:
    """One square of a ghost: see-through colour with a solid edge; where the piece cannot go,
    struck through with dark stripes too, so that it is told from a fit without its colour
    (red and green are alike to many eyes)."""
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill((*rgb, alpha))
    if refused:
        step, width = max(6, cell // 4), max(2, cell // 12)
        for x in range(-cell, cell, step):
            pygame.draw.line(tile, (28, 10, 8, 200), (x, cell), (x + cell, 0), width)
    pygame.draw.rect(tile, (*rgb, 255), tile.get_rect(), 3)
    return tile


_CARD_CACHE: dict[Any, pygame.Surface] = {}


def card_face(number: int, name: str, shape: Shape, taken_by: int | None, chosen: bool,
              taker: str) -> pygame.Surface:
    """One Digging card: its number (the key), its shape, its name; taken ones greyed with the
    taker's name on a band in their colour."""
    key = (number, name, shape, taken_by, chosen, taker)
    surf = _CARD_CACHE.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
    r = surf.get_rect()
    pygame.draw.rect(surf, (12, 10, 8, 160), r.move(0, 3), border_radius=8)
    pygame.draw.rect(surf, CARD_PAPER, r.inflate(0, -3).move(0, -1), border_radius=8)
    pygame.draw.rect(surf, theme.GOLD if chosen else (120, 96, 66), r.inflate(0, -3).move(0, -1),
                     3 if chosen else 2, border_radius=8)
    pygame.draw.circle(surf, (60, 44, 30), (15, 15), 11)
    theme.text(surf, str(number), (15, 15), 15, CARD_PAPER, bold=True, anchor="center")
    w = max(x for x, _ in shape) + 1
    h = max(y for _, y in shape) + 1
    cell = min(14, (CARD_W - 14) // w, 62 // h)
    img = shape_picture(shape, cell, SHAPE_RGB)
    surf.blit(img, img.get_rect(center=(r.centerx, 62)))
    label = fit(name, CARD_W - 8, 13, True)
    theme.text(surf, label, (r.centerx, CARD_H - 24), 13, (60, 44, 30), bold=True, anchor="midbottom")
    if taken_by is not None:
        veil = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 18, 16, 150), r.inflate(0, -3).move(0, -1), border_radius=8)
        surf.blit(veil, (0, 0))
        band = pygame.Rect(0, CARD_H - 23, CARD_W, 20)   # below the card's name
        pygame.draw.rect(surf, seat_rgb(taken_by), band)
        txt, size = theme.fit_name(taker, CARD_W - 8, 13, 10)
        theme.text(surf, txt, band.center, size, (16, 14, 12), bold=True, anchor="center")
    if len(_CARD_CACHE) > 200:
        _CARD_CACHE.clear()
    _CARD_CACHE[key] = surf
    return surf


GOAL_COLOURS = {"emeralds": (46, 178, 96), "amethysts": (150, 84, 196), "coins": (236, 192, 72),
                "rocks": (150, 150, 156), "light": (226, 196, 146), "tablet": (150, 112, 80),
                "skeleton": (220, 208, 186), "water": (84, 140, 200), "oil": (46, 44, 50),
                "pipe": (170, 176, 184)}
# The ground of each goal's badge, under its symbol: what the goal is about, as the board draws
# it (the grey rock on the orange of its blast, the pipe in the dirt, water blue, oil black).
GOAL_GROUND = {"emeralds": (40, 34, 30), "amethysts": (40, 34, 30), "coins": (40, 34, 30),
               "rocks": (236, 128, 44), "light": (226, 196, 146), "tablet": (150, 112, 80),
               "skeleton": (72, 48, 32), "water": (58, 120, 196), "oil": (18, 17, 21),
               "pipe": (184, 142, 96)}
BADGE_RIM = (150, 140, 124)


def goal_icon(surface: pygame.Surface, goal: str, centre: tuple[int, int], r: int) -> None:
    """A small round badge with the goal's own symbol (`goal_badge`), centred on `centre`."""
    img = goal_badge(goal, r)
    surface.blit(img, img.get_rect(center=centre))


@lru_cache(maxsize=64)
def goal_badge(goal: str, r: int) -> pygame.Surface:
    """A goal's badge, `r` pixels to its rim: a symbol of its own on its ground, so that no two
    goals look alike even small (a gem, a coin, a rock in a blast, a 3 x 3 of light dirt, a
    carved tablet, a skull, waves, an oil drop, a pipe)."""
    d = 2 * r + 1
    inner = pygame.Surface((d, d), pygame.SRCALPHA)
    inner.fill((*GOAL_GROUND.get(goal, (52, 46, 40)), 255))
    _goal_symbol(inner, goal, r)
    mask = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (r, r), r)
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)   # (round: the corners go)
    size = d + 4
    badge = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(badge, BADGE_RIM, (size // 2, size // 2), r + 2)
    badge.blit(inner, (2, 2))
    return badge


def _goal_symbol(surf: pygame.Surface, goal: str, r: int) -> None:
    """The symbol of `goal` on a square picture 2r + 1 wide, centred (the rim is drawn after)."""
    m = r + 0.5

    def at(x: float, y: float) -> tuple[float, float]:   # (-1..1 across the badge)
        return m + x * r, m + y * r

    w = max(1, r // 5)   # a line's width
    colour = GOAL_COLOURS.get(goal, theme.INK_DIM)
    if goal in ("emeralds", "amethysts"):
        gem = [at(0, -0.78), at(0.62, -0.18), at(0, 0.8), at(-0.62, -0.18)]
        pygame.draw.polygon(surf, colour, gem)
        pygame.draw.polygon(surf, tuple(int(c * 0.55) for c in colour), gem, w)
        if r >= 6:
            pygame.draw.line(surf, (235, 245, 235), at(-0.3, -0.2), at(0, -0.5), w)
    elif goal == "coins":
        pygame.draw.circle(surf, (170, 120, 30), at(0, 0), int(r * 0.78))
        pygame.draw.circle(surf, colour, at(0, 0), int(r * 0.66))
        if r >= 6:
            pygame.draw.circle(surf, (170, 120, 30), at(0, 0), int(r * 0.32), w)
    elif goal == "rocks":
        for i in range(8):   # the blast's rays behind the rock
            a = math.pi * i / 4 + math.pi / 8
            pygame.draw.line(surf, (255, 226, 120), at(0, 0), at(math.cos(a), math.sin(a)), w + 1)
        rock = [at(-0.72, 0.1), at(-0.42, -0.55), at(0.36, -0.62), at(0.74, -0.02), at(0.42, 0.62),
                at(-0.4, 0.6)]
        pygame.draw.polygon(surf, (150, 150, 156), rock)
        pygame.draw.polygon(surf, (70, 70, 76), rock, w)
    elif goal == "light":
        step = 2 * r / 3
        for i in (1, 2):   # three by three
            pygame.draw.line(surf, (150, 116, 76), (i * step, 0), (i * step, 2 * r), w)
            pygame.draw.line(surf, (150, 116, 76), (0, i * step), (2 * r, i * step), w)
    elif goal == "tablet":
        slab = pygame.Rect(0, 0, int(r * 1.2), int(r * 1.4))
        slab.center = (r, r)
        pygame.draw.rect(surf, (92, 62, 42), slab, border_radius=max(1, r // 5))
        for y in (-0.35, 0.0, 0.35):   # carved lines
            pygame.draw.line(surf, (196, 160, 120), at(-0.38, y), at(0.38, y), w)
    elif goal == "skeleton":
        bone = GOAL_COLOURS["skeleton"]
        pygame.draw.circle(surf, bone, at(0, -0.12), int(r * 0.6))
        jaw = pygame.Rect(0, 0, int(r * 0.7), int(r * 0.5))
        jaw.midtop = (int(m), int(m + r * 0.25))
        pygame.draw.rect(surf, bone, jaw, border_radius=max(1, r // 6))
        for x in (-0.26, 0.26):   # the eyes
            pygame.draw.circle(surf, (40, 26, 18), at(x, -0.15), max(1, round(r * 0.2)))
    elif goal == "water":
        for y in (-0.3, 0.3):
            pts = [at(-1 + t / 4, y + 0.16 * math.sin(t * 1.6)) for t in range(9)]
            pygame.draw.lines(surf, (210, 232, 255), False, pts, w + 1)
    elif goal == "oil":
        drop = [at(0, -0.8), at(0.46, 0.05), at(0.5, 0.3), at(0.3, 0.62), at(0, 0.72), at(-0.3, 0.62),
                at(-0.5, 0.3), at(-0.46, 0.05)]
        pygame.draw.polygon(surf, (62, 58, 76), drop)
        pygame.draw.polygon(surf, (150, 140, 190), drop, w)
    elif goal == "pipe":
        band = pygame.Rect(0, 0, 2 * r + 1, max(3, int(r * 0.8)))
        band.centery = r
        pygame.draw.rect(surf, (150, 156, 164), band)
        pygame.draw.line(surf, (226, 230, 236), (0, band.y + 1), (band.right, band.y + 1), w)
        pygame.draw.rect(surf, (72, 76, 84), band.inflate(4, 0), w)
        flange = pygame.Rect(0, 0, max(2, r // 3), band.h + 2 * max(1, r // 6))
        flange.center = (r, r)
        pygame.draw.rect(surf, (96, 100, 108), flange)
    else:
        pygame.draw.circle(surf, colour, at(0, 0), int(r * 0.6))


@lru_cache(maxsize=4)
def coordinates(ground: tuple[int, int], cell: int, width: int,
                height: int) -> tuple[pygame.Surface, tuple[pygame.Rect, pygame.Rect]]:
    """The numbers of the ground's columns under it and of its rows at its left, faint, on a
    screen-sized see-through picture, and the two strips of it that hold them (a frame copies
    only those): the words name squares by them ("column 3, row 2")."""
    surf = pygame.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
    x0, y0 = ground
    strips = (pygame.Rect(x0 - COORD_ROOM - 2, y0, COORD_ROOM + 2, height * cell),
              pygame.Rect(x0, y0 + height * cell, width * cell, COORD_ROOM))
    size = max(9, min(12, cell // 3))
    for c in range(width):
        theme.text(surf, str(c + 1), (x0 + c * cell + cell // 2, y0 + height * cell + 2), size,
                   theme.INK_FAINT, anchor="midtop")
    for r in range(height):
        theme.text(surf, str(r + 1), (x0 - 4, y0 + r * cell + cell // 2), size, theme.INK_FAINT,
                   anchor="midright")
    return surf, strips


_BG: pygame.Surface | None = None


def _background() -> pygame.Surface:
    """Dark timber with a warm glow behind the board; drawn once."""
    global _BG
    if _BG is None:
        bg = theme.vertical_gradient((theme.WIDTH, theme.HEIGHT), (38, 32, 28), (20, 18, 18))
        well = theme.vertical_gradient(BOARD_BOX.size, (44, 38, 34), (24, 22, 22))
        bg.blit(well, BOARD_BOX.topleft)
        pygame.draw.rect(bg, (76, 58, 40), BOARD_BOX.inflate(4, 4), 3, border_radius=12)
        _BG = bg.convert() if pygame.display.get_surface() is not None else bg
    return _BG

