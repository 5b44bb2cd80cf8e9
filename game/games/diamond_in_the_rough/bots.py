"""Diamond in the Rough bots: ``easy`` (collects its most common resource, a little noisy) and
``normal`` (races to retire, holds on to the Gem, remembers the public answers).

Both decide from a `DiamondView` (their own hand, what is public, what the answers to bombs
showed) and their own seeded `Rng`, so a decision is reproducible and the same for every position
that looks the same to the seat. Pure Python; never imports pygame.

How ``normal`` plays
--------------------
The Gem can never be taken from whoever holds it (a bomb names a resource, and only the holder can
invest it), so the game is a race: the Gem's holder wins when the deck runs out unless somebody
retires first. ``normal`` therefore:

- retires the moment it can;
- takes the Gem whenever it lies face up in the row (a resupply, or the reward of a Yes);
- holding the Gem, hastens the end: it draws from the deck (resupply, the No replacement, the
  "deck" reward) and bombs the opponent nearest to retiring for the resource they collect; it
  invests the Gem only when the two face-up cards it takes complete four of a kind;
- not holding it, collects one resource (the one it needs fewest cards of that can still be had):
  takes it from the row, bombs for it the opponent most likely to hold one and steals it (giving
  back the row card least useful to them), and discards what it needs least;
- never bombs a seat for a resource that seat was shown not to hold (`no_resource`), unless that
  hand has taken a card unseen since (then the fact is gone from the view).
"""

from __future__ import annotations

from math import comb
from typing import Iterable

from game.core.contract import Action
from game.core.rng import Rng, derive_seed
from game.games.diamond_in_the_rough.rules import (
    BOMB_KIND,
    DECK_KIND,
    GEM_ID,
    HIDDEN,
    INVEST,
    KINDS,
    OVER,
    PASS_KIND,
    RESUPPLY,
    RETIRE,
    RETIRE_KIND,
    RETIRE_WITH_GEM,
    REWARD,
    ROW_KIND,
    STEAL,
    DiamondState,
    DiamondView,
    kind_of,
    resource_of,
)

BOMB = "bomb"
GEM = "gem"
PER_KIND = 5


def _row_index(text: str) -> int | None:
    kind, sep, rest = text.partition(":")
    return int(rest) if kind == ROW_KIND and sep else None


def counts(cards: Iterable[int]) -> dict[str, int]:
    """How many cards of each kind (resource key, "bomb", "gem") among known `cards`."""
    out: dict[str, int] = {}
    for c in cards:
        if c >= 0:
            k = KINDS[c]
            out[k] = out.get(k, 0) + 1
    return out


