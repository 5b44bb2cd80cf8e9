"""Big Dig rules: pure Python, no drawing. Interpretations: docs/rules/big_dig.md.

Every player crosses squares off their own copy of one board design (`board.Board`). On a turn the
player takes one of the Digging cards still in the centre and either digs its shape (any rotation or
mirror image) or explodes one square; once all five cards are taken they all flip to their other
side. After each turn the mover's three face-up goals are checked: meeting all three wins at once.

Actions (`Action` strings, used in saves, logs and tests)
---------------------------------------------------------
==============================  ================================================================
``dig:3,4.0,5.0,6.0,5.1``       take card 3 and cross out these squares (x.y, sorted row by row
                                from the top, so each set of squares has one spelling)
``explode:2,7.3``               take card 2 and cross out the one dirt or rock square at (7, 3)
``bonus:4.0``                   the expert rule's bonus single square, before the first turn
``pass``                        only when the player can neither dig nor explode (no card taken)
==============================  ================================================================

Squares are `(x, y)` with y = 0 the top ground row. Every square crossed must touch
(orthogonally) a square this player crossed on an earlier turn, or lie in the top row (the "top of
the board", whatever stands above it). If every player passes in a row, the game ends and the
players with the most goals met share the win.

Nothing random happens after set-up (the goals dealt and the cards' sides are in the set-up
events, which reveal them), so a seat's view is the whole position.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping

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
    first_player,
)
from game.core.parse import move_number, quoted
from game.core.rng import Rng
from game.games.big_dig.board import (
    DIGGABLE,
    EXPLODABLE,
    G_AMETHYST,
    G_COIN,
    G_EMERALD,
    G_LIGHT,
    G_OIL,
    G_PIPE,
    G_ROCK,
    G_SKELETON,
    G_TABLET,
    G_WATER,
    GOALS,
    OIL,
    ROCK,
    ROCKS_NEEDED,
    SKELETON,
    TABLET,
    WATER,
    Board,
    Square,
    board_problems,
    orthogonal,
)
from game.games.big_dig.cards import CARD_COUNT, Shape, cards, normalise, orientations
from game.games.big_dig.fast import Reach, Tables, bits, shape_index, tables

MIN_PLAYERS = 2
MAX_PLAYERS = 4
GOALS_DEALT = 3
# The expert rule: bonus single squares by position in turn order (2nd, 3rd, 4th).
BONUS_BY_POSITION = (0, 1, 2, 3)

BONUS, PLAY, OVER = "bonus", "play", "over"
DIG, EXPLODE, BONUS_ACTION, PASS = "dig", "explode", "bonus", "pass"
PASS_ACTION = Action(PASS)
SIDES = ("a", "b")
# Events that show what chance decided: only set-up's, which no one can take back anyway.
REVEALING = frozenset({"goals", "cards"})

PATH_GOALS = (G_WATER, G_OIL, G_PIPE)

GOAL_TITLE: Mapping[str, str] = {
    G_EMERALD: "Emeralds", G_AMETHYST: "Amethysts", G_COIN: "Ancient coins", G_ROCK: "Grey rock",
    G_LIGHT: "Light dirt", G_TABLET: "Around the tablet", G_SKELETON: "Around the skeleton",
    G_WATER: "Water to the tower", G_OIL: "Oil to the truck", G_PIPE: "Pipe to pipe",
}
GOAL_TEXT: Mapping[str, str] = {
    G_EMERALD: "Cross out every emerald square on the board.",
    G_AMETHYST: "Cross out every amethyst square on the board.",
    G_COIN: "Cross out every ancient coin square on the board.",
    G_ROCK: f"Cross out {ROCKS_NEEDED} grey rock squares (only by exploding them).",
    G_LIGHT: "Cross out all 9 light dirt squares in the 3 by 3 area near the centre.",
    G_TABLET: "Cross out every square around the tablet, diagonals included.",
    G_SKELETON: "Cross out every square around the skeleton, diagonals included.",
    G_WATER: "Cross out one unbroken path (no diagonal steps) from the water at the bottom to "
             "a square directly below the water tower.",
    G_OIL: "Cross out one unbroken path (no diagonal steps) from the oil at the bottom to a "
           "square directly below the oil truck.",
    G_PIPE: "Cross out one unbroken path (no diagonal steps) from the left pipe to the right "
            "pipe, the pipe squares included.",
}
_SHORT: Mapping[str, str] = {
    G_EMERALD: "emeralds", G_AMETHYST: "amethysts", G_COIN: "coins", G_ROCK: "rocks",
    G_LIGHT: "light dirt", G_TABLET: "around the tablet", G_SKELETON: "around the skeleton",
    # Paths by what they carry: two paths' rows read alike ("path: 16 squares to go"), told apart
    # only by a small icon.
    G_WATER: "water", G_OIL: "oil", G_PIPE: "pipe",
}


@dataclass(frozen=True)
class GoalProgress:
    """How far a player is with one goal: `have` of `need` (for a path: `need` is the length of the
    shortest path on the empty board and `have` how much of that is done), and a short text."""

    goal: str
    met: bool
    have: int
    need: int
    text: str


def square_text(sq: Square) -> str:
    return f"{sq[0]}.{sq[1]}"


def where(sq: Square) -> str:
    """A square in a player's words: column and row counted from 1."""
    return f"column {sq[0] + 1}, row {sq[1] + 1}"


