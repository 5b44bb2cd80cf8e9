"""Grim Prospects' search policy for the hard bot (game/bots/search.py runs the search).

The tree holds the real rules: every action is played with `GrimState.advance`. Below the tree,
a position is finished by a quick playout on bare lists (`_playout`), not through the rules
engine: the same turns (dig, prospect, bank, blast, the Geode, Traps and their random discards,
Items, Bundles placed), played by a light push-your-luck player, then scored. A playout is a
determinized game, so it reads the dealt position; its players decide only from what a player
could know, though: their own hand, how many Traps and how much treasure the Mine still holds,
the public Inventories and the Geode (a prospector also sees the cards it looks at).

The playout player weighs each action the way the normal bot does, in a few sums:
- digging k cards adds about k times the Mine's mean treasure, and risks the hand to a Dynamite
  (two cards of it) or a Gas Leak (one card), each with its share of the Mine;
- prospecting keeps the best of the cards looked at, safely;
- returning to base adds nothing and risks nothing;
- every action but returning to base also leaves the hand exposed until the player's next turn
  (the others' digs may bring a Gas Leak, its own next dig a Dynamite).
It places a Bundle when it adds points (a third Iron, a Copper beside two Gold), and a small
share of its actions are random, so playouts do not all follow one line.

With three or four players the tree branches on the deciding seat's own actions only; the others
play the playout player's moves there too, so the tree reaches the seat's next turns. At those
tables a deal also puts Traps where players leave them (`GrimPolicy.deal`): a block of cards
another seat put back on top holds a Trap on top far more often than a deal at random would make
it. The search starts from a bolder normal choice (`MANY_PRIOR`), and runs three times the
iterations (`many_factor`).

The values returned to the tree are each seat's share of the win, blended with a little of its
score margin: games here are decided by luck as much as by play, and the margin tells a good
action from a lucky one in fewer playouts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence, cast

from game.bots.search import Choice, Policy, win_shares
from game.core.contract import Action, GameState, View
from game.core.rng import Rng
from game.core.words import plural
from game.games.grim_prospects.bots import NormalBot, Params
from game.games.grim_prospects.cards import BUNDLE, ITEM, Card, deck
from game.games.grim_prospects.rules import HIDDEN, GrimState, card_name, names, words

_DECK = deck()
N_CARDS = len(_DECK)
KEYS: tuple[str, ...] = tuple(dict.fromkeys(c.key for c in _DECK))
KEY_OF: tuple[int, ...] = tuple(KEYS.index(c.key) for c in _DECK)
NK = len(KEYS)
TO_HAND: tuple[bool, ...] = tuple(c.goes_to_hand for c in _DECK)
IS_ITEM: tuple[bool, ...] = tuple(c.ability == ITEM for c in _DECK)
IS_TRAP: tuple[bool, ...] = tuple(c.is_trap for c in _DECK)
IS_DYNAMITE: tuple[bool, ...] = tuple(c.key == "dynamite" for c in _DECK)
TRAP_ALL: tuple[bool, ...] = tuple(c.is_trap and c.effect.get("who") == "all" for c in _DECK)
TRAP_DISCARD: tuple[int, ...] = tuple(int(c.effect.get("discard", 0)) if c.is_trap else 0
                                      for c in _DECK)
ITEM_KIND: tuple[str, ...] = tuple(c.kind if c.ability == ITEM else "" for c in _DECK)
WARDED: tuple[frozenset[str], ...] = tuple(
    frozenset(c.effect.get("against", ())) if c.kind == "ward" else frozenset() for c in _DECK)
IS_BUNDLE: tuple[bool, ...] = tuple(c.ability == BUNDLE for c in _DECK)
# key index a placed Bundle boosts, by card id (-1: not a Bundle)
BOOSTS: tuple[int, ...] = tuple(KEYS.index(str(c.effect["boosts"])) if c.kind == "bundle" else -1
                                for c in _DECK)
BUNDLE_PER: tuple[int, ...] = tuple(int(c.effect.get("per", 0)) if c.kind == "bundle" else 0
                                    for c in _DECK)
_KEY_CARD = {c.key: c for c in reversed(_DECK)}
KEY_CARD = tuple(_KEY_CARD[k] for k in KEYS)
MAJORITY_KEYS = tuple(k for k in range(NK) if KEY_CARD[k].kind == "majority")
SET_KEYS = tuple(k for k in range(NK) if KEY_CARD[k].kind == "set")
GEM_KEYS = tuple(k for k in range(NK) if KEY_CARD[k].kind == "gem")
BUNDLE_KEYS = tuple(k for k in range(NK) if KEY_CARD[k].kind == "bundle")
PLAIN_KEYS = tuple(k for k in range(NK) if KEY_CARD[k].kind in ("plain", "bundle"))
KEY_TRAP = tuple(KEY_CARD[k].is_trap for k in range(NK))
KEY_HAND = tuple(KEY_CARD[k].goes_to_hand for k in range(NK))


def _rough_value(c: Card) -> float:
    """What one card is roughly worth in a hand, before knowing the rest of it."""
    kind = c.kind
    if kind == "majority":
        return c.points + 0.5
    if kind == "set":
        return 2.0
    if kind == "gem":
        if c.effect.get("mirror"):
            return 2.0
        return c.points + 1.0
    return float(c.points)


VALUE: tuple[float, ...] = tuple(_rough_value(c) if c.goes_to_hand else 0.0 for c in _DECK)


# ---------------------------------------------------------------------------- scoring
def score_counts(counts: Sequence[int], placed: Sequence[int], most: Sequence[int]) -> int:
    """The points of scored cards counted by key, with Bundles `placed` (counted by the key they
    boost); `most[k]` is the table's highest count of majority key k. Mirrors the rules' scoring."""
    total = 0
    for k in PLAIN_KEYS:
        n = counts[k]
        if n:
            total += n * (KEY_CARD[k].points + placed[k])
    for k in MAJORITY_KEYS:
        n = counts[k]
        if n:
            eff = KEY_CARD[k].effect
            total += n * (int(eff["most"]) if n == most[k] else KEY_CARD[k].points)
    sets = 0
    for k in SET_KEYS:
        if counts[k]:
            sets += 1
    if sets:
        # Each Sigil is worth 1 per different Sigil held (sigils are one family in the deck).
        for k in SET_KEYS:
            if counts[k]:
                total += counts[k] * (KEY_CARD[k].points + sets)
    gems = 0
    for k in GEM_KEYS:
        gems += counts[k]
    if gems:
        best = -1
        mirrors = 0
        for k in GEM_KEYS:
            n = counts[k]
            if not n:
                continue
            eff = KEY_CARD[k].effect
            if eff.get("mirror"):
                mirrors += n
                continue
            v = KEY_CARD[k].points + int(eff.get("per_gem", 0)) * (gems - 1)
            for other, per in eff.get("with", {}).items():
                o = KEYS.index(other)
                v += int(per) * (counts[o] - (1 if o == k else 0))
            total += n * v
            if v > best:
                best = v
        if mirrors:
            total += mirrors * max(1, best)
    return total


def _counts(cards: Sequence[int], counts: list[int]) -> None:
    for c in cards:
        counts[KEY_OF[c]] += 1


# ---------------------------------------------------------------------------- the playout player
@dataclass
class Style:
    """The playout player's knobs."""

    hold_weight: float = 0.3    # how many of its own next digs a carried hand is expected to face
    prospect_gain: float = 1.45  # prospecting's find, in Mine-average cards (looking at three)
    blast_margin: float = 0.5   # what a blast must beat the other actions by
    item_value: float = 1.0     # an Item kept from a prospect, in points
    dynamite_value: float = 4.0  # a Dynamite kept unlit (two players), in points
    noise: float = 0.08         # the share of actions taken at random
    margin_share: float = 0.25  # the part of a playout's value that is the score margin
    margin_scale: float = 6.0   # points of margin that count as a sure win


