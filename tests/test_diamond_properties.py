"""Property tests for Diamond in the Rough over whole seeded games, 2-4 players, played by random
moves, easy bots and normal bots in turn.

After every action: every card of the game is in exactly one place (deck, row, boxed, hands,
tableaus) and the position passes the save checks; every seat's view (and a spectator's) hides
what it must: another hand shows only the cards shown to all, the deck shows nothing; a public
event never names a card that sits unseen in a hand; samples dealt from each view, blind and
as the hard bot guesses them, agree with it (the same view again, the "no <resource>" facts
honoured); saves round-trip. At the end: the game ended within a bound, and its result is the
right one for how it ended. Bots decide the same for every position dealt from the same view.
"""

from __future__ import annotations

import json

import pytest
from diamond_positions import config

from game.core.rng import Rng, derive_seed
from game.games.diamond_in_the_rough.bots import BOTS
from game.games.diamond_in_the_rough.cards import deck_ids
from game.games.diamond_in_the_rough.rules import (
    GEM_ID,
    HIDDEN,
    INFO,
    RETIRE_KIND,
    DiamondState,
    _zones,
    kind_of,
    new_game,
)
from game.games.diamond_in_the_rough.search import POLICY

STYLES = ("random", "easy", "normal")
CASES = [(2 + seed % 3, STYLES[seed % 3], seed) for seed in range(30)]
MAX_ACTIONS = 200

CARD_KEYS = ("card", "cards", "took", "row")


def public_cards(event) -> list[int]:
    out: list[int] = []
    for key in CARD_KEYS:
        v = event.data.get(key)
        if isinstance(v, int):
            out.append(v)
        elif isinstance(v, list):
            out += [c for c in v if isinstance(c, int)]
    return out


def check_views(s: DiamondState, rng: Rng) -> None:
    for p in [None, *range(s.n)]:
        v = s.view(p)
        assert v.state.deck == [HIDDEN] * len(s.deck)
        for q in range(s.n):
            masked = v.state.hands[q]
            assert len(masked) == len(s.hands[q])
            if q == p:
                assert masked == s.hands[q]
            else:
                known = [c for c in masked if c != HIDDEN]
                assert set(known) == {c for c in s.hands[q] if c in s.shown}
            assert v.no_resource(q) <= set(s.resources)
            # A fact the view holds is true of the hand.
            assert not any(kind_of(c) in v.no_resource(q) for c in s.hands[q])
        for deal in (v.sample_state, v.sample_state, lambda r: POLICY.deal(v, r)):
            sample = deal(rng)
            sample.check()
            assert sample.view(p).fingerprint() == v.fingerprint()
            assert sorted(_zones(sample)) == list(deck_ids(s.n))


def play(n: int, style: str, seed: int, bot_checks: int = 0):
    s, events = new_game(config(n, first_player=seed % n), seed)
    rng = Rng(derive_seed(seed, "moves"))
    bots = [BOTS["normal" if style == "normal" and p % 2 == 0 else "easy"](derive_seed(seed, p))
            for p in range(n)]
    log = list(events)
    actions = 0
    checked = 0
    while not s.is_over():
        assert actions < MAX_ACTIONS
        p = s.to_move()
        assert p is not None
        legal = s.legal_actions()
        assert legal and all(s.why_not(a) is None for a in legal)
        if style == "random":
            a = rng.choice(legal)
        else:
            view = s.view(p)
            a = bots[p].choose(view)
            if checked < bot_checks:
                checked += 1
                for k in range(2):
                    other = view.sample_state(Rng(k)).view(p)
                    level = type(bots[p])
                    assert level(derive_seed(seed, p)).choose(other) == level(derive_seed(seed, p)).choose(view)
        assert a in legal
        s, events = s.apply(a)
        actions += 1
        s.check()
        for e in events:
            if e.visible_to is None:
                for c in public_cards(e):
                    in_hand = [q for q in range(n) if c in s.hands[q]]
                    assert not in_hand or c in s.shown, (e.kind, c)
            elif e.kind in ("draw", "hand"):
                assert e.visible_to == frozenset({e.data["player"]})
        if actions % 3 == 0 or s.is_over():
            check_views(s, rng)
            data = json.loads(json.dumps(s.to_json()))
            assert INFO.from_json(data).to_json() == s.to_json()
        log += events
    return s, log


