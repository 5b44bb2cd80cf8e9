"""Gold Mine's dice, prices and precomputed tables: what `rules` lists legal actions with, fast.

The rules read everything here through `game.games.gold_mine.rules` (which re-exports the names
other modules use). Three kinds of table make listing the ~250 legal actions of a position cheap:

- `MapTables`, once per map: every open hex's straight lines (up to six hexes in each direction,
  cut at rock and the map edge) and its open neighbours (the possible second hexes of a blast or a
  block). Kept per map object, so games replayed from saves share them.
- Prices, once per roll and action die (`_prices`): the cheapest dice-change cost of each
  (direction, distance), and, filled in when first asked, the routes that cost that with their
  `Action` values already built (a blast's or block's for every second hex). Pure functions of the
  dice, so they can be shared by every state; bounded, and dropped wholesale when full.
- The position's own geometry (`_Cells`), per listing: which lines are clear of blocks, the
  treasure and barrier fees along them. Never cached across states.

`enumerate_listing` puts them together into a `Listing`: the legal actions in the order
`GoldMineState.legal_actions` promises, and the groups they came in, from which `options()` builds
its `Option` values only when a bot asks.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from game.core.contract import Action
from game.games.gold_mine.board import GoldMineMap, Hex, Tile, step

DICE = 4
ACTION_DIE_PRICE = 4   # $ per point of change on the action die
OTHER_DIE_PRICE = 2    # $ per point of change on any other die
MINING_PRICE = 1       # $ per hex mined

MINE, BLOW, BLOCK, BARRIER, MOD, INCOME = "mine", "blow", "block", "barrier", "mod", "income"
ACTIONS: Mapping[int, str] = {1: MINE, 2: BLOW, 3: BLOCK, 4: BARRIER, 5: MOD, 6: INCOME}
"""The action each die face stands for."""
FACE: Mapping[str, int] = {kind: face for face, kind in ACTIONS.items()}
WITH_LINE = (MINE, BLOW, BLOCK, BARRIER)     # actions that take a direction and a distance
WITH_SECOND = (BLOW, BLOCK)                  # actions that also name a second, adjacent hex


def half_up(x: int) -> int:
    """Half of x, rounded up (income)."""
    return (x + 1) // 2


def half_down(x: int) -> int:
    """Half of x, rounded down (treasure in a blast)."""
    return x // 2


def _signed(n: int) -> str:
    return f"{n:+d}" if n else ""


class Option(NamedTuple):
    """A legal action with what it does, for bots (see `GoldMineState.options`)."""

    action: Action
    die: int          # the action die taken (no one else may take it this round)
    kind: str         # what is done: mine, blow, block, barrier or income
    direction: int    # 0 for income
    distance: int     # 0 for income
    second: int       # blow/block: direction of the second hex from the centre; else 0
    modifier: bool
    change_cost: int
    cost: int         # everything paid: changes + mining + barrier fees
    gain: int         # treasure + income


# ============================================================================ the map's tables
_DIRECTIONS = range(1, 7)


class MapTables:
    """A map's geometry, computed once: its tiles, treasure, straight lines and open neighbours.

    `lines(h)[d]` is the tuple of hexes a line from `h` in direction `d` (1-6) passes through
    before it meets rock or the map edge (at most six; index 0 is empty). `seconds(h)` is the
    open neighbours of `h` as (direction, hex), in direction order. "Open" means on the map and
    not rock.
    """

    __slots__ = ("game_map", "tiles", "values", "_open", "_lines", "_seconds")

    def __init__(self, game_map: GoldMineMap) -> None:
        self.game_map = game_map
        self.tiles: dict[Hex, Tile] = dict(game_map.tiles.items())
        self.values: dict[Hex, int] = {h: t.value for h, t in self.tiles.items() if t.value}
        self._open = frozenset(h for h, t in self.tiles.items() if not t.is_rock)
        self._lines: dict[Hex, tuple[tuple[Hex, ...], ...]] = {}
        self._seconds: dict[Hex, tuple[tuple[int, Hex], ...]] = {}
        for h in self._open:
            self._lines[h] = self._line_table(h)
            self._seconds[h] = tuple((x, step(h, x)) for x in _DIRECTIONS
                                     if step(h, x) in self._open)

    def _line_table(self, h: Hex) -> tuple[tuple[Hex, ...], ...]:
        out: list[tuple[Hex, ...]] = [()]
        for d in _DIRECTIONS:
            line = []
            for k in range(1, 7):
                o = step(h, d, k)
                if o not in self._open:
                    break
                line.append(o)
            out.append(tuple(line))
        return tuple(out)

    def lines(self, h: Hex) -> tuple[tuple[Hex, ...], ...]:
        hit = self._lines.get(h)
        return hit if hit is not None else self._line_table(h)

    def seconds(self, h: Hex) -> tuple[tuple[int, Hex], ...]:
        hit = self._seconds.get(h)
        if hit is None:
            hit = tuple((x, step(h, x)) for x in _DIRECTIONS if step(h, x) in self._open)
        return hit


_MAP_TABLES: dict[int, MapTables] = {}


def map_tables(game_map: GoldMineMap) -> MapTables:
    """The tables of `game_map`, built on first use and kept while the map is in use."""
    hit = _MAP_TABLES.get(id(game_map))
    if hit is not None and hit.game_map is game_map:
        return hit
    tables = MapTables(game_map)
    if len(_MAP_TABLES) > 16:
        _MAP_TABLES.clear()
    _MAP_TABLES[id(game_map)] = tables
    return tables


# ============================================================================ paying for dice
# A "route" is one way of paying for a move: which dice play which part, with what changes. Two
# routes make the same move when they take the same action die and do the same thing (action,
# direction, distance, second hex; for income, the same money). Only the cheapest routes of a
# move are legal; for income, the most profitable affordable ones.

_X = {x: f"x{x}" for x in range(1, 7)}

# (kind written in the action string, its arguments without the second hex, via the modifier).
_Route = tuple[str, tuple[str, ...], bool]
# A route with its actions: for mine and barrier the one `Action`; for blow and block a tuple
# indexed by the second hex's direction (index 0 unused).
_Paid = tuple[str, tuple[str, ...], bool, Any]

_TOKENS = {(letter, die, change): f"{letter}{die}{_signed(change)}"
           for letter in "adnl" for die in range(DICE) for change in range(-5, 6)}


def _token(letter: str, die: int, change: int) -> str:
    return _TOKENS[(letter, die, change)]


def _new_die_cost(change: int) -> int:
    """The dice modifier's new action die: the first point of change is free."""
    return OTHER_DIE_PRICE * max(0, abs(change) - 1)


