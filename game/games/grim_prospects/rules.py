"""Grim Prospects rules: pure Python, no drawing. Interpretations: docs/rules/grim_prospects.md.

The Mine is a face-down pile (`mine[-1]` is its top). On a turn a player may place Bundles from
their hand into their face-up Inventory (not an action), then takes ONE action: dig (draw two),
prospect (look at three, keep one, put the others back in any order), return to base (bank the
whole hand into the face-down Stash) or, in the two-player game, blast the Geode open with a
Dynamite from the Inventory. Traps trigger as they are drawn; the game ends the moment the Mine is
empty, and each player's hand and stash are scored (cards.py defines the effect kinds).

Phases (the seat to move is always `turn`):

- ``start``   before the action: `place:<id>` any number of times, then `dig`, `dig:3` (Pickaxe),
              `prospect`, `bank`, `blast` (two players)
- ``choose``  after `prospect`: `keep:<kept>,<top>,<next>...` keeps one card, the rest go back,
              the first listed on top
- ``after``   the action is done and a Bundle is still in hand: `place:<id>` or `end`
- ``over``    the Mine is empty

Hidden information. Hands are secret (their sizes public), stashes face down, the Mine face down;
Inventories, the Rubble and the Geode are face up. Besides what is public and its own hand and
stash, each seat remembers (as bitmasks, so copies stay cheap):

- ``seen[p]``    the Mine positions (indices from the bottom) whose card p knows: the cards it put
                 back, the top it saw with the Torch. Cards only leave and join the Mine at the
                 top, so an index names the same card until that card leaves.
- ``in_mine[p]`` cards p knows to be in the Mine (or in the cards being prospected) without
                 knowing where: what it knew the place of before a Geode shuffle, the Traps the
                 Geode revealed. Forgotten (for cards that could go to a hand) when someone takes
                 an unseen card from the Mine into a secret place.
- ``known[p]``   cards p knows to be in another seat's hand, stash or prospect: a card p knew the
                 Mine position of is followed when it is drawn; Geode cards taken by a blast.

- ``public``     cards everyone saw go into a hand (the Geode cards a blast takes): their places
                 are known to every seat and to spectators.

A seat's view (`GrimView`) is a masked copy: every card the seat does not know is `HIDDEN`, and
the other seats' remembered cards are dropped (their Mine positions are kept: everyone can tell
which positions a prospector or a Torch saw).
"""

from __future__ import annotations

import json
from itertools import permutations
from typing import Any, Iterable, Mapping

from game.core.contract import (
    Action,
    BadSave,
    Event,
    GameConfig,
    GameInfo,
    GameState,
    IllegalAction,
    Outcome,
    PlayerScore,
    View,
    first_player,
)
from game.core.parse import quoted
from game.core.rng import Rng
from game.core.words import plural
from game.games.grim_prospects.cards import BUNDLE, DECK_SIZE, GEM, ITEM, Card, deck

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HIDDEN = -1

START, CHOOSE, AFTER, OVER = "start", "choose", "after", "over"
PHASES = (START, CHOOSE, AFTER, OVER)

DIG_COUNT = 2        # cards drawn by a plain dig
PROSPECT_COUNT = 3   # cards looked at by a plain prospect
DYNAMITE = "dynamite"  # the Trap that a two-player prospector may keep unlit, and that blasts the Geode

PLACE, DIG, PROSPECT, KEEP, BANK, BLAST, END = "place", "dig", "prospect", "keep", "bank", "blast", "end"
DIG_ACTION = Action(DIG)
PROSPECT_ACTION = Action(PROSPECT)
BANK_ACTION = Action(BANK)
BLAST_ACTION = Action(BLAST)
END_ACTION = Action(END)

# Score breakdown lines, in this order.
MINERALS, CRYSTALS, GEMS, SIGILS, BUNDLES = "Minerals", "Crystals", "Gems", "Sigils", "Bundles"
BREAKDOWN = (MINERALS, CRYSTALS, GEMS, SIGILS, BUNDLES)

# Events that show somebody what chance decided (a card drawn or seen, a random discard).
REVEALING = frozenset({"draw", "item", "trap", "discard", "look", "geode", "foresight", "spared"})

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def words(n: int, word: str) -> str:
    """"two cards", "one card", "12 cards"."""
    text = plural(n, word)
    return text if n >= len(_WORDS) else _WORDS[n] + text[len(str(n)):]


CARDS: tuple[Card, ...] = deck()
_HANDABLE = [c.goes_to_hand for c in CARDS]
# Cards that may sit in a hand or stash, as a bitmask over ids.
HANDABLE_MASK = sum(1 << c.id for c in CARDS if c.goes_to_hand)
ALL_MASK = (1 << DECK_SIZE) - 1


def card(cid: int) -> Card:
    return CARDS[cid]


def card_name(cid: int) -> str:
    return "a hidden card" if cid < 0 else CARDS[cid].name


def names(cards: Iterable[int]) -> str:
    """"Ruby, Iron and Gold"."""
    items = [card_name(c) for c in cards]
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _bits(ids: Iterable[int]) -> int:
    m = 0
    for c in ids:
        m |= 1 << c
    return m


def _ids(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def _int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"{x!r} is not a whole number")
    return x


