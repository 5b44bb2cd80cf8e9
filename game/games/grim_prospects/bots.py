"""Grim Prospects bots: ``easy`` (simple, a little noisy), ``normal`` (weighs the traps still in
the Mine against what it carries), and two measuring sticks that the setup does not offer:
``always_dig`` (digs every turn, never places a Bundle) and ``always_bank`` (returns to base
whenever its hand holds anything, else digs).

Every bot decides from a `GrimView` only: `view.state` is the seat's masked copy of the position
(every card it does not know is `HIDDEN`), `view.player`, `view.legal_actions()`. Nothing here
touches a full state. ``normal`` uses no randomness at all (its decision is a function of the
view); the others draw from their own seeded `Rng`. Pure Python; never imports pygame.

The normal bot's model
----------------------
- *Worth*: the bot scores any set of cards with the card data's own effect kinds (`Scorer`),
  counting a Crystal's majority bonus with the chance that it ends with the most Crystals (its own
  count against the others' known Crystals plus their share of the unknown ones).
- *What the Mine holds*: unknown Traps and Items are always in the Mine (they never stay in a
  hand or a stash), so a hidden Mine slot is a Dynamite with chance (unknown Dynamites) / (hidden
  Mine slots), and so on; a Mine card whose place the bot knows (put back, seen with the Torch) is
  counted exactly. A hidden card that goes to a hand is worth, on average, the mean of what the
  unknown carried cards would add to the bot's score.
- *Each action's worth*: the expected change of its hand's worth over the cards drawn (a Dynamite
  takes two cards at random, a Gas Leak one, from everyone without a Canary), minus the risk the
  hand then runs until the bot's next turn (the others' digs may bring Gas Leaks; its own next
  dig may bring Dynamite) — banking empties the hand and so runs no risk. Prospecting keeps the
  best of the cards seen (the expected best of the hidden ones), safely.
- *Keeping and putting back*: it keeps the card that adds most to its score (in a two-player game
  a Dynamite kept unlit is worth part of the Geode), and puts Traps back on top, then the cards
  the next player wants least.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from game.core.contract import Action, View
from game.core.rng import Rng
from game.games.grim_prospects.cards import BUNDLE, Card, deck

# ---------------------------------------------------------------------------- card tables
_DECK: tuple[Card, ...] = deck()
N_CARDS = len(_DECK)
KEYS: tuple[str, ...] = tuple(dict.fromkeys(c.key for c in _DECK))
KEY_INDEX = {k: i for i, k in enumerate(KEYS)}
NK = len(KEYS)
CARD_KEY: tuple[int, ...] = tuple(KEY_INDEX[c.key] for c in _DECK)
KIND: tuple[str, ...] = tuple(c.kind for c in _DECK)
POINTS: tuple[int, ...] = tuple(c.points for c in _DECK)
IS_TRAP: tuple[bool, ...] = tuple(c.is_trap for c in _DECK)
IS_ITEM: tuple[bool, ...] = tuple(c.is_item for c in _DECK)
TO_HAND: tuple[bool, ...] = tuple(c.goes_to_hand for c in _DECK)
IS_BUNDLE: tuple[bool, ...] = tuple(c.ability == BUNDLE for c in _DECK)
_FIRST = {c.key: c for c in reversed(_DECK)}  # one card of each key
KEY_CARD: tuple[Card, ...] = tuple(_FIRST[k] for k in KEYS)

# Traps: who they hit and how many cards.
TRAP_DISCARD: tuple[int, ...] = tuple(int(c.effect.get("discard", 0)) if c.is_trap else 0 for c in _DECK)
TRAP_ALL: tuple[bool, ...] = tuple(c.is_trap and c.effect.get("who") == "all" for c in _DECK)
# Items by kind (at most one card of each in the shipped deck, but nothing here assumes it).
ITEM_KIND: tuple[str, ...] = tuple(c.kind if c.is_item else "" for c in _DECK)


def _ward_keys(card_id: int) -> frozenset[str]:
    c = _DECK[card_id]
    return frozenset(c.effect.get("against", ())) if c.kind == "ward" else frozenset()


WARDS: tuple[frozenset[str], ...] = tuple(_ward_keys(i) for i in range(N_CARDS))
HIDDEN_ID = -1  # the rules' HIDDEN (checked against rules.HIDDEN in the tests)


def _key_counts(cards: Iterable[int]) -> list[int]:
    counts = [0] * NK
    for c in cards:
        if c >= 0:
            counts[CARD_KEY[c]] += 1
    return counts


# ---------------------------------------------------------------------------- scoring
class Scorer:
    """Scores key counts with the data's effect kinds; `crystal_chance(count)` gives the chance that
    `count` cards of a majority key end as the most (so their bonus is an expectation)."""

    def __init__(self, majority_chance: Mapping[int, Sequence[float]] | None = None) -> None:
        # key index -> chance of holding the most, by count held (0, 1, 2, ...)
        self.majority_chance = majority_chance or {}

    def chance(self, k: int, count: int) -> float:
        table = self.majority_chance.get(k)
        if table is None:
            return 1.0
        if count <= 0:
            return 0.0
        return table[min(count, len(table) - 1)]

    def total(self, counts: Sequence[int], placed: Sequence[int]) -> float:
        """The worth of scored cards (`counts` by key) with bundles `placed` (counts by key) in the
        Inventory."""
        total = 0.0
        gems = 0
        gem_values: list[float] = []
        mirrors = 0
        families: dict[str, int] = {}
        for k in range(NK):
            n = counts[k]
            if not n:
                continue
            card = KEY_CARD[k]
            kind = card.kind
            eff = card.effect
            if kind == "plain" or kind == "bundle":
                total += n * card.points
            elif kind == "majority":
                most = float(eff["most"])
                p = self.chance(k, n)
                total += n * (card.points + p * (most - card.points))
            elif kind == "set":
                fam = str(eff["family"])
                families[fam] = families.get(fam, 0) + 1
            elif kind == "gem":
                gems += n
        for k in range(NK):
            n = placed[k]
            if n:
                boosted = KEY_INDEX[str(KEY_CARD[k].effect["boosts"])]
                total += n * float(KEY_CARD[k].effect["per"]) * counts[boosted]
        if families:
            for k in range(NK):
                if counts[k] and KEY_CARD[k].kind == "set":
                    # Worth 1 per different card of the family: k different -> k each.
                    total += KEY_CARD[k].points + families[str(KEY_CARD[k].effect["family"])]
        if gems:
            for k in range(NK):
                n = counts[k]
                if not n or KEY_CARD[k].kind != "gem":
                    continue
                eff = KEY_CARD[k].effect
                if eff.get("mirror"):
                    mirrors += n
                    continue
                value = float(KEY_CARD[k].points)
                for other, per in eff.get("with", {}).items():
                    o = KEY_INDEX[other]
                    value += float(per) * (counts[o] - (1 if o == k else 0))
                value += float(eff.get("per_gem", 0)) * (gems - 1)
                total += n * value
                gem_values.append(value)
            if mirrors:
                best = max(gem_values) if gem_values else 0.0
                for k in range(NK):
                    if counts[k] and KEY_CARD[k].effect.get("mirror"):
                        value = max(float(KEY_CARD[k].points), best)
                        # A mirror is also another Gem for per_gem cards (already counted above).
                        total += counts[k] * value
        return total


def best_placement(scorer: Scorer, counts: Sequence[int], placed: Sequence[int],
                   hand_counts: Sequence[int]) -> tuple[float, list[int]]:
    """The best worth when any Bundles of the hand may still be placed: (worth, how many of each
    key to place). Tries every count of every Bundle key held (a few keys, a few cards)."""
    keys = [k for k in range(NK) if hand_counts[k] and KEY_CARD[k].ability == BUNDLE]
    best = scorer.total(counts, placed)
    best_plan = [0] * NK
    if not keys:
        return best, best_plan
    ranges = [range(hand_counts[k] + 1) for k in keys]

    def rec(i: int, cur: list[int], pl: list[int], plan: list[int]) -> None:
        nonlocal best, best_plan
        if i == len(keys):
            v = scorer.total(cur, pl)
            if v > best + 1e-9:
                best = v
                best_plan = list(plan)
            return
        k = keys[i]
        for m in ranges[i]:
            cur[k] -= m
            pl[k] += m
            plan[k] = m
            rec(i + 1, cur, pl, plan)
            cur[k] += m
            pl[k] -= m
            plan[k] = 0

    rec(0, list(counts), list(placed), [0] * NK)
    return best, best_plan


# ---------------------------------------------------------------------------- reading the view
@dataclass
class Knowledge:
    """What a seat can tell from its view, in the numbers the bots use."""

    me: int
    n: int
    hand: list[int]
    stash: list[int]
    inventory: list[int]
    mine: list[int]          # bottom -> top, HIDDEN where unknown
    hidden_slots: int        # HIDDEN cards in the Mine
    unknown: list[int]       # ids whose place the seat does not know
    unknown_traps: list[int]
    unknown_items: list[int]
    unknown_carried: list[int]  # unknown cards that go to a hand (Mine or someone's hand/stash)
    forced: list[int]        # unknown cards surely in the Mine: Traps, Items, known to be there
    free: list[int]          # unknown carried cards that may be in the Mine or in a secret place
    geode: list[int]
    has_canary: bool         # no Gas Leak hurts this seat
    warded: frozenset[str]
    looking: list[int] = field(default_factory=list)   # a prospect's cards (all but one go back)

    @property
    def mine_len(self) -> int:
        return len(self.mine)

    def p_hidden(self, cards: Sequence[int]) -> float:
        """Chance that a hidden Mine slot holds one of `cards` (all unknown, all in the Mine)."""
        return len(cards) / self.hidden_slots if self.hidden_slots else 0.0

    def p_carried(self) -> float:
        """Chance that a hidden Mine slot holds a card that goes to a hand."""
        if not self.hidden_slots:
            return 0.0
        return max(0.0, self.hidden_slots - len(self.unknown_traps) - len(self.unknown_items)) \
            / self.hidden_slots

    def slot_chances(self) -> list[tuple[int, float]]:
        """[(card, chance)] for one hidden Mine slot: each card surely in the Mine 1/slots, the
        cards that may also be in a secret place share what is left."""
        h = self.hidden_slots
        if not h:
            return []
        out = [(c, 1.0 / h) for c in self.forced]
        left = max(0, h - len(self.forced))
        if self.free and left:
            each = left / (h * len(self.free))
            out += [(c, each) for c in self.free]
        return out


def read_view(view: View) -> Knowledge:
    s = view.state  # type: ignore[attr-defined]
    me = int(view.player)
    unknown = list(view.unknown())  # type: ignore[attr-defined]
    inv = list(s.inventories[me])
    warded: set[str] = set()
    for c in inv:
        warded |= WARDS[c]
    mine = list(s.mine)
    in_mine = set(view.known_in_mine()) if hasattr(view, "known_in_mine") else set()
    forced = [c for c in unknown if not TO_HAND[c] or c in in_mine]
    free = [c for c in unknown if TO_HAND[c] and c not in in_mine]
    return Knowledge(
        me=me, n=s.n, hand=[c for c in s.hands[me] if c >= 0], stash=[c for c in s.stashes[me] if c >= 0],
        inventory=inv, mine=mine, hidden_slots=sum(1 for c in mine if c < 0), unknown=unknown,
        unknown_traps=[c for c in unknown if IS_TRAP[c]],
        unknown_items=[c for c in unknown if IS_ITEM[c]],
        unknown_carried=[c for c in unknown if TO_HAND[c]],
        forced=forced, free=free,
        geode=list(s.geode), has_canary=any(WARDS[c] for c in inv), warded=frozenset(warded),
        looking=list(s.looking) if s.phase == "choose" and me == s.to_move() else [])


def majority_tables(view: View, k: Knowledge, scale: float) -> dict[int, list[float]]:
    """For each majority key: the chance of ending with the most, by the count this seat holds.

    The others' counts are estimated from what the seat knows of their hands and stashes plus
    their share of the unknown cards of that key (the unknown ones not in the Mine are spread over
    the hidden hand and stash slots), and a share of what the Mine still holds.
    """
    s = view.state  # type: ignore[attr-defined]
    out: dict[int, list[float]] = {}
    hidden_slots_players = [sum(1 for c in list(s.hands[p]) + list(s.stashes[p]) if c < 0)
                            for p in range(k.n)]
    total_hidden_held = sum(hidden_slots_players[p] for p in range(k.n) if p != k.me)
    carried_unknown = len(k.unknown_carried)
    for key_i in range(NK):
        if KEY_CARD[key_i].kind != "majority":
            continue
        unknown_of_key = sum(1 for c in k.unknown_carried if CARD_KEY[c] == key_i)
        frac = unknown_of_key / carried_unknown if carried_unknown else 0.0
        in_mine_exp = unknown_of_key - frac * total_hidden_held
        known_mine = sum(1 for c in k.mine if c >= 0 and CARD_KEY[c] == key_i)
        future = max(0.0, in_mine_exp) + known_mine
        best_other = 0.0
        for p in range(k.n):
            if p == k.me:
                continue
            known = sum(1 for c in list(s.hands[p]) + list(s.stashes[p]) if c >= 0 and CARD_KEY[c] == key_i)
            est = known + frac * hidden_slots_players[p] + future / k.n
            best_other = max(best_other, est)
        mine_future = future / k.n
        table = [0.0]
        for count in range(1, 12):
            d = count + mine_future - best_other
            table.append(1.0 / (1.0 + math.exp(-scale * (d + 0.25))))
        out[key_i] = table
    return out


# ---------------------------------------------------------------------------- the normal bot
@dataclass(frozen=True)
class Params:
    """The normal bot's knobs (chosen by seeded simulation)."""

    risk_weight: float = 1.0      # how many of its own next digs the hand is expected to face
    majority_scale: float = 1.2   # steepness of the chance of holding the most Crystals
    item_worth: float = 1.5       # an Item's worth to its holder at the start of the game
    geode_share: float = 0.7      # the part of the Geode a Dynamite kept unlit is expected to win
    hurt_weight: float = 0.3      # how much a Gas Leak's harm to the others counts for this seat
    blast_margin: float = 0.5     # what a blast must beat the other actions by
    deep_trap_share: float = 0.5  # a put-back card under the top: its Trap chance, relative


