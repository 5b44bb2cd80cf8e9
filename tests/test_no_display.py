"""With no display to open a window on, the game says so and stops, rather than playing on in a
window nobody can see (SDL falls back to its off-screen driver without a word)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui import main


def test_a_driver_that_draws_nowhere_is_a_problem_unless_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    for driver in ("offscreen", "dummy"):
        monkeypatch.setattr(pygame.display, "get_driver", lambda d=driver: d)
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
        problem = main.window_problem()
        assert problem is not None and "could not open its window" in problem and driver in problem
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)   # tests and headless tools ask for it
        assert main.window_problem() is None
    for driver in ("x11", "wayland", "windows", "cocoa"):
        monkeypatch.setattr(pygame.display, "get_driver", lambda d=driver: d)
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
        assert main.window_problem() is None


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="a display that cannot be reached is set up with DISPLAY on Linux only")
def test_the_game_stops_with_a_message_when_no_display_can_be_reached(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "SDL_AUDIODRIVER")}
    env.update(DISPLAY=":987", MOTHER_LODE_HOME=str(tmp_path / "home"), SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-m", "game"], env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 1, run.stderr
    assert "could not open its window" in run.stderr
    assert "Traceback" not in run.stderr
