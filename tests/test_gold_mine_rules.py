"""The Gold Mine rulebook, statement by statement, on small hand-made maps.

Maps are built in code (`make_map`): a hexagon of dirt around O = Hex(0, 0) with the mines, rocks
and holes a test names. Positions are built by `table`, which starts a real game on that map and
then sets the dice, money, positions, blocks and barriers the test describes. Directions are the
die faces: 1 up, 2 up-right, 3 down-right, 4 down, 5 down-left, 6 up-left. In action strings dice
are numbered 0-3 as rolled (`mine:a0,d1,l2`: die 0 is the action, die 1 the direction, die 2 the
distance). Interpretations pinned here are listed in docs/rules/gold_mine.md ("Interpretations").
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import pytest

from game.core.contract import Action, BadSave, Event, GameConfig, IllegalAction
from game.core.rng import Rng
from game.games.gold_mine.board import GoldMineMap, Hex, Tile, distance, step
from game.games.gold_mine.rules import (
    BARRIER_FEE,
    INFO,
    REVEALING,
    ROUNDS,
    START,
    START_MONEY,
    GoldMineState,
    Move,
    accounted_money,
    choosing_order,
    new_game,
    start_action,
    start_label,
    start_points,
)

NAMES = ("Ana", "Bo", "Cy", "Dee")
O = Hex(0, 0)
COLOURS = {5: "brown", 7: "grey", 12: "yellow", 15: "blue", 20: "green", 1: "red", 2: "purple",
           3: "orange", 4: "white", 9: "black"}
# Four start points on a radius-6 hexagon; the two in the middle are central.
STARTS = (Hex(-5, 2), Hex(-1, 3), Hex(1, 2), Hex(5, -2))
CENTRAL = (Hex(-1, 3), Hex(1, 2))


# --------------------------------------------------------------------------- position helpers
def at(*steps: int, start: Hex = O) -> Hex:
    """The hex reached from `start` by single steps in the given directions: at(1, 1, 2)."""
    h = start
    for d in steps:
        h = step(h, d)
    return h


def make_map(radius: int = 6, mines: Mapping[Hex, int] | None = None, rocks: Iterable[Hex] = (),
             holes: Iterable[Hex] = (), starts: Sequence[Hex] = STARTS,
             central: Sequence[Hex] = CENTRAL) -> GoldMineMap:
    """A hexagon of dirt of `radius` around O, with mines (hex -> value), rocks and holes."""
    gone = set(holes)
    if radius < 6:   # the default start points are too far out: use O's neighbours
        starts, central = (at(6), at(5), at(4), at(3)), (at(5), at(4))
    tiles = {Hex(q, r): Tile("dirt") for q in range(-radius, radius + 1)
             for r in range(-radius, radius + 1)
             if distance(Hex(q, r), O) <= radius and Hex(q, r) not in gone}
    for h in rocks:
        tiles[h] = Tile("rock")
    for h, v in (mines or {}).items():
        tiles[h] = Tile("mine", COLOURS[v], v)
    return GoldMineMap("test", tiles, tuple(starts), tuple(central))


def table(n: int = 2, *, pos: Sequence[Hex] | None = None, money: Sequence[int] | None = None,
          dice: Sequence[int] = (1, 1, 1, 1), starter: int = 0, step_no: int = 0,
          taken: Mapping[int, int] | None = None, round_no: int = 1,
          blocked: Mapping[Hex, int] | None = None,
          barriers: Sequence[tuple[int, Sequence[Hex]]] = (),
          collected: Iterable[Hex] = (), options: Mapping[str, object] | None = None,
          **map_args: object) -> GoldMineState:
    """A position on a hand-made map. The player to move is seat (starter + step_no) % n.

    Money other than 12$ is booked as income (or as dice changes when below 12$) so that the
    ledger adds up. `taken` maps die index -> the seat that took it this round.
    """
    game_map = make_map(**map_args)  # type: ignore[arg-type]
    config = GameConfig(n, NAMES[:n], {"map": game_map.to_json(), "first_player": starter, **(options or {})})
    s, _ = new_game(config, 1)
    s.pos = list(pos) if pos is not None else [O] * n
    s.money = list(money) if money is not None else [START_MONEY] * n
    for p in range(n):
        s.ledger[p] = {k: 0 for k in s.ledger[p]}
        extra = s.money[p] - START_MONEY
        s.ledger[p]["income" if extra > 0 else "changes"] = abs(extra)
    s.dice = tuple(dice)
    s.taken = [None] * 4
    for die, seat in (taken or {}).items():
        s.taken[die] = seat
    s.starter, s.step, s.round_no = starter, step_no, round_no
    s.blocked = dict(blocked or {})
    s.barriers = [(owner, tuple(hexes)) for owner, hexes in barriers]
    for h in collected:
        s.collected[h] = (0, s.map.value(h), "mined")
    s._options = None
    s.check()
    return s


@lru_cache(maxsize=None)
def rigged_seed(values: tuple[int, ...]) -> int:
    """A generator state whose next d6 rolls are `values`."""
    for seed in range(10_000_000):
        rng = Rng(seed)
        if all(rng.die(6) == v for v in values):
            return seed
    raise AssertionError(f"no seed rolls {values}")


def play(state: GoldMineState, *actions: str) -> tuple[GoldMineState, list[Event]]:
    events: list[Event] = []
    for text in actions:
        state, ev = state.apply(Action.parse(text))
        state.check()
        events.extend(ev)
    return state, events


def legal(state: GoldMineState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def snapshot(state: GoldMineState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state: GoldMineState, text: str, words: str) -> None:
    """`text` is not legal, the reason contains `words`, and nothing changes."""
    before = snapshot(state)
    assert text not in legal(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(Action.parse(text))
    assert words in str(info.value), str(info.value)
    assert words in state.explain_illegal(Action.parse(text))
    assert state.preview(Action.parse(text)).allowed is False
    assert snapshot(state) == before


def shipped_config(n: int, **options: object) -> GameConfig:
    return INFO.make_config(n, NAMES[:n], dict(options))


def test_helpers_build_what_they_say() -> None:
    s = table(3, pos=[O, at(1), at(4)], money=[12, 20, 3], dice=(6, 5, 4, 3), starter=2,
              step_no=1, taken={0: 2}, mines={at(1, 1): 7}, rocks=[at(2)])
    assert s.turn == 0 and s.to_move() == 0
    assert s.money == [12, 20, 3] and all(accounted_money(s.ledger[p]) == s.money[p]
                                          for p in range(3))
    assert s.map.value(at(1, 1)) == 7 and s.tile(at(2)).is_rock
    assert s.free_dice() == [1, 2, 3]
    assert at(1, 4) == O and at(2, 5) == O and at(3, 6) == O
    assert rigged_seed((6, 5, 4, 3)) >= 0


# --------------------------------------------------------------------------- the rulebook's examples
def test_rulebook_example_income_4_3_6_2_choosing_the_6_gives_5() -> None:
    s = table(dice=(4, 3, 6, 2))
    assert "income:a2" in legal(s)
    after, events = play(s, "income:a2")
    assert after.money[0] == START_MONEY + 5          # (4 + 3 + 2) / 2 = 4.5, rounded up
    assert after.ledger[0]["income"] == 5
    assert [e for e in events if e.kind == "income"][0].data["income"] == 5


def test_rulebook_example_blow_on_a_7_and_a_20_gives_13_and_the_position_stays() -> None:
    centre = at(6, 6, 6)                              # direction 6, distance 3
    green = step(centre, 1)                           # the green mine next to the centre
    s = table(dice=(2, 6, 3, 1), mines={centre: 7, green: 20})
    after, events = play(s, "blow:a0,d1,l2,x1")
    assert after.money[0] == START_MONEY + 3 + 10     # 7/2 rounded down + 20/2
    assert after.pos[0] == O
    assert set(after.collected) == {centre, green}
    assert all(how == "blown" for _, _, how in after.collected.values())
    blow = [e for e in events if e.kind == "blow"][0]
    assert blow.data["treasure"] == 13 and set(blow.data["hexes"]) == {centre, green}


def test_a_blown_1_dollar_mine_pays_nothing_and_is_collected_all_the_same() -> None:
    """Rulebook: "collect the treasure in them but only half value in each of them (rounded down)
    and mark the treasure as collected": half of 1$ is 0$, and the mine is spent like any other."""
    centre = at(1, 1)
    one = step(centre, 1)
    s = table(dice=(2, 1, 2, 1), mines={centre: 7, one: 1}, money=[12, 12])
    after, events = play(s, "blow:a0,d1,l2,x1")
    assert after.money[0] == 12 + 3 and after.treasure_at(one) == 0
    assert after.collected[one] == (0, 0, "blown") and after.collected[centre] == (0, 3, "blown")
    blow = [e for e in events if e.kind == "blow"][0]
    assert dict(blow.data["collected"]) == {centre: 3, one: 0}
    # Bo tunnels up through both: no treasure is left in either.
    after.dice, after.taken, after._options = (1, 1, 3, 6), [None] * 4, None
    later, events = play(after, "mine:a0,d1,l2")
    assert later.money[1] == 12 - 3 and [e.data["treasure"] for e in events if e.kind == "mine"] == [0]
    # A game begun before this was so (its save names no such option) left the 1$ there, and
    # replays as it was played.
    assert INFO.legacy_options["blown_1_dollar"] == "kept" != INFO.make_config(2).options["blown_1_dollar"]
    old = table(dice=(2, 1, 2, 1), mines={centre: 7, one: 1}, money=[12, 12],
                options={"blown_1_dollar": "kept"})
    old_after, _ = play(old, "blow:a0,d1,l2,x1")
    assert old_after.treasure_at(one) == 1 and one not in old_after.collected


