"""Gold Mine's normal bot (game/games/gold_mine/bots.py): what it counts as denying the players
still to act this round the dice they want."""

from __future__ import annotations

from game.games.gold_mine.bots import NormalBot, Prospects
from tests.test_gold_mine_rules import O, at, table

# Seat 1, the next to act, stands two hexes from a yellow 12 mine: a mining die is worth 10$ to it.
NEXT_HAS_A_MINE = dict(pos=[at(4, 4, 4), O], mines={at(1, 1): 12})


def denial(dice: tuple[int, int, int, int]) -> dict[int, float]:
    s = table(2, dice=dice, **NEXT_HAS_A_MINE)  # type: ignore[arg-type]
    assert Prospects(s).best[1] == 10
    return NormalBot(1)._denial(s, 0)


def test_taking_the_only_mining_die_denies_the_next_player_their_mine() -> None:
    out = denial((1, 6, 3, 4))
    assert out[0] > 0                              # the 1
    assert out[2] == out[3] == 0                   # a 3 or a 4 is nothing to them


def test_taking_the_1_denies_nothing_while_a_5_is_free_to_turn_it_back_into_a_mine() -> None:
    # The 5's dice modifier may use a die another player took, for nothing.
    assert denial((1, 5, 3, 4))[0] == 0
    # Nor does taking the 5 deny anything while the 1 is free.
    assert denial((1, 5, 3, 4))[1] == 0


def test_a_free_5_is_a_mining_die_when_a_2_can_step_down_to_a_1() -> None:
    out = denial((2, 5, 3, 4))
    assert out[1] > 0                              # the 5 was their only way to a mine
    assert denial((3, 5, 3, 4))[1] == 0            # no die one step from a 1: the 5 mines nothing
