"""`python -m game simulate GAME --seats normal,easy --games N --seed S [--json]`: bot-only games.

Plays seeded headless games between bots and reports each seat's wins (ties share a win: each of k
tied winners gets 1/k), a 95% Wilson interval on its win rate, its mean score, and a table of
game-shape statistics averaged per game (for Ya Blew It!: rounds, cards drawn, steals, gambles,
Fires, re-rolls, Claim Jumpers, cards lost to blasts) that justify the deck composition.

Everything is reproducible from the seed: game g gets its own seed from one generator stream, the
first Prospector rotates (`first_player = g % seats`), and each bot gets its own seed derived from
its game's. A bot only ever sees `state.view(seat)`. The results do not depend on `--jobs`.

`--peek SEAT` is for measuring, never for play: that seat's bot deals the true hidden cards
whenever it samples a position from its view (the future's dice and shuffles stay unknown), so a
run says how much a bot would gain from seeing every secret (`PeekingView`).

The games stream: seeds are drawn one at a time, games go to the workers in batches of a bounded
size and each result is added into running totals and dropped, so memory stays the same for ten
games or ten million (`--games` is capped at `cli.MAX_GAMES`; `--jobs` at the usable CPUs).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence, TextIO, cast

from game.bots import LEVELS, make_bot
from game.bots import levels as bot_levels
from game.core.contract import Event, GameInfo, IllegalAction, View
from game.core.rng import Rng, derive_seed
from game.tools import cli
from game.tools.cli import EXIT_USAGE, MAX_GAMES, UsageError

__all__ = ["EXIT_USAGE", "MAX_GAMES", "UsageError", "main", "simulate"]

BATCH_PER_JOB = 64  # games handed to the worker pool at a time, per worker


def _parser() -> cli.ToolParser:
    p = cli.ToolParser(prog="python -m game simulate",
                description="Play seeded bot-only games and report win rates and game statistics.")
    p.add_argument("game", help="the game to play, e.g. ya_blew_it")
    p.add_argument("--seats", required=True,
                   help="bot levels, one per seat, comma-separated (e.g. normal,easy); "
                        f"levels: {', '.join(LEVELS)}, and a game's own measuring levels "
                        "(Grim Prospects: always_dig, always_bank)")
    p.add_argument("--games", type=cli.whole("--games", 1, MAX_GAMES), default=1000,
                   help=f"number of games (default 1000, at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=cli.seed, default=1, help="master seed (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--option", type=cli.option_pair, action="append", default=[],
                   metavar="KEY=VALUE",
                   help="a game option, repeatable (Big Dig: side=a|b, expert=on|off)")
    p.add_argument("--peek", type=cli.whole("--peek", 1), action="append", default=[],
                   metavar="SEAT",
                   help="measuring only: this seat's bot (1 = the first) sees every hidden card "
                        "when it samples a position; repeatable")
    p.add_argument("--jobs", type=cli.whole("--jobs", 1), default=1,
                   help="worker processes (default 1, at most the CPU count); the results are "
                        "identical for any value")
    return p


# ---------------------------------------------------------------------------- statistics
def _ya_blew_it_table(events: Sequence[Event]) -> dict[str, float]:
    """Game-shape counts for one game of Ya Blew It!, from its event log."""
    c: Counter[str] = Counter()
    for e in events:
        k = e.kind
        d = e.data
        if k == "round":
            c["rounds"] += 1
        elif k in ("draw", "fire_drawn"):
            c["cards_drawn"] += 1
            if k == "fire_drawn":
                c["fires"] += 1
        elif k == "roll" and d.get("why") == "steal":
            c["steal_rolls"] += 1
        elif k == "steal":
            c["steals"] += 1
        elif k == "keep":
            c["keeps"] += 1
        elif k == "gamble_won":
            c["gamble_wins"] += 1
        elif k == "gamble_lost":
            c["gamble_losses"] += 1
            c["cards_lost_to_gambles"] += len(d.get("cards", ()))
        elif k == "reroll":
            c["rerolls"] += 1
        elif k == "jump":
            c["jumpers_played"] += 1
        elif k == "blast":
            c["cards_lost_to_blasts"] += len(d.get("lost", ()))
            c["safes_used"] += len(d.get("safes_used", ()))
        elif k == "take":
            c["claims_taken"] += 1
            c["cards_taken"] += len(d.get("cards", ()))
    keys = ("rounds", "cards_drawn", "steal_rolls", "steals", "keeps", "gamble_wins",
            "gamble_losses", "fires", "rerolls", "jumpers_played", "cards_lost_to_blasts",
            "safes_used", "cards_lost_to_gambles", "claims_taken", "cards_taken")
    return {key: float(c[key]) for key in keys}


def _generic_table(events: Sequence[Event]) -> dict[str, float]:
    """For games without their own statistics: how often each kind of event happened."""
    counts = Counter(e.kind for e in events)
    return {f"events_{kind}": float(n) for kind, n in sorted(counts.items())}


def _gold_mine_table(events: Sequence[Event]) -> dict[str, float]:
    """Event counts, and who won from which start point and choosing position."""
    from game.games.gold_mine.stats import win_shares

    return {**_generic_table(events), **win_shares(events)}


def _big_dig_table(events: Sequence[Event]) -> dict[str, float]:
    """Turns per player (the game's length) and how the game went (game.games.big_dig.stats)."""
    from game.games.big_dig.stats import game_table

    return game_table(events)


def _grim_prospects_table(events: Sequence[Event]) -> dict[str, float]:
    """Turns per player, actions taken, Traps triggered (game.games.grim_prospects.stats)."""
    from game.games.grim_prospects.stats import game_table

    return game_table(events)


def _diamond_table(events: Sequence[Event]) -> dict[str, float]:
    """How the game ended (retire four, retire three + Gem, Gem holder, everybody loses) and its
    length in turns (game.games.diamond_in_the_rough.stats)."""
    from game.games.diamond_in_the_rough.stats import game_table

    return game_table(events)


def _grim_prospects_final(state: Any, shares: Sequence[float]) -> dict[str, float]:
    """Who ended with which card, and their share of the win."""
    from game.games.grim_prospects.stats import card_table

    return card_table(state, shares)


def _grim_prospects_split(table: dict[str, float], players: int) -> tuple[dict[str, float], Any]:
    from game.games.grim_prospects.stats import split_report

    return split_report(table, players)


TABLES: dict[str, Callable[[Sequence[Event]], dict[str, float]]] = {
    "ya_blew_it": _ya_blew_it_table,
    "gold_mine": _gold_mine_table,
    "big_dig": _big_dig_table,
    "grim_prospects": _grim_prospects_table,
    "diamond_in_the_rough": _diamond_table,
}
# Figures read from a game's final position and its win shares (added to its table).
FINAL_TABLES: dict[str, Callable[[Any, Sequence[float]], dict[str, float]]] = {
    "grim_prospects": _grim_prospects_final,
}
# Games whose averaged table holds figures of their own: split off into report["cards"].
CARD_REPORTS: dict[str, Callable[[dict[str, float], int], tuple[dict[str, float], Any]]] = {
    "grim_prospects": _grim_prospects_split,
}


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a win rate of `wins`/`n` (fractional tie shares allowed)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# ---------------------------------------------------------------------------- playing
@dataclass(frozen=True)
class GameSpec:
    """Everything one game needs; small and picklable so that worker processes can play it."""

    game: str
    levels: tuple[str, ...]
    index: int
    seed: int
    # `--option KEY=VALUE` choices as text, turned into game options in the worker.
    options: tuple[tuple[str, str], ...] = ()
    peek: tuple[int, ...] = ()   # seats (0-based) whose bots sample the true position (--peek)


class PeekingView:
    """A seat's view whose samples are the true position, with a fresh generator for what is
    still to come (dice, shuffles): `--peek`, to measure what hidden information is worth to a
    bot. Everything else is the seat's own view."""

    def __init__(self, view: Any, state: Any) -> None:
        self._view = view
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)

    def sample_state(self, rng: Rng, lean: Any = None) -> Any:
        """The true position (a game's guessing `lean`, if any, has nothing left to guess)."""
        s = self._state.copy()
        s.rng = Rng(rng.next64())
        return s