def test_rulebook_example_dice_modifier_5_3_6_1_has_exactly_three_options() -> None:
    # The yellow player takes the 5. Without paying for changes: the 3 as 2, 3 or 4 with the 1
    # and the 6 as direction and distance; the 6 only as 6; the 1 as 1 or 2 with the 3 and the 6.
    s = table(dice=(5, 3, 6, 1), radius=9)
    free = [o for o in s.options() if o.die == 0 and o.change_cost == 0]
    assert all(o.modifier for o in free)
    picked: dict[int, set[int]] = {}
    for o in free:
        m = Move.from_action(o.action)
        assert m.new_die is not None
        picked.setdefault(m.new_die, set()).add(s.dice[m.new_die] + m.new_change)
        if o.kind != "income":
            assert {m.dir_die, m.dist_die} == {0, 1, 2, 3} - {0, m.new_die}
    assert picked == {1: {2, 3, 4}, 2: {6}, 3: {1, 2}}   # three options: the 3, the 6, the 1
    refused(s, "mod:a0,n2-1,d1,l3", "cannot choose the dice modifier again")
    refused(s, "mod:a0,n2+1,d1,l3", "a 6 never becomes a 1")
    refused(s, "mod:a0,n1,d0,l3", "your action die")


def test_rulebook_example_mining_through_a_5_and_a_7_over_5_hexes_makes_7() -> None:
    # The printed example says "a total of 5$"; by the rule text it is 5 + 7 - 5 = 7 (see the
    # rules page, "The mining example's arithmetic").
    s = table(dice=(1, 1, 5, 4), mines={at(1, 1): 5, at(1, 1, 1, 1): 7}, radius=7)
    after, events = play(s, "mine:a0,d1,l2")
    assert after.money[0] == START_MONEY + 5 + 7 - 5
    assert after.pos[0] == at(1, 1, 1, 1, 1)
    mine = [e for e in events if e.kind == "mine"][0]
    assert mine.data["treasure"] == 12 and mine.data["mining_cost"] == 5
    assert "mined 5 hexes up: +12$ treasure, \u22125$" in mine.text


# --------------------------------------------------------------------------- set-up
def choose_starts(s: GoldMineState, *picks: int) -> tuple[GoldMineState, list[Event]]:
    """Play the start-point choice: each seat in turn takes the free X numbered by `picks`
    (an index into its free X; the first one when `picks` runs out)."""
    events: list[Event] = []
    k = 0
    while s.phase == START:
        free = s.legal_actions()
        s, ev = s.apply(free[picks[k] if k < len(picks) else 0])
        s.check()
        events.extend(ev)
        k += 1
    return s, events


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_everyone_has_12_and_chooses_a_start_point_in_turn(n: int) -> None:
    s, events = new_game(shipped_config(n, first_player=0), 5)
    s.check()
    assert s.phase == START and s.money == [12] * n and s.pos == [None] * n
    assert kinds(events) == ["setup", "first"] and s.options() == []
    offered = {Action.parse(str(a)) for a in s.legal_actions()}
    allowed = s.map.central if n == 2 else s.map.starts
    assert offered == {start_action(h) for h in allowed}
    assert [str(a) for a in s.legal_actions()] == [f"start:{h.q},{h.r}" for h in allowed]
    s, chosen = choose_starts(s)
    assert s.phase == "play" and s.round_no == 1 and s.step == 0 and s.to_move() == 0
    assert len(set(s.pos)) == n and set(s.pos) <= set(allowed)
    starts = [e for e in chosen if e.kind == "start"]
    assert [e.data["order"] for e in starts] == list(range(n))
    assert {e.data["player"]: e.data["hex"] for e in starts} == dict(enumerate(s.pos))
    # The dice are rolled only when everyone stands on an X: the last choice rolls round 1.
    assert kinds(chosen)[-1] == "round" and kinds(chosen).count("round") == 1


def test_setup_two_players_use_the_central_start_points() -> None:
    for seed in range(5):
        s, _ = new_game(shipped_config(2), seed)
        assert set(s.free_starts()) == set(s.map.central)
        refused_start(s, s.map.starts[0] if s.map.starts[0] not in s.map.central
                      else s.map.starts[-1], "two central X")
        s, _ = choose_starts(s, seed % 2)
        assert set(s.pos) == set(s.map.central)
        fixed, _ = new_game(shipped_config(2, start_points="fixed"), seed)
        assert fixed.pos == list(fixed.map.central)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_start_points_are_chosen_in_reverse_turn_order_so_the_starting_player_chooses_last(
        n: int) -> None:
    for first in range(n):
        s, events = new_game(shipped_config(n, first_player=first), 2)
        assert "chooses a start point last" in events[-1].text
        order = []
        while s.phase == START:
            order.append(s.to_move())
            assert s.view(s.to_move()).legal_actions() == s.legal_actions()
            s, _ = s.apply(s.legal_actions()[-1])
        # Everyone but the last (who may have no choice left) chose in this order.
        want = [(first - 1 - k) % n for k in range(n)]
        assert list(choosing_order(first, n)) == want
        assert order == want[:len(order)] and len(order) >= n - 1
        assert want[-1] == first and s.to_move() == first


def test_the_last_free_start_point_goes_to_its_chooser_without_asking() -> None:
    # Four players: the fourth X is the last one's; two players: the other central X.
    for n, asked in ((4, 3), (2, 1), (3, 3)):
        s, _ = new_game(shipped_config(n, first_player=0), 7)
        s, events = choose_starts(s, 1, 1, 1)
        starts = [e for e in events if e.kind == "start"]
        assert [e.data["chosen"] for e in starts] == [True] * asked + [False] * (n - asked)
        if asked < n:
            assert "takes the last free start point" in starts[-1].text


def refused_start(s: GoldMineState, h: Hex, words: str) -> None:
    refused(s, str(start_action(h)), words)


def test_a_taken_or_unmarked_start_point_or_a_die_before_the_choice_is_refused() -> None:
    s, _ = new_game(shipped_config(3, first_player=0), 3)
    a, b = s.map.starts[0], s.map.starts[1]
    s, events = play(s, str(start_action(a)))
    assert events[0].text == f"Cy chooses {start_label(s.map, a)}" and "start point 1" in events[0].text
    refused_start(s, a, "Cy already starts at start point 1")
    refused_start(s, Hex(a.q + 1, a.r), "not one of the start points")
    refused(s, "start:x,y", "does not name a hex")
    refused(s, "income:a0", "everyone chooses a start point first")
    assert "start points are being chosen" in s.preview(Move(action_die=0)).reason
    s, _ = choose_starts(s)
    refused(s, str(start_action(b)), "not a Gold Mine action")