class _Reading:
    """What a seat reads off its view before deciding: its cards, its goal, where the Gem is."""

    def __init__(self, view: DiamondView) -> None:
        s: DiamondState = view.state
        p = view.player
        assert p is not None
        self.view, self.s, self.p, self.n = view, s, p, s.n
        self.hand = [c for c in s.hands[p]]
        self.mine = counts(s.hands[p] + s.tableaus[p])
        self.holder = GEM_ID in s.hands[p] or GEM_ID in s.tableaus[p]
        self.gem_in_row = GEM_ID in s.row
        # Cards out of reach for good: boxed, or in another seat's tableau (only hands are bombed).
        gone = counts(s.boxed + [c for q in range(s.n) if q != p for c in s.tableaus[q]])
        self.unknown = view.unknown()
        self.unknown_kinds = counts(self.unknown)
        self.row_kinds = counts(s.row)
        self.kinds = [*s.resources, BOMB]
        best: tuple[float, str] | None = None
        self.need: dict[str, int] = {}
        for k in self.kinds:
            have = self.mine.get(k, 0)
            reachable = PER_KIND - gone.get(k, 0)
            need = RETIRE_KIND - have
            if k != BOMB and (self.holder or self.gem_in_row):
                need = min(need, RETIRE_KIND - 1 - have + (0 if self.holder else 1))
            if reachable < RETIRE_KIND and not (k != BOMB and reachable >= RETIRE_KIND - 1
                                                and (self.holder or self.gem_in_row)):
                need = 99  # this kind can no longer be collected
            self.need[k] = need
            # Fewest cards needed; then the most of them in the row, then the most still unseen.
            key = (need - 0.3 * self.row_kinds.get(k, 0) - 0.05 * self.unknown_kinds.get(k, 0)
                   + (0.5 if k == BOMB else 0.0))
            if best is None or key < best[0]:
                best = (key, k)
        assert best is not None
        self.target = best[1]
        self.deck = len(s.deck)
        self.hidden_in_hands = sum(1 for q in range(s.n) if q != p for c in s.hands[q] if c == HIDDEN)

    def opp_counts(self, q: int) -> dict[str, int]:
        """The public part of seat q's cards: tableau and shown hand cards."""
        return counts(self.s.tableaus[q] + [c for c in self.s.hands[q] if c >= 0])

    def threat(self, q: int) -> tuple[int, str | None]:
        """How close seat q looks to retiring: its largest public count of one resource, and which."""
        cs = self.opp_counts(q)
        best = max(((v, k) for k, v in cs.items() if k != GEM), default=(0, None))
        return best[0], best[1]

    def retires_with(self, q: int, res: str) -> bool:
        """Whether seat q would retire on its next turn with one more `res` in hand, by what is
        public: three of it shown (four of a kind), or two and the Gem shown (three and the
        Gem). A Yes to a bomb for `res` takes that card from them."""
        cs = self.opp_counts(q)
        gem = cs.get(GEM, 0) > 0 and res != BOMB
        return cs.get(res, 0) >= (RETIRE_WITH_GEM if gem else RETIRE_KIND) - 1

    def p_has(self, q: int, res: str) -> float:
        """The chance that seat q holds `res` in hand, from what this seat knows."""
        s = self.s
        if any(c >= 0 and resource_of(c) == res for c in s.hands[q]):
            return 1.0
        hidden, pool, good = self._hidden_draw(q, res)
        bad = pool - good
        miss = 1.0
        for i in range(hidden):
            if pool - i <= 0:
                break
            miss *= max(0, bad - i) / (pool - i)
        return 1.0 - miss

    def value(self, c: int) -> float:
        """How much this seat wants card c (to keep, or to take)."""
        if c == GEM_ID:
            return 1000.0
        k = kind_of(c)
        if k == self.target:
            return 100.0 + 10 * self.mine.get(k, 0)
        if k == BOMB:
            return 30.0 + 5 * self.mine.get(k, 0)
        return 10.0 * self.mine.get(k, 0) + 5.0 * (RETIRE_KIND - min(self.need.get(k, 99), RETIRE_KIND))

    def value_to(self, q: int, c: int) -> float:
        """How much seat q would like to get card c: the copies of its kind q shows, and above
        all the chance that with it q holds a set to retire with (what q shows, and its hidden
        hand as this seat can guess it: a rival showing the Gem needs only three of a kind)."""
        if c == GEM_ID:
            return 1000.0
        k = kind_of(c)
        shown = self.opp_counts(q)
        have = shown.get(k, 0)
        gem = shown.get(GEM, 0) > 0 and k != BOMB
        more = (RETIRE_WITH_GEM if gem else RETIRE_KIND) - have - 1
        retire = 1.0 if more <= 0 else self.p_holds_at_least(q, k, more)
        return STOP_RETIRE * retire + 10.0 * have + (5.0 if k == BOMB else 0.0)

    def _hidden_draw(self, q: int, res: str) -> tuple[int, int, int]:
        """Seat q's hidden hand as this seat sees it: (its hidden cards, the cards this seat
        cannot place, how many of those are `res`; none, if q was shown not to hold `res`)."""
        s = self.s
        hidden = sum(1 for c in s.hands[q] if c == HIDDEN)
        shown_not = res in self.view.no_resource(q) or res in s.lacks[q]
        return hidden, len(self.unknown), 0 if shown_not else self.unknown_kinds.get(res, 0)

    def p_holds_at_least(self, q: int, res: str, m: int) -> float:
        """The chance that seat q's hidden hand cards hold `m` or more of `res`, each hidden card
        one of the cards this seat cannot place (none, if q was shown not to hold it)."""
        hidden, pool, good = self._hidden_draw(q, res)
        if m > min(hidden, good) or hidden > pool:
            return 0.0
        ways = comb(pool, hidden)
        return sum(comb(good, x) * comb(pool - good, hidden - x) for x in range(m, min(hidden, good) + 1)) / ways


