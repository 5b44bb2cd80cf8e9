"""The Grim Prospects rulebook and the decisions of docs/rules/grim_prospects.md, one by one, on
small hand-made positions.

Positions are built by `deal`: the cards a test names go where it says (the Mine's `top` listed
from the top down), every other card lies at the bottom of the Mine, under them, so all 54 cards
are always in exactly one place. Cards are named by key and taken in id order with `take`, so
`take("ruby")` and `take("ruby")` are the two different Rubies. Values that the card data may tune
are read from the data; the two effects the rulebook gives in words are pinned to its numbers.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Iterable, Mapping

import pytest

from game.core.contract import Action, BadSave, Event, GameConfig, IllegalAction
from game.core.rng import Rng
from game.games import GAMES
from game.games.grim_prospects.cards import DECK_SIZE, card, deck
from game.games.grim_prospects.rules import (
    AFTER,
    BREAKDOWN,
    CHOOSE,
    HIDDEN,
    INFO,
    OVER,
    START,
    GrimState,
    new_game,
)

NAMES = ("Ann", "Bob", "Cy", "Dot", "Eve")


def ids(key: str) -> list[int]:
    return [c.id for c in deck() if c.key == key]


class Cards:
    """Hands out distinct cards of a key, in id order, so a test never names one card twice."""

    def __init__(self) -> None:
        self.used: Counter[str] = Counter()

    def __call__(self, key: str, count: int = 1) -> list[int]:
        start = self.used[key]
        self.used[key] += count
        out = ids(key)[start:start + count]
        assert len(out) == count, f"there are not {start + count} {key} cards"
        return out

    def one(self, key: str) -> int:
        return self(key)[0]


def deal(n: int, top: Iterable[int] = (), hands: Mapping[int, Iterable[int]] | None = None,
         stashes: Mapping[int, Iterable[int]] | None = None,
         inventories: Mapping[int, Iterable[int]] | None = None, rubble: Iterable[int] = (),
         geode: Iterable[int] = (), turn: int = 0, bottom: Iterable[int] | None = None,
         seed: int = 1) -> GrimState:
    """A position with these cards placed; the others under `top` in the Mine, the Traps lowest.
    With `bottom` given, the Mine is the Items (which may not lie in the Rubble), then `bottom`,
    then `top`, and every other card is in the Rubble."""
    s = GrimState(GameConfig(n, NAMES[:n]))
    s.rng = Rng(seed)
    placed: list[int] = []
    for seat, cards in (hands or {}).items():
        s.hands[seat] = list(cards)
        placed += s.hands[seat]
    for seat, cards in (stashes or {}).items():
        s.stashes[seat] = list(cards)
        placed += s.stashes[seat]
    for seat, cards in (inventories or {}).items():
        s.inventories[seat] = list(cards)
        placed += s.inventories[seat]
    s.rubble = list(rubble)
    s.geode = list(geode)
    top = list(top)
    placed += s.rubble + s.geode + top
    assert len(set(placed)) == len(placed), "a card is placed twice"
    # Under the named cards: plain cards first, then Items, Traps at the very bottom.
    rest = sorted((c for c in range(DECK_SIZE) if c not in set(placed)),
                  key=lambda c: (not card(c).is_trap, not card(c).is_item, c))
    if bottom is None:
        under = rest
    else:
        under = list(bottom)
        spare = [c for c in rest if c not in under]
        under = [c for c in spare if card(c).is_item] + under
        s.rubble += [c for c in spare if not card(c).is_item]
    s.mine = under + top[::-1]
    s.turn = turn
    s.check()
    return s


def act(s: GrimState, *actions: str) -> tuple[GrimState, list[Event]]:
    events: list[Event] = []
    for a in actions:
        s, ev = s.apply(Action.parse(a))
        events += ev
    return s, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def keep(kept: int, *back: int) -> str:
    return "keep:" + ",".join(str(c) for c in (kept, *back))


# --------------------------------------------------------------------------- set-up and turns
def test_the_game_is_registered_for_two_to_five_players_with_private_hands() -> None:
    info = GAMES["grim_prospects"]
    assert info is INFO and info.private_hands and (info.min_players, info.max_players) == (2, 5)
    assert info.rules_doc == "grim_prospects.md" and info.title == "Grim Prospects"
    for n in (1, 6):
        with pytest.raises(IllegalAction):
            new_game(GameConfig(n), 1)


def test_setup_shuffles_all_54_cards_into_the_mine_and_seat_0_starts() -> None:
    s, events = new_game(GameConfig(3, NAMES[:3]), 7)
    assert sorted(s.mine) == list(range(DECK_SIZE)) and s.mine != list(range(DECK_SIZE))
    assert s.to_move() == 0 and s.phase == START and s.round == 1
    deal_ev = of(events, "deal")[0]
    assert deal_ev.visible_to == frozenset() and deal_ev.data["order"] == s.mine
    assert of(events, "turn")[0].data == {"player": 0, "round": 1}
    assert s.progress() == "Mine: 54 cards"
    again, _ = new_game(GameConfig(3, NAMES[:3]), 7)
    assert again.to_json() == s.to_json()


def test_turns_go_in_seat_order_and_a_round_ends_after_the_last_seat() -> None:
    s, _ = new_game(GameConfig(3, NAMES[:3]), 3)
    seen = []
    for _ in range(4):
        seen.append((s.to_move(), s.round))
        # a prospect with the first order is always legal and never leaves a Bundle pause
        s, _ = act(s, "prospect")
        s, _ = s.apply(s.legal_actions()[0])
        if s.phase == AFTER:
            s, _ = act(s, "end")
    assert seen == [(0, 1), (1, 1), (2, 1), (0, 2)]
    assert s.turns_taken == [2, 1, 1]



def test_the_setups_first_player_starts_and_a_round_ends_before_their_turn_comes_again() -> None:
    s, events = new_game(GameConfig(3, NAMES[:3], {"first_player": 2}), 3)
    assert of(events, "first")[0].data == {"player": 2} and "chosen at set-up" in of(events, "first")[0].text
    seen = []
    for _ in range(4):
        seen.append((s.to_move(), s.round))
        s, _ = act(s, "prospect")
        s, _ = s.apply(s.legal_actions()[0])
        if s.phase == AFTER:
            s, _ = act(s, "end")
    assert seen == [(2, 1), (0, 1), (1, 1), (2, 2)]
    back = GrimState.from_json(json.loads(json.dumps(s.to_json())))
    assert back.first_player == 2 and back.to_json() == s.to_json()
    with pytest.raises(IllegalAction, match="not at the table"):
        new_game(GameConfig(3, NAMES[:3], {"first_player": 3}), 3)
    tampered = s.to_json()
    tampered["first_player"] = 5
    with pytest.raises(BadSave):
        GrimState.from_json(tampered)


def test_a_random_first_player_is_drawn_from_the_seed() -> None:
    firsts = set()
    for seed in range(12):
        s, events = new_game(GameConfig(4, NAMES[:4], {"first_player": None}), seed)
        again, _ = new_game(GameConfig(4, NAMES[:4], {"first_player": None}), seed)
        assert s.to_move() == s.first_player == again.first_player
        assert "chosen at random" in of(events, "first")[0].text
        firsts.add(s.first_player)
    assert len(firsts) > 1


def test_two_players_the_geode_comes_before_the_starting_player_s_turn_whoever_starts() -> None:
    c = Cards()
    gold, crystal, ruby = c.one("gold"), c.one("crystal"), c.one("ruby")
    s = deal(2, top=[gold, crystal, ruby], hands={0: c("iron", 1)}, turn=1)
    s.first_player = 1
    s1, _ = act(s, "dig")
    assert not s1.geode and s1.to_move() == 0, "no Geode card after the starting player's turn"
    s2, events = act(s1, "bank")
    assert s2.geode == [ruby] and s2.to_move() == 1 and s2.round == 2


# --------------------------------------------------------------------------- dig
def test_dig_draws_the_top_two_cards_into_the_hand_seen_only_by_the_digger() -> None:
    c = Cards()
    ruby, gold, iron = c.one("ruby"), c.one("gold"), c.one("iron")
    s = deal(2, top=[ruby, gold, iron])
    s2, events = act(s, "dig")
    assert s2.hands[0] == [ruby, gold] and s2.mine[-1] == iron and len(s2.mine) == len(s.mine) - 2
    dig = of(events, "dig")[0]
    assert dig.visible_to is None and dig.data == {"player": 0, "count": 2} and "dug two cards" in dig.text
    draws = of(events, "draw")
    assert [e.data["card"] for e in draws] == [ruby, gold]
    assert all(e.visible_to == frozenset({0}) and e.reveals for e in draws)
    assert s2.to_move() == 1, "no Bundle in hand: the turn ended by itself"


def test_dig_three_needs_the_pickaxe_and_then_draws_three() -> None:
    c = Cards()
    top = c("gold", 3) + c("crystal", 1)
    s = deal(2, top=top)
    assert s.why_not(Action.parse("dig:3")) == "you have no Pickaxe"
    assert Action.parse("dig:3") not in s.legal_actions()
    s = deal(2, top=top, inventories={0: ids("pickaxe")})
    assert Action.parse("dig:3") in s.legal_actions() and Action.parse("dig") in s.legal_actions()
    s2, events = act(s, "dig:3")
    assert s2.hands[0] == top[:3] and of(events, "dig")[0].data["count"] == 3
    assert s.why_not(Action.parse("dig:2")) is not None and s.why_not(Action.parse("dig:4")) is not None


def test_a_dig_stops_when_the_mine_runs_out_and_the_game_ends() -> None:
    c = Cards()
    last = c.one("gold")
    s = deal(2, top=[last], bottom=[])
    assert len(s.mine) == len(ids("pickaxe") + ids("canary") + ids("lens") + ids("torch")) + 1
    s = deal(2, top=[last], bottom=[], inventories={1: ids("pickaxe") + ids("canary") + ids("lens")
                                                    + ids("torch")})
    assert s.mine == [last]
    s2, events = act(s, "dig")
    assert s2.hands[0] == [last] and not s2.mine and s2.is_over() and s2.phase == OVER
    assert of(events, "dig")[0].data["count"] == 1
    assert kinds(events)[-1] == "end" and s2.legal_actions() == [] and s2.to_move() is None


def test_an_item_drawn_goes_face_up_to_the_inventory() -> None:
    c = Cards()
    lens, gold = c.one("lens"), c.one("gold")
    s = deal(3, top=[lens, gold])
    s2, events = act(s, "dig")
    assert s2.inventories[0] == [lens] and s2.hands[0] == [gold]
    draw = [e for e in of(events, "draw") if e.data["card"] == lens][0]
    assert draw.visible_to is None and draw.reveals
    assert of(events, "item")[0].data == {"player": 0, "card": lens}


# --------------------------------------------------------------------------- traps
def test_dynamite_discards_two_random_cards_from_the_hand_the_rulebook_example() -> None:
    # "Dynamite makes you discard two cards when you trigger it."
    assert card(ids("dynamite")[0]).effect == {"kind": "blast", "who": "self", "discard": 2}
    c = Cards()
    hand = c("gold", 2) + c("crystal", 2)
    stash, dyn = c("ruby", 1), c.one("dynamite")
    inv = c("iron", 1)
    s = deal(3, top=[dyn, c.one("emerald")], hands={0: hand, 1: c("copper", 2)}, stashes={0: stash},
             inventories={0: inv})
    s2, events = act(s, "dig")
    lost = of(events, "discard")[0].data["cards"]
    assert len(lost) == 2 and set(lost) <= set(hand)
    assert sorted(s2.hands[0]) == sorted([x for x in hand if x not in lost] + ids("emerald")[:1])
    assert s2.rubble[-3:] == lost + [dyn], "the discards and then the Dynamite go to the Rubble"
    # No trap hits a Stash or an Inventory, nor another player's hand.
    assert s2.stashes[0] == stash and s2.inventories[0] == inv and s2.hands[1] == s.hands[1]
    trap = of(events, "trap")[0]
    assert trap.visible_to is None and trap.reveals and trap.data == {"player": 0, "card": dyn}
    d = of(events, "discard")[0]
    assert d.visible_to is None and d.reveals


def test_dynamite_with_fewer_than_two_cards_in_hand_takes_them_all_or_nothing() -> None:
    c = Cards()
    dyn1, dyn2, gold = c.one("dynamite"), c.one("dynamite"), c.one("gold")
    s = deal(2, top=[dyn1], hands={0: [gold]})
    s2, events = act(s, "dig")
    assert of(events, "discard")[0].data["cards"] == [gold] and gold in s2.rubble and gold not in s2.hands[0]
    s = deal(2, top=[dyn2])
    s2, events = act(s, "dig")
    assert of(events, "discard")[0].data["cards"] == [] and "nothing" in of(events, "discard")[0].text


def test_a_trap_goes_off_against_the_hand_as_it_is_when_drawn() -> None:
    # Cards are drawn one by one: the card drawn after the Dynamite is safe from it.
    c = Cards()
    dyn, ruby = c.one("dynamite"), c.one("ruby")
    s = deal(2, top=[dyn, ruby])
    s2, events = act(s, "dig")
    assert s2.hands[0] == [ruby] and of(events, "discard")[0].data["cards"] == []
    assert kinds(events).index("trap") < [i for i, e in enumerate(events)
                                          if e.kind == "draw" and e.data["card"] == ruby][0]


def test_gas_leak_makes_every_player_without_a_canary_discard_one() -> None:
    c = Cards()
    gas = c.one("gas_leak")
    hands = {0: c("gold", 2), 1: c("crystal", 2), 2: c("copper", 2)}
    s = deal(3, top=[gas, c.one("iron")], hands=hands, inventories={2: ids("canary")})
    s2, events = act(s, "dig")
    discards = {e.data["player"]: e.data["cards"] for e in of(events, "discard")}
    assert set(discards) == {0, 1} and all(len(v) == 1 for v in discards.values())
    assert s2.hands[2] == hands[2]
    spared = of(events, "spared")
    assert [e.data for e in spared] == [{"player": 2, "card": ids("canary")[0]}]
    assert gas in s2.rubble and len(s2.hands[1]) == 1


# --------------------------------------------------------------------------- prospect
def test_prospect_looks_at_three_keeps_one_and_puts_the_others_back_first_listed_on_top() -> None:
    c = Cards()
    a, b, d, e = c.one("gold"), c.one("ruby"), c.one("crystal"), c.one("iron")
    s = deal(3, top=[a, b, d, e])
    s2, events = act(s, "prospect")
    assert s2.phase == CHOOSE and s2.looking == [a, b, d] and s2.to_move() == 0
    assert of(events, "prospect")[0].visible_to is None and of(events, "prospect")[0].data["count"] == 3
    look = of(events, "look")[0]
    assert look.visible_to == frozenset({0}) and look.data["cards"] == [a, b, d] and look.reveals
    assert len(s2.legal_actions()) == 6 and all(x.kind == "keep" for x in s2.legal_actions())
    s3, events = act(s2, keep(b, d, a))
    assert s3.hands[0] == [b] and s3.mine[-1] == d and s3.mine[-2] == a and s3.mine[-3] == e
    k = of(events, "keep")[0]
    assert k.visible_to == frozenset({0}) and k.data == {"player": 0, "card": b}
    backs = of(events, "put_back")
    assert [x.visible_to for x in backs] == [None, frozenset({0})]
    assert backs[0].data == {"player": 0, "count": 2} and backs[1].data["cards"] == [d, a]
    assert s3.to_move() == 1


def test_a_kept_item_is_named_once_in_the_public_lines() -> None:
    c = Cards()
    canary = ids("canary")[0]
    a, b = c.one("gold"), c.one("iron")
    s = deal(3, top=[canary, a, b, c.one("ruby")])
    s2, _ = act(s, "prospect")
    s3, events = act(s2, keep(canary, a, b))
    public = [e.text for e in events if e.visible_to is None and e.kind in ("keep", "put_back")]
    # "Ann kept Canary", then only the count put back: the Item is not named a second time.
    assert public == ["Ann kept Canary", "Ann put two cards back on the Mine"], public


def test_the_jewelers_lens_looks_at_four_and_a_short_mine_at_fewer() -> None:
    c = Cards()
    top = c("gold", 4) + c("iron", 1)
    s = deal(2, top=top, inventories={0: ids("lens")})
    s2, _ = act(s, "prospect")
    assert s2.looking == top[:4] and len(s2.legal_actions()) == 4 * 3 * 2
    last2 = c("crystal", 2)
    items = ids("pickaxe") + ids("canary") + ids("lens") + ids("torch")
    s = deal(2, top=last2, bottom=[], inventories={1: items})
    s2, _ = act(s, "prospect")
    assert s2.looking == last2 and not s2.mine and s2.phase == CHOOSE
    s3, events = act(s2, keep(last2[1], last2[0]))
    assert s3.mine == [last2[0]] and not s3.is_over()


def test_a_prospect_that_takes_the_last_card_ends_the_game_after_the_keep() -> None:
    c = Cards()
    last = c.one("gold")
    items = ids("pickaxe") + ids("canary") + ids("lens") + ids("torch")
    s = deal(2, top=[last], bottom=[], inventories={1: items})
    s2, events = act(s, "prospect")
    assert not s2.mine and not s2.is_over() and s2.phase == CHOOSE
    assert [e.text for e in events if e.kind == "prospect"] == ["Ann prospects: looks at the top card"]
    s3, events = act(s2, keep(last))
    assert s3.is_over() and s3.hands[0] == [last] and kinds(events)[-1] == "end"
    assert [e.text for e in events if e.kind == "put_back"] == ["Ann kept a card and put nothing back"]


def test_a_kept_item_goes_to_the_inventory_in_view_of_all() -> None:
    c = Cards()
    torch, a, b = c.one("torch"), c.one("gold"), c.one("ruby")
    s = deal(3, top=[a, torch, b])
    s2, events = act(s, "prospect", keep(torch, b, a))
    assert s2.inventories[0] == [torch] and s2.mine[-1] == b
    k = of(events, "keep")[0]
    assert k.visible_to is None and k.reveals and "Surefire Torch" in k.text


def test_two_players_a_kept_dynamite_goes_unlit_to_the_inventory() -> None:
    c = Cards()
    dyn, a, b = c.one("dynamite"), c.one("gold"), c.one("ruby")
    hand = c("crystal", 2)
    s = deal(2, top=[a, dyn, b], hands={0: hand})
    s2, events = act(s, "prospect", keep(dyn, a, b))
    assert s2.inventories[0] == [dyn] and s2.hands[0] == hand and "trap" not in kinds(events)
    assert of(events, "keep")[0].visible_to is None


def test_three_players_a_kept_trap_goes_off_like_a_drawn_one() -> None:
    c = Cards()
    dyn, a, b = c.one("dynamite"), c.one("gold"), c.one("ruby")
    hand = c("crystal", 2)
    s = deal(3, top=[a, dyn, b], hands={0: hand})
    s2, events = act(s, "prospect", keep(dyn, a, b))
    assert dyn in s2.rubble and not s2.hands[0] and "trap" in kinds(events)
    assert sorted(of(events, "discard")[0].data["cards"]) == sorted(hand)
    # in two players a kept Gas Leak still goes off
    c2 = Cards()
    gas, x, y = c2.one("gas_leak"), c2.one("gold"), c2.one("ruby")
    s = deal(2, top=[x, gas, y], hands={1: c2("crystal", 1)})
    s2, events = act(s, "prospect", keep(gas, x, y))
    assert gas in s2.rubble and "trap" in kinds(events) and not s2.hands[1]


# --------------------------------------------------------------------------- return to base, bundles
def test_returning_to_base_puts_the_whole_hand_in_the_stash() -> None:
    c = Cards()
    hand, stash = c("gold", 2) + c("ruby", 1), c("crystal", 1)
    s = deal(3, hands={0: hand}, stashes={0: stash})
    s2, events = act(s, "bank")
    assert s2.hands[0] == [] and s2.stashes[0] == stash + hand
    assert of(events, "bank")[0].data == {"player": 0, "count": 3} and of(events, "bank")[0].visible_to is None
    s = deal(3)
    assert s.why_not(Action("bank")) is not None and "hand is empty" in s.why_not(Action("bank"))
    assert Action("bank") not in s.legal_actions()


def test_placing_a_bundle_is_not_an_action_before_or_after() -> None:
    c = Cards()
    iron, copper = c.one("iron"), c.one("copper")
    gold = c.one("gold")
    s = deal(2, top=[gold, c.one("crystal")], hands={0: [iron, copper]})
    assert s.legal_actions()[:2] == [Action("place", (str(iron),)), Action("place", (str(copper),))]
    s2, events = act(s, f"place:{iron}")
    assert s2.inventories[0] == [iron] and s2.to_move() == 0 and s2.phase == START
    assert of(events, "place")[0].visible_to is None and of(events, "place")[0].data == {"player": 0, "card": iron}
    s3, _ = act(s2, "dig")
    assert s3.phase == AFTER and s3.to_move() == 0
    assert s3.legal_actions() == [Action("place", (str(copper),)), Action("end")]
    assert "not now" in s3.why_not(Action("dig"))
    s4, _ = act(s3, "end")
    assert s4.to_move() == 1 and s4.hands[0][0] == copper
    s5, _ = act(s3, f"place:{copper}")
    assert s5.to_move() == 1 and s5.inventories[0] == [iron, copper], "the last Bundle placed ends the turn"
    assert s.why_not(Action.parse(f"place:{gold}")) == "that card is not a Bundle in your hand"
    assert s.why_not(Action.parse("place:x")) == "that card is not a Bundle in your hand"
    assert s.why_not(Action.parse("end")) is not None


def test_the_action_that_empties_the_mine_ends_the_game_with_no_bundle_placed_after_it() -> None:
    """"The game ends when the mine runs out of cards": at once, so a Bundle still in hand after
    the last dig stays there and scores its own points (place it before the action instead)."""
    c = Cards()
    copper, gold, last = c.one("copper"), c.one("gold"), c.one("gold")
    s = deal(2, top=[last], bottom=[], hands={0: [copper, gold]},
             inventories={1: ids("pickaxe") + ids("canary") + ids("lens") + ids("torch")})
    assert Action("place", (str(copper),)) in s.legal_actions()   # before the action: yes
    end, _ = act(s, "dig")
    assert end.is_over() and end.legal_actions() == [] and end.hands[0] == [copper, gold, last]
    placed, _ = act(s, f"place:{copper}", "dig")
    assert placed.is_over() and placed.inventories[0] == [copper]
    # Placed, the Copper adds 1 to each of two Golds; carried, it scores only its own 1.
    assert placed.outcome().scores[0].total == end.outcome().scores[0].total + 1


# --------------------------------------------------------------------------- Torch
def test_the_torch_shows_the_mines_top_card_at_the_start_of_each_turn() -> None:
    c = Cards()
    gold, ruby, iron = c.one("gold"), c.one("ruby"), c.one("iron")
    s = deal(2, top=[gold, ruby, iron], inventories={1: ids("torch")})
    s2, events = act(s, "dig")
    fs = of(events, "foresight")
    assert len(fs) == 1 and fs[0].visible_to == frozenset({1}) and fs[0].data["card"] == iron
    v1, v0 = s2.view(1), s2.view(0)
    assert v1.state.mine[-1] == iron and v1.knows(iron)
    assert v0.state.mine[-1] == HIDDEN and not v0.knows(iron)


# --------------------------------------------------------------------------- two players: Geode and blast
def test_the_geode_gains_the_first_non_trap_after_the_second_players_turn() -> None:
    c = Cards()
    a, b = c.one("gold"), c.one("crystal")
    dyn, gas, ruby = c.one("dynamite"), c.one("gas_leak"), c.one("ruby")
    s = deal(2, top=[a, b, dyn, gas, ruby], hands={1: c("iron", 1)})
    s1, _ = act(s, "dig")
    assert not s1.geode, "no Geode card after the first player's turn"
    s2, events = act(s1, "bank")
    assert s2.geode == [ruby] and s2.to_move() == 0 and s2.round == 2
    g = of(events, "geode")[0]
    assert g.visible_to is None and g.reveals and g.data == {"card": ruby, "traps": [dyn, gas]}
    assert dyn in s2.mine and gas in s2.mine and "shuffle" in kinds(events)
    assert of(events, "shuffle")[0].visible_to is None
    # everyone knows the revealed Traps are back in the Mine
    for p in (0, 1):
        assert {dyn, gas} <= set(s2.view(p).known_in_mine())


def test_no_geode_in_three_players_and_no_shuffle_without_a_revealed_trap() -> None:
    c = Cards()
    a, b, d = c.one("gold"), c.one("crystal"), c.one("ruby")
    hands = {1: c("iron", 1), 2: c("iron", 1)}
    s = deal(3, top=[a, b, d], hands=hands)
    s2, events = act(s, "dig", "bank", "bank")
    assert not s2.geode and "geode" not in kinds(events) and s2.to_move() == 0 and s2.round == 2
    s = deal(2, top=[a, b, d, c.one("iron")], hands={1: hands[1]})
    s2, events = act(s, "dig", "bank")
    assert s2.geode == [d] and "shuffle" not in kinds(events)


def test_a_geode_of_only_traps_reveals_them_all_and_shuffles_them_back() -> None:
    c = Cards()
    dyn, gas = c.one("dynamite"), c.one("gas_leak")
    items = ids("pickaxe") + ids("canary") + ids("lens") + ids("torch")
    s = deal(2, top=[dyn, gas], bottom=[], inventories={0: items}, hands={1: c("gold", 1)}, turn=1)
    s2, events = act(s, "bank")
    assert sorted(s2.mine) == sorted([dyn, gas]) and not s2.geode and not s2.is_over()
    assert of(events, "geode")[0].data == {"card": None, "traps": [dyn, gas]}


def test_a_geode_reveal_that_empties_the_mine_ends_the_game() -> None:
    c = Cards()
    last = c.one("ruby")
    items = ids("pickaxe") + ids("canary") + ids("lens") + ids("torch")
    s = deal(2, top=[last], bottom=[], inventories={0: items}, hands={1: c("gold", 1)}, turn=1)
    s2, events = act(s, "bank")
    assert s2.geode == [last] and s2.is_over() and kinds(events)[-1] == "end"
    assert s2.score(0).total == 0, "Geode cards are unused for scoring"


def test_blast_takes_the_whole_geode_with_a_dynamite_from_the_inventory() -> None:
    c = Cards()
    dyn, g1, g2 = c.one("dynamite"), c.one("ruby"), c.one("gold")
    s = deal(2, inventories={0: [dyn]}, geode=[g1, g2], hands={0: c("iron", 1)})
    assert Action("blast") in s.legal_actions()
    s2, events = act(s, "blast")
    assert s2.hands[0][-2:] == [g1, g2] and not s2.geode and dyn in s2.rubble and not s2.inventories[0]
    b = of(events, "blast")[0]
    assert b.visible_to is None and b.data["cards"] == [g1, g2]
    assert s2.view(1).knows(g1) and s2.view(1).state.hands[0][-2:] == [g1, g2]


def test_a_geode_item_blasted_out_goes_to_the_inventory() -> None:
    c = Cards()
    dyn, lens, gold = c.one("dynamite"), c.one("lens"), c.one("gold")
    s = deal(2, inventories={0: [dyn]}, geode=[lens, gold])
    s2, _ = act(s, "blast")
    assert s2.inventories[0] == [lens] and s2.hands[0] == [gold]


def test_blast_is_refused_with_the_reason() -> None:
    c = Cards()
    dyn = c.one("dynamite")
    assert deal(3, inventories={}).why_not(Action("blast")) == "only in a two-player game"
    assert deal(2, inventories={0: [dyn]}).why_not(Action("blast")) == "the Geode is empty"
    assert deal(2, geode=c("ruby", 1)).why_not(Action("blast")) == "you have no Dynamite in your Inventory"


# --------------------------------------------------------------------------- scoring
def value_of(key: str, field: str) -> int:
    return int(card(ids(key)[0]).effect[field])


def test_crystal_is_worth_one_and_three_each_for_the_most_the_rulebook_example() -> None:
    # "Crystal is normally worth 1 point each. However, if you have the most crystal cards,
    # each is worth 3 points."
    cr = card(ids("crystal")[0])
    assert cr.points == 1 and cr.effect["most"] == 3
    c = Cards()
    s = deal(3, hands={0: c("crystal", 2)}, stashes={0: c("crystal", 1), 1: c("crystal", 2)},
             inventories={})
    assert s.card_values(0) == dict.fromkeys(ids("crystal")[:3], 3)
    assert s.card_values(1) == dict.fromkeys(ids("crystal")[3:5], 1)
    assert dict(s.score(0).breakdown)["Crystals"] == 9


def test_every_player_tied_for_the_most_crystals_gets_three_each() -> None:
    c = Cards()
    s = deal(3, hands={0: c("crystal", 2), 1: c("crystal", 2), 2: c("crystal", 1)})
    assert s.score(0).total == s.score(1).total == 6 and s.score(2).total == 1
    s = deal(3, hands={0: c("gold", 1)})
    assert s.card_values(0) == {ids("gold")[0]: card(ids("gold")[0]).points}


def test_a_bundle_scores_in_hand_and_in_the_inventory_boosts_instead() -> None:
    c = Cards()
    iron_hand, iron_inv = c("iron", 2), c("iron", 2)
    copper_inv, gold = c("copper", 1), c("gold", 2)
    s = deal(2, hands={0: iron_hand + gold}, inventories={0: iron_inv + copper_inv})
    per_iron, per_copper = value_of("iron", "per"), value_of("copper", "per")
    iron_pts, gold_pts = card(iron_hand[0]).points, card(gold[0]).points
    values = s.card_values(0)
    assert set(values) == set(iron_hand + gold), "Inventory cards do not score themselves"
    assert all(values[x] == iron_pts + 2 * per_iron for x in iron_hand), "two bundled Irons: +1 each, twice"
    assert all(values[x] == gold_pts + per_copper for x in gold)
    lines = dict(s.score(0).breakdown)
    assert lines["Bundles"] == 2 * 2 * per_iron + 2 * per_copper
    assert lines["Minerals"] == 2 * iron_pts + 2 * gold_pts
    assert [k for k, _ in s.score(0).breakdown] == list(BREAKDOWN)


def test_sigils_are_worth_one_per_different_sigil_each() -> None:
    sig = ["sightless", "senseless", "selfless", "ceaseless", "sleepless"]
    pts = card(ids(sig[0])[0]).points
    cards3 = [ids(k)[0] for k in sig[:3]]
    s = deal(2, hands={0: cards3[:2]}, stashes={0: cards3[2:]}, inventories={})
    assert s.card_values(0) == dict.fromkeys(cards3, pts + 3) and s.score(0).total == 3 * (pts + 3)
    s = deal(2, hands={0: [ids(k)[0] for k in sig]})
    assert s.score(0).total == 5 * (pts + 5) and dict(s.score(0).breakdown)["Sigils"] == 5 * (pts + 5)
    s = deal(2, hands={0: [ids(sig[0])[0]]})
    assert s.card_values(0) == {ids(sig[0])[0]: pts + 1}


def test_gems_count_the_other_gems_you_score() -> None:
    ruby, sapphire, emerald = ids("ruby"), ids("sapphire"), ids("emerald")
    diamond = ids("diamond")[0]
    pts = {k: card(ids(k)[0]).points for k in ("ruby", "sapphire", "emerald", "diamond", "citrine")}
    s = deal(2, hands={0: ruby + sapphire[:1]})
    v = s.card_values(0)
    r_with = card(ruby[0]).effect["with"]["sapphire"]
    s_with = card(sapphire[0]).effect["with"]["ruby"]
    assert v[ruby[0]] == pts["ruby"] + r_with and v[sapphire[0]] == pts["sapphire"] + 2 * s_with
    s = deal(2, hands={0: emerald})
    e_with = card(emerald[0]).effect["with"]["emerald"]
    assert s.card_values(0) == dict.fromkeys(emerald, pts["emerald"] + e_with), "each counts the other"
    s = deal(2, hands={0: [diamond, ruby[0]]}, stashes={0: [emerald[0]]})
    per = card(diamond).effect["per_gem"]
    assert s.card_values(0)[diamond] == pts["diamond"] + 2 * per
    assert dict(s.score(0).breakdown)["Gems"] == sum(s.card_values(0).values())


def test_the_oracle_citrine_is_worth_your_best_other_gem() -> None:
    diamond, citrine, ruby = ids("diamond")[0], ids("citrine")[0], ids("ruby")[0]
    s = deal(2, hands={0: [citrine]})
    assert s.card_values(0) == {citrine: card(citrine).points}
    s = deal(2, hands={0: [citrine, diamond, ruby]})
    v = s.card_values(0)
    assert v[citrine] == max(v[diamond], v[ruby])


def test_the_stash_and_the_hand_score_the_geode_and_the_rubble_do_not() -> None:
    c = Cards()
    s = deal(2, hands={0: c("gold", 1)}, stashes={0: c("gold", 1)}, geode=c("gold", 1),
             rubble=c("gold", 1))
    assert s.score(0).total == 2 * card(ids("gold")[0]).points and s.score(1).total == 0


def _plain_values() -> None:
    """The tie examples below use the shipped numbers of these cards."""
    pts = {k: card(ids(k)[0]).points for k in ("gold", "iron", "copper", "crystal", "diamond", "ruby",
                                                 "emerald")}
    assert pts == {"gold": 3, "iron": 1, "copper": 1, "crystal": 1, "diamond": 4, "ruby": 2, "emerald": 2}


def test_a_tie_on_points_goes_to_the_highest_valued_group_of_one_card() -> None:
    _plain_values()
    c = Cards()
    # Ann: two Gold (6; a group of 6). Bob: Diamond 4 and two Iron (6; best group the Diamond, 4).
    s = deal(2, hands={0: c("gold", 2), 1: [ids("diamond")[0]] + c("iron", 2)})
    assert s.score(0).total == s.score(1).total == 6
    assert s.tie_key(0) == (6, 6, 3) and s.tie_key(1) == (6, 4, 4)
    assert s.outcome().winners == (0,)
    # The last line says why the win is not shared (the results screen shows it).
    s._game_over()
    end = s._ev[-1]
    assert end.kind == "end" and end.data["tie_break"] == (
        "as many as Bob, and the best group of one card name (6 to 4)")
    assert end.text == "The Mine is empty: Ann wins with 6 points, " + end.data["tie_break"]
    c = Cards()
    # Ann: four Iron (a group of 4); Bob: two Copper and an Emerald (groups of 2).
    s = deal(2, hands={0: c("iron", 4), 1: c("copper", 2) + [ids("emerald")[0]]})
    assert s.score(0).total == s.score(1).total == 4 and s.outcome().winners == (0,)


def test_then_the_highest_valued_single_card_then_the_win_is_shared() -> None:
    _plain_values()
    c = Cards()
    # Ann: two Gold (6: group 6, best card 3). Bob: six Iron (6: group 6, best card 1).
    s = deal(2, hands={0: c("gold", 2), 1: c("iron", 6)})
    assert s.tie_key(0)[:2] == s.tie_key(1)[:2] and s.outcome().winners == (0,)
    c = Cards()
    # Ann: Gold, Iron, two Copper (6: best group 3, best card 3). Bob: Gold and three Iron (6: 3, 3).
    s = deal(2, hands={0: c("gold", 1) + c("iron", 1) + c("copper", 2), 1: c("gold", 1) + c("iron", 3)})
    assert s.tie_key(0) == s.tie_key(1) == (6, 3, 3)
    assert s.outcome().winners == (0, 1) and s.outcome().is_tie
    c = Cards()
    # Three players: Bob and Cy tie for the most Crystals (one each) and get 3 for it.
    s = deal(3, hands={0: c("iron", 3) + c("gold", 1), 1: c("iron", 3) + c("crystal", 1),
                       2: c("crystal", 1)})
    assert [s.score(p).total for p in range(3)] == [6, 6, 3] and s.outcome().winners == (0, 1)


# --------------------------------------------------------------------------- illegal actions
@pytest.mark.parametrize("text, reason", [
    ("bank", "your hand is empty"),
    ("dig:3", "you have no Pickaxe"),
    ("blast", "only in a two-player game"),
    ("keep:1,2,3", "there is nothing to keep"),
    ("end", "take your action first"),
    ("place:0", "that card is not a Bundle in your hand"),
    ("fly", "is not a Grim Prospects move"),
    ("prospect:2", "takes nothing after it"),
])
def test_an_illegal_action_changes_nothing_and_says_why(text: str, reason: str) -> None:
    s = deal(3)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        s.apply(Action.parse(text))
    assert reason in str(err.value) and reason in s.explain_illegal(Action.parse(text))
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_while_choosing_only_a_keep_of_exactly_the_prospected_cards_is_allowed() -> None:
    c = Cards()
    a, b, d = c.one("gold"), c.one("ruby"), c.one("crystal")
    s, _ = act(deal(2, top=[a, b, d]), "prospect")
    assert "choose which card to keep" in s.why_not(Action("dig"))
    assert "not the cards you are looking at" in s.why_not(Action.parse(keep(a, b)))
    assert "not the cards you are looking at" in s.why_not(Action.parse(keep(a, b, b)))
    assert "not the cards you are looking at" in s.why_not(Action.parse(keep(a, b, 0)))
    assert "by number" in s.why_not(Action.parse("keep:a,b,c"))
    assert s.why_not(Action.parse(keep(a, d, b))) is None
    with pytest.raises(IllegalAction):
        act(deal(2).copy(), "keep:1,2,3")


def test_nothing_is_allowed_once_the_game_is_over() -> None:
    c = Cards()
    items = ids("pickaxe") + ids("canary") + ids("lens") + ids("torch")
    s, _ = act(deal(2, top=c("gold", 1), bottom=[], inventories={1: items}), "dig")
    assert s.is_over() and s.why_not(Action("dig")) == "the game is over"
    with pytest.raises(IllegalAction):
        s.apply(Action("dig"))


# --------------------------------------------------------------------------- views
def test_a_view_shows_your_hand_and_only_the_sizes_of_the_others() -> None:
    c = Cards()
    mine_hand, their_hand, their_stash = c("gold", 2), c("ruby", 2), c("crystal", 3)
    s = deal(3, hands={0: mine_hand, 1: their_hand}, stashes={1: their_stash, 0: c("iron", 1)})
    v = s.view(0)
    assert v.player == 0 and v.state.hands[0] == mine_hand and v.state.stashes[0] == s.stashes[0]
    assert v.state.hands[1] == [HIDDEN, HIDDEN] and v.state.stashes[1] == [HIDDEN] * 3
    assert all(x == HIDDEN for x in v.state.mine) and len(v.state.mine) == len(s.mine)
    assert not v.knows(their_hand[0]) and v.knows(mine_hand[0])
    assert set(v.unknown()) == set(range(DECK_SIZE)) - set(mine_hand + s.stashes[0])
    spectator = s.view(None)
    assert spectator.player is None and spectator.state.hands[0] == [HIDDEN, HIDDEN]
    assert spectator.state.rng.state == 0


def test_the_prospector_remembers_the_order_it_put_back_and_others_only_the_count() -> None:
    c = Cards()
    a, b, d = c.one("gold"), c.one("ruby"), c.one("crystal")
    s, _ = act(deal(3, top=[a, b, d]), "prospect", keep(a, d, b))
    v0, v1 = s.view(0), s.view(1)
    assert v0.state.mine[-2:] == [b, d] and v1.state.mine[-2:] == [HIDDEN, HIDDEN]
    # Bob digs both: Ann knows where they went, Cy does not
    s2, _ = act(s, "dig")
    assert s2.view(0).state.hands[1] == [d, b] and s2.view(2).state.hands[1] == [HIDDEN, HIDDEN]
    assert s2.view(0).knows(d) and not s2.view(2).knows(d)
    assert s2.to_move() == 2


def test_a_geode_shuffle_forgets_positions_but_not_that_the_cards_are_in_the_mine() -> None:
    c = Cards()
    a, b, d, dyn, e = c.one("gold"), c.one("ruby"), c.one("crystal"), c.one("dynamite"), c.one("iron")
    s, _ = act(deal(2, top=[a, b, d, dyn, e]), "prospect", keep(a, b, d))
    assert s.view(0).state.mine[-2:] == [d, b]
    # Bob digs Ruby and Crystal: Ann knows where they went. The Geode then reveals the Dynamite
    # (shuffled back) and gains the Iron.
    s2, _ = act(s, "dig")
    assert s2.geode == [e] and dyn in s2.mine and s2.to_move() == 0
    v = s2.view(0)
    assert v.state.hands[1] == [b, d]
    assert all(x == HIDDEN for x in v.state.mine), "the shuffle forgets every position"
    assert dyn in v.known_in_mine() and dyn in v.unknown() and not v.knows(dyn)
    for seed in range(20):
        sample = v.sample_state(Rng(seed))
        assert dyn in sample.mine and sample.view(0).fingerprint() == v.fingerprint()


def test_without_a_revealed_trap_the_geode_shuffles_nothing_and_put_backs_stay_known() -> None:
    c = Cards()
    a, b, d, dyn, e = c.one("gold"), c.one("ruby"), c.one("crystal"), c.one("dynamite"), c.one("iron")
    s, _ = act(deal(2, top=[a, b, d, dyn, e, c.one("gold")], hands={1: c("iron", 1)}),
               "prospect", keep(a, b, d))
    # Bob returns to base; the Geode reveals Ruby (no Trap first): no shuffle, Ann knows Crystal
    s2, _ = act(s, "bank")
    assert s2.geode == [b] and s2.view(0).state.mine[-1] == d
    # Ann digs Crystal and then the Dynamite, which blows her Gold and Crystal into the Rubble,
    # face up
    s3, _ = act(s2, "dig")
    assert set(s3.rubble[-3:]) == {a, d, dyn} and s3.rubble[-1] == dyn and not s3.hands[0]
    assert s3.view(1).knows(d) and s3.view(1).knows(a)


def test_samples_keep_items_and_traps_out_of_hands_and_a_bundle_in_a_pausing_hand() -> None:
    c = Cards()
    iron, gold = c.one("iron"), c.one("gold")
    s, _ = act(deal(2, top=[gold, c.one("crystal")], hands={0: [iron]}), "dig")
    assert s.phase == AFTER
    v = s.view(1)
    for seed in range(30):
        t = v.sample_state(Rng(seed))
        t.check()
        assert t.bundles_in_hand(0), "everyone can tell the mover holds a Bundle"
        assert all(card(x).goes_to_hand for q in range(2) for x in t.hands[q] + t.stashes[q])
        assert t.view(1).fingerprint() == v.fingerprint()


# --------------------------------------------------------------------------- saves
def test_a_position_round_trips_through_json_with_its_knowledge() -> None:
    c = Cards()
    a, b, d = c.one("gold"), c.one("ruby"), c.one("crystal")
    s, _ = act(deal(2, top=[a, b, d], inventories={1: ids("torch")}), "prospect")
    data = json.loads(json.dumps(s.to_json()))
    back = GrimState.from_json(data)
    assert back.to_json() == s.to_json() and back.view(0).fingerprint() == s.view(0).fingerprint()
    s2, _ = act(s, keep(a, b, d))
    back = GrimState.from_json(json.loads(json.dumps(s2.to_json())))
    assert back.view(0).state.mine[-2:] == [d, b] and back.view(1).state.mine[-1] == b


def _tampered(data: dict, **changes: object) -> dict:
    out = json.loads(json.dumps(data))
    out.update(changes)
    return out


def test_a_tampered_save_is_refused_with_the_reason() -> None:
    c = Cards()
    s = deal(3, hands={0: c("gold", 2)})
    data = s.to_json()
    dup = _tampered(data, rubble=data["rubble"] + [data["hands"][0][0]])
    with pytest.raises(BadSave, match="do not add up"):
        GrimState.from_json(dup)
    item = ids("lens")[0]
    moved = _tampered(data, mine=[x for x in data["mine"] if x != item],
                      hands=[data["hands"][0] + [item], [], []])
    with pytest.raises(BadSave, match="Item or a Trap"):
        GrimState.from_json(moved)
    with pytest.raises(BadSave, match="phase"):
        GrimState.from_json(_tampered(data, phase="lunch"))
    with pytest.raises(BadSave, match="prospect"):
        GrimState.from_json(_tampered(data, phase="choose"))
    with pytest.raises(BadSave, match="wrong number of players"):
        GrimState.from_json(_tampered(data, hands=[data["hands"][0], []]))
    with pytest.raises(BadSave, match="not at the table"):
        GrimState.from_json(_tampered(data, turn=3))
    with pytest.raises(BadSave):
        GrimState.from_json(_tampered(data, seen=[[60], [], []]))
    with pytest.raises(BadSave):
        GrimState.from_json(_tampered(data, mine=data["mine"][:-1] + ["x"]))
    with pytest.raises(BadSave, match="over"):
        GrimState.from_json(_tampered(data, phase="over"))
    with pytest.raises(BadSave, match="Bundle"):
        GrimState.from_json(_tampered(data, phase="after"))
    geode = _tampered(data, mine=data["mine"][1:], geode=[data["mine"][0]])
    with pytest.raises(BadSave, match="Geode"):
        GrimState.from_json(geode)
    in_hand = data["hands"][0][0]
    with pytest.raises(BadSave, match="remembers a card in the Mine"):
        GrimState.from_json(_tampered(data, in_mine=[[], [in_hand], []]))
    with pytest.raises(BadSave, match="remembers a card in another hand"):
        GrimState.from_json(_tampered(data, known=[[in_hand], [], []]))
    assert GrimState.from_json(_tampered(data, known=[[], [in_hand], []])).known[1] == 1 << in_hand
    other = _tampered(data, game="ya_blew_it")
    with pytest.raises(BadSave):
        GrimState.from_json(other)


def test_the_canary_does_not_stop_dynamite() -> None:
    c = Cards()
    dyn, hand = c.one("dynamite"), c("gold", 2)
    s = deal(2, top=[dyn], hands={0: hand}, inventories={0: ids("canary")})
    s2, events = act(s, "dig")
    assert sorted(of(events, "discard")[0].data["cards"]) == sorted(hand) and not of(events, "spared")


def test_turn_events_and_progress_speak_in_names() -> None:
    c = Cards()
    s = deal(2, top=[c.one("ruby"), c.one("crystal")], hands={1: c("gold", 1)})
    s2, events = act(s, "dig")
    assert of(events, "dig")[0].text == "Ann dug two cards"
    assert [e.text for e in of(events, "draw")] == ["Ann drew Ruby", "Ann drew Crystal"]
    assert of(events, "turn")[0].text == "Round 1: Bob's turn" and of(events, "turn")[0].data == {"player": 1, "round": 1}
    assert s2.progress() == f"Mine: {len(s2.mine)} cards"


# --------------------------------------------------------------------------- the rules page
def test_the_rules_page_pins_every_interpretation_to_a_test_that_exists() -> None:
    import re
    from pathlib import Path

    import test_grim_prospects_properties as props

    text = (Path(__file__).resolve().parents[1] / "docs" / "rules" / "grim_prospects.md").read_text("utf-8")
    for heading in ("## How to play", "## Examples from the rulebook", "## Interpretations"):
        assert heading in text
    here = globals()
    for module, name in re.findall(r"tests/(test_grim_prospects_\w+)\.py::(\w+)", text):
        found = here if module == "test_grim_prospects_rules" else vars(props)
        assert callable(found.get(name)), f"{module}::{name} does not exist"
    interpretations = text.split("## Interpretations", 1)[1].split("\n## ", 1)[0]
    entries = interpretations.split("\n### ")[1:]
    assert len(entries) >= 15
    for entry in entries:
        assert 'Rulebook: "' in entry and "tests/test_grim_prospects_" in entry, entry[:60]