@dataclass(frozen=True)
class GameResult:
    index: int
    shares: tuple[float, ...]   # each winner's share of the win (1/k on a k-way tie)
    scores: tuple[int, ...]
    actions: int
    table: dict[str, float]


def iter_game_seeds(master: int, game: str, count: int) -> Iterator[int]:
    """One seed per game, drawn from a single stream, one at a time.

    A stream rather than `derive_seed(master, g)` per game: consecutive outputs of one generator
    never repeat, so no two games of a run are ever the same deal.
    """
    stream = Rng(derive_seed(master, "simulate", game))
    for _ in range(count):
        yield stream.next64()


def game_seeds(master: int, game: str, count: int) -> list[int]:
    """The seeds of `iter_game_seeds` as a list (for small counts)."""
    return list(iter_game_seeds(master, game, count))


def iter_specs(game: str, levels: Sequence[str], games: int, seed: int,
               options: Sequence[tuple[str, str]] = (),
               peek: Sequence[int] = ()) -> Iterator[GameSpec]:
    """The games of a run, made one at a time as they are played."""
    levels = tuple(levels)
    chosen = tuple(options)
    peeking = tuple(sorted(set(peek)))
    for g, s in enumerate(iter_game_seeds(seed, game, games)):
        yield GameSpec(game, levels, g, s, chosen, peeking)