_REASON_ORDER = ("off the board", "on an artifact", "on the", "on rock", "already crossed out")


def _row_order(sq: Square) -> tuple[int, int]:
    return sq[1], sq[0]


def dig_action(card: int, squares: Iterable[Square]) -> Action:
    """The action that digs `squares` with `card` (squares put in their canonical order)."""
    return Action(DIG, (str(card), *(square_text(s) for s in sorted(squares, key=_row_order))))


def explode_action(card: int, sq: Square) -> Action:
    return Action(EXPLODE, (str(card), square_text(sq)))


def bonus_action(sq: Square) -> Action:
    return Action(BONUS_ACTION, (square_text(sq),))


def _parse_square(text: str) -> Square:
    """The square `x.y` names, written as `square_text` writes it (no `03.0`, `3.00` or `+3.0`)."""
    x, sep, y = text.partition(".")
    col, row = move_number(x, digits=3), move_number(y, digits=3)
    if not sep or col is None or row is None:
        raise IllegalAction(f"{quoted(text, 20)} is not a square (write x.y, e.g. 3.0)")
    return col, row


def _parse_card(text: str) -> int:
    """The card a move names, written as the game writes it (no `01` or `+1`)."""
    card = move_number(text, digits=3)
    if card is None or not 1 <= card <= CARD_COUNT:
        raise IllegalAction(f"{quoted(text, 20)} is not a card (the cards are 1 to {CARD_COUNT})")
    return card


# ============================================================================ distances
def gap_cost(board: Board, crossed: frozenset[Square] | set[Square], sq: Square) -> int | None:
    """What it still takes to cross `sq` in squares: 0 when crossed, None when it never can be."""
    if sq in crossed:
        return 0
    return 1 if board.kind(sq) in EXPLODABLE else None


def path_gap(board: Board, crossed: frozenset[Square] | set[Square], goal: str) -> int | None:
    """The fewest squares still to cross for a path goal (0 when met), by a 0-1 breadth-first
    search over crossable squares; None if no path can ever be made."""
    starts, ends = board.path_ends(goal)
    end_set = set(ends)
    dist: dict[Square, int] = {}
    todo: deque[tuple[int, Square]] = deque()
    for s in starts:
        c = gap_cost(board, crossed, s)
        if c is not None and (s not in dist or c < dist[s]):
            dist[s] = c
            if c == 0:
                todo.appendleft((c, s))
            else:
                todo.append((c, s))
    best: int | None = None
    while todo:
        d, sq = todo.popleft()
        if d != dist.get(sq):
            continue
        if sq in end_set:
            best = d if best is None else min(best, d)
            continue
        for n in orthogonal(sq):
            if not board.on_board(n):
                continue
            c = gap_cost(board, crossed, n)
            if c is None:
                continue
            nd = d + c
            if nd < dist.get(n, 1 << 30):
                dist[n] = nd
                if c == 0:
                    todo.appendleft((nd, n))
                else:
                    todo.append((nd, n))
    return best


def path_met(board: Board, crossed: frozenset[Square] | set[Square], goal: str) -> bool:
    """A connected set of crossed squares joins one start to one end of the goal's path."""
    starts, ends = board.path_ends(goal)
    end_set = set(ends)
    seen = {s for s in starts if s in crossed}
    todo = list(seen)
    while todo:
        sq = todo.pop()
        if sq in end_set:
            return True
        for n in orthogonal(sq):
            if n in crossed and n not in seen:
                seen.add(n)
                todo.append(n)
    return False


@lru_cache(maxsize=64)
def _empty_path_length(board: Board, goal: str) -> int:
    return path_gap(board, frozenset(), goal) or 0


def goal_met(board: Board, crossed: frozenset[Square] | set[Square], goal: str) -> bool:
    """Whether a player who crossed `crossed` meets `goal`."""
    if goal in PATH_GOALS:
        return path_met(board, crossed, goal)
    if goal == G_ROCK:
        return sum(1 for sq in crossed if board.kind(sq) == ROCK) >= ROCKS_NEEDED
    return all(sq in crossed for sq in board.targets(goal))


def goal_progress(board: Board, crossed: frozenset[Square] | set[Square], goal: str) -> GoalProgress:
    """`GoalProgress` for a player who crossed `crossed`."""
    met = goal_met(board, crossed, goal)
    if goal in PATH_GOALS:
        need = _empty_path_length(board, goal)
        gap = 0 if met else (path_gap(board, crossed, goal) or 0)
        if met:
            text = f"{_SHORT[goal]}: done"
        else:
            text = f"{_SHORT[goal]}: {gap} square{'s' if gap != 1 else ''} to go"
        return GoalProgress(goal, met, max(0, need - gap), need, text)
    if goal == G_ROCK:
        have = min(ROCKS_NEEDED, sum(1 for sq in crossed if board.kind(sq) == ROCK))
        return GoalProgress(goal, met, have, ROCKS_NEEDED, f"rocks {have}/{ROCKS_NEEDED}")
    targets = board.targets(goal)
    have = sum(1 for sq in targets if sq in crossed)
    return GoalProgress(goal, met, have, len(targets), f"{_SHORT[goal]} {have}/{len(targets)}")


