"""The trusted fast path (`GameState.advance`, what search plays with) gives exactly the games the
safe path (`apply`, what the table, saves and replays use) gives, in every game.

Each example is a whole seeded game with random legal actions, for a player count the game
allows; at every step both paths are taken from the same position and the two states must save
to the same JSON (position and generator alike), and the position they started from must be
untouched. The same is checked from states sampled from a seat's view, which is where search
starts its games. Examples are derandomized so the suite is stable; MOTHER_LODE_EXPLORE=1 lets
hypothesis search fresh ones.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.games import LISTINGS, get

# Gold Mine and Big Dig games are long; fewer whole games keep the suite quick.
EXAMPLES = {"gold_mine": 6, "big_dig": 8}


def _settings(game: str) -> settings:
    return settings(deadline=None, max_examples=EXAMPLES.get(game, 25),
                    derandomize=not os.environ.get("MOTHER_LODE_EXPLORE"), database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _saved(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _check_game(game: str, players: int, seed: int, chooser: int, from_view: bool) -> int:
    info = get(game)
    state, _ = info.new(info.make_config(players), seed)
    rng = Rng(chooser)
    steps = 0
    while not state.is_over():
        seat = state.to_move()
        if from_view and steps % 7 == 3:
            # Search plays from sampled positions: both paths must agree there too.
            state = state.view(seat).sample_state(Rng(chooser + steps))
        action = rng.choice(state.legal_actions())
        before = _saved(state)
        fast = state.advance(action)
        safe, _ = state.apply(action)
        assert _saved(state) == before, f"{game}: the fast path changed the position it left"
        assert _saved(fast) == _saved(safe), f"{game}: '{action}' differs at step {steps}"
        assert fast.to_move() == safe.to_move() and fast.is_over() == safe.is_over()
        state = fast
        steps += 1
    assert state.outcome() == safe.outcome()
    return steps


@pytest.mark.parametrize("game", [entry.name for entry in LISTINGS])
def test_fast_and_safe_paths_give_identical_games(game: str) -> None:
    entry = next(e for e in LISTINGS if e.name == game)

    @_settings(game)
    @given(players=st.integers(entry.min_players, entry.max_players),
           seed=st.integers(0, 2**63 - 1), chooser=st.integers(0, 2**32),
           from_view=st.booleans())
    def run(players: int, seed: int, chooser: int, from_view: bool) -> None:
        assert _check_game(game, players, seed, chooser, from_view) > 0

    run()
