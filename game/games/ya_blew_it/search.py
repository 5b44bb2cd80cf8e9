"""How the hard bot searches Ya Blew It! (the `Policy` of game/bots/search.py).

The search's leaves are valued by a model of the rest of the round, not by playing on: the normal
bot's expectimax (game/games/ya_blew_it/bots.py, `RoundModel`) over who rolls, keeps, adds or
gambles, with every way the round can end valued in win chances instead of points (`WinModel`).
A seat's chances come from the normal bot's equity model (what each scoring area is expected to be
worth at the end, blasts and Gems still to come counted) through a soft maximum whose spread grows
with the cards left in the deck; the Claim a new round has just turned over counts partly for its
Prospector. The spread and that part were fitted to the final results of games between normal
bots. So each seat picks the branch that gives it the best chance to win, not the most points: a
leader near the end stops taking risks, a player behind takes them.

The tree itself plays the real cards and dice of each sampled deal for the first moves, and the
model's own verdict on the root actions starts the search as a prior worth `prior_weight` visits,
which the search overturns only when what it sees disagrees.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.bots.search import Choice, Policy, soft_shares, win_shares
from game.core.contract import Action, View
from game.core.rng import Rng
from game.core.words import and_list, plural
from game.games.ya_blew_it.bots import (
    KIND,
    Gains,
    NormalBot,
    Params,
    Context,
    RoundModel,
    blast,
    claim_numbers,
    safe_guards,
    summarise,
)
from game.games.ya_blew_it.cards import SAFE, card_set
from game.games.ya_blew_it.rules import (
    ACCEPT,
    ADD,
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
)

PARAMS = Params()
_NORMAL = NormalBot(0)   # its Safe placing reads only the context it is given

# The evaluation's fit (games between normal bots): the spread of the soft maximum is
# BASE + PER_CARD x (cards left in the deck), per table size; CLAIM_SHARE of the new Claim's value
# counts for its Prospector.
SPREAD = {2: (4.0, 0.15), 3: (3.0, 0.12)}
SPREAD_MANY = (2.0, 0.10)
CLAIM_SHARE = 0.6


def win_chances(state: YaBlewItState) -> list[float]:
    """Each seat's chance to win from `state`: exact when the game is over, else the soft maximum
    of the seats' equities (the normal bot's model) with a spread that shrinks as the deck runs out."""
    if state.is_over():
        return win_shares(state)
    n = state.n
    ctx = Context(state, 0, PARAMS)
    eq = [ctx.equity(p, ctx.areas[p]) for p in range(n)]
    if state.claim:
        pr = state.prospector
        eq[pr] += CLAIM_SHARE * ctx.gain(pr, summarise(state.claim))
    return list(soft_shares(eq, spread_for(n, len(state.deck))))


SPREAD_SCALE = 1.0


def spread_for(n: int, deck_len: int) -> float:
    base, per_card = SPREAD.get(n, SPREAD_MANY)
    return SPREAD_SCALE * (base + per_card * max(deck_len, 0))


class WinModel(RoundModel):
    """The normal bot's model of the rest of the round, valued in win chances instead of points.

    Every way the round can end gives each seat a new equity, turned into win chances by the same
    soft maximum as `win_chances`; chance nodes average them and each seat picks the branch that
    gives it the best chance to win (not the most points), so risk is taken or avoided by the
    standing."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        n = ctx.n
        self.eq = [ctx.equity(p, ctx.areas[p]) for p in range(n)]
        self.spread = spread_for(n, ctx.deck_len)
        self.zero = soft_shares(self.eq, self.spread)
        self._taken: dict[tuple[int, int, float], Gains] = {}

    def take(self, x: int, draws: int, cost: float = 0.0) -> Gains:
        # One spread for every branch of the decision: a branch valued with the spread of the
        # deck it leaves would let a standing lead, not the round's gains, choose between
        # branches that draw different numbers of cards.
        key = (x, draws, cost)
        hit = self._taken.get(key)
        if hit is None:
            eq = list(self.eq)
            eq[x] += self.base[x] + draws * self.delta[x] - cost
            hit = self._taken[key] = soft_shares(eq, self.spread)
        return hit

    def gamble_draw(self, k: int, draws: int, gems: int) -> Gains:
        # The same gamble is reached from many branches of the round: work it out once.
        key = ("gamble", k, draws, gems)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = super().gamble_draw(k, draws, gems)
        return hit

    def best(self, p: int, options: Sequence[Gains]) -> Gains:
        return max(options, key=lambda r: r[p])

    def minus(self, r: Gains, p: int, cost: float) -> Gains:  # type: ignore[override]
        f = math.exp(-cost / self.spread)
        denom = r[p] * f + (1.0 - r[p])
        return tuple((x * f if i == p else x) / denom for i, x in enumerate(r))


