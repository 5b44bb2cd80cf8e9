"""Fixtures the UI tests share: a private user folder, and Apps that are closed after the test.

Only one is autouse: at the end of the session it stops the program's search pool, if a test
started it (as the app does when it quits), so no worker outlives the run and no executor is torn
down half-way at interpreter exit. Nothing is imported here up front: a test that asks for no
fixture runs as if this file were not here (the headless drivers stay each test module's choice).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def _search_pool_closed_at_the_end() -> Iterator[None]:
    yield
    pool = sys.modules.get("game.bots.pool")
    if pool is not None:
        pool.close_shared()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private MOTHER_LODE_HOME (saves, settings, logs, user maps): no test touches real ones."""
    path = tmp_path / "home"
    monkeypatch.setenv("MOTHER_LODE_HOME", str(path))
    return path


@pytest.fixture
def fresh_display() -> Iterator[None]:
    """The display is closed after the test, whatever opened it, so the next test's App opens a
    fresh one (pygame-ce 2.5 can crash when set_mode runs again over a live SCALED window)."""
    yield
    import pygame

    pygame.display.quit()


@pytest.fixture
def make_app(home: Path, fresh_display: None) -> Iterator[Callable[..., Any]]:
    """Opens Apps in the private user folder: `make_app("normal")` muted, with that animation
    speed ("instant" by default); `make_app(None)` with the settings the user folder holds.
    After the test every scene of every App is exited (stopping bot threads) and the window closed."""
    from helpers import close_app

    from game.settings import Settings
    from game.ui.app import App

    opened: list[App] = []

    def make(animation: str | None = "instant") -> App:
        app = App(Settings(animation=animation, muted=True) if animation is not None else None)
        opened.append(app)
        return app

    yield make
    while opened:
        close_app(opened.pop())


@pytest.fixture
def app(make_app: Callable[..., Any]) -> Any:
    """An App with instant animations, muted, in the private user folder."""
    return make_app()