def play_game(spec: GameSpec) -> GameResult:
    """Play one bot-only game to the end; every bot decides from its own seat's view only (a
    `--peek` seat's samples excepted)."""
    from game.games import get

    info = get(spec.game)
    n = len(spec.levels)
    names = tuple(f"Seat {i + 1} ({level})" for i, level in enumerate(spec.levels))
    options = cli.game_options(spec.game, list(spec.options))
    config = info.make_config(n, names, {**options, "first_player": spec.index % n})
    state, events = info.new(config, spec.seed)
    bots = [make_bot(spec.game, level, derive_seed(spec.seed, "bot", seat, level))
            for seat, level in enumerate(spec.levels)]
    log: list[Event] = list(events)
    actions = 0
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        view = state.view(seat)
        # A PeekingView stands in for the view it wraps (it answers for it, but for the samples).
        action = bots[seat].choose(cast(View, PeekingView(view, state)) if seat in spec.peek else view)
        try:
            state, events = state.apply(action)
        except IllegalAction as exc:
            raise RuntimeError(f"the {spec.levels[seat]} bot in seat {seat + 1} chose '{action}' "
                               f"in game {spec.index}: {exc}") from exc
        log.extend(events)
        actions += 1
    outcome = state.outcome()
    shares = [0.0] * n
    for w in outcome.winners:
        shares[w] += 1.0 / len(outcome.winners)
    table = TABLES.get(spec.game, _generic_table)(log)
    final = FINAL_TABLES.get(spec.game)
    if final is not None:
        table.update(final(state, shares))
    return GameResult(spec.index, tuple(shares), tuple(s.total for s in outcome.scores),
                      actions, table)


def _batches(specs: Iterable[GameSpec], size: int) -> Iterator[list[GameSpec]]:
    it = iter(specs)
    while batch := list(itertools.islice(it, size)):
        yield batch


