"""Gold Mine's search policy for the hard bot (see game/bots/search.py).

A whole Gold Mine game played out at random says little (a random miner wastes its money), so the
search looks only a few actions ahead and then judges the table the way the normal bot does:
each player's money plus a share of their *prospects* (the best tunnel they could dig next turn,
`bots.Prospects`), turned into win chances with a soft maximum whose spread shrinks as the rounds
run out.

The tree considers at every position only the normal bot's few best moves by its own scoring
(money now, prospects left to oneself and taken from the others, the dice left for the players
still to act), each distinct effect once with its cheapest way of paying; the other players are
thus searched as if they were normal bots choosing among their best few. The normal bot's own
choice starts with a head start of visits (the root prior), so hard keeps it unless the look
ahead finds better. Playout moves are the easy bot's rule: the most money now, give or take a
little.
"""

from __future__ import annotations

import math
from typing import Sequence

from game.bots.search import Choice, Policy
from game.core.contract import Action, IllegalAction, View
from game.core.memo import Memo
from game.core.rng import Rng
from game.core.words import money
from game.games.gold_mine.board import DIRECTION_NAMES, Hex, direction_to
from game.games.gold_mine.bots import (
    NormalBot,
    Prospects,
    effect_key,
    line_reach,
    start_value,
    turns_left,
)
from game.games.gold_mine.rules import (
    ACTION_TITLES,
    PLAY,
    ROUNDS,
    START,
    GoldMineState,
    Option,
    start_action,
    start_label,
)
from game.games.gold_mine.tables import ACTIONS, cheapest_options

_VERBS = {"mines": "Mine", "blows": "Blow", "blocks": "Block", "builds": "Build", "takes": "Take"}


def _key(s: GoldMineState) -> tuple:
    """A position's identity within one search (the same table, dice and turn)."""
    return (s.n, s.round_no, s.starter, s.step, s.phase, s.dice, tuple(s.taken), tuple(s.money),
            tuple(s.pos), frozenset(s.collected), frozenset(s.blocked), tuple(s.barriers))


