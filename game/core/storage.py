"""JSON files of the player's: written atomically, read within bounds.

Writing goes through a temporary file and an atomic rename, so a crash or a killed process never
leaves half a save behind (a kill can leave the temporary file: `clean_leftovers` removes old
ones). Reading (`read_json`) is the one door every saved game, replay, statistics and settings
file comes in through, and it refuses, with a plain reason (`BadFile`, a ValueError), anything
that could hang, exhaust or crash the game: something that is not a regular file (a FIFO would
block the start, a folder cannot be read), a file larger than its limit (checked before reading),
text that is not UTF-8, JSON nested deeper than `MAX_DEPTH` (checked before parsing). A file that
cannot be used is kept for the player with `set_aside`.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

MAX_BYTES = 8 * 1024 * 1024   # any file the game reads (the statistics of 1,000 players: about 5 MB)
# A save or a replay: the longest games seen keep in some tens of kilobytes. A larger one is no
# game's, and reading it would hold the screen that lists them (a megabyte of deep brackets takes
# a few tenths of a second to check and parse).
RECORD_BYTES = 1024 * 1024
MAX_DEPTH = 64                # our files nest 5 deep at most
LEFTOVER_AGE = 60.0           # seconds: a newer temporary file may belong to a writer at work
# The latest moment a file may name (seconds since 1970: 1 January 3000). Windows' clock
# functions reach no further, so a later date from a damaged file would stop a screen showing it.
LATEST_TIME = 32_503_680_000.0

# A JSON string, or one cut off by the file's end (taken to the end): one way only to match any
# text, so a search never backtracks (a repetition inside a repetition did, for as long as the
# world lasts on a file cut inside a long string), and never fails after the first quote (which
# would start it again from each quote inside).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class BadFile(ValueError):
    """A file that cannot be read as ours; the message says why, in words for the player."""


# Past this many characters (on one line) a file meant for reading is written on one line too:
# indenting is done in pure Python, and statistics of a thousand players took 0.17 s to write
# at the end of every game, a frozen frame; a file that size is no reading for anyone anyway.
INDENT_LIMIT = 64 * 1024


def encode_json(data: Any, *, compact: bool = False) -> str:
    """`data` as the JSON text our files hold: indented for files a player may want to read or
    edit (settings, statistics) while they are small (`INDENT_LIMIT`), on one line for saves,
    which are written after every move (encoding without indentation is done in C, several times
    faster)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    if compact or len(text) > INDENT_LIMIT:
        return text
    return json.dumps(data, indent=1, sort_keys=True)


def write_json_atomic(path: Path, data: Any, *, compact: bool = False) -> None:
    """Write `data` as JSON to `path` through a temporary file and an atomic rename."""
    write_text_atomic(path, encode_json(data, compact=compact))


def write_text_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file and an atomic rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        _replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


REPLACE_TRIES = (0.02, 0.05, 0.1)   # seconds between tries of a refused rename


def _replace(tmp: str, path: Path) -> None:
    """The atomic rename, tried again a few times when refused: on Windows another program (a
    virus scanner, a search indexer, a backup) may hold the file for a moment."""
    for wait in REPLACE_TRIES:
        try:
            os.replace(tmp, path)
            return
        except PermissionError:
            time.sleep(wait)
    os.replace(tmp, path)