def _ways(dice: tuple[int, ...], a: int, kind: str) -> tuple[tuple[int, int, int, int, int], ...]:
    """Every assignment of dice for action die `a` doing `kind`: (cost before the direction and
    distance changes, new action die or -1, its change, direction die, distance die)."""
    face = FACE[kind]
    others = [i for i in range(DICE) if i != a]
    direct = ACTION_DIE_PRICE * abs(face - dice[a])
    via_mod = ACTION_DIE_PRICE * abs(FACE[MOD] - dice[a])
    ways = [(direct, -1, 0, d, dl) for d in others for dl in others if d != dl]
    for n in others:
        nc = face - dice[n]
        rest = [i for i in others if i != n]
        base = via_mod + _new_die_cost(nc)
        ways.append((base, n, nc, rest[0], rest[1]))
        ways.append((base, n, nc, rest[1], rest[0]))
    return tuple(ways)


# The dice-change cost of one way for each (direction, distance) cell, at index
# 6 * (direction - 1) + distance - 1: its base cost, and 2$ a point from the direction die's x and
# the distance die's y. Few enough to keep them all.
_COSTS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _way_costs(base: int, x: int, y: int) -> tuple[int, ...]:
    hit = _COSTS.get((base, x, y))
    if hit is None:
        hit = _COSTS[(base, x, y)] = tuple(
            base + OTHER_DIE_PRICE * (abs(direction - x) + abs(distance - y))
            for direction in _DIRECTIONS for distance in _DIRECTIONS)
    return hit


# The cheapest cost of each cell for an action die showing v doing a kind, with the other three
# dice showing given values: it does not depend on which of them shows what (every way is listed
# for every order), so the values are sorted and the table is small.
_BEST: dict[tuple[str, int, tuple[int, ...]], tuple[int, ...]] = {}


# A route's changes on the direction and distance dice (each -5..+5) as one index 0-120, for each
# (direction, distance) cell, given what the two dice show.
_CHANGES = {(x, y): tuple(11 * (direction - x + 5) + distance - y + 5
                          for direction in _DIRECTIONS for distance in _DIRECTIONS)
            for x in _DIRECTIONS for y in _DIRECTIONS}