def model_values(state: YaBlewItState, legal: list[Action]) -> dict[Action, Gains]:
    """Each legal action's win chances for every seat under `WinModel` (the Fire in the Hole
    roll, which the model does not cover, gets the normal bot's Safes and the current chances)."""
    me = state.turn
    ctx = Context(state, me, PARAMS)
    phase = state.phase
    if phase == FIRE_PHASE:
        return {_NORMAL.place_safes(ctx, legal): tuple(win_chances(state))}
    model = WinModel(ctx)
    out = model.out_mask(state.out)
    k = model.k0
    if phase == MINER:
        pos = model.order.index(me)
        return {ROLL: model.roll(me, k, 0, pos, out, state.final),
                PASS: model.miners(k, 0, pos + 1, out, state.final)}
    if phase == JUMPER_PHASE:
        return {JUMP: model.take(me, 0, ctx.jumper_value),
                NOJUMP: model.miners(k, 0, 0, out, False)}
    if phase == CHOICE:
        if ADD in legal:
            return {KEEP: model.take(me, 0), ADD: model.add(k, 0, out)}
        return {KEEP: model.take(me, 0), GAMBLE_ACTION: model.gamble_draw(k, 0, 0)}
    if phase == GAMBLE:
        values = {ROLL: model.gamble_roll(k, 0)}
        if DRAW in legal:
            values[DRAW] = model.gamble_draw(k, 0, state.gamble_gems)
        return values
    if phase == REROLL:
        roll = state.roll or {}
        value, why = int(roll.get("value", 0)), str(roll.get("why"))
        if why == "fire":
            return {_NORMAL.fire_reroll(ctx, value): tuple(win_chances(state))}
        hits = value in claim_numbers(state)
        if why == "steal":
            pos = model.order.index(me)
            accept = model.take(me, 0) if hits else model.miners(k, 0, pos + 1, out | 1 << me,
                                                                  state.final)
            return {ACCEPT: accept, REROLL_ACTION: model.reroll_steal(me, k, 0, pos, out, state.final)}
        accept = model.zero if hits else model.take(me, 0)
        return {ACCEPT: accept, REROLL_ACTION: model.reroll_gamble(k, 0)}
    return {legal[0]: tuple(win_chances(state))}


def model_action(state: YaBlewItState, legal: list[Action]) -> Action:
    """The action `WinModel` rates best for the seat to move."""
    me = state.turn
    values = model_values(state, legal)
    return max(values, key=lambda a: values[a][me])


