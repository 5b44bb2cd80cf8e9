"""Diamond in the Rough bots: always legal, seeded and deterministic, the same decision for every
position dealt from one view; normal retires when it can, takes the Gem from the row, keeps it,
never bombs a seat for a resource it was shown not to hold (until that hand took a card unseen),
and beats easy."""

from __future__ import annotations

from diamond_positions import config, position

from game.core.contract import Action
from game.core.rng import Rng, derive_seed
from game.games.diamond_in_the_rough.bots import BOTS
from game.games.diamond_in_the_rough.rules import GEM_ID, new_game


def game(levels: tuple[str, ...], seed: int):
    s, _ = new_game(config(len(levels), first_player=seed % len(levels)), seed)
    bots = [BOTS[level](derive_seed(seed, "seat", i)) for i, level in enumerate(levels)]
    actions = []
    while not s.is_over():
        p = s.to_move()
        a = bots[p].choose(s.view(p))
        assert a in s.legal_actions()
        actions.append(str(a))
        s, _ = s.apply(a)
    return s, actions


def test_same_seed_same_game_and_another_seed_another() -> None:
    for levels in (("easy", "easy", "easy"), ("normal", "easy"), ("normal", "normal", "normal", "normal")):
        a = game(levels, 11)[1]
        assert a == game(levels, 11)[1]
    assert game(("easy", "easy", "easy"), 11)[1] != game(("easy", "easy", "easy"), 12)[1]


def test_bots_are_legal_in_every_table_size() -> None:
    for seed in range(12):
        n = 2 + seed % 3
        s, _ = game(tuple("normal" if i % 2 else "easy" for i in range(n)), seed)
        assert s.is_over() and s.ending()


def test_a_bot_decides_the_same_for_every_position_dealt_from_its_view() -> None:
    s, _ = new_game(config(3), 21)
    for _ in range(3):
        p = s.to_move()
        view = s.view(p)
        for level in ("easy", "normal"):
            want = BOTS[level](5).choose(view)
            for k in range(3):
                assert BOTS[level](5).choose(view.sample_state(Rng(k)).view(p)) == want
        s, _ = s.apply(BOTS["normal"](1).choose(view))


def test_normal_retires_when_it_can() -> None:
    s = position(2, [[1, 2, 96, 6], [7, 8]], row=[9], tableaus=[[3, 4], []], deck=[97, 98, 10])
    assert BOTS["normal"](1).choose(s.view(0)) == Action.parse("retire:1,2,3,4")


def test_normal_takes_the_gem_from_the_row() -> None:
    s = position(3, [[1, 6, 11, 96], [2, 7, 12], [3, 8, 13]], row=[14, 41, 9], deck=[4, 5, 10, 15, 97])
    for seed in range(3):
        a = BOTS["normal"](seed).choose(s.view(0))
        assert a.kind == "resupply" and a.args[1] == "row:1"
        assert s.apply(a)[0].tableaus[0] == [GEM_ID]


def test_normal_keeps_the_gem_when_the_deck_is_nearly_out() -> None:
    for hand, tab in (([41, 1, 6, 96], []), ([1, 6, 96], [41])):
        s = position(2, [hand, [2, 7, 8]], row=[3, 9], tableaus=[tab, []], deck=[10, 4])
        for seed in range(3):
            a = BOTS["normal"](seed).choose(s.view(0))
            assert a.kind != "invest" and a.args[:1] != (str(GEM_ID),)
            t, _ = s.apply(a)
            if t.phase == "reward":
                t, _ = t.apply(BOTS["normal"](seed).choose(t.view(0)))
            assert t.gem_holder() == 0


def test_normal_does_not_bomb_for_what_a_seat_was_shown_not_to_hold() -> None:
    # Ana collects Crates; Bo has none (Fish and Oil), Cyd has two.
    def table(lacks: set[str]):
        s = position(3, [[96, 1, 2, 6], [9, 10, 11, 12], [3, 4, 13, 97]], row=[14, 7],
                     deck=[41, 5, 8, 15, 98, 99, 100])
        s.lacks[1] = lacks
        s.check()
        return s

    unknown = {str(BOTS["normal"](k).choose(table(set()).view(0))) for k in range(8)}
    assert "bomb:1,crates" in unknown  # without the answer, Bo is a fair guess
    shown = table({"crates"})
    assert shown.view(0).no_resource(1) == frozenset({"crates"})
    assert all(str(BOTS["normal"](k).choose(shown.view(0))) != "bomb:1,crates" for k in range(8))
    # Bo draws from the deck: nobody saw the card, so the fact is gone from every view.
    t, _ = shown.apply(Action.parse("resupply:6,row:0"))
    t, _ = t.apply(Action.parse("resupply:9,deck"))
    assert t.view(0).no_resource(1) == frozenset() and t.view(2).no_resource(1) == frozenset()


