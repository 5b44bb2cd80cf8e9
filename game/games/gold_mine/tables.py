"""Gold Mine's dice, prices and precomputed tables: what `rules` lists legal actions with, fast.

The rules read everything here through `game.games.gold_mine.rules` (which re-exports the names
other modules use). Listing the ~300 legal actions of a position is the work of search and bots;
these tables make it cheap:

- `MapTables`, once per map: the open hexes (on the map, not rock) by number, each one's straight
  lines (up to six hexes in each direction, cut at rock and the map edge) and open neighbours
  (the possible second hexes of a blast or a block). Kept per map object, so games replayed from
  saves share them.
- Prices, per roll, action die and kind of move (`_prices`): the cheapest routes of each
  (direction, distance) cell and the actions each cell lists. They are pure functions of the
  dice, shared by every state. What they cost, and which ways of paying are cheapest, depends
  only on the dice's values (`_Shape`, a few thousand in all); the `Action` values themselves
  are built once, in `_WayTable`s that every roll writing the same action string shares.
- The position's own geometry (`_Cells`), per listing: which lines are clear of blocks, the
  treasure and barrier fees along them. Never kept across states.

The shared tables only grow: their size is bounded (a few thousand way tables, ~20,000 prices),
and the actions and listed cells they keep are capped (`_KEPT`); past the cap they are built
each time instead of kept. They are never cleared and refilled, because every object they keep
is one the garbage collector walks: growing them again and again would cost more than it saves.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple

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
    """A map's geometry, computed once: its tiles, and its open hexes (on the map, not rock)
    numbered 0, 1, ... in `Hex` order, with their treasure, straight lines and open neighbours.

    By number: `hexes[i]` is the hex, `value[i]` its treasure as printed (0 unless a mine),
    `seconds[i]` its open neighbours as (direction, number) in direction order (`around[i]`: the
    directions alone). `lines(h)[d]` is
    the numbers of the hexes a line from `h` in direction `d` (1-6) passes through before it meets
    rock or the map edge (at most six; index 0 is empty). Numbers keep `Hex` hashing (a Python
    method) out of the loops that list legal actions.
    """

    __slots__ = ("game_map", "tiles", "hexes", "index", "value", "seconds", "around", "pattern",
                 "_lines")

    def __init__(self, game_map: GoldMineMap) -> None:
        self.game_map = game_map
        self.tiles: dict[Hex, Tile] = dict(game_map.tiles.items())
        self.hexes: tuple[Hex, ...] = tuple(sorted(h for h, t in self.tiles.items()
                                                   if not t.is_rock))
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.value: tuple[int, ...] = tuple(self.tiles[h].value for h in self.hexes)
        self.seconds: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((x, self.index[step(h, x)]) for x in _DIRECTIONS if step(h, x) in self.index)
            for h in self.hexes)
        # The directions alone: the second hexes a blast or a block centred there may name.
        self.around: tuple[tuple[int, ...], ...] = tuple(
            tuple(x for x, _ in around) for around in self.seconds)
        # Which of those is each hex's (as a number 0-63, a bit for each direction): hexes with
        # the same open neighbours list the same blasts and blocks.
        self.pattern: tuple[int, ...] = tuple(sum(1 << (x - 1) for x in xs) for xs in self.around)
        self._lines: dict[Hex, tuple[tuple[int, ...], ...]] = {
            h: self._line_table(h) for h in self.hexes}

    def _line_table(self, h: Hex) -> tuple[tuple[int, ...], ...]:
        out: list[tuple[int, ...]] = [()]
        for d in _DIRECTIONS:
            line = []
            for k in range(1, 7):
                i = self.index.get(step(h, d, k))
                if i is None:
                    break
                line.append(i)
            out.append(tuple(line))
        return tuple(out)

    def lines(self, h: Hex) -> tuple[tuple[int, ...], ...]:
        hit = self._lines.get(h)
        return hit if hit is not None else self._line_table(h)

    def numbers(self, hexes: Iterable[Hex]) -> set[int]:
        """The numbers of those of `hexes` that are open."""
        index = self.index
        return {index[h] for h in hexes if h in index}


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


# A route's changes on the direction and distance dice (each -5..+5) as one index 0-120, for each
# (direction, distance) cell, given what the two dice show.
_CHANGES = {(x, y): tuple(11 * (direction - x + 5) + distance - y + 5
                          for direction in _DIRECTIONS for distance in _DIRECTIONS)
            for x in _DIRECTIONS for y in _DIRECTIONS}

# How many actions (in way tables) and listed cells (in prices) the shared tables keep at most.
_KEPT = (150_000, 2_000_000)   # actions (some 25 MB), places in the prices' lists (16 MB)
_kept = [0, 0]


class _WayTable:
    """One way of paying, by the dice's roles and changes (action die and its change, the
    modifier's new die and its change, the direction and distance dice), with the `Action` for
    each change of the direction and distance dice (and each second hex), built when first asked.
    Every roll whose action strings this way writes shares it."""

    __slots__ = ("name", "head", "modifier", "d", "dl", "acts")

    def __init__(self, kind: str, a: int, ac: int, n: int, nc: int, d: int, dl: int) -> None:
        self.modifier = n >= 0
        self.name = MOD if self.modifier else kind
        self.head = (_token("a", a, ac), _token("n", n, nc)) if self.modifier \
            else (_token("a", a, ac),)
        self.d, self.dl = d, dl
        # At 7 * change + x: x the second hex (blow, block), or 0 (mine, barrier).
        self.acts: list[Action | None] = [None] * (7 * 121)

    def args(self, change: int) -> tuple[str, ...]:
        """The action string's arguments for `change` (see `_CHANGES`), without a second hex."""
        return self.head + (_token("d", self.d, change // 11 - 5),
                            _token("l", self.dl, change % 11 - 5))

    def action(self, change: int, x: int) -> Action:
        """The action for `change` and second hex `x` (0: none)."""
        act = self.acts[7 * change + x]
        if act is None:
            args = self.args(change)
            act = Action(self.name, args + (_X[x],) if x else args)
            if _kept[0] < _KEPT[0]:
                _kept[0] += 1
                self.acts[7 * change + x] = act
        return act


_WAYS: dict[tuple[Any, ...], _WayTable] = {}


# The dice's roles in each way of paying for action die `a` (new action die or -1, direction
# die, distance die), in the order of `_ways`: they do not depend on what the dice show.
_ROLES = tuple(tuple((n, d, dl) for _, n, _, d, dl in _ways((1, 1, 1, 1), a, MINE))
               for a in range(DICE))


class _Shape:
    """What the prices of a roll for one action die and kind of move depend on: the die's value
    and the other three dice's values in order. Each way of paying's cost for every cell (in the
    order of `_ways`), the cheapest (`best`), the cheapest ways of each cell (`cheapest`, filled
    in when asked) and the cells each amount of money affords (`masks`, a bit mask each, filled
    in when asked). Kept for every shape that occurs (at most 6 * 216 * 4)."""

    __slots__ = ("costs", "best", "cheapest", "masks")

    def __init__(self, dice: tuple[int, ...], a: int, kind: str) -> None:
        self.costs = tuple(_way_costs(base, dice[d], dice[dl])
                           for base, _, _, d, dl in _ways(dice, a, kind))
        self.best = tuple(map(min, *self.costs))
        self.cheapest: list[tuple[int, ...] | None] = [None] * 36
        self.masks: dict[int, int] = {}

    def ways_at(self, cell: int) -> tuple[int, ...]:
        """The ways of paying (indices into `_ways`) that cost the least in `cell`."""
        best = self.best[cell]
        hit = self.cheapest[cell] = tuple(w for w, costs in enumerate(self.costs)
                                          if costs[cell] == best)
        return hit

    def affordable(self, money: int) -> int:
        """The cells whose cheapest change cost is at most `money`, as a bit mask."""
        mask = self.masks[money] = sum(1 << cell for cell, cost in enumerate(self.best)
                                       if cost <= money)
        return mask


_SHAPES: dict[tuple[str, int, tuple[int, ...]], _Shape] = {}
# The way tables of the direct ways (by kind, action die, its change) and of the two ways through
# each new action die (by kind, action die, its change, new die, its change), in `_ways` order.
_DIRECT: dict[tuple[str, int, int], tuple[_WayTable, ...]] = {}
_VIA: dict[tuple[str, int, int, int, int], tuple[_WayTable, ...]] = {}


def _way_table(kind: str, a: int, ac: int, n: int, nc: int, d: int, dl: int) -> _WayTable:
    key: tuple[Any, ...] = (kind, a, ac, d, dl) if n < 0 else (kind, a, ac, n, nc, d, dl)
    table = _WAYS.get(key)
    if table is None:
        table = _WAYS[key] = _WayTable(kind, a, ac, n, nc, d, dl)
    return table


class _Prices:
    """For one roll, action die and kind of move: its `_Shape` (costs, cheapest ways), each way
    of paying's table and dice changes for every cell (in the order of `_ways`, worked out when
    first needed), and the actions each cell lists (`listed`)."""

    __slots__ = ("dice", "a", "kind", "shape", "best", "listed", "flat", "_tables", "_changes")

    def __init__(self, dice: tuple[int, ...], a: int, kind: str) -> None:
        self.dice, self.a, self.kind = dice, a, kind
        key = (kind, dice[a], dice[:a] + dice[a + 1:])
        shape = _SHAPES.get(key)
        if shape is None:
            shape = _SHAPES[key] = _Shape(dice, a, kind)
        self.shape = shape
        self.best = shape.best
        self._tables: tuple[_WayTable, ...] = ()
        self._changes: tuple[tuple[int, ...], ...] = ()
        # The actions one cell lists, route by route, are `flat[start:start + count]`, with
        # 256 * start + count kept at key `cell` for a mine or a barrier, at `cell + 36 *
        # pattern` for a blast or a block whose centre's open neighbours are `pattern` (see
        # `MapTables.pattern`). One list and a dict of numbers, which the garbage collector
        # does not walk, rather than a tuple for each cell.
        self.listed: dict[int, int] = {}
        self.flat: list[Action] = []

    def affordable(self, money: int) -> int:
        """The cells whose cheapest change cost is at most `money`, as a bit mask."""
        return self.shape.masks.get(money) or self.shape.affordable(money)

    def routes(self, cell: int) -> list[tuple[_WayTable, int]]:
        """The cheapest routes of one cell (index 6 * (direction - 1) + distance - 1): each
        way of paying with its change index (see `_CHANGES`), in the order of `_ways`."""
        ways = self.shape.cheapest[cell] or self.shape.ways_at(cell)
        if not self._tables:
            self._resolve()
        tables, changes = self._tables, self._changes
        return [(tables[w], changes[w][cell]) for w in ways]

    def actions(self, cell: int, pattern: int = -1, around: tuple[int, ...] = (0,)
                ) -> list[Action]:
        """The actions one cell lists, route by route, and for a blast or a block whose centre
        has the open neighbours `pattern`, for each second hex in `around` (see `listed`)."""
        out: list[Action] = []
        for table, change in self.routes(cell):
            made, at = table.acts, 7 * change
            out += [made[at + x] or table.action(change, x) for x in around]
        # Kept only while both budgets last: past the first, `out` holds actions made afresh
        # (not the tables' own), which the list would otherwise keep by the million.
        if _kept[1] < _KEPT[1] and _kept[0] < _KEPT[0]:
            _kept[1] += len(out)
            self.listed[cell if pattern < 0 else cell + 36 * pattern] = \
                256 * len(self.flat) + len(out)
            self.flat += out
        return out

    def _resolve(self) -> None:
        dice, a, kind = self.dice, self.a, self.kind
        roles = _ROLES[a]
        ac = FACE[kind] - dice[a]
        direct = _DIRECT.get((kind, a, ac))
        if direct is None:
            direct = _DIRECT[(kind, a, ac)] = tuple(_way_table(kind, a, ac, n, 0, d, dl)
                                                    for n, d, dl in roles[:6])
        tables = list(direct)
        ac5 = FACE[MOD] - dice[a]
        for k in range(6, 12, 2):
            n = roles[k][0]
            nc = FACE[kind] - dice[n]
            via = _VIA.get((kind, a, ac5, n, nc))
            if via is None:
                via = _VIA[(kind, a, ac5, n, nc)] = tuple(_way_table(kind, a, ac5, n, nc, d, dl)
                                                          for _, d, dl in roles[k:k + 2])
            tables += via
        self._tables = tuple(tables)
        self._changes = tuple(_CHANGES[(dice[d], dice[dl])] for _, d, dl in roles)


_PRICES: dict[tuple[tuple[int, ...], int, str], _Prices] = {}   # at most 1296 * 4 * 4


def _prices(dice: tuple[int, ...], a: int, kind: str) -> _Prices:
    key = (dice, a, kind)
    hit = _PRICES.get(key)
    if hit is None:
        hit = _PRICES[key] = _Prices(dice, a, kind)
    return hit


def _routes(dice: tuple[int, ...], a: int, kind: str, direction: int, distance: int
            ) -> tuple[int, tuple[_Route, ...]]:
    """For action die `a` doing `kind` (mine, blow, block or barrier) at (direction, distance):
    the cheapest dice-change cost and every route that costs that.

    Routes: change die `a` to the action's face and use any two other dice; or change it to 5
    (the dice modifier), turn another die into the action and use the two dice left.
    """
    prices = _prices(dice, a, kind)
    cell = 6 * (direction - 1) + distance - 1
    return prices.best[cell], tuple((table.name, table.args(change), table.modifier)
                                    for table, change in prices.routes(cell))


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
    _INCOME[(dice, a)] = out   # at most 1296 * 4
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
# The (direction, distance) of each cell.
_CELLS = tuple((cell // 6 + 1, cell % 6 + 1) for cell in range(36))


class _Cells:
    """What every (action, direction, distance) does from one player's position.

    `mine`: (cell, direction, distance, extra cost: mining and barrier fees, treasure) for every
    tunnel that is clear, in (direction, distance) order; `barrier`: the same cells as a bit mask
    (bit `cell`); `blast`: the cells a blast or a block may have its centre in (a line clear of
    rock and the edge, and at least one open neighbour) as a bit mask, with `centre[cell]` the
    centre's number.
    """

    __slots__ = ("mine", "barrier", "blast", "centre")

    def __init__(self, s: Any, p: int, tables: MapTables) -> None:
        value = tables.value
        seconds = tables.seconds
        hexes = tables.hexes
        collected = s.collected
        blocked = tables.numbers(s.blocked) if s.blocked else ()
        fee = s.fee()
        # The other players' barriers through each hex (indices: each barrier's fee is owed once).
        fenced: dict[int, list[int]] = {}
        index = tables.index
        for b, (owner, fence) in enumerate(s.barriers):
            if owner != p:
                for h in fence:
                    if h in index:
                        fenced.setdefault(index[h], []).append(b)
        self.mine: list[tuple[int, int, int, int, int]] = []
        mine = self.mine.append
        barrier = blast = 0
        self.centre: list[int] = [0] * 36
        lines = tables.lines(s.pos[p])
        for direction in _DIRECTIONS:
            soft = True
            treasure = 0
            entered: set[int] = set()
            cell = 6 * (direction - 1) - 1
            distance = 0
            for i in lines[direction]:
                cell += 1
                distance += 1
                if soft:
                    if i in blocked:
                        soft = False
                    else:
                        if value[i] and hexes[i] not in collected:
                            treasure += value[i]
                        if fenced and i in fenced:
                            entered.update(fenced[i])
                        mine((cell, direction, distance,
                              distance * MINING_PRICE + fee * len(entered), treasure))
                        barrier |= 1 << cell
                if seconds[i]:
                    blast |= 1 << cell
                    self.centre[cell] = i
        self.barrier = barrier
        self.blast = blast


class Listing:
    """A position's legal actions (`actions`, in order), and what each does and costs
    (`options(state)`, worked out when a bot first asks)."""

    __slots__ = ("actions", "_options")

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions
        self._options: list[Option] | None = None

    @classmethod
    def of_options(cls, options: list[Option]) -> "Listing":
        """The listing of a position whose options were worked out first (one walk, not two)."""
        listing = cls([o.action for o in options])
        listing._options = options
        return listing

    def options(self, s: Any) -> list[Option]:
        """The listed actions as `Option` values; `s` is the listed position (or an equal one)."""
        if self._options is None:
            options = _walk(s, True)
            assert [o.action for o in options] == self.actions
            self._options = options
        return self._options


def enumerate_listing(s: Any, with_options: bool = False) -> Listing:
    """Every legal action for the player to move in state `s` (see `legal_actions` for the
    order); `Listing.options` says what each does and costs (worked out at once when
    `with_options`: a bot asking for them first is spared a second walk)."""
    if with_options:
        return Listing.of_options(_walk(s, True))
    return Listing(_walk(s, False))


def cheapest_options(s: Any) -> list[Option]:
    """Like the listing's options, but one way of paying for each move (the first listed: the
    others cost the same) and every income: what a bot that scores each move once needs."""
    return _walk(s, True, True)


def _walk(s: Any, as_options: bool, one_route: bool = False) -> list[Any]:
    """Every legal action for the player to move in state `s`, as `Action` values or, with
    `as_options`, as `Option` values (slower: bots only); `one_route`: only the first of a move's
    equally cheap routes."""
    p = s.turn
    money = s.money[p]
    v = s.dice
    tables = map_tables(s.map)
    around, patterns = tables.around, tables.pattern
    cells = _Cells(s, p, tables)
    centres = cells.centre
    out: list[Any] = []
    extend = out.extend
    if as_options:
        value = tables.value
        collected = tables.numbers(s.collected)

        def treasure(i: int) -> int:
            return 0 if i in collected else value[i]

        def listed(prices: _Prices, cell: int, cost: int, got: int) -> None:
            kind, best = prices.kind, prices.best[cell]
            direction, distance = _CELLS[cell]
            routes = prices.routes(cell)
            if one_route:
                routes = routes[:1]
            if kind in WITH_SECOND:
                centre = centres[cell]
                half = half_down(treasure(centre))
                gains = [(x, half + half_down(treasure(o)) if kind == BLOW else 0)
                         for x, o in tables.seconds[centre]]
                extend(Option(table.action(change, x), prices.a, kind, direction, distance, x,
                              table.modifier, best, cost, g)
                       for table, change in routes for x, g in gains)
            else:
                extend(Option(table.action(change, 0), prices.a, kind, direction, distance, 0,
                              table.modifier, best, cost, got) for table, change in routes)

    for a in s.free_dice():
        prices = _prices(v, a, MINE)
        best, done, flat = prices.best, prices.listed, prices.flat
        for cell, _, _, extra, treasure_ in cells.mine:
            cost = best[cell] + extra
            if cost <= money:
                if as_options:
                    listed(prices, cell, cost, treasure_)
                else:
                    at = done.get(cell)
                    extend(prices.actions(cell) if at is None
                           else flat[at >> 8:(at >> 8) + (at & 255)])
        for kind in WITH_SECOND:
            prices = _prices(v, a, kind)
            best, done, flat = prices.best, prices.listed, prices.flat
            mask = cells.blast & prices.affordable(money)
            while mask:
                low = mask & -mask
                mask ^= low
                cell = low.bit_length() - 1
                if as_options:
                    listed(prices, cell, best[cell], 0)
                else:
                    centre = centres[cell]
                    at = done.get(cell + 36 * patterns[centre])
                    extend(prices.actions(cell, patterns[centre], around[centre]) if at is None
                           else flat[at >> 8:(at >> 8) + (at & 255)])
        prices = _prices(v, a, BARRIER)
        best, done, flat = prices.best, prices.listed, prices.flat
        mask = cells.barrier & prices.affordable(money)
        while mask:
            low = mask & -mask
            mask ^= low
            cell = low.bit_length() - 1
            if as_options:
                listed(prices, cell, best[cell], 0)
            else:
                at = done.get(cell)
                extend(prices.actions(cell) if at is None
                       else flat[at >> 8:(at >> 8) + (at & 255)])
        for c, g, _, act in _best_income(v, a, money):
            # Income through the dice modifier is written as a `mod` action.
            out.append(Option(act, a, INCOME, 0, 0, 0, act.kind == MOD, c, c, g) if as_options
                       else act)
    return out
