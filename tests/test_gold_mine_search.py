"""Gold Mine's search policy for the hard bot (game/games/gold_mine/search.py): the candidates and
the playout's moves are legal and the normal bot's, a deal's end is judged by the win and the
margin, the coach has words for every kind of action, and hard takes an obviously winning mine."""

from __future__ import annotations

import re

import pytest

from game.bots import make_bot
from game.bots.search import Budget, Choice, HardBot, policy_for, search_deals
from game.core.rng import Rng
from game.games import get
from game.games.gold_mine.rules import OVER, START, GoldMineState
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
def test_candidates_and_playout_moves_are_legal_and_the_normal_bots(players: int) -> None:
    from game.games.gold_mine.bots import NormalBot, effect_key

    seen = 0
    for s in positions(players, 11 + players, every=3):
        if s.is_over():
            continue
        legal = s.legal_actions()
        view = s.view(s.to_move())
        candidates = POLICY.root_candidates(view, legal)
        assert candidates and set(candidates) <= set(legal)
        move = POLICY.normal_move(s)
        assert move in legal
        if s.phase == START:
            assert len(candidates) <= POLICY.START_CANDIDATES
            continue
        assert len(candidates) <= POLICY.CANDIDATES and candidates[0] == move
        # one way of paying for each effect
        effects = {(o.kind, o.direction, o.distance, o.second)
                   for o in s.options() if o.action in candidates}
        assert len(effects) == len(candidates)
        # The playout's move is the normal bot's, where its best is a single move.
        ranked = POLICY.ranked(s)
        if len(ranked) > 1 and ranked[0][0] > ranked[1][0] + 1e-6:
            effect = {o.action: effect_key(o) for o in s.options()}
            assert effect[NormalBot(seen).choose(view)] == effect[move]
            seen += 1
    assert seen >= 3


def test_a_deal_is_played_to_the_end_and_judged_by_the_win_and_the_margin() -> None:
    s = positions(2, 7, every=9)[2]
    end = POLICY.deal_playout(s.copy(), Rng(1))
    assert end.is_over()
    assert end.money == [sc.total for sc in end.outcome().scores]
    rich = table(2, pos=[at(1, 1, 1), at(4, 4, 4)], money=[40, 20])
    near = table(2, pos=[at(1, 1, 1), at(4, 4, 4)], money=[21, 20])
    even = table(2, pos=[at(1, 1, 1), at(4, 4, 4)], money=[20, 20])
    assert POLICY.deal_value(rich, 0) > POLICY.deal_value(near, 0) > 0.5
    assert POLICY.deal_value(even, 0) == POLICY.deal_value(even, 1) == 0.5
    assert POLICY.deal_value(rich, 0) + POLICY.deal_value(rich, 1) == pytest.approx(1.0)
    # A narrow loss counts for more than a rout; with four players, each seat's chance among all.
    assert POLICY.deal_value(near, 1) > POLICY.deal_value(rich, 1)
    four = table(4, money=[30, 35, 10, 10])
    assert POLICY.deal_value(four, 0) < 0.5 < POLICY.deal_value(four, 1)


def test_with_four_players_a_deal_stops_early_and_counts_prospects() -> None:
    s = positions(4, 7, every=9)[2]
    assert not s.is_over() and s.phase != START and s.round_no <= 5
    cut = POLICY.deal_playout(s.copy(), Rng(1))
    # Eight moves of four players: two whole rounds, to the same step of a round.
    assert POLICY.PLAYOUT_DEPTH[4] == 8 and not cut.is_over()
    assert (cut.round_no, cut.step) == (s.round_no + 2, s.step)
    # At the cut-off a prospect counts: the same money with a treasure in line is worth more.
    poor = table(4, pos=[at(1, 1, 1), at(4, 4, 4), at(2, 2, 2), at(5, 5, 5)], money=[20] * 4)
    lined = table(4, pos=[at(1, 1, 1), at(4, 4, 4), at(2, 2, 2), at(5, 5, 5)], money=[20] * 4,
                  mines={at(1, 1, 1, 1): 20})
    assert POLICY.worth(lined)[0] > POLICY.worth(poor)[0] == 20.0
    # The value is the seat's chance to win: a fair share among equals, more with a prospect,
    # and the seats' chances add up to one.
    assert POLICY.deal_value(poor, 0) == pytest.approx(0.25)
    assert POLICY.deal_value(lined, 0) > 0.4
    assert sum(POLICY.deal_value(lined, q) for q in range(4)) == pytest.approx(1.0)