class _Eval:
    """Everything the normal bot works out once per decision."""

    def __init__(self, view: View, params: Params) -> None:
        self.view = view
        self.params = params
        s = view.state  # type: ignore[attr-defined]
        self.s = s
        self.k = k = read_view(view)
        self.scorer = Scorer(majority_tables(view, k, params.majority_scale))
        self.placed = _key_counts(c for c in k.inventory if IS_BUNDLE[c])
        self.hand_counts = _key_counts(k.hand)
        self.stash_counts = _key_counts(k.stash)
        self.all_counts = [a + b for a, b in zip(self.hand_counts, self.stash_counts)]
        self.base, _ = best_placement(self.scorer, self.all_counts, self.placed, self.hand_counts)
        self.stash_worth = self.scorer.total(self.stash_counts, self.placed)
        self.hand_worth = max(0.0, self.base - self.stash_worth)
        self._marg: dict[int, float] = {}
        # The mean worth of a hidden carried card.
        carried = k.unknown_carried
        self.mean_carried = (sum(self.marginal(c) for c in carried) / len(carried)) if carried else 0.0
        # How far the game is: the share of the deck still in the Mine.
        self.left = k.mine_len / N_CARDS
        self.pg = self._p_gas_hidden()
        self._slots: list[tuple[float, int]] | None = None
        self.slot_carried = self.mean_carried

    # -- worth
    def worth_with(self, extra: Sequence[int]) -> float:
        """The best worth of hand + stash with `extra` cards added to the hand."""
        counts = list(self.all_counts)
        hand = list(self.hand_counts)
        for c in extra:
            if c >= 0 and TO_HAND[c]:
                counts[CARD_KEY[c]] += 1
                hand[CARD_KEY[c]] += 1
        v, _ = best_placement(self.scorer, counts, self.placed, hand)
        return v

    def marginal(self, card_id: int) -> float:
        """What one more card adds to this seat's worth (Items: their use; Traps: see `keep_worth`)."""
        # Cards of one key score alike: one look-up per key (a hand of Bundles makes each costly).
        slot = CARD_KEY[card_id] if TO_HAND[card_id] else NK + card_id
        hit = self._marg.get(slot)
        if hit is not None:
            return hit
        if IS_ITEM[card_id]:
            value = self.item_worth(card_id)
        elif IS_TRAP[card_id]:
            value = 0.0
        else:
            value = self.worth_with([card_id]) - self.base
        self._marg[slot] = value
        return value

    def item_worth(self, card_id: int) -> float:
        kind = ITEM_KIND[card_id]
        base = self.params.item_worth * (self.k.mine_len / N_CARDS)
        if kind == "ward":
            gas_left = sum(1 for c in self.k.unknown_traps if _DECK[c].key in WARDS[card_id])
            return base * min(1.0, gas_left / 2.0)
        return base

    # -- the Mine
    def _p_gas_hidden(self) -> float:
        k = self.k
        if not k.hidden_slots:
            return 0.0
        return sum(1 for c in k.unknown_traps if TRAP_ALL[c]) / k.hidden_slots

    def hurts_me(self, trap: int) -> bool:
        return _DECK[trap].key not in self.k.warded

    def draw_outcomes(self, depth: int) -> list[tuple[float, int]]:
        """The card at `depth` from the top: [(chance, card id)], card id -1 for 'a carried card
        of average worth'. Known cards exactly; hidden slots from the unknown cards."""
        mine = self.k.mine
        if depth >= len(mine):
            return []
        c = mine[len(mine) - 1 - depth]
        if c >= 0:
            return [(1.0, c)]
        if not self.k.hidden_slots:
            return [(1.0, -1)]
        base = self._slot_outcomes
        j = self.put_back_depth(depth)
        if j < 0:
            return base
        # Another seat put this card back: a prospector puts Traps on top of what it returns.
        p_trap = sum(p for p, c in base if c >= 0 and IS_TRAP[c])
        if p_trap <= 0 or p_trap >= 1:
            return base
        m = j + 1 + self._block_below(depth)
        want = 1.0 - (1.0 - p_trap) ** m if j == 0 else p_trap * self.params.deep_trap_share
        trap_scale = want / p_trap
        rest_scale = (1.0 - want) / (1.0 - p_trap)
        return [(p * (trap_scale if c >= 0 and IS_TRAP[c] else rest_scale), c) for p, c in base]

    def put_back_depth(self, depth: int) -> int:
        """-1 unless the card `depth` from the top is one that another seat saw (put back) and this
        seat did not; else its place in that seat's block of seen cards, 0 = the block's top."""
        seen = self.s.seen
        idx = len(self.k.mine) - 1 - depth
        for q in range(self.k.n):
            if q == self.k.me or not seen[q] >> idx & 1:
                continue
            j = 0
            while idx + j + 1 < len(self.k.mine) and seen[q] >> (idx + j + 1) & 1:
                j += 1
            return j
        return -1

    def _block_below(self, depth: int) -> int:
        """How many cards under this one the same other seat also saw (the rest of its block)."""
        seen = self.s.seen
        idx = len(self.k.mine) - 1 - depth
        for q in range(self.k.n):
            if q == self.k.me or not seen[q] >> idx & 1:
                continue
            below = 0
            while idx - below - 1 >= 0 and seen[q] >> (idx - below - 1) & 1:
                below += 1
            return below
        return 0

    @property
    def _slot_outcomes(self) -> list[tuple[float, int]]:
        """A hidden slot: Traps and Items one by one, carried cards by their worth (as one)."""
        if self._slots is None:
            out: list[tuple[float, int]] = []
            carried_p = 0.0
            carried_v = 0.0
            for c, p in self.k.slot_chances():
                if TO_HAND[c]:
                    carried_p += p
                    carried_v += p * self.marginal(c)
                else:
                    out.append((p, c))
            if carried_p > 0:
                out.append((carried_p, -1))
                self.slot_carried = carried_v / carried_p
            self._slots = out
        return self._slots

    # -- hands under traps
    @staticmethod
    def loss(worth: float, count: float, discard: float) -> float:
        """Expected worth lost when `discard` cards go at random from a hand of `count` cards."""
        if count <= 0 or worth <= 0:
            return 0.0
        return worth * min(1.0, discard / count)

    def dig_value(self, draws: int) -> tuple[float, float, float]:
        """Digging `draws` cards: (expected change of worth, expected hand worth, expected hand
        size) after it, with Traps resolving against the hand as it is then."""
        worth = self.hand_worth
        count = float(len(self.k.hand))
        gain_total = 0.0
        hurt_others = 0.0
        for depth in range(min(draws, self.k.mine_len)):
            for p, c in self.draw_outcomes(depth):
                if p <= 0:
                    continue
                if c == -1:
                    gain_total += p * self.slot_carried
                    worth += p * self.slot_carried
                    count += p
                elif IS_TRAP[c]:
                    if self.hurts_me(c):
                        lost = self.loss(worth, count, TRAP_DISCARD[c])
                        gain_total -= p * lost
                        worth -= p * lost
                        count -= p * min(count, TRAP_DISCARD[c])
                    if TRAP_ALL[c]:
                        hurt_others += p * self._others_loss(TRAP_DISCARD[c])
                elif IS_ITEM[c]:
                    gain_total += p * self.marginal(c)
                else:
                    v = self.marginal(c)
                    gain_total += p * v
                    worth += p * v
                    count += p
        return gain_total + self.params.hurt_weight * hurt_others, worth, count

    def _others_loss(self, discard: int) -> float:
        """The worth a Gas Leak takes from the other players, on average (a card each)."""
        total = 0.0
        for p in range(self.k.n):
            if p == self.k.me:
                continue
            size = len(self.s.hands[p])
            if size:
                total += min(1.0, discard / size) * size * max(1.0, self.mean_carried)
        return total / max(1, self.k.n - 1)

    def risk(self, worth: float, count: float) -> float:
        """What a hand of this worth is expected to lose before this seat can bank it: the others'
        turns may bring Gas Leaks, its own next dig may bring Dynamite. Nothing when the Mine will
        be empty before then."""
        if count <= 0 or worth <= 0:
            return 0.0
        k = self.k
        # The others take about 1.5 cards a turn; the Geode one more a round.
        others = k.n - 1
        used = 1.5 * others + (1 if k.n == 2 else 0)
        if k.mine_len - used <= 0:
            return 0.0
        pg = self.pg if "gas_leak" not in k.warded else 0.0
        gas_keys_warded = any(WARDS[c] for c in k.inventory)
        passive = 0.0
        if not gas_keys_warded:
            passive = others * 1.6 * self.pg * self.loss(worth, count, 1)
        h = k.hidden_slots or 1
        dyn = sum(TRAP_DISCARD[c] for c in k.unknown_traps if not TRAP_ALL[c]) / h
        # Own next dig of two cards: each card a Dynamite with chance (unknown Dynamites)/slots.
        own = 2.0 * (self.loss(worth, count, 2) * dyn / 2.0 + pg * self.loss(worth, count, 1))
        return passive + self.params.risk_weight * own

    # -- prospecting
    def prospect_value(self, looks: int) -> tuple[float, float]:
        """Expected worth of the best card kept out of `looks` (hidden ones: the expected best of
        the unknown cards), and that card's worth to the hand."""
        known: list[float] = []
        hidden = 0
        mine = self.k.mine
        for depth in range(min(looks, len(mine))):
            c = mine[len(mine) - 1 - depth]
            if c >= 0:
                known.append(self.keep_worth(c))
            else:
                hidden += 1
        floor = max(known) if known else -1e9
        if not hidden:
            return max(floor, 0.0), max(floor, 0.0)
        dist = self.hidden_distribution()
        # E[max(floor, X1..Xh)] with Xi iid from dist (drawn with replacement: close enough).
        values = sorted(dist)
        total = 0.0
        cum = 0.0
        prev_f = 0.0
        exp = 0.0
        for v, p in values:
            cum += p
            f = cum ** hidden
            exp += max(v, floor) * (f - prev_f)
            prev_f = f
        total = exp + max(floor, 0.0) * max(0.0, 1.0 - prev_f)
        return total, total

    def hidden_distribution(self) -> list[tuple[float, float]]:
        """[(worth if kept, chance)] for a hidden Mine slot."""
        k = self.k
        h = k.hidden_slots
        if not h:
            return [(0.0, 1.0)]
        out: list[tuple[float, float]] = []
        for t in k.forced:
            if not TO_HAND[t]:
                out.append((self.keep_worth(t), 1.0 / h))
        for c, p in k.slot_chances():
            if TO_HAND[c]:
                out.append((self.marginal(c), p))
        return out

    def keep_worth(self, card_id: int) -> float:
        """What keeping this card from a prospect is worth."""
        if IS_TRAP[card_id]:
            if self.k.n == 2 and _DECK[card_id].kind == "blast" and not TRAP_ALL[card_id]:
                # Kept unlit: a way to take the Geode later (and one Dynamite fewer in the Mine).
                # Unless no later turn of ours can come: nothing is left in the Mine after the
                # keep, or only the one card the Geode takes before that turn (once a round; a
                # Trap it turns over goes back in, so the game goes on).
                rest = [c for c in self.k.looking if c != card_id]
                left = self.k.mine_len + len(rest)
                if left == 0 or (left == 1 and rest and rest[0] >= 0 and not IS_TRAP[rest[0]]):
                    return 0.0
                has = any(_DECK[c].key == _DECK[card_id].key for c in self.k.inventory)
                geode = self.worth_with(self.k.geode) - self.base if self.k.geode else 0.0
                future = 0.5 * self.mean_carried * min(6.0, self.k.mine_len / 4.0)
                return (0.0 if has else self.params.geode_share * (geode + future))
            # Three or more players: a kept Trap goes off in the prospector's own hand.
            return -self.loss(self.hand_worth, len(self.k.hand), TRAP_DISCARD[card_id]) \
                if self.hurts_me(card_id) else 0.0
        return self.marginal(card_id)

    def geode_value(self) -> float:
        return self.worth_with(self.k.geode) - self.base


