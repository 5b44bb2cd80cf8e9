"""The table's bot thinking: a hard bot (its class says `remote`) decides in the search process
pool, with the table's budget and a seed from the match and the position; its answer is checked
before it is played; a worker that dies or answers nonsense costs nothing (the decision is made
on the thread and the pool starts again); quitting stops a worker mid-search and keeps the save.

Budgets here are tiny (the game's policy is patched in this process: the table sends its budget
to the worker with each request), so the searches take no time worth the name."""

from __future__ import annotations

import concurrent.futures
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from game.bots import pool
from game.bots.search import Budget, policy_for
from game.core.match import BOT, BotThinker, Match, Seat
from game.core.rng import derive_seed

GAME = "grim_prospects"
ROOT = Path(__file__).resolve().parents[1]
KILL = getattr(signal, "SIGKILL", signal.SIGTERM)


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The hard bot's table budget: 12 iterations, no time cap (so its choices are reproducible);
    the shared pool is stopped afterwards."""
    policy = policy_for(GAME)
    monkeypatch.setattr(policy, "iterations", 12)
    monkeypatch.setattr(policy, "seconds", None)
    yield
    pool.close_shared()


def hard_match(seed: int = 5) -> Match:
    return Match(GAME, [Seat("Hard", BOT, "hard"), Seat("Norm", BOT, "normal")], seed)


def think(thinker: BotThinker, match: Match):
    """The thinker's decision for the position, waiting for it (a minute at most)."""
    thinker.request(match)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        action = thinker.result(match)
        if action is not None:
            return action
        time.sleep(0.005)
    raise AssertionError("no decision within a minute")


def to_hard_choice(thinker: BotThinker, match: Match) -> None:
    """Play on (the normal bot through the thinker too) until the hard seat has a real choice."""
    while not (match.to_move() == 0 and len(match.legal_actions()) > 1):
        assert not match.is_over()
        match.apply(think(thinker, match) if match.to_move() == 1 else match.legal_actions()[0])


def test_a_hard_seat_decides_in_the_pool_with_the_table_budget_and_a_position_seed(tiny: None) -> None:
    match = hard_match()
    thinker = BotThinker(match)
    try:
        assert thinker.remote_seats(match) == [0]
        to_hard_choice(thinker, match)
        state_json, moves = match.state.to_json(), len(match.actions)
        action = think(thinker, match)
        assert thinker.fallbacks == 0
        assert action in match.legal_actions()
        # The same decision made here, from the seed of this match and position and the table's
        # budget: the worker got exactly those.
        seed = derive_seed(match.seed, "think", 0, moves)
        assert pool.table_budget(GAME, match.view(0)) == Budget(12, None)
        assert str(action) == pool.decide(GAME, "hard", seed, state_json, 0, Budget(12, None))
        # A normal seat stays on the thread: nothing is asked of the pool for it.
        assert not BotThinker.remote_seats(Match(GAME, [Seat("A", BOT, "normal"), Seat("B")], 1))
    finally:
        thinker.close()


def test_a_killed_worker_costs_nothing_and_the_pool_starts_again(
        tiny: None, monkeypatch: pytest.MonkeyPatch) -> None:
    match = hard_match(8)
    thinker = BotThinker(match)
    try:
        to_hard_choice(thinker, match)
        old = pool.shared_pool().worker_pid().result(60)
        # A search that would never end on its own: the worker is killed while it holds it.
        monkeypatch.setattr(policy_for(GAME), "iterations", 10**9)
        thinker.request(match)
        assert thinker.thinking_in_pool
        os.kill(old, KILL)
        monkeypatch.setattr(policy_for(GAME), "iterations", 12)
        action = think(thinker, match)   # made on the thread instead
        assert thinker.fallbacks == 1
        assert action in match.legal_actions()
        match.apply(action)
        # The next hard decision goes to a new worker.
        to_hard_choice(thinker, match)
        again = think(thinker, match)
        assert again in match.legal_actions()
        assert thinker.fallbacks == 1
        assert pool.shared_pool().worker_pid().result(60) != old
    finally:
        thinker.close()


