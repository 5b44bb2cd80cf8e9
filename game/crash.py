"""Crash reporting for players who never see a terminal.

An uncaught exception writes `crash-YYYYmmdd-HHMMSS.log` (traceback, versions, platform) in the
user log folder (`paths.user_log_dir()`), prints the same text to stderr when there is one, and
shows a plain message box that gives the log's path, instead of the window just vanishing.

    from game.crash import install_crash_handler, run_guarded
    install_crash_handler()          # sys.excepthook and threading.excepthook
    sys.exit(run_guarded(main))      # or: report and return 1 instead of raising

The message box is skipped, silently, when there is nowhere to show it: headless video drivers
(`SDL_VIDEODRIVER=dummy`/`offscreen`), no X11/Wayland display, a thread other than the main one,
or `MOTHER_LODE_NO_DIALOG=1` (tests and CI set it so that nothing can block on a dialog).

Where the report goes: the user log folder; when that folder cannot be made or written (a
read-only disk, a file in the way), `<temp>/MotherLode-logs` instead, and the message says so and
gives the path actually used. Only when no folder at all can be written is there no report.

What the report keeps out: the player's home folder is written as `~` (it names the account), and
the names of the seats of any match found in the crashing frames, and the names the player's
statistics and settings keep, are written as `<player>`. The error's own message is kept (it is
what explains the crash), so the message to the player says that the report may still quote text
from their game.

The handler is installed on every start but a crash is rare, so what only a report needs
(datetime, platform, tempfile) is imported when one is written: start-up stays short.
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
import threading
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType

from game import APP_NAME, __version__

__all__ = [
    "NO_DIALOG_ENV",
    "install_crash_handler",
    "report_crash",
    "run_guarded",
    "write_crash_log",
]

NO_DIALOG_ENV = "MOTHER_LODE_NO_DIALOG"
KEEP_LOGS = 20  # older crash logs are pruned so a crash loop cannot fill the disk
REPORT_LIMIT = 64 * 1024  # characters of a report (a deep recursion's is some 76,000 before scrubbing)
FALLBACK_FOLDER = "MotherLode-logs"  # under the temp folder, when the log folder cannot be written
PLAYER = "<player>"


# --------------------------------------------------------------------------- the log
def _environment() -> list[str]:
    """Lines describing the program and the machine, for the top of a crash log."""
    import datetime as _dt
    import platform

    lines = [
        f"{APP_NAME} {__version__}",
        f"time:      {_dt.datetime.now().isoformat(timespec='seconds')}",
        f"platform:  {platform.platform()} ({platform.machine()})",
        f"python:    {sys.version.split()[0]} {platform.python_implementation()}",
        f"frozen:    {bool(getattr(sys, 'frozen', False))}",
        f"argv:      {sys.argv!r}",
    ]
    # Only describe pygame if it is already loaded: importing it here could itself fail,
    # and a crash in the headless tools should not drag the display stack in.
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        try:
            sdl = ".".join(str(part) for part in pygame.version.SDL)
            lines.append(f"pygame:    {pygame.version.ver} (SDL {sdl})")
            driver = pygame.display.get_driver() if pygame.display.get_init() else "not started"
            lines.append(f"video:     {driver}")
        except Exception as exc:  # a half-initialised pygame must not hide the real crash
            lines.append(f"pygame:    unknown ({exc!r})")
    else:
        lines.append("pygame:    not loaded")
    return lines


def _home_variants() -> list[str]:
    """The spellings of the home folder that can appear in paths, longest first."""
    found: set[str] = set()
    try:
        home = Path.home()
    except Exception:  # no HOME and no password entry: nothing to hide
        return []
    for candidate in (str(home), os.path.realpath(home)):
        if len(candidate) > 1:  # never "/" (a home at the root would swallow every path)
            found.add(candidate.rstrip("/\\"))
    return sorted(found, key=len, reverse=True)


def _seat_names(tb: TracebackType | None, limit: int = 200) -> set[str]:
    """Names of the seats of any match the crashing frames could see (locals, `self.match`)."""
    names: set[str] = set()

    def from_seats(seats: object) -> None:
        if isinstance(seats, (list, tuple)):
            for seat in seats[:16]:
                name = getattr(seat, "name", None)
                if isinstance(name, str) and len(name.strip()) >= 2:
                    names.add(name.strip())

    seen = 0
    while tb is not None and seen < limit:
        seen += 1
        try:
            for value in list(tb.tb_frame.f_locals.values())[:100]:
                for holder in (value, getattr(value, "match", None)):
                    if holder is not None:
                        from_seats(getattr(holder, "seats", None))
        except Exception:  # an odd object must not stop the report
            pass
        tb = tb.tb_next
    return names


def scrub(text: str, names: Iterable[str] = ()) -> str:
    """`text` with the home folder written as `~` and each of `names` as `<player>`."""
    for home in _home_variants():
        text = text.replace(home, "~")
    for name in sorted(set(names), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", PLAYER, text)
    return text


def _preferred_log_dir() -> Path:
    from game import paths

    return paths.user_log_dir()


def _fallback_log_dir() -> Path:
    import tempfile

    return Path(tempfile.gettempdir()) / FALLBACK_FOLDER


def _log_dir() -> Path:
    try:
        return _preferred_log_dir()
    except Exception:
        # The user folder may be unwritable (or platformdirs missing); a log in the temp
        # folder is still better than none.
        fallback = _fallback_log_dir()
        fallback.mkdir(parents=True, exist_ok=True)
        return fallback


def _prune(folder: Path, keep: int = KEEP_LOGS) -> None:
    logs = sorted(folder.glob("crash-*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in logs[keep:]:
        try:
            old.unlink()
        except OSError:
            pass


def report_text(
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    *,
    thread_name: str | None = None,
) -> str:
    """The text of a crash report, home folder and seat names scrubbed (see the module docs), cut
    in its middle past REPORT_LIMIT characters."""
    from game.core.text import cut_middle

    text = "\n".join(_environment())
    if thread_name:
        text += f"\nthread:    {thread_name}"
    text += "\n\n" + "".join(traceback.format_exception(exc_type, exc, tb))
    # (An error's own message can be any length: a report is kept readable, and small.)
    return scrub(cut_middle(text, REPORT_LIMIT), _seat_names(tb) | _known_names())


def _known_names() -> set[str]:
    """The names the player's own files keep: the statistics' players and the names last set up
    (a crash outside a game, in the Statistics screen say, can quote one). Read as they are,
    never set aside nor written here; nothing from a file that cannot be read."""
    names: list[object] = []
    try:
        from game.core.storage import read_json
        from game.settings import settings_path

        names += list(read_json(settings_path()).get("names", []))[:16]
    except Exception:   # the report goes out whatever these files hold
        pass
    try:
        from game.core.storage import read_json
        from game.stats import stats_path

        names += [p.get("name") for p in read_json(stats_path()).get("profiles", [])[:500]
                  if isinstance(p, dict)]
    except Exception:
        pass
    return {n.strip() for n in names if isinstance(n, str) and len(n.strip()) >= 2}


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        where = f" ({scrub(str(error.filename))})" if error.filename else ""
        return f"{error.strerror}{where}"
    return scrub(str(error)) or type(error).__name__


def save_report(text: str, log_dir: Path | None = None) -> tuple[Path, str | None]:
    """Write `text` as a crash log: (its path, None), or, when the log folder (`log_dir`, else
    the user log folder) cannot be made or written, (a path in the temp folder, why not there).

    Raises OSError only when the temp folder cannot be written either.
    """
    try:
        folder = log_dir if log_dir is not None else _preferred_log_dir()
        return _write_in(folder, text), None
    except Exception as error:  # the folder, or platformdirs, or the write itself
        problem = f"the log folder could not be written: {_reason(error)}"
    try:
        return _write_in(_fallback_log_dir(), text), problem
    except OSError:
        import tempfile

        # The shared fallback may belong to another account: a private folder of our own.
        return _write_in(Path(tempfile.mkdtemp(prefix=FALLBACK_FOLDER + "-")), text), problem


def write_crash_log(
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    *,
    log_dir: Path | None = None,
    thread_name: str | None = None,
) -> Path:
    """Write one crash log and return its path (`crash-YYYYmmdd-HHMMSS[-N].log`), in the log
    folder or, when that cannot be written, in the temp folder (see `save_report`)."""
    text = report_text(exc_type, exc, tb, thread_name=thread_name)
    return save_report(text, log_dir)[0]


def _write_in(folder: Path, text: str) -> Path:
    import datetime as _dt

    folder.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        path = folder / (f"crash-{stamp}.log" if n == 1 else f"crash-{stamp}-{n}.log")
        try:
            # "x" never overwrites an earlier crash from the same second (another thread). A file
            # name that is not UTF-8, quoted by the error, is written escaped, never lost.
            with path.open("x", encoding="utf-8", errors="backslashreplace") as handle:
                handle.write(text)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - a thousand crashes in one second
        raise OSError(f"no free crash log name in {folder}")
    try:
        _prune(folder)
    except OSError:  # the report is written; tidying can wait for the next one
        pass
    return path


# --------------------------------------------------------------------------- the message
def _dialog_allowed(show: bool | None) -> bool:
    if show is not None:
        return show
    if os.environ.get(NO_DIALOG_ENV, "").strip() not in ("", "0"):
        return False
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if threading.current_thread() is not threading.main_thread():
        return False  # SDL message boxes belong to the thread that owns the window
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False
    return True


PRIVACY_NOTE = ("Your home folder and the players' names are left out of it, but the error "
                "itself may quote text from your game: read it before you share it.")


# Every move is saved as it is played (game.saves), and the window's way out saves again: what
# the player most wants to know first.
KEPT = "A game in progress was saved up to its last move: it is under Continue when you start again."


def _message(log_path: Path | None, problem: str | None = None) -> str:
    if log_path is None:
        where = "No report could be saved."
        if problem:
            where += f"\n({problem})"
        return f"{APP_NAME} ran into a problem and has to close. {KEPT}\n\n{where}"
    where = f"A report was saved to:\n{log_path}"
    if problem:
        where = f"The usual log folder could not be written, so the report went to the temp " \
                f"folder:\n{log_path}\n({problem})"
    return (
        f"{APP_NAME} ran into a problem and has to close. {KEPT}\n\n"
        f"{where}\n\n"
        f"If you report the problem, please attach that file. {PRIVACY_NOTE}"
    )


def wrapped(message: str, keep: Iterable[str] = (), width: int = 72) -> str:
    """`message` in lines of at most `width` characters: a native box sizes itself to its longest
    line, and one line of the whole text ran past the screen's edges. A line that is one of `keep`
    (the report's path, on its own line, spaces and all) stays whole."""
    whole = set(keep)
    return "\n".join(line if line in whole or not line else
                     textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False)
                     for line in message.split("\n"))