class GoldMinePolicy(Policy):
    iterations = 24
    seconds = 0.9
    # The coach looks longer (its time cap stops it first): at 24 most choices get a few looks
    # each, too few for the chance it shows (hard at 60 plays no better than at 24, so hard keeps 24).
    hint_iterations = 120
    rollout_depth = 0
    exploration = 0.5

    TOP = 5               # the normal bot's best distinct moves hard considers ...
    TOP_DEEP = 3          # ... and below the root, each player's (as normal bots would)
    PROSPECT = 0.6        # how much of a prospect counts as money at a cut-off
    SPREAD = 4.0          # the soft maximum's spread in dollars at the last round ...
    SPREAD_ROUND = 2.5    # ... and how much it widens for each round still to come
    PRIOR = 0.5           # the normal bot's choice: a head start of this share of the budget
    NOISE = 3.0           # the playout rule's noise in dollars

    def __init__(self) -> None:
        self._normal = NormalBot(0)
        self._ranked = Memo(20_000)   # position -> `ranked` (and the start choices kept)
        self._root: tuple | None = None    # the position being decided (hard's own wider choice)
        self._map = None                     # the map of the positions in `_ranked`

    # ------------------------------------------------------------ the normal bot's scoring
    def ranked(self, s: GoldMineState, key: tuple | None = None) -> list[tuple[float, Option]]:
        """Each distinct effect once, with its best way of paying, scored as the normal bot
        scores it; best first (remembered per position, `key`, for the searches to come)."""
        return self._ranked.answer(_key(s) if key is None else key, lambda: self._rank(s))

    def _rank(self, s: GoldMineState) -> list[tuple[float, Option]]:
        options = cheapest_options(s) if s.phase == PLAY else []
        me = s.turn
        pros = Prospects(s)
        normal = self._normal
        w_self = normal.SELF_WEIGHT if turns_left(s, me) > 0 else 0.0
        w_other = {q: normal.OTHER_WEIGHT for q in range(s.n)
                   if q != me and turns_left(s, q) > 0}
        denial = normal._denial(s, me)
        values: dict[tuple[str, int, int, int], float] = {}
        best: dict[tuple[str, int, int, int], tuple[float, Option]] = {}
        for o in options:
            k = effect_key(o)
            value = values.get(k)
            if value is None:
                value = values[k] = normal._effect_value(s, me, o, pros, w_self, w_other)
            total = value + o.gain - o.cost + denial.get(o.die, 0.0)
            held = best.get(k)
            if held is None or total > held[0] + 1e-9:
                best[k] = (total, o)
        return sorted(best.values(), key=lambda t: -t[0])

    def _starts(self, s: GoldMineState) -> list[Action]:
        me = s.to_move()
        assert me is not None
        scored = sorted(s.free_starts(), key=lambda h: -start_value(s, h, me))
        return [start_action(h) for h in scored]

    # ------------------------------------------------------------ the search's hooks
    def tree_actions(self, state, legal: list[Action]) -> list[Action]:
        s: GoldMineState = state
        if s.phase == START:
            got = self._ranked.answer(_key(s), lambda: [(0.0, a) for a in self._starts(s)[:2]])
            return [a for _, a in got]
        top = self._top(s, _key(s))
        allowed = set(legal)
        return [a for a in top if a in allowed] or legal

    def tree_choices(self, state) -> tuple[bool, list[Action]]:
        """While playing, the normal bot's best few moves straight from the ranking (remembered
        per position), without listing every legal way of paying again: a position recurs in
        most iterations of a search, and its listing costs more than the rest of a visit."""
        s: GoldMineState = state
        if s.phase != PLAY:
            return super().tree_choices(s)
        top = self._top(s, _key(s))
        if not top:
            return super().tree_choices(s)
        return len(top) == 1, top

    def _top(self, s: GoldMineState, key: tuple) -> list[Action]:
        """The moves the tree considers at a position being played: the ranking's first
        `TOP` at the decision itself, `TOP_DEEP` below it."""
        keep = self.TOP if key == self._root else self.TOP_DEEP
        return [o.action for _, o in self.ranked(s, key)[:keep]]

    def root_prior(self, view: View, legal: list[Action]) -> dict[Action, tuple[float, int]]:
        s: GoldMineState = view.state  # type: ignore[attr-defined]
        if s.map is not self._map:
            # Positions are remembered without their map: another map starts afresh.
            self._ranked.clear()
            self._map = s.map
        self._root = _key(s)
        if s.phase == START:
            return {}
        ranked = self.ranked(s)
        if not ranked:
            return {}
        weight = max(1, round(self.PRIOR * self.iterations))
        after = s.advance(ranked[0][1].action)
        return {ranked[0][1].action: (self.evaluate(after)[view.player], weight)}

    def rollout_action(self, state, rng: Rng) -> Action:
        s: GoldMineState = state
        if s.phase == START:
            return self._start_of(s, rng)
        best = None
        best_score = -1e18
        noise = self.NOISE
        for o in s.options():
            score = o.gain - o.cost + noise * rng.random()
            if score > best_score:
                best, best_score = o, score
        assert best is not None
        return best.action

    def _start_of(self, s: GoldMineState, rng: Rng) -> Action:
        h = max(s.free_starts(), key=lambda x: line_reach(s, x, 1) + self.NOISE * rng.random())
        return start_action(h)

    def worth(self, s: GoldMineState) -> list[float]:
        """Each player's money plus the share of their prospect that still counts."""
        if s.phase == START or any(p is None for p in s.pos):
            return [float(m) for m in s.money]
        pros = Prospects(s)
        out = []
        for p in range(s.n):
            w = self.PROSPECT if turns_left(s, p) > 0 else 0.0
            out.append(s.money[p] + w * pros.best[p])
        return out

    def evaluate(self, state) -> list[float]:
        s: GoldMineState = state
        if s.is_over():
            return super().evaluate(s)
        worth = self.worth(s)
        spread = self.SPREAD + self.SPREAD_ROUND * (ROUNDS - s.round_no)
        top = max(worth)
        weights = [math.exp((w - top) / spread) for w in worth]
        total = sum(weights)
        return [w / total for w in weights]

    # ------------------------------------------------------------ the coach's words
    def describe(self, view: View, action: Action) -> str:
        s: GoldMineState = view.state  # type: ignore[attr-defined]
        if s.phase == START:
            try:
                q, r = (int(x) for x in action.args[:2])
                return f"Start at {start_label(s.map, Hex(q, r))}"
            except (ValueError, IndexError, KeyError):
                return "Start here"
        preview = s.preview(action)
        text = preview.text
        who = s.name(view.player) + " "
        if text.startswith(who):
            text = text[len(who):]
        # The move alone: what it makes or costs is the reason's to say (`reason`).
        text, _, _ = text.partition(":")
        pair = preview.blasted or preview.blocked
        if len(pair) == 2 and direction_to(pair[0], pair[1]):
            # The second hex, which the log's line leaves to the map: two blasts or blocks at one
            # place differ only there.
            mod = " (dice modifier)"
            tag = mod if text.endswith(mod) else ""
            text = text[:len(text) - len(tag)]
            second = DIRECTION_NAMES[direction_to(pair[0], pair[1])]
            text = f"{text} and the one {second} of it{tag}"
        try:
            move = s.move_of(action)
        except (IllegalAction, ValueError):
            move = None
        if move is not None and move.action_die is not None and move.action_change \
                and move.new_die is None:   # (the modifier's own route says "dice modifier")
            # The table labels each die with its face's action: say the one paid for.
            rolled = s.dice[move.action_die]
            was, now = ACTIONS.get(rolled), ACTIONS.get(rolled + move.action_change)
            if was and now:
                text += f" (die {move.action_die + 1}: {ACTION_TITLES[was]} to {ACTION_TITLES[now]})"
        first, _, rest = text.partition(" ")
        verb = _VERBS.get(first)
        if verb is None:
            return text[:1].upper() + text[1:]
        rest = rest.replace(" and moves to its end", " and move to its end")
        return f"{verb} {rest}".strip()

    def reason(self, view: View, choice: Choice, choices: Sequence[Choice]) -> str:
        """What the move makes or costs now; for a blast, block or barrier, whose best straight
        dig it cuts and by how much; and the best straight dig it leaves you for your next turn (a
        move that makes less now may leave more). The chance to win is shown beside it. A start
        point is said by what two straight tunnels from it could bring."""
        s: GoldMineState = view.state  # type: ignore[attr-defined]
        if s.phase == START:
            try:
                h = Hex(*(int(x) for x in choice.action.args[:2]))
                reach = line_reach(s, h, 2)
            except (ValueError, TypeError, KeyError):
                return ""
            return f"Two straight tunnels from here could bring about {money(reach)}"
        opt = next((o for o in s.options() if o.action == choice.action), None)
        if opt is None:
            return ""
        net = opt.gain - opt.cost
        now = (f"Makes {money(net)} now" if net > 0 else
               "Costs nothing now" if net == 0 else f"Costs {money(-net)} now")
        me = view.player
        after = s.advance(choice.action)
        parts = [now]
        if after.is_over():
            return now
        later = Prospects(after).best
        if opt.kind in ("blow", "block", "barrier") and s.n > 1:
            # What a move against the others does to them: the rival whose best dig it cuts most.
            before = Prospects(s).best
            drop, q = max((before[q] - later[q], q) for q in range(s.n) if q != me)
            parts.append(f"cuts {s.name(q)}'s best dig from {money(int(before[q]))} to "
                         f"{money(int(later[q]))}" if drop >= 1 else
                         "no other player's best dig gets smaller")
        if turns_left(after, me) > 0:
            best = int(later[me])
            parts.append(f"a dig worth {money(best)} is open to you next turn" if best > 0 else
                         "no dig worth making is open to you next turn")
        return "; ".join(parts)


POLICY = GoldMinePolicy()
