"""Player settings, kept in the user config folder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game import paths
from game.core.storage import read_json, write_json_atomic

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

    @property
    def speed(self) -> float:
        return SPEED_FACTOR.get(self.animation, 1.0)

    def effective_volume(self) -> float:
        return 0.0 if self.muted else max(0.0, min(1.0, self.volume))


def settings_path() -> Path:
    return paths.user_config_dir() / "settings.json"


def load_settings() -> Settings:
    """The saved settings; defaults for anything missing or unreadable (settings are never fatal)."""
    try:
        data = read_json(settings_path())
    except (OSError, ValueError):
        return Settings()
    s = Settings()
    if isinstance(data, dict):
        for f in fields(Settings):
            if f.name in data and isinstance(data[f.name], type(getattr(s, f.name))):
                setattr(s, f.name, data[f.name])
    if s.animation not in ANIMATION_SPEEDS:
        s.animation = "normal"
    s.volume = max(0.0, min(1.0, float(s.volume)))
    return s


def save_settings(settings: Settings) -> None:
    write_json_atomic(settings_path(), asdict(settings))