def _show_dialog(log_path: Path | None, problem: str | None = None) -> None:
    """A native message box; any failure (no display, no pygame) is ignored."""
    try:
        import pygame

        # Close a possibly fullscreen window first, or the box could open behind it.
        if pygame.display.get_init():
            pygame.display.quit()
        pygame.display.message_box(
            f"{APP_NAME} has stopped", wrapped(_message(log_path, problem), [str(log_path)]),
            message_type="error"
        )
    except Exception:
        pass


def _write_stderr(text: str) -> None:
    # A windowed build on Windows has no stderr at all (sys.stderr is None).
    stream = sys.stderr or sys.__stderr__
    if stream is None:
        return
    try:
        stream.write(text)
        stream.flush()
    except Exception:
        pass


def report_crash(
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    *,
    show: bool | None = None,
    thread_name: str | None = None,
) -> Path | None:
    """Log the exception, echo it to stderr and tell the player; return the log's path.

    `show=None` decides from the environment (see the module docstring); `False` never opens a
    dialog, `True` always tries. Never raises: a failing report must not mask the crash.
    """
    log_path: Path | None = None
    problem: str | None = None
    try:
        text = report_text(exc_type, exc, tb, thread_name=thread_name)
    except Exception:  # the scrubbing itself failed: the plain traceback, never nothing
        text = "".join(traceback.format_exception(exc_type, exc, tb))
    try:
        log_path, problem = save_report(text)
    except Exception as log_error:
        problem = f"no folder could be written: {_reason(log_error)}"
        _write_stderr(f"could not write a crash log: {problem}\n")
    _write_stderr("".join(traceback.format_exception(exc_type, exc, tb)))
    if log_path is not None:
        if problem:
            _write_stderr(f"{APP_NAME} crashed; {problem}, so the report is in the temp folder: "
                          f"{log_path}\n")
        else:
            _write_stderr(f"{APP_NAME} crashed; the report is in {log_path}\n")
    if _dialog_allowed(show):
        _show_dialog(log_path, problem)
    return log_path