def _choose_action(style: Style, n: int, hand: Sequence[int], mine_len: int, dyn: int, gas: int,
                   treasure: float, draws: int, looks: int, canary: bool,
                   blast_value: float | None) -> tuple[str, int]:
    """The playout player's action: ("dig", cards), ("prospect", 0), ("bank", 0) or ("blast", 0).
    `treasure`: the total rough worth of the carried cards still in the Mine."""
    m = len(hand)
    worth = 0.0
    for c in hand:
        worth += VALUE[c]
    L = mine_len
    d = dyn / L
    g = 0.0 if canary else gas / L
    per = treasure / L                  # a Mine card's expected worth to a hand
    hold_w = style.hold_weight
    # Holding a hand until the next turn: the others' digs (about 1.5 cards each) may bring a Gas
    # Leak (a card of the hand each), its own next dig a Dynamite (two cards) or a Gas Leak.
    exposed = L - 1.5 * (n - 1) - 2 > 0
    passive = (n - 1) * 1.5 * g
    if m:
        best_kind, best_arg, best = "bank", 0, 0.0
    else:
        best_kind, best_arg, best = "dig", 2, -1e9
    k = 2
    while True:
        w = worth
        cards = float(m)
        for _ in range(k if k < L else L):
            if cards > 0:
                lost = w * (d * (1.0 if cards <= 2.0 else 2.0 / cards) + g * (1.0 if cards <= 1.0 else 1.0 / cards))
                w -= lost
            w += per
            cards += 1.0 - d - g
        v = w - worth
        if exposed and w > 0 and cards > 0:
            c1 = cards if cards > 1.0 else 1.0
            v -= w * (passive / c1 + hold_w * (2.0 * d * (1.0 if cards <= 2.0 else 2.0 / cards) + 2.0 * g / c1))
        if v > best:
            best_kind, best_arg, best = "dig", k, v
        if k == draws or draws < 2:
            break
        k = draws
    found = style.prospect_gain * (treasure / L / (1.0 - d - g) if d + g < 1.0 else 0.0) * (1.0 + 0.1 * (looks - 3))
    v = found
    if exposed:
        w = worth + found
        c1 = m + 1.0
        v -= w * (passive / c1 + hold_w * (2.0 * d * (1.0 if c1 <= 2.0 else 2.0 / c1) + 2.0 * g / c1))
    if v > best:
        best_kind, best_arg, best = "prospect", 0, v
    if blast_value is not None:
        v = blast_value - style.blast_margin
        if exposed:
            w = worth + blast_value
            c1 = m + 2.0
            v -= w * (passive / c1 + hold_w * (2.0 * d * (1.0 if c1 <= 2.0 else 2.0 / c1) + 2.0 * g / c1))
        if v > best:
            best_kind, best_arg, best = "blast", 0, v
    return best_kind, best_arg


