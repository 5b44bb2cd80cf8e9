"""The Digging cards of Big Dig, read from `cards.json` (the data), and their shapes' orientations.

A shape is a tuple of squares `(x, y)`, normalised so that its smallest x and y are 0 and the
squares are sorted row by row. A card is dug with its shape "rotated or mirrored" (the rulebook):
`orientations(shape)` gives every distinct shape the eight turns and mirror images make, in a fixed
order (the shape as printed first), so orientation numbers are stable across runs. Pure Python.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

Square = tuple[int, int]
Shape = tuple[Square, ...]

CARD_COUNT = 5


@dataclass(frozen=True)
class Side:
    name: str
    shape: Shape


@dataclass(frozen=True)
class Card:
    """A double-sided Digging card: `sides[0]` and `sides[1]`."""

    number: int
    sides: tuple[Side, Side]


def normalise(squares: "list[Square] | tuple[Square, ...] | set[Square]") -> Shape:
    """`squares` moved so the smallest x and y are 0, sorted row by row."""
    min_x = min(x for x, _ in squares)
    min_y = min(y for _, y in squares)
    return tuple(sorted(((x - min_x, y - min_y) for x, y in squares), key=lambda s: (s[1], s[0])))


def _from_rows(rows: list[str]) -> Shape:
    return normalise([(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"])


@lru_cache(maxsize=64)
def orientations(shape: Shape) -> tuple[Shape, ...]:
    """Every distinct orientation of `shape`: the four quarter turns of the shape as printed,
    then those of its mirror image, without repeats (an O has one, an I two, an L eight)."""
    found: list[Shape] = []
    for mirrored in (False, True):
        squares = [(-x, y) for x, y in shape] if mirrored else list(shape)
        for _ in range(4):
            shaped = normalise(squares)
            if shaped not in found:
                found.append(shaped)
            squares = [(-y, x) for x, y in squares]  # a quarter turn clockwise (y points down)
    return tuple(found)


@lru_cache(maxsize=1)
def cards() -> tuple[Card, ...]:
    """The five cards, from cards.json next to this module."""
    data = json.loads((Path(__file__).with_name("cards.json")).read_text(encoding="utf-8"))
    out = []
    for number, card in enumerate(data["cards"], start=1):
        a, b = (Side(str(s["name"]), _from_rows(list(s["rows"]))) for s in card["sides"])
        out.append(Card(number, (a, b)))
    if len(out) != CARD_COUNT:
        raise ValueError(f"cards.json holds {len(out)} cards, not {CARD_COUNT}")
    return tuple(out)