# --------------------------------------------------------------------------- wiring
def install_crash_handler(*, show: bool | None = None) -> None:
    """Route uncaught exceptions (main thread and other threads) through `report_crash`.

    Ctrl-C (KeyboardInterrupt) keeps Python's usual behaviour; it is not a crash.
    """
    previous = sys.excepthook

    def excepthook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            previous(exc_type, exc, tb)
            return
        report_crash(exc_type, exc, tb, show=show)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit or args.exc_value is None:
            return  # threading ignores SystemExit by default; so do we
        name = args.thread.name if args.thread is not None else None
        # Never a dialog from a worker thread: SDL wants it on the window's thread.
        report_crash(args.exc_type, args.exc_value, args.exc_traceback, show=False, thread_name=name)

    sys.excepthook = excepthook
    threading.excepthook = thread_hook


def run_guarded(fn: Callable[[], int | None], *, show: bool | None = None) -> int:
    """Call `fn()`; return its exit code, or report a crash and return 1.

    SystemExit passes through untouched (an explicit exit is not a crash); Ctrl-C returns 130,
    the shell's code for an interrupt, without a report.
    """
    try:
        return int(fn() or 0)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        return 130
    except BaseException as exc:  # noqa: BLE001 - everything else is a crash to report
        report_crash(type(exc), exc, exc.__traceback__, show=show)
        return 1
