"""Big Dig's hard bot policy: the moves the tree and the playouts consider are legal, a winning
move is found and searched alone, the leaves' win chances make sense, the coach has words for every
kind of action, and a seeded search is reproducible whatever the policy's caches hold."""

from __future__ import annotations

import re

from big_dig_hand_boards import config, fresh, with_crossed

from game.bots.search import Budget, Choice, HardBot
from game.core.rng import Rng
from game.games.big_dig.board import G_EMERALD, G_ROCK, G_WATER
from game.games.big_dig.rules import (
    PASS_ACTION,
    bonus_action,
    explode_action,
    new_game,
)
from game.games.big_dig.search import POLICY, BigDigPolicy


def _random_positions(players: int, seed: int, count: int, **options):
    s, _ = new_game(config(players, **options), seed)
    rng = Rng(seed)
    out = []
    while not s.is_over() and len(out) < count:
        out.append(s)
        s = s.advance(rng.choice(s.legal_actions()))
    return out


def test_playout_and_tree_moves_are_legal_over_random_positions() -> None:
    rng = Rng(4)
    for players, seed, expert in ((2, 1, False), (3, 2, True), (4, 3, False)):
        for s in _random_positions(players, seed, 30, expert=expert):
            legal = s.legal_actions()
            assert POLICY.rollout_action(s, rng) in legal
            picked = POLICY.tree_actions(s, legal)
            assert picked and set(picked) <= set(legal)
            assert len(picked) <= POLICY.root_width


def _near_win():
    s = fresh(goals=(G_EMERALD, G_ROCK, G_WATER))
    rocks = [(4, 1), (3, 2), (3, 5), (7, 6), (2, 7)]
    col = [(0, y) for y in range(9)]
    return with_crossed(s, 0, col + [(1, 0), (1, 1), (2, 1), (1, 5)] + rocks + [(8, 6)])


def test_hard_takes_the_winning_move_and_searches_it_alone() -> None:
    near = _near_win()
    assert POLICY.tree_actions(near, near.legal_actions()) == \
        [POLICY.ranked(near, near.legal_actions())[0]]
    choice = HardBot(1, "big_dig", Budget(20)).choose(near.view(0))
    assert "8.7" in choice.args
    assert near.apply(choice)[0].outcome().winners == (0,)


def test_the_leaves_favour_the_player_nearer_the_goals_and_the_one_to_move() -> None:
    s = fresh(goals=(G_EMERALD, G_ROCK, G_WATER))
    even = POLICY.evaluate(s)
    assert abs(sum(even) - 1.0) < 1e-9
    assert even[0] > even[1]            # level, and player 1 (seat 0) moves first
    near = _near_win()
    ahead = POLICY.evaluate(near)
    assert ahead[0] > 0.95
    behind = POLICY.evaluate(with_crossed(s, 1, [(0, y) for y in range(9)]))
    assert behind[1] > behind[0]
    over = near.apply(explode_action(1, (8, 7)))[0]
    assert POLICY.evaluate(over) == [1.0, 0.0]


def test_the_coach_has_words_for_every_kind_of_action() -> None:
    s = _random_positions(2, 5, 8)[-1]
    view = s.view(s.to_move())
    legal = s.legal_actions()
    dig = next(a for a in legal if a.kind == "dig")
    boom = next(a for a in legal if a.kind == "explode")
    assert POLICY.describe(view, dig).startswith("Take card ")
    assert " dig " in POLICY.describe(view, dig)
    assert " explode " in POLICY.describe(view, boom)
    assert POLICY.describe(view, PASS_ACTION).startswith("Pass")
    # Two placings of one card are told apart by their words.
    digs = [a for a in legal if a.kind == "dig"]
    assert len({POLICY.describe(view, a) for a in digs}) == len(digs)
    assert POLICY.describe(view, bonus_action((3, 0))).startswith("Bonus square")
    # The shorter words, for a narrow panel: still one for each placing, and shorter.
    assert len({POLICY.describe_short(view, a) for a in digs}) == len(digs)
    for a in (dig, boom, PASS_ACTION, bonus_action((3, 0))):
        assert 0 < len(POLICY.describe_short(view, a)) < len(POLICY.describe(view, a))
    assert POLICY.describe_short(view, boom).startswith(f"Card {boom.args[0]}: explode col ")
    for a in (dig, boom):
        line = POLICY.reason(view, Choice(a, 0.4, 12), [Choice(a, 0.4, 12)])
        assert (re.search(r" nearer \(\d+ to go\)| \d+/\d+|^On the way to |^No goal nearer$", line)
                or line.startswith("Meets ")), line
        assert "40%" not in line and "looks ahead" not in line
    near = _near_win()
    win = POLICY.ranked(near, near.legal_actions())[0]
    assert "wins at once" in POLICY.reason(near.view(0), Choice(win, 1.0, 5), [])
    assert POLICY.reason(view, Choice(PASS_ACTION, 0.5, 0), []).startswith("Nothing")


