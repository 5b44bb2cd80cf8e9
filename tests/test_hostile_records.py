"""Game records from outside (saves, replays, statistics, maps) that are shaped like ours but hold
what the game never writes: a move thousands of digits long, a record of hints repeated a million
times, a replay's result that is not a list, a map that declares XML entities, more unfinished
games than the lists keep. Each is refused or bounded where it comes in, with plain words; nothing
sound is lost, and no game is deleted behind the player's back."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import played

from game import saves
from game.core import storage
from game.core.contract import Action, BadSave, IllegalAction
from game.core.match import BOT, HUMAN, MAX_ACTION_CHARS, Match, Seat
from game.games import GAMES

SEATS = [Seat("Ana", HUMAN), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "normal")]


def a_save_record(game: str = "grim_prospects", moves: int = 4) -> dict:
    return json.loads(json.dumps(played(game, 3, moves, SEATS).to_json()))


def sound_saves(count: int) -> list[Path]:
    """`count` unfinished games saved under Continue; their files."""
    made = []
    for seed in range(count):
        match = played("ya_blew_it", seed, 2, SEATS[:2])
        saves.autosave(match)
        made.append(saves.save_path(match))
    return made


def damaged_old_save() -> Path:
    """A saved game older than any other whose list entry (its summary) is sound but whose last
    move no game could have written; its file."""
    damaged = played("grim_prospects", 3, 4, SEATS)
    saves.autosave(damaged)
    path = saves.save_path(damaged)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"].append("place:" + "9" * 5000)
    data["updated"] = 1.0   # the oldest of all
    data["order"] = 0
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- moves
# (Ya Blew It!'s moves carry no numbers.)
@pytest.mark.parametrize("game", sorted(set(GAMES) - {"ya_blew_it"}))
def test_a_move_with_a_number_thousands_of_digits_long_is_illegal_not_a_crash(game: str) -> None:
    """Every legal move, its numbers made 5,000 digits long, is refused as illegal (Python
    refuses to read such a number at all, with an error no game expects)."""
    checked = 0
    for moves in (1, 4, 9):
        match = played(game, 3, moves, SEATS)
        for action in match.legal_actions():
            text = re.sub(r"\d+", "9" * 5000, str(action))
            if text != str(action):
                with pytest.raises(IllegalAction):
                    match.state.copy().apply(Action.parse(text))
                checked += 1
    assert checked >= 3


def test_a_saved_move_longer_than_any_game_writes_is_damage_named_by_its_number() -> None:
    data = a_save_record()
    data["actions"].append("place:" + "9" * 5000)
    with pytest.raises(BadSave, match=f"move {len(data['actions'])} is 5,006 characters long"):
        Match.from_json(data)
    assert MAX_ACTION_CHARS >= 64   # room for the longest real move (Big Dig's, about 30)


def test_a_damaged_old_save_is_set_aside_and_every_other_stays_listed(home: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(saves, "MAX_SAVES", 3)
    sound_saves(4)
    bad = damaged_old_save()
    entries, messages = saves.list_saves()
    assert len(entries) == 3 and bad not in [e.path for e in entries]
    assert any(bad.name in m and "kept as" in m for m in messages), messages
    assert not bad.exists() and list(bad.parent.glob(f"{bad.stem}.unreadable-*"))
    assert "digits" not in " ".join(messages)   # the plain words, never Python's


# ---------------------------------------------------------------------------- hints
def test_a_hint_repeated_in_the_record_counts_once_and_notes_once() -> None:
    data = a_save_record()
    data["hints"] = [[0] * 100_000, [], []]
    match = Match.from_json(data)
    assert match.hints == [[0], [], []]
    assert sum(1 for ev in match.history if ev.kind == "hint") <= 1


# ---------------------------------------------------------------------------- verify
def test_verify_says_a_result_that_is_not_a_list_is_damaged() -> None:
    from game.tools.verify import verify_data

    match = played("ya_blew_it", 4, 10_000, SEATS[:2])
    assert match.is_over()
    data = json.loads(json.dumps(match.to_json()))
    data["summary"] = {"winners": 1}
    ok, words = verify_data(data)
    assert not ok and "result" in words and "damaged" in words


# ---------------------------------------------------------------------------- files
def test_a_number_too_long_to_read_is_named_in_plain_words(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"seed": ' + "7" * 5000 + "}", encoding="utf-8")
    with pytest.raises(storage.BadFile) as caught:
        storage.read_json(path)
    assert "too long" in str(caught.value) and "set_int_max_str_digits" not in str(caught.value)


def test_an_empty_file_is_called_empty(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    with pytest.raises(storage.BadFile, match="empty"):
        storage.read_json(path)


# ---------------------------------------------------------------------------- many unfinished games
def test_unfinished_games_moved_to_replays_are_never_let_go_in_the_same_breath(home: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """More unfinished games than Replays keep, found at once: every one moved there is there,
    and the message names a few of them and counts the rest."""
    monkeypatch.setattr(saves, "MAX_SAVES", 2)
    monkeypatch.setattr(saves, "MAX_REPLAYS", 3)
    old = played("ya_blew_it", 99, 10_000, SEATS[:2])
    saves.write_replay(old)    # a finished game's replay, older than all of them
    ids = []
    for seed in range(12):
        match = played("ya_blew_it", seed, 2, SEATS[:2])
        saves.autosave(match)
        ids.append(match.match_id)
    entries, messages = saves.list_saves()
    assert len(entries) == 2
    kept = {p.stem for p in saves.replays_dir().glob("*.json") if "." not in p.stem}
    moved = set(ids) - {e.path.stem for e in entries}
    assert len(moved) == 10 and moved <= kept
    [words] = messages
    assert "and 5 more" in words and words.count(" with ") == 5
    # The next game to end as a replay is kept, and the oldest replays go as the Replays say.
    saves.write_replay(played("ya_blew_it", 98, 10_000, SEATS[:2]))
    assert len([p for p in saves.replays_dir().glob("*.json") if "." not in p.stem]) == 3


# ---------------------------------------------------------------------------- statistics
def test_a_count_at_its_limit_stays_there_and_the_file_stays_sound(home: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game import stats

    match = played("ya_blew_it", 4, 10_000, SEATS[:2])
    assert stats.record_match(match) is None
    data = json.loads(stats.stats_path().read_text(encoding="utf-8"))
    text = json.dumps(data)
    text = re.sub(r'"played": \d+', f'"played": {stats.COUNT_LIMIT}', text)   # (its tallies too)
    stats.stats_path().write_text(text, encoding="utf-8")
    again = played("ya_blew_it", 5, 10_000, SEATS[:2])
    assert stats.record_match(again) is None
    loaded, message = stats.load_stats()
    assert message is None                          # not taken for damage
    record = loaded.profiles[0].games["ya_blew_it"]
    assert record.played == stats.COUNT_LIMIT


@pytest.mark.parametrize("seed", ["7" * 5000, -1, 2**64, 1.5, True, "12x"])
def test_a_seed_that_is_no_seed_is_damage_in_plain_words(seed: object) -> None:
    data = a_save_record()
    data["seed"] = seed
    with pytest.raises(BadSave, match="the file's seed is not a whole number") as caught:
        Match.from_json(data)
    assert "digits" not in str(caught.value)


def test_a_seed_written_as_digits_is_read() -> None:
    data = a_save_record()
    seed = data["seed"]
    data["seed"] = str(seed)
    assert Match.from_json(data).seed == seed


def test_a_save_the_system_will_not_open_stays_under_continue(home: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Another program holding an old save for a moment (on Windows) is no damage: not set
    aside when the list is full, but left under Continue, and the message says why."""
    from game.core import match as match_module

    monkeypatch.setattr(saves, "MAX_SAVES", 2)
    made = sound_saves(3)

    def refused(path: Path, what: str = "save") -> object:
        raise BadSave(f"the {what} cannot be opened (Permission denied)") from PermissionError(13, "Permission denied")

    monkeypatch.setattr(match_module, "read_record", refused)
    entries, messages = saves.list_saves()
    assert {e.path for e in entries} == set(made)
    assert all(p.exists() for p in made) and not list(saves.saves_dir().glob("*.unreadable-*"))
    assert any("stay under Continue" in m for m in messages), messages


def test_a_damaged_save_set_aside_is_not_listed_when_the_others_could_not_be_moved(home: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import shutil

    monkeypatch.setattr(saves, "MAX_SAVES", 1)
    made = sound_saves(3)
    bad = damaged_old_save()
    folder = saves.replays_dir()
    shutil.rmtree(folder)
    folder.write_text("not a folder", "utf-8")   # the replays cannot be written
    entries, messages = saves.list_saves()
    assert {e.path for e in entries} == set(made)   # every sound one stays; the damaged one is aside
    assert not bad.exists() and any(bad.name in m and "kept as" in m for m in messages)
    assert any("they stay under Continue" in m for m in messages)
