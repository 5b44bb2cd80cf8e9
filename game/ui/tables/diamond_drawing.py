"""How the Diamond in the Rough table looks: its layout, its display model and its drawing.

`DiamondTable` (diamond_in_the_rough.py) is the scene: the secrets it may show, the choices on
offer, the beats that catch the display up with the events, the input. This module holds what it
draws with: the places on the table (geometry, as methods of the scene), the display
model (`Shown`) and the things in flight (`Flyer`, `BombFx`, `Stamp`), the options drawn as tiles
(`Option`, `Step`), and `TableDrawing`, the scene's drawing methods. Every face is drawn through
`_card`, which checks it against `faces_allowed()` first.

Layout (1280 x 720): the banner on top; the other players' panels under it; the middle band (deck,
row, boxed, where the Gem is, the last turns, the choices on offer); the bottom panel (hand,
tableau, the action buttons); the log on the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.contract import Action
from game.core.words import and_list, or_list, plural, sentence
from game.ui import dr_cards as art
from game.ui import privacy, theme
from game.ui.cards import tint
from game.ui.tables.base import (
    TAG_GAP,
    TAG_SIZE,
    Callout,
    TableHost,
    banner_image,
    draw_name_and_tag,
    fit,
    name_and_tag,
    seat_rgb,
    seat_tag,
)
from game.ui.tables.coach import HALO
from game.ui.tween import arc, ease_out_back, ease_out_cubic
from game.ui.widgets import Button

HIDDEN = art.HIDDEN
RGB = tuple[int, int, int]
Pos = tuple[float, float]

# ----------------------------------------------------------------------------- layout
BANNER = pygame.Rect(8, 6, 996, 40)
LOG = pygame.Rect(1012, 6, 260, 708)
OPP = pygame.Rect(8, 52, 996, 178)
CENTRE = pygame.Rect(8, 236, 996, 214)
ME = pygame.Rect(8, 456, 996, 258)

DECK_RECT = pygame.Rect(CENTRE.x + 18, CENTRE.y + 28, *art.TABLE)
ROW_X0, ROW_X1 = CENTRE.x + 120, CENTRE.x + 748
ROW_Y = CENTRE.y + 28
BOX_X0, BOX_X1 = CENTRE.x + 772, CENTRE.right - 10
BOX_Y = CENTRE.y + 28
STATUS_Y = CENTRE.y + 131
STRIP = pygame.Rect(CENTRE.x + 8, CENTRE.y + 154, CENTRE.w - 16, 54)

HAND_X0, HAND_X1 = ME.x + 14, ME.x + 604
HAND_Y = ME.y + 32
CHOSEN_LIFT = 6      # a chosen hand card rises this far, short of the name above the hand
TAB_X0, TAB_X1 = ME.x + 628, ME.right - 12
TAB_Y = ME.y + 52
MESSAGE_Y = ME.y + 162
BUTTON_Y, BUTTON_H = ME.y + 196, 44

OPP_HAND_DY, OPP_TAB_DY = 34, 112
MARKS_W = 92         # the column of "no ..." markers at the right of an opponent's hand

# Seconds at "normal" speed; every duration is multiplied by the animation-speed setting.
T_FLY = 0.42
T_BOMB_FLY = 0.55
T_FUSE = 0.5
T_BLAST = 0.55
T_ANSWER = 1.1       # the answer's beat; its stamp stays up a little longer
T_STAMP = 1.9
T_BOT_SHOW = 0.75
T_BOT_PAUSE = 0.35

YES_RGB = (110, 204, 120)
NO_RGB = (236, 92, 72)
PICK_RGB = (255, 214, 110)


def _rules() -> Any:
    from game.games.diamond_in_the_rough import rules

    return rules


def kind_of(cid: int) -> str:
    """A card's kind: its resource key, "bomb" or "gem"."""
    return str(_rules().kind_of(cid))


def card_words(cid: int) -> str:
    """"Fish #12"; "a hidden card" for HIDDEN."""
    return str(_rules().card_name(cid))


def rules_resource(cid: int) -> str | None:
    """A card's resource key (None for the Gem, a Bomb or a hidden card)."""
    return _rules().resource_of(cid) if cid >= 0 else None


def resource_words(key: str) -> str:
    return str(_rules().resource_name(key))


def _take(cards: list[int], cid: int | None) -> bool:
    """Remove card `cid` from a zone as the viewer knows it: the card itself if it is shown there,
    else one hidden card. True when something was removed."""
    if cid is not None and cid in cards:
        cards.remove(cid)
        return True
    if HIDDEN in cards:
        cards.remove(HIDDEN)
        return True
    return False


def _hand_key(cards: list[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))


# ============================================================================ display model
@dataclass
class Shown:
    """What the table shows: every zone as the viewer knows it (HIDDEN for an unknown card)."""

    hands: list[list[int]]
    tableaus: list[list[int]]
    row: list[int]
    boxed: list[int]
    deck: int
    protected: set[int]
    lacks: list[frozenset[str]]
    over: bool = False

    @classmethod
    def of(cls, s: Any, n: int, no_resource: Callable[[int], frozenset[str]]) -> "Shown":
        """The model of (masked) state `s`; `no_resource(p)` as the view answers it."""
        return cls(hands=[list(h) for h in s.hands], tableaus=[list(t) for t in s.tableaus],
                   row=list(s.row), boxed=list(s.boxed), deck=len(s.deck), protected=set(s.protected),
                   lacks=[frozenset(no_resource(p)) for p in range(n)], over=s.is_over())

    @classmethod
    def empty(cls, n: int, deck: int) -> "Shown":
        """The table before the deal: every card in the deck."""
        return cls([[] for _ in range(n)], [[] for _ in range(n)], [], [], deck, set(),
                   [frozenset() for _ in range(n)])

    def rules_key(self) -> tuple[Any, ...]:
        return (tuple(_hand_key(h) for h in self.hands), tuple(tuple(t) for t in self.tableaus),
                tuple(self.row), tuple(self.boxed), self.deck, frozenset(self.protected),
                tuple(self.lacks), self.over)

    def adopt(self, other: "Shown") -> None:
        for name in ("hands", "tableaus", "row", "boxed", "deck", "protected", "lacks", "over"):
            setattr(self, name, getattr(other, name))


@dataclass
class Flyer:
    """A card on its way from a to b (HIDDEN: its back)."""

    cid: int
    a: Pos
    b: Pos
    size_a: tuple[int, int]
    size_b: tuple[int, int]
    t: float = 0.0
    visible: bool = False
    lift: float = 40.0


GLOW_REACH = 4 + HALO + 3   # how far a hint's outline and glow reach outside the place outlined


@dataclass(frozen=True)
class Heading:
    """Words written on the table at a place: drawn with the table, and again over a hint's
    glow (`over_glow`: edged in dark, to read on the gold)."""

    words: str
    pos: tuple[int, int]
    size: int
    colour: RGB
    bold: bool = False
    anchor: str = "topleft"

    def rect(self) -> pygame.Rect:
        """Where the words lie (as `theme.text` places them)."""
        rect = theme.text_image(self.words, self.size, self.colour, bold=self.bold).get_rect()
        setattr(rect, self.anchor, self.pos)
        return rect

    def draw(self, surface: pygame.Surface, over_glow: bool = False) -> None:
        if not over_glow:
            theme.text(surface, self.words, self.pos, self.size, self.colour, bold=self.bold, anchor=self.anchor)
            return
        img = _edged_text(self.words, self.size, self.colour, self.bold)
        surface.blit(img, self.rect().move(-EDGE, -EDGE).topleft)


@dataclass
class Option:
    """One choice of the step on offer: `key` goes into the action; `where` says where it is
    drawn ("tile" in the middle band, "hand"/"row" a card, "seat" a player, "deck")."""

    key: str
    label: str
    where: str = "tile"
    ref: Any = None
    reason: str = ""          # "" when it may be chosen
    icon: str | None = None   # a kind to draw on the tile
    detail: str = ""


@dataclass
class Step:
    prompt: str
    options: list[Option]
    count: int = 1            # how many options this step takes (two face-up cards: 2)


@dataclass
class BombFx:
    """A bomb on show: it flies from the bomber to the target, its fuse burns, it blows up."""

    bomber: int
    target: int
    a: Pos
    b: Pos
    fly: float = 0.0          # 0..1 on its way
    fuse: float = 0.0         # 0..1 burnt
    blast: float = 0.0        # 0..1 of the blast, 0 before it
    done: bool = False


