"""Starting the game window: logging, the app, the title screen (with the saved games), the loop."""

from __future__ import annotations

import logging
import os
import sys

from game import APP_NAME, __version__

log = logging.getLogger("game")

LOG_FILE = "mother-lode.log"
LOG_MAX_BYTES = 512_000
LOG_BACKUPS = 3
# `--first-frame` prints this line once the first title frame is on screen; the start-up
# measurement (game/tools/startup.py) times its arrival.
FIRST_FRAME_MARK = "first-frame"


class RotatingLog(logging.FileHandler):
    """The log file, kept small the way logging.handlers.RotatingFileHandler does it: once it
    holds `max_bytes`, it becomes `NAME.1` (the older ones `.2` ... `.backups`, the oldest is
    dropped) and a new file starts.

    Our own because importing logging.handlers (socket, pickle) lengthened every start.
    """

    def __init__(self, path: str | os.PathLike[str], max_bytes: int, backups: int) -> None:
        self.max_bytes = max_bytes
        self.backups = backups
        # (A file name that is not UTF-8, quoted by a message, is written escaped.)
        super().__init__(path, encoding="utf-8", errors="backslashreplace")

    def emit(self, record: logging.LogRecord) -> None:
        # logging.Handler.handle holds this handler's lock around emit().
        try:
            if self.stream is not None and self.stream.tell() >= self.max_bytes:
                self._rotate()
        except OSError:
            pass  # a log that cannot rotate (another process holds it) keeps growing instead
        super().emit(record)

    def _rotate(self) -> None:
        assert self.stream is not None   # (emit rotates only an open log)
        self.stream.close()
        self.stream = None  # FileHandler.emit reopens it
        base = self.baseFilename
        for n in range(self.backups - 1, 0, -1):
            if os.path.exists(f"{base}.{n}"):
                os.replace(f"{base}.{n}", f"{base}.{n + 1}")
        if self.backups > 0:
            os.replace(base, f"{base}.1")
        else:
            os.remove(base)


class _Bounded(logging.Formatter):
    """Log records of at most LOG_RECORD_LIMIT characters, cut in the middle: one error of a
    huge message wrote megabytes, past the log's own rotation (which acts between records)."""

    def format(self, record: logging.LogRecord) -> str:
        from game.core.text import cut_middle

        return cut_middle(super().format(record), LOG_RECORD_LIMIT)


LOG_RECORD_LIMIT = 64 * 1024


def setup_logging(level: int = logging.INFO) -> str | None:
    """Log to a rotating file in the user log folder and warnings to stderr; returns the file path.

    Called once; a second call does nothing. A log folder that cannot be written is not fatal.
    """
    root = logging.getLogger()
    if getattr(root, "_mother_lode", False):
        return None
    root.setLevel(level)
    fmt = _Bounded("%(asctime)s %(levelname)s %(name)s: %(message)s")
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(logging.WARNING)
    console.setFormatter(fmt)
    root.addHandler(console)
    path: str | None = None
    try:
        from game import paths

        file_path = paths.user_log_dir() / LOG_FILE
        handler = RotatingLog(file_path, LOG_MAX_BYTES, LOG_BACKUPS)
        handler.setFormatter(fmt)
        root.addHandler(handler)
        path = str(file_path)
    except OSError as exc:
        log.warning("no log file (%s); logging to the console only", exc)
    root._mother_lode = True  # type: ignore[attr-defined]
    return path


def _report(exc: BaseException, log_path: str | None) -> None:
    """Tell the player: a crash report with a message box when `game.crash` is there, else stderr."""
    try:
        from game.crash import report_crash
    except ImportError:
        where = f" Details are in {log_path}." if log_path else ""
        print(f"{APP_NAME} stopped because of an error.{where}", file=sys.stderr)
        return
    report_crash(type(exc), exc, exc.__traceback__)


def _close_search_pool() -> None:
    """Stop the search worker if a hard bot or the coach started one, without waiting for a
    search in progress (every move is saved already); a game without one never imports it."""
    pool = sys.modules.get("game.bots.pool")
    if pool is None:
        return
    try:
        pool.close_shared()
    except Exception:
        log.exception("the search worker could not be stopped")


# SDL's drivers that draw nowhere: chosen on purpose by tests and headless tools, but also what
# SDL falls back to, without a word, when no display can be opened.
HEADLESS_DRIVERS = ("offscreen", "dummy")


def window_problem() -> str | None:
    """Why the game window is not on any screen, or None when it is: SDL fell back to a driver
    that draws nowhere (no display, or one that refused the connection) without being asked to
    in SDL_VIDEODRIVER. Left running, the game would play on unseen and never end."""
    import pygame

    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver not in HEADLESS_DRIVERS or asked == driver:
        return None
    return (f"{APP_NAME} could not open its window: no display could be reached (SDL chose its "
            f"'{driver}' driver). Start it from a desktop session; on Linux, DISPLAY or "
            f"WAYLAND_DISPLAY must name a display you may use.")


def _say_already_open(exit_after_first_frame: bool) -> int:
    import pygame

    from game import instance
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.dialogs import MessageBox

    app = App(Settings())
    app.read_only = True
    problem = window_problem()
    if problem:
        log.error("%s", problem)
        return 1
    app.push(MessageBox("Already open", instance.ALREADY_RUNNING, [("Close", pygame.K_RETURN, app.quit)]))
    if exit_after_first_frame:
        app.step(0.0)
        return 0
    app.run()
    return 0


def run_game(exit_after_first_frame: bool = False) -> int:
    """Open the window and play until the player quits; returns the process exit code.

    `exit_after_first_frame` stops right after the first title-screen frame is shown: the
    benchmark times start-up with it.
    """
    log_path = setup_logging()
    log.info("%s %s starting (Python %s)", APP_NAME, __version__, sys.version.split()[0])
    app = None
    try:
        from game import instance
        from game.ui.app import App
        from game.ui.scenes.title import TitleScene

        try:
            instance.hold()   # held until the process ends
        except instance.AlreadyRunning:
            # Another copy plays from these folders: this one says so and touches nothing (not
            # even the settings, which App() would read, and might set aside, and F11 write).
            log.warning("another copy is running: this one only says so")
            return _say_already_open(exit_after_first_frame)
        app = App()
        problem = window_problem()
        if problem:
            log.error("%s", problem)   # (the console handler says it on stderr too)
            return 1
        app.push(TitleScene())  # it lists the saved games (and says if one was set aside)
        if exit_after_first_frame:
            app.step(0.0)
            if sys.stdout is not None:  # a windowed Windows program may have no stdout
                print(FIRST_FRAME_MARK, flush=True)
            return 0
        app.run()
    except KeyboardInterrupt:
        if app is not None:
            app.quit(anyway=True)  # every scene keeps what it can
        return 0
    except Exception as exc:
        log.exception("%s stopped because of an error", APP_NAME)
        if app is not None:
            try:
                app.quit(anyway=True)  # still give the scenes their chance to save
            except Exception:
                log.exception("saving on the way out failed too")
        _report(exc, log_path)
        return 1
    finally:
        _close_search_pool()
        try:
            import pygame

            pygame.quit()
        except Exception:
            pass
    log.info("%s closed normally", APP_NAME)
    return 0
