"""The registry of playable games. Only games that work end to end are listed here.

A game's rules module is imported the first time it is needed (`get`, or `GAMES[name]`), not when
the program starts: the title screen names the games from `LISTINGS` alone, so start-up does not
grow with each game added. `tests/test_registry.py` checks that every listing agrees with its
game's `GameInfo`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Iterator, Mapping

from game.core.contract import GameInfo


@dataclass(frozen=True)
class Listing:
    """What the title screen, the saves list and the record need to name a game without loading
    its rules: the same name, title and player counts as its `GameInfo`."""

    name: str
    title: str
    min_players: int
    max_players: int
    module: str

    @property
    def info(self) -> GameInfo:
        return get(self.name)


LISTINGS: tuple[Listing, ...] = (
    Listing("ya_blew_it", "Ya Blew It!", 2, 6, "game.games.ya_blew_it.rules"),
    Listing("gold_mine", "Gold Mine", 2, 4, "game.games.gold_mine.rules"),
    Listing("big_dig", "Big Dig", 2, 4, "game.games.big_dig.rules"),
    Listing("diamond_in_the_rough", "Diamond in the Rough", 2, 4, "game.games.diamond_in_the_rough.rules"),
)

_BY_NAME = {entry.name: entry for entry in LISTINGS}


class _Registry(Mapping[str, GameInfo]):
    """The games by name, in the title screen's order; a game's rules load on first access."""

    def __getitem__(self, name: str) -> GameInfo:
        entry = _BY_NAME[name]
        info: GameInfo = importlib.import_module(entry.module).INFO
        return info

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_NAME)

    def __len__(self) -> int:
        return len(_BY_NAME)

    def __contains__(self, name: object) -> bool:
        return name in _BY_NAME


GAMES: Mapping[str, GameInfo] = _Registry()


def listing(name: str) -> Listing:
    """The listing of the game called `name`; raises KeyError with the names that exist."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"no game called {name!r}; the games are: {', '.join(_BY_NAME)}") from None


def get(name: str) -> GameInfo:
    """The game called `name`; raises KeyError with the names that exist."""
    return GAMES[listing(name).name]
