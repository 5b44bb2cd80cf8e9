"""A save per match, the Continue list, replays and their viewer, `verify` and `replay`.

Driven through the real screens (title, replays, replay viewer, results) with the headless
drivers, in a private user folder (the `home` fixture).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import random  # noqa: E402
import shutil  # noqa: E402
import time  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import click, finished_match, key, played, run_until, spy_text, spy_text_places  # noqa: E402

from game import saves  # noqa: E402
from game.core.match import BOT, Match, Seat  # noqa: E402
from game.games import GAMES  # noqa: E402
from game.tools import verify  # noqa: E402
from game.ui.scenes.dialogs import MessageBox  # noqa: E402
from game.ui.scenes.title import CONTINUE_ROWS, MINE_SIGN, TitleScene, when_text  # noqa: E402


def labels(scene: Any) -> list[str]:
    return [b.label for b in scene.buttons]


# ---------------------------------------------------------------------------- saved games
def test_starting_a_new_game_keeps_the_unfinished_one(app: Any, home: Path) -> None:
    """The gap players met: a Ya Blew It! game, left, then Gold Mine started: both are kept."""
    first = played("ya_blew_it", 1, 3)
    saves.autosave(first)
    time.sleep(0.01)
    second = played("gold_mine", 2, 2)
    saves.autosave(second)
    title = TitleScene()
    app.reset(title)
    assert [e.path.stem for e in title.saves] == [second.match_id, first.match_id]  # newest first
    assert [e.title for e in title.saves] == ["Gold Mine", "Ya Blew It!"]
    # A game played on a map of the player's choice names it; one without a choice does not.
    assert [e.heading for e in title.saves] == ["Gold Mine · The Old Mountain", "Ya Blew It!"]
    assert title.saves[0].progress == second.progress() and title.saves[1].moves == 3
    assert labels(title)[:4] == ["Resume", "Delete", "Resume", "Delete"]
    # Resume the older one with its own button.
    resume_older = title.buttons[2]
    click(app, resume_older.rect.center)
    assert app.top is not title and app.top.match.actions == first.actions
    assert app.top.match.match_id == first.match_id


def test_the_map_named_in_a_saves_summary_is_cleaned_where_it_comes_in(home: Path) -> None:
    m = played("big_dig", 4, 3)
    saves.autosave(m)
    path = saves.saves_dir() / f"{m.match_id}.json"
    data = json.loads(path.read_text("utf-8"))
    assert data["summary"]["place"] == m.state.place() != ""
    data["summary"]["place"] = "Deep\x1b[2J\nPit " + "x" * 500
    path.write_text(json.dumps(data), "utf-8")
    listed, _ = saves.list_saves()
    place = listed[0].place
    assert place.startswith("Deep [2J Pit x") and len(place) <= saves.MAX_PLACE and "\x1b" not in place


def test_delete_asks_first(app: Any, home: Path) -> None:
    m = played("ya_blew_it", 3, 4)
    saves.autosave(m)
    title = TitleScene()
    app.reset(title)
    delete = title.buttons[1]
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=delete.rect.center))
    box = app.top
    assert isinstance(box, MessageBox) and "Delete" in box.title
    key(app, pygame.K_ESCAPE)  # Keep it
    assert app.top is title and saves.save_path(m).exists() and len(title.saves) == 1
    # Enter takes the highlighted choice, which is the one that loses nothing.
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=delete.rect.center))
    box = app.top
    assert isinstance(box, MessageBox) and box.buttons[1].primary and not box.buttons[0].primary
    key(app, pygame.K_RETURN)
    assert app.top is title and saves.save_path(m).exists() and len(title.saves) == 1
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=delete.rect.center))
    key(app, pygame.K_d)
    assert app.top is title and not saves.save_path(m).exists() and not title.saves
    assert "Resume" not in labels(title)


def test_a_full_continue_list_retires_the_oldest_to_replays_and_says_so(app: Any, home: Path) -> None:
    made = []
    for i in range(saves.MAX_SAVES + 2):
        m = played("ya_blew_it", 100 + i, 2)
        saves.autosave(m)
        data = json.loads(saves.save_path(m).read_text("utf-8"))
        data["updated"] = 1_700_000_000 + i  # older first
        saves.save_path(m).write_text(json.dumps(data), "utf-8")
        made.append(m)
    title = TitleScene()
    app.reset(title)
    assert len(title.saves) == saves.MAX_SAVES
    assert title.saves[0].path.stem == made[-1].match_id
    box = app.top
    assert isinstance(box, MessageBox) and "Moved to Replays" in box.text
    retired = {p.stem for p in saves.replays_dir().glob("*.json")}
    assert retired == {made[0].match_id, made[1].match_id}
    entries, _ = saves.list_replays()
    assert all(not e.finished and e.result == "unfinished" for e in entries)
    # The retired games are still there to watch, in full.
    match, actions = saves.load_replay(entries[0].path)
    assert actions == next(m for m in made if m.match_id == entries[0].path.stem).actions
    key(app, pygame.K_RETURN)
    frames_scroll = title.save_scroll
    key(app, pygame.K_PAGEDOWN)
    assert title.save_scroll > frames_scroll


def test_games_that_cannot_be_moved_to_replays_stay_under_continue(home: Path) -> None:
    """With the replays folder unwritable (a full disk; here a file in its place), retiring the
    oldest failed and the title threw the whole Continue list away: every game stays, and the
    message says why none was moved."""
    made = []
    for i in range(saves.MAX_SAVES + 2):
        m = played("ya_blew_it", 100 + i, 2)
        saves.autosave(m)
        made.append(m)
    saves.flush()
    folder = saves.replays_dir()
    shutil.rmtree(folder)
    folder.write_text("not a folder", "utf-8")
    entries, messages = saves.list_saves()
    assert {e.path.stem for e in entries} == {m.match_id for m in made}
    assert any("could not be moved to Replays" in msg and "they stay under Continue" in msg
               for msg in messages), messages
    assert all(saves.save_path(m).exists() for m in made)


def test_a_finished_game_whose_replay_cannot_be_written_stays_as_it_ended(app: Any, home: Path) -> None:
    """The replay of a finished game could not be written (a full disk; here a file where the
    replays folder goes): the game came back to Continue a move before its end, its result known
    and its statistics not counted. Its save now holds the last move; resumed, it is over, and
    the next look at Continue keeps it as a replay and counts it once."""
    from game import stats

    m = finished_match(12)
    before = Match.from_json({**m.to_json(), "actions": m.to_json()["actions"][:-1]})
    saves.autosave(before)
    saves.flush()
    folder = saves.replays_dir()
    shutil.rmtree(folder)
    folder.write_text("in the way", "utf-8")
    with pytest.raises(OSError):
        saves.autosave(m)
    entries, _ = saves.list_saves()
    assert [e.path.stem for e in entries] == [m.match_id] and entries[0].moves == len(m.actions)
    back, problem = saves.resume(entries[0])
    assert problem is None and back is not None and back.is_over()
    assert back.state.outcome() == m.state.outcome()
    assert stats.load_stats()[0].profiles == []
    folder.unlink()   # room again: the title keeps it this time, and says so
    app.reset(TitleScene())
    assert isinstance(app.top, MessageBox) and "kept in Replays" in app.top.text
    assert saves.list_saves()[0] == [] and saves.replay_path(m).exists()
    assert stats.load_stats()[0].find("Ana").played == 1   # type: ignore[union-attr]
    saves.autosave(back)
    assert stats.load_stats()[0].find("Ana").played == 1   # type: ignore[union-attr]
    # Finished again after it was kept (the pause menu, the window closing) with the replays
    # failing once more: it does not come back under Continue.
    folder_file = saves.replay_path(m)
    real = saves.write_replay

    def fails(match: Match) -> Path:
        raise OSError(28, "No space left on device")

    saves.write_replay = fails   # type: ignore[assignment]
    try:
        with pytest.raises(OSError):
            saves.autosave(back)
    finally:
        saves.write_replay = real   # type: ignore[assignment]
    assert saves.list_saves()[0] == [] and folder_file.exists()


def test_a_replay_of_an_unfinished_game_says_so_and_names_its_map(app: Any, home: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A game moved from Continue to Replays unfinished: its viewer said nothing of it, and its
    title had not the map the Replays list shows."""
    from game.ui.scenes import replay as replay_mod
    from game.ui.scenes.replays import ReplaysScene

    m = played("gold_mine", 5, 12)
    saves.write_replay(m)
    app.reset(TitleScene())
    screen = ReplaysScene()
    app.push(screen)
    entry = screen.entries[0]
    assert not entry.finished and entry.place
    screen.watch(0)
    viewer = app.top
    assert viewer.unfinished and viewer.title == f"Replay: Gold Mine · {entry.place}"
    drawn = spy_text(monkeypatch, replay_mod)
    app.draw()
    assert any(w.startswith("0 of 12, unfinished") for w in drawn), drawn
    # A finished one says "played".
    key(app, pygame.K_ESCAPE)
    done = finished_match(4, "gold_mine")
    saves.write_replay(done)
    screen._read()
    screen.watch(next(i for i, e in enumerate(screen.entries) if e.finished))
    assert not app.top.unfinished
    drawn.clear()
    app.draw()
    assert any(w.startswith(f"0 of {len(done.actions)} played") for w in drawn), drawn


