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
from helpers import run_until  # noqa: E402

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