class YaBlewItPolicy(Policy):
    iterations = 16           # hard's budget in simulate and tests (the table stops at `seconds`)
    seconds = 0.9
    exploration = 0.5
    rollout_depth = 0         # no playout: a leaf is valued by the round model
    prior_weight = 24         # visits the model's verdict on the root actions is worth

    # ------------------------------------------------------------------ search
    def evaluate(self, state: YaBlewItState) -> list[float]:  # type: ignore[override]
        """The win chances of the seat to move's best action under `WinModel`."""
        if state.is_over():
            return win_shares(state)
        me = state.turn
        values = model_values(state, state.legal_actions())
        best: Gains = max(values.values(), key=lambda r: r[me])
        return list(best)

    def rollout_action(self, state: YaBlewItState, rng: Rng) -> Action:  # type: ignore[override]
        """A playout move, if `rollout_depth` allows any: the round model's choice."""
        return model_action(state, state.legal_actions())

    def root_prior(self, view: View, legal: list[Action]) -> dict[Action, tuple[float, int]]:
        """The round model's win chance for each root action, worth `prior_weight` visits (none
        at a Fire in the Hole, which the model does not cover)."""
        state = view.state  # type: ignore[attr-defined]
        if self.prior_weight <= 0 or state.phase == FIRE_PHASE:
            return {}
        me = view.player
        values = model_values(state, legal)
        if len(values) < len(legal):
            return {}
        return {a: (r[me], self.prior_weight) for a, r in values.items()}

    def tree_actions(self, state: YaBlewItState, legal: list[Action]) -> list[Action]:  # type: ignore[override]
        """At a Fire in the Hole, only the normal bot's Safe placing and placing none: the other
        placings are many and rarely better. Whether to spend a Faulty Detonator on a Fire in
        the Hole's roll, the normal bot works out exactly (this roll's loss against a fresh
        roll's, the Detonator given up): only its answer (the search, blind to points in a game
        it rates settled, threw Detonators away on rolls that took nothing)."""
        roll = state.roll or {}
        if state.phase == REROLL and roll.get("why") == "fire":
            return [_NORMAL.fire_reroll(Context(state, state.turn, PARAMS), int(roll.get("value", 0)))]
        if state.phase != FIRE_PHASE or len(legal) <= 2:
            return legal
        pick = _NORMAL.place_safes(Context(state, state.turn, PARAMS), legal)
        return [legal[0], pick] if pick != legal[0] else [pick]

    # ------------------------------------------------------------------ the coach's words
    def describe(self, view: View, action: Action) -> str:
        state: YaBlewItState = view.state  # type: ignore[attr-defined]
        kind = action.kind
        if kind == "roll":
            return "Roll now" if state.phase == GAMBLE else "Roll to steal the Claim"
        if kind == "fire":
            if not action.args:
                return "Roll for the Fire in the Hole" + (" (no Safes)" if _has_safes(state, view.player)
                                                          else "")
            names = [card_set().colour(c).name for c in action.args]
            stacks = and_list(names)
            return f"Guard {stacks} with {'a Safe' if len(names) == 1 else 'Safes'}, then roll"
        if kind == "accept":
            roll = state.roll or {}
            return f"Keep the roll of {roll['value']}" if roll.get("value") else "Keep the roll"
        return {
            "pass": "Pass",
            "jump": "Play the Claim Jumper",
            "nojump": "Keep the Claim Jumper",
            "reroll": "Use a Faulty Detonator to re-roll",
            "keep": "Keep the Claim",
            "add": "Add cards",
            "gamble": "Gamble",
            "draw": "Draw another Gem",
        }.get(kind, str(action))

    def reason(self, view: View, choice: Choice, choices: Sequence[Choice]) -> str:
        state: YaBlewItState = view.state  # type: ignore[attr-defined]
        me = view.player
        ctx = Context(state, me, PARAMS)
        claim = summarise(state.claim)
        nums = claim_numbers(state)
        k = len(nums)
        mine = ctx.gain(me, claim)
        # What the Claim is worth, as the table says it (its points now) and as hard weighs it
        # (what it should be worth by the end, Gems and blasts to come counted).
        now = claim_now(state, me)
        worth = f"{_signed(now)} to you now, about {_signed(round(mine))} by the end"
        only = "only " if now > 0 else ""   # (a Claim that would cost points is worth "-1", not "only")
        # A Claim that costs the Prospector points now and by the end: blowing it is no loss.
        unwanted = now < 0 and mine < 0
        kind = choice.action.kind
        phase = state.phase
        if phase == MINER:
            pr = state.config.name(state.prospector)
            if kind == "roll":
                why = f"{k} in 8 to steal a Claim worth {worth}"
            else:
                why = (f"only {k} in 8 to steal, and the Claim is worth {worth}; "
                       + (f"{pr} must take it if nobody steals it" if state.final
                          else f"{pr} may add to it"))
        elif phase == JUMPER_PHASE:
            if kind == "jump":
                why = f"take the Claim (worth {worth}) before any Miner rolls"
            else:
                why = f"the Claim is worth {only}{worth}; save the Jumper"
        elif phase == CHOICE:
            miners = len(state.miners_in())
            if kind == "keep":
                why = f"the Claim is worth {worth}"
            elif kind == "add":
                why = (f"the Claim is worth {only}{worth}; "
                       f"{plural(miners, 'Miner')} still in would steal on {k} in 8")
            else:
                why = (f"one more Gem makes the Claim (worth {worth}) bigger; you blow it all "
                       f"on {k + 1} in 8 or so")
        elif phase == GAMBLE:
            if unwanted:   # (a Claim that costs points: blown, it costs nothing)
                why = (f"the Claim is worth {worth}: you blow it, for nothing lost, on {k} in 8"
                       if kind == "roll" else
                       f"the Claim is worth {worth}: another Gem may add a number to blow it on "
                       f"({k} now)")
            elif kind == "roll":
                why = f"you blow the Claim on {k} in 8; it is worth {worth}"
            else:
                why = f"the Claim (worth {worth}) can grow; {plural(k, 'number')} to miss now"
        elif phase == REROLL:
            roll = state.roll or {}
            value, how = roll.get("value"), roll.get("why")
            again = kind == "reroll"
            if how == "fire":
                # What the roll takes, as the table counts it: cards, and points off the score now.
                area = state.areas[me]
                left = blast(area, int(value or 0), safe_guards(state, me))
                taken = len(area) - len(left)
                after = state.copy()
                after.areas[me] = list(left)
                cost = state.score(me).total - after.score(me).total
                if not taken:
                    why = (f"the {value} takes nothing; a new roll can only cost more" if again
                           else f"a roll of {value} takes nothing")
                elif cost > 0:
                    lost = plural(cost, "point")
                    why = (f"the {value} costs you {lost} of your cards; a new roll may cost less "
                           f"or more" if again else f"a roll of {value} costs you {lost} of your cards")
                else:
                    cards = plural(taken, "card")
                    score = ("no points" if not cost else f"{-cost} points more on your score"
                             if cost < -1 else "a point more on your score")
                    why = (f"the {value} takes {cards}, for {score}; a new roll may cost points"
                           if again else f"a roll of {value} takes {cards}, for {score}")
            elif how == "gamble":
                hit = value in nums
                if unwanted and hit:   # (the Claim costs points: blown, nothing is lost)
                    why = f"the {value} blows a Claim worth {worth}, for nothing lost"
                    if again:
                        why += "; a new roll may make you take it"
                elif unwanted:
                    why = f"the {value} makes you take a Claim worth {worth}"
                    if again:
                        why += f"; a new roll blows it on {k} in 8"
                elif again:
                    why = (f"the {value} would blow it; a new roll wins on {8 - k} in 8" if hit
                           else f"the {value} already wins the Claim; a new roll may blow it")
                else:   # (kept: why keep a roll that blows it? To save the Detonator)
                    why = (f"keeps your Faulty Detonator for later, though the {value} blows a Claim "
                           f"worth {worth}" if hit else f"the {value} wins the Claim")
            else:
                hit = value in nums
                if again:
                    why = (f"the {value} already steals the Claim; a new roll may miss" if hit
                           else f"the {value} missed; a new roll steals on {k} in 8")
                else:
                    why = (f"the {value} steals the Claim" if hit
                           else f"keeps your Faulty Detonator for later: a new roll would steal on only "
                                f"{k} in 8 (the Claim is worth {worth})")
        elif phase == FIRE_PHASE:
            legal = state.legal_actions()
            pick = _NORMAL.place_safes(ctx, legal) if len(legal) > 1 else legal[0]
            if not _has_safes(state, me):
                why = "everyone must roll"
            elif choice.action == pick:
                why = (("the Safe goes" if len(pick.args) == 1 else "the Safes go")
                       + " where a blast would cost most" if pick.args
                       else "no stack is worth a Safe yet")
            else:
                why = ("the Safes would do more elsewhere" if choice.action.args
                       else "a Safe would save more than it costs")
        else:
            why = ""
        return why[:1].upper() + why[1:]


def claim_now(state: YaBlewItState, p: int) -> int:
    """What taking the Claim would add to seat p's score now (Wild Gems placed best), as the
    table shows it."""
    after = state.copy()
    after.areas[p] = list(state.areas[p]) + list(state.claim)
    return after.score(p).total - state.score(p).total


def _signed(points: int) -> str:
    """Points gained or lost as the coach says them: "+3", "-2", and "0" (never "+0" or "-0")."""
    return f"{points:+d}" if points else "0"


def _has_safes(state: YaBlewItState, p: int) -> bool:
    return any(KIND[c] == SAFE for c in state.areas[p])


POLICY = YaBlewItPolicy()
