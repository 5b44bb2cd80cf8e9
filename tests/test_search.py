"""The search behind the hard bot (game/bots/search.py), on a toy game where the best move is known
and on all five games: it finds forced wins, plays only legal moves, is reproducible from its
seed, and cannot peek (one decision for every full state behind a view)."""

from __future__ import annotations

from typing import Any

import pytest

from game.bots import make_bot
from game.bots.search import (FEW_LOOKS, Budget, Choice, HardBot, Policy, enough_looks, search, search_deals,
                              win_shares)
from game.core.contract import Action, Event, GameConfig, GameState, OpenView, Outcome, \
    PlayerScore
from game.core.rng import Rng, derive_seed
from game.games import LISTINGS, get

TAKE = [Action("take", (str(n),)) for n in (1, 2, 3)]


class Nim(GameState):
    """Take one to three stones in turn; who takes the last stone wins. From n stones the winning
    move leaves a multiple of four (none exists when n already is one)."""

    def __init__(self, stones: int, players: int = 2) -> None:
        self.config = GameConfig(players)
        self.stones = stones
        self.turn = 0
        self.last = -1
        self.rng = Rng(0)

    def to_move(self) -> int | None:
        return None if self.stones == 0 else self.turn

    def legal_actions(self) -> list[Action]:
        return TAKE[:min(3, self.stones)]

    def _apply(self, action: Action) -> list[Event]:
        self.stones -= int(action.args[0])
        self.last = self.turn
        self.turn = (self.turn + 1) % self.config.players
        return []

    def copy(self) -> "Nim":
        s = Nim(self.stones, self.config.players)
        s.turn, s.last = self.turn, self.last
        return s

    def is_over(self) -> bool:
        return self.stones == 0

    def outcome(self) -> Outcome:
        scores = tuple(PlayerScore(p, int(p == self.last), ()) for p in range(self.config.players))
        return Outcome(scores, (self.last,) if self.stones == 0 else ())

    def view(self, player: int) -> OpenView:
        return OpenView(self, player)

    def to_json(self) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn, "last": self.last}


@pytest.mark.parametrize("stones,best", [(5, "take:1"), (6, "take:2"), (7, "take:3"),
                                         (10, "take:2"), (11, "take:3")])
def test_the_search_finds_the_winning_move(stones: int, best: str) -> None:
    choices = search(Nim(stones).view(0), Policy(), Budget(3000), Rng(stones))
    assert str(choices[0].action) == best
    # The winning move is judged to win nearly always; the others much less often.
    assert choices[0].win > 0.9
    assert all(c.win < choices[0].win - 0.3 for c in choices[1:])
    assert sum(c.visits for c in choices) == 3000


def test_a_lost_position_is_judged_lost() -> None:
    choices = search(Nim(8).view(0), Policy(), Budget(3000), Rng(1))
    assert all(c.win < 0.4 for c in choices)


def test_a_single_legal_action_is_taken_without_searching() -> None:
    choices = search(Nim(1).view(0), Policy(), Budget(10**9), Rng(1))
    assert [str(c.action) for c in choices] == ["take:1"]


def test_a_time_cap_stops_the_search_before_its_iterations() -> None:
    choices = search(Nim(40).view(0), Policy(), Budget(10**9, seconds=0.05), Rng(1))
    assert 0 < sum(c.visits for c in choices) < 10**9


def test_win_shares_split_a_tie_and_give_nothing_when_nobody_wins() -> None:
    class Tied(Nim):
        def outcome(self) -> Outcome:
            scores = tuple(PlayerScore(p, 1, ()) for p in range(3))
            return Outcome(scores, self.winners)
    t = Tied(0, 3)
    t.winners = (0, 2)
    assert win_shares(t) == [0.5, 0.0, 0.5]
    t.winners = ()
    assert win_shares(t) == [0.0, 0.0, 0.0]


