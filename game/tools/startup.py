"""Start-up time: from launching a program to its first title-screen frame, with SDL's dummy
video driver and in a real window, next to the floor of a bare pygame window.

    python -m game.tools.startup [--runs 7] [--video dummy|real|both] [--exe dist/mother-lode] [--json]

The programs timed:

    frozen        the built executable with `--first-frame` (only when one is given with --exe;
                  with several, e.g. two builds to compare, each is "frozen: PATH")
    source        `python -m game --first-frame` from this checkout
    bare pygame   import pygame, init, open the game's 1280x720 scaled window, fill, flip, quit

Each run gives two figures: *first frame*, when the program prints FIRST_FRAME_MARK on stdout
right after its first flip, and *exit*, when the process has ended (which adds pygame.quit and,
for a one-file executable, the removal of its unpack folder). One untimed warm-up run of every
program comes first (a cold file cache, Xvfb's first client), then the timed runs go round-robin
so that drifting machine load spreads evenly over the programs; figures are medians.

The real window: on Linux an X11 window on a private Xvfb display (`xvfb-run -a`; the whole
measurement runs inside one Xvfb session), or the desktop's own display when xvfb-run is missing;
on Windows and macOS the desktop. Audio uses SDL's dummy driver throughout, so a machine without
a sound card measures the same thing. The runs use a new, empty user folder (MOTHER_LODE_HOME),
never the player's: no saved game to continue, default settings.

`build/build.py --measure-startup N` and `python -m game bench` report these figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, cast

from game.tools import cli
from game.ui.main import FIRST_FRAME_MARK

ROOT = Path(__file__).resolve().parents[2]  # the checkout: `python -m game` runs from here
XVFB_SCREEN = "-screen 0 1280x720x24"
MAX_RUNS = 1000  # timed starts of each program; each can take up to RUN_TIMEOUT
RUN_TIMEOUT = 120.0  # seconds for one start; a hang is an error, not a figure

BARE_PYGAME = (
    "import pygame; pygame.init(); "
    "s = pygame.display.set_mode((1280, 720), pygame.SCALED | pygame.RESIZABLE); "
    f"s.fill((0, 0, 0)); pygame.display.flip(); print({FIRST_FRAME_MARK!r}, flush=True); "
    "pygame.quit()"
)

Samples = dict[str, dict[str, list[Any]]]  # program -> {"first_frame": [s | None], "exit": [s]}


class StartupError(Exception):
    """A program failed to start or did not finish; the message carries its stderr."""


# --------------------------------------------------------------------------- one run
def run_once(argv: list[str], env: dict[str, str], cwd: Path = ROOT,
             timeout: float = RUN_TIMEOUT) -> tuple[float | None, float]:
    """Start `argv`; return (seconds to its first-frame mark or None, seconds to its exit)."""
    mark = FIRST_FRAME_MARK.encode()
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err,
                                env=env, cwd=cwd)
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        first: float | None = None
        try:
            assert proc.stdout is not None
            for line in proc.stdout:
                if first is None and line.strip() == mark:
                    first = time.perf_counter() - t0
            code = proc.wait()
        finally:
            killer.cancel()
        elapsed = time.perf_counter() - t0
        if code != 0:
            err.seek(0)
            tail = err.read()[-3000:].decode("utf-8", "replace")
            why = f"killed after {timeout:g} s" if elapsed >= timeout else f"exited {code}"
            raise StartupError(f"`{' '.join(argv)}` {why}:\n{tail}")
    return first, elapsed


def measure(programs: dict[str, list[str]], runs: int, env: dict[str, str],
            cwd: Path = ROOT) -> Samples:
    """Every program once untimed, then `runs` timed rounds, one start of each program per round."""
    for argv in programs.values():
        run_once(argv, env, cwd)
    samples: Samples = {name: {"first_frame": [], "exit": []} for name in programs}
    for _ in range(runs):
        for name, argv in programs.items():
            first, elapsed = run_once(argv, env, cwd)
            samples[name]["first_frame"].append(first)
            samples[name]["exit"].append(elapsed)
    return samples


# --------------------------------------------------------------------------- what to run, where
def programs(*exes: Path) -> dict[str, list[str]]:
    """The frozen executables (if any), the game from source, and the bare-pygame floor."""
    found: dict[str, list[str]] = {}
    for exe in exes:
        found["frozen" if len(exes) == 1 else f"frozen: {exe}"] = [str(exe), "--first-frame"]
    found["source"] = [sys.executable, "-m", "game", "--first-frame"]
    found["bare pygame"] = [sys.executable, "-c", BARE_PYGAME]
    return found


def run_env(home: str, video: str) -> dict[str, str]:
    """The environment of a timed start: `video` is "dummy" or "real"; audio is always dummy."""
    env = dict(os.environ)
    env.update(MOTHER_LODE_HOME=home, MOTHER_LODE_NO_DIALOG="1", PYGAME_HIDE_SUPPORT_PROMPT="1",
               SDL_AUDIODRIVER="dummy")
    if video == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env.pop("SDL_VIDEODRIVER", None)  # SDL picks the system's own driver (X11 on Xvfb)
    return env


def real_window(platform: str = sys.platform) -> tuple[list[str] | None, str]:
    """How to get a real window here: (command prefix, description), or (None, why not).

    The prefix is empty when the programs can open their window on the current desktop.
    """
    if platform.startswith("linux"):
        xvfb_run = shutil.which("xvfb-run")
        if xvfb_run:
            return [xvfb_run, "-a", "-s", XVFB_SCREEN], "X11 window on Xvfb (xvfb-run -a)"
        if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
            return [], "window on this desktop (no xvfb-run)"
        return None, "no xvfb-run (install the xvfb package) and no DISPLAY"
    return [], "window on this desktop"


def measure_video(video: str, progs: dict[str, list[str]], runs: int) -> dict[str, Any]:
    """Time `progs` with the dummy driver or in a real window; a report (see `summarise`)."""
    with tempfile.TemporaryDirectory(prefix="mother-lode-startup-") as home:
        env = run_env(home, video)
        if video == "dummy":
            return summarise(video, "SDL dummy video driver", measure(progs, runs, env))
        prefix, where = real_window()
        if prefix is None:
            return {"video": video, "where": None, "unavailable": where}
        if not prefix:
            return summarise(video, where, measure(progs, runs, env))
        # Inside one Xvfb session: this module again, timing the same programs there.
        command = prefix + [sys.executable, "-m", "game.tools.startup", "--inside-display",
                            "--runs", str(runs), "--programs", json.dumps(progs)]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=RUN_TIMEOUT * (runs + 1) * len(progs) + 60)
        if done.returncode != 0:
            raise StartupError(f"measuring under {prefix[0]} failed (exit {done.returncode}):\n"
                               f"{done.stderr[-3000:]}")
        return summarise(video, where, json.loads(done.stdout.strip().splitlines()[-1]))


# --------------------------------------------------------------------------- the report
def _stats(values: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values]
    return {"median_ms": round(statistics.median(ms), 1), "min_ms": round(min(ms), 1),
            "max_ms": round(max(ms), 1)}


def summarise(video: str, where: str, samples: Samples) -> dict[str, Any]:
    """Medians, minima and maxima in ms per program; `first_frame` is None for a program that
    never printed the mark (it is timed to its exit only)."""
    out: dict[str, Any] = {}
    for name, s in samples.items():
        marked = [v for v in s["first_frame"] if v is not None]
        out[name] = {"runs": len(s["exit"]),
                     "first_frame": _stats(marked) if len(marked) == len(s["exit"]) else None,
                     "exit": _stats(s["exit"])}
    return {"video": video, "where": where, "programs": out}


def _cell(stats: dict[str, float] | None) -> str:
    if stats is None:
        return f"{'(no mark)':>22}"
    return f"{stats['median_ms']:7.0f} ({stats['min_ms']:.0f}-{stats['max_ms']:.0f})".rjust(22)


def format_report(reports: list[dict[str, Any]]) -> str:
    """A table: one block per video driver, one line per program, medians in ms (min-max)."""
    names = [name for r in reports for name in r.get("programs", {})]
    width = max([28] + [len(name) + 2 for name in names])
    lines = [f"{'start-up, ms: median (min-max)':{width + 2}}{'first frame':>22}{'exit':>22}"]
    for report in reports:
        if report.get("unavailable"):
            lines.append(f"{report['video']}: not measured: {report['unavailable']}")
            continue
        runs = max((p["runs"] for p in report["programs"].values()), default=0)
        lines.append(f"{report['video']}: {report['where']}, {runs} runs each")
        for name, p in report["programs"].items():
            lines.append(f"  {name:{width}}{_cell(p['first_frame'])}{_cell(p['exit'])}")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        lines.append("note: PYTHONDONTWRITEBYTECODE is set, so the source runs compile the game's "
                     "modules on every start")
    return "\n".join(lines)


def frozen_programs(report: dict[str, Any]) -> list[str]:
    """The names of the frozen executables in `report`."""
    return [name for name in report.get("programs", {}) if name.startswith("frozen")]


def first_frame_ms(report: dict[str, Any], program: str) -> float | None:
    """The median first-frame figure of `program` in `report` (its exit figure if it had no mark)."""
    p = report.get("programs", {}).get(program)
    if p is None:
        return None
    return cast("float | None", (p["first_frame"] or p["exit"])["median_ms"])


# --------------------------------------------------------------------------- command line
@cli.edge("startup")
def main(argv: list[str]) -> int:
    parser = cli.ToolParser(prog="python -m game.tools.startup",
                            description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=cli.whole("--runs", 1, MAX_RUNS), default=7,
                        help=f"timed starts of each program (at most {MAX_RUNS})")
    parser.add_argument("--video", choices=("dummy", "real", "both"), default="both")
    parser.add_argument("--exe", type=cli.input_file("--exe"), action="append", default=[],
                        help="also time this built executable (repeat it to compare builds)")
    parser.add_argument("--json", action="store_true", help="print the reports as JSON")
    # Used by measure_video itself, inside the Xvfb session: time these programs right here.
    parser.add_argument("--inside-display", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--programs", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inside_display:
        progs = json.loads(args.programs) if args.programs else programs(*args.exe)
        print(json.dumps(measure(progs, args.runs, dict(os.environ))))
        return 0
    progs = programs(*(exe.resolve() for exe in args.exe))
    videos = ["dummy", "real"] if args.video == "both" else [args.video]
    try:
        reports = [measure_video(video, progs, args.runs) for video in videos]
    except StartupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(reports, indent=1) if args.json else format_report(reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())
