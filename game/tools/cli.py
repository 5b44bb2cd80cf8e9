"""The edge of every command-line tool: numbers and paths are checked here, before any work.

Each tool builds its parser with `ToolParser` and declares its arguments with the checked types
below, so a bad command line always ends the same way: one line on stderr naming the tool, the
option and what to write instead, and exit code 2 (never a traceback, never a crash log).

    p = ToolParser(prog="python -m game simulate")
    p.add_argument("--games", type=whole("--games", 1, MAX_GAMES), default=1000)
    p.add_argument("--shots", type=output_folder("--shots"), required=True)
    args = p.parse_args(argv)          # raises UsageError on anything it refuses

The limits (what the documentation lists for the command line):
- games to simulate: 1 to MAX_GAMES; the results stream, so memory does not grow with the count;
- worker processes: 1 up to the CPUs this process may use; more is lowered to that, with a note;
- seeds: whole numbers from 0 to 2**64 - 1 (the generator's own range);
- output folders (`--shots`): created if missing, and tried with a small file before the work;
- input files (replay, verify, `--exe`): must exist and be regular files (no folders, no FIFOs).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from collections.abc import Callable
from typing import Any, NoReturn

from game.core.text import for_terminal

EXIT_USAGE = 2
MAX_GAMES = 10_000_000
MAX_SEED = 2**64 - 1
MAX_DIGITS = 40  # longer numbers are refused before Python is asked to convert them


class UsageError(Exception):
    """A command line that cannot be run; the message says what to change."""


class ToolParser(argparse.ArgumentParser):
    """An argument parser that raises `UsageError` instead of printing usage and exiting; its
    usage and help name the command the way this copy is run (`mother-lode` in the executable)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from game.paths import as_run

        for part in ("prog", "description", "epilog"):
            if isinstance(kwargs.get(part), str):
                kwargs[part] = as_run(kwargs[part])
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        # "argument --games: --games must be ..." says the option twice; keep the second.
        # "argument file: ..." names a positional by its internal name; drop that too.
        head, sep, rest = message.partition(": ")
        if sep and head.startswith("argument "):
            name = head[len("argument "):].split("/")[0]
            if not name.startswith("-") or rest.startswith(name):
                message = rest
        raise UsageError(message)


def printable(text: str) -> str:
    """Text safe for the terminal behind stderr (see `game.core.text.for_terminal`)."""
    return for_terminal(text, sys.stderr)


def report_usage(tool: str, message: str) -> int:
    """Print the one-line usage error for `tool` and return the exit code for it."""
    print(printable(f"{tool}: {message}"), file=sys.stderr)
    return EXIT_USAGE