# ============================================================================ the state
class BigDigState(GameState):
    """A position of Big Dig. `board` is the shared design; each player crosses their own copy."""

    __slots__ = ("config", "board", "rng", "goals", "phase", "sides", "taken", "_crossed",
                 "turn", "first_player", "_turns", "_bonus", "passes", "met", "expert",
                 "winners_", "_ev", "_cache", "_tab", "_reach")

    def __init__(self, config: GameConfig, board: Board) -> None:
        n = config.players
        self.config = config
        self.board = board
        self.rng = Rng(0)
        self.goals: tuple[str, str, str] = (G_EMERALD, G_AMETHYST, G_COIN)
        self.phase = PLAY
        self.sides: list[int] = [0] * CARD_COUNT           # card c's side is sides[c - 1]
        self.taken: list[int | None] = [None] * CARD_COUNT  # who took card c (until the flip)
        self._crossed: list[frozenset[Square]] = [frozenset()] * n
        self.turn = 0
        self.first_player = 0
        self._turns: list[int] = [0] * n
        self._bonus: list[int] = [0] * n
        self.passes = 0            # players in a row who passed
        self.met: list[tuple[str, ...]] = [()] * n   # goals met, in the order of `goals`
        self.expert = False
        self.winners_: tuple[int, ...] = ()
        self._ev: list[Event] | None = []   # None on the fast path: no events are built
        self._cache: dict[Any, Any] = {}
        self._tab: Tables | None = None      # the board's tables (`fast.py`), when first needed
        self._reach: list[Reach | None] = [None] * n   # each player's, as last worked out

    # ----------------------------------------------------------------- the API
    @property
    def n(self) -> int:
        return self.config.players

    def name(self, p: int) -> str:
        return self.config.name(p)

    def crossed(self, p: int) -> frozenset[Square]:
        return self._crossed[p]

    def exploded(self, p: int) -> frozenset[Square]:
        """The rock squares `p` crossed (only exploding crosses rock)."""
        return frozenset(sq for sq in self._crossed[p] if self.board.kind(sq) == ROCK)

    def card_side(self, c: int) -> int:
        return self.sides[c - 1]

    def card_taken_by(self, c: int) -> int | None:
        return self.taken[c - 1]

    def card_shape(self, c: int) -> Shape:
        return cards()[c - 1].sides[self.sides[c - 1]].shape

    def card_name(self, c: int) -> str:
        return cards()[c - 1].sides[self.sides[c - 1]].name

    def free_cards(self) -> list[int]:
        """The cards still in the centre, 1 to 5."""
        return [c for c in range(1, CARD_COUNT + 1) if self.taken[c - 1] is None]

    def turns_taken(self, p: int) -> int:
        return self._turns[p]

    def bonus_left(self, p: int) -> int:
        return self._bonus[p]

    def goal_progress(self, p: int, goal: str) -> GoalProgress:
        return goal_progress(self.board, self._crossed[p], goal)

    def goals_met(self, p: int) -> int:
        return len(self.met[p])

    def mover(self) -> int | None:
        return self.to_move()

    # ----------------------------------------------------------------- the fast tables
    def _tables(self) -> Tables:
        tab = self._tab
        if tab is None:
            tab = self._tab = tables(self.board)
        return tab

    def _reach_of(self, p: int) -> Reach:
        """Player p's `Reach`: the one kept, if it was made from their crossed squares as they are."""
        crossed = self._crossed[p]
        r = self._reach[p]
        if r is None or r.crossed is not crossed:
            r = self._reach[p] = self._tables().reach(crossed)
        return r

    def _fast_legal(self, p: int) -> list[Action]:
        """The play phase's legal actions, from the tables (the order `legal_actions` documents)."""
        tab = self._tables()
        reach = self._reach_of(p)
        taken, sides = self.taken, self.sides
        free = [c for c in range(1, CARD_COUNT + 1) if taken[c - 1] is None]
        out: list[Action] = []
        open_ = reach.touch & ~reach.blocked
        for c in free:
            out += tab.digs(open_, shape_index(c, sides[c - 1]))
        booms = bits(tab.frontier(reach.mask) & tab.explodable)
        if booms:
            for c in free:
                acts = tab.explode_actions[c]
                out += [acts[i] for i in booms]
        return out

    # ----------------------------------------------------------------- where a player may cross
    def frontier(self, p: int) -> frozenset[Square]:
        """The squares not crossed by `p` that touch one `p` crossed, or lie in the top row: a
        new dig needs one of them, an explosion must be one of them (cached)."""
        key = ("frontier", p)
        hit = self._cache.get(key)
        if hit is None:
            tab = self._tables()
            square = tab.square
            hit = self._cache[key] = frozenset(
                square[i] for i in bits(tab.frontier(self._reach_of(p).mask)))
        return hit

    def _free_grid(self, p: int) -> list[list[bool]]:
        key = ("free", p)
        hit = self._cache.get(key)
        if hit is None:
            b = self.board
            mine = self._crossed[p]
            hit = [[b.kind((x, y)) in DIGGABLE and (x, y) not in mine for x in range(b.width)]
                   for y in range(b.height)]
            self._cache[key] = hit
        return hit

    def placements_for(self, p: int, shape: Shape) -> list[frozenset[Square]]:
        """Every legal dig of `shape` (any orientation) for player `p`, sorted by their squares
        row by row (cached)."""
        key = ("place", p, shape)
        hit: list[frozenset[Square]] | None = self._cache.get(key)
        if hit is not None:
            return hit
        tab = self._tables()
        k = tab.side_of.get(shape)
        if k is not None:   # a card's shape: read from the tables
            reach = self._reach_of(p)
            squares = tab.dig_squares[k]
            out = [squares[j] for j in
                   bits((reach.touch & ~reach.blocked) >> tab.offset[k] & tab.span[k])]
            self._cache[key] = out
            return out
        b = self.board
        free = self._free_grid(p)
        front = self.frontier(p)
        found: list[tuple[tuple[int, int], ...]] = []
        for o in orientations(shape):
            w = 1 + max(x for x, _ in o)
            h = 1 + max(y for _, y in o)
            for oy in range(b.height - h + 1):
                for ox in range(b.width - w + 1):
                    ok = True
                    touch = False
                    for dx, dy in o:
                        x, y = ox + dx, oy + dy
                        if not free[y][x]:
                            ok = False
                            break
                        if not touch and (x, y) in front:
                            touch = True
                    if ok and touch:
                        found.append(tuple(sorted(((ox + dx, oy + dy) for dx, dy in o),
                                                  key=_row_order)))
        found.sort(key=lambda sqs: [(y, x) for x, y in sqs])
        out = [frozenset(sqs) for sqs in found]
        self._cache[key] = out
        return out

    def placements(self, card: int) -> list[frozenset[Square]]:
        """The legal digs of `card` for the player to move (empty if the card is taken)."""
        p = self.to_move()
        if p is None or self.phase != PLAY or self.taken[card - 1] is not None:
            return []
        return self.placements_for(p, self.card_shape(card))

    def explosions(self, p: int) -> list[Square]:
        """The squares `p` may explode: uncrossed dirt or rock that touches their dig or lies in
        the top row, row by row."""
        key = ("explode", p)
        hit = self._cache.get(key)
        if hit is None:
            b = self.board
            hit = sorted((sq for sq in self.frontier(p) if b.kind(sq) in EXPLODABLE), key=_row_order)
            self._cache[key] = hit
        return hit

    def bonus_squares(self, p: int) -> list[Square]:
        """The squares `p` may take as an expert bonus: diggable, with the usual adjacency."""
        b = self.board
        return [sq for sq in self.explosions(p) if b.kind(sq) in DIGGABLE]

    def _square_reason(self, p: int, sq: Square, digging: bool) -> str | None:
        b = self.board
        if not b.on_board(sq):
            return "off the board"
        kind = b.kind(sq)
        if kind in (TABLET, SKELETON):
            return "on an artifact"
        if kind in (WATER, OIL):
            return f"on the {kind}"
        if kind == ROCK and digging:
            return "on rock — explode it instead"
        if sq in self._crossed[p]:
            return "already crossed out"
        return None

    def why_not_dig(self, card: int, squares: Iterable[Square]) -> str | None:
        """None when the player to move may dig `squares` with `card` now; else why not, in a
        player's words."""
        p = self.to_move()
        if p is None:
            return "the game is over"
        if self.phase != PLAY:
            return "first the bonus squares of the expert rule"
        if not 1 <= card <= CARD_COUNT:
            return f"there is no card {card}"
        if self.taken[card - 1] is not None:
            return "that card is taken"
        sqs = list(squares)
        if not sqs or len(set(sqs)) != len(sqs) \
                or normalise(sqs) not in orientations(self.card_shape(card)):
            return f"that is not the shape of the card ({self.card_name(card)})"
        # The most telling reason first: off the board, then what the square is, then crossed.
        reasons = [self._square_reason(p, sq, True) for sq in sqs]
        for why in _REASON_ORDER:
            if any(r is not None and r.startswith(why) for r in reasons):
                return next(r for r in reasons if r is not None and r.startswith(why))
        front = self.frontier(p)
        if not any(sq in front for sq in sqs):
            return "not touching your dig or the top row"
        return None

    def why_not_explode(self, square: Square, card: int | None = None) -> str | None:
        """None when the player to move may explode `square` now (with `card`, if given)."""
        p = self.to_move()
        if p is None:
            return "the game is over"
        if self.phase != PLAY:
            return "first the bonus squares of the expert rule"
        if card is not None:
            if not 1 <= card <= CARD_COUNT:
                return f"there is no card {card}"
            if self.taken[card - 1] is not None:
                return "that card is taken"
        why = self._square_reason(p, square, False)
        if why:
            return why
        if square not in self.frontier(p):
            return "not touching your dig or the top row"
        return None

    def why_not_bonus(self, square: Square) -> str | None:
        p = self.to_move()
        if p is None:
            return "the game is over"
        if self.phase != BONUS:
            return "the bonus squares are only dug before the first turn"
        why = self._square_reason(p, square, True)
        if why:
            return why
        if square not in self.frontier(p):
            return "not touching your dig or the top row"
        return None

    def can_cross(self, p: int) -> bool:
        """Whether `p` has any dig or explosion with the cards in the centre."""
        if self.explosions(p):
            return True
        return any(self.placements_for(p, self.card_shape(c)) for c in self.free_cards())

    # ----------------------------------------------------------------- contract
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def place(self) -> str:
        return self.board.name

    def progress(self) -> str:
        if self.phase == OVER:
            return "Game over"
        if self.phase == BONUS:
            return "Expert bonus squares"
        return f"{self.name(self.turn)}'s turn {self._turns[self.turn] + 1}"

    def legal_actions(self) -> list[Action]:
        """Digs by card (1-5) then by squares row by row; then explosions by card and square;
        `pass` only when there is neither. While the expert bonus is dug: `bonus:x.y`."""
        key = "legal"
        hit = self._cache.get(key)
        if hit is not None:
            return list(hit)
        out: list[Action] = []
        p = self.to_move()
        if p is None:
            return []
        if self.phase == BONUS:
            out = [bonus_action(sq) for sq in self.bonus_squares(p)] or [PASS_ACTION]
        else:
            out = self._fast_legal(p) or [PASS_ACTION]
        self._cache[key] = tuple(out)
        return out

    def _reason(self, action: Action) -> str | None:
        """None when `action` is legal now; else why not, in a player's words."""
        if self.phase == OVER:
            return "the game is over"
        p = self.turn
        try:
            if action.kind == PASS:
                if action.args:
                    return "pass takes nothing after it"
                if self.phase == BONUS:
                    return None if not self.bonus_squares(p) else \
                        "a bonus square can still be dug"
                return None if not self.can_cross(p) else \
                    "you can still dig or explode, so you may not pass"
            if action.kind == BONUS_ACTION:
                if len(action.args) != 1:
                    return "a bonus is one square, like bonus:3.0"
                return self.why_not_bonus(_parse_square(action.args[0]))
            if action.kind == DIG:
                if len(action.args) < 2:
                    return "a dig names a card and its squares, like dig:1,0.0,1.0,2.0,3.0"
                card = _parse_card(action.args[0])
                sqs = [_parse_square(a) for a in action.args[1:]]
                why = self.why_not_dig(card, sqs)
                if why is None and list(action.args) != list(dig_action(card, sqs).args):
                    return "write the squares row by row from the top, left to right"
                return why
            if action.kind == EXPLODE:
                if len(action.args) != 2:
                    return "an explosion names a card and one square, like explode:2,4.0"
                card = _parse_card(action.args[0])
                return self.why_not_explode(_parse_square(action.args[1]), card)
        except IllegalAction as exc:
            return str(exc)
        return f"{quoted(action)} is not a Big Dig action (dig, explode, bonus or pass)"

    def why_not(self, action: Action) -> str | None:
        """Checks the one action directly instead of listing every legal one."""
        why = self._reason(action)
        return None if why is None else f"{self.name(self.turn)} cannot play {quoted(action)}: {why}"

    def explain_illegal(self, action: Action) -> str:
        if self.is_over():
            return "the game is over"
        why = self._reason(action)
        if why is None:
            return f"{quoted(action)} is allowed"
        return f"{self.name(self.turn)} cannot play {quoted(action)}: {why}"

    def _emit(self, kind: str, text: str, /, **data: Any) -> None:
        """Record an event (nothing on the fast path, where `_ev` is None; the busy callers skip
        building the text there too)."""
        if self._ev is not None:
            self._ev.append(Event(kind, text, data, reveals=kind in REVEALING))

    def _apply(self, action: Action) -> list[Event]:
        # `apply` checked the action (`why_not`); `advance` trusts it.
        loud = self._ev is not None
        self._ev = [] if loud else None
        p = self.turn
        if self.phase == BONUS:
            self._bonus_turn(p, action)
        else:
            self._play_turn(p, action)
        events, self._ev = self._ev or [], []
        self._cache = {}
        return events

    def advance(self, action: Action) -> "BigDigState":
        """The trusted fast path (see `GameState.advance`): the state `apply` gives, with no check
        and no events built."""
        nxt = self.copy()
        nxt._ev = None
        nxt._apply(action)
        return nxt

    def _bonus_turn(self, p: int, action: Action) -> None:
        if action.kind == PASS:
            self._emit("pass", f"{self.name(p)} has no square for the bonus left and gives up "
                       f"{self._bonus[p]} bonus", player=p, bonus=True, squares=())
            self._bonus[p] = 0
        else:
            sq = _parse_square(action.args[0])
            self._crossed[p] = self._crossed[p] | {sq}
            self._bonus[p] -= 1
            self._emit("bonus", f"{self.name(p)} digs a bonus square at {where(sq)}", player=p,
                       squares=(sq,))
        self._check_goals(p)
        if self.phase == OVER:
            return
        nxt = self._next_bonus_seat()
        if nxt is None:
            self.phase = PLAY
            self.turn = self.first_player
            self._emit("start", f"{self.name(self.turn)} takes the first turn",
                       player=self.turn)
        else:
            self.turn = nxt

    def _next_bonus_seat(self) -> int | None:
        for k in range(self.n):
            seat = (self.first_player + k) % self.n
            if self._bonus[seat] > 0:
                return seat
        return None

    def _play_turn(self, p: int, action: Action) -> None:
        if action.kind == PASS:
            self.passes += 1
            self._turns[p] += 1
            if self._ev is not None:
                self._emit("pass", f"{self.name(p)} can neither dig nor explode and passes",
                           player=p, squares=())
            if self.passes >= self.n:
                self._end_all_passed()
                return
        else:
            tab = self._tables()
            known = tab.crossing.get(action)
            if known is not None:
                card, sqs, added = known
            else:  # a legal action spelt otherwise (an explosion at "07.3")
                card = _parse_card(action.args[0])
                sqs = tuple(_parse_square(a) for a in action.args[1:])
                added = tab.mask_of(sqs)
            self.taken[card - 1] = p
            old = self._crossed[p]
            self._crossed[p] = new = old.union(sqs)
            reach = self._reach[p]
            if reach is not None and reach.crossed is old:
                self._reach[p] = tab.extend(reach, new, added & ~reach.mask)
            self._turns[p] += 1
            self.passes = 0
            if self._ev is None:
                pass
            elif action.kind == DIG:
                name = self.card_name(card)
                self._emit("dig", f"{self.name(p)} takes card {card} ({name}) and digs "
                           f"{len(sqs)} squares", player=p, card=card, shape=name, squares=sqs)
            else:
                name = self.card_name(card)
                sq = sqs[0]
                what = "a grey rock" if self.board.kind(sq) == ROCK else "a square"
                self._emit("explode", f"{self.name(p)} takes card {card} ({name}) and explodes "
                           f"{what} at {where(sq)}", player=p, card=card, shape=name, squares=sqs,
                           rock=self.board.kind(sq) == ROCK)
            if all(t is not None for t in self.taken):
                self.sides = [1 - s for s in self.sides]
                self.taken = [None] * CARD_COUNT
                if self._ev is not None:
                    self._emit("flip", "All five cards are taken: they go back to the centre and "
                               "flip over", sides=tuple(self.sides), squares=())
            self._check_goals(p)
            if self.phase == OVER:
                return
        self.turn = (p + 1) % self.n

    def _check_goals(self, p: int) -> None:
        """The mover's goals: each newly met one is an event; all three win at once."""
        before = self.met[p]
        mask = self._reach_of(p).mask
        goal_met_mask = self._tables().goal_met
        met = tuple(g for g in self.goals if goal_met_mask(mask, g))
        for g in met:
            if g not in before and self._ev is not None:
                self._emit("goal", f"{self.name(p)} meets the goal {GOAL_TITLE[g]}", player=p,
                           goal=g, squares=())
        self.met[p] = met
        if len(met) == GOALS_DEALT:
            self.phase = OVER
            self.winners_ = (p,)
            self._emit("win", f"{self.name(p)} meets all three goals and wins", player=p,
                       squares=())

    def _end_all_passed(self) -> None:
        self.phase = OVER
        top = max(len(m) for m in self.met)
        self.winners_ = tuple(p for p in range(self.n) if len(self.met[p]) == top)
        names = " and ".join(self.name(p) for p in self.winners_)
        shared = "share the win" if len(self.winners_) > 1 else "wins"
        self._emit("end", f"Nobody can cross out anything more: the game ends, and with the most "
                   f"goals met ({top}) {names} {shared}", winners=self.winners_, goals=top,
                   squares=())

    def copy(self) -> "BigDigState":
        s = BigDigState.__new__(BigDigState)
        s.config = self.config
        s.board = self.board
        s.rng = self.rng.copy()
        s.goals = self.goals
        s.phase = self.phase
        s.sides = self.sides[:]
        s.taken = self.taken[:]
        s._crossed = self._crossed[:]
        s.turn = self.turn
        s.first_player = self.first_player
        s._turns = self._turns[:]
        s._bonus = self._bonus[:]
        s.passes = self.passes
        s.met = self.met[:]
        s.expert = self.expert
        s.winners_ = self.winners_
        s._ev = []
        s._cache = {}
        s._tab = self._tab
        s._reach = self._reach[:]
        return s

    # ----------------------------------------------------------------- results
    def score(self, p: int) -> PlayerScore:
        """One point per goal met; the breakdown has a line per goal, saying how far an unmet
        one got ("Light dirt: 6/9", "Oil to the truck: 2 to go", in squares still to cross)."""
        breakdown = []
        for g in self.goals:
            if g in self.met[p]:
                breakdown.append((f"{GOAL_TITLE[g]}: met", 1))
                continue
            pr = self.goal_progress(p, g)
            how = f"{pr.need - pr.have} to go" if g in PATH_GOALS else f"{pr.have}/{pr.need}"
            breakdown.append((f"{GOAL_TITLE[g]}: {how}", 0))
        return PlayerScore(p, len(self.met[p]), tuple(breakdown))

    def outcome(self) -> Outcome:
        """Goals met per player (one point each); once over, the winner is who met all three (or,
        when everyone passed, the most); mid-game, the players with the most goals met."""
        scores = tuple(self.score(p) for p in range(self.n))
        if self.phase == OVER and self.winners_:
            return Outcome(scores, self.winners_)
        return Outcome.highest_wins(scores)

    # ----------------------------------------------------------------- views & saves
    def view(self, player: int) -> "BigDigView":
        return BigDigView(self, player)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": INFO.name,
            "config": self.config.to_json(),
            "rng": self.rng.state,
            "goals": list(self.goals),
            "phase": self.phase,
            "sides": list(self.sides),
            "taken": list(self.taken),
            "crossed": [[square_text(sq) for sq in sorted(c, key=_row_order)]
                        for c in self._crossed],
            "turn": self.turn,
            "first_player": self.first_player,
            "turns": list(self._turns),
            "bonus": list(self._bonus),
            "passes": self.passes,
            "expert": self.expert,
            "winners": list(self.winners_),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BigDigState":
        """Rebuild a state; raises `BadSave` naming the problem when the data does not add up."""
        try:
            config = cls.config_from_json(data)
            s = cls(config, _board_from_options(config.options, BadSave))
            s.rng = Rng(_int(data["rng"]))
            s.goals = tuple(str(g) for g in data["goals"])  # type: ignore[assignment]
            s.phase = str(data["phase"])
            s.sides = [_int(x) for x in data["sides"]]
            s.taken = [None if t is None else _int(t) for t in data["taken"]]
            s._crossed = [frozenset(_parse_square(str(t)) for t in c) for c in data["crossed"]]
            s.turn = _int(data["turn"])
            s.first_player = _int(data["first_player"])
            s._turns = [_int(x) for x in data["turns"]]
            s._bonus = [_int(x) for x in data["bonus"]]
            s.passes = _int(data["passes"])
            s.expert = bool(data["expert"])
            s.winners_ = tuple(_int(w) for w in data["winners"])
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IllegalAction) as exc:
            raise BadSave(f"the Big Dig position is unreadable ({exc!r})") from exc
        s.check()
        s.met = [tuple(g for g in s.goals if goal_met(s.board, s._crossed[p], g))
                 for p in range(s.n)]
        return s

    def check(self) -> None:
        """Raise `BadSave` unless the position is consistent."""
        n, b = self.n, self.board
        if len(self.goals) != GOALS_DEALT or len(set(self.goals)) != GOALS_DEALT \
                or not all(g in GOALS for g in self.goals):
            raise BadSave("the goals are not three different Big Dig goals")
        if self.phase not in (BONUS, PLAY, OVER):
            raise BadSave(f"unknown phase {self.phase!r}")
        if len(self.sides) != CARD_COUNT or not all(x in (0, 1) for x in self.sides):
            raise BadSave("the card sides are unreadable")
        if len(self.taken) != CARD_COUNT or not all(t is None or 0 <= t < n for t in self.taken):
            raise BadSave("the taken cards are unreadable")
        if all(t is not None for t in self.taken):
            raise BadSave("all five cards are taken but not flipped")
        if len(self._crossed) != n or len(self._turns) != n or len(self._bonus) != n:
            raise BadSave("the position has the wrong number of players")
        for p in range(n):
            for sq in self._crossed[p]:
                if not b.explodable(sq):
                    raise BadSave(f"{self.name(p)} crossed out a square that cannot be crossed")
            if self._turns[p] < 0 or not 0 <= self._bonus[p] <= BONUS_BY_POSITION[-1]:
                raise BadSave("the turn or bonus counts are unreadable")
        if not (0 <= self.turn < n and 0 <= self.first_player < n and 0 <= self.passes <= n):
            raise BadSave("the seat to move is not at the table")
        if self.phase == BONUS and not any(self._bonus):
            raise BadSave("the bonus phase has no bonus left")
        if not all(0 <= w < n for w in self.winners_) or (self.phase == OVER) != bool(self.winners_):
            raise BadSave("the winners do not match the phase")