def _keep_order(looking: Sequence[int], n: int, worth_of: Callable[[int], float]) -> list[int]:
    """[kept, then the others top first]: keep the most useful card, put Traps on top, then the
    cards the next player would want least."""
    kept = max(looking, key=lambda c: (worth_of(c), -c))
    rest = sorted((c for c in looking if c != kept),
                  key=lambda c: (0 if IS_TRAP[c] else 1, VALUE[c], c))
    return [kept] + rest


def _keep_worth(style: Style, n: int, c: int, unlit: int) -> float:
    if TO_HAND[c]:
        return VALUE[c]
    if IS_ITEM[c]:
        return style.item_value
    if n == 2 and IS_DYNAMITE[c]:
        return style.dynamite_value if not unlit else 0.05
    return -1.0 - TRAP_DISCARD[c]


def _playout(state: GrimState, style: Style, rnd: random.Random) -> list[float]:
    """Finish the game from a `start` phase on bare lists; each seat's value (0..1)."""
    n = state.n
    mine = state.mine[:]
    hands = [h[:] for h in state.hands]
    stashes = [h[:] for h in state.stashes]
    geode = state.geode[:]
    draws = [2] * n
    looks = [3] * n
    canary = [False] * n
    unlit = [0] * n
    placed = [[0] * NK for _ in range(n)]
    for p in range(n):
        for c in state.inventories[p]:
            if IS_ITEM[c]:
                kind = ITEM_KIND[c]
                eff = _DECK[c].effect
                if kind == "dig_more":
                    draws[p] = max(draws[p], int(eff["draw"]))
                elif kind == "prospect_more":
                    looks[p] = max(looks[p], int(eff["look"]))
                elif kind == "ward" and "gas_leak" in WARDED[c]:
                    canary[p] = True
            elif IS_BUNDLE[c]:
                placed[p][BOOSTS[c]] += BUNDLE_PER[c]
            elif IS_DYNAMITE[c]:
                unlit[p] += 1
    held = []
    for p in range(n):
        ct = [0] * NK
        _counts(hands[p], ct)
        _counts(stashes[p], ct)
        held.append(ct)
    dyn = gas = 0
    treasure = 0.0
    for c in mine:
        if TO_HAND[c]:
            treasure += VALUE[c]
        elif IS_TRAP[c]:
            if TRAP_ALL[c]:
                gas += 1
            else:
                dyn += 1
    turn = state.turn
    first = state.first_player
    noise = style.noise
    item_value = style.item_value
    dynamite_value = style.dynamite_value
    two = n == 2

    def take(c: int, p: int, kept: bool) -> None:
        """Card c reaches player p (drawn, or kept from a prospect)."""
        if TO_HAND[c]:
            hands[p].append(c)
            held[p][KEY_OF[c]] += 1
            return
        if IS_ITEM[c]:
            kind = ITEM_KIND[c]
            eff = _DECK[c].effect
            if kind == "dig_more":
                draws[p] = max(draws[p], int(eff["draw"]))
            elif kind == "prospect_more":
                looks[p] = max(looks[p], int(eff["look"]))
            elif kind == "ward" and "gas_leak" in WARDED[c]:
                canary[p] = True
            return
        if kept and n == 2 and IS_DYNAMITE[c]:
            unlit[p] += 1
            return
        count = TRAP_DISCARD[c]
        for v in (range(n) if TRAP_ALL[c] else (p,)):
            if TRAP_ALL[c] and canary[v]:
                continue
            h = hands[v]
            for _ in range(min(count, len(h))):
                held[v][KEY_OF[h.pop(int(rnd.random() * len(h)))]] -= 1

    while True:
        p = turn
        hand = hands[p]
        # Bundles: place one while it adds points.
        for c in hand:
            if IS_BUNDLE[c]:
                ct = held[p]
                pl = placed[p]
                for c in hand[:]:
                    if not IS_BUNDLE[c]:
                        continue
                    b = BOOSTS[c]
                    if (ct[b] > pl[b] + 2) if b == KEY_OF[c] else ct[b] >= 2:
                        hand.remove(c)
                        ct[KEY_OF[c]] -= 1
                        pl[b] += BUNDLE_PER[c]
                break
        L = len(mine)
        if rnd.random() < noise:
            r = rnd.random()
            kind, arg = ("dig", draws[p]) if r < 0.45 else ("prospect", 0) if r < 0.7 else \
                ("bank", 0) if hand else ("dig", 2)
        else:
            blast = None
            if n == 2 and unlit[p] and geode:
                blast = sum(VALUE[c] for c in geode) + sum(style.item_value for c in geode if IS_ITEM[c])
            kind, arg = _choose_action(style, n, hand, L, dyn, gas, treasure, draws[p],
                                       looks[p], canary[p], blast)
        if kind == "dig":
            for _ in range(min(arg, len(mine))):
                c = mine.pop()
                if TO_HAND[c]:
                    treasure -= VALUE[c]
                elif IS_TRAP[c]:
                    if TRAP_ALL[c]:
                        gas -= 1
                    else:
                        dyn -= 1
                take(c, p, False)
        elif kind == "prospect":
            k = min(looks[p], L)
            looking = [mine.pop() for _ in range(k)]
            kept = -1
            best = -1e9
            for c in looking:
                if TO_HAND[c]:
                    v = VALUE[c]
                elif IS_ITEM[c]:
                    v = item_value
                elif two and IS_DYNAMITE[c]:
                    v = dynamite_value if not unlit[p] else 0.05
                else:
                    v = -1.0 - TRAP_DISCARD[c]
                if v > best:
                    kept, best = c, v
            # The others go back, Traps on top (the last appended is the top).
            for c in looking:
                if c != kept and not IS_TRAP[c]:
                    mine.append(c)
            for c in looking:
                if c != kept and IS_TRAP[c]:
                    mine.append(c)
            if TO_HAND[kept]:
                treasure -= VALUE[kept]
            elif IS_TRAP[kept]:
                if TRAP_ALL[kept]:
                    gas -= 1
                else:
                    dyn -= 1
            take(kept, p, True)
        elif kind == "bank":
            stashes[p].extend(hand)
            hand.clear()
        else:  # blast
            unlit[p] -= 1
            for c in geode:
                take(c, p, False)
            geode = []
        if not mine:
            break
        turn = (p + 1) % n
        if turn == first and n == 2:
            traps = []
            while mine:
                c = mine.pop()
                if IS_TRAP[c]:
                    traps.append(c)
                else:
                    if TO_HAND[c]:
                            treasure -= VALUE[c]
                    geode.append(c)
                    break
            if traps:
                mine.extend(traps)
                rnd.shuffle(mine)
            if not mine:
                break
    # Score.
    counts = held
    most = [0] * NK
    for k in MAJORITY_KEYS:
        most[k] = max(ct[k] for ct in counts)
    scores = [score_counts(counts[p], placed[p], most) for p in range(n)]
    return _values(scores, style)


