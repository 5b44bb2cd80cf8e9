"""Big Dig's per-board tables (`game/games/big_dig/fast.py`) against a fresh, square-by-square
computation, over whole seeded games.

At every step of games on both shipped boards and the hand-made test board (2-4 players, with and
without the expert rule, through both `apply` and `advance`, with a save round trip now and then):
the legal actions are exactly the digs and explosions found here by trying every orientation of
every free card at every spot, in the documented order, and each card's `placements` are its digs
there; each player's frontier is the uncrossed
squares in the top row or next to one they crossed; every player's kept `Reach` (carried from
turn to turn) equals one worked out afresh from their crossed squares; every goal's mask check
agrees with `goal_met`. A position whose crossed squares were replaced behind the rules' back lists
its actions from the new squares. Examples are derandomized so the suite is stable;
MOTHER_LODE_EXPLORE=1 lets hypothesis search fresh ones.
"""

from __future__ import annotations

import os

from big_dig_hand_boards import config, fresh, playable_board, with_crossed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.contract import Action
from game.core.rng import Rng
from game.games.big_dig.board import DIGGABLE, EXPLODABLE, GOALS, orthogonal
from game.games.big_dig.cards import CARD_COUNT, orientations
from game.games.big_dig.fast import tables
from game.games.big_dig.rules import (
    BONUS,
    INFO,
    OVER,
    BigDigState,
    dig_action,
    explode_action,
    goal_met,
    new_game,
    shipped_board,
)

SETTINGS = settings(max_examples=12, deadline=None,
                    derandomize=not os.environ.get("MOTHER_LODE_EXPLORE"), database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _fresh_legal(s: BigDigState) -> list[Action]:
    """The play phase's legal actions, found square by square from the rules as written."""
    b, p = s.board, s.to_move()
    assert p is not None
    mine = s.crossed(p)

    def touches(sq) -> bool:
        return sq[1] == 0 or any(n in mine for n in orthogonal(sq))

    free = [c for c in range(1, CARD_COUNT + 1) if s.card_taken_by(c) is None]
    out: list[Action] = []
    for c in free:
        digs = []
        for o in orientations(s.card_shape(c)):
            for oy in range(b.height):
                for ox in range(b.width):
                    sqs = [(ox + dx, oy + dy) for dx, dy in o]
                    if all(b.on_board(q) and b.kind(q) in DIGGABLE and q not in mine for q in sqs) \
                            and any(touches(q) for q in sqs):
                        digs.append(sorted(sqs, key=lambda q: (q[1], q[0])))
        digs.sort(key=lambda sqs: [(y, x) for x, y in sqs])
        out += [dig_action(c, sqs) for sqs in digs]
    booms = sorted((sq for sq in b.squares() if b.kind(sq) in EXPLODABLE and sq not in mine
                    and touches(sq)), key=lambda q: (q[1], q[0]))
    for c in free:
        out += [explode_action(c, sq) for sq in booms]
    return out or [Action("pass")]


def _check(s: BigDigState) -> None:
    tab = tables(s.board)
    if s.phase not in (BONUS, OVER):
        legal = _fresh_legal(s)
        assert s.legal_actions() == legal
        for c in range(1, CARD_COUNT + 1):
            digs = [a for a in legal if a.kind == "dig" and a.args[0] == str(c)]
            assert [dig_action(c, sqs) for sqs in s.placements(c)] == digs
    for q in range(s.n):
        crossed = s.crossed(q)
        b = s.board
        assert s.frontier(q) == {sq for sq in b.squares() if sq not in crossed and (
            sq[1] == 0 or any(n in crossed for n in orthogonal(sq)))}
        kept = s._reach[q]
        if kept is not None and kept.crossed is crossed:
            fresh_reach = tab.reach(crossed)
            assert (kept.mask, kept.touch, kept.blocked) == \
                   (fresh_reach.mask, fresh_reach.touch, fresh_reach.blocked)
        mask = tab.mask_of(crossed)
        for g in GOALS:
            assert tab.goal_met(mask, g) == goal_met(s.board, crossed, g), g


@SETTINGS
@given(board=st.sampled_from(["a", "b", "test"]), players=st.integers(2, 4),
       expert=st.booleans(), seed=st.integers(0, 2**63 - 1), chooser=st.integers(0, 2**32))
def test_tables_agree_with_the_square_by_square_rules(board: str, players: int, expert: bool,
                                                      seed: int, chooser: int) -> None:
    if board == "test":
        cfg = config(players, expert=expert)
    else:
        cfg = INFO.make_config(players, options={"board": shipped_board(board).to_json(),
                                                 "expert": expert})
    s, _ = new_game(cfg, seed)
    rng = Rng(chooser)
    steps = 0
    while not s.is_over() and steps < 400:
        _check(s)
        action = rng.choice(s.legal_actions())
        s = s.advance(action) if rng.below(2) else s.apply(action)[0]
        if rng.below(10) == 0:
            s = BigDigState.from_json(s.to_json())
        steps += 1
    _check(s)
    assert s.is_over()


def test_replaced_crossed_squares_are_read_afresh() -> None:
    s = fresh()
    before = s.legal_actions()
    # Player 0's kept reach is for the squares they had; crossing more behind the rules' back must
    # not reuse it.
    t = with_crossed(s, 0, [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)])
    t._cache = {}
    assert t.legal_actions() == _fresh_legal(t) != before
    assert s.legal_actions() == before == _fresh_legal(s)


def test_each_card_side_lists_every_placement_once() -> None:
    b = playable_board()
    tab = tables(b)
    for k, acts in enumerate(tab.dig_actions):
        assert len(set(acts)) == len(acts)
        assert len(acts) == tab.span[k].bit_length()