# What a bomb is worth that takes from a rival the card they would retire with next turn (times
# the chance they hold it): above any card this seat could gain, as the game is lost otherwise.
STOP_RETIRE = 400.0
# A reading at or under this rejects the move: giving the Gem away (an invest that makes no four
# of a kind, a resupply of the Gem) or passing beside such moves.
REJECTED = -500.0


class NormalBot:
    """Races to retire, holds the Gem, remembers public answers (see the module docstring)."""

    level = "normal"
    CANDIDATES = 5     # the best moves by the reading that the look-ahead compares
    WORLDS = 8         # positions dealt from the view for the look-ahead, at most
    STEP_BUDGET = 240  # quick moves played out per decision, about

    def __init__(self, seed: int) -> None:
        # Each decision deals its worlds from a generator seeded by this seed and the view, so the
        # same view always gets the same decision, whatever came before.
        self.seed = seed

    def choose(self, view: DiamondView) -> Action:
        acts = view.legal_actions()
        if len(acts) == 1:
            return acts[0]
        r = _Reading(view)
        if view.state.phase == REWARD:
            first = self._reward(r, acts)
            ranked = [first] + [a for a in acts if a != first]
        else:
            for a in acts:
                if a.kind == RETIRE:
                    return a
            # A bomb for a resource the seat was shown not to hold is never considered.
            sensible = [a for a in acts if not (a.kind == BOMB_KIND
                                                and a.args[1] in view.no_resource(int(a.args[0])))]
            scored = sorted(((self._score(r, a), -i, a) for i, a in enumerate(sensible or acts)),
                            reverse=True)
            # A move the reading rejects (the Gem given away for nothing) is never left to the
            # look-ahead's few dealt positions, whose noise once chose it: only when nothing else
            # is left is the reading's best of them played.
            ranked = [a for score, _, a in scored if score > REJECTED] or [scored[0][2]]
        return self._look_ahead(view, ranked[:self.CANDIDATES])

    def _look_ahead(self, view: DiamondView, candidates: list[Action]) -> Action:
        """The candidate that wins most often when the same positions dealt from the view are
        played out by quick rules (ties: the reading's order). World by world, every candidate is
        played out; after a world that takes the play-outs past `STEP_BUDGET` moves, no more
        worlds are dealt (so a decision costs about the same in every position, and the same
        view always gets the same answer)."""
        if len(candidates) == 1:
            return candidates[0]
        p = view.player
        assert p is not None
        rng = Rng(derive_seed(self.seed, view.fingerprint()))
        wins = [0] * len(candidates)
        steps = 0
        for _ in range(self.WORLDS):
            world = view.sample_state(rng)
            for i, a in enumerate(candidates):
                won, used = _play_out(world, a, p)
                wins[i] += won
                steps += used
            if steps >= self.STEP_BUDGET:
                break
        return candidates[max(range(len(candidates)), key=lambda i: (wins[i], -i))]

    # ------------------------------------------------------------------ the choices
    def _score(self, r: _Reading, a: Action) -> float:
        s = r.s
        if a.kind == PASS_KIND:
            # Offered beside other moves only when each would give the Gem away: keeping it
            # beats an invest that makes no four of a kind (see `_invest`).
            return -800.0
        if a.kind == INVEST:
            return self._invest(r, a)
        if a.kind == BOMB_KIND:
            return self._bomb(r, int(a.args[0]), a.args[1])
        if a.kind == RESUPPLY:
            c = int(a.args[0])
            cost = r.value(c)
            # A card given to the row may help the next players.
            cost += 0.3 * max((r.value_to(q, c) for q in range(r.n) if q != r.p), default=0.0)
            i = _row_index(a.args[1])
            if i is None:
                return self._draw_value(r) - cost
            took = s.row[i]
            gain = r.value(took)
            if took == GEM_ID:
                gain = 2000.0
            if r.holder:
                # Keeping the deck as it is does not bring the end nearer.
                gain -= 40.0
                if kind_of(took) == r.target and r.need.get(r.target, 99) <= 1:
                    gain += 200.0  # completes a retire set for the next turn
            return gain - cost - (5.0 if len(r.hand) <= 2 else 0.0)
        return 0.0

    def _draw_value(self, r: _Reading) -> float:
        """What a card from the deck's top is worth to this seat (hastening the end included)."""
        if r.holder:
            return 90.0
        value = 25.0
        pool = r.deck + r.hidden_in_hands
        if not r.gem_in_row and r.s.gem_holder() is None and pool:
            # The Gem is somewhere unseen: the deck's top may be it.
            value += 1000.0 / pool
        value += 40.0 * r.unknown_kinds.get(r.target, 0) / max(1, len(r.unknown))
        if r.s.gem_holder() is not None:
            value -= 15.0  # another seat holds the Gem: the end comes nearer
        return value

    def _bomb(self, r: _Reading, q: int, res: str) -> float:
        py = r.p_has(q, res)
        cost = 200.0 if r.target == BOMB else 8.0
        if r.holder:
            # Any bomb draws a card (the No replacement or the "deck" reward): the end comes nearer;
            # a Yes also takes a card from the player nearest to retiring.
            threat, kind = r.threat(q)
            hurt = py * (20.0 + 25.0 * threat * (1.0 if kind == res else 0.3)
                         + (STOP_RETIRE if r.retires_with(q, res) else 0.0))
            return 70.0 + hurt - cost
        want = 100.0 + 10 * r.mine.get(res, 0) if res == r.target else 10.0 * r.mine.get(res, 0)
        threat, kind = r.threat(q)
        deny = 10.0 * threat if kind == res else 0.0
        if r.retires_with(q, res):
            deny += STOP_RETIRE   # they retire next turn if they hold it
        gem_bonus = 600.0 if r.gem_in_row else 0.0
        return py * (want + deny + gem_bonus) + (1 - py) * self._draw_value(r) * 0.8 - cost

    def _invest(self, r: _Reading, a: Action) -> float:
        s = r.s
        if a.args == (DECK_KIND,):
            return -900.0
        i, j = _row_index(a.args[0]), int(a.args[1])
        assert i is not None
        took = counts([s.row[i], s.row[j]])
        after = {k: r.mine.get(k, 0) + took.get(k, 0) for k in set(r.mine) | set(took)}
        if (s.last_turns_left is None
                and any(v >= RETIRE_KIND for k, v in after.items() if k != GEM)):
            return 500.0
        return -900.0

    def _reward(self, r: _Reading, acts: list[Action]) -> Action:
        s = r.s
        assert s.pending is not None
        q, res = s.pending["target"], s.pending["resource"]
        if r.gem_in_row:
            gi = s.row.index(GEM_ID)
            return Action(ROW_KIND, (str(gi),))
        legal = set(acts)
        if r.holder and Action(DECK_KIND) in legal:
            return Action(DECK_KIND)
        if res == r.target or r.holder:
            if s.row:
                i = min(range(len(s.row)), key=lambda k: (r.value_to(q, s.row[k]), -r.value(s.row[k]), k))
                return Action(STEAL, (f"{ROW_KIND}:{i}",))
            if Action(STEAL, (DECK_KIND,)) in legal:
                return Action(STEAL, (DECK_KIND,))
            return Action(STEAL)
        if s.row:
            i = max(range(len(s.row)), key=lambda k: (r.value(s.row[k]), -k))
            if r.value(s.row[i]) >= 50 or Action(DECK_KIND) not in legal:
                return Action(ROW_KIND, (str(i),))
        if Action(DECK_KIND) in legal:
            return Action(DECK_KIND)
        return acts[0]


