"""Bots: they decide from a seat's `View`, never from a full state, with their own seeded generator.

Levels: ``random`` (uniform over legal actions; the measuring stick, not offered to players),
``easy`` and ``normal`` (each game's own, in ``game/games/<game>/bots.py`` as ``BOTS``).
"""

from __future__ import annotations

import importlib
from typing import Protocol

from game.core.contract import Action, View
from game.core.rng import Rng

LEVELS = ("random", "easy", "normal")
PLAYER_LEVELS = ("easy", "normal")  # what the setup screen offers


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


def make_bot(game: str, level: str, seed: int) -> Bot:
    """A bot of `level` for `game`; raises ValueError for a level that does not exist."""
    if level == "random":
        return RandomBot(seed)
    module = importlib.import_module(f"game.games.{game}.bots")
    try:
        cls = module.BOTS[level]
    except KeyError:
        raise ValueError(f"no {level!r} bot for {game}; the levels are: {', '.join(LEVELS)}") from None
    return cls(seed)
