"""Where things are: the game's own read-only data, and the player's folders.

Data paths resolve the same way from a source checkout, a one-folder build and a one-file build
(PyInstaller sets `sys._MEIPASS` to the unpack folder; the spec copies `assets/`, `maps/` and
`docs/rules/` there under the same names). Saves, settings and logs live in the platform's user
folders from platformdirs, never next to the program.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from platformdirs import PlatformDirs

APP_SLUG = "MotherLode"


def data_root() -> Path:
    """The folder that holds `assets/`, `maps/` and `docs/`."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


SOURCE_COMMAND = "python -m game"
PROGRAM = "mother-lode"   # the executable's name (build/mother-lode.spec)


def as_run(text: str) -> str:
    """`text` (a usage or help text) with the command written the way this copy is run: the
    executable has no `python -m game`, only its own name."""
    if getattr(sys, "frozen", False):
        # (Not a module path such as `python -m game.tools.startup`: no such tool is built in.)
        return re.sub(re.escape(SOURCE_COMMAND) + r"(?![.\w])", PROGRAM, text)
    return text


def asset(*parts: str) -> Path:
    """A file under `assets/`."""
    return data_root().joinpath("assets", *parts)


def rules_doc(name: str) -> Path:
    """A rules page under `docs/rules/`."""
    return data_root().joinpath("docs", "rules", name)


def map_file(*parts: str) -> Path:
    return data_root().joinpath("maps", *parts)


def _dirs() -> PlatformDirs:
    return PlatformDirs(APP_SLUG, appauthor=False)


class UserFolderError(OSError):
    """A user folder that cannot be created or used; its text says which folder, what it is for
    and why, in words fit for the player."""

    def __init__(self, what: str, path: Path, exc: OSError) -> None:
        super().__init__(exc.errno, exc.strerror)
        self.what = what
        self.path = path
        self.reason = exc.strerror or str(exc)

    def __str__(self) -> str:
        return f"The folder for {self.what} could not be created: {self.path} ({self.reason})."


def _user_dir(env: str, fallback: str, what: str) -> Path:
    # MOTHER_LODE_HOME moves every user folder at once (tests, portable installs).
    home = os.environ.get("MOTHER_LODE_HOME")
    path = Path(home) / env if home else Path(getattr(_dirs(), fallback))
    return ensure_folder(path, what)


def ensure_folder(path: Path, what: str) -> Path:
    """`path`, a folder, made if it is not there; raises UserFolderError saying why it cannot be
    (`what`: what it holds, for the message)."""
    if path.is_dir():   # the usual case, asked after every move: one look at the disk
        return path
    try:
        if path.is_symlink():   # (mkdir would say "File exists")
            raise FileNotFoundError(2, "a link in its place leads to no folder")
        path.mkdir(parents=True, exist_ok=True)
        if not path.is_dir():
            raise NotADirectoryError(20, "a file is in its place")
    except UserFolderError:
        raise
    except OSError as exc:
        raise UserFolderError(what, path, exc) from exc
    return path


def user_data_dir() -> Path:
    """Saves and user maps; raises UserFolderError when it cannot be created."""
    return _user_dir("data", "user_data_dir", "saved games, replays and statistics")


def user_config_dir() -> Path:
    """Settings; raises UserFolderError when it cannot be created."""
    return _user_dir("config", "user_config_dir", "settings")


def user_log_dir() -> Path:
    """Crash logs; raises UserFolderError when it cannot be created."""
    return _user_dir("logs", "user_log_dir", "logs")
