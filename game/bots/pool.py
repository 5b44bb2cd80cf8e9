"""The search process pool: the hard bot and the coach think in another process, so the table's
frames never wait for them (a thread would share the interpreter lock with the drawing).

One pool per program, started on first use (`shared_pool()`) with the "spawn" start method, which
works the same on Windows, macOS, Linux and in the executable (whose entry point calls
`multiprocessing.freeze_support()` first). A request carries the game's name, the position as its
saved JSON and the seat: the worker rebuilds the position and takes that seat's `view`, so only
the view ever reaches the search. Answers are plain data (action strings, numbers, text), checked
again by the caller against the legal actions.

A worker that dies (killed, out of memory) breaks only the requests it held: their futures fail
with `BrokenProcessPool`, and the next request starts a new worker. `close()` stops the worker at
once, mid-search too, so quitting never waits for a search; a worker whose game process is gone
(killed, crashed) ends itself (`_follow_the_game`). `multiprocessing` is imported only when a pool
first starts: the game's start-up does not pay for it.
"""

from __future__ import annotations

import concurrent.futures
import os
import threading
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from game.bots.search import Budget, Choice, enough_looks
from game.core.contract import View


@dataclass(frozen=True)
class Advice:
    """One choice as the coach shows it: the action's text, its estimated win chance (0..1), how
    many looks ahead it got, and the game's words for it and for why."""

    action: str
    win: float
    visits: int
    words: str
    reason: str
    # The words in a shorter form, for a panel too narrow for them ("" when the game has none).
    short: str = ""


def table_budget(game: str, view: View) -> Budget:
    """What one hard decision at `view` may take at the table: the game's iteration budget for the
    position (`Policy.iterations_for`), capped by its wall time (`Policy.seconds`)."""
    from game.bots.search import policy_for

    policy = policy_for(game)
    return Budget(policy.iterations_for(view), policy.seconds)


def seat_view(game: str, state_json: Mapping[str, Any], seat: int) -> View:
    """The view of `seat` in a saved position of `game`."""
    from game.games import get

    return get(game).from_json(state_json).view(seat)


def warm(game: str | None = None) -> int:
    """In the worker: import the rules and the search (of `game` when given), so the first real
    request does not wait for them; returns the worker's process id."""
    import game.bots.search as search
    from game.games import get

    if game is not None:
        get(game)
        search.policy_for(game)
    return os.getpid()


def decide(game: str, level: str, seed: int, state_json: Mapping[str, Any], seat: int,
           budget: Budget | None = None) -> str:
    """In the worker (or, as a fallback, in a thread): the bot's action (as text) for `seat` in
    the saved position. `budget` bounds a hard bot's search (by default its iteration budget,
    as in `simulate`); other levels ignore it."""
    from game.bots import make_bot

    view = seat_view(game, state_json, seat)
    if level == "hard":
        from game.bots.search import HardBot

        return str(HardBot(seed, game, budget).choose(view))
    return str(make_bot(game, level, seed).choose(view))


def analyse(game: str, state_json: Mapping[str, Any], seat: int, budget: Budget,
            seed: int, top: int | None = None, played: str | None = None) -> list[Advice]:
    """In the worker: the hard search's choices for `seat`, best first (the first `top`), with the
    game's words for each and why. `played`, the move a player made there (Analyse), is weighed
    too and always answered, even where the search would not have looked at it (with no looks,
    and so no chance, only if it is not a legal move)."""
    from game.bots.search import HardBot
    from game.core.contract import Action, IllegalAction

    view = seat_view(game, state_json, seat)
    bot = HardBot(seed, game)
    include = None
    if played is not None:
        try:
            include = Action.parse(played)
        except IllegalAction:
            include = None
    choices: list[Choice] = bot.analyse(view, budget, include)
    shown = choices if top is None else hint_order(choices, top)
    if include is None and top is not None:
        # A decision between two moves where the search looks at one only (Ya Blew It!'s re-roll
        # of a Fire in the Hole, worked out exactly): the hint weighs the other too, as Analyse
        # would had it been played, so the player sees both chances side by side, the search's
        # choice first (the other's looks, given for a firm chance, make it no better).
        legal = view.legal_actions()
        other = [a for a in legal if all(c.action != a for c in choices)]
        if len(legal) == 2 and len(other) == 1:
            choices = HardBot(seed, game).analyse(view, budget, other[0])
            shown = choices[:top]
    if include is not None and all(c.action != include for c in shown):
        shown = [*shown, next((c for c in choices if c.action == include), Choice(include, 0.0, 0))]
    policy = bot.policy
    return [Advice(str(c.action), c.win, c.visits, _words(policy, view, c.action),
                   policy.reason(view, c, choices) if c.visits else "",
                   _words(policy, view, c.action, short=True))
            for c in shown]


