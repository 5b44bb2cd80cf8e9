"""The sound at a game's end: the fanfare when a player at the screen won (or only bots played),
a falling phrase when every player at the screen lost; played once, by the table, not again by
the results screen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
from typing import Any, Callable  # noqa: E402

import pytest  # noqa: E402
from helpers import lift_curtain, run_until  # noqa: E402

from game.core.match import BOT, Match, Seat  # noqa: E402
from game.games import GAMES  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402
from game.ui.tables import table_for  # noqa: E402


def before_the_end(game: str, human_wins: bool) -> tuple[Match, Any]:
    """A game of Ana (human) against a bot, one move from its end, and its winners including Ana
    or not; with that last move, or None where the bot makes it. The move is Ana's, or, in Big Dig
    (where only the mover wins), a win the bot takes: every level takes a win it has."""
    for seed in range(400):
        m = Match(game, [Seat("Ana"), Seat("Nell", BOT, "easy")], seed)
        rng = random.Random(seed)
        while True:
            legal = m.legal_actions()
            last = rng.choice(legal)
            actor = m.to_move()
            m.apply(last)
            if m.is_over():
                break
        if actor != 0 and game != "big_dig":
            continue
        winners = m.state.outcome().winners
        if human_wins != (0 in winners) or not winners:
            continue
        start = Match(game, [Seat("Ana"), Seat("Nell", BOT, "easy")], seed)
        for a in m.actions[:-1]:
            start.apply(a)
        return start, last if actor == 0 else None
    pytest.fail(f"no {game} game found that ends on Ana's move with the wanted winner")


@pytest.mark.parametrize("human_wins", [True, False])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_end_sounds_once_and_fits_who_won(make_app: Callable[..., Any], game: str, human_wins: bool) -> None:
    app = make_app()
    played: list[str] = []
    real = app.play
    app.play = lambda name: (played.append(name), real(name))  # type: ignore[method-assign]
    match, last = before_the_end(game, human_wins)
    table = table_for(match)
    app.push(table)
    if last is not None:
        run_until(app, lambda: table.idle, "became idle")
        assert table._apply(last)
    run_until(app, lambda: isinstance(app.top, ResultsScene), "reached the results", 3000)
    for _ in range(10):
        app.step(1 / 60)
    ends = [s for s in played if s in ("win", "lose")]
    assert ends == ["win" if human_wins else "lose"], played


def test_the_replay_of_a_finished_game_plays_no_end_sound_again(make_app: Callable[..., Any]) -> None:
    """The final table (Show the table) and a replay played to its end sounded the end again,
    at every step back onto the last move."""
    from helpers import key

    import pygame

    from game import saves
    from game.ui.scenes.replay import ReplayScene

    app = make_app()
    played: list[str] = []
    real = app.play
    app.play = lambda name: (played.append(name), real(name))  # type: ignore[method-assign]
    match, last = before_the_end("ya_blew_it", False)
    match.apply(last)
    start, actions = saves.replay_of(match)
    viewer = ReplayScene(start, actions, at=len(actions))
    app.push(viewer)
    for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RIGHT):
        key(app, k)
        for _ in range(30):
            app.step(1 / 60)
    assert viewer.position == len(actions)
    assert not [s for s in played if s in ("win", "lose")], played


def test_a_finished_game_that_could_not_be_kept_says_so_and_is_tried_again(
        make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """With saves failing the game ended unkept: no replay, not counted, and nothing said; the
    window closed on it without a question. The results now say so, leaving tries again, and
    closing asks first."""
    import pygame

    from game import saves
    import game.ui.tables.base as table_base

    def full(match: Any, **kw: Any) -> None:
        raise OSError(28, "No space left on device")

    app = make_app()
    match, last = before_the_end("gold_mine", True)
    table = table_for(match)
    app.push(table)
    run_until(app, lambda: table.idle, "became idle")
    monkeypatch.setattr(table_base, "autosave", full)
    monkeypatch.setattr(saves, "autosave", full)
    assert table._apply(last)
    run_until(app, lambda: isinstance(app.top, ResultsScene), "reached the results", 3000)
    results = app.top
    assert results.unkept == "No space left on device"
    app.handle(pygame.event.Event(pygame.QUIT))
    assert app.running and app.top.title == "Quit without saving?"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    monkeypatch.undo()   # room again: leaving keeps it
    app.step(1 / 60)
    results.back_to_menu()
    assert results.unkept == "" and saves.replay_path(match).exists()


def test_in_hot_seat_the_notice_that_a_save_failed_stays_for_the_next_player(
        make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The curtain clears the last player's refusal, but it cleared "Could not save the game"
    too, in the very frame it was said: with two humans nobody ever saw it."""
    from game import saves
    import game.ui.tables.base as table_base

    def full(match: Any, **kw: Any) -> None:
        raise OSError(28, "No space left on device")

    app = make_app()
    match = Match("grim_prospects", [Seat("Ana"), Seat("Bo")], 43)
    table = table_for(match)
    app.push(table)
    for _ in range(5):
        app.step(1 / 60)
    from game.ui.scenes.dialogs import PassScreen

    if isinstance(app.top, PassScreen):
        lift_curtain(app)
    run_until(app, lambda: table.idle and app.top is table, "became idle")
    monkeypatch.setattr(table_base, "autosave", full)
    monkeypatch.setattr(saves, "autosave", full)
    first = match.to_move()
    while match.to_move() == first:
        assert table._apply(match.legal_actions()[-1])
    for _ in range(3):
        app.step(1 / 60)
    assert isinstance(app.top, PassScreen)
    assert table.message.startswith("Could not save the game (No space left on device)")
