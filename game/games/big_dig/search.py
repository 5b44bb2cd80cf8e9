"""How the hard bot searches Big Dig (the `Policy` of game/bots/search.py).

Big Dig is a race: whoever first meets all three goals wins at once, and nothing is secret or random
after set-up. The search therefore looks a few turns ahead among the few moves the normal bot's
distance model (game/games/big_dig/bots.py) rates best, and values the positions it reaches
without playing on:

- the tree considers, for every seat, only the best few moves by the normal bot's ranking (a quick
  score on its plans, then the full remaining distance for the shortlist; at the root also what
  the card left over gives the next player, as the normal bot counts it), and a move that wins at
  once alone; with three or four players it branches on the deciding seat's moves only, and the
  others play the playout's move (so the tree reaches the seat's next turns instead of spending
  its iterations on three rivals' choices);
- a leaf is valued by how many turns each player still needs (the normal bot's remaining distance
  over the distance a turn typically crosses) plus where they sit in the turn order, turned into
  win chances by a soft minimum: the nearer the finish, the sharper it gets;
- the normal bot's own choice starts the search as a prior worth a few visits, which the search
  overturns only when the lookahead disagrees.

The rankings and values are cached by position (the same position comes up in every iteration,
since every deal is the real position). Pure Python; never imports pygame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, cast

from game.bots.search import Choice, Policy, win_shares
from game.core.contract import Action, GameState, View
from game.core.memo import Memo
from game.core.rng import Rng
from game.core.words import plural
from game.games.big_dig.bots import (
    NormalBot,
    cards_handing_a_win,
    goal_plans,
    quick_score,
    geo,
    remaining,
    weights,
    winning_move,
    without_handing,
)
from game.games.big_dig.cards import CARD_COUNT
from game.games.big_dig.rules import (
    BONUS_ACTION,
    DIG,
    EXPLODE,
    PASS,
    GOAL_TITLE,
    PATH_GOALS,
    PLAY,
    BigDigState,
    BigDigView,
    goal_met,
    goal_progress,
    where,
)

# Positions remembered by the search (each about 1-3 KB with its key): enough for the decisions of
# a few turns, and held by the search process the whole session, so kept to some 30 MB.
_CACHE_LIMIT = 5_000


def _key(s: BigDigState) -> tuple[Any, ...]:
    """The position, as far as the search cares: the board and goals, who moves, the cards, what
    everyone crossed and their bonus squares left."""
    return (s.board, s.goals, s.turn, s.phase, tuple(s.taken), tuple(s.sides),
            tuple(s._crossed), tuple(s._bonus))


def _squares(s: BigDigState, action: Action) -> tuple[tuple[int, int], ...]:
    known = s._tables().crossing.get(action)
    if known is not None:
        return known[1]
    args = action.args if action.kind == BONUS_ACTION else action.args[1:]
    return tuple((int(x), int(y)) for x, _, y in (a.partition(".") for a in args))


def squares_words(sqs: Sequence[tuple[int, int]], short: bool = False) -> str:
    """Squares in a player's words, every one of them, so two placings of a card read apart:
    "column 4, rows 2-5", "row 1: columns 1-3; row 2: column 3", "rows 1-2: columns 1-2" (by
    rows or by columns, whichever takes fewer groups, neighbouring lines alike taken as one),
    counted from 1. `short`: "col 4 rows 2-5", "row 1 cols 1-3;
    row 2 col 3", for a narrow panel."""
    if len(sqs) == 1:
        x, y = sqs[0]
        return f"col {x + 1} row {y + 1}" if short else where(sqs[0])

    def spans(values: list[int]) -> str:
        values = sorted(set(values))
        runs: list[list[int]] = []
        for v in values:
            if runs and v == runs[-1][-1] + 1:
                runs[-1].append(v)
            else:
                runs.append([v])
        return ", ".join(f"{r[0] + 1}-{r[-1] + 1}" if len(r) > 1 else f"{r[0] + 1}" for r in runs)

    def merged(groups: dict[int, list[int]]) -> list[tuple[list[int], list[int]]]:
        """Neighbouring lines with the same squares taken as one ("rows 5-6, column 5")."""
        out: list[tuple[list[int], list[int]]] = []
        for k in sorted(groups):
            inside = sorted(set(groups[k]))
            if out and out[-1][0][-1] == k - 1 and out[-1][1] == inside:
                out[-1][0].append(k)
            else:
                out.append(([k], inside))
        return out

    rows: dict[int, list[int]] = {}
    cols: dict[int, list[int]] = {}
    for x, y in sqs:
        rows.setdefault(y, []).append(x)
        cols.setdefault(x, []).append(y)
    column = "col" if short else "column"
    by_rows, by_cols = merged(rows), merged(cols)
    if (len(by_cols), len(cols)) < (len(by_rows), len(rows)):
        groups, outer, inner = by_cols, column, "row"
    else:
        groups, outer, inner = by_rows, "row", column
    parts = []
    for keys, inside in groups:
        many = "s" if len(keys) > 1 else ""
        word = inner + ("s" if len(inside) > 1 else "")
        parts.append(f"{outer}{many} {spans(keys)}{'' if short else ':'} {word} {spans(inside)}")
    if len(parts) == 1:
        return parts[0] if short else parts[0].replace(":", ",", 1)
    return "; ".join(parts)


