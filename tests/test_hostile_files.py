"""Whatever the player's files hold, the game starts, says what it set aside, and loses nothing.

Each class of hostile content is fed, several instances at a time, through the real entry points:
the title screen's Continue list and Resume (saves), the App's start (settings), the statistics
screen (statistics), with the headless drivers in a private user folder. Every test asserts a clear
message, no exception, and that the original bytes (or the FIFO, or the folder) are kept aside.
Sizes are bounded by construction (checked before any work), so nothing here is timed.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import stat  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import played  # noqa: E402

from game import paths, saves  # noqa: E402
from game.core import storage  # noqa: E402
from game.core.match import BOT, HUMAN, Seat  # noqa: E402
from game.core.text import NAME_LIMIT  # noqa: E402
from game.settings import load_settings, load_settings_checked, settings_path  # noqa: E402
from game.stats import stats_path  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.scenes.dialogs import MessageBox  # noqa: E402
from game.ui.scenes.statistics import StatisticsScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402

# Names no player types, but a file can hold.
ODD_NAMES = [
    "Ana\x00Bell",                 # NUL: pygame refuses to draw it
    "Dusty\ud800",                 # a lone surrogate: cannot be encoded nor drawn
    "\udfffNell\ud83d",            # surrogates at both ends
    "\x1b[31mOK:\x1b[0m Tom",      # escape codes
    "Line\nbreak\tand\rtab\x7f",   # line breaks, tab, DEL
    "\x85\x9bC1 controls",         # C1 controls
    "W" * 200_000,                 # a name of 200,000 letters (a save holds it twice, within its 1 MB)
    "\x00\x01\x02",                # nothing left once cleaned
]


def deep(n: int = 100_000) -> str:
    return "[" * n + "]" * n


def unclean(text: str) -> bool:
    return any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF for c in text)


def set_aside_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.stem}.unreadable-*{path.suffix}"))


def title_messages(app: Any) -> str:
    """Open the title screen as the game does; the text of the message box it shows, or ""."""
    title = TitleScene()
    app.reset(title)
    app.step(1 / 60)  # drawn once: nothing on it may fail to draw
    return app.top.text if isinstance(app.top, MessageBox) else ""


def write_save(home: Path, names: list[str]) -> Path:
    """A real save of a two-player game, its seats then renamed in the file to `names`."""
    match = played("ya_blew_it", 5, 3, [Seat("Ana", HUMAN), Seat("Dusty", BOT, "easy")])
    saves.autosave(match)
    path = saves.save_path(match)
    data = json.loads(path.read_text(encoding="utf-8"))
    for seat, name in zip(data["seats"], names):
        seat["name"] = name
    data["summary"]["seats"] = [names[0], f"{names[1]} (easy bot)"]
    path.write_text(json.dumps(data), encoding="utf-8")  # escapes keep the surrogates as they are
    return path


# ============================================================================ class 1: text
@pytest.mark.parametrize("pair", [(ODD_NAMES[i], ODD_NAMES[-1 - i]) for i in range(len(ODD_NAMES))])
def test_odd_names_in_a_save_are_cleaned_on_the_continue_list_and_when_resumed(
        app: Any, home: Path, pair: tuple[str, str]) -> None:
    path = write_save(home, list(pair))
    assert title_messages(app) == ""  # a name is cleaned, not a reason to refuse the save
    title = app.top
    assert [e.path for e in title.saves] == [path]
    entry = title.saves[0]
    for shown in entry.seats:
        assert not unclean(shown) and len(shown) <= NAME_LIMIT + len(" (easy bot)")
    assert entry.seats[1].endswith(" (easy bot)")
    match, message = saves.resume(entry)
    assert message is None and match is not None
    for seat in match.seats:
        assert seat.name and not unclean(seat.name) and len(seat.name) <= NAME_LIMIT
    assert match.seats[0].name == entry.seats[0]
    # The table draws the cleaned names.
    title.resume_save(0)
    for _ in range(3):
        app.step(1 / 60)
    assert app.top is not title


def test_the_renderer_never_raises_on_odd_text() -> None:
    pygame.font.init()
    surface = pygame.Surface((200, 40))
    for msg in ODD_NAMES + ["", "\x00", "é\u0301", "\ud800" * 5000, "a b " * 200_000]:
        rect = theme.text(surface, msg, (0, 0), 16)
        assert rect.w <= 200 * theme.MAX_DRAWN  # bounded: at most MAX_DRAWN characters drawn
        assert not unclean(theme.fit_text(msg, 120, 16))
        assert theme.width_of(msg, 16) >= 0
        assert theme.fit_name(msg, 120, 16, 10)[1] >= 10
        assert all(not unclean(line) for line in theme.wrap(msg[:5000], 150, 16))
    assert theme.drawable("Ana") == "Ana" and theme.drawable(12) == "12"


# ============================================================================ classes 4, 5, 6: saves
def hostile_save(kind: str, path: Path) -> bytes | None:
    """Put a hostile thing at `path`; the bytes to find kept aside (None: a FIFO or a folder)."""
    if kind == "fifo":
        os.mkfifo(path)
        return None
    if kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("kept")
        return None
    data = {
        "deep list": deep().encode(),
        "deep object": ('{"a":' * 100_000 + "1" + "}" * 100_000).encode(),
        "deep in a save": b'{"format": 2, "game": "ya_blew_it", "summary": ' + deep(5000).encode() + b"}",
        "too big": b'{"x": "' + b" " * (storage.MAX_BYTES + 10) + b'"}',
        # (Within what any file may be, past any game's record: 64 deep, which took seconds to read.)
        "larger than any game": ("[" * 63 + "0" + "]" * 63 + ",").join(["["] + [""] * 9000).encode()
                                + b"0]",
        "not json": b"{\"game\": ",
        "not utf-8": b'{"game": "\xff\xfe"}',
        "wrong types": json.dumps({"summary": {"seats": [[1], {"a": 2}]}, "game": "ya_blew_it",
                                   "updated": 10 ** 400}).encode(),
        "absurd numbers": json.dumps({"summary": {"seats": ["Ana"], "moves": 10 ** 30},
                                      "game": "ya_blew_it", "updated": 1e308}).encode(),
        "many seats": json.dumps({"summary": {"seats": ["A"] * 10_000}, "game": "ya_blew_it"}).encode(),
    }[kind]
    path.write_bytes(data)
    return data


SAVE_KINDS = ["fifo", "folder", "deep list", "deep object", "deep in a save", "too big", "larger than any game",
              "not json", "not utf-8", "wrong types", "many seats"]


@pytest.mark.parametrize("kind", SAVE_KINDS)
def test_a_hostile_save_is_set_aside_with_a_message(app: Any, home: Path, kind: str) -> None:
    good = write_save(home, ["Ana", "Dusty"])
    path = saves.saves_dir() / "0123456789abcdef.json"
    original = hostile_save(kind, path)
    text = title_messages(app)
    assert "A saved game could not be read: 0123456789abcdef.json" in text
    assert "It was kept as 0123456789abcdef.unreadable-" in text
    if kind == "larger than any game":   # (refused on its size, before any of it is read)
        assert "1.1 MB, more than the 1.0 MB allowed" in text, text
    assert [e.path for e in app.stack[0].saves] == [good]  # the sound save is still listed
    assert not os.path.lexists(path)
    kept = set_aside_copies(path)
    assert len(kept) == 1
    if kind == "fifo":
        assert stat.S_ISFIFO(os.lstat(kept[0]).st_mode)
    elif kind == "folder":
        assert (kept[0] / "inside.txt").read_text() == "kept"
    else:
        assert kept[0].read_bytes() == original
    # Nothing left to complain about the next time.
    assert title_messages(app) == ""


@pytest.mark.parametrize("kind", ["deep in a save", "wrong types", "absurd numbers"])
def test_a_hostile_save_never_stops_the_listing(home: Path, kind: str) -> None:
    path = saves.saves_dir() / "feedfacefeedface.json"
    hostile_save(kind, path)
    entries, messages = saves.list_saves()
    # Absurd numbers are harmless once bounded: listed with sane values; the others are set aside.
    if kind == "absurd numbers":
        assert messages == [] and entries[0].moves == 0 and entries[0].when == path.stat().st_mtime
    else:
        assert entries == [] and len(messages) == 1 and set_aside_copies(path)


def test_a_damaged_save_found_on_resume_is_set_aside(app: Any, home: Path) -> None:
    path = write_save(home, ["Ana", "Dusty"])
    title_messages(app)
    entry = app.top.saves[0]
    original = deep().encode()
    path.write_bytes(original)  # damaged after it was listed
    match, message = saves.resume(entry)
    assert match is None and "nests deeper than" in message and "It was kept as" in message
    assert set_aside_copies(path)[0].read_bytes() == original


# ============================================================================ settings
SETTINGS_KINDS = {
    "deep": deep().encode(),
    "deep object": ('{"v":' * 100_000 + "0" + "}" * 100_000).encode(),
    "too big": b'{"volume": 0.5, "x": "' + b"a" * 100_000 + b'"}',
    "not json": b"{volume: loud}",
    "wrong types": b'{"volume": "loud", "muted": 1, "animation": "warp", "fullscreen": true}',
    "not a table": b'["normal"]',
    "nan": b'{"volume": NaN}',
    "names": b'{"names": ["Ana", 7], "fullscreen": true}',
    "many names": b'{"names": [' + b",".join([b'"A"'] * 50) + b'], "fullscreen": true}',
    "setups": b'{"setups": 7, "fullscreen": true}',
    "many setups": b'{"setups": {' + b",".join(b'"g%d": {"players": 2, "seats": []}' % i for i in range(40))
                   + b'}, "fullscreen": true}',
}


@pytest.mark.parametrize("kind", sorted(SETTINGS_KINDS) + ["fifo", "folder"])
def test_a_hostile_settings_file_is_kept_and_the_title_says_so(
        make_app: Callable[..., Any], home: Path, kind: str) -> None:
    path = settings_path()
    original = hostile_save(kind, path) if kind in ("fifo", "folder") else SETTINGS_KINDS[kind]
    if original is not None:
        path.write_bytes(original)
    app = make_app(None)  # the App reads the settings at its start, as the game does
    assert app.settings.animation in ("slow", "normal", "fast", "instant")
    assert 0.0 <= app.settings.volume <= 1.0
    text = title_messages(app)
    assert "The settings file could not be used" in text and "It was kept as settings.unreadable-" in text
    kept = set_aside_copies(path)
    assert len(kept) == 1
    if kind == "fifo":
        assert stat.S_ISFIFO(os.lstat(kept[0]).st_mode)
    elif kind == "folder":
        assert (kept[0] / "inside.txt").read_text() == "kept"
    else:
        assert kept[0].read_bytes() == original
    if kind in ("names", "many names"):
        assert app.settings.names == [] and app.settings.fullscreen is True
    if kind in ("setups", "many setups"):
        assert app.settings.setups == {} and app.settings.fullscreen is True
    if kind in ("wrong types", "names", "setups"):
        # The values named as the screens name them; what could be read is kept.
        words = {"wrong types": "animation speed, volume, sound on or off",
                 "names": "the names last played", "setups": "the last setup of each game"}[kind]
        assert f"these values are not usable: {words})" in text and "that could be read are kept" in text
    elif kind in ("not json", "not a table", "too big"):
        assert "the game starts with the usual settings" in text and "could be read are kept" not in text
    if kind == "wrong types":
        assert app.settings.fullscreen is True  # the sound value is kept
        # ... and written back at once: the next start has it too, without a message.
        assert load_settings_checked() == (app.settings, None) and load_settings().fullscreen is True
    # Saving the settings now writes a fresh file next to the kept one.
    app.apply_settings()
    assert load_settings() == app.settings and set_aside_copies(path) == kept


def test_a_bad_byte_after_a_byte_order_mark_is_counted_from_the_files_start(tmp_path: Path) -> None:
    from game.core.storage import BadFile, read_json

    path = tmp_path / "x.json"
    path.write_bytes(b"\xef\xbb\xbf{\"a\xff\": 1}")   # the sixth byte is not UTF-8
    with pytest.raises(BadFile, match=r"byte 7 is not UTF-8"):   # (the mark's three, then {"a)
        read_json(path)
    path.write_bytes(b"{\"a\xff\": 1}")
    with pytest.raises(BadFile, match=r"byte 4 is not UTF-8"):
        read_json(path)


def test_files_that_begin_with_a_byte_order_mark_are_read(make_app: Callable[..., Any], home: Path) -> None:
    """Some Windows editors write a byte-order mark at the head of a file saved as UTF-8: the
    settings, the statistics and a save edited that way are read, not set aside."""
    from helpers import played

    from game import saves, stats
    from game.core.match import Seat

    bom = b"\xef\xbb\xbf"
    settings_path().write_bytes(bom + json.dumps({"fullscreen": True, "names": ["Zoë"]}).encode())
    m = played("ya_blew_it", 3, 20, [Seat("Zoë"), Seat("Bo")])
    while not m.is_over():
        m.apply(m.legal_actions()[0])
    stats.record_match(m)
    path = stats.stats_path()
    path.write_bytes(bom + path.read_bytes())
    game = played("gold_mine", 4, 10, [Seat("Ana"), Seat("Bo")])
    saves.autosave(game)
    saves.flush()
    save = saves.save_path(game)
    save.write_bytes(bom + save.read_bytes())
    app = make_app(None)
    assert app.settings.fullscreen is True and app.settings.names == ["Zoë"]
    assert title_messages(app) == ""
    found, message = stats.load_stats()
    assert message is None and [p.name for p in found.profiles] == ["Bo", "Zoë"]
    entries, messages = saves.list_saves()
    assert messages == [] and [e.path for e in entries] == [save]
    back, problem = saves.resume(entries[0])
    assert problem is None and back is not None and back.actions == game.actions


def test_a_remembered_setup_that_is_not_sound_is_left_out_quietly(
        make_app: Callable[..., Any], home: Path) -> None:
    """A setup is a comfort: one with a level this version does not know (a newer version's), a
    player count that is not one, or a map key that is not text, is dropped; the others stay,
    and the settings file is not called damaged."""
    settings_path().write_text(json.dumps({"setups": {
        "gold_mine": {"players": 2, "seats": ["human", "wizard"]},
        "big_dig": {"players": True, "seats": []},
        "grim_prospects": {"players": 2, "seats": [], "map": 7},
        "ya_blew_it": {"players": 3, "seats": ["human", "hard", "easy"]},
    }, "fullscreen": True}))
    app = make_app(None)
    assert "settings file" not in title_messages(app)
    assert app.settings.setups == {"ya_blew_it": {"players": 3, "seats": ["human", "hard", "easy"]}}
    assert app.settings.fullscreen is True


def test_remembered_names_are_cleaned_where_they_enter(make_app: Callable[..., Any], home: Path) -> None:
    settings_path().write_text(json.dumps({"names": ["  Ana\u200b\nBo ", "", "Cyd" * 40]}))
    app = make_app(None)
    assert "settings file" not in title_messages(app)
    names = app.settings.names
    assert names[0] == "Ana Bo" and names[1] == "Player" and len(names[2]) < 120 and "\n" not in "".join(names)


def test_sound_settings_are_read_without_a_message(make_app: Callable[..., Any], home: Path) -> None:
    settings_path().write_text(json.dumps({"volume": 1, "animation": "slow", "muted": True}))
    app = make_app(None)
    assert (app.settings.volume, app.settings.animation, app.settings.muted) == (1.0, "slow", True)
    assert title_messages(app) == "" and not set_aside_copies(settings_path())


# ============================================================================ statistics
STATS_KINDS = {
    "deep": deep().encode(),
    "too big": b'{"x": "' + b" " * (storage.MAX_BYTES + 1) + b'"}',
    "megabyte name": json.dumps({"format": 1, "recorded": [], "profiles": [
        {"name": "W" * 1_000_000, "last_played": 1, "streak": 0, "longest": 0, "games": {}}]}).encode(),
    "not utf-8": b"\xff\xfe\x00{",
}


@pytest.mark.parametrize("kind", sorted(STATS_KINDS) + ["fifo", "folder"])
def test_a_hostile_statistics_file_is_kept_and_the_screen_says_so(app: Any, home: Path,
                                                                  kind: str) -> None:
    path = stats_path()
    original = hostile_save(kind, path) if kind in ("fifo", "folder") else STATS_KINDS[kind]
    if original is not None:
        path.write_bytes(original)
    app.reset(TitleScene())
    app.push(StatisticsScene())
    for _ in range(3):
        app.step(1 / 60)
    assert isinstance(app.top, MessageBox)
    assert "statistics file was damaged" in app.top.text and "It was kept as stats.unreadable-" in app.top.text
    kept = set_aside_copies(path)
    assert len(kept) == 1
    if kind == "fifo":
        assert stat.S_ISFIFO(os.lstat(kept[0]).st_mode)
    elif kind == "folder":
        assert (kept[0] / "inside.txt").read_text() == "kept"
    else:
        assert kept[0].read_bytes() == original


def test_odd_names_in_statistics_are_cleaned_on_the_screen(app: Any, home: Path) -> None:
    names = ["Ana\x00", "\ud800Bo", "\x1b[2JCy", "Di\nna"]
    profiles = [{"name": n, "last_played": 10 + i, "streak": 0, "longest": 0, "games": {}}
                for i, n in enumerate(names)]
    stats_path().write_text(json.dumps({"format": 1, "recorded": [], "profiles": profiles}))
    app.reset(TitleScene())
    scene = StatisticsScene()
    app.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    assert app.top is scene  # no message: nothing was damaged
    assert sorted(p.name for p in scene.stats.profiles) == ["Ana", "Bo", "Di na", "[2JCy"]  # ESC dropped: harmless


# ============================================================================ class 7: leftovers
def test_old_temporary_files_of_killed_writers_are_removed_at_start(make_app: Callable[..., Any],
                                                                   home: Path) -> None:
    folders = [saves.saves_dir(), saves.replays_dir(), stats_path().parent, settings_path().parent]
    old, fresh = [], []
    for folder in folders:
        for name in ("x.json.a1b2c3.tmp", "stats.json.zz.tmp", "settings.json.q.tmp"):
            p = folder / name
            p.write_text("half a file")
            os.utime(p, (time.time() - 3600, time.time() - 3600))
            old.append(p)
        p = folder / "y.json.busy.tmp"  # a writer may be at work on this one
        p.write_text("being written")
        fresh.append(p)
    other = saves.saves_dir() / "notes.tmp"  # not one of ours
    other.write_text("mine")
    os.utime(other, (0, 0))
    app = make_app(None)
    title_messages(app)
    app.push(StatisticsScene())
    app.step(1 / 60)
    saves.list_replays()
    assert [p for p in old if p.exists()] == []
    assert all(p.exists() for p in fresh) and other.exists()


# ============================================================================ class 11: user folder
def test_a_user_folder_that_cannot_be_created_is_named_with_the_reason(
        make_app: Callable[..., Any], home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file where the folder should be")
    with pytest.raises(paths.UserFolderError) as caught:
        paths.user_data_dir()
    assert str(home / "data") in str(caught.value) and "saved games" in str(caught.value)
    app = make_app(None)  # starts all the same
    text = title_messages(app)
    assert f"The folder for settings could not be created: {home / 'config'}" in text
    assert f"The folder for saved games, replays and statistics could not be created: {home / 'data'}" in text
    assert "Not a directory" in text or "a file is in its place" in text
    assert home.read_text() == "a file where the folder should be"  # nothing lost


@pytest.mark.skipif(sys.platform != "linux", reason="XDG folders are Linux's")
def test_a_relative_xdg_folder_is_not_followed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """An XDG variable set to a relative path (which the specification says to ignore) would have
    put the saves wherever the game was started from (platformdirs ignores it from 4.11.8)."""
    monkeypatch.delenv("MOTHER_LODE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/config")
    data, config = Path(paths._dirs().user_data_dir), Path(paths._dirs().user_config_dir)
    assert data.is_absolute() and config.is_absolute()
    assert data.is_relative_to(tmp_path) and config.is_relative_to(tmp_path)


def test_a_user_folder_that_is_a_link_to_nowhere_is_named_so(home: Path) -> None:
    """A user folder that is a link whose target is gone was reported as "File exists"."""
    (home / "data").mkdir(parents=True)
    (home / "data" / "replays").symlink_to(home / "gone")
    with pytest.raises(paths.UserFolderError) as caught:
        saves.replays_dir()
    assert str(caught.value) == (f"The folder for replays could not be created: {home / 'data' / 'replays'} "
                                 "(a link in its place leads to no folder).")


def test_a_saves_folder_lost_during_play_is_named_and_play_goes_on(app: Any, home: Path) -> None:
    import shutil

    from game.ui.scenes.dialogs import open_table

    match = played("ya_blew_it", 7, 2, [Seat("Ana", HUMAN), Seat("Bo", HUMAN)])
    app.reset(TitleScene())
    assert open_table(app, match, replace=False)
    table = app.top
    folder = saves.saves_dir()
    shutil.rmtree(folder)
    folder.write_text("a file where the saves folder should be")
    moves = len(match.actions)
    assert table._apply(match.legal_actions()[0])
    assert len(match.actions) == moves + 1  # play goes on
    assert table.message.startswith("Could not save the game (no saved games folder: ")
    assert folder.read_text() == "a file where the saves folder should be"
    app.step(1 / 60)


@pytest.mark.parametrize("kind", ["fifo", "folder", "deep list", "too big", "larger than any game", "not utf-8"])
def test_a_hostile_replay_is_set_aside_when_the_replays_open(app: Any, home: Path, kind: str) -> None:
    from game.ui.scenes.replays import ReplaysScene

    path = saves.replays_dir() / "00aa00aa00aa00aa.json"
    original = hostile_save(kind, path)
    app.reset(TitleScene())
    app.push(ReplaysScene())
    app.step(1 / 60)
    assert isinstance(app.top, MessageBox)
    assert "A replay could not be read: 00aa00aa00aa00aa.json" in app.top.text
    if kind == "larger than any game":
        assert "more than the 1.0 MB allowed" in app.top.text, app.top.text
    kept = set_aside_copies(path)
    assert len(kept) == 1 and not os.path.lexists(path)
    if original is not None:
        assert kept[0].read_bytes() == original


def test_a_word_wider_than_its_line_is_broken_not_drawn_past_the_edge() -> None:
    """A 40-letter name from an edited file, in the game log or a message: every wrapped line
    fits its width, and nothing of the text is lost."""
    pygame.font.init()
    name = "W" * 40
    lines = theme.wrap(f"{name} takes card 2 and digs 4 squares", 220, 14)
    assert all(theme.width_of(line, 14) <= 220 for line in lines)
    assert "".join(lines).replace(" ", "") == f"{name}takescard2anddigs4squares"
    assert lines[-1].endswith("squares") and len(lines) >= 3


# A file cut off inside a long string: a save's board rows, a take-back note, a long name. Reading
# it once backtracked without end (the time tripled with every two letters of the cut string), so
# the game hung at start (settings, a save) or on opening the replays or statistics, and again on
# every start. Read in a process of its own, so that a hang fails the test rather than stalling it.
CUT_READER = """
import sys
from pathlib import Path
from game.core import storage
for name in sys.argv[1:]:
    try:
        storage.read_json(Path(name))
    except storage.BadFile as exc:
        print(name.rsplit("/", 1)[-1], "|", exc)
"""


def test_a_file_cut_off_inside_a_long_string_is_refused_at_once(tmp_path: Path) -> None:
    import subprocess
    import sys

    whole = json.dumps({"board": ["." * 71] * 12, "note": "Ana took back " + "x" * 100,
                        "quoted": '"' * 2000})   # (written as 2,000 escaped quotes)
    escapes = whole.index('\\"' * 2000)
    cuts = {"in_a_row": whole.index("." * 71) + 45, "in_a_note": whole.index("x" * 100) + 90,
            "in_escapes": escapes + 3001, "after_a_backslash": escapes + 1}
    names = []
    for what, at in cuts.items():
        path = tmp_path / f"{what}.json"
        path.write_text(whole[:at], encoding="utf-8")
        names.append(str(path))
    big = tmp_path / "big_escapes.json"
    big.write_text('{"a": "' + "\\\"" * 200_000, encoding="utf-8")
    names.append(str(big))
    run = subprocess.run([sys.executable, "-c", CUT_READER, *names], capture_output=True, text=True,
                         timeout=120, cwd=Path(__file__).resolve().parents[1])
    assert run.returncode == 0, run.stderr[-2000:]
    said = dict(line.split(" | ", 1) for line in run.stdout.splitlines())
    assert sorted(said) == sorted(Path(n).name for n in names)
    for why in said.values():   # (once "starting at at line 1")
        assert why.startswith("not valid JSON (Unterminated string starting at line 1"), said


def test_nesting_skips_strings_whole_or_cut() -> None:
    """Brackets inside strings never count, whether a string is closed, holds escaped quotes
    and backslashes, or is cut off by the end of the file."""
    plain = '{"a": [1, {"b": ""}], "c": [[]]}'
    assert storage.nesting(plain) >= 2
    assert storage.nesting('{"a": [1, {"b": "[[[{{"}], "c": [[]]}') == storage.nesting(plain)
    assert storage.nesting('{"a": [1, {"b": "x\\"[[\\\\"}], "c": [[]]}') == storage.nesting(plain)
    cut = storage.nesting('{"a": [["cut [[[[[[[[')
    assert cut == storage.nesting('{"a": [["')   # (unbalanced: counted as no less than it is)
    assert storage.nesting('["\\') == storage.nesting('["')
