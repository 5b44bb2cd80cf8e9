"""Big Dig's per-board tables, worked out once per board design, that let the rules list the legal
actions and check the goals with whole-board bit masks instead of square by square. Pure Python.

Square (x, y) is bit ``y * width + x`` of a mask, so counting bits upwards reads the board row by
row from the top, the order the actions are listed in. For each card side (`shape_index`) every
placement of its shape, in any orientation, whose squares are all diggable is listed once, in the
order the rules list digs (`placements_for`); the ten sides' lists follow each other, so a set of
placements of every side is one mask over their indices (side k's from bit `offset[k]` on).

A player's `Reach` says which placements touch their dig (contain a top-row square or a square
next to one they crossed) and which are blocked (contain a square they crossed). Both only grow as
squares are crossed, so a turn updates them with the few squares it crossed, and the legal digs of
a card side are its placements reached and not blocked. A `Reach` is tied to the very frozenset of
crossed squares it was made from (`Reach.crossed`, compared by identity): a position whose crossed
squares were replaced in any other way simply works its `Reach` out afresh.

`tests/test_big_dig_fast.py` compares everything here with the square-by-square rules over random
games.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from game.core.contract import Action
from game.games.big_dig.board import (
    DIGGABLE,
    EXPLODABLE,
    G_OIL,
    G_PIPE,
    G_ROCK,
    G_WATER,
    GOALS,
    ROCK,
    ROCKS_NEEDED,
    Board,
    Square,
)
from game.games.big_dig.cards import CARD_COUNT, cards, orientations

SIDE_COUNT = 2
SHAPES = CARD_COUNT * SIDE_COUNT
PATH_GOALS = (G_WATER, G_OIL, G_PIPE)


def shape_index(card: int, side: int) -> int:
    """The index of card `card`'s side `side` (0 or 1) in the per-shape tables."""
    return (card - 1) * SIDE_COUNT + side


def bits(mask: int) -> list[int]:
    """The indices of the bits set in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Reach:
    """What one player's crossed squares allow (see the module docstring)."""

    __slots__ = ("crossed", "mask", "touch", "blocked")

    def __init__(self, crossed: frozenset[Square], mask: int, touch: int, blocked: int) -> None:
        self.crossed = crossed
        self.mask = mask
        self.touch = touch
        self.blocked = blocked