def _values(scores: Sequence[float], style: Style) -> list[float]:
    """Win shares (a tie shares), blended with each seat's margin over its best opponent."""
    top = max(scores)
    leaders = sum(1 for s in scores if s == top)
    share = style.margin_share
    out = []
    for p, s in enumerate(scores):
        win = (1.0 / leaders) if s == top else 0.0
        if share:
            other = max(scores[q] for q in range(len(scores)) if q != p)
            x = (s - other) / style.margin_scale
            margin = 0.5 + 0.5 * (x / (1.0 + abs(x)))
            win = (1.0 - share) * win + share * margin
        out.append(win)
    return out


def _score_now(s: GrimState, me: int, add: int | None = None, placed: int | None = None) -> int:
    """The seat's score if the game ended now (the cards it can see counted as the game counts
    them), with the card `add` kept into its hand, or the Bundle `placed` from its hand."""
    if add is None and placed is None:
        return s.score(me).total
    t = s.copy()
    if add is not None:
        t.hands[me] = [*t.hands[me], add]
    if placed is not None:
        t.hands[me] = [c for c in t.hands[me] if c != placed]
        t.inventories[me] = [*t.inventories[me], placed]
    return t.score(me).total


# ---------------------------------------------------------------------------- the policy
# With three or more players, a block of cards another seat put back on the Mine is far likelier
# to hold a Trap on top than a deal at random makes it: a prospector puts its Traps on top, and the
# players after it prospect rather than dig there, each taking the best card out and putting the
# Traps back on top again. In 200 games between normal bots (`put_back_trap_rates(n, 200, 1)`), at
# the turn of a player who had not seen it, that top card was a Trap in 78% (three players), 72%
# (four) and 70% (five) of such positions, where 22%, 24% and 26% of the Mine's unseen cards were
# Traps; the card under it in 47%, 34% and 29%. With two players: 27% against 22%, and 4% under
# it. A deal adds this much to the Traps' share, for (the top, the card under it); five players
# deal as four do.
PUT_BACK_BOOST = {3: (0.57, 0.25), 4: (0.50, 0.10)}
# The normal bot's choice that starts the search at three or more players: bolder with its hand
# (risk_weight) and warier of what lies under a put-back top (deep_trap_share), which wins more
# often at those tables than the normal bot's own weights, set for two players.
MANY_PRIOR = Params(risk_weight=0.5, deep_trap_share=1.0)


