"""Hand-made Big Dig boards for the tests, drawn in ASCII (one character a square).

Legend: ``.`` dirt, ``l`` light dirt, ``#`` grey rock, ``e`` emerald, ``a`` amethyst, ``c`` ancient
coin, ``p`` pipe, ``T`` tablet, ``S`` skeleton, ``w`` water, ``o`` oil.
"""

from __future__ import annotations

from typing import Any

from game.core.contract import GameConfig
from game.games.big_dig.board import Board

LEGEND = {".": "dirt", "l": "light", "#": "rock", "e": "emerald", "a": "amethyst", "c": "coin",
          "p": "pipe", "T": "tablet", "S": "skeleton", "w": "water", "o": "oil"}


def ascii_board(rows: list[str], tower: tuple[int, int] = (1, 2), truck: tuple[int, int] = (6, 7),
                name: str = "Test board") -> Board:
    rows = [r.replace(" ", "") for r in rows]
    cells = tuple(LEGEND[ch] for row in rows for ch in row)
    return Board(name, len(rows[0]), len(rows), cells, tower, truck)


# A playable 10 x 10 board: every goal can be met (board_problems is empty).
PLAYABLE = [
    ". . . . . . . . . .",
    "p . e . # . . a . p",
    ". . . # . . c . . .",
    ". T T . . . . . S .",
    ". . . . l l l . S .",
    ". e . # l l l . . .",
    ". . . . l l l # . a",
    ". c # . . . . . e .",
    ". . . . # . c . . .",
    "w w a . . . . . o o",
]


def playable_board() -> Board:
    return ascii_board(PLAYABLE)


def config(players: int = 2, board: Board | None = None, **options: Any) -> GameConfig:
    b = board if board is not None else playable_board()
    return GameConfig(players, (), {"board": b.to_json(), **options})


def fresh(players: int = 2, board: Board | None = None, sides: tuple[int, ...] | None = (0,) * 5,
          goals: tuple[str, str, str] | None = None, seed: int = 1, **options: Any):
    """A new game on `board` (the playable one by default) with the cards' sides and the goals
    set by hand."""
    from game.games.big_dig.rules import new_game

    s, _ = new_game(config(players, board, **options), seed)
    if sides is not None:
        s.sides = list(sides)
    if goals is not None:
        s.goals = goals
    return s


def with_crossed(s, player: int, squares):
    """A copy of `s` where `player` has also crossed `squares` (goals met recomputed)."""
    from game.games.big_dig.rules import goal_met

    t = s.copy()
    t._crossed[player] = t._crossed[player] | frozenset(squares)
    t.met[player] = tuple(g for g in t.goals if goal_met(t.board, t._crossed[player], g))
    return t