class Tables:
    """Everything about one board design that the fast rules need (built by `tables`)."""

    def __init__(self, board: Board) -> None:
        w, h = board.width, board.height
        n = w * h
        self.width = w
        self.full = (1 << n) - 1
        self.top = (1 << w) - 1
        left_col = sum(1 << (y * w) for y in range(h))
        self.not_left = self.full & ~left_col                 # squares with a square to their left
        self.not_right = self.full & ~(left_col << (w - 1))   # ... and to their right
        kinds = [board.kind((i % w, i // w)) for i in range(n)]
        self.explodable = sum(1 << i for i in range(n) if kinds[i] in EXPLODABLE)
        self.rock = sum(1 << i for i in range(n) if kinds[i] == ROCK)
        self.square: tuple[Square, ...] = tuple((i % w, i // w) for i in range(n))
        texts = tuple(f"{x}.{y}" for x, y in self.square)
        # Explosions: by card, by square index.
        self.explode_actions: tuple[tuple[Action, ...], ...] = ((),) + tuple(
            tuple(Action("explode", (str(c), texts[i])) for i in range(n))
            for c in range(1, CARD_COUNT + 1))
        # What an action crosses: (card, squares in row order, mask).
        self.crossing: dict[Action, tuple[int, tuple[Square, ...], int]] = {}
        for c in range(1, CARD_COUNT + 1):
            for i in range(n):
                if kinds[i] in EXPLODABLE:
                    self.crossing[self.explode_actions[c][i]] = (c, (self.square[i],), 1 << i)
        # Digs: per card side, the placements in the rules' order; per square, the placements of
        # every side that contain it (`hits`) or contain one of its orthogonal neighbours (`near`).
        diggable = [k in DIGGABLE for k in kinds]
        self.dig_actions: list[tuple[Action, ...]] = []
        self.dig_squares: list[tuple[frozenset[Square], ...]] = []   # the same digs' squares
        self.side_of: dict[tuple[Square, ...], int] = {}   # a card shape's first side index
        self.offset: list[int] = []
        self.span: list[int] = []          # side k's placements: bits 0.. of mask >> offset[k]
        hits = [0] * n
        at = 0
        for c in range(1, CARD_COUNT + 1):
            for side in range(SIDE_COUNT):
                shape = cards()[c - 1].sides[side].shape
                self.side_of.setdefault(shape, len(self.dig_actions))
                placed = self._placements(shape, w, h, diggable)
                self.dig_squares.append(tuple(frozenset(self.square[i] for i in idx)
                                              for idx in placed))
                acts = tuple(Action("dig", (str(c), *(texts[i] for i in idx))) for idx in placed)
                for j, (act, idx) in enumerate(zip(acts, placed)):
                    self.crossing[act] = (c, tuple(self.square[i] for i in idx),
                                          sum(1 << i for i in idx))
                    for i in idx:
                        hits[i] |= 1 << (at + j)
                self.dig_actions.append(acts)
                self.offset.append(at)
                self.span.append((1 << len(placed)) - 1)
                at += len(placed)
        near = [0] * n
        for i in range(n):
            x, y = i % w, i // w
            for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if 0 <= nx < w and 0 <= ny < h:
                    near[i] |= hits[ny * w + nx]
        self.hits: tuple[int, ...] = tuple(hits)
        self.near: tuple[int, ...] = tuple(near)
        self.top_placements = 0
        for i in range(w):
            self.top_placements |= hits[i]
        # Goals.
        self.targets = {g: sum(1 << (y * w + x) for x, y in board.targets(g)) for g in GOALS
                        if g not in PATH_GOALS and g != G_ROCK}
        self.path_ends = {}
        for g in PATH_GOALS:
            starts, ends = board.path_ends(g)
            self.path_ends[g] = (sum(1 << (y * w + x) for x, y in starts),
                                 sum(1 << (y * w + x) for x, y in ends))

    @staticmethod
    def _placements(shape: tuple[Square, ...], w: int, h: int, diggable: list[bool]
                    ) -> list[tuple[int, ...]]:
        """Every placement of `shape` on diggable squares, as square indices, in the rules' order."""
        found: list[tuple[int, ...]] = []
        for o in orientations(shape):
            ow = 1 + max(x for x, _ in o)
            oh = 1 + max(y for _, y in o)
            for oy in range(h - oh + 1):
                for ox in range(w - ow + 1):
                    idx = sorted((oy + dy) * w + ox + dx for dx, dy in o)
                    if all(diggable[i] for i in idx):
                        found.append(tuple(idx))
        # Square indices sorted ascending are the squares row by row: the rules' order of digs.
        found.sort()
        return found

    # ------------------------------------------------------------------ masks
    def mask_of(self, squares: Iterable[Square]) -> int:
        w = self.width
        m = 0
        for x, y in squares:
            m |= 1 << (y * w + x)
        return m

    def around(self, mask: int) -> int:
        """The squares orthogonally next to one in `mask` (those of `mask` too, where they touch)."""
        w = self.width
        return ((mask >> w) | (mask << w) | ((mask & self.not_left) >> 1)
                | ((mask & self.not_right) << 1)) & self.full

    def frontier(self, mask: int) -> int:
        """Uncrossed squares in the top row or next to a crossed one."""
        return (self.top | self.around(mask)) & ~mask

    # ------------------------------------------------------------------ reach
    def reach(self, crossed: frozenset[Square]) -> Reach:
        """A player's `Reach`, worked out from their crossed squares."""
        w = self.width
        hits, near = self.hits, self.near
        touch, blocked, mask = self.top_placements, 0, 0
        for x, y in crossed:
            i = y * w + x
            mask |= 1 << i
            touch |= near[i]
            blocked |= hits[i]
        return Reach(crossed, mask, touch, blocked)

    def extend(self, reach: Reach, crossed: frozenset[Square], added: int) -> Reach:
        """`reach` after crossing the squares of mask `added` too (`crossed` holds them all)."""
        hits, near = self.hits, self.near
        touch, blocked = reach.touch, reach.blocked
        for i in bits(added):
            touch |= near[i]
            blocked |= hits[i]
        return Reach(crossed, reach.mask | added, touch, blocked)

    def digs(self, open_: int, k: int) -> list[Action]:
        """The legal digs of card side `k`, in the rules' order, where `open_` is a player's
        placements reached and not blocked."""
        acts = self.dig_actions[k]
        free = (open_ >> self.offset[k]) & self.span[k]
        out = []
        while free:
            low = free & -free
            out.append(acts[low.bit_length() - 1])
            free ^= low
        return out

    # ------------------------------------------------------------------ goals
    def goal_met(self, mask: int, goal: str) -> bool:
        """Whether a player whose crossed squares are `mask` meets `goal` (as `rules.goal_met`)."""
        target = self.targets.get(goal)
        if target is not None:
            return not target & ~mask
        if goal == G_ROCK:
            return (mask & self.rock).bit_count() >= ROCKS_NEEDED
        starts, ends = self.path_ends[goal]
        seen = starts & mask
        while seen:
            if seen & ends:
                return True
            more = (seen | self.around(seen)) & mask
            if more == seen:
                return False
            seen = more
        return False


@lru_cache(maxsize=8)
def tables(board: Board) -> Tables:
    """The tables of `board`, built once per design."""
    return Tables(board)