class NormalBot:
    """Decides by expected worth: gains from the Mine against the risk of carrying."""

    level = "normal"

    def __init__(self, seed: int, params: Params | None = None) -> None:
        # Every decision is a function of the view; the generator is kept so all bots are alike.
        self.rng = Rng(seed)
        self.params = params or Params()

    def choose(self, view: View) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        s = view.state  # type: ignore[attr-defined]
        ev = _Eval(view, self.params)
        if s.phase == "choose":
            return self._keep(ev, legal)
        place = self._place(ev, legal)
        if place is not None:
            return place
        if s.phase == "after":
            return Action("end") if Action("end") in legal else legal[-1]
        return self._action(ev, legal)

    # -- bundles
    def _place(self, ev: _Eval, legal: list[Action]) -> Action | None:
        """Place a Bundle when the best placement of the hand's Bundles places one of its key."""
        if not any(a.kind == "place" for a in legal):
            return None
        _, plan = best_placement(ev.scorer, ev.all_counts, ev.placed, ev.hand_counts)
        for a in legal:
            if a.kind == "place":
                cid = int(a.args[0])
                if plan[CARD_KEY[cid]] > 0:
                    return a
        return None

    # -- the action
    def _action(self, ev: _Eval, legal: list[Action]) -> Action:
        options: list[tuple[float, int, Action]] = []
        k = ev.k
        hand_n = float(len(k.hand))
        for i, a in enumerate(legal):
            if a.kind == "dig":
                draws = int(a.args[0]) if a.args else 2
                gain, worth, count = ev.dig_value(draws)
                value = gain - ev.risk(worth, count)
            elif a.kind == "prospect":
                looks = _look_count(k.inventory, 3)
                best, kept = ev.prospect_value(looks)
                value = best - ev.risk(ev.hand_worth + max(0.0, kept), hand_n + 1)
            elif a.kind == "bank":
                value = 0.0
            elif a.kind == "blast":
                g = ev.geode_value()
                value = g - ev.risk(ev.hand_worth + g, hand_n + len(k.geode)) - ev.params.blast_margin
            else:
                continue
            options.append((value, -i, a))
        if not options:
            return legal[0]
        # The baseline every non-bank action pays: what the current hand risks if it is not banked.
        options.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return options[0][2]

    # -- prospecting
    def _keep(self, ev: _Eval, legal: list[Action]) -> Action:
        looking = [c for c in ev.s.looking]
        scored = sorted(((ev.keep_worth(c), -c, c) for c in looking), reverse=True)
        kept = scored[0][2]
        rest = [c for c in looking if c != kept]
        # Traps on top for the next player, then the cards the others want least.
        def order_key(c: int) -> tuple[int, float, int]:
            return (0 if IS_TRAP[c] else 1, ev.marginal(c) if TO_HAND[c] else 0.5, c)

        rest.sort(key=order_key)
        wanted = Action("keep", tuple(str(c) for c in [kept] + rest))
        if wanted in legal:
            return wanted
        keeps = [a for a in legal if a.kind == "keep" and a.args and int(a.args[0]) == kept]
        return keeps[0] if keeps else legal[0]