def test_choosing_a_start_point_reveals_nothing_but_the_roll_after_the_last_one_does() -> None:
    s, _ = new_game(shipped_config(3, first_player=1), 4)
    s, events = choose_starts(s)
    for e in events:
        assert e.reveals == (e.kind == "round"), e.kind
    assert "start" not in REVEALING


def test_a_game_saved_while_start_points_are_chosen_reads_back() -> None:
    s, _ = new_game(shipped_config(4, first_player=2), 6)
    s, _ = play(s, str(s.legal_actions()[2]))
    back = GoldMineState.from_json(json.loads(json.dumps(s.to_json())))
    assert snapshot(back) == snapshot(s) and back.phase == START and back.to_move() == 0
    assert back.legal_actions() == s.legal_actions()
    broken = s.to_json()
    broken["pos"] = [None] * 4
    with pytest.raises(BadSave, match="choosing order"):
        GoldMineState.from_json(broken)
    broken = s.to_json()
    broken["money"] = [12, 12, 13, 12]
    with pytest.raises(BadSave):
        GoldMineState.from_json(broken)


def test_setup_seats_take_the_start_points_central_first_then_left_to_right() -> None:
    m = make_map()
    assert start_points(m, 2) == [Hex(-1, 3), Hex(1, 2)]
    assert start_points(m, 3) == [Hex(-1, 3), Hex(1, 2), Hex(-5, 2)]
    assert start_points(m, 4) == [Hex(-1, 3), Hex(1, 2), Hex(-5, 2), Hex(5, -2)]
    assert start_points(m, 3, [3, 0, 1]) == [Hex(5, -2), Hex(-5, 2), Hex(-1, 3)]
    with pytest.raises(IllegalAction, match="two central"):
        start_points(m, 2, [0, 1])
    with pytest.raises(IllegalAction, match="different start points"):
        start_points(m, 3, [0, 0, 1])
    # The option: "fixed" (and no option at all) deals them out as above, a list names them.
    for options in ({}, {"start_points": "fixed"}, {"start_points": [3, 0, 1]}):
        s, events = new_game(GameConfig(3, NAMES[:3], {"map": m.to_json(), **options}), 1)
        want = start_points(m, 3, options.get("start_points") if options else None) \
            if options.get("start_points") != "fixed" else start_points(m, 3)
        assert s.pos == want and s.phase == "play"
        assert kinds(events)[:5] == ["setup", "start", "start", "start", "first"]
    with pytest.raises(IllegalAction, match="start_points must be"):
        new_game(GameConfig(3, NAMES[:3], {"map": m.to_json(), "start_points": "random"}), 1)


# A game as version 0.1.0 played it, before start points were chosen: three actions logs (two,
# three and four players, legal actions picked at random), the digest of all their events and of
# the final position (without its settings), worked out with that version. A saved 0.1.0 game
# loads with the option start_points "fixed" (INFO.legacy_options) and must replay to the same.
PINNED_0_1_0 = {
    2: (7, "mod:a2+1,n1+1,d0+4,l3,x2 blow:a1+1,d3-2,l2-1,x4 income:a3 mod:a1,n0-1,d3,l2+1,x5 "
           "blow:a1,d2,l0-2,x6 mod:a2,n0-3,d1-1,l3,x6 mod:a0,n1+1,d2,l3,x5 blow:a3,d2,l1,x5 "
           "blow:a3,d2,l0,x6 mod:a2,n1 blow:a2,d3-1,l1-1,x2 block:a3,d0,l2,x1 barrier:a0,d1,l3 "
           "mod:a2+1,n0-1,d3,l1+1,x6 block:a2,d0,l3,x3 mod:a1,n2,d0,l3,x5",
        "dbd6a7f6d6f6c7beb0535cfccd210d1e49521136c1a40cf8bdc076473a128f00", [1, 0]),
    3: (8, "mod:a3,n2-3,d0,l1,x4 mod:a2,n3-3,d0-2,l1-1,x6 block:a1+1,d3-3,l2-1,x6 "
           "blow:a3,d1-1,l2,x5 income:a1 mine:a2,d1,l3 mod:a0,n2-2,d1,l3,x1 "
           "mod:a2,n1-1,d3,l0-1,x4 mine:a2,d1,l0+1 income:a3 mod:a1,n3+1,d0,l2-1,x4 income:a2 "
           "blow:a3+1,d2,l1-1,x3 block:a1-1,d3,l0-1,x1 mod:a2,n3-1,d1,l0,x3 barrier:a3,d0,l1 "
           "block:a1,d2,l3,x1 mod:a0,n3-1,d2,l1,x6 blow:a0,d1,l3,x3 income:a1 barrier:a3,d2,l0",
        "dd5a88a2786bc975caaad335fe724de4f3537c599f997a25e5c494e0620a95e4", [6, 1, 10]),
    4: (9, "mod:a0,n1+1,d2+1,l3-2,x3 mod:a3-1,n2+1,d0,l1+1,x2 mine:a2,d0,l1+1 "
           "block:a1+2,d0,l3,x6 blow:a2,d3+4,l0,x4 blow:a3,d0+2,l2,x2 blow:a0+1,d3,l1,x4 "
           "blow:a1+1,d3,l2+1,x5 mod:a1,n2-1,d3-1,l0-1,x2 barrier:a3,d1,l2 barrier:a0,d2,l3 "
           "barrier:a2,d1,l3 income:a2 income:a1 income:a3 mod:a3,n1+1,d0,l2+2,x2 "
           "block:a0+2,d3,l2,x4 blow:a1,d0,l3,x4 blow:a2+1,d3,l1,x6 income:a1 barrier:a0,d1,l2 "
           "barrier:a3,d2,l1 block:a2,d3-1,l1-1,x1 blow:a1,d2,l3,x2 mod:a3,n0-3,d2,l1,x3 "
           "income:a0 blow:a2+1,d1,l3,x4 blow:a1,d2,l3,x5 mod:a3,n1,d2,l0,x6 income:a0",
        "ae6a47a15817c2936737085c786d14c620a00cf5198e26353be5527699b33cba", [4, 6, 0, 0]),
}


def pinned_map() -> GoldMineMap:
    """The map the pinned games were played on (built in code, so the shipped map may change)."""
    tiles = {Hex(q, r): Tile("dirt") for q in range(-6, 7) for r in range(-6, 7)
             if distance(Hex(q, r), O) <= 6}
    mines = {Hex(0, 0): 20, Hex(-2, 1): 15, Hex(2, -1): 15, Hex(-3, 3): 7, Hex(3, -3): 7,
             Hex(0, -3): 12, Hex(0, 3): 12, Hex(-4, 1): 5, Hex(4, -1): 5, Hex(1, 1): 5}
    for h, v in mines.items():
        tiles[h] = Tile("mine", COLOURS[v], v)
    for h in (Hex(1, -2), Hex(-1, 2), Hex(2, 2)):
        tiles[h] = Tile("rock")
    starts = (Hex(-5, 2), Hex(-1, 4), Hex(1, -4), Hex(5, -2))
    return GoldMineMap("pinned", tiles, starts, (Hex(-5, 2), Hex(5, -2)))


def event_digest(events: Iterable[Event]) -> str:
    rows = [[e.kind, e.text, json.dumps(dict(e.data), sort_keys=True, default=str)] for e in events]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"start_points": "fixed"}])
def test_fixed_start_points_replay_a_0_1_0_game_exactly(n: int, options: dict[str, str]) -> None:
    assert INFO.legacy_options["start_points"] == "fixed"
    assert INFO.make_config(2).options["start_points"] == "choose"
    seed, actions, digest, money = PINNED_0_1_0[n]
    config = GameConfig(n, NAMES[:n], {"map": pinned_map().to_json(), **options})
    s, log = new_game(config, seed)
    s, events = play(s, *actions.split())
    assert s.is_over() and s.money == money
    assert event_digest(log + events) == digest
    assert s.to_json()["config"]["options"] == config.to_json()["options"]


