"""How the Ya Blew It! table looks: its layout, its display model and its drawing.

`YaBlewItTable` (ya_blew_it.py) is the scene: the beats that catch the display up with the events,
the buttons and the input. This module holds what it draws with: the places on the table
(geometry, as methods of the scene), the display model (`TableModel`), the cards in flight
(`Flyer`), the words under the Claim (the odds line) and `TableDrawing`, the scene's drawing
methods. Drawing is a function of the model and the clock.

Layout (1280 x 720): the banner on top; the players' scoring areas in a row above and a row below
the middle band (the deck, the Fire in the Hole, the Claim, the die and the discards); the
buttons under the Claim; the log on the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, cast

import pygame

from game.core.contract import Action, Event
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
from game.ui.tables.base import TableHost, banner_image, draw_name_and_tag, fit, seat_rgb, seat_tag
from game.ui.tween import arc, lerp
from game.ui.widgets import Button, key_name


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


# ============================================================================ places and drawing
class TableDrawing(TableHost):
    """The Ya Blew It! scene's places on the table and its drawing (mixed into `YaBlewItTable`)."""

    # (Set by the scene.)
    match: Any
    model: TableModel
    flyers: list[Flyer]
    flash: float
    panel_shake: dict[int, float]
    hl_number: int
    hl_time: float
    spotlight: tuple[int, tuple[int, int], tuple[int, int]] | None
    buttons: list[tuple[Action | None, Button]]
    safe_pick: list[str]
    _odds_cache: tuple[Any, str] | None
    _panel_cache: dict[int, tuple[Any, dict[bool, pygame.Surface]]]
    _background: pygame.Surface | None
    rects: list[pygame.Rect]
    dice: list[DieSprite]
    big_die: DieSprite
    marker_pos: tuple[float, float] | None

    if TYPE_CHECKING:   # (The game's own table's answers, beyond TableScene's: declared for the
        # checker only, so that nothing here can shadow the scene's own at run time.)
        def _symbols(self) -> bool: ...
        def _event_on_show(self) -> tuple[Event, int | None] | None: ...
        def _can_place_safes(self, p: int) -> bool: ...

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

    def die_pos(self, p: int) -> tuple[int, int]:
        r = self.rects[p]
        return (r.x + 31, r.y + 58)

    def marker_home(self, p: int) -> tuple[float, float]:
        r = self.rects[p]
        return (r.right - 6 - _marker_image().get_width() / 2, r.y + 15)

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
        for centre in (DECK_C, FIRE_C, DISCARD_C):
            out.append(card_rect.move(centre[0] - card_rect.w // 2, centre[1] - art.CARD[1] // 2 - 4))
        # The Claim, with the words over it.
        out.append(pygame.Rect(CLAIM_X0, CLAIM_Y - art.CARD[1] // 2 - 20, CLAIM_X1 - CLAIM_X0, art.CARD[1] + 24))
        out.append(pygame.Rect(DIE_C[0] - 64, DIE_C[1] - 56, 128, 122))  # the die and who rolled it
        out.append(pygame.Rect((CLAIM_X0 + CLAIM_X1) // 2 - ODDS_W // 2, ODDS_Y - 10, ODDS_W, 20))
        out += [b.rect for _, b in self.buttons]
        for c in self.callouts:
            out.append(placing.flight(c.pos, c.image.get_size(), c.rise))
        return out

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
            if human and m.formality() is not None:   # (kept for them in a moment)
                return [(name, col), (f", you rolled {v}: no re-roll could do better", theme.INK)]
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

    def odds_text(self) -> str:
        """A helpful line under the Claim: the numbers that matter and the chances."""
        m = self.match
        if m.is_over() or not self.idle:
            return ""
        key = (len(m.actions), tuple(self.safe_pick))
        if self._odds_cache is None or self._odds_cache[0] != key:
            # The line as said whole where it fits its room (at the smallest size drawn), else in
            # its shorter form: the end of it is what matters ("… loses all" was cut).
            text = self._odds_text()
            if theme.width_of(text, 13) > ODDS_W:
                text = self._odds_text(short=True)
            self._odds_cache = (key, text)
        return self._odds_cache[1]

    def _odds_text(self, short: bool = False) -> str:
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
            if short:
                return f"Keep: {worth}  ·  Gamble: a match ({k} in {SIDES}) loses all"
            return f"Keep: {worth}  ·  Gamble: 1-2 more Gems; a match ({k} in {SIDES} now) loses all"
        if phase == GAMBLE:
            safe = SIDES - k
            more = "  ·  or draw another Gem first" if state.gamble_gems == 1 else ""
            return f"Claim numbers: {numbers_text(nums)}  →  a roll keeps it {safe} in {SIDES}{more}"
        if phase == REROLL:
            roll = state.roll or {}
            v, why = int(roll.get("value", 0)), roll.get("why")
            p = m.to_move() or 0
            formal = m.formality() is not None   # (kept for the player: no re-roll odds to weigh)
            if why == "steal":
                res = "steals the Claim" if v in nums else "misses"
                return f"A roll of {v} {res}" + ("" if formal else f"  ·  a re-roll steals {k} in {SIDES}")
            if why == "gamble":
                res = "loses the Claim" if v in nums else "wins the Claim"
                return f"A roll of {v} {res}" + ("" if formal else f"  ·  a re-roll wins {SIDES - k} in {SIDES}")
            placing = {sid: c for sid, c in state.safes.items() if sid in state.areas[p]}
            lost, _ = fire_losses(state.areas[p], placing, v)
            bad = sum(1 for x in range(1, SIDES + 1) if fire_losses(state.areas[p], placing, x)[0])
            what = ", ".join(CS.label(card(c)) for c in lost) if lost else "nothing"
            return f"A roll of {v} loses {what}" + ("" if formal else f"  ·  a re-roll loses something {bad} in {SIDES}")
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
            return cast("int | None", self.match.to_move())
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
        # The stacks carry their Safe keys only for a player who has a Safe to place.
        picking = (self.match.state.phase == FIRE_PHASE and self.idle and self.match.to_move() == p
                   and self.match.human_to_move() and self._can_place_safes(p))
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
        # Header: name and who plays it; the Prospector marker lands at its right end.
        room = body.w - 24 - (_marker_image().get_width() + 8 if m.prospector == p else 0)
        draw_name_and_tag(surf, seat.name, seat_tag(seat), (body.x + 12, body.y + PANEL_HEAD // 2), room,
                          art.tint(col, 0.25), art.tint(col, 0.35), 18, 13)
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
            # (Measured bold, as it is drawn; a long refusal is set smaller before it is cut.)
            size = theme.fit_size(self.message, FOOTER.w - 20, 17, 13, True)
            theme.text(surface, fit(self.message, FOOTER.w - 20, size, True), FOOTER.center, size, theme.DANGER,
                       bold=True, anchor="center")
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
