"""Monkey testing: thousands of random, seeded input events at every screen must never raise.

Each run feeds mouse moves, clicks and wheels at random logical positions, random keys (Tab, Enter,
Esc, Space, letters, digits, arrows...), typed text and window resizes through `App.handle`, with
updates and draws in between, the way the main loop would. Quitting is allowed (it is counted, and
the screen is brought back); the scene stack emptying for any other reason is a failure.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
import zlib  # noqa: E402
from typing import Callable  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import finished_match  # noqa: E402

from game.core.match import BOT, Match, Seat  # noqa: E402
from game.games import GAMES  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scene import Scene  # noqa: E402
from game.ui.scenes.dialogs import MessageBox, PassScreen, PauseMenu  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402
from game.ui.scenes.rulebook import RulesScene  # noqa: E402
from game.ui.scenes.settings_scene import SettingsScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402

INFO = GAMES["ya_blew_it"]
EVENTS = 2000
DRAW_EVERY = 6

KEYS = (
    [pygame.K_TAB] * 6 + [pygame.K_RETURN] * 4 + [pygame.K_ESCAPE] * 2 + [pygame.K_SPACE] * 4
    + [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN] * 2
    + [pygame.K_BACKSPACE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
       pygame.K_KP_ENTER, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_F1, pygame.K_F11, pygame.K_DELETE]
    + list(range(pygame.K_a, pygame.K_z + 1)) + list(range(pygame.K_0, pygame.K_9 + 1))
)
TEXTS = ["a", "Z", "7", "42", "é", "Ünïcødé", " ", "x" * 40, "💣", "\t", "日本"]


def live_match(seed: int = 4) -> Match:
    m = Match(INFO.name, [Seat("Ana"), Seat("Bo"), Seat("Dusty", BOT, "easy")], seed)
    rng = random.Random(seed)
    for _ in range(6):
        m.apply(rng.choice(m.legal_actions()))
    return m


def table_scene(game: str = INFO.name) -> Scene:
    from game.ui.tables import table_for

    m = Match(game, [Seat("Ana"), Seat("Bo"), Seat("Dusty", BOT, "easy")], 9)
    return table_for(m)


def replay_scene(game: str) -> Scene:
    from game.saves import replay_of
    from game.ui.scenes.replay import ReplayScene

    match, actions = replay_of(finished_match(6, game))
    return ReplayScene(match, actions, at=len(actions) // 2)


def replays_scene() -> Scene:
    """The replays list with a few finished games in it (and a live one to undo at the table)."""
    from game.saves import autosave
    from game.ui.scenes.replays import ReplaysScene

    for seed in (1, 2):
        autosave(finished_match(seed, "gold_mine" if seed % 2 else INFO.name))
    autosave(live_match())
    return ReplaysScene()


def statistics_scene() -> Scene:
    from game.saves import autosave
    from game.ui.scenes.statistics import StatisticsScene

    for seed in (3, 4):
        autosave(finished_match(seed))
    return StatisticsScene()


FACTORIES: dict[str, Callable[[], Scene]] = {
    "title": TitleScene,
    "setup": lambda: SetupScene(INFO, rng=random.Random(1)),
    "settings": SettingsScene,
    "rules": lambda: RulesScene(INFO),
    "results": lambda: ResultsScene(finished_match(3), rng=random.Random(2)),
    "message": lambda: MessageBox("Careful", "Random text " * 12,
                                  [("One", pygame.K_1, None), ("Two", pygame.K_ESCAPE, None)]),
    "pause": lambda: PauseMenu(live_match()),
    "pass": lambda: PassScreen("Ana", None, match=live_match()),
    "table": table_scene,
    "gold_mine_table": lambda: table_scene("gold_mine"),
    "gold_mine_setup": lambda: SetupScene(GAMES["gold_mine"], rng=random.Random(1)),
    "replay": lambda: replay_scene("ya_blew_it"),
    "gold_mine_replay": lambda: replay_scene("gold_mine"),
    "replays": replays_scene,
    "statistics": statistics_scene,
}


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    """An App with the settings of a temporary user folder (`make_app` and `home`: conftest.py)."""
    return make_app(None)


def random_event(rng: random.Random) -> pygame.event.Event:
    pos = (rng.randrange(-20, 1300), rng.randrange(-20, 740))
    r = rng.random()
    if r < 0.22:
        rel = (rng.randint(-30, 30), rng.randint(-30, 30))
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(rng.random() < 0.2, 0, 0))
    if r < 0.40:
        kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.7 else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, pos=pos, button=rng.choice([1, 1, 1, 2, 3, 4, 5]))
    if r < 0.46:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False,
                                  precise_x=0.0, precise_y=0.0)
    if r < 0.90:
        kind = pygame.KEYDOWN if rng.random() < 0.85 else pygame.KEYUP
        r2 = rng.random()
        mod = pygame.KMOD_SHIFT if r2 < 0.15 else pygame.KMOD_CTRL if r2 < 0.25 else 0  # Ctrl+Z: undo
        return pygame.event.Event(kind, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0)
    if r < 0.98:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))
    w, h = rng.randint(320, 2560), rng.randint(240, 1440)
    return pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)


def start(app: App, name: str) -> None:
    """The title at the bottom (as in the game), and the scene under test on top of it."""
    app.reset(TitleScene())
    if name != "title":
        app.push(FACTORIES[name]())


@pytest.mark.parametrize("name", list(FACTORIES))
def test_random_input_never_crashes(app: App, name: str) -> None:
    if name == "table":
        pytest.importorskip("game.ui.tables.ya_blew_it")
    rng = random.Random(zlib.crc32(name.encode()))
    start(app, name)
    quits = 0
    depth_seen = {len(app.stack)}
    for i in range(EVENTS):
        event = random_event(rng)
        app.handle(event)
        if not app.running:
            # Quit is a legal outcome: count it, then put the screen back and keep going.
            quits += 1
            app.running = True
            start(app, name)
            continue
        assert app.stack, f"the scene stack emptied after {event} (event {i}) without quitting"
        depth_seen.add(len(app.stack))
        if i % DRAW_EVERY == 0:
            app.top.update(rng.choice([0.0, 1 / 60, 1 / 30, 0.1]))
            app.draw()
    app.top.update(1 / 60)
    app.draw()
    # The run explored more than one screen (it navigated somewhere and back).
    assert len(depth_seen) > 1 or quits > 0
