"""Gold Mine rules: pure Python, no drawing. Interpretations: docs/rules/gold_mine.md.

Before the first roll the players choose their start points (the X), one at a time in reverse
turn order, the starting player last (`start:q,r`, the X's axial hex; option ``start_points``
"choose"); games set up with "fixed" start points, as version 0.1.0 played, skip that.
Each round the starting player's four dice are rolled on their own (the roll is in the events);
then, clockwise from the starting player, each player takes one action die that nobody else has
taken this round and carries out its action with direction and distance dice chosen from the
other three. After 8 rounds the most money wins.

Actions
-------
An action is a contract `Action` whose string names the dice by index (0-3, as rolled) with any
paid change after the index (`a2+1`: die 2 raised by one point, 4$ for the action die, 2$ for any
other). The kind in front must be the action the action die shows after its change:

==============================  ================================================================
``mine:a2,d0,l3``               mine with die 2; die 0 gives the direction, die 3 the distance
``mine:a2+1,d0,l3-1``           the same with paid changes (+1 on die 2, -1 on die 3)
``blow:a1,d0,l3,x4``            blast centred at the distance; x4: the second hex is direction 4
                                from the centre
``block:a1,d0,l3,x4``           the same for a block
``barrier:a1,d0,l3``            a barrier along direction die 0 with the length of die 3
``income:a3``                   income with die 3 (a 6, or changed to 6)
``mod:a0,n1-1,d2,l3,x4``        dice modifier with die 0 (a 5): die 1, moved by -1 (the first
                                point is free), is the new action; d/l are the two dice left
``mod:a0,n2``                   dice modifier into income (from the two dice left)
==============================  ================================================================

`Move` is the parsed form (also for partial choices while a player is still picking dice);
`preview(action or move)` tells what it would do, its path, hexes, cost and gain, and why not when
it is not allowed; `explain_choice(move)` and `explain_illegal(action)` give the reason in plain
words; `completions(move)` lists the legal actions a partial choice can still become;
`legal_actions()` lists every legal action in a deterministic order and `options()` the same with
what each does and costs (for bots).

A *move* is the action die taken and what it does (action, direction, distance, second hex; for
income, the money). Paying for it is a *route*: which other dice play which part, with what
changes, directly or through the dice modifier. Only a move's cheapest routes are legal (all of
them on a tie), so that nobody pays for what another die gives for less, and the refusal names
the cheaper action (see "Paying for what another die gives free" in the rules page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Iterable, Mapping, cast

from game.core.contract import (
    Action,
    BadSave,
    Event,
    GameConfig,
    GameInfo,
    GameState,
    IllegalAction,
    OpenView,
    Outcome,
    PlayerScore,
    decoded_option,
)
from game.core.parse import move_number, quoted
from game.core.rng import Rng
from game.core.words import money, plural
from game.games.gold_mine.board import (
    DIRECTION_NAMES,
    GoldMineMap,
    Hex,
    Tile,
    step,
)
from game.games.gold_mine.tables import (  # noqa: F401 (the rules' names, used by bots and tables)
    ACTION_DIE_PRICE,
    ACTIONS,
    BARRIER,
    BLOCK,
    BLOW,
    DICE,
    FACE,
    INCOME,
    MINE,
    MINING_PRICE,
    MOD,
    OTHER_DIE_PRICE,
    WITH_LINE,
    WITH_SECOND,
    Listing,
    Option,
    _best_income,
    _routes,
    _signed,
    _X,
    enumerate_listing,
    half_down,
    half_up,
    map_tables,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 4
ROUNDS = 8
START_MONEY = 12
# Events that show what chance decided (a new round's dice): an action that caused one cannot be
# taken back.
REVEALING = frozenset({"round"})
BARRIER_FEE: Mapping[int, int] = {2: 10, 3: 7, 4: 5}

ACTION_TITLES: Mapping[str, str] = {
    MINE: "Mine", BLOW: "Blow", BLOCK: "Block", BARRIER: "Barrier", MOD: "Dice modifier",
    INCOME: "Income",
}
_VERBS: Mapping[str, str] = {
    MINE: "mine", BLOW: "blow", BLOCK: "block", BARRIER: "build a barrier",
    MOD: "use the dice modifier", INCOME: "take income",
}

START = "start"    # players choose their start points, one by one
PLAY = "play"
OVER = "over"

# The option `start_points`: "choose" (players choose their X in turn, the default for new games)
# or "fixed" (seats get them in a fixed order, as version 0.1.0 did); a list of indices into the
# map's start points gives each seat its own.
CHOOSE = "choose"
FIXED = "fixed"
# The option saying what a blast leaves of a 1$ mine (half of it is 0$): "spent", collected like
# any blown mine (every new game); "kept", its treasure left for a later tunnel, as games begun
# before this version were played (see INFO.legacy_options).
BLOWN_ONE, SPENT, KEPT = "blown_1_dollar", "spent", "kept"

# The money ledger: what every dollar a player has came from or went to.
LEDGER_IN = ("income", "treasure", "fees_received")
LEDGER_OUT = ("mining", "changes", "fees_paid")
LEDGER = LEDGER_IN + LEDGER_OUT
LEDGER_LABELS: Mapping[str, str] = {
    "income": "Income", "treasure": "Treasure", "fees_received": "Barrier fees received",
    "mining": "Mining", "changes": "Dice changes", "fees_paid": "Barrier fees paid",
}

_TOKEN = re.compile(r"^([adnl])([0-9])([+-][1-9])?$")
_SECOND = re.compile(r"^x([1-6])$")


def die_name(index: int) -> str:
    """How dice are named to players: 'die 1' to 'die 4' (indices 0-3 in action strings)."""
    return f"die {index + 1}"


# ============================================================================ moves
@dataclass(frozen=True)
class Move:
    """An action in parsed form; every field may be None while a player is still choosing.

    `action_die` is the die taken as the action die (0-3) and `action_change` the paid change on
    it. With the dice modifier, `new_die`/`new_change` is the die used as the new action (its
    first point of change is the free modifier). `dir_die`/`dist_die` give the direction and the
    distance (or a barrier's length) with their paid changes; `second` is the direction, from the
    centre, of a blast's or block's second hex. `kind` is the name written in front of an action
    string (checked against the dice); leave it None when building a move from clicks.
    """

    action_die: int | None = None
    action_change: int = 0
    new_die: int | None = None
    new_change: int = 0
    dir_die: int | None = None
    dir_change: int = 0
    dist_die: int | None = None
    dist_change: int = 0
    second: int | None = None
    kind: str | None = None

    def args(self) -> tuple[str, ...]:
        """The argument tokens of the action string (`a2+1`, `d0`, `l3-1`, `x4`...)."""
        out: list[str] = []
        for letter, die, change in (("a", self.action_die, self.action_change),
                                    ("n", self.new_die, self.new_change),
                                    ("d", self.dir_die, self.dir_change),
                                    ("l", self.dist_die, self.dist_change)):
            if die is not None:
                out.append(f"{letter}{die}{_signed(change)}")
        if self.second is not None:
            out.append(f"x{self.second}")
        return tuple(out)

    @classmethod
    def from_action(cls, action: Action) -> "Move":
        """Parse an action's arguments; raises `IllegalAction` if they are not a Gold Mine action.

        Only the canonical spelling is accepted (tokens in the order a, n, d, l, x; no `+0`), so
        that two equal moves always have equal action strings.
        """
        if action.kind not in FACE:
            raise IllegalAction(f"{quoted(action)} is not a Gold Mine action: it must start with "
                                f"one of {', '.join(FACE)}")
        fields: dict[str, Any] = {"kind": action.kind}
        seen: list[str] = []
        for token in action.args:
            m = _TOKEN.fullmatch(token)
            if m:
                letter, die, change = m.group(1), int(m.group(2)), int(m.group(3) or 0)
                if die >= DICE:
                    raise IllegalAction(f"{quoted(action)}: there are only {DICE} dice, numbered "
                                        f"0-3 in action strings")
                name = {"a": "action", "n": "new", "d": "dir", "l": "dist"}[letter]
                fields[f"{name}_die"] = die
                fields[f"{name}_change"] = change
            elif _SECOND.fullmatch(token):
                letter = "x"
                fields["second"] = int(token[1:])
            else:
                raise IllegalAction(f"{quoted(action)}: {quoted(token, 12)} is not a die (a, n, d "
                                    f"or l with a die number 0-3 and an optional change like +1) "
                                    f"or a second hex (x1-x6)")
            if letter in seen:
                raise IllegalAction(f"{quoted(action)} names {letter!r} twice")
            seen.append(letter)
        if seen != sorted(seen, key="andlx".index):
            raise IllegalAction(f"{quoted(action)}: write the parts in the order a, n, d, l, x")
        return cls(**fields)


# ============================================================================ previews
@dataclass(frozen=True)
class Preview:
    """What an action would do, for the live preview on the table (also when it is not allowed).

    `kind` is what happens (after a dice modifier, the new action). Hex tuples are in the order
    things happen. `stop` is the hex that makes a path impossible (rock, a block, off the map), if
    any. Money: `cost` = `change_cost` + `mining_cost` + `fee_cost`; `gain` = `treasure` + `income`.
    """

    action: Action | None
    player: int
    allowed: bool
    reason: str
    kind: str | None
    modifier: bool
    direction: int | None
    distance: int | None
    start: Hex
    end: Hex
    path: tuple[Hex, ...]
    stop: Hex | None
    blasted: tuple[Hex, ...]
    blocked: tuple[Hex, ...]
    barrier: tuple[Hex, ...]
    collected: tuple[tuple[Hex, int], ...]
    fees: tuple[tuple[int, int], ...]
    change_cost: int
    mining_cost: int
    fee_cost: int
    treasure: int
    income: int
    values: tuple[int | None, ...]
    text: str

    @property
    def cost(self) -> int:
        return self.change_cost + self.mining_cost + self.fee_cost

    @property
    def gain(self) -> int:
        return self.treasure + self.income

    @property
    def net(self) -> int:
        return self.gain - self.cost


@dataclass
class _Plan:
    """Working notes while checking a move; turned into a `Preview`."""

    reason: str = ""
    kind: str | None = None
    modifier: bool = False
    direction: int | None = None
    distance: int | None = None
    end: Hex | None = None
    path: tuple[Hex, ...] = ()
    stop: Hex | None = None
    blasted: tuple[Hex, ...] = ()
    blocked: tuple[Hex, ...] = ()
    barrier: tuple[Hex, ...] = ()
    collected: tuple[tuple[Hex, int], ...] = ()
    fees: tuple[tuple[int, int], ...] = ()
    change_cost: int = 0
    mining_cost: int = 0
    treasure: int = 0
    income: int = 0
    values: tuple[int | None, ...] = (None, None, None, None)

    incomplete: bool = False   # the reason is only that a choice is still missing

    def fail(self, reason: str) -> "_Plan":
        if not self.reason:
            self.reason = reason
        return self

    def need(self, reason: str) -> "_Plan":
        """A choice is still missing (a partial move); not a rule being broken."""
        if not self.reason:
            self.reason = reason
            self.incomplete = True
        return self


# ============================================================================ the state
class GoldMineState(GameState):
    """A position of Gold Mine. Hexes are `board.Hex`; the map is `self.map` (a `GoldMineMap`)."""

    __slots__ = (
        "config", "map", "rng", "money", "ledger", "pos", "collected", "blasted", "blocked",
        "barriers", "round_no", "starter", "dice", "taken", "step", "phase", "first_player",
        "_tiles", "_ev", "_options",
    )

    def __init__(self, config: GameConfig, game_map: GoldMineMap) -> None:
        n = config.players
        self.config = config
        self.map = game_map
        self._tiles: dict[Hex, Tile] = map_tables(game_map).tiles
        self.rng = Rng(0)
        self.money: list[int] = [START_MONEY] * n
        self.ledger: list[dict[str, int]] = [{k: 0 for k in LEDGER} for _ in range(n)]
        # Where each miner stands; None while a seat has not chosen its start point yet.
        self.pos: list[Hex | None] = [game_map.starts[0]] * n
        # Treasure hexes already paid out: hex -> (player, amount paid, "mined" or "blown").
        self.collected: dict[Hex, tuple[int, int, str]] = {}
        self.blasted: set[Hex] = set()          # every hex a blast has hit (for the map)
        self.blocked: dict[Hex, int] = {}       # hex -> the player who blocked it
        self.barriers: list[tuple[int, tuple[Hex, ...]]] = []   # (owner, hexes), oldest first
        self.round_no = 1
        self.starter = 0
        self.first_player = 0
        self.dice: tuple[int, ...] = (1, 1, 1, 1)
        self.taken: list[int | None] = [None] * DICE   # the seat that took each action die
        self.step = 0          # how many players have had their turn this round
        self.phase = PLAY
        self._ev: list[Event] = []
        # The legal actions of this position, listed when first asked (None: not yet).
        self._options: Listing | None = None

    # ----------------------------------------------------------------- helpers
    @property
    def n(self) -> int:
        return self.config.players

    @property
    def turn(self) -> int:
        """The seat whose turn it is this round (meaningless once the game is over)."""
        return (self.starter + self.step) % self.n

    def name(self, p: int) -> str:
        return self.config.name(p)

    def fee(self) -> int:
        """The barrier fee at this table (10$ for 2 players, 7$ for 3, 5$ for 4)."""
        return BARRIER_FEE[self.n]

    def tile(self, h: Hex) -> Tile | None:
        return self._tiles.get(h)

    def treasure_at(self, h: Hex) -> int:
        """The treasure still to be had at `h` (0 once collected, or if it is not a mine)."""
        t = self._tiles.get(h)
        if t is None or not t.value or h in self.collected:
            return 0
        return t.value

    def free_dice(self) -> list[int]:
        """The dice nobody has taken as an action die yet this round."""
        return [i for i in range(DICE) if self.taken[i] is None]

    def barrier_owners(self, h: Hex) -> list[int]:
        """The players with a barrier through `h`, oldest barrier first (repeats possible)."""
        return [owner for owner, hexes in self.barriers if h in hexes]

    def _emit(self, event_kind: str, text: str, /, **data: Any) -> None:
        self._ev.append(Event(event_kind, text, data, reveals=event_kind in REVEALING))

    # ----------------------------------------------------------------- contract
    def to_move(self) -> int | None:
        if self.phase == START:
            return self.chooser(self.step)
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def progress(self) -> str:
        return "Game over" if self.phase == OVER else f"Round {self.round_no} of {ROUNDS}"

    def place(self) -> str:
        return self.map.name

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move, in a deterministic order.

        Order: by action die (0-3), then what it does (mine, blow, block, barrier, income), then
        direction, distance and second hex, then the route (direct before the dice modifier,
        lower dice first). A move is the action die and what it does: only its cheapest routes
        are listed (ties all listed), and for income the most profitable affordable ones.

        While the start points are chosen: `start:q,r` for each free X, in the map's order.
        """
        if self.phase == START:
            return [start_action(h) for h in self.free_starts()]
        if self.phase != PLAY:
            return []
        return list(self._listing().actions)

    def options(self) -> list[Option]:
        """The legal actions with what each does and costs (cached on this state); none while
        the start points are chosen (see `free_starts`)."""
        if self.phase != PLAY:
            return []
        return self._listing(True).options(self)

    def _listing(self, with_options: bool = False) -> Listing:
        if self._options is None:
            self._options = enumerate_listing(self, with_options)
        return self._options

    def apply(self, action: Action) -> tuple["GoldMineState", list[Event]]:
        """The state after `action` and its events; raises `IllegalAction` with a reason if not legal.

        Checks the one action directly (the same test `legal_actions` is built from) instead of
        listing them all; the state it is called on is never changed.
        """
        if self.is_over():
            raise IllegalAction("the game is over")
        if self.phase == START:
            h, why = self._start_choice(action)
            if why:
                raise IllegalAction(f"{self.name(self.chooser(self.step))} cannot play "
                                    f"{quoted(action)}: {why}")
            assert h is not None
            nxt = self.copy()
            return nxt, nxt._choose_start(h)
        plan = self._plan_action(action)
        if plan.reason:
            raise IllegalAction(f"{self.name(self.turn)} cannot play {quoted(action)}: {plan.reason}")
        nxt = self.copy()
        events = nxt._carry_out(Move.from_action(action), plan, action)
        return nxt, events

    def advance(self, action: Action) -> "GoldMineState":
        """The trusted fast path (see `GameState.advance`): `action` must be one of
        `legal_actions()`. Nothing is checked and no events are made; the state is the one `apply`
        gives."""
        if self.phase != PLAY:
            return cast(GoldMineState, super().advance(action))   # a `copy()` of this state
        nxt = self.copy()
        move = trusted_move(action)
        nxt._carry_out(move, nxt._trusted_plan(move))
        return nxt

    def _apply(self, action: Action) -> list[Event]:
        if self.phase == START:
            h, why = self._start_choice(action)
            if why:
                raise IllegalAction(why)
            assert h is not None
            return self._choose_start(h)
        plan = self._plan_action(action)
        if plan.reason:
            raise IllegalAction(plan.reason)
        return self._carry_out(Move.from_action(action), plan, action)

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not allowed now, in plain words (or that it is allowed)."""
        if self.is_over():
            return "the game is over"
        if self.phase == START:
            _, why = self._start_choice(action)
            if why:
                return f"{self.name(self.chooser(self.step))} cannot play {quoted(action)}: {why}"
            return f"{quoted(action)} is allowed"
        plan = self._plan_action(action)
        if plan.reason:
            return f"{self.name(self.turn)} cannot play {quoted(action)}: {plan.reason}"
        return f"{quoted(action)} is allowed"

    def copy(self) -> "GoldMineState":
        s = GoldMineState.__new__(GoldMineState)
        s.config = self.config
        s.map = self.map
        s._tiles = self._tiles
        s.rng = self.rng.copy()
        s.money = self.money[:]
        s.ledger = [dict(d) for d in self.ledger]
        s.pos = self.pos[:]
        s.collected = dict(self.collected)
        s.blasted = set(self.blasted)
        s.blocked = dict(self.blocked)
        s.barriers = self.barriers[:]
        s.round_no = self.round_no
        s.starter = self.starter
        s.first_player = self.first_player
        s.dice = self.dice
        s.taken = self.taken[:]
        s.step = self.step
        s.phase = self.phase
        s._ev = []
        s._options = None
        return s

    # ----------------------------------------------------------------- choosing the start points
    def chooser(self, k: int) -> int:
        """The seat that chooses the k-th start point (k = 0 first): see `choosing_order`."""
        return choosing_order(self.first_player, self.n)[k % self.n]

    def free_starts(self) -> list[Hex]:
        """The X still free for the seat choosing now, in the map's order (left to right); with
        two players only the two central ones. Empty once everyone has a start point."""
        if self.phase != START:
            return []
        taken = {h for h in self.pos if h is not None}
        allowed = self.map.central if self.n == 2 else self.map.starts
        return [h for h in allowed if h not in taken]

    def _start_choice(self, action: Action) -> tuple[Hex | None, str]:
        """The X a `start:q,r` action names, or the reason it cannot be chosen now."""
        if action.kind != "start":
            return None, (f"everyone chooses a start point first (an action like "
                          f"{start_action(self.map.starts[0])}); the dice come after")
        # Only the spelling `start_action` writes (no `+6`, `06` or `٦`, which int() reads too).
        q = r = None
        if len(action.args) == 2:
            q, r = (move_number(x, signed=True) for x in action.args)
        if q is None or r is None:
            return None, f"{quoted(action)} does not name a hex: write start:q,r, e.g. " \
                         f"{start_action(self.map.starts[0])}"
        h = Hex(q, r)
        if h not in self.map.starts:
            return None, f"{h} is not one of the start points marked X"
        owner = next((p for p, ph in enumerate(self.pos) if ph == h), None)
        if owner is not None:
            return None, f"{self.name(owner)} already starts at {start_label(self.map, h)}"
        if self.n == 2 and h not in self.map.central:
            return None, "a two-player game uses the two central X"
        return h, ""

    def _choose_start(self, h: Hex) -> list[Event]:
        """The seat choosing now takes the X at `h`; a last X left with no choice is taken for
        its chooser; once everyone stands on an X, round 1 is rolled."""
        self._ev = []
        self._options = None
        p = self.chooser(self.step)
        self.pos[p] = h
        self._emit("start", f"{self.name(p)} chooses {start_label(self.map, h)}", player=p,
                   hex=h, order=self.step, chosen=True)
        self.step += 1
        while self.step < self.n and len(self.free_starts()) == 1:
            p = self.chooser(self.step)
            last = self.free_starts()[0]
            self.pos[p] = last
            self._emit("start", f"{self.name(p)} takes the last free start point, "
                       f"{start_label(self.map, last)}", player=p, hex=last, order=self.step,
                       chosen=False)
            self.step += 1
        if self.step >= self.n:
            self.phase = PLAY
            self.step = 0
            self._start_round()
        events, self._ev = self._ev, []
        return events

    # ----------------------------------------------------------------- choosing: moves and previews
    def _dice_words(self, action: Action) -> str:
        """The dice an action uses, in a player's words: "die 2 as the dice modifier, die 1 +1
        as the new action; direction die 3, distance die 4"."""
        try:
            m = self.move_of(action)
        except IllegalAction:
            return "other dice"

        def die(i: int | None, change: int) -> str:
            assert i is not None
            turned = f" {'+' if change > 0 else '−'}{abs(change)}" if change else ""
            return f"die {i + 1}{turned}"

        if m.new_die is not None:
            words = (f"{die(m.action_die, m.action_change)} as the dice modifier, "
                     f"{die(m.new_die, m.new_change)} as the new action")
        else:
            words = f"{die(m.action_die, m.action_change)} as the action"
        if m.dir_die is not None and m.dist_die is not None:
            words += (f"; {die(m.dir_die, m.dir_change)} for the direction, "
                      f"{die(m.dist_die, m.dist_change)} for the distance")
        return words

    def move_of(self, action: Action) -> Move:
        """The parsed form of an action (syntax only); raises `IllegalAction` if malformed."""
        return Move.from_action(action)

    def action_for(self, move: Move) -> Action:
        """The action string for a complete move, its kind read from the dice.

        Raises `IllegalAction` if the move lacks its action die or turns a die past 1 or 6; the
        result may still be illegal (check `preview` or `explain_choice`).
        """
        if move.action_die is None or not 0 <= move.action_die < DICE:
            raise IllegalAction("choose an action die first")
        face = self.dice[move.action_die] + move.action_change
        if not 1 <= face <= 6:
            raise IllegalAction("a die cannot be changed past 1 or 6")
        return Action(ACTIONS[face], replace(move, kind=None).args())

    def preview(self, action: Action | Move) -> Preview:
        """What `action` (or a partial `Move`) would do for the player to move, allowed or not.

        Never raises for a well-formed value: an action that is not allowed comes back with
        `allowed=False` and the reason, and as much of its geometry and cost as is known.
        """
        p = self.turn
        if isinstance(action, Move):
            plan = self._plan(action)
            act = self.action_for(action) if not plan.reason else None
        else:
            act = action
            plan = self._plan_action(action)
        return self._preview(act, p, plan)

    def explain_choice(self, move: Move) -> str | None:
        """Why a (possibly partial) choice cannot lead to a legal action, or None if it still can.

        For example "the 4 (die 2) is already Bo's action die this round", "the path runs into
        rock at step 2", "you need 6$ and have 4$". A partial choice is fine (None) when at least
        one legal action completes it.
        """
        if self.is_over():
            return "the game is over"
        plan = self._plan(move)
        if not plan.incomplete:
            return plan.reason or None
        if not self.completions(move):
            return "no legal action starts with these choices (money, rock, blocks or the map edge)"
        return None

    def completions(self, move: Move) -> list[Action]:
        """The legal actions that agree with every field set in the (partial) `move`."""
        out = []
        for o in self.options():
            m = Move.from_action(o.action)
            if all(getattr(move, f) is None or getattr(move, f) == getattr(m, f)
                   for f in ("action_die", "new_die", "dir_die", "dist_die", "second")) \
                    and (move.action_die is None or move.action_change == m.action_change) \
                    and (move.new_die is None or move.new_change == m.new_change) \
                    and (move.dir_die is None or move.dir_change == m.dir_change) \
                    and (move.dist_die is None or move.dist_change == m.dist_change):
                out.append(o.action)
        return out

    def _preview(self, act: Action | None, p: int, plan: _Plan) -> Preview:
        # A seat has no position only while the start points are chosen, where a preview is a
        # refusal with no geometry (and start and end are None); the table draws none of those.
        start = cast(Hex, self.pos[p])
        end = plan.end if plan.end is not None else start
        text = self._describe(p, plan)
        return Preview(
            action=act, player=p, allowed=not plan.reason, reason=plan.reason, kind=plan.kind,
            modifier=plan.modifier, direction=plan.direction, distance=plan.distance,
            start=start, end=end, path=plan.path, stop=plan.stop, blasted=plan.blasted,
            blocked=plan.blocked, barrier=plan.barrier, collected=plan.collected,
            fees=plan.fees, change_cost=plan.change_cost, mining_cost=plan.mining_cost,
            fee_cost=sum(f for _, f in plan.fees), treasure=plan.treasure, income=plan.income,
            values=plan.values, text=text,
        )

    def _describe(self, p: int, plan: _Plan, past: bool = False) -> str:
        """One line saying what a plan does: present tense for previews, past for the log."""
        who = self.name(p)
        kind = plan.kind
        if kind is None:
            return f"{who}: {plan.reason}" if plan.reason else who
        parts: list[str] = []
        where = f" {DIRECTION_NAMES[plan.direction]}" if plan.direction else ""
        dist = plan.distance or 0
        away = f"{dist} away{where}"
        if kind == MINE and dist:
            verb = "mined" if past else "mines"
            head = f"{who} {verb} {plural(dist, 'hex')}{where}"
            if plan.treasure:
                parts.append(f"{money(plan.treasure, signed=True)} treasure")
            parts.append(money(-plan.mining_cost))
        elif kind == BLOW and dist:
            head = f"{who} {'blew up' if past else 'blows up'} 2 hexes {away}"
            parts.append(f"{money(plan.treasure, signed=True)} treasure (half value)" if plan.treasure
                         else "no treasure")
        elif kind == BLOCK and dist:
            head = f"{who} {'blocked' if past else 'blocks'} 2 hexes {away}"
        elif kind == BARRIER and dist:
            head = (f"{who} {'built' if past else 'builds'} a barrier {dist} long{where} and "
                    f"{'moved' if past else 'moves'} to its end")
        elif kind == INCOME:
            head = f"{who} {'took' if past else 'takes'} income"
            parts.append(money(plan.income, signed=True))
        else:
            head = f"{who}: {ACTION_TITLES[kind]}"
        if plan.modifier:
            head += " (dice modifier)"
        fee = sum(f for _, f in plan.fees)
        if fee:
            owners = sorted({o for o, _ in plan.fees})
            parts.append(f"{money(-fee)} barrier fee{'s' if len(plan.fees) > 1 else ''} to "
                         + " and ".join(self.name(o) for o in owners))
        if plan.change_cost:
            parts.append(f"{money(-plan.change_cost)} for dice changes")
        return head + (": " + ", ".join(parts) if parts else "")

    # ----------------------------------------------------------------- checking one move
    def _plan_action(self, action: Action) -> _Plan:
        try:
            move = Move.from_action(action)
        except IllegalAction as exc:
            return _Plan(reason=str(exc))
        return self._plan(move)

    def _plan(self, move: Move) -> _Plan:
        """Check a move and work out what it does. `reason` is set to the first problem found;
        a partial move (missing dice) gets a reason saying what to choose next."""
        plan = _Plan()
        if self.phase == OVER:
            return plan.fail("the game is over")
        if self.phase == START:
            return plan.fail("the start points are being chosen; the dice come after")
        p = self.turn
        v = self.dice
        a = move.action_die
        if a is None:
            return plan.need("choose an action die")
        if not 0 <= a < DICE:
            return plan.fail(f"there is no {die_name(a)}")
        owner = self.taken[a]
        if owner is not None:
            return plan.fail(f"the {v[a]} ({die_name(a)}) is already {self.name(owner)}'s action "
                             f"die this round")
        face = v[a] + move.action_change
        if not 1 <= face <= 6:
            return plan.fail(_past_end(v[a], move.action_change, a))
        vals: list[int | None] = [None] * DICE
        vals[a] = face
        plan.change_cost = ACTION_DIE_PRICE * abs(move.action_change)
        used = {a}
        rest = [i for i in range(DICE) if i != a]
        kind = ACTIONS[face]
        if kind == MOD:
            plan.modifier = True
            n = move.new_die
            if move.kind is not None and move.kind != MOD:
                return plan.fail(self._kind_mismatch(move.kind, a, face))
            if n is None:
                return plan.need("dice modifier: choose another die to act as the new action die")
            if n in used:
                return plan.fail("dice modifier: the new action must come from another die, not "
                                 "the action die")
            new_face = v[n] + move.new_change
            if not 1 <= new_face <= 6:
                return plan.fail(_past_end(v[n], move.new_change, n))
            if ACTIONS[new_face] == MOD:
                return plan.fail("the dice modifier cannot choose the dice modifier again")
            vals[n] = new_face
            plan.change_cost += OTHER_DIE_PRICE * max(0, abs(move.new_change) - 1)
            used.add(n)
            rest = [i for i in rest if i != n]
            kind = ACTIONS[new_face]
        else:
            if move.kind is not None and move.kind != kind:
                return plan.fail(self._kind_mismatch(move.kind, a, face))
            if move.new_die is not None:
                return plan.fail(f"only the dice modifier (a 5) uses a new action die; this is "
                                 f"{ACTION_TITLES[kind].lower()}")
        plan.kind = kind
        plan.values = tuple(vals)
        if kind == INCOME:
            if move.dir_die is not None or move.dist_die is not None or move.second is not None:
                return plan.fail("income takes no direction, distance or second hex")
            plan.income = half_up(sum(v[i] for i in rest))
            return self._check_money_and_price(move, plan)
        # Direction and distance.
        d, dist_die = move.dir_die, move.dist_die
        for which, die in (("direction", d), ("distance", dist_die)):
            if die is None:
                continue
            if not 0 <= die < DICE:
                return plan.fail(f"there is no {die_name(die)}")
            if die in used:
                role = "action die" if die == a else "new action die"
                return plan.fail(f"the {which} must come from another die: {die_name(die)} is "
                                 f"your {role}")
            if plan.modifier and die not in rest:
                return plan.fail("with the dice modifier, direction and distance are the two "
                                 "dice left")
        if d is not None and d == dist_die:
            return plan.fail("the direction and the distance must be two different dice")
        if d is None:
            return plan.need(f"{ACTION_TITLES[kind].lower()}: choose a die for the direction")
        direction = v[d] + move.dir_change
        if not 1 <= direction <= 6:
            return plan.fail(_past_end(v[d], move.dir_change, d))
        vals[d] = direction
        plan.direction = direction
        plan.change_cost += OTHER_DIE_PRICE * abs(move.dir_change)
        if dist_die is None:
            plan.values = tuple(vals)
            what = "length" if kind == BARRIER else "distance"
            return plan.need(f"{ACTION_TITLES[kind].lower()}: choose a die for the {what}")
        distance = v[dist_die] + move.dist_change
        if not 1 <= distance <= 6:
            return plan.fail(_past_end(v[dist_die], move.dist_change, dist_die))
        vals[dist_die] = distance
        plan.values = tuple(vals)
        plan.distance = distance
        plan.change_cost += OTHER_DIE_PRICE * abs(move.dist_change)
        if kind not in WITH_SECOND and move.second is not None:
            return plan.fail(f"{ACTION_TITLES[kind].lower()} has no second hex")
        self._geometry(p, kind, direction, distance, move.second, plan)
        if plan.reason:
            return plan
        if kind in WITH_SECOND and move.second is None:
            return plan.need(f"{ACTION_TITLES[kind].lower()}: choose the second hex next to the "
                             f"centre")
        return self._check_money_and_price(move, plan)

    def _kind_mismatch(self, written: str, a: int, face: int) -> str:
        v = self.dice[a]
        want = FACE.get(written)
        how = ""
        if want is not None and want != face:
            how = f"; to {_VERBS[written]} change it to a {want}"
        shown = f"shows {v}" if face == v else f"is changed to {face}"
        return f"{die_name(a)} {shown}, which is {ACTION_TITLES[ACTIONS[face]].lower()}, not " \
               f"{written}{how}"

    def _geometry(self, p: int, kind: str, direction: int, distance: int, second: int | None,
                  plan: _Plan) -> None:
        """Fill in the hexes a move touches and what it collects; set a reason if it cannot be."""
        start = cast(Hex, self.pos[p])   # in play, where every seat stands somewhere
        line = [step(start, direction, i) for i in range(1, distance + 1)]
        plan.path = tuple(line)
        soft = kind in (MINE, BARRIER)   # blocks stop mining and barriers, not blasts or blocks
        for i, h in enumerate(line, 1):
            t = self._tiles.get(h)
            problem = ""
            if t is None:
                problem = f"leaves the map at step {i}"
            elif t.is_rock:
                problem = f"runs into rock at step {i}"
            elif soft and h in self.blocked:
                problem = f"runs into a block at step {i}"
            if problem:
                plan.stop = h
                noun = {MINE: "the tunnel", BARRIER: "the barrier", BLOW: "the blast",
                        BLOCK: "the block"}[kind]
                plan.fail(f"{noun} {problem}")
                return
        centre = line[-1]
        if kind == MINE:
            plan.end = centre
            plan.mining_cost = MINING_PRICE * distance
            got = [(h, self.treasure_at(h)) for h in line]
            plan.collected = tuple((h, x) for h, x in got if x)
            plan.treasure = sum(x for _, x in got)
            plan.fees = self._fees(p, line)
        elif kind == BARRIER:
            plan.end = centre
            plan.barrier = tuple(line)
        else:
            plan.end = start
            hexes = [centre]
            if second is not None:
                other = step(centre, second)
                t = self._tiles.get(other)
                if t is None or t.is_rock:
                    plan.stop = other
                    where = "off the map" if t is None else "rock"
                    plan.fail(f"the second hex ({DIRECTION_NAMES[second]} of the centre) is {where}")
                    return
                hexes.append(other)
            if kind == BLOW:
                plan.blasted = tuple(hexes)
                got = [(h, half_down(self.treasure_at(h))) for h in hexes if self.treasure_at(h)]
                # Every hex that held treasure is collected, a 1$ mine too (half of it is 0$);
                # games begun before this was so left a 1$ mine's treasure there.
                if self.config.options.get(BLOWN_ONE, SPENT) == KEPT:
                    got = [(h, x) for h, x in got if x]
                plan.collected = tuple(got)
                plan.treasure = sum(x for _, x in got)
            else:
                plan.blocked = tuple(hexes)

    def _fees(self, p: int, path: Iterable[Hex]) -> tuple[tuple[int, int], ...]:
        """The barrier fees a tunnel along `path` owes: once for each other player's barrier it
        enters (however many of that barrier's hexes it runs through)."""
        cells = set(path)
        fee = self.fee()
        return tuple((owner, fee) for owner, hexes in self.barriers
                     if owner != p and not cells.isdisjoint(hexes))

    def _check_money_and_price(self, move: Move, plan: _Plan) -> _Plan:
        p = self.turn
        cost = plan.change_cost + plan.mining_cost + sum(f for _, f in plan.fees)
        have = self.money[p]
        if cost > have:
            parts = []
            if plan.change_cost:
                parts.append(f"{plan.change_cost}$ for dice changes")
            if plan.mining_cost:
                parts.append(f"{plan.mining_cost}$ for mining")
            fee = sum(f for _, f in plan.fees)
            if fee:
                parts.append(f"{fee}$ in barrier fees")
            detail = f" ({', '.join(parts)})" if len(parts) > 1 else ""
            return plan.fail(f"you need {cost}${detail} and have {have}$")
        a = move.action_die
        assert a is not None and plan.kind is not None
        if plan.kind == INCOME:
            best_routes = _best_income(self.dice, a, have)
            c, g, (name, args, _), _ = best_routes[0]
            if plan.income - plan.change_cost < g - c:
                return plan.fail(f"this income leaves you {plan.income - plan.change_cost}$ "
                                 f"better off, but {self._dice_words(Action(name, args))} gives "
                                 f"{g - c}$ with the same action die")
            return plan
        assert plan.direction is not None and plan.distance is not None
        best, routes = _routes(self.dice, a, plan.kind, plan.direction, plan.distance)
        if plan.change_cost > best:
            name, args, _ = routes[0]
            alt = Action(name, args + ((_X[move.second],) if move.second else ()))
            return plan.fail(f"the same move costs {best}$ in dice changes instead of "
                             f"{plan.change_cost}$ with other dice: {self._dice_words(alt)}")
        return plan

    # ----------------------------------------------------------------- carrying out
    def _carry_out(self, move: Move, plan: _Plan, action: Action | None = None) -> list[Event]:
        """Carry out a checked move (`plan` says what it does) and move on to the next turn; the
        events it caused, or none (quietly) when `action` is None (the trusted fast path)."""
        self._ev = []
        self._options = None
        p = self.turn
        quiet = action is None
        assert move.action_die is not None and plan.kind is not None
        self.taken[move.action_die] = p
        led = self.ledger[p]
        who = self.name(p)
        if plan.change_cost:
            self.money[p] -= plan.change_cost
            led["changes"] += plan.change_cost
        if plan.modifier and not quiet:
            assert move.new_die is not None
            new_face = self.dice[move.new_die] + move.new_change
            rolled = self.dice[move.new_die]
            how = f"as a {new_face}" if new_face != rolled else "as it is"
            self._emit("modifier", f"{who} used the dice modifier: the {rolled} "
                       f"({die_name(move.new_die)}) {how}, {ACTION_TITLES[plan.kind].lower()}",
                       player=p, die=move.new_die, value=new_face, kind=plan.kind)
        kind = plan.kind
        data: dict[str, Any] = {} if quiet else {
            "player": p, "action": str(action), "die": move.action_die, "modifier": plan.modifier,
            "values": plan.values, "change_cost": plan.change_cost,
            "direction": plan.direction, "distance": plan.distance,
            "start": self.pos[p], "path": plan.path,
        }
        text = "" if quiet else self._describe(p, plan, past=True)
        if kind == MINE:
            self.money[p] -= plan.mining_cost
            led["mining"] += plan.mining_cost
            for h, x in plan.collected:
                self.collected[h] = (p, x, "mined")
            self.money[p] += plan.treasure
            led["treasure"] += plan.treasure
            self.pos[p] = plan.path[-1]
            if not quiet:
                data.update(end=self.pos[p], collected=plan.collected, treasure=plan.treasure,
                            mining_cost=plan.mining_cost, fees=plan.fees)
                self._emit("mine", text, **data)
            for owner, fee in plan.fees:
                self.money[p] -= fee
                led["fees_paid"] += fee
                self.money[owner] += fee
                self.ledger[owner]["fees_received"] += fee
                if not quiet:
                    self._emit("fee", f"{who} pays {self.name(owner)} {money(fee)} for tunnelling "
                               f"through {self.name(owner)}'s barrier", player=p, owner=owner,
                               amount=fee)
        elif kind == BLOW:
            for h, x in plan.collected:
                self.collected[h] = (p, x, "blown")
            self.blasted.update(plan.blasted)
            self.money[p] += plan.treasure
            led["treasure"] += plan.treasure
            if not quiet:
                data.update(end=self.pos[p], hexes=plan.blasted, collected=plan.collected,
                            treasure=plan.treasure)
                self._emit("blow", text, **data)
        elif kind == BLOCK:
            for h in plan.blocked:
                self.blocked.setdefault(h, p)
            if not quiet:
                data.update(end=self.pos[p], hexes=plan.blocked)
                self._emit("block", text, **data)
        elif kind == BARRIER:
            self.barriers.append((p, plan.barrier))
            self.pos[p] = plan.barrier[-1]
            if not quiet:
                data.update(end=self.pos[p], hexes=plan.barrier)
                self._emit("barrier", text, **data)
        else:
            self.money[p] += plan.income
            led["income"] += plan.income
            if not quiet:
                data.update(end=self.pos[p], income=plan.income)
                self._emit("income", text, **data)
        assert self.money[p] >= 0
        self._advance()
        events, self._ev = self._ev, []
        return events

    def _trusted_plan(self, move: Move) -> _Plan:
        """What a legal move does, worked out without checking it (the trusted fast path)."""
        plan = _Plan()
        v = self.dice
        a = move.action_die
        assert a is not None
        values: list[int | None] = [None] * DICE
        face = values[a] = v[a] + move.action_change
        plan.change_cost = ACTION_DIE_PRICE * abs(move.action_change)
        used = [a]
        kind = ACTIONS[face]
        if kind == MOD:
            n = move.new_die
            assert n is not None
            plan.modifier = True
            face = values[n] = v[n] + move.new_change
            plan.change_cost += OTHER_DIE_PRICE * max(0, abs(move.new_change) - 1)
            used.append(n)
            kind = ACTIONS[face]
        plan.kind = kind
        if kind == INCOME:
            plan.income = half_up(sum(v[i] for i in range(DICE) if i not in used))
        else:
            d, dl = move.dir_die, move.dist_die
            assert d is not None and dl is not None
            direction = values[d] = v[d] + move.dir_change
            distance = values[dl] = v[dl] + move.dist_change
            plan.change_cost += OTHER_DIE_PRICE * (abs(move.dir_change) + abs(move.dist_change))
            plan.direction, plan.distance = direction, distance
            self._geometry(self.turn, kind, direction, distance, move.second, plan)
        plan.values = tuple(values)
        return plan

    # ----------------------------------------------------------------- flow
    def _start_round(self) -> None:
        self.dice = tuple(self.rng.die(6) for _ in range(DICE))
        self.taken = [None] * DICE
        self.step = 0
        self._options = None
        s = self.starter
        self._emit("round", f"Round {self.round_no} of {ROUNDS}: {self.name(s)} rolls "
                   f"{', '.join(str(x) for x in self.dice)}",
                   round=self.round_no, starter=s, dice=self.dice)
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Skip players who have no legal action at all (they sit the turn out)."""
        while True:
            self._options = None
            if self._has_free_move() or self._listing().actions:
                return
            p = self.turn
            self._emit("stuck", f"{self.name(p)} has no action they can take or pay for, and sits "
                       f"this turn out", player=p)
            if not self._next_player():
                return

    def _has_free_move(self) -> bool:
        """A quick yes: a free die lets the player act without paying for anything.

        A 6 is income; a 2 or 3 (blow, block) needs a clear line for the rolled direction and
        distance of two other dice (the hex before the centre is always a valid second hex); a 4
        (barrier) a line without blocks. When this says no, the full list decides.
        """
        v = self.dice
        tables = map_tables(self.map)
        # Each cut at rock and the map edge (in play, where every seat stands somewhere).
        lines = tables.lines(cast(Hex, self.pos[self.turn]))
        blocked: set[int] | None = None
        for a in self.free_dice():
            face = v[a]
            if face == 6:
                return True
            if face not in (2, 3, 4):
                continue
            for d in range(DICE):
                if d == a:
                    continue
                line = lines[v[d]]
                for dl in range(DICE):
                    if dl == a or dl == d or len(line) < v[dl]:
                        continue
                    if face != 4:
                        return True
                    if blocked is None:
                        blocked = tables.numbers(self.blocked)
                    if blocked.isdisjoint(line[:v[dl]]):
                        return True
        return False

    def _advance(self) -> None:
        if self._next_player():
            self._begin_turn()

    def _next_player(self) -> bool:
        """Move on to the next player, or the next round; False once the game is over."""
        self._options = None
        self.step += 1
        if self.step < self.n:
            return True
        if self.round_no >= ROUNDS:
            self.phase = OVER
            self.step = 0
            outcome = self.outcome()
            top = outcome.scores[outcome.winners[0]].total
            names = " and ".join(self.name(w) for w in outcome.winners)
            if outcome.is_tie:
                text = f"Game over: {names} tie with {money(top)} (play a tie-break game)"
            else:
                text = f"Game over: {names} wins with {money(top)}"
            self._emit("game_over", text, winners=list(outcome.winners),
                       scores=[s.total for s in outcome.scores], tie=outcome.is_tie)
            return False
        self.round_no += 1
        self.starter = (self.starter + 1) % self.n
        self._start_round()
        return False

    # ----------------------------------------------------------------- scoring
    def score(self, p: int) -> PlayerScore:
        led = self.ledger[p]
        breakdown: list[tuple[str, int]] = [("Starting money", START_MONEY)]
        breakdown += [(LEDGER_LABELS[k], led[k]) for k in LEDGER_IN]
        breakdown += [(LEDGER_LABELS[k], -led[k]) for k in LEDGER_OUT]
        return PlayerScore(p, self.money[p], tuple(breakdown))

    def outcome(self) -> Outcome:
        """Money per player with its breakdown; the richest win (several on a tie)."""
        return Outcome.highest_wins(tuple(self.score(p) for p in range(self.n)))

    # ----------------------------------------------------------------- views & saves
    def view(self, player: int) -> "GoldMineView":
        return GoldMineView(self, player)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": INFO.name,
            "config": self.config.to_json(),
            "rng": self.rng.state,
            "money": list(self.money),
            "ledger": [dict(d) for d in self.ledger],
            "pos": [None if h is None else [h.q, h.r] for h in self.pos],
            "collected": [[h.q, h.r, who, x, how]
                          for h, (who, x, how) in sorted(self.collected.items())],
            "blasted": [[h.q, h.r] for h in sorted(self.blasted)],
            "blocked": [[h.q, h.r, who] for h, who in sorted(self.blocked.items())],
            "barriers": [[owner, [[h.q, h.r] for h in hexes]] for owner, hexes in self.barriers],
            "round": self.round_no,
            "starter": self.starter,
            "first_player": self.first_player,
            "dice": list(self.dice),
            "taken": list(self.taken),
            "step": self.step,
            "phase": self.phase,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GoldMineState":
        """Rebuild a state; raises `BadSave` naming the problem when the data does not add up."""
        try:
            config = cls.config_from_json(data)
            s = cls(config, _map_from_options(config.options, BadSave))
            s.rng = Rng(int(data["rng"]))
            s.money = [_int(x) for x in data["money"]]
            s.ledger = [{k: _int(d[k]) for k in LEDGER} for d in data["ledger"]]
            s.pos = [None if h is None else Hex(_int(h[0]), _int(h[1])) for h in data["pos"]]
            s.collected = {Hex(_int(q), _int(r)): (_int(w), _int(x), str(how))
                           for q, r, w, x, how in data["collected"]}
            s.blasted = {Hex(_int(q), _int(r)) for q, r in data["blasted"]}
            s.blocked = {Hex(_int(q), _int(r)): _int(w) for q, r, w in data["blocked"]}
            s.barriers = [(_int(owner), tuple(Hex(_int(q), _int(r)) for q, r in hexes))
                          for owner, hexes in data["barriers"]]
            s.round_no = _int(data["round"])
            s.starter = _int(data["starter"])
            s.first_player = _int(data["first_player"])
            s.dice = tuple(_int(x) for x in data["dice"])
            s.taken = [None if t is None else _int(t) for t in data["taken"]]
            s.step = _int(data["step"])
            s.phase = str(data["phase"])
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadSave(f"the Gold Mine position is unreadable ({exc!r})") from exc
        s.check()
        return s

    def check(self) -> None:
        """Raise `BadSave` unless the position is consistent (money, ledger, dice, places)."""
        n = self.n
        if len(self.money) != n or len(self.ledger) != n or len(self.pos) != n:
            raise BadSave("the position has the wrong number of players")
        for p in range(n):
            if self.money[p] < 0:
                raise BadSave(f"{self.name(p)} has negative money")
            if self.money[p] != accounted_money(self.ledger[p]):
                raise BadSave(f"{self.name(p)}'s money does not match the ledger")
            h = self.pos[p]
            if h is None:
                if self.phase != START:
                    raise BadSave(f"{self.name(p)} has no place on the map")
            elif h not in self._tiles or self._tiles[h].is_rock:
                raise BadSave(f"{self.name(p)} stands off the map or on rock")
        if self.phase not in (START, PLAY, OVER):
            raise BadSave(f"unknown phase {self.phase!r}")
        if self.phase == START:
            self._check_choosing()
        if not 1 <= self.round_no <= ROUNDS:
            raise BadSave(f"round {self.round_no} is not one of the {ROUNDS} rounds")
        if not (0 <= self.starter < n and 0 <= self.first_player < n and 0 <= self.step < n):
            raise BadSave("the seat to move is not at the table")
        if len(self.dice) != DICE or not all(1 <= x <= 6 for x in self.dice):
            raise BadSave("the dice are not four dice showing 1-6")
        if len(self.taken) != DICE or not all(t is None or 0 <= t < n for t in self.taken):
            raise BadSave("the taken dice are unreadable")
        took = [t for t in self.taken if t is not None]
        if len(took) != len(set(took)) or (self.phase == PLAY and len(took) > self.step):
            raise BadSave("more action dice are taken than players have played")
        for h, (who, x, how) in self.collected.items():
            if not 0 <= who < n or how not in ("mined", "blown") or self._tiles.get(h) is None \
                    or not self._tiles[h].is_mine:
                raise BadSave(f"the collected treasure at {h} is not a mine")
        for h, who in self.blocked.items():
            if not 0 <= who < n or h not in self._tiles or self._tiles[h].is_rock:
                raise BadSave(f"the block at {h} is not on the map")
        for owner, hexes in self.barriers:
            if not 0 <= owner < n or not hexes or any(
                    h not in self._tiles or self._tiles[h].is_rock for h in hexes):
                raise BadSave("a barrier is not on the map")


    def _check_choosing(self) -> None:
        """While the start points are chosen: the seats that chose so far stand on different X,
        the others nowhere yet, and nothing else has happened."""
        n = self.n
        if not 0 <= self.first_player < n or self.starter != self.first_player:
            raise BadSave("the starting player is not at the table")
        if not 0 <= self.step < n:
            raise BadSave("the seat choosing a start point is not at the table")
        done = {self.chooser(k) for k in range(self.step)}
        placed = [h for p, h in enumerate(self.pos) if p in done]
        if any(h is None for h in placed) or any(self.pos[p] is not None for p in range(n)
                                                  if p not in done):
            raise BadSave("the start points chosen do not follow the choosing order")
        allowed = self.map.central if n == 2 else self.map.starts
        if len(set(placed)) != len(placed) or not all(h in allowed for h in placed):
            raise BadSave("two seats chose the same start point, or one that is not an X")
        if self.round_no != 1 or any(t is not None for t in self.taken) or self.collected \
                or self.blocked or self.barriers or self.blasted \
                or any(m != START_MONEY for m in self.money):
            raise BadSave("the game has moved on before everyone chose a start point")


def accounted_money(led: Mapping[str, int]) -> int:
    """What the ledger says a player has: 12$ + income + treasure + fees received − paid out."""
    return START_MONEY + sum(led[k] for k in LEDGER_IN) - sum(led[k] for k in LEDGER_OUT)


def _past_end(value: int, change: int, die: int) -> str:
    return (f"{die_name(die)} shows {value} and cannot be changed by {change:+d}: dice stay "
            f"between 1 and 6 (a 6 never becomes a 1)")


def _int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"{x!r} is not a whole number")
    return x


# What each argument token of a listed action sets in its `Move`.
_PARTS: dict[str, dict[str, int]] = {
    f"{letter}{die}{_signed(change)}": {f"{name}_die": die, f"{name}_change": change}
    for letter, name in (("a", "action"), ("n", "new"), ("d", "dir"), ("l", "dist"))
    for die in range(DICE) for change in range(-5, 6)}
_PARTS.update({f"x{x}": {"second": x} for x in range(1, 7)})


def trusted_move(action: Action) -> Move:
    """The parsed form of an action listed by `legal_actions` (for the trusted fast path: a
    malformed one may give a wrong move rather than an error; use `Move.from_action` to check)."""
    fields: dict[str, Any] = {}
    for token in action.args:
        fields.update(_PARTS[token])
    return Move(kind=action.kind, **fields)


# ============================================================================ views
class GoldMineView(OpenView):
    """A seat's knowledge: the whole table (Gold Mine has no secrets) but not the dice generator."""

    state: GoldMineState

    def known(self, state: GameState) -> GoldMineState:
        assert isinstance(state, GoldMineState)
        known = state.copy()
        known.rng = Rng(0)   # the next rolls are the only secret
        known._options = state._options   # the same table, the same legal actions
        return known


# ============================================================================ set-up
def start_points(game_map: GoldMineMap, players: int,
                 chosen: Iterable[int] | None = None) -> list[Hex]:
    """Each seat's start point, seat 0 first, when they are not chosen in play (option
    ``start_points`` "fixed", or a list).

    Two players take the two central X (left one to seat 0). Three or four players: seats take
    the central X first (left to right), then the outer ones left to right. `chosen` (indices into
    `game_map.starts`, which are in left-to-right order) overrides this; in a two-player game it
    must name the central ones.
    """
    if chosen is not None:
        idx = [int(i) for i in chosen]
        if len(idx) != players or len(set(idx)) != players or not all(0 <= i < 4 for i in idx):
            raise IllegalAction(f"start_points must name {players} different start points 0-3")
        picked = [game_map.starts[i] for i in idx]
        if players == 2 and set(picked) != set(game_map.central):
            raise IllegalAction("a two-player game must use the two central start points")
        return picked
    if players == 2:
        return list(game_map.central)
    outer = [h for h in game_map.starts if h not in game_map.central]
    return (list(game_map.central) + outer)[:players]


def choosing_order(first: int, players: int) -> tuple[int, ...]:
    """The seats in the order they choose their start points: counter-clockwise, starting with
    the player on the starting player's right (the last to act in round 1), so that the
    starting player chooses last (see "Who starts where" in docs/rules/gold_mine.md)."""
    return tuple((first - 1 - k) % players for k in range(players))


def start_action(h: Hex) -> Action:
    """The action that chooses the start point at `h`: `start:q,r` (axial coordinates)."""
    return Action("start", (str(h.q), str(h.r)))


def start_label(game_map: GoldMineMap, h: Hex) -> str:
    """How players name a start point: "start point 2 (lower left)"; the numbers run left to
    right as in `game_map.starts`, and the place is seen from the middle of the mountain."""
    try:
        number = game_map.starts.index(h) + 1
    except ValueError:
        return str(h)
    where = _start_places(game_map).get(h, "")
    return f"start point {number} ({where})" if where else f"start point {number}"


@lru_cache(maxsize=8)
def _start_places(game_map: GoldMineMap) -> dict[Hex, str]:
    hexes = game_map.hexes()
    xs = [1.5 * h.q for h in hexes]
    ys = [h.r + h.q / 2 for h in hexes]     # in units of the hex height
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    out = {}
    for h in game_map.starts:
        x, y = 1.5 * h.q, h.r + h.q / 2
        vertical = "upper" if y < cy - 0.25 else "lower" if y > cy + 0.25 else ""
        horizontal = "left" if x < cx - 0.5 else "right" if x > cx + 0.5 else ""
        out[h] = " ".join(w for w in (vertical, horizontal) if w) or "middle"
    return out


def _start_mode(options: Mapping[str, Any]) -> str | list[int]:
    mode = options.get("start_points", FIXED)
    if mode in (CHOOSE, FIXED):
        return str(mode)
    if isinstance(mode, (list, tuple)):
        return list(mode)
    raise IllegalAction(f"the option start_points must be \"{CHOOSE}\", \"{FIXED}\" or a list of "
                        f"start point numbers 0-3, not {mode!r}")


def _map_from_options(options: Mapping[str, Any], error: type[Exception]) -> GoldMineMap:
    return decoded_option(options, "map", GoldMineMap, error,
                          "a Gold Mine game needs a map, and this one has none")


def new_game(config: GameConfig, seed: int) -> tuple[GoldMineState, list[Event]]:
    """Set up a game: 12$ each, start points, the first player; then round 1's roll."""
    n = config.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction(f"Gold Mine is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    game_map = _map_from_options(config.options, IllegalAction)
    if config.options.get(BLOWN_ONE, SPENT) not in (SPENT, KEPT):
        raise IllegalAction(f"the option {BLOWN_ONE} must be {SPENT!r} or {KEPT!r}, "
                            f"not {config.options[BLOWN_ONE]!r}")
    s = GoldMineState(config, game_map)
    s.rng = Rng(seed)
    mode = _start_mode(config.options)
    if mode != CHOOSE:
        chosen = None if isinstance(mode, str) else mode   # (a str here is FIXED)
        # A fresh list, the state's alone: it may hold None as the state's `pos`.
        s.pos = cast(list[Hex | None], start_points(game_map, n, chosen))
    first = config.options.get("first_player")
    if first is None:
        first = s.rng.below(n)
        how = "chosen at random"
    else:
        first = int(first)
        if not 0 <= first < n:
            raise IllegalAction(f"first player {first} is not at the table")
        how = "chosen at set-up"
    s.first_player = s.starter = first
    s._ev = []
    if mode == CHOOSE:
        s.pos = [None] * n
        s.phase = START
        s._emit("setup", f"The map is {game_map.name}; everyone starts with {money(START_MONEY)} and "
                f"chooses a start point", starts=(), money=START_MONEY, map=game_map.name)
        s._emit("first", f"{s.name(first)} is the starting player ({how}) and chooses a start "
                f"point last", player=first)
    else:
        s._emit("setup", f"The map is {game_map.name}; everyone starts with {money(START_MONEY)}",
                starts=tuple(s.pos), money=START_MONEY, map=game_map.name)
        for p in range(n):
            s._emit("start", f"{s.name(p)} starts at {s.pos[p]}", player=p, hex=s.pos[p])
        s._emit("first", f"{s.name(first)} is the starting player ({how})", player=first)
        s._start_round()
    events, s._ev = s._ev, []
    return s, events


def state_from_json(data: Mapping[str, Any]) -> GoldMineState:
    return GoldMineState.from_json(data)


@lru_cache(maxsize=1)
def _shipped_map() -> GoldMineMap:
    # At the edge: only called when a game is set up without a chosen map.
    from game.games.gold_mine.tmx import load_map
    from game.paths import map_file

    return load_map(map_file("gold_mine.tmx"))


def default_options() -> dict[str, Any]:
    """The shipped map (maps/gold_mine.tmx), loaded once, as the option 'map'; players choose
    their start points (the option 'start_points')."""
    return {"map": _shipped_map().to_json(), "start_points": CHOOSE, BLOWN_ONE: SPENT}


INFO = GameInfo(
    name="gold_mine",
    title="Gold Mine",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new=new_game,
    from_json=state_from_json,
    rules_doc="gold_mine.md",
    blurb="Draft dice to tunnel, blast, block and fence your way to the treasure in a hex mountain.",
    default_options=default_options,
    score_unit=("$", "$"),
    tie_break_game=True,   # "In case of a tie, play again to resolve the tie."
    seat_options=("start_points",),   # (a list of them gives each seat its start point)
    # Version 0.1.0 gave seats fixed start points, and games begun before a blown 1$ mine was
    # spent left its treasure: saves that do not name these replay with them.
    legacy_options={"start_points": FIXED, BLOWN_ONE: KEPT},
)
GoldMineState.info = INFO