def whole(option: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (no upper bound when None)."""

    def convert(text: str) -> int:
        raw = text.strip().replace("_", "")
        digits = raw.lstrip("+-")
        if not digits.isdigit() or not digits.isascii() or len(digits) > MAX_DIGITS:
            shown = text if len(text) <= 30 else text[:29] + "…"
            raise argparse.ArgumentTypeError(f"{option} takes a whole number, not {shown!r}")
        value = int(raw)
        if value < low or (high is not None and value > high):
            span = f"from {low:,} to {high:,}" if high is not None else f"{low:,} or more"
            raise argparse.ArgumentTypeError(f"{option} must be {span}; got {value:,}"
                                             if len(digits) <= 30 else
                                             f"{option} must be {span}")
        return value

    convert.__name__ = "number"  # argparse names the type in its own messages
    return convert


def seed(text: str) -> int:
    """An argparse type for `--seed`."""
    return whole("--seed", 0, MAX_SEED)(text)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity where the platform tells it)."""
    try:
        # Windows and macOS have no sched_getaffinity (hence the ignore, unused on Linux).
        return max(1, len(os.sched_getaffinity(0)))  # type: ignore[attr-defined, unused-ignore]
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def cap_jobs(tool: str, jobs: int) -> int:
    """`jobs` lowered to the usable CPU count, saying so on stderr when it had to be lowered (the
    executable starts its worker processes as the source does, game/__main__.py)."""
    cpus = usable_cpus()
    if jobs > cpus:
        print(f"{tool}: --jobs {jobs:,} is more than the {cpus} CPU{'s' if cpus != 1 else ''} "
              f"available; using {cpus}", file=sys.stderr)
        return cpus
    return jobs


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def output_folder(option: str) -> Callable[[str], Path]:
    """An argparse type: a folder that exists or can be made, and that a file can be written in.

    The check writes and removes a small probe file, so a read-only folder, a file in the way or
    a missing drive is reported now rather than as a crash after the work.
    """

    def convert(text: str) -> Path:
        if not text or "\x00" in text:
            raise argparse.ArgumentTypeError(f"{option} needs a folder name")
        path = Path(text)
        try:
            path.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise argparse.ArgumentTypeError(
                f"{option} {text}: a file is in the way; give a folder") from None
        except OSError as exc:
            raise argparse.ArgumentTypeError(
                f"{option} {text}: the folder cannot be made ({_reason(exc)})") from None
        if not path.is_dir():
            raise argparse.ArgumentTypeError(f"{option} {text}: not a folder")
        probe = path / f".mother-lode-write-test-{os.getpid()}"
        try:
            with probe.open("wb") as handle:
                handle.write(b"ok")
        except OSError as exc:
            raise argparse.ArgumentTypeError(
                f"{option} {text}: pictures cannot be written there ({_reason(exc)})") from None
        finally:
            try:
                probe.unlink()
            except OSError:
                pass
        return path

    convert.__name__ = "folder"
    return convert


def input_file(what: str = "a file argument") -> Callable[[str], Path]:
    """An argparse type: an existing regular file (a FIFO or a device would block the read)."""

    def convert(text: str) -> Path:
        if not text or "\x00" in text:
            raise argparse.ArgumentTypeError(f"{what} needs a file name")
        path = Path(text)
        try:
            if not path.exists():
                raise argparse.ArgumentTypeError(f"{text}: no such file")
            if not path.is_file():
                raise argparse.ArgumentTypeError(f"{text}: not a regular file")
        except OSError as exc:
            raise argparse.ArgumentTypeError(f"{text}: cannot be read ({_reason(exc)})") from None
        return path

    convert.__name__ = "file"
    return convert


def edge(tool: str) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """Wrap a tool's `main(argv)`: a `UsageError` becomes one line on stderr and exit code 2,
    and `--help` returns 0 instead of ending the process."""

    def wrap(main: Callable[..., int]) -> Callable[..., int]:
        def run(argv: list[str] | None = None) -> int:
            try:
                return main(list(sys.argv[1:] if argv is None else argv))
            except UsageError as exc:
                return report_usage(tool, str(exc))
            except SystemExit as exc:  # --help printed and asked to exit
                code = exc.code
                return code if isinstance(code, int) else (0 if code is None else EXIT_USAGE)

        run.__name__ = main.__name__
        run.__doc__ = main.__doc__
        run.__wrapped__ = main  # type: ignore[attr-defined]
        return run

    return wrap


def option_pair(text: str) -> tuple[str, str]:
    """An argparse type for `--option KEY=VALUE` (a game option, e.g. side=b)."""
    key, sep, value = text.partition("=")
    key, value = key.strip(), value.strip()
    if not sep or not key or not value or len(text) > 100:
        shown = text if len(text) <= 30 else text[:29] + "…"
        raise argparse.ArgumentTypeError(f"--option takes KEY=VALUE (e.g. side=b), not {shown!r}")
    return key, value


option_pair.__name__ = "option"


def game_options(game: str, pairs: list[tuple[str, str]] | None) -> dict[str, object]:
    """The game options that `--option KEY=VALUE` pairs stand for, from the game's own
    `OPTION_VALUES`/`options_for` (in its rules module); `UsageError` on a key or value it does
    not take, or on a key given twice."""
    import importlib

    pairs = pairs or []
    if not pairs:
        return {}
    module = importlib.import_module(f"game.games.{game}.rules")
    known = getattr(module, "OPTION_VALUES", None)
    if not known:
        raise UsageError(f"{game} has no options to set with --option")
    chosen: dict[str, str] = {}
    for key, value in pairs:
        if key in chosen:
            raise UsageError(f"--option {key} is given twice")
        if key not in known:
            raise UsageError(f"--option {key!r} is not an option of {game}; the options are: "
                             f"{', '.join(f'{k}={chr(124).join(v)}' for k, v in known.items())}")
        if value not in known[key]:
            shown = value if len(value) <= 30 else value[:29] + "…"
            raise UsageError(f"--option {key} takes {' or '.join(known[key])}, not {shown!r}")
        chosen[key] = value
    try:
        return dict(module.options_for(chosen))
    except (ValueError, OSError) as exc:
        raise UsageError(f"--option: {exc}") from None
