"""Hand-made Diamond in the Rough positions for the tests: name where the cards are, the rest go
under the deck (or out of the game), and the position is checked like a loaded save."""

from __future__ import annotations

from typing import Iterable

from game.core.contract import GameConfig
from game.core.rng import Rng
from game.games.diamond_in_the_rough.cards import deck_ids
from game.games.diamond_in_the_rough.rules import INFO, DiamondState, new_game

CRATES = [1, 2, 3, 4, 5]
OIL = [6, 7, 8, 9, 10]
FISH = [11, 12, 13, 14, 15]
COAL = [16, 17, 18, 19, 20]
GEM = 41
BOMBS = [96, 97, 98, 99, 100]
NAMES = ("Ana", "Bo", "Cyd", "Dee")


def config(n: int, **options) -> GameConfig:
    return INFO.make_config(n, NAMES[:n], options)


def position(n: int, hands: list[Iterable[int]], row: Iterable[int] = (), deck: Iterable[int] | None = None,
             tableaus: list[Iterable[int]] | None = None, turn: int = 0, rest: str = "boxed",
             seed: int = 1, **options: object) -> DiamondState:
    """A position with these hands, row and tableaus; `deck` lists the deck bottom to top (None:
    every card not named, in number order). Cards not named go under the deck (`rest="deck"`) or
    out of the game (`rest="boxed"`); `options` are the game's (the defaults for the others)."""
    s = DiamondState(config(n, **options))
    s.rng = Rng(seed)
    s.hands = [sorted(h) for h in hands]
    s.row = list(row)
    s.tableaus = [list(t) for t in (tableaus or [[] for _ in range(n)])]
    named = set(s.row) | {c for h in s.hands for c in h} | {c for t in s.tableaus for c in t}
    deck = list(deck) if deck is not None else []
    named |= set(deck)
    others = [c for c in deck_ids(n) if c not in named]
    if rest == "deck":
        s.deck = others + deck
    else:
        s.deck = deck
        s.boxed = others
    s.turn, s.first = turn, 0
    if not s.deck:
        s.last_turns_left = n - 1
    s.check()
    return s


def fresh(n: int, seed: int = 1, **options) -> DiamondState:
    return new_game(config(n, **options), seed)[0]