class GrimPolicy(Policy):
    iterations = 400
    seconds = 0.9
    rollout_depth = 0
    exploration = 0.7
    prior_weight = 10       # the normal bot's choice counts as this many playouts ...
    prior_win = 0.6         # ... won this often: the search must find better to overturn it
    model_others_from = 3   # with three or four, the others play the playout player in the tree
    # With three or more players, three times the iterations: there 400 took a fifth of the time
    # cap (0.19 s at the 95th percentile), and 1,200 won a little more (35.2% against 33.0% of the
    # same 500 four-player games, within the noise; the rules page has the figures).
    many_factor = 3

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()
        self._normal = NormalBot(0)
        self._normal_many = NormalBot(0, MANY_PRIOR)
        self._root: tuple[Any, ...] | None = None   # the public shape of the position being decided

    def iterations_for(self, view: View) -> int:
        """`iterations`, and `many_factor` times as many at three or more players."""
        n = view.state.n  # type: ignore[attr-defined]
        return self.iterations * (self.many_factor if n >= 3 else 1)

    def root_prior(self, view: View, legal: list[Action]) -> dict[Action, tuple[float, int]]:
        """The normal bot's choice (it weighs the Traps still in the Mine against the hand, with
        everything the seat knows), as the tree names it, starts with `prior_weight` playouts."""
        s = view.state  # type: ignore[attr-defined]
        self._root = _position_key(s)
        if not self.prior_weight:
            return {}
        bot = self._normal if s.n < 3 else self._normal_many
        choice = bot.choose(view)
        if choice.kind in ("keep", "place"):
            key = KEY_OF[int(choice.args[0])]
            for a in self.tree_actions(s, legal):
                if a.kind == choice.kind and KEY_OF[int(a.args[0])] == key:
                    choice = a
                    break
        return {choice: (self.prior_win, self.prior_weight)}

    def deal(self, view: View, rng: Rng) -> GameState:
        """A position dealt from the view (`sample_state`); with three or more players, a block
        another seat put back on top of the Mine then gets a Trap on top (and under it) as often
        as such blocks held one in games between normal bots (`PUT_BACK_BOOST`), by swapping in a
        Trap from among the Mine's other unseen cards. Only where the seat did not see the card,
        and only for blocks of two or more (a single card left of a block lay under its Trap)."""
        s = cast(GrimState, view.sample_state(rng))   # this game's views deal its states
        boost = PUT_BACK_BOOST.get(min(4, s.n))
        q = put_back_top(s, view.player) if boost else -1
        if not boost or q < 0:   # (q < 0 already without a boost)
            return s
        seen_mine = view.state.mine  # type: ignore[attr-defined]
        mine = s.mine
        unseen = [i for i, c in enumerate(seen_mine) if c == HIDDEN]
        top = len(mine) - 1
        traps = [i for i in unseen if IS_TRAP[mine[i]]]
        if not traps:
            return s
        share = len(traps) / len(unseen)
        for depth in (0, 1):
            i = top - depth
            if seen_mine[i] != HIDDEN or not s.seen[q] >> i & 1:
                break
            if IS_TRAP[mine[i]]:
                continue
            want = min(0.95, share + boost[depth])
            if rng.random() * (1.0 - share) < want - share:
                deeper = [k for k in traps if k < top - 1 and IS_TRAP[mine[k]]]
                if deeper:
                    k = deeper[rng.below(len(deeper))]
                    mine[i], mine[k] = mine[k], mine[i]
        return s

    # -- the playout
    def rollout_action(self, state: GameState, rng: Rng) -> Action:
        """The playout player's move from a full state (any phase)."""
        s = cast(GrimState, state)   # the search hands a policy its own game's states
        p = s.turn
        n = s.n
        style = self.style
        legal = s.legal_actions()
        if s.phase == "choose":
            un = len(s.dynamites(p)) if n == 2 else 0
            order = _keep_order(s.looking, n, lambda c: _keep_worth(style, n, c, un))
            return Action("keep", tuple(str(c) for c in order))
        place = _placement(s, legal)
        if place is not None:
            return place
        if s.phase == "after":
            return Action("end")
        if rng.random() < style.noise:
            return rng.choice([a for a in legal if a.kind != "place"])
        dyn = gas = 0
        treasure = 0.0
        for c in s.mine:
            if TO_HAND[c]:
                    treasure += VALUE[c]
            elif IS_TRAP[c]:
                if TRAP_ALL[c]:
                    gas += 1
                else:
                    dyn += 1
        draws = max(s.dig_sizes(p))
        canary = any("gas_leak" in WARDED[c] for c in s.inventories[p])
        blast = None
        if Action("blast") in legal:
            blast = sum(VALUE[c] for c in s.geode) + sum(style.item_value for c in s.geode if IS_ITEM[c])
        kind, arg = _choose_action(style, n, s.hands[p], len(s.mine), dyn, gas, treasure,
                                   draws, s.look_count(p), canary, blast)
        if kind == "dig":
            return Action("dig") if arg == 2 else Action("dig", (str(arg),))
        return Action(kind)

    def evaluate(self, state: GameState) -> list[float]:
        s = cast(GrimState, state)
        if s.is_over():
            return _values([sc.total for sc in s.outcome().scores], self.style) \
                if self.style.margin_share else win_shares(s)
        rng = s.rng.copy()
        while s.phase != "start":
            s = s.advance(self.rollout_action(s, rng))
            if s.is_over():
                return self.evaluate(s)
        return _playout(s, self.style, random.Random(rng.next64()))

    # -- the tree
    def tree_actions(self, state: GameState, legal: list[Action]) -> list[Action]:
        """At the decision itself, every choice, with cards of one name alike: one `place` per
        name of Bundle in hand, and when prospecting one way to put the cards back per name of
        card kept (Traps on top, then the cards the next player wants least).

        Deeper in the tree only the turn's main action branches: a prospector keeps what the
        playout player keeps and Bundles are placed as it places them. Those choices are nearly
        always plain, and a tree that branched on them would judge a prospect by its average
        keep, not its best, until many playouts had gone through it."""
        s = cast(GrimState, state)
        root = _position_key(s) == self._root
        if s.phase == "choose":
            if not root:
                un = len(s.dynamites(s.turn)) if s.n == 2 else 0
                n = s.n
                order = _keep_order(s.looking, n, lambda c: _keep_worth(self.style, n, c, un))
                return [Action("keep", tuple(str(c) for c in order))]
            kept_seen: set[int] = set()
            out = []
            for kept in s.looking:
                k = KEY_OF[kept]
                if k in kept_seen:
                    continue
                kept_seen.add(k)
                rest = sorted((c for c in s.looking if c != kept),
                              key=lambda c: (0 if IS_TRAP[c] else 1, VALUE[c], c))
                out.append(Action("keep", tuple(str(c) for c in [kept] + rest)))
            return out
        if len(legal) < 2 or legal[0].kind != "place":
            return legal
        if not root:
            place = _placement(s, legal)
            return [place] if place is not None else [a for a in legal if a.kind != "place"]
        names_seen: set[int] = set()
        out = []
        for a in legal:
            if a.kind == "place":
                k = KEY_OF[int(a.args[0])]
                if k in names_seen:
                    continue
                names_seen.add(k)
            out.append(a)
        return out

    # -- the coach's words
    def describe(self, view: View, action: Action) -> str:
        """The action as a player says it: "Dig two cards", "Keep the Ruby; Dynamite back on top,
        then Iron", "Blast the Geode open (3 cards)"."""
        s = view.state  # type: ignore[attr-defined]
        kind, args = action.kind, action.args
        if kind == "dig":
            count = int(args[0]) if args else 2
            return f"Dig {words(count, 'card')}" + (" with the Pickaxe" if count > 2 else "")
        if kind == "prospect":
            return f"Prospect: look at the top {words(s.look_count(s.turn), 'card')}"
        if kind == "bank":
            return f"Return to base with your {words(len(s.hands[s.turn]), 'card')}"
        if kind == "blast":
            return f"Blast the Geode open ({words(len(s.geode), 'card')})"
        if kind == "place":
            return f"Place the {card_name(int(args[0]))} in your Inventory"
        if kind == "end":
            return "End your turn"
        if kind == "keep":
            kept, back = int(args[0]), [int(a) for a in args[1:]]
            what = f"Keep the {card_name(kept)}"
            if s.n == 2 and IS_DYNAMITE[kept]:
                what += " unlit"
            if not back:
                return what
            if len(back) == 1:
                return f"{what}, put back {names(back)}"
            # The order first, and short: in the hint's narrow panel it was what got cut.
            return f"{what}; {card_name(back[0])} back on top, then {names(back[1:])}"
        return str(action)

    def reason(self, view: View, choice: Choice, choices: Sequence[Choice]) -> str:
        """Why, in the game's words, from what the seat can see: the Traps still in the Mine
        against what the hand carries, the Geode's haul, what a kept or placed card adds."""
        s = view.state  # type: ignore[attr-defined]
        me = s.turn
        a = choice.action
        dyn, gas = _traps_left(s)
        left = len(s.mine)
        traps = dyn + gas
        hand = [c for c in s.hands[me] if c >= 0]
        worth = round(sum(VALUE[c] for c in hand))
        danger = (f"{words(traps, 'Trap')} in the {words(left, 'card')} of the Mine"
                  if traps else f"no Traps left in the {words(left, 'card')} of the Mine")
        carry = (f"your hand of {words(len(hand), 'card')} is worth about {plural(worth, 'point')}"
                 if hand else "your hand is empty")
        if a.kind == "dig":
            return f"{danger[:1].upper()}{danger[1:]}; {carry}"
        if a.kind == "prospect":
            return f"A safe pick of the best card, with {danger}"
        if a.kind == "bank":
            return f"{carry[:1].upper()}{carry[1:]}, safe from the {danger}"
        if a.kind == "blast":
            geode = round(sum(VALUE[c] for c in s.geode))
            verb = "is" if len(s.geode) == 1 else "are"
            return (f"The Geode's {words(len(s.geode), 'card')} {verb} worth about "
                    f"{plural(geode, 'point')} to you")
        if a.kind == "place":
            c = int(a.args[0])
            boosted = KEYS[BOOSTS[c]]
            have = sum(1 for x in hand + [x for x in s.stashes[me] if x >= 0]
                       if x != c and _DECK[x].key == boosted)   # (not the Bundle placed)
            held = f"you hold {have}" if have else "you hold none yet"
            change = _score_now(s, me, placed=c) - _score_now(s, me)
            now = (f"; {plural(-change, 'point')} fewer now" if change < 0 else
                   f"; {plural(change, 'point')} more now" if change > 0 else "")
            return f"It adds to each {_KEY_CARD[boosted].name} you score; {held}{now}"
        if a.kind == "end":
            return "The Bundles stay in your hand, where they score"
        if a.kind == "keep":
            kept = int(a.args[0])
            back = [int(x) for x in a.args[1:]]
            if IS_DYNAMITE[kept] and s.n == 2:
                why = f"unlit, it can blast the Geode open ({words(len(s.geode), 'card')} now)"
            elif IS_ITEM[kept]:
                why = f"an Item for your Inventory: {_DECK[kept].text}" if _DECK[kept].text else \
                    "an Item for your Inventory"
            elif IS_TRAP[kept] and (ward := s.ward(me, _DECK[kept])) is not None:
                # (the Canary: a Gas Leak kept goes off against the others' hands only)
                why = (f"the {card_name(kept)} goes off against the others only: your "
                       f"{ward.name} keeps your hand safe")
            elif IS_TRAP[kept]:
                why = ("every card you looked at is a Trap" if all(IS_TRAP[c] for c in back)
                       else "a kept Trap goes off against your hand")
            else:
                # What each find adds to the seat's score now, counted as the game counts it (a
                # card's rough worth alone called a Ruby's 2 "most" beside a Sigil's 7). A keep
                # adding less now may still be the better one (a set, a majority to come): the
                # line says both figures, and the coach's chances say which wins more.
                base = _score_now(s, me)
                finds = {c: _score_now(s, me, add=c) - base
                         for c in (kept, *back) if not IS_TRAP[c] and not IS_ITEM[c]}
                gain = finds[kept]
                top = max(finds.values())
                others = [c for c, g in finds.items() if g == top and card_name(c) != card_name(kept)]
                if gain < top:
                    why = (f"it adds {plural(gain, 'point')} to your score now, the "
                           f"{card_name(others[0])} {plural(top, 'point')}")
                elif others:
                    # Two finds adding as much: each keep says so, not "most" twice.
                    why = (f"it and the {card_name(others[0])} add most to your score now, "
                           f"{plural(gain, 'point')} each")
                else:
                    why = f"it adds most to your score now: {plural(gain, 'point')}"
            if back and IS_TRAP[back[0]]:
                if s.n == 2 and (me + 1) % s.n == s.first_player:
                    # (the Geode's draw after this turn turns it over and shuffles it back)
                    why += (f"; the {card_name(back[0])} goes back on top, and the Geode's draw "
                            "shuffles it back into the Mine")
                else:
                    why += f"; the {card_name(back[0])} goes back on top for the next player"
            return f"{why[:1].upper()}{why[1:]}"
        return ""


