"""The search process pool: the hard bot and the coach think in another process, so the table's
frames never wait for them (a thread would share the interpreter lock with the drawing).

One pool per program, started on first use (`shared_pool()`) with the "spawn" start method, which
works the same on Windows, macOS, Linux and in the executable. A request carries the game's name,
the position as its saved JSON and the seat: the worker rebuilds the position and takes that seat's
`view`, so only the view ever reaches the search. Answers are plain data (action strings, numbers,
text), checked again by the caller against the legal actions.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import threading
from dataclasses import dataclass
from typing import Any, Mapping

from game.bots.search import Budget, Choice


@dataclass(frozen=True)
class Advice:
    """One choice as the coach shows it: the action's text, its estimated win chance (0..1), how
    many looks ahead it got, and the game's words for it and for why."""

    action: str
    win: float
    visits: int
    words: str
    reason: str


def _view(game: str, state_json: Mapping[str, Any], seat: int):
    from game.games import get

    return get(game).from_json(state_json).view(seat)


def decide(game: str, level: str, seed: int, state_json: Mapping[str, Any], seat: int) -> str:
    """In the worker: the bot's action (as text) for `seat` in the saved position."""
    from game.bots import make_bot

    return str(make_bot(game, level, seed).choose(_view(game, state_json, seat)))


def analyse(game: str, state_json: Mapping[str, Any], seat: int, budget: Budget,
            seed: int, top: int | None = None) -> list[Advice]:
    """In the worker: the hard search's choices for `seat`, best first (the first `top`), with the
    game's words for each and why."""
    from game.bots.search import HardBot

    view = _view(game, state_json, seat)
    bot = HardBot(seed, game)
    choices: list[Choice] = bot.analyse(view, budget)
    shown = choices if top is None else choices[:top]
    policy = bot.policy
    return [Advice(str(c.action), c.win, c.visits, policy.describe(view, c.action),
                   policy.reason(view, c, choices)) for c in shown]


class SearchPool:
    """A one-worker process pool for searches, started on first use."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"))
            return self._executor

    def start(self) -> None:
        """Start the worker now (it takes a moment to import the rules), e.g. when a table with a
        hard bot opens, so the first decision does not wait for it."""
        self._pool().submit(int, 0)

    def decide(self, game: str, level: str, seed: int, state_json: Mapping[str, Any],
               seat: int) -> "concurrent.futures.Future[str]":
        return self._pool().submit(decide, game, level, seed, dict(state_json), seat)

    def analyse(self, game: str, state_json: Mapping[str, Any], seat: int, budget: Budget,
                seed: int = 0, top: int | None = None
                ) -> "concurrent.futures.Future[list[Advice]]":
        return self._pool().submit(analyse, game, dict(state_json), seat, budget, seed, top)

    def close(self) -> None:
        """Stop the worker without waiting for a search in progress."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


_SHARED: SearchPool | None = None


def shared_pool() -> SearchPool:
    """The program's one search pool."""
    global _SHARED
    if _SHARED is None:
        _SHARED = SearchPool()
    return _SHARED
