"""Gold Mine's search policy for the hard bot (game/games/gold_mine/search.py): playout moves and
the tree's moves are legal, the cut-off judges the table sensibly, the coach has words for every
kind of action, and hard takes an obviously winning mine."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.bots.search import Budget, Choice, HardBot, policy_for, search
from game.core.rng import Rng
from game.games import get
from game.games.gold_mine.rules import START, GoldMineState
from game.games.gold_mine.search import POLICY, GoldMinePolicy
from tests.test_gold_mine_rules import O, at, table


def positions(players: int, seed: int, every: int = 1) -> list[GoldMineState]:
    """The positions of one game between normal bots (start points included)."""
    info = get("gold_mine")
    config = info.make_config(players, tuple(f"P{i}" for i in range(players)), {})
    state, _ = info.new(config, seed)
    bots = [make_bot("gold_mine", "normal", seed * 10 + i) for i in range(players)]
    out = []
    k = 0
    while not state.is_over():
        if k % every == 0:
            out.append(state)
        seat = state.to_move()
        assert seat is not None
        state, _ = state.apply(bots[seat].choose(state.view(seat)))
        k += 1
    out.append(state)
    return out


def test_the_game_has_its_own_policy() -> None:
    assert isinstance(policy_for("gold_mine"), GoldMinePolicy)


@pytest.mark.parametrize("players", [2, 4])
def test_playout_and_tree_moves_are_legal(players: int) -> None:
    rng = Rng(3)
    for s in positions(players, 11 + players, every=3):
        if s.is_over():
            continue
        legal = s.legal_actions()
        assert POLICY.rollout_action(s, rng) in legal
        tree = POLICY.tree_actions(s, legal)
        assert tree and set(tree) <= set(legal)
        # What the search asks (without listing the legal actions again) is the same.
        assert POLICY.tree_choices(s) == (len(legal) == 1 or len(tree) == 1, tree)
        if s.phase != START:
            assert len(tree) <= POLICY.TOP
            # one way of paying for each effect
            effects = {(o.kind, o.direction, o.distance, o.second)
                       for o in s.options() if o.action in tree}
            assert len(effects) == len(tree)


def test_the_cut_off_shares_the_win_and_favours_the_richer() -> None:
    s = table(2, pos=[at(1, 1, 1), at(4, 4, 4)], money=[40, 20], round_no=6)
    rich, poor = POLICY.evaluate(s)
    assert rich + poor == pytest.approx(1.0)
    assert rich > 0.6 > poor
    late = table(2, pos=[at(1, 1, 1), at(4, 4, 4)], money=[40, 20], round_no=8)
    assert POLICY.evaluate(late)[0] > rich     # the same lead counts more near the end
    s4 = table(4, money=[30, 30, 30, 30])
    assert POLICY.evaluate(s4) == pytest.approx([0.25] * 4)


def test_a_finished_game_is_judged_by_who_won() -> None:
    last = positions(2, 5)[-1]
    assert last.is_over()
    money = last.money
    values = POLICY.evaluate(last)
    if money[0] != money[1]:
        assert values[money.index(max(money))] == 1.0


def test_hard_takes_the_mine_that_wins_the_game() -> None:
    # The last action of the game: a 20$ mine two hexes away in direction 1 turns 30$ into 48$
    # against 40$; income would give 2$.
    s = table(2, pos=[O, at(4, 4, 4)], money=[30, 40], dice=(1, 1, 2, 6), starter=1, step_no=1,
              taken={2: 1}, round_no=8, mines={at(1, 1): 20})
    assert s.to_move() == 0
    view = s.view(0)
    choices = search(view, POLICY, Budget(30), Rng(1))
    best = choices[0]
    assert s.preview(best.action).treasure == 20
    assert best.win > 0.9
    assert HardBot(4, "gold_mine", Budget(30)).choose(view) == best.action


def test_the_coach_has_words_for_every_kind_of_action() -> None:
    seen: dict[str, str] = {}
    for seed in (1, 2, 3):
        for s in positions(2, seed, every=2):
            if s.is_over():
                continue
            view = s.view(s.to_move())
            if s.phase == START:
                action = s.legal_actions()[0]
                seen.setdefault("start", POLICY.describe(view, action))
                why = POLICY.reason(view, Choice(action, 0.4, 7), [])
                assert why.startswith("Two straight tunnels from here could bring about "), why
                continue
            for o in s.options():
                kind = o.kind + (" (modifier)" if o.modifier else "")
                if kind not in seen:
                    seen[kind] = POLICY.describe(view, o.action)
                    choice = Choice(o.action, 0.4, 7)
                    line = POLICY.reason(view, choice, [Choice(s.legal_actions()[0], 0.6, 9),
                                                        choice])
                    # What the move makes or costs now; its chance is shown beside it.
                    net = o.gain - o.cost
                    assert line.startswith(f"Makes {net}$ now" if net > 0 else "Costs nothing now"
                                           if net == 0 else f"Costs {-net}$ now"), line
                    assert "next turn" in line or s.round_no == 8, line
    for kind in ("start", "mine", "blow", "block", "barrier", "income", "mine (modifier)"):
        assert kind in seen, kind
    assert seen["start"].startswith("Start at start point")
    assert seen["mine"].startswith("Mine ")
    assert seen["blow"].startswith("Blow up 2 hexes")
    assert seen["block"].startswith("Block 2 hexes")
    # The second hex is said: two blasts or blocks at one place read apart.
    assert " of it" in seen["block"] and " of it" in seen["blow"]
    assert seen["barrier"].startswith("Build a barrier")
    assert seen["income"].startswith("Take income")
    assert "(dice modifier)" in seen["mine (modifier)"]
    for text in seen.values():
        assert "P0" not in text and "P1" not in text    # said to the player, not about them


def test_a_blocks_reason_says_whose_best_dig_it_cuts_and_blocks_read_apart() -> None:
    from game.games.gold_mine.bots import Prospects
    found = False
    for seed in (1, 2, 3):
        for s in positions(3, seed, every=2):
            if s.is_over() or s.phase == START:
                continue
            view = s.view(s.to_move())
            before = Prospects(s).best
            reasons = {}
            for o in s.options():
                if o.kind != "block" or s.advance(o.action).is_over():
                    continue
                line = POLICY.reason(view, Choice(o.action, 0.4, 7), [])
                later = Prospects(s.advance(o.action)).best
                cut = max((before[q] - later[q], q) for q in range(s.n) if q != view.player)
                if cut[0] >= 1:
                    q = cut[1]
                    assert (f"cuts P{q}'s best dig from {int(before[q])}$ to {int(later[q])}$"
                            in line), line
                else:
                    assert "no other player's best dig gets smaller" in line, line
                reasons[o.action] = line
            if len(set(reasons.values())) >= 2:
                found = True
    # Blocks that hurt differently say so: their reasons are not all one line.
    assert found


def test_hard_decides_the_same_from_the_same_seed_and_plays_legally() -> None:
    s = positions(3, 9, every=5)[4]
    view = s.view(s.to_move())
    a = HardBot(2, "gold_mine", Budget(12)).choose(view)
    b = HardBot(2, "gold_mine", Budget(12)).choose(view)
    assert a == b and a in s.legal_actions()


def test_what_the_tree_remembers_is_never_used_for_another_seats_turn() -> None:
    # The same table and dice with a different starting player is a different seat's turn (the
    # search remembers each position's best moves, across decisions too).
    policy = GoldMinePolicy()
    for starter in (0, 1, 0):
        s = table(2, pos=[at(1, 1, 1), at(4, 4, 4, 4)], dice=(1, 2, 3, 6), starter=starter,
                  mines={at(1, 1, 1, 2): 12, at(4, 4, 4): 7})
        legal = s.legal_actions()
        assert set(policy.tree_actions(s, legal)) <= set(legal)
        assert policy.rollout_action(s, Rng(starter)) in legal


def test_the_moves_a_hint_offers_read_apart() -> None:
    """The hint offers the normal player's best distinct effects; two of them never read the same
    (a blast or block says where its second hex lies)."""
    checked = turned = 0
    for seed in (1, 2, 3, 4):
        for s in positions(2, seed, every=1):
            if s.is_over() or s.phase == START:
                continue
            view = s.view(s.to_move())
            words = [POLICY.describe(view, o.action) for _, o in POLICY.ranked(s)[:8]]
            assert len(set(words)) == len(words), words
            checked += 1
            # A paid change of the action die is said: the table labels dice by their faces.
            for _, o in POLICY.ranked(s)[:8]:
                move = s.move_of(o.action)
                if move.action_change and move.new_die is None:
                    assert f"(die {move.action_die + 1}: " in POLICY.describe(view, o.action)
                    turned += 1
    assert checked > 20 and turned > 3
