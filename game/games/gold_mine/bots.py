"""Gold Mine bots: ``easy`` (money now, a little random) and ``normal`` (money now and prospects).

Both decide from a `GoldMineView` only: `view.state` is a copy of the table whose dice generator is
blanked, and `options()` lists the legal actions with what each does and costs. Every random
choice comes from the bot's own `Rng`. Pure Python; never imports pygame.

The normal bot scores each legal action by the money it makes now plus the *prospects* it leaves:
for every player, the best tunnel they could dig next turn from where they stand (treasure on a
straight line, minus 1$ a hex and the barrier fees on the way, cut short by rock, blocks and the
map edge). Its own prospect counts for it, the other players' prospects count against it, so
digging towards treasure, grabbing or blasting what an opponent is about to reach, blocking their
best line and fencing it with a barrier all score. Prospects fade as the game nears its end. It
also looks at the dice it leaves for the players still to act this round (taking the 6 that the
next player wanted is worth something). Each distinct effect is scored once; the dice ways of
paying for it only change the price.

Before the first roll each bot chooses its start point (the X) by looking at the mountain from
it: the normal bot values the treasure two straight tunnels in a row can collect from there, less
what it would have to race the players already placed for (mines on a straight line from both),
and a little more the farther it is from them; the easy bot looks only at its best first tunnel,
with a little noise.
"""

from __future__ import annotations

from typing import cast

from game.core.contract import Action
from game.core.rng import Rng
from game.games.gold_mine.board import Hex, distance, step
from game.games.gold_mine.rules import (
    ROUNDS,
    START,
    GoldMineState,
    GoldMineView,
    start_action,
)
from game.games.gold_mine.tables import (
    BARRIER,
    BLOCK,
    BLOW,
    INCOME,
    MINE,
    MINING_PRICE,
    Option,
    half_up,
    map_tables,
)

# ---------------------------------------------------------------------------- prospects
Ray = list[tuple[Hex, int]]   # the hexes of a straight line from a player, with their treasure


class Prospects:
    """Every player's straight lines on the current table, to score actions quickly.

    A ray is the up-to-six hexes in one direction that a tunnel could enter (it ends at rock, a
    block or the map edge). A player's prospect is the best prefix of any ray: treasure minus 1$ a
    hex minus the barrier fees owed. Changing a few hexes (collected, blocked, fenced) only needs
    the rays through them to be looked at again.
    """

    def __init__(self, s: GoldMineState) -> None:
        self.s = s
        self.fee = s.fee()
        self._map = tables = map_tables(s.map)
        self._blocked = tables.numbers(s.blocked)
        self._collected = tables.numbers(s.collected)
        self._rays: dict[Hex, list[Ray]] = {}
        # per player: each ray, its hexes as a set and its best value
        self._lines: list[list[tuple[Ray, frozenset[Hex], float]]] = []
        self.best: list[float] = []
        pos = cast(list[Hex], s.pos)   # in play, where every seat stands somewhere
        for p in range(s.n):
            rays = self.rays_from(pos[p])
            bests = [self.ray_value(p, r) for r in rays]
            self._lines.append([(r, frozenset(h for h, _ in r), b) for r, b in zip(rays, bests)])
            self.best.append(max(bests, default=0.0))

    def rays_from(self, start: Hex) -> list[Ray]:
        """The rays from `start` in directions 1-6, each ending at rock, the edge or a block."""
        hit = self._rays.get(start)
        if hit is not None:
            return hit
        hexes, value = self._map.hexes, self._map.value
        blocked, collected = self._blocked, self._collected
        rays: list[Ray] = []
        for line in self._map.lines(start)[1:]:
            ray: Ray = []
            for i in line:
                if i in blocked:
                    break
                ray.append((hexes[i], 0 if i in collected else value[i]))
            rays.append(ray)
        self._rays[start] = rays
        return rays

    def ray_value(self, p: int, ray: Ray, gone: frozenset[Hex] | set[Hex] = frozenset(),
                  fence: tuple[int, set[Hex]] | None = None, cut: set[Hex] | None = None) -> float:
        """The best tunnel along `ray` for player p: treasure − hexes − fees, at least 0.

        `gone`: treasure hexes taken meanwhile; `fence`: a new barrier (owner, hexes); `cut`: new
        blocks (the ray stops before them).
        """
        s = self.s
        best = 0.0
        total = 0
        fees_seen: set[int] = set()
        fee_total = 0
        barriers = s.barriers
        for k, (h, x) in enumerate(ray, 1):
            if cut and h in cut:
                break
            if x and h not in gone:
                total += x
            if barriers:
                for i, (owner, hexes) in enumerate(barriers):
                    if owner != p and i not in fees_seen and h in hexes:
                        fees_seen.add(i)
                        fee_total += self.fee
            if fence is not None and fence[0] != p and -1 not in fees_seen and h in fence[1]:
                fees_seen.add(-1)
                fee_total += self.fee
            value = total - k - fee_total
            if value > best:
                best = value
        return best

    def after(self, p: int, hexes: set[Hex], gone: set[Hex] | frozenset[Hex] = frozenset(),
              fence: tuple[int, set[Hex]] | None = None, cut: set[Hex] | None = None) -> float:
        """Player p's prospect (from where p stands) once `hexes` changed as described."""
        best = 0.0
        for ray, on_ray, value in self._lines[p]:
            if not on_ray.isdisjoint(hexes):
                value = self.ray_value(p, ray, gone, fence, cut)
            if value > best:
                best = value
        return best

    def from_hex(self, p: int, start: Hex, gone: set[Hex]) -> float:
        """Player p's prospect if p stood at `start`, with the treasure in `gone` taken."""
        best = 0.0
        for ray in self.rays_from(start):
            value = self.ray_value(p, ray, gone)
            if value > best:
                best = value
        return best


