"""`python -m game demo GAME --players N --seed S --shots DIR [--speed fast]`: a bots-only game
played through the real scenes (the table, then the results screen), with PNG screenshots.

It steps the frame loop with a fixed dt (1/60 s), so a run is the same game whatever the machine;
shots are taken every so many frames and shortly after key moments (the first draw, a steal, a
Fire in the Hole, a blast, the end), then one of the results screen. With no DISPLAY it uses SDL's
dummy video driver; it never touches the player's own saves (MOTHER_LODE_HOME goes to a temporary
folder unless it is already set).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from game.tools import cli
from game.tools.bench import percentile

NAMES = ("Ana", "Bo", "Cyd", "Dee", "Eli", "Flo")
# Moments worth a picture: event kind -> how many shots of it at most.
KEY_EVENTS = {"draw": 1, "steal": 1, "miss": 1, "fire_drawn": 1, "blast": 1, "gamble": 1,
              "gamble_lost": 1, "reroll": 1, "jump": 1, "safes": 1,
              # Gold Mine
              "mine": 2, "blow": 1, "block": 1, "barrier": 1, "fee": 1, "modifier": 1,
              # Big Dig
              "explode": 1, "flip": 1, "goal": 3, "bonus": 1,
              # Grim Prospects
              "trap": 2, "look": 1, "geode": 1, "bank": 1, "place": 1,
              # Diamond in the Rough
              "bomb": 2, "answer": 2, "invest": 1, "resupply": 1, "retire": 1, "last": 1}
MAX_TABLE_SHOTS = 20
PROGRESS_SHOTS = 8  # spread over the game by how far the deck has run down
MAX_FRAMES = 60 * 60 * 60 * 4  # four hours of play at 60 frames a second


def _pile(state: object) -> list[object]:
    """The cards a game draws from: the deck (Ya Blew It!), the Mine (Grim Prospects), or none."""
    for name in ("deck", "mine"):
        pile = getattr(state, name, None)
        if isinstance(pile, list):
            return pile
    return []


def _prepare_environment() -> str | None:
    """Headless unless a display exists; a private home folder. Returns a temp dir to clean up."""
    # (Only a Linux desktop says it has a display this way; Windows and macOS always have one.)
    linux = sys.platform.startswith("linux")
    if linux and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if os.environ.get("MOTHER_LODE_HOME"):
        return None
    home = tempfile.mkdtemp(prefix="mother-lode-demo-")
    os.environ["MOTHER_LODE_HOME"] = home
    return home


@cli.edge("demo")
def main(argv: list[str]) -> int:
    parser = cli.ToolParser(prog="python -m game demo", description=__doc__.split("\n")[0])
    parser.add_argument("game", help="the game to play, e.g. ya_blew_it")
    parser.add_argument("--players", type=cli.whole("--players", 1, 99), default=4)
    parser.add_argument("--seed", type=cli.seed, default=1)
    # Checked (made and written to) before pygame starts: a bad folder is one line, not a crash.
    parser.add_argument("--shots", type=cli.output_folder("--shots"), required=True,
                        help="folder for the PNG screenshots")
    parser.add_argument("--speed", choices=("slow", "normal", "fast", "instant"), default="normal",
                        help="animation speed (default normal)")
    parser.add_argument("--every", type=cli.whole("--every", 0, MAX_FRAMES), default=0,
                        help="frames between periodic shots (default: as a game's deck runs "
                             "down, or for a game without one a number chosen from the speed)")
    parser.add_argument("--max-frames", type=cli.whole("--max-frames", 1, MAX_FRAMES),
                        default=60 * 60 * 40)
    parser.add_argument("--realtime", action="store_true", help="run at 60 frames per second to watch it")
    parser.add_argument("--sound", action="store_true", help="play the sounds (muted by default)")
    parser.add_argument("--option", type=cli.option_pair, action="append", default=[],
                        metavar="KEY=VALUE",
                        help="a game option, repeatable (Big Dig: side=a|b, expert=on|off)")
    args = parser.parse_args(argv)
    from game.games import GAMES

    if args.game not in GAMES:
        shown = args.game if len(args.game) <= 30 else args.game[:29] + "…"
        raise cli.UsageError(f"unknown game {shown!r}; the games are: {', '.join(GAMES)}")
    info = GAMES[args.game]
    if not info.min_players <= args.players <= info.max_players:
        raise cli.UsageError(f"{info.title} is for {info.min_players} to {info.max_players} "
                             f"players; --players gives {args.players}")
    args.game_options = cli.game_options(args.game, args.option)

    temp_home = _prepare_environment()
    try:
        return _run(args)
    finally:
        if temp_home:
            import shutil

            shutil.rmtree(temp_home, ignore_errors=True)


def _run(args: argparse.Namespace) -> int:
    import pygame

    from game.core.contract import Event
    from game.core.match import Match, Seat
    from game.games import GAMES
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.tables import table_for

    info = GAMES[args.game]  # checked in main
    shots: Path = args.shots  # made and tried in main

    settings = Settings(animation=args.speed, muted=not args.sound, colour_symbols=True)
    app = App(settings)
    # Normal and easy bots, mixed, so both levels are seen at the table.
    seats = [Seat(NAMES[i % len(NAMES)], "bot", "normal" if i % 2 == 0 else "easy")
             for i in range(args.players)]
    match = Match(args.game, seats, args.seed, args.game_options or None)
    table = table_for(match)
    app.push(table)

    every = args.every or {"slow": 1500, "normal": 1100, "fast": 700, "instant": 240}[args.speed]
    # Games with a deck get pictures spread by the deck running down (unless --every says how
    # often); others every `every` frames.
    deck_size = 0 if args.every else len(_pile(match.state))
    marks = [deck_size * k // (PROGRESS_SHOTS + 1) for k in range(PROGRESS_SHOTS, 0, -1)] if deck_size else []
    counts: dict[str, int] = {}
    due: list[tuple[int, str]] = []  # (frame, label) of shots to take
    frame = 0
    taken = 0
    frame_ms: list[float] = []
    cpu_ms: list[float] = []  # the main thread's own CPU time: what a frame costs on a quiet machine

    def on_event(ev: Event) -> None:
        if ev.kind == "game_over" or (ev.kind == "fire_drawn" and ev.data.get("final")):
            # The end of the game is always pictured, whatever the budget says.
            due.append((frame + (40 if args.speed != "instant" else 1), "final_" + ev.kind))
            return
        limit = KEY_EVENTS.get(ev.kind, 0)
        if ev.kind == "blast" and not ev.data.get("lost"):
            return
        if counts.get(ev.kind, 0) >= limit:
            return
        counts[ev.kind] = counts.get(ev.kind, 0) + 1
        # A little after the event starts: cards in the air, or a die just landing.
        delay = {"draw": 12, "take": 14, "blast": 14, "fire_drawn": 40, "steal": 10,
                 "game_over": 30, "mine": 40, "blow": 40, "block": 40, "barrier": 30}.get(ev.kind, 16)
        due.append((frame + (delay if args.speed != "instant" else 1), ev.kind))

    if hasattr(table, "event_listener"):
        table.event_listener = on_event

    def deck_left() -> int:
        # What the table shows (it catches up with the rules), else the rules' own deck.
        shown = getattr(getattr(table, "model", None), "deck", None)
        return shown if isinstance(shown, int) else len(_pile(match.state))

    def shoot(label: str) -> None:
        nonlocal taken
        taken += 1
        app.screenshot(shots / f"{taken:02d}_f{frame:06d}_{label}.png")

    dt = 1 / 60
    clock = pygame.time.Clock()
    while app.running and frame < args.max_frames:
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(dt)
        frame_ms.append((time.perf_counter() - t0) * 1000)
        cpu_ms.append((time.thread_time() - c0) * 1000)
        frame += 1
        if app.top is not table:
            break
        for when, label in [d for d in due if d[0] <= frame]:
            due.remove((when, label))
            if taken < MAX_TABLE_SHOTS or label.startswith("final_"):
                shoot(label)
        if deck_size:
            if marks and deck_left() <= marks[0] and getattr(table, "idle", True) and taken < MAX_TABLE_SHOTS:
                marks.pop(0)
                shoot("table")
        elif frame % every == 0 and taken < MAX_TABLE_SHOTS:
            shoot("table")
        if args.realtime:
            clock.tick(60)
    if app.top is table or not match.is_over():
        print(f"demo: the game did not finish within {args.max_frames} frames", file=sys.stderr)
        app.quit()
        _close(app)
        return 1
    # The results screen: let it settle (its own entrance animation), then take its picture.
    for _ in range(90):
        app.step(dt)
        frame += 1
        if args.realtime:
            clock.tick(60)
    shoot("results")
    print(f"demo: {info.title}, {args.players} players, seed {args.seed}: {len(match.actions)} actions, "
          f"{len(frame_ms)} table frames, {taken} shots in {shots}\n"
          f"  frame wall time p50 {percentile(frame_ms, 50):.2f} ms, p99 {percentile(frame_ms, 99):.2f} ms, "
          f"max {max(frame_ms):.2f} ms\n"
          f"  frame CPU time  p50 {percentile(cpu_ms, 50):.2f} ms, p99 {percentile(cpu_ms, 99):.2f} ms, "
          f"max {max(cpu_ms):.2f} ms")
    app.quit()
    _close(app)
    return 0


def _close(app: object) -> None:
    """Close the window but leave pygame's modules up: fonts cached by the theme stay valid when
    the demo runs inside another program (the tests), and the process ends soon anyway."""
    import pygame

    stack = getattr(app, "stack", [])
    while stack:
        stack.pop().exit()
    pygame.display.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
