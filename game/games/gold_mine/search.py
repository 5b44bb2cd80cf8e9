"""Gold Mine's search policy for the hard bot (see game/bots/search.py).

Gold Mine has no hidden cards: what a player cannot know is the dice to come. So the hard bot
compares its candidates on *common deals* (`search_deals`): it draws a few futures of the dice,
and on each plays every candidate and then the whole rest of the game, every player playing as
the normal bot does. Since every candidate meets the same dice, what differs between them is the
move alone, and four deals tell apart what dozens of independent look-aheads could not (an
earlier tree search over the normal bot's moves, judged a few moves ahead by money plus part of
each prospect, won no more than the normal bot did).

The candidates are the normal bot's best few moves by its own scoring (money now, prospects left
to oneself and taken from the others, the dice left for the players still to act), each distinct
effect once with its cheapest way of paying; at the start, its best few start points. With two
players a deal's end is worth half a win (or half a tie) and half the margin over the rival on a
logistic curve, so a narrow loss counts for more than a rout. At three or four players a whole
game is too long to play on several times a second: there the playouts stop after a few moves
and judge the table by each player's money plus part of their *prospect* (the best tunnel they
could dig next turn, `bots.Prospects`), turned into each player's chance to win by a soft maximum
fitted to games between normal bots (`spread`), so the coach's chances are chances.
"""

from __future__ import annotations

import math
from typing import Sequence, cast

from game.bots.search import Choice, Policy, soft_shares, win_shares
from game.core.contract import Action, GameState, IllegalAction, View
from game.core.rng import Rng, derive_seed
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
    start_action,
    start_label,
)
from game.games.gold_mine.tables import ACTIONS, Option, cheapest_options

_VERBS = {"mines": "Mine", "blows": "Blow", "blocks": "Block", "builds": "Build", "takes": "Take"}


class GoldMinePolicy(Policy):
    method = "deals"
    iterations = 6        # common deals a decision (each candidate played to the end on each)
    seconds = 0.9
    # The coach plays more deals (its time cap may stop it first): ten, so that the chances it
    # shows are not marked rough (`FEW_LOOKS`), where hard's six would be.
    hint_iterations = 10
    # Early in a two-player game the deals are played to the end, and ten take about 1.6 s on a
    # quiet two-core machine: the coach may take two seconds so they are done.
    hint_seconds = 2.0
    CANDIDATES = 4        # the normal bot's best distinct moves compared on the deals
    START_CANDIDATES = 3  # ... and start points, by the normal bot's judgement of them
    SCALE = 6.0           # dollars of final margin over the best rival worth about 3 to 1
    # At three or four players a whole game is too long to play on several times within a
    # second: the playout stops after this many moves and judges the table by `worth`.
    PLAYOUT_DEPTH = {3: 9, 4: 8}
    PROSPECT = 0.6        # how much of a prospect counts as money at such a cut-off
    # ... and the chance that each player wins from there: a soft maximum of their worth whose
    # spread is BASE + PER_ACTION x (actions left in the game), in dollars (`spread`).
    SPREAD = {3: (1.0, 0.5), 4: (0.0, 0.35)}

    def __init__(self) -> None:
        self._normal = NormalBot(0)

    # ------------------------------------------------------------ the normal bot's scoring
    def ranked(self, s: GoldMineState) -> list[tuple[float, Option]]:
        """Each distinct effect once, with its best way of paying, scored as the normal bot
        scores it; best first."""
        options = cheapest_options(s) if s.phase == PLAY else []
        best: dict[tuple[str, int, int, int], tuple[float, Option]] = {}
        for total, o in self._normal.scored(s, s.turn, options):
            k = effect_key(o)
            held = best.get(k)
            if held is None or total > held[0] + 1e-9:
                best[k] = (total, o)
        return sorted(best.values(), key=lambda t: -t[0])

    def _starts(self, s: GoldMineState) -> list[Action]:
        me = s.to_move()
        assert me is not None
        scored = sorted(s.free_starts(), key=lambda h: -start_value(s, h, me))
        return [start_action(h) for h in scored]

    def normal_move(self, s: GoldMineState) -> Action:
        """What the normal bot plays at `s` (its first choice, without its random pick among
        equals)."""
        if s.phase == START:
            return self._starts(s)[0]
        ranked = self.ranked(s)
        return ranked[0][1].action if ranked else s.legal_actions()[0]

    # ------------------------------------------------------------ the search over common deals
    def root_candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """The normal bot's best few moves (each distinct effect once, paid the cheapest way), or
        its best few start points."""
        s: GoldMineState = view.state  # type: ignore[attr-defined]
        if s.phase == START:
            return self._starts(s)[:self.START_CANDIDATES]
        return [o.action for _, o in self.ranked(s)[:self.CANDIDATES]]

    def deal_playout(self, state: GameState, rng: Rng) -> GameState:
        """Everyone plays as the normal bot to the end of the game (at three or four players,
        for `PLAYOUT_DEPTH` moves): the deal fixes the dice, so what differs between candidates is
        the move alone."""
        s = cast(GoldMineState, state)   # the search hands a policy its own game's states
        depth = self.PLAYOUT_DEPTH.get(s.n)
        moves = 0
        while not s.is_over() and (depth is None or moves < depth):
            s = s.advance(self.normal_move(s))
            moves += 1
        return s

    def worth(self, s: GoldMineState) -> list[float]:
        """Each player's money, plus part of their prospect while they have turns left."""
        if s.is_over() or s.phase == START or any(p is None for p in s.pos):
            return [float(m) for m in s.money]
        best = Prospects(s).best
        return [s.money[p] + (self.PROSPECT * best[p] if turns_left(s, p) > 0 else 0.0)
                for p in range(s.n)]

    def spread(self, s: GoldMineState) -> float:
        """How far apart in worth two players must stand for the leader to be about e times as
        likely to win: wide while many actions are left, narrow near the end."""
        return _spread(self.SPREAD.get(s.n, self.SPREAD[4]), actions_left(s))

    def deal_value(self, state: GameState, seat: int) -> float:
        """With two players: half the win itself (a tie half of it), half the margin over the
        rival through a logistic curve, so that a deal lost by 1$ counts for more than one lost
        by 30$. With three or four, whose deals stop early: the seat's chance to win, its share
        of the win at the end, else a soft maximum of the players' `worth` (fitted to who won
        games between normal bots), so that the coach's chances read as chances."""
        s = cast(GoldMineState, state)
        if s.n >= 3:
            if s.is_over():
                return win_shares(s)[seat]
            return soft_shares(self.worth(s), self.spread(s))[seat]
        money = self.worth(s)
        diff = money[seat] - max(m for q, m in enumerate(money) if q != seat)
        win = 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
        return 0.5 * win + 0.5 / (1.0 + math.exp(-diff / self.SCALE))

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
        mod = " (dice modifier)"
        modifier = text.endswith(mod)   # (said again at the end, with its dice)
        if modifier:
            text = text[:-len(mod)]
        pair = preview.blasted or preview.blocked
        if len(pair) == 2 and (way := direction_to(pair[0], pair[1])):
            # The second hex, which the log's line leaves to the map: two blasts or blocks at one
            # place differ only there.
            second = DIRECTION_NAMES[way]
            where = {"up": "above it", "down": "below it"}.get(second, f"{second} of it")
            text = f"{text} and the one {where}"
        try:
            move = s.move_of(action)
        except (IllegalAction, ValueError):
            move = None
        if modifier and move is not None and move.action_die is not None and move.new_die is not None:
            # Which dice, in the order the table asks for them: the modifier's die, then the die
            # that becomes the action the words name (the same dig by two routes read alike, and
            # the table's second step had no word).
            text += f" (dice modifier: die {move.action_die + 1}, then die {move.new_die + 1})"
        elif modifier:
            text += mod
        elif move is not None and move.action_die is not None and move.action_change \
                and move.new_die is None:
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

    def describe_short(self, view: View, action: Action) -> str:
        """The dice modifier's route with its dice first, which the narrow panel cut off at the
        end ("... (dice mod…"): "Die 3, then die 2: blow up 2 hexes ..."; "" for other moves."""
        text = self.describe(view, action)
        move, tag, dice = text.rpartition(" (dice modifier: die ")
        if not tag or not dice.endswith(")"):
            return ""
        return f"Die {dice[:-1]}: {move[:1].lower()}{move[1:]}"

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


