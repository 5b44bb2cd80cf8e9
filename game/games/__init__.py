"""The registry of playable games. Only games that work end to end are listed here."""

from __future__ import annotations

from game.core.contract import GameInfo


def _load() -> dict[str, GameInfo]:
    from game.games.big_dig.rules import INFO as big_dig
    from game.games.gold_mine.rules import INFO as gold_mine
    from game.games.grim_prospects.rules import INFO as grim_prospects
    from game.games.ya_blew_it.rules import INFO as ya_blew_it

    return {info.name: info for info in (ya_blew_it, gold_mine, big_dig, grim_prospects)}


GAMES: dict[str, GameInfo] = _load()


def get(name: str) -> GameInfo:
    """The game called `name`; raises KeyError with the names that exist."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game called {name!r}; the games are: {', '.join(GAMES)}") from None
