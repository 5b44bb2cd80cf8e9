"""Mother Lode: the game, and its headless tools.

    python -m game                      start the game
    python -m game simulate GAME ...    bot-against-bot games, with statistics
    python -m game bench --json         the performance report
    python -m game demo GAME ...        a bots-only game through the real scenes, with screenshots
    python -m game check-map FILE       validate a Gold Mine or Big Dig map made in Tiled
    python -m game replay FILE --shots DIR   a replay drawn headless, one PNG a move
    python -m game verify FILE          check a replay was dealt from its seed (OK or the first bad move)
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

TOOLS = {
    "simulate": "game.tools.simulate",
    "bench": "game.tools.bench",
    "demo": "game.tools.demo",
    "check-map": "game.core.tiled",
    "replay": "game.tools.replay",
    "verify": "game.tools.verify",
}


def attach_console(platform: str | None = None, kernel32: Any = None) -> bool:
    """On Windows the executable is a windowed program: started from a terminal, it has no
    console, so a tool's output (`check-map`'s verdict, `simulate`'s report) would go nowhere.
    Attach to the terminal it was started from, if any, and write there. Elsewhere, or with a
    console already, or started without one (a double-click), nothing changes. Whether it
    attached."""
    if (platform or sys.platform) != "win32" or (sys.stdout is not None and sys.stderr is not None):
        return False
    if kernel32 is None:
        import ctypes

        # Only Windows has ctypes.windll: the ignore is for the others (and unused on Windows).
        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined, unused-ignore]
    if not kernel32.AttachConsole(-1):   # ATTACH_PARENT_PROCESS
        return False
    try:
        out = open("CONOUT$", "w", encoding="utf-8", errors="replace")
    except OSError:
        return False
    if sys.stdout is None:
        sys.stdout = out
    if sys.stderr is None:
        sys.stderr = out
    # The terminal's prompt came back when the program started; start on a fresh line.
    print(file=sys.stdout)
    return True


def _run_tool(name: str, argv: list[str]) -> int:
    """Run one tool. Its arguments are checked at its own edge (game/tools/cli.py); what the
    machine refuses during the work (a full disk, a folder removed meanwhile) still ends in one
    line and exit code 1, and Ctrl-C in 130, not in a traceback and a crash log."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # (a tool's output is its own)
    module = importlib.import_module(TOOLS[name])
    try:
        return int(module.main(argv) or 0)
    except OSError as exc:
        from game.tools.cli import printable

        where = f": {exc.filename}" if exc.filename else ""
        print(printable(f"{name}: {exc.strerror or exc}{where}"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{name}: interrupted", file=sys.stderr)
        return 130


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    from game.crash import install_crash_handler

    # A crash writes a log; only the game itself (not the tools) also shows a message box.
    install_crash_handler(show=None if not args or args == ["--first-frame"] else False)
    if args:
        attach_console()
    if args and args[0] in ("-h", "--help"):
        from game.paths import as_run

        print(as_run(__doc__ or ""))
        return 0
    if args and args[0] in TOOLS:
        return _run_tool(args[0], args[1:])
    if args and args[0] == "--version":
        from game import __version__

        print(__version__)
        return 0
    if args == ["--first-frame"]:
        # Used by the benchmark: start normally, draw the first title frame, exit.
        from game.ui.main import run_game

        return run_game(exit_after_first_frame=True)
    if args:
        from game.paths import as_run

        print(f"unknown command {args[0]!r}\n{as_run(__doc__ or '')}", file=sys.stderr)
        return 2
    from game.ui.main import run_game

    return run_game()


def freeze_support() -> None:
    """The executable starts itself again as the search worker (and as multiprocessing's helper):
    `multiprocessing.freeze_support()` runs that and exits. A source run needs nothing here, and
    does not import multiprocessing for it (the executable has imported it already at start)."""
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()


if __name__ == "__main__":
    freeze_support()
    sys.exit(main())