# ---------------------------------------------------------------------------- quick play-outs
ROLLOUT_LIMIT = 60


def _play_out(world: DiamondState, first: Action, p: int) -> tuple[int, int]:
    """(1 when seat p wins after `first` and quick play by everyone on this dealt position, else
    0; the moves played). The play-out sees the whole dealt position (it is imagined); it never
    changes `world`."""
    s = world.copy()
    s._quiet = True
    s._apply(first)
    steps = 0
    while s.phase != OVER and steps < ROLLOUT_LIMIT:
        s._apply(_quick(s, s.turn))
        steps += 1
    return (1 if s.winners == (p,) else 0), steps


def _quick(s: DiamondState, p: int) -> Action:
    """A fast, sensible move for seat p on a full position (always legal)."""
    hand, tab = s.hands[p], s.tableaus[p]
    holder = GEM_ID in hand or GEM_ID in tab
    if s.phase == REWARD:
        assert s.pending is not None
        q = s.pending["target"]
        if GEM_ID in s.row:
            return Action(ROW_KIND, (str(s.row.index(GEM_ID)),))
        if holder and s.deck:
            return Action(DECK_KIND)
        if s.row:
            theirs = counts(s.hands[q] + s.tableaus[q])
            i = min(range(len(s.row)), key=lambda k: (theirs.get(kind_of(s.row[k]), 0), k))
            return Action(STEAL, (f"{ROW_KIND}:{i}",))
        return Action(STEAL, (DECK_KIND,)) if s.deck else Action(STEAL)
    mine = counts(hand + tab)
    if any(v >= RETIRE_KIND or (holder and v >= RETIRE_KIND - 1 and k != BOMB)
           for k, v in mine.items() if k != GEM):
        sets = s.retire_sets(p)
        if sets:
            return Action(RETIRE, tuple(str(c) for c in sets[0]))
    res = s.resources
    target = max(res, key=lambda k: (mine.get(k, 0), -res.index(k)))
    spare = [c for c in hand if c != GEM_ID]
    junk = min(spare, key=lambda c: (kind_of(c) == target, mine.get(kind_of(c), 0), c)) if spare else None
    if junk is not None and GEM_ID in s.row:
        return Action(RESUPPLY, (str(junk), f"{ROW_KIND}:{s.row.index(GEM_ID)}"))
    bombs = any(_is_bomb(c) for c in hand)
    foes = s.bombable(p) if bombs else []
    if holder:
        if foes:
            q = max(foes, key=lambda q: (max(counts(s.hands[q] + s.tableaus[q]).get(k, 0) for k in res), -q))
            theirs = counts(s.hands[q])
            k = max(res, key=lambda k: (theirs.get(k, 0), -res.index(k)))
            return Action(BOMB_KIND, (str(q), k))
        if junk is not None and s.deck:
            return Action(RESUPPLY, (str(junk), DECK_KIND))
    else:
        if junk is not None:
            for i, c in enumerate(s.row):
                if resource_of(c) == target:
                    return Action(RESUPPLY, (str(junk), f"{ROW_KIND}:{i}"))
        for q in foes:
            if any(resource_of(c) == target for c in s.hands[q]):
                return Action(BOMB_KIND, (str(q), target))
        if junk is not None and s.deck:
            return Action(RESUPPLY, (str(junk), DECK_KIND))
    if junk is not None and s.row and GEM_ID not in s.row:
        i = max(range(len(s.row)), key=lambda k: (mine.get(kind_of(s.row[k]), 0), -k))
        return Action(RESUPPLY, (str(junk), f"{ROW_KIND}:{i}"))
    acts = s.legal_actions()
    for a in acts:
        if a.kind != INVEST and not (a.kind == RESUPPLY and a.args[0] == str(GEM_ID)):
            return a
    return acts[0]


