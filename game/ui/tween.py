"""Easing and tweens. Durations scale with the animation-speed setting; "instant" skips them."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1, c3 = 1.70158, 2.70158
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc(a: tuple[float, float], b: tuple[float, float], t: float, lift: float = 60) -> tuple[float, float]:
    """A point on a gentle arc from a to b, as a card flies through the air."""
    x, y = lerp2(a, b, t)
    return (x, y - math.sin(math.pi * t) * lift)


@dataclass
class Tween:
    """Runs `on_update(eased t)` for `duration` seconds after `delay`, then `on_done()` once."""

    duration: float
    on_update: Callable[[float], None] = lambda t: None
    ease: Callable[[float], float] = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = field(default=0.0, init=False)
    done: bool = field(default=False, init=False)

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return
        frac = 1.0 if self.duration <= 0 else min(1.0, t / self.duration)
        self.on_update(self.ease(frac))
        if frac >= 1.0:
            self.finish()

    def finish(self) -> None:
        if not self.done:
            self.done = True
            self.on_update(1.0)
            if self.on_done:
                self.on_done()
