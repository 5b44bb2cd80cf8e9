"""Gold Mine lists its legal actions from tables shared by every state (`gold_mine/tables.py`:
prices per roll, way tables, map tables). Whatever those tables hold, or fail to keep once they
are full, the listing must be the one worked out from nothing, and the options must say what the
rules' own check (`preview`) says each action does.

Each example is a whole seeded game with random legal actions; at every decision the listing is
compared with one made with every shared table emptied (and, for some games, with the tables
allowed to keep nothing). Examples are derandomized so the suite is stable;
MOTHER_LODE_EXPLORE=1 lets hypothesis search fresh ones.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.games.gold_mine import tables
from game.games.gold_mine.rules import INFO, PLAY, GoldMineState, new_game

SHARED = ("_MAP_TABLES", "_WAYS", "_SHAPES", "_DIRECT", "_VIA", "_PRICES", "_INCOME", "_COSTS")


def fresh_listing(state: GoldMineState, keep: bool) -> list:
    """The legal actions of `state` worked out with every shared table empty (and, unless `keep`,
    with the tables keeping nothing they build)."""
    with pytest.MonkeyPatch.context() as mp:
        for name in SHARED:
            mp.setattr(tables, name, {})
        mp.setattr(tables, "_kept", [0, 0])
        if not keep:
            mp.setattr(tables, "_KEPT", (0, 0))
        return state.copy().legal_actions()


@settings(deadline=None, max_examples=6, database=None,
          derandomize=not os.environ.get("MOTHER_LODE_EXPLORE"),
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**63 - 1), chooser=st.integers(0, 2**32),
       keep=st.booleans())
def test_listing_from_shared_tables_is_the_listing_from_nothing(
        players: int, seed: int, chooser: int, keep: bool) -> None:
    state, _ = new_game(INFO.make_config(players), seed)
    rng = Rng(chooser)
    checked = 0
    while not state.is_over():
        legal = state.legal_actions()
        if state.phase == PLAY:
            assert legal == fresh_listing(state, keep)
            options = state.options()
            assert [o.action for o in options] == legal
            # One way of paying per move: the first listed of each, every income kept.
            seen: set = set()
            once = []
            for o in options:
                move = (o.die, o.kind, o.direction, o.distance, o.second)
                if o.kind == "income" or move not in seen:
                    seen.add(move)
                    once.append(o)
            assert tables.cheapest_options(state) == once
            # A copy asked for its options first lists them in one walk: the same actions.
            first = state.copy()
            assert [o.action for o in first.options()] == legal == first.legal_actions()
            # What each option says it does is what the single-action check says.
            for o in (options[0], options[-1], rng.choice(options)):
                p = state.preview(o.action)
                assert p.allowed, p.reason
                assert (p.kind, p.modifier, p.change_cost, p.cost, p.gain) == \
                    (o.kind, o.modifier, o.change_cost, o.cost, o.gain)
                if o.kind != "income":
                    assert (p.direction, p.distance) == (o.direction, o.distance)
                    second = p.blasted[1:] or p.blocked[1:]
                    assert bool(second) == bool(o.second)
            checked += 1
        state = state.advance(rng.choice(legal))
    assert checked > 0


def test_once_the_actions_budget_is_spent_the_prices_keep_no_actions_made_afresh() -> None:
    """Past the way tables' budget of actions, each listing makes its actions afresh: the prices'
    lists must not keep them (they grew by the million over a session), and the listing stays
    the one worked out from nothing."""
    state, _ = new_game(INFO.make_config(3), 5)
    rng = Rng(5)
    with pytest.MonkeyPatch.context() as mp:
        for name in SHARED:
            mp.setattr(tables, name, {})
        mp.setattr(tables, "_kept", [tables._KEPT[0], 0])   # every action kept already
        listed = 0
        while not state.is_over() and listed < 12:
            legal = state.legal_actions()
            if state.phase == PLAY:
                assert legal == fresh_listing(state, True)
                listed += 1
            state = state.advance(rng.choice(legal))
        assert listed == 12 and tables._PRICES
        assert all(not p.flat and not p.listed for p in tables._PRICES.values())
        assert tables._kept[1] == 0
