"""`python -m game bench [--json] [--game G]`: the performance report.

Measures, once, a fixed pure-Python reference loop (`reference_loop`), so that every speed below
can also be read as work per action on any machine; per game: random full playouts per second
(and the actions done in the time of one reference loop); bot decision time p50/p95 per level (the
hard level as the table gets it: through the search process pool, at the table's budget, one hard
bot against normal ones); the table scene's frame time p50/p99/max while bots play a whole game
with normal animations at 1280x720 (dummy video driver), and again, paced at 60 frames a second,
while a hard bot at the table thinks in the pool; and, once, the time from process start to the first title-screen
frame next to the bare-pygame floor (import pygame, open a window, one flip) measured in the
same run, with the dummy video driver (game/tools/startup.py; `python build/build.py
--measure-startup N` adds the frozen program and a real window).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from typing import Any

from game.bots import LEVELS, make_bot
from game.core.rng import Rng, derive_seed
from game.tools import cli


# The table run with a hard bot ends after its this many moves (paced at 60 Hz, it takes the
# real time the game takes).
HARD_TABLE_MOVES = 12


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation."""
    if not values:
        return float("nan")
    xs = sorted(values)
    k = (len(xs) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def _reference_work() -> int:
    """The fixed work of the reference loop: integer arithmetic, list copies, dict and set look-ups
    and method calls, the mix a rules engine does (never change it, or old figures stop comparing)."""
    total = 0
    table: dict[int, int] = {}
    seen: set[int] = set()
    cells = list(range(64))
    for i in range(20_000):
        row = cells[:]
        row[i % 64] = i
        table[i % 97] = table.get(i % 89, 0) + row[(i * 7) % 64]
        if i % 5 not in seen:
            seen.add(i % 5)
        total += len(row) + (i & 31) - (table[i % 97] % 3)
    return total


def reference_loop(rounds: int = 7) -> dict[str, Any]:
    """The reference loop's best time of `rounds`, in milliseconds (its result, to show it ran)."""
    best = float("inf")
    result = 0
    for _ in range(rounds):
        start = time.perf_counter()
        result = _reference_work()
        best = min(best, time.perf_counter() - start)
    return {"ms": round(best * 1000, 3), "result": result}


def playouts_per_second(game: str, seconds: float, players: int, fast: bool = False
                        ) -> dict[str, Any]:
    """Full random games from new to game over, as many as fit in `seconds`: through the safe
    `apply` the table uses, or with `fast` through the trusted `advance` that search uses."""
    from game.games import get

    info = get(game)
    rng = Rng(12345)
    games = 0
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = info.new(info.make_config(players), games)
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            state = state.advance(action) if fast else state.apply(action)[0]
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"players": players, "games": games, "per_second": round(games / elapsed, 1),
            "actions_per_second": round(moves / elapsed)}


def decision_times(game: str, level: str, decisions: int, players: int) -> dict[str, Any]:
    """Time `choose()` over positions reached in seeded games where every seat is this level."""
    from game.games import get

    info = get(game)
    times: list[float] = []
    g = 0
    while len(times) < decisions:
        state, _ = info.new(info.make_config(players), derive_seed(7, "bench", g))
        bots = [make_bot(game, level, derive_seed(g, "seat", p)) for p in range(players)]
        while not state.is_over() and len(times) < decisions:
            seat = state.to_move()
            assert seat is not None
            view = state.view(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view)
            times.append((time.perf_counter() - t0) * 1000)
            state, _ = state.apply(action)
        g += 1
    return {"decisions": len(times), "p50_ms": round(percentile(times, 50), 3),
            "p95_ms": round(percentile(times, 95), 3), "max_ms": round(max(times), 3)}


