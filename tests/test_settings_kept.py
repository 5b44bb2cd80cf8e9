"""Settings written by a newer version: what this version does not know is kept as read and
written back with the settings it changes, so that the newer version finds it again."""

from __future__ import annotations

import json
from pathlib import Path

from game.settings import Settings, load_settings_checked, save_settings, settings_path

FUTURE = {"language": "de", "colour_blind_palette": "deutan", "window": {"x": 10, "y": [1, 2.5, None]},
          "ratio": float("nan"), "others": {"a": 1}}


def test_settings_of_a_newer_version_are_kept_when_this_one_saves(home: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"animation": "fast", "names": ["Ana"], **FUTURE}), encoding="utf-8")
    settings, message = load_settings_checked()
    assert message is None and settings.animation == "fast" and settings.names == ["Ana"]
    settings.muted = True   # (as the Settings screen or F11 changes a value before saving)
    save_settings(settings)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["muted"] is True and data["animation"] == "fast" and data["names"] == ["Ana"]
    kept = {k: data[k] for k in FUTURE}
    assert {k: v for k, v in kept.items() if k != "ratio"} == {k: v for k, v in FUTURE.items() if k != "ratio"}
    assert kept["ratio"] != kept["ratio"]   # (NaN, as read)
    # Read again, nothing this version knows has changed, and nothing is reported.
    again, message = load_settings_checked()
    assert message is None and again == settings and set(again.others) == set(FUTURE)


def test_a_newer_versions_settings_are_kept_through_a_damaged_value(home: Path) -> None:
    """A value this version cannot use sets the file aside (with a message); the settings written
    back at once still hold what it did not know."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"volume": "loud", "language": "de"}), encoding="utf-8")
    settings, message = load_settings_checked()
    assert message is not None and "volume" in message
    assert json.loads(path.read_text(encoding="utf-8"))["language"] == "de"


def test_the_settings_this_version_knows_win_over_a_stray_copy(home: Path) -> None:
    """`others` holds only what this version does not know: a name it knows is never written twice
    or from there."""
    settings = Settings(animation="slow")
    settings.others = {"animation": "fast", "later": 1}
    save_settings(settings)
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["animation"] == "slow" and data["later"] == 1 and "others" not in data
