"""Property tests for Big Dig over whole seeded games on a hand-made playable board (2-4 players,
with and without the expert rule).

Hypothesis picks the player count, the game seed, the seed of the generator that picks actions and
a style: "random" (uniform over the legal actions, mostly explosions), "digger" (digs when it can)
or "easy" (the easy bot). Checks, after every action: each player's crossed squares only grow and
only the mover's change; each action is legal by the rules as written (checked here from scratch,
not by the rules module): a dig is an orientation of the card's current shape on free diggable
squares, touching the mover's earlier squares or the top row; an explosion is one such dirt or rock
square; the card taken was free; the cards flip when all five are taken; the single-action check
agrees with the list of legal actions; no event after set-up reveals anything (so every move may
be taken back); saves round-trip. At the end: the game ended within a bound, a winner by goals
really meets all three goals, an all-pass end gives the win to the most goals met.

Examples are derandomized so the suite is stable; set MOTHER_LODE_EXPLORE=1 to let hypothesis
search fresh examples.
"""

from __future__ import annotations

import json
import os

from big_dig_hand_boards import config, playable_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.contract import IllegalAction
from game.core.rng import Rng
from game.games.big_dig.bots import EasyBot
from game.games.big_dig.board import DIGGABLE, EXPLODABLE, orthogonal
from game.games.big_dig.cards import normalise, orientations
from game.games.big_dig.rules import INFO, BigDigState, goal_met, new_game

B = playable_board()
CELLS = sum(1 for sq in B.squares() if B.explodable(sq))
EXPLORE = os.environ.get("MOTHER_LODE_EXPLORE") == "1"
SETTINGS = settings(max_examples=25, deadline=None, derandomize=not EXPLORE,
                    suppress_health_check=[HealthCheck.too_slow])


def _touches(squares, earlier) -> bool:
    return any(q[1] == 0 or any(n in earlier for n in orthogonal(q)) for q in squares)


def _check_legal(s: BigDigState, action, p: int) -> None:
    earlier = s.crossed(p)
    if action.kind in ("dig", "explode"):
        card = int(action.args[0])
        assert s.card_taken_by(card) is None
        squares = [tuple(int(v) for v in a.split(".")) for a in action.args[1:]]
        assert all(B.on_board(q) and q not in earlier for q in squares)
        assert _touches(squares, earlier)
        if action.kind == "dig":
            assert normalise(squares) in orientations(s.card_shape(card))
            assert all(B.kind(q) in DIGGABLE for q in squares)
        else:
            assert len(squares) == 1 and B.kind(squares[0]) in EXPLODABLE
    elif action.kind == "bonus":
        q = tuple(int(v) for v in action.args[0].split("."))
        assert B.kind(q) in DIGGABLE and q not in earlier and _touches([q], earlier)
    else:
        assert action.kind == "pass" and s.legal_actions() == [action]


def play(players: int, seed: int, pick_seed: int, style: str, expert: bool) -> BigDigState:
    s, events = new_game(config(players, expert=expert, first_player=seed % players), seed)
    assert any(e.reveals for e in events)           # the goals and the sides are dealt
    rng = Rng(pick_seed)
    bot = EasyBot(pick_seed)
    bound = players * (CELLS + 10) + 10
    steps = 0
    while not s.is_over():
        steps += 1
        assert steps <= bound, "the game does not end"
        p = s.to_move()
        legal = s.legal_actions()
        assert legal
        if style == "easy":
            action = bot.choose(s.view(p))
        elif style == "digger" and any(a.kind == "dig" for a in legal):
            action = rng.choice([a for a in legal if a.kind == "dig"])
        else:
            action = rng.choice(legal)
        assert action in legal
        _check_legal(s, action, p)
        before = [s.crossed(q) for q in range(players)]
        free_before = s.free_cards()
        nxt, events = s.apply(action)
        assert not any(e.reveals for e in events)
        for q in range(players):
            assert before[q] <= nxt.crossed(q)
            if q != p:
                assert nxt.crossed(q) == before[q]
        if action.kind in ("dig", "explode"):
            added = nxt.crossed(p) - before[p]
            assert len(added) == len(action.args) - 1
            if free_before == [int(action.args[0])]:
                assert [e.kind for e in events].count("flip") == 1 and len(nxt.free_cards()) == 5
                assert all(nxt.card_side(c) != s.card_side(c) for c in range(1, 6))
        if steps % 7 == 0:
            back = BigDigState.from_json(json.loads(json.dumps(nxt.to_json())))
            assert back.to_json() == nxt.to_json()
            assert back.legal_actions() == nxt.legal_actions()
        s = nxt
    winners = s.outcome().winners
    assert winners
    if any(s.goals_met(w) == 3 for w in winners):
        (w,) = winners
        assert all(goal_met(B, s.crossed(w), g) for g in s.goals)
        for q in range(players):
            if q != w:   # nobody else got there first (goals are checked after every turn)
                assert not all(goal_met(B, s.crossed(q), g) for g in s.goals)
    else:
        counts = [sum(goal_met(B, s.crossed(q), g) for g in s.goals) for q in range(players)]
        assert set(winners) == {q for q in range(players) if counts[q] == max(counts)}
    return s


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), pick=st.integers(0, 2**32),
       style=st.sampled_from(["random", "digger", "easy"]), expert=st.booleans())
def test_random_games_follow_the_rules_and_end(players: int, seed: int, pick: int, style: str,
                                               expert: bool) -> None:
    play(players, seed, pick, style, expert)


@SETTINGS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_illegal_actions_change_nothing_and_the_one_action_check_agrees(seed: int, pick: int) -> None:
    s, _ = new_game(config(2), seed)
    rng = Rng(pick)
    for _ in range(12):
        if s.is_over():
            break
        legal = set(s.legal_actions())
        frozen = json.dumps(s.to_json())
        for text in ("pass", "dig:1,0.0", "explode:9,0.0", "explode:1,0.9", "bonus:0.0",
                     "dig:1,3.0,2.0,1.0,0.0", "mine:a1"):
            from game.core.contract import Action

            a = Action.parse(text)
            if a in legal:
                continue
            try:
                s.apply(a)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{a} was applied but is not legal")
            assert json.dumps(s.to_json()) == frozen
        s, _ = s.apply(rng.choice(sorted(legal)))


def test_replaying_the_actions_gives_the_same_game() -> None:
    s, _ = new_game(config(3), 77)
    start = s
    bot = EasyBot(5)
    actions = []
    while not s.is_over():
        a = bot.choose(s.view(s.to_move()))
        actions.append(a)
        s, _ = s.apply(a)
    t = start
    for a in actions:
        t, _ = t.apply(a)
    assert t.to_json() == s.to_json()
    assert INFO.from_json(s.to_json()).outcome() == s.outcome()