def _int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"{x!r} is not a whole number")
    return x


# ============================================================================ views
class BigDigView(OpenView):
    """A seat's knowledge: the whole position (nothing random happens after set-up)."""

    state: BigDigState

    def known(self, state: GameState) -> BigDigState:
        assert isinstance(state, BigDigState)
        known = state.copy()
        known._cache = state._cache   # the same position: share what was worked out
        return known


# ============================================================================ set-up
def _board_from_options(options: Mapping[str, Any], error: type[Exception]) -> Board:
    return decoded_option(options, "board", Board, error,
                          "a Big Dig game needs a board, and this one has none")


def _flag(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("on", "true", "yes", 1, "1"):
        return True
    if value in ("off", "false", "no", 0, "0", None):
        return False
    raise IllegalAction(f"the option {name} must be on or off, not {value!r}")


@lru_cache(maxsize=8)
def _board_problems(board: Board) -> tuple[str, ...]:
    """`board_problems`, worked out once per board design (a board never changes). Not the
    checks added since boards were first kept in saves: a saved game opens through here, and a
    board the map reader accepted then must still open (the map reader, for new games, makes
    them all)."""
    return tuple(board_problems(board, complete=False))


def new_game(config: GameConfig, seed: int) -> tuple[BigDigState, list[Event]]:
    """Set up: the board, three goals dealt at random, the cards' random sides, the first player;
    with the expert rule, the later seats' bonus squares come first."""
    n = config.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction(f"Big Dig is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    board = _board_from_options(config.options, IllegalAction)
    problems = _board_problems(board)
    if problems:
        raise IllegalAction(f"the board {board.name} cannot be played: {problems[0]}")
    s = BigDigState(config, board)
    s.rng = Rng(seed)
    deck = list(GOALS)
    s.rng.shuffle(deck)
    s.goals = tuple(deck[:GOALS_DEALT])  # type: ignore[assignment]
    s.sides = [s.rng.below(2) for _ in range(CARD_COUNT)]
    first, _ = first_player(config, s.rng)
    s.first_player = s.turn = first
    s.expert = _flag(config.options.get("expert", False), "expert")
    s._ev = []
    s._emit("setup", f"Everyone digs on {board.name}", board=board.name, players=n,
            expert=s.expert, squares=())
    s._emit("goals", "The goals: " + ", ".join(GOAL_TITLE[g] for g in s.goals),
            goals=s.goals, squares=())
    s._emit("cards", "The digging cards: " + ", ".join(s.card_name(c) for c in
                                                        range(1, CARD_COUNT + 1)),
            sides=tuple(s.sides), squares=())
    s._emit("first", f"{s.name(first)} takes the first turn", player=first)
    if s.expert:
        for k in range(1, n):
            s._bonus[(first + k) % n] = BONUS_BY_POSITION[k]
        s.phase = BONUS
        nxt = s._next_bonus_seat()
        assert nxt is not None
        s.turn = nxt
        s._emit("expert", "Expert rule: " + ", ".join(
            f"{s.name((first + k) % n)} digs {BONUS_BY_POSITION[k]} bonus square"
            f"{'s' if BONUS_BY_POSITION[k] > 1 else ''}" for k in range(1, n)) + " first",
            bonus=tuple(s._bonus))
    events, s._ev = s._ev, []
    return s, events


def state_from_json(data: Mapping[str, Any]) -> BigDigState:
    return BigDigState.from_json(data)


# ---------------------------------------------------------------------------- options at the edge
OPTION_VALUES: Mapping[str, tuple[str, ...]] = {"side": SIDES, "expert": ("on", "off")}
"""The options a command line may set (`--option side=b`), with their values."""


def shipped_board(side: str) -> Board:
    """The shipped board of `side` ("a" or "b"), read from its Tiled file. At the edge only."""
    return _shipped_board(side)


@lru_cache(maxsize=2)
def _shipped_board(side: str) -> Board:
    from game.games.big_dig.tmx import load_board, shipped_board_path

    return load_board(shipped_board_path(side))


def options_for(chosen: Mapping[str, str]) -> dict[str, Any]:
    """Game options from text choices (`{"side": "b", "expert": "on"}`), with the chosen side's
    board loaded; raises ValueError with one line on a bad key or value."""
    out: dict[str, Any] = {}
    for key, value in chosen.items():
        if key not in OPTION_VALUES:
            raise ValueError(f"Big Dig has no option {key!r}; the options are: "
                             f"{', '.join(OPTION_VALUES)}")
        if value not in OPTION_VALUES[key]:
            raise ValueError(f"the option {key} takes {' or '.join(OPTION_VALUES[key])}, "
                             f"not {value!r}")
        out[key] = value if key != "expert" else value == "on"
    if "side" in out:
        try:
            out["board"] = shipped_board(out["side"]).to_json()
        except Exception as exc:  # the shipped file is missing or damaged: say which
            raise ValueError(f"the board of side {out['side']} cannot be read ({exc})") from None
    return out


def default_options() -> dict[str, Any]:
    """Side a of the shipped boards, no expert rule, seat 0 first. The board names itself: a
    "side" is noted only where one was asked for by name (`options_for`), never by default (a game
    on side b, or on a board of the maps folder, was saved as "side a")."""
    return {"board": shipped_board("a").to_json(), "expert": False}


def new_game_problem(options: Mapping[str, Any]) -> str | None:
    """Why a new game cannot be dealt on the board of `options` (a finished game's), by every
    check the map reader makes today; None when it can."""
    board = _board_from_options(options, IllegalAction)
    problems = board_problems(board, complete=True)
    if not problems:
        return None
    return (f"The board \u201c{board.name}\u201d was accepted when this game began, but {problems[0]}, so no "
            "new game is dealt on it. Choose a board under New game.")


INFO = GameInfo(
    name="big_dig",
    title="Big Dig",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new=new_game,
    from_json=state_from_json,
    rules_doc="big_dig.md",
    blurb="Draft digging shapes and cross out your own board: first to meet three goals wins.",
    default_options=default_options,
    score_unit=("goal", "goals"),
    new_game_problem=new_game_problem,
)
BigDigState.info = INFO
