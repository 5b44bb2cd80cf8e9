"""The hard bot's policy for Diamond in the Rough (game/games/diamond_in_the_rough/search.py):
legal, cheap playouts; a tree that keeps one move per different effect; the coach's words for
every kind of move; and the search finding the move that obviously wins (tiny budgets)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.bots.search import Budget, Choice, HardBot, policy_for, search
from game.core.contract import Action
from game.core.rng import Rng
from game.games.diamond_in_the_rough.rules import KINDS, OVER, DiamondState
from game.games.diamond_in_the_rough.search import POLICY, _holds
from tests.diamond_positions import BOMBS, CRATES, GEM, OIL, fresh, position
from tests.test_words import mistakes

GAME = "diamond_in_the_rough"


def _positions(games: int = 60, seed: int = 3):
    """Positions from games of 2 to 4 players, played by the playout policy with random moves
    mixed in (so rarer moves, invests and rewards, turn up too)."""
    rng = Rng(seed)
    for g in range(games):
        s = fresh(2 + g % 3, seed=g)
        while not s.is_over():
            yield s
            legal = s.legal_actions()
            s = s.apply(POLICY.move(s, rng) if rng.random() < 0.7 else rng.choice(legal))[0]


def test_the_game_uses_its_own_policy():
    assert policy_for(GAME) is POLICY
    assert POLICY.seconds <= 1.0 and POLICY.iterations > 0


def test_playout_moves_are_legal_and_playouts_finish():
    rng = Rng(7)
    kinds = Counter()
    for s in _positions():
        a = POLICY.move(s, rng)
        assert a in s.legal_actions(), (a, s.to_json())
        kinds[a.kind] += 1
    # Playouts use the game's moves, not only one kind.
    assert {"resupply", "bomb", "retire", "steal"} <= set(kinds)
    s = fresh(3, seed=5)
    before = s.to_json()
    end = POLICY.playout(s.copy(), Rng(1))
    assert end.phase == OVER and s.to_json() == before


def _by_kind(s: DiamondState) -> dict:
    """A position with every card replaced by its kind: what two alike moves leave the same (the
    order of the face-up row does not matter, the deck's does)."""
    def zone(cs):
        return sorted(KINDS[c] for c in cs)
    return {"row": zone(s.row), "boxed": zone(s.boxed), "deck": [KINDS[c] for c in s.deck],
            "hands": [zone(h) for h in s.hands], "tableaus": [zone(t) for t in s.tableaus],
            "turn": s.turn, "phase": s.phase, "over": s.winners}


def test_tree_keeps_one_move_for_each_different_effect():
    checked = 0
    for s in _positions(30):
        legal = s.legal_actions()
        kept = POLICY.tree_actions(s, legal)
        assert kept and all(a in legal for a in kept)
        if any(a.kind == "retire" for a in legal):
            assert len(kept) == 1 and kept[0].kind == "retire"
            continue
        assert Action("resupply", (str(GEM), "deck")) not in kept
        after = {a: _by_kind(s.advance(a)) for a in legal if a.kind in ("resupply", "invest", "row", "steal")}
        for a, shape in after.items():
            if str(GEM) == a.args[0]:
                continue
            alike = [b for b in kept if b in after and after[b] == shape]
            assert alike, f"{a} has no kept move with the same effect"
            checked += 1
        # Kept moves all differ.
        shapes = [repr(after[a]) for a in kept if a in after]
        assert len(shapes) == len(set(shapes))
    assert checked > 100


def test_every_kind_of_move_has_words():
    seen = set()
    for s in _positions(80):
        view = s.view(s.to_move())
        for a in view.legal_actions():
            text = POLICY.describe(view, a)
            why = POLICY.reason(view, Choice(a, 0.42, 17), [Choice(a, 0.42, 17)])
            # Words a player reads, never the action's code, never a card the seat cannot see.
            assert text[0].isupper() and text != str(a) and ":" not in text
            assert "hidden" not in text and "hidden" not in why
            assert "boxed" not in text and not mistakes(text) and not mistakes(why), (text, why)
            # Why, not how likely: the coach shows the share of play-outs won beside it.
            assert why and why[0].isupper() and "play-outs" not in why
            assert why == POLICY.reason(view, Choice(a, 0.91, 300), [Choice(a, 0.91, 300)])
            seen.add(a.kind)
    assert {"retire", "bomb", "resupply", "invest", "row", "deck", "steal"} <= seen


def test_words_for_a_bomb_and_a_retire():
    s = position(2, hands=[[BOMBS[0], CRATES[0]], [OIL[3], CRATES[1]]], row=[CRATES[2]],
                 tableaus=[[OIL[0], OIL[1], OIL[2]], []], deck=[CRATES[3]])
    view = s.view(0)
    assert POLICY.describe(view, Action("bomb", ("1", "oil"))) == "Bomb Bo for Oil"
    assert POLICY.describe(view, Action("resupply", ("1", "row:0"))) == \
        "Discard Crate #1, take Crate #3 from the row"
    s.hands[0] = sorted(s.hands[0] + [OIL[4]])
    view = s.view(0)
    retire = Action("retire", tuple(str(c) for c in (*OIL[:3], OIL[4])))
    assert retire in view.legal_actions()
    assert POLICY.describe(view, retire) == "Retire with four Oil"
    assert "wins the game" in POLICY.reason(view, Choice(retire, 1.0, 3), [])


def test_reasons_for_a_like_for_like_swap_and_for_giving_the_gem_back():
    s = position(2, hands=[[GEM, CRATES[0]], [OIL[3]]], row=[CRATES[2]],
                 tableaus=[[CRATES[1]], []], deck=[OIL[0], OIL[1]])
    view = s.view(0)
    swap = Action("resupply", (str(CRATES[0]), "row:0"))
    assert swap in view.legal_actions()
    why = POLICY.reason(view, Choice(swap, 0.4, 9), [])
    assert why.startswith("Swaps one Crate for another") and "third" not in why
    back = Action("resupply", (str(GEM), "deck"))
    assert back in view.legal_actions()
    why = POLICY.reason(view, Choice(back, 0.3, 9), [])
    assert why.startswith("Gives the Gem back to the row") and "You hold the Gem" not in why


def test_hard_does_not_invest_the_gem_on_the_last_turn():
    # The deck is out and this is the last turn: whoever holds the Gem wins. Investing it would put
    # it in the row and everybody would lose.
    s = position(2, hands=[[CRATES[0], OIL[0]], [CRATES[1], OIL[1]]], row=[CRATES[2], OIL[2], BOMBS[0]],
                 tableaus=[[GEM], []])
    s.last_turns_left = 0
    s.check()
    view = s.view(0)
    assert any(a.kind == "invest" for a in view.legal_actions())
    choices = search(view, POLICY, Budget(120), Rng(2))
    assert choices[0].action.kind != "invest"
    invest = [c for c in choices if c.action.kind == "invest"]
    assert invest and all(c.win < 0.01 for c in invest) and choices[0].win > 0.99


def test_hard_bombs_the_player_about_to_retire_for_what_they_need():
    # Bo has three Oil face up and was shown to hold the fourth: unless Ana bombs Bo for Oil now,
    # Bo retires on the next turn. Ana holds the Gem, so she wins if Bo never retires.
    s = position(2, hands=[[BOMBS[0], CRATES[0], CRATES[3]], [CRATES[1], CRATES[2], OIL[3]]],
                 row=[BOMBS[1], BOMBS[2], CRATES[4]], tableaus=[[GEM], OIL[:3]],
                 deck=[BOMBS[3], BOMBS[4]])
    s.shown = {OIL[3]}
    s.check()
    bot = HardBot(5, GAME, Budget(300))
    assert bot.choose(s.view(0)) == Action("bomb", ("1", "oil"))


@pytest.mark.parametrize("players", [2, 4])
def test_hard_plays_whole_games_legally(players):
    from game.bots import make_bot

    s = fresh(players, seed=11)
    bots = [HardBot(p, GAME, Budget(30)) if p == 0 else make_bot(GAME, "normal", p) for p in range(players)]
    while not s.is_over():
        p = s.to_move()
        s = s.apply(bots[p].choose(s.view(p)))[0]
    assert s.phase == OVER


def test_the_steals_reasons_say_what_the_robbed_player_gets_back():
    from game.core.match import BOT, Match, Seat
    from game.games.diamond_in_the_rough.rules import REWARD
    import random

    for seed in range(1, 200):
        m = Match("diamond_in_the_rough", [Seat("Ana"), Seat("Dusty", BOT, "easy"), Seat("Nell", BOT, "easy")], seed)
        rng = random.Random(seed)
        while not m.is_over() and not (m.human_to_move() and m.state.phase == REWARD):
            m.apply(rng.choice(m.legal_actions()))
        steals = [a for a in m.legal_actions() if a.kind == "steal"] if not m.is_over() else []
        if len(steals) >= 2:
            break
    view = m.view(0)
    whys = [POLICY.reason(view, Choice(a, 0.3, 20), []) for a in steals]
    assert len(set(whys)) == len(whys), whys
    assert any("draws an unseen card" in w or "gives " in w for w in whys)


def test_blind_draws_are_told_apart_by_the_card_given_up():
    s = position(2, hands=[[OIL[3], CRATES[0]], [OIL[4]]], row=[CRATES[2]],
                 tableaus=[[OIL[0], OIL[1]], []], deck=[CRATES[3], CRATES[4]])
    view = s.view(0)
    draws = {a.args[0]: POLICY.reason(view, Choice(a, 0.4, 12), []) for a in view.legal_actions()
             if a.kind == "resupply" and a.args[1] == "deck"}
    assert draws[str(CRATES[0])].startswith("Gives up your only Crate; draws an unseen card")
    assert draws[str(OIL[3])].startswith("Gives up one of your three Oil")


def test_hard_guesses_a_hidden_hand_from_the_tableau():
    # Seat 1 collects Fish (two in its tableau): hard's deals put Fish in its hidden hand far more
    # often than blind deals do, and never once a bomb's No answer showed it holds none. The
    # coach's chance that a seat holds a resource is the share of such deals.
    from tests.diamond_positions import COAL, FISH

    s = position(4, [CRATES[:2] + BOMBS[:2], [FISH[2], COAL[0], OIL[0], BOMBS[2]], [], []],
                 tableaus=[[], FISH[:2], [], []], rest="deck")
    view = s.view(0)

    def fish_in_hand(deal, seat: int) -> int:
        return sum(1 for k in range(400) for c in deal(Rng(k)).hands[seat] if c in FISH)

    guessed = fish_in_hand(lambda r: POLICY.deal(view, r), 1)
    blind = fish_in_hand(view.sample_state, 1)
    assert guessed >= 2 * blind > 0, (guessed, blind)
    # The coach's chance (from deals of its own) is within 0.06 of the share in 400 other deals.
    for res, cards in (("fish", FISH), ("oil", OIL), ("coal", COAL), ("crates", CRATES)):
        share = sum(any(c in cards for c in POLICY.deal(view, Rng(k)).hands[1]) for k in range(400))
        assert abs(_holds(view, 1, res) - share / 400) < 0.06, (res, _holds(view, 1, res), share)
    # Two seats with alike tableaus are guessed alike: neither gets first pick of the Fish, and
    # the coach says the same chance for both.
    twins = position(4, [CRATES[:2] + BOMBS[:2], [OIL[0], COAL[0], BOMBS[2]], [FISH[2], COAL[1], OIL[1]],
                         [CRATES[2], COAL[2], BOMBS[3]]], tableaus=[[], [], FISH[:1], FISH[1:2]], rest="deck")
    tv = twins.view(0)
    deals = [POLICY.deal(tv, Rng(k)) for k in range(600)]
    seat2, seat3 = (sum(any(c in FISH for c in d.hands[q]) for d in deals) / 600 for q in (2, 3))
    assert abs(seat2 - seat3) < 0.08, (seat2, seat3)
    assert abs(_holds(tv, 2, "fish") - _holds(tv, 3, "fish")) < 0.08
    assert abs(_holds(tv, 3, "fish") - seat3) < 0.06
    s = position(4, [CRATES[:2] + BOMBS[:2], [COAL[0], COAL[1], OIL[0], BOMBS[2]], [], []],
                 tableaus=[[], FISH[:2], [], []], rest="deck")
    s.lacks[1] = {"fish"}
    s.check()
    assert fish_in_hand(lambda r: POLICY.deal(s.view(0), r), 1) == 0


def test_a_bomb_by_the_gems_holder_is_argued_by_the_card_a_no_still_draws() -> None:
    from game.bots.search import Choice
    from game.core.match import Match, Seat
    from game.games.diamond_in_the_rough.search import POLICY as DIAMOND

    said = 0
    for seed in range(1, 200):
        m = Match("diamond_in_the_rough", [Seat("Ana"), Seat("Bo")], seed)
        rng = Rng(seed)
        while not m.is_over() and said < 3:
            s, p = m.state, m.to_move()
            if s.phase != "reward" and s.gem_holder() == p and s.deck:
                view = s.view(p)
                for a in view.legal_actions():
                    if a.kind == "bomb":
                        words = DIAMOND.reason(view, Choice(a, 0.5, 10), [])
                        if words.startswith("You hold the Gem"):
                            assert "a No still draws you a card" in words and "left)" in words
                            said += 1
                            break
            m.apply(rng.choice(m.legal_actions()))
        if said >= 3:
            break
    assert said >= 3
