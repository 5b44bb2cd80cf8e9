"""A bounded memo for pure answers that bots and searches ask for again and again.

Pure Python; no drawing.
"""

from __future__ import annotations

from typing import Callable, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V]):
    """Answers remembered by key, all forgotten at once when `limit` of them are held (the
    answers must depend on the key alone, so forgetting changes nothing but the time taken)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def answer(self, key: K, work: Callable[[], V]) -> V:
        """The answer for `key`, worked out by `work()` the first time it is asked."""
        hit = self.get(key)
        if hit is None:
            if len(self) >= self.limit:
                self.clear()
            hit = self[key] = work()
        return hit