class _WayTable:
    """One way of paying, by the dice's roles and changes (action die and its change, the
    modifier's new die and its change, the direction and distance dice), with its route for each
    change of the direction and distance dice, built when first asked. Every roll whose action
    strings this way writes shares it, so a listed action is built once and then reused."""

    __slots__ = ("name", "head", "modifier", "second", "d", "dl", "paid")

    def __init__(self, kind: str, a: int, ac: int, n: int, nc: int, d: int, dl: int) -> None:
        self.modifier = n >= 0
        self.name = MOD if self.modifier else kind
        self.head = (_token("a", a, ac), _token("n", n, nc)) if self.modifier \
            else (_token("a", a, ac),)
        self.second = kind in WITH_SECOND
        self.d, self.dl = d, dl
        self.paid: list[_Paid | None] = [None] * 121

    def build(self, change: int) -> _Paid:
        """The route with changes `change` (see `_CHANGES`) and its actions."""
        global _MADE
        args = self.head + (_token("d", self.d, change // 11 - 5),
                            _token("l", self.dl, change % 11 - 5))
        if self.second:
            acts: Any = (None,) + tuple(Action(self.name, args + (_X[x],)) for x in _DIRECTIONS)
            _MADE += 6
        else:
            acts = Action(self.name, args)
            _MADE += 1
        paid = self.paid[change] = (self.name, args, self.modifier, acts)
        return paid


_WAYS: dict[tuple[Any, ...], _WayTable] = {}
_MADE = 0              # actions built in the way tables so far
_MADE_KEPT = 250_000   # some 60 MB; past that every table starts afresh


class _Prices:
    """For one roll, action die and kind of move: the cheapest change cost of each (direction,
    distance) cell, and its cheapest routes, looked up when first asked (`paid`)."""

    __slots__ = ("dice", "a", "kind", "best", "cells", "_ways")

    def __init__(self, dice: tuple[int, ...], a: int, kind: str) -> None:
        self.dice, self.a, self.kind = dice, a, kind
        key = (kind, dice[a], tuple(sorted(dice[:a] + dice[a + 1:])))
        best = _BEST.get(key)
        if best is None:
            best = _BEST[key] = tuple(map(min, *(costs for _, costs, _ in self._resolve())))
        self.best = best
        self.cells: list[tuple[_Paid, ...] | None] = [None] * 36
        self._ways: list[tuple[_WayTable, tuple[int, ...], tuple[int, ...]]] | None = None

    def paid(self, cell: int) -> tuple[_Paid, ...]:
        """The cheapest routes of one cell (index 6 * (direction - 1) + distance - 1)."""
        hit = self.cells[cell]
        if hit is None:
            best = self.best[cell]
            out = []
            for table, costs, changes in self._ways or self._resolve():
                if costs[cell] == best:
                    change = changes[cell]
                    out.append(table.paid[change] or table.build(change))
            hit = self.cells[cell] = tuple(out)
        return hit

    def _resolve(self) -> list[tuple[_WayTable, tuple[int, ...], tuple[int, ...]]]:
        """Each way of paying: its table, its cost and its dice changes for every cell."""
        dice, a, kind = self.dice, self.a, self.kind
        ac = FACE[kind] - dice[a]
        ac5 = FACE[MOD] - dice[a]
        ways = []
        for base, n, nc, d, dl in _ways(dice, a, kind):
            if n < 0:
                key: tuple[Any, ...] = (kind, a, ac, d, dl)
            else:
                key = (kind, a, ac5, n, nc, d, dl)
            table = _WAYS.get(key)
            if table is None:
                table = _WAYS[key] = _WayTable(kind, a, key[2], n, nc, d, dl)
            x, y = dice[d], dice[dl]
            ways.append((table, _way_costs(base, x, y), _CHANGES[(x, y)]))
        self._ways = ways
        return ways


_PRICES: dict[tuple[tuple[int, ...], int, str], _Prices] = {}
_PRICES_KEPT = 4096   # about a thousand rolls; then the table starts afresh


def _prices(dice: tuple[int, ...], a: int, kind: str) -> _Prices:
    key = (dice, a, kind)
    hit = _PRICES.get(key)
    if hit is None:
        if len(_PRICES) >= _PRICES_KEPT or _MADE > _MADE_KEPT:
            _forget()
        hit = _PRICES[key] = _Prices(dice, a, kind)
    return hit


def _forget() -> None:
    """Drop the shared tables that grow with the rolls seen (they are rebuilt when needed)."""
    global _MADE
    _PRICES.clear()
    _WAYS.clear()
    _INCOME.clear()
    _MADE = 0


def _routes(dice: tuple[int, ...], a: int, kind: str, direction: int, distance: int
            ) -> tuple[int, tuple[_Route, ...]]:
    """For action die `a` doing `kind` (mine, blow, block or barrier) at (direction, distance):
    the cheapest dice-change cost and every route that costs that.

    Routes: change die `a` to the action's face and use any two other dice; or change it to 5
    (the dice modifier), turn another die into the action and use the two dice left.
    """
    prices = _prices(dice, a, kind)
    cell = 6 * (direction - 1) + distance - 1
    return prices.best[cell], tuple((name, args, modifier)
                                    for name, args, modifier, _ in prices.paid(cell))


_INCOME: dict[tuple[tuple[int, ...], int], tuple[tuple[int, int, _Route, Action], ...]] = {}


def _income_routes(dice: tuple[int, ...], a: int) -> tuple[tuple[int, int, _Route, Action], ...]:
    """Every way for action die `a` to take income: (change cost, income, route, its action).

    Directly (die `a` changed to 6: half the other three dice) or through the dice modifier
    (die `a` changed to 5, another die turned into a 6: half the two dice left).
    """
    hit = _INCOME.get((dice, a))
    if hit is not None:
        return hit
    others = [i for i in range(DICE) if i != a]
    ac = FACE[INCOME] - dice[a]
    routes: list[tuple[int, int, _Route]] = [
        (ACTION_DIE_PRICE * abs(ac), half_up(sum(dice[i] for i in others)),
         (INCOME, (_token("a", a, ac),), False))]
    ac5 = FACE[MOD] - dice[a]
    for n in others:
        nc = FACE[INCOME] - dice[n]
        rest = [i for i in others if i != n]
        routes.append((ACTION_DIE_PRICE * abs(ac5) + _new_die_cost(nc),
                       half_up(sum(dice[i] for i in rest)),
                       (MOD, (_token("a", a, ac5), _token("n", n, nc)), True)))
    out = tuple((c, g, r, Action(r[0], r[1])) for c, g, r in routes)
    _INCOME[(dice, a)] = out
    return out


def _best_income(dice: tuple[int, ...], a: int, money: int
                 ) -> list[tuple[int, int, _Route, Action]]:
    """The affordable income routes for die `a` that leave the most money (ties all)."""
    ok = [r for r in _income_routes(dice, a) if r[0] <= money]
    if not ok:
        return []
    top = max(r[1] - r[0] for r in ok)
    return [r for r in ok if r[1] - r[0] == top]


# ============================================================================ listing legal actions
class _Cells:
    """What every (action, direction, distance) does from one player's position.

    `mine`: (cell, direction, distance, extra cost: mining and barrier fees, treasure) for every
    tunnel that is clear; `barrier`: (cell, direction, distance) likewise; `blast`: (cell,
    direction, distance, second hexes, the centre) for every centre a blast or a block may have
    (a line clear of rock and the edge, and at least one open neighbour). Cells are in
    (direction, distance) order.
    """

    __slots__ = ("mine", "barrier", "blast")

    def __init__(self, s: Any, p: int, tables: MapTables) -> None:
        values = tables.values
        collected = s.collected
        blocked = s.blocked
        fee = s.fee()
        # The other players' barriers through each hex (indices: each barrier's fee is owed once).
        fenced: dict[Hex, list[int]] = {}
        for i, (owner, hexes) in enumerate(s.barriers):
            if owner != p:
                for h in hexes:
                    fenced.setdefault(h, []).append(i)
        self.mine: list[tuple[int, int, int, int, int]] = []
        self.barrier: list[tuple[int, int, int]] = []
        self.blast: list[tuple[int, int, int, tuple[tuple[int, Hex], ...], Hex]] = []
        mine, barrier, blast = self.mine.append, self.barrier.append, self.blast.append
        lines = tables.lines(s.pos[p])
        seconds = tables.seconds
        for direction in _DIRECTIONS:
            soft = True
            treasure = 0
            entered: set[int] = set()
            cell = 6 * (direction - 1) - 1
            distance = 0
            for h in lines[direction]:
                cell += 1
                distance += 1
                if soft:
                    if h in blocked:
                        soft = False
                    else:
                        if h in values and h not in collected:
                            treasure += values[h]
                        if fenced and h in fenced:
                            entered.update(fenced[h])
                        mine((cell, direction, distance,
                              distance * MINING_PRICE + fee * len(entered), treasure))
                        barrier((cell, direction, distance))
                around = seconds(h)
                if around:
                    blast((cell, direction, distance, around, h))


class Listing:
    """A position's legal actions (`actions`, in order) and the groups they were listed in.

    A group is (first index, action die, kind, direction, distance, change cost, cost, routes,
    second hexes, treasure or centre): the actions of one move, route by route (and second hex
    by second hex). `options()` expands the groups into `Option` values once, when asked; it
    reads the treasure left from `values` and `collected` (the listed state's, never changed
    after it is listed: a state that changes drops its listing first).
    """

    __slots__ = ("actions", "groups", "values", "collected", "_options")

    def __init__(self, actions: list[Action], groups: list[tuple[Any, ...]],
                 values: Mapping[Hex, int], collected: Mapping[Hex, Any]) -> None:
        self.actions = actions
        self.groups = groups
        self.values = values
        self.collected = collected
        self._options: list[Option] | None = None

    def _treasure(self, h: Hex) -> int:
        return 0 if h in self.collected else self.values.get(h, 0)

    def options(self) -> list[Option]:
        if self._options is None:
            out: list[Option] = []
            append = out.append
            for _, a, kind, direction, distance, best, cost, paid, around, got in self.groups:
                if kind == INCOME:
                    # Income through the dice modifier is written as a `mod` action.
                    append(Option(paid, a, INCOME, 0, 0, 0, paid.kind == MOD, best, cost, got))
                elif around is None:
                    for _, _, modifier, act in paid:
                        append(Option(act, a, kind, direction, distance, 0, modifier, best, cost,
                                      got))
                else:
                    half = half_down(self._treasure(got))
                    gains = [half + half_down(self._treasure(o)) if kind == BLOW else 0
                             for _, o in around]
                    for _, _, modifier, acts in paid:
                        for (x, _), g in zip(around, gains):
                            append(Option(acts[x], a, kind, direction, distance, x, modifier,
                                          best, cost, g))
            self._options = out
        return self._options


def enumerate_listing(s: Any) -> Listing:
    """Every legal action for the player to move in state `s` (see `legal_actions` for the
    order), with the groups `Listing.options` needs."""
    p = s.turn
    money = s.money[p]
    v = s.dice
    tables = map_tables(s.map)
    cells = _Cells(s, p, tables)
    actions: list[Action] = []
    groups: list[tuple[Any, ...]] = []
    extend = actions.extend
    group = groups.append
    for a in s.free_dice():
        prices = _prices(v, a, MINE)
        best, paid = prices.best, prices.paid
        for cell, direction, distance, extra, treasure in cells.mine:
            cost = best[cell] + extra
            if cost <= money:
                routes = paid(cell)
                group((len(actions), a, MINE, direction, distance, best[cell], cost, routes,
                       None, treasure))
                extend([r[3] for r in routes])
        for kind in WITH_SECOND:
            prices = _prices(v, a, kind)
            best, paid = prices.best, prices.paid
            for cell, direction, distance, around, centre in cells.blast:
                cost = best[cell]
                if cost <= money:
                    routes = paid(cell)
                    group((len(actions), a, kind, direction, distance, cost, cost, routes,
                           around, centre))
                    if len(around) == 6:
                        for r in routes:
                            extend(r[3][1:])
                    else:
                        for r in routes:
                            acts = r[3]
                            extend([acts[x] for x, _ in around])
        prices = _prices(v, a, BARRIER)
        best, paid = prices.best, prices.paid
        for cell, direction, distance in cells.barrier:
            cost = best[cell]
            if cost <= money:
                routes = paid(cell)
                group((len(actions), a, BARRIER, direction, distance, cost, cost, routes, None, 0))
                extend([r[3] for r in routes])
        for c, g, _, act in _best_income(v, a, money):
            group((len(actions), a, INCOME, 0, 0, c, c, act, None, g))
            actions.append(act)
    return Listing(actions, groups, tables.values, s.collected)