def _position_key(s: GrimState) -> tuple[Any, ...]:
    """What every seat sees of a position's shape: a sampled deal of the position being decided
    has it, and every position the tree reaches after an action differs from it."""
    return (s.turn, s.phase, s.round, len(s.mine), len(s.geode), len(s.rubble),
            tuple(len(h) for h in s.hands), tuple(len(h) for h in s.stashes),
            tuple(len(i) for i in s.inventories))


def _placement(s: GrimState, legal: Sequence[Action]) -> Action | None:
    """The playout player's Bundle to place (a third Iron, a Copper beside two Gold), if any."""
    p = s.turn
    for a in legal:
        if a.kind != "place":
            continue
        c = int(a.args[0])
        b = BOOSTS[c]
        scored = sum(1 for x in s.hands[p] + s.stashes[p] if KEY_OF[x] == b)
        placed = sum(BUNDLE_PER[x] for x in s.inventories[p] if IS_BUNDLE[x] and BOOSTS[x] == b)
        if (scored > placed + 2) if b == KEY_OF[c] else scored >= 2:
            return a
    return None


def put_back_top(s: GrimState, seat: int) -> int:
    """The other seat whose put-back block of two or more cards lies on top of the Mine, unseen by
    `seat` (a seat with the Torch is left out: it sees the top without putting anything back), or
    -1 if there is none."""
    top = len(s.mine) - 1
    if top < 1 or s.seen[seat] >> top & 1:
        return -1
    for q in range(s.n):
        if q != seat and not s.foresight(q) and s.seen[q] >> top & 1:
            return q if s.seen[q] >> (top - 1) & 1 else -1
    return -1


