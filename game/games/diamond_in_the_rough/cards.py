"""The cards of Diamond in the Rough, read from `cards.json` (the data). Pure Python.

A card's id is its printed number in the universal deck. `deck_ids(players)` is the set of cards a
game of that many players uses: five of each of the first N resources, the Gem and the five Bombs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

BOMB = "bomb"
GEM = "gem"
RESOURCE = "resource"
PER_RESOURCE = 5


@dataclass(frozen=True)
class Resource:
    key: str      # used in actions and views: "fish"
    name: str     # "Fish"
    one: str      # a single card: "Crate"
    symbol: str   # the mark drawn on its face: "fish", "oil drop"
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Card:
    id: int
    kind: str                 # BOMB, GEM or RESOURCE
    resource: str | None      # the resource key, for resource cards

    @property
    def name(self) -> str:
        """"Fish #12", "Bomb #97", "Gem #41"."""
        if self.kind == RESOURCE:
            assert self.resource is not None
            return f"{resources()[self.resource].one} #{self.id}"
        return f"{'Bomb' if self.kind == BOMB else 'Gem'} #{self.id}"


@dataclass(frozen=True)
class CardData:
    bombs: tuple[int, ...]
    gem: int
    resources: tuple[Resource, ...]


@lru_cache(maxsize=1)
def data() -> CardData:
    """The deck data from cards.json, checked: five Bombs, one Gem, four resources of five."""
    raw = json.loads(Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))
    res = tuple(Resource(str(r["key"]), str(r["name"]), str(r["one"]), str(r["symbol"]),
                         tuple(int(n) for n in r["numbers"])) for r in raw["resources"])
    out = CardData(tuple(int(b) for b in raw["bombs"]), int(raw["gem"]), res)
    ids = list(out.bombs) + [out.gem] + [n for r in res for n in r.numbers]
    if len(out.bombs) != 5 or len(res) != 4 or any(len(r.numbers) != PER_RESOURCE for r in res):
        raise ValueError("cards.json must hold five Bombs and four resources of five cards")
    if len(set(ids)) != len(ids) or out.gem not in [int(g) for g in raw["gem_choices"]]:
        raise ValueError("cards.json numbers a card twice, or the Gem is not one of #41-45")
    return out


@lru_cache(maxsize=1)
def resources() -> dict[str, Resource]:
    """The four resources by key, in the deck's order."""
    return {r.key: r for r in data().resources}


@lru_cache(maxsize=1)
def cards() -> dict[int, Card]:
    """Every card that any game may use, by id."""
    d = data()
    out = {b: Card(b, BOMB, None) for b in d.bombs}
    out[d.gem] = Card(d.gem, GEM, None)
    for r in d.resources:
        for n in r.numbers:
            out[n] = Card(n, RESOURCE, r.key)
    return dict(sorted(out.items()))


def game_resources(players: int) -> tuple[str, ...]:
    """The resource keys of a game of `players` players: the first N."""
    return tuple(r.key for r in data().resources[:players])


@lru_cache(maxsize=8)
def deck_ids(players: int) -> tuple[int, ...]:
    """The sorted ids of the cards a game of `players` players uses."""
    d = data()
    ids = list(d.bombs) + [d.gem] + [n for r in d.resources[:players] for n in r.numbers]
    return tuple(sorted(ids))