def test_setup_starting_player_is_random_or_chosen() -> None:
    firsts = {new_game(shipped_config(4), seed)[0].starter for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    for p in range(3):
        s, events = new_game(shipped_config(3, first_player=p), 3)
        assert s.starter == p == choosing_order(p, 3)[-1]
        first = [e for e in events if e.kind == "first"][0]
        assert first.data["player"] == p and "chosen at set-up" in first.text
        s, _ = choose_starts(s)
        assert s.starter == p == s.to_move()
    with pytest.raises(IllegalAction, match="not at the table"):
        new_game(shipped_config(3, first_player=3), 3)


@pytest.mark.parametrize("n", [1, 5])
def test_setup_rejects_player_counts_outside_2_to_4(n: int) -> None:
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        new_game(GameConfig(n, (), {"map": make_map().to_json()}), 0)


def test_setup_needs_a_map_and_the_default_is_the_shipped_map() -> None:
    with pytest.raises(IllegalAction, match="needs a map"):
        new_game(GameConfig(2), 0)
    options = INFO.default_options()  # type: ignore[misc]
    assert GoldMineMap.from_json(options["map"]).starts
    s, _ = new_game(shipped_config(2), 0)
    assert s.map == GoldMineMap.from_json(options["map"])


# --------------------------------------------------------------------------- a round
def test_the_starting_player_rolls_four_dice_automatically_and_the_roll_is_recorded() -> None:
    s = table(dice=(6, 1, 1, 1), starter=0, step_no=1)
    s.rng = Rng(rigged_seed((6, 5, 4, 3)))
    after, events = play(s, "income:a0")       # Bo ends round 1
    assert after.round_no == 2 and after.starter == 1 and after.to_move() == 1
    assert after.dice == (6, 5, 4, 3) and after.taken == [None] * 4
    roll = [e for e in events if e.kind == "round"][0]
    assert roll.data == {"round": 2, "starter": 1, "dice": (6, 5, 4, 3)}
    assert "Bo rolls 6, 5, 4, 3" in roll.text


def test_players_act_clockwise_from_the_starting_player_and_the_start_passes_left() -> None:
    s, _ = choose_starts(new_game(shipped_config(3, first_player=2), 11)[0])
    seen: list[tuple[int, int]] = []
    while not s.is_over():
        seen.append((s.round_no, s.to_move()))
        s, _ = s.apply(s.legal_actions()[-1])
    expected = [(r, (2 + r - 1 + k) % 3) for r in range(1, ROUNDS + 1) for k in range(3)]
    assert seen == expected


def test_an_action_die_taken_by_one_player_cannot_be_taken_by_another_this_round() -> None:
    s = table(3, dice=(6, 6, 2, 4), money=[12, 12, 12])
    s, _ = play(s, "income:a0")
    assert s.taken == [0, None, None, None] and s.to_move() == 1
    assert not any(a.startswith(("income:a0", "mine:a0", "blow:a0", "mod:a0")) for a in legal(s))
    refused(s, "income:a0", "already Ana's action die")
    s, _ = play(s, "income:a1")
    refused(s, "income:a1", "already Bo's action die")


def test_direction_and_distance_may_use_any_other_die_even_one_taken_as_an_action_die() -> None:
    # Ana took die 0 (a 6) for income; Bo may still use that 6 as a direction or a distance.
    s = table(dice=(6, 1, 2, 3), step_no=1, taken={0: 0}, radius=8)
    assert "mine:a1,d0,l2" in legal(s)          # direction 6 from die 0, distance 2 from die 2
    assert "mine:a1,d2,l0" in legal(s)          # direction 2, distance 6 from die 0
    after, _ = play(s, "mine:a1,d0,l2")
    assert after.pos[1] == at(6, 6)


def test_each_die_is_used_once_in_an_action() -> None:
    s = table(dice=(1, 2, 3, 4))
    refused(s, "mine:a0,d0,l1", "your action die")
    refused(s, "mine:a0,d1,l1", "two different dice")


def test_the_game_ends_after_eight_rounds_and_the_richest_wins() -> None:
    s, _ = choose_starts(new_game(shipped_config(2, first_player=0), 4)[0])
    rounds = set()
    actions = 0
    while not s.is_over():
        rounds.add(s.round_no)
        s, events = s.apply(s.legal_actions()[0])
        actions += 1
    assert rounds == set(range(1, ROUNDS + 1)) and actions <= 2 * ROUNDS
    assert s.to_move() is None and s.legal_actions() == []
    assert kinds(events)[-1] == "game_over"
    with pytest.raises(IllegalAction, match="over"):
        s.apply(Action("income", ("a0",)))
    top = max(s.money)
    assert s.outcome().winners == tuple(p for p in range(2) if s.money[p] == top)


def test_a_tie_is_reported_as_a_tie_and_offers_a_tie_break_game() -> None:
    s = table(dice=(6, 6, 1, 1), step_no=1, taken={0: 0}, round_no=ROUNDS, money=[17, 12])
    s, events = play(s, "income:a1")                 # Bo: (6 + 1 + 1) / 2 = 4, so 16$
    assert s.is_over() and s.money == [17, 16] and s.outcome().winners == (0,)
    assert "Ana wins with 17$" in events[-1].text
    u = table(dice=(6, 6, 4, 4), step_no=1, taken={0: 0}, round_no=ROUNDS, money=[20, 13])
    u, events = play(u, "income:a1")                 # (6 + 4 + 4) / 2 = 7: 20$ each
    outcome = u.outcome()
    assert u.money == [20, 20] and outcome.winners == (0, 1) and outcome.is_tie
    over = [e for e in events if e.kind == "game_over"][0]
    assert over.data["tie"] is True and "tie-break" in over.text
    assert INFO.tie_break_game and INFO.unit(20) == "$"


def test_the_outcome_breaks_each_players_money_down() -> None:
    s = table(dice=(1, 1, 2, 6), mines={at(1): 7}, barriers=[(1, [at(1, 1)])],
              money=[12, 12])
    s, _ = play(s, "mine:a0,d1,l2")                  # +7 treasure, -2 mining, -10 fee to Bo
    s, _ = play(s, "income:a3")                      # Bo: (1 + 1 + 2) / 2 = 2
    scores = s.outcome().scores
    ana, bo = dict(scores[0].breakdown), dict(scores[1].breakdown)
    assert ana == {"Starting money": 12, "Income": 0, "Treasure": 7, "Barrier fees received": 0,
                   "Mining": -2, "Dice changes": 0, "Barrier fees paid": -10}
    assert bo["Barrier fees received"] == 10 and bo["Income"] == 2
    for score in scores:
        assert sum(v for _, v in score.breakdown) == score.total == s.money[score.player]


# --------------------------------------------------------------------------- mining
def test_mining_goes_exactly_the_distance_pays_1_per_hex_and_moves_the_miner() -> None:
    s = table(dice=(1, 3, 4, 2), radius=8)
    after, _ = play(s, "mine:a0,d1,l2")               # direction 3, distance 4
    assert after.pos[0] == at(3, 3, 3, 3)
    assert after.money[0] == START_MONEY - 4 and after.ledger[0]["mining"] == 4
    # The distance is the die (after any paid change): the tunnel is exactly that long.
    assert len(s.preview(Action.parse("mine:a0,d1,l2")).path) == 4
    assert len(s.preview(Action.parse("mine:a0,d1,l2-1")).path) == 3


def test_treasure_is_collected_once_and_marked() -> None:
    s = table(dice=(1, 1, 2, 4), mines={at(1): 12}, money=[12, 12])
    s, _ = play(s, "mine:a0,d1,l2")                  # Ana: up 2 through the 12
    assert s.collected[at(1)] == (0, 12, "mined") and s.money[0] == 12 + 12 - 2
    s, _ = play(s, "mine:a1,d0,l2")                  # Bo from O: up 2 through the same hex
    assert s.money[1] == 12 - 2 and s.ledger[1]["treasure"] == 0
    assert s.collected[at(1)] == (0, 12, "mined")


def test_mining_through_a_miner_or_a_dug_tunnel_is_allowed_and_costs_the_same() -> None:
    s = table(pos=[O, at(1)], dice=(1, 1, 2, 5), collected=[], mines={})
    after, _ = play(s, "mine:a0,d1,l2")
    assert after.pos[0] == at(1, 1) and after.money[0] == 10


@pytest.mark.parametrize("kind,text", [("mine", "mine:a0,d1,l2"),
                                       ("barrier", "barrier:a0+3,d1,l2")])
def test_rock_stops_tunnels_and_barriers(kind: str, text: str) -> None:
    s = table(dice=(1, 1, 3, 6), rocks=[at(1, 1)], radius=8)
    noun = "tunnel" if kind == "mine" else "barrier"
    refused(s, text, f"the {noun} runs into rock at step 2")
    assert s.preview(Action.parse(text)).stop == at(1, 1)


def test_a_path_off_the_map_is_not_allowed() -> None:
    s = table(dice=(1, 1, 6, 6), radius=4)
    refused(s, "mine:a0,d1,l2", "the tunnel leaves the map at step 5")
    assert "mine:a0,d1,l2-2" in legal(s)               # 4 up stays on the map (for 4$ of changes)


def test_rocks_stop_blasts_and_blocks_too() -> None:
    s = table(dice=(2, 1, 3, 6), rocks=[at(1)], radius=8)
    refused(s, "blow:a0,d1,l2,x4", "the blast runs into rock at step 1")
    t = table(dice=(3, 1, 3, 6), rocks=[at(1, 1, 1)], radius=8)
    refused(t, "block:a0,d1,l2,x4", "the block runs into rock at step 3")
    u = table(dice=(2, 1, 3, 6), rocks=[at(1, 1, 1, 2)], radius=8)
    refused(u, "blow:a0,d1,l2,x2", "the second hex (up-right of the centre) is rock")


def test_mining_costs_money_and_cannot_be_done_without_it() -> None:
    s = table(dice=(1, 1, 5, 4), money=[4, 12], radius=8)
    refused(s, "mine:a0,d1,l2", "you need 5$ and have 4$")
    assert "mine:a0,d1,l3" in legal(s)                 # 4 hexes for 4$
    # Treasure found on the way does not pay for the tunnel.
    t = table(dice=(1, 1, 5, 4), money=[4, 12], mines={at(1): 20}, radius=8)
    refused(t, "mine:a0,d1,l2", "you need 5$ and have 4$")


# --------------------------------------------------------------------------- blow
def test_a_blast_pays_half_rounded_down_for_each_hex_and_only_once() -> None:
    centre = at(3, 3)
    s = table(dice=(2, 3, 2, 6), mines={centre: 5, step(centre, 4): 15}, money=[12, 12])
    s, _ = play(s, "blow:a0,d1,l2,x4")
    assert s.money[0] == 12 + 2 + 7 and s.pos[0] == O
    assert s.blasted == {centre, step(centre, 4)}
    s, _ = play(s, "blow:a2,d1,l0,x4")                # Bo (also at O) blasts them again
    assert s.ledger[1]["treasure"] == 0


def test_a_blast_may_hit_a_blocked_mine_and_pass_over_blocks() -> None:
    centre = at(1, 1)
    s = table(dice=(2, 1, 2, 6), mines={centre: 20}, blocked={at(1): 1, centre: 1})
    after, _ = play(s, "blow:a0,d1,l2,x4")
    assert after.money[0] == 12 + 10
    assert after.blocked == s.blocked                 # the blocks stay


def test_the_second_hex_may_be_any_neighbour_of_the_centre_on_the_map() -> None:
    s = table(dice=(2, 1, 1, 6), radius=3)
    seconds = {Move.from_action(Action.parse(a)).second for a in legal(s)
               if a.startswith("blow:a0,d1,l2,")}
    assert seconds == {1, 2, 3, 4, 5, 6}             # (x4 is the hex Ana stands on)
    t = table(dice=(2, 1, 3, 6), radius=3)           # centre on the edge: 3 neighbours off the map
    seconds = {Move.from_action(Action.parse(a)).second for a in legal(t)
               if a.startswith("blow:a0,d1,l2,")}
    assert seconds == {3, 4, 5}
    refused(t, "blow:a0,d1,l2,x1", "the second hex (up of the centre) is off the map")
    refused(t, "blow:a0,d1,l2", "choose the second hex")


# --------------------------------------------------------------------------- block
def test_a_block_closes_two_hexes_to_everyones_mining_and_barriers() -> None:
    # Rulebook: blue blocks 1 up-right and one neighbour; green can no longer mine direction 6
    # for 2 hexes or more through the blocked area.
    blue, green = O, at(2, 3, 3)
    s = table(pos=[blue, green], dice=(3, 2, 1, 6), radius=8)
    s, _ = play(s, "block:a0,d1,l2,x1")
    assert s.blocked == {at(2): 0, at(2, 1): 0}
    s.dice, s.taken, s.money[1] = (1, 6, 2, 1), [None] * 4, 30
    s._options = None
    assert "mine:a0,d1,l3" in legal(s)                 # 1 up-left: next to the block
    refused(s, "mine:a0,d1,l2", "the tunnel runs into a block at step 2")
    refused(s, "mine:a0,d1,l2+1", "the tunnel runs into a block at step 2")
    refused(s, "barrier:a2+2,d1,l0+1", "the barrier runs into a block at step 2")
    # The blocker is stopped by their own block too.
    s.step, s.dice, s._options = 0, (1, 2, 1, 6), None
    refused(s, "mine:a0,d1,l2", "the tunnel runs into a block at step 1")


def test_blocks_may_go_on_treasure_and_on_a_miner_who_can_still_leave() -> None:
    s = table(pos=[O, at(1)], dice=(3, 1, 1, 2), mines={at(1, 2): 7})
    s, _ = play(s, "block:a0,d1,l2,x2")              # blocks Bo's hex and the 7 next to it
    assert set(s.blocked) == {at(1), at(1, 2)}
    s.dice, s.taken, s._options = (1, 1, 1, 4), [None] * 4, None
    after, _ = play(s, "mine:a0,d1,l2")              # Bo tunnels out of the blocked hex
    assert after.pos[1] == at(1, 1)


# --------------------------------------------------------------------------- barrier
def test_a_barrier_is_a_line_and_its_builder_moves_to_its_end() -> None:
    s = table(dice=(4, 6, 3, 1), mines={at(6): 12}, radius=8)
    after, events = play(s, "barrier:a0,d1,l2")       # 3 hexes up-left
    assert after.barriers == [(0, (at(6), at(6, 6), at(6, 6, 6)))]
    assert after.pos[0] == at(6, 6, 6)
    assert after.money[0] == 12 and not after.collected   # building collects nothing
    assert "built a barrier 3 long up-left and moved to its end" in events[0].text


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tunnelling_through_another_players_barrier_costs_the_fee_for_the_table(n: int) -> None:
    fee = {2: 10, 3: 7, 4: 5}[n]
    assert BARRIER_FEE[n] == fee
    s = table(n, dice=(1, 1, 3, 6), barriers=[(1, [at(1, 1)])], money=[20] * n, radius=8)
    after, events = play(s, "mine:a0,d1,l2")
    assert after.money[0] == 20 - 3 - fee and after.money[1] == 20 + fee
    assert after.ledger[0]["fees_paid"] == fee and after.ledger[1]["fees_received"] == fee
    assert [e.data for e in events if e.kind == "fee"] == [{"player": 0, "owner": 1,
                                                           "amount": fee}]


def test_a_barrier_is_paid_once_however_many_of_its_hexes_the_tunnel_runs_along() -> None:
    line = [at(1), at(1, 1), at(1, 1, 1)]
    s = table(dice=(1, 1, 3, 6), barriers=[(1, line)], money=[20, 12], radius=8)
    after, _ = play(s, "mine:a0,d1,l2")               # along all three barrier hexes
    assert after.ledger[0]["fees_paid"] == 10


def test_each_barrier_is_paid_for_and_the_own_barrier_is_free() -> None:
    s = table(3, dice=(1, 1, 3, 6), money=[30, 12, 12], radius=8,
              barriers=[(1, [at(1)]), (2, [at(1, 1)]), (1, [at(1, 1, 1)]), (0, [at(1)])])
    after, _ = play(s, "mine:a0,d1,l2")
    assert after.ledger[0]["fees_paid"] == 3 * 7
    assert after.money[1] == 12 + 14 and after.money[2] == 12 + 7


def test_a_hex_can_have_barriers_from_several_players_and_a_barrier_ends_on_a_miner() -> None:
    s = table(pos=[O, at(1, 1)], dice=(4, 1, 2, 6), barriers=[(1, [at(1)])])
    after, _ = play(s, "barrier:a0,d1,l2")
    assert after.barrier_owners(at(1)) == [1, 0]
    assert after.pos[0] == after.pos[1] == at(1, 1)


def test_barrier_fees_must_be_affordable() -> None:
    s = table(dice=(1, 1, 1, 6), barriers=[(1, [at(1)])], money=[10, 12])
    refused(s, "mine:a0,d1,l2", "you need 11$ (1$ for mining, 10$ in barrier fees) and have 10$")


def test_barriers_are_not_placed_through_rock_or_blocks_but_may_cross_treasure() -> None:
    s = table(dice=(4, 1, 3, 6), mines={at(1): 20}, radius=8)
    assert "barrier:a0,d1,l2" in legal(s)
    t = table(dice=(4, 1, 3, 6), blocked={at(1, 1): 1}, radius=8)
    refused(t, "barrier:a0,d1,l2", "the barrier runs into a block at step 2")


# --------------------------------------------------------------------------- income
@pytest.mark.parametrize("dice,gain", [((6, 1, 1, 1), 2), ((6, 1, 2, 2), 3), ((6, 6, 6, 6), 9),
                                       ((6, 5, 4, 4), 7)])
def test_income_is_half_the_other_three_dice_rounded_up(dice: tuple[int, ...], gain: int) -> None:
    s = table(dice=dice, money=[0, 12])
    after, _ = play(s, "income:a0")
    assert after.money[0] == gain


# --------------------------------------------------------------------------- dice modifier
def test_the_dice_modifier_turns_another_die_into_the_action_at_plus_or_minus_1() -> None:
    s = table(dice=(5, 2, 1, 4), radius=8)
    after, events = play(s, "mod:a0,n1-1,d3,l2")      # the 2 as a 1: mine 1 hex down
    assert after.pos[0] == at(4) and after.money[0] == 11
    assert kinds(events)[:2] == ["modifier", "mine"]
    assert after.taken == [0, None, None, None]       # only the 5 is taken
    assert "mod:a0,n1+1,d3,l2,x1" in legal(s)          # the 2 as a 3: a block
    assert "mod:a0,n1,d2,l3,x1" in legal(s)            # the 2 as it is: a blow


def test_the_dice_modifier_uses_the_two_dice_left_for_direction_and_distance() -> None:
    s = table(dice=(5, 2, 1, 4), radius=8)
    refused(s, "mod:a0,n1-1,d1,l2", "your new action die")
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("mod:a0,n1-1,d0,l2"))


