"""The windowed Windows executable started from a terminal: a tool attaches to that terminal's
console and writes there (`check-map`'s verdict), where its output used to go nowhere. Windows
itself is faked: a stand-in kernel32, and "CONOUT$" is then a plain file in the working folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import __main__ as entry


class FakeKernel32:
    def __init__(self, attaches: bool) -> None:
        self.attaches = attaches
        self.asked: list[int] = []

    def AttachConsole(self, pid: int) -> int:  # noqa: N802 (the Windows name)
        self.asked.append(pid)
        return 1 if self.attaches else 0


def no_streams(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """As in the windowed executable: no standard streams. (Set in the test itself: pytest puts
    its own capture back in place between a fixture and the test.)"""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    return tmp_path


def test_attaches_to_the_parent_terminal_and_writes_there(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    folder = no_streams(monkeypatch, tmp_path)
    k = FakeKernel32(attaches=True)
    assert entry.attach_console("win32", k) is True
    assert k.asked == [-1]
    print("OK", file=sys.stdout)
    print("a problem", file=sys.stderr)
    sys.stdout.flush()
    out = sys.stdout
    monkeypatch.undo()
    out.close()
    assert (folder / "CONOUT$").read_text(encoding="utf-8") == "\nOK\na problem\n"


def test_started_without_a_terminal_nothing_changes(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    folder = no_streams(monkeypatch, tmp_path)
    k = FakeKernel32(attaches=False)
    assert entry.attach_console("win32", k) is False
    assert sys.stdout is None and sys.stderr is None
    assert not (folder / "CONOUT$").exists()


def test_only_on_windows_and_only_without_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    k = FakeKernel32(attaches=True)
    assert entry.attach_console("linux", k) is False
    assert entry.attach_console("win32", k) is False   # this test run has its streams
    assert k.asked == []


def test_a_tool_run_attaches_and_the_game_itself_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(entry, "attach_console", lambda: calls.append(1) or False)
    monkeypatch.setattr("game.crash.install_crash_handler", lambda show=None: None)
    assert entry.main(["--version"]) == 0
    assert calls == [1]
    import game.ui.main as ui_main
    monkeypatch.setattr(ui_main, "run_game", lambda **kw: 0)
    assert entry.main([]) == 0
    assert calls == [1]