def turns_left(s: GoldMineState, p: int) -> int:
    """How many turns player p still has after the current player's action."""
    later_rounds = ROUNDS - s.round_no
    this_round = 1 if p != s.turn and (p - s.starter) % s.n > s.step else 0
    return later_rounds + this_round


def effect_key(o: Option) -> tuple[str, int, int, int]:
    return (o.kind, o.direction, o.distance, o.second)


# ---------------------------------------------------------------------------- start points
def straight_tunnels(s: GoldMineState, start: Hex, gone: frozenset[Hex] = frozenset()
                     ) -> list[tuple[int, Hex, frozenset[Hex]]]:
    """Every straight tunnel from `start` (1-6 hexes, stopped by rock, blocks and the edge):
    (treasure − 1$ a hex, end hex, the mines it empties), treasure in `gone` not counted."""
    out = []
    tiles = s._tiles
    for d in range(1, 7):
        total = 0
        taken: list[Hex] = []
        for k in range(1, 7):
            h = step(start, d, k)
            t = tiles.get(h)
            if t is None or t.is_rock or h in s.blocked:
                break
            x = s.treasure_at(h)
            if x and h not in gone:
                total += x
                taken.append(h)
            out.append((total - k * MINING_PRICE, h, frozenset(taken)))
    return out


def line_reach(s: GoldMineState, start: Hex, tunnels: int,
               gone: frozenset[Hex] = frozenset()) -> int:
    """The best net treasure of up to `tunnels` straight tunnels in a row from `start` (at least
    0), nobody else digging."""
    if tunnels <= 0:
        return 0
    best = 0
    for net, end, taken in straight_tunnels(s, start, gone):
        best = max(best, net + line_reach(s, end, tunnels - 1, gone | taken))
    return best


def in_line(s: GoldMineState, start: Hex) -> set[Hex]:
    """The mines one straight tunnel from `start` can reach."""
    return {h for _, _, taken in straight_tunnels(s, start) for h in taken}


def start_value(s: GoldMineState, h: Hex, me: int) -> float:
    """The normal bot's worth of starting at `h`: two tunnels' reach, less half the treasure in
    line from both `h` and a player already placed, plus a little for keeping away from them."""
    others = [pos for p, pos in enumerate(s.pos) if p != me and pos is not None]
    value = float(line_reach(s, h, 2))
    mine = in_line(s, h)
    for pos in others:
        value -= 0.5 * sum(s.treasure_at(x) for x in mine & in_line(s, pos))
    if others:
        value += 0.3 * min(distance(h, pos) for pos in others)
    return value


def choose_start(s: GoldMineState, score: "dict[Hex, float]", rng: Rng) -> Action:
    """The start point with the best score (ties drawn with `rng`)."""
    top = max(score.values())
    best = [h for h in s.free_starts() if score[h] >= top - 1e-9]
    return start_action(rng.choice(best))


# ---------------------------------------------------------------------------- easy
class EasyBot:
    """A short-sighted miner: the most money right now, with a little noise and the odd whim.

    It never looks at where a move leaves it or what it leaves the others; when nothing pays, it
    does something free at random.
    """

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: GoldMineView) -> Action:
        s = view.state
        if s.phase == START:
            # The best first tunnel from each X, give or take a few dollars.
            return choose_start(s, {h: line_reach(s, h, 1) + 4.0 * self.rng.random()
                                    for h in s.free_starts()}, self.rng)
        options = s.options()
        if self.rng.random() < 0.15:
            cheap = [o for o in options if o.cost <= 1]
            if cheap:
                return self.rng.choice(cheap).action
        best: Option | None = None
        best_score = -1e9
        for o in options:
            score = o.gain - o.cost + 3.0 * self.rng.random()
            if score > best_score:
                best, best_score = o, score
        assert best is not None
        return best.action


