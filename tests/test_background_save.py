"""The table's autosave does not wait for the disk: the save is written by a background writer,
which keeps only the latest text of each file, says when a write failed, and is waited for
wherever saves are read, removed or kept as replays."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import threading  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from helpers import played, save_files, saved_actions  # noqa: E402

from game import saves  # noqa: E402
from game.core.match import HUMAN, Seat  # noqa: E402
from game.core.storage import BackgroundWriter, read_json, write_text_atomic  # noqa: E402


class Gate:
    """A write function that records what it writes and waits at a gate before each write."""

    def __init__(self, fail: set[str] | None = None) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.written: list[tuple[str, str]] = []
        self.fail = fail or set()

    def __call__(self, path: Path, text: str) -> None:
        self.started.set()
        assert self.open.wait(10), "the test never opened the gate"
        if path.name in self.fail:
            raise OSError(28, "No space left on device")
        write_text_atomic(path, text)
        self.written.append((path.name, text))


def test_put_returns_before_the_write_and_only_the_latest_text_is_written(tmp_path: Path) -> None:
    gate = Gate()
    writer = BackgroundWriter(gate)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    writer.put(a, '"a1"')
    assert gate.started.wait(10)      # the writer holds "a1" at the gate
    for text in ('"a2"', '"a3"'):
        writer.put(a, text)           # returns at once: the gate is shut
    writer.put(b, '"b1"')
    assert gate.written == [] and not a.exists()
    assert not writer.flush(timeout=0.05)   # not done while the gate is shut
    gate.open.set()
    assert writer.flush(timeout=10)
    assert gate.written == [("a.json", '"a1"'), ("a.json", '"a3"'), ("b.json", '"b1"')]
    assert read_json(a) == "a3" and read_json(b) == "b1"


def test_a_failed_write_is_raised_for_its_file_only_until_one_succeeds(tmp_path: Path) -> None:
    gate = Gate(fail={"a.json"})
    gate.open.set()
    writer = BackgroundWriter(gate)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    writer.put(a, "1")
    writer.flush()
    writer.put(b, "2")                # another file does not hear of it
    with pytest.raises(OSError, match="No space left"):
        writer.put(a, "3")            # the next save of the same file does
    writer.flush()
    gate.fail.clear()
    with pytest.raises(OSError):
        writer.flush(a)               # "3" failed as well
    writer.put(a, "4")
    writer.flush(a)                   # written: nothing to raise
    assert read_json(a) == 4 and read_json(b) == 2


def test_the_table_does_not_wait_for_the_disk(app: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes.dialogs import open_table
    from game.ui.scenes.title import TitleScene

    gate = Gate()
    monkeypatch.setattr(saves._writer, "_write", gate)
    match = played("gold_mine", 3, 2, [Seat("Ana", HUMAN), Seat("Bo", HUMAN)])
    app.reset(TitleScene())
    assert open_table(app, match, replace=False)
    table = app.top
    assert table._apply(match.legal_actions()[0])  # returned with the write held at the gate
    assert gate.started.wait(10) and gate.written == []
    gate.open.set()
    assert saved_actions(home) == match.actions    # written once the writer is through


def test_a_failed_background_save_is_told_at_the_next_move(app: Any, home: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes.dialogs import open_table
    from game.ui.scenes.title import TitleScene

    match = played("ya_blew_it", 5, 2, [Seat("Ana", HUMAN), Seat("Bo", HUMAN)])
    gate = Gate(fail={f"{match.match_id}.json"})
    gate.open.set()
    monkeypatch.setattr(saves._writer, "_write", gate)
    app.reset(TitleScene())
    assert open_table(app, match, replace=False)
    table = app.top
    assert table._apply(match.legal_actions()[0])
    saves.flush()
    moves = len(match.actions)
    assert table._apply(match.legal_actions()[0])
    assert len(match.actions) == moves + 1          # play goes on
    assert table.message == "Could not save the game (No space left on device); play goes on."
    gate.fail.clear()
    assert table._apply(match.legal_actions()[0])   # the disk is back: the next save has every move
    assert saved_actions(home) == match.actions


def test_a_game_that_ends_while_its_save_is_written_leaves_no_save(home: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(path: Path, text: str) -> None:
        time.sleep(0.3)
        write_text_atomic(path, text)

    monkeypatch.setattr(saves._writer, "_write", slow)
    match = played("ya_blew_it", 8, 6)
    saves.autosave(match, wait=False)   # still being written when the game ends
    while not match.is_over():
        match.apply(match.legal_actions()[0])
    saves.autosave(match, wait=False)   # a finished game is kept at once, after the pending save
    assert save_files(home) == []
    assert saves.replay_path(match).exists()


def test_saving_on_quit_writes_even_after_a_failed_background_save(home: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    match = played("gold_mine", 4, 3)
    gate = Gate(fail={f"{match.match_id}.json"})
    gate.open.set()
    monkeypatch.setattr(saves._writer, "_write", gate)
    saves.autosave(match, wait=False)
    saves.flush()
    saves.autosave(match)               # the window closed: written at once, the old failure moot
    assert saved_actions(home) == match.actions
    gate.fail.clear()
    saves.autosave(match, wait=False)   # and no stale failure is raised later
    assert saved_actions(home) == match.actions


def test_a_rename_refused_for_a_moment_is_tried_again(tmp_path: Any, monkeypatch: Any) -> None:
    """On Windows a scanner may hold the file being replaced for a moment: the write waits a
    little and tries again rather than failing the save."""
    from game.core import storage

    monkeypatch.setattr(storage, "REPLACE_TRIES", (0.0, 0.0, 0.0))
    refusals = [2]
    real = os.replace

    def held(src: Any, dst: Any) -> None:
        if refusals[0]:
            refusals[0] -= 1
            raise PermissionError(13, "Access is denied", str(dst))
        real(src, dst)

    monkeypatch.setattr(storage.os, "replace", held)
    target = tmp_path / "save.json"
    storage.write_text_atomic(target, "{}")
    assert target.read_text(encoding="utf-8") == "{}" and refusals == [0]
    refusals[0] = 9   # held for good: the error reaches the caller, and no temporary file stays
    try:
        storage.write_text_atomic(target, "[]")
    except PermissionError:
        pass
    else:
        raise AssertionError("a rename refused every time did not fail")
    assert target.read_text(encoding="utf-8") == "{}" and [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_a_read_refused_for_a_moment_is_tried_again(tmp_path: Any, monkeypatch: Any) -> None:
    """The same for reading: a file held for a moment is read once it is let go."""
    from game.core import storage

    monkeypatch.setattr(storage, "REPLACE_TRIES", (0.0, 0.0, 0.0))
    target = tmp_path / "save.json"
    target.write_text('{"a": 1}', encoding="utf-8")
    refusals = [2]
    real = storage.os.open

    def held(path: Any, flags: int, *args: Any) -> int:
        if refusals[0]:
            refusals[0] -= 1
            raise PermissionError(13, "Access is denied", str(path))
        return real(path, flags, *args)

    monkeypatch.setattr(storage.os, "open", held)
    assert storage.read_json(target) == {"a": 1} and refusals == [0]
    refusals[0] = 9
    with pytest.raises(PermissionError):
        storage.read_json(target)