def _midgame(game: str, players: int, seed: int, moves: int) -> GameState:
    info = get(game)
    state, _ = info.new(info.make_config(players), seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state = state.advance(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", [entry.name for entry in LISTINGS])
def test_hard_plays_legal_moves_reproducibly_in_every_game(game: str) -> None:
    for players, moves in ((2, 0), (3, 6)):
        state = _midgame(game, players, 11 + moves, moves)
        if state.is_over():
            continue
        seat = state.to_move()
        view = state.view(seat)
        # (40 tree iterations; a search over common deals plays every candidate on each deal.)
        budget = Budget(40 if HardBot(5, game).policy.method == "tree" else 3)
        one = HardBot(5, game, budget).analyse(view)
        two = HardBot(5, game, budget).analyse(view)
        assert [(c.action, c.visits) for c in one] == [(c.action, c.visits) for c in two]
        assert one[0].action in state.legal_actions()
        assert {c.action for c in one} <= set(state.legal_actions())
        assert all(0.0 <= c.win <= 1.0 for c in one)
    assert isinstance(make_bot(game, "hard", 1), HardBot)


@pytest.mark.parametrize("game", ["grim_prospects", "diamond_in_the_rough", "ya_blew_it"])
def test_hard_cannot_peek_one_decision_for_every_state_behind_a_view(game: str) -> None:
    # Each full state sampled from a view gives that same view back; a search that read a secret
    # would choose differently for some of them.
    for seed in range(3):
        state = _midgame(game, 3, 40 + seed, 4 + seed)
        if state.is_over():
            continue
        seat = state.to_move()
        view = state.view(seat)
        decisions = set()
        for k in range(4):
            sample = view.sample_state(Rng(derive_seed(seed, "sample", k)))
            again = sample.view(seat)
            assert again.fingerprint() == view.fingerprint()
            choices = HardBot(9, game, Budget(30)).analyse(again)
            decisions.add(tuple((str(c.action), c.visits) for c in choices))
        assert len(decisions) == 1


def test_a_policy_may_start_the_root_with_a_prior_that_the_search_can_overturn() -> None:
    class Believer(Policy):
        """Believes, wrongly, that taking one stone from six wins; the right move is two."""
        def root_prior(self, view, legal):  # type: ignore[no-untyped-def]
            return {TAKE[0]: (0.9, 50)}

    fooled = search(Nim(6).view(0), Believer(), Budget(0), Rng(3))
    assert [str(c.action) for c in fooled] == ["take:1"] and fooled[0].visits == 50
    corrected = search(Nim(6).view(0), Believer(), Budget(3000), Rng(3))
    assert str(corrected[0].action) == "take:2"
    assert next(c for c in corrected if str(c.action) == "take:1").win < 0.8


def test_with_others_out_of_the_tree_the_other_seats_play_the_policys_moves() -> None:
    """Three-player Nim from four stones, seat 0 to move. If every seat plays its best, every move
    loses (whatever is left, the next seat takes it all). Against players who always take one
    stone, taking one wins for sure (4 -> 3 -> 2 -> 1, and seat 0 takes the last)."""
    class OneAtATime(Policy):
        model_others_from = 3

        def other_action(self, state, rng):  # type: ignore[no-untyped-def]
            return TAKE[0]

    modelled = search(Nim(4, 3).view(0), OneAtATime(), Budget(600), Rng(5))
    assert str(modelled[0].action) == "take:1" and modelled[0].win > 0.9
    searched = search(Nim(4, 3).view(0), Policy(), Budget(600), Rng(5))
    assert next(c for c in searched if str(c.action) == "take:1").win < 0.5
    # With two players the rule does not apply: the opponent's choices branch as usual. From five
    # stones only taking one wins (against one-at-a-time play every move would).
    two = search(Nim(5, 2).view(0), OneAtATime(), Budget(600), Rng(5))
    assert str(two[0].action) == "take:1"
    assert all(c.win < 0.6 for c in two[1:])


def test_an_included_move_is_weighed_even_where_the_tree_leaves_it_out() -> None:
    """Analyse asks about the move a player made. A policy whose tree never considers taking three
    stones still answers for it when it is included: looked at enough to judge it (from seven
    stones, taking three wins and taking one loses)."""
    class NoThrees(Policy):
        """Never takes three from seven or five stones."""
        def tree_actions(self, state, legal):  # type: ignore[no-untyped-def]
            return [a for a in legal if a != TAKE[2] or state.stones not in (5, 7)]

    plain = search(Nim(7).view(0), NoThrees(), Budget(400), Rng(2))
    assert TAKE[2] not in [c.action for c in plain]
    weighed = search(Nim(7).view(0), NoThrees(), Budget(400), Rng(2), include=TAKE[2])
    three = next(c for c in weighed if c.action == TAKE[2])
    others = [c.win for c in weighed if c.action != TAKE[2]]
    assert three.visits >= FEW_LOOKS and three.win > 0.5 > max(others), weighed
    # The search's own looks are those it gives without it (a hint's, with the same seed).
    assert {c.action: c.visits for c in weighed if c.action != TAKE[2]} == \
        {c.action: c.visits for c in plain}
    # ... and as often as makes its chance firm beside the most looked-at choice: a long search
    # gave a losing move (three from five) only its eight looks, too rough to judge by.
    long = search(Nim(5).view(0), NoThrees(), Budget(3000), Rng(2), include=TAKE[2])
    most = max(c.visits for c in long)
    three = next(c for c in long if c.action == TAKE[2])
    assert most >= 300 and three.visits >= enough_looks([most]) == most // 10 and three.win < 0.2
    # ... firm beside the most looked-at's final count, whatever the budget (it could end one look
    # short, the most looked-at gaining a look after the included one was last counted).
    for seed in range(40):
        for looks in (150, 230, 400, 700, 1100):
            found = search(Nim(5).view(0), NoThrees(), Budget(looks), Rng(seed), include=TAKE[2])
            most = max(c.visits for c in found)
            held = next(c for c in found if c.action == TAKE[2]).visits
            assert held >= enough_looks([most]), (seed, looks, held, most)
    # A move the tree considers anyway is searched as usual; an illegal one is ignored.
    one = search(Nim(5).view(0), NoThrees(), Budget(400), Rng(2), include=TAKE[0])
    # (its 400 looks, and the included move's, given for a firm chance, on top of them)
    assert str(one[0].action) == "take:1" and 400 <= sum(c.visits for c in one) <= 400 + 40
    assert [c.action for c in search(Nim(2).view(0), Policy(), Budget(50), Rng(2), include=TAKE[2])] \
        == [c.action for c in search(Nim(2).view(0), Policy(), Budget(50), Rng(2))]


# ---------------------------------------------------------------------------- common deals
class PerfectNim(Policy):
    """Plays Nim out perfectly (leave a multiple of four when it can), so a deal's end is exact."""
    method = "deals"

    def deal_playout(self, state, rng):  # type: ignore[no-untyped-def]
        while not state.is_over():
            state = state.advance(TAKE[(state.stones % 4 or 1) - 1])
        return state


def test_common_deals_find_the_winning_move_and_judge_the_rest_lost() -> None:
    choices = search_deals(Nim(6).view(0), PerfectNim(), Budget(3), Rng(1))
    assert [str(c.action) for c in choices][0] == "take:2"
    assert choices[0].win == 1.0 and all(c.win == 0.0 for c in choices[1:])
    assert all(c.visits == 3 for c in choices)          # every candidate on every deal
    single = search_deals(Nim(1).view(0), PerfectNim(), Budget(3), Rng(1))
    assert [str(c.action) for c in single] == ["take:1"]


class Race(GameState):
    """One choice, then a roll of 0-99 from the game's generator: seat 0 scores the roll, plus one
    for "a"; seat 1 always scores 50. "a" is never worse than "b" on the same roll; on different
    rolls, "b" often looks better."""

    def __init__(self) -> None:
        self.config = GameConfig(2)
        self.choice = ""
        self.roll = -1
        self.rng = Rng(0)

    def to_move(self) -> int | None:
        return None if self.choice else 0

    def legal_actions(self) -> list[Action]:
        return [] if self.choice else [Action("a"), Action("b")]

    def _apply(self, action: Action) -> list[Event]:
        self.choice = action.kind
        self.roll = self.rng.below(100)
        return []

    def copy(self) -> "Race":
        s = Race()
        s.choice, s.roll, s.rng = self.choice, self.roll, self.rng.copy()
        return s

    def is_over(self) -> bool:
        return bool(self.choice)

    def outcome(self) -> Outcome:
        mine = self.roll + (self.choice == "a")
        scores = (PlayerScore(0, mine, ()), PlayerScore(1, 50, ()))
        return Outcome(scores, (0,) if mine > 50 else (1,) if mine < 50 else (0, 1))

    def view(self, player: int) -> OpenView:
        return OpenView(self, player)

    def to_json(self) -> dict[str, Any]:
        return {"choice": self.choice, "roll": self.roll}


def test_every_candidate_meets_the_same_luck_on_a_deal() -> None:
    """One deal is enough to rank "a" at least as high as "b": both meet the same roll (the view's
    sample gives the generator, the deal's seed fixes it). Independent rolls would rank "b" first
    about a quarter of the time."""
    class Plain(Policy):
        method = "deals"

    wins = {"a": 0.0, "b": 0.0}
    for seed in range(60):
        choices = search_deals(Race().view(0), Plain(), Budget(1), Rng(seed))
        value = {str(c.action): c.win for c in choices}
        assert value["a"] >= value["b"], seed
        for k in wins:
            wins[k] += value[k]
    assert wins["a"] > wins["b"], "the roll did not matter at all"


def test_common_deals_weigh_an_included_move_and_stop_at_their_time_cap() -> None:
    class OnlyOnes(PerfectNim):
        def root_candidates(self, view, legal):  # type: ignore[no-untyped-def]
            return [TAKE[0]]

    alone = search_deals(Nim(7).view(0), OnlyOnes(), Budget(2), Rng(2))
    assert [str(c.action) for c in alone] == ["take:1"]
    weighed = search_deals(Nim(7).view(0), OnlyOnes(), Budget(2), Rng(2), include=TAKE[2])
    assert [str(c.action) for c in weighed] == ["take:3", "take:1"] and weighed[0].win == 1.0
    capped = search_deals(Nim(40).view(0), PerfectNim(), Budget(10**9, seconds=0.05), Rng(1))
    assert 0 < capped[0].visits < 10**9


def test_a_budget_with_a_least_count_plays_it_whatever_the_time_cap() -> None:
    """Analyse's budget plays at least `least` deals (or iterations) past a time cap already
    spent, so a busy machine does not mark a move from a handful of them; never more than its
    iterations."""
    spent = Budget(10**9, seconds=0.0)
    assert search_deals(Nim(40).view(0), PerfectNim(), spent, Rng(1))[0].visits == 1
    least = Budget(10**9, seconds=0.0, least=FEW_LOOKS)
    assert search_deals(Nim(40).view(0), PerfectNim(), least, Rng(1))[0].visits == FEW_LOOKS
    assert search_deals(Nim(40).view(0), PerfectNim(), Budget(3, 0.0, least=FEW_LOOKS),
                        Rng(1))[0].visits == 3
    tree = search(Nim(40).view(0), PerfectNim(), least, Rng(1))
    assert sum(c.visits for c in tree) == FEW_LOOKS
    # ... the search's own looks: those given to a move Analyse asks about come on top (they had
    # left the other moves none, or three).
    asked = search(Nim(40).view(0), PerfectNim(), least, Rng(1), include=TAKE[2])
    three = next(c for c in asked if c.action == TAKE[2])
    assert three.visits >= FEW_LOOKS and sum(c.visits for c in asked) >= FEW_LOOKS and len(asked) > 1
    assert sum(c.visits for c in search(Nim(40).view(0), PerfectNim(), spent, Rng(1))) == 1


def test_common_deals_without_a_budget_of_their_own_play_the_policys_count_for_the_view() -> None:
    class ByStones(PerfectNim):
        def iterations_for(self, view):  # type: ignore[no-untyped-def]
            return view.state.stones + 1

    choices = search_deals(Nim(6).view(0), ByStones(), Budget(None), Rng(1))
    assert ByStones.iterations != 7
    assert [c.visits for c in choices] == [7] * len(choices)
    assert [c.visits for c in search_deals(Nim(6).view(0), ByStones(), Budget(2), Rng(1))] \
        == [2] * len(choices)


def test_where_the_outcome_looks_settled_hard_plays_as_the_normal_bot_would(monkeypatch) -> None:
    """The search sees no difference between the moves of a game it rates won (or lost), and
    would throw a card away for nothing; there it plays the normal bot's move, when it rates
    that one as well."""
    from game.bots.search import SETTLED_LOSS, SETTLED_WIN, HardBot
    from game.core.contract import Action

    keep, waste, other = Action("keep"), Action("reroll"), Action("pass")
    bot = HardBot(1, "ya_blew_it")
    monkeypatch.setattr(bot, "_normal", lambda view: keep)

    def rated(*wins: float) -> None:
        monkeypatch.setattr(bot, "analyse", lambda view: [
            Choice(a, w, 50) for a, w in zip((waste, keep, other), wins)])

    rated(SETTLED_WIN + 0.02, SETTLED_WIN + 0.01, 0.5)
    assert bot.choose(None) == keep      # won either way: the sensible move
    rated(0.6, 0.55, 0.5)
    assert bot.choose(None) == waste     # not settled: the search's choice
    rated(SETTLED_WIN + 0.02, SETTLED_WIN - 0.2, 0.5)
    assert bot.choose(None) == waste     # the normal move rated clearly worse: the search's
    rated(SETTLED_LOSS - 0.01, SETTLED_LOSS - 0.02, 0.0)
    assert bot.choose(None) == keep      # lost either way: play on for points
    monkeypatch.setattr(bot, "analyse", lambda view: [Choice(waste, SETTLED_LOSS - 0.005, 50),
                                                      Choice(keep, SETTLED_LOSS - 0.04, 50)])
    assert bot.choose(None) == waste     # the search still sees a way back the normal move lacks
