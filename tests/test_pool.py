"""The search process pool: a decision and an analysis made in another process come back as plain
data for the seat's view, and the pool can be closed and used again."""

from __future__ import annotations

from game.bots.pool import SearchPool, shared_pool
from game.bots.search import Budget
from game.core.contract import Action
from game.games import get


def test_the_pool_decides_and_analyses_in_another_process() -> None:
    info = get("grim_prospects")
    state, _ = info.new(info.make_config(2), 3)
    seat = state.to_move()
    pool = SearchPool()
    try:
        action = pool.decide("grim_prospects", "normal", 1, state.to_json(), seat).result(60)
        assert Action.parse(action) in state.legal_actions()
        advice = pool.analyse("grim_prospects", state.to_json(), seat, Budget(60), top=3).result(60)
        assert 1 <= len(advice) <= 3
        assert {Action.parse(a.action) for a in advice} <= set(state.legal_actions())
        # 60 searched iterations, plus any visits the game's root prior counts as already made.
        assert sum(a.visits for a in advice) >= 60 and all(0 <= a.win <= 1 for a in advice)
        assert all(a.words and a.reason for a in advice)
        pool.close()
        # Closed, it starts a new worker on the next request.
        again = pool.decide("grim_prospects", "easy", 1, state.to_json(), seat).result(60)
        assert Action.parse(again) in state.legal_actions()
    finally:
        pool.close()
    assert shared_pool() is shared_pool()
