"""Ya Blew It! bots and the `simulate` tool: legality, no peeking at secrets, strength, the report."""

from __future__ import annotations

import json
from typing import Iterator

import pytest

from game.bots import make_bot
from game.core.contract import Action, GameConfig
from game.core.rng import Rng, derive_seed
from game.games import get
from game.games.ya_blew_it.rules import YaBlewItState
from game.tools.simulate import main, simulate

GAME = "ya_blew_it"
LEVELS = ("random", "easy", "normal")


def _new(players: int, seed: int, first: int = 0) -> YaBlewItState:
    state, _ = get(GAME).new(GameConfig(players=players, options={"first_player": first}), seed)
    assert isinstance(state, YaBlewItState)
    return state


def _step(state: YaBlewItState, action: Action) -> YaBlewItState:
    after, _ = state.apply(action)
    assert isinstance(after, YaBlewItState)
    return after


def _positions(players: int, seed: int, levels: tuple[str, ...]) -> Iterator[YaBlewItState]:
    """Every decision position of one seeded bot game, seats cycling through `levels`."""
    state = _new(players, seed, first=seed % players)
    bots = [make_bot(GAME, levels[i % len(levels)], derive_seed(seed, "bot", i))
            for i in range(players)]
    while not state.is_over():
        yield state
        seat = state.to_move()
        assert seat is not None
        state = _step(state, bots[seat].choose(state.view(seat)))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bots_only_choose_legal_actions(players: int) -> None:
    for game in range(4):
        # Rotate which level sits where so every level meets every seat and every phase.
        levels = tuple(LEVELS[(game + i) % len(LEVELS)] for i in range(players))
        state = _new(players, 100 * players + game, first=game % players)
        bots = [make_bot(GAME, levels[i], derive_seed(game, "bot", i)) for i in range(players)]
        steps = 0
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            action = bots[seat].choose(state.view(seat))
            assert action in state.legal_actions(), (levels[seat], state.phase, action)
            state = _step(state, action)
            steps += 1
            assert steps < 2000, "a bot game should end"
        assert state.outcome().winners


def _hide_differently(state: YaBlewItState, seed: int) -> YaBlewItState:
    """The same public position with another deck order under the final Fire and another generator."""
    other = state.copy()
    rest = other.deck[1:]
    Rng(seed).shuffle(rest)
    other.deck = other.deck[:1] + rest
    other.rng = Rng(derive_seed(seed, "hidden"))
    return other


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_decisions_ignore_deck_order_and_generator(level: str) -> None:
    checked = 0
    differed = 0
    for players in (2, 4, 6):
        for game in range(3):
            for i, state in enumerate(_positions(players, 500 + 10 * players + game,
                                                 ("easy", "normal", "random"))):
                if i % 3:
                    continue  # every third position keeps the test quick yet covers every phase
                seat = state.to_move()
                assert seat is not None
                other = _hide_differently(state, 7919 * i + game)
                differed += other.deck != state.deck or other.rng.state != state.rng.state
                seed = derive_seed(i, level, players)
                first = make_bot(GAME, level, seed).choose(state.view(seat))
                second = make_bot(GAME, level, seed).choose(other.view(seat))
                assert first == second, (level, players, state.phase, first, second)
                checked += 1
    assert checked > 200
    assert differed > checked // 2  # the secrets really did change in most positions


def test_make_bot_rejects_unknown_levels() -> None:
    with pytest.raises(ValueError, match="expert"):
        make_bot(GAME, "expert", 1)
    assert make_bot(GAME, "easy", 1).level == "easy"
    assert make_bot(GAME, "normal", 1).level == "normal"


def _win_rate(report: dict[str, object], seat: int) -> float:
    seats = report["seats"]
    assert isinstance(seats, list)
    return float(seats[seat]["win_rate"])


def test_normal_clearly_beats_random() -> None:
    # About 88% over thousands of games; 60% leaves a margin far beyond chance at this size.
    report = simulate(GAME, ["normal", "random"], games=300, seed=2024)
    assert _win_rate(report, 0) > 0.60


def test_easy_beats_random() -> None:
    # About 72% over thousands of games.
    report = simulate(GAME, ["easy", "random"], games=300, seed=2024)
    assert _win_rate(report, 0) > 0.55


def test_simulate_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    code = main([GAME, "--seats", "normal,easy,random", "--games", "12", "--seed", "5", "--json"])
    assert code == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    report = json.loads(captured.out)
    assert {"games", "seed", "seats", "games_per_second", "table"} <= set(report)
    assert report["games"] == 12 and report["seed"] == 5
    assert [s["level"] for s in report["seats"]] == ["normal", "easy", "random"]
    for i, s in enumerate(report["seats"]):
        assert s["seat"] == i
        assert {"level", "wins", "win_rate", "ci95", "mean_score"} <= set(s)
        low, high = s["ci95"]
        assert 0.0 <= low <= s["win_rate"] <= high <= 1.0
    assert sum(s["wins"] for s in report["seats"]) == pytest.approx(12)
    table = report["table"]
    for key in ("rounds", "cards_drawn", "steals", "gamble_wins", "gamble_losses", "fires",
                "rerolls", "jumpers_played", "cards_lost_to_blasts"):
        assert key in table
    assert table["fires"] == 3.0  # two in the deck and the final one, in every game


def test_simulate_is_reproducible() -> None:
    one = simulate(GAME, ["easy", "normal"], games=10, seed=9)
    two = simulate(GAME, ["easy", "normal"], games=10, seed=9, jobs=2)
    assert one["seats"] == two["seats"] and one["table"] == two["table"]


@pytest.mark.parametrize("argv, message", [
    (["no_such_game", "--seats", "easy,easy"], "unknown game"),
    ([GAME, "--seats", "easy,expert"], "unknown bot level"),
    ([GAME, "--seats", "easy"], "2 to 6 players"),
    ([GAME, "--seats", ",".join(["easy"] * 7)], "2 to 6 players"),
    ([GAME, "--seats", "easy,easy", "--games", "0"], "--games must be from 1"),
])
def test_simulate_rejects_bad_arguments(argv: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err