def test_a_finished_game_left_under_continue_is_counted_when_it_is_moved_to_replays(home: Path) -> None:
    """A game that ended but was not yet kept (its replay could not be written) is the oldest of
    a full Continue list: moved to Replays, it is finished there, counted in the statistics."""
    from game import stats

    done = finished_match(13)
    saves._write_save(done)
    data = json.loads(saves.save_path(done).read_text("utf-8"))
    data["updated"] = 1_600_000_000   # the oldest
    saves.save_path(done).write_text(json.dumps(data), "utf-8")
    for i in range(saves.MAX_SAVES):
        saves.autosave(played("ya_blew_it", 200 + i, 2))
    saves.flush()
    # The replays failing: it stays, as old as it was (not made the newest by a save on the way).
    real = saves.write_replay

    def fails(match: Match) -> Path:
        raise OSError(28, "No space left on device")

    saves.write_replay = fails   # type: ignore[assignment]
    try:
        entries, _ = saves.list_saves()
    finally:
        saves.write_replay = real   # type: ignore[assignment]
    assert done.match_id in {e.path.stem for e in entries}
    assert json.loads(saves.save_path(done).read_text("utf-8"))["updated"] == 1_600_000_000
    # Then moved, finished and counted; what the counting had to say is said.
    stats.stats_path().write_text("{ damaged", "utf-8")
    entries, messages = saves.list_saves()
    assert len(entries) == saves.MAX_SAVES and done.match_id not in {e.path.stem for e in entries}
    assert saves.replay_path(done).exists() and not saves.save_path(done).exists()
    assert stats.load_stats()[0].find("Ana").played == 1   # type: ignore[union-attr]
    assert any("statistics file was damaged" in m for m in messages), messages


def test_the_0_1_0_autosave_is_picked_up(home: Path) -> None:
    m = played("ya_blew_it", 8, 6)
    old = m.to_json()
    old["format"] = 1
    for k in ("match_id", "started"):
        old.pop(k)
    legacy = home / "data" / "autosave.json"
    legacy.parent.mkdir(parents=True, exist_ok=True)
    legacy.write_text(json.dumps(old), "utf-8")
    entries, messages = saves.list_saves()
    assert not messages and len(entries) == 1 and not legacy.exists()
    resumed, message = saves.resume(entries[0])
    assert message is None and resumed is not None
    assert resumed.actions == m.actions and resumed.state.to_json() == m.state.to_json()


@pytest.mark.parametrize("game", list(GAMES))
def test_format_1_saves_take_the_games_legacy_options(game: str) -> None:
    m = played(game, 9, 0)
    old = m.to_json()
    old["format"] = 1
    old["options"] = {k: v for k, v in old["options"].items() if k not in GAMES[game].legacy_options}
    loaded = Match.from_json(old)
    for k, v in GAMES[game].legacy_options.items():
        assert loaded.config.options[k] == v


@pytest.mark.parametrize("game", [g for g in GAMES if GAMES[g].legacy_options])
def test_a_save_begun_before_an_option_came_replays_with_the_value_from_before(game: str) -> None:
    """A save that does not name an option was begun before the option came: it replays with the
    game's legacy value, as it was played (a new game takes the new default and names it)."""
    legacy = dict(GAMES[game].legacy_options)
    new = Match(game, [Seat("Ana"), Seat("Bo")], 3)
    assert all(new.config.options[k] != v for k, v in legacy.items())
    rng = random.Random(3)
    old = Match(game, [Seat("Ana"), Seat("Bo")], 3, legacy)
    while not old.is_over():
        old.apply(rng.choice(old.legal_actions()))
    data = old.to_json()
    data["options"] = {k: v for k, v in data["options"].items() if k not in legacy}
    loaded = Match.from_json(data)
    assert {k: loaded.config.options[k] for k in legacy} == legacy
    assert loaded.actions == old.actions and loaded.state.to_json() == old.state.to_json()