@dataclass
class Stamp:
    """The answer to a bomb, stamped over the bombed player: Yes (with the named card) or No."""

    target: int
    yes: bool
    resource: str
    card: int | None
    age: float = 0.0
    life: float = T_STAMP


# ============================================================================ places and drawing
class TableDrawing(TableHost):
    """The Diamond in the Rough scene's places on the table and its drawing (mixed into
    `DiamondTable`)."""

    # (Set by the scene.)
    match: Any
    model: Shown
    mode: str | None
    picks: list[str]
    flyers: list[Flyer]
    bomb_fx: BombFx | None
    stamps: list[Stamp]
    flash: float
    big_words: tuple[str, RGB, float] | None
    resources: tuple[str, ...]
    _background: tuple[Any, pygame.Surface] | None
    _layers: dict[str, tuple[Any, pygame.Surface, list[int]]]
    _capture: list[int] | None
    _seat_memo: tuple[Any, int]
    count_pops: dict[int, Callout]
    hint_places: list[Any]   # the places the last hint (or replay mark) outlined: `_hint_spots`

    if TYPE_CHECKING:   # (The game's own table's answers, beyond TableScene's: declared for the
        # checker only, so that nothing here can shadow the scene's own at run time.)
        @property
        def state(self) -> Any: ...
        @property
        def buttons_all(self) -> list[Button]: ...
        def _face_ok(self, cid: int) -> bool: ...
        def my_hand_hidden(self) -> bool: ...
        def legal(self) -> set[str]: ...
        def _human_turn(self) -> bool: ...
        def steps(self) -> list[Step]: ...
        def step(self) -> Step | None: ...
        def _step_picks(self) -> list[str]: ...

    # ------------------------------------------------------------------ who sits where
    def bottom_seat(self) -> int:
        """The seat whose hand and tableau are at the bottom: the viewer (seat 0 when nobody's)."""
        m = self.match
        key = (m.version, m.eyes, m.view_seat, m.spectator, m.reveal_all)
        if self._seat_memo[0] != key:
            v = m.viewer()
            self._seat_memo = (key, 0 if v is None else v)
        return self._seat_memo[1]

    def opponents(self) -> list[int]:
        """The other seats across the top, in turn order after the bottom seat."""
        me = self.bottom_seat()
        return [(me + k) % self.n for k in range(1, self.n)]

    def opp_rect(self, p: int) -> pygame.Rect:
        others = self.opponents()
        k = len(others)
        w = min(520, (OPP.w - 10 * (k - 1)) // k)
        total = k * w + 10 * (k - 1)
        x0 = OPP.x + (OPP.w - total) // 2
        i = others.index(p)
        return pygame.Rect(x0 + i * (w + 10), OPP.y, w, OPP.h)

    def seat_rect(self, p: int) -> pygame.Rect:
        """The panel of seat p (the bottom panel for the bottom seat)."""
        return ME if p == self.bottom_seat() else self.opp_rect(p)

    def _card(self, surface: pygame.Surface, cid: int, rect: pygame.Rect) -> None:
        """A card face up if the table may show it, else its back."""
        shown = cid if self._face_ok(cid) else HIDDEN
        if self._capture is not None and shown >= 0:
            self._capture.append(shown)
        art.draw_card(surface, shown, rect)

    def _shown(self, cards: list[int]) -> tuple[int, ...]:
        """Cards as the table may draw them now (HIDDEN for a face it may not show)."""
        return tuple(c if self._face_ok(c) else HIDDEN for c in cards)

    def _cached(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: Any,
                draw: Callable[[pygame.Surface], None]) -> None:
        """Draw a panel through a picture kept until its `key` changes (the key holds every card
        as it may be shown, so the picture changes with whose eyes the table shows). The faces on
        the picture are reported to the face log each time it is shown, as if drawn afresh."""
        cached = self._layers.get(name)
        if cached is None or cached[0] != key:
            if cached is not None:
                layer = cached[1]
            else:
                # Opaque, in the screen's format: the table below is copied in first, so showing
                # the picture is a plain copy (no blending).
                layer = pygame.Surface((theme.WIDTH, theme.HEIGHT))
                if pygame.display.get_surface() is not None:
                    layer = layer.convert()
            layer.blit(self._bg(), rect, area=rect)
            self._capture = []
            try:
                draw(layer)
                faces = self._capture
            finally:
                self._capture = None
            cached = (key, layer, faces)
            self._layers[name] = cached
        else:
            for cid in cached[2]:
                privacy.record(cid)
        surface.blit(cached[1], rect, area=rect)

    # ------------------------------------------------------------------ places on the table
    def display_hand(self, p: int) -> list[int]:
        """Seat p's hand as drawn: known cards by kind and number, then the hidden ones."""
        cards = self.model.hands[p]
        known = sorted((c for c in cards if c >= 0), key=_card_order)
        return known + [HIDDEN] * (len(cards) - len(known))

    def hand_rects(self, p: int, count: int | None = None) -> list[pygame.Rect]:
        """Where the cards of p's hand lie (the bottom hand large, the others small and fanned)."""
        k = len(self.model.hands[p]) if count is None else count
        if p == self.bottom_seat():
            w, h = art.HAND
            step = min(w + 8, (HAND_X1 - HAND_X0 - w) / max(1, k - 1)) if k > 1 else 0
            return [pygame.Rect(int(HAND_X0 + i * step), HAND_Y, w, h) for i in range(k)]
        r = self.opp_rect(p)
        w, h = art.SMALL
        room = r.w - 20 - MARKS_W - w
        step = min(w - 8.0, room / max(1, k - 1)) if k > 1 else 0
        return [pygame.Rect(int(r.x + 10 + i * step), r.y + OPP_HAND_DY, w, h) for i in range(k)]

    def tableau_rects(self, p: int, count: int | None = None) -> list[pygame.Rect]:
        k = len(self.model.tableaus[p]) if count is None else count
        if p == self.bottom_seat():
            w, h = art.TABLE
            step = min(w + 6.0, (TAB_X1 - TAB_X0 - w) / max(1, k - 1)) if k > 1 else 0
            return [pygame.Rect(int(TAB_X0 + i * step), TAB_Y, w, h) for i in range(k)]
        r = self.opp_rect(p)
        w, h = art.SMALL
        step = min(w + 4.0, (r.w - 20 - w) / max(1, k - 1)) if k > 1 else 0
        return [pygame.Rect(int(r.x + 10 + i * step), r.y + OPP_TAB_DY, w, h) for i in range(k)]

    def row_rects(self, count: int | None = None) -> list[pygame.Rect]:
        k = len(self.model.row) if count is None else count
        w, h = art.TABLE
        step = min(w + 8.0, (ROW_X1 - ROW_X0 - w) / max(1, k - 1)) if k > 1 else 0
        return [pygame.Rect(int(ROW_X0 + i * step), ROW_Y, w, h) for i in range(k)]

    def boxed_rects(self, count: int | None = None) -> list[pygame.Rect]:
        k = len(self.model.boxed) if count is None else count
        w, h = art.SMALL
        per_row = max(1, (k + 1) // 2) if k > 4 else k
        room = BOX_X1 - BOX_X0 - w
        step = min(w + 4.0, room / max(1, per_row - 1)) if per_row > 1 else 0
        # A second row overlaps the first, which still shows each card's number and kind.
        return [pygame.Rect(int(BOX_X0 + (i % per_row) * step), BOX_Y + (i // per_row) * 30, w, h)
                for i in range(k)]

    def zone_pos(self, zone: str, p: int | None = None, index: int | None = None,
                 count: int | None = None) -> tuple[Pos, tuple[int, int]]:
        """The centre and size of place `index` of a zone ("hand", "tableau", "row", "boxed",
        "deck"); the next free place when `index` is None."""
        if zone == "deck":
            return (float(DECK_RECT.centerx), float(DECK_RECT.centery)), art.TABLE
        if zone == "row":
            k = len(self.model.row) if count is None else count
            rects = self.row_rects(max(k, 1) if index is not None else k + 1)
        elif zone == "boxed":
            k = len(self.model.boxed) if count is None else count
            rects = self.boxed_rects(k + 1 if index is None else max(k, 1))
        elif zone == "hand":
            assert p is not None
            k = len(self.model.hands[p]) if count is None else count
            rects = self.hand_rects(p, k + 1 if index is None else max(k, 1))
        else:
            assert p is not None
            k = len(self.model.tableaus[p]) if count is None else count
            rects = self.tableau_rects(p, k + 1 if index is None else max(k, 1))
        i = len(rects) - 1 if index is None else max(0, min(index, len(rects) - 1))
        r = rects[i]
        return (float(r.centerx), float(r.centery)), r.size

    def _hand_index(self, p: int, cid: int | None) -> int | None:
        shown = self.display_hand(p)
        if cid is not None and cid in shown:
            return shown.index(cid)
        if HIDDEN in shown:
            return shown.index(HIDDEN)
        return None

    def count_pos(self, p: int) -> Pos:
        """Where "+1" and "-1" pop up for a seat's hand: on its count ("4 in hand", "hand: 4"),
        whose words step aside while it shows (`count_popping`). Beside the count it covered a
        long name or a badge; over the hand, a card."""
        hand = len(self.model.hands[p])
        if p == self.bottom_seat():
            words, right, y = f"hand: {hand}", HAND_X1, ME.y + 16
        else:
            body = self.opp_rect(p).inflate(-4, -4)
            words, right, y = f"{hand} in hand", body.right - 10, body.y + 15
        return (float(right - theme.width_of(words, 13) / 2), float(y))

    def count_popping(self, p: int) -> bool:
        """Whether a "+1" or "-1" shows on p's hand count now (the count's words wait)."""
        pop = self.count_pops.get(p)
        # (A pop waiting its turn follows one that shows until then: `_count_callout`.)
        return pop is not None and pop in self.callouts

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the bottom hand under `pos` (the topmost, drawn last), if known."""
        me = self.bottom_seat()
        hit = None
        for cid, rect in zip(self.display_hand(me), self.hand_rects(me)):
            if rect.collidepoint(pos) and cid >= 0:
                hit = cid
        return hit

    def _my_hand_area(self) -> pygame.Rect:
        return pygame.Rect(HAND_X0, HAND_Y, HAND_X1 - HAND_X0, art.HAND[1])

    def option_rects(self) -> list[tuple[Option, pygame.Rect]]:
        """Every option of the step on offer with the place it is clicked at (a tile, a card, a
        player's panel, the deck)."""
        step = self.step()
        if step is None or not self._human_turn():
            return []
        out: list[tuple[Option, pygame.Rect]] = []
        tiles = [o for o in step.options if o.where == "tile" or o.where == "deck"]
        for o, r in zip(tiles, self.tile_rects(len(tiles))):
            out.append((o, r))
        me = self.bottom_seat()
        hand = list(zip(self.display_hand(me), self.hand_rects(me)))
        row = self.row_rects()
        for o in step.options:
            if o.where == "hand":
                rects = [r for c, r in hand if c == o.ref]
                if rects:
                    # (cards overlap: the visible part of a card is its left strip, unless it is last)
                    r = rects[0]
                    out.append((o, r))
            elif o.where == "row" and 0 <= o.ref < len(row):
                out.append((o, row[o.ref]))
            elif o.where == "seat":
                out.append((o, self.seat_rect(o.ref)))
            elif o.where == "deck":
                out.append((o, DECK_RECT))
        # Later rects are drawn on top: the click goes to the topmost.
        return out[::-1]

    def tile_rects(self, count: int) -> list[pygame.Rect]:
        if count <= 0:
            return []
        gap = 10
        w = min(300, (STRIP.w - gap * (count - 1)) // count)
        total = count * w + gap * (count - 1)
        x0 = STRIP.x + (STRIP.w - total) // 2
        return [pygame.Rect(x0 + i * (w + gap), STRIP.y, w, STRIP.h) for i in range(count)]

    # ================================================================== drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._bg(), (0, 0))
        self._draw_banner(surface)
        for q in self.opponents():
            self._draw_opponent(surface, q)
        self._draw_centre(surface)
        self._draw_me(surface)
        self._draw_reminder(surface)
        self._draw_choices(surface)
        self._draw_bot_move(surface)
        for fl in self.flyers:
            self._draw_flyer(surface, fl)
        self._draw_bomb(surface)
        self._draw_stamps(surface)
        self._draw_callouts(surface)
        self._draw_big_words(surface)
        self._draw_log(surface)
        self._draw_tooltip(surface)
        if self.flash > 0:
            a = self.flash
            surface.fill((int(70 * a), int(40 * a), int(10 * a)), special_flags=pygame.BLEND_RGB_ADD)
        self._draw_shake(surface, 8)

    def _bg(self) -> pygame.Surface:
        """The table with the panels' bodies, drawn once per seating (it changes with the viewer)."""
        key = (tuple(self.opponents()), self.bottom_seat())
        if self._background is None or self._background[0] != key:
            bg = _table_background().copy()
            for q in self.opponents():
                body = self.opp_rect(q).inflate(-4, -4)
                pygame.draw.rect(bg, (0, 0, 0), body.move(0, 4), border_radius=12)
                pygame.draw.rect(bg, (40, 38, 44), body, border_radius=12)
            body = ME.inflate(-4, -4)
            pygame.draw.rect(bg, (0, 0, 0), body.move(0, 4), border_radius=12)
            pygame.draw.rect(bg, (42, 40, 46), body, border_radius=12)
            self._background = (key, bg)
        return self._background[1]

    # -- the banner
    def banner_segments(self) -> list[tuple[str, RGB]]:
        m = self.match
        if self.beat is not None:
            ev = self.beat.event
            if ev.kind == "last":   # its log line names everyone at length; the banner is short
                names = ", ".join(m.seats[int(q)].name for q in ev.data.get("order", []))
                return [("Last turns: ", theme.GOLD), (names, theme.INK)]
            return [(self.beat_words(ev), theme.INK)]
        if self.bot_move is not None:
            p = m.to_move()
            who = m.seats[p].name if p is not None else ""
            return [(who, seat_rgb(p or 0)), (" " + self._bot_words(self.bot_move[0]) + "…", theme.INK)]
        if m.is_over():
            winners = list(getattr(self.state.outcome(), "winners", ()))
            if not winners:
                return [("Game over: ", theme.GOLD), ("nobody holds the Gem, so everybody loses", theme.INK)]
            if len(winners) > 1:
                return [("Game over: ", theme.GOLD),
                        (f"{and_list([m.seats[w].name for w in winners])} share the win", theme.INK)]
            return [("Game over: ", theme.GOLD), (f"{m.seats[winners[0]].name} wins", theme.INK)]
        p = m.to_move()
        assert p is not None
        name, col = m.seats[p].name, seat_rgb(p)
        if self.replay:
            return [(name, col), (" to move", theme.INK)]
        if not m.seats[p].is_human:
            return [(name, col), (" is thinking…", theme.INK)]
        if not self._human_turn():
            return [(name, col), ("'s turn", theme.INK)]
        step = self.step()
        if step is not None:
            return [(name, col), (": " + step.prompt, theme.INK)]
        if self.mode is not None:
            return [(name, col), (": Enter plays it, Backspace steps back", theme.INK)]
        legal = self.legal()
        if legal == {"pass"}:
            return [(name, col), (": nothing is possible, pass (P)", theme.INK)]
        if "pass" in legal:   # every other move gives the Gem away
            return [(name, col), (": keep the Gem and pass (P), or give it up", theme.INK)]
        # Only the moves there are now ("Retire" only with four of a kind, say).
        kinds = [word for word, prefix in (("Bomb", "bomb:"), ("Resupply", "resupply:"),
                                           ("Invest", "invest:"), ("Retire", "retire"))
                 if any(a.startswith(prefix) for a in legal)]
        return [(name, col), (", your turn: " + or_list(kinds), theme.INK)]

    def _bot_words(self, action: Action) -> str:
        kind, args = action.kind, action.args
        if kind == "bomb":
            return f"bombs {self.match.seats[int(args[0])].name} for {resource_words(args[1])}"
        if kind == "resupply":
            return "resupplies"
        if kind == "invest":
            return "invests the Gem"
        if kind == "retire":
            return "retires"
        if kind in ("row", "deck", "steal"):
            return "chooses a reward"
        return "plays"

    def _draw_banner(self, surface: pygame.Surface) -> None:
        s = self.state
        tag = "Diamond in the Rough"
        rnd = getattr(s, "round", None)
        if isinstance(rnd, int) and not self.match.is_over():
            tag = f"Round {rnd}"
        surface.blit(banner_image(tuple(self.banner_segments()), tag, BANNER.size, 19, True), BANNER.topleft)

    # -- a seat's head line: name, hand count, the Gem, the shield, the last turn
    def last_turn_seats(self) -> list[int]:
        """The seats still to play a last turn, in order (the current one first): empty before the
        deck has run out."""
        s = self.state
        left = getattr(s, "last_turns_left", None)
        if left is None or self.match.is_over():
            return []
        p = s.turn
        return [(p + k) % self.n for k in range(left + 1)]

    def _badges(self, surface: pygame.Surface, p: int, right: int, y: int, left: int = 0, name: str = "") -> int:
        """Draw p's badges leftwards from `right`; returns the x where they end. The shield says
        "protected" in words when that leaves the name (from `left`) its room."""
        x = right
        if p in self.model.protected:
            img = _protected_tag()
            others = (28 if self.public_gem_holder() == p else 0) + \
                (_tag_image("last turn", theme.GOLD).get_width() + 6 if p in self.last_turn_seats() else 0)
            if right - img.get_width() - 6 - others - left < theme.width_of(name, 16, True) + 10:
                img = _shield_image(22)
            x -= img.get_width()
            surface.blit(img, (x, y))
            x -= 6
        if self.public_gem_holder() == p:
            img = art.resource_icon("gem", 22)
            x -= img.get_width()
            surface.blit(img, (x, y))
            x -= 6
        last = self.last_turn_seats()
        if p in last and not self.match.is_over():
            words = "last turn"
            img = _tag_image(words, theme.GOLD)
            x -= img.get_width()
            surface.blit(img, (x, y + 1))
            x -= 6
        return x

    def lacks_in_order(self, p: int) -> list[str]:
        """The resources p is known to lack, in the deck's order (as their markers stand)."""
        order = {r: i for i, r in enumerate(self.resources)}
        return sorted(self.model.lacks[p], key=lambda k: order.get(k, 9))

    def public_gem_holder(self) -> int | None:
        """Who holds the Gem as far as the table may show: in a tableau, or known in a hand."""
        gem = int(_rules().GEM_ID)
        for p in range(self.n):
            if gem in self.model.tableaus[p] or (gem in self.model.hands[p] and self._face_ok(gem)):
                return p
        return None

    def gem_words(self) -> str:
        """Where the Gem is, as the table may tell it."""
        gem = int(_rules().GEM_ID)
        if gem in self.model.row:
            return ("The Gem lay face up in the row at the end" if self.model.over
                    else "The Gem lies face up in the row: take it!")
        if gem in self.model.boxed:
            return "The Gem is out of the game"
        holder = self.public_gem_holder()
        if holder is not None:
            where = "tableau" if gem in self.model.tableaus[holder] else "hand"
            return f"The Gem: in {self._possessive(holder)} {where}"
        if self.model.deck <= 0:
            return "The Gem: hidden in someone's hand"
        return "The Gem: hidden in a hand or in the deck"

    def _possessive(self, p: int) -> str:
        # (Nobody is "you" in a replay, nor at a hot-seat table's shared screen.)
        if (p == self.bottom_seat() and self.match.seats[p].is_human and not self.match.hotseat
                and not self.replay):
            return "your"
        return f"{self.match.seats[p].name}'s"

    # -- the other players
    def _seat_key(self, p: int) -> tuple[Any, ...]:
        """Everything a seat's panel shows, as it may be shown now."""
        return (p, self.bottom_seat(), self._shown(self.display_hand(p)), self._shown(self.model.tableaus[p]),
                self.model.lacks[p], p in self.model.protected, self.public_gem_holder() == p,
                p in self.last_turn_seats(), self.match.to_move() == p and not self.match.is_over(),
                self.count_popping(p))

    def _draw_opponent(self, surface: pygame.Surface, p: int) -> None:
        r = self.opp_rect(p)
        self._cached(surface, f"seat{p}", r, self._seat_key(p), lambda layer: self._paint_opponent(layer, p))

    def _paint_opponent(self, surface: pygame.Surface, p: int) -> None:
        r = self.opp_rect(p)
        col = seat_rgb(p)
        turn = self.match.to_move() == p and not self.match.is_over()
        body = r.inflate(-4, -4)
        pygame.draw.rect(surface, col if turn else (84, 76, 70), body, 3 if turn else 2, border_radius=12)
        pygame.draw.rect(surface, col, (body.x + 10, body.y + 28, body.w - 20, 2))
        hand = self.display_hand(p)
        count = f"{len(hand)} in hand"
        right = body.right - 10
        cw = theme.width_of(count, 13)
        if not self.count_popping(p):
            theme.text(surface, count, (right, body.y + 8), 13, theme.INK_DIM, anchor="topright", box=body)
        seat = self.match.seats[p]
        tag = seat_tag(seat)
        bx = self._badges(surface, p, right - cw - 10, body.y + 3, body.x + 12, f"{seat.name} {tag}")
        draw_name_and_tag(surface, seat.name, tag, (body.x + 12, body.y + 16), bx - body.x - 22, col,
                          tint(col, 0.45), 17, 12, box=body)
        # The hand: known cards face up, the rest as backs; the "no ..." markers beside it.
        for cid, rect in zip(hand, self.hand_rects(p)):
            self._card(surface, cid, rect)
        if not hand:
            theme.text(surface, "no cards in hand", (body.x + 12, r.y + OPP_HAND_DY + 18), 13, theme.INK_FAINT,
                       box=body)
        lacks = self.lacks_in_order(p)
        mx = r.right - MARKS_W - 4
        for i, res in enumerate(lacks[:3]):
            y = r.y + OPP_HAND_DY + i * 19
            surface.blit(art.resource_icon(res, 18, crossed=True), (mx, y))
            theme.text(surface, fit(f"no {resource_words(res)}", MARKS_W - 24, 12, True), (mx + 22, y + 2), 12,
                       NO_RGB, bold=True, box=r)
        # The tableau.
        theme.text(surface, "tableau", (body.x + 12, r.y + OPP_TAB_DY - 17), 12, theme.INK_FAINT, box=body)
        tab = self.model.tableaus[p]
        for cid, rect in zip(tab, self.tableau_rects(p)):
            self._card(surface, cid, rect)
        if not tab:
            theme.text(surface, "empty", (body.x + 12, r.y + OPP_TAB_DY + 18), 13, theme.INK_FAINT, box=body)

    # -- the middle band
    def headings(self) -> list[Heading]:
        """The words that head the places on the table (and the deck's count, the Gem's line): a
        hint's glow round a card may reach them, and they are written again over it. In this order:
        the deck, its count, the row, the boxed cards, the Gem's line, the bottom seat's tableau."""
        k = self.model.deck
        return [Heading("Deck", (DECK_RECT.centerx, CENTRE.y + 6), 14, theme.GOLD, True, "midtop"),
                Heading(plural(k, "card"), (DECK_RECT.centerx, DECK_RECT.bottom + 14), 13, theme.INK, False,
                        "midtop"),
                Heading("Face-up row", (ROW_X0, CENTRE.y + 6), 14, theme.GOLD, True),
                Heading(f"Out of the game: {len(self.model.boxed)}", (BOX_X0, CENTRE.y + 6), 14, theme.GOLD, True),
                Heading(self.gem_words(), (ROW_X0 + 26, STATUS_Y), 15, theme.INK, True),
                Heading("Tableau", (TAB_X0, ME.y + 30), 14, theme.GOLD, True)]

    def _draw_centre(self, surface: pygame.Surface) -> None:
        deck, count, row, boxed_head, gem, _ = self.headings()
        # The deck: a stack with its count.
        k = self.model.deck
        for i in range(min(3, (k + 4) // 5)):
            art.draw_card(surface, HIDDEN, DECK_RECT.move(-2 * i, -2 * i))
        if k == 0:
            pygame.draw.rect(surface, (70, 66, 62), DECK_RECT, 2, border_radius=6)
            theme.text(surface, "empty", DECK_RECT.center, 14, theme.INK_FAINT, anchor="center")
        deck.draw(surface)
        count.draw(surface)
        # The face-up row.
        row.draw(surface)
        for cid, rect in zip(self.model.row, self.row_rects()):
            self._card(surface, cid, rect)
        if not self.model.row:
            theme.text(surface, "no face-up cards", (ROW_X0 + 4, ROW_Y + 34), 14, theme.INK_FAINT)
        # The boxed cards.
        boxed = self.model.boxed
        boxed_head.draw(surface)
        for cid, rect in zip(boxed, self.boxed_rects()):
            self._card(surface, cid, rect)
        # Where the Gem is; the last turns.
        y = STATUS_Y
        surface.blit(art.resource_icon("gem", 20), (ROW_X0, y - 1))
        gem.draw(surface)
        last = self.last_turn_seats()
        if last:
            words = "Last turns: " + ", ".join(self.match.seats[q].name for q in last)
            size = theme.fit_size(words, BOX_X1 - ROW_X0 - 380, 15, 11, True)
            theme.text(surface, fit(words, BOX_X1 - 380 - ROW_X0, size, True), (BOX_X1, y), size, theme.GOLD,
                       bold=True, anchor="topright")

    # -- the bottom panel
    def _draw_me(self, surface: pygame.Surface) -> None:
        me = self.bottom_seat()
        hidden = self.my_hand_hidden()
        key = (self._seat_key(me), hidden, tuple(self._chosen_refs("hand")), self.match.hotseat)
        area = pygame.Rect(ME.x, ME.y, ME.w, MESSAGE_Y - 6 - ME.y)
        self._cached(surface, "me", area, key, self._paint_me)
        self._draw_me_controls(surface)

    def _paint_my_head(self, surface: pygame.Surface, over_glow: bool = False) -> None:
        """The bottom panel's head line: the seat's name, its badges, its hand's count. With
        `over_glow`, written again over a hint's glow, each word edged in dark."""
        me = self.bottom_seat()
        hand = self.display_hand(me)
        seat = self.match.seats[me]
        viewer = self.match.viewer()
        tag = seat_tag(seat, viewer == me and seat.is_human and not self.match.hotseat)
        count = f"hand: {len(hand)}"
        right = HAND_X1
        cw = theme.width_of(count, 13)
        if not self.count_popping(me):
            Heading(count, (right, ME.y + 9), 13, theme.INK_DIM, False, "topright").draw(surface, over_glow)
        bx = self._badges(surface, me, right - cw - 10, ME.y + 5, ME.x + 14, f"{seat.name} {tag}")
        name, size, with_tag = name_and_tag(seat.name, tag, bx - ME.x - 24, 18, 12)
        head = Heading(name, (ME.x + 14, ME.y + 7), size, seat_rgb(me), True)
        head.draw(surface, over_glow)
        if with_tag:
            at = head.rect()
            Heading(tag, (at.right + TAG_GAP, at.centery + 1), TAG_SIZE, tint(seat_rgb(me), 0.45), False,
                    "midleft").draw(surface, over_glow)

    def _paint_me(self, surface: pygame.Surface) -> None:
        me = self.bottom_seat()
        hand = self.display_hand(me)
        self._paint_my_head(surface)
        hidden = self.my_hand_hidden()
        chosen = set(self._chosen_refs("hand"))
        for cid, rect in zip(hand, self.hand_rects(me)):
            lift = -CHOSEN_LIFT if cid in chosen else 0
            self._card(surface, cid if not hidden else HIDDEN, rect.move(0, lift))
        if hidden and hand:
            img, at = self.hidden_hand_label()
            surface.blit(img, at)
        if not hand:
            theme.text(surface, "no cards in hand", (HAND_X0 + 4, HAND_Y + 50), 15, theme.INK_FAINT)
        self.headings()[-1].draw(surface)   # "Tableau"
        tab = self.model.tableaus[me]
        for cid, rect in zip(tab, self.tableau_rects(me)):
            self._card(surface, cid, rect)
        if not tab:
            theme.text(surface, "empty: cards you take face up land here", (TAB_X0, TAB_Y + 30), 13,
                       theme.INK_FAINT)

    def hidden_hand_label(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The words over a face-down hot-seat hand, and where they go: over the cards, inside
        the hand's area (in one line when it fits, else two), never reaching the tableau beside it."""
        area = self._my_hand_area()
        if self.may_turn_up():
            parts: tuple[str, ...] = ("Your hand is face down:", "click it or press U to turn it up, or hold V to peek")
        else:
            parts = ("Face down until its player's next turn",)
        img = _label_lines_image(_label_lines(parts, area.w - 2 * LABEL_PAD, 15), 15)
        cards = self.hand_rects(self.bottom_seat())
        fan = cards[0].union(cards[-1]) if cards else area
        at = img.get_rect(center=(fan.centerx, area.centery))
        return img, at.clamp(area)

    def _draw_me_controls(self, surface: pygame.Surface) -> None:
        """The message line, then the buttons (drawn every frame: they follow the mouse)."""
        me = self.bottom_seat()
        col = seat_rgb(me)
        turn = self.match.to_move() == me and not self.match.is_over()
        body = ME.inflate(-4, -4)
        pygame.draw.rect(surface, col if turn else (84, 76, 70), body, 3 if turn else 2, border_radius=12)
        if self.message_time > 0 and self.message:
            box = pygame.Rect(ME.x + 10, MESSAGE_Y - 4, ME.w - 20, 26)
            pygame.draw.rect(surface, (76, 36, 30), box, border_radius=6)
            size = theme.fit_size(self.message, box.w - 16, 15, 11)
            theme.text(surface, fit(self.message, box.w - 16, size), box.center, size, theme.INK,
                       anchor="center", box=box)
        elif self.my_hand_hidden() and self.match.human_to_move() and self.idle:
            pass   # (the words over the face-down hand say how to turn it up: not twice)
        elif self._human_turn():
            hint = self._hint()
            theme.text(surface, fit(hint, ME.w - 30, 14), (ME.x + 14, MESSAGE_Y), 14, theme.INK_DIM)
        elif self.replay:   # (where the buttons would be: the viewer's tag would cover the panel)
            theme.text(surface, self.replay_keys, (ME.x + 14, MESSAGE_Y), 14, theme.INK_DIM)
        elif ready := self.ready_to_retire():
            theme.text(surface, fit(ready, ME.w - 30, 14, True), (ME.x + 14, MESSAGE_Y), 14, theme.GOLD, bold=True)
        if self._human_turn():
            for b in self.buttons_all:
                b.draw(surface)
        elif not self.match.is_over() and not self.replay:
            p = self.match.to_move()
            if p is not None and not self.match.seats[p].is_human:
                theme.text(surface, "Bots play by themselves; Space skips the show.", (ME.x + 14, BUTTON_Y + 12),
                           15, theme.INK_FAINT)

    def ready_to_retire(self) -> str:
        """While others play, what the bottom seat's human, whose own cards are shown, may do on
        their next turn with a set to retire with ("You hold four Oil: on your turn, Retire (T)
        wins the game."); in the last turns with none of theirs left, what four of a kind held
        does at the end; "" when there is nothing to say (or it is not theirs to see)."""
        me = self.bottom_seat()
        m = self.match
        if (self.replay or m.is_over() or m.to_move() == me or not m.seats[me].is_human or m.viewer() != me
                or self.my_hand_hidden()):
            return ""
        rules = _rules()
        sets = rules.retire_sets_in(self.model.hands[me] + self.model.tableaus[me], self.resources)
        if not sets:
            return ""
        words = rules.set_words(rules.set_to_name(sets))
        last = self.last_turn_seats()
        if last and me not in last:   # (no turn of theirs comes: the game ends after these)
            gem = int(rules.GEM_ID)
            if any(gem not in s for s in sets):
                return f"You hold {words}: four of a kind held when the last turns end wins."
            return ""
        return f"You hold {words}: on your turn, Retire (T) wins the game."

    def _hint(self) -> str:
        """The line above the buttons: how to make the choices there are now, and only those (a
        player without a Bomb is not told to click a player to bomb them)."""
        step = self.step()
        if step is not None:
            # The places the choices that may be made lie at (all of them when none may).
            kinds = {o.where for o in step.options if not o.reason} or {o.where for o in step.options}
            how = "press its number or click it"
            if kinds == {"hand"}:
                how = "click a card of your hand or press its number"
            elif "row" in kinds:
                how = ("click a face-up card (or the deck) or press its number" if "deck" in kinds
                       else "click a face-up card or press its number")
            elif kinds == {"deck"}:
                how = "click the deck or press its number"
            elif kinds == {"seat"}:
                how = "click a player or press their number"
            return f"To choose: {how}. Backspace steps back."
        if self.mode is not None:
            return "Enter plays it; Backspace steps back."
        legal = self.legal()

        def can(prefix: str) -> bool:
            return any(a.startswith(prefix) for a in legal)

        clicks = [words for words, prefix in (("a card of your hand to resupply with it", "resupply:"),
                                               ("a player to bomb them", "bomb:")) if can(prefix)]
        # (Nothing to click on the table: the buttons, and their keys, that may be used.)
        keys = [words for words, prefix in (("Invest (I)", "invest:"), ("Pass (P)", "pass")) if can(prefix)]
        if can("retire:"):   # (the move that wins comes first)
            rest = (f"click {', or '.join(clicks)}" if clicks else f"use {or_list(keys)}" if keys
                    else "F1 shows the rules")
            return f"Retire (T) wins the game now; or {rest}."
        if clicks:
            return "Click " + ", or ".join(clicks) + "; F1 shows the rules."
        if keys:
            return f"Use {or_list(keys)}; F1 shows the rules."
        return "F1 shows the rules."

    def _chosen_refs(self, where: str) -> list[Any]:
        """What the choices so far point at on the table (to lift or outline it)."""
        out = []
        for step, picks in self._steps_with_picks():
            for o in step.options:
                if o.where == where and o.key in picks:
                    out.append(o.ref)
        return out

    def _steps_with_picks(self) -> list[tuple[Step, list[str]]]:
        steps = self.steps()
        out = []
        i = 0
        for s in steps:
            out.append((s, self.picks[i:i + s.count]))
            i += s.count
        return out

    # -- the choices on offer
    def _draw_reminder(self, surface: pygame.Surface) -> None:
        """With no choice on offer, the middle band's foot recalls the four actions."""
        if self.big_words is not None or (self._human_turn() and self.step() is not None):
            return
        surface.blit(_reminder_image(STRIP.w), STRIP.topleft)

    def _draw_choices(self, surface: pygame.Surface) -> None:
        if not self._human_turn():
            return
        for s, picks in self._steps_with_picks():
            for o in s.options:
                if o.key in picks:
                    rect = self._option_place(o)
                    if rect is not None and o.where != "hand":
                        pygame.draw.rect(surface, PICK_RGB, rect.inflate(8, 8), 3, border_radius=8)
        self._draw_retire_cards(surface)
        step = self.step()
        if step is None:
            return
        tiles = [o for o in step.options if o.where in ("tile", "deck")]
        for o, rect in zip(tiles, self.tile_rects(len(tiles))):
            number = step.options.index(o) + 1
            self._draw_tile(surface, o, rect, number)
        self._draw_option_numbers(surface, outline=True)

    def _draw_option_numbers(self, surface: pygame.Surface, outline: bool = False) -> None:
        """The number (key) of each of the step's places to choose (seats, cards), and with
        `outline` the ring round each place that may be chosen."""
        step = self.step() if self._human_turn() else None
        if step is None:
            return
        for i, o in enumerate(step.options):
            if o.where in ("tile",):
                continue
            rect = self._option_place(o)
            if rect is None:
                continue
            chosen = o.key in self._step_picks()
            colour = PICK_RGB if not o.reason else (120, 110, 100)
            if o.where == "seat":
                if outline:
                    pygame.draw.rect(surface, colour, rect.inflate(-2, -2), 3, border_radius=12)
                pos = (rect.right - 20, rect.bottom - 20)   # a free corner: the head row is full
            else:
                if outline and not o.reason:
                    pygame.draw.rect(surface, colour, rect.inflate(4, 4), 2, border_radius=7)
                pos = self._badge_pos(o, rect)
            surface.blit(_number_badge(i + 1, not o.reason, chosen), _number_badge(i + 1, True, False).get_rect(
                center=pos))

    def _draw_over_hint(self, surface: pygame.Surface) -> None:
        """Over the outline of a hint (or of a replay's better move): the words its glow reaches
        (the name over the hand, "Face-up row" over the row, ...), written again, edged in dark,
        so that no ring round a card hides its heading; then the choices' numbers."""
        glows = [spot.inflate(2 * GLOW_REACH, 2 * GLOW_REACH) for spot in self.hint_places
                 if isinstance(spot, pygame.Rect)]
        if glows:
            for head in self.headings():
                if head.rect().collidelist(glows) >= 0:
                    head.draw(surface, True)
            mine = pygame.Rect(ME.x, ME.y, HAND_X1 - ME.x, HAND_Y - ME.y)
            if mine.collidelist(glows) >= 0:
                self._paint_my_head(surface, True)
        self._draw_option_numbers(surface)

    def _draw_retire_cards(self, surface: pygame.Surface) -> None:
        """Retiring: the cards of the set chosen (or pointed at) are outlined in hand and tableau."""
        if self.mode != "retire":
            return
        ids: tuple[int, ...] = ()
        steps = self.steps()
        if steps and self.picks:
            ids = next((o.ref for o in steps[0].options if o.key == self.picks[0]), ())
        elif steps and self.mouse is not None:
            tiles = [o for o in steps[0].options if o.where == "tile"]
            for o, rect in zip(tiles, self.tile_rects(len(tiles))):
                if rect.collidepoint(self.mouse):
                    ids = o.ref
        me = self.bottom_seat()
        places = list(zip(self.display_hand(me), self.hand_rects(me)))
        places += list(zip(self.model.tableaus[me], self.tableau_rects(me)))
        for cid, rect in places:
            if cid in ids:
                pygame.draw.rect(surface, PICK_RGB, rect.inflate(6, 6), 3, border_radius=8)

    def _badge_pos(self, o: Option, rect: pygame.Rect) -> tuple[int, int]:
        """Where an option's number sits on its card: hanging from the middle of the card's
        bottom edge, or of the part of it that shows when the next card overlaps it."""
        rects: list[pygame.Rect] = []
        if o.where == "hand":
            rects = self.hand_rects(self.bottom_seat())
        elif o.where == "row":
            rects = self.row_rects()
        seen = rect.w
        for a, b in zip(rects, rects[1:]):
            if a == rect:
                seen = min(rect.w, b.x - a.x)
        return (rect.x + seen // 2, rect.bottom)

    def _option_place(self, o: Option) -> pygame.Rect | None:
        if o.where == "seat":
            return self.seat_rect(o.ref)
        if o.where == "deck":
            return DECK_RECT
        if o.where == "row":
            row = self.row_rects()
            return row[o.ref] if 0 <= o.ref < len(row) else None
        if o.where == "hand":
            me = self.bottom_seat()
            for c, r in zip(self.display_hand(me), self.hand_rects(me)):
                if c == o.ref:
                    return r
        return None

    def _draw_tile(self, surface: pygame.Surface, o: Option, rect: pygame.Rect, number: int) -> None:
        ok = not o.reason
        chosen = o.key in self._step_picks()
        hover = self.mouse is not None and rect.collidepoint(self.mouse)
        fill = (74, 64, 44) if chosen else (60, 54, 50) if ok and hover else (50, 46, 44) if ok else (40, 38, 38)
        pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        pygame.draw.rect(surface, PICK_RGB if chosen else theme.GOLD_DARK if ok else (76, 70, 66), rect, 2,
                         border_radius=10)
        surface.blit(_number_badge(number, ok, chosen), (rect.x + 8, rect.y + 8))
        x = rect.x + 40
        if o.icon in art.KIND_RGB:
            surface.blit(art.resource_icon(o.icon, 34), (x, rect.centery - 17))
            x += 42
        elif o.icon == "row":   # a face-up card: cardstock with a question mark
            card = pygame.Rect(x, rect.centery - 20, 29, 40)
            pygame.draw.rect(surface, art.CARDSTOCK, card, border_radius=4)
            pygame.draw.rect(surface, theme.GOLD_DARK, card, 2, border_radius=4)
            theme.text(surface, "?", card.center, 18, (90, 70, 50), bold=True, anchor="center")
            x += 38
        elif o.icon == "deck" or o.where == "deck":
            art.draw_card(surface, HIDDEN, pygame.Rect(x, rect.centery - 20, 29, 40))
            x += 38
        room = rect.right - x - 8
        ink = theme.INK if ok else theme.INK_FAINT
        size = theme.fit_size(o.label, room, 16, 11, True)
        theme.text(surface, fit(o.label, room, size, True), (x, rect.y + 10), size, ink, bold=True, box=rect)
        detail = o.reason if o.reason else o.detail
        if detail:
            colour = (200, 130, 110) if o.reason else (NO_RGB if o.detail.startswith("known") else theme.INK_DIM)
            dsize = theme.fit_size(detail, room, 13, 10)
            theme.text(surface, fit(detail, room, dsize), (x, rect.y + 34), dsize, colour, box=rect)

    # -- a bot's move on show
    def _draw_bot_move(self, surface: pygame.Surface) -> None:
        if self.bot_move is None:
            return
        p = self.match.to_move() or 0
        pulse = 0.5 + 0.5 * math.sin(self.clock * 9)
        for rect in self.bot_move[1]:
            pygame.draw.rect(surface, seat_rgb(p), rect.inflate(8, 8), 2 + int(2 * pulse), border_radius=10)

    # -- flying cards, the bomb, the answers
    def _draw_flyer(self, surface: pygame.Surface, fl: Flyer) -> None:
        if not fl.visible:
            return
        x, y = arc(fl.a, fl.b, fl.t, fl.lift)
        # The card keeps the size of the place it left, then takes the size of the place it goes
        # to halfway (every picture at a table size is drawn once and kept).
        rect = pygame.Rect(0, 0, *(fl.size_a if fl.t < 0.5 else fl.size_b))
        rect.center = (int(x), int(y))
        self._card(surface, fl.cid, rect)

    def stamp_centre(self, q: int) -> Pos:
        if q == self.bottom_seat():
            return (float(HAND_X0 + 240), float(HAND_Y + art.HAND[1] // 2))
        r = self.opp_rect(q)
        # Over the tableau's row, right of the middle: the hand (and the card a Yes names) shows.
        return (float(r.x + r.w * 0.58), float(r.y + OPP_TAB_DY + 20))

    def _draw_bomb(self, surface: pygame.Surface) -> None:
        fx = self.bomb_fx
        if fx is None or fx.done:
            return
        if fx.blast <= 0:
            pos = arc(fx.a, fx.b, fx.fly, 90)
            size = 46
            img = art.resource_icon("bomb", size)
            wobble = math.sin(self.clock * 40) * 2 * fx.fuse
            surface.blit(img, img.get_rect(center=(int(pos[0] + wobble), int(pos[1]))))
            # The fuse's spark, bright and flickering, shrinking as it burns down.
            if fx.fly > 0:
                r = 9 * (1 - 0.6 * fx.fuse) * (0.8 + 0.2 * math.sin(self.clock * 50))
                sx, sy = pos[0] + size * 0.3, pos[1] - size * 0.42 + fx.fuse * size * 0.18
                pygame.draw.circle(surface, (255, 140, 30), (int(sx), int(sy)), max(2, int(r)))
                pygame.draw.circle(surface, (255, 240, 150), (int(sx), int(sy)), max(1, int(r * 0.5)))
            if fx.fuse > 0:
                img = _label_image("Tsss…", 16)
                surface.blit(img, img.get_rect(midbottom=(int(fx.b[0]), int(fx.b[1]) - 30)))
            return
        t = fx.blast
        cx, cy = fx.b
        for k, colour in enumerate(((255, 236, 150), (255, 160, 50), (210, 60, 30))):
            rr = int(20 + 90 * ease_out_cubic(min(1.0, t * (1.4 - 0.2 * k))))
            width = max(2, int(10 * (1 - t)))
            pygame.draw.circle(surface, colour, (int(cx), int(cy)), rr, width)
        if t < 0.9:
            img = _boom_image()
            scale = 0.6 + 0.5 * ease_out_back(min(1.0, t * 3))
            img = pygame.transform.smoothscale_by(img, scale)
            surface.blit(img, img.get_rect(center=(int(cx), int(cy))))

    def _draw_stamps(self, surface: pygame.Surface) -> None:
        for st in self.stamps:
            if st.yes and st.card is not None:
                # The card the Yes named glows in the bombed player's hand.
                for cid, rect in zip(self.display_hand(st.target), self.hand_rects(st.target)):
                    if cid == st.card:
                        pulse = 2 + int(2 * (0.5 + 0.5 * math.sin(self.clock * 10)))
                        pygame.draw.rect(surface, YES_RGB, rect.inflate(6, 6), pulse, border_radius=6)
            cx, cy = self.stamp_centre(st.target)
            pop = ease_out_back(min(1.0, st.age / 0.25))
            fade = 1.0 if st.age < st.life - 0.4 else max(0.0, (st.life - st.age) / 0.4)
            img = _stamp_image(self.match.seats[st.target].name, st.yes, st.resource)
            if pop < 0.999:
                img = pygame.transform.smoothscale_by(img, 0.5 + 0.5 * pop)
            img.set_alpha(int(255 * fade))
            surface.blit(img, img.get_rect(center=(int(cx), int(cy))))

    def _draw_big_words(self, surface: pygame.Surface) -> None:
        if self.big_words is None:
            return
        text, colour, _ = self.big_words
        img = _big_words_image(text, colour)
        surface.blit(img, img.get_rect(center=(STRIP.centerx, STRIP.centery + 2)))

    # -- tooltips
    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        text = self.tooltip_text()
        if text:
            self._draw_tooltip_text(surface, text, 280)

    def tooltip_text(self) -> str:
        """What the pointer is over, in words: a card (as far as the table may tell), a marker, a
        shield, the deck, a button that cannot be used."""
        pos = self.mouse
        if pos is None:
            return ""
        for b in self.buttons_all:
            if b.rect.collidepoint(pos):
                return b.reason if not b.enabled and self._human_turn() else ""
        for o, rect in self.option_rects():
            if rect.collidepoint(pos) and o.reason:
                return sentence(o.reason)
        if DECK_RECT.collidepoint(pos):
            return f"The deck: {plural(self.model.deck, 'card')}, face down"
        for cid, rect in list(zip(self.model.row, self.row_rects()))[::-1]:
            if rect.collidepoint(pos):
                return f"{card_words(cid)}, face up in the row"
        for cid, rect in list(zip(self.model.boxed, self.boxed_rects()))[::-1]:
            if rect.collidepoint(pos):
                return f"{card_words(cid)}: out of the game" if cid >= 0 else "Out of the game"
        for p in range(self.n):
            name = self.match.seats[p].name
            for cid, rect in list(zip(self.model.tableaus[p], self.tableau_rects(p)))[::-1]:
                if rect.collidepoint(pos):
                    return f"{card_words(cid)}, in {name}'s tableau"
            hidden_mine = p == self.bottom_seat() and self.my_hand_hidden()
            for cid, rect in list(zip(self.display_hand(p), self.hand_rects(p)))[::-1]:
                if rect.collidepoint(pos):
                    if cid >= 0 and self._face_ok(cid) and not hidden_mine:
                        return f"{card_words(cid)}, in {name}'s hand"
                    return f"A card in {name}'s hand"
            if p != self.bottom_seat():
                r = self.opp_rect(p)
                mx = r.right - MARKS_W - 4
                for i, res in enumerate(self.lacks_in_order(p)[:3]):
                    if pygame.Rect(mx, r.y + OPP_HAND_DY + i * 19, MARKS_W, 18).collidepoint(pos):
                        return (f"{name} has no {resource_words(res)} in hand: a bomb's No showed it, and "
                                "no card has reached that hand unseen since")
            seat = self.seat_rect(p)
            header = pygame.Rect(seat.x, seat.y, seat.w, 32)
            if self.public_gem_holder() == p and header.collidepoint(pos):
                gem = (f"{name} holds the Gem: once the deck has run out and the last turns are over, "
                       "its holder wins, unless someone retired or holds four of a kind")
                if p in self.model.protected:
                    gem += "; bombed, they may not be bombed again until their next turn"
                return gem
            if p in self.model.protected and seat.collidepoint(pos):
                return f"{name} was bombed: nobody may bomb them until their next turn"
        return ""


# ============================================================================ helpers and pictures
def _all_ids(s: Any) -> list[int]:
    out = list(s.deck) + list(s.row) + list(s.boxed)
    for h in s.hands:
        out += h
    for t in s.tableaus:
        out += t
    return [c for c in out if c >= 0]


_ORDER = {k: i for i, k in enumerate((*art.RESOURCE_KINDS, "bomb", "gem"))}


def _card_order(cid: int) -> tuple[int, int]:
    return (_ORDER.get(kind_of(cid), 9), cid)


def _plural_kind(kind: str) -> str:
    if kind == "bomb":
        return "Bombs"
    if kind == "gem":
        return "Gems"
    return resource_words(kind)


@lru_cache(maxsize=64)
def _number_badge(number: int, ok: bool, chosen: bool) -> pygame.Surface:
    size = 24
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    fill = PICK_RGB if chosen else theme.GOLD if ok else (96, 90, 84)
    pygame.draw.circle(surf, (20, 16, 12), (size // 2, size // 2), size // 2)
    pygame.draw.circle(surf, fill, (size // 2, size // 2), size // 2 - 2)
    theme.text(surf, str(number), (size // 2, size // 2), 14, (24, 18, 10), bold=True, anchor="center")
    return surf


@lru_cache(maxsize=8)
def _shield_image(size: int) -> pygame.Surface:
    """A small shield: protected from bombs until their next turn."""
    ss = 3
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    s = size * ss
    pts = [(s * 0.5, s * 0.04), (s * 0.92, s * 0.18), (s * 0.86, s * 0.56), (s * 0.5, s * 0.96),
           (s * 0.14, s * 0.56), (s * 0.08, s * 0.18)]
    pygame.draw.polygon(big, (30, 40, 60), pts)
    inner = [(s * 0.5 + (x - s * 0.5) * 0.8, s * 0.5 + (y - s * 0.5) * 0.8) for x, y in pts]
    pygame.draw.polygon(big, (120, 170, 230), inner)
    pygame.draw.line(big, (240, 248, 255), (s * 0.5, s * 0.22), (s * 0.5, s * 0.78), ss * 2)
    pygame.draw.line(big, (240, 248, 255), (s * 0.28, s * 0.42), (s * 0.72, s * 0.42), ss * 2)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=2)
def _protected_tag() -> pygame.Surface:
    """The shield with its word: bombed, so nobody may bomb them until their next turn."""
    colour = (130, 180, 236)
    words = "protected"
    w = theme.width_of(words, 12, True) + 36
    surf = pygame.Surface((w, 22), pygame.SRCALPHA)
    pygame.draw.rect(surf, (22, 30, 44), surf.get_rect().inflate(0, -2), border_radius=9)
    pygame.draw.rect(surf, colour, surf.get_rect().inflate(0, -2), 1, border_radius=9)
    surf.blit(_shield_image(18), (4, 2))
    theme.text(surf, words, (26, 11), 12, colour, bold=True, anchor="midleft")
    return surf


@lru_cache(maxsize=16)
def _tag_image(words: str, colour: RGB) -> pygame.Surface:
    w = theme.width_of(words, 12, True) + 12
    surf = pygame.Surface((w, 20), pygame.SRCALPHA)
    pygame.draw.rect(surf, (30, 26, 20), surf.get_rect(), border_radius=9)
    pygame.draw.rect(surf, colour, surf.get_rect(), 1, border_radius=9)
    theme.text(surf, words, (w // 2, 10), 12, colour, bold=True, anchor="center")
    return surf


EDGE = 1   # the dark edge round words written over a hint's glow


@lru_cache(maxsize=32)
def _edged_text(words: str, size: int, colour: RGB, bold: bool) -> pygame.Surface:
    """Words edged in dark all round, to read on a bright glow."""
    img = theme.text_image(words, size, colour, bold=bold)
    dark = theme.text_image(words, size, (14, 10, 6), bold=bold)
    surf = pygame.Surface((img.get_width() + 2 * EDGE, img.get_height() + 2 * EDGE), pygame.SRCALPHA)
    for dx in range(-EDGE, EDGE + 1):
        for dy in range(-EDGE, EDGE + 1):
            if dx or dy:
                surf.blit(dark, (EDGE + dx, EDGE + dy))
    surf.blit(img, (EDGE, EDGE))
    return surf


@lru_cache(maxsize=16)
def _label_image(words: str, size: int) -> pygame.Surface:
    w = theme.width_of(words, size, True) + 20
    h = size + 14
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 14, 18, 220), surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, theme.GOLD_DARK, surf.get_rect(), 1, border_radius=10)
    theme.text(surf, words, (w // 2, h // 2), size, theme.INK, bold=True, anchor="center")
    return surf


LABEL_PAD = 10   # a label's room left and right of its words


def _label_lines(parts: tuple[str, ...], width: int, size: int) -> tuple[str, ...]:
    """`parts` as the lines of a label at most `width` pixels wide: in one line when they fit,
    else a line each (a part still too wide wrapped in turn)."""
    whole = " ".join(parts)
    if theme.width_of(whole, size, True) <= width:
        return (whole,)
    lines: list[str] = []
    for part in parts:
        lines += theme.wrap(part, width, size, True)
    return tuple(lines)


@lru_cache(maxsize=8)
def _label_lines_image(lines: tuple[str, ...], size: int) -> pygame.Surface:
    """`_label_image` for words in several lines, each centred."""
    step = theme.font(size, True).get_linesize()
    w = max(theme.width_of(line, size, True) for line in lines) + 2 * LABEL_PAD
    h = step * len(lines) + 14
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 14, 18, 220), surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, theme.GOLD_DARK, surf.get_rect(), 1, border_radius=10)
    for i, line in enumerate(lines):
        theme.text(surf, line, (w // 2, 7 + i * step + step // 2), size, theme.INK, bold=True, anchor="center")
    return surf


REMINDER = (
    (("Bomb", "name a player and a resource: they answer truthfully, for all to hear"),
     ("Resupply", "discard a card, then draw one or take a face-up card")),
    (("Invest", "the Gem goes to the row: draw three, or take two face-up cards"),
     ("Retire", "four of a kind, or three and the Gem, wins at once")),
)


@lru_cache(maxsize=2)
def _reminder_image(width: int) -> pygame.Surface:
    surf = pygame.Surface((width, STRIP.h), pygame.SRCALPHA)
    col_w = width // 2
    for row, pair in enumerate(REMINDER):
        for col, (word, what) in enumerate(pair):
            x, y = 14 + col * col_w, 6 + row * 24
            head = theme.text(surf, word, (x, y), 14, theme.GOLD_DARK, bold=True)
            room = col_w - (head.right - x) - 26
            size = theme.fit_size(what, room, 13, 10)
            theme.text(surf, fit(what, room, size), (head.right + 8, y + 1), size, theme.INK_FAINT)
    return surf


@lru_cache(maxsize=2)
def _boom_image() -> pygame.Surface:
    f = theme.font(46, True, True)
    img = f.render("BOOM!", True, (255, 220, 90))
    dark = f.render("BOOM!", True, (60, 16, 8))
    surf = pygame.Surface((img.get_width() + 10, img.get_height() + 10), pygame.SRCALPHA)
    for dx in (-3, 0, 3):
        for dy in (-3, 0, 3, 4):
            surf.blit(dark, (5 + dx, 5 + dy))
    surf.blit(img, (5, 5))
    return surf


@lru_cache(maxsize=64)
def _stamp_image(name: str, yes: bool, resource: str) -> pygame.Surface:
    """The answer, for all to see: a stamp with the resource's icon (crossed for a No)."""
    colour = YES_RGB if yes else NO_RGB
    head = "YES" if yes else "NO"
    words = f"{name} has {resource_words(resource)}" if yes else f"{name} has no {resource_words(resource)}"
    size = theme.fit_size(words, 230, 16, 11, True)
    w = max(200, theme.width_of(words, size, True) + 72)
    h = 74
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (18, 16, 18, 235), surf.get_rect(), border_radius=12)
    pygame.draw.rect(surf, colour, surf.get_rect(), 3, border_radius=12)
    surf.blit(art.resource_icon(resource, 46, crossed=not yes), (10, (h - 46) // 2))
    theme.text(surf, head, (64, 6), 30, colour, title=True)
    theme.text(surf, words, (64, 44), size, theme.INK, bold=True)
    return surf


@lru_cache(maxsize=8)
def _big_words_image(text: str, colour: RGB) -> pygame.Surface:
    f = theme.font(32, True, True)
    img = theme.render_line(f, text, colour)
    dark = theme.render_line(f, text, (8, 6, 6))
    w, h = img.get_width() + 48, img.get_height() + 12
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (14, 12, 14, 225), surf.get_rect(), border_radius=14)
    pygame.draw.rect(surf, colour, surf.get_rect(), 2, border_radius=14)
    surf.blit(dark, (26, 8))
    surf.blit(img, (24, 6))
    return surf


@lru_cache(maxsize=1)
def _table_background() -> pygame.Surface:
    """Night-blue baize in a dark frame, the middle band a little lighter; drawn once."""
    bg = theme.vertical_gradient((theme.WIDTH, theme.HEIGHT), (30, 36, 50), (14, 16, 24))
    band = theme.vertical_gradient(CENTRE.size, (40, 52, 62), (28, 36, 46))
    mask = pygame.Surface(CENTRE.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=14)
    band = band.convert_alpha() if pygame.display.get_surface() is not None else band
    band.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    bg.blit(band, CENTRE.topleft)
    pygame.draw.rect(bg, (70, 84, 96), CENTRE, 2, border_radius=14)
    if pygame.display.get_surface() is not None:
        bg = bg.convert()
    return bg