def spread_fit(players: int, games: int, seed: int,
               spreads: Sequence[tuple[float, float]]) -> dict[tuple[float, float], float]:
    """For developers (the figures behind `GoldMinePolicy.SPREAD`): at every position of
    `games` seeded games between normal bots, the mean log-likelihood of who won under the soft
    maximum of each (base, per action) spread in `spreads`, and under even chances (key (0, 0))."""
    from game.games import get

    info = get("gold_mine")
    policy = GoldMinePolicy()
    rows: list[tuple[list[float], int, list[float]]] = []
    for g in range(games):
        config = info.make_config(players, tuple(f"P{i}" for i in range(players)), {"first_player": g % players})
        first, _ = info.new(config, seed + g)
        s = cast(GoldMineState, first)
        bots = [NormalBot(derive_seed(seed, g, i)) for i in range(players)]
        seen = []
        while not s.is_over():
            if s.phase == PLAY:
                seen.append((policy.worth(s), actions_left(s)))
            p = s.to_move()
            assert p is not None
            s = s.advance(bots[p].choose(s.view(p)))
        shares = win_shares(s)
        rows += [(worth, left, shares) for worth, left in seen]
    out = {(0.0, 0.0): math.log(1 / players)}
    for fit in spreads:
        total = 0.0
        for worth, left, won in rows:
            chances = soft_shares(worth, _spread(fit, left))
            total += math.log(max(1e-9, sum(c for c, w in zip(chances, won) if w > 0)))
        out[fit] = total / max(1, len(rows))
    return out


def actions_left(s: GoldMineState) -> int:
    """How many actions are still to be taken in the game, the current one counted."""
    return (ROUNDS - s.round_no) * s.n + (s.n - s.step)


def _spread(fit: tuple[float, float], left: int) -> float:
    base, per_action = fit
    return max(1.0, base + per_action * left)


POLICY = GoldMinePolicy()