# ---------------------------------------------------------------------------- normal
class NormalBot:
    """Money now plus prospects: see the module docstring."""

    level = "normal"

    SELF_WEIGHT = 0.6
    OTHER_WEIGHT = 0.6
    DENIAL_WEIGHT = 0.5

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: GoldMineView) -> Action:
        s = view.state
        me = view.player
        if s.phase == START:
            return choose_start(s, {h: start_value(s, h, me) for h in s.free_starts()}, self.rng)
        options = s.options()
        if len(options) == 1:
            return options[0].action
        best: list[Option] = []
        best_score = -1e18
        for total, o in self.scored(s, me, options):
            if total > best_score + 1e-9:
                best, best_score = [o], total
            elif total > best_score - 1e-9:
                best.append(o)
        return self.rng.choice(best).action

    def scored(self, s: GoldMineState, me: int, options: list[Option]) -> list[tuple[float, Option]]:
        """Each of `options` with the bot's score for it: the lasting worth of its effect (worked
        out once for options with the same effect), plus what it earns now, less what it costs,
        plus what it denies the others. In the order given."""
        pros = Prospects(s)
        mine_left = turns_left(s, me)
        w_self = self.SELF_WEIGHT if mine_left > 0 else 0.0
        others = [q for q in range(s.n) if q != me and turns_left(s, q) > 0]
        w_other = {q: self.OTHER_WEIGHT for q in others}
        denial = self._denial(s, me)
        values: dict[tuple[str, int, int, int], float] = {}
        out = []
        for o in options:
            key = effect_key(o)
            value = values.get(key)
            if value is None:
                value = values[key] = self._effect_value(s, me, o, pros, w_self, w_other)
            out.append((value + o.gain - o.cost + denial.get(o.die, 0.0), o))
        return out

    # -- scoring the lasting effect of a move
    def _effect_value(self, s: GoldMineState, me: int, o: Option, pros: Prospects, w_self: float,
                      w_other: dict[int, float]) -> float:
        kind = o.kind
        if kind == INCOME:
            return w_self * pros.best[me] - sum(w * pros.best[q] for q, w in w_other.items())
        start = cast(Hex, s.pos[me])   # in play, where every seat stands somewhere
        line = [step(start, o.direction, k) for k in range(1, o.distance + 1)]
        if kind == MINE:
            gone = {h for h in line if s.treasure_at(h)}
            own = pros.from_hex(me, line[-1], gone)
            hurt = sum(w * pros.after(q, gone, gone=gone) for q, w in w_other.items())
            return w_self * own - hurt
        if kind == BARRIER:
            fence = (me, set(line))
            own = pros.from_hex(me, line[-1], set())
            hurt = sum(w * pros.after(q, fence[1], fence=fence) for q, w in w_other.items())
            return w_self * own - hurt
        centre = line[-1]
        hexes = {centre, step(centre, o.second)}
        if kind == BLOW:
            gone = {h for h in hexes if s.treasure_at(h)}
            own = pros.after(me, gone, gone=gone)
            hurt = sum(w * pros.after(q, gone, gone=gone) for q, w in w_other.items())
            return w_self * own - hurt
        assert kind == BLOCK
        own = pros.after(me, hexes, cut=hexes)
        hurt = sum(w * pros.after(q, hexes, cut=hexes) for q, w in w_other.items())
        return w_self * own - hurt

    # -- the dice left for the players still to act this round
    def _denial(self, s: GoldMineState, me: int) -> dict[int, float]:
        """For each free die: how much taking it hurts the players after me this round.

        A rough model: a die showing 6 is income for them (half the other three), and the
        mining die matters when they have treasure in line. A free 5 is a mining die too when
        any other die shows 1 or 2, taken or not: its dice modifier turns that die into a mine
        for nothing, so taking the 1 denies nothing while the 5 is free. Losing the best die
        costs the difference to their next best.
        """
        later = [(s.starter + k) % s.n for k in range(s.step + 1, s.n)]
        if not later:
            return {}
        free = s.free_dice()
        out = {a: 0.0 for a in free}
        pros = None
        for q in later:
            worth: dict[int, float] = {}
            for a in free:
                face = s.dice[a]
                if face == 6:
                    worth[a] = half_up(sum(s.dice) - face)
                elif face == 1 or (face == 5 and any(s.dice[b] in (1, 2)
                                                      for b in range(4) if b != a)):
                    if pros is None:
                        pros = Prospects(s)
                    worth[a] = pros.best[q]
                else:
                    worth[a] = 0.0
            for a in free:
                rest = [worth[b] for b in free if b != a]
                loss = max(worth.values()) - max(rest, default=0.0)
                out[a] += self.DENIAL_WEIGHT * max(0.0, loss) / len(later)
        return out


BOTS = {"easy": EasyBot, "normal": NormalBot}