def test_the_dice_modifier_cannot_turn_a_6_into_a_1() -> None:
    s = table(dice=(5, 6, 2, 3))
    refused(s, "mod:a0,n1+1,d2,l3", "a 6 never becomes a 1")
    assert not any(a.startswith("mod:a0,n1+1") for a in legal(s))


def test_the_dice_modifier_cannot_choose_the_dice_modifier_again() -> None:
    s = table(dice=(5, 5, 2, 3), money=[40, 12])
    refused(s, "mod:a0,n1,d2,l3", "cannot choose the dice modifier again")
    assert not any(Move.from_action(a).new_die is not None
                   and s.dice[Move.from_action(a).new_die] + Move.from_action(a).new_change == 5
                   for a in s.legal_actions() if a.kind == "mod")


def test_the_dice_modifier_may_use_a_die_another_player_took_as_an_action_die() -> None:
    s = table(3, dice=(6, 5, 1, 2), step_no=1, taken={0: 0}, radius=8)
    after, _ = play(s, "mod:a1,n0")                   # Bo turns Ana's 6 into income
    assert after.money[1] == 12 + 2                   # (1 + 2) / 2 rounded up
    assert after.taken == [0, 1, None, None]


def test_income_through_the_dice_modifier_is_half_the_two_dice_left() -> None:
    s = table(dice=(5, 6, 3, 4), money=[12, 12])
    after, _ = play(s, "mod:a0,n1")
    assert after.money[0] == 12 + 4                   # (3 + 4) / 2 rounded up
    refused(s, "mod:a0,n1,d2,l3", "income takes no direction")


