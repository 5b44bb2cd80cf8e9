"""The Ya Blew It! table: the deck and the Claim in the middle, every scoring area around it.

The scene never changes rules state on its own. A button (or a bot's decision) goes to
`Match.apply`; the events that come back are queued (the machinery is `TableScene`'s, in base.py),
and a *display model* (`TableModel`) catches up with them one at a time while cards fly, dice
tumble and the Fire in the Hole goes round the table. Drawing is a function of that model and the
clock. Whenever the queue runs dry the model is compared with `match.state` and rebuilt from it, so
the picture can never drift from the rules (a mismatch is counted in `drift`, which the tests keep
at zero).

Seats sit clockwise around the table: the bottom row from right to left, then the top row from
left to right, so "the Prospector's left" is the next panel clockwise.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable

import pygame

from game.core.contract import Action, Event
from game.core.match import Match
from game.core.words import plural
from game.games.ya_blew_it.cards import CURSED, DETONATOR, GEM, JUMPER, SAFE, WILD, Card, card_set
from game.games.ya_blew_it.rules import (
    CHOICE,
    FIRE_PHASE,
    GAMBLE,
    JUMPER_PHASE,
    MINER,
    REROLL,
    best_safe_placing,
    best_wild_assignment,
    fire_losses,
)
from game.ui import cards as art
from game.ui import placing, theme
from game.ui.dice import DieSprite
from game.ui.tables.base import Beat, Callout, LogPanel, TableScene, banner_image, callout_image, fit, seat_rgb
from game.ui.tween import arc, ease_in_out_cubic, lerp
from game.ui.widgets import Button, key_name

log = logging.getLogger(__name__)

CS = card_set()
COLOURS: tuple[str, ...] = tuple(c.key for c in CS.colours)
SIDES = CS.sides
SLOTS = COLOURS + ("wild",)  # the stack columns of every scoring area, in colour order

# ----------------------------------------------------------------------------- layout
BANNER = pygame.Rect(8, 6, 996, 40)
LOG = pygame.Rect(1012, 6, 260, 708)
TOP_Y, ROW_H = 52, 190
CENTRE = pygame.Rect(8, 248, 996, 224)
BOTTOM_Y = 478
FOOTER = pygame.Rect(8, 674, 996, 40)

DECK_C = (64, 322)
FIRE_C = (150, 322)
CLAIM_X0, CLAIM_X1, CLAIM_Y = 214, 776, 322
DIE_C = (852, 310)
DISCARD_C = (952, 322)
ODDS_Y = 392
ODDS_W = 760   # the odds line, centred under the Claim
BUTTON_Y = 412
CALLOUT_C = ((CLAIM_X0 + CLAIM_X1) / 2, 436)  # big words for the middle, where buttons go
FIRE_SHOW_C = (360, 358)   # a Fire in the Hole shown big, with its words beside it
FIRE_WORDS_C = (640, 340)
FELT_AREA = pygame.Rect(8, TOP_Y, 996, BOTTOM_Y + ROW_H - TOP_Y)  # where words may float
CALLOUT_RISE = 10.0  # words about a player rise a little as they fade

PANEL_HEAD = 28
SLOT_X0 = 62
FAN_TOP = 52
FAN_BOTTOM = 152
SPECIAL_Y = 156
TOKEN = (40, 30)

# Actions as buttons: label and shortcut. Roll's label depends on the phase.
ACTION_UI: dict[str, tuple[str, int]] = {
    "roll": ("Roll", pygame.K_r),
    "pass": ("Pass", pygame.K_p),
    "keep": ("Keep the Claim", pygame.K_k),
    "add": ("Add cards", pygame.K_a),
    "gamble": ("Gamble", pygame.K_g),
    "draw": ("Draw another Gem", pygame.K_d),
    "reroll": ("Use Faulty Detonator", pygame.K_f),
    "accept": ("Keep roll", pygame.K_RETURN),
    "jump": ("Claim Jumper", pygame.K_j),
    "nojump": ("No", pygame.K_n),
}
PRIMARY = {"roll", "keep", "accept", "jump"}

# Seconds at "normal" speed; every duration is multiplied by the animation-speed setting.
T_FLY = 0.42
T_ROLL = 0.95
T_AFTER_ROLL = 0.4
T_BOT_PAUSE = 0.35


def card(cid: int) -> Card:
    return CS.cards[cid]


# ============================================================================ display model
@dataclass
class TableModel:
    """What the table shows. Rules fields mirror the state; `dice`/`last_roll` are cosmetic."""

    deck: int
    claim: list[int]
    areas: list[list[int]]
    safes: dict[int, str]
    discard: list[int]
    cursed: list[int | None]
    prospector: int
    out: list[bool]
    fire_card: int | None
    round_no: int
    dice: list[int] = field(default_factory=list)
    last_roll: tuple[int, int] | None = None  # (player, value)

    @classmethod
    def from_state(cls, state: Any) -> "TableModel":
        n = state.n
        return cls(
            deck=len(state.deck), claim=list(state.claim), areas=[list(a) for a in state.areas],
            safes=dict(state.safes), discard=list(state.discard), cursed=list(state.cursed),
            prospector=state.prospector, out=list(state.out), fire_card=state.fire_card,
            round_no=state.round_no, dice=[SIDES] * n,
        )

    def rules_key(self) -> tuple[Any, ...]:
        """Everything that must equal the true state once the animations have caught up."""
        return (self.deck, tuple(self.claim), tuple(tuple(a) for a in self.areas),
                tuple(sorted(self.safes.items())), tuple(sorted(self.discard)), tuple(self.cursed),
                self.prospector, tuple(self.out), self.fire_card, self.round_no)

    def adopt(self, other: "TableModel") -> None:
        """Take every rules field from `other`, keeping the cosmetic ones."""
        self.deck, self.claim = other.deck, list(other.claim)
        self.areas = [list(a) for a in other.areas]
        self.safes, self.discard = dict(other.safes), list(other.discard)
        self.cursed, self.prospector = list(other.cursed), other.prospector
        self.out, self.fire_card, self.round_no = list(other.out), other.fire_card, other.round_no

    # ------------------------------------------------------------- derived
    def owned(self, p: int, kind: str) -> list[int]:
        return [c for c in self.areas[p] if card(c).kind == kind]

    def stack(self, p: int, slot: str) -> list[int]:
        """Cards of one column: a colour's Gems, or the Wild Gems."""
        if slot == "wild":
            return [c for c in self.areas[p] if card(c).kind == WILD]
        return [c for c in self.areas[p] if card(c).kind == GEM and card(c).colour == slot]

    def specials(self, p: int) -> list[int]:
        """Detonators, Claim Jumpers and Safes not sitting on a stack, in the specials row."""
        return [c for c in self.areas[p]
                if card(c).kind in (DETONATOR, JUMPER) or (card(c).kind == SAFE and c not in self.safes)]

    def placed_safes(self, p: int) -> dict[str, int]:
        """colour -> Safe card for the Safes of player p that guard a stack."""
        return {colour: s for s, colour in self.safes.items() if s in self.areas[p]}

    def cursed_colour(self, p: int) -> str:
        cid = self.cursed[p]
        return card(cid).colour if cid is not None else ""

    def score(self, p: int) -> int:
        counts: dict[str, int] = {}
        wilds = 0
        for c in self.areas[p]:
            k = card(c)
            if k.kind == GEM:
                counts[k.colour] = counts.get(k.colour, 0) + 1
            elif k.kind == WILD:
                wilds += 1
        return _score(tuple(sorted(counts.items())), wilds, self.cursed_colour(p))


@lru_cache(maxsize=4096)
def _score(counts: tuple[tuple[str, int], ...], wilds: int, cursed: str) -> int:
    total, _ = best_wild_assignment(dict(counts), wilds, cursed, COLOURS)
    return total


def likely_placing(area: list[int], safes: list[int], colours: Iterable[str]) -> dict[int, str]:
    """Which Safe the rules will put on which chosen stack, to preview a human's choice; the
    real arrangement always comes from the `safes` event."""
    return best_safe_placing(list(area), list(safes), tuple(colours))


def numbers_text(nums: Iterable[int]) -> str:
    return " ".join(str(n) for n in sorted(set(nums))) or "none"


# ============================================================================ sprites
@dataclass
class Flyer:
    """A card in the air between two places (face down until it flips, when `flip` is set)."""

    cid: int | None            # None: a card back
    a: tuple[float, float]
    b: tuple[float, float]
    size_a: tuple[int, int]
    size_b: tuple[int, int]
    flip: bool = False
    lift: float = 50.0
    token: bool = False        # draw as a special's token (scoring-area look)
    t: float = 0.0
    visible: bool = False


