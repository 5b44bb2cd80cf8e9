"""The 54 cards of Grim Prospects, read from `cards.json` (the data), checked once when loaded.

Every card names one *effect kind* with its parameters; the rules (`rules.py`) implement the kinds,
never single cards, so a card's numbers can be tuned in the data alone:

- ``plain``: worth its points.
- ``bundle`` (ability Bundle): worth its points in hand or stash; placed in the Inventory it no
  longer scores itself but gives ``per`` points to every card of kind ``boosts`` you score.
- ``majority`` (Special): worth its points, or ``most`` each for the player(s) with the most of it.
- ``set`` (Special): worth 1 for each different card of its ``family`` you score.
- ``gem`` (Gem): its points plus ``with[key]`` for each *other* card of that key you score, plus
  ``per_gem`` for each other Gem you score; ``mirror``: worth as much as your best other Gem.
- ``dig_more``, ``prospect_more``, ``ward``, ``foresight`` (Item): change your actions while in
  your Inventory (draw ``draw`` when digging; look at ``look`` when prospecting; the traps in
  ``against`` do not hurt you, for ``uses`` times, 0 = always; see the Mine's top card each turn).
- ``blast`` (Trap): ``discard`` cards at random from the hand of the player who drew it
  (``who`` = "self") or of every player (``who`` = "all").

Card ids are 0..53 in the order of the file (a card of count 6 takes six ids in a row). Pure
Python; never imports pygame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

BUNDLE, SPECIAL, GEM, ITEM, TRAP = "bundle", "special", "gem", "item", "trap"
ABILITIES = (BUNDLE, SPECIAL, GEM, ITEM, TRAP)
ABILITY_NAMES = {BUNDLE: "Bundle", SPECIAL: "Special", GEM: "Gem", ITEM: "Item", TRAP: "Trap", "": ""}

# Each effect kind, the abilities it may sit on and the parameters it needs.
EFFECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "plain": (("",), ()),
    "bundle": ((BUNDLE,), ("boosts", "per")),
    "majority": ((SPECIAL,), ("most",)),
    "set": ((SPECIAL,), ("family",)),
    "gem": ((GEM,), ()),
    "dig_more": ((ITEM,), ("draw",)),
    "prospect_more": ((ITEM,), ("look",)),
    "ward": ((ITEM,), ("against", "uses")),
    "foresight": ((ITEM,), ("see",)),
    "blast": ((TRAP,), ("who", "discard")),
}

DECK_SIZE = 54


@dataclass(frozen=True)
class Card:
    """One physical card."""

    id: int
    key: str
    name: str
    ability: str
    points: int
    effect: Mapping[str, Any] = field(compare=False, hash=False)
    text: str = ""
    short: str = ""   # the name on a card face too small for the whole of it ("Torch")

    @property
    def kind(self) -> str:
        """The effect kind ("bundle", "gem", "blast", ...)."""
        return str(self.effect["kind"])

    @property
    def is_trap(self) -> bool:
        return self.ability == TRAP

    @property
    def is_item(self) -> bool:
        return self.ability == ITEM

    @property
    def goes_to_hand(self) -> bool:
        """Minerals, Gems, Specials and Bundles are carried; Items and Traps never are."""
        return self.ability not in (ITEM, TRAP)


def parse_cards(text: str) -> tuple[Card, ...]:
    """The deck from the JSON text; raises ValueError saying what is inconsistent."""
    data = json.loads(text)
    cards: list[Card] = []
    keys: set[str] = set()
    for spec in data["cards"]:
        key = str(spec["key"])
        if key in keys:
            raise ValueError(f"card key {key!r} appears twice")
        keys.add(key)
        ability = str(spec.get("ability", ""))
        if ability and ability not in ABILITIES:
            raise ValueError(f"{key}: unknown ability {ability!r}")
        effect = dict(spec["effect"])
        kind = effect.get("kind")
        if kind not in EFFECTS:
            raise ValueError(f"{key}: unknown effect kind {kind!r}")
        allowed, needed = EFFECTS[kind]
        if ability not in allowed:
            raise ValueError(f"{key}: a {kind!r} effect cannot sit on ability {ability!r}")
        missing = [p for p in needed if p not in effect]
        if missing:
            raise ValueError(f"{key}: the {kind!r} effect needs {', '.join(missing)}")
        count = int(spec["count"])
        if count < 1:
            raise ValueError(f"{key}: count must be at least 1")
        for _ in range(count):
            cards.append(Card(len(cards), key, str(spec["name"]), ability, int(spec["points"]),
                              effect, str(spec.get("text", "")), str(spec.get("short", ""))))
    if len(cards) != DECK_SIZE:
        raise ValueError(f"the deck has {len(cards)} cards, not {DECK_SIZE}")
    for c in cards:
        for ref in list(c.effect.get("with", {})) + ([c.effect["boosts"]] if "boosts" in c.effect else []):
            if ref not in keys:
                raise ValueError(f"{c.key}: refers to unknown card {ref!r}")
    return tuple(cards)


@lru_cache(maxsize=1)
def deck() -> tuple[Card, ...]:
    """The shipped 54 cards, id order."""
    text = resources.files("game.games.grim_prospects").joinpath("cards.json").read_text("utf-8")
    return parse_cards(text)


def card(card_id: int) -> Card:
    return deck()[card_id]


def kinds() -> dict[str, Card]:
    """One card of each key, in the order of the file (for the rules page and the docs)."""
    seen: dict[str, Card] = {}
    for c in deck():
        seen.setdefault(c.key, c)
    return seen
