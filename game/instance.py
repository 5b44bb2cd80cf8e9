"""One copy of the game at a time plays from the player's folders.

Two copies on one saved game each save their own moves over the other's: whichever saves last
wins, and a finished game can come back to Continue. The first copy holds a lock on a file in the
user data folder for as long as it runs; a second copy finds it held and says so instead of
opening the title. The operating system lets go of the lock when the process ends, however it
ends (a crash, a killed process), so a lock is never left behind.
"""

from __future__ import annotations

import errno
import logging
import sys
from typing import IO

from game import paths

log = logging.getLogger(__name__)
LOCK_NAME = "running.lock"
# What a lock that another process holds answers (Windows says EACCES or EDEADLOCK).
HELD_ELSEWHERE = {errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)}


class AlreadyRunning(Exception):
    """Another copy of the game holds the lock."""


_held: IO[str] | None = None   # the lock's open file, held until the process ends


def hold() -> None:
    """Take the lock for this process (nothing happens when it has it already, or when no lock
    can be had at all: a user folder that cannot be used, where the game goes on and says so
    where it saves). Raises AlreadyRunning when another copy holds it."""
    global _held
    if _held is not None:
        return
    try:
        path = paths.user_data_dir() / LOCK_NAME
        handle = open(path, "a+", encoding="utf-8")
    except OSError as exc:
        log.warning("no lock on the user folder: %s", exc)
        return
    try:
        if sys.platform == "win32":   # (as os.name == "nt"; the type checker follows this form)
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        handle.close()
        if exc.errno in HELD_ELSEWHERE:
            raise AlreadyRunning(str(path)) from None
        # A disk that keeps no locks (some network and mounted folders): played without one,
        # rather than never.
        log.warning("no lock on the user folder: %s", exc)
        return
    _held = handle


def release() -> None:
    """Let go of the lock (tests; the process ending lets go of it anyway)."""
    global _held
    if _held is not None:
        _held.close()
        _held = None


ALREADY_RUNNING = ("Mother Lode is already open in another window, playing from the same saved "
                   "games. Use that window: two copies on one game would each save over the "
                   "other's moves.")