def _is_bomb(c: int) -> bool:
    return c >= 0 and kind_of(c) == BOMB


class EasyBot:
    """Collects the resource it holds most of, bombs at random for it; one move in five at random."""

    level = "easy"
    NOISE = 0.2

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: DiamondView) -> Action:
        acts = view.legal_actions()
        if len(acts) == 1:
            return acts[0]
        for a in acts:
            if a.kind == RETIRE:
                return a
        if view.state.phase == REWARD or self.rng.random() < self.NOISE:
            return self.rng.choice(acts)
        s = view.state
        p = view.player
        assert p is not None
        mine = counts(s.hands[p] + s.tableaus[p])
        res = [k for k in s.resources]
        goal = max(res, key=lambda k: (mine.get(k, 0), -res.index(k)))
        hand = [c for c in s.hands[p] if c != GEM_ID]
        junk = min(hand, key=lambda c: (kind_of(c) == goal, mine.get(kind_of(c), 0), c), default=None)
        for i, c in enumerate(s.row):
            if junk is not None and resource_of(c) == goal:
                a = Action(RESUPPLY, (str(junk), f"{ROW_KIND}:{i}"))
                if a in acts:
                    return a
        bombs = [a for a in acts if a.kind == BOMB_KIND and a.args[1] == goal]
        if bombs:
            return self.rng.choice(bombs)
        if junk is not None:
            a = Action(RESUPPLY, (str(junk), DECK_KIND))
            if a in acts:
                return a
        return self.rng.choice(acts)


BOTS = {"easy": EasyBot, "normal": NormalBot}