def test_a_finished_game_becomes_a_replay_and_leaves_no_save(home: Path) -> None:
    m = played("gold_mine", 4, 3)
    saves.autosave(m)
    assert saves.save_path(m).exists()
    while not m.is_over():
        m.apply(random.Random(1).choice(m.legal_actions()))
    saves.autosave(m)
    assert not saves.save_path(m).exists()
    entries, messages = saves.list_replays()
    assert not messages and [e.path.stem for e in entries] == [m.match_id]
    winners = tuple(m.seats[w].name for w in m.state.outcome().winners)
    assert entries[0].winners == winners and entries[0].finished
    saves.autosave(m)  # saving a finished game again changes nothing
    assert len(saves.list_replays()[0]) == 1


@pytest.mark.parametrize("copy_name", ["backup", "Ana's game (copy)"])
def test_a_copy_of_a_save_is_a_game_of_its_own_and_never_writes_over_the_original(
        home: Path, copy_name: str) -> None:
    """A player copies a save (a backup, a file from a friend) into the saves folder: the copy
    holds the id of the original. Resumed and played on, it is saved under its own file (a file
    name no id may have is given a fresh one, and the copy moves there), and the original is as it
    was."""
    m = played("ya_blew_it", 4, 3)
    saves.autosave(m)
    original = saves.save_path(m)
    before = original.read_bytes()
    copy = original.with_name(f"{copy_name}.json")
    shutil.copyfile(original, copy)
    os.utime(copy, (time.time() + 5, time.time() + 5))   # (listed first: the newest)
    entries, _ = saves.list_saves()
    entry = next(e for e in entries if e.path == copy)
    resumed, message = saves.resume(entry)
    assert resumed is not None and message is None
    assert resumed.match_id != m.match_id
    resumed.apply(resumed.legal_actions()[0])
    saves.autosave(resumed)
    assert original.read_bytes() == before
    now = {e.path.name: e.moves for e in saves.list_saves()[0]}
    assert now == {original.name: 3, f"{resumed.match_id}.json": 4}
    if copy_name == "backup":
        assert resumed.match_id == "backup"


def test_a_save_holding_the_id_of_a_kept_replay_ends_as_a_replay_of_its_own(home: Path) -> None:
    """A save from elsewhere that holds the id of a game already kept as a replay: when it ends,
    its replay is written beside that one, never over it."""
    kept = finished_match(5, "grim_prospects")
    saves.autosave(kept)
    (replay,) = [e.path for e in saves.list_replays()[0]]
    before = replay.read_bytes()
    m = played("ya_blew_it", 6, 2)
    saves.autosave(m)
    data = json.loads(saves.save_path(m).read_text("utf-8"))
    data["match_id"] = kept.match_id
    (saves.saves_dir() / "friend.json").write_text(json.dumps(data), "utf-8")
    saves.save_path(m).unlink()
    (entry,) = saves.list_saves()[0]
    resumed, _ = saves.resume(entry)
    assert resumed is not None
    rng = random.Random(6)
    while not resumed.is_over():
        resumed.apply(rng.choice(resumed.legal_actions()))
    saves.autosave(resumed)
    assert replay.read_bytes() == before
    assert sorted(e.title for e in saves.list_replays()[0]) == ["Grim Prospects", "Ya Blew It!"]
    assert saves.list_saves()[0] == []


def test_a_replay_written_where_another_games_replay_lies_takes_a_new_name(home: Path) -> None:
    """Two games of one id (a save copied before the checks above, a file from another machine):
    the second's replay never replaces the first's."""
    first, second = finished_match(7), finished_match(8, "gold_mine")
    second.match_id = first.match_id
    saves.autosave(first)
    saves.autosave(second)
    assert sorted(e.title for e in saves.list_replays()[0]) == ["Gold Mine", "Ya Blew It!"]
    # The same game written again stays one replay.
    saves.write_replay(first)
    assert len(saves.list_replays()[0]) == 2


def test_a_game_that_ended_as_the_process_died_is_kept_and_counted_not_offered_to_continue(home: Path) -> None:
    """Killed in the moment a game ended (its save holds the last move, its replay not yet
    written): the next start keeps it in Replays and counts it, and says so; under Continue, where
    it looked unfinished, Delete would have lost it uncounted."""
    from game.stats import load_stats

    m = finished_match(4, "grim_prospects")
    saves._write_save(m)   # the first step of keeping a finished game, and no more
    listed, messages = saves.list_saves()
    assert listed == []
    assert not saves.save_path(m).exists()
    (replay,) = saves.list_replays()[0]
    assert replay.finished and replay.moves == len(m.actions)
    assert any("ended" in text and "Replays" in text for text in messages), messages
    ana = next(p for p in load_stats()[0].profiles if p.name == "Ana")
    assert ana.games["grim_prospects"].played == 1
    # Read again: counted once, said once.
    assert saves.list_saves() == ([], [])
    assert next(p for p in load_stats()[0].profiles if p.name == "Ana").games["grim_prospects"].played == 1
    # The same, in a copy named as Windows names one (no id may have that name): the copy goes
    # once the game is kept, and it is counted once, however often the saves are listed.
    other = finished_match(6, "grim_prospects")
    saves._write_save(other)
    copy = saves.save_path(other).rename(saves.saves_dir() / f"{other.match_id} - Copy.json")
    for _ in range(3):
        assert saves.list_saves()[0] == []
    assert not copy.exists()
    assert len(saves.list_replays()[0]) == 2
    assert next(p for p in load_stats()[0].profiles if p.name == "Ana").games["grim_prospects"].played == 2