# ============================================================================ the scene
class YaBlewItTable(TableScene):
    """The Ya Blew It! table for one `Match`: humans click or press keys, bots play themselves.

    Tests and tools: `idle` is True when no animation is pending; `fast_forward()` finishes them;
    `model` is the display model; `drift` counts the times it disagreed with the rules state.
    """

    bot_pause = T_BOT_PAUSE
    logger = log

    def __init__(self, match: Match) -> None:
        super().__init__(match, LogPanel(LOG, top=40, footer=30, title_y=10, hint_bottom=8))
        self.flyers: list[Flyer] = []
        self.flash = 0.0
        self.panel_shake: dict[int, float] = {}
        self.hl_number = 0       # a rolled number that matched the Claim, outlined for a moment
        self.hl_time = 0.0
        self.spotlight: tuple[int, tuple[int, int], tuple[int, int]] | None = None  # a card held up big
        self._last_event: Event | None = None
        self.buttons: list[tuple[Action | None, Button]] = []
        self.safe_pick: list[str] = []
        self._safe_pick_key: Any = None
        self._odds_cache: tuple[Any, str] | None = None
        self._synced = False
        # Every log entry as it was written (the log panel holds them wrapped into screen lines).
        self.log_entries: list[tuple[str, tuple[int, int, int], bool]] = []
        # seat -> (what its area shows, {focused: its picture})
        self._panel_cache: dict[int, tuple[Any, dict[bool, pygame.Surface]]] = {}
        self._background: pygame.Surface | None = None
        self.rects = self._seat_rects()
        self.dice = [DieSprite(SIDES, 40, seed=p + 1) for p in range(self.n)]
        self.big_die = DieSprite(SIDES, 76, seed=99)
        self.marker_pos: tuple[float, float] | None = None
        self._marker_from: tuple[float, float] | None = None
        # A new game shows its own deal; a resumed one starts from the saved position.
        if not match.fresh:
            self.model = TableModel.from_state(match.state)
            self._resume_history()
        else:
            self.model = self._opening_model()
        for p in range(self.n):
            self.dice[p].set_out(self.model.out[p])

    # ------------------------------------------------------------------ set-up
    def _opening_model(self) -> TableModel:
        """The table before the opening events: no Cursed Gems out, the deck not yet drawn from."""
        state = self.match.state
        model = TableModel.from_state(state)
        drawn = [e for e in self.match.history if e.kind in ("draw", "fire_drawn")]
        if drawn:
            model.deck = int(drawn[0].data["deck"]) + 1
        model.claim = []
        model.fire_card = None
        model.cursed = [None] * self.n
        model.round_no = 0
        model.prospector = -1
        return model

    def _seat_rects(self) -> list[pygame.Rect]:
        bottom = self.n // 2
        top = self.n - bottom
        rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * self.n

        def row(count: int, y: int) -> list[pygame.Rect]:
            w = min(400, (CENTRE.w - (count - 1) * 10) // count)
            total = count * w + (count - 1) * 10
            x0 = CENTRE.x + (CENTRE.w - total) // 2
            return [pygame.Rect(x0 + i * (w + 10), y, w, ROW_H) for i in range(count)]

        # Clockwise from seat 0: the bottom row right to left, then the top row left to right.
        for i, r in enumerate(reversed(row(bottom, BOTTOM_Y))):
            rects[i] = r
        for i, r in enumerate(row(top, TOP_Y)):
            rects[bottom + i] = r
        return rects

    # ------------------------------------------------------------------ scene lifecycle
    def enter(self) -> None:
        # Everything drawn once up front, so that no frame of play pays for a first drawing.
        art.prewarm(self._symbols())
        self._bg()
        _marker_image()

    def resume(self) -> None:
        self._panel_cache.clear()
        super().resume()

    # ------------------------------------------------------------------ settings
    def _symbols(self) -> bool:
        return bool(self.app.settings.colour_symbols) if self.app is not None else True

    # ------------------------------------------------------------------ public helpers
    def button_actions(self) -> list[Action]:
        """The actions the buttons on screen stand for (the fire button: the current Safe choice)."""
        return [a if a is not None else self._fire_action() for a, _ in self.buttons]

    # ------------------------------------------------------------------ the table's part of the machinery
    def _moving(self) -> bool:
        return bool(self.flyers) or self.big_die.busy or any(d.busy for d in self.dice)

    def _settle(self) -> None:
        self.flyers.clear()
        self.big_die.settle()
        for d in self.dice:
            d.set_out(d.out)

    def _events_arrived(self) -> None:
        self.buttons = []  # whatever was on offer has been decided

    def _beat_rolling(self, beat: Beat) -> bool:
        return self.big_die.rolling and beat.event.kind in ("roll", "reroll")

    def _end_roll(self, beat: Beat) -> None:
        if beat.event.kind in ("roll", "reroll") and self.big_die.rolling:
            self.big_die.settle()

    def _log_beat(self, ev: Event, beat: Beat) -> None:
        if ev.kind not in ("roll", "reroll"):  # a roll's text would give away the number early
            self._log(ev)
        else:
            beat.on_end.append(lambda: self._log(ev))
        self._last_event = ev

    # ------------------------------------------------------------------ animation helpers
    def _fly(self, beat: Beat, cid: int | None, a: tuple[float, float], b: tuple[float, float],
             on_land: Callable[[], None], *, size_a: tuple[int, int] = art.CARD,
             size_b: tuple[int, int] = art.CARD, flip: bool = False, delay: float = 0.0,
             duration: float = T_FLY, lift: float = 50.0, token: bool = False,
             on_start: Callable[[], None] | None = None) -> None:
        """A card flies from a to b along an arc, then `on_land` puts it in the model."""
        if self.speed() <= 0:
            if on_start:
                on_start()
            on_land()
            return
        fl = Flyer(cid, a, b, size_a, size_b, flip, lift, token)
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


    # ------------------------------------------------------------------ places on the table
    def claim_pos(self, i: int, count: int) -> tuple[float, float]:
        """Where the i-th of `count` Claim cards lies (they close up when the row grows long)."""
        width = CLAIM_X1 - CLAIM_X0
        step = min(84.0, (width - art.CARD[0]) / max(1, count - 1)) if count > 1 else 0.0
        total = step * (count - 1)
        x0 = (CLAIM_X0 + CLAIM_X1) / 2 - total / 2
        return (x0 + i * step, CLAIM_Y)

    def slot_rect(self, p: int, slot: str) -> pygame.Rect:
        r = self.rects[p]
        w = (r.w - SLOT_X0 - 6) / len(SLOTS)
        i = SLOTS.index(slot)
        return pygame.Rect(int(r.x + SLOT_X0 + i * w), r.y + PANEL_HEAD + 2, int(w), FAN_BOTTOM - PANEL_HEAD)

    def fan_positions(self, count: int) -> list[int]:
        """The top of each mini card in a stack of `count`, squeezed to fit the panel."""
        if count <= 0:
            return []
        room = FAN_BOTTOM - FAN_TOP - art.MINI[1]
        step = min(13.0, room / max(1, count - 1)) if count > 1 else 0.0
        return [int(FAN_TOP + i * step) for i in range(count)]

    def area_pos(self, p: int, cid: int, index: int | None = None) -> tuple[float, float]:
        """Where card `cid` sits (or would sit, as number `index` of its column) in p's area."""
        k = card(cid)
        r = self.rects[p]
        if k.kind in (GEM, WILD):
            slot = "wild" if k.kind == WILD else k.colour
            sr = self.slot_rect(p, slot)
            stack = self.model.stack(p, slot)
            i = stack.index(cid) if cid in stack and index is None else (len(stack) if index is None else index)
            tops = self.fan_positions(max(i + 1, len(stack)))
            return (sr.centerx, r.y + tops[min(i, len(tops) - 1)] + art.MINI[1] / 2)
        if k.kind == SAFE and cid in self.model.safes:
            slot = self.model.safes[cid]
            sr = self.slot_rect(p, slot)
            return (sr.centerx, r.y + self._badge_y(len(self.model.stack(p, slot))))
        specials = self.model.specials(p)
        i = specials.index(cid) if cid in specials else len(specials)
        return self.special_pos(p, i, max(len(specials), i + 1))

    def _badge_y(self, count: int) -> int:
        """Panel y of a Safe's badge on a stack of `count`: over the last card's gem, below its number."""
        tops = self.fan_positions(max(1, count))
        return tops[-1] + art.MINI[1] - 12

    def special_pos(self, p: int, i: int, count: int) -> tuple[float, float]:
        """Centre of the i-th of `count` special tokens (they close up when there are many)."""
        r = self.rects[p]
        room = r.w - SLOT_X0 - 8 - TOKEN[0]
        step = min(TOKEN[0] + 4.0, room / max(1, count - 1)) if count > 1 else 0.0
        return (r.x + SLOT_X0 + TOKEN[0] / 2 + i * step, r.y + SPECIAL_Y + TOKEN[1] / 2)

    def cursed_pos(self, p: int) -> tuple[float, float]:
        r = self.rects[p]
        return (r.x + 31, r.y + 120)

    def die_pos(self, p: int) -> tuple[float, float]:
        r = self.rects[p]
        return (r.x + 31, r.y + 58)

    def marker_home(self, p: int) -> tuple[float, float]:
        r = self.rects[p]
        return (r.right - 6 - _marker_image().get_width() / 2, r.y + 15)

    # ------------------------------------------------------------------ model helpers
    def _to_discard(self, cids: list[int]) -> None:
        for c in cids:
            for area in self.model.areas:
                if c in area:
                    area.remove(c)
            if c in self.model.claim:
                self.model.claim.remove(c)
            self.model.safes.pop(c, None)
        self.model.discard.extend(cids)

    def _move_marker(self, p: int, beat: Beat, duration: float) -> None:
        target = self.marker_home(p)
        start = self.marker_pos or (DECK_C[0], DECK_C[1])
        self.model.prospector = p
        s = self.speed()
        if s <= 0 or start == target:
            self.marker_pos = target
            return
        self._marker_from = start

        def upd(t: float) -> None:
            assert self._marker_from is not None
            self.marker_pos = arc(self._marker_from, target, t, 40)

        self._tween(beat, duration, upd, None, 0.0, ease_in_out_cubic)

    # ------------------------------------------------------------------ event handlers
    def _on_cursed(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])

        def land() -> None:
            self.model.cursed[p] = cid
            self._panel_cache.pop(p, None)

        self._fly(beat, cid, (CENTRE.centerx, CENTRE.centery), self.cursed_pos(p), land,
                  size_a=art.CARD, size_b=art.CURSED_MINI, duration=0.5, lift=30)
        self._hold(beat, 0.12)

    def _on_first(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._move_marker(p, beat, 0.6)
        self._panel_callout(p, "First Prospector", seat_rgb(p), 22, 1.2)
        self._hold(beat, 0.5)

    def _on_round(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["prospector"])
        self.model.round_no = int(ev.data["round"])
        self.model.out = [False] * self.n
        self.model.claim = []
        s = self.speed()
        for d in self.dice:
            d.set_out(False, 0.25 * s)
        self._move_marker(p, beat, 0.55)
        self._callout(f"Round {self.model.round_no}", ((CLAIM_X0 + CLAIM_X1) / 2, CLAIM_Y + 8), theme.GOLD, 34, 0.9)
        self._panel_cache.clear()
        self._hold(beat, 0.45)

    def _on_draw(self, ev: Event, beat: Beat) -> None:
        cid = int(ev.data["card"])
        self.model.deck = int(ev.data["deck"])
        count = len(self.model.claim) + 1
        target = self.claim_pos(count - 1, count)

        def land() -> None:
            self.model.claim.append(cid)

        self._play("draw")
        self._fly(beat, cid, DECK_C, target, land, flip=True, lift=36)
        self._hold(beat, 0.12)

    def _on_fire_drawn(self, ev: Event, beat: Beat) -> None:
        cid = int(ev.data["card"])
        self.model.deck = int(ev.data["deck"])
        s = self.speed()
        self._play("blast")
        big = art.SHOWN
        mid = (FIRE_SHOW_C[0], FIRE_SHOW_C[1])

        def arrive() -> None:
            # The card stays up, big, while the table shakes; the words go beside it.
            self.spotlight = (cid, mid, big)
            if s > 0:
                self.shake = 1.0
                self.flash = 1.0
            self._callout("FIRE IN", (FIRE_WORDS_C[0], FIRE_WORDS_C[1] - 28), (255, 190, 70), 52, 1.5)
            self._callout("THE HOLE!", (FIRE_WORDS_C[0], FIRE_WORDS_C[1] + 28), (255, 190, 70), 52, 1.5)
            if ev.data.get("final"):
                self._callout("the last card of the deck", (FIRE_WORDS_C[0], FIRE_WORDS_C[1] + 78), theme.INK,
                              22, 1.5)

        def park() -> None:
            self.model.fire_card = cid

        self._fly(beat, cid, DECK_C, mid, arrive, size_b=big, flip=True, duration=0.45, lift=20)
        self._fly(beat, cid, mid, FIRE_C, park, size_a=big, size_b=art.CARD, delay=1.45, duration=0.45, lift=10,
                  on_start=self._clear_spotlight)
        beat.on_end.append(self._clear_spotlight)
        self._hold(beat, 1.95)

    def _clear_spotlight(self) -> None:
        self.spotlight = None

    def _on_discard_claim(self, ev: Event, beat: Beat) -> None:
        self._claim_to_discard(beat, [int(c) for c in ev.data["cards"]])
        self._hold(beat, 0.3)

    def _claim_to_discard(self, beat: Beat, cids: list[int], wait: float = 0.0) -> None:
        count = len(self.model.claim)
        starts = {c: self.claim_pos(i, count) for i, c in enumerate(self.model.claim)}
        if wait > 0 and self.speed() > 0:
            # Leave the Claim on show for a moment (the matching number is outlined) before it goes.
            self._tween(beat, wait, lambda t: None, lambda: self._claim_to_discard(beat, cids))
            return
        self.model.claim = [c for c in self.model.claim if c not in cids]
        for k, c in enumerate(cids):
            self._fly(beat, c, starts.get(c, (CLAIM_X0, CLAIM_Y)), DISCARD_C,
                      lambda c=c: self._to_discard([c]), delay=0.05 * k, duration=0.45, lift=40)

    def _on_must_take(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Must take it", seat_rgb(p), 24, 1.2)
        self._hold(beat, 0.6)

    def _on_pass(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Pass", theme.INK, 26, 0.9)
        self._hold(beat, 0.35)

    def _on_roll(self, ev: Event, beat: Beat) -> None:
        p, value = int(ev.data["player"]), int(ev.data["value"])
        why = str(ev.data.get("why", ""))
        if why == "fire":
            last = self._last_event
            # `fire` with no Safes emits no `safes` event but still lifts any Safes placed before.
            if not (last is not None and last.kind == "safes" and last.data.get("player") == p):
                for s_cid in list(self.model.placed_safes(p).values()):
                    self.model.safes.pop(s_cid, None)
                self._panel_cache.pop(p, None)
        self._roll_die(beat, p, value)

    def _on_reroll(self, ev: Event, beat: Beat) -> None:
        p, value, det = int(ev.data["player"]), int(ev.data["value"]), int(ev.data["card"])
        start = self.area_pos(p, det)
        self._to_discard_from_area(p, det)
        self._fly(beat, det, start, DISCARD_C, lambda: self._to_discard([det]), size_a=TOKEN,
                  token=True, duration=0.45, lift=40)
        self._panel_callout(p, "Faulty Detonator!", (255, 200, 120), 22, 1.0)
        self._roll_die(beat, p, value)

    def _to_discard_from_area(self, p: int, cid: int) -> None:
        """Lift `cid` out of p's area now (it is in the air); it lands on the discard later."""
        if cid in self.model.areas[p]:
            self.model.areas[p].remove(cid)
        self.model.safes.pop(cid, None)
        self._panel_cache.pop(p, None)

    def _roll_die(self, beat: Beat, p: int, value: int) -> None:
        s = self.speed()
        self._play("dice")
        self.model.last_roll = (p, value)
        self.big_die.roll(value, T_ROLL * s)

        def done() -> None:
            self.model.dice[p] = value
            self.dice[p].roll(value, 0)

        beat.on_end.append(done)
        self._hold(beat, T_ROLL + T_AFTER_ROLL)

    def _highlight(self, number: int, seconds: float) -> None:
        self.hl_number = number
        self.hl_time = seconds * self.speed()

    def _on_steal(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._highlight(int(ev.data["value"]), 1.0)
        self._play("steal")
        self._callout("STOLEN!", CALLOUT_C, seat_rgb(p), 40, 1.1)
        self._hold(beat, 0.7)

    def _on_miss(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self.model.out[p] = True
        self.dice[p].set_out(True, 0.3 * self.speed())
        self._panel_callout(p, "Miss: out", theme.INK_DIM, 24, 1.0)
        self._panel_cache.pop(p, None)
        self._hold(beat, 0.5)

    def _on_take(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cids = [int(c) for c in ev.data["cards"]]
        count = len(self.model.claim)
        starts = {c: self.claim_pos(i, count) for i, c in enumerate(self.model.claim)}
        self.model.claim = [c for c in self.model.claim if c not in cids]
        # Work out every landing spot against the area as it will be, column by column.
        extra: dict[str, int] = {}
        for k, c in enumerate(cids):
            kc = card(c)
            slot = "wild" if kc.kind == WILD else kc.colour if kc.kind == GEM else ""
            if slot:
                index = len(self.model.stack(p, slot)) + extra.get(slot, 0)
                extra[slot] = extra.get(slot, 0) + 1
                target = self.area_pos(p, c, index)
                size_b = art.MINI
            else:
                index = len(self.model.specials(p)) + extra.get("special", 0)
                extra["special"] = extra.get("special", 0) + 1
                target = self.special_pos(p, index, index + 1)
                size_b = TOKEN

            def land(c: int = c) -> None:
                self.model.areas[p].append(c)
                self._panel_cache.pop(p, None)

            self._fly(beat, c, starts.get(c, (CLAIM_X0, CLAIM_Y)), target, land, size_b=size_b,
                      delay=0.07 * k, duration=0.55, lift=60, token=not slot)
        self._hold(beat, 0.2)

    def _on_jump(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])
        start = self.area_pos(p, cid)
        self._to_discard_from_area(p, cid)
        self._play("steal")
        self._fly(beat, cid, start, DISCARD_C, lambda: self._to_discard([cid]), size_a=TOKEN, token=True,
                  duration=0.5, lift=50)
        self._panel_callout(p, "Claim Jumper!", seat_rgb(p), 28, 1.2)
        self._hold(beat, 0.7)

    def _on_keep(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Keeps the Claim", seat_rgb(p), 24, 1.0)
        self._hold(beat, 0.4)

    def _on_add(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Adds cards", seat_rgb(p), 24, 1.0)
        self._hold(beat, 0.4)

    def _on_gamble(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Gambles!", (255, 200, 90), 30, 1.1)
        self._hold(beat, 0.55)

    def _on_draw_more(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Draws again", seat_rgb(p), 24, 1.0)
        self._hold(beat, 0.35)

    def _on_gamble_lost(self, ev: Event, beat: Beat) -> None:
        self._play("blast")
        if self.speed() > 0:
            self.shake = 0.8
            self.flash = 0.6
        self._callout("YA BLEW IT!", CALLOUT_C, (255, 120, 80), 44, 1.4)
        self._highlight(int(ev.data["value"]), 0.7)
        self._claim_to_discard(beat, [int(c) for c in ev.data["cards"]], 0.6)
        self._hold(beat, 0.9)

    def _on_gamble_won(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._play("steal")
        self._callout("Won the gamble!", CALLOUT_C, seat_rgb(p), 34, 1.1)
        self._hold(beat, 0.5)

    def _on_safes(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        colours = [str(c) for c in ev.data["colours"]]
        owned = self.model.owned(p, SAFE)
        # The rules say which Safe guards which stack (older saves: the oldest Safes, in order).
        chosen = [int(c) for c in ev.data.get("safes", owned[: len(colours)])]
        starts = {s: self.area_pos(p, s) for s in owned}
        for s in owned:
            self.model.safes.pop(s, None)
        for k, (s, colour) in enumerate(zip(chosen, colours)):
            target = self.slot_rect(p, colour)
            dest = (target.centerx, self.rects[p].y + self._badge_y(len(self.model.stack(p, colour))))

            def land(s: int = s, colour: str = colour) -> None:
                self.model.safes[s] = colour

            self._fly(beat, s, starts[s], dest, land, size_a=TOKEN, size_b=art.BADGE, token=True,
                      delay=0.08 * k, duration=0.4, lift=24)
        self._hold(beat, 0.25)

    def _on_blast(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        lost = [int(c) for c in ev.data["lost"]]
        used = [int(c) for c in ev.data["safes_used"]]
        gone = sorted(set(lost) | set(used))
        starts = {c: self.area_pos(p, c) for c in gone}
        kinds = {c: card(c).kind for c in gone}
        for c in gone:
            self._to_discard_from_area(p, c)
        if gone:
            self._play("blast")
            if self.speed() > 0:
                self.panel_shake[p] = 1.0
        for k, c in enumerate(gone):
            small = art.MINI if kinds[c] in (GEM, WILD) else (art.BADGE if c in used else TOKEN)
            self._fly(beat, c, starts[c], DISCARD_C, lambda c=c: self._to_discard([c]), size_a=small,
                      token=kinds[c] not in (GEM, WILD), delay=0.12 + 0.06 * k, duration=0.55, lift=70)
        if lost:
            self._panel_callout(p, f"Boom! Lost {len(lost)}", (255, 130, 80), 28, 1.3)
        elif used:
            self._panel_callout(p, "Saved by a Safe", theme.GOOD, 26, 1.2)
        else:
            self._panel_callout(p, "Phew: nothing lost", theme.GOOD, 24, 1.1)
        self._hold(beat, 0.75)

    def _on_fire_done(self, ev: Event, beat: Beat) -> None:
        cid = self.model.fire_card
        if cid is not None:
            self.model.fire_card = None

            def land(c: int = cid) -> None:
                self.model.discard.append(c)

            self._fly(beat, cid, FIRE_C, DISCARD_C, land, duration=0.45, lift=40)
        self._hold(beat, 0.3)

    def _on_game_over(self, ev: Event, beat: Beat) -> None:
        self._announce_winners(ev, beat, ((CLAIM_X0 + CLAIM_X1) / 2, CLAIM_Y + 20), 52)

    def _panel_callout(self, p: int, text: str, colour: tuple[int, int, int], size: int,
                       duration: float) -> None:
        """Words about player p over their scoring area, where they hide no card, name or score:
        the free felt nearest the middle of the area, else the nearest free place on the table."""
        s = self.speed()
        if s <= 0:
            return
        r = self.rects[p]
        img = callout_image(text, size, colour)
        spot = placing.free_spot((r.centerx, r.y + 96), img.get_size(), self.covered_rects(),
                                 FELT_AREA, rise=CALLOUT_RISE)
        if spot is None:  # the table is full: over the area's header, which the callout outlives
            spot = (r.centerx, r.y + PANEL_HEAD // 2 + CALLOUT_RISE)
        self.callouts.append(Callout(img, spot, max(0.5, duration * s), rise=CALLOUT_RISE))

    def covered_rects(self) -> list[pygame.Rect]:
        """What floating words must leave visible: every card, name and score on the table, the
        deck and discard counts, the odds line and the buttons, and the words already floating."""
        # The scoring areas as they are shown, and as they will be once the cards on their way
        # (say, a Claim just kept) have landed: whichever holds more.
        shown, truth = self.model, TableModel.from_state(self.match.state)
        out: list[pygame.Rect] = []
        for p, r in enumerate(self.rects):
            out.append(pygame.Rect(r.x, r.y, r.w, PANEL_HEAD))       # name, who, the marker
            out.append(pygame.Rect(r.x, r.y, SLOT_X0, r.h))           # die, Cursed Gem, score
            for slot in SLOTS:
                count = max(len(shown.stack(p, slot)), len(truth.stack(p, slot)))
                if count:
                    sr = self.slot_rect(p, slot)
                    bottom = r.y + self.fan_positions(count)[-1] + art.MINI[1]
                    out.append(pygame.Rect(sr.centerx - art.MINI[0] // 2 - 2, sr.y, art.MINI[0] + 4,
                                           bottom - sr.y + 2))
            count = max(len(shown.specials(p)), len(truth.specials(p)))
            for i in range(count):
                x, y = self.special_pos(p, i, count)
                out.append(pygame.Rect(int(x) - TOKEN[0] // 2 - 2, int(y) - TOKEN[1] // 2 - 2, TOKEN[0] + 4,
                                       TOKEN[1] + 4))
        card_rect = pygame.Rect(0, 0, art.CARD[0] + 8, art.CARD[1] + 30)  # with its count under it
        for c in (DECK_C, FIRE_C, DISCARD_C):
            out.append(card_rect.move(c[0] - card_rect.w // 2, c[1] - art.CARD[1] // 2 - 4))
        # The Claim, with the words over it.
        out.append(pygame.Rect(CLAIM_X0, CLAIM_Y - art.CARD[1] // 2 - 20, CLAIM_X1 - CLAIM_X0, art.CARD[1] + 24))
        out.append(pygame.Rect(DIE_C[0] - 64, DIE_C[1] - 56, 128, 122))  # the die and who rolled it
        out.append(pygame.Rect((CLAIM_X0 + CLAIM_X1) // 2 - ODDS_W // 2, ODDS_Y - 10, ODDS_W, 20))
        out += [b.rect for _, b in self.buttons]
        for c in self.callouts:
            out.append(placing.flight(c.pos, c.image.get_size(), c.rise))
        return out

    # ------------------------------------------------------------------ truth
    def _sync(self) -> None:
        """Compare the caught-up model with the rules state, then take the state's word for it."""
        self._synced = True
        self._adopt_truth(TableModel.from_state(self.match.state))
        for p in range(self.n):
            if self.dice[p].out != self.model.out[p]:
                self.dice[p].set_out(self.model.out[p])
        if self.model.prospector >= 0 and not self.flyers:
            self.marker_pos = self.marker_home(self.model.prospector)
        # (No need to drop the panel pictures: each is keyed by everything it shows.)
        roll = getattr(self.match.state, "roll", None)
        turn = self.match.to_move()
        if roll and turn is not None and self.model.last_roll != (turn, roll["value"]):
            # A roll waiting for a re-roll decision (say, in a resumed game) shows on the die.
            self.model.last_roll = (turn, int(roll["value"]))
            self.big_die.roll(int(roll["value"]), 0)

    # ------------------------------------------------------------------ the frame
    def _animate(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt * 2.0)
        self.hl_time = max(0.0, self.hl_time - dt)
        for p in list(self.panel_shake):
            self.panel_shake[p] -= dt * 2.0
            if self.panel_shake[p] <= 0:
                del self.panel_shake[p]
        self.big_die.update(dt)
        for d in self.dice:
            d.update(dt)

    def _needs_sync(self) -> bool:
        # Never compared yet (a resumed game), or the opening never reached the table.
        return not self._synced or self.model.round_no == 0 or self.model.prospector < 0

    # ------------------------------------------------------------------ buttons and input
    def _prepare_human_turn(self) -> None:
        self._ensure_buttons()

    def _ensure_buttons(self) -> None:
        key = (len(self.match.actions), self.match.to_move())
        if key == self._buttons_key:
            return
        self._buttons_key = key
        state = self.match.state
        legal = self.match.legal_actions()
        specs: list[tuple[Action | None, str, int, bool]] = []
        if state.phase == FIRE_PHASE:
            self._init_safe_pick()
            specs.append((None, "Roll", pygame.K_r, True))
        else:
            for a in legal:
                label, k = ACTION_UI[a.kind]
                if a.kind == "roll" and state.phase == MINER:
                    label = "Roll to steal"
                specs.append((a, label, k, a.kind in PRIMARY))
        # Room for the label and, at the bottom right, the shortcut hint the Button draws.
        widths = [max(150, theme.font(20, True).size(lbl)[0] + 2 * theme.font(11).size(key_name(k))[0] + 44)
                  for _, lbl, k, _ in specs]
        total = sum(widths) + 16 * (len(widths) - 1)
        x = (CLAIM_X0 + CLAIM_X1) // 2 - total // 2
        self.buttons = []
        for (a, lbl, k, primary), w in zip(specs, widths):
            cb: Callable[[], None] = (lambda a=a: self._press(a))
            self.buttons.append((a, Button((x, BUTTON_Y, w, 44), lbl, cb, k, primary=primary)))
            x += w + 16

    def _press(self, action: Action | None) -> None:
        if self.app is not None:
            self.app.play("click")
        self._apply(action if action is not None else self._fire_action())

    def _init_safe_pick(self) -> None:
        p = self.match.to_move()
        key = (len(self.match.actions), p)
        if key == self._safe_pick_key or p is None:
            return
        self._safe_pick_key = key
        state = self.match.state
        stacks = state.stacks(p)
        safes = state.owned(p, SAFE)
        # Safes stay where they were put last time, if that stack is still there.
        placed = [state.safes[s] for s in safes if s in state.safes and state.safes[s] in stacks]
        self.safe_pick = [c for c in COLOURS if c in placed][: len(safes)]

    def _hint_spots(self, action: Action) -> list[pygame.Rect]:
        """The coach's best choice: its button; for the Fire, the stacks to put Safes on and Roll."""
        if action.kind == "fire":
            p = self.match.to_move()
            if p is None:
                return []
            return ([self.slot_rect(p, c) for c in action.args if c in COLOURS]
                    + [b.rect for a, b in self.buttons if a is None])
        return [b.rect for a, b in self.buttons if a == action]

    def _fire_action(self) -> Action:
        return Action("fire", tuple(c for c in COLOURS if c in self.safe_pick))

    def toggle_safe(self, colour: str) -> None:
        """Put a Safe on (or take it off) a colour stack of the player rolling for the Fire."""
        state = self.match.state
        p = self.match.to_move()
        if p is None or state.phase != FIRE_PHASE or not self.match.human_to_move():
            return
        safes = len(state.owned(p, SAFE))
        name = card_set().colour(colour).name
        if not safes:
            self._say("You have no Safe to place.")
            return
        if colour not in state.stacks(p):
            self._say(f"You have no {name} stack to protect.")
            return
        if colour in self.safe_pick:
            self.safe_pick.remove(colour)
        else:
            if len(self.safe_pick) >= safes:
                self.safe_pick.pop(0)  # move the oldest Safe over, rather than refusing
            self.safe_pick.append(colour)
        if self.app is not None:
            self.app.play("click")
        self._panel_cache.pop(p, None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._undo_click(event) or self._hint_click(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if self._table_key(event):
                return True
            if event.key == pygame.K_KP_ENTER:
                event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=event.mod,
                                           unicode="\r", scancode=0)
            if self.buttons and pygame.K_1 <= event.key <= pygame.K_6:
                self.toggle_safe(COLOURS[event.key - pygame.K_1])
                return True
        if event.type == pygame.MOUSEWHEEL and self._wheel_log(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.buttons:
            p = self.match.to_move()
            if p is not None and self.match.state.phase == FIRE_PHASE:
                for colour in COLOURS:
                    if self.slot_rect(p, colour).collidepoint(event.pos):
                        self.toggle_safe(colour)
                        return True
        if self.idle and self.match.human_to_move():
            for _, b in list(self.buttons):
                if b.handle_event(event):
                    return True
        return False

    # ------------------------------------------------------------------ the log
    def _log(self, ev: Event) -> None:
        if ev.kind in ("shuffle",):
            return
        p = ev.data.get("player")
        colour = seat_rgb(p) if isinstance(p, int) else theme.INK_DIM
        heading = ev.kind in ("round", "game_over", "fire_drawn")
        if ev.kind == "round":
            colour = theme.GOLD
        elif ev.kind in ("fire_drawn", "fire_done"):
            colour = (255, 170, 80)
        self.log_entries.append((ev.text, colour, heading))
        self.log_panel.add(ev.text, colour, heading)

    # ------------------------------------------------------------------ what to say
    def banner_segments(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The banner: whose decision it is and what they may do (or what is happening)."""
        m, state = self.match, self.match.state
        shown = self._event_on_show()
        if shown is not None:
            ev, p = shown
            who = m.seats[p].name if p is not None else ""
            if ev.kind in ("roll", "reroll"):
                why = {"steal": "to steal the Claim", "gamble": "on the gamble",
                       "fire": "for the Fire in the Hole"}.get(str(ev.data.get("why")), "")
                return [(who, seat_rgb(p or 0)), (f" rolls the Dynamite {why}…", theme.INK)]
            if ev.kind in ("fire_drawn", "safes", "blast", "fire_done"):
                return [("Fire in the Hole! ", (255, 170, 80)), (ev.text, theme.INK)]
            return [(ev.text, theme.INK)]
        if m.is_over():
            outcome = state.outcome()
            names = " and ".join(m.seats[w].name for w in outcome.winners)
            top = max(s.total for s in outcome.scores)
            verb = "wins" if len(outcome.winners) == 1 else "win"
            return [("Game over: ", theme.GOLD), (f"{names} {verb} with {top} points", theme.INK)]
        p = m.to_move()
        assert p is not None
        name, col = m.seats[p].name, seat_rgb(p)
        human = m.seats[p].is_human and not self.replay   # a replay speaks of the players
        you = ", you are" if human else " is"
        phase = state.phase
        if phase == MINER:
            tail = ": Roll to steal or Pass" if human else " deciding: roll to steal or pass…"
            return [(name, col), (f"{you} a Miner" + tail, theme.INK)]
        if phase == JUMPER_PHASE:
            tail = ": play a Claim Jumper to take the Claim now, or No" if human else " deciding on a Claim Jumper…"
            return [(name, col), (f"{you} the Prospector" + tail, theme.INK)]
        if phase == REROLL:
            roll = state.roll or {}
            v = roll.get("value", "?")
            if human:
                return [(name, col), (f", you rolled {v}: Use a Faulty Detonator to re-roll, or Keep roll", theme.INK)]
            return [(name, col), (f" rolled {v} and may re-roll with a Faulty Detonator…", theme.INK)]
        if phase == CHOICE:
            second = "Add cards" if state.miners_in() else "Gamble"
            tail = f": Keep the Claim or {second}" if human else f" deciding: keep or {second.lower()}…"
            return [(name, col), (f"{you} the Prospector" + tail, theme.INK)]
        if phase == GAMBLE:
            if human:
                opts = "Roll now or Draw another Gem" if state.gamble_gems == 1 else "Roll"
                return [(name, col), (f", you are gambling: {opts}", theme.INK)]
            tail = " and decides: roll now or draw another Gem…" if state.gamble_gems == 1 else " and rolls next…"
            return [(name, col), (" is gambling" + tail, theme.INK)]
        if phase == FIRE_PHASE:
            has_safes = self._can_place_safes(p)
            if human:
                tail = (": put Safes on stacks (click or 1-6), then Roll" if has_safes
                        else ", roll your Dynamite")
                return [("Fire in the Hole! ", (255, 170, 80)), (name, col), (tail, theme.INK)]
            return [("Fire in the Hole! ", (255, 170, 80)), (name, col), (" rolls next…", theme.INK)]
        return [(name, col)]

    def _event_on_show(self) -> tuple[Event, int | None] | None:
        """The event the table is showing, and its actor; None when it waits for a decision.

        Between a decision and the start of its first beat (a bot decides at the end of a frame)
        the table is already busy: it shows the event about to start, never the next prompt.
        """
        if self.idle:
            return None
        if self.beat is not None:
            return self.beat.event, self.beat.actor
        ev = self.pending[0] if self.pending else self._last_event
        if ev is None:
            return None
        p = ev.data.get("player")
        return ev, p if isinstance(p, int) else None

    def _can_place_safes(self, p: int) -> bool:
        """Whether p has a Safe and a Gem stack to put it on (the Fire in the Hole's 1-6 keys)."""
        state = self.match.state
        return bool(state.owned(p, SAFE)) and bool(state.stacks(p))

    def odds_text(self) -> str:
        """A helpful line under the Claim: the numbers that matter and the chances."""
        m = self.match
        if m.is_over() or not self.idle:
            return ""
        key = (len(m.actions), tuple(self.safe_pick))
        if self._odds_cache is None or self._odds_cache[0] != key:
            self._odds_cache = (key, self._odds_text())
        return self._odds_cache[1]

    def _odds_text(self) -> str:
        m, state = self.match, self.match.state
        phase = state.phase
        nums = sorted(state.claim_numbers())
        k = len(nums)
        worth = self._claim_worth(m.to_move())
        if phase == MINER:
            return f"Claim numbers: {numbers_text(nums)}  →  {k} in {SIDES} to steal  ·  {worth}"
        if phase == JUMPER_PHASE:
            return f"Claim Jumper: take the Claim now, {worth}  ·  No: each Miner steals {k} in {SIDES}"
        if phase == CHOICE:
            if state.miners_in():
                return f"Keep: {worth}  ·  Add: draw more, Miners may roll again"
            return f"Keep: {worth}  ·  Gamble: 1-2 more Gems; a match ({k} in {SIDES} now) loses all"
        if phase == GAMBLE:
            safe = SIDES - k
            more = "  ·  or draw another Gem first" if state.gamble_gems == 1 else ""
            return f"Claim numbers: {numbers_text(nums)}  →  a roll keeps it {safe} in {SIDES}{more}"
        if phase == REROLL:
            roll = state.roll or {}
            v, why = int(roll.get("value", 0)), roll.get("why")
            p = m.to_move() or 0
            if why == "steal":
                res = "steals the Claim" if v in nums else "misses"
                return f"A roll of {v} {res}  ·  a re-roll steals {k} in {SIDES}"
            if why == "gamble":
                res = "loses the Claim" if v in nums else "wins the Claim"
                return f"A roll of {v} {res}  ·  a re-roll wins {SIDES - k} in {SIDES}"
            placing = {sid: c for sid, c in state.safes.items() if sid in state.areas[p]}
            lost, _ = fire_losses(state.areas[p], placing, v)
            bad = sum(1 for x in range(1, SIDES + 1) if fire_losses(state.areas[p], placing, x)[0])
            what = ", ".join(CS.label(card(c)) for c in lost) if lost else "nothing"
            return f"A roll of {v} loses {what}  ·  a re-roll loses something {bad} in {SIDES}"
        if phase == FIRE_PHASE:
            p = m.to_move() or 0
            picks = self.safe_pick if m.human_to_move() else []
            placing = likely_placing(state.areas[p], state.owned(p, SAFE), [c for c in COLOURS if c in picks])
            risky = [x for x in range(1, SIDES + 1) if fire_losses(state.areas[p], placing, x)[0]]
            saved = [x for x in range(1, SIDES + 1) if fire_losses(state.areas[p], placing, x)[1]]
            text = f"Rolls that lose cards: {numbers_text(risky)} ({len(risky)} in {SIDES})"
            if saved:
                text += f"  ·  a Safe saves on {numbers_text(saved)}"
            return text
        return ""

    def _claim_worth(self, p: int | None) -> str:
        """'worth +3 to Bo': what taking the Claim now would do to p's score (Wilds placed best)."""
        if p is None:
            return ""
        state = self.match.state
        before = self.model.score(p)
        after_model = TableModel.from_state(state)
        after_model.areas[p] = list(state.areas[p]) + list(state.claim)
        delta = after_model.score(p) - before
        name = self.match.seats[p].name
        text = f"worth {delta:+d} to {name}"
        cursed = self.model.cursed_colour(p)
        if any(card(c).kind == GEM and card(c).colour == cursed for c in state.claim):
            text += f", holds cursed {CS.colour(cursed).name}"
        return text

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._bg(), (0, 0))
        self._draw_banner(surface)
        focus = self._focus_seat()
        for p in range(self.n):
            self._draw_panel(surface, p, focus == p)
        self._draw_marker(surface)
        self._draw_centre(surface)
        if self.spotlight is not None:
            cid, centre, size = self.spotlight
            img = art.card_face(card(cid), size, self._symbols())
            surface.blit(_shadow_rect(size), img.get_rect(center=(centre[0] + 6, centre[1] + 8)))
            surface.blit(img, img.get_rect(center=centre))
        for fl in self.flyers:
            self._draw_flyer(surface, fl)
        self._draw_buttons(surface)
        self._draw_callouts(surface)
        self._draw_log(surface)
        self._draw_footer(surface)
        self._draw_tooltip(surface)
        if self.flash > 0:
            a = self.flash
            surface.fill((int(120 * a), int(60 * a), int(10 * a)), special_flags=pygame.BLEND_RGB_ADD)
        self._draw_shake(surface, 10)

    def _focus_seat(self) -> int | None:
        if self.beat is not None:
            return self.beat.actor
        if self.idle:
            return self.match.to_move()
        return None

    def _bg(self) -> pygame.Surface:
        if self._background is None:
            self._background = _table_background()
        return self._background

    def _draw_banner(self, surface: pygame.Surface) -> None:
        tag = f"Round {self.model.round_no}" if self.model.round_no > 0 else "Ya Blew It!"
        surface.blit(banner_image(tuple(self.banner_segments()), tag, BANNER.size, 20, False), BANNER.topleft)

    def _panel_key(self, p: int) -> tuple[Any, ...]:
        m = self.model
        picking = (self.match.state.phase == FIRE_PHASE and self.idle and self.match.to_move() == p
                   and self.match.human_to_move())
        return (tuple(m.areas[p]), tuple(sorted((s, c) for s, c in m.safes.items() if s in m.areas[p])),
                m.cursed[p], m.out[p], tuple(self.safe_pick) if picking else None, self._symbols(),
                m.prospector == p)

    def _draw_panel(self, surface: pygame.Surface, p: int, focus: bool) -> None:
        # The focus moves from seat to seat with every beat: an area keeps its picture with and
        # without it until its contents change.
        key = self._panel_key(p)
        cached = self._panel_cache.get(p)
        if cached is None or cached[0] != key:
            cached = (key, {})
            self._panel_cache[p] = cached
        picture = cached[1].get(focus)
        if picture is None:
            picture = cached[1][focus] = self._render_panel(p, focus, key[4])
        r = self.rects[p]
        dx = 0
        if p in self.panel_shake:
            dx = int(math.sin(self.clock * 70) * 7 * self.panel_shake[p])
        surface.blit(picture, (r.x - 6 + dx, r.y - 6))
        if p in self.panel_shake:
            a = self.panel_shake[p]
            surface.fill((int(90 * a), int(30 * a), 0), r.move(dx, 0), special_flags=pygame.BLEND_RGB_ADD)
        die_c = self.die_pos(p)
        self.dice[p].draw(surface, (die_c[0] + dx, die_c[1]), lift=0.3)
        if self.model.out[p]:
            theme.text(surface, "OUT", (die_c[0] + dx, die_c[1] + 26), 12, theme.INK_DIM, bold=True,
                       anchor="center")

    def _render_panel(self, p: int, focus: bool, picks: tuple[str, ...] | None) -> pygame.Surface:
        """One scoring area, drawn once per change: name, score, Cursed Gem, stacks, specials."""
        m, seat = self.model, self.match.seats[p]
        r = self.rects[p]
        surf = pygame.Surface((r.w + 12, r.h + 12), pygame.SRCALPHA)
        body = pygame.Rect(6, 6, r.w, r.h)
        col = seat_rgb(p)
        symbols = self._symbols()
        if focus:
            for i, a in enumerate((40, 70, 110)):
                glow = body.inflate(10 - 3 * i, 10 - 3 * i)
                pygame.draw.rect(surf, (*theme.GOLD, a), glow, 3, border_radius=14)
        pygame.draw.rect(surf, (0, 0, 0, 90), body.move(0, 4), border_radius=12)
        pygame.draw.rect(surf, (40, 37, 36), body, border_radius=12)
        head = pygame.Rect(body.x, body.y, body.w, PANEL_HEAD)
        pygame.draw.rect(surf, art.shade(col, 0.62), head, border_top_left_radius=12, border_top_right_radius=12)
        pygame.draw.rect(surf, col, (body.x, body.y + 8, 5, body.h - 16), border_radius=2)
        pygame.draw.rect(surf, theme.GOLD if focus else theme.PANEL_EDGE, body, 2, border_radius=12)
        # Header: name and who plays it; the Prospector marker lands at its right end. The name
        # comes first: who plays it is left out when both do not fit.
        who = "human" if seat.is_human else f"{seat.level} bot"
        who_img: pygame.Surface | None = theme.font(12).render(who, True, art.tint(col, 0.35))
        room = body.w - 24 - (_marker_image().get_width() + 8 if m.prospector == p else 0)
        name = seat.name
        size = theme.fit_size(name, room - who_img.get_width() - 6, 18, 14, bold=True)
        if theme.width_of(name, size, True) + 6 + who_img.get_width() > room:
            name, size = theme.fit_name(seat.name, room, 18, 13)
            who_img = None
        name_img = theme.font(size, True).render(name, True, art.tint(col, 0.25))
        surf.blit(name_img, name_img.get_rect(midleft=(body.x + 12, body.y + PANEL_HEAD // 2)))
        if who_img is not None:
            surf.blit(who_img, who_img.get_rect(midleft=(body.x + 18 + name_img.get_width(),
                                                         body.y + PANEL_HEAD // 2 + 2)))
        # The score, in the bottom-left corner under the Cursed Gem.
        score = m.score(p)
        score_img = theme.font(22, True).render(str(score), True, theme.INK if score >= 0 else (255, 140, 130))
        surf.blit(score_img, score_img.get_rect(midtop=(body.x + 31, body.y + FAN_BOTTOM - 2)))
        pts = theme.font(11, True).render("points", True, theme.INK_DIM)
        surf.blit(pts, pts.get_rect(midbottom=(body.x + 31, body.bottom - 3)))
        # The Cursed Gem, under the die.
        cursed_colour = m.cursed_colour(p)
        if m.cursed[p] is not None:
            img = art.card_face(card(m.cursed[p]), art.CURSED_MINI, symbols)  # type: ignore[arg-type]
            surf.blit(img, img.get_rect(center=(self.cursed_pos(p)[0] - r.x + 6, self.cursed_pos(p)[1] - r.y + 6)))
        # The stacks.
        if picks is None:
            placed = m.placed_safes(p)
        else:
            # While a human chooses, show their choice as the rules will arrange it.
            placing = likely_placing(m.areas[p], m.owned(p, SAFE), [c for c in COLOURS if c in picks])
            placed = {colour: sid for sid, colour in placing.items()}
        for slot in SLOTS:
            sr = self.slot_rect(p, slot).move(-r.x + 6, -r.y + 6)
            stack = m.stack(p, slot)
            cursed = slot == cursed_colour
            if cursed:
                # The cursed colour's column: a faint red wash and a red rim (its Gems subtract).
                pygame.draw.rect(surf, (58, 34, 38), sr.inflate(-2, 0), border_radius=6)
                pygame.draw.rect(surf, (120, 44, 50), sr.inflate(-2, 0), 1, border_radius=6)
            if picks is not None and slot in COLOURS and stack:
                on = slot in picks
                pygame.draw.rect(surf, theme.GOLD if on else (96, 88, 70), sr.inflate(-1, 0), 2, border_radius=6)
                hint = theme.font(11, True).render(str(COLOURS.index(slot) + 1), True,
                                                   theme.GOLD if on else theme.INK_DIM)
                surf.blit(hint, hint.get_rect(midbottom=(sr.centerx, sr.bottom + 2)))
            if not stack:
                ghost = art.gem_icon(slot, 18, symbols).copy()
                ghost.set_alpha(50)
                surf.blit(ghost, ghost.get_rect(center=(sr.centerx, sr.y + 10)))
                continue
            chip = art.chip(slot, len(stack), 18, symbols, cursed=cursed)
            surf.blit(chip, chip.get_rect(center=(sr.centerx, sr.y + 10)))
            tops = self.fan_positions(len(stack))
            for c, top in zip(stack, tops):
                img = art.card_face(card(c), art.MINI, symbols)
                surf.blit(img, img.get_rect(midtop=(sr.centerx, top + 6)))
            guard = placed.get(slot)
            if guard is not None:
                badge = art.card_token(card(guard), art.BADGE)
                surf.blit(badge, badge.get_rect(center=(sr.centerx, self._badge_y(len(stack)) + 6)))
        # Specials: Faulty Detonators, Claim Jumpers, and Safes not on a stack.
        on_stacks = set(placed.values())
        specials = [c for c in m.areas[p] if card(c).kind in (DETONATOR, JUMPER)
                    or (card(c).kind == SAFE and c not in on_stacks)]
        for i, c in enumerate(specials):
            img = art.card_token(card(c), TOKEN)
            x, y = self.special_pos(p, i, len(specials))
            surf.blit(img, img.get_rect(center=(x - r.x + 6, y - r.y + 6)))

        return surf

    def _draw_marker(self, surface: pygame.Surface) -> None:
        if self.marker_pos is None:
            if self.model.prospector < 0:
                return
            self.marker_pos = self.marker_home(self.model.prospector)
        img = _marker_image()
        surface.blit(img, img.get_rect(center=(int(self.marker_pos[0]), int(self.marker_pos[1]))))

    def _draw_centre(self, surface: pygame.Surface) -> None:
        m = self.model
        symbols = self._symbols()
        # The deck, with a little thickness.
        back = art.card_back(art.CARD)
        layers = min(4, (m.deck + 9) // 10)
        for i in range(layers, 0, -1):
            surface.blit(back, back.get_rect(center=(DECK_C[0] + i * 1.5, DECK_C[1] + i * 1.5)))
        if m.deck:
            surface.blit(back, back.get_rect(center=DECK_C))
        else:
            pygame.draw.rect(surface, theme.INK_FAINT, back.get_rect(center=DECK_C), 2, border_radius=7)
        theme.text(surface, f"Deck {m.deck}", (DECK_C[0], DECK_C[1] + 58), 15, theme.INK, bold=True, anchor="midtop")
        # The Fire in the Hole in progress.
        if m.fire_card is not None:
            glow = 0.5 + 0.5 * math.sin(self.clock * 6)
            rect = pygame.Rect(0, 0, art.CARD[0] + 10, art.CARD[1] + 10)
            rect.center = FIRE_C
            pygame.draw.rect(surface, (255, int(120 + 80 * glow), 40), rect, 3, border_radius=10)
            img = art.card_face(card(m.fire_card), art.CARD, symbols)
            surface.blit(img, img.get_rect(center=FIRE_C))
        # The Claim.
        label = f"CLAIM · {plural(len(m.claim), 'card')}" if m.claim else "CLAIM"
        theme.text(surface, label, ((CLAIM_X0 + CLAIM_X1) // 2, 256), 14, theme.INK_DIM, bold=True, anchor="midtop")
        if not m.claim and not self.match.is_over():
            slot = pygame.Rect(0, 0, *art.CARD)
            slot.center = self.claim_pos(0, 1)
            pygame.draw.rect(surface, (60, 80, 74), slot, 2, border_radius=8)
        for i, c in enumerate(m.claim):
            img = art.card_face(card(c), art.CARD, symbols)
            rect = img.get_rect(center=self.claim_pos(i, len(m.claim)))
            if self.hl_time > 0 and card(c).number == self.hl_number:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 14)
                pygame.draw.rect(surface, (255, int(180 + 60 * pulse), 60), rect.inflate(10, 10), 4,
                                 border_radius=10)
            surface.blit(img, rect)
        # The Dynamite die in the middle: the latest roll, or one tumbling now.
        theme.text(surface, "DYNAMITE", (DIE_C[0], 256), 14, theme.INK_DIM, bold=True, anchor="midtop")
        self.big_die.draw(surface, DIE_C, lift=1.0)
        if m.last_roll is not None and not self.big_die.rolling:
            p, v = m.last_roll
            # Between the Claim's last card and the discard pile.
            name, size = theme.fit_name(self.match.seats[p].name, 128, 14, 11)
            theme.text(surface, name, (DIE_C[0], DIE_C[1] + 46), size, seat_rgb(p), bold=True, anchor="midtop")
        # The discard pile.
        if m.discard:
            top = art.card_face(card(m.discard[-1]), art.CARD, symbols)
            surface.blit(top, top.get_rect(center=DISCARD_C))
        else:
            rect = pygame.Rect(0, 0, *art.CARD)
            rect.center = DISCARD_C
            pygame.draw.rect(surface, (60, 80, 74), rect, 2, border_radius=8)
        theme.text(surface, f"Discard {len(m.discard)}", (DISCARD_C[0], DISCARD_C[1] + 58), 15, theme.INK_DIM,
                   bold=True, anchor="midtop")
        odds = self.odds_text()
        if odds:
            # Between the deck's and the discard pile's counts: smaller type before any cut.
            size = theme.fit_size(odds, ODDS_W, 16, 13)
            theme.text(surface, fit(odds, ODDS_W, size), ((CLAIM_X0 + CLAIM_X1) // 2, ODDS_Y), size, theme.FOCUS,
                       anchor="center")

    def _draw_flyer(self, surface: pygame.Surface, fl: Flyer) -> None:
        if not fl.visible:
            return
        t = fl.t
        pos = arc(fl.a, fl.b, t, fl.lift)
        w = lerp(fl.size_a[0], fl.size_b[0], t)
        h = lerp(fl.size_a[1], fl.size_b[1], t)
        face_up = True
        xscale = 1.0
        if fl.flip:
            # Turn over around the middle of the flight: the width shrinks to nothing and back.
            xscale = abs(math.cos(math.pi * min(1.0, t * 1.6)))
            face_up = t * 1.6 >= 0.5
        if fl.cid is None or not face_up:
            base = art.card_back(art.CARD)
        elif fl.token and max(fl.size_a[1], fl.size_b[1]) <= 56:
            base = art.card_token(card(fl.cid), TOKEN)
        else:
            widest = max(fl.size_a, fl.size_b)
            if widest[0] > art.CARD[0]:
                base = art.card_face(card(fl.cid), widest, self._symbols())  # drawn big, not blown up
            else:
                big = widest[0] > art.MINI[0] + 10
                base = art.card_face(card(fl.cid), art.CARD if big else art.MINI, self._symbols())
        size = (max(2, int(w * xscale)), max(2, int(h)))
        img = pygame.transform.smoothscale(base, size) if size != base.get_size() else base
        shadow = _shadow_rect(size)
        surface.blit(shadow, shadow.get_rect(center=(int(pos[0]) + 5, int(pos[1]) + 7)))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        if not self.buttons or not self.idle:
            return
        for _, b in self.buttons:
            b.draw(surface)

    def card_at(self, pos: tuple[int, int]) -> tuple[int, int | None] | None:
        """The card under `pos` and the seat whose area it is in (None: the middle of the table)."""
        m = self.model
        x, y = pos
        for i in range(len(m.claim) - 1, -1, -1):
            rect = pygame.Rect(0, 0, *art.CARD)
            rect.center = (int(self.claim_pos(i, len(m.claim))[0]), CLAIM_Y)
            if rect.collidepoint(pos):
                return m.claim[i], None
        for cid, centre in ((m.fire_card, FIRE_C), (m.discard[-1] if m.discard else None, DISCARD_C)):
            rect = pygame.Rect(0, 0, *art.CARD)
            rect.center = centre
            if cid is not None and rect.collidepoint(pos):
                return cid, None
        for p, r in enumerate(self.rects):
            if not r.collidepoint(pos):
                continue
            cx, cy = self.cursed_pos(p)
            if m.cursed[p] is not None and abs(x - cx) <= 20 and abs(y - cy) <= 28:
                return m.cursed[p], p  # type: ignore[return-value]
            specials = m.specials(p)
            for i in range(len(specials) - 1, -1, -1):
                sx, sy = self.special_pos(p, i, len(specials))
                if abs(x - sx) <= TOKEN[0] / 2 and abs(y - sy) <= TOKEN[1] / 2:
                    return specials[i], p
            for colour, s_cid in m.placed_safes(p).items():
                sx, sy = self.area_pos(p, s_cid)
                if abs(x - sx) <= art.BADGE[0] / 2 and abs(y - sy) <= art.BADGE[1] / 2:
                    return s_cid, p
            for slot in SLOTS:
                sr = self.slot_rect(p, slot)
                if not sr.collidepoint(pos):
                    continue
                stack = m.stack(p, slot)
                tops = self.fan_positions(len(stack))
                for i in range(len(stack) - 1, -1, -1):
                    top = r.y + tops[i]
                    if top <= y <= top + art.MINI[1] and abs(x - sr.centerx) <= art.MINI[0] / 2:
                        return stack[i], p
        return None

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if self.mouse is None or self.flyers:
            return
        hit = self.card_at(self.mouse)
        if hit is None:
            return
        cid, p = hit
        self._draw_tooltip_text(surface, describe(cid, self.model.cursed_colour(p) if p is not None else ""), 300)

    def _draw_footer(self, surface: pygame.Surface) -> None:
        if self.message_time > 0:
            theme.text(surface, fit(self.message, FOOTER.w - 20, 17), FOOTER.center, 17, theme.DANGER, bold=True,
                       anchor="center")
            return
        theme.text(surface, fit(self.footer_hint(), FOOTER.w - 20, 14), FOOTER.center, 14, theme.INK_FAINT,
                   anchor="center")

    def footer_hint(self) -> str:
        """The keys line under the table: what the buttons' keys do, and the keys always there."""
        hint = "Esc menu  ·  F1 rules  ·  Space skip animation" if not self.idle else "Esc menu  ·  F1 rules"
        if self.replay:
            hint = "F1 rules"  # the replay viewer says its own keys
        if self.buttons and self.idle:
            keys = "  ".join(f"{key_name(b.key)} {b.label}" for _, b in self.buttons)
            hint = f"{keys}   ·   {hint}"
            p = self.match.to_move()
            if self.match.state.phase == FIRE_PHASE and p is not None and self._can_place_safes(p):
                hint = f"1-6 place Safes  ·  {hint}"
        return hint


# ============================================================================ words for cards
def describe(cid: int, cursed_colour: str = "") -> str:
    """What a card is and does, for the tooltip: 'Safe 5: ...'."""
    k = card(cid)
    label = CS.label(k)
    if k.kind == GEM:
        name = CS.colour(k.colour).name
        text = f"{label}: scores with the other {name} Gems"
        if k.colour == cursed_colour:
            text = f"{label}: this player's cursed colour, so it subtracts"
    elif k.kind == WILD:
        text = f"{label}: counts as any colour at the end, whichever scores best"
    elif k.kind == DETONATOR:
        text = f"{label}: re-roll your Dynamite once, then discard it"
    elif k.kind == SAFE:
        text = f"{label}: in a Fire in the Hole it takes the hit for one Gem of the stack it guards"
    elif k.kind == JUMPER:
        text = f"{label}: as Prospector, take the Claim before the Miners roll"
    elif k.kind == CURSED:
        name = CS.colour(k.colour).name
        text = f"{label}: {name} Gems subtract points for this player"
    else:
        text = f"{label}: everyone rolls and loses their cards with that number"
    if k.number:
        text += f" · lost on a Fire in the Hole roll of {k.number}"
    return text


# ============================================================================ cached pictures
@lru_cache(maxsize=8)
def _shadow_rect(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 80), surf.get_rect(), border_radius=8)
    return surf


@lru_cache(maxsize=1)
def _marker_image() -> pygame.Surface:
    """The Prospector marker: a gold pill with a lantern-yellow gem and the word."""
    f = theme.font(12, True)
    label = f.render("PROSPECTOR", True, (40, 26, 6))
    w, h = label.get_width() + 30, 20
    surf = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    body = pygame.Rect(2, 2, w, h)
    pygame.draw.rect(surf, (0, 0, 0, 120), body.move(0, 2), border_radius=10)
    pygame.draw.rect(surf, theme.GOLD, body, border_radius=10)
    pygame.draw.rect(surf, theme.GOLD_DARK, body, 2, border_radius=10)
    gem = art.gem_icon("yellow", 14, False)
    surf.blit(gem, (body.x + 5, body.y + 3))
    surf.blit(label, (body.x + 23, body.y + 3))
    return surf


def _table_background() -> pygame.Surface:
    """Felt with a timber rim, drawn once."""
    surf = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    surf.fill(theme.BG_DEEP)
    felt = pygame.Rect(0, 0, 1008, theme.HEIGHT)
    grad = theme.vertical_gradient(felt.size, (40, 58, 52), (28, 42, 38))
    surf.blit(grad, felt)
    # A soft light in the middle of the table, where the Claim is.
    glow = pygame.Surface((900, 300), pygame.SRCALPHA)
    for i in range(12):
        a = 6
        pygame.draw.ellipse(glow, (120, 160, 140, a), glow.get_rect().inflate(-i * 60, -i * 22))
    surf.blit(glow, glow.get_rect(center=(CENTRE.centerx, CENTRE.centery)))
    pygame.draw.rect(surf, (52, 36, 24), felt, 6)
    pygame.draw.line(surf, (92, 66, 40), (felt.right - 3, 0), (felt.right - 3, theme.HEIGHT), 2)
    centre = CENTRE.inflate(0, -6)
    pygame.draw.rect(surf, (30, 46, 41), centre, border_radius=14)
    pygame.draw.rect(surf, (58, 80, 70), centre, 1, border_radius=14)
    return surf