def _card_arg(text: str) -> int | None:
    """The card id written in an action, or None when it is not a plain number."""
    if len(text) > 6 or not text.isascii() or not text.isdigit() or str(int(text)) != text:
        return None   # (a longer number is no card, and one of thousands of digits no number)
    cid = int(text)
    return cid if cid < DECK_SIZE else None


class GrimState(GameState):
    """A position of Grim Prospects (see the module docstring for the zones and the knowledge)."""

    __slots__ = ("config", "rng", "mine", "rubble", "geode", "hands", "stashes", "inventories",
                 "looking", "turn", "first_player", "phase", "round", "turns_taken", "seen", "in_mine",
                 "known", "public", "ward_spent", "_ev", "_quiet")

    def __init__(self, config: GameConfig) -> None:
        n = config.players
        self.config = config
        self.rng = Rng(0)
        self.mine: list[int] = []
        self.rubble: list[int] = []
        self.geode: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stashes: list[list[int]] = [[] for _ in range(n)]
        self.inventories: list[list[int]] = [[] for _ in range(n)]
        self.looking: list[int] = []
        self.turn = 0
        self.first_player = 0
        self.phase = START
        self.round = 1
        self.turns_taken: list[int] = [0] * n
        self.seen: list[int] = [0] * n      # bitmask of Mine indices, per seat
        self.in_mine: list[int] = [0] * n   # bitmask of card ids, per seat
        self.known: list[int] = [0] * n     # bitmask of card ids, per seat
        self.public = 0                     # bitmask: cards shown to all going into a hand
        self.ward_spent: dict[int, int] = {}
        self._ev: list[Event] = []
        self._quiet = False   # True on the fast path (`advance`): no events are kept

    # ----------------------------------------------------------------- helpers
    @property
    def n(self) -> int:
        return self.config.players

    def name(self, p: int) -> str:
        return self.config.name(p)

    def _emit(self, kind: str, text: str, visible_to: frozenset[int] | None = None,
              reveals: bool | None = None, news_for: frozenset[int] = frozenset(), **data: Any) -> None:
        if reveals is None:
            reveals = kind in REVEALING
        if self._quiet:
            return
        self._ev.append(Event(kind, text, data, visible_to, reveals=reveals, news_for=news_for))

    def _items(self, p: int, kind: str) -> list[Card]:
        return [CARDS[c] for c in self.inventories[p] if c >= 0 and CARDS[c].ability == ITEM
                and CARDS[c].kind == kind]

    def dig_sizes(self, p: int) -> list[int]:
        """How many cards player p may dig: 2, and more with a Pickaxe-like Item."""
        sizes = [DIG_COUNT]
        for it in self._items(p, "dig_more"):
            d = int(it.effect["draw"])
            if d not in sizes:
                sizes.append(d)
        return sorted(sizes)

    def look_count(self, p: int) -> int:
        """How many cards player p looks at when prospecting (3, 4 with the Lens)."""
        return max([PROSPECT_COUNT] + [int(it.effect["look"]) for it in self._items(p, "prospect_more")])

    def foresight(self, p: int) -> int:
        """How many top cards of the Mine player p sees at the start of each turn (the Torch)."""
        return max([0] + [int(it.effect["see"]) for it in self._items(p, "foresight")])

    def ward(self, p: int, trap: Card) -> Card | None:
        """The Item in p's Inventory that keeps `trap` from hurting p (the Canary), if any."""
        for it in self._items(p, "ward"):
            uses = int(it.effect.get("uses", 0))
            if trap.key in it.effect["against"] and (uses == 0 or self.ward_spent.get(it.id, 0) < uses):
                return it
        return None

    def dynamites(self, p: int) -> list[int]:
        """Unlit Dynamite in p's Inventory (two-player game only)."""
        return [c for c in self.inventories[p] if c >= 0 and CARDS[c].key == DYNAMITE]

    def bundles_in_hand(self, p: int) -> list[int]:
        return sorted(c for c in self.hands[p] if c >= 0 and CARDS[c].ability == BUNDLE)

    # ----------------------------------------------------------------- contract
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def progress(self) -> str:
        return f"Mine: {plural(len(self.mine), 'card')}"

    def legal_actions(self) -> list[Action]:
        phase, p = self.phase, self.turn
        if phase == OVER:
            return []
        if phase == CHOOSE:
            out = []
            for kept in self.looking:
                rest = [c for c in self.looking if c != kept]
                for order in permutations(rest):
                    out.append(Action(KEEP, (str(kept), *(str(c) for c in order))))
            return out
        out = [Action(PLACE, (str(c),)) for c in self.bundles_in_hand(p)]
        if phase == AFTER:
            out.append(END_ACTION)
            return out
        for size in self.dig_sizes(p):
            out.append(DIG_ACTION if size == DIG_COUNT else Action(DIG, (str(size),)))
        out.append(PROSPECT_ACTION)
        if self.hands[p]:
            out.append(BANK_ACTION)
        if self.n == 2 and self.geode and self.dynamites(p):
            out.append(BLAST_ACTION)
        return out

    def why_not(self, action: Action | str) -> str | None:
        """None when `action` is legal now; otherwise why not, in a player's words."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except IllegalAction as exc:
                return str(exc)
        kind, args, phase, p = action.kind, action.args, self.phase, self.turn
        if phase == OVER:
            return "the game is over"
        if kind not in (PLACE, DIG, PROSPECT, KEEP, BANK, BLAST, END):
            return (f"{quoted(action)} is not a Grim Prospects move: dig, prospect, bank (return to base), "
                    f"place a Bundle, keep a card, blast or end")
        if phase == CHOOSE:
            if kind != KEEP:
                return "not now: choose which card to keep and the order the others go back in"
            return self._why_not_keep(args)
        if kind == KEEP:
            return "there is nothing to keep: you are not prospecting"
        if kind == PLACE:
            cid = _card_arg(args[0]) if len(args) == 1 else None
            if cid is None or cid not in self.hands[p] or CARDS[cid].ability != BUNDLE:
                return "that card is not a Bundle in your hand"
            return None
        if phase == AFTER:
            if kind == END:
                return None if not args else "'end' takes nothing after it"
            return "not now: you have taken your action; place a Bundle or end your turn"
        if kind == END:
            return "take your action first: dig, prospect or return to base"
        if kind == DIG:
            if not args:
                return None
            sizes = self.dig_sizes(p)
            size = _card_arg(args[0]) if len(args) == 1 else None
            if size is not None and size in sizes and size != DIG_COUNT:
                return None
            if size is not None and size > DIG_COUNT and len(sizes) == 1:
                return "you have no Pickaxe"
            return f"you dig {words(DIG_COUNT, 'card')}" + (
                " (write 'dig'), or " + " or ".join(f"'dig:{k}'" for k in sizes[1:]) if len(sizes) > 1
                else " (write 'dig')")
        if args:
            return f"'{kind}' takes nothing after it"
        if kind == PROSPECT:
            return None
        if kind == BANK:
            return None if self.hands[p] else "your hand is empty: there is nothing to take back to base"
        # blast
        if self.n != 2:
            return "only in a two-player game"
        if not self.geode:
            return "the Geode is empty"
        if not self.dynamites(p):
            return "you have no Dynamite in your Inventory"
        return None

    def _why_not_keep(self, args: tuple[str, ...]) -> str | None:
        ids = [_card_arg(a) for a in args]
        need = len(self.looking)
        how = (f"keep one card and list the other {words(need - 1, 'card')} in the order they go back, "
               f"top first" if need > 1 else "keep the one card you are looking at")
        if any(c is None for c in ids):
            return f"name the cards by number: {how}"
        if len(ids) != need or set(ids) != set(self.looking):
            return f"those are not the cards you are looking at: {how}"
        return None

    def explain_illegal(self, action: Action) -> str:
        return self.why_not(action) or super().explain_illegal(action)

    def copy(self) -> "GrimState":
        s = GrimState.__new__(GrimState)
        s.config = self.config
        s.rng = self.rng.copy()
        s.mine = self.mine[:]
        s.rubble = self.rubble[:]
        s.geode = self.geode[:]
        s.hands = [h[:] for h in self.hands]
        s.stashes = [h[:] for h in self.stashes]
        s.inventories = [h[:] for h in self.inventories]
        s.looking = self.looking[:]
        s.turn = self.turn
        s.first_player = self.first_player
        s.phase = self.phase
        s.round = self.round
        s.turns_taken = self.turns_taken[:]
        s.seen = self.seen[:]
        s.in_mine = self.in_mine[:]
        s.known = self.known[:]
        s.public = self.public
        s.ward_spent = dict(self.ward_spent) if self.ward_spent else {}
        s._ev = []
        s._quiet = False
        return s

    def advance(self, action: Action) -> "GrimState":
        """The trusted fast path (see `GameState.advance`): the state `apply` gives, unchecked,
        with no events kept."""
        nxt = self.copy()
        nxt._quiet = True
        nxt._apply(action)
        nxt._quiet = False
        nxt._ev = []
        return nxt

    # ----------------------------------------------------------------- actions
    def _apply(self, action: Action) -> list[Event]:
        self._ev = []
        p, kind = self.turn, action.kind
        if kind == PLACE:
            self._place(p, int(action.args[0]))
            if self.phase == AFTER and not self.bundles_in_hand(p):
                self._end_turn()
            return self._ev
        if kind == END:
            self._end_turn()
            return self._ev
        if kind == DIG:
            count = int(action.args[0]) if action.args else DIG_COUNT
            drawn = min(count, len(self.mine))
            if not self._quiet:
                self._emit("dig", f"{self.name(p)} dug {words(drawn, 'card')}", player=p,
                           count=drawn)
            for _ in range(drawn):
                if not self.mine:
                    break
                self._resolve(p, self._take_top(into=p, drawn=True))
        elif kind == PROSPECT:
            count = min(self.look_count(p), len(self.mine))
            for _ in range(count):
                self.looking.append(self._take_top(into=p))
            if not self._quiet:
                top = "the top card" if count == 1 else f"the top {words(count, 'card')}"
                self._emit("prospect", f"{self.name(p)} prospects: looks at {top}", player=p, count=count)
                self._emit("look", f"{self.name(p)} looks at {names(self.looking)}",
                           frozenset({p}), player=p, cards=list(self.looking))
            self.phase = CHOOSE
            return self._ev
        elif kind == KEEP:
            self._keep(p, [int(a) for a in action.args])
        elif kind == BANK:
            hand = self.hands[p]
            self._emit("bank", f"{self.name(p)} returned to base with {words(len(hand), 'card')}",
                       player=p, count=len(hand))
            self.stashes[p].extend(hand)
            self.hands[p] = []
        elif kind == BLAST:
            self._blast(p)
        self._after_action(p)
        return self._ev

    def _after_action(self, p: int) -> None:
        if not self.mine:
            self._game_over()
        elif self.bundles_in_hand(p):
            self.phase = AFTER
        else:
            self._end_turn()

    def _take_top(self, into: int | None = None, drawn: bool = False) -> int:
        """Take the Mine's top card. Seats that knew its position follow it into seat `into`'s
        secret place (a dig, or a prospect); with `into` None it is about to be shown to all.
        `drawn`: a dig, where the card goes to its place at once."""
        cid = self.mine.pop()
        bit = 1 << len(self.mine)
        for s in range(self.n):
            if self.seen[s] & bit:
                self.seen[s] &= ~bit
                if into is not None and s != into:
                    self.known[s] |= 1 << cid
            elif drawn and s != into and _HANDABLE[cid]:
                # s did not see which card went: any card that may go to a hand and that s only
                # knew to be somewhere in the Mine may be it (Items and Traps would be shown).
                self.in_mine[s] &= ~HANDABLE_MASK
        if into is not None:
            self.in_mine[into] &= ~(1 << cid)
        return cid

    def _resolve(self, p: int, cid: int, kept: bool = False) -> None:
        """A card drawn (or kept) by p takes effect: to hand, to the Inventory, or a Trap goes off."""
        c = CARDS[cid]
        if c.goes_to_hand:
            if not kept and not self._quiet:
                self._emit("draw", f"{self.name(p)} drew {c.name}", frozenset({p}), player=p, card=cid)
            self.hands[p].append(cid)
            return
        # Items and Traps are shown to everyone: nobody needs to remember them in the Mine.
        self._forget_public(cid)
        if not kept and not self._quiet:
            self._emit("draw", f"{self.name(p)} drew {c.name}", player=p, card=cid)
        if c.ability == ITEM:
            self.inventories[p].append(cid)
            self._emit("item", f"{c.name} goes to {self.name(p)}'s Inventory", player=p, card=cid)
            return
        if kept and self.n == 2 and c.key == DYNAMITE:
            self.inventories[p].append(cid)
            self._emit("item", f"{self.name(p)} keeps the {c.name} unlit, in the Inventory",
                       player=p, card=cid)
            return
        self._trap(p, cid)

    def _forget_public(self, cid: int) -> None:
        bit = ~(1 << cid)
        for s in range(self.n):
            self.in_mine[s] &= bit
            self.known[s] &= bit

    def _trap(self, p: int, cid: int) -> None:
        c = CARDS[cid]
        who = str(c.effect["who"])
        count = int(c.effect["discard"])
        self._emit("trap", f"{self.name(p)} set off {c.name}!", player=p, card=cid)
        victims = [p] if who == "self" else [(p + k) % self.n for k in range(self.n)]
        for v in victims:
            guard = self.ward(v, c)
            if guard is not None:
                if int(guard.effect.get("uses", 0)):
                    self.ward_spent[guard.id] = self.ward_spent.get(guard.id, 0) + 1
                self._emit("spared", f"{self.name(v)}'s {guard.name} keeps the {c.name} away",
                           player=v, card=guard.id)
                continue
            self._discard_random(v, count, c.name)
        self.rubble.append(cid)

    def _discard_random(self, v: int, count: int, why: str) -> None:
        hand = self.hands[v]
        lost: list[int] = []
        for _ in range(min(count, len(hand))):
            lost.append(hand.pop(self.rng.below(len(hand))))
        for cid in lost:
            self._forget_public(cid)
        self.rubble.extend(lost)
        text = (f"{self.name(v)} lost {names(lost)} to the {why}" if lost
                else f"{self.name(v)} had nothing in hand to lose to the {why}")
        self._emit("discard", text, player=v, cards=lost)

    def _keep(self, p: int, order: list[int]) -> None:
        kept, back = order[0], order[1:]
        looked = self.looking
        self.looking = []
        c = CARDS[kept]
        public = not c.goes_to_hand
        if not self._quiet:
            self._emit("keep", f"{self.name(p)} kept {c.name}", None if public else frozenset({p}),
                       reveals=public, player=p, card=kept)
        for s in range(self.n):
            if s == p:
                continue
            knew = self.known[s] & _bits(looked)
            self.known[s] &= ~knew
            if public:
                # Whatever s followed into the prospect and was not kept went back into the Mine.
                self.in_mine[s] |= knew & ~(1 << kept)
            else:
                # The kept card went to a secret hand: any card that may go to a hand and that s
                # only knew to be in the Mine may be it; Items and Traps would have been shown.
                if knew != _bits(looked):
                    self.in_mine[s] &= ~HANDABLE_MASK
                self.in_mine[s] |= knew & ~HANDABLE_MASK
        for cid in reversed(back):
            self.seen[p] |= 1 << len(self.mine)
            self.mine.append(cid)
        if not self._quiet:
            # (A kept Item or Trap was named by the keep's own public line just before.)
            back_words = f"put {words(len(back), 'card')} back on the Mine" if back else "put nothing back"
            said = (f"{self.name(p)} {back_words}" if public else
                    f"{self.name(p)} kept a card and {back_words}")
            self._emit("put_back", said, player=p, count=len(back))
        if back and not self._quiet:
            self._emit("put_back", f"{self.name(p)} put back {names(back)} ({card_name(back[0])} on top)",
                       frozenset({p}), reveals=False, player=p, count=len(back), cards=list(back))
        self._resolve(p, kept, kept=True)

    def _place(self, p: int, cid: int) -> None:
        # News to the seats that did not know the card was in p's hand: a move of theirs that this
        # placing answered is no longer taken back.
        # (Not worked out on the fast path, where no event is kept.)
        news = frozenset() if self._quiet else frozenset(
            s for s in range(self.n) if s != p and not (self.known[s] | self.public) >> cid & 1)
        self.hands[p].remove(cid)
        self.inventories[p].append(cid)
        self._forget_public(cid)
        self._emit("place", f"{self.name(p)} placed {CARDS[cid].name} in the Inventory", news_for=news,
                   player=p, card=cid)

    def _blast(self, p: int) -> None:
        dyn = self.dynamites(p)[0]
        self.inventories[p].remove(dyn)
        self.rubble.append(dyn)
        taken = self.geode
        self.geode = []
        # An Item from the Geode goes where Items always go: the Inventory.
        self.hands[p].extend(c for c in taken if _HANDABLE[c])
        self.inventories[p].extend(c for c in taken if not _HANDABLE[c])
        self.public |= _bits(taken)
        self._emit("blast", f"{self.name(p)} blasted the Geode open with a Dynamite and took "
                   f"{names(taken)}", player=p, cards=list(taken), card=dyn)

    # ----------------------------------------------------------------- turns
    def _end_turn(self) -> None:
        p = self.turn
        self.turns_taken[p] += 1
        nxt = (p + 1) % self.n
        if nxt == self.first_player:
            if self.n == 2:
                self._geode()
                if not self.mine:
                    self._game_over()
                    return
            self.round += 1
        self._begin_turn(nxt)

    def _begin_turn(self, p: int) -> None:
        self.turn, self.phase = p, START
        if not self._quiet:
            self._emit("turn", f"Round {self.round}: {self.name(p)}'s turn", player=p,
                       round=self.round)
        see = min(self.foresight(p), len(self.mine))
        if see:
            top = self.mine[-see:][::-1]
            for k in range(see):
                self.seen[p] |= 1 << (len(self.mine) - 1 - k)
                self.in_mine[p] &= ~(1 << top[k])
            if not self._quiet:
                self._emit("foresight", f"{self.name(p)}'s Torch shows the Mine's top: "
                           f"{names(top)}", frozenset({p}), player=p, card=top[0], cards=top)

    def _geode(self) -> None:
        """Two players, after the second player's turn: reveal from the Mine's top until a card is
        not a Trap; it goes to the Geode, the revealed Traps are shuffled back into the Mine."""
        traps: list[int] = []
        found: int | None = None
        while self.mine:
            cid = self._take_top()
            self._forget_public(cid)
            if CARDS[cid].is_trap:
                traps.append(cid)
            else:
                found = cid
                break
        if found is not None:
            self.geode.append(found)
            text = f"The Geode gains {CARDS[found].name}"
        else:
            text = "Only Traps are left in the Mine: nothing for the Geode"
        if traps:
            text += f" ({names(traps)} revealed and shuffled back)"
        self._emit("geode", text, card=found, traps=list(traps))
        if traps:
            # Everyone forgets where Mine cards are, not that they are in the Mine.
            for s in range(self.n):
                idx = self.seen[s]
                self.in_mine[s] |= _bits(self.mine[i] for i in range(len(self.mine)) if idx >> i & 1)
                self.in_mine[s] |= _bits(traps)
                self.seen[s] = 0
            self.mine.extend(traps)
            self.rng.shuffle(self.mine)
            self._emit("shuffle", "The Mine is shuffled")

    def _game_over(self) -> None:
        self.phase = OVER
        if self._quiet:
            return
        out = self.outcome()
        total = {s.player: s.total for s in out.scores}
        who = " and ".join(self.name(w) for w in out.winners)
        if len(out.winners) > 1:
            text = f"The Mine is empty: {who} share the win with {plural(total[out.winners[0]], 'point')}"
        else:
            w = out.winners[0]
            text = f"The Mine is empty: {who} wins with {plural(total[w], 'point')}"
            tied = [q for q in range(self.n) if q != w and total[q] == total[w]]
            if tied:
                # Won on the tie-break: say on what, against the best of the tied.
                mine = self.tie_key(w)
                theirs = max(self.tie_key(q) for q in tied)
                k = 1 if mine[1] != theirs[1] else 2
                what = "group of one card name" if k == 1 else "single card"
                names_tied = " and ".join(self.name(q) for q in tied)
                tie_break = f"as many as {names_tied}, and the best {what} ({mine[k]} to {theirs[k]})"
                text += ", " + tie_break
                self._emit("end", text, winners=list(out.winners), tie_break=tie_break,
                           scores=[s.total for s in out.scores])
                return
        self._emit("end", text, winners=list(out.winners), scores=[s.total for s in out.scores])

    # ----------------------------------------------------------------- scoring
    def scored(self, p: int) -> list[int]:
        """The cards player p scores: hand and stash (hidden cards of a view left out)."""
        return [c for c in self.hands[p] + self.stashes[p] if c >= 0]

    def _values(self, p: int) -> tuple[dict[int, int], dict[str, int]]:
        mine = self.scored(p)
        counts: dict[str, int] = {}
        for c in mine:
            counts[CARDS[c].key] = counts.get(CARDS[c].key, 0) + 1
        bonus: dict[str, int] = {}
        for c in self.inventories[p]:
            if c >= 0 and CARDS[c].kind == "bundle":
                eff = CARDS[c].effect
                bonus[str(eff["boosts"])] = bonus.get(str(eff["boosts"]), 0) + int(eff["per"])
        gems = [c for c in mine if CARDS[c].ability == GEM]
        values: dict[int, int] = {}
        lines = dict.fromkeys(BREAKDOWN, 0)
        most: dict[str, int] = {}
        mirrors: list[int] = []
        others = [self.scored(q) for q in range(self.n)] if any(
            CARDS[c].kind == "majority" for c in mine) else []
        for c in mine:
            cd = CARDS[c]
            eff, kind = cd.effect, cd.kind
            if kind == "majority":
                if cd.key not in most:
                    most[cd.key] = max(sum(1 for x in cards if CARDS[x].key == cd.key)
                                       for cards in others)
                v = int(eff["most"]) if counts[cd.key] == most[cd.key] else cd.points
                lines[CRYSTALS] += v
            elif kind == "set":
                fam = eff["family"]
                v = cd.points + len({CARDS[x].key for x in mine
                                     if CARDS[x].kind == "set" and CARDS[x].effect["family"] == fam})
                lines[SIGILS] += v
            elif kind == "gem":
                if eff.get("mirror"):
                    mirrors.append(c)
                    continue
                v = cd.points + int(eff.get("per_gem", 0)) * (len(gems) - 1)
                for key, per in dict(eff.get("with", {})).items():
                    v += int(per) * (counts.get(key, 0) - (1 if key == cd.key else 0))
                lines[GEMS] += v
            else:
                v = cd.points
                lines[MINERALS] += v
            extra = bonus.get(cd.key, 0)
            lines[BUNDLES] += extra
            values[c] = v + extra
        for c in mirrors:
            cd = CARDS[c]
            best = max([values[g] - bonus.get(CARDS[g].key, 0) for g in gems if g in values],
                       default=cd.points)
            v = max(cd.points, best)
            lines[GEMS] += v
            extra = bonus.get(cd.key, 0)
            lines[BUNDLES] += extra
            values[c] = v + extra
        return values, lines

    def card_values(self, p: int) -> dict[int, int]:
        """What each card p scores (hand and stash) would be worth if the game ended now."""
        return self._values(p)[0]

    def score(self, p: int) -> PlayerScore:
        values, lines = self._values(p)
        return PlayerScore(p, sum(values.values()), tuple((k, lines[k]) for k in BREAKDOWN))

    def tie_key(self, p: int, values: dict[int, int] | None = None) -> tuple[int, int, int]:
        """(total, the highest-valued group of one card name, the highest-valued single card)."""
        if values is None:
            values = self.card_values(p)
        groups: dict[str, int] = {}
        for c, v in values.items():
            groups[CARDS[c].key] = groups.get(CARDS[c].key, 0) + v
        return (sum(values.values()), max(groups.values(), default=0), max(values.values(), default=0))

    def outcome(self) -> Outcome:
        """Scores and winners: the most points, then the best group of one card name, then the
        best single card; still tied, the win is shared."""
        worked = [self._values(p) for p in range(self.n)]
        scores = tuple(PlayerScore(p, sum(v.values()), tuple((k, lines[k]) for k in BREAKDOWN))
                       for p, (v, lines) in enumerate(worked))
        keys = [self.tie_key(p, worked[p][0]) for p in range(self.n)]
        top = max(keys)
        return Outcome(scores, tuple(p for p in range(self.n) if keys[p] == top))

    # ----------------------------------------------------------------- views & saves
    def knows(self, p: int | None, cid: int) -> bool:
        """Whether seat p (None: a spectator) knows where card `cid` is (its face)."""
        return cid in self._masked_cards(p)

    def _mask(self, p: int | None) -> "GrimState":
        s = self.copy()
        s.rng = Rng(0)
        known = (self.known[p] if p is not None else 0) | self.public
        for q in range(self.n):
            if q != p:
                s.hands[q] = [c if known >> c & 1 else HIDDEN for c in s.hands[q]]
                s.stashes[q] = [c if known >> c & 1 else HIDDEN for c in s.stashes[q]]
        if s.looking and p != self.turn:
            s.looking = [c if known >> c & 1 else HIDDEN for c in s.looking]
        seen = self.seen[p] if p is not None else 0
        s.mine = [c if seen >> i & 1 else HIDDEN for i, c in enumerate(s.mine)]
        for q in range(self.n):
            if q != p:
                s.in_mine[q] = 0
                s.known[q] = 0
        return s

    def _masked_cards(self, p: int | None) -> set[int]:
        return {c for c in _zones(self._mask(p)) if c >= 0}

    def view(self, player: int | None) -> "GrimView":
        return GrimView(self, player)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": INFO.name,
            "config": self.config.to_json(),
            "rng": self.rng.state,
            "mine": list(self.mine), "rubble": list(self.rubble), "geode": list(self.geode),
            "hands": [list(h) for h in self.hands], "stashes": [list(h) for h in self.stashes],
            "inventories": [list(h) for h in self.inventories], "looking": list(self.looking),
            "turn": self.turn, "first_player": self.first_player, "phase": self.phase,
            "round": self.round,
            "turns_taken": list(self.turns_taken),
            "seen": [_ids(m) for m in self.seen],
            "in_mine": [_ids(m) for m in self.in_mine],
            "known": [_ids(m) for m in self.known],
            "public": _ids(self.public),
            "ward_spent": {str(k): v for k, v in sorted(self.ward_spent.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GrimState":
        """Rebuild a state; raises `BadSave` naming the problem when the data does not add up."""
        try:
            config = cls.config_from_json(data)
            s = cls(config)
            s.rng = Rng(_int(data["rng"]))
            s.mine = [_int(c) for c in data["mine"]]
            s.rubble = [_int(c) for c in data["rubble"]]
            s.geode = [_int(c) for c in data["geode"]]
            s.hands = [[_int(c) for c in h] for h in data["hands"]]
            s.stashes = [[_int(c) for c in h] for h in data["stashes"]]
            s.inventories = [[_int(c) for c in h] for h in data["inventories"]]
            s.looking = [_int(c) for c in data["looking"]]
            s.turn = _int(data["turn"])
            s.first_player = _int(data.get("first_player", 0))
            s.phase = str(data["phase"])
            s.round = _int(data["round"])
            s.turns_taken = [_int(x) for x in data["turns_taken"]]
            s.seen = [_mask_from(x, DECK_SIZE) for x in data["seen"]]
            s.in_mine = [_mask_from(x, DECK_SIZE) for x in data["in_mine"]]
            s.known = [_mask_from(x, DECK_SIZE) for x in data["known"]]
            s.public = _mask_from(data.get("public", []), DECK_SIZE)
            s.ward_spent = {int(k): _int(v) for k, v in dict(data.get("ward_spent", {})).items()}
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadSave(f"the Grim Prospects position is unreadable ({exc!r})") from exc
        s.check()
        return s

    def check(self) -> None:
        """Raise `BadSave` unless every card is in exactly one place and the position adds up."""
        n = self.n
        if not (len(self.hands) == len(self.stashes) == len(self.inventories) == len(self.turns_taken)
                == len(self.seen) == len(self.in_mine) == len(self.known) == n):
            raise BadSave("the position has the wrong number of players")
        places = sorted(_zones(self))
        if places != list(range(DECK_SIZE)):
            raise BadSave(f"the cards do not add up to the {DECK_SIZE}-card deck")
        if self.phase not in PHASES:
            raise BadSave(f"unknown phase {self.phase!r}")
        if not 0 <= self.turn < n or not 0 <= self.first_player < n:
            raise BadSave("the seat to move is not at the table")
        if self.round < 1 or any(t < 0 for t in self.turns_taken):
            raise BadSave("the round or turn counts are unreadable")
        for q in range(n):
            if any(not CARDS[c].goes_to_hand for c in self.hands[q] + self.stashes[q]):
                raise BadSave(f"{self.name(q)} holds an Item or a Trap in hand or stash")
            for c in self.inventories[q]:
                cd = CARDS[c]
                if not (cd.ability in (ITEM, BUNDLE) or (n == 2 and cd.key == DYNAMITE)):
                    raise BadSave(f"{cd.name} cannot be in an Inventory")
        if any(CARDS[c].ability == ITEM for c in self.rubble):
            raise BadSave("an Item is in the Rubble")
        if any(CARDS[c].is_trap for c in self.geode) or (self.geode and n != 2):
            raise BadSave("the Geode holds a Trap, or the game is not for two players")
        if (self.phase == CHOOSE) != bool(self.looking):
            raise BadSave("prospected cards without a prospect under way, or the other way round")
        if (self.phase == OVER) != (not self.mine and not self.looking):
            raise BadSave("the game must be over exactly when the Mine is empty")
        if self.phase == AFTER and not self.bundles_in_hand(self.turn):
            raise BadSave("an after-action pause with no Bundle in hand")
        limit = 1 << len(self.mine)
        if any(m >= limit for m in self.seen):
            raise BadSave("a remembered Mine position is not in the Mine")
        in_play = _bits(self.mine + self.looking)
        for q in range(n):
            if self.in_mine[q] & ~in_play:
                raise BadSave(f"{self.name(q)} remembers a card in the Mine that is not there")
            elsewhere = _bits(c for r in range(n) if r != q for c in self.hands[r] + self.stashes[r])
            if q != self.turn:
                elsewhere |= _bits(self.looking)
            if self.known[q] & ~elsewhere:
                raise BadSave(f"{self.name(q)} remembers a card in another hand that is not there")
        if any(k < 0 for k in self.ward_spent) or any(k >= DECK_SIZE for k in self.ward_spent):
            raise BadSave("an unknown card in the Canary's count")


def _zones(s: GrimState) -> list[int]:
    out = s.mine + s.rubble + s.geode + s.looking
    for q in range(s.n):
        out = out + s.hands[q] + s.stashes[q] + s.inventories[q]
    return out


def _mask_from(ids: Any, limit: int) -> int:
    m = 0
    for x in ids:
        x = _int(x)
        if not 0 <= x < limit:
            raise ValueError(f"{x} is out of range")
        m |= 1 << x
    return m


class GrimView(View):
    """What one seat (or a spectator, `player` None) may know: `state` is a masked copy in which
    every card the seat does not know is `HIDDEN`, zone sizes kept."""

    def __init__(self, state: GrimState, player: int | None) -> None:
        self.player = player  # type: ignore[assignment]
        self.state = state._mask(player)
        self._shown: set[int] | None = None

    def to_move(self) -> int | None:
        return self.state.to_move()

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def shown(self) -> set[int]:
        """Every card whose place this seat knows (its face is in the view)."""
        if self._shown is None:
            self._shown = {c for c in _zones(self.state) if c >= 0}
        return self._shown

    def knows(self, card_id: int) -> bool:
        return card_id in self.shown()

    def unknown(self) -> tuple[int, ...]:
        """The sorted ids of cards whose place this seat does not know: the pool a sample deals."""
        shown = self.shown()
        return tuple(c for c in range(DECK_SIZE) if c not in shown)

    def known_in_mine(self) -> tuple[int, ...]:
        """Cards this seat knows to be in the Mine (or in a prospect under way) without knowing
        where (remembered across a Geode shuffle); they are among `unknown()`."""
        if self.player is None:
            return ()
        shown = self.shown()
        return tuple(c for c in _ids(self.state.in_mine[self.player]) if c not in shown)

    def sample_state(self, rng: Rng) -> GrimState:
        """A full state that agrees with this view: the unknown cards dealt at random to the
        hidden places, Items and Traps never to a hand or stash, cards known to be in the Mine
        never out of it."""
        s = self.state.copy()
        pool = list(self.unknown())
        in_mine = set(self.known_in_mine())
        forced = [c for c in pool if c in in_mine or not _HANDABLE[c]]
        free = [c for c in pool if c not in in_mine and _HANDABLE[c]]
        rng.shuffle(free)
        mover = s.turn
        if s.phase == AFTER and not s.bundles_in_hand(mover):
            # Everyone can tell that the mover still holds a Bundle: deal one to the mover first.
            hand = s.hands[mover]
            bundles = [c for c in free if CARDS[c].ability == BUNDLE]
            slots = [i for i, c in enumerate(hand) if c == HIDDEN]
            if not bundles or not slots:
                raise ValueError("this view cannot be dealt: the mover must hold a Bundle")
            pick = bundles[rng.below(len(bundles))]
            hand[slots[rng.below(len(slots))]] = pick
            free.remove(pick)
        secret_slots: list[tuple[list[int], int]] = []
        for q in range(s.n):
            for zone in (s.hands[q], s.stashes[q]):
                secret_slots.extend((zone, i) for i, c in enumerate(zone) if c == HIDDEN)
        mine_slots = [(s.mine, i) for i, c in enumerate(s.mine) if c == HIDDEN]
        mine_slots += [(s.looking, i) for i, c in enumerate(s.looking) if c == HIDDEN]
        if len(secret_slots) > len(free) or len(forced) + len(free) != len(secret_slots) + len(mine_slots):
            raise ValueError("this view cannot be dealt: its knowledge does not add up")
        for (zone, i), c in zip(secret_slots, free):
            zone[i] = c
        rest = free[len(secret_slots):] + forced
        rng.shuffle(rest)
        for (zone, i), c in zip(mine_slots, rest):
            zone[i] = c
        s.rng = Rng(rng.next64())
        return s

    def fingerprint(self) -> Any:
        return json.dumps({"player": self.player, "state": self.state.to_json()}, sort_keys=True)


def new_game(config: GameConfig, seed: int) -> tuple[GrimState, list[Event]]:
    """Shuffle the 54 cards into the Mine; the option `first_player` (a seat; None: drawn at random
    with the game's generator; absent: seat 0) takes the first turn."""
    n = config.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction(f"Grim Prospects is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    s = GrimState(config)
    s.rng = Rng(seed)
    s.mine = list(range(DECK_SIZE))
    s.rng.shuffle(s.mine)
    s._ev = []
    s._emit("deal", "The Mine is shuffled", frozenset(), order=list(s.mine))
    first, how = first_player(config, s.rng)
    s.first_player = first
    s._emit("first", f"{s.name(first)} takes the first turn ({how})", player=first)
    s._begin_turn(first)
    events, s._ev = s._ev, []
    return s, events


def state_from_json(data: Mapping[str, Any]) -> GrimState:
    return GrimState.from_json(data)


INFO = GameInfo(
    name="grim_prospects",
    title="Grim Prospects",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new=new_game,
    from_json=state_from_json,
    rules_doc="grim_prospects.md",
    blurb="Push your luck in a failing mine: dig, prospect or bank your finds before the traps go off.",
    private_hands=True,
)
GrimState.info = INFO