@pytest.mark.parametrize("damage", [{"finished": "no"}, {"summary_scores": True}])
def test_a_save_that_only_says_it_ended_stays_under_continue(home: Path, damage: dict[str, Any]) -> None:
    """A save whose summary says the game ended (an edited or damaged file) while its moves have
    not ended it: it left Continue for Replays, with a message that it ended and was counted,
    neither true. It stays under Continue, to be played on, and nothing is said or counted."""
    from game.stats import load_stats

    m = played("gold_mine", 6, 5, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    assert not m.is_over()
    saves.autosave(m)
    saves.flush()
    path = saves.save_path(m)
    data = json.loads(path.read_text(encoding="utf-8"))
    if "finished" in damage:
        data["finished"] = damage["finished"]
    else:
        data["summary"]["scores"] = [1, 2]
    path.write_text(json.dumps(data), encoding="utf-8")
    for _ in range(2):
        listed, messages = saves.list_saves()
        assert [e.path for e in listed] == [path] and not listed[0].finished
        assert messages == []
    assert saves.list_replays()[0] == []
    assert not any(p.name == "Ana" for p in load_stats()[0].profiles)


def test_the_replay_of_the_game_just_ended_is_never_the_one_pruned(home: Path) -> None:
    """The replays folder holds as many as are kept, all dated ahead (copied from a machine whose
    clock ran fast): the game that ends now keeps its replay, and one of the others goes."""
    folder = saves.replays_dir()
    ahead = time.time() + 3 * 86400
    for i in range(saves.MAX_REPLAYS):
        p = folder / f"old{i:04d}.json"
        p.write_text("{}", "utf-8")
        os.utime(p, (ahead, ahead))
    m = finished_match(7)
    saves.autosave(m)
    assert saves.replay_path(m).exists()
    assert len(list(folder.glob("*.json"))) == saves.MAX_REPLAYS


@pytest.mark.parametrize("spoil, says", [
    (lambda d: d.update(game="Gold Mine\u202e" + "A" * 10**6), "no game called 'Gold Mine A"),
    (lambda d: d.update(format=["x" * 10**6]), "the file has format ["),
    (lambda d: d["seats"].__setitem__(0, {"name": "Ana \u0645" + "m" * 5000, "kind": "robot", "level": ""}),
     "the seat of 'Ana"),
    (lambda d: d.pop("seats"), "the file is incomplete: it has no 'seats'"),
    (lambda d: d.update(actions=["x" * 150]), "move 1 ('xxx"),
])
def test_what_a_damaged_save_is_told_by_is_short_clean_and_names_the_fault(home: Path, spoil: Any,
                                                                           says: str) -> None:
    """The message about a damaged save quotes what it read from the file cleaned and cut short
    (a million-character game name, a Python dict on the screen, a bare key in brackets were
    shown as they were)."""
    m = played("ya_blew_it", 3, 2)
    saves.autosave(m)
    path = saves.save_path(m)
    data = json.loads(path.read_text("utf-8"))
    spoil(data)
    path.write_text(json.dumps(data), "utf-8")
    _, messages = saves.list_saves()
    if not messages:   # (the list reads the summary only: the rest shows when it is resumed)
        (entry,) = saves.list_saves()[0]
        _, message = saves.resume(entry)
        messages = [message or ""]
    (message,) = messages
    assert says in message and len(message) < 400, message
    assert "{" not in message and "\u202e" not in message and "KeyError" not in message


def test_when_text() -> None:
    now = time.mktime((2026, 11, 23, 15, 0, 0, 0, 0, -1))
    assert when_text(now - 10, now) == "just now"
    assert when_text(now - 600, now) == "10 min ago"
    assert when_text(now - 3 * 3600, now).startswith("today ")
    assert when_text(now - 24 * 3600, now).startswith("yesterday ")
    assert when_text(now - 20 * 24 * 3600, now) == "3 Nov"
    assert when_text(now - 400 * 24 * 3600, now).endswith("2025")


def test_a_date_no_clock_can_place_is_refused_where_it_comes_in_and_never_stops_a_screen(
        home: Any, monkeypatch: Any) -> None:
    """Windows' clock functions stop at the year 3000: a damaged file's later date is not taken
    (the file's own time is used), and a screen shown one anyway says "some time"."""
    from game.core.storage import LATEST_TIME
    from game.stats import TIME_LIMIT
    from game.ui.scenes import statistics

    assert TIME_LIMIT == LATEST_TIME == 32_503_680_000.0
    m = played("ya_blew_it", 30, 2)
    saves.autosave(m)
    path = saves.save_path(m)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["updated"] = LATEST_TIME + 1
    path.write_text(json.dumps(data), encoding="utf-8")
    entry = next(e for e in saves.list_saves()[0] if e.path == path)
    assert entry.when == path.stat().st_mtime

    def windows_localtime(t: float | None = None) -> Any:
        if t is not None and t > LATEST_TIME:
            raise OSError(22, "Invalid argument")
        return real(t)

    real = time.localtime
    monkeypatch.setattr(time, "localtime", windows_localtime)
    assert when_text(LATEST_TIME + 1) == "some time"
    assert statistics.when_text(LATEST_TIME + 1) == "some time"


def test_the_title_holds_five_games(app: Any) -> None:
    """Designed for five: every row, its buttons and the bottom row fit, without overlapping."""
    title = TitleScene()
    base = list(GAMES.values())
    title.games = [replace(base[i % len(base)], name=f"g{i}", title=f"A Long Game Name {i}") for i in range(5)]
    saves_list = [played("ya_blew_it", 30, 2)]
    saves.autosave(saves_list[0])
    app.reset(title)
    title._build()
    app.step(1 / 60)
    assert len(title.game_rows) == 5
    screen = pygame.Rect(0, 0, 1280, 720)
    rects = [b.rect for b in title.buttons]
    assert all(screen.contains(r) for r in rects)
    assert all(title.panel.contains(b.rect) for b in title.buttons[2:])
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), f"buttons overlap: {a} {b}"
    assert not title.panel.colliderect(title.continue_panel)
    assert title.panel.top >= 190  # under the title and its subtitle
    for more in range(4):   # and the Continue list, however long, leaves the mine's sign clear
        saves.autosave(played("gold_mine", 40 + more, 2))
    title.resume()
    assert len(title.saves) == 5 and len(title.save_rows) == CONTINUE_ROWS
    assert not title.continue_panel.colliderect(MINE_SIGN)
    keys = [b.key for b in title.buttons if b.key is not None]
    assert len(keys) == len(set(keys)), "two buttons share a shortcut"


# ---------------------------------------------------------------------------- replays
def finished_and_kept(seed: int, game: str = "ya_blew_it") -> Match:
    m = finished_match(seed, game)
    saves.autosave(m)
    return m


def test_replays_screen_lists_and_opens_the_viewer(app: Any, home: Path) -> None:
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.replays import ReplaysScene

    a = finished_and_kept(1)
    time.sleep(0.01)
    b = finished_and_kept(2, "gold_mine")
    title = TitleScene()
    app.reset(title)
    key(app, pygame.K_r)
    screen = app.top
    assert isinstance(screen, ReplaysScene)
    assert [e.path.stem for e in screen.entries] == [b.match_id, a.match_id]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.total == len(a.actions)
    key(app, pygame.K_ESCAPE)
    assert app.top is screen
    key(app, pygame.K_DELETE)
    key(app, pygame.K_d)
    assert [e.path.stem for e in screen.entries] == [b.match_id]
    key(app, pygame.K_ESCAPE)
    assert app.top is title


def test_a_replay_cut_short_is_refused_when_opened_not_stopped_mid_game(home: Path) -> None:
    """A file whose moves were cut (the list still shows its summary's count) is refused, saying
    so, instead of opening a viewer that stops mid-game without a word."""
    from game.core.contract import BadSave

    m = finished_and_kept(4)
    path = saves.replay_path(m)
    data = json.loads(path.read_text("utf-8"))
    total = len(data["actions"])
    data["actions"] = data["actions"][:30]
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(BadSave, match=f"holds 30 moves where its summary says {total}"):
        saves.load_replay(path)