def put_back_trap_rates(players: int, games: int,
                        seed: int = 0) -> dict[str, tuple[int, float, float]]:
    """For developers (the figures behind `PUT_BACK_BOOST`): in `games` seeded games between
    normal bots, at each turn's start where another seat's put-back block lies on top unseen by
    the player to move, how often its top card (and the card under it, where unseen too) is a
    Trap. {"top" | "under": (positions, Trap rate, mean share of Traps among the Mine's unseen
    cards)}."""
    from game.games import get
    from game.core.contract import GameConfig

    sums = {"top": [0, 0, 0.0], "under": [0, 0, 0.0]}
    for g in range(games):
        config = GameConfig(players=players, options={"first_player": g % players})
        first, _ = get("grim_prospects").new(config, seed + g)
        s = cast(GrimState, first)
        bots = [NormalBot(i) for i in range(players)]
        while not s.is_over():
            p = s.to_move()
            assert p is not None
            view = s.view(p)
            q = put_back_top(s, p) if s.phase == "start" else -1
            if q >= 0:
                seen = view.state.mine
                unseen = [c for c, v in zip(s.mine, seen) if v == HIDDEN]
                share = sum(1 for c in unseen if IS_TRAP[c]) / len(unseen)
                top = len(s.mine) - 1
                for name, i in (("top", top), ("under", top - 1)):
                    if seen[i] != HIDDEN or not s.seen[q] >> i & 1:
                        break
                    row = sums[name]
                    row[0] += 1
                    row[1] += IS_TRAP[s.mine[i]]
                    row[2] += share
            s = s.advance(bots[p].choose(view))
    return {k: (int(n), hit / n if n else 0.0, share / n if n else 0.0)
            for k, (n, hit, share) in sums.items()}


def _traps_left(s: GrimState) -> tuple[int, int]:
    """(Dynamites, Gas Leaks) still in the Mine, from what everyone can see: every Trap is shown
    when it leaves the Mine, so those not in the Rubble, an Inventory or a prospect are there."""
    out = set(s.rubble)
    for inv in s.inventories:
        out.update(inv)
    out.update(c for c in s.looking if c >= 0)
    dyn = gas = 0
    for c in range(N_CARDS):
        if IS_TRAP[c] and c not in out:
            if TRAP_ALL[c]:
                gas += 1
            else:
                dyn += 1
    return dyn, gas


POLICY = GrimPolicy()
