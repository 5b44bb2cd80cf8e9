"""The Grim Prospects table: the Mine, the Rubble and (two players) the Geode in the middle, the
other players above, your hand, stash and inventory below, the log at the side.

The scene never changes rules state on its own and never decides what is legal: a button, a key
or a click on a card makes an action; the rules say whether it is legal and, when it is not, why
(`why_not`), and the refusal is shown in those words. Bots decide on their own thread; their
choice is put on show for a moment before it is played.

What is drawn comes only from what the seat at the table may know. The display model
(`GrimModel`) is built from the *masked* view of the table's viewer (`match.viewer()`: the one
human, or in hot-seat the seat whose curtain was lifted last), where every card that seat does
not know is `HIDDEN`, and it catches up with the events that seat may see (`Match.sees`). A card
of a private zone (a hand, a stash, the cards being looked at, the known top of the Mine) is drawn
face up only while `secret_seat()` says the viewer's secrets may be on screen (in hot-seat, not
while the hand is hidden); everything else is a card back. Public zones (the Rubble, the Geode,
every Inventory) are face up for all. Every face goes through `gp_cards`, which writes it in the
privacy face log that the curtain test reads; a cached layer writes its faces again each time it
is shown, so the log always holds what the frame shows.

Seen events become beats (`TableScene`'s machinery): a dig flips the cards it draws over the
middle of the table, a trap shakes the screen and holds up what it destroyed before it goes to
the Rubble, a prospect opens the chooser (`grim_chooser`), a return to base sweeps the hand into
the stash. Whenever the queue runs dry the model is compared with the view and rebuilt from it
(`drift` counts a disagreement; the tests keep it at zero).

Keys: D dig, 3 dig three (Pickaxe), P prospect, B return to base, X blast the Geode, E or Enter
end the turn; ←/→ choose a card in your hand and ↑ (or I) places a Bundle; R shows the whole
Rubble, S your stash; the chooser has its own keys (see grim_chooser).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.core.contract import Action, Event
from game.core.match import Match
from game.core.words import plural
from game.games.grim_prospects.cards import ABILITY_NAMES, card
from game.games.grim_prospects.rules import HIDDEN
from game.ui import gp_cards, privacy, theme
from game.ui.tables import grim_chooser as chooser_mod
from game.ui.tables.base import Beat, LogPanel, TableScene, banner_image, fit, seat_rgb
from game.ui.tables.grim_chooser import Chooser
from game.ui.tween import arc, lerp
from game.ui.widgets import Button, key_name

log = logging.getLogger(__name__)

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
TINY = (48, 67)               # the other players' cards when four sit at the top (five players)
MARK = SMALL                  # the Mine's top cards the viewer knows

MINE_C = (82, 296)
KNOWN_X = 150                  # the known top cards of the Mine, left to right from the top
REVEAL_C = (452, 300)          # where a drawn card turns over
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
    ("dig:3", "Dig 3", pygame.K_3),
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


# ============================================================================ the scene
class GrimProspectsTable(TableScene):
    """The Grim Prospects table for one `Match`: humans click or press keys, bots play themselves.

    Tests and tools: `idle`, `fast_forward()`, `drift` as every table; `model` is the display
    model; `chooser` the prospect choice being assembled (None when not prospecting);
    `button_for(kind)`, `hand_rect(i)`, `hand_cards()` where things are; `choose(action)` what a
    button does.
    """

    bot_pause = T_BOT_THINK
    message_seconds = 4.5
    shake_decay = 2.6
    callout_bounce = True
    callout_clamp = True
    drift_details = True
    logger = log

    def __init__(self, match: Match) -> None:
        if match.game != "grim_prospects":
            raise ValueError(f"the Grim Prospects table cannot show {match.game}")
        super().__init__(match, LogPanel(LOG, top=40, footer=30, title_y=10, hint_bottom=8))
        self.flyers: list[Flyer] = []
        self.spot: Spot | None = None
        self.chooser: Chooser | None = None
        self.hand_focus: int | None = None
        self.viewing: str | None = None          # "rubble" or "stash": the whole pile on show
        self.buttons: list[tuple[str, Button]] = []
        self._layers: dict[str, Layer] = {}
        self._truth_cache: tuple[Any, Any] = (None, None)
        self._why_cache: dict[Any, str | None] = {}
        self._put_back_done = False
        self._kept_seen = False
        self._model_seat: int | None = self.match.viewer()
        self.model = GrimModel.from_state(self._truth())
        if not match.fresh:
            self._resume_history()

    # ------------------------------------------------------------------ who sees what
    @property
    def state(self) -> Any:
        return self.match.state

    def _truth(self) -> Any:
        """The state as the table's viewer knows it: the masked view (everything, in a replay
        showing every hand)."""
        key = (self.match.version, self.match.viewer(), self.match.reveal_all)
        if self._truth_cache[0] != key:
            if self.match.reveal_all:
                truth = self.match.state
            else:
                truth = self.match.state.view(self.match.viewer()).state
            self._truth_cache = (key, truth)
        return self._truth_cache[1]

    def eyes(self) -> bool:
        """Whether the viewer's private cards may be drawn face up now."""
        if self.match.reveal_all:
            return True
        seat = self.secret_seat()
        return seat is not None and seat == self._model_seat

    def home(self) -> int:
        """The seat whose hand is drawn large at the bottom: the viewer (seat 0 for onlookers)."""
        v = self._model_seat
        return v if v is not None else 0

    def others(self) -> list[int]:
        h = self.home()
        return [(h + i) % self.n for i in range(1, self.n)]

    def two_player(self) -> bool:
        return self.n == 2

    def _viewer_changed(self) -> None:
        """Another seat's eyes (hot-seat): the model is rebuilt from that seat's view."""
        self.flyers.clear()
        self.spot = None
        self.chooser = None
        self.hand_focus = None
        self.viewing = None
        self._layers.clear()
        self._model_seat = self.match.viewer()
        self.model = GrimModel.from_state(self._truth())
        self._buttons_key = None

    # ------------------------------------------------------------------ the rules, asked once per change
    def legal(self) -> set[str]:
        key = ("legal", self.match.version)
        if key not in self._why_cache:
            self._why_cache.clear()
            self._why_cache[key] = {str(a) for a in self.match.legal_actions()}  # type: ignore[assignment]
        return self._why_cache[key]  # type: ignore[return-value]

    def why_not(self, action: Action | str) -> str | None:
        """The rules' reason `action` cannot be played now (None when it can)."""
        text = str(action)
        if text in self.legal():
            return None
        key = ("why", self.match.version, text)
        if key not in self._why_cache:
            reason = self.state.why_not(Action.parse(text))
            self._why_cache[key] = reason or "that is not possible now"
        return self._why_cache[key]

    def _human_turn(self) -> bool:
        return (self.idle and self.match.human_to_move() and not self.match.is_over() and not self.replay
                and self.app is not None and self.app.top is self)

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
        hand_w = max(self.opp[0] + 30, int(inner * 0.40))
        stash_w = self.opp[0] + 16
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
        groups = self.inv_groups(p)
        keys = [k for k, _ in groups]
        key = card(cid).key if cid is not None and not _hidden(cid) else None
        i = keys.index(key) if key in keys else len(keys)
        rects = self.inv_rects(p, max(len(keys), i + 1))
        r = rects[i]
        return r.center, r.size

    def inv_groups(self, p: int) -> list[tuple[str, list[int]]]:
        """Seat p's Inventory grouped by card name (a group shows as one card with a count)."""
        groups: dict[str, list[int]] = {}
        for c in sorted(self.model.inventories[p]):
            if not _hidden(c):
                groups.setdefault(card(c).key, []).append(c)
        return list(groups.items())

    def inv_rects(self, p: int, count: int) -> list[pygame.Rect]:
        if p == self.home():
            box = pygame.Rect(INV_BOX.x + 4, INV_BOX.y + 26, INV_BOX.w - 8, SMALL[1])
            return self._fan(box, SMALL, count, SMALL[0] + 8)
        _, _, inv = self._opp_parts(self.seat_rect(p))
        return self._fan(inv, self.opp, count, self.opp[0] + 4)

    def mine_marks(self) -> list[tuple[int, int]]:
        """The Mine's cards the viewer knows by position: (place from the top, card), top first."""
        out = []
        for depth, c in enumerate(reversed(self.model.mine)):
            if not _hidden(c):
                out.append((depth, c))
        return out

    def rubble_rects(self) -> list[pygame.Rect]:
        shown = min(5, len(self.model.rubble))
        box = pygame.Rect(RUBBLE_BOX.x + 10, RUBBLE_BOX.y + 30, RUBBLE_BOX.w - 20, SMALL[1])
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
        rects = self._fan(pygame.Rect(RUBBLE_BOX.x + 10, RUBBLE_BOX.y + 30, RUBBLE_BOX.w - 20, SMALL[1]),
                          SMALL, min(5, len(self.model.rubble) + 1), SMALL[0] + 4)
        return rects[-1].center

    def geode_pos(self, cid: int) -> tuple[float, float]:
        """Where card `cid` lies (or would lie) in the Geode."""
        keys = [k for k, _ in self.geode_groups()]
        key = card(cid).key
        i = keys.index(key) if key in keys else len(keys)
        return self.geode_rects(max(len(keys), i + 1))[i].center

    def reveal_pos(self, i: int, count: int, size: tuple[int, int] = HAND) -> tuple[int, int]:
        step = size[0] + 10
        x0 = REVEAL_C[0] - step * (count - 1) / 2
        return (int(x0 + i * step), REVEAL_C[1])

    # ------------------------------------------------------------------ scene lifecycle
    def enter(self) -> None:
        # Draw the pieces once up front, so that no frame of play pays for a first drawing.
        _background()
        gp_cards.prewarm(tuple(dict.fromkeys((HAND, SMALL, self.opp, chooser_mod.CARD))))

    def resume(self) -> None:
        self._layers.clear()
        super().resume()

    # ------------------------------------------------------------------ the table's part of the machinery
    def _moving(self) -> bool:
        return bool(self.flyers) or self.bot_move is not None

    def _settle(self) -> None:
        self.flyers.clear()
        self.spot = None

    def _events_arrived(self) -> None:
        self.buttons = []

    def _needs_sync(self) -> bool:
        return self._model_seat != self.match.viewer()

    def _sync(self) -> None:
        if self._model_seat != self.match.viewer():
            # The viewer changed without the curtain (a human's turn after a bot's): rebuild.
            self._viewer_changed()
            return
        self.spot = None
        self._adopt_truth(GrimModel.from_state(self._truth()))
        if self.state.phase != "choose" or not self.match.human_to_move():
            self.chooser = None

    def _after_apply(self) -> None:
        self.hand_focus = None
        self.chooser = None
        self.viewing = None

    def _play_bot(self, action: Action) -> None:
        if self.speed() <= 0 or action.kind in ("keep", "end"):
            self._apply(action)
            return
        self.show_bot_move(action, str(action), T_BOT_SHOW)

    def _prepare_human_turn(self) -> None:
        if self.state.phase == "choose" and self.chooser is None:
            looking = [int(c) for c in self._truth().looking]
            self.chooser = Chooser(tuple(looking))
        self._ensure_buttons()

    # ------------------------------------------------------------------ animation helpers
    def _fly(self, beat: Beat, cid: int, a: tuple[float, float], b: tuple[float, float],
             on_land: Callable[[], None], *, size_a: tuple[int, int], size_b: tuple[int, int],
             private: bool, flip: bool = False, delay: float = 0.0, duration: float = T_FLY,
             lift: float = 40.0, on_start: Callable[[], None] | None = None) -> None:
        """A card flies from a to b along an arc; `on_land` then puts it in the model."""
        if self.speed() <= 0:
            if on_start:
                on_start()
            on_land()
            return
        fl = Flyer(cid, a, b, size_a, size_b, private, flip, lift)
        self.flyers.append(fl)

        def upd(t: float) -> None:
            if not fl.visible and on_start:
                on_start()
            fl.t = t
            fl.visible = True

        def done() -> None:
            if fl in self.flyers:
                self.flyers.remove(fl)
            on_land()

        self._tween(beat, duration, upd, done, delay)

    def _seat_callout(self, p: int, text: str, colour: tuple[int, int, int], size: int = 24,
                      duration: float = 1.1) -> None:
        r = self.seat_rect(p)
        y = r.centery + 8 if p != self.home() else r.y + 30
        self._callout(text, (r.centerx, y), colour, size, duration)

    # ------------------------------------------------------------------ event handlers
    def _on_deal(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.0)

    def _on_turn(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data.get("player", self.model.turn))
        self.model.turn = p
        self.model.round = int(ev.data.get("round", self.model.round))
        self._put_back_done = False
        self._kept_seen = False
        self._layers.pop("opps", None)
        self._hold(beat, 0.2)

    def _upcoming(self, p: int, kinds: tuple[str, ...]) -> list[Event]:
        """The queued events of this action by seat p of the given kinds (up to the next turn)."""
        out = []
        for ev in self.pending:
            if ev.kind in ("turn", "geode", "end"):
                break
            if ev.kind in kinds and ev.data.get("player") == p:
                out.append(ev)
        return out

    def _on_dig(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        count = min(int(ev.data.get("count", 2)), len(self.model.mine))
        self._play("draw")
        seen = [int(e.data["card"]) for e in self._upcoming(p, ("draw",)) if "card" in e.data]
        seen = seen[:count]
        top = list(reversed(self.model.mine[len(self.model.mine) - count:])) if count else []
        # Cards the viewer does not see drawn (another seat's cards going to its hand) go now, as
        # backs (or as the cards the viewer knew were on top); the seen ones get their own beats.
        unseen = count - len(seen)
        known_unseen = [c for c in top if not _hidden(c) and c not in seen]
        hidden_draws = (known_unseen + [HIDDEN] * unseen)[:unseen]
        del self.model.mine[len(self.model.mine) - count:]
        for k, cid in enumerate(hidden_draws):
            target, size = self.hand_slot(p, len(self.model.hands[p]) + k, len(self.model.hands[p]) + k + 1)

            def land(cid: int = cid) -> None:
                self.model.hands[p].append(cid)

            self._fly(beat, cid, MINE_C, target, land, size_a=HAND, size_b=size, private=True,
                      delay=0.12 * k, lift=60)
        self._seat_callout(p, f"Digs {count}" if count != 2 else "Digs", seat_rgb(p), 22, 0.9)
        self._hold(beat, 0.15)

    def _on_draw(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cid = int(ev.data["card"])
        c = card(cid)
        private = ev.visible_to is not None
        self._play("draw")

        def show() -> None:
            self.spot = Spot([cid], REVEAL_C, private)

        self._fly(beat, cid, MINE_C, REVEAL_C, show, size_a=HAND, size_b=HAND, private=private, flip=True,
                  duration=T_FLIP, lift=30)
        if c.goes_to_hand:
            def go() -> None:
                self.spot = None
                target, size = self.hand_target(p)

                def land() -> None:
                    self.model.hands[p].append(cid)

                self._fly(beat, cid, REVEAL_C, target, land, size_a=HAND, size_b=size, private=private,
                          lift=40)

            self._later(beat, T_FLIP + T_SHOW, go)
        # An Item or a Trap stays on show: its own event says where it goes.
        self._hold(beat, T_FLIP + T_SHOW)

    def _from_spot(self, cid: int) -> tuple[float, float]:
        if self.spot is not None and cid in self.spot.cards:
            i = self.spot.cards.index(cid)
            pos = self.reveal_pos(i, len(self.spot.cards), self.spot.size)
            self.spot.cards = [c for c in self.spot.cards if c != cid]
            if not self.spot.cards:
                self.spot = None
            return pos
        return MINE_C

    def _on_item(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])
        start = self._from_spot(cid)
        target, size = self.inv_pos(p, cid)

        def land() -> None:
            self.model.inventories[p].append(cid)

        self._fly(beat, cid, start, target, land, size_a=HAND, size_b=size, private=False)
        self._seat_callout(p, card(cid).name, (150, 210, 255), 22, 1.0)
        self._hold(beat, 0.2)

    def _on_trap(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])
        c = card(cid)
        self._play("blast")
        if self.spot is None or cid not in self.spot.cards:
            self.spot = Spot([cid], REVEAL_C, False)
        if self.speed() > 0:
            self.shake = 0.7 if c.key == "dynamite" else 0.5
        self._callout(f"{c.name}!", (REVEAL_C[0], REVEAL_C[1] - 100), (255, 150, 70), 40, 1.2)

        def to_rubble() -> None:
            start = self._from_spot(cid)

            def land() -> None:
                self.model.rubble.append(cid)

            self._fly(beat, cid, start, self.rubble_top_pos(), land, size_a=HAND, size_b=SMALL,
                      private=False, lift=30)

        self._later(beat, 0.55, to_rubble)
        self._hold(beat, 0.6)

    def _on_discard(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cids = [int(c) for c in ev.data.get("cards", [])]
        if not cids:
            self._seat_callout(p, "Nothing to lose", theme.INK_DIM, 20, 1.0)
            self._hold(beat, 0.3)
            return
        hand = self.hand_cards(p)
        starts = []
        for cid in cids:
            i = hand.index(cid) if cid in hand else max(0, len(hand) - 1)
            starts.append(self.hand_slot(p, i, max(1, len(hand)))[0])
        for cid in cids:
            self.model.take(self.model.hands[p], cid)
        names = ", ".join(card(c).name for c in cids)
        self._seat_callout(p, f"Lost: {names}", (255, 140, 110), 22, 1.6)
        # What the trap destroyed is held up over the middle, face up (everyone sees it go), then
        # it goes to the Rubble.
        for k, cid in enumerate(cids):
            mid = self.reveal_pos(k, len(cids), SMALL)

            def held(cid: int = cid) -> None:
                if self.spot is None or self.spot.size != SMALL:
                    self.spot = Spot([], REVEAL_C, False, size=SMALL)
                self.spot.cards.append(cid)

            self._fly(beat, cid, starts[k], mid, held, size_a=self.hand_slot(p, 0, 1)[1], size_b=SMALL,
                      private=False, delay=0.06 * k, lift=50)

        def to_rubble() -> None:
            shown = list(self.spot.cards) if self.spot is not None else []
            self.spot = None
            for k, cid in enumerate(cids):
                start = self.reveal_pos(shown.index(cid), len(shown), SMALL) if cid in shown else REVEAL_C

                def land(cid: int = cid) -> None:
                    self.model.rubble.append(cid)

                self._fly(beat, cid, start, self.rubble_top_pos(), land, size_a=SMALL, size_b=SMALL,
                          private=False, delay=0.05 * k, lift=30)

        self._later(beat, T_FLY + 0.8, to_rubble)
        self._hold(beat, T_FLY + 0.9)

    def _on_spared(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._seat_callout(p, "Spared by the Canary", theme.GOOD, 20, 1.2)
        self._hold(beat, 0.35)

    def _on_prospect(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        count = min(int(ev.data.get("count", 3)), len(self.model.mine))
        taken = list(reversed(self.model.mine[len(self.model.mine) - count:])) if count else []
        del self.model.mine[len(self.model.mine) - count:]
        self._put_back_done = False
        self._kept_seen = False
        for k in range(count):
            def land(k: int = k) -> None:
                if len(self.model.looking) < count:
                    self.model.looking.append(taken[k])

            self._fly(beat, HIDDEN, MINE_C, self.reveal_pos(k, count, SMALL), land, size_a=HAND, size_b=SMALL,
                      private=True, delay=0.08 * k, lift=30)
        self._seat_callout(p, "Prospects", seat_rgb(p), 22, 0.9)
        self._hold(beat, 0.3)

    def _on_look(self, ev: Event, beat: Beat) -> None:
        cids = [int(c) for c in ev.data.get("cards", [])]
        self.model.looking = list(cids)
        self._hold(beat, 0.25)

    def _looking_pos(self, cid: int) -> tuple[int, int]:
        looking = self.model.looking
        i = looking.index(cid) if cid in looking else 0
        return self.reveal_pos(i, max(1, len(looking)), SMALL)

    def _on_keep(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cid = int(ev.data["card"]) if "card" in ev.data else HIDDEN
        private = ev.visible_to is not None
        self._kept_seen = True
        start = self._looking_pos(cid)
        self.model.take(self.model.looking, cid)
        if _hidden(cid):
            self._to_hand(beat, p, HIDDEN, start, SMALL)
            self._hold(beat, 0.2)
            return
        c = card(cid)
        if c.goes_to_hand:
            self._to_hand(beat, p, cid, start, SMALL, private=private)
        else:
            # An Item, or a Trap (kept unlit, or going off): held up for all; its own event
            # ("item" or "trap") says where it goes next.
            self._fly(beat, cid, start, REVEAL_C, lambda: setattr(self, "spot", Spot([cid], REVEAL_C)),
                      size_a=SMALL, size_b=HAND, private=False)
            if c.is_trap and self.two_player():
                self._seat_callout(p, "Dynamite, kept unlit", (255, 190, 90), 20, 1.2)
        self._hold(beat, 0.3)

    def _to_hand(self, beat: Beat, p: int, cid: int, start: tuple[float, float], size_a: tuple[int, int],
                 private: bool = True) -> None:
        target, size = self.hand_target(p)

        def land() -> None:
            self.model.hands[p].append(cid)

        self._fly(beat, cid, start, target, land, size_a=size_a, size_b=size, private=private)

    def _on_put_back(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cards = ev.data.get("cards")
        if cards is None:
            # The public word: N cards went back. The prospector sees the order in a private one.
            if self._put_back_done or any("cards" in e.data for e in self._upcoming(p, ("put_back",))):
                self._hold(beat, 0.1)
                return
            count = int(ev.data.get("count", 0))
            back = [HIDDEN] * count
        else:
            back = [int(c) for c in cards]
        self._put_back_done = True
        starts = [self._looking_pos(c) for c in back]
        for c in back:
            self.model.take(self.model.looking, c)
        # The first listed goes on top: the last to land.
        for k, cid in enumerate(reversed(back)):
            def land(cid: int = cid) -> None:
                self.model.mine.append(cid)

            self._fly(beat, cid, starts[len(back) - 1 - k], MINE_C, land, size_a=SMALL, size_b=HAND, private=True,
                      delay=0.1 * k, lift=30)
        # Someone else's prospect: the card they kept went to their hand unseen (and whatever the
        # viewer knew of the cards looked at, it no longer knows which went where).
        if not self._kept_seen and self.model.looking and not self._upcoming(p, ("keep",)):
            for cid in list(self.model.looking):
                start = self._looking_pos(cid)
                self.model.take(self.model.looking, cid)
                self._to_hand(beat, p, HIDDEN, start, SMALL)
        self._seat_callout(p, f"Puts back {len(back)}", seat_rgb(p), 20, 0.9)
        self._hold(beat, 0.25)

    def _on_bank(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        hand = self.hand_cards(p)
        target, size = self.stash_pos(p)
        count = len(hand)
        for k, cid in enumerate(hand):
            start, size_a = self.hand_slot(p, k, count)

            def land(cid: int = cid) -> None:
                self.model.stashes[p].append(cid)

            self._fly(beat, cid, start, target, land, size_a=size_a, size_b=size, private=True,
                      delay=0.05 * k, lift=30)
        self.model.hands[p] = []
        self._play("coin")
        self._seat_callout(p, f"Banks {plural(count, 'card')}", theme.GOLD, 22, 1.1)
        self._hold(beat, 0.3)

    def _on_place(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])
        hand = self.hand_cards(p)
        i = hand.index(cid) if cid in hand else max(0, len(hand) - 1)
        start, size_a = self.hand_slot(p, i, max(1, len(hand)))
        self.model.take(self.model.hands[p], cid)
        target, size = self.inv_pos(p, cid)

        def land() -> None:
            self.model.inventories[p].append(cid)

        self._fly(beat, cid, start, target, land, size_a=size_a, size_b=size, private=False)
        self._hold(beat, 0.15)

    def _on_geode(self, ev: Event, beat: Beat) -> None:
        cid = ev.data.get("card")
        traps = [int(t) for t in ev.data.get("traps", [])]
        shown = traps + ([int(cid)] if cid is not None else [])
        for _ in shown:
            if self.model.mine:
                self.model.mine.pop()
        for k, t in enumerate(traps):
            pos = self.reveal_pos(k, max(1, len(shown)), SMALL)
            self._fly(beat, t, MINE_C, pos, lambda: None, size_a=HAND, size_b=SMALL, private=False, flip=True,
                      delay=0.15 * k, duration=T_FLIP)
        if traps:
            self._later(beat, T_FLIP + 0.15 * len(traps), lambda: setattr(
                self, "spot", Spot(list(traps), REVEAL_C, False, "back into the Mine", theme.INK_DIM, SMALL)))
        if cid is not None:
            c = int(cid)

            def land() -> None:
                self.model.geode.append(c)

            self._fly(beat, c, MINE_C, self.geode_pos(c), land, size_a=HAND, size_b=SMALL, private=False,
                      flip=True, delay=0.15 * len(traps), duration=T_FLY + 0.1)
        if traps:
            def back() -> None:
                self.spot = None
                for k, t in enumerate(traps):
                    def land(t: int = t) -> None:
                        self.model.mine.append(HIDDEN)

                    self._fly(beat, t, self.reveal_pos(k, len(shown), SMALL), MINE_C, land, size_a=SMALL,
                              size_b=HAND, private=False, delay=0.05 * k)

            self._later(beat, T_FLY + 0.15 * len(traps) + 0.7, back)
        self._callout("The Geode grows", (GEODE_BOX.centerx, GEODE_BOX.bottom - 12), (190, 150, 255), 20, 1.0)
        self._hold(beat, 0.5 + (0.9 if traps else 0.0))

    def _on_shuffle(self, ev: Event, beat: Beat) -> None:
        self.model.mine = [HIDDEN] * len(self.model.mine)
        self._callout("The Mine is shuffled", (MINE_C[0] + 40, MINE_C[1] - 90), theme.INK, 20, 1.0)
        self._hold(beat, 0.3)

    def _on_blast(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cids = [int(c) for c in ev.data.get("cards", [])]
        dyn = ev.data.get("dynamite")
        dyn = int(dyn) if dyn is not None else dynamite_in(self.model.inventories[p])
        self._play("blast")
        if self.speed() > 0:
            self.shake = 1.0
        self._callout("BOOM!", (GEODE_BOX.centerx, GEODE_BOX.y + 40), (255, 150, 70), 44, 1.2)
        if dyn is not None:
            start, size = self.inv_pos(p, dyn)
            self.model.take(self.model.inventories[p], dyn)

            def land_d() -> None:
                self.model.rubble.append(dyn)  # type: ignore[arg-type]

            self._fly(beat, dyn, start, self.rubble_top_pos(), land_d, size_a=size, size_b=SMALL, private=False)
        starts = {c: self.geode_pos(c) for c in self.model.geode}
        self.model.geode = [c for c in self.model.geode if c not in cids]
        to_hand = [c for c in cids if card(c).goes_to_hand]
        n0 = len(self.model.hands[p])
        for k, cid in enumerate(cids):
            if cid in to_hand:
                i = to_hand.index(cid)
                target, size = self.hand_slot(p, n0 + i, n0 + len(to_hand))
                zone = self.model.hands[p]
            else:   # an Item from the Geode goes where Items go
                target, size = self.inv_pos(p, cid)
                zone = self.model.inventories[p]

            def land(cid: int = cid, zone: list[int] = zone) -> None:
                zone.append(cid)

            self._fly(beat, cid, starts.get(cid, GEODE_BOX.center), target, land, size_a=SMALL, size_b=size,
                      private=False, delay=0.2 + 0.06 * k, lift=60)
        self._hold(beat, 0.8)

    def _on_foresight(self, ev: Event, beat: Beat) -> None:
        cid = int(ev.data["card"])
        if self.model.mine:
            self.model.mine[-1] = cid
        self._hold(beat, 0.2)

    def _on_end(self, ev: Event, beat: Beat) -> None:
        self._announce_winners(ev, beat, (MID.centerx, MID.centery), 48)

    # ------------------------------------------------------------------ the human's choices
    def choose(self, action: Action | str) -> bool:
        """Play `action` if the rules allow it now; else say why not, in their words."""
        if not self._human_turn():
            return False
        text = str(action)
        reason = self.why_not(text)
        if reason is not None:
            self._say(_sentence(reason))
            return False
        self._click()
        return self._apply(Action.parse(text))

    def place(self, cid: int) -> bool:
        """Put card `cid` from your hand into your Inventory (a Bundle)."""
        return self.choose(f"place:{cid}")

    def confirm_keep(self) -> bool:
        if self.chooser is None:
            return False
        action = self.chooser.action()
        if action is None:
            self._say("Choose the card to keep first: click it, or press its number.")
            return False
        return self.choose(action)

    def toggle_view(self, what: str) -> None:
        if self.viewing == what:
            self.viewing = None
            return
        if what == "stash" and not self.eyes():
            self._say("Show your hand first (click it): your stash is as secret as your hand.")
            return
        self.viewing = what
        self._click()

    def _click(self) -> None:
        if self.app is not None:
            self.app.play("click")

    def reveal(self) -> None:
        reveal = getattr(self, "reveal_hand", None)
        if callable(reveal):
            reveal()
            self._layers.clear()

    # ------------------------------------------------------------------ buttons
    def _ensure_buttons(self) -> None:
        key = (self.match.version, self.n, self.chooser is not None)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        specs = [s for s in ACTIONS if s[0] != "blast" or self.two_player()]
        gap = 10
        w = (BANNER.w - gap * (len(specs) - 1)) // len(specs)
        x = BANNER.x
        self.buttons = []
        for kind, label, k in specs:
            reason = self.why_not(kind)
            primary = kind == "end" and self.state.phase == "after"
            b = Button((x, BUTTON_Y, w, BUTTON_H), label, lambda kind=kind: self.choose(kind), k,
                       enabled=reason is None, reason=_sentence(reason or ""), primary=primary, size=18)
            self.buttons.append((kind, b))
            x += w + gap
        # Prospecting: the action buttons give way to the chooser's one.
        self.keep_button = Button((BANNER.centerx - 260, BUTTON_Y, 520, BUTTON_H), "Choose a card to keep",
                                  self.confirm_keep, pygame.K_RETURN, primary=True, size=18)

    def button_for(self, kind: str) -> Button | None:
        return next((b for k, b in self.buttons if k == kind), None)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.privacy_event(event):   # the peek key, down and up
            self._layers.clear()
            return True
        if self._undo_click(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for _, b in self.buttons:
                b.handle_event(event)
            if self.chooser is not None:
                self.chooser.mouse_move(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel_log(event)
        if event.type == pygame.KEYDOWN:
            if self.viewing is not None and event.key in (pygame.K_ESCAPE, pygame.K_r, pygame.K_s):
                self.viewing = None
                return True
            if self._table_key(event):
                return True
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.chooser is not None:
            if self.chooser.mouse_up(event.pos):
                self._click()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        return False

    def _mouse_down(self, pos: tuple[int, int]) -> bool:
        if self.viewing is not None:
            self.viewing = None
            return True
        if self._pile_click(pos):
            return True
        if not self._human_turn():
            if HAND_BOX.collidepoint(pos) and getattr(self, "hand_hidden", False):
                self.reveal()
                return True
            return False
        if self.chooser is not None and self.state.phase == "choose":
            if not self.eyes() and chooser_mod.PANEL.collidepoint(pos):
                self.reveal()
                return True
            if self.keep_button.rect.collidepoint(pos):
                self.confirm_keep()
                return True
            if self.chooser.mouse_down(pos):
                return True
            if any(b.rect.collidepoint(pos) for _, b in self.buttons):
                return True   # the action buttons are put away while choosing
        for kind, b in self.buttons:
            if b.rect.collidepoint(pos):
                self.choose(kind)
                return True
        i = self.hand_index_at(pos)
        if i is not None or HAND_BOX.collidepoint(pos):
            if not self.eyes():
                self.reveal()
                return True
            if i is not None:
                cid = self.hand_cards()[i]
                self.hand_focus = i
                self.place(cid)
                return True
        return False

    def _pile_click(self, pos: tuple[int, int]) -> bool:
        if RUBBLE_BOX.collidepoint(pos) and self.model.rubble:
            self.toggle_view("rubble")
            return True
        r = pygame.Rect(0, 0, *SMALL)
        r.center = (int(STASH_C[0]), int(STASH_C[1]))
        if r.collidepoint(pos) and self.model.stashes[self.home()] and self._model_seat is not None:
            self.toggle_view("stash")
            return True
        return False

    def hand_index_at(self, pos: tuple[int, int]) -> int | None:
        n = len(self.model.hands[self.home()])
        for i in range(n - 1, -1, -1):
            if self.hand_rect(i, n).collidepoint(pos):
                return i
        return None

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_r:
            if self.model.rubble:
                self.toggle_view("rubble")
            else:
                self._say("The Rubble is empty.")
            return True
        if k == pygame.K_s:
            if self._model_seat is not None and self.model.stashes[self._model_seat]:
                self.toggle_view("stash")
            else:
                self._say("Your stash is empty: Return to base (B) puts your hand in it.")
            return True
        if not self._human_turn():
            return False
        if self.chooser is not None and self.state.phase == "choose":
            return self._chooser_key(event)
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            n = len(self.model.hands[self.home()])
            if n:
                step = -1 if k == pygame.K_LEFT else 1
                self.hand_focus = (0 if step > 0 else n - 1) if self.hand_focus is None else \
                    (self.hand_focus + step) % n
            return True
        if k in (pygame.K_UP, pygame.K_i):
            hand = self.hand_cards()
            if self.hand_focus is None or not (0 <= self.hand_focus < len(hand)):
                self._say("Choose a card in your hand first: ← and →, then ↑ places it.")
                return True
            if not self.eyes():
                self.reveal()
                return True
            self.place(hand[self.hand_focus])
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("end")
            return True
        for kind, _, key in ACTIONS:
            if k == key or (kind == "dig:3" and k == pygame.K_KP3):
                if kind == "blast" and not self.two_player():
                    self._say("Blasting the Geode is only in a two-player game.")
                    return True
                self.choose(kind)
                return True
        return False

    def _chooser_key(self, event: pygame.event.Event) -> bool:
        ch = self.chooser
        assert ch is not None
        k = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if pygame.K_1 <= k <= pygame.K_4:
            if ch.keep_slot(k - pygame.K_1):
                self._click()
            else:
                self._say(f"There are only {len(ch.order)} cards to choose from.")
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_COMMA, pygame.K_PERIOD):
            delta = -1 if k in (pygame.K_LEFT, pygame.K_COMMA) else 1
            if shift or k in (pygame.K_COMMA, pygame.K_PERIOD):
                if not ch.shift(delta):
                    self._say("That card is already at the end of the row.")
            else:
                ch.move_focus(delta)
            return True
        if k in (pygame.K_UP, pygame.K_k):
            ch.keep_slot(ch.focus)
            self._click()
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm_keep()
            return True
        for kind, _, key in ACTIONS:
            if k == key:
                self.choose(kind)     # refused: the rules say to choose the card to keep
                return True
        return False

    # ------------------------------------------------------------------ the log
    def _log(self, ev: Event) -> None:
        if ev.kind in ("deal",) or not ev.text:
            return
        p = ev.data.get("player")
        colour = seat_rgb(p) if isinstance(p, int) else theme.INK_DIM
        heading = ev.kind in ("turn", "end")
        if ev.kind == "end":
            colour = theme.GOLD
        elif ev.kind in ("trap", "discard", "blast"):
            colour = (255, 150, 100)
        elif ev.kind in ("geode", "shuffle"):
            colour = (190, 160, 250)
        self.log_panel.add(ev.text, colour, heading)

    # ------------------------------------------------------------------ what to say
    def banner_segments(self) -> list[tuple[str, tuple[int, int, int]]]:
        m = self.match
        if self.beat is not None:
            return [(self.beat.event.text, theme.INK)]
        if self.bot_move is not None:
            p = m.to_move() or 0
            kind = self.bot_move[0].kind if self.bot_move[0].kind != "dig" else str(self.bot_move[0])
            return [(m.seats[p].name, seat_rgb(p)), (f" {ACTION_WORDS.get(kind, 'plays')}…", theme.INK)]
        if not self.idle:
            return [("…", theme.INK_DIM)]
        if m.is_over():
            outcome = self.state.outcome()
            names = " and ".join(m.seats[w].name for w in outcome.winners)
            top = max(s.total for s in outcome.scores)
            verb = "wins" if len(outcome.winners) == 1 else "share the win"
            return [("Game over: ", theme.GOLD), (f"{names} {verb} with {plural(top, 'point')}", theme.INK)]
        p = m.to_move()
        assert p is not None
        name, col = m.seats[p].name, seat_rgb(p)
        if self.replay:
            return [(name, col), ("'s turn", theme.INK)]
        if not m.seats[p].is_human:
            return [(name, col), (" is thinking…", theme.INK)]
        phase = self.state.phase
        if phase == "choose":
            return [(name, col), (": keep one card, put the others back (top first)", theme.INK)]
        if phase == "after":
            return [(name, col), (": place a Bundle from your hand, or End turn", theme.INK)]
        return [(name, col), (": dig, prospect or return to base", theme.INK)]

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        """The line above the buttons: a refusal in red, else what the keys do now."""
        if self.message_time > 0 and self.message:
            return self.message, theme.DANGER
        if not self._human_turn():
            if self.replay:
                return "", theme.INK_FAINT
            return ("Space skips the animation  ·  R the Rubble  ·  H rules  ·  Esc menu" if not self.idle
                    else "R the Rubble  ·  S your stash  ·  H rules  ·  Esc menu"), theme.INK_FAINT
        if getattr(self, "hand_hidden", False) and not self.eyes():
            return "Your hand is hidden: click it to see your cards", theme.FOCUS
        if self.state.phase == "choose":
            return ("1-4 or a click keeps a card  ·  drag or Shift+←/→ orders the rest  ·  Enter confirms",
                    theme.INK_DIM)
        bundles = [c for c in self.hand_cards() if not _hidden(c) and card(c).ability == "bundle"]
        tip = "Click a Bundle in your hand (or ←/→ then ↑) to place it  ·  " if bundles else ""
        return tip + "R the Rubble  ·  S your stash  ·  H rules", theme.INK_DIM

    # ================================================================== drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(_background(), (0, 0))
        self._draw_banner(surface)
        self._draw_opponents(surface)
        self._draw_middle(surface)
        self._draw_home(surface)
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
    def _card(self, surface: pygame.Surface, cid: int, rect: pygame.Rect, private: bool) -> None:
        """One card: its face when the viewer may see it now, else its back."""
        if _hidden(cid) or (private and not self.eyes()):
            gp_cards.draw_card(surface, None, rect)
        else:
            gp_cards.draw_card(surface, cid, rect)

    def _cached(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: Any,
                draw: Callable[[pygame.Surface], None]) -> None:
        """A panel drawn through a picture kept until its `key` changes; the faces it holds are
        written in the face log again every time it is shown."""
        layer = self._layers.get(name)
        if layer is None or layer.key != key:
            pic = pygame.Surface(rect.size, pygame.SRCALPHA)
            before = len(privacy.frame_faces())
            draw(pic)
            faces = list(privacy.frame_faces()[before:])
            layer = Layer(key, pic, faces)
            self._layers[name] = layer
        else:
            for c in layer.faces:
                privacy.record(c)
        surface.blit(layer.surface, rect.topleft)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        tag = f"Round {self.model.round}" if self.model.round > 0 else "Grim Prospects"
        surface.blit(banner_image(tuple(self.banner_segments()), tag, BANNER.size, 19, True), BANNER.topleft)

    def _focus_seat(self) -> int | None:
        if self.beat is not None:
            return self.beat.actor
        return self.match.to_move()

    # -- the other players
    def _draw_opponents(self, surface: pygame.Surface) -> None:
        focus = self._focus_seat()
        m = self.model
        key = (tuple(self.others()), focus, self.eyes(),
               tuple((tuple(m.hands[p]), len(m.stashes[p]), tuple(m.inventories[p])) for p in self.others()))
        self._cached(surface, "opps", OPP_ROW, key, self._render_opponents)

    def _render_opponents(self, pic: pygame.Surface) -> None:
        focus = self._focus_seat()
        for i, p in enumerate(self.others()):
            r = self.opp_rect(i).move(-OPP_ROW.x, -OPP_ROW.y)
            self._panel(pic, r, p, focus == p)
            hand, stash, inv = (x.move(-OPP_ROW.x, -OPP_ROW.y) for x in self._opp_parts(self.opp_rect(i)))
            cards = self.hand_cards(p)
            for c, cr in zip(cards, self._fan(hand, self.opp, len(cards), 22)):
                self._card(pic, c, cr, True)
            if not cards:
                self._empty(pic, pygame.Rect(hand.x, hand.y, *self.opp))
            self._label(pic, f"Hand {len(cards)}", (hand.x, hand.bottom + 5), hand.w)
            n = len(self.model.stashes[p])
            pile = pygame.Rect(stash.x, stash.y, *self.opp)
            if n:
                for d in range(min(3, (n + 3) // 4) - 1, -1, -1):
                    gp_cards.draw_card(pic, None, pile.move(d * 2, -d * 2))
            else:
                self._empty(pic, pile)
            self._label(pic, f"Stash {n}", (stash.x, stash.bottom + 5), stash.w + 6)
            groups = self.inv_groups(p)
            rects = self._fan(inv, self.opp, len(groups), self.opp[0] + 4)
            for (_, cs), cr in zip(groups, rects):
                gp_cards.draw_card(pic, cs[0], cr)
                if len(cs) > 1:
                    _badge(pic, f"×{len(cs)}", cr.bottomright)
            words = "Inventory" if groups else "Inventory: empty"
            self._label(pic, words, (inv.x, inv.bottom + 5), inv.w)

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
        who = "human" if seat.is_human else f"{seat.level} bot"
        if p == self._model_seat:
            who = "you"
        who_w = theme.width_of(who, 12)
        name, size = theme.fit_name(seat.name, r.w - who_w - 34, 16, 11)
        img = theme.font(size, True).render(theme.drawable(name), True, _tint(col, 0.3))
        surface.blit(img, img.get_rect(midleft=(r.x + 10, head.centery)))
        theme.text(surface, who, (r.x + 18 + img.get_width(), head.centery + 1), 12, _tint(col, 0.5), anchor="midleft")

    # -- the middle
    def _draw_middle(self, surface: pygame.Surface) -> None:
        m = self.model
        key = (len(m.mine), tuple(m.mine[-6:]) if self.eyes() else None, tuple(m.rubble[-5:]), len(m.rubble),
               tuple(m.geode), self.eyes())
        self._cached(surface, "middle", MID, key, self._render_middle)
        # The cards being looked at (someone's prospect), before the chooser opens or while a bot thinks.
        looking = m.looking
        if looking and not (self.chooser is not None and self.idle and self.state.phase == "choose"):
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
        marks = self.mine_marks()[:4] if self.eyes() else []
        if marks:
            x = KNOWN_X + off[0]
            theme.text(pic, "You know:", (x, 14), 13, theme.FOCUS, bold=True)
            for i, (depth, c) in enumerate(marks):
                r = pygame.Rect(x + i * (MARK[0] + 8), 36, *MARK)
                gp_cards.draw_card(pic, c, r)
                words = "top" if depth == 0 else f"{chooser_mod.ordinal(depth + 1)}"
                theme.text(pic, words, (r.centerx, r.bottom + 3), 12, theme.FOCUS, anchor="midtop")
        # The Geode (two players).
        if self.two_player():
            g = GEODE_BOX.move(*off)
            pygame.draw.rect(pic, (44, 34, 58), g, border_radius=10)
            pygame.draw.rect(pic, (120, 96, 170), g, 2, border_radius=10)
            theme.text(pic, f"Geode {len(m.geode)}", (g.x + 10, g.y + 7), 15, (210, 190, 255), bold=True)
            groups = self.geode_groups()
            for (_, cs), r in zip(groups, self.geode_rects(len(groups))):
                gp_cards.draw_card(pic, cs[0], r.move(*off))
                if len(cs) > 1:
                    _badge(pic, f"×{len(cs)}", r.move(*off).bottomright)
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
        for c, r in zip(m.rubble[-5:], self.rubble_rects()):
            gp_cards.draw_card(pic, c, r.move(*off))
        if not m.rubble:
            theme.text(pic, "empty", (rb.centerx, rb.y + 70), 13, theme.INK_FAINT, anchor="midtop")
        else:
            theme.text(pic, "R or a click: see it all", (rb.centerx, rb.bottom - 24), 12, theme.INK_DIM,
                       anchor="midtop")

    # -- your side
    def _draw_home(self, surface: pygame.Surface) -> None:
        p = self.home()
        m = self.model
        focus = self._focus_seat() == p
        hand = self.hand_cards(p)
        key = (p, focus, self.eyes(), tuple(hand), len(m.stashes[p]), tuple(m.inventories[p]),
               getattr(self, "hand_hidden", False))
        self._cached(surface, "home", HOME, key, self._render_home)
        # The hand on top, live: the focused card lifts, Bundles glow when they may be placed.
        turn = self._human_turn() and self.state.phase in ("start", "after")
        for i, c in enumerate(hand):
            r = self.hand_rect(i, len(hand))
            if turn and self.eyes() and not _hidden(c) and f"place:{c}" in self.legal():
                pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), 3, border_radius=9)
            self._card(surface, c, r, True)
            if i == self.hand_focus and turn:
                pygame.draw.rect(surface, theme.FOCUS, r.inflate(4, 4), 2, border_radius=9)
        if not hand:
            theme.text(surface, "Your hand is empty" if p == self._model_seat else "No cards in hand",
                       (HAND_BOX.x + 8, HAND_BOX.centery), 15, theme.INK_FAINT, anchor="midleft")
        elif not self.eyes() and p == self._model_seat and getattr(self, "hand_hidden", False):
            tip = pygame.Rect(0, 0, 300, 34)
            tip.center = self.hand_rect(0, len(hand)).union(self.hand_rect(len(hand) - 1, len(hand))).center
            pygame.draw.rect(surface, (16, 15, 18), tip, border_radius=8)
            pygame.draw.rect(surface, theme.FOCUS, tip, 2, border_radius=8)
            theme.text(surface, "Click to see your hand", tip.center, 16, theme.FOCUS, bold=True, anchor="center")

    def _render_home(self, pic: pygame.Surface) -> None:
        p = self.home()
        m = self.model
        off = (-HOME.x, -HOME.y)
        r = pic.get_rect()
        self._panel(pic, pygame.Rect(r.x, r.y, r.w, r.h), p, self._focus_seat() == p)
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
        if count and p == self._model_seat:
            theme.text(pic, "S: look", (pile.centerx, pile.bottom + 28), 12, theme.INK_DIM, anchor="midtop")
        # The Inventory, face up, grouped by name.
        inv = INV_BOX.move(*off)
        theme.text(pic, "Inventory", (inv.x + 4, inv.y), 14, theme.INK, bold=True)
        groups = self.inv_groups(p)
        for (_, cs), cr in zip(groups, self.inv_rects(p, len(groups))):
            gp_cards.draw_card(pic, cs[0], cr.move(*off))
            if len(cs) > 1:
                _badge(pic, f"×{len(cs)}", cr.move(*off).bottomright)
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
            theme.text(surface, s.words, (REVEAL_C[0], REVEAL_C[1] + s.size[1] // 2 + 6), 14, s.colour,
                       anchor="midtop")

    def _draw_bot_move(self, surface: pygame.Surface) -> None:
        """A bot's decision on show: the button it chose lights up."""
        if self.bot_move is None:
            return
        action = self.bot_move[0]
        kind = str(action) if action.kind == "dig" else action.kind
        p = self.match.to_move()
        if kind == "place":
            cid = int(action.args[0])
            target, size = self.inv_pos(p or 0, cid)
            r = pygame.Rect(0, 0, *size)
            r.center = (int(target[0]), int(target[1]))
            pygame.draw.rect(surface, theme.GOLD, r.inflate(8, 8), 3, border_radius=8)
            return
        label = dict((k, lbl) for k, lbl, _ in ACTIONS).get(kind, kind)
        img = _pill(f"{self.match.seats[p].name if p is not None else ''}: {label}", seat_rgb(p or 0))
        surface.blit(img, img.get_rect(center=(REVEAL_C[0], MID.y + 24)))

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
            self.keep_button.label = fit(f"Keep {name}, put {len(ch.returned())} back", 320, 18, True)
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
        theme.text(surface, str(i + 1), (r.x + 4, r.y - 22), 15, theme.INK_DIM, bold=True)
        words = ch.label(c) if ch.keep is not None or not kept else ""
        if ch.keep is None:
            back = ch.order.index(c)
            words = "on top" if back == 0 else chooser_mod.ordinal(back + 1)
        colour = theme.GOLD if kept else theme.INK
        theme.text(surface, words, (r.centerx, r.bottom + 8 + (chooser_mod.LIFT if kept else 0)), 16, colour,
                   bold=kept, anchor="midtop")

    def _draw_viewing(self, surface: pygame.Surface) -> None:
        """The whole Rubble (everyone's), or your stash (yours alone), laid out in rows."""
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
        cols = 12
        step_x = (box.w - 40 - SMALL[0]) // (cols - 1)
        rows = max(1, (len(cards) + cols - 1) // cols)
        step_y = min(SMALL[1] + 10, (box.h - 70 - SMALL[1]) // max(1, rows - 1)) if rows > 1 else 0
        for i, c in enumerate(cards):
            r = pygame.Rect(box.x + 20 + (i % cols) * step_x, box.y + 56 + (i // cols) * step_y, *SMALL)
            self._card(surface, c, r, self.viewing == "stash")

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
        for c, r in zip(reversed(self.model.rubble[-5:]), reversed(self.rubble_rects())):
            if r.collidepoint(pos):
                return c
        if self.two_player():
            groups = self.geode_groups()
            for (_, cs), r in zip(reversed(groups), reversed(self.geode_rects(len(groups)))):
                if r.collidepoint(pos):
                    return cs[0]
        if self.eyes():
            for i, (depth, c) in enumerate(self.mine_marks()[:4]):
                r = pygame.Rect(KNOWN_X + i * (MARK[0] + 8), MID.y + 36, *MARK)
                if r.collidepoint(pos):
                    return c
        del n
        return None


# ============================================================================ words
def _sentence(reason: str) -> str:
    """A rules reason as a sentence: capital first letter, a full stop."""
    reason = reason.strip()
    if not reason:
        return ""
    reason = reason[0].upper() + reason[1:]
    return reason if reason.endswith((".", "!", "?")) else reason + "."


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
        pygame.draw.rect(s, (14, 13, 15, 240), s.get_rect(), border_radius=16)
        _PICS[key] = s
    return _PICS[key]


def _pill(words: str, colour: tuple[int, int, int]) -> pygame.Surface:
    key = ("pill", words, colour)
    if key not in _PICS:
        f = theme.font(18, True)
        img = f.render(theme.drawable(words), True, (20, 16, 12))
        s = pygame.Surface((img.get_width() + 28, img.get_height() + 12), pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), border_radius=s.get_height() // 2)
        pygame.draw.rect(s, (20, 16, 12), s.get_rect(), 2, border_radius=s.get_height() // 2)
        s.blit(img, (14, 6))
        if len(_PICS) > 200:
            _PICS.clear()
        _PICS[key] = s
    return _PICS[key]


def _badge(surface: pygame.Surface, words: str, corner: tuple[int, int]) -> None:
    img = theme.font(13, True).render(words, True, (20, 16, 12))
    r = img.get_rect().inflate(10, 4)
    r.bottomright = (corner[0] + 4, corner[1] + 4)
    pygame.draw.rect(surface, theme.GOLD, r, border_radius=8)
    pygame.draw.rect(surface, (20, 16, 12), r, 1, border_radius=8)
    surface.blit(img, img.get_rect(center=r.center))


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