@pytest.mark.parametrize("bad", ["taunt", "income:9"])
def test_a_replay_with_a_move_that_cannot_be_played_is_refused_when_opened(
        app: Any, home: Path, bad: str) -> None:
    from game.core.contract import BadSave
    from game.ui.scenes.dialogs import MessageBox
    from game.ui.scenes.replays import ReplaysScene

    m = finished_and_kept(4)
    path = saves.replay_path(m)
    data = json.loads(path.read_text("utf-8"))
    data["actions"][20] = bad   # a damaged byte, or a move a newer version has
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(BadSave, match="move 21 of the replay cannot be played"):
        saves.load_replay(path)
    # From the Replays screen: a message, never a viewer that meets the move halfway.
    app.reset(TitleScene())
    app.push(ReplaysScene())
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MessageBox)
    said = " ".join(str(v) for v in vars(app.top).values())
    assert "Move 21 of the replay cannot be played" in said   # a sentence, capitalised


@pytest.mark.parametrize("game", list(GAMES))
def test_replay_viewer_steps_forward_and_back(app: Any, home: Path, game: str) -> None:
    from game.ui.scenes.replay import ReplayScene

    m = finished_and_kept(3, game)
    match, actions = saves.load_replay(saves.replay_path(m))
    viewer = ReplayScene(match, actions)
    app.reset(TitleScene())
    app.push(viewer)
    assert viewer.position == 0 and viewer.table is not None and viewer.table.replay
    log_before = len(viewer.table.log_panel.entries)
    key(app, pygame.K_RIGHT)
    run_until(app, lambda: viewer.table.idle, "showed the move")
    assert viewer.position == 1
    assert len(viewer.table.log_panel.entries) > log_before, "the log did not follow"
    key(app, pygame.K_END)
    assert viewer.position == len(m.actions) and viewer.match.state.to_json() == m.state.to_json()
    app.step(1 / 60)
    assert app.top is viewer, "a replay must not go to the results screen"
    key(app, pygame.K_LEFT)
    assert viewer.position == len(m.actions) - 1
    key(app, pygame.K_HOME)
    assert viewer.position == 0
    # The slider jumps: its middle is the middle of the game.
    r = viewer.slider_rect()
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(r.centerx, r.centery)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(r.centerx, r.centery)))
    assert abs(viewer.position - len(m.actions) / 2) <= 1
    # Playing runs to the end by itself, a move at a time that can be followed even at the
    # "instant" animation speed (a move a frame ran a game past in a second or two); nothing is
    # saved while watching.
    key(app, pygame.K_END)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)
    assert viewer.playing and app.settings.animation == "instant"
    for _ in range(15):
        app.step(1 / 60)
    assert viewer.position == len(m.actions) - 2
    run_until(app, lambda: viewer.position == viewer.total and viewer.table.idle, "played to the end",
              frames=600)
    assert not list(saves.saves_dir().glob("*.json"))
    assert viewer.table.drift == 0


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replay_says_its_keys_once_and_the_tag_leaves_the_board_and_the_map_alone(
        app: Any, home: Path, game: str) -> None:
    """The viewer's bottom-left tag names the keys, unless the table's own words say them (Big
    Dig's board, Gold Mine's map and Diamond in the Rough's own panel reach that corner): then the
    corner shows the table as it is."""
    from game.ui.scenes.replay import ReplayScene

    m = finished_and_kept(2, game)
    match, actions = saves.load_replay(saves.replay_path(m))
    viewer = ReplayScene(match, actions, at=3)
    app.reset(TitleScene())
    app.push(viewer)
    app.step(1 / 60)
    table = viewer.table
    assert table is not None and table.says_replay_keys == (game in ("big_dig", "gold_mine", "diamond_in_the_rough"))
    corner = pygame.Rect(0, app.screen.get_height() - 40, 480, 40)
    app.draw()
    with_tag = pygame.image.tobytes(app.screen.subsurface(corner), "RGB")
    table.draw(app.screen)
    alone = pygame.image.tobytes(app.screen.subsurface(corner), "RGB")
    if table.says_replay_keys:
        assert with_tag == alone, "the tag covers the board's or the map's bottom"
        from game.ui import theme

        said: list[str] = []
        real = theme.text

        def spy(surface, msg, *args, **kwargs):  # type: ignore[no-untyped-def]
            said.append(str(msg))
            return real(surface, msg, *args, **kwargs)

        theme.text = spy  # type: ignore[assignment]
        try:
            table.draw(app.screen)
        finally:
            theme.text = real  # type: ignore[assignment]
        keys = " ".join(said)
        assert "←/→" in keys and "Esc" in keys and "analys" in keys
    else:
        assert with_tag != alone, "the viewer's tag is drawn"


def test_a_big_dig_replay_tags_the_board_with_the_move_it_shows(app: Any, home: Path) -> None:
    """In a replay the big board is the last mover's (what the move did is there) while the header
    names the player to move; the board's tag says whose board and which move, so the two agree."""
    from game.ui.scenes.replay import ReplayScene

    m = finished_and_kept(3, "big_dig")
    match, actions = saves.load_replay(saves.replay_path(m))
    viewer = ReplayScene(match, actions, at=4)
    app.reset(TitleScene())
    app.push(viewer)
    run_until(app, lambda: viewer.table.idle, "showed the position")
    table = viewer.table
    mover = table.match.actor(3)
    assert table.big_player() == mover != table.match.to_move()
    name, _, _ = table.name_tag(mover)
    assert name == f"{table.match.seats[mover].name}'s board · move 4"


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replays_controls_leave_the_game_log_readable(app: Any, home: Path, game: str) -> None:
    """The Analyse strip and the buttons sit at the foot of the log, which keeps its lines above
    them; Big Dig, whose log is short at four players, puts them in its move panel and keeps all
    its log lines."""
    import random

    from game.ui.scenes.replay import ReplayScene

    seats = [Seat("Ana"), Seat("Bo", BOT, "easy"), Seat("Cy", BOT, "easy"), Seat("Di", BOT, "easy")]
    m = Match(game, seats, 5)
    rng = random.Random(5)
    for _ in range(12):
        m.apply(rng.choice(m.legal_actions()))
    start, actions = saves.replay_of(m)
    viewer = ReplayScene(start, actions, at=len(actions))
    app.reset(TitleScene())
    app.push(viewer)
    table = viewer.table
    assert table is not None
    log = table.log_panel
    controls = viewer.bar_rect().union(viewer.strip_rect())
    from game.ui.tables import table_for

    own = table_for(start).log_panel.visible   # the lines the table's log shows in a game
    bottom = log.rect.y + log.top + log.visible * log.LINE
    if game == "big_dig":
        assert not controls.colliderect(log.rect) and log.visible == own >= 6
    else:
        assert log.rect.contains(controls) and bottom <= controls.top and log.visible >= 3


