"""Player settings, kept in the user config folder.

Settings are never fatal: a settings file that cannot be used (not JSON, too large, nested too
deeply, values of the wrong kind, not a regular file) is moved aside, never overwritten, and
`load_settings_checked` returns a message for the title screen to show; the game starts with the
defaults for whatever could not be read.
"""

from __future__ import annotations

import logging
import math
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable

from game import paths
from game.bots import PLAYER_LEVELS
from game.core.storage import clean_leftovers, read_json, set_aside, write_json_atomic
from game.core.text import clean_name

log = logging.getLogger(__name__)
SETTINGS_LIMIT = 64 * 1024  # bytes: the file holds a handful of values
# A damaged settings file that could not be moved aside: never written over (it is the player's).
_kept_in_place: set[Path] = set()

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
# How long tweens take compared with "normal"; 0 means no tweens at all.
SPEED_FACTOR = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


@dataclass
class Settings:
    animation: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    colour_symbols: bool = True  # every gem colour also shows its own symbol
    hints: bool = True           # the coach's Hint at a human's decision (key H and a button)
    # The window's size (width, height) when the game last closed, the player's own; empty: the
    # size that fits the desktop (`game.ui.app.window_size_for`).
    window_size: list[int] = field(default_factory=list)
    # Whether the window was maximised when the game last closed: it opens maximised again (its
    # size when un-maximised is `window_size`).
    window_maximised: bool = False
    # The names the human seats had in the last game set up, in seat order: the setup offers them
    # again, so a player's statistics stay under one name.
    names: list[str] = field(default_factory=list)
    # The last setup of each game (game id -> its player count, each seat's kind, the map or
    # board, the Expert rule): the setup offers it again.
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    # What the file holds that this version does not know (the settings of a newer version, read
    # within the file's bounds): kept as read and written back, so that version finds them again.
    others: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def speed(self) -> float:
        return SPEED_FACTOR.get(self.animation, 1.0)

    def effective_volume(self) -> float:
        return 0.0 if self.muted else max(0.0, min(1.0, self.volume))


# Each field as the Settings screen and the setup name it, for a message about the file.
FIELD_WORDS = {"animation": "animation speed", "volume": "volume", "muted": "sound on or off",
               "fullscreen": "full screen", "colour_symbols": "gem symbols", "hints": "hints",
               "window_size": "the window's size", "window_maximised": "the window maximised",
               "names": "the names last played",
               "setups": "the last setup of each game"}


def settings_path() -> Path:
    return paths.user_config_dir() / "settings.json"


def load_settings() -> Settings:
    """The saved settings; defaults for anything missing or unreadable (settings are never fatal)."""
    return load_settings_checked()[0]


def _read(data: object) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON, and the fields in it that were wrong (each left at its default);
    raises ValueError when it is not a table of settings at all."""
    s = Settings()
    if not isinstance(data, dict):
        raise ValueError("it is not a table of settings")
    wrong: list[str] = []
    known = {f.name for f in fields(Settings) if f.name != "others"}
    s.others = {k: v for k, v in data.items() if k not in known}
    for f in fields(Settings):
        if f.name not in known or f.name not in data:
            continue
        value, default = data[f.name], getattr(s, f.name)
        parse = _PARSERS.get(f.name)
        if parse is not None:   # a field with more inside than one value: checked by its own reader
            parsed = parse(value)
            if parsed is None:
                wrong.append(f.name)
            else:
                setattr(s, f.name, parsed)
            continue
        if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if (type(value) is not type(default) or (isinstance(value, float) and math.isnan(value))
                or (f.name == "animation" and value not in ANIMATION_SPEEDS)):
            wrong.append(f.name)
        else:
            setattr(s, f.name, value)
    s.volume = max(0.0, min(1.0, s.volume))
    return s, wrong


MAX_NAMES = 8


def _names(value: object) -> list[str] | None:
    """The remembered names, cleaned as every name from a file is; None when they are not a
    short list of names."""
    if not isinstance(value, list) or len(value) > MAX_NAMES or not all(isinstance(v, str) for v in value):
        return None
    return [clean_name(v) for v in value]


SEAT_KINDS = ("human",) + PLAYER_LEVELS
MAX_SETUPS = 16       # games remembered
MAX_MAP_KEY = 300     # characters of the key naming the map chosen


def _setups(value: object) -> dict[str, dict[str, Any]] | None:
    """The remembered setups: None when they are not a table of at most `MAX_SETUPS`; within it,
    a setup that is not sound (a level this version does not know, say) is left out quietly, for
    it is a comfort only. A setup is only ever compared with what the setup screen offers, never
    drawn."""
    if not isinstance(value, dict) or len(value) > MAX_SETUPS:
        return None
    out: dict[str, dict[str, Any]] = {}
    for game, setup in value.items():
        if isinstance(game, str) and len(game) <= 40:
            kept = _setup(setup)
            if kept is not None:
                out[game] = kept
    return out


def _setup(setup: object) -> dict[str, Any] | None:
    """One game's remembered setup, checked field by field; None if any field is not sound."""
    if not isinstance(setup, dict):
        return None
    players, seats = setup.get("players"), setup.get("seats")
    if type(players) is not int or not 1 <= players <= MAX_NAMES:
        return None
    if not isinstance(seats, list) or len(seats) > MAX_NAMES or any(k not in SEAT_KINDS for k in seats):
        return None
    kept: dict[str, Any] = {"players": players, "seats": list(seats)}
    if "map" in setup:
        if not isinstance(setup["map"], str) or len(setup["map"]) > MAX_MAP_KEY:
            return None
        kept["map"] = setup["map"]
    if "expert" in setup:
        if type(setup["expert"]) is not bool:
            return None
        kept["expert"] = setup["expert"]
    return kept