def test_with_three_or_four_players_a_lead_counts_for_more_as_the_game_runs_out() -> None:
    pos = [at(1, 1, 1), at(4, 4, 4), at(2, 2, 2)]
    early = table(3, pos=pos, money=[30, 20, 20], round_no=2)
    late = table(3, pos=pos, money=[30, 20, 20], round_no=7)
    assert POLICY.spread(late) < POLICY.spread(early)
    assert 1 / 3 < POLICY.deal_value(early, 0) < POLICY.deal_value(late, 0) < 1.0
    over = table(3, pos=pos, money=[30, 30, 20], round_no=8)
    over.phase = OVER
    assert over.is_over()   # the end: the win itself, shared in a tie
    assert POLICY.deal_value(over, 0) == 0.5 and POLICY.deal_value(over, 2) == 0.0


def test_the_soft_maximum_tells_who_wins_better_than_even_chances() -> None:
    from game.games.gold_mine.search import spread_fit

    fit = spread_fit(3, 12, 201, [POLICY.SPREAD[3], (40.0, 0.0)])
    even = fit[(0.0, 0.0)]
    assert even == pytest.approx(-1.0986, abs=1e-4)
    # The shipped spread reads the table; one so wide that every player looks alike barely does.
    assert fit[POLICY.SPREAD[3]] > fit[(40.0, 0.0)] > even


def test_hard_takes_the_mine_that_wins_the_game() -> None:
    # The last action of the game: a 20$ mine two hexes away in direction 1 turns 30$ into 48$
    # against 40$; income would give 2$.
    s = table(2, pos=[O, at(4, 4, 4)], money=[30, 40], dice=(1, 1, 2, 6), starter=1, step_no=1,
              taken={2: 1}, round_no=8, mines={at(1, 1): 20})
    assert s.to_move() == 0
    view = s.view(0)
    choices = search_deals(view, POLICY, Budget(4), Rng(1))
    best = choices[0]
    assert s.preview(best.action).treasure == 20
    # (The other candidates reach the mine too, by longer tunnels: they win by less.)
    assert best.win > 0.85 and all(c.win < best.win for c in choices[1:])
    assert HardBot(4, "gold_mine", Budget(4)).choose(view) == best.action


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
                    short = POLICY.describe_short(view, o.action)
                    if o.modifier:
                        a, n = re.search(r"die (\d), then die (\d)\)$", seen[kind]).groups()  # type: ignore[union-attr]
                        assert short.startswith(f"Die {a}, then die {n}: {seen[kind][:1].lower()}"), short
                    else:
                        assert short == "", short
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
    second = re.compile(r" and the one (above it|below it|(up|down)-(left|right) of it)\b")
    assert second.search(seen["block"]) and second.search(seen["blow"]), seen
    assert not any(f"one {d} of it" in t for t in seen.values() for d in ("up", "down"))
    assert seen["barrier"].startswith("Build a barrier")
    assert seen["income"].startswith("Take income")
    # The modifier's dice, in the order the table asks for them; first in the shorter words, which
    # the coach's narrow panel shows when the whole cut them off.
    dice = re.search(r" \(dice modifier: die (\d), then die (\d)\)$", seen["mine (modifier)"])
    assert dice and dice[1] != dice[2], seen["mine (modifier)"]
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