class BackgroundWriter:
    """Writes files atomically on a thread of its own, so that the frame that saves a game does
    not wait for the disk (a flush to disk can take tens of milliseconds on a slow one).

    `put(path, text)` hands the text over and returns at once; a newer text for a path replaces
    one not yet written (only the latest position matters). `flush()` waits until everything
    handed over is on disk. A write that failed is raised by the next `put` (which still hands its
    text over) or `flush(path)` for the same path, so the caller can tell the player; a later
    write that succeeds clears it.
    """

    def __init__(self, write: Callable[[Path, str], None] = write_text_atomic) -> None:
        self._write = write
        self._cond = threading.Condition()
        self._pending: dict[Path, str] = {}
        self._busy = False
        self._failed: dict[Path, Exception] = {}
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: str) -> None:
        with self._cond:
            self._pending[path] = text   # written all the same: the disk may be back
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="file-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()
            self._raise_failure(path)

    def flush(self, path: Path | None = None, timeout: float | None = None) -> bool:
        """Wait until every text handed over is written (at most `timeout` seconds); raise the
        failure of `path`'s last write, if any. Returns whether everything was written."""
        with self._cond:
            done = self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)
            if path is not None:
                self._raise_failure(path)
            return done

    def forget(self, path: Path) -> None:
        """Drop the failure of `path`'s last write (a write made since supersedes it)."""
        with self._cond:
            self._failed.pop(path, None)

    def _raise_failure(self, path: Path) -> None:
        failure = self._failed.pop(path, None)
        if failure is not None:
            raise failure

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._busy = True
            failure: Exception | None = None
            try:
                self._write(path, text)
            except Exception as exc:  # kept for the caller, who says what failed
                failure = exc
            with self._cond:
                self._busy = False
                if failure is not None:
                    self._failed[path] = failure
                else:
                    self._failed.pop(path, None)
                self._cond.notify_all()


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them.

    Raises BadFile when `path` is not a regular file (without waiting on a FIFO or a device) or is
    larger than `limit`, OSError when it cannot be opened.
    """
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise BadFile(f"it is {_kind(mode)}, not a file")
    # O_NONBLOCK: should a FIFO be swapped in after the check, opening it does not wait for a writer.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = _open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BadFile(f"it is {_kind(info.st_mode)}, not a file")
        if info.st_size > limit:
            raise BadFile(f"it is {_size(info.st_size)}, more than the {_size(limit)} allowed")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew while being read
        raise BadFile(f"it is more than the {_size(limit)} allowed")
    return data


def _open(path: Path, flags: int) -> int:
    """`os.open`, tried again a few times when refused, as `_replace` is: on Windows another
    program may hold the file for a moment."""
    for wait in REPLACE_TRIES:
        try:
            return os.open(path, flags)
        except PermissionError:
            time.sleep(wait)
    return os.open(path, flags)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MB"
    if n >= 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n} bytes"


def nesting(text: str) -> int:
    """How deep the arrays and objects of the JSON `text` nest (brackets inside strings do not
    count); for unbalanced brackets, a depth no smaller than the true one. Never recursive."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    # Strip the innermost pairs, one level a pass: each pass is a linear scan in C, and the
    # caller stops caring past its limit, so at most MAX_DEPTH + 1 passes are made.
    while brackets and depth <= MAX_DEPTH:
        shorter = brackets.replace("[]", "").replace("{}", "")
        depth += 1
        if shorter == brackets:  # unbalanced: what is left cannot nest less than it is long / 2
            return depth + len(brackets) // 2
        brackets = shorter
    return depth if not brackets else depth + 1


def read_json(path: Path, limit: int = MAX_BYTES) -> Any:
    """Read a JSON file within bounds (see the module docstring).

    Raises BadFile (a ValueError) saying what is wrong, OSError when the file cannot be opened.
    """
    data = read_bytes(path, limit)
    try:
        # (A byte-order mark, as some Windows editors write at the head of a file, is not data.)
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        at = exc.start + 1 + (3 if data.startswith(b"\xef\xbb\xbf") else 0)   # (counting the mark)
        raise BadFile(f"it is not text (byte {at} is not UTF-8)") from None
    if not text.strip():
        raise BadFile("the file is empty" if not text else "the file holds nothing but spaces")
    if nesting(text) > MAX_DEPTH:
        raise BadFile(f"it nests deeper than the {MAX_DEPTH} levels allowed")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        # (Python's "Unterminated string starting at" ends in its own "at".)
        raise BadFile(f"not valid JSON ({exc.msg.removesuffix(' at')} at line {exc.lineno})") from None
    except ValueError:   # a number of thousands of digits, which Python declines to read
        raise BadFile("a number in it is too long to be one of ours") from None
    except RecursionError:  # cannot happen past the nesting check; kept as a last guard
        raise BadFile("it nests too deeply") from None


def set_aside(path: Path) -> Path:
    """Move a file that could not be read out of the way, keeping it for the player; returns where.

    Works for anything with a name (a folder or a FIFO in place of a file is renamed the same
    way); raises OSError when it cannot be moved.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.unreadable-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.stem}.unreadable-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


def clean_leftovers(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of `write_json_atomic` (`<name>.json.<random>.tmp`) that a
    killed process left in `folder`; only regular files older than LEFTOVER_AGE seconds, so a
    writer at work is never disturbed. Returns what was removed; never raises."""
    removed: list[Path] = []
    now = time.time() if now is None else now
    try:
        candidates = list(folder.glob("*.json.*.tmp"))
    except OSError:
        return removed
    for p in candidates:
        try:
            info = os.lstat(p)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > LEFTOVER_AGE:
                p.unlink()
                removed.append(p)
        except OSError:
            pass
    return removed