def hard_decision_times(game: str, decisions: int, players: int) -> dict[str, Any]:
    """Hard decisions as the table gets them: asked of the search process pool with the table's
    budget (`table_budget`), timed from the request to the answer, over positions of seeded games
    where seat 0 is hard and the others normal. Only real choices count (a seat with one legal
    action is answered at once); the pool's start is not timed."""
    from game.bots.pool import SearchPool, table_budget
    from game.core.contract import Action
    from game.games import get

    info = get(game)
    budget = None
    pool = SearchPool()
    times: list[float] = []
    try:
        pool.start(game).result()
        g = 0
        while len(times) < decisions:
            seed = derive_seed(7, "bench hard", g)
            state, _ = info.new(info.make_config(players), seed)
            bots = [make_bot(game, "normal", derive_seed(seed, "seat", p)) for p in range(players)]
            while not state.is_over() and len(times) < decisions:
                seat = state.to_move()
                assert seat is not None
                legal = state.legal_actions()
                if seat != 0:
                    action = bots[seat].choose(state.view(seat))
                elif len(legal) == 1:
                    action = legal[0]
                else:
                    budget = table_budget(game, state.view(seat))
                    t0 = time.perf_counter()
                    answer = pool.decide(game, "hard", derive_seed(seed, "decision", len(times)),
                                         state.to_json(), seat, budget).result()
                    times.append((time.perf_counter() - t0) * 1000)
                    action = Action.parse(answer)
                    if action not in legal:
                        raise RuntimeError(f"the hard bot answered {answer!r}, which is not legal")
                state, _ = state.apply(action)
            g += 1
    finally:
        pool.close()
    assert budget is not None   # set at the first timed decision, and there is one at least
    return {"decisions": len(times), "against": "normal", "players": players,
            "budget": {"iterations": budget.iterations, "seconds": budget.seconds},
            "in": "search pool", "p50_ms": round(percentile(times, 50), 3),
            "p95_ms": round(percentile(times, 95), 3), "max_ms": round(max(times), 3)}


