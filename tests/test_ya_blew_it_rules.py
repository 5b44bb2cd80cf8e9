"""The Ya Blew It! rulebook, statement by statement, on small hand-made positions.

Positions are written as readable card tokens (see `cid`) and built by `deal`, which puts every one
of the 70 cards in exactly one place. The deck of a dealt position holds exactly the cards a test
names, over the final Fire in the Hole, so a test says every card the Prospector can turn over.
Dice are fixed with `rig`, which seeds the state's generator so that its next rolls are the given
numbers. Interpretations pinned here are listed in docs/rules/ya_blew_it.md ("Interpretations").
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

import pytest

from game.core.contract import Action, BadSave, Event, GameConfig, IllegalAction
from game.core.rng import Rng
from game.games.ya_blew_it.cards import (
    CURSED,
    DETONATOR,
    FIRE,
    GEM,
    JUMPER,
    SAFE,
    WILD,
    card_set,
)
from game.games.ya_blew_it.rules import (
    CHART,
    MOVE_WORDS,
    best_wild_assignment,
    chart_points,
    new_game,
    YaBlewItState,
)

CS = card_set()
SIDES = CS.sides
NAMES = ("Ann", "Bob", "Cy", "Dot", "Eve", "Flo")
COLOUR_OF = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
KIND_OF = {"W": WILD, "D": DETONATOR, "S": SAFE, "J": JUMPER}
FIRE_IDS = [c.id for c in CS.cards if c.kind == FIRE]
UNDER_FIRE = FIRE_IDS[0]


# --------------------------------------------------------------------------- position helpers
def cid(token: str) -> int:
    """The card a token names: 'R5' Ruby 5 (R O Y G B P = red orange yellow green blue purple),
    'W3' Wild Gem 3, 'D4' Faulty Detonator 4, 'S2' Safe 2, 'J7' Claim Jumper 7.
    Fire in the Hole cards are written 'F' and handled by `deal`."""
    letter, number = token[0], int(token[1:])
    for card in CS.cards:
        if letter in COLOUR_OF and card.kind == GEM and card.colour == COLOUR_OF[letter] \
                and card.number == number:
            return card.id
        if letter in KIND_OF and card.kind == KIND_OF[letter] and card.number == number:
            return card.id
    raise KeyError(token)


def ids(*tokens: str) -> list[int]:
    return [cid(t) for t in tokens]


def cursed_id(colour: str) -> int:
    return next(c.id for c in CS.cards if c.kind == CURSED and c.colour == colour)


def deal(
    n: int = 3,
    *,
    prospector: int = 0,
    top: Sequence[str] = (),
    areas: dict[int, Sequence[str]] | None = None,
    claim: Sequence[str] = (),
    cursed: Sequence[str] | None = None,
    phase: str | None = None,
    out: Iterable[int] = (),
    gamble_gems: int = 0,
    resume: str = "claim",
) -> YaBlewItState:
    """A position from a readable description.

    `top` lists the deck from the top down ('F' is a Fire in the Hole); under it lies only the
    final Fire in the Hole. Cards named nowhere go to the discard pile, unused Cursed Gems to the
    box. With `phase` None the position is "between rounds": call `begin` to start the round.
    Otherwise the decision phase is set with the seat to move the rules would pick:
    'miner' (first Miner still in), 'choice'/'jumper'/'gamble' (the Prospector) or
    'fire' (the Prospector first, with a Fire in the Hole pending).
    """
    state, _ = new_game(GameConfig(n, NAMES[:n], {"first_player": prospector}), 1)
    areas = areas or {}
    spare_fires = FIRE_IDS[1:]
    placed: list[int] = []

    def take(token: str) -> int:
        card = spare_fires.pop(0) if token == "F" else cid(token)
        assert card not in placed, f"{token} named twice"
        placed.append(card)
        return card

    deck_top = [take(t) for t in top]
    state.claim = [take(t) for t in claim]
    state.areas = [[take(t) for t in areas.get(p, ())] for p in range(n)]
    cursed = list(cursed or ("purple", "green", "yellow", "orange", "blue", "red")[:n])
    state.cursed = [cursed_id(c) for c in cursed]
    state.box = sorted(c.id for c in CS.cards if c.kind == CURSED and c.id not in state.cursed)
    state.fire_card = spare_fires.pop(0) if phase == "fire" else None
    if state.fire_card is not None:
        placed.append(state.fire_card)
    state.deck = [UNDER_FIRE] + deck_top[::-1]
    used = set(placed) | set(state.cursed) | set(state.box) | {UNDER_FIRE}
    state.discard = [c.id for c in CS.cards if c.id not in used]
    state.prospector = prospector
    gone = set(out)
    state.out = [p in gone for p in range(n)]
    state.safes = {}
    state.roll = None
    state.final = False
    state.resume = resume
    state.gamble_gems = gamble_gems
    state.miner_queue, state.fire_queue = [], []
    state.phase, state.turn = "choice", prospector
    if phase == "miner":
        state.miner_queue = state.miners_in()
        state.phase, state.turn = "miner", state.miner_queue[0]
    elif phase in ("choice", "jumper", "gamble"):
        state.phase = phase
    elif phase == "fire":
        state.fire_queue = [(prospector + k) % n for k in range(n)]
        state.phase, state.turn = "fire", prospector
    state.check()
    return state


def begin(state: YaBlewItState) -> tuple[YaBlewItState, list[Event]]:
    """Start a round on a copy of a dealt position: the Prospector draws, as after every round.

    `_start_round` is the same entry point that `new_game` and the end of each round use.
    """
    s = state.copy()
    s._ev = []
    s._start_round()
    events, s._ev = s._ev, []
    s.check()
    return s, events


@lru_cache(maxsize=None)
def rigged_seed(values: tuple[int, ...]) -> int:
    """A generator state whose next die rolls are `values`."""
    for seed in range(10_000_000):
        rng = Rng(seed)
        if all(rng.die(SIDES) == v for v in values):
            return seed
    raise AssertionError(f"no seed rolls {values}")


def rig(state: YaBlewItState, *values: int) -> YaBlewItState:
    """Fix the next rolls of `state` (in place, before any action is applied)."""
    state.rng = Rng(rigged_seed(tuple(values)))
    return state


def play(state: YaBlewItState, *actions: str) -> tuple[YaBlewItState, list[Event]]:
    """Apply actions given in their string form; return the last state and all the events."""
    events: list[Event] = []
    for text in actions:
        state, ev = state.apply(Action.parse(text))
        state.check()
        events.extend(ev)
    return state, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def legal(state: YaBlewItState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def snapshot(state: YaBlewItState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def rolls(events: Iterable[Event]) -> list[tuple[int, int, str]]:
    return [(e.data["player"], e.data["value"], e.data["why"]) for e in events if e.kind == "roll"]


def test_helpers_build_what_they_say() -> None:
    s = deal(3, prospector=1, top=["S2", "F", "R1"], areas={0: ["B3"]}, claim=["G4"])
    assert s.deck == [UNDER_FIRE, cid("R1"), FIRE_IDS[1], cid("S2")]
    assert s.areas == [[cid("B3")], [], []] and s.claim == [cid("G4")]
    assert [s.cursed_colour(p) for p in range(3)] == ["purple", "green", "yellow"]
    assert len(s.box) == 3
    rng = Rng(rigged_seed((8, 1, 5)))
    assert [rng.die(SIDES) for _ in range(3)] == [8, 1, 5]


# --------------------------------------------------------------------------- set-up
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_deals_cursed_gems_detonators_and_the_deck(n: int) -> None:
    counts = {k: sum(1 for c in CS.cards if c.kind == k)
              for k in (GEM, WILD, DETONATOR, SAFE, JUMPER, FIRE, CURSED)}
    assert len(CS.cards) == 70
    assert counts == {GEM: 48, WILD: 2, DETONATOR: 6, SAFE: 3, JUMPER: 2, FIRE: 3, CURSED: 6}
    for seed in range(5):
        s, events = new_game(GameConfig(n), seed)
        s.check()
        kind = lambda c: CS.cards[c].kind  # noqa: E731
        # Each player a face-up Cursed Gem of a different colour; the others back in the box.
        assert len(s.cursed) == n and all(kind(c) == CURSED for c in s.cursed)
        assert len({s.cursed_colour(p) for p in range(n)}) == n
        assert sorted(s.box) == sorted(c.id for c in CS.cards
                                       if c.kind == CURSED and c.id not in s.cursed)
        assert len(s.box) == 6 - n
        # One Faulty Detonator each, in front of the player; the rest are in the deck.
        for p in range(n):
            assert [kind(c) for c in s.areas[p]] == [DETONATOR]
        own = {c for a in s.areas for c in a}
        assert len(own) == n
        rest = s.deck + s.claim + ([s.fire_card] if s.fire_card is not None else [])
        assert sorted(c for c in rest if kind(c) == DETONATOR) == sorted(
            c.id for c in CS.cards if c.kind == DETONATOR and c.id not in own)
        # One Fire in the Hole at the very bottom, the others shuffled in.
        assert kind(s.deck[0]) == FIRE
        assert sum(1 for c in rest if kind(c) == FIRE) == 3
        for k in (GEM, WILD, SAFE, JUMPER):
            assert sum(1 for c in rest if kind(c) == k) == counts[k]
        assert s.discard == []
        assert "cursed" in kinds(events) and "first" in kinds(events)


def test_dice_are_eight_sided_and_every_card_that_can_be_won_carries_a_number() -> None:
    assert SIDES == 8
    for card in CS.cards:
        if card.kind in (CURSED, FIRE):
            assert card.number == 0             # never in a Claim or a scoring area
        else:
            assert 1 <= card.number <= 8, CS.label(card)
    for colour in CS.colours:
        numbers = sorted(c.number for c in CS.cards if c.kind == GEM and c.colour == colour.key)
        assert numbers == list(range(1, 9))    # one card of each number per colour
    rng = Rng(12345)
    assert {rng.die(SIDES) for _ in range(400)} == set(range(1, 9))


def test_cursed_gem_cards_sit_beside_the_scoring_area_and_no_roll_touches_them() -> None:
    s = deal(2, phase="fire", areas={0: ["R1"]}, cursed=["red", "blue"], top=["Y1"])
    for value in range(1, 9):
        after, _ = play(rig(s.copy(), value, value), "fire", "fire")
        assert after.cursed == s.cursed
        assert after.cursed_colour(0) == "red"
    assert all(c not in a for a in s.areas for c in s.cursed)


def test_setup_first_prospector_is_random_or_chosen() -> None:
    firsts = {new_game(GameConfig(4), seed)[0].prospector for seed in range(40)}
    assert firsts <= {0, 1, 2, 3} and len(firsts) > 1
    for p in range(4):
        s, events = new_game(GameConfig(4, options={"first_player": p}), 3)
        assert s.prospector == p
        first = [e for e in events if e.kind == "first"][0]
        assert first.data["player"] == p and "chosen at set-up" in first.text
    with pytest.raises(IllegalAction, match="not at the table"):
        new_game(GameConfig(4, options={"first_player": 4}), 3)


@pytest.mark.parametrize("n", [0, 1, 7])
def test_setup_rejects_player_counts_outside_2_to_6(n: int) -> None:
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        new_game(GameConfig(n), 0)


def test_shuffled_deck_order_is_only_shown_to_the_replay() -> None:
    _, events = new_game(GameConfig(3), 9)
    shuffle = [e for e in events if e.kind == "shuffle"][0]
    assert shuffle.visible_to == frozenset()
    assert not any(shuffle.seen_by(p) for p in (None, 0, 1, 2))


# --------------------------------------------------------------------------- the Prospector's draw
def test_prospector_draws_until_a_gem() -> None:
    s, events = begin(deal(3, top=["S2", "J4", "D7", "R5", "B1"]))
    assert s.claim == ids("S2", "J4", "D7", "R5")
    assert s.deck[-1] == cid("B1")
    assert [e.data["card"] for e in events if e.kind == "draw"] == s.claim
    assert (s.phase, s.turn) == ("miner", 1)


def test_a_wild_gem_ends_the_draw_like_a_gem() -> None:
    s, _ = begin(deal(3, top=["D4", "W6", "R1"]))
    assert s.claim == ids("D4", "W6")
    assert s.deck[-1] == cid("R1")
    assert s.phase == "miner"


def test_a_gem_on_top_makes_a_one_card_claim() -> None:
    s, _ = begin(deal(2, top=["G8", "R1"]))
    assert s.claim == ids("G8")


# --------------------------------------------------------------------------- Miners
def test_miners_decide_clockwise_from_the_prospectors_left() -> None:
    s, _ = begin(deal(4, prospector=2, top=["R1"]))
    seen = []
    while s.phase == "miner":
        seen.append(s.to_move())
        assert legal(s) == ["roll", "pass"]
        s, _ = play(s, "pass")
    assert seen == [3, 0, 1]
    assert (s.phase, s.to_move()) == ("choice", 2)


@pytest.mark.parametrize("value", [2, 4, 5])
def test_a_miner_steals_on_a_match_with_any_card_in_the_claim(value: int) -> None:
    # Safe 2, Claim Jumper 4 and Ruby 5: any of their numbers steals the whole Claim.
    s, _ = begin(deal(3, top=["S2", "J4", "R5", "B1"]))
    s, events = play(rig(s, value), "roll")
    assert "steal" in kinds(events)
    assert s.areas[1] == ids("S2", "J4", "R5")
    # The round is over: the marker passes clockwise and the next Prospector draws.
    assert s.prospector == 1 and s.round_no == 2
    assert s.claim == ids("B1")
    # Bob now owns the stolen Claim Jumper, so as Prospector he is offered it at once.
    assert (s.phase, s.turn) == ("jumper", 1)


@pytest.mark.parametrize("value", [1, 3, 6, 7, 8])
def test_a_miss_puts_the_miner_out_of_the_round(value: int) -> None:
    s, _ = begin(deal(3, top=["S2", "J4", "R5", "B1"]))
    s, events = play(rig(s, value), "roll")
    assert kinds(events) == ["roll", "miss"]
    # The roll's line reads as an attempt, never as a steal, before the miss is told.
    assert events[0].text == f"{s.name(1)} rolled {value}, trying to steal the Claim"
    assert events[1].text.startswith(f"{s.name(1)} missed with {value}")
    assert s.out == [False, True, False]
    assert s.claim == ids("S2", "J4", "R5") and s.areas[1] == []
    assert (s.phase, s.turn) == ("miner", 2)


def test_each_miner_rolls_at_most_once_a_round_but_a_pass_keeps_them_in() -> None:
    s, _ = begin(deal(3, top=["R1", "B2", "G3"]))
    s, _ = play(rig(s, 8), "roll", "pass")      # Bob misses, Cy passes
    assert (s.phase, s.turn) == ("choice", 0)
    s, _ = play(s, "add")                       # Ann adds Sapphire 2
    assert s.claim == ids("R1", "B2")
    assert s.miner_queue == [2] and (s.phase, s.turn) == ("miner", 2)   # Bob is not asked again
    s, _ = play(s, "pass")
    assert (s.phase, s.turn) == ("choice", 0)
    assert s.out == [False, True, False]


def test_the_prospector_marker_passes_clockwise_and_wraps_round() -> None:
    s = deal(3, prospector=2, phase="choice", claim=["R1"], top=["B2"])
    s, events = play(s, "keep")
    assert s.prospector == 0 and s.round_no == 2
    assert [e.data["prospector"] for e in events if e.kind == "round"] == [0]
    assert s.out == [False, False, False]


# --------------------------------------------------------------------------- keep / add
def test_keep_takes_the_claim_without_a_roll() -> None:
    s = deal(3, phase="choice", claim=["S5", "R1"], top=["B2"])
    before = s.rng.state
    s, events = play(s, "keep")
    assert "roll" not in kinds(events)
    assert s.areas[0] == ids("S5", "R1")
    assert s.rng.state == before
    assert s.prospector == 1


def test_add_is_offered_only_while_a_miner_is_in() -> None:
    some_in = deal(3, phase="choice", claim=["R1"], out=[1], top=["B2"])
    assert legal(some_in) == ["keep", "add"]
    with pytest.raises(IllegalAction, match="keep the Claim or add cards"):
        some_in.apply(Action("gamble"))
    all_out = deal(3, phase="choice", claim=["R1"], out=[1, 2], top=["B2"])
    assert legal(all_out) == ["keep", "gamble"]
    with pytest.raises(IllegalAction, match="keep the Claim or gamble"):
        all_out.apply(Action("add"))


def test_add_draws_to_the_next_gem_and_the_miners_still_in_get_another_chance() -> None:
    s = deal(4, phase="choice", claim=["R1"], out=[2], top=["S5", "D7", "B2", "G3"])
    s, events = play(s, "add")
    assert s.claim == ids("R1", "S5", "D7", "B2")
    assert kinds(events) == ["add", "draw", "draw", "draw"]
    assert s.miner_queue == [1, 3] and (s.phase, s.turn) == ("miner", 1)
    s, _ = play(rig(s, 7), "roll")              # 7 matches the Detonator 7 just added
    assert s.areas[1] == ids("R1", "S5", "D7", "B2")


# --------------------------------------------------------------------------- gambling
def gamble_position() -> YaBlewItState:
    """Ann gambles with Ruby 1 in the Claim; Bob (the only Miner) is out."""
    return deal(2, phase="choice", claim=["R1"], out=[1], top=["S5", "B2", "D7", "G3", "Y4"])


def test_gambling_draws_to_the_first_gem_then_the_prospector_rolls_or_draws_again() -> None:
    s, events = play(gamble_position(), "gamble")
    assert kinds(events) == ["gamble", "draw", "draw"]
    assert s.claim == ids("R1", "S5", "B2")
    assert (s.phase, s.turn, s.gamble_gems) == ("gamble", 0, 1)
    assert legal(s) == ["roll", "draw"]
    s, _ = play(s, "draw")
    assert s.claim == ids("R1", "S5", "B2", "D7", "G3")
    assert s.gamble_gems == 2
    assert legal(s) == ["roll"]                 # two Gems added: the roll is now forced


def test_gambling_is_offered_only_when_every_miner_is_out() -> None:
    s = deal(3, phase="choice", claim=["R1"], out=[2], top=["B2"])
    assert "gamble" not in legal(s)
    with pytest.raises(IllegalAction):
        s.apply(Action("gamble"))


@pytest.mark.parametrize("value", [1, 5, 2])
def test_a_gamble_roll_that_matches_loses_the_claim_to_the_discard(value: int) -> None:
    s, _ = play(gamble_position(), "gamble")
    s, events = play(rig(s, value), "roll")
    assert kinds(events)[:2] == ["roll", "gamble_lost"]
    assert s.areas[0] == []
    assert s.discard[-3:] == ids("R1", "S5", "B2")
    assert s.prospector == 1


@pytest.mark.parametrize("value", [3, 4, 6, 7, 8])
def test_a_gamble_roll_that_misses_wins_the_claim(value: int) -> None:
    s, _ = play(gamble_position(), "gamble")
    s, events = play(rig(s, value), "roll")
    assert kinds(events)[:2] == ["roll", "gamble_won"]
    assert s.areas[0] == ids("R1", "S5", "B2")
    assert s.prospector == 1


def test_a_two_gem_gamble_rolls_against_the_whole_claim() -> None:
    s, _ = play(gamble_position(), "gamble", "draw")
    s, events = play(rig(s, 7), "roll")        # 7 only matches the Detonator drawn for Gem two
    assert "gamble_lost" in kinds(events)
    assert s.discard[-5:] == ids("R1", "S5", "B2", "D7", "G3")


# --------------------------------------------------------------------------- Fire in the Hole
def test_fire_in_the_hole_pauses_the_round_and_everyone_rolls_from_the_prospector() -> None:
    s = deal(3, prospector=1, top=["S8", "F", "R1"],
             areas={0: ["R5", "B3"], 1: ["G5", "Y5", "Y2"], 2: ["P2"]})
    s, events = begin(s)
    fire = FIRE_IDS[1]
    assert kinds(events)[-2:] == ["draw", "fire_drawn"]
    assert s.claim == ids("S8") and s.fire_card == fire
    assert (s.phase, s.turn) == ("fire", 1)
    assert legal(s) == ["fire"]                 # a forced roll: no Safes, nothing else to choose
    s, events = play(rig(s, 5, 8, 5), "fire", "fire", "fire")
    assert rolls(events) == [(1, 5, "fire"), (2, 8, "fire"), (0, 5, "fire")]
    assert s.areas == [ids("B3"), ids("Y2"), ids("P2")]
    # The Claim is not a scoring area: Safe 8 survives a roll of 8.
    assert s.claim == ids("S8", "R1")
    # The Fire in the Hole is discarded and the Prospector carries on drawing.
    assert s.fire_card is None and s.discard[-1] == fire
    assert kinds(events)[-2:] == ["fire_done", "draw"]
    assert (s.phase, s.turn, s.prospector) == ("miner", 2, 1)


def test_the_prospectors_own_fire_in_the_hole_roll_never_touches_the_claim() -> None:
    """The Prospector rolls first and is the Claim's owner-to-be, but the Claim is nobody's
    scoring area: a roll matching its cards takes none of them (nor does the next player's)."""
    s = deal(2, phase="fire", claim=["R5", "S2"], top=["Y1"])
    s, events = play(rig(s, 5, 2), "fire", "fire")
    assert rolls(events) == [(0, 5, "fire"), (1, 2, "fire")]
    assert [e.data["lost"] for e in events if e.kind == "blast"] == [[], []]
    assert s.claim == ids("R5", "S2", "Y1")     # the draw carried on to Topaz 1
    assert not set(ids("R5", "S2")) & set(s.discard)


@pytest.mark.parametrize("value,lost", [
    (4, ["R4", "B4", "J4", "D4"]),
    (3, ["W3", "R3"]),
    (2, ["S2"]),
    (6, []),
])
def test_a_blast_loses_every_card_with_the_rolled_number(value: int, lost: list[str]) -> None:
    hand = ["R4", "B4", "J4", "D4", "W3", "R3", "S2", "G1"]
    s = deal(2, phase="fire", areas={0: hand}, top=["R1"])
    s, events = play(rig(s, value), "fire", "accept")   # Ann owns a Detonator: she declines it
    blast = [e for e in events if e.kind == "blast"][0]
    assert sorted(blast.data["lost"]) == sorted(ids(*lost))
    assert s.areas[0] == [c for c in ids(*hand) if c not in ids(*lost)]
    assert set(ids(*lost)) <= set(s.discard)


def test_miners_keep_their_in_or_out_status_through_a_fire_in_the_hole() -> None:
    s, _ = begin(deal(3, top=["R1", "F", "B2"]))
    s, _ = play(rig(s, 8), "roll", "pass")     # Bob misses (out), Cy passes (in)
    s, events = play(rig(s, 3, 3, 3), "add", "fire", "fire", "fire")
    assert [p for p, _, why in rolls(events) if why == "fire"] == [0, 1, 2]
    assert s.out == [False, True, False]
    assert s.claim == ids("R1", "B2")
    assert s.miner_queue == [2] and (s.phase, s.turn) == ("miner", 2)


def test_a_fire_in_the_hole_drawn_while_gambling_is_resolved_then_the_gamble_continues() -> None:
    s = deal(2, phase="choice", claim=["R1"], out=[1], top=["S5", "F", "B2", "G3"],
             areas={1: ["Y5"]})
    s, events = play(s, "gamble")
    assert (s.phase, s.turn) == ("fire", 0)
    s, events = play(rig(s, 7, 5), "fire", "fire")
    assert s.areas[1] == []                     # Bob lost Topaz 5 in the blast
    assert s.claim == ids("R1", "S5", "B2")
    assert (s.phase, s.gamble_gems) == ("gamble", 1)
    assert legal(s) == ["roll", "draw"]
    assert s.out == [False, True]


def test_a_fire_in_the_hole_on_top_of_a_new_round_comes_before_any_gem() -> None:
    s, events = begin(deal(2, prospector=1, top=["F", "R1"], areas={0: ["R3"]}))
    assert s.claim == [] and s.phase == "fire" and s.turn == 1
    s, _ = play(rig(s, 1, 3), "fire", "fire")
    assert s.areas[0] == [] and s.claim == ids("R1")
    assert s.fires_resolved == 1


# --------------------------------------------------------------------------- Safes
def test_safes_go_on_different_colour_stacks_and_fewer_may_be_placed() -> None:
    s = deal(2, phase="fire", areas={0: ["R1", "B2", "G3", "W6", "S2", "S5"]}, top=["Y1"])
    assert legal(s) == ["fire", "fire:red", "fire:green", "fire:blue", "fire:red,green",
                        "fire:red,blue", "fire:green,blue"]
    only_wild = deal(2, phase="fire", areas={0: ["W3", "S2"]}, top=["Y1"])
    assert legal(only_wild) == ["fire"]         # a Wild Gem is no colour stack


def test_a_safe_is_discarded_instead_of_the_protected_gem() -> None:
    s = deal(2, phase="fire", areas={0: ["R5", "R3", "B5", "S2"]}, top=["Y1"])
    s, events = play(rig(s, 5), "fire:red")
    blast = [e for e in events if e.kind == "blast"][0]
    assert blast.data["lost"] == ids("B5") and blast.data["safes_used"] == ids("S2")
    assert blast.text.endswith("; a Safe saved Ruby 5") and " lost " in blast.text, blast.text
    assert s.areas[0] == ids("R5", "R3")
    assert cid("S2") in s.discard and cid("S2") not in s.safes


def test_an_unused_safe_stays_for_the_next_fire_in_the_hole() -> None:
    s = deal(2, phase="fire", areas={0: ["R3", "B5", "S2"]}, top=["Y1"])
    s, _ = play(rig(s, 5), "fire:red")
    assert s.areas[0] == ids("R3", "S2")
    assert s.safes == {cid("S2"): "red"}


def test_the_safe_placement_is_chosen_afresh_at_every_fire_roll() -> None:
    s = deal(2, phase="fire", areas={0: ["R3", "B3", "S2"]}, top=["Y1"],
             resume="claim")
    s.safes = {cid("S2"): "red"}                # where it stood after the last blast
    s, events = play(rig(s, 3), "fire:blue")    # moved to the blue stack
    assert s.areas[0] == ids("B3")
    assert [e.data["lost"] for e in events if e.kind == "blast"] == [ids("R3")]
    s2 = deal(2, phase="fire", areas={0: ["R3", "S2"]}, top=["Y1"])
    s2.safes = {cid("S2"): "red"}
    s2, _ = play(rig(s2, 3), "fire")            # no Safe set out this time
    assert s2.areas[0] == ids("S2") and s2.safes == {}


def test_safes_never_protect_wild_gems() -> None:
    s = deal(2, phase="fire", areas={0: ["R3", "W3", "S2"]}, top=["Y1"])
    s, events = play(rig(s, 3), "fire:red")
    blast = [e for e in events if e.kind == "blast"][0]
    assert blast.data["lost"] == ids("W3") and blast.data["safes_used"] == ids("S2")
    assert s.areas[0] == ids("R3")
    s = deal(2, phase="fire", areas={0: ["R1", "W6", "S5"]}, top=["Y1"])
    s, _ = play(rig(s, 6), "fire:red")
    assert s.areas[0] == ids("R1", "S5")        # the Wild is lost, the Safe is not spent


def test_a_safe_whose_own_number_is_rolled_is_lost_like_any_card() -> None:
    s = deal(2, phase="fire", areas={0: ["R1", "S2"]}, top=["Y1"])
    s, events = play(rig(s, 2), "fire:red")
    assert [e.data["lost"] for e in events if e.kind == "blast"] == [ids("S2")]
    assert s.areas[0] == ids("R1")


def test_a_safe_rolled_on_its_own_number_still_saves_the_matching_gem_it_guards() -> None:
    s = deal(2, phase="fire", areas={0: ["R2", "S2"]}, top=["Y1"])
    s, _ = play(rig(s, 2), "fire:red")
    assert s.areas[0] == ids("R2")
    assert s.discard.count(cid("S2")) == 1


def test_the_safe_that_guards_a_stack_is_the_one_that_saves_most() -> None:
    # "you may place each Safe ... on any one of your color stacks": the player names the
    # stacks, and the Safe put on each is the arrangement a careful player would pick before
    # the roll. Safe 5 on the Ruby stack covers Ruby 5 and its own number at once, so on a 5
    # Ann keeps Ruby 5 and Safe 2 (Safe 2 on Ruby would lose both Safes).
    s = deal(2, phase="fire", areas={0: ["R5", "S2", "S5"]}, top=["Y1"])
    after, events = play(rig(s, 5), "fire:red")
    assert sorted(after.areas[0]) == sorted(ids("R5", "S2"))
    placed = [e for e in events if e.kind == "safes"]
    assert placed and placed[0].data["safes"] == ids("S5")


def test_a_safe_spent_guarding_is_reported_once() -> None:
    s = deal(2, phase="fire", areas={0: ["R2", "S2"]}, top=["Y1"])
    _, events = play(rig(s, 2), "fire:red")
    blast = [e for e in events if e.kind == "blast"][0]
    assert blast.data["safes_used"] == ids("S2")
    assert blast.data["lost"] == []
    # The log says so as a sentence ("Ana a Safe saved a Gem" was not one), naming the Gem saved.
    assert blast.text.endswith(" lost nothing: a Safe saved Ruby 2"), blast.text


def test_each_of_two_safes_guards_its_own_stack() -> None:
    s = deal(2, phase="fire", areas={0: ["R5", "B5", "G5", "S2", "S8"]}, top=["Y1"])
    s, events = play(rig(s, 5), "fire:red,blue")
    assert s.areas[0] == ids("R5", "B5")
    assert [e.data["lost"] for e in events if e.kind == "blast"] == [ids("G5")]


@pytest.mark.parametrize("text,message", [
    ("fire:blue", "no Gem stack of blue"),
    ("fire:pink", "'pink' is not a gem colour"),
    ("fire:red,red", "different colour stack"),
    ("fire:green,red", "colour order"),
    ("fire:red,green,yellow", "only 2 Safe"),
])
def test_bad_safe_placements_are_refused_with_a_reason(text: str, message: str) -> None:
    s = deal(2, phase="fire", areas={0: ["R1", "G3", "Y4", "S2", "S5"]}, top=["Y1"])
    before = snapshot(s)
    with pytest.raises(IllegalAction, match=message):
        s.apply(Action.parse(text))
    assert snapshot(s) == before


def test_a_safe_cannot_be_placed_without_owning_one() -> None:
    s = deal(2, phase="fire", areas={0: ["R1"]}, top=["Y1"])
    with pytest.raises(IllegalAction, match="only 0 Safe"):
        s.apply(Action.parse("fire:red"))


# --------------------------------------------------------------------------- Faulty Detonator
def test_a_detonator_rerolls_a_steal_roll_once_and_is_discarded() -> None:
    s, _ = begin(deal(2, top=["R1", "B2"], areas={1: ["D4"]}))
    s, events = play(rig(s, 8, 1), "roll")
    assert kinds(events) == ["roll"] and (s.phase, s.turn) == ("reroll", 1)
    assert legal(s) == ["reroll", "accept"]
    s, events = play(s, "reroll")
    assert kinds(events)[:2] == ["reroll", "steal"]
    assert cid("D4") in s.discard
    assert s.areas[1] == ids("R1")


def test_declining_the_detonator_keeps_it_and_the_roll_stands() -> None:
    s, _ = begin(deal(2, top=["R1", "B2"], areas={1: ["D4"]}))
    s, events = play(rig(s, 8), "roll", "accept")
    assert kinds(events) == ["roll", "miss"]
    assert s.areas[1] == ids("D4") and s.out == [False, True]


def test_only_one_reroll_per_roll_and_the_oldest_detonator_is_spent() -> None:
    s, _ = begin(deal(2, top=["R1", "B2"], areas={1: ["D7", "D4"]}))
    s, events = play(rig(s, 8, 8), "roll", "reroll")
    assert kinds(events) == ["roll", "reroll", "miss"]
    assert s.phase == "choice"                  # no second offer after the re-roll
    assert s.areas[1] == ids("D4") and cid("D7") in s.discard


def test_a_detonator_rerolls_a_gamble_roll() -> None:
    s = deal(2, phase="choice", claim=["R1"], out=[1], top=["B2", "G3"], areas={0: ["D8"]})
    s, events = play(rig(s, 2, 5), "gamble", "roll")
    assert (s.phase, s.turn) == ("reroll", 0) and rolls(events) == [(0, 2, "gamble")]
    s, events = play(s, "reroll")
    assert "gamble_won" in kinds(events)
    assert s.areas[0] == ids("R1", "B2")       # the spent Detonator is gone


def test_a_detonator_rerolls_a_fire_in_the_hole_roll() -> None:
    s = deal(2, phase="fire", areas={0: ["R4", "D1"]}, top=["Y1"])
    s, events = play(rig(s, 4, 6), "fire", "reroll")
    assert kinds(events)[:3] == ["roll", "reroll", "blast"]
    assert s.areas[0] == ids("R4")
    assert (s.phase, s.turn) == ("fire", 1)


def test_a_roll_that_cannot_be_bettered_is_a_formality() -> None:
    """The re-roll stays legal, but where it could only make things worse the game names keeping
    the roll as the position's formality, which the table plays for a human."""
    from game.games.ya_blew_it.rules import formality

    def at(s: YaBlewItState, *actions: str) -> str | None:
        s, _ = play(s, *actions)
        assert s.phase == "reroll" and legal(s) == ["reroll", "accept"]
        f = formality(s)
        return None if f is None else str(f)

    steal, _ = begin(deal(2, top=["R1", "B2"], areas={1: ["D4"]}))
    assert at(rig(steal.copy(), 1), "roll") == "accept"          # it steals: nothing better
    assert at(rig(steal.copy(), 8), "roll") is None              # it misses: a re-roll may steal
    # A Claim of the roller's cursed colour costs them: missing it would be better, their choice.
    cursed, _ = begin(deal(2, top=["R1", "B2"], areas={1: ["D4"]}, cursed=["purple", "red"]))
    assert at(rig(cursed.copy(), 1), "roll") is None
    # ... even when the rest of the Claim outweighs it now (Blue 2 to 4 Gems, Ruby 1 against).
    mixed = deal(2, phase="miner", claim=["B2", "R1"], areas={1: ["D4", "B3", "B4"]}, cursed=["purple", "red"])
    assert at(rig(mixed, 1), "roll") is None
    gamble = deal(2, phase="choice", claim=["R1"], out=[1], top=["B2", "G3"], areas={0: ["D8"]})
    assert at(rig(gamble.copy(), 5), "gamble", "roll") == "accept"   # it wins the Claim
    assert at(rig(gamble.copy(), 2), "gamble", "roll") is None       # it blows it
    fire = deal(2, phase="fire", areas={0: ["R4", "D1"]}, top=["Y1"])
    assert at(rig(fire.copy(), 6), "fire") == "accept"           # it takes nothing
    assert at(rig(fire.copy(), 4), "fire") is None               # it takes the Ruby 4
    assert at(rig(fire.copy(), 1), "fire") is None               # it takes the Detonator itself
    guarded = deal(2, phase="fire", areas={0: ["R4", "S2", "D1"]}, top=["Y1"])
    assert at(rig(guarded, 4), "fire:red") is None               # the Safe saves the Ruby, but is spent
    assert formality(deal(2, phase="miner", claim=["R1"])) is None


def test_no_detonator_no_reroll_offer() -> None:
    s, _ = begin(deal(2, top=["R1", "B2"], areas={1: ["S2"]}))
    s, events = play(rig(s, 8), "roll")
    assert kinds(events) == ["roll", "miss"]
    with pytest.raises(IllegalAction):
        s.apply(Action("reroll"))


# --------------------------------------------------------------------------- Claim Jumper
def test_a_claim_jumper_after_a_gem_takes_the_claim_and_ends_the_round() -> None:
    s, events = begin(deal(3, top=["S2", "R1", "B2"], areas={0: ["J4"]}))
    assert (s.phase, s.turn) == ("jumper", 0) and legal(s) == ["jump", "nojump"]
    s, events = play(s, "jump")
    assert kinds(events)[:2] == ["jump", "take"]
    assert s.areas[0] == ids("S2", "R1") and cid("J4") in s.discard
    assert s.prospector == 1 and s.claim == ids("B2")


def test_declining_the_claim_jumper_lets_the_miners_try() -> None:
    s, _ = begin(deal(3, top=["R1", "B2"], areas={0: ["J4"]}))
    s, _ = play(s, "nojump")
    assert (s.phase, s.turn) == ("miner", 1)
    assert s.areas[0] == ids("J4")


def test_the_claim_jumper_is_offered_again_after_adding_cards() -> None:
    s, _ = begin(deal(2, top=["R1", "B2", "G3"], areas={0: ["J4"]}))
    s, _ = play(s, "nojump", "pass", "add")
    assert s.claim == ids("R1", "B2") and (s.phase, s.turn) == ("jumper", 0)
    s, _ = play(s, "jump")
    assert s.areas[0] == ids("R1", "B2")


def test_the_claim_jumper_is_not_offered_while_gambling() -> None:
    s, _ = begin(deal(2, top=["R1", "B2", "G3"], areas={0: ["J4"]}))
    s, _ = play(rig(s, 8), "nojump", "roll", "gamble")
    assert (s.phase, s.gamble_gems) == ("gamble", 1)
    assert "jump" not in legal(s)


def test_only_the_prospector_plays_a_claim_jumper() -> None:
    s, _ = begin(deal(3, top=["R1", "B2"], areas={1: ["J4"], 2: ["J7"]}))
    assert (s.phase, s.turn) == ("miner", 1)
    with pytest.raises(IllegalAction):
        s.apply(Action("jump"))


# --------------------------------------------------------------------------- end of the game
def test_the_final_claim_is_resolved_before_the_final_fire_in_the_hole() -> None:
    s, _ = begin(deal(2, top=["R1"]))
    s, events = play(s, "pass", "add")          # Ann adds and turns over the last card
    assert s.final and s.deck == [] and s.fire_card == UNDER_FIRE
    assert "fire_drawn" in kinds(events)
    assert (s.phase, s.turn) == ("miner", 1)    # Bob may still steal the final Claim
    s, events = play(rig(s, 1, 2, 1), "roll")
    assert "steal" in kinds(events) and s.areas[1] == ids("R1")
    assert (s.phase, s.turn) == ("fire", 0)
    s, events = play(s, "fire", "fire")        # Bob rolls 1 and loses the Claim he just stole
    assert s.areas[1] == [] and s.is_over()


def test_if_nobody_steals_the_final_claim_the_prospector_must_take_it() -> None:
    s, _ = begin(deal(3, top=["R1"]))
    s, events = play(rig(s, 8), "pass", "roll", "add")
    assert s.final and (s.phase, s.turn) == ("miner", 1)
    s, events = play(s, "pass")
    assert kinds(events)[:2] == ["pass", "must_take"]
    assert s.areas[0] == ids("R1")
    assert (s.phase, s.turn) == ("fire", 0)
    assert "keep" not in legal(s) and "add" not in legal(s)


def test_the_prospector_must_also_take_the_final_claim_after_a_miss() -> None:
    s, _ = begin(deal(2, top=["R1", "B2"]))
    s, _ = play(s, "pass", "add")
    assert not s.final and s.claim == ids("R1", "B2")  # Sapphire 2 ended the add
    s, _ = play(s, "pass", "add")               # now the last card, the final Fire, turns up
    assert s.final and (s.phase, s.turn) == ("miner", 1)
    s, events = play(rig(s, 8), "roll")
    assert "must_take" in kinds(events) and s.areas[0] == ids("R1", "B2")


def test_a_final_claim_without_a_gem_is_discarded() -> None:
    s, events = begin(deal(3, top=["S2", "D4"], areas={0: ["J7"]}))
    assert kinds(events)[-2:] == ["fire_drawn", "discard_claim"]
    assert s.final and s.claim == [] and set(ids("S2", "D4")) <= set(s.discard)
    assert s.areas[0] == ids("J7")
    assert (s.phase, s.turn) == ("fire", 0)


def test_the_final_fire_in_the_hole_during_a_gamble_makes_the_prospector_take_the_claim() -> None:
    s = deal(2, phase="choice", claim=["R1"], out=[1], top=["S5"])
    before = s.rng.state
    s, events = play(s, "gamble")
    assert "must_take" in kinds(events) and "roll" not in kinds(events)
    assert s.rng.state == before
    assert s.areas[0] == ids("R1", "S5")
    assert (s.phase, s.turn) == ("fire", 0)


def test_the_final_fire_in_the_hole_while_drawing_for_the_second_gamble_gem() -> None:
    """The last card turning up after the first gamble Gem, on the way to the second: the
    Prospector takes the whole Claim, with no gamble roll, and the final blast follows."""
    s = deal(2, phase="choice", claim=["R1"], out=[1], top=["B2", "S5"])
    s, _ = play(s, "gamble")                    # Sapphire 2 is the first gamble Gem
    assert (s.phase, s.gamble_gems) == ("gamble", 1) and legal(s) == ["roll", "draw"]
    before = s.rng.state
    s, events = play(s, "draw")                 # Safe 5, then the final Fire in the Hole
    assert kinds(events) == ["draw_more", "draw", "fire_drawn", "must_take", "take"]
    assert s.rng.state == before                # no die was rolled
    assert s.areas[0] == ids("R1", "B2", "S5") and s.claim == []
    assert s.final and s.fire_card == UNDER_FIRE and (s.phase, s.turn) == ("fire", 0)


def test_no_claim_jumper_on_the_final_claim() -> None:
    s, _ = begin(deal(2, top=["R1"], areas={0: ["J4"]}))
    s, _ = play(s, "nojump", "pass", "add")
    assert s.final and (s.phase, s.turn) == ("miner", 1)


def test_the_game_is_over_after_the_final_fire_in_the_hole() -> None:
    s, _ = begin(deal(2, top=["R1"], areas={1: ["B2", "B3"]}, cursed=["purple", "green"]))
    s, _ = play(s, "pass", "add", "pass")       # Ann must take Ruby 1
    s, events = play(rig(s, 4, 4), "fire", "fire")
    assert s.is_over() and s.to_move() is None and s.legal_actions() == []
    assert s.fire_card is None and s.discard[-1] == UNDER_FIRE and s.fires_resolved == 1
    over = [e for e in events if e.kind == "game_over"][0]
    assert over.data["winners"] == [1] and over.data["scores"] == [1, 3]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(Action("fire"))
    assert snapshot(s) == before


# --------------------------------------------------------------------------- scoring
@pytest.mark.parametrize("count,points", [
    (0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 20), (7, 20), (8, 20)])
def test_the_scoring_chart(count: int, points: int) -> None:
    assert chart_points(count) == points
    assert CHART[min(count, 6)] == points


def test_rulebook_example_four_matching_gems_earn_10_points() -> None:
    s = deal(2, areas={0: ["R1", "R4", "R6", "R8"]}, cursed=["purple", "green"])
    assert s.score(0).total == 10
    assert s.score(0).breakdown == (("Ruby x4", 10),)


def test_each_colour_is_scored_separately_and_other_cards_score_nothing() -> None:
    s = deal(2, areas={0: ["R1", "R2", "B1", "G5", "S2", "D4", "J7"]},
             cursed=["purple", "orange"])
    assert s.score(0).total == 3 + 1 + 1
    assert dict(s.score(0).breakdown) == {"Ruby x2": 3, "Emerald x1": 1, "Sapphire x1": 1}


def test_the_cursed_colour_is_scored_on_the_same_chart_and_subtracted() -> None:
    s = deal(2, areas={0: ["R1", "R2", "R3", "B1"]}, cursed=["red", "green"])
    assert s.score(0).total == -6 + 1
    assert ("Cursed Ruby x3", -6) in s.score(0).breakdown


def test_wild_gems_are_assigned_to_maximise_the_score_and_the_choice_is_shown() -> None:
    s = deal(2, areas={0: ["R1", "R2", "R3", "B1", "W3"]}, cursed=["purple", "green"])
    assert s.score(0).total == 10 + 1           # 4 Rubies beat 3 Rubies + 2 Sapphires (6 + 3)
    assert ("Ruby x4 (1 wild)", 10) in s.score(0).breakdown
    s = deal(2, areas={0: ["R1", "R2", "R3", "R4", "R5", "R6", "W3", "W6"]},
             cursed=["purple", "green"])
    assert s.score(0).total == 20 + 3           # a seventh Ruby adds nothing: both Wilds elsewhere


def test_wild_gems_never_go_to_the_cursed_colour() -> None:
    s = deal(2, areas={0: ["R1", "R2", "R3", "R4", "R5", "W3"]}, cursed=["red", "green"])
    assert s.score(0).total == -15 + 1
    assert not any("Cursed" in label and "wild" in label for label, _ in s.score(0).breakdown)
    only_wilds = deal(2, areas={0: ["W3", "W6"]}, cursed=["red", "green"])
    assert only_wilds.score(0).total == 3


def test_best_wild_assignment_is_exhaustive() -> None:
    colours = tuple(c.key for c in CS.colours)
    total, assign = best_wild_assignment({"red": 2, "blue": 2}, 2, "purple", colours)
    assert total == 10 + 3 and sum(assign.values()) == 2 and len(assign) == 1
    total, assign = best_wild_assignment({"red": 3}, 1, "red", colours)
    assert total == -6 + 1 and "red" not in assign


def test_the_highest_score_wins_and_a_tie_is_a_shared_win() -> None:
    s = deal(3, areas={0: ["R1", "R2"], 1: ["B1", "B2"], 2: ["G1"]},
             cursed=["purple", "orange", "yellow"])
    outcome = s.outcome()
    assert [sc.total for sc in outcome.scores] == [3, 3, 1]
    assert outcome.winners == (0, 1) and outcome.is_tie
    s = deal(3, areas={0: ["R1", "R2"], 1: ["B1", "B2", "B3"], 2: ["G1"]},
             cursed=["purple", "orange", "yellow"])
    assert s.outcome().winners == (1,) and not s.outcome().is_tie


# --------------------------------------------------------------------------- illegal actions
ALL_KINDS = ["roll", "pass", "jump", "nojump", "reroll", "accept", "keep", "add", "gamble",
             "draw", "fire", "fire:red"]


def illegal_positions() -> dict[str, YaBlewItState]:
    miner, _ = begin(deal(3, top=["R1", "B2"]))
    jumper, _ = begin(deal(3, top=["R1", "B2"], areas={0: ["J4"]}))
    reroll, _ = play(rig(begin(deal(3, top=["R1", "B2"], areas={1: ["D4"]}))[0], 8), "roll")
    return {
        "miner": miner,
        "jumper": jumper,
        "reroll": reroll,
        "choice": deal(3, phase="choice", claim=["R1"], top=["B2"]),
        "gamble": play(deal(2, phase="choice", claim=["R1"], out=[1], top=["B2", "G3"]),
                       "gamble")[0],
        "fire": deal(3, phase="fire", areas={0: ["G1"]}, top=["B2"]),
    }


@pytest.mark.parametrize("phase", ["miner", "jumper", "reroll", "choice", "gamble", "fire"])
def test_illegal_actions_raise_a_clear_error_and_change_nothing(phase: str) -> None:
    s = illegal_positions()[phase]
    assert s.phase == phase
    who = NAMES[s.turn]
    before = snapshot(s)
    tried = 0
    for text in ALL_KINDS:
        action = Action.parse(text)
        if action in s.legal_actions():
            continue
        tried += 1
        with pytest.raises(IllegalAction) as info:
            s.apply(action)
        message = str(info.value)
        assert who in message
        # The move asked for is named in words ("Gambling is not a move now: ...").
        assert MOVE_WORDS[action.kind] in message or (phase == "fire" and "no Gem stack of red" in message)
        assert snapshot(s) == before
    assert tried >= 8


def test_a_position_whose_deck_does_not_lie_on_the_final_fire_in_the_hole_is_refused() -> None:
    """Set-up puts a Fire in the Hole under the deck, and the draw ends the game on it: a position
    (a hand-edited save) without it there would run off the end of the deck. It is refused as a
    bad save, with the reason, instead of crashing when the deck runs out."""
    good = deal(2, phase="choice", claim=["R1"], top=["B2"]).to_json()
    assert YaBlewItState.from_json(good).deck[0] == UNDER_FIRE
    moved = json.loads(json.dumps(good))        # the final Fire moved to the discard pile
    moved["deck"] = [c for c in moved["deck"] if c != UNDER_FIRE]
    moved["discard"] = moved["discard"] + [UNDER_FIRE]
    with pytest.raises(BadSave, match="bottom card of the deck is not the final Fire in the Hole"):
        YaBlewItState.from_json(moved)
    shuffled = json.loads(json.dumps(good))     # the final Fire on top instead of underneath
    shuffled["deck"] = shuffled["deck"][1:] + shuffled["deck"][:1]
    with pytest.raises(BadSave, match="bottom card of the deck is not the final Fire in the Hole"):
        YaBlewItState.from_json(shuffled)
    empty = json.loads(json.dumps(good))        # no deck left, yet the game not at its end
    empty["discard"] = empty["discard"] + empty["deck"]
    empty["deck"] = []
    with pytest.raises(BadSave, match="the deck is empty but the final Fire in the Hole has not"):
        YaBlewItState.from_json(empty)
    # Once the final Fire in the Hole has turned up, the deck is rightly empty.
    s, _ = play(YaBlewItState.from_json(good), "add")
    s, _ = play(s, "pass", "add")
    assert s.final and s.deck == []
    assert YaBlewItState.from_json(s.to_json()).final


@pytest.mark.parametrize("text", ["", "fire:", "fire:red,", "roll now", ":red"])
def test_text_that_is_not_an_action_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        Action.parse(text)


def test_actions_round_trip_through_their_string_form() -> None:
    for action in (Action("roll"), Action("fire"), Action("fire", ("red", "blue"))):
        assert Action.parse(str(action)) == action
    assert str(Action("fire", ("red", "blue"))) == "fire:red,blue"


# --------------------------------------------------------------------------- the rules page
RULES_PAGE = Path(__file__).resolve().parents[1] / "docs" / "rules" / "ya_blew_it.md"


def test_the_rules_page_pins_every_interpretation_to_a_test_that_exists() -> None:
    text = RULES_PAGE.read_text("utf-8")
    for heading in ("## How to play", "## The deck", "## Interpretations"):
        assert heading in text
    named = re.findall(r"tests/test_ya_blew_it_rules\.py::(\w+)", text)
    assert named and all(callable(globals().get(name)) for name in named), \
        [n for n in named if n not in globals()]
    entries = text.split("## Interpretations", 1)[1].split("\n### ")[1:]
    assert len(entries) >= 15
    for entry in entries:
        assert 'Rulebook: "' in entry and "tests/test_ya_blew_it_rules.py::" in entry, entry[:60]
    # The page's scoring chart is the one the rules use.
    rows = re.findall(r"^\| (\d)(?: or more)? \| (\d+) \|$", text, re.M)
    assert [(int(a), int(b)) for a, b in rows] == [(k, CHART[k]) for k in range(1, 7)]


def test_the_results_note_what_the_final_blast_took() -> None:
    """Points lost in the final Fire in the Hole are a mystery at the results: each player's
    note says what their blast took ("Final blast, a roll of 1: lost Sapphire 1, ..."), as the
    log did; a player the blast did not reach has none."""
    from game.games.ya_blew_it.rules import INFO, final_blast_notes

    checked = 0
    for seed in range(1, 12):
        s, events = new_game(INFO.make_config(3, ("Ana", "Bo", "Cyd")), seed)
        history = list(events)
        rng = Rng(seed)
        while not s.is_over():
            s, evs = s.apply(rng.choice(s.legal_actions()))
            history += evs
        final = next(i for i, e in enumerate(history) if e.kind == "fire_drawn" and e.data.get("final"))
        for p, name in enumerate(("Ana", "Bo", "Cyd")):
            blast = next((e for e in history[final:] if e.kind == "blast" and e.data["player"] == p), None)
            notes = final_blast_notes(history, ("Ana", "Bo", "Cyd"), p)
            assert blast is not None   # (every seat rolls in the final Fire in the Hole)
            assert len(notes) == 1 and name not in notes[0]
            assert re.fullmatch(rf"Final blast, a roll of {blast.data['value']}: "
                                r"(lost nothing|lost [A-Z][\w ]+ \d(, [A-Z][\w ]+ \d)*)"
                                r"([:;] (a Safe|\d Safes) saved [A-Z][\w ]+ \d( and [A-Z][\w ]+ \d)?)?",
                                notes[0]), notes[0]
            assert notes[0].endswith(blast.text.split(" ", 1)[1])   # the log's words, without the name
            checked += 1
    assert checked > 10
    # Before the final Fire in the Hole nobody has a note.
    final = next(i for i, e in enumerate(history) if e.kind == "fire_drawn" and e.data.get("final"))
    assert all(final_blast_notes(history[:final], ("Ana", "Bo", "Cyd"), p) == [] for p in range(3))
    assert INFO.result_notes is final_blast_notes
