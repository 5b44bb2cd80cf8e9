"""What is left when something unexpected goes wrong: the other games stay listed, a lost audio
device leaves the game silent, and a crash report or a log record stays small."""

from __future__ import annotations

import logging
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import finished_match, played  # noqa: E402

from game import saves  # noqa: E402


def test_a_game_whose_end_cannot_be_kept_hides_no_other_saved_game(home: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault while counting a game that ended as the process died (here in the statistics)
    hid every saved game, at every start: that game stays, as it ended, with a word, and the
    others are listed."""
    from game import stats

    unfinished = played("gold_mine", 2, 3)
    saves.autosave(unfinished)
    ended = finished_match(4)
    saves._write_save(ended)

    def fault(match: object, **kw: object) -> None:
        raise KeyError("profile")

    with monkeypatch.context() as patched:
        patched.setattr(stats, "record_match", fault)
        listed, messages = saves.list_saves()
    assert {e.path.stem for e in listed} == {unfinished.match_id, ended.match_id}
    assert any("could not be kept in Replays yet" in m and "Ya Blew It!" in m for m in messages), messages
    listed, _ = saves.list_saves()   # the fault mended: kept now, the other still listed
    assert [e.path.stem for e in listed] == [unfinished.match_id]


def test_an_audio_device_lost_mid_game_leaves_the_game_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.sound import Sounds

    pygame.mixer.init()
    sounds = Sounds()
    if not sounds.available:
        pytest.skip("no sounds could be read on this machine's audio driver")
    pygame.mixer.quit()   # the device gone (unplugged, taken by the system)
    sounds.play(next(iter(sounds._sounds)))
    sounds.play("win")
    assert not sounds.available


def test_a_crash_report_and_a_log_record_of_a_huge_error_stay_small(tmp_path: Path) -> None:
    from game.crash import REPORT_LIMIT, report_text
    from game.ui.main import LOG_RECORD_LIMIT, _Bounded

    try:
        raise ValueError("x" * 5_000_000)
    except ValueError:
        exc_type, exc, tb = sys.exc_info()
    assert exc_type is not None and exc is not None
    text = report_text(exc_type, exc, tb)
    assert len(text) < REPORT_LIMIT + 200 and "characters cut" in text
    assert "ValueError" in text and "Traceback" in text   # its head and its tail both kept
    record = logging.LogRecord("game", logging.ERROR, __file__, 1, "stopped", None, (exc_type, exc, tb))
    line = _Bounded("%(message)s").format(record)
    assert len(line) < LOG_RECORD_LIMIT + 200 and "characters cut" in line


def test_the_crash_message_says_the_game_in_progress_was_kept(tmp_path: Path) -> None:
    from game.crash import _message

    for text in (_message(tmp_path / "crash.log"), _message(None, "no room")):
        assert "under Continue" in text and "has to close" in text


def test_a_crash_report_and_a_log_line_quoting_a_file_name_not_utf8_are_kept(tmp_path: Path) -> None:
    """A crash whose message quoted a file name that is not UTF-8 (a save set aside under such a
    name) left an empty report ("No report could be saved."), and such a log line was lost with
    a logging error: both are written, the name escaped."""
    from game.crash import save_report
    from game.ui.main import RotatingLog

    name = os.fsdecode(b"caf\xe9.json")   # as a file name the system gives back, undecodable
    path, problem = save_report(f"ValueError: no game in {name}", tmp_path / "logs")
    assert problem is None and "caf\\udce9.json" in path.read_text(encoding="utf-8")
    handler = RotatingLog(tmp_path / "game.log", 10_000, 1)
    errors: list[BaseException] = []
    handler.handleError = lambda record: errors.append(sys.exc_info()[1])  # type: ignore[method-assign,assignment]
    handler.emit(logging.LogRecord("game", logging.INFO, __file__, 1, "set aside %s", (name,), None))
    handler.close()
    assert not errors and "set aside caf\\udce9.json" in (tmp_path / "game.log").read_text(encoding="utf-8")