class BigDigPolicy(Policy):
    iterations = 120
    seconds = 0.8
    rollout_depth = 0
    exploration = 0.4

    root_width = 4        # moves the tree considers at the root
    width = 3             # ... and below it
    shortlist = 6         # moves whose full remaining distance is worked out
    turn_distance = 8.0   # remaining distance a turn typically crosses
    spread = 0.25         # the soft minimum's spread, in turns, near the finish
    spread_growth = 0.12  # ... growing by this much per turn still needed
    prior_weight = 3      # the normal bot's choice, in visits, with two players
    prior_weight_many = 3  # ... with three or four (the lookahead sees less of a round)
    model_others_from = 3  # with three or four, the others play the playout's move in the tree

    def __init__(self) -> None:
        self._ranked: Memo[tuple[tuple[Any, ...], bool], list[Action]] = \
            Memo(_CACHE_LIMIT)   # (position, deny) -> `ranked`
        self._values: Memo[tuple[Any, ...], list[float]] = \
            Memo(_CACHE_LIMIT)   # position -> `evaluate`
        self._root: tuple[Any, ...] | None = None

    # ------------------------------------------------------------------ the normal bot's ranking
    def ranked(self, s: BigDigState, legal: list[Action], deny: bool = False) -> list[Action]:
        """The legal moves worth searching, best first (one if it wins at once)."""
        return self._ranked.answer((_key(s), deny), lambda: self._rank(s, legal, deny))

    def _rank(self, s: BigDigState, legal: list[Action], deny: bool) -> list[Action]:
        p = s.to_move()
        assert p is not None   # only a position with a seat to move is ranked
        g = geo(s.board)
        w = weights(g, s, p)
        if s.phase != PLAY or len(legal) <= 1:
            return sorted(legal, key=lambda a: -sum(w.get(sq, 0.0) for sq in _squares(s, a))
                          if a.kind != PASS else 1.0)
        if deny:   # the decision itself: a move that wins at once, by any route, is the one
            win = winning_move(s, p, [(a, 0, tuple(_squares(s, a))) for a in legal])
            if win is not None:
                return [win]
            # ... and no card after which the next player wins at once, if another will do
            legal = without_handing(legal, cards_handing_a_win(s, p),
                                    lambda a: int(a.args[0]) if a.kind != PASS else 0)
        quick = sorted(((quick_score(w, sqs) + 0.05 * len(sqs), -k, a) for k, a in enumerate(legal)
                        for sqs in (_squares(s, a),)), reverse=True)
        short = [a for _, _, a in quick[:self.shortlist]]
        now = remaining(g, s, p)
        gains = NormalBot(0).next_player_gains(s, g, (p + 1) % s.n) if deny else None
        scored = []
        for k, a in enumerate(short):
            sqs = _squares(s, a)
            after = remaining(g, s, p, sqs)
            if after == 0:
                return [a]
            value = float(now - after)
            if gains is not None:
                card = int(a.args[0])
                left = [c for c in s.free_cards() if c != card]
                their = (max(gains[("now", c)] for c in left) if left
                         else max(gains[("flip", c)] for c in range(1, CARD_COUNT + 1)))
                value -= NormalBot.DENY_WEIGHT * their
            scored.append((value, -k, a))
        scored.sort(reverse=True)
        return [a for _, _, a in scored]

    def tree_actions(self, state: GameState, legal: list[Action]) -> list[Action]:
        s = cast(BigDigState, state)   # the search hands a policy its own game's states
        root = _key(s) == self._root
        ranked = self.ranked(s, legal, deny=root)
        return ranked[:self.root_width if root else self.width]

    def root_prior(self, view: View, legal: list[Action]) -> dict[Action, tuple[float, int]]:
        s = cast(BigDigView, view).state   # the search is given this game's views
        self._root = _key(s)
        weight = self.prior_weight if s.n == 2 else self.prior_weight_many
        if weight <= 0 or s.phase != PLAY:
            return {}
        ranked = self.ranked(s, legal, deny=True)
        best = ranked[0]
        after = s.advance(best)
        return {best: (self.evaluate(after)[view.player], weight)}

    # ------------------------------------------------------------------ playouts and leaves
    def rollout_action(self, state: GameState, rng: Rng) -> Action:
        """The normal bot's quick favourite, now and then its second or third."""
        s = cast(BigDigState, state)
        ranked = self.ranked(s, s.legal_actions())
        if len(ranked) > 1 and rng.random() < 0.25:
            return ranked[rng.below(min(3, len(ranked)))]
        return ranked[0]

    def turns_needed(self, s: BigDigState) -> list[float]:
        """Each player's turns still needed to meet all three goals, counted from now (the
        player to move first, the others by their place in the turn order)."""
        g = geo(s.board)
        mover = s.turn
        n = s.n
        return [remaining(g, s, p) / self.turn_distance + ((p - mover) % n) / n for p in range(n)]

    def evaluate(self, state: GameState) -> list[float]:
        s = cast(BigDigState, state)
        if s.is_over():
            return win_shares(s)
        return self._values.answer(_key(s), lambda: self._value(s))

    def _value(self, state: BigDigState) -> list[float]:
        t = self.turns_needed(state)
        spread = self.spread + self.spread_growth * min(t)
        lo = min(t)
        ex = [math.exp(-(x - lo) / spread) for x in t]
        total = sum(ex)
        return [e / total for e in ex]

    # ------------------------------------------------------------------ the coach's words
    def describe(self, view: View, action: Action) -> str:
        s = cast(BigDigView, view).state
        if action.kind == PASS:
            return "Pass (no dig or explosion left)"
        sqs = _squares(s, action)
        if action.kind == DIG:
            c = int(action.args[0])
            return f"Take card {c} ({s.card_name(c)}), dig {squares_words(sqs)}"
        if action.kind == EXPLODE:
            c = int(action.args[0])
            return f"Take card {c} ({s.card_name(c)}) and explode {where(sqs[0])}"
        return f"Bonus square at {where(sqs[0])}"

    def describe_short(self, view: View, action: Action) -> str:
        """The same in fewer letters, for the narrow hint panel of a four-player table:
        "Card 5: col 3 rows 2-4; col 4 row 2" (the card's shape is shown on the board)."""
        s = cast(BigDigView, view).state
        if action.kind == PASS:
            return "Pass"
        sqs = _squares(s, action)
        if action.kind == DIG:
            c = int(action.args[0])
            return f"Card {c}: {squares_words(sqs, short=True)}"
        if action.kind == EXPLODE:
            c = int(action.args[0])
            return f"Card {c}: explode {squares_words(sqs, short=True)}"
        return f"Bonus: {squares_words(sqs, short=True)}"

    def reason(self, view: View, choice: Choice, choices: Sequence[Choice]) -> str:
        s = cast(BigDigView, view).state
        p = view.player
        if choice.action.kind == PASS:
            return "Nothing can be dug or exploded: the turn passes"
        g = geo(s.board)
        sqs = _squares(s, choice.action)
        crossed = s.crossed(p) | set(sqs)
        later = goal_plans(g, s, frozenset(crossed))
        if not any(later):
            return "Meets the last goal: wins at once"
        met = [GOAL_TITLE[goal] for goal in s.goals if goal not in s.met[p]
               and goal_met(s.board, crossed, goal)]
        parts = ["meets " + " and ".join(met)] if met else []
        # The goals' progress as the goals panel counts it (a path's squares to go, a count's
        # squares of the kind), before and after: the goal brought on most is named, in those
        # numbers, so the reason and the panel never disagree.
        gains = []
        for goal in s.goals:
            b = goal_progress(s.board, s.crossed(p), goal)
            a = goal_progress(s.board, crossed, goal)
            if not a.met and a.have > b.have:
                if goal in PATH_GOALS:
                    words = (f"{GOAL_TITLE[goal]} {plural(a.have - b.have, 'square')} nearer "
                             f"({a.need - a.have} to go)")
                else:
                    words = f"{GOAL_TITLE[goal]} {a.have}/{a.need}"
                gains.append((a.have - b.have, words))
        # Else the cheapest plan (which counts reaching a goal's squares from the top, as the
        # panel does not) may still come nearer: the squares lie on the way.
        before = goal_plans(g, s, frozenset(s.crossed(p)))
        nearer = [(b - a, goal) for goal, b, a in zip(s.goals, before, later) if a > 0 and b > a]
        if gains:
            parts.append(max(gains)[1])
            if len(gains) > 1:
                other = len(gains) - 1
                parts[-1] += f", {'one' if other == 1 else 'two'} more goal{'s' if other > 1 else ''} too"
        elif nearer:
            parts.append(f"on the way to {GOAL_TITLE[max(nearer)[1]]}")
        elif not met:
            parts.append("no goal nearer")
        gain = "; ".join(parts)
        return f"{gain[0].upper()}{gain[1:]}"


POLICY = BigDigPolicy()