def table_frame_times(game: str, players: int, seed: int, levels: list[str] | None = None,
                      paced: bool = False, hard_moves: int | None = None) -> dict[str, Any]:
    """Frame time of the table scene while bots (`levels`, by default all normal) play a whole
    game, normal animations.

    A frame is what the main loop does besides waiting for vsync: input, update, draw, flip.
    The frame clock advances a fixed 1/60 s so the game runs as it would at 60 Hz; `paced` also
    waits out the rest of each 1/60 s, as the game does, so that a bot thinking in the search
    pool takes the real time it takes (and the frames while it thinks are counted as a player
    sees them, not as many as a spinning loop makes). `hard_moves` ends the run once seat 0 has
    moved that many times (the game need not finish). With a hard bot, the frames drawn while
    it thinks are also reported on their own (`thinking`).
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        old_home = os.environ.get("MOTHER_LODE_HOME")
        os.environ["MOTHER_LODE_HOME"] = home
        try:
            from game.core.match import Match, Seat
            from game.settings import Settings
            from game.ui.app import App
            from game.ui.tables import table_for
            from game.ui.tables.base import TableScene

            app = App(Settings(animation="normal", muted=True))
            levels = levels or ["normal"] * players
            match = Match(game, [Seat(f"Bot {i + 1}", "bot", lv) for i, lv in enumerate(levels)], seed)
            table = table_for(match)
            assert isinstance(table, TableScene)   # every game's table is one
            app.push(table)
            frames: list[float] = []
            cpu: list[float] = []
            thinking: list[float] = []
            limit = 60 * 60 * 30  # 30 minutes of play at 60 Hz: a game never needs that long
            next_frame = time.perf_counter()
            while len(frames) < limit and app.running:
                busy = table.thinker.thinking_in_pool
                t0, c0 = time.perf_counter(), time.thread_time()
                app.step(1 / 60)
                frames.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
                if busy:
                    thinking.append(frames[-1])
                if app.top is not table:  # the results screen replaced the finished table
                    break
                if hard_moves is not None and sum(
                        1 for i in range(len(match.actions)) if match.actor(i) == 0) >= hard_moves:
                    break
                if paced:
                    next_frame = max(next_frame + 1 / 60, time.perf_counter() - 0.1)
                    time.sleep(max(0.0, next_frame - time.perf_counter()))
            finished = match.is_over()
            fallbacks = table.thinker.fallbacks
            app.quit()
            if any(lv == "hard" for lv in levels):
                from game.bots.pool import close_shared

                close_shared()
        finally:
            if old_home is None:
                os.environ.pop("MOTHER_LODE_HOME", None)
            else:
                os.environ["MOTHER_LODE_HOME"] = old_home
    # Wall time is what a player feels; the frame thread's CPU time is the same work without
    # the waits a busy machine adds (both are reported, so a loaded run can be told apart).
    report: dict[str, Any] = {"players": players, "frames": len(frames), "game_finished": finished,
              "p50_ms": round(percentile(frames, 50), 3), "p99_ms": round(percentile(frames, 99), 3),
              "max_ms": round(max(frames), 3), "slowest_frame": frames.index(max(frames)),
              "cpu_p50_ms": round(percentile(cpu, 50), 3), "cpu_p99_ms": round(percentile(cpu, 99), 3),
              "cpu_max_ms": round(max(cpu), 3)}
    if levels != ["normal"] * players:
        report["seats"] = levels
    if "hard" in levels:
        report["thinking"] = {"frames": len(thinking), "p50_ms": round(percentile(thinking, 50), 3),
                              "p99_ms": round(percentile(thinking, 99), 3),
                              "max_ms": round(max(thinking, default=float("nan")), 3)}
        report["fallbacks"] = fallbacks  # decisions the pool failed and a thread made instead
    return report


def startup(runs: int) -> dict[str, Any]:
    """Process start to the first title frame, next to the bare-pygame floor, same machine, same
    run (dummy video driver); the times to exit too. The executable has no source checkout to
    start: there `python build/build.py --measure-startup N` times it."""
    if getattr(sys, "frozen", False):
        return {"skipped": "the executable times its own start with build.py --measure-startup"}
    from game.tools.startup import first_frame_ms, measure_video, programs

    report = measure_video("dummy", programs(), runs)
    game = first_frame_ms(report, "source")
    floor = first_frame_ms(report, "bare pygame")
    assert game is not None and floor is not None
    progs = report["programs"]
    return {"runs": runs, "first_title_frame_ms": game, "bare_pygame_ms": floor,
            "ratio": round(game / floor, 2),
            "exit_ms": progs["source"]["exit"]["median_ms"],
            "bare_pygame_exit_ms": progs["bare pygame"]["exit"]["median_ms"]}


@cli.edge("bench")
def main(argv: list[str]) -> int:
    from game.games import GAMES

    parser = cli.ToolParser(prog="python -m game bench", description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--quick", action="store_true", help="smaller samples (for tests)")
    args = parser.parse_args(argv)
    quick = args.quick
    reference = reference_loop(3 if quick else 7)
    report: dict[str, Any] = {"reference_loop": reference, "games": {}}
    for name in ([args.game] if args.game else sorted(GAMES)):
        info = GAMES[name]
        players = min(4, info.max_players)
        playouts = playouts_per_second(name, 0.5 if quick else 3.0, players)
        # Work per action, machine-free: the random-playout actions done in one reference loop.
        fast = playouts_per_second(name, 0.5 if quick else 3.0, players, fast=True)
        for run in (playouts, fast):
            run["actions_per_reference_loop"] = round(
                run["actions_per_second"] * reference["ms"] / 1000, 1)
        entry: dict[str, Any] = {
            "random_playouts": playouts,
            "random_playouts_fast_path": fast,
            "decisions": {lvl: (hard_decision_times(name, 8 if quick else 40, players)
                                if lvl == "hard" else
                                decision_times(name, lvl, 200 if quick else 3000, players))
                          for lvl in LEVELS},
        }
        if not quick:
            from importlib.util import find_spec

            if find_spec(f"game.ui.tables.{name}") is not None:
                entry["table_frames"] = table_frame_times(name, players, seed=1)
                # Seat 0 hard (thinking in the pool), the others normal, at 60 frames a second.
                entry["table_frames_hard"] = table_frame_times(
                    name, players, seed=1, levels=["hard"] + ["normal"] * (players - 1),
                    paced=True, hard_moves=HARD_TABLE_MOVES)
            else:  # a game whose table is not built yet: say so, measure the rest
                entry["table_frames"] = {"missing": f"no table for {name} yet"}
        report["games"][name] = entry
        if not args.json:
            print(f"{info.title}: {json.dumps(entry, indent=1)}", file=sys.stderr)
    report["startup"] = startup(1 if quick else 5)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(json.dumps(report["startup"], indent=1))
    return 0