def test_the_dice_modifier_first_point_is_free_and_more_costs_2_a_point() -> None:
    s = table(dice=(5, 4, 6, 6), money=[12, 12], radius=8)
    preview = s.preview(Action.parse("mod:a0,n1-3,d2,l3"))   # the 4 as a 1: one free, two paid
    assert preview.allowed and preview.change_cost == 4 and preview.kind == "mine"


# --------------------------------------------------------------------------- paying for changes
def test_changing_the_action_die_costs_4_a_point_and_the_others_2_a_point() -> None:
    s = table(dice=(3, 3, 3, 3), money=[40, 12], radius=8)
    preview = s.preview(Action.parse("mine:a0-2,d1+1,l2-2"))
    assert preview.allowed, preview.reason
    assert preview.change_cost == 8 + 2 + 4 and preview.mining_cost == 1
    assert preview.values == (1, 4, 1, None)
    after, events = play(s, "mine:a0-2,d1+1,l2-2")
    assert after.money[0] == 40 - 14 - 1 and after.ledger[0]["changes"] == 14
    assert "\u221214$ for dice changes" in events[0].text


def test_changes_are_paid_as_often_as_money_allows_but_no_further() -> None:
    # Three 3s into 1s: 8$ on the action die, 4$ on each of the others, and 1$ to mine.
    s = table(dice=(3, 3, 3, 3), money=[16, 12], radius=8)
    refused(s, "mine:a0-2,d1-2,l2-2", "you need 17$ (16$ for dice changes, 1$ for mining) and "
            "have 16$")
    t = table(dice=(3, 3, 3, 3), money=[17, 12], radius=8)
    assert "mine:a0-2,d1-2,l2-2" in legal(t)
    after, _ = play(t, "mine:a0-2,d1-2,l2-2")
    assert after.money[0] == 0


def test_a_die_cannot_be_changed_past_1_or_6() -> None:
    s = table(dice=(6, 1, 3, 3), money=[40, 12])
    refused(s, "income:a0+1", "a 6 never becomes a 1")
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("mine:a1-1,d2,l3"))


def test_paid_changes_are_private_to_the_action() -> None:
    s = table(dice=(3, 2, 4, 6), money=[40, 12], radius=8)
    after, events = play(s, "mine:a0-2,d1,l2-1")
    assert after.dice == (3, 2, 4, 6)                 # the next player sees the dice as rolled
    assert events[0].data["values"] == (1, 2, 3, None)


def test_paying_for_what_another_die_gives_for_less_is_refused_with_the_cheaper_move() -> None:
    s = table(dice=(1, 3, 4, 6), money=[40, 12], radius=8)
    # Direction 4 from die 1 (a 3, +1 for 2$) when die 2 already shows a 4.
    refused(s, "mine:a0,d1+1,l3-3", "the same move costs 0$ in dice changes instead of 8$ "
            "with other dice: die 1 as the action; die 3 for the direction, die 2 for the distance")
    assert "mine:a0,d2,l1" in legal(s)
    # The action die (a 4) turned into a 1 for 12$ and the distance die from 6 to 1 for 10$:
    # the same tunnel costs 14$ with the 2 as the distance (12$ + 2$), or through the dice
    # modifier (4$ for the 5, the 2 as a 1 for free, 10$ for the distance).
    t = table(dice=(4, 2, 6, 6), money=[40, 12], radius=8)
    refused(t, "mine:a0-3,d2,l3-5", "the same move costs 14$ in dice changes instead of 22$")
    assert {"mine:a0-3,d2,l1-1", "mod:a0+1,n1-1,d2,l3-5"} <= set(legal(t))


def test_the_cheapest_ways_are_all_listed_when_several_cost_the_same() -> None:
    s = table(dice=(1, 3, 3, 2), radius=8)
    assert {"mine:a0,d1,l3", "mine:a0,d2,l3"} <= set(legal(s))


def test_income_only_through_the_most_profitable_route() -> None:
    s = table(dice=(5, 6, 1, 1), money=[12, 12])
    # The 5 as income: +4$ to make it a 6 gives (6+1+1)/2 = 4, net 0; through the modifier the
    # 6 is free: (1+1)/2 = 1, net 1.
    assert "mod:a0,n1" in legal(s) and "income:a0+1" not in legal(s)
    refused(s, "income:a0+1", "this income leaves you 0$ better off, but die 1 as the dice "
            "modifier, die 2 as the new action gives 1$ with the same action die")