class FakePool:
    """A pool that answers `answer` at once, or refuses every request."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.asked = 0

    def start(self, game: str | None = None) -> None:
        pass

    def decide(self, *args: object) -> concurrent.futures.Future:
        self.asked += 1
        if self.answer is None:
            raise RuntimeError("no worker can start here")
        future: concurrent.futures.Future = concurrent.futures.Future()
        future.set_result(self.answer)
        return future


@pytest.mark.parametrize("answer", ["prospect:99", "no such action", "", None])
def test_an_answer_that_is_not_legal_is_never_played(
        tiny: None, monkeypatch: pytest.MonkeyPatch, answer: str | None) -> None:
    fake = FakePool(answer)
    monkeypatch.setattr(pool, "shared_pool", lambda: fake)
    match = hard_match()
    thinker = BotThinker(match)
    try:
        to_hard_choice(thinker, match)
        asked = fake.asked
        action = think(thinker, match)
        assert fake.asked == asked + 1
        assert thinker.fallbacks == 1
        assert action in match.legal_actions()
    finally:
        thinker.close()


def test_closing_the_pool_stops_a_search_in_progress(tiny: None) -> None:
    search_pool = pool.SearchPool()
    match = hard_match()
    pid = search_pool.worker_pid().result(60)
    future = search_pool.decide(GAME, "hard", 1, match.state.to_json(), 0, Budget(10**9))
    search_pool.close()
    with pytest.raises((concurrent.futures.CancelledError, concurrent.futures.process.BrokenProcessPool)):
        future.result(60)
    # The worker is gone (terminated, not left to finish a search that never ends).
    deadline = time.monotonic() + 60
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    if sys.platform == "win32":
        return False  # (no cheap check there; the POSIX runs check it)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A terminated child not yet reaped by its parent is a zombie: gone for our purpose.
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        # Reaped between the two looks (where there is a /proc), or no /proc at all (macOS),
        # where a process that kill() still finds counts as alive until its parent reaps it.
        return not os.path.isdir("/proc/self")
    except OSError:
        return True


QUIT_MID_THINK = r"""
import os, sys, time
import pygame
from game.core.match import BOT, Match, Seat
from game.bots.search import policy_for
from game.settings import Settings
from game.ui.app import App
from game.ui.main import _close_search_pool
from game.ui.tables import table_for

if __name__ == "__main__":
    policy_for("grim_prospects").iterations = 10**9   # a search that never ends by itself
    policy_for("grim_prospects").seconds = None
    app = App(Settings(animation="instant", muted=True))
    match = Match("grim_prospects", [Seat("Hard", BOT, "hard"), Seat("Ana")], 5)
    table = table_for(match)
    app.push(table)
    while not table.thinker.thinking_in_pool:
        app.step(1 / 60)
    print("thinking for seat", match.to_move(), flush=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running
    _close_search_pool()
    print("quit with", match.match_id, len(match.actions), flush=True)
"""


def test_the_window_closing_mid_think_quits_and_keeps_the_save(home: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "MOTHER_LODE_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", QUIT_MID_THINK], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith(("thinking", "quit"))]
    assert lines[0] == "thinking for seat 0"
    ident = lines[1].split()[2:]
    from game.core.match import load_match

    saved = [p for p in (home / "data" / "saves").glob("*.json") if "." not in p.stem]
    assert len(saved) == 1
    resumed = load_match(saved[0])
    assert resumed.match_id == ident[0] and len(resumed.actions) == int(ident[1])
    assert resumed.to_move() == 0  # the hard bot's move, to be thought again on resuming


LAZY = r"""
import sys
from game.ui.main import run_game
from game.core.match import BOT, BotThinker, Match, Seat
assert run_game(exit_after_first_frame=True) == 0
thinker = BotThinker(Match("ya_blew_it", [Seat("Ana"), Seat("Easy", BOT, "easy")], 1))
thinker.close()
print(sorted(m for m in ("multiprocessing", "game.bots.pool", "concurrent.futures.process")
             if m in sys.modules))
"""


def test_the_game_starts_without_the_pool(home: Path) -> None:
    """The title screen, and a table without a hard bot, import neither the pool nor
    multiprocessing: the start-up does not pay for them."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "MOTHER_LODE_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", LAZY], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