def _look_count(inventory: Sequence[int], default: int) -> int:
    for c in inventory:
        if ITEM_KIND[c] == "prospect_more":
            return max(default, int(_DECK[c].effect["look"]))
    return default


def _draw_count(inventory: Sequence[int]) -> int:
    for c in inventory:
        if ITEM_KIND[c] == "dig_more":
            return int(_DECK[c].effect["draw"])
    return 2


# ---------------------------------------------------------------------------- easy
class EasyBot:
    """A simple player: banks once it carries a good handful, keeps the card with the most points,
    places Bundles when they obviously help, and now and then acts on a whim."""

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        s = view.state  # type: ignore[attr-defined]
        me = int(view.player)
        hand = [c for c in s.hands[me] if c >= 0]
        if s.phase == "choose":
            looking = list(s.looking)
            good = [c for c in looking if TO_HAND[c]] or looking
            kept = max(good, key=lambda c: (POINTS[c] + self.rng.random(), c))
            rest = [c for c in looking if c != kept]
            self.rng.shuffle(rest)
            wanted = Action("keep", tuple(str(c) for c in [kept] + rest))
            if wanted in legal:
                return wanted
            return self.rng.choice([a for a in legal if a.kind == "keep"] or legal)
        places = [a for a in legal if a.kind == "place"]
        if places:
            held = _key_counts(hand)
            scored = _key_counts(hand + [c for c in s.stashes[me] if c >= 0])
            for a in places:
                cid = int(a.args[0])
                boosts = KEY_INDEX[str(_DECK[cid].effect["boosts"])]
                # Place when it boosts at least two cards it has (not counting itself).
                others = scored[boosts] - (1 if boosts == CARD_KEY[cid] else 0)
                if others >= 2 and held[CARD_KEY[cid]] > 0 and self.rng.random() < 0.8:
                    return a
        if s.phase == "after":
            return Action("end") if Action("end") in legal else legal[-1]
        acts = {a.kind + (":" + a.args[0] if a.args else ""): a for a in legal}
        carried = sum(max(1, POINTS[c]) for c in hand)
        if "blast" in acts and len(s.geode) >= 3 and self.rng.random() < 0.7:
            return acts["blast"]
        if "bank" in acts and (carried >= 5 + self.rng.below(3) or len(hand) >= 5):
            return acts["bank"]
        roll = self.rng.random()
        if "prospect" in acts and roll < 0.25:
            return acts["prospect"]
        if "dig:3" in acts and roll < 0.6:
            return acts["dig:3"]
        if "dig" in acts:
            return acts["dig"]
        return self.rng.choice(legal)


# ---------------------------------------------------------------------------- measuring sticks
class AlwaysDigBot:
    """Digs every turn (two cards), never places a Bundle, never prospects or banks."""

    level = "always_dig"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> Action:
        legal = view.legal_actions()
        for wanted in (Action("dig"), Action("end")):
            if wanted in legal:
                return wanted
        keeps = [a for a in legal if a.kind == "keep"]
        return keeps[0] if keeps else legal[0]


class AlwaysBankBot:
    """Returns to base whenever its hand holds anything; else digs. Never places a Bundle."""

    level = "always_bank"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: View) -> Action:
        legal = view.legal_actions()
        for wanted in (Action("bank"), Action("dig"), Action("end")):
            if wanted in legal:
                return wanted
        keeps = [a for a in legal if a.kind == "keep"]
        return keeps[0] if keeps else legal[0]


BOTS = {"easy": EasyBot, "normal": NormalBot, "always_dig": AlwaysDigBot,
        "always_bank": AlwaysBankBot}

__all__ = ["BOTS", "AlwaysBankBot", "AlwaysDigBot", "EasyBot", "NormalBot", "Params", "Scorer"]
