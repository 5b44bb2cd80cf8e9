"""How the Grim Prospects table looks: its layout, its display model, and its drawing.

`GrimProspectsTable` (grim_prospects.py) is the scene: who sees what, the beats, the input. This
module holds what it draws with: the places on the table (`TableLayout`, geometry as methods of
the scene), the display model (`GrimModel`) and the sprites, and `TableDrawing`, the scene's
drawing methods. A card of a private zone is drawn face up only when `eyes()` says the viewer's
secrets may be on screen; every face goes through `gp_cards`, which writes it in the face log;
a cached layer writes its faces again each time it is shown.

Layout (1280 x 720): the banner on top; the other players in a row under it; the middle of the
table (the Mine, what you know of its top, the Geode in a two-player game, the Rubble); your
hand, stash and inventory; a status line and the action buttons; the log at the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

import pygame


from game.core.words import plural
from game.games.grim_prospects.cards import ABILITY_NAMES, card
from game.games.grim_prospects.rules import HIDDEN
from game.ui import gp_cards, privacy, theme
from game.ui.tables import grim_chooser as chooser_mod
from game.ui.tables.base import TableHost, banner_image, draw_name_and_tag, fit, seat_rgb, seat_tag
from game.ui.tables.grim_chooser import Chooser
from game.ui.tween import arc, lerp

# ----------------------------------------------------------------------------- layout
BANNER = pygame.Rect(8, 6, 996, 40)
LOG = pygame.Rect(1012, 6, 260, 708)
OPP_ROW = pygame.Rect(8, 52, 996, 146)
MID = pygame.Rect(8, 204, 996, 196)
HOME = pygame.Rect(8, 406, 996, 214)
STATUS = pygame.Rect(8, 624, 996, 28)
BUTTON_Y, BUTTON_H = 658, 48

HAND = gp_cards.HAND          # your hand, a drawn card held up
SMALL = gp_cards.SMALL        # the piles, the Inventories, the other players' hands
OPP_LABEL_ROOM = 22           # below an opponent's cards: the line that names its piles
TINY = (48, 67)               # the other players' cards when four sit at the top (five players)
NAME_OVERLAP = 6              # a card may cover this much of the one before and leave its name
RUBBLE_SHOWN = 3              # the Rubble's newest cards on the table, each name whole (R: all)
ROW_MIN, ROW_MAX = 14, 20     # the lines of a crowded rival's Inventory listed by name
MARK = SMALL                  # the Mine's top cards the viewer knows

FELT = pygame.Rect(8, 52, 996, 662)   # where floating words may go
CALLOUT_RISE = 12.0

MINE_C = (82, 296)
KNOWN_X = 150                  # the known top cards of the Mine, left to right from the top
REVEAL_C = (452, 300)          # where a drawn card turns over
REVEAL_LEFT = 146              # right of the Mine's pile: where cards held up may start at two
GEODE_BOX = pygame.Rect(392, 212, 400, 182)
RUBBLE_BOX = pygame.Rect(800, 212, 198, 182)
HAND_BOX = pygame.Rect(HOME.x + 16, HOME.y + 40, 612, HAND[1] + 8)
STASH_C = (HOME.x + 690, HOME.y + 40 + HAND[1] // 2 + 4)
INV_BOX = pygame.Rect(HOME.x + 752, HOME.y + 34, HOME.w - 760, 170)

# Seconds at "normal" speed; every duration is multiplied by the animation-speed setting.
T_FLY = 0.38
T_FLIP = 0.32
T_SHOW = 0.45          # a drawn card held up, face up, before it goes where it goes
T_BOT_SHOW = 0.55      # a bot's decision on show before it is played
T_BOT_THINK = 0.3

# The action buttons: kind, label, key.
ACTIONS: tuple[tuple[str, str, int], ...] = (
    ("dig", "Dig", pygame.K_d),
    ("dig:3", "Dig 3 (Pickaxe)", pygame.K_3),
    ("prospect", "Prospect", pygame.K_p),
    ("bank", "Return to base", pygame.K_b),
    ("blast", "Blast the Geode", pygame.K_x),
    ("end", "End turn", pygame.K_e),
)
ACTION_WORDS = {"dig": "digs", "dig:3": "digs three", "prospect": "prospects", "bank": "returns to base",
                "blast": "blasts the Geode", "end": "ends the turn", "place": "places a Bundle"}


def _hidden(cid: int | None) -> bool:
    return cid is None or cid == HIDDEN or cid < 0


def describe(cid: int) -> str:
    """A card in words, for the tooltip: 'Ruby · Gem · 2 points: +1 for each Sapphire you have'."""
    c = card(cid)
    ability = ABILITY_NAMES.get(c.ability, "")
    head = f"{c.name} · {ability}" if ability else c.name
    pts = f" · {plural(c.points, 'point')}" if c.points else ""
    return f"{head}{pts}: {c.text}" if c.text else head + pts


def dynamite_in(cards: list[int]) -> int | None:
    for c in cards:
        if not _hidden(c) and card(c).key == "dynamite":
            return c
    return None


# ============================================================================ display model
@dataclass
class GrimModel:
    """What the table shows, as its viewer knows it (HIDDEN where the viewer does not know)."""

    mine: list[int]
    rubble: list[int]
    geode: list[int]
    hands: list[list[int]]
    stashes: list[list[int]]
    inventories: list[list[int]]
    looking: list[int]
    turn: int
    round: int

    @classmethod
    def from_state(cls, s: Any) -> "GrimModel":
        return cls(mine=list(s.mine), rubble=list(s.rubble), geode=list(s.geode),
                   hands=[list(h) for h in s.hands], stashes=[list(h) for h in s.stashes],
                   inventories=[list(h) for h in s.inventories], looking=list(s.looking),
                   turn=int(s.turn), round=int(s.round))

    def rules_key(self) -> tuple[Any, ...]:
        """What must agree with the view once the animations have caught up (orders aside)."""
        def bag(cards: list[int]) -> tuple[int, ...]:
            return tuple(sorted(cards))

        return (len(self.mine), bag(self.rubble), bag(self.geode), tuple(bag(h) for h in self.hands),
                tuple(len(s) for s in self.stashes), tuple(bag(i) for i in self.inventories),
                len(self.looking))

    def adopt(self, other: "GrimModel") -> None:
        for name in ("mine", "rubble", "geode", "hands", "stashes", "inventories", "looking", "turn",
                     "round"):
            setattr(self, name, getattr(other, name))

    def take(self, zone: list[int], cid: int | None) -> int:
        """Take `cid` out of `zone` (a HIDDEN one when the viewer does not know it is there)."""
        if cid is not None and cid in zone:
            zone.remove(cid)
            return cid
        if HIDDEN in zone:
            zone.remove(HIDDEN)
        elif zone:
            zone.pop()
        return HIDDEN if cid is None else cid


# ============================================================================ sprites
@dataclass
class Flyer:
    """A card in the air: from a to b, turning over on the way when `flip` (back, then face)."""

    cid: int
    a: tuple[float, float]
    b: tuple[float, float]
    size_a: tuple[int, int]
    size_b: tuple[int, int]
    private: bool               # a card only its owner may see (a hand, a stash, a prospect)
    flip: bool = False
    lift: float = 40.0
    t: float = 0.0
    visible: bool = False


@dataclass
class Spot:
    """Cards held up over the middle of the table for a moment (a drawn card, what a trap took)."""

    cards: list[int]
    centre: tuple[int, int]
    private: bool = False
    words: str = ""
    colour: tuple[int, int, int] = theme.INK
    size: tuple[int, int] = HAND


@dataclass
class Layer:
    key: Any
    surface: pygame.Surface
    faces: list[int] = field(default_factory=list)



# ============================================================================ the scene's drawing
class TableDrawing(TableHost):
    """The Grim Prospects scene's places and drawing (mixed into `GrimProspectsTable`)."""

    # (Set by the scene.)
    match: Any
    model: GrimModel
    flyers: list[Flyer]
    spot: Spot | None
    chooser: Chooser | None
    hand_focus: int | None
    viewing: str | None
    buttons: list[Any]
    keep_button: Any
    _layers: dict[str, Layer]
    _model_seat: int | None
    _collecting: list[int] | None = None   # the faces drawn into a picture being composed

    if TYPE_CHECKING:   # (The game's own table's answers, beyond TableScene's: declared for the
        # checker only, so that nothing here can shadow the scene's own at run time.)
        @property
        def state(self) -> Any: ...
        def _truth(self) -> Any: ...
        def eyes(self) -> bool: ...
        def home(self) -> int: ...
        def others(self) -> list[int]: ...
        def two_player(self) -> bool: ...
        def legal(self) -> set[str]: ...
        def _human_turn(self) -> bool: ...
        def hand_index_at(self, pos: tuple[int, int]) -> int | None: ...
        def banner_segments(self) -> list[tuple[str, tuple[int, int, int]]]: ...
        def status_text(self) -> tuple[str, tuple[int, int, int]]: ...

    # ------------------------------------------------------------------ places on the table
    @property
    def opp(self) -> tuple[int, int]:
        """The size of the other players' cards (smaller when four of them share the top row)."""
        return SMALL if self.n <= 4 else TINY

    def opp_rect(self, i: int) -> pygame.Rect:
        k = max(1, self.n - 1)
        w = min(480, (OPP_ROW.w - (k - 1) * 8) // k)
        total = k * w + (k - 1) * 8
        x0 = OPP_ROW.x + (OPP_ROW.w - total) // 2
        return pygame.Rect(x0 + i * (w + 8), OPP_ROW.y, w, OPP_ROW.h)

    def seat_rect(self, p: int) -> pygame.Rect:
        if p == self.home():
            return HOME
        return self.opp_rect(self.others().index(p))

    def _opp_parts(self, r: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """An opponent panel's hand fan, stash pile and inventory row."""
        inner = r.w - 20
        hand_w = max(self.opp[0] + 22, int(inner * 0.28))   # a rival's hand fans tight: the
        # Inventory, face up, is what the others read
        stash_w = self.opp[0] + 8
        inv_w = inner - hand_w - stash_w - 12
        y = r.y + 32
        hand = pygame.Rect(r.x + 10, y, hand_w, self.opp[1])
        stash = pygame.Rect(hand.right + 6, y, stash_w, self.opp[1])
        inv = pygame.Rect(stash.right + 6, y, inv_w, self.opp[1])
        return hand, stash, inv

    @staticmethod
    def _fan(box: pygame.Rect, size: tuple[int, int], count: int, step_max: int) -> list[pygame.Rect]:
        if count <= 0:
            return []
        step = min(float(step_max), (box.w - size[0]) / max(1, count - 1)) if count > 1 else 0.0
        return [pygame.Rect(int(box.x + i * step), box.y, *size) for i in range(count)]

    def hand_cards(self, p: int | None = None) -> list[int]:
        """Seat p's hand as it is drawn (the ids sorted; unknown cards last)."""
        p = self.home() if p is None else p
        hand = self.model.hands[p]
        return sorted(hand, key=lambda c: (c < 0, c))

    def hand_rect(self, i: int, count: int | None = None) -> pygame.Rect:
        n = len(self.model.hands[self.home()]) if count is None else count
        rects = self._fan(HAND_BOX.move(0, 6), HAND, n, HAND[0] + 8)
        r = rects[min(i, len(rects) - 1)] if rects else pygame.Rect(HAND_BOX.x, HAND_BOX.y + 6, *HAND)
        if i == self.hand_focus and self._human_turn():
            r = r.move(0, -6)
        return r

    def hand_slot(self, p: int, i: int, count: int) -> tuple[tuple[float, float], tuple[int, int]]:
        """Centre and size of card i of `count` in seat p's hand."""
        if p == self.home():
            r = self._fan(HAND_BOX.move(0, 6), HAND, count, HAND[0] + 8)[min(i, count - 1)] if count else \
                pygame.Rect(HAND_BOX.x, HAND_BOX.y + 6, *HAND)
            return r.center, HAND
        hand, _, _ = self._opp_parts(self.seat_rect(p))
        rects = self._fan(hand, self.opp, max(1, count), 22)
        return rects[min(i, len(rects) - 1)].center, self.opp

    def hand_target(self, p: int) -> tuple[tuple[float, float], tuple[int, int]]:
        """Where a card joining seat p's hand lands."""
        n = len(self.model.hands[p]) + 1
        return self.hand_slot(p, n - 1, n)

    def stash_pos(self, p: int) -> tuple[tuple[float, float], tuple[int, int]]:
        if p == self.home():
            return STASH_C, SMALL
        _, stash, _ = self._opp_parts(self.seat_rect(p))
        return (stash.x + self.opp[0] // 2, stash.centery), self.opp

    def inv_pos(self, p: int, cid: int | None = None) -> tuple[tuple[float, float], tuple[int, int]]:
        """Where card `cid` lies (or would join) in seat p's Inventory, and its size there (a card
        of the smallest size where a crowded rival's Inventory is a list of names)."""
        r, listed = self.inv_slot(p, cid)
        return r.center, (TINY if listed else r.size)

    def inv_slot(self, p: int, cid: int | None = None) -> tuple[pygame.Rect, bool]:
        """The card or line where `cid` lies (or would join) in seat p's Inventory, and whether
        that Inventory is listed by name (`inv_listed`)."""
        keys = [k for k, _ in self.inv_groups(p)]
        key = card(cid).key if cid is not None and not _hidden(cid) else None
        i = keys.index(key) if key in keys else len(keys)
        count = max(len(keys), i + 1)
        return self.inv_rects(p, count)[i], self.inv_listed(p, count)

    def inv_groups(self, p: int) -> list[tuple[str, list[int]]]:
        """Seat p's Inventory grouped by card name (a group shows as one card with a count)."""
        groups: dict[str, list[int]] = {}
        for c in sorted(self.model.inventories[p]):
            if not _hidden(c):
                groups.setdefault(card(c).key, []).append(c)
        return list(groups.items())

    def inv_rects(self, p: int, count: int) -> list[pygame.Rect]:
        """Where the `count` groups of seat p's Inventory lie: cards, or, in a rival's Inventory
        too crowded for its cards to show their names, the lines of a list (`inv_listed`)."""
        if p == self.home():
            box = pygame.Rect(INV_BOX.x + 4, INV_BOX.y + 26, INV_BOX.w - 8, SMALL[1])
            return self._fan(box, SMALL, count, SMALL[0] + 8)
        r = self.seat_rect(p)
        _, _, inv = self._opp_parts(r)
        return self._opp_inv_fan(r, inv, count)

    def inv_listed(self, p: int, count: int) -> bool:
        """Whether seat p's Inventory of `count` groups is shown as a list of names, not cards."""
        if p == self.home():
            return False
        r = self.seat_rect(p)
        return self._opp_inv_cards(r, self._opp_parts(r)[2], count) is None

    def _opp_inv_fan(self, panel: pygame.Rect, inv: pygame.Rect, count: int) -> list[pygame.Rect]:
        """An opponent's Inventory: its cards (`_opp_inv_cards`), or where they could not all
        show their names, one line per group (`_opp_inv_rows`)."""
        rects = self._opp_inv_cards(panel, inv, count)
        return rects if rects is not None else self._opp_inv_rows(panel, inv, count)

    def _opp_inv_cards(self, panel: pygame.Rect, inv: pygame.Rect, count: int) -> list[pygame.Rect] | None:
        """An opponent's Inventory cards: side by side, overlapping a little where the row is
        short (and then at the smallest size, which shows the most of each); then each lies lower
        than the one before, as far as the panel has room below, so that a card laid over
        another leaves its name showing. None where the cards would cover each other's names."""
        size = self.opp
        rects = self._fan(inv, size, count, size[0] + 4)
        if count < 2 or rects[1].x - rects[0].x >= size[0]:
            return rects
        if size != TINY:
            size = TINY
            rects = self._fan(pygame.Rect(inv.x, inv.y, inv.w, size[1]), size, count, size[0] + 4)
            if rects[1].x - rects[0].x >= size[0] - NAME_OVERLAP:
                return rects
        room = panel.bottom - OPP_LABEL_ROOM - rects[0].bottom
        depth = gp_cards.name_depth(size)
        if room // (count - 1) < depth:   # too little room to step down far enough to show the names
            return None
        return [cr.move(0, i * depth) for i, cr in enumerate(rects)]

    def _opp_inv_rows(self, panel: pygame.Rect, inv: pygame.Rect, count: int) -> list[pygame.Rect]:
        """A crowded opponent's Inventory as a list: a line per group, in one column down the
        Inventory's room, or in two where one would make the lines too thin to read."""
        area = pygame.Rect(inv.x, inv.y, inv.w, panel.bottom - OPP_LABEL_ROOM - inv.y)
        cols = 1 if area.h // count >= ROW_MIN else 2
        per_col = -(-count // cols)
        row_h = min(ROW_MAX, area.h // per_col)
        col_w = (area.w - (cols - 1) * 4) // cols
        return [pygame.Rect(area.x + (i // per_col) * (col_w + 4), area.y + (i % per_col) * row_h,
                            col_w, row_h - 2) for i in range(count)]

    def mine_marks(self) -> list[tuple[int, int]]:
        """The Mine's cards the viewer knows by position: (place from the top, card), top first."""
        out = []
        for depth, c in enumerate(reversed(self.model.mine)):
            if not _hidden(c):
                out.append((depth, c))
        return out

    def things(self, ahead: bool = False) -> list[tuple[str, pygame.Rect]]:
        """Everything on the table that words may not cover, named: each player's name, hand,
        stash and inventory cards, the Mine and its count, the known marks, the Geode, the Rubble,
        the buttons, the chooser. `ahead`: hands and Inventories also as large as they will be
        once the cards on their way have landed."""
        out: list[tuple[str, pygame.Rect]] = []
        truth = self._truth() if ahead else None
        for p in range(self.n):
            r = self.seat_rect(p)
            name = self.match.seats[p].name
            out.append((f"the name of {name}", pygame.Rect(r.x, r.y, r.w, 26)))
            count = len(self.model.hands[p])
            if truth is not None:
                count = max(count, len(truth.hands[p]))
            for i in range(count):
                centre, size = self.hand_slot(p, i, count)
                out.append((f"a card in {name}'s hand", _rect_at(centre, size)))
            centre, size = self.stash_pos(p)
            out.append((f"{name}'s stash", _rect_at(centre, size).inflate(8, 44)))
            groups = len(self.inv_groups(p))
            if truth is not None:
                groups = max(groups, len({card(c).key for c in truth.inventories[p]}))
            inventory = self.inv_rects(p, groups)
            for cr in inventory:
                out.append((f"a card in {name}'s Inventory", cr))
            if p != self.home():
                hand_box, _, _ = self._opp_parts(r)
                foot = max([hand_box.bottom] + [cr.bottom for cr in inventory])
                out.append((f"{name}'s counts", pygame.Rect(r.x, hand_box.bottom, r.w,
                                                            foot - hand_box.bottom + 22)))
                if ahead:   # a hand grows and shrinks while words float: keep off all its room
                    out.append((f"{name}'s hand", hand_box))
        tip = self._hidden_tip()
        if tip is not None:
            out.append(("the words on the hidden hand", tip))
        out.append(("the Mine", _rect_at((MINE_C[0], MINE_C[1] - 6), HAND).inflate(8, 48)))
        if self.spot is not None:   # cards held up in the middle (a card drawn, a trap going off)
            held = self.spot.cards
            for k in range(len(held)):
                out.append(("a card held up", _rect_at(self.reveal_pos(k, len(held), self.spot.size),
                                                          self.spot.size)))
        if self.eyes():
            for i in range(len(self.mine_marks()[:self.mark_room()])):
                out.append(("a known card of the Mine", pygame.Rect(KNOWN_X + i * (MARK[0] + 8), MID.y + 14,
                                                                     MARK[0], MARK[1] + 40)))
        for r in self.rubble_rects():
            out.append(("a card in the Rubble", r))
        out.append(("the Rubble's count", pygame.Rect(RUBBLE_BOX.x, RUBBLE_BOX.y, RUBBLE_BOX.w, 28)))
        if self.two_player():
            out.append(("the Geode's count", pygame.Rect(GEODE_BOX.x, GEODE_BOX.y, GEODE_BOX.w, 28)))
            for r in self.geode_rects():
                out.append(("a card in the Geode", r))
        if self._human_turn():
            out += [(f"the {kind} button", b.rect) for kind, b in self.buttons]
        if self.status_text()[0]:
            out.append(("the line of keys", STATUS))
        for panel in (MID, HOME):   # words sit inside a panel or between them, not across an edge
            out.append(("the edge of a panel", pygame.Rect(panel.x, panel.y - 2, panel.w, 5)))
            out.append(("the edge of a panel", pygame.Rect(panel.x, panel.bottom - 3, panel.w, 5)))
        if self._choosing():
            out.append(("the chooser", chooser_mod.PANEL))
        return out

    @property
    def reveal_c(self) -> tuple[int, int]:
        """Where a drawn card is held up: the middle's free felt (left of the Geode at two)."""
        return (268, 300) if self.two_player() else REVEAL_C

    def mark_room(self) -> int:
        """How many known top cards of the Mine fit beside it (the Geode takes room at two)."""
        return 3 if self.two_player() else 4

    def rubble_rects(self, count: int | None = None) -> list[pygame.Rect]:
        """The Rubble's newest cards, oldest first, each leaving the one before its name."""
        shown = min(RUBBLE_SHOWN, len(self.model.rubble) if count is None else count)
        box = pygame.Rect(RUBBLE_BOX.x + 8, RUBBLE_BOX.y + 30, RUBBLE_BOX.w - 16, SMALL[1])
        return self._fan(box, SMALL, shown, SMALL[0] + 4)

    def geode_groups(self) -> list[tuple[str, list[int]]]:
        """The Geode's cards grouped by name (a group shows as one card with a count)."""
        groups: dict[str, list[int]] = {}
        for c in self.model.geode:
            groups.setdefault(card(c).key, []).append(c)
        return list(groups.items())

    def geode_rects(self, count: int | None = None) -> list[pygame.Rect]:
        box = pygame.Rect(GEODE_BOX.x + 10, GEODE_BOX.y + 30, GEODE_BOX.w - 20, SMALL[1])
        n = len(self.geode_groups()) if count is None else count
        return self._fan(box, SMALL, n, SMALL[0] + 6)

    def rubble_top_pos(self) -> tuple[float, float]:
        return self.rubble_rects(len(self.model.rubble) + 1)[-1].center

    def geode_pos(self, cid: int) -> tuple[float, float]:
        """Where card `cid` lies (or would lie) in the Geode."""
        keys = [k for k, _ in self.geode_groups()]
        key = card(cid).key
        i = keys.index(key) if key in keys else len(keys)
        return self.geode_rects(max(len(keys), i + 1))[i].center

    def reveal_pos(self, i: int, count: int, size: tuple[int, int] = HAND) -> tuple[int, int]:
        """Where the i-th of `count` cards held up lies. At two players they must fit between the
        Mine and the Geode, so four (a Jeweler's Lens prospect) overlap a little."""
        step: float = size[0] + 10
        if self.two_player() and count > 1:
            room = 2 * min(self.reveal_c[0] - REVEAL_LEFT, GEODE_BOX.x - 8 - self.reveal_c[0])
            step = min(step, (room - size[0]) / (count - 1))
        x0 = self.reveal_c[0] - step * (count - 1) / 2
        return (int(x0 + i * step), self.reveal_c[1])

    # ================================================================== drawing
    def draw(self, surface: pygame.Surface) -> None:
        self._draw_static(surface)
        self._draw_banner(surface)
        self._draw_looking(surface)
        for fl in self.flyers:
            self._draw_flyer(surface, fl)
        self._draw_spot(surface)
        self._draw_bot_move(surface)
        self._draw_status(surface)
        self._draw_buttons(surface)
        self._draw_callouts(surface)
        if self._choosing():
            self._draw_chooser(surface)
        if self.viewing is not None:
            self._draw_viewing(surface)
        self._draw_log(surface)
        self._draw_tooltip(surface)
        self._draw_shake(surface, 7)

    # -- cards
    def _card(self, surface: pygame.Surface, cid: int, rect: pygame.Rect, private: bool = False) -> None:
        """One card: its face when the viewer may see it now (a private card only while
        `eyes()`), else its back. Every card the table draws comes through here."""
        if _hidden(cid) or (private and not self.eyes()):
            gp_cards.draw_card(surface, None, rect)
            return
        gp_cards.draw_card(surface, cid, rect)
        if self._collecting is not None:
            self._collecting.append(cid)

    def _layer(self, name: str, rect: pygame.Rect, key: Any, draw: Callable[[pygame.Surface], None]) -> Layer:
        """A panel's picture, drawn again only when its `key` changes; it remembers the faces on it."""
        layer = self._layers.get(name)
        if layer is None or layer.key != key:
            pic = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._collecting = []
            try:
                draw(pic)
                layer = Layer(key, pic, self._collecting)
            finally:
                self._collecting = None
            self._layers[name] = layer
        return layer

    def _draw_static(self, surface: pygame.Surface) -> None:
        """The felt with the other players, the middle and your side, composed into one picture
        that is drawn again only when one of them changes (one opaque blit a frame). Its faces
        are written in the face log every time it is shown, as if drawn anew."""
        parts = ((OPP_ROW, self._layer("opps", OPP_ROW, self._opps_key(), self._render_opponents)),
                 (MID, self._layer("middle", MID, self._middle_key(), self._render_middle)),
                 (HOME, self._layer("home", HOME, self._home_key(), self._render_home)))
        static = self._layers.get("static")
        if static is None:
            pic = _background().copy()
            static = Layer([None] * len(parts), pic.convert() if pygame.display.get_surface() is not None else pic)
            self._layers["static"] = static
        changed = False
        for i, (rect, layer) in enumerate(parts):
            if static.key[i] != layer.key:   # only that panel is laid again on the felt
                static.surface.blit(_background(), rect, area=rect)
                static.surface.blit(layer.surface, rect.topleft)
                static.key[i] = layer.key
                changed = True
        if changed:
            static.faces = [c for _, layer in parts for c in layer.faces]
        surface.blit(static.surface, (0, 0))
        for c in static.faces:
            privacy.record(c)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        tag = f"Round {self.model.round}" if self.model.round > 0 else "Grim Prospects"
        surface.blit(banner_image(tuple(self.banner_segments()), tag, BANNER.size, 19, True), BANNER.topleft)

    def _focus_seat(self) -> int | None:
        if self.beat is not None:
            return self.beat.actor
        return cast("int | None", self.match.to_move())

    # -- the other players
    def _opps_key(self) -> Any:
        m = self.model
        return (tuple(self.others()), self._focus_seat(), self.eyes(),
                tuple((tuple(m.hands[p]), len(m.stashes[p]), tuple(m.inventories[p])) for p in self.others()))

    def _render_opponents(self, pic: pygame.Surface) -> None:
        focus = self._focus_seat()
        for i, p in enumerate(self.others()):
            r = self.opp_rect(i).move(-OPP_ROW.x, -OPP_ROW.y)
            self._panel(pic, r, p, focus == p)
            hand, stash, inv = (x.move(-OPP_ROW.x, -OPP_ROW.y) for x in self._opp_parts(self.opp_rect(i)))
            groups = self.inv_groups(p)
            rects = self._opp_inv_fan(r, inv, len(groups))
            # The three piles' names in one line, below the Inventory when its cards step down.
            foot = max([hand.bottom] + [cr.bottom for cr in rects]) + 5
            cards = self.hand_cards(p)
            for c, cr in zip(cards, self._fan(hand, self.opp, len(cards), 22)):
                self._card(pic, c, cr, True)
            if not cards:
                self._empty(pic, pygame.Rect(hand.x, hand.y, *self.opp))
            self._label(pic, f"Hand {len(cards)}", (hand.x, foot), hand.w)
            n = len(self.model.stashes[p])
            pile = pygame.Rect(stash.x, stash.y, *self.opp)
            if n:
                for d in range(min(3, (n + 3) // 4) - 1, -1, -1):
                    gp_cards.draw_card(pic, None, pile.move(d * 2, -d * 2))
            else:
                self._empty(pic, pile)
            self._label(pic, f"Stash {n}", (stash.x, foot), stash.w + 6)
            if self.inv_listed(p, len(groups)):
                for (_, cs), cr in zip(groups, rects):
                    self._inv_line(pic, cs, cr)
            else:
                for (_, cs), cr in zip(groups, rects):
                    self._card(pic, cs[0], cr)
                _badges(pic, groups, rects)
            self._label(pic, "Inventory", (inv.x, foot), inv.w)

    def _inv_line(self, surface: pygame.Surface, cards: Sequence[int], rect: pygame.Rect) -> None:
        """A group of a crowded rival's Inventory as one line: its ability's symbol, its name (the
        short one where the whole would not fit) and how many."""
        c = card(cards[0])
        col = gp_cards.ABILITY_RGB.get(c.ability, gp_cards.ABILITY_RGB[""])
        pygame.draw.rect(surface, _shade(col, 0.3), rect, border_radius=4)
        pygame.draw.rect(surface, _shade(col, 0.8), rect, 1, border_radius=4)
        icon = rect.h - 4
        surface.blit(gp_cards.ability_icon(c.ability, icon), (rect.x + 2, rect.y + 2))
        count = f"×{len(cards)}" if len(cards) > 1 else ""
        count_w = theme.width_of(count, 11, True) + 4 if count else 0
        room = rect.w - icon - 8 - count_w
        largest = max(9, min(12, rect.h - 4))
        name = c.name if theme.width_of(c.name, largest, True) <= room or not c.short else c.short
        size = theme.fit_size(name, room, largest, 9, bold=True)
        theme.text(surface, fit(name, room, size, True), (rect.x + icon + 5, rect.centery), size, theme.INK,
                   bold=True, anchor="midleft")
        if count:
            theme.text(surface, count, (rect.right - 3, rect.centery), 11, theme.GOLD, bold=True,
                       anchor="midright")
        privacy.record(cards[0])
        if self._collecting is not None:
            self._collecting.append(cards[0])

    def _label(self, surface: pygame.Surface, words: str, pos: tuple[int, int], width: int) -> None:
        size = theme.fit_size(words, width, 13, 10)
        theme.text(surface, fit(words, width, size), pos, size, theme.INK_DIM)

    def _empty(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, (70, 78, 72), rect, 2, border_radius=6)

    def _panel(self, surface: pygame.Surface, r: pygame.Rect, p: int, focus: bool) -> None:
        seat = self.match.seats[p]
        col = seat_rgb(p)
        if focus:
            pygame.draw.rect(surface, (*theme.GOLD, 90), r.inflate(6, 6), 3, border_radius=12)
        pygame.draw.rect(surface, (34, 32, 32, 235), r, border_radius=10)
        head = pygame.Rect(r.x, r.y, r.w, 24)
        pygame.draw.rect(surface, _shade(col, 0.55), head, border_top_left_radius=10, border_top_right_radius=10)
        pygame.draw.rect(surface, theme.GOLD if focus else theme.PANEL_EDGE, r, 2, border_radius=10)
        draw_name_and_tag(surface, seat.name, seat_tag(seat, p == self._model_seat), (r.x + 10, head.centery),
                          r.w - 26, _tint(col, 0.3), _tint(col, 0.5), 16, 11)

    # -- the middle
    def _middle_key(self) -> Any:
        m = self.model
        return (len(m.mine), tuple(self.mine_marks()[:self.mark_room()]) if self.eyes() else None,
                tuple(m.rubble[-RUBBLE_SHOWN:]),
                len(m.rubble), tuple(m.geode), self.eyes(), self._looking_shown())

    def _looking_shown(self) -> bool:
        """Whether the cards being looked at are held up over the middle (someone's prospect,
        before the chooser opens or while a bot thinks)."""
        return bool(self.model.looking) and not (
            self.chooser is not None and self.idle and self.state.phase == "choose")

    def _draw_looking(self, surface: pygame.Surface) -> None:
        """The cards being looked at, held up over the middle."""
        looking = self.model.looking
        if self._looking_shown():
            for k, c in enumerate(looking):
                r = pygame.Rect(0, 0, *SMALL)
                r.center = self.reveal_pos(k, len(looking), SMALL)
                self._card(surface, c, r, True)

    def _render_middle(self, pic: pygame.Surface) -> None:
        m = self.model
        off = (-MID.x, -MID.y)
        pygame.draw.rect(pic, (24, 34, 31, 200), pic.get_rect(), border_radius=14)
        pygame.draw.rect(pic, (58, 80, 70), pic.get_rect(), 1, border_radius=14)
        # The Mine, a pile with some thickness.
        pile = pygame.Rect(0, 0, *HAND)
        pile.center = (MINE_C[0] + off[0], MINE_C[1] + off[1] - 6)
        if m.mine:
            layers = min(4, (len(m.mine) + 9) // 10)
            for d in range(layers, 0, -1):
                gp_cards.draw_card(pic, None, pile.move(d * 2, d * 2))
            gp_cards.draw_card(pic, None, pile)
        else:
            self._empty(pic, pile)
        theme.text(pic, f"Mine {len(m.mine)}", (pile.centerx, pile.bottom + 12), 17, theme.INK, bold=True,
                   anchor="midtop")
        # What the viewer knows of the Mine's top: small cards, top first.
        # (Not while cards looked at are held up there: they are the Mine's top.)
        marks = self.mine_marks()[:self.mark_room()] if self.eyes() and not self._looking_shown() else []
        if marks:
            x = KNOWN_X + off[0]
            # (A replay showing every hand shows the Mine's real top, which nobody at the table
            # knew: not "known".)
            if self.match.reveal_all:
                head = "Mine's top:"
            elif self.replay:   # (a replay through one seat's eyes: nobody is "you")
                head = fit(f"{self.match.seats[self.home()].name} knows:", 150, 13, True)
            else:
                head = "You know:"
            theme.text(pic, head, (x, 14), 13, theme.FOCUS, bold=True)
            for i, (depth, c) in enumerate(marks):
                r = pygame.Rect(x + i * (MARK[0] + 8), 36, *MARK)
                self._card(pic, c, r, True)
                words = "top" if depth == 0 else f"{chooser_mod.ordinal(depth + 1)}"
                theme.text(pic, words, (r.centerx, r.bottom + 3), 12, theme.FOCUS, anchor="midtop")
        # The Geode (two players).
        if self.two_player():
            g = GEODE_BOX.move(*off)
            pygame.draw.rect(pic, (44, 34, 58), g, border_radius=10)
            pygame.draw.rect(pic, (120, 96, 170), g, 2, border_radius=10)
            theme.text(pic, f"Geode {len(m.geode)}", (g.x + 10, g.y + 7), 15, (210, 190, 255), bold=True)
            groups = self.geode_groups()
            rects = [r.move(*off) for r in self.geode_rects(len(groups))]
            for (_, cs), r in zip(groups, rects):
                self._card(pic, cs[0], r)
            _badges(pic, groups, rects)
            if not m.geode:
                theme.text(pic, "empty: a card joins it", (g.centerx, g.y + 66), 13, theme.INK_FAINT, anchor="midtop")
                theme.text(pic, "after each round", (g.centerx, g.y + 84), 13, theme.INK_FAINT, anchor="midtop")
            theme.text(pic, "X: blast it with a Dynamite", (g.centerx, g.bottom - 24), 12, theme.INK_DIM,
                       anchor="midtop")
        # The Rubble: its top cards, the newest on the right.
        rb = RUBBLE_BOX.move(*off)
        pygame.draw.rect(pic, (44, 38, 34), rb, border_radius=10)
        pygame.draw.rect(pic, (110, 90, 70), rb, 2, border_radius=10)
        theme.text(pic, f"Rubble {len(m.rubble)}", (rb.x + 10, rb.y + 7), 15, theme.INK, bold=True)
        for c, r in zip(m.rubble[-RUBBLE_SHOWN:], self.rubble_rects()):
            self._card(pic, c, r.move(*off))
        if not m.rubble:
            theme.text(pic, "empty", (rb.centerx, rb.y + 70), 13, theme.INK_FAINT, anchor="midtop")
        else:
            theme.text(pic, "R or a click: see it all", (rb.centerx, rb.bottom - 24), 12, theme.INK_DIM,
                       anchor="midtop")

    # -- your side
    def _home_key(self) -> Any:
        p = self.home()
        m = self.model
        turn = self._human_turn() and self.state.phase in ("start", "after")
        return (p, self._focus_seat() == p, self.eyes(), tuple(self.hand_cards(p)), len(m.stashes[p]),
                tuple(m.inventories[p]), self.hand_hidden, turn, self.hand_focus if turn else None,
                self.match.version if turn else None)

    def _render_hand(self, pic: pygame.Surface) -> None:
        """Your hand (part of your side's picture): the focused card lifts, Bundles that may be
        placed now have a gold rim."""
        p = self.home()
        hand = self.hand_cards(p)
        turn = self._human_turn() and self.state.phase in ("start", "after")
        surface = pic
        off = (-HOME.x, -HOME.y)
        for i, c in enumerate(hand):
            r = self.hand_rect(i, len(hand)).move(*off)
            if turn and self.eyes() and not _hidden(c) and f"place:{c}" in self.legal():
                pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), 3, border_radius=9)
            self._card(surface, c, r, True)
            if i == self.hand_focus and turn:
                pygame.draw.rect(surface, theme.FOCUS, r.inflate(4, 4), 2, border_radius=9)
        hb = HAND_BOX.move(*off)
        if not hand:
            theme.text(surface, "Your hand is empty" if p == self._model_seat else "No cards in hand",
                       (hb.x + 8, hb.centery), 15, theme.INK_FAINT, anchor="midleft")
        elif self._hidden_tip() is not None:
            tip = self._hidden_tip().move(*off)  # type: ignore[union-attr]
            pygame.draw.rect(surface, (16, 15, 18), tip, border_radius=8)
            pygame.draw.rect(surface, theme.FOCUS, tip, 2, border_radius=8)
            theme.text(surface, "Click to see your hand", tip.center, 16, theme.FOCUS, bold=True, anchor="center")

    def _hidden_tip(self) -> pygame.Rect | None:
        """Where "Click to see your hand" goes while a hot-seat hand is face down (None: it is not)."""
        hand = self.model.hands[self.home()]
        if (not hand or self.eyes() or self.home() != self._model_seat or not self.hand_hidden
                or not self.may_turn_up()):
            return None
        fan = self.hand_rect(0, len(hand)).union(self.hand_rect(len(hand) - 1, len(hand)))
        tip = pygame.Rect(0, 0, 300, 34)
        tip.center = fan.center
        if fan.w < tip.w + 40:   # a short fan: the words beside it
            tip.midleft = (fan.right + 16, fan.centery)
        return tip

    def _render_home(self, pic: pygame.Surface) -> None:
        p = self.home()
        m = self.model
        off = (-HOME.x, -HOME.y)
        r = pic.get_rect()
        self._panel(pic, pygame.Rect(r.x, r.y, r.w, r.h), p, self._focus_seat() == p)
        self._render_hand(pic)
        n = len(m.hands[p])
        theme.text(pic, f"hand {n}", (HAND_BOX.right + off[0], 5), 13, theme.INK_DIM, anchor="topright")
        # The stash, face down, with its count.
        pile = pygame.Rect(0, 0, *SMALL)
        pile.center = (int(STASH_C[0]) + off[0], int(STASH_C[1]) + off[1])
        count = len(m.stashes[p])
        if count:
            for d in range(min(3, (count + 3) // 4) - 1, -1, -1):
                gp_cards.draw_card(pic, None, pile.move(d * 2, -d * 2))
        else:
            self._empty(pic, pile)
        theme.text(pic, "Stash", (pile.centerx, pile.y - 28), 14, theme.INK, bold=True, anchor="midtop")
        theme.text(pic, str(count), (pile.centerx, pile.bottom + 6), 18, theme.INK, bold=True, anchor="midtop")
        if count and self.eyes() and (p == self._model_seat or self.match.reveal_all):
            theme.text(pic, "S: look", (pile.centerx, pile.bottom + 28), 12, theme.INK_DIM, anchor="midtop")
        # The Inventory, face up, grouped by name.
        inv = INV_BOX.move(*off)
        theme.text(pic, "Inventory", (inv.x + 4, inv.y), 14, theme.INK, bold=True)
        groups = self.inv_groups(p)
        rects = [cr.move(*off) for cr in self.inv_rects(p, len(groups))]
        for (_, cs), cr in zip(groups, rects):
            self._card(pic, cs[0], cr)
        _badges(pic, groups, rects)
        if not groups:
            theme.text(pic, "Items and Bundles go here", (inv.x + 4, inv.y + 60), 13, theme.INK_FAINT)

    # -- moving things
    def _draw_flyer(self, surface: pygame.Surface, fl: Flyer) -> None:
        if not fl.visible:
            return
        t = fl.t
        x, y = arc(fl.a, fl.b, t, fl.lift)
        w = lerp(fl.size_a[0], fl.size_b[0], t)
        h = lerp(fl.size_a[1], fl.size_b[1], t)
        face = not (_hidden(fl.cid) or (fl.private and not self.eyes()))
        squeeze = 1.0
        if fl.flip:
            squeeze = abs(math.cos(math.pi * t))
            face = face and t >= 0.5
        size = (max(2, int(w * squeeze)), max(2, int(h)))
        rect = pygame.Rect(0, 0, *size)
        rect.center = (int(x), int(y))
        shadow = pygame.Rect(rect).move(4, 6)
        pygame.draw.rect(surface, (10, 10, 10), shadow, border_radius=6)
        # A size that changes every frame: a cached picture at the larger end, scaled.
        base = max(fl.size_a, fl.size_b)
        if size == base:
            gp_cards.draw_card(surface, fl.cid if face else None, rect)
            return
        pic = gp_cards.face(fl.cid, base) if face else gp_cards.back(base)   # (face() writes the log)
        surface.blit(pygame.transform.smoothscale(pic, size), rect)

    def _draw_spot(self, surface: pygame.Surface) -> None:
        s = self.spot
        if s is None or not s.cards:
            return
        for k, c in enumerate(s.cards):
            r = pygame.Rect(0, 0, *s.size)
            r.center = self.reveal_pos(k, len(s.cards), s.size)
            pygame.draw.rect(surface, (10, 10, 10), r.move(4, 6), border_radius=6)
            self._card(surface, c, r, s.private)
        if s.words:
            theme.text(surface, s.words, (self.reveal_c[0], self.reveal_c[1] + s.size[1] // 2 + 6), 14, s.colour,
                       anchor="midtop")

    def _draw_bot_move(self, surface: pygame.Surface) -> None:
        """A bot's decision on show: the button it chose lights up."""
        if self.bot_move is None:
            return
        action = self.bot_move[0]
        kind = str(action) if action.kind == "dig" else action.kind
        p = self.match.to_move()
        if kind == "place":
            r, listed = self.inv_slot(p or 0, int(action.args[0]))
            pygame.draw.rect(surface, theme.GOLD, r.inflate(4, 4) if listed else r.inflate(8, 8), 3,
                             border_radius=8)
            return
        label = dict((k, lbl) for k, lbl, _ in ACTIONS).get(kind, kind)
        img = _pill(f"{self.match.seats[p].name if p is not None else ''}: {label}", seat_rgb(p or 0))
        surface.blit(img, img.get_rect(center=(self.reveal_c[0], MID.y + 24)))

    def _draw_status(self, surface: pygame.Surface) -> None:
        words, colour = self.status_text()
        if not words:
            return
        size = theme.fit_size(words, STATUS.w - 20, 16, 12, bold=colour == theme.DANGER)
        theme.text(surface, fit(words, STATUS.w - 20, size, colour == theme.DANGER), STATUS.center, size, colour,
                   bold=colour == theme.DANGER, anchor="center")

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        if not self._human_turn() or self._choosing():
            return
        for _, b in self.buttons:
            b.draw(surface)

    def _choosing(self) -> bool:
        """Whether the prospect chooser is open (a human keeps a card)."""
        return self.chooser is not None and self.state.phase == "choose" and self.idle

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        ch = self.chooser
        assert ch is not None
        panel = chooser_mod.PANEL
        veil = _veil(panel.size)
        surface.blit(veil, panel)
        pygame.draw.rect(surface, theme.GOLD_DARK, panel, 2, border_radius=16)
        title = theme.text(surface, "Prospecting", (panel.x + 18, panel.y + 10), 22, theme.GOLD, bold=True)
        words = "keep one card; the others go back on the Mine, the leftmost on top"
        theme.text(surface, words, (title.right + 14, title.centery + 1), 15, theme.INK_DIM, anchor="midleft")
        for i, c in enumerate(ch.order):
            if ch.press is not None and ch.press[0] == c and ch.press[3]:
                continue   # the card being dragged is drawn last, over the others
            self._chooser_card(surface, ch, c, i)
        if ch.press is not None and ch.press[3]:
            self._chooser_card(surface, ch, ch.press[0], ch.order.index(ch.press[0]))
        # The confirm button, where the action buttons were.
        action = ch.action()
        self.keep_button.enabled = action is not None
        if action is not None:
            name = card(ch.keep).name if ch.keep is not None and self.eyes() else "it"
            back = len(ch.returned())
            words = f"Keep {name}, put {back} back" if back else f"Keep {name}"
            self.keep_button.label = fit(words, self.keep_button.rect.w - 60, 18, True)
        else:
            self.keep_button.label = "Choose a card to keep"
        self.keep_button.draw(surface)

    def _chooser_card(self, surface: pygame.Surface, ch: Chooser, c: int, i: int) -> None:
        r = ch.card_rect(c)
        kept = c == ch.keep
        if kept:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(10, 10), 4, border_radius=12)
        if i == ch.focus:
            pygame.draw.rect(surface, theme.FOCUS, r.inflate(18, 18), 2, border_radius=14)
        self._card(surface, c, r, True)
        # Under it, in line with the others: its number (the key that keeps it) and where it goes.
        words = ch.label(c) if ch.keep is not None else "keep?"
        colour = theme.GOLD if kept else theme.INK
        slot = ch.slot_rect(i)
        theme.text(surface, f"{i + 1}:  {words}", (slot.centerx, slot.bottom + 8), 16, colour, bold=kept,
                   anchor="midtop")

    def _draw_viewing(self, surface: pygame.Surface) -> None:
        """The whole Rubble (everyone's), or your stash (yours alone), laid out in rows; every
        stash, a row each, where every hand is shown."""
        if self.viewing == "stash" and self.match.reveal_all:
            self._draw_every_stash(surface)
            return
        if self.viewing == "stash":
            if not self.eyes() or self._model_seat is None:
                self.viewing = None
                return
            cards = sorted(self.model.stashes[self._model_seat])
            title = f"Your stash: {plural(len(cards), 'card')}"
        else:
            cards = list(reversed(self.model.rubble))
            title = f"The Rubble: {plural(len(cards), 'card')}, the newest first"
        box = pygame.Rect(40, 70, 930, 560)
        surface.blit(_veil(box.size), box)
        pygame.draw.rect(surface, theme.GOLD_DARK, box, 2, border_radius=16)
        theme.text(surface, title, (box.x + 20, box.y + 14), 20, theme.GOLD, bold=True)
        theme.text(surface, "Esc or a click closes", (box.right - 20, box.y + 18), 14, theme.INK_DIM,
                   anchor="topright")
        size = HAND if len(cards) <= 24 else SMALL   # as large as three rows allow
        cols = 8 if size == HAND else 12
        step_x = (box.w - 40 - size[0]) // (cols - 1)
        rows = max(1, (len(cards) + cols - 1) // cols)
        step_y = min(size[1] + 14, (box.h - 70 - size[1]) // max(1, rows - 1)) if rows > 1 else 0
        for i, c in enumerate(cards):
            r = pygame.Rect(box.x + 20 + (i % cols) * step_x, box.y + 56 + (i // cols) * step_y, *size)
            self._card(surface, c, r, self.viewing == "stash")

    def _draw_every_stash(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(40, 70, 930, 560)
        surface.blit(_veil(box.size), box)
        pygame.draw.rect(surface, theme.GOLD_DARK, box, 2, border_radius=16)
        theme.text(surface, "Every stash", (box.x + 20, box.y + 14), 20, theme.GOLD, bold=True)
        theme.text(surface, "Esc or a click closes", (box.right - 20, box.y + 18), 14, theme.INK_DIM,
                   anchor="topright")
        row_h = (box.h - 60) // max(1, self.n)
        size = SMALL
        name_w = 150
        for p in range(self.n):
            y = box.y + 52 + p * row_h
            cards = sorted(self.model.stashes[p])
            name, font_size = theme.fit_name(self.match.seats[p].name, name_w - 10, 16, 12)
            theme.text(surface, name, (box.x + 20, y + 18), font_size, seat_rgb(p), bold=True)
            theme.text(surface, plural(len(cards), "card"), (box.x + 20, y + 42), 14, theme.INK_DIM)
            if not cards:
                theme.text(surface, "empty", (box.x + 20 + name_w, y + 30), 14, theme.INK_FAINT)
                continue
            room = box.right - 20 - (box.x + 20 + name_w) - size[0]
            step = min(size[0] + 6, room // max(1, len(cards) - 1))
            for i, c in enumerate(cards):
                r = pygame.Rect(box.x + 20 + name_w + i * step, y, *size)
                self._card(surface, c, r, True)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if self.mouse is None or self.flyers:
            return
        text = self.tooltip_text()
        if text:
            self._draw_tooltip_text(surface, text, 300)

    def tooltip_text(self) -> str:
        """What the pointer is over, in words: a card the viewer may see, a button that cannot be
        used now and why, a pile."""
        pos = self.mouse
        if pos is None or self.viewing is not None:
            return ""
        if self.chooser is not None and self.state.phase == "choose" and self.idle:
            c = self.chooser.card_at(pos)
            if c is not None and self.eyes():
                return describe(c)
            return ""
        for kind, b in self.buttons:
            if b.rect.collidepoint(pos) and self._human_turn():
                return b.reason if not b.enabled else ""
        cid = self.card_at(pos)
        if cid is not None:
            return describe(cid)
        if pygame.Rect(0, 0, *HAND).move(MINE_C[0] - HAND[0] // 2, MINE_C[1] - HAND[1] // 2 - 6).collidepoint(pos):
            return f"The Mine: {plural(len(self.model.mine), 'card')} face down. The game ends when it runs out."
        return ""

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The face-up card under `pos` that the viewer may see (None for backs and felt)."""
        n = len(self.model.hands[self.home()])
        if self.eyes():
            i = self.hand_index_at(pos)
            if i is not None:
                c = self.hand_cards()[i]
                return None if _hidden(c) else c
        for groups, rects in ((self.inv_groups(p), self.inv_rects(p, len(self.inv_groups(p))))
                              for p in range(self.n)):
            for (_, cs), r in zip(reversed(groups), reversed(rects)):
                if r.collidepoint(pos):
                    return cs[0]
        for c, r in zip(reversed(self.model.rubble[-RUBBLE_SHOWN:]), reversed(self.rubble_rects())):
            if r.collidepoint(pos):
                return c
        if self.two_player():
            groups = self.geode_groups()
            for (_, cs), r in zip(reversed(groups), reversed(self.geode_rects(len(groups)))):
                if r.collidepoint(pos):
                    return cs[0]
        if self.eyes():
            for i, (depth, c) in enumerate(self.mine_marks()[:self.mark_room()]):
                r = pygame.Rect(KNOWN_X + i * (MARK[0] + 8), MID.y + 36, *MARK)
                if r.collidepoint(pos):
                    return c
        del n
        return None


def _rect_at(centre: tuple[float, float], size: tuple[int, int]) -> pygame.Rect:
    r = pygame.Rect(0, 0, *size)
    r.center = (int(centre[0]), int(centre[1]))
    return r


# ============================================================================ pictures
def _shade(rgb: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (int(rgb[0] * f), int(rgb[1] * f), int(rgb[2] * f))


def _tint(rgb: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return tuple(int(c + (255 - c) * f) for c in rgb)  # type: ignore[return-value]


_PICS: dict[Any, pygame.Surface] = {}


def _veil(size: tuple[int, int]) -> pygame.Surface:
    key = ("veil", size)
    if key not in _PICS:
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, (14, 13, 15, 250), s.get_rect(), border_radius=16)
        _PICS[key] = s
    return _PICS[key]


def _pill(words: str, colour: tuple[int, int, int]) -> pygame.Surface:
    key = ("pill", words, colour)
    if key not in _PICS:
        f = theme.font(18, True)
        img = theme.render_line(f, words, (20, 16, 12))
        s = pygame.Surface((img.get_width() + 28, img.get_height() + 12), pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), border_radius=s.get_height() // 2)
        pygame.draw.rect(s, (20, 16, 12), s.get_rect(), 2, border_radius=s.get_height() // 2)
        s.blit(img, (14, 6))
        if len(_PICS) > 200:
            _PICS.clear()
        _PICS[key] = s
    return _PICS[key]


def _badges(surface: pygame.Surface, groups: Sequence[tuple[Any, Sequence[int]]],
            rects: Sequence[pygame.Rect]) -> None:
    """The "×2" of each group of like cards, drawn once every card is down, so that no card laid
    after it covers it."""
    for (_, cs), r in zip(groups, rects):
        if len(cs) > 1:
            words = f"×{len(cs)}"
            img = theme.render_line(theme.font(13, True), words, (20, 16, 12))
            box = badge_rect(img.get_size(), r)
            pygame.draw.rect(surface, theme.GOLD, box, border_radius=8)
            pygame.draw.rect(surface, (20, 16, 12), box, 1, border_radius=8)
            surface.blit(img, img.get_rect(center=box.center))


def badge_rect(words_size: tuple[int, int], card: pygame.Rect) -> pygame.Rect:
    """Where a group's count, its words `words_size` big, sits on `card`: at the right edge, on the
    picture just clear of the ability icon and the points (above them on a small card, below the
    icon on a large one), so that the name, the points and the icon all stay in view. Its right edge stays within the card's: the next card lies close by."""
    box = pygame.Rect(0, 0, words_size[0] + 10, words_size[1] + 4)
    box.right = card.right - 2
    icon = gp_cards.icon_rect(card.size)
    if icon.y > card.h // 2:
        # A small card's marks sit at its foot, the widest coin as high as the icon or higher.
        box.bottom = card.y + min(icon.y, gp_cards.coin_rect(card.size, "1/3").y) - 1
    else:
        box.top = card.y + icon.bottom + 1
    return box


_BG: pygame.Surface | None = None


def _background() -> pygame.Surface:
    """A dark mine-lamp felt with a timber rim, drawn once."""
    global _BG
    if _BG is None:
        bg = pygame.Surface((theme.WIDTH, theme.HEIGHT))
        bg.fill(theme.BG_DEEP)
        felt = pygame.Rect(0, 0, 1008, theme.HEIGHT)
        bg.blit(theme.vertical_gradient(felt.size, (36, 44, 42), (22, 26, 26)), felt)
        glow = pygame.Surface((900, 320), pygame.SRCALPHA)
        for i in range(12):
            pygame.draw.ellipse(glow, (150, 130, 90, 5), glow.get_rect().inflate(-i * 60, -i * 22))
        bg.blit(glow, glow.get_rect(center=MID.center))
        pygame.draw.rect(bg, (52, 38, 26), felt, 6)
        pygame.draw.line(bg, (92, 66, 40), (felt.right - 3, 0), (felt.right - 3, theme.HEIGHT), 2)
        _BG = bg.convert() if pygame.display.get_surface() is not None else bg
    return _BG
