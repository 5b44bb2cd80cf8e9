"""The Ya Blew It! card set, read from `cards.toml` (the composition lives in data, not code)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

GEM = "gem"
WILD = "wild"
DETONATOR = "detonator"
SAFE = "safe"
JUMPER = "jumper"
FIRE = "fire"
CURSED = "cursed"

KINDS = (GEM, WILD, DETONATOR, SAFE, JUMPER, FIRE, CURSED)


@dataclass(frozen=True)
class Card:
    """One physical card. `number` is 0 on cards that carry none (Cursed Gems, Fire in the Hole)."""

    id: int
    kind: str
    colour: str = ""
    number: int = 0

    @property
    def is_gem(self) -> bool:
        """Coloured and Wild Gems both end the Prospector's draw."""
        return self.kind in (GEM, WILD)


@dataclass(frozen=True)
class Colour:
    key: str
    name: str
    symbol: str


@dataclass(frozen=True)
class CardSet:
    sides: int
    colours: tuple[Colour, ...]
    cards: tuple[Card, ...]
    kind_names: dict[str, str]

    def colour(self, key: str) -> Colour:
        for c in self.colours:
            if c.key == key:
                return c
        raise KeyError(key)

    def label(self, card: Card) -> str:
        """A card's short name as players say it: 'Ruby 5', 'Safe 2', 'Fire in the Hole'."""
        if card.kind == GEM:
            return f"{self.colour(card.colour).name} {card.number}"
        if card.kind == CURSED:
            return f"Cursed {self.colour(card.colour).name}"
        name = self.kind_names[card.kind]
        return f"{name} {card.number}" if card.number else name


def parse_card_set(text: str) -> CardSet:
    """Build the card set from the TOML text; raises ValueError when the data is inconsistent."""
    data = tomllib.loads(text)
    sides = int(data["dice_sides"])
    colours = tuple(Colour(c["key"], c["name"], c["symbol"]) for c in data["colours"])
    cards: list[Card] = []

    def add(kind: str, colour: str = "", number: int = 0) -> None:
        if number and not 1 <= number <= sides:
            raise ValueError(f"card number {number} is not on a {sides}-sided die")
        cards.append(Card(len(cards), kind, colour, number))

    for colour in colours:
        for number in data["gem_numbers"]:
            add(GEM, colour.key, int(number))
    for colour in colours:
        for _ in range(int(data["cursed_per_colour"])):
            add(CURSED, colour.key)
    kind_names = {GEM: "Gem", CURSED: "Cursed Gem"}
    for kind, spec in data["special"].items():
        if kind not in KINDS:
            raise ValueError(f"unknown card kind {kind!r}")
        kind_names[kind] = spec["name"]
        if "numbers" in spec:
            for number in spec["numbers"]:
                add(kind, number=int(number))
        else:
            for _ in range(int(spec["count"])):
                add(kind)
    return CardSet(sides, colours, tuple(cards), kind_names)


@lru_cache(maxsize=1)
def card_set() -> CardSet:
    """The shipped card set."""
    text = resources.files("game.games.ya_blew_it").joinpath("cards.toml").read_text("utf-8")
    return parse_card_set(text)
