"""Grim Prospects' search policy for the hard bot (game/games/grim_prospects/search.py): its
playout moves are legal, its bare-list playout scores as the rules do, the tree sees every kind of
choice once per card name, the coach has words for every action, and the search finds the obvious
move in positions built for it."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from game.bots import make_bot
from game.bots.search import Budget, Choice, HardBot, policy_for
from game.core.contract import Action, GameConfig
from game.core.rng import Rng, derive_seed
from game.games import get
from game.games.grim_prospects import search as gs
from game.games.grim_prospects.cards import deck
from game.games.grim_prospects.rules import GrimState

GAME = "grim_prospects"
CARDS = deck()
ID = {}
for _c in CARDS:
    ID.setdefault(_c.key, []).append(_c.id)


def _new(players: int, seed: int, first: int = 0) -> GrimState:
    state, _ = get(GAME).new(GameConfig(players=players, options={"first_player": first}), seed)
    assert isinstance(state, GrimState)
    return state


def _positions(players: int, seed: int, level: str = "normal") -> Iterator[GrimState]:
    """Every position of one seeded bot game."""
    state = _new(players, seed, first=seed % players)
    bots = [make_bot(GAME, level, derive_seed(seed, "bot", i)) for i in range(players)]
    while not state.is_over():
        yield state
        seat = state.to_move()
        assert seat is not None
        state, _ = state.apply(bots[seat].choose(state.view(seat)))


def test_the_game_uses_its_own_policy() -> None:
    assert policy_for(GAME) is gs.POLICY
    assert 0 < gs.POLICY.seconds <= 1.0 and gs.POLICY.iterations > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playout_moves_are_legal_in_sampled_positions(players: int) -> None:
    rng = Rng(players)
    phases = set()
    for seed in range(3):
        for state in _positions(players, 40 + seed, "random" if seed == 2 else "normal"):
            seat = state.to_move()
            sample = state.view(seat).sample_state(Rng(rng.next64()))
            legal = sample.legal_actions()
            for _ in range(3):
                assert gs.POLICY.rollout_action(sample, rng) in legal
            phases.add(sample.phase)
    assert phases >= {"start", "choose"}


@pytest.mark.parametrize("players", [2, 4])
def test_the_bare_playout_ends_and_values_each_seat_from_0_to_1(players: int) -> None:
    for seed in range(2):
        for i, state in enumerate(_positions(players, 90 + seed)):
            if i % 5 or state.phase != "start":
                continue
            sample = state.view(state.to_move()).sample_state(Rng(i))
            values = gs._playout(sample, gs.POLICY.style, random.Random(i))
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
            if players == 2:
                assert sum(values) == pytest.approx(1.0)


def test_the_playout_scoring_agrees_with_the_rules() -> None:
    rng = Rng(7)
    checked = 0
    for g in range(40):
        players = 2 + g % 4
        state = _new(players, 500 + g)
        while not state.is_over():
            state = state.advance(gs.POLICY.rollout_action(state, rng))
        counts = []
        for p in range(players):
            ct = [0] * gs.NK
            gs._counts(state.hands[p] + state.stashes[p], ct)
            counts.append(ct)
        most = [max(ct[k] for ct in counts) for k in range(gs.NK)]
        for p in range(players):
            placed = [0] * gs.NK
            for c in state.inventories[p]:
                if gs.IS_BUNDLE[c]:
                    placed[gs.BOOSTS[c]] += gs.BUNDLE_PER[c]
            assert gs.score_counts(counts[p], placed, most) == state.score(p).total
            checked += 1
    assert checked > 100


def test_the_bare_playout_keeps_winners_and_losers_apart() -> None:
    """A finished-looking race: the seat far ahead with one card left in the Mine wins nearly
    every playout."""
    state = _new(2, 3)
    data = state.to_json()
    everything = list(range(len(CARDS)))
    rich = ID["gold"] + ID["diamond"] + ID["ruby"] + ID["sapphire"]
    last = ID["iron"][0]
    items = [c.id for c in CARDS if c.ability == "item"]
    rest = [c for c in everything if c not in rich and c != last and c not in items]
    data.update(mine=[last], hands=[[], []], stashes=[rich, []], rubble=rest, geode=[],
                inventories=[[], items], seen=[[], []], in_mine=[[], []], known=[[], []])
    rich_state = GrimState.from_json(data)
    values = gs._playout(rich_state, gs.POLICY.style, random.Random(1))
    assert values[0] > 0.9 > 0.1 > values[1]


def test_at_the_decision_the_tree_weighs_each_card_name_once() -> None:
    seen_keep = seen_place = 0
    policy = gs.GrimPolicy()
    for players in (2, 4):
        for seed in range(4):
            for state in _positions(players, 200 + seed):
                view = state.view(state.to_move())
                legal = state.legal_actions()
                policy.root_prior(view, legal)   # the search asks this first: the decision
                tree = policy.tree_actions(view.sample_state(Rng(seed)), legal)
                assert tree and set(tree) <= set(legal)
                if state.phase == "choose":
                    seen_keep += 1
                    kept = [int(a.args[0]) for a in tree]
                    assert len({CARDS[c].key for c in kept}) == len(kept)
                    assert {CARDS[c].key for c in kept} == {CARDS[c].key for c in state.looking}
                    for a in tree:
                        back = [CARDS[int(c)].is_trap for c in a.args[1:]]
                        assert back == sorted(back, reverse=True)  # Traps go back on top
                else:
                    places = [a for a in tree if a.kind == "place"]
                    seen_place += bool(places)
                    assert len({CARDS[int(a.args[0])].key for a in places}) == len(places)
                    assert [a for a in tree if a.kind != "place"] == \
                        [a for a in legal if a.kind != "place"]
    assert seen_keep > 10 and seen_place > 3


def test_deeper_in_the_tree_only_the_main_action_branches() -> None:
    policy = gs.GrimPolicy()
    first = _new(2, 5)
    policy.root_prior(first.view(0), first.legal_actions())
    keeps = branching = 0
    for state in _positions(2, 250):
        if gs._position_key(state) == gs._position_key(first):
            continue
        legal = state.legal_actions()
        tree = policy.tree_actions(state, legal)
        assert tree and set(tree) <= set(legal)
        if state.phase == "choose":
            keeps += 1
            assert tree == [policy.rollout_action(state, Rng(0))]
        elif any(a.kind == "place" for a in tree):
            assert len(tree) == 1
        elif state.phase == "start":
            branching += 1
            assert tree == [a for a in legal if a.kind != "place"]
    assert keeps > 5 and branching > 5


def test_the_prior_is_the_normal_bots_choice_as_the_tree_names_it() -> None:
    policy = gs.GrimPolicy()
    normal = make_bot(GAME, "normal", 0)
    checked = 0
    for state in _positions(2, 260):
        view = state.view(state.to_move())
        legal = view.legal_actions()
        if len(legal) < 2:
            continue
        prior = policy.root_prior(view, legal)
        (action, (win, weight)), = prior.items()
        assert action in policy.tree_actions(view.sample_state(Rng(1)), legal)
        wanted = normal.choose(view)
        assert action.kind == wanted.kind
        if action.args:
            assert CARDS[int(action.args[0])].key == CARDS[int(wanted.args[0])].key
        assert 0 <= win <= 1 and weight == policy.prior_weight
        checked += 1
    assert checked > 20


def test_the_coach_has_words_for_every_kind_of_action() -> None:
    kinds: set[str] = set()
    for seed in range(40):
        for state in _positions(2, 600 + seed):
            seat = state.to_move()
            view = state.view(seat)
            for action in view.legal_actions():
                key = action.kind + (":3" if action.kind == "dig" and action.args else "")
                if key in kinds and action.kind != "keep":
                    continue
                kinds.add(key)
                text = gs.POLICY.describe(view, action)
                assert text and text != str(action) and "None" not in text
                why = gs.POLICY.reason(view, Choice(action, 0.43, 10), [Choice(action, 0.43, 10)])
                # Why, not what or how likely: the coach shows the move and its chance beside it.
                assert why and why[0].isupper() and "None" not in why
                assert "43%" not in why and not why.startswith(text + ":")
        if kinds >= {"dig", "dig:3", "prospect", "bank", "blast", "place", "end", "keep"}:
            break
    assert kinds >= {"dig", "dig:3", "prospect", "bank", "blast", "place", "end", "keep"}


def test_the_words_name_the_cards_and_the_odds() -> None:
    state = _new(2, 11)
    data = state.to_json()
    data["mine"] = [c for c in data["mine"] if c not in ID["dynamite"][:2]]
    data["rubble"] = ID["dynamite"][:2]
    state = GrimState.from_json(data)
    view = state.view(state.turn)
    assert gs.POLICY.describe(view, Action("dig")) == "Dig two cards"
    assert gs.POLICY.reason(view, Choice(Action("dig"), 0.25, 9), []).startswith(
        "Seven Traps in the 52 cards of the Mine")
    keep = Action("keep", (str(ID["ruby"][0]), str(ID["dynamite"][0]), str(ID["iron"][0])))
    assert gs.POLICY.describe(view, keep) == "Keep the Ruby; Dynamite back on top, then Iron"


def _built(mine_top: list[int], hand: list[int], players: int = 2) -> GrimState:
    """Seat 0 to move with `hand`, and the Mine's top cards `mine_top` (the last on top), which
    seat 0 put back and so knows."""
    state = _new(players, 21)
    data = state.to_json()
    taken = set(mine_top) | set(hand)
    mine = [c for c in data["mine"] if c not in taken] + mine_top
    hands = [list(hand)] + [[] for _ in range(players - 1)]
    seen = [list(range(len(mine) - len(mine_top), len(mine)))] + [[] for _ in range(players - 1)]
    data.update(mine=mine, hands=hands, seen=seen, turn=0, first_player=0, phase="start")
    return GrimState.from_json(data)


def test_hard_does_not_dig_into_dynamite_it_knows_with_a_rich_hand() -> None:
    hand = ID["gold"] + ID["diamond"] + ID["emerald"]
    state = _built(ID["dynamite"][:2], hand)
    view = state.view(0)
    assert Action("dig") in view.legal_actions()
    for seed in range(3):
        action = HardBot(seed, GAME, Budget(150)).choose(view)
        assert action.kind != "dig"


def test_hard_keeps_the_diamond_over_small_change() -> None:
    state = _built([ID["iron"][0], ID["copper"][0], ID["diamond"][0]], [])
    state, _ = state.apply(Action("prospect"))
    view = state.view(0)
    for seed in range(3):
        action = HardBot(seed, GAME, Budget(120)).choose(view)
        assert action.kind == "keep" and int(action.args[0]) == ID["diamond"][0]


def test_the_reason_for_a_keep_says_which_find_is_best_and_what_a_kept_trap_does() -> None:
    state = _built([ID["iron"][0], ID["gas_leak"][0], ID["diamond"][0]], [])
    state, _ = state.apply(Action("prospect"))
    view = state.view(0)
    keeps = {int(a.args[0]): a for a in view.legal_actions() if a.kind == "keep"}

    def why(card: int) -> str:
        return gs.POLICY.reason(view, Choice(keeps[card], 0.3, 5), [])

    assert why(ID["diamond"][0]).startswith("It adds most to your score now: 4 points")
    # The figures the game counts now, the best find's beside a lesser keep's.
    assert why(ID["iron"][0]).startswith("It adds 1 point to your score now, the Diamond 4 points")
    assert "goes off against your hand" in why(ID["gas_leak"][0])
    assert "every card you looked at is a Trap" not in why(ID["gas_leak"][0])


def test_the_reasons_for_a_keep_know_the_canary_and_the_two_player_geode() -> None:
    """A Gas Leak kept by a player with a Canary goes off against the others only (it was said
    to go off against their hand); with two players, a Trap put back by the player whose turn
    ends the round is turned over by the Geode's draw and shuffled back into the Mine, so it does
    not wait on top for the next player."""
    def reasons(first: int, inventory: list[int]) -> dict[int, str]:
        data = _built([ID["gas_leak"][0], ID["iron"][0], ID["diamond"][0]], []).to_json()
        mine = [c for c in data["mine"] if c not in inventory]
        data.update(first_player=first, inventories=[inventory, []], mine=mine,
                    seen=[list(range(len(mine) - 3, len(mine))), []])
        state, _ = GrimState.from_json(data).apply(Action("prospect"))
        view = state.view(0)
        return {int(a.args[0]): gs.POLICY.reason(view, Choice(a, 0.3, 5), [])
                for a in view.legal_actions() if a.kind == "keep"}

    plain = reasons(0, [])
    assert "goes off against your hand" in plain[ID["gas_leak"][0]]
    assert plain[ID["diamond"][0]].endswith("the Gas Leak goes back on top for the next player")
    canary = reasons(0, [ID["canary"][0]])
    assert canary[ID["gas_leak"][0]].startswith(
        "The Gas Leak goes off against the others only: your Canary keeps your hand safe")
    second = reasons(1, [])   # seat 0 plays second: the Geode's draw follows its turn
    assert "for the next player" not in second[ID["diamond"][0]]
    assert second[ID["diamond"][0]].endswith("the Geode's draw shuffles it back into the Mine")


def test_two_finds_worth_as_much_do_not_both_claim_to_add_most() -> None:
    state = _built([ID["iron"][0], ID["sapphire"][0], ID["ruby"][0]], [])
    state, _ = state.apply(Action("prospect"))
    view = state.view(0)
    keeps = {int(a.args[0]): a for a in view.legal_actions() if a.kind == "keep"}

    def why(card: int) -> str:
        return gs.POLICY.reason(view, Choice(keeps[card], 0.3, 5), [])

    sapphire, ruby = why(ID["sapphire"][0]), why(ID["ruby"][0])
    assert sapphire.startswith("It and the Ruby add most to your score now, 2 points each"), sapphire
    assert ruby.startswith("It and the Sapphire add most to your score now, 2 points each"), ruby
    assert why(ID["iron"][0]).startswith("It adds 1 point to your score now, the ")


def test_the_reason_for_a_keep_counts_what_the_card_adds_as_the_game_scores_it() -> None:
    """The reason called a Ruby (2 points) "most" beside a Sigil that would add 7 to the Sigils
    already held, from each card's rough worth alone (from a review of the coach's lines)."""
    held = [ID[key][0] for key in ("sightless", "senseless", "selfless")]
    sleepless = ID["sleepless"][0]
    state = _built([ID["iron"][0], sleepless, ID["ruby"][0]], held)
    state, _ = state.apply(Action("prospect"))
    view = state.view(0)
    keeps = {int(a.args[0]): a for a in view.legal_actions() if a.kind == "keep"}
    ruby = gs.POLICY.reason(view, Choice(keeps[ID["ruby"][0]], 0.5, 9), [])
    sigil = gs.POLICY.reason(view, Choice(keeps[sleepless], 0.5, 9), [])
    assert ruby.startswith("It adds 2 points to your score now, the Sleepless Sigil 7 points"), ruby
    assert sigil.startswith("It adds most to your score now: 7 points"), sigil


def test_the_reason_for_placing_a_bundle_counts_the_others_it_boosts_not_itself() -> None:
    iron_bundle = next(c.id for c in deck() if c.kind == "bundle" and c.effect["boosts"] == "iron")
    state = _built([ID["gold"][0]], [iron_bundle, ID["iron"][1] if ID["iron"][1] != iron_bundle
                                     else ID["iron"][2]])
    view = state.view(0)   # (the reason reads the hand only, in any phase)
    place = Action("place", (str(iron_bundle),))
    why = gs.POLICY.reason(view, Choice(place, 0.4, 9), [])
    assert why == "It adds to each Iron you score; you hold 1", why
    # A Bundle placed with nothing to boost costs its own point now, and the line says so (it
    # only said "you hold none yet", from a review of the coach's lines).
    alone = _built([ID["gold"][0]], [iron_bundle]).view(0)
    why = gs.POLICY.reason(alone, Choice(place, 0.4, 9), [])
    assert why == "It adds to each Iron you score; you hold none yet; 1 point fewer now", why


def test_a_put_back_top_holds_a_trap_far_more_often_than_a_random_deal_would_make_it() -> None:
    # The fact the four-player deal is built on: a prospector puts its Traps on top, and the
    # players after it prospect there rather than dig, so the Traps gather on top.
    rates = gs.put_back_trap_rates(4, 12, seed=3)
    positions, trap_rate, share = rates["top"]
    assert positions > 50
    assert trap_rate > share + 0.3
    # With two players there is nobody between, and the top is about as likely a Trap as any card.
    positions, trap_rate, share = gs.put_back_trap_rates(2, 12, seed=3)["top"]
    assert positions > 20 and trap_rate < share + 0.2


def _put_back_positions(players: int, seeds: range) -> Iterator[GrimState]:
    for seed in seeds:
        for state in _positions(players, seed):
            seat = state.to_move()
            if state.phase == "start" and gs.put_back_top(state, seat) >= 0:
                yield state


def test_with_four_players_the_deal_puts_a_trap_on_a_put_back_top_as_often_as_games_do() -> None:
    dealt = plain = total = 0
    for state in _put_back_positions(4, range(60, 66)):
        seat = state.to_move()
        view = state.view(seat)
        for k in range(8):
            deal = gs.POLICY.deal(view, Rng(k))
            sample = view.sample_state(Rng(k))
            # The same cards in every zone; only the Mine's unseen cards may change places, and
            # every card the seat knows stays where it is.
            assert deal.hands == sample.hands and deal.stashes == sample.stashes
            assert sorted(deal.mine) == sorted(sample.mine)
            for known, card in zip(view.state.mine, deal.mine):
                assert known == gs.HIDDEN or known == card
            deal.legal_actions()
            dealt += gs.IS_TRAP[deal.mine[-1]]
            plain += gs.IS_TRAP[sample.mine[-1]]
            total += 1
    assert total > 100
    # Games between normal bots: about 0.7 (test above); a deal at random: the Traps' share.
    assert dealt / total > 0.55 > plain / total + 0.2


def test_with_two_players_the_deal_is_the_views_own() -> None:
    for state in _put_back_positions(2, range(60, 63)):
        view = state.view(state.to_move())
        assert gs.POLICY.deal(view, Rng(5)).to_json() == view.sample_state(Rng(5)).to_json()
        return
    raise AssertionError("no two-player position with a put-back block on top")


def test_at_four_players_the_search_starts_from_the_bolder_normal_choice() -> None:
    from game.games.grim_prospects.bots import NormalBot

    bold, plain = NormalBot(0, gs.MANY_PRIOR), NormalBot(0)
    differ = 0
    for state in _positions(4, 71):
        view = state.view(state.to_move())
        if state.phase != "start" or len(view.legal_actions()) < 2:
            continue
        prior = gs.POLICY.root_prior(view, view.legal_actions())
        assert list(prior) == [bold.choose(view)]
        differ += bold.choose(view) != plain.choose(view)
    assert differ > 0


def test_the_deal_reads_only_the_view_one_decision_for_every_state_behind_it() -> None:
    # The put-back dealing reads who saw which Mine place: that is public, and a decision must
    # still be the same for every full state behind the view.
    state = next(_put_back_positions(4, range(60, 66)))
    seat = state.to_move()
    view = state.view(seat)
    decisions = set()
    for k in range(4):
        again = view.sample_state(Rng(derive_seed(7, "sample", k))).view(seat)
        assert again.fingerprint() == view.fingerprint()
        choices = HardBot(9, GAME, Budget(30)).analyse(again)
        decisions.add(tuple((str(c.action), c.visits) for c in choices))
    assert len(decisions) == 1


@pytest.mark.parametrize("players, factor", [(2, 1), (3, 3), (4, 3)])
def test_from_three_players_hard_looks_three_times_as_far(players: int, factor: int,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from game.bots import pool

    monkeypatch.setattr(gs.POLICY, "iterations", 10)
    state = next(s for s in _positions(players, 7)
                 if s.to_move() == 0 and len(s.legal_actions()) > 1)
    view = state.view(0)
    assert gs.POLICY.iterations_for(view) == 10 * factor
    assert pool.table_budget(GAME, view) == Budget(10 * factor, gs.POLICY.seconds)
    # Without a budget of its own (as in `simulate`), hard runs the position's iterations: every
    # one of them adds a look to one choice, on top of the looks the normal choice starts with.
    choices = HardBot(3, GAME).analyse(view)
    assert sum(c.visits for c in choices) == 10 * factor + gs.POLICY.prior_weight


def test_the_geodes_worth_is_said_in_good_grammar_for_one_card_or_more() -> None:
    """"The Geode's one card are worth ..." read wrong: one card is, two cards are."""
    import re

    seen = set()
    for seed in range(80):
        for state in _positions(2, 900 + seed):
            view = state.view(state.to_move())
            for action in view.legal_actions():
                if action.kind != "blast":
                    continue
                why = gs.POLICY.reason(view, Choice(action, 0.4, 10), [])
                m = re.match(r"The Geode's (\w+) cards? (is|are) worth", why)
                assert m, why
                assert (m.group(1) == "one") == (m.group(2) == "is"), why
                seen.add(m.group(2))
        if seen == {"is", "are"}:
            break
    assert "is" in seen or "are" in seen