# --------------------------------------------------------------------------- nothing to do
def test_a_player_with_no_legal_action_sits_the_turn_out() -> None:
    # Bo has no money, and the only dice left are mining dice.
    s = table(dice=(6, 1, 1, 1), money=[12, 0], pos=[O, O])
    after, events = play(s, "income:a0")
    assert "stuck" in kinds(events)
    stuck = [e for e in events if e.kind == "stuck"][0]
    assert stuck.data == {"player": 1} and "sits this turn out" in stuck.text
    assert after.round_no == 2 and after.to_move() == 1
    assert after.legal_actions()


def test_income_or_a_free_action_is_nearly_always_possible() -> None:
    # With 0$ a player can still blow, block, build a barrier or take income when such a die is
    # free and a line fits: here every die is a mining die, and there is nothing to do.
    s = table(dice=(1, 1, 1, 1), money=[0, 12])
    assert not s._has_free_move() and s.options() == []
    t = table(dice=(1, 1, 1, 4), money=[0, 12])
    assert t._has_free_move() and "barrier:a3,d0,l1" in legal(t)


# --------------------------------------------------------------------------- actions, previews, reasons
def test_actions_round_trip_through_their_string_form() -> None:
    s = table(dice=(5, 2, 3, 6), money=[60, 12], radius=8)
    texts = legal(s)
    assert len(texts) > 100
    for text in texts:
        action = Action.parse(text)
        assert str(action) == text and Action.parse(str(action)) == action
        move = Move.from_action(action)
        assert s.action_for(move) == action
    assert any("+" in t for t in texts) and any("-" in t for t in texts)
    assert {t.split(":")[0] for t in texts} == {"mine", "blow", "block", "barrier", "mod",
                                                "income"}


@pytest.mark.parametrize("text", ["mine", "mine:a0,d1", "mine:a4,d1,l2", "mine:a0,d1,l2,l3",
                                  "mine:d1,a0,l2", "mine:a0+0,d1,l2", "dig:a0,d1,l2",
                                  "mine:a0,d1,l2,x7", "blow:a0,d1,l2,x0", "mine:a0,q1,l2",
                                  "mine:a0,d1,l2,x1", "income:a0,d1", "blow:a1,d2,l3,x3"])
def test_malformed_or_incomplete_actions_are_refused_with_a_reason(text: str) -> None:
    s = table(dice=(1, 2, 3, 6))
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        s.apply(Action.parse(text))
    assert str(info.value)
    assert snapshot(s) == before


def test_the_kind_in_the_action_must_match_the_action_die() -> None:
    s = table(dice=(3, 2, 4, 6))
    refused(s, "mine:a0,d1,l2", "die 1 shows 3, which is block, not mine; to mine change it "
            "to a 1")


def test_preview_shows_path_position_hexes_money_and_a_sentence() -> None:
    s = table(dice=(1, 1, 3, 6), mines={at(1, 1): 7}, barriers=[(1, [at(1)])], money=[30, 12],
              radius=8)
    p = s.preview(Action.parse("mine:a0,d1,l2"))
    assert p.allowed and p.reason == "" and p.kind == "mine" and not p.modifier
    assert p.path == (at(1), at(1, 1), at(1, 1, 1)) and p.end == at(1, 1, 1) and p.start == O
    assert p.collected == ((at(1, 1), 7),) and p.treasure == 7
    assert p.fees == ((1, 10),) and p.fee_cost == 10 and p.mining_cost == 3
    assert p.cost == 13 and p.gain == 7 and p.net == -6
    assert p.text == "Ana mines 3 hexes up: +7$ treasure, \u22123$, \u221210$ barrier fee to Bo"
    q = table(dice=(2, 1, 2, 6), mines={at(1, 1): 20, at(1, 1, 3): 5})
    blast = q.preview(Action.parse("blow:a0,d1,l2,x3"))
    assert blast.blasted == (at(1, 1), at(1, 1, 3)) and blast.treasure == 12 and blast.end == O
    block = table(dice=(3, 1, 2, 6)).preview(Action.parse("block:a0,d1,l2,x3"))
    assert block.blocked == (at(1, 1), at(1, 1, 3)) and block.cost == 0
    fence = table(dice=(4, 1, 2, 6)).preview(Action.parse("barrier:a0,d1,l2"))
    assert fence.barrier == (at(1), at(1, 1)) and fence.end == at(1, 1)
    inc = table(dice=(6, 1, 2, 6)).preview(Action.parse("income:a0"))
    assert inc.income == 5 and inc.gain == 5 and inc.text == "Ana takes income: +5$"


def test_preview_of_an_impossible_action_says_why_and_shows_where_it_stops() -> None:
    s = table(dice=(1, 1, 3, 6), rocks=[at(1, 1)])
    p = s.preview(Action.parse("mine:a0,d1,l2"))
    assert not p.allowed and p.reason == "the tunnel runs into rock at step 2"
    assert p.stop == at(1, 1) and p.path == (at(1), at(1, 1), at(1, 1, 1))
    bad = s.preview(Action("mine", ("zz",)))
    assert not bad.allowed and "is not a die" in bad.reason


def test_partial_choices_are_explained_in_plain_words() -> None:
    s = table(dice=(1, 4, 3, 6), money=[5, 12], step_no=1, taken={3: 1}, rocks=[at(4, 4)],
              starter=1)
    assert s.to_move() == 0
    assert s.explain_choice(Move(3)) == "the 6 (die 4) is already Bo's action die this round"
    assert s.explain_choice(Move(0)) is None                       # mining is possible
    assert s.explain_choice(Move(0, dir_die=1)) is None            # down 1 (the 3 as a 1)
    assert s.completions(Move(0, dir_die=1)) == [Action.parse("mine:a0,d1,l2-2")]
    assert s.explain_choice(Move(0, dir_die=1, dist_die=2)) == \
        "the tunnel runs into rock at step 2"
    assert s.explain_choice(Move(0, dir_die=2, dist_die=3)) == "you need 6$ and have 5$"
    assert s.explain_choice(Move(0, dir_die=0)) == \
        "the direction must come from another die: die 1 is your action die"
    assert s.explain_choice(Move(0, dir_die=3, dist_die=3)) == \
        "the direction and the distance must be two different dice"
    assert "a 6 never becomes a 1" in str(s.explain_choice(Move(2, action_change=+4)))
    p = s.preview(Move(0, dir_die=1))
    assert not p.allowed and p.reason == "mine: choose a die for the distance"
    assert p.kind == "mine" and p.direction == 4 and p.action is None
    assert s.completions(Move(0, dir_die=1, dist_die=3)) == []
    assert s.explain_choice(Move(0, dir_die=1, dist_die=3)) == \
        "the tunnel runs into rock at step 2"


def test_illegal_actions_raise_and_change_nothing() -> None:
    s = table(dice=(1, 2, 3, 4), money=[5, 12], rocks=[at(1, 1)], step_no=0)
    before = snapshot(s)
    tried = 0
    for text in ["mine:a0,d1,l2", "blow:a1,d0,l2,x1", "block:a2,d0,l1,x9", "barrier:a3,d0,l1",
                 "income:a0", "mod:a0,n1,d2,l3", "mine:a0+1,d1,l2", "mine:a0,d3+2,l2+3",
                 "income:a3+2", "mine:a0,d1,l2-1", "block:a2,d0,l1"]:
        action = Action.parse(text) if "x9" not in text else Action("block", ("a2", "d0", "l1",
                                                                                "x9"))
        if str(action) in legal(s):
            continue
        tried += 1
        with pytest.raises(IllegalAction) as info:
            s.apply(action)
        assert "Ana cannot play" in str(info.value)
        assert snapshot(s) == before
    assert tried >= 8


# --------------------------------------------------------------------------- counting legal actions
def breakdown(state: GoldMineState) -> dict[str, int]:
    """Legal actions per kind, with ' (modifier)' for those through the dice modifier."""
    c: Counter[str] = Counter()
    for o in state.options():
        c[o.kind + (" (modifier)" if o.modifier else "")] += 1
    return dict(sorted(c.items()))