MAX_WINDOW_SIDE = 16384   # pixels: larger than any screen


def _window(value: object) -> list[int] | None:
    """The remembered window size: two whole numbers of pixels (or none remembered)."""
    if not isinstance(value, list) or len(value) not in (0, 2):
        return None
    if not all(type(v) is int and 1 <= v <= MAX_WINDOW_SIDE for v in value):
        return None
    return list(value)


# The fields read by a reader of their own (the others are one value of the default's type).
_PARSERS: dict[str, Callable[[object], Any]] = {"names": _names, "setups": _setups, "window_size": _window}


def load_settings_checked() -> tuple[Settings, str | None]:
    """The saved settings, and a message for the player when the file was damaged (it is then
    moved aside and kept, never overwritten). Never raises."""
    try:
        path = settings_path()
    except OSError as exc:
        log.error("no settings folder: %s", exc)
        return Settings(), f"{exc} The settings will not be kept."
    clean_leftovers(path.parent)
    if not os.path.lexists(path):
        return Settings(), None
    try:
        settings, wrong = _read(read_json(path, SETTINGS_LIMIT))
        if not wrong:
            return settings, None
        reason = "these values are not usable: " + ", ".join(FIELD_WORDS.get(w, w) for w in wrong)
        partly = True
    except PermissionError as exc:
        # Refused, not damaged (on Windows, another program holding it for a moment): left as it
        # is and not written over this run.
        _kept_in_place.add(path)
        return Settings(), (f"The settings file could not be read just now ({exc.strerror or exc}; "
                            "another program may be using it). The game starts with the usual "
                            "settings and leaves the file as it is.")
    except OSError as exc:
        settings, reason, partly = Settings(), f"it could not be read ({exc.strerror or exc})", False
    except ValueError as exc:
        settings, reason, partly = Settings(), str(exc), False
    log.warning("settings file %s set aside: %s", path, reason)
    try:
        kept = set_aside(path)
    except OSError as exc:
        log.error("could not set %s aside: %s", path, exc)
        _kept_in_place.add(path)
        return settings, (f"The settings file could not be used ({reason}), nor moved out of the "
                          f"way ({exc.strerror or exc}). The game starts with the usual settings.")
    # What could be read is written back at once, so that it is still there at the next start.
    try:
        save_settings(settings)
    except OSError as exc:
        log.error("settings not written after setting %s aside: %s", path, exc)
    rest = ("the settings that could be read are kept, and the usual ones used for the rest" if partly
            else "the game starts with the usual settings")
    return settings, f"The settings file could not be used ({reason}). It was kept as {kept.name}; {rest}."


def save_settings(settings: Settings) -> None:
    """Write the settings, and what the file held that this version does not know (`others`);
    does nothing while a damaged file that could not be moved is there."""
    path = settings_path()
    if path in _kept_in_place and os.path.lexists(path):
        log.warning("settings not saved: %s is damaged and could not be moved aside", path)
        return
    _kept_in_place.discard(path)
    data = asdict(settings)
    write_json_atomic(path, {**data.pop("others"), **data})
