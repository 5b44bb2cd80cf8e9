"""What the UI tests share besides fixtures (those are in conftest.py): seats, key and mouse
events, the autosave's actions, stepping an App until its table is idle, a finished match, and
emptying an App after a test, and the text a scene draws.

Import pygame-using tests' headless drivers before this module (it imports pygame).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import pygame

from game.core.match import BOT, Match, Seat

NAMES = ("Ana", "Bo", "Cyd", "Dee", "Eli", "Flo")


# ---------------------------------------------------------------------------- seats and matches
def bots(n: int) -> list[Seat]:
    """n bots, normal and easy in turn."""
    return [Seat(NAMES[i], "bot", "normal" if i % 2 == 0 else "easy") for i in range(n)]


def humans(n: int) -> list[Seat]:
    return [Seat(NAMES[i]) for i in range(n)]


def played(game: str, seed: int, moves: int, seats: list[Seat] | None = None) -> Match:
    """A game of `seats` (default: Ana, an easy and a normal bot) after `moves` random legal
    actions (fewer if it ends first)."""
    m = Match(game, seats or [Seat("Ana"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "normal")], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
    return m


def finished_match(seed: int, game: str = "ya_blew_it") -> Match:
    """A game of a human and two bots, played to its end with random legal actions."""
    m = Match(game, [Seat("Ana"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "normal")], seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    return m


# ---------------------------------------------------------------------------- input
def key_event(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def key(app: Any, k: int, mod: int = 0) -> None:
    """Press key `k` in the App."""
    app.handle(key_event(k, mod))


def lift_curtain(app: Any) -> None:
    """The next player lifts the hot-seat curtain on top of the App with Space, as soon as its
    button wakes (`PassScreen.ARMS_AFTER` after it came up; a press before that is not theirs)."""
    from game.ui.scenes.dialogs import PassScreen

    curtain = app.top
    assert isinstance(curtain, PassScreen), "no curtain to lift"
    for _ in range(600):
        if curtain.armed:
            break
        app.step(1 / 60)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode="", scancode=0)
    app.handle(up)   # (a Space still down from skipping the last move's show comes up first)
    key(app, pygame.K_SPACE)
    app.handle(up)
    assert curtain.done, "the curtain did not lift"


def click(app: Any, pos: tuple[float, float]) -> None:
    """Move the mouse to `pos` and click there (down and up)."""
    p = (int(round(pos[0])), int(round(pos[1])))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=p))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=p))


# ---------------------------------------------------------------------------- the App
def save_files(home: Path) -> list[Path]:
    """The saved (unfinished) games of the user folder `home`, most recently written first, once
    the background writer has written what the table handed it."""
    from game.saves import flush

    flush()
    folder = home / "data" / "saves"
    files = [p for p in folder.glob("*.json")] if folder.is_dir() else []
    return sorted(files, key=lambda p: p.stat().st_mtime_ns, reverse=True)


def saved_actions(home: Path) -> list[str]:
    """The actions in the most recent save of the user folder `home` (none when there is none)."""
    files = save_files(home)
    return list(json.loads(files[0].read_text("utf-8"))["actions"]) if files else []


def run_until(app: Any, done: Callable[[], bool], what: str, frames: int = 20000) -> None:
    """Step the App 1/60 s at a time until `done()`, then one frame more (an idle table builds its
    buttons then); fail, saying `what` never happened, after `frames` frames."""
    for _ in range(frames):
        app.step(1 / 60)
        if done():
            app.step(1 / 60)
            return
    raise AssertionError(f"the table never {what}")


def run_until_idle(app: Any, table: Any, frames: int = 20000) -> None:
    run_until(app, lambda: table.idle, "became idle", frames)


def run_until_human(app: Any, table: Any, frames: int = 20000) -> None:
    run_until(app, lambda: table.idle and table.match.human_to_move(), "waited for a human", frames)


def close_app(app: Any) -> None:
    """Exit every scene of the App (stopping the bot threads of tables)."""
    while app.stack:
        app.stack.pop().exit()


# ---------------------------------------------------------------------------- what is drawn
def spy_text(monkeypatch: Any, module: Any) -> list[str]:
    """Record every text `module` draws through its `theme.text` (then drawn as usual)."""
    drawn: list[str] = []
    real = module.theme.text

    def spy(surface: Any, words: str, *args: Any, **kw: Any) -> Any:
        drawn.append(words)
        return real(surface, words, *args, **kw)

    monkeypatch.setattr(module.theme, "text", spy)
    return drawn


def spy_text_places(monkeypatch: Any, module: Any) -> list[tuple[str, Any]]:
    """Record every text `module` draws through its `theme.text`, with the rect it was drawn in."""
    placed: list[tuple[str, Any]] = []
    real = module.theme.text

    def spy(surface: Any, words: str, *args: Any, **kw: Any) -> Any:
        rect = real(surface, words, *args, **kw)
        placed.append((words, rect))
        return rect

    monkeypatch.setattr(module.theme, "text", spy)
    return placed


def to_a_take_back_by_the_next(m: Any, rng: Any, tries: int = 400) -> None:
    """Play `m` on with random moves to a position where the human to move may take back the
    previous human's move (hot-seat); fails the test if none comes in `tries` moves."""
    import pytest

    for _ in range(tries):
        if m.human_to_move() and m.can_undo() and m.undo_seat() != m.to_move():
            return
        m.apply(rng.choice(m.legal_actions()))
    pytest.fail("no position where the next player could take back the last one's move")
