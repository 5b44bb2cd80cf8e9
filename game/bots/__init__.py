"""Bots: they decide from a seat's `View`, never from a full state, with their own seeded generator.

Levels: ``random`` (uniform over legal actions; the measuring stick, not offered to players),
``easy`` and ``normal`` (each game's own, in ``game/games/<game>/bots.py`` as ``BOTS``), and
``hard``, one search for every game (`game.bots.search.HardBot`, tuned by each game's
``game/games/<game>/search.py``). A game's
``BOTS`` may hold measuring levels of its own besides (Grim Prospects: ``always_dig``,
``always_bank``): `levels(game)` lists them for the tools; the setup offers only `PLAYER_LEVELS`.
"""

from __future__ import annotations

import importlib
from typing import Callable, Protocol

from game.core.contract import Action, View
from game.core.rng import Rng

LEVELS = ("random", "easy", "normal", "hard")
PLAYER_LEVELS = ("easy", "normal", "hard")  # what the setup screen offers


class Bot(Protocol):
    level: str

    def choose(self, view: View) -> Action:
        """The action this bot takes for the seat `view.player`, which must be to move."""
        ...


class RandomBot:
    """Uniform over the legal actions."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> Action:
        return self.rng.choice(view.legal_actions())


def levels(game: str) -> tuple[str, ...]:
    """Every level `make_bot` builds for `game`: the common `LEVELS`, then the game's own extras."""
    module = importlib.import_module(f"game.games.{game}.bots")
    return LEVELS + tuple(level for level in module.BOTS if level not in LEVELS)


def make_bot(game: str, level: str, seed: int) -> Bot:
    """A bot of `level` for `game`; raises ValueError for a level that does not exist."""
    if level == "random":
        return RandomBot(seed)
    if level == "hard":
        from game.bots.search import HardBot

        return HardBot(seed, game)
    module = importlib.import_module(f"game.games.{game}.bots")
    try:
        cls: Callable[[int], Bot] = module.BOTS[level]   # a bot class, made from a seed
    except KeyError:
        raise ValueError(f"no {level!r} bot for {game}; the levels are: "
                         f"{', '.join(levels(game))}") from None
    return cls(seed)