def _play_all(specs: Iterable[GameSpec], jobs: int, total: int | None = None) -> Iterator[GameResult]:
    """The results in game order, from this process or from a pool of workers.

    Never holds more than one batch (`jobs * BATCH_PER_JOB` games) of specs or results: the pool
    gets the next batch only when the previous one has been consumed.
    """
    if jobs <= 1 or (total is not None and total < 2):
        for spec in specs:
            yield play_game(spec)
        return
    import multiprocessing

    size = jobs * BATCH_PER_JOB
    chunk = max(1, min(25, size // (jobs * 8)))
    # Workers are started fresh ("spawn"), never forked: a fork copies this process's other
    # threads' locks in whatever state they are, and a worker can wait on one forever.
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for batch in _batches(specs, size):
            yield from pool.imap(play_game, batch, chunksize=chunk)


class _Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.enabled = stream.isatty()
        self.start = time.perf_counter()
        self.shown = -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        percent = done * 100 // max(1, self.total)
        if percent == self.shown and done != self.total:
            return
        self.shown = percent
        width = 30
        filled = width * done // max(1, self.total)
        rate = done / max(1e-9, time.perf_counter() - self.start)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games "
                          f"({rate:.0f}/s)")
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


# ---------------------------------------------------------------------------- the command
def _validate(args: argparse.Namespace) -> tuple[GameInfo, tuple[str, ...]]:
    from game.games import GAMES

    if args.game not in GAMES:
        shown = args.game if len(args.game) <= 30 else args.game[:29] + "…"
        raise UsageError(f"unknown game {shown!r}; the games are: {', '.join(GAMES)}")
    info = GAMES[args.game]
    levels = tuple(level.strip() for level in args.seats.split(","))
    if any(not level for level in levels):
        raise UsageError(f"--seats {args.seats!r} has an empty seat; write levels like normal,easy")
    if not info.min_players <= len(levels) <= info.max_players:
        raise UsageError(f"{info.title} is for {info.min_players} to {info.max_players} players; "
                         f"--seats gives {len(levels)}")
    for level in levels:
        try:
            make_bot(args.game, level, 0)
        except ValueError:
            shown = level if len(level) <= 30 else level[:29] + "…"
            raise UsageError(f"unknown bot level {shown!r}; the levels are: "
                             f"{', '.join(bot_levels(args.game))}") from None
    return info, levels


def simulate(game: str, levels: Sequence[str], games: int, seed: int, jobs: int = 1,
             progress: TextIO | None = None,
             options: Sequence[tuple[str, str]] = (),
             peek: Sequence[int] = ()) -> dict[str, Any]:
    """Run the games and return the report (the same object that `--json` prints).

    Each result is folded into running totals and dropped (memory does not grow with `games`).
    `peek`: seats (0-based) whose bots sample the true position (see `PeekingView`).
    """
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be from 1 to {MAX_GAMES:,}, not {games}")
    n = len(levels)
    if any(not 0 <= q < len(levels) for q in peek):
        raise ValueError(f"peek seats must be from 0 to {len(levels) - 1}")
    specs = iter_specs(game, levels, games, seed, options, peek)
    bar = _Progress(games, progress if progress is not None else sys.stderr)
    wins = [0.0] * n
    score_sums = [0] * n
    table_sums: dict[str, float] = {}
    actions = 0
    ties = 0
    start = time.perf_counter()
    done = 0
    for result in _play_all(specs, max(1, jobs), games):
        for i in range(n):
            wins[i] += result.shares[i]
            score_sums[i] += result.scores[i]
        ties += sum(1 for share in result.shares if share) > 1
        actions += result.actions
        for key, value in result.table.items():
            table_sums[key] = table_sums.get(key, 0.0) + value
        done += 1
        bar.update(done)
    bar.finish()
    elapsed = max(1e-9, time.perf_counter() - start)
    seats = []
    for i, level in enumerate(levels):
        low, high = wilson(wins[i], games)
        seats.append({
            "seat": i,
            "level": level,
            "wins": round(wins[i], 6),
            "win_rate": round(wins[i] / games, 6),
            "ci95": [round(low, 6), round(high, 6)],
            "mean_score": round(score_sums[i] / games, 4),
            **({"peeks": True} if i in peek else {}),
        })
    table = {key: round(value / games, 4) for key, value in table_sums.items()}
    table["actions"] = round(actions / games, 4)
    table["ties"] = round(ties / games, 4)
    extra: dict[str, Any] = {}
    split = CARD_REPORTS.get(game)
    if split is not None:
        table, extra["cards"] = split(table, n)
    return {
        "game": game,
        "players": n,
        "games": games,
        "seed": seed,
        "options": {k: v for k, v in options},
        "seats": seats,
        "games_per_second": round(games / elapsed, 3),
        "table": table,
        **extra,
    }


def format_report(report: dict[str, Any]) -> str:
    """A readable version of the report for a terminal."""
    chosen = "".join(f", {k}={v}" for k, v in report.get("options", {}).items())
    rate = report["games_per_second"]
    # Hard bots search at every decision: their games can take seconds each.
    speed = f"{rate:.1f} games/s" if rate >= 1 or rate <= 0 else f"{1 / rate:.1f} s a game"
    lines = [f"{report['game']}: {report['games']} games, {report['players']} players, "
             f"seed {report['seed']}{chosen} ({speed})", ""]
    lines.append(f"{'seat':>4}  {'level':<8} {'wins':>9} {'win rate':>9}  {'95% interval':<15} "
                 f"{'mean score':>10}")
    for s in report["seats"]:
        low, high = s["ci95"]
        level = s["level"] + ("*" if s.get("peeks") else "")
        lines.append(f"{s['seat'] + 1:>4}  {level:<8} {s['wins']:>9.1f} {s['win_rate']:>9.1%}  "
                     f"{low:>6.1%}-{high:<7.1%} {s['mean_score']:>10.2f}")
    if any(s.get("peeks") for s in report["seats"]):
        lines.append("* sees every hidden card when it samples a position (--peek; a bot that samples "
                     "none plays as usual): a measure, not a fair player")
    lines.append("")
    if "turns_per_player" in report["table"]:
        lines.append(f"mean game length: {report['table']['turns_per_player']:.2f} turns per player")
        lines.append("")
    lines.append("per game, on average:")
    for key, value in report["table"].items():
        lines.append(f"  {key.replace('_', ' '):<24} {value:>8.2f}")
    if report.get("cards"):
        base = 1.0 / report["players"]
        lines.append("")
        lines.append(f"per card (base win rate {base:.1%}):")
        lines.append(f"  {'card':<12} {'held by':>8} {'wins with':>10} {'without':>9} {'vs base':>8}")

        def pct(x: float | None) -> str:
            return "-" if x is None else f"{x:.1%}"

        for key, c in report["cards"].items():
            ratio = "-" if c["vs_base"] is None else f"{c['vs_base']:.2f}x"
            lines.append(f"  {key:<12} {c['held_by']:>8.1%} {pct(c['win_rate_with']):>10} "
                         f"{pct(c['win_rate_without']):>9} {ratio:>8}")
    return "\n".join(lines)


@cli.edge("simulate")
def main(argv: list[str]) -> int:
    """Entry point for `python -m game simulate ...`; returns the process exit code."""
    args = _parser().parse_args(argv)
    _, levels = _validate(args)
    cli.game_options(args.game, args.option)   # refused here, before any game is played
    jobs = cli.cap_jobs("simulate", args.jobs)
    peek = sorted({seat - 1 for seat in args.peek})
    if any(seat >= len(levels) for seat in peek):
        raise UsageError(f"--peek must name a seat from 1 to {len(levels)}")
    report = simulate(args.game, levels, args.games, args.seed, jobs, options=args.option, peek=peek)
    text = json.dumps(report, indent=2) if args.json else format_report(report)
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`... | head`): not an error of the simulation. Point stdout
        # at nothing so that the interpreter's final flush does not complain again.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