@pytest.mark.parametrize("n, style, seed", CASES)
def test_seeded_games_conserve_cards_hide_secrets_and_end_right(n: int, style: str, seed: int) -> None:
    s, log = play(n, style, seed, bot_checks=2 if style != "random" else 0)
    ending = s.ending()
    end = [e for e in log if e.kind == "end"]
    assert len(end) == 1 and end[0].data["ending"] == ending
    if ending in ("retire_four", "retire_three_gem"):
        retire = [e for e in log if e.kind == "retire"][-1]
        cards = retire.data["cards"]
        assert s.winners == (retire.data["player"],)
        kinds = {kind_of(c) for c in cards if c != GEM_ID}
        assert len(kinds) == 1
        assert len(cards) == RETIRE_KIND and ((GEM_ID in cards) == (ending == "retire_three_gem"))
    elif ending == "four_at_end":
        # The last turns over, whoever could still discard four of a kind wins, Gem or no Gem.
        assert s.winners == tuple(p for p in range(s.n) if s.fours(p)) and s.winners
    elif ending == "gem_holder":
        assert s.winners == (s.gem_holder(),) and s.gem_holder() is not None
        assert not any(s.fours(p) for p in range(s.n))
    else:
        # Nobody holds the Gem: it lies in the row, or (a game that stalled) still in the deck.
        assert ending == "everybody_loses" and s.winners == () and s.gem_holder() is None
        assert GEM_ID in s.row or GEM_ID in s.deck
        assert s.outcome().winners == ()


def test_every_ending_happens_in_seeded_random_games() -> None:
    seen = set()
    for seed in range(200):
        s, _ = new_game(config(2 + seed % 3), seed)
        rng = Rng(seed)
        while not s.is_over():
            s, _ = s.apply(rng.choice(s.legal_actions()))
        seen.add(s.ending())
    assert seen == {"retire_four", "retire_three_gem", "gem_holder", "everybody_loses", "four_at_end"}


@pytest.mark.parametrize("tries", [1, 400])
def test_a_sample_honours_the_no_facts_even_when_they_leave_few_cards(tries: int, monkeypatch) -> None:
    # Bo is known to lack crates and oil and holds three unknown cards; Cyd lacks oil and fish.
    # One shuffle fits only now and then, so with one try most deals are dealt place by place.
    from diamond_positions import position
    import game.games.diamond_in_the_rough.rules as rules

    monkeypatch.setattr(rules, "FAIR_TRIES", tries)

    s = position(3, [[1, 2], [11, 12, 96], [3, 4, 97]], row=[5], deck=[41, 6, 7, 8, 9, 10, 13, 14, 15, 98, 99, 100])
    s.lacks[1] = {"crates", "oil"}
    s.lacks[2] = {"oil", "fish"}
    s.check()
    v = s.view(0)
    for k in range(30):
        t = v.sample_state(Rng(k))
        t.check()
        assert not any(kind_of(c) in ("crates", "oil") for c in t.hands[1])
        assert not any(kind_of(c) in ("oil", "fish") for c in t.hands[2])
        assert t.view(0).fingerprint() == v.fingerprint()


def test_a_blind_deal_gives_every_agreeing_deal_the_same_chance() -> None:
    # Bo is known to lack fish; Cyd and Dee, dealt after him, lack nothing. In a fair deal each
    # Fish Ana cannot see is in any place but Bo's with the same chance: in Cyd's hand with the
    # chance of his hidden places over those of Cyd, Dee and the deck. (A deal that gave Bo the
    # first cards he may hold left the Fish he skipped on top for Cyd, nearly doubling his share.)
    from diamond_positions import FISH, position

    s = position(4, [[1, 2], [6, 7, 16, 96], [3, 4, 17, 97], [5, 8]], rest="deck")
    s.lacks[1] = {"fish"}
    s.check()
    v = s.view(0)
    fish = sum(1 for c in v.unknown() if c in FISH)
    exact = fish * 4 / (4 + 2 + len(s.deck))
    deals = 3000
    seen = sum(1 for k in range(deals) for c in v.sample_state(Rng(k)).hands[2] if c in FISH) / deals
    assert abs(seen - exact) < 0.05, (seen, exact)


def test_the_statistics_name_each_games_ending_and_length() -> None:
    from game.games.diamond_in_the_rough.stats import ENDING_KEYS, game_table

    for n, style, seed in CASES[:9]:
        s, log = play(n, style, seed)
        table = game_table(log)
        assert [k for k in ENDING_KEYS.values() if table[k] == 1.0] == [ENDING_KEYS[s.ending()]]
        assert sum(table[k] for k in ENDING_KEYS.values()) == 1.0
        assert table["turns"] == sum(1 for e in log if e.kind == "turn") and table["turns"] >= 1
        assert table["turns_per_player"] == table["turns"] / n
        shares = [table[f"win_share_turn_position_{k}"] for k in range(1, n + 1)]
        assert sum(shares) == (0.0 if s.ending() == "everybody_loses" else 1.0)
        for w in s.winners:   # (a win shared by two at the end: a half each)
            assert shares[(w - seed % n) % n] == 1.0 / len(s.winners)


def test_a_shared_win_counts_half_for_each_place_in_the_turn_order() -> None:
    from game.core.contract import Event
    from game.games.diamond_in_the_rough.stats import game_table

    log = [Event("setup", "", {"players": 3, "first": 1}),
           Event("end", "", {"ending": "four_at_end", "winners": [0, 1]})]
    table = game_table(log)
    assert table["ended_four_at_end"] == 1.0
    # Seat 1 played first, seat 0 third: a half each; the first player's share is a half.
    assert [table[f"win_share_turn_position_{k}"] for k in (1, 2, 3)] == [0.5, 0.0, 0.5]
    assert table["first_player_win_share"] == 0.5
