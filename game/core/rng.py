"""A small seeded generator whose whole state is one integer, so it copies and saves for free."""

from __future__ import annotations

import hashlib
from typing import MutableSequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: fast, well-mixed, and reproducible from a single 64-bit state.

    Every random outcome of a game comes from the `Rng` held inside its state, so a config, a
    seed and the action log reproduce a game exactly.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> "Rng":
        return Rng(self.state)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def die(self, sides: int) -> int:
        """A roll of a fair die numbered 1..sides."""
        return self.below(sides) + 1

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq: "list[T] | tuple[T, ...]") -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


def derive_seed(seed: int, *labels: object) -> int:
    """A child seed for a named purpose (a bot's own seed, a sampled world), stable across runs.

    A keyed hash, so different labels give unrelated seeds ("1","23" and "12","3" differ too).
    """
    h = hashlib.blake2b(str(seed).encode(), digest_size=8)
    for label in labels:
        h.update(b"\x1f" + str(label).encode())
    return int.from_bytes(h.digest(), "little")