def test_results_offer_the_replay_the_final_table_and_the_log(app: Any, home: Path) -> None:
    from game.ui.scenes.gamelog import GameLogScene
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.results import ResultsScene

    m = finished_and_kept(4)
    app.reset(TitleScene())
    results = ResultsScene(m)
    app.push(results)
    assert {"Watch the replay", "Show the table", "Game log"} <= set(labels(results))
    key(app, pygame.K_t)
    final = app.top
    assert isinstance(final, ReplayScene) and final.position == len(m.actions) and not final.playing
    assert final.match.state.to_json() == m.state.to_json()
    key(app, pygame.K_ESCAPE)
    assert app.top is results
    key(app, pygame.K_w)
    watch = app.top
    assert isinstance(watch, ReplayScene) and watch.position == 0 and watch.playing
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_l)
    page = app.top
    assert isinstance(page, GameLogScene)
    texts = [t for t, *_ in page.lines]
    assert len(page.lines) > page.visible and page.top == len(page.lines) - page.visible
    assert any("Game over" in t for t in texts)
    # The last line shown ends above the Back button.
    from game.ui.scenes.gamelog import LINE, TEXT_TOP
    assert page.rect.y + TEXT_TOP + page.visible * LINE <= page.back.rect.top
    key(app, pygame.K_HOME)
    assert page.top == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is results


# ---------------------------------------------------------------------------- verify and replay
def test_verify_says_ok_or_names_the_first_bad_move(home: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    m = finished_and_kept(5, "gold_mine")
    path = saves.replay_path(m)
    assert verify.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: Gold Mine") and f"seed {m.seed}" in out and "checked" in out
    data = json.loads(path.read_text("utf-8"))
    moves = data["outcomes"]["moves"]
    first = next(i for i, o in enumerate(moves) if o)
    moves[first] = [[k, {**d, "dice": [6, 6, 6, 6]}] for k, d in moves[first]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), "utf-8")
    assert verify.main([str(bad)]) == 1
    assert capsys.readouterr().out.startswith(f"move {first + 1} (")
    data["seed"] += 1  # dealt from another seed: the opening or an early move gives it away
    bad.write_text(json.dumps(data), "utf-8")
    assert verify.main([str(bad)]) == 1
    assert "does not" in capsys.readouterr().out
    bad.write_text("{ not json", "utf-8")
    assert verify.main([str(bad)]) == 1


def test_replay_command_draws_every_nth_move(home: Path, tmp_path: Path, fresh_display: None) -> None:
    from game.tools import replay

    m = finished_and_kept(6, "gold_mine")
    shots = tmp_path / "shots"
    assert replay.main([str(saves.replay_path(m)), "--shots", str(shots), "--every", "5"]) == 0
    pngs = sorted(shots.glob("*.png"))
    n = len(m.actions)
    assert len(pngs) == len(range(0, n + 1, 5)) + (0 if n % 5 == 0 else 1)
    img = pygame.image.load(str(pngs[-1]))
    assert img.get_size() == (1280, 720)
    assert len({tuple(img.get_at((x, y))) for x in range(0, 1280, 64) for y in range(0, 720, 48)}) > 20


def test_replay_command_keeps_the_hands_of_an_unfinished_hot_seat_game_hidden(
        home: Path, tmp_path: Path, fresh_display: None) -> None:
    """`python -m game replay` of a hot-seat game's save, mid-game: it draws what the viewer
    would, the hands hidden (it drew every hand of a game still under Continue)."""
    from game.tools import replay
    from game.ui import privacy

    hot = played("diamond_in_the_rough", 5, 4, [Seat("Ana"), Seat("Bo")])
    assert not hot.is_over()
    saves.autosave(hot)
    with privacy.recording():
        assert replay.main([str(saves.save_path(hot)), "--shots", str(tmp_path / "shots")]) == 0
        faces = set(privacy.frame_faces())
    assert not faces & {c for hand in hot.state.hands for c in hand}


