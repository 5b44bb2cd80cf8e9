"""Ya Blew It! bots: ``easy`` (short-sighted, a little random) and ``normal`` (expected value).

Both decide from a `YaBlewItView` only: they read `view.state`, a copy of the position whose deck
order and generator are hidden (the deck is canonicalised), and `view.legal_actions()`. Nothing here
looks at the deck order, so a decision cannot depend on a secret. Every random choice comes from the
bot's own `Rng`. Pure Python; never imports pygame.

The normal bot values cards with an *equity* model (the score a scoring area is expected to be worth
at the end, counting the blasts still to come and the Gems still to be won) and decides each round
with a small expectimax over an abstract model of the rest of the round: Miners roll with a chance of
distinct-numbers/8, the Prospector keeps, adds or gambles, Faulty Detonators re-roll, and every
player, itself included, is assumed to pick what is best for them under the same model.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Sequence

from game.core.contract import Action, View
from game.core.rng import Rng
from game.games.ya_blew_it.cards import DETONATOR, FIRE, GEM, JUMPER, SAFE, WILD, card_set
from game.games.ya_blew_it.rules import (
    ACCEPT,
    ADD,
    CHART,
    CHOICE,
    DRAW,
    FIRE_PHASE,
    GAMBLE,
    GAMBLE_ACTION,
    JUMP,
    JUMPER_PHASE,
    KEEP,
    MINER,
    NOJUMP,
    PASS,
    REROLL,
    REROLL_ACTION,
    ROLL,
    YaBlewItState,
    best_wild_assignment,
)

# ---------------------------------------------------------------------------- card tables
# Flat per-card lookups, built once: the bots call them thousands of times per decision.
_CS = card_set()
SIDES: int = _CS.sides
COLOURS: tuple[str, ...] = tuple(c.key for c in _CS.colours)
NCOL = len(COLOURS)
KIND: tuple[str, ...] = tuple(c.kind for c in _CS.cards)
_NUMBER: tuple[int, ...] = tuple(c.number for c in _CS.cards)
_COL: tuple[int, ...] = tuple(COLOURS.index(c.colour) if c.colour else -1 for c in _CS.cards)

# A scoring area (or a Claim) reduced to what scoring and the equity model need:
# (gems per colour, wilds, detonators, safes, jumpers).
Summary = tuple[tuple[int, ...], int, int, int, int]
# What a branch of the round is worth to each seat, in equity points.
Gains = tuple[float, ...]


def summarise(cards: Sequence[int]) -> Summary:
    """Count a list of card ids by what matters for scoring and for the equity model."""
    counts = [0] * NCOL
    wilds = dets = safes = jumpers = 0
    for cid in cards:
        kind = KIND[cid]
        if kind == GEM:
            counts[_COL[cid]] += 1
        elif kind == WILD:
            wilds += 1
        elif kind == DETONATOR:
            dets += 1
        elif kind == SAFE:
            safes += 1
        elif kind == JUMPER:
            jumpers += 1
    return tuple(counts), wilds, dets, safes, jumpers


def merge(a: Summary, b: Summary) -> Summary:
    """The summary of two card sets put together."""
    return (tuple(x + y for x, y in zip(a[0], b[0])), a[1] + b[1], a[2] + b[2], a[3] + b[3],
            a[4] + b[4])


def with_gem(a: Summary, colour: int) -> Summary:
    """`a` plus one Gem of colour index `colour` (-1: a Wild Gem)."""
    if colour < 0:
        return a[0], a[1] + 1, a[2], a[3], a[4]
    counts = list(a[0])
    counts[colour] += 1
    return tuple(counts), a[1], a[2], a[3], a[4]


def exact_score(summary: Summary, cursed: int) -> int:
    """The rulebook score of an area, Wild Gems placed at best (the rules' own assignment)."""
    counts = {COLOURS[i]: n for i, n in enumerate(summary[0]) if n}
    total, _ = best_wild_assignment(counts, summary[1], COLOURS[cursed], COLOURS)
    return total


def _public_state(view: View) -> YaBlewItState:
    """The position a seat may know (deck order and generator hidden), from its view (or from a
    view that wraps one, as `simulate --peek`'s does: these bots deal nothing, so a peek changes
    nothing for them)."""
    state = getattr(view, "state", None)
    if not isinstance(state, YaBlewItState):
        raise TypeError(f"a Ya Blew It! bot needs a Ya Blew It! view, not {type(view).__name__}")
    return state


def claim_numbers(state: YaBlewItState) -> set[int]:
    """The distinct numbers printed on the cards of the Claim (what a roll must match)."""
    return {_NUMBER[c] for c in state.claim if _NUMBER[c]}


def cursed_index(state: YaBlewItState, p: int) -> int:
    return _COL[state.cursed[p]]


def safe_guards(state: YaBlewItState, p: int) -> dict[str, int]:
    """The Safes player p has placed for the Fire being resolved: colour -> Safe card."""
    area = set(state.areas[p])
    return {colour: s for s, colour in state.safes.items() if s in area}


def blast(area: Sequence[int], value: int, guards: dict[str, int]) -> list[int]:
    """What remains of `area` after a Fire in the Hole roll of `value`.

    Mirrors the rules: every card showing `value` goes, except that a Gem on a stack guarded by a
    Safe stays and that Safe goes instead (a Safe that itself shows `value` goes either way, and
    still saves its Gem).
    """
    lost: set[int] = set()
    used: set[int] = set()
    for cid in area:
        if _NUMBER[cid] != value:
            continue
        guard = guards.get(COLOURS[_COL[cid]]) if KIND[cid] == GEM else None
        if guard is not None and guard not in used:
            used.add(guard)
        else:
            lost.add(cid)
    return [c for c in area if c not in lost and c not in used]


def chart_f(x: float) -> float:
    """The 1/3/6/10/15/20 chart, linearly interpolated so it can take expected (fractional) counts."""
    if x >= 6.0:
        return 20.0
    if x <= 0.0:
        return 0.0
    i = int(x)
    return CHART[i] + (x - i) * (CHART[i + 1] - CHART[i])


# ---------------------------------------------------------------------------- easy
class EasyBot:
    """A short-sighted player: it looks only at what a Claim would do to its score right now.

    It rolls when the Claim looks decent (and sometimes on a whim), keeps small sure things, gambles
    on small Claims, spends Detonators when a roll hurts, and puts Safes on its biggest stacks. A
    little randomness keeps it from being predictable; it does not look ahead or at the other players.
    """

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> Action:
        state = _public_state(view)
        me = view.player
        legal = view.legal_actions()
        phase = state.phase
        if phase == FIRE_PHASE:
            return self._fire(state, me, legal)
        if phase == REROLL:
            return self._reroll(state, me)
        value = self._claim_value(state, me)
        k = len(claim_numbers(state))
        if phase == MINER:
            if value >= 2:
                chance = 0.9
            elif value >= 1:
                chance = 0.55
            elif value >= 0:
                chance = 0.25
            else:
                chance = 0.05  # avoids obviously cursed Claims most of the time
            return ROLL if self.rng.random() < chance else PASS
        if phase == JUMPER_PHASE:
            return JUMP if value >= 4 and self.rng.random() < 0.8 else NOJUMP
        if phase == CHOICE:
            if ADD in legal:
                if value <= 0:
                    return ADD
                if value >= 3:
                    return KEEP
                return ADD if self.rng.random() < 0.3 else KEEP
            # Everyone is out: gamble on small or bad Claims, keep the rest.
            if value <= 0:
                return GAMBLE_ACTION
            if k <= 2 and value <= 3:
                return GAMBLE_ACTION if self.rng.random() < 0.6 else KEEP
            return KEEP
        if phase == GAMBLE:
            if DRAW in legal and k <= 2 and self.rng.random() < 0.5:
                return DRAW
            return ROLL
        return self.rng.choice(legal)

    @staticmethod
    def _claim_value(state: YaBlewItState, me: int) -> float:
        """Points the Claim adds to my score now, plus a point for each useful special card."""
        mine = summarise(state.areas[me])
        claim = summarise(state.claim)
        cursed = cursed_index(state, me)
        gain = exact_score(merge(mine, claim), cursed) - exact_score(mine, cursed)
        return gain + claim[2] + claim[3] + claim[4]

    def _reroll(self, state: YaBlewItState, me: int) -> Action:
        roll = state.roll or {}
        value, why = int(roll.get("value", 0)), roll.get("why")
        if why == "steal":
            hit = value in claim_numbers(state)
            return REROLL_ACTION if not hit and self._claim_value(state, me) >= 3 else ACCEPT
        if why == "gamble":
            lost = value in claim_numbers(state)
            return REROLL_ACTION if lost and self._claim_value(state, me) >= 2 else ACCEPT
        # Fire in the Hole: re-roll when this roll costs three points or more.
        area = state.areas[me]
        kept = blast(area, value, safe_guards(state, me))
        cursed = cursed_index(state, me)
        loss = exact_score(summarise(area), cursed) - exact_score(summarise(kept), cursed)
        return REROLL_ACTION if loss >= 3 else ACCEPT

    def _fire(self, state: YaBlewItState, me: int, legal: list[Action]) -> Action:
        if self.rng.random() < 0.1:
            return legal[0]  # forgot the Safes (legal[0] places none)
        counts = summarise(state.areas[me])[0]
        cursed = cursed_index(state, me)
        nsafes = sum(1 for c in state.areas[me] if KIND[c] == SAFE)
        stacks = sorted((i for i in range(NCOL) if counts[i] and i != cursed),
                        key=lambda i: (-counts[i], i))
        pick = sorted(stacks[:nsafes])
        wanted = Action("fire", tuple(COLOURS[i] for i in pick))
        return wanted if wanted in legal else legal[0]


# ---------------------------------------------------------------------------- normal
@dataclass(frozen=True)
class Params:
    """The normal bot's knobs, in points of final score (tuned by seeded simulation)."""

    detonator: float = 1.6      # a Faulty Detonator in the area, early in the game
    detonator_late: float = 0.6  # ... and once the deck is nearly gone
    safe: float = 2.0            # a Safe, while Fires remain
    jumper: float = 1.5          # a Claim Jumper, early in the game
    future_share: float = 0.85   # the part of the remaining Gems that ends up in someone's area
    rival_weight: float = 1.0    # how much a rival's gain counts against mine (spread over rivals)
    max_draws: int = 3           # Gems the round model looks ahead when Claims grow


class Context:
    """What the normal bot derives once per decision from the public position."""

    def __init__(self, state: YaBlewItState, me: int, params: Params) -> None:
        self.state = state
        self.me = me
        self.params = params
        self.n = n = state.n
        self.cursed = [cursed_index(state, p) for p in range(n)]
        self.areas = [summarise(a) for a in state.areas]
        # The deck is read only as a set of cards, which is public: its order is hidden.
        deck = state.deck
        fires = sum(1 for c in deck if KIND[c] == FIRE)
        gem_cols = [0] * NCOL
        wilds = 0
        for c in deck:
            if KIND[c] == GEM:
                gem_cols[_COL[c]] += 1
            elif KIND[c] == WILD:
                wilds += 1
        self.deck_gems = sum(gem_cols) + wilds
        self.deck_gem_cols = gem_cols
        self.deck_wilds = wilds
        self.deck_len = len(deck)
        # Fires still to hit each player. A Fire turned over but not yet over counts for those
        # yet to roll; the final one, revealed while its Claim is settled, counts for everyone.
        pending: set[int] = set()
        if state.fire_card is not None:
            pending = set(state.fire_queue) if state.fire_queue else set(range(n))
        self.fires_for = [fires + (1 if p in pending else 0) for p in range(n)]
        keep = (SIDES - 1) / SIDES
        self.surv = [keep ** f for f in self.fires_for]
        # Gems still to come arrive on average halfway through the remaining Fires, before the last.
        fsurv = keep ** ((max(fires - 1, 0)) / 2 + 1)
        future_total = self.deck_gems * params.future_share / n
        coloured = sum(gem_cols)
        self.future = [
            [future_total * fsurv * (gem_cols[c] / coloured) if coloured else 0.0 for c in range(NCOL)]
            for _ in range(n)
        ]
        # Special cards are worth less as the game runs out: fewer Claims to re-roll for or to
        # jump, and a Safe only helps while a Fire is still to come.
        progress = min(1.0, self.deck_len / 40.0)
        self.det_value = (params.detonator_late
                          + (params.detonator - params.detonator_late) * progress)
        self.safe_value = params.safe * min(1.0, 0.45 * fires)
        self.jumper_value = params.jumper * progress
        # A rival's gain counts against mine; with several rivals each one matters less.
        self.weight = params.rival_weight / (n - 1)
        self._eq: dict[tuple[int, Summary], float] = {}

    def equity(self, p: int, a: Summary) -> float:
        """The final score player p may expect from area `a` (blasts and future Gems included)."""
        key = (p, a)
        hit = self._eq.get(key)
        if hit is not None:
            return hit
        s = self.surv[p]
        cursed = self.cursed[p]
        fut = self.future[p]
        eff = [s * a[0][c] + fut[c] for c in range(NCOL)]
        total = 0.0
        for c in range(NCOL):
            v = chart_f(eff[c])
            total += -v if c == cursed else v
        wilds = a[1]
        if wilds:
            best = 0.0
            for combo in combinations_with_replacement(range(NCOL), wilds):
                add = [0.0] * NCOL
                for c in combo:
                    add[c] += s
                gain = 0.0
                for c in set(combo):
                    d = chart_f(eff[c] + add[c]) - chart_f(eff[c])
                    gain += -d if c == cursed else d
                best = max(best, gain)
            total += best
        total += s * (self.det_value * a[2] + self.safe_value * a[3] + self.jumper_value * a[4])
        self._eq[key] = total
        return total

    def gain(self, p: int, cards: Summary) -> float:
        """How much adding `cards` to p's area changes p's equity."""
        return self.equity(p, merge(self.areas[p], cards)) - self.equity(p, self.areas[p])

    def utility(self, p: int, r: Sequence[float]) -> float:
        """Player p's view of a gain vector: its own gain minus the weighted gains of its rivals."""
        return r[p] - self.weight * (sum(r) - r[p])


class RoundModel:
    """An expectimax over the rest of the current round, in an abstract model.

    The Claim is known; every further Gem is a "typical" Gem of the remaining deck, adding its
    expected value to each player and a new number with the deck's chance. Each player's choices
    maximise their own `utility`. A node's result is a gain vector (equity per player).

    Which Miners are out is a bit mask. Detonators are not tracked through the tree: a Miner who
    re-rolls either takes the Claim or is out, so only the first use in a round can matter.
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        st = ctx.state
        n = ctx.n
        self.n = n
        self.prospector = st.prospector
        self.order = [(st.prospector + i) % n for i in range(1, n)]
        claim = summarise(st.claim)
        self.base = [ctx.gain(p, claim) for p in range(n)]
        # Expected gain of one more typical Gem from the deck, per player.
        total = ctx.deck_gems
        self.delta = [0.0] * n
        if total:
            for p in range(n):
                own = merge(ctx.areas[p], claim)
                e0 = ctx.equity(p, own)
                acc = 0.0
                for c in range(NCOL):
                    m = ctx.deck_gem_cols[c]
                    if m:
                        acc += m * (ctx.equity(p, with_gem(own, c)) - e0)
                if ctx.deck_wilds:
                    acc += ctx.deck_wilds * (ctx.equity(p, with_gem(own, -1)) - e0)
                self.delta[p] = acc / total
        nums = claim_numbers(st)
        self.k0 = len(nums)
        fresh = sum(1 for c in st.deck if KIND[c] in (GEM, WILD) and _NUMBER[c] not in nums)
        self.q0 = fresh / total if total else 0.0
        self.has_det = [ctx.areas[p][2] > 0 for p in range(n)]
        self.has_jumper = ctx.areas[st.prospector][4] > 0
        self.zero: Gains = tuple(0.0 for _ in range(n))
        self.memo: dict[tuple[object, ...], Gains] = {}

    @staticmethod
    def out_mask(out: Sequence[bool]) -> int:
        return sum(1 << p for p, o in enumerate(out) if o)

    # -- helpers
    def q(self, k: int) -> float:
        """Chance that the next Gem brings a number the Claim does not have yet."""
        if k <= self.k0:
            return self.q0
        if self.k0 >= SIDES:
            return 0.0
        return max(0.0, self.q0 * (SIDES - k) / (SIDES - self.k0))

    def take(self, x: int, draws: int, cost: float = 0.0) -> Gains:
        """Player x takes the Claim grown by `draws` typical Gems, having spent `cost`."""
        r = [0.0] * self.n
        r[x] = self.base[x] + draws * self.delta[x] - cost
        return tuple(r)

    def best(self, p: int, options: Sequence[Gains]) -> Gains:
        u = self.ctx.utility
        return max(options, key=lambda r: u(p, r))

    @staticmethod
    def mix(a: Gains, b: Gains, pa: float) -> Gains:
        return tuple(pa * x + (1.0 - pa) * y for x, y in zip(a, b))

    @staticmethod
    def minus(r: Gains, p: int, cost: float) -> Gains:
        out = list(r)
        out[p] -= cost
        return tuple(out)

    # -- nodes
    def miners(self, k: int, draws: int, pos: int, out: int, final: bool) -> Gains:
        """Miners from `order[pos]` on act in turn; then the Prospector chooses."""
        order = self.order
        while pos < len(order) and out >> order[pos] & 1:
            pos += 1
        key = (k, draws, pos, out, final)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if pos >= len(order):
            res = self.choice(k, draws, out, final)
        else:
            m = order[pos]
            res = self.best(m, [self.miners(k, draws, pos + 1, out, final),
                                self.roll(m, k, draws, pos, out, final)])
        self.memo[key] = res
        return res

    def roll(self, m: int, k: int, draws: int, pos: int, out: int, final: bool) -> Gains:
        """Miner m rolls to steal: k/8 to take the Claim, else out (perhaps after a re-roll)."""
        h = k / SIDES
        win = self.take(m, draws)
        miss = self.miners(k, draws, pos + 1, out | 1 << m, final)
        if self.has_det[m]:
            miss = self.best(m, [miss, self.reroll_steal(m, k, draws, pos, out, final)])
        return self.mix(win, miss, h)

    def reroll_steal(self, m: int, k: int, draws: int, pos: int, out: int, final: bool) -> Gains:
        """Miner m spends a Detonator after a miss: one more k/8 chance."""
        cost = self.ctx.det_value
        miss = self.minus(self.miners(k, draws, pos + 1, out | 1 << m, final), m, cost)
        return self.mix(self.take(m, draws, cost), miss, k / SIDES)

    def choice(self, k: int, draws: int, out: int, final: bool) -> Gains:
        """Nobody stole: the Prospector keeps, adds (Miners still in) or gambles."""
        p = self.prospector
        keep = self.take(p, draws)
        if final:
            return keep  # the final Claim must be taken
        if any(not out >> m & 1 for m in self.order):
            if draws >= self.ctx.params.max_draws:
                return keep
            return self.best(p, [keep, self.add(k, draws, out)])
        return self.best(p, [keep, self.gamble_draw(k, draws, 0)])

    def add(self, k: int, draws: int, out: int) -> Gains:
        """The Prospector draws another Gem; the Miners still in get another chance."""
        if self.ctx.deck_gems - draws <= 0:
            # The draw reaches the final Fire in the Hole: one more chance, then it must be taken.
            return self.miners(k, draws, 0, out, True)
        q = self.q(k)
        res_new = self.after_add(k + 1, draws + 1, out) if q > 0 else self.zero
        res_old = self.after_add(k, draws + 1, out) if q < 1 else self.zero
        return self.mix(res_new, res_old, q)

    def after_add(self, k: int, draws: int, out: int) -> Gains:
        cont = self.miners(k, draws, 0, out, False)
        if self.has_jumper:
            p = self.prospector
            return self.best(p, [cont, self.take(p, draws, self.ctx.jumper_value)])
        return cont

    def gamble_draw(self, k: int, draws: int, gems: int) -> Gains:
        """The gambling Prospector turns over cards up to the next Gem."""
        if self.ctx.deck_gems - draws <= 0:
            return self.take(self.prospector, draws)  # reached the final Fire: must take it
        q = self.q(k)
        res_new = self.gamble(k + 1, draws + 1, gems + 1) if q > 0 else self.zero
        res_old = self.gamble(k, draws + 1, gems + 1) if q < 1 else self.zero
        return self.mix(res_new, res_old, q)

    def gamble(self, k: int, draws: int, gems: int) -> Gains:
        """After a gamble Gem: roll now (lose on any of k numbers) or draw for a second Gem."""
        options = [self.gamble_roll(k, draws)]
        if gems == 1:
            options.append(self.gamble_draw(k, draws, gems))
        return self.best(self.prospector, options)

    def gamble_roll(self, k: int, draws: int) -> Gains:
        p = self.prospector
        lose = k / SIDES
        lost = self.zero
        if self.has_det[p]:
            lost = self.best(p, [lost, self.reroll_gamble(k, draws)])
        return self.mix(lost, self.take(p, draws), lose)

    def reroll_gamble(self, k: int, draws: int) -> Gains:
        """The Prospector spends a Detonator after a losing gamble roll."""
        p = self.prospector
        cost = self.ctx.det_value
        return self.mix(self.minus(self.zero, p, cost), self.take(p, draws, cost), k / SIDES)


class NormalBot:
    """Decides from the odds: expected equity over the rest of the round, for every player."""

    level = "normal"

    def __init__(self, seed: int, params: Params | None = None) -> None:
        # Every decision of this bot is deterministic; it still owns a generator so that all
        # bots are built alike, and any randomness added later stays seeded.
        self.rng = Rng(seed)
        self.params = params or Params()

    def choose(self, view: View) -> Action:
        state = _public_state(view)
        me = view.player
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ctx = Context(state, me, self.params)
        phase = state.phase
        if phase == FIRE_PHASE:
            return self.place_safes(ctx, legal)
        model = RoundModel(ctx)
        if phase == REROLL:
            return self._reroll(ctx, model)
        u = ctx.utility
        out = model.out_mask(state.out)
        k = model.k0
        if phase == MINER:
            pos = model.order.index(me)
            roll = model.roll(me, k, 0, pos, out, state.final)
            wait = model.miners(k, 0, pos + 1, out, state.final)
            return ROLL if u(me, roll) >= u(me, wait) else PASS
        if phase == JUMPER_PHASE:
            jump = model.take(me, 0, ctx.jumper_value)
            wait = model.miners(k, 0, 0, out, False)
            return JUMP if u(me, jump) > u(me, wait) else NOJUMP
        if phase == CHOICE:
            keep = model.take(me, 0)
            other = model.add(k, 0, out) if ADD in legal else model.gamble_draw(k, 0, 0)
            if u(me, other) > u(me, keep):
                return ADD if ADD in legal else GAMBLE_ACTION
            return KEEP
        if phase == GAMBLE:
            roll = model.gamble_roll(k, 0)
            if DRAW in legal:
                more = model.gamble_draw(k, 0, state.gamble_gems)
                return DRAW if u(me, more) > u(me, roll) else ROLL
            return ROLL
        return legal[0]

    # -- re-rolls
    def _reroll(self, ctx: Context, model: RoundModel) -> Action:
        state = ctx.state
        me = ctx.me
        roll = state.roll or {}
        value, why = int(roll.get("value", 0)), str(roll.get("why"))
        if why == "fire":
            return self.fire_reroll(ctx, value)
        u = ctx.utility
        k = model.k0
        hits = value in claim_numbers(state)
        if why == "steal":
            pos = model.order.index(me)
            out = model.out_mask(state.out)
            accept = model.take(me, 0) if hits else model.miners(k, 0, pos + 1, out | 1 << me,
                                                                  state.final)
            again = model.reroll_steal(me, k, 0, pos, out, state.final)
        else:
            # A gamble: a match loses the Claim.
            accept = model.zero if hits else model.take(me, 0)
            again = model.reroll_gamble(k, 0)
        return REROLL_ACTION if u(me, again) > u(me, accept) else ACCEPT

    def fire_reroll(self, ctx: Context, value: int) -> Action:
        """Re-roll a Fire in the Hole when this roll costs more than a fresh one plus the Detonator."""
        area = ctx.state.areas[ctx.me]
        guards = safe_guards(ctx.state, ctx.me)
        kept = blast(area, value, guards)
        accept = ctx.equity(ctx.me, summarise(kept))
        # The rules spend the oldest Detonator (`YaBlewItState.owned`, oldest first).
        det = next(c for c in area if KIND[c] == DETONATOR)
        rest = [c for c in area if c != det]
        again = sum(ctx.equity(ctx.me, summarise(blast(rest, v, guards)))
                    for v in range(1, SIDES + 1)) / SIDES
        return REROLL_ACTION if again > accept else ACCEPT

    # -- Safes
    def place_safes(self, ctx: Context, legal: list[Action]) -> Action:
        """Put Safes where a blast would cost most: never on the cursed stack (losing those Gems
        helps), and only where the Gem saved is worth more than the Safe given up for it."""
        me = ctx.me
        area = ctx.areas[me]
        counts, wilds, dets, safes, jumpers = area
        if not safes:
            return legal[0]
        base = ctx.equity(me, area)
        safe_cost = base - ctx.equity(me, (counts, wilds, dets, safes - 1, jumpers))
        scored: list[tuple[float, int]] = []
        for c in range(NCOL):
            if not counts[c] or c == ctx.cursed[me]:
                continue
            fewer = list(counts)
            fewer[c] -= 1
            loss = base - ctx.equity(me, (tuple(fewer), wilds, dets, safes, jumpers))
            # The roll meets this stack with chance (its Gems)/8; the Safe then goes instead.
            benefit = counts[c] / SIDES * (loss - safe_cost)
            if benefit > 0:
                scored.append((benefit, c))
        scored.sort(reverse=True)
        pick = sorted(c for _, c in scored[:safes])
        wanted = Action("fire", tuple(COLOURS[c] for c in pick))
        return wanted if wanted in legal else legal[0]


BOTS = {"easy": EasyBot, "normal": NormalBot}

__all__ = ["BOTS", "EasyBot", "NormalBot", "Params"]