def test_normal_bombs_a_rival_who_would_retire_next_turn_for_the_card_they_need() -> None:
    """Bo shows three Oil: with a fourth in hand he retires on his next turn. Normal, holding a
    Bomb, bombs him for Oil (a Yes takes it from him) rather than throw its Bomb away, whether the
    fourth is in his hand or still unseen; likewise for a rival showing two and the Gem."""
    four = position(2, [[96, 1, 2], [9, 3, 97]], row=[4], tableaus=[[], [6, 7, 8]], deck=[5, 41, 98, 10])
    unseen = position(2, [[96, 1, 2], [3, 4, 97]], row=[5], tableaus=[[], [6, 7, 8]], deck=[9, 41, 98, 10])
    gem = position(3, [[96, 1, 11], [2, 12, 13], [8, 3, 14]], row=[4, 15], tableaus=[[], [], [6, 7, GEM_ID]],
                   deck=[5, 9, 10, 97, 98])
    for s, bomb in ((four, "bomb:1,oil"), (unseen, "bomb:1,oil"), (gem, "bomb:2,oil")):
        picks = [str(BOTS["normal"](k).choose(s.view(0))) for k in range(6)]
        assert picks.count(bomb) >= 5, picks
    # With no rival that near, the Bomb is not spent on a guess for nothing.
    calm = position(2, [[96, 1, 2], [9, 3, 97]], row=[4], tableaus=[[], [6]], deck=[5, 41, 98, 10, 7, 8])
    assert sum(str(BOTS["normal"](k).choose(calm.view(0))).startswith("bomb:1,oil") for k in range(6)) <= 3


def test_normal_beats_easy() -> None:
    wins = 0.0
    games = 40
    for seed in range(games):
        levels = ("normal", "easy") if seed % 2 == 0 else ("easy", "normal")
        s, _ = game(levels, seed)
        wins += sum(1.0 for w in s.winners if levels[w] == "normal")
    assert wins / games >= 0.6


def test_simulate_reports_the_endings_and_the_length() -> None:
    from game.tools.simulate import simulate

    report = simulate("diamond_in_the_rough", ["normal", "easy"], 6, 1)
    table = report["table"]
    endings = ["ended_retire_four", "ended_retire_three_gem", "ended_gem_holder", "ended_everybody_loses",
               "ended_four_at_end"]
    assert abs(sum(table[k] for k in endings) - 1.0) < 1e-9
    # (Both are means rounded to four places: twice the one may pass the other by 0.0001.)
    assert table["turns_per_player"] > 0 and table["turns"] >= 2 * table["turns_per_player"] - 2e-4
    assert abs(sum(s["wins"] for s in report["seats"]) - 6 * (1 - table["ended_everybody_loses"])) < 0.01


def test_normal_never_rewards_a_gem_holder_with_the_card_it_retires_with() -> None:
    """After a Yes, normal takes the named card and gives the bombed player a card in return. It
    gave Ana, who shows the Gem, a Crate: with two more Crates in her hidden hand (a chance of
    four in ten, by what Bo could see) she retired at once. It gives her a Bomb instead."""
    s = position(2, [[2, 4, 8], [6, 99]], row=[100, 96, 3], deck=[1, 10, 5, 97],
                 tableaus=[[GEM_ID], [9]], turn=1)
    s, _ = s.apply(Action("bomb", ("0", "oil")))
    assert s.phase == "reward" and s.to_move() == 1
    picks = {str(BOTS["normal"](k).choose(s.view(1))) for k in range(4)}
    assert picks and not any(p.endswith("row:2") for p in picks), picks   # (row 2 is the Crate)
    for pick in picks:
        after, _ = s.apply(Action.parse(pick))
        assert not any(a.kind == "retire" for a in after.legal_actions()), pick
