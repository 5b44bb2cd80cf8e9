"""Big Dig bots: ``easy`` (greedy on goal squares, with noise) and ``normal`` (aims at the goals).

Both decide from a `BigDigView` (the whole position: nothing in Big Dig is secret or random after
set-up) and their own seeded `Rng`, so a decision is reproducible. Pure Python; never imports pygame.

The distance model
------------------
A *plan* says how far a player is from a goal, in squares still to cross: every square costs 1 to
cross (0 once crossed), grey rock costs `ROCK_COST` (an explosion takes a whole turn, where a dig
crosses four or five squares), artifacts, water and oil cannot be crossed. For each goal:

- squares to cross (emeralds, amethysts, coins, light dirt, around an artifact): the targets are
  grouped into orthogonally joined pieces; the nearest piece is joined to what the player has
  crossed (or to the top row) by the cheapest route, then the next nearest, and so on (a greedy
  Steiner tree, Prim's way, on shortest paths);
- a path (water, oil, pipe): the cheapest route between the two ends; the pipe's route is also
  joined to the player's dig;
- rock: the nearest rocks still needed, one by one, each joined the cheapest way.

Both take a move that meets the last of their goals at once whenever there is one
(`winning_move`: every dig and explosion is checked, not only those the plans favour, since a win
by another route is a win all the same).

``normal`` lists every dig and explosion, scores each quickly by how much of its plans it crosses,
works out the full remaining distance (the sum over the three goals, plus half the largest, since
every goal must be met) for the best few, and subtracts a little of what the card it leaves lets
the next player do (the best quick score of the next player with the cards still in the centre,
or the flipped five when it takes the last one). It never takes a card after which the next
player can win at once when another card leaves them none (`cards_handing_a_win`).
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Callable, Hashable, Iterable, TypeVar

from game.core.contract import Action
from game.core.memo import Memo
from game.core.rng import Rng
from game.games.big_dig.board import (
    EXPLODABLE,
    G_PIPE,
    G_ROCK,
    ROCK,
    ROCKS_NEEDED,
    Board,
    Square,
)
from game.games.big_dig.cards import CARD_COUNT, cards
from game.games.big_dig.rules import (
    PASS_ACTION,
    PATH_GOALS,
    PLAY,
    BigDigState,
    BigDigView,
    bonus_action,
    dig_action,
    explode_action,
    goal_met,
)

ROCK_COST = 3
INF = 1 << 30
_T = TypeVar("_T")


# ---------------------------------------------------------------------------- board tables
class _Geo:
    """Flat tables for one board: kinds by index, neighbours, base costs, target pieces."""

    def __init__(self, board: Board) -> None:
        self.board = board
        w, h = board.width, board.height
        self.w = w
        self.size = w * h
        self.base: list[int] = []
        self.rock: list[bool] = []
        for y in range(h):
            for x in range(w):
                k = board.kind((x, y))
                self.base.append(ROCK_COST if k == ROCK else (1 if k in EXPLODABLE else INF))
                self.rock.append(k == ROCK)
        self.nbrs: list[tuple[int, ...]] = []
        for y in range(h):
            for x in range(w):
                out = []
                for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                    if 0 <= nx < w and 0 <= ny < h and self.base[ny * w + nx] < INF:
                        out.append(ny * w + nx)
                self.nbrs.append(tuple(out))
        self.top = [x for x in range(w) if self.base[x] < INF]
        self.rocks = [i for i in range(self.size) if self.rock[i]]

    def idx(self, sq: Square) -> int:
        return sq[1] * self.w + sq[0]

    @lru_cache(maxsize=16)
    def pieces(self, goal: str) -> tuple[tuple[int, ...], ...]:
        """A square-target goal's targets, grouped into orthogonally joined pieces."""
        targets = {self.idx(sq) for sq in self.board.targets(goal)}
        out = []
        while targets:
            start = targets.pop()
            piece = [start]
            todo = [start]
            while todo:
                i = todo.pop()
                for n in self.nbrs[i]:
                    if n in targets:
                        targets.discard(n)
                        piece.append(n)
                        todo.append(n)
            out.append(tuple(sorted(piece)))
        return tuple(sorted(out))

    @lru_cache(maxsize=8)
    def ends(self, goal: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        a, b = self.board.path_ends(goal)
        return tuple(self.idx(s) for s in a), tuple(self.idx(s) for s in b)


@lru_cache(maxsize=8)
def geo(board: Board) -> _Geo:
    return _Geo(board)


def _costs(g: _Geo, crossed: Iterable[Square]) -> list[int]:
    cost = g.base[:]
    for sq in crossed:
        cost[g.idx(sq)] = 0
    return cost


def _dijkstra(g: _Geo, cost: list[int], dist: list[int], parent: list[int],
              seeds: Iterable[tuple[int, int]]) -> None:
    """Lower `dist` from the seeds (index, distance including its own cost); incremental."""
    heap: list[tuple[int, int]] = []
    for i, d in seeds:
        if d < dist[i]:
            dist[i] = d
            parent[i] = -1
            heap.append((d, i))
    heapq.heapify(heap)
    nbrs = g.nbrs
    while heap:
        d, i = heapq.heappop(heap)
        if d > dist[i]:
            continue
        for n in nbrs[i]:
            nd = d + cost[n]
            if nd < dist[n]:
                dist[n] = nd
                parent[n] = i
                heapq.heappush(heap, (nd, n))


def _sources(g: _Geo, cost: list[int]) -> list[tuple[int, int]]:
    """Everything crossed (0) and the top row (its own cost): where a dig may grow from."""
    seeds = [(i, 0) for i in range(g.size) if cost[i] == 0]
    seeds += [(x, cost[x]) for x in g.top if cost[x]]
    return seeds


def _trace(parent: list[int], i: int) -> list[int]:
    out = []
    while i != -1:
        out.append(i)
        i = parent[i]
    return out


def plan(g: _Geo, cost: list[int], goal: str, rocks_done: int = 0) -> tuple[int, list[int]]:
    """(squares still to cross, in cost units; the squares of the plan still to cross)."""
    size = g.size
    if goal in PATH_GOALS:
        starts, ends = g.ends(goal)
        dist = [INF] * size
        parent = [-1] * size
        _dijkstra(g, cost, dist, parent, [(s, cost[s]) for s in starts])
        end = min(ends, key=lambda e: dist[e])
        if dist[end] >= INF:
            return INF, []
        route: list[int] = [i for i in _trace(parent, end) if cost[i]]
        total = dist[end]
        if goal == G_PIPE and total:
            # The pipe path must also be reached from the dig (or the top row).
            c2 = cost[:]
            for i in _trace(parent, end):
                c2[i] = 0
            dist2 = [INF] * size
            par2 = [-1] * size
            _dijkstra(g, c2, dist2, par2, _sources(g, cost))
            on = [i for i in _trace(parent, end)]
            best = min(on, key=lambda i: dist2[i] - c2[i])
            extra = [i for i in _trace(par2, best) if c2[i]]
            total += sum(c2[i] for i in extra)
            route += extra
        return total, route
    c = cost[:]
    dist = [INF] * size
    parent = [-1] * size
    _dijkstra(g, c, dist, parent, _sources(g, c))
    total = 0
    route = []
    if goal == G_ROCK:
        need = ROCKS_NEEDED - rocks_done
        left = [i for i in g.rocks if cost[i]]
        for _ in range(max(0, need)):
            if not left:
                return INF, route
            best = min(left, key=lambda i: dist[i])
            if dist[best] >= INF:
                return INF, route
            left.remove(best)
            path = [i for i in _trace(parent, best) if c[i]]
            total += sum(c[i] for i in path)
            route += path
            for i in path:
                c[i] = 0
            _dijkstra(g, c, dist, parent, [(i, 0) for i in path])
        return total, route
    pieces = [p for p in g.pieces(goal) if any(cost[i] for i in p)]
    while pieces:
        best_piece = min(pieces, key=lambda p: min(dist[i] for i in p))
        entry = min(best_piece, key=lambda i: dist[i])
        if dist[entry] >= INF:
            return INF, route
        pieces.remove(best_piece)
        path = [i for i in _trace(parent, entry) if c[i]]
        path += [i for i in best_piece if c[i] and i not in path]
        total += sum(c[i] for i in path)
        route += path
        for i in path:
            c[i] = 0
        _dijkstra(g, c, dist, parent, [(i, 0) for i in path])
    return total, route


# A player's distance and plan weights depend on nothing but the board, the goals and the squares
# crossed (and goals met), and searches and bots ask for them again in position after position.
# 5,000 answers: a hard decision adds about 165, so about thirty decisions' worth.
_REMAINING: Memo[Hashable, int] = Memo(5_000)
_WEIGHTS: Memo[Hashable, dict[Square, float]] = Memo(5_000)


def remaining(g: _Geo, s: BigDigState, p: int, extra: Iterable[Square] = ()) -> int:
    """The distance of player `p` to the three goals after crossing `extra` too: the sum of the
    three plans plus half the largest (all three must be met)."""
    crossed = s.crossed(p) | set(extra)
    return _REMAINING.answer((g, tuple(s.goals), crossed), lambda: _remaining(g, s, crossed))


def _remaining(g: _Geo, s: BigDigState, crossed: frozenset[Square]) -> int:
    parts = goal_plans(g, s, crossed)
    return sum(parts) * 2 + max(parts)


def goal_plans(g: _Geo, s: BigDigState, crossed: frozenset[Square]) -> list[int]:
    """For each goal of `s`, in order, the squares its cheapest plan still has to dig with
    `crossed` crossed (0 when it is met, at least 1 when not)."""
    cost = _costs(g, crossed)
    rocks = sum(1 for sq in crossed if g.rock[g.idx(sq)])
    parts = []
    for goal in s.goals:
        if goal_met(s.board, crossed, goal):
            parts.append(0)
        else:
            parts.append(max(1, plan(g, cost, goal, rocks)[0]))
    return parts


def weights(g: _Geo, s: BigDigState, p: int) -> dict[Square, float]:
    """How much each square counts in the player's current plans (a quick score for a move; the
    same dictionary for the same squares crossed and goals met: not to be changed)."""
    return _WEIGHTS.answer((g, tuple(s.goals), s.crossed(p), tuple(s.met[p])),
                           lambda: _weights(g, s, p))


def _weights(g: _Geo, s: BigDigState, p: int) -> dict[Square, float]:
    cost = _costs(g, s.crossed(p))
    rocks = sum(1 for sq in s.crossed(p) if g.rock[g.idx(sq)])
    out: dict[Square, float] = {}
    for goal in s.goals:
        if goal in s.met[p]:
            continue
        _, route = plan(g, cost, goal, rocks)
        for i in route:
            sq = (i % g.w, i // g.w)
            out[sq] = out.get(sq, 0.0) + cost[i]
    return out


def quick_score(w: dict[Square, float], squares: Iterable[Square]) -> float:
    """A move's quick score: the summed weights (see `weights`) of the squares it crosses."""
    return sum(w.get(sq, 0.0) for sq in squares)


def _moves(s: BigDigState, p: int) -> list[tuple[Action, int, tuple[Square, ...]]]:
    """(action, card, squares) for every dig and explosion of the player to move."""
    out: list[tuple[Action, int, tuple[Square, ...]]] = []
    free = s.free_cards()
    for c in free:
        for sqs in s.placements(c):
            out.append((dig_action(c, sqs), c, tuple(sqs)))
    booms = s.explosions(p)
    for c in free:
        for sq in booms:
            out.append((explode_action(c, sq), c, (sq,)))
    return out


def winning_move(s: BigDigState, p: int,
                 moves: list[tuple[Action, int, tuple[Square, ...]]]) -> Action | None:
    """A move of `moves` after which player `p` has met all three goals (the game won at once),
    if there is one."""
    crossed = s.crossed(p)
    unmet = [goal for goal in s.goals if not goal_met(s.board, crossed, goal)]
    for action, _card, sqs in moves:
        now = crossed | set(sqs)
        if all(goal_met(s.board, now, goal) for goal in unmet):
            return action
    return None


def cards_handing_a_win(s: BigDigState, p: int) -> set[int]:
    """The free cards that, taken by player `p`, leave the next player a card with which they meet
    all three goals at once: a dig of a card left in the centre (of the flipped five once `p`
    takes the last), or an explosion with any of them. Empty when every card would (an
    explosion wins) or none does: then there is no choice to make."""
    q = (p + 1) % s.n
    if q == p:
        return set()
    crossed = s.crossed(q)
    unmet = [goal for goal in s.goals if not goal_met(s.board, crossed, goal)]
    if not unmet:
        return set()

    def wins(sqs: Iterable[Square]) -> bool:
        now = crossed | set(sqs)
        return all(goal_met(s.board, now, goal) for goal in unmet)

    if any(wins((sq,)) for sq in s.explosions(q)):
        return set()
    winning: dict[tuple[int, int], bool] = {}

    def card_wins(c: int, side: int) -> bool:
        if (c, side) not in winning:
            shape = cards()[c - 1].sides[side].shape
            winning[(c, side)] = any(wins(sqs) for sqs in s.placements_for(q, shape))
        return winning[(c, side)]

    free = s.free_cards()
    handing = set()
    for taken in free:
        left = [c for c in free if c != taken]
        if left:
            handed = any(card_wins(c, s.sides[c - 1]) for c in left)
        else:
            handed = any(card_wins(c, 1 - s.sides[c - 1]) for c in range(1, CARD_COUNT + 1))
        if handed:
            handing.add(taken)
    return handing if len(handing) < len(free) else set()


def without_handing(moves: list[_T], handing: set[int], card: Callable[[_T], int]) -> list[_T]:
    """`moves` but those taking a card of `handing` (`cards_handing_a_win`), unless none is left."""
    kept = [m for m in moves if card(m) not in handing] if handing else moves
    return kept or moves


def _bonus(s: BigDigState, p: int, rng: Rng, noise: float) -> Action:
    g = geo(s.board)
    w = weights(g, s, p)
    options = s.bonus_squares(p)
    if not options:
        return PASS_ACTION
    best = max(options, key=lambda sq: w.get(sq, 0.0) + noise * rng.random())
    return bonus_action(best)


# ---------------------------------------------------------------------------- easy
class EasyBot:
    """Greedy: the move that crosses the most of its plans' squares right now, digs preferred,
    with noise and now and then any dig at all. Never looks at what it leaves the others."""

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: BigDigView) -> Action:
        s = view.state
        p = view.player
        if s.phase != PLAY:
            return _bonus(s, p, self.rng, 2.0)
        moves = _moves(s, p)
        if not moves:
            return PASS_ACTION
        win = winning_move(s, p, moves)   # gentle, not blind: a win on the table is taken
        if win is not None:
            return win
        digs = [m for m in moves if len(m[2]) > 1]
        if digs and self.rng.random() < 0.3:
            return self.rng.choice(digs)[0]
        w = weights(geo(s.board), s, p)
        best = max(moves, key=lambda m: quick_score(w, m[2]) + 0.3 * len(m[2])
                   + 3.0 * self.rng.random())
        return best[0]


# ---------------------------------------------------------------------------- normal
class NormalBot:
    """Aims: the move that brings its three goals closest, minus what the card it leaves would
    give the next player (see the module docstring)."""

    level = "normal"

    SHORTLIST = 6
    DENY_WEIGHT = 0.3

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: BigDigView) -> Action:
        s = view.state
        p = view.player
        if s.phase != PLAY:
            return _bonus(s, p, self.rng, 0.1)
        moves = _moves(s, p)
        if not moves:
            return PASS_ACTION
        win = winning_move(s, p, moves)
        if win is not None:
            return win
        # Never the card after which the next player wins at once, if another will do.
        moves = without_handing(moves, cards_handing_a_win(s, p), lambda m: m[1])
        g = geo(s.board)
        w = weights(g, s, p)
        scored = sorted(((quick_score(w, m[2]) + 0.05 * len(m[2]) + 0.01 * self.rng.random(), k)
                         for k, m in enumerate(moves)), reverse=True)
        short = [moves[k] for _, k in scored[:self.SHORTLIST]]
        now = remaining(g, s, p)
        nxt = (p + 1) % s.n
        deny = self.next_player_gains(s, g, nxt)
        best: tuple[float, int] | None = None
        choice = short[0][0]
        for k, (action, card, sqs) in enumerate(short):
            after = remaining(g, s, p, sqs)
            left = [c for c in s.free_cards() if c != card]
            if left:
                their = max(deny[("now", c)] for c in left)
            else:
                their = max(deny[("flip", c)] for c in range(1, CARD_COUNT + 1))
            value = (now - after) - self.DENY_WEIGHT * their
            key = (value, -k)
            if best is None or key > best:
                best = key
                choice = action
        return choice

    def next_player_gains(self, s: BigDigState, g: _Geo, q: int) -> dict[tuple[str, int], float]:
        """For each card as it is now, and as it will be after the flip: the next player's best
        quick score with it."""
        w = weights(g, s, q)
        booms = max((w.get(sq, 0.0) for sq in s.explosions(q)), default=0.0)
        out: dict[tuple[str, int], float] = {}
        for c in range(1, CARD_COUNT + 1):
            for when, side in (("now", s.sides[c - 1]), ("flip", 1 - s.sides[c - 1])):
                shape = cards()[c - 1].sides[side].shape
                best = max((quick_score(w, sqs) for sqs in s.placements_for(q, shape)), default=0.0)
                out[(when, c)] = max(best, booms)
        return out


BOTS = {"easy": EasyBot, "normal": NormalBot}