def test_a_search_is_the_same_with_cold_or_warm_caches() -> None:
    s = _random_positions(2, 9, 6)[-1]
    view = s.view(s.to_move())
    warm = HardBot(3, "big_dig", Budget(25)).analyse(view)
    again = HardBot(3, "big_dig", Budget(25)).analyse(view)
    cold_policy = BigDigPolicy()
    bot = HardBot(3, "big_dig", Budget(25))
    bot.policy = cold_policy
    cold = bot.analyse(view)
    key = [(c.action, c.visits) for c in warm]
    assert key == [(c.action, c.visits) for c in again] == [(c.action, c.visits) for c in cold]
    assert {c.action for c in warm} <= set(s.legal_actions())


def test_the_normal_bots_choice_is_the_root_prior() -> None:
    s = _random_positions(2, 12, 4)[-1]
    legal = s.legal_actions()
    prior = BigDigPolicy().root_prior(s.view(s.to_move()), legal)
    [(action, (win, weight))] = prior.items()
    assert action in legal and 0.0 <= win <= 1.0 and weight == POLICY.prior_weight


def test_squares_are_said_by_rows_or_columns_whichever_is_shorter() -> None:
    from game.games.big_dig.search import squares_words

    assert squares_words([(0, 0), (1, 0), (2, 0), (2, 1)]) == "row 1: columns 1-3; row 2: column 3"
    assert squares_words([(0, 0), (0, 1), (1, 1), (2, 1)]) == "row 1: column 1; row 2: columns 1-3"
    assert squares_words([(3, 1), (3, 2), (3, 3), (3, 4)]) == "column 4, rows 2-5"
    assert squares_words([(3, 1)]) == "column 4, row 2"


def test_at_its_decision_hard_looks_only_at_a_move_that_wins_at_once_by_any_route() -> None:
    from game.core.rng import derive_seed
    from game.games.big_dig.bots import BOTS
    from game.games.big_dig.rules import new_game

    checked = 0
    for seed in range(3):
        s, _ = new_game(config(4, first_player=0), seed)
        bots = [BOTS["normal"](derive_seed(seed, "seat", i)) for i in range(4)]
        while not s.is_over():
            p = s.to_move()
            legal = s.legal_actions()
            winners = [b for b in legal if s.apply(b)[0].is_over()]
            if winners:
                checked += 1
                ranked = BigDigPolicy().ranked(s, legal, deny=True)
                assert len(ranked) == 1 and ranked[0] in winners
            s, _ = s.apply(bots[p].choose(s.view(p)))
    assert checked >= 3


def test_the_coach_counts_a_goal_as_the_goals_panel_does() -> None:
    """A reason's figures are the goals panel's after the move: a path's squares to go, a count's
    squares of its kind ("Pipe to pipe 3 squares nearer" beside a panel still at 15 to go, or
    "Grey rock 3 squares nearer" for one rock, read as wrong)."""
    import re

    from game.games.big_dig.rules import GOAL_TITLE, goal_progress

    checked = 0
    for s in _random_positions(3, 11, 10):
        p = s.to_move()
        view = s.view(p)
        for a in s.legal_actions()[::7]:
            if a.kind not in ("dig", "explode"):
                continue
            line = POLICY.reason(view, Choice(a, 0.4, 12), [])
            after = s.advance(a).crossed(p)
            for goal in s.goals:
                pr = goal_progress(s.board, after, goal)
                title = GOAL_TITLE[goal]
                to_go = re.search(re.escape(title) + r" (\d+) squares? nearer \((\d+) to go\)", line)
                count = re.search(re.escape(title) + r" (\d+)/(\d+)", line)
                if to_go:
                    was = goal_progress(s.board, s.crossed(p), goal)
                    assert int(to_go.group(2)) == pr.need - pr.have, (line, pr)
                    assert int(to_go.group(1)) == pr.have - was.have, (line, pr, was)
                    checked += 1
                if count:
                    assert (int(count.group(1)), int(count.group(2))) == (pr.have, pr.need), (line, pr)
                    checked += 1
    assert checked > 20


def test_the_short_words_of_a_move_name_every_square_in_fewer_letters() -> None:
    from game.games.big_dig.search import squares_words

    assert squares_words([(2, 1), (2, 2), (2, 3), (3, 1)], short=True) == "col 3 rows 2-4; col 4 row 2"
    assert squares_words([(2, 1), (2, 2), (2, 3), (3, 1)]) == "column 3: rows 2-4; column 4: row 2"
    assert squares_words([(5, 0), (6, 0), (7, 0)], short=True) == "row 1 cols 6-8"
    assert squares_words([(6, 3)], short=True) == "col 7 row 4"
    # Neighbouring lines alike are one group, so the part that tells two placings apart comes
    # early enough to show (the narrow panel showed "row 5 col 5; row 6 col 5; row 7…" twice).
    assert squares_words([(4, 4), (4, 5), (4, 6), (5, 6), (6, 6)], short=True) == \
        "rows 5-6 col 5; row 7 cols 5-7"
    assert squares_words([(0, 0), (1, 0), (0, 1), (1, 1)]) == "rows 1-2, columns 1-2"