def test_replay_viewer_chooses_whose_hands_in_a_game_with_secrets(app: Any, home: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes.replay import ReplayScene

    m = finished_and_kept(7)
    match, actions = saves.load_replay(saves.replay_path(m))
    monkeypatch.setattr(match, "info", replace(match.info, private_hands=True))
    viewer = ReplayScene(match, actions, at=5)
    app.reset(TitleScene())
    app.push(viewer)
    assert viewer.viewer_label() == "every hand" and match.reveal_all
    key(app, pygame.K_v)
    assert not match.reveal_all and match.view_seat == 0 and match.viewer() == 0
    assert viewer.viewer_label() == "Ana's eyes" and viewer.position == 5
    for _ in range(len(m.seats)):
        key(app, pygame.K_v)
    assert match.reveal_all and viewer.viewer_label() == "every hand"


def test_an_unfinished_hot_seat_game_in_replays_keeps_its_hands_hidden(app: Any, home: Path) -> None:
    """A Grim Prospects game between two players at one screen, moved to Replays unfinished
    (Continue was full): its viewer shows only what everyone at the table saw, no hand face up and
    no choice of eyes; a finished one, or one against bots, shows every hand as before."""
    from game.ui import privacy
    from game.ui.scenes.replay import replay_scene_for_file

    hot = played("grim_prospects", 70, 8, [Seat("Ana"), Seat("Bo")])
    against_bots = played("grim_prospects", 70, 8, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    for m in (hot, against_bots):   # (mid-game, every hand holding cards to hide or show)
        assert not m.is_over() and all(m.state.hands)
    saves.write_replay(hot)
    saves.write_replay(against_bots)
    app.reset(TitleScene())
    for m, kept in ((hot, True), (against_bots, False)):
        viewer = replay_scene_for_file(saves.replay_path(m), unfinished=True, at=8)
        app.push(viewer)
        with privacy.recording():
            privacy.new_frame()
            app.step(1 / 60)
            app.draw()
            faces = set(privacy.frame_faces())
        in_hands = {c for hand in m.state.hands for c in hand}
        shown_hands = in_hands & faces
        assert (not shown_hands) == kept, (shown_hands, kept)
        assert (len(viewer.viewers) == 1) == kept
        key(app, pygame.K_v)
        assert not viewer.match.reveal_all or not kept
        if kept:   # nor does Analyse name a card of theirs as a better move
            key(app, pygame.K_a)
            assert viewer.analysis is None and "hidden" in viewer.analysis_error
            assert not viewer.analyse_buttons[0].enabled
        app.pop()


def test_a_replays_eyes_change_by_v_or_by_a_click_on_the_words_that_say_them(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whose hands a replay shows ("V: every hand", under the slider) changes with V and with a
    click on those words, so the mouse alone can do it too."""
    from game.ui.scenes import replay as replay_mod
    from game.ui.scenes.replay import replay_scene_for_file

    m = played("grim_prospects", 70, 8, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    saves.write_replay(m)
    app.reset(TitleScene())
    viewer = replay_scene_for_file(saves.replay_path(m), unfinished=True, at=8)
    app.push(viewer)
    drawn = spy_text(monkeypatch, replay_mod)
    app.step(1 / 60)
    app.draw()
    assert "V: every hand" in drawn, [d for d in drawn if "V" in d]
    assert viewer.viewer_rect is not None and viewer.viewer_label() == "every hand"
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=viewer.viewer_rect.center))
    assert viewer.viewer_label() == "Ana's eyes" and viewer.match.view_seat == 0
    key(app, pygame.K_v)
    assert viewer.viewer_label() == "Dusty's eyes"
    drawn.clear()
    app.draw()
    assert "V: Dusty's eyes" in drawn


def test_a_damaged_statistics_file_is_reported_when_a_game_ends(app: Any, home: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from game import stats
    from game.ui.tables import base, table_for

    stats.stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats.stats_path().write_text("{ damaged", "utf-8")
    m = finished_match(8)
    notice = saves.autosave(m)
    assert notice is not None and "statistics file was damaged" in notice and "kept as" in notice
    loaded, _ = stats.load_stats()
    assert any(p.name == "Ana" for p in loaded.profiles)
    # At the table the notice is shown to the player, not lost in a log.
    live = played("ya_blew_it", 9, 2)
    monkeypatch.setattr(base, "autosave", lambda match, wait=True: "The statistics file was damaged.")
    app.reset(TitleScene())
    table = table_for(live)
    app.push(table)
    while not live.human_to_move():
        live.apply(live.legal_actions()[0])
    table._apply(live.legal_actions()[0])
    assert isinstance(app.top, MessageBox) and "damaged" in app.top.text


def test_the_replays_screen_says_how_many_are_kept_once_it_holds_nearly_that_many(
        app: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from game.ui.scenes import replays as replays_mod
    from game.ui.scenes.replays import ROWS, ReplaysScene

    m = finished_and_kept(6)
    path = saves.replay_path(m)
    most = ROWS + 2
    monkeypatch.setattr(saves, "MAX_REPLAYS", most)
    for i in range(most + 2):
        shutil.copy(path, path.with_name(f"{i:016x}.json"))
    saves._prune_replays()
    assert len(list(saves.replays_dir().glob("*.json"))) == most   # the oldest went
    app.reset(TitleScene())
    screen = ReplaysScene()
    app.push(screen)
    drawn = spy_text_places(monkeypatch, replays_mod)
    app.draw()
    said = [(w, r) for w, r in drawn if f"the latest {most} are kept, the oldest goes first" in w]
    assert said, drawn
    # ... beside the Back button, not under it, with the real counts' longer numbers too.
    monkeypatch.setattr(saves, "MAX_REPLAYS", 200)
    screen.entries = (screen.entries * 21)[:203]
    screen.scroll = len(screen.entries) - ROWS
    screen._layout()
    drawn.clear()
    app.draw()
    said = [(w, r) for w, r in drawn if "the latest 200 are kept" in w or " of 203" in w]
    assert len(said) >= 1 and any("the latest 200" in w for w, _ in said), drawn
    assert all(not r.colliderect(screen.back_button.rect) for _, r in said), said


def test_a_save_from_a_newer_version_is_not_listed_nor_set_aside(home: Path) -> None:
    m = played("ya_blew_it", 4, 30, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    saves.autosave(m)
    saves.flush()
    path = next(saves.saves_dir().glob("*.json"))
    data = json.loads(path.read_text("utf-8"))
    newer = json.dumps({**data, "format": 3, "game": "silver_rush"})   # a game this version lacks
    path.write_text(newer, "utf-8")
    entries, messages = saves.list_saves()
    assert entries == []
    assert any("made by a newer version of Mother Lode" in msg for msg in messages), messages
    assert path.read_text("utf-8") == newer and not list(saves.saves_dir().glob("*.unreadable-*"))


def test_a_file_the_system_refuses_for_a_moment_is_left_as_it_is_not_set_aside(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows another program (a virus scanner, a backup) may hold a file for a moment, and
    reading it fails with a permission error: that is no damage. The save, the statistics and
    the settings stay where they are, untouched, and the player is told they could not be read."""
    from game import settings as settings_mod
    from game import stats as stats_mod
    from game.core import match as match_mod
    from game.core import storage

    m = played("ya_blew_it", 4, 30, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    saves.autosave(m)
    saves.flush()
    save = next(saves.saves_dir().glob("*.json"))
    stats_file, settings_file = stats_mod.stats_path(), settings_mod.settings_path()
    for f in (stats_file, settings_file):
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("{}", "utf-8")
    held = {save, stats_file, settings_file}
    real = storage.read_bytes

    def refuse(path: Path, *args: Any, **kw: Any) -> bytes:
        if Path(path) in held:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kw)

    monkeypatch.setattr(storage, "read_bytes", refuse)
    before = {f: f.read_bytes() for f in held}
    entries, messages = saves.list_saves()
    assert entries == [] and any("could not be read just now" in msg for msg in messages), messages
    match, message = match_mod.load_or_set_aside(save)
    assert match is None and message is not None and "just now" in message
    found, message = stats_mod.load_stats()
    assert message is not None and "just now" in message
    loaded, message = settings_mod.load_settings_checked()
    assert message is not None and "just now" in message
    settings_mod.save_settings(loaded)   # (not written over while it could not be read)
    assert {f: f.read_bytes() for f in held} == before
    assert not list(save.parent.glob("*.unreadable-*")) and not list(stats_file.parent.glob("*.unreadable-*"))
    monkeypatch.setattr(storage, "read_bytes", real)
    assert len(saves.list_saves()[0]) == 1   # read again next time


@pytest.mark.parametrize("given, kept", [("a1b2c3", True), ("CON", False), ("nul", False), ("Com1", False),
                                         ("lpt9", False), ("../x", False), ("", False)])
def test_a_match_id_from_a_file_names_no_windows_device(given: str, kept: bool) -> None:
    """A save's file name comes from its match id: one Windows keeps for a device (CON, NUL,
    COM1...) or anything not plain gets a fresh id instead."""
    m = played("ya_blew_it", 4, 2, [Seat("Ana"), Seat("Dusty", BOT, "easy")])
    data = json.loads(json.dumps(m.to_json()))
    data["match_id"] = given
    again = Match.from_json(data)
    assert (again.match_id == given) == kept
    assert again.match_id.lower() not in {"con", "prn", "aux", "nul"} and again.match_id


_REAL_TIME = time.time


def _clock(monkeypatch: pytest.MonkeyPatch, offset: float) -> None:
    """The computer's clock `offset` seconds off the real time."""
    monkeypatch.setattr(saves.time, "time", lambda: _REAL_TIME() + offset)


HOUR = 3600.0


def test_a_clock_put_back_still_lists_the_game_just_played_first(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the computer's clock put back (a dead clock battery, a computer offline), the game
    just played was listed under older ones, so the first Resume (key C) opened another: saves
    are listed in the order they were written, in this run and the next, however far the clock
    is off; "last played" stays the clock's."""
    for back in (3 * HOUR, 2 * 24 * HOUR, 20 * 365 * 24 * HOUR):
        for old in saves.saves_dir().glob("*.json"):
            old.unlink()
        _clock(monkeypatch, 0.0)
        older = played("gold_mine", 1, 3, [Seat("Ana"), Seat("Bo")])
        saves.autosave(older)
        monkeypatch.setattr(saves, "_orders", {})   # the game starts again: the title lists them
        _clock(monkeypatch, -back)
        assert [e.path.stem for e in saves.list_saves()[0]] == [str(older.match_id)]
        now = played("big_dig", 2, 3, [Seat("Cyd"), Seat("Dee")])
        saves.autosave(now)
        entries, _ = saves.list_saves()
        assert [e.path.stem for e in entries] == [str(now.match_id), str(older.match_id)], back
        assert abs(entries[0].when - (_REAL_TIME() - back)) < 60
        monkeypatch.setattr(saves, "_orders", {})   # and a run that writes before it lists
        saves.autosave(older)   # each write goes on in order
        assert saves.list_saves()[0][0].path.stem == str(older.match_id), back


def test_a_full_continue_never_retires_the_game_just_played(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty unfinished games saved while the clock ran ahead, then the clock put right: the
    game played now was moved to Replays on the way back to the title, where it cannot be played
    on. It stays, first, and an older one goes, beside files that say nothing of their order too
    (an older version's)."""
    for ahead, numbered in ((2 * HOUR, True), (400 * 24 * HOUR, True), (400 * 24 * HOUR, False)):
        monkeypatch.setattr(saves, "_orders", {})
        for old in saves.saves_dir().glob("*.json") if saves.saves_dir().exists() else []:
            old.unlink()
        _clock(monkeypatch, ahead)
        for i in range(saves.MAX_SAVES):
            m = played("ya_blew_it", 100 + i, 2, [Seat("Ana"), Seat("Bo")])
            saves.autosave(m)
            if not numbered:
                data = json.loads(saves.save_path(m).read_text("utf-8"))
                del data["order"]
                saves.save_path(m).write_text(json.dumps(data), "utf-8")
        monkeypatch.setattr(saves, "_orders", {})
        _clock(monkeypatch, 0.0)
        saves.list_saves()
        now = played("grim_prospects", 7, 5, [Seat("Eli"), Seat("Flo")])
        saves.autosave(now)
        entries, messages = saves.list_saves()
        assert len(entries) == saves.MAX_SAVES and entries[0].path.stem == str(now.match_id), ahead
        assert messages and "Moved to Replays" in messages[-1] and "Grim Prospects" not in messages[-1]


def test_a_delete_the_disk_refuses_says_so(app: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay the folder would not let go (a read-only folder) stayed in the list after its
    Delete was confirmed, without a word; a saved game's message quoted Python's whole error."""
    from game.ui.scenes.replays import ReplaysScene

    def refuse(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    saves.write_replay(finished_match(4, "gold_mine"))
    app.reset(TitleScene())
    screen = ReplaysScene()
    app.push(screen)
    monkeypatch.setattr(saves, "delete_replay", refuse)
    screen.ask_delete(0)
    key(app, pygame.K_d)
    box = app.top
    assert isinstance(box, MessageBox) and box.title == "Not deleted"
    assert box.text == "The replay could not be deleted (Permission denied)."
    key(app, pygame.K_RETURN)
    assert app.top is screen and len(screen.entries) == 1
    m = played("ya_blew_it", 3, 4)
    saves.autosave(m)
    title = TitleScene()
    app.reset(title)
    monkeypatch.setattr(saves, "delete_file", refuse)
    title.delete_save(0)
    box = app.top
    assert isinstance(box, MessageBox) and box.text == "The saved game could not be deleted (Permission denied)."


def test_a_save_refused_says_what_the_reason_means(app: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder the game may not write to was met by "or stay, and make room on the disk first"
    on closing: the reason says what it means where its words alone do not, and the advice fits
    any reason."""
    import errno

    import game.ui.tables.base as table_base
    from game.ui import tables

    assert saves.failure_reason(OSError(errno.ENOSPC, "No space left on device")) == "No space left on device"
    assert saves.failure_reason(OSError(errno.EROFS, "Read-only file system")) == \
        "Read-only file system: its disk cannot be written"

    def refused(match: Match, **kw: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(table_base, "autosave", refused)
    app.reset(TitleScene())
    app.push(tables.table_for(played("ya_blew_it", 3, 4)))
    app.handle(pygame.event.Event(pygame.QUIT))
    box = app.top
    assert isinstance(box, MessageBox) and box.title == "Quit without saving?"
    assert box.text.startswith("The game could not be saved (Permission denied: the game may not "
                               "write in its folder, or another program holds the file).")
    assert "disk" not in box.text


def test_a_replay_whose_analysis_cannot_be_deleted_stays_whole(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay went first and its analysis second: where only the analysis was refused, the
    player was told the replay could not be deleted, though it was gone."""
    path = saves.write_replay(finished_match(4, "gold_mine"))
    analysis = saves.analysis_path(path)
    analysis.write_text("{}", "utf-8")
    real = saves.delete_file

    def refuse_analysis(p: Path) -> None:
        if p == analysis:
            raise PermissionError(13, "Permission denied", str(p))
        real(p)

    monkeypatch.setattr(saves, "delete_file", refuse_analysis)
    with pytest.raises(PermissionError):
        saves.delete_replay(path)
    assert path.exists() and analysis.exists()
    monkeypatch.setattr(saves, "delete_file", real)
    saves.delete_replay(path)
    assert not path.exists() and not analysis.exists()