def brute_force(state: GoldMineState) -> set[str]:
    """Every well-formed action string the single-action check accepts: an independent count.

    It tries every action die and value, every new action die, every direction and distance die
    with every value and every second hex, and keeps those `explain_illegal` lets through.
    """
    out: set[str] = set()
    v = state.dice

    def tok(letter: str, die: int, value: int) -> str:
        ch = value - v[die]
        return f"{letter}{die}{ch:+d}" if ch else f"{letter}{die}"

    names = {1: "mine", 2: "blow", 3: "block", 4: "barrier", 6: "income"}
    for a in range(4):
        for face in range(1, 7):
            heads: list[tuple[str, list[str], list[int], int]] = []
            if face == 5:
                for n in range(4):
                    for t in (1, 2, 3, 4, 6):
                        if n != a:
                            rest = [i for i in range(4) if i not in (a, n)]
                            heads.append(("mod", [tok("a", a, face), tok("n", n, t)], rest, t))
            else:
                heads.append((names[face], [tok("a", a, face)],
                              [i for i in range(4) if i != a], face))
            for name, stem, free, t in heads:
                if t == 6:
                    candidates = [stem]
                else:
                    candidates = []
                    for d in free:
                        for dl in free:
                            if d == dl:
                                continue
                            for dv in range(1, 7):
                                for lv in range(1, 7):
                                    line = stem + [tok("d", d, dv), tok("l", dl, lv)]
                                    if t in (2, 3):
                                        candidates += [line + [f"x{x}"] for x in range(1, 7)]
                                    else:
                                        candidates.append(line)
                for args in candidates:
                    action = Action(name, tuple(args))
                    if state._plan_action(action).reason == "":
                        out.add(str(action))
    return out


def perft_position(name: str) -> GoldMineState:
    mines = {at(1, 1): 7, at(2, 2, 2): 20, at(4, 5): 5, at(6, 6): 12, at(3, 3, 3, 3): 15}
    rocks = [at(1, 1, 1), at(5, 5, 5), at(2, 3)]
    if name == "tiny":
        # Hand-counted (see test_perft_tiny_is_hand_counted).
        return table(dice=(2, 4, 1, 1), money=[0, 12], radius=1)
    if name == "opening":
        return table(dice=(1, 3, 4, 6), mines=mines, rocks=rocks)
    if name == "poor_second":
        return table(3, dice=(2, 5, 5, 1), money=[12, 3, 12], step_no=1, taken={0: 0},
                     pos=[O, at(4, 4), at(2)], mines=mines, rocks=rocks,
                     barriers=[(0, [at(4, 4, 4), at(4, 4, 4, 4)])], blocked={at(5): 2})
    if name == "rich_last":
        return table(4, dice=(6, 2, 5, 3), money=[12, 12, 12, 45], step_no=3,
                     taken={0: 0, 1: 1, 2: 2}, pos=[O, O, O, at(3)], mines=mines, rocks=rocks,
                     barriers=[(1, [at(3, 4), at(3, 4, 4)])], collected=[at(1, 1)])
    if name == "rich_first":
        return table(2, dice=(4, 4, 1, 5), money=[30, 12], mines=mines, rocks=rocks,
                     blocked={at(6): 1, at(6, 5): 1}, barriers=[(1, [at(1), at(1, 1)])])
    raise KeyError(name)


def test_perft_tiny_is_hand_counted() -> None:
    # Radius 1: O and its six neighbours. Ana has 0$: no changes, no mining.
    # Die 0 (a 2, blow) with two of 4, 1, 1: direction 4 distance 1 (d1 with l2 or l3) puts the
    # centre just below O, with 3 neighbours on the map (O, up-right of it... ) = 2 x 3; direction
    # 1 distance 1 (d2,l3 or d3,l2) likewise 2 x 3; direction 1 distance 4 leaves the map: 12.
    # Die 1 (a 4, barrier) with two of 2, 1, 1: up-right 1 (d0 with l2 or l3) and up 1 (d2,l3 or
    # d3,l2): 4. Dice 2 and 3 (1, mine) cost money. 16 in all.
    s = perft_position("tiny")
    assert breakdown(s) == {"barrier": 4, "blow": 12}
    assert sorted(legal(s)) == sorted([
        "blow:a0,d1,l2,x1", "blow:a0,d1,l2,x2", "blow:a0,d1,l2,x6",
        "blow:a0,d1,l3,x1", "blow:a0,d1,l3,x2", "blow:a0,d1,l3,x6",
        "blow:a0,d2,l3,x3", "blow:a0,d2,l3,x4", "blow:a0,d2,l3,x5",
        "blow:a0,d3,l2,x3", "blow:a0,d3,l2,x4", "blow:a0,d3,l2,x5",
        "barrier:a1,d0,l2", "barrier:a1,d0,l3", "barrier:a1,d2,l3", "barrier:a1,d3,l2"])


# Expected numbers of legal actions per kind for each position; the brute force agrees with each.
PERFT_DATA: dict[str, dict[str, int]] = {
    "tiny": {"barrier": 4, "blow": 12},
    "opening": {"barrier": 88, "barrier (modifier)": 38, "block": 550, "block (modifier)": 223,
                "blow": 454, "blow (modifier)": 463, "income": 1, "income (modifier)": 2,
                "mine": 50, "mine (modifier)": 42},
    "poor_second": {"barrier (modifier)": 18, "block (modifier)": 118, "blow (modifier)": 124,
                    "income (modifier)": 2, "mine": 4, "mine (modifier)": 6},
    "rich_last": {"barrier": 40, "block": 218, "blow": 218, "income (modifier)": 2, "mine": 40,
                  "mine (modifier)": 13},
    "rich_first": {"barrier": 114, "barrier (modifier)": 50, "block": 754,
                   "block (modifier)": 464, "blow": 450, "blow (modifier)": 1090, "income": 1,
                   "income (modifier)": 5, "mine": 44, "mine (modifier)": 122},
}


@pytest.mark.parametrize("name", ["tiny", "opening", "poor_second", "rich_last", "rich_first"])
def test_perft_counts_of_legal_actions(name: str) -> None:
    s = perft_position(name)
    got = breakdown(s)
    want = PERFT_DATA[name]
    if got != want:
        lines = [f"{k:<20} want {want.get(k, 0):>5}  got {got.get(k, 0):>5}"
                 for k in sorted(set(got) | set(want)) if got.get(k, 0) != want.get(k, 0)]
        pytest.fail(f"{name}: legal action counts differ\n" + "\n".join(lines))
    texts = legal(s)
    assert len(texts) == len(set(texts)) == sum(want.values())
    assert set(texts) == brute_force(s)


# --------------------------------------------------------------------------- views
def test_the_view_hides_only_the_dice_generator() -> None:
    s, _ = choose_starts(new_game(shipped_config(3), 8)[0])
    twin = s.copy()
    twin.rng = Rng(12345)
    for p in range(3):
        view = s.view(p)
        assert view.fingerprint() == twin.view(p).fingerprint()
        assert view.legal_actions() == s.legal_actions()
        assert view.state.rng.state == 0
        sample = view.sample_state(Rng(7))
        assert sample.to_json() | {"rng": 0} == s.to_json() | {"rng": 0}
    changed = s.copy()
    changed.money[1] += 1
    assert changed.view(0).fingerprint() != s.view(0).fingerprint()


# --------------------------------------------------------------------------- the rules page
RULES_PAGE = Path(__file__).resolve().parents[1] / "docs" / "rules" / "gold_mine.md"


def test_the_rules_page_pins_every_interpretation_to_a_test_that_exists() -> None:
    text = RULES_PAGE.read_text("utf-8")
    for heading in ("## How to play", "## Interpretations"):
        assert heading in text
    assert "gold_mine_map.md" in text
    named = re.findall(r"tests/test_gold_mine_rules\.py::(\w+)", text)
    assert named and all(callable(globals().get(name)) for name in named), \
        [n for n in named if n not in globals()]
    entries = text.split("## Interpretations", 1)[1].split("\n### ")[1:]
    assert len(entries) >= 15
    for entry in entries:
        assert 'Rulebook: "' in entry and "tests/test_gold_mine_rules.py::" in entry, entry[:60]