def hint_order(choices: list[Choice], top: int) -> list[Choice]:
    """The `top` choices the search looked at most, in the order a player reads them: by their
    chance to win, except that a choice looked at only a few times (fewer than `FEW_LOOKS`, or
    than a tenth of the most looked-at: `enough_looks`) comes after those whose chance is better
    known. The search's own order (by looks) would show a 30% above a 31%."""
    shown = choices[:top]
    enough = enough_looks([c.visits for c in shown])
    return sorted(shown, key=lambda c: (c.visits < enough, -c.win))


def _words(policy: Any, view: Any, action: Any, short: bool = False) -> str:
    """The game's words for an action (`short`: its shorter form, "" if none); its written form
    if the policy cannot say it (a move that is not legal in the position, from a damaged record)."""
    try:
        return str(policy.describe_short(view, action) if short else policy.describe(view, action))
    except Exception:
        return "" if short else str(action)


class SearchPool:
    """A one-worker process pool for searches, started on first use and again after a worker
    died or the pool was closed."""

    def __init__(self) -> None:
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        # The request to stop, shared with the worker (see `stop`), and each request's number.
        self._stop: Any = None
        self._numbers: "weakref.WeakKeyDictionary[concurrent.futures.Future[Any], int]" = \
            weakref.WeakKeyDictionary()
        self._count = 0

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                import multiprocessing  # here, not at the top: the game starts without it

                context = multiprocessing.get_context("spawn")
                # (A queue, not shared memory: that needs ctypes, which the Linux executable
                # leaves out to start faster.)
                self._stop = context.SimpleQueue()
                # Kept for the program's life: a worker opens the queue's lock by name as it
                # starts, which fails if a pool dropped at once has already freed it.
                _QUEUES.append(self._stop)
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    1, mp_context=context, initializer=_in_the_worker,
                    initargs=(self._stop,))
            return self._executor

    def _submit(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        """Submit to the worker, numbered (so that `stop` can end it); a pool found broken (its
        worker died) is replaced by a new one."""
        with self._lock:
            self._count += 1
            number = self._count
        executor = self._pool()
        try:
            future = executor.submit(_numbered, number, fn, *args)
        except RuntimeError:  # BrokenProcessPool, or shut down meanwhile
            self._discard(executor)
            future = self._pool().submit(_numbered, number, fn, *args)
        self._numbers[future] = number
        return future

    def stop(self, future: "concurrent.futures.Future[Any]") -> None:
        """End the search of `future` now, if it is under way in the worker: an answer nobody
        waits for any more (a hint put away, a bot's move taken back) would keep the one worker
        busy to its time cap, and the next request (the hard bot's move) waiting behind it. The
        search answers with what it has found; a future not yet started is cancelled."""
        if future.cancel():
            return
        number = self._numbers.get(future)
        with self._lock:
            if number is not None and not future.done() and self._stop is not None:
                self._stop.put(number)

    def _discard(self, executor: concurrent.futures.ProcessPoolExecutor) -> None:
        """Forget `executor` (if it is still the current one) and stop its worker."""
        with self._lock:
            if self._executor is not executor:
                return
            self._executor = None
        _stop(executor)

    def start(self, game: str | None = None) -> "concurrent.futures.Future[int]":
        """Start the worker now and have it import the rules of `game` and the search, e.g. when
        a table with a hard bot opens, so the first decision does not wait for them."""
        return self._submit(warm, game)

    def worker_pid(self) -> "concurrent.futures.Future[int]":
        """The worker's process id (starting the worker if needed)."""
        return self._submit(warm)

    def decide(self, game: str, level: str, seed: int, state_json: Mapping[str, Any],
               seat: int, budget: Budget | None = None) -> "concurrent.futures.Future[str]":
        """The bot's action for `seat`, as text; `budget` bounds a hard bot's search (the table
        passes `table_budget(game, view)`)."""
        return self._submit(decide, game, level, seed, dict(state_json), seat, budget)

    def analyse(self, game: str, state_json: Mapping[str, Any], seat: int, budget: Budget,
                seed: int = 0, top: int | None = None, played: str | None = None
                ) -> "concurrent.futures.Future[list[Advice]]":
        return self._submit(analyse, game, dict(state_json), seat, budget, seed, top, played)

    def close(self) -> None:
        """Stop the worker without waiting for a search in progress (its future is cancelled or
        fails); the next request starts a new one."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            _stop(executor)


_QUEUES: list[Any] = []   # every pool's queue of stops (see `SearchPool._pool`)
_STOP: Any = None       # in the worker: the queue of requests asked to stop (`SearchPool.stop`)
_STOPPED: set[int] = set()   # in the worker: those read from it, not yet run or under way
_RUNNING = 0            # in the worker: the number of the request under way


def _numbered(number: int, fn: Callable[..., Any], *args: Any) -> Any:
    """In the worker: run request `number`; its search stops when asked to (`_asked_to_stop`)."""
    global _RUNNING
    _read_stops()
    _STOPPED.difference_update([n for n in _STOPPED if n < number])   # (those are done)
    _RUNNING = number
    try:
        return fn(*args)
    finally:
        _RUNNING = 0


def _read_stops() -> None:
    # (One worker reads them all: the pool has one. Several stops may come at once: a hint put
    # away, then the bot's move queued behind it taken back.)
    while _STOP is not None and not _STOP.empty():
        _STOPPED.add(_STOP.get())


def _asked_to_stop() -> bool:
    if _RUNNING == 0:
        return False
    _read_stops()
    return _RUNNING in _STOPPED


def _in_the_worker(stop: Any = None) -> None:
    """In the worker, as it starts: searches listen for `SearchPool.stop` (`search.STOP`), and
    the worker follows the game's process (`_follow_the_game`)."""
    global _STOP
    import game.bots.search as search

    _STOP = stop
    search.STOP = _asked_to_stop
    _follow_the_game()


def _follow_the_game() -> None:
    """In the worker: end it when the game's process ends, however it ends. A game killed (or
    crashed past its own clean-up) never says goodbye, and the worker, waiting for its next
    request, would otherwise run on alone."""
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()       # returns when the game's process is gone
        os._exit(0)

    threading.Thread(target=watch, name="follow-the-game", daemon=True).start()


def _stop(executor: concurrent.futures.ProcessPoolExecutor) -> None:
    """Shut `executor` down and end its worker processes now, mid-search too."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            process.terminate()
        except (OSError, ValueError, AttributeError):
            pass  # already gone


_SHARED: SearchPool | None = None


def shared_pool() -> SearchPool:
    """The program's one search pool."""
    global _SHARED
    if _SHARED is None:
        _SHARED = SearchPool()
    return _SHARED


def stop_search(future: "concurrent.futures.Future[Any]") -> None:
    """End the search of `future` if it is the program's pool's (see `SearchPool.stop`); a future
    of anything else is only cancelled, if it has not started."""
    if _SHARED is not None:
        _SHARED.stop(future)
    else:
        future.cancel()


def close_shared() -> None:
    """Stop the program's pool if it was ever started (the app calls this as it quits)."""
    if _SHARED is not None:
        _SHARED.close()
