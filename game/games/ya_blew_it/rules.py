"""Ya Blew It! rules: pure Python, no drawing. Interpretations: docs/rules/ya_blew_it.md.

The state machine stops only where a seat has a decision; everything else (drawing the Claim,
passing the Prospector marker) happens on its own inside `apply`. Decision phases:

- ``jumper``  the Prospector may play a Claim Jumper after a Gem is revealed (`jump` / `nojump`)
- ``miner``   a Miner still in the round rolls to steal or passes (`roll` / `pass`)
- ``reroll``  after any roll, its roller may spend a Faulty Detonator (`reroll` / `accept`)
- ``choice``  nobody stole: the Prospector keeps, adds cards, or gambles (`keep` / `add` / `gamble`)
- ``gamble``  after the first gamble Gem: roll now or draw for a second Gem (`roll` / `draw`)
- ``fire``    a Fire in the Hole: place Safes and roll (`fire` or `fire:red,blue`)
"""

from __future__ import annotations

import json
from itertools import combinations, permutations
from typing import Any, Mapping, Sequence

from game.core.contract import (
    Action,
    BadSave,
    Event,
    GameConfig,
    GameInfo,
    GameState,
    IllegalAction,
    Outcome,
    PlayerScore,
    View,
    first_player,
)
from game.core.parse import quoted
from game.core.rng import Rng
from game.core.words import and_list, plural
from game.games.ya_blew_it.cards import (
    CURSED,
    DETONATOR,
    FIRE,
    GEM,
    JUMPER,
    SAFE,
    WILD,
    Card,
    card_set,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# Events that show what chance decided (a card turned over, a die rolled): an action that caused
# one cannot be taken back.
REVEALING = frozenset({"draw", "fire_drawn", "roll", "reroll"})

JUMPER_PHASE = "jumper"
MINER = "miner"
REROLL = "reroll"
CHOICE = "choice"
GAMBLE = "gamble"
FIRE_PHASE = "fire"
OVER = "over"
PHASES = (JUMPER_PHASE, MINER, REROLL, CHOICE, GAMBLE, FIRE_PHASE, OVER)

# Where a paused draw carries on after a Fire in the Hole.
DRAW_CLAIM = "claim"
DRAW_GAMBLE = "gamble"

# Points for a colour with 0, 1, ... 6 Gems; six or more score 20.
CHART = (0, 1, 3, 6, 10, 15, 20)

ROLL = Action("roll")
PASS = Action("pass")
JUMP = Action("jump")
NOJUMP = Action("nojump")
REROLL_ACTION = Action("reroll")
ACCEPT = Action("accept")
KEEP = Action("keep")
ADD = Action("add")
GAMBLE_ACTION = Action("gamble")
DRAW = Action("draw")

# Each card's kind, colour and number by id, read once from the card set: the engine's hot loops
# look cards up here instead of going through `Card` objects.
_CARDS = card_set().cards
KIND = tuple(c.kind for c in _CARDS)
COLOUR = tuple(c.colour for c in _CARDS)
NUMBER = tuple(c.number for c in _CARDS)
IS_GEM = tuple(c.is_gem for c in _CARDS)
COLOUR_KEYS = tuple(c.key for c in card_set().colours)
SIDES = card_set().sides


def chart_points(count: int) -> int:
    """Points for `count` Gems of one colour on the 1/3/6/10/15/20 chart."""
    return CHART[min(count, 6)]


def best_wild_assignment(
    counts: Mapping[str, int], wilds: int, cursed: str, colours: tuple[str, ...]
) -> tuple[int, dict[str, int]]:
    """The best total and the number of Wild Gems to give each colour.

    Exhaustive over every split (dynamic programming), so it is right whatever the chart's shape;
    the cursed colour is included and simply never wins, since Gems there subtract.
    """

    def value(colour: str, n: int) -> int:
        pts = chart_points(n)
        return -pts if colour == cursed else pts

    # best[k] = (score, assignment) using the colours seen so far and exactly k wilds.
    best: list[tuple[int, dict[str, int]] | None] = [(0, {})] + [None] * wilds
    for colour in colours:
        base = counts.get(colour, 0)
        nxt: list[tuple[int, dict[str, int]] | None] = [None] * (wilds + 1)
        for used, entry in enumerate(best):
            if entry is None:
                continue
            score, assign = entry
            for extra in range(wilds - used + 1):
                total = score + value(colour, base + extra)
                slot = nxt[used + extra]
                if slot is None or total > slot[0]:
                    new_assign = dict(assign)
                    if extra:
                        new_assign[colour] = extra
                    nxt[used + extra] = (total, new_assign)
        best = nxt
    final = best[wilds]
    assert final is not None
    return final


def fire_losses(area: list[int], placing: Mapping[int, str], value: int) -> tuple[list[int], list[int]]:
    """Cards of a scoring area lost to a Fire in the Hole roll of `value`, and the Safes spent.

    `placing` maps Safe card ids to the colour stack each guards. A Safe spent guarding is
    discarded instead of the Gem; a Safe whose own number comes up is lost like any card.
    """
    guards = {colour: sid for sid, colour in placing.items() if sid in area}
    lost: list[int] = []
    used: list[int] = []
    for cid in area:
        if NUMBER[cid] != value:
            continue
        guard = guards.get(COLOUR[cid]) if KIND[cid] == GEM else None
        if guard is not None and guard not in used:
            used.append(guard)
        else:
            lost.append(cid)
    return [c for c in lost if c not in used], used


def best_safe_placing(area: list[int], safes: list[int], colours: tuple[str, ...]) -> dict[int, str]:
    """Which of `safes` guards which of the chosen `colours` stacks.

    The player picks the stacks; which Safe goes on which only matters when a Safe's own
    number is rolled, and we make the choice a careful player would make before the roll: the
    arrangement with the fewest cards lost over all faces of the die (oldest Safes first on a
    tie). See docs/rules/ya_blew_it.md, "Which Safe guards which stack".
    """
    best: dict[int, str] = {}
    best_loss = -1
    for chosen in permutations(safes, len(colours)):
        placing = dict(zip(chosen, colours))
        loss = sum(len(fire_losses(area, placing, v)[0]) for v in range(1, SIDES + 1))
        if best_loss < 0 or loss < best_loss:
            best, best_loss = placing, loss
    return best


# Each move in words, as a refusal names it ("Gambling is not a move now: ...").
MOVE_WORDS = {
    "roll": "Rolling", "pass": "Passing", "keep": "Keeping the Claim", "add": "Adding cards",
    "gamble": "Gambling", "draw": "Drawing another Gem", "jump": "Playing a Claim Jumper",
    "nojump": "Keeping the Claim Jumper", "reroll": "Re-rolling with a Faulty Detonator",
    "accept": "Keeping the roll", "fire": "Rolling for the Fire in the Hole",
}


class YaBlewItState(GameState):
    """A position of Ya Blew It!. `deck[-1]` is the top card; `deck[0]` the final Fire in the Hole."""

    __slots__ = (
        "config", "rng", "deck", "claim", "areas", "cursed", "safes", "discard", "box",
        "prospector", "out", "phase", "turn", "miner_queue", "fire_queue", "resume",
        "gamble_gems", "roll", "final", "fire_card", "round_no", "fires_resolved",
        "_ev",
    )

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.rng = Rng(0)
        self.deck: list[int] = []
        self.claim: list[int] = []
        self.areas: list[list[int]] = [[] for _ in range(config.players)]
        self.cursed: list[int] = []
        self.safes: dict[int, str] = {}
        self.discard: list[int] = []
        self.box: list[int] = []
        self.prospector = 0
        self.out: list[bool] = [False] * config.players
        self.phase = MINER
        self.turn = 0
        self.miner_queue: list[int] = []
        self.fire_queue: list[int] = []
        self.resume = DRAW_CLAIM
        self.gamble_gems = 0
        self.roll: dict[str, Any] | None = None
        self.final = False
        self.fire_card: int | None = None
        self.round_no = 1
        self.fires_resolved = 0
        self._ev: list[Event] | None = []   # None on the fast path (`advance`): no events kept

    # ----------------------------------------------------------------- helpers
    @property
    def n(self) -> int:
        return self.config.players

    @staticmethod
    def card(cid: int) -> Card:
        return card_set().cards[cid]

    def name(self, p: int) -> str:
        return self.config.name(p)

    def label(self, cid: int) -> str:
        return card_set().label(self.card(cid))

    def cursed_colour(self, p: int) -> str:
        return self.card(self.cursed[p]).colour

    def owned(self, p: int, kind: str) -> list[int]:
        """Cards of `kind` in player p's scoring area, oldest first."""
        return [c for c in self.areas[p] if KIND[c] == kind]

    def stacks(self, p: int) -> list[str]:
        """Colours in which player p has at least one coloured Gem, in colour order."""
        have = {COLOUR[c] for c in self.areas[p] if KIND[c] == GEM}
        return [key for key in COLOUR_KEYS if key in have]

    def claim_numbers(self) -> set[int]:
        return {NUMBER[c] for c in self.claim if NUMBER[c]}

    def claim_has_gem(self) -> bool:
        return any(IS_GEM[c] for c in self.claim)

    def miners_in(self) -> list[int]:
        """Miners still in the round, clockwise from the Prospector's left."""
        n, first, out = self.config.players, self.prospector, self.out
        return [q for q in ((first + k) % n for k in range(1, n)) if not out[q]]

    def _set_area(self, p: int, cards: list[int]) -> None:
        """Give player p's scoring area `cards`, a list no other state holds."""
        areas = self.areas[:]
        areas[p] = cards
        self.areas = areas

    def _emit(self, kind: str, text: str, visible_to: frozenset[int] | None = None, **data: Any) -> None:
        """Record an event; callers skip this (and building its text) when `_ev` is None, as it is
        on the fast path (`advance`), which keeps no events."""
        assert self._ev is not None   # every caller checks first (see above)
        self._ev.append(Event(kind, text, data, visible_to, reveals=kind in REVEALING))

    # ----------------------------------------------------------------- contract
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def progress(self) -> str:
        if self.phase == OVER:
            return "Game over"
        return f"Round {self.round_no}, {len(self.deck)} cards left"

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == MINER:
            return [ROLL, PASS]
        if phase == JUMPER_PHASE:
            return [JUMP, NOJUMP]
        if phase == REROLL:
            return [REROLL_ACTION, ACCEPT]
        if phase == CHOICE:
            return [KEEP, ADD] if self.miners_in() else [KEEP, GAMBLE_ACTION]
        if phase == GAMBLE:
            return [ROLL, DRAW] if self.gamble_gems == 1 else [ROLL]
        if phase == FIRE_PHASE:
            return self._fire_actions(self.turn)
        return []

    def _fire_actions(self, p: int) -> list[Action]:
        safes = len(self.owned(p, SAFE))
        stacks = self.stacks(p)
        actions = []
        for size in range(0, min(safes, len(stacks)) + 1):
            for combo in combinations(stacks, size):
                actions.append(Action("fire", tuple(combo)))
        return actions

    def explain_illegal(self, action: Action) -> str:
        """What the player to move may do instead, after the move asked for, named in words."""
        who = self.name(self.turn)
        doing = {
            MINER: f"{who}, a Miner, may roll to steal the Claim or pass",
            JUMPER_PHASE: f"{who}, the Prospector, may play a Claim Jumper or not",
            REROLL: f"{who} may re-roll with a Faulty Detonator or accept the roll",
            CHOICE: f"{who}, the Prospector, may keep the Claim or "
                    + ("add cards" if self.miners_in() else "gamble"),
            GAMBLE: f"{who} is gambling and must roll" + (" or draw for a second Gem"
                                                           if self.gamble_gems == 1 else ""),
            FIRE_PHASE: f"{who} must roll for the Fire in the Hole (placing Safes first)",
        }.get(self.phase, "the game is over")
        if action.kind == "fire" and self.phase == FIRE_PHASE:
            colours = [c.key for c in card_set().colours]
            bad = [a for a in action.args if a not in self.stacks(self.turn)]
            if bad:
                known = [a for a in bad if a in colours]
                if known:
                    return f"{who} has no Gem stack of {known[0]} to put a Safe on"
                return f"{bad[0]!r} is not a gem colour"
            if len(set(action.args)) != len(action.args):
                return "each Safe protects a different colour stack"
            if len(action.args) > len(self.owned(self.turn, SAFE)):
                return f"{who} has only {plural(len(self.owned(self.turn, SAFE)), 'Safe')}"
            if list(action.args) != [c for c in colours if c in action.args]:
                return "name the Safe colours in colour order: " + ",".join(colours)
        what = MOVE_WORDS.get(action.kind)
        if what is None:
            return f"{quoted(action)} is no move of Ya Blew It!: {doing}"
        return f"{what} is not a move now: {doing}"

    def copy(self) -> "YaBlewItState":
        s = YaBlewItState.__new__(YaBlewItState)
        s.config = self.config
        s.rng = self.rng.copy()
        s.deck = self.deck[:]
        s.claim = self.claim[:]
        s.areas = [a[:] for a in self.areas]
        s.cursed = self.cursed[:]
        s.safes = dict(self.safes)
        s.discard = self.discard[:]
        s.box = self.box[:]
        s.prospector = self.prospector
        s.out = self.out[:]
        s.phase = self.phase
        s.turn = self.turn
        s.miner_queue = self.miner_queue[:]
        s.fire_queue = self.fire_queue[:]
        s.resume = self.resume
        s.gamble_gems = self.gamble_gems
        s.roll = dict(self.roll) if self.roll else None
        s.final = self.final
        s.fire_card = self.fire_card
        s.round_no = self.round_no
        s.fires_resolved = self.fires_resolved
        s._ev = []
        return s

    def _fork(self) -> "YaBlewItState":
        """A copy that shares this state's lists and dicts. The rules never change a list or dict
        in place that they did not make for this state (they build a new one and assign it), so
        playing on the fork leaves this state as it was; only the fast path uses it."""
        s = YaBlewItState.__new__(YaBlewItState)
        s.config = self.config
        s.rng = Rng(self.rng.state)
        s.deck = self.deck
        s.claim = self.claim
        s.areas = self.areas
        s.cursed = self.cursed
        s.safes = self.safes
        s.discard = self.discard
        s.box = self.box
        s.prospector = self.prospector
        s.out = self.out
        s.phase = self.phase
        s.turn = self.turn
        s.miner_queue = self.miner_queue
        s.fire_queue = self.fire_queue
        s.resume = self.resume
        s.gamble_gems = self.gamble_gems
        s.roll = self.roll
        s.final = self.final
        s.fire_card = self.fire_card
        s.round_no = self.round_no
        s.fires_resolved = self.fires_resolved
        s._ev = None
        return s

    def advance(self, action: Action) -> "YaBlewItState":
        """The trusted fast path (see `GameState.advance`): the same state `apply` gives, with no
        check and no events built."""
        nxt = self._fork()
        nxt._apply(action)
        nxt._ev = []
        return nxt

    def _apply(self, action: Action) -> list[Event]:
        loud = self._ev is not None
        phase, p = self.phase, self.turn
        if phase == MINER:
            if action.kind == "roll":
                self._roll(p, "steal")
            else:
                if loud:
                    self._emit("pass", f"{self.name(p)} passed", player=p)
                self._next_miner()
        elif phase == JUMPER_PHASE:
            if action.kind == "jump":
                jumper = self.owned(p, JUMPER)[0]
                area = self.areas[p][:]
                area.remove(jumper)
                self._set_area(p, area)
                self.discard = self.discard + [jumper]
                if loud:
                    self._emit("jump", f"{self.name(p)} played a Claim Jumper and takes the Claim",
                               player=p, card=jumper)
                self._take_claim(p)
                self._end_round()
            else:
                self._start_miners()
        elif phase == REROLL:
            assert self.roll is not None
            why, value = self.roll["why"], self.roll["value"]
            if action.kind == "reroll":
                det = self.owned(p, DETONATOR)[0]
                area = self.areas[p][:]
                area.remove(det)
                self._set_area(p, area)
                if det in self.safes:
                    safes = dict(self.safes)
                    del safes[det]
                    self.safes = safes
                self.discard = self.discard + [det]
                value = self.rng.die(SIDES)
                if loud:
                    self._emit("reroll", f"{self.name(p)} used a Faulty Detonator and re-rolled "
                               f"{value}", player=p, value=value, card=det, why=why)
            self.roll = None
            self._resolve_roll(p, why, value)
        elif phase == CHOICE:
            if action.kind == "keep":
                if loud:
                    self._emit("keep", f"{self.name(p)} kept the Claim: "
                               f"{plural(len(self.claim), 'card')}", player=p)
                self._take_claim(p)
                self._end_round()
            elif action.kind == "add":
                if loud:
                    self._emit("add", f"{self.name(p)} adds cards to the Claim", player=p)
                self._draw(DRAW_CLAIM)
            else:
                if loud:
                    self._emit("gamble", f"{self.name(p)} gambles for a bigger Claim", player=p)
                self.gamble_gems = 0
                self._draw(DRAW_GAMBLE)
        elif phase == GAMBLE:
            if action.kind == "roll":
                self._roll(p, "gamble")
            else:
                if loud:
                    self._emit("draw_more", f"{self.name(p)} draws for a second Gem", player=p)
                self._draw(DRAW_GAMBLE)
        elif phase == FIRE_PHASE:
            self._place_safes(p, action.args)
            self._roll(p, "fire")
        return self._ev if self._ev is not None else []   # (`loud`: nothing here sets `_ev`)

    # ----------------------------------------------------------------- flow
    def _start_round(self) -> None:
        self.claim = []
        self.out = [False] * self.n
        self.gamble_gems = 0
        if self._ev is not None:
            p = self.prospector
            self._emit("round", f"Round {self.round_no}: {self.name(p)} is the Prospector",
                       round=self.round_no, prospector=p)
        self._draw(DRAW_CLAIM)

    def _draw(self, context: str) -> None:
        """The Prospector turns over cards until a Gem (or a Fire in the Hole) stops them."""
        p = self.prospector
        loud = self._ev is not None
        # Fresh lists of this state's own (the fast path shares the others with its parent).
        self.deck = deck = self.deck[:]
        self.claim = claim = self.claim[:]
        while True:
            cid = deck.pop()
            if KIND[cid] == FIRE:
                self.fire_card = cid
                self.resume = context
                if not deck:
                    self._final_fire_revealed(context)
                else:
                    if loud:
                        self._emit("fire_drawn", f"{self.name(p)} drew a Fire in the Hole! "
                                   "Everyone rolls", card=cid, player=p, final=False, deck=len(deck))
                    self._start_fire()
                return
            claim.append(cid)
            if loud:
                self._emit("draw", f"{self.name(p)} drew {self.label(cid)}", card=cid, player=p,
                           deck=len(deck))
            if IS_GEM[cid]:
                if context == DRAW_GAMBLE:
                    self.gamble_gems += 1
                    self.phase, self.turn = GAMBLE, p
                elif self.owned(p, JUMPER):
                    self.phase, self.turn = JUMPER_PHASE, p
                else:
                    self._start_miners()
                return

    def _final_fire_revealed(self, context: str) -> None:
        p = self.prospector
        self.final = True
        loud = self._ev is not None
        if loud:
            self._emit("fire_drawn", f"{self.name(p)} drew the last card: the final Fire in the "
                       "Hole", card=self.fire_card, player=p, final=True, deck=0)
        if not self.claim_has_gem():
            if self.claim and loud:
                self._emit("discard_claim", "The final Claim has no Gem and is discarded",
                           cards=list(self.claim))
            self.discard = self.discard + self.claim
            self.claim = []
            self._start_fire()
        elif context == DRAW_GAMBLE or not self.miners_in():
            self._prospector_must_take()
        else:
            self._start_miners()

    def _prospector_must_take(self) -> None:
        p = self.prospector
        if self._ev is not None:
            self._emit("must_take", f"Nobody stole the final Claim: {self.name(p)} must take it",
                       player=p)
        self._take_claim(p)
        self._start_fire()

    def _start_miners(self) -> None:
        self.miner_queue = self.miners_in()
        self._next_miner(first=True)

    def _next_miner(self, first: bool = False) -> None:
        if not first:
            self.miner_queue = self.miner_queue[1:]
        if self.miner_queue:
            self.phase, self.turn = MINER, self.miner_queue[0]
            return
        if self.final:
            self._prospector_must_take()
            return
        self.phase, self.turn = CHOICE, self.prospector

    def _roll(self, p: int, why: str) -> None:
        value = self.rng.die(SIDES)
        if self._ev is not None:
            text = {"steal": f"{self.name(p)} rolled {value}, trying to steal the Claim",
                    "gamble": f"{self.name(p)} rolled {value} on the gamble",
                    "fire": f"{self.name(p)} rolled {value} for the Fire in the Hole"}[why]
            self._emit("roll", text, player=p, value=value, why=why)
        if DETONATOR in [KIND[c] for c in self.areas[p]]:
            self.roll = {"value": value, "why": why}
            self.phase, self.turn = REROLL, p
        else:
            self._resolve_roll(p, why, value)

    def _resolve_roll(self, p: int, why: str, value: int) -> None:
        loud = self._ev is not None
        if why == "steal":
            if value in self.claim_numbers():
                if loud:
                    self._emit("steal", f"{self.name(p)} rolled {value} and stole the Claim: "
                               f"{plural(len(self.claim), 'card')}", player=p, value=value)
                self._take_claim(p)
                if self.final:
                    self._start_fire()
                else:
                    self._end_round()
            else:
                out = self.out[:]
                out[p] = True
                self.out = out
                if loud:
                    self._emit("miss", f"{self.name(p)} missed with {value} and is out of the "
                               "round", player=p, value=value)
                self._next_miner()
        elif why == "gamble":
            if value in self.claim_numbers():
                if loud:
                    self._emit("gamble_lost", f"{self.name(p)} rolled {value}: Ya blew it! "
                               f"The Claim is lost", player=p, value=value, cards=list(self.claim))
                self.discard = self.discard + self.claim
                self.claim = []
            else:
                if loud:
                    self._emit("gamble_won", f"{self.name(p)} rolled {value} and wins the Claim: "
                               f"{plural(len(self.claim), 'card')}", player=p, value=value)
                self._take_claim(p)
            self._end_round()
        else:
            self._blast(p, value)
            self.fire_queue = self.fire_queue[1:]
            self._next_fire()

    def _take_claim(self, p: int) -> None:
        if self._ev is not None:
            self._emit("take", f"{self.name(p)} takes {plural(len(self.claim), 'card')}", player=p,
                       cards=list(self.claim))
        self._set_area(p, self.areas[p] + self.claim)
        self.claim = []

    def _end_round(self) -> None:
        self.prospector = (self.prospector + 1) % self.n
        self.round_no += 1
        self._start_round()

    # ----------------------------------------------------------------- fire in the hole
    def _start_fire(self) -> None:
        self.fire_queue = [(self.prospector + k) % self.n for k in range(self.n)]
        self._next_fire()

    def _next_fire(self) -> None:
        if self.fire_queue:
            self.phase, self.turn = FIRE_PHASE, self.fire_queue[0]
            return
        assert self.fire_card is not None
        self.discard = self.discard + [self.fire_card]
        self.fire_card = None
        self.fires_resolved += 1
        if self._ev is None:
            if self.final:
                self.phase = OVER
                return
            self._draw(self.resume)
            return
        self._emit("fire_done", "The Fire in the Hole is over", final=self.final)
        if self.final:
            self.phase = OVER
            outcome = self.outcome()
            names = " and ".join(self.name(w) for w in outcome.winners)
            self._emit("game_over", f"Game over: {names} win{'s' if len(outcome.winners) == 1 else ''}",
                       winners=list(outcome.winners),
                       scores=[s.total for s in outcome.scores])
            return
        self._draw(self.resume)

    def _place_safes(self, p: int, colours: tuple[str, ...]) -> None:
        safes = self.owned(p, SAFE)
        held = {sid: colour for sid, colour in self.safes.items() if sid not in safes}
        if not colours:
            self.safes = held
            return
        placing = best_safe_placing(self.areas[p], safes, colours)
        held.update(placing)
        self.safes = held
        if self._ev is None:
            return
        stacks = and_list([card_set().colour(c).name for c in colours])
        put = "a Safe" if len(colours) == 1 else f"{len(colours)} Safes"
        self._emit("safes", f"{self.name(p)} put {put} on the {stacks} stack{'s' if len(colours) > 1 else ''}",
                   player=p, colours=list(colours), safes=list(placing))

    def _blast(self, p: int, value: int) -> None:
        lost, used = fire_losses(self.areas[p], self.safes, value)
        gone = set(lost) | set(used)
        if gone:
            self._set_area(p, [c for c in self.areas[p] if c not in gone])
            self.safes = {sid: colour for sid, colour in self.safes.items() if sid not in gone}
            self.discard = self.discard + sorted(gone)
        if self._ev is None:
            return
        # Each Safe spent takes the hit for one Gem of its stack: named, as the lost cards are.
        kept = [c for c in self.areas[p] if NUMBER[c] == value and KIND[c] == GEM]
        gems = and_list([self.label(c) for c in kept]) or "a Gem"
        saved = f"{'a Safe' if len(used) == 1 else f'{len(used)} Safes'} saved {gems}"
        what = "lost " + ", ".join(self.label(c) for c in lost) if lost else "lost nothing"
        self._emit("blast", f"{self.name(p)} {what}" + (("; " if lost else ": ") + saved if used else ""),
                   player=p, value=value, lost=lost, safes_used=used)

    # ----------------------------------------------------------------- scoring
    def score(self, p: int) -> PlayerScore:
        cs = card_set()
        counts: dict[str, int] = {}
        wilds = 0
        for cid in self.areas[p]:
            card = self.card(cid)
            if card.kind == GEM:
                counts[card.colour] = counts.get(card.colour, 0) + 1
            elif card.kind == WILD:
                wilds += 1
        cursed = self.cursed_colour(p)
        keys = tuple(c.key for c in cs.colours)
        total, assign = best_wild_assignment(counts, wilds, cursed, keys)
        breakdown: list[tuple[str, int]] = []
        for colour in cs.colours:
            n = counts.get(colour.key, 0)
            extra = assign.get(colour.key, 0)
            if not n + extra:
                continue
            pts = chart_points(n + extra)
            desc = f"{colour.name} x{n + extra}" + (f" ({extra} wild)" if extra else "")
            if colour.key == cursed:
                breakdown.append((f"Cursed {desc}", -pts))
            else:
                breakdown.append((desc, pts))
        return PlayerScore(p, total, tuple(breakdown))

    def outcome(self) -> Outcome:
        return Outcome.highest_wins(tuple(self.score(p) for p in range(self.n)))

    # ----------------------------------------------------------------- views & saves
    def view(self, player: int) -> "YaBlewItView":
        return YaBlewItView(self, player)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": INFO.name,
            "config": self.config.to_json(),
            "rng": self.rng.state,
            "deck": list(self.deck), "claim": list(self.claim),
            "areas": [list(a) for a in self.areas], "cursed": list(self.cursed),
            "safes": {str(k): v for k, v in sorted(self.safes.items())},
            "discard": list(self.discard), "box": list(self.box),
            "prospector": self.prospector, "out": list(self.out), "phase": self.phase,
            "turn": self.turn, "miner_queue": list(self.miner_queue),
            "fire_queue": list(self.fire_queue), "resume": self.resume,
            "gamble_gems": self.gamble_gems, "roll": dict(self.roll) if self.roll else None,
            "final": self.final, "fire_card": self.fire_card, "round_no": self.round_no,
            "fires_resolved": self.fires_resolved,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "YaBlewItState":
        """Rebuild a state; raises `BadSave` naming the problem when the data does not add up."""
        try:
            config = cls.config_from_json(data)
            s = cls(config)
            s.rng = Rng(int(data["rng"]))
            s.deck = [int(c) for c in data["deck"]]
            s.claim = [int(c) for c in data["claim"]]
            s.areas = [[int(c) for c in a] for a in data["areas"]]
            s.cursed = [int(c) for c in data["cursed"]]
            s.safes = {int(k): str(v) for k, v in data["safes"].items()}
            s.discard = [int(c) for c in data["discard"]]
            s.box = [int(c) for c in data["box"]]
            s.prospector = int(data["prospector"])
            s.out = [bool(x) for x in data["out"]]
            s.phase = str(data["phase"])
            s.turn = int(data["turn"])
            s.miner_queue = [int(x) for x in data["miner_queue"]]
            s.fire_queue = [int(x) for x in data["fire_queue"]]
            s.resume = str(data["resume"])
            s.gamble_gems = int(data["gamble_gems"])
            s.roll = dict(data["roll"]) if data["roll"] else None
            s.final = bool(data["final"])
            s.fire_card = None if data["fire_card"] is None else int(data["fire_card"])
            s.round_no = int(data["round_no"])
            s.fires_resolved = int(data["fires_resolved"])
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadSave(f"the Ya Blew It! position is unreadable ({exc!r})") from exc
        s.check()
        return s

    def check(self) -> None:
        """Raise `BadSave` unless every card is in exactly one place, the phase is known and its
        bookkeeping is there, and the deck lies on the final Fire in the Hole until it turns up."""
        total = len(card_set().cards)
        places = (self.deck + self.claim + [c for a in self.areas for c in a] + self.cursed
                  + self.discard + self.box + ([self.fire_card] if self.fire_card is not None else []))
        if sorted(places) != list(range(total)):
            raise BadSave(f"the cards do not add up to the {total}-card deck")
        if self.phase not in PHASES:
            raise BadSave(f"unknown phase {self.phase!r}")
        if len(self.areas) != self.n or len(self.cursed) != self.n or len(self.out) != self.n:
            raise BadSave("the position has the wrong number of players")
        if not 0 <= self.turn < self.n or not 0 <= self.prospector < self.n:
            raise BadSave("the seat to move is not at the table")
        # Each decision phase needs the bookkeeping that its actions read.
        if self.phase == REROLL and not (self.roll and {"value", "why"} <= self.roll.keys()):
            raise BadSave("a re-roll decision without the roll it is about")
        if self.phase == MINER and (not self.miner_queue or self.miner_queue[0] != self.turn):
            raise BadSave("a Miner's decision for a seat that is not waiting to roll")
        if self.phase == FIRE_PHASE and (not self.fire_queue or self.fire_queue[0] != self.turn
                                         or self.fire_card is None):
            raise BadSave("a Fire in the Hole roll with no Fire in the Hole under way")
        if self.phase in (JUMPER_PHASE, CHOICE, GAMBLE) and self.turn != self.prospector:
            raise BadSave("a Prospector's decision for a seat that is not the Prospector")
        if self.resume not in (DRAW_CLAIM, DRAW_GAMBLE):
            raise BadSave(f"unknown draw context {self.resume!r}")
        # "Take one Fire in the Hole card and place it face down ... place [the deck] on top of
        # the Fire in the Hole card": until the final one has turned up, it is the deck's last
        # card (the draw ends the game on it and would otherwise run off the end of the deck).
        if not self.final and not self.deck:
            raise BadSave("the deck is empty but the final Fire in the Hole has not turned up")
        if not self.final and KIND[self.deck[0]] != FIRE:
            raise BadSave("the bottom card of the deck is not the final Fire in the Hole")


class YaBlewItView(View):
    """A seat's knowledge: everything on the table, the deck only as a count and a set of cards."""

    def __init__(self, state: YaBlewItState, player: int) -> None:
        self.player = player
        known = state.copy()
        # The order of the deck and the generator's state are the only secrets in this game.
        known.deck = state.deck[:1] + sorted(state.deck[1:])
        known.rng = Rng(0)
        self.state = known

    def to_move(self) -> int | None:
        return self.state.to_move()

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def sample_state(self, rng: Rng) -> YaBlewItState:
        s = self.state.copy()
        rest = s.deck[1:]
        rng.shuffle(rest)
        s.deck = s.deck[:1] + rest
        s.rng = Rng(rng.next64())
        return s

    def fingerprint(self) -> Any:
        return json.dumps({"player": self.player, "state": self.state.to_json()}, sort_keys=True)


def new_game(config: GameConfig, seed: int) -> tuple[YaBlewItState, list[Event]]:
    """Deal a new game: Cursed Gems, Faulty Detonators, the deck over a Fire in the Hole."""
    n = config.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction(f"Ya Blew It! is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    cs = card_set()
    s = YaBlewItState(config)
    s.rng = Rng(seed)
    ids = {kind: [c.id for c in cs.cards if c.kind == kind] for kind in
           (GEM, WILD, DETONATOR, SAFE, JUMPER, FIRE, CURSED)}
    cursed = ids[CURSED][:]
    s.rng.shuffle(cursed)
    s.cursed, s.box = cursed[:n], sorted(cursed[n:])
    detonators = ids[DETONATOR]
    for p in range(n):
        s.areas[p].append(detonators[p])
    under, *fires = ids[FIRE]
    deck = ids[GEM] + ids[WILD] + detonators[n:] + ids[SAFE] + ids[JUMPER] + fires
    s.rng.shuffle(deck)
    s.deck = [under] + deck
    first, how = first_player(config, s.rng, default=None)
    s.prospector = first
    s._ev = []
    for p in range(n):
        s._emit("cursed", f"{s.name(p)}'s Cursed Gem is {cs.colour(s.cursed_colour(p)).name}",
                player=p, card=s.cursed[p])
    s._emit("shuffle", "The deck is shuffled", frozenset(), order=list(s.deck))
    s._emit("first", f"{s.name(first)} is the first Prospector ({how})", player=first)
    s._start_round()
    events, s._ev = s._ev, []
    return s, events


def state_from_json(data: Mapping[str, Any]) -> YaBlewItState:
    return YaBlewItState.from_json(data)


def final_blast_notes(history: Sequence[Event], names: Sequence[str], p: int) -> list[str]:
    """What the final Fire in the Hole took from seat p, for the results ("Final blast, a roll of
    1: lost Sapphire 1, Emerald 1"): points lost at the very end are otherwise a mystery."""
    final = False
    for ev in history:
        if ev.kind == "fire_drawn":
            final = bool(ev.data.get("final"))
        elif final and ev.kind == "blast" and ev.data.get("player") == p:
            name = names[p] if 0 <= p < len(names) else ""
            rest = ev.text[len(name) + 1:] if ev.text.startswith(name + " ") else ev.text
            return [f"Final blast, a roll of {ev.data.get('value')}: {rest}"]
    return []


def _claim_gain(state: YaBlewItState, p: int) -> int:
    """What taking the Claim would add to seat p's score now (Wild Gems placed best)."""
    after = state.copy()
    after.areas[p] = after.areas[p] + list(state.claim)
    return after.score(p).total - state.score(p).total


def formality(state: GameState) -> Action | None:
    """Keeping a roll that cannot be bettered, where a Faulty Detonator could only make it worse:
    a steal that hits, or a gamble that misses the Claim, when the Claim holds no Gem of the
    roller's cursed colour and costs them nothing; a Fire in the Hole roll that takes nothing
    (not even a Safe). Else None: whether to re-roll is the player's choice."""
    if not isinstance(state, YaBlewItState) or state.phase != REROLL or not state.roll:
        return None
    value, why = int(state.roll.get("value", 0)), state.roll.get("why")
    p = state.turn
    if why in ("steal", "gamble"):
        takes = (value in state.claim_numbers()) == (why == "steal")
        cursed = state.cursed_colour(p)
        # A Claim with a Gem of the roller's cursed colour is theirs to weigh, whatever it adds
        # now: the cursed stack only grows costlier.
        best = (takes and not any(KIND[c] == GEM and COLOUR[c] == cursed for c in state.claim)
                and _claim_gain(state, p) >= 0)
    else:
        placing = {sid: c for sid, c in state.safes.items() if sid in state.areas[p]}
        lost, spent = fire_losses(state.areas[p], placing, value)
        best = not lost and not spent
    return ACCEPT if best else None


INFO = GameInfo(
    name="ya_blew_it",
    title="Ya Blew It!",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new=new_game,
    from_json=state_from_json,
    rules_doc="ya_blew_it.md",
    blurb="Push your luck: build a Claim, steal one with your Dynamite, dodge your cursed colour.",
    result_notes=final_blast_notes,
    formality=formality,
)
YaBlewItState.info = INFO
