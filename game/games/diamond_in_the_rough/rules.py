"""Diamond in the Rough rules: pure Python, no drawing. Interpretations: docs/rules/diamond_in_the_rough.md.

Zones: the face-down `deck` (`deck[-1]` is its top), the face-up centre `row` (never refilled; it
grows with discards), the `boxed` cards (out of the game, face up), each seat's secret hand
(`hands`, kept sorted) and public `tableaus`. Card ids are the printed numbers (cards.py).

On a turn the player takes ONE action:

- ``bomb:<seat>,<resource>``      box a Bomb from hand; the named opponent answers, truthfully and in
                                  public, whether that resource is in their HAND
- ``resupply:<card>,deck``        discard a hand card to the end of the row, draw the deck's top;
  ``resupply:<card>,row:<i>``     or take face-up card i (not the one discarded) to the tableau
- ``invest:deck``                 the Gem (hand or tableau) goes to the row; draw three (as many as
  ``invest:row:<i>,<j>``          there are), or take two face-up cards to the tableau
- ``retire:<ids...>``             four of a kind (Bombs too) or three of a resource and the Gem, from
                                  hand and tableau together, ids ascending: you win at once
- ``pass``                        only when nothing else is legal, or nothing but giving the Gem
                                  away (then the words tell everyone the Gem is in that hand)

After a Yes, the bomber chooses (phase ``reward``): ``row:<i>`` or ``deck`` (the bombed player
boxes the named card), ``steal:row:<i>`` or ``steal:deck`` (the named card goes to the bomber's
tableau, the bombed player gets face-up card i or the deck's top in hand), or ``steal`` (the named
card, with nothing back) when the row and the deck are both empty.

Phases: ``play``, ``reward``, ``over``. When the deck empties (after any draw), the current turn
finishes and then every player takes one more turn, starting with the next; after that a player
holding four of a kind wins (players holding one each share the win), else the Gem's holder (hand
or tableau) wins, and if nobody holds it everybody loses. Two rules of ours end a game
that stalls: after 12 rounds the last turns begin as if the deck had run out, and a full round in
which every player passed ends the game at once (see the rules page: a pass is allowed only when
nothing else is, or nothing but giving the Gem away).

Hidden information. Hands are secret (sizes public); the deck's order is secret to all. What one
seat knows of another's hand is the same for every other seat (every card that enters a hand
unseen is a deck draw, seen by its drawer only), so the state keeps it once:

- ``shown``     cards known to every seat to be in the hand they are in (a face-up card given to the
                bombed player; the card named by a Yes answer; the Gem of a player who "keeps the
                Gem and passes", which a hand of the Gem alone is)
- ``lacks[q]``  resources that none of q's unshown hand cards is (from a No answer), kept until q's
                hand receives a card unseen by the others; `no_resource(q)` also drops a
                resource of which q holds a shown card

Events (`data` in brackets; public unless said): "deal" (order; seen by nobody), "hand" (player,
cards; that player only), "setup" (players, first, row, deck), "turn" (player, round,
last_turns_left), "unprotected" (player), "bomb" (bomber, target, resource, card: the Bomb),
"answer" (target, resource, answer "yes"/"no", card: the named card or None), "reward" (player,
card or None, source "row"/"deck"), "box" (player, card), "steal" (player, target, card),
"replace" (player: the bombed one, card or None, source "row"/"deck"/"none"), "draw" (player, card,
why; the drawer only) with its public twin "drew" (player, why, deck: cards left), "no_draw",
"resupply" (player, card, source, took), "invest" (player, source, took, count), "retire"
(player, cards, ending), "pass" (player, card: the Gem when the words show it in the hand, else
None), "stall", "last" (order: who still plays, reason "deck"/"rounds"),
"end" (ending, winners, and how the winner won: "Retired with four of a kind").

A view (`DiamondView`) is a masked copy: another seat's hand is its shown cards, ascending,
followed by `HIDDEN` for each unknown card; the deck is all `HIDDEN`.
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any, Callable, Iterable, Mapping

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
from game.core.words import and_list, plural
from game.games.diamond_in_the_rough.cards import (
    BOMB,
    RESOURCE,
    cards,
    data,
    deck_ids,
    game_resources,
    resources,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 4
HIDDEN = -1
HAND_SIZE = 4
ROW_SIZE = 3
INVEST_DRAW = 3
INVEST_TAKE = 2
RETIRE_KIND = 4       # four of a kind
RETIRE_WITH_GEM = 3   # three of a resource and the Gem
STALL_ROUNDS = 12     # ours: after this many rounds the last turns begin

PLAY, REWARD, OVER = "play", "reward", "over"
PHASES = (PLAY, REWARD, OVER)

RETIRE_FOUR = "retire_four"
RETIRE_THREE_GEM = "retire_three_gem"
GEM_HOLDER = "gem_holder"
EVERYBODY_LOSES = "everybody_loses"
FOUR_AT_END = "four_at_end"   # the last turns over, a player could still discard four of a kind
ENDINGS = (RETIRE_FOUR, RETIRE_THREE_GEM, GEM_HOLDER, EVERYBODY_LOSES, FOUR_AT_END)

RESOURCES: tuple[str, ...] = tuple(resources())   # keys, in the deck's order
GEM_ID: int = data().gem
BOMB_IDS: tuple[int, ...] = data().bombs
CARDS = cards()

BOMB_KIND, RESUPPLY, INVEST, RETIRE, PASS_KIND = "bomb", "resupply", "invest", "retire", "pass"
ROW_KIND, DECK_KIND, STEAL = "row", "deck", "steal"
PASS = Action(PASS_KIND)

# Events that show somebody what chance or a hidden hand decided: an action that caused one
# cannot be taken back.
REVEALING = frozenset({"draw", "answer"})


# A card's kind for four of a kind, by id: its resource key, "bomb" or "gem".
KINDS: dict[int, str] = {c.id: (c.resource if c.kind == RESOURCE else c.kind)  # type: ignore[misc]
                         for c in CARDS.values()}
_RESOURCE: dict[int, str | None] = {c.id: c.resource for c in CARDS.values()}
_RESOURCES_BY_PLAYERS = {n: game_resources(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def kind_of(cid: int) -> str:
    """A card's kind for four of a kind: its resource key, "bomb" or "gem"."""
    return KINDS[cid]


def resource_of(cid: int) -> str | None:
    """A card's resource key (None for the Gem, a Bomb or a hidden card)."""
    return _RESOURCE.get(cid)


def card_name(cid: int) -> str:
    return "a hidden card" if cid < 0 else CARDS[cid].name


def resource_name(key: str) -> str:
    """"Fish", "Crates"."""
    return resources()[key].name


def names(ids: Iterable[int]) -> str:
    items = [card_name(c) for c in ids]
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def set_words(ids: Iterable[int]) -> str:
    """A retiring set in words: "four Fish", "three Crates and the Gem", "four Bombs"."""
    cards = list(ids)
    kinds = [kind_of(c) for c in cards if c != GEM_ID]
    if not kinds:
        return names(cards)
    kind = kinds[0]
    word = "Bombs" if kind == BOMB else resource_name(kind)
    count = {3: "three", 4: "four"}.get(len(kinds), str(len(kinds)))
    return f"{count} {word}" + (" and the Gem" if GEM_ID in cards else "")


def retire_sets_in(cards: Iterable[int], resources: Iterable[str]) -> list[tuple[int, ...]]:
    """Every set a player owning `cards` (hand and tableau, known ids) may retire with, in a game
    of `resources`: ascending ids, in a fixed order (the resources', then the Bombs')."""
    owned = sorted(c for c in cards if c >= 0)
    by_kind: dict[str, list[int]] = {}
    for c in owned:
        by_kind.setdefault(kind_of(c), []).append(c)
    out: list[tuple[int, ...]] = []
    for kind in (*resources, BOMB):
        same = by_kind.get(kind, [])
        out.extend(combinations(same, RETIRE_KIND))
        if kind != BOMB and GEM_ID in owned:
            out.extend(tuple(sorted((*three, GEM_ID))) for three in combinations(same, RETIRE_WITH_GEM))
    return out


def set_to_name(sets: Iterable[tuple[int, ...]]) -> tuple[int, ...]:
    """Of the sets a player could retire with (at least one), the one to speak of: four of a
    kind before three and the Gem."""
    return min(sets, key=lambda s: GEM_ID in s)


def _int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"{x!r} is not a whole number")
    return x


def _index(text: str) -> int | None:
    """A plain non-negative number written in an action, or None (one of more than six digits,
    which no move writes, is none: Python refuses to read thousands of digits at all)."""
    if len(text) > 6 or not text.isascii() or not text.isdigit() or str(int(text)) != text:
        return None
    return int(text)


def _row_arg(text: str) -> int | None:
    """`row:<i>` -> i, else None."""
    kind, sep, rest = text.partition(":")
    return _index(rest) if kind == ROW_KIND and sep else None


class DiamondState(GameState):
    """A position of Diamond in the Rough (see the module docstring for zones and knowledge)."""

    __slots__ = ("config", "rng", "deck", "row", "boxed", "hands", "tableaus", "protected", "turn",
                 "first", "phase", "pending", "last_turns_left", "round", "passes", "shown",
                 "lacks", "ending_kind", "winners", "_ev", "_quiet")

    def __init__(self, config: GameConfig) -> None:
        n = config.players
        self.config = config
        self.rng = Rng(0)
        self.deck: list[int] = []
        self.row: list[int] = []
        self.boxed: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.tableaus: list[list[int]] = [[] for _ in range(n)]
        self.protected: set[int] = set()
        self.turn = 0
        self.first = 0
        self.phase = PLAY
        # The bomb being resolved: {"bomber", "target", "resource", "card"} (the named card).
        self.pending: dict[str, Any] | None = None
        # Turns still to be played after the current one, once the deck has run out (else None).
        self.last_turns_left: int | None = None
        self.round = 1
        self.passes = 0     # passes in a row
        self.shown: set[int] = set()
        self.lacks: list[set[str]] = [set() for _ in range(n)]
        self.ending_kind: str | None = None
        self.winners: tuple[int, ...] = ()
        self._ev: list[Event] = []
        self._quiet = False   # True in a bot's imagined play-outs: no events are kept

    # ----------------------------------------------------------------- helpers
    @property
    def n(self) -> int:
        return self.config.players

    @property
    def resources(self) -> tuple[str, ...]:
        """The resource keys of this game (the first N for N players)."""
        return _RESOURCES_BY_PLAYERS[self.config.players]

    def name(self, p: int) -> str:
        return self.config.name(p)

    def _emit(self, kind: str, text: str, visible_to: frozenset[int] | None = None,
              news: int | None = None, **data: Any) -> None:
        """Log an event; `news`: the seat whose hand it shows a card of that the others did not
        know was there (a move of theirs that it answered is no longer taken back)."""
        if self._quiet:
            return
        news_for = frozenset(range(self.n)) - {news} if news is not None else frozenset()
        self._ev.append(Event(kind, text, data, visible_to, reveals=kind in REVEALING, news_for=news_for))

    def gem_holder(self) -> int | None:
        """The seat holding the Gem in hand or tableau, or None (row, boxed, deck; on a masked
        view also when it is in a hand this seat cannot see)."""
        for p in range(self.n):
            if GEM_ID in self.hands[p] or GEM_ID in self.tableaus[p]:
                return p
        return None

    def ending(self) -> str:
        """How the game ended (one of ENDINGS); "" while it is not over."""
        return self.ending_kind or ""

    def owned(self, p: int) -> list[int]:
        """Hand and tableau of seat p together (known cards only on a masked view)."""
        return [c for c in self.hands[p] + self.tableaus[p] if c >= 0]

    def bombs_in_hand(self, p: int) -> list[int]:
        return [c for c in self.hands[p] if c >= 0 and CARDS[c].kind == BOMB]

    def bombable(self, p: int) -> list[int]:
        """The opponents seat p may bomb now: everyone else not protected."""
        return [q for q in range(self.n) if q != p and q not in self.protected]

    def retire_sets(self, p: int) -> list[tuple[int, ...]]:
        """Every set of cards seat p may retire with, ascending ids, in a fixed order."""
        return retire_sets_in(self.owned(p), self.resources)

    def no_resource(self, q: int) -> frozenset[str]:
        """What every other seat knows seat q lacks in hand (from No answers, until q's hand got a
        card they did not see)."""
        held = {resource_of(c) for c in self.hands[q] if c in self.shown}
        return frozenset(r for r in self.lacks[q] if r not in held)

    # ----------------------------------------------------------------- contract
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def progress(self) -> str:
        if self.phase == OVER:
            return "Game over"
        if self.last_turns_left is not None:
            return f"Last turns: {self.last_turns_left + 1} to play"
        return f"Round {self.round}, deck: {plural(len(self.deck), 'card')}"

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == REWARD:
            return self._reward_actions()
        p = self.turn
        out = [Action(RETIRE, tuple(str(c) for c in s)) for s in self.retire_sets(p)]
        if self.bombs_in_hand(p):
            out += [Action(BOMB_KIND, (str(q), r)) for q in self.bombable(p) for r in self.resources]
        for c in sorted({c for c in self.hands[p] if c >= 0}):
            if self.deck:
                out.append(Action(RESUPPLY, (str(c), DECK_KIND)))
            out += [Action(RESUPPLY, (str(c), f"{ROW_KIND}:{i}")) for i in range(len(self.row))]
        if GEM_ID in self.hands[p] or GEM_ID in self.tableaus[p]:
            if self.deck:
                out.append(Action(INVEST, (DECK_KIND,)))
            out += [Action(INVEST, (f"{ROW_KIND}:{i}", str(j)))
                    for i, j in combinations(range(len(self.row)), INVEST_TAKE)]
        if out and all(self.gives_the_gem_away(a) for a in out):
            out.append(PASS)   # (our rule) the Gem's holder need not give it away
        return out or [PASS]

    @staticmethod
    def gives_the_gem_away(action: Action) -> bool:
        """Whether `action` leaves the Gem out of its player's hands: investing it, or discarding
        it to resupply."""
        return action.kind == INVEST or (action.kind == RESUPPLY and int(action.args[0]) == GEM_ID)

    def _reward_actions(self) -> list[Action]:
        rows = range(len(self.row))
        out = [Action(ROW_KIND, (str(i),)) for i in rows]
        if self.deck:
            out.append(Action(DECK_KIND))
        out += [Action(STEAL, (f"{ROW_KIND}:{i}",)) for i in rows]
        if self.deck:
            out.append(Action(STEAL, (DECK_KIND,)))
        if not self.row and not self.deck:
            out.append(Action(STEAL))
        return out

    def why_not(self, action: Action | str) -> str | None:
        """None when `action` is legal now; otherwise why not, in a player's words."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except IllegalAction as exc:
                return str(exc)
        if self.phase == OVER:
            return "the game is over"
        if action in self.legal_actions():
            return None
        return self._reason(action)

    def _reason(self, action: Action) -> str:
        kind, args, p = action.kind, action.args, self.turn
        row_n = len(self.row)
        if self.phase == REWARD:
            assert self.pending is not None
            what = (f"{self.name(self.pending['target'])} had {resource_name(self.pending['resource'])}: "
                    f"choose your reward")
            if kind not in (ROW_KIND, DECK_KIND, STEAL):
                return f"not now: {what} (a face-up card, the deck's top, or steal the named card)"
            if kind == DECK_KIND or args == (DECK_KIND,):
                return "the deck is empty" if not self.deck else f"{quoted(action)} takes nothing more"
            if kind == STEAL and not args:
                return "steal with a replacement for them: 'steal:row:<i>' or 'steal:deck'"
            i = _index(args[0]) if kind == ROW_KIND and len(args) == 1 else (
                _row_arg(args[0]) if len(args) == 1 else None)
            if not row_n:
                return "the centre row is empty"
            if i is None or i >= row_n:
                return f"choose a face-up card by its place in the row, 0 to {row_n - 1}"
            return f"{quoted(action)} is not one of the choices now: {what}"
        if kind in (ROW_KIND, DECK_KIND, STEAL):
            return "there is no bomb to resolve"
        if kind == PASS_KIND:
            return "you may pass only when you can do nothing else, or nothing but give the Gem away"
        if kind == BOMB_KIND:
            if not self.bombs_in_hand(p):
                return "you have no Bomb in your hand"
            if len(args) != 2:
                return "name an opponent and a resource: 'bomb:<seat>,<resource>'"
            q = _index(args[0])
            if q is None or q >= self.n:
                return f"there is no seat {args[0]!r} at the table"
            if q == p:
                return "you cannot bomb yourself"
            if q in self.protected:
                return f"{self.name(q)} was bombed and may not be bombed again until their next turn"
            return f"{args[1]!r} is not a resource of this game: {', '.join(self.resources)}"
        if kind == RESUPPLY:
            if len(args) != 2:
                return "name a card from your hand and where you take the new one: 'resupply:<card>,deck' or 'resupply:<card>,row:<i>'"
            c = _index(args[0])
            if c is None or c not in self.hands[p]:
                return "that card is not in your hand"
            if args[1] == DECK_KIND:
                return "the deck is empty"
            i = _row_arg(args[1])
            if not row_n:
                return "the centre row is empty"
            if i is None or i >= row_n:
                return (f"take a face-up card that was there before you discarded: its place in the "
                        f"row, 0 to {row_n - 1}")
            return f"{quoted(action)} is not a resupply"
        if kind == INVEST:
            if GEM_ID not in self.hands[p] and GEM_ID not in self.tableaus[p]:
                return "you do not hold the Gem"
            if args == (DECK_KIND,):
                return "the deck is empty"
            if row_n < INVEST_TAKE:
                return "the centre row has fewer than two cards to take"
            return (f"take two different face-up cards, by their places in the row before the Gem "
                    f"joins it, smaller first: 'invest:row:<i>,<j>' with 0 <= i < j <= {row_n - 1}")
        if kind == RETIRE:
            ids = [_index(a) for a in args]
            if any(c is None for c in ids):
                return "name the cards by number"
            mine = self.owned(p)
            if any(c not in mine for c in ids):
                return "you can retire only with cards in your hand and tableau"
            if list(ids) != sorted(set(ids)):  # type: ignore[type-var]
                return "list each card once, smallest number first"
            return "retire with four of a kind (Bombs too) or three of one resource and the Gem"
        return (f"{quoted(action)} is not a Diamond in the Rough move: bomb, resupply, invest, retire "
                f"(or pass when nothing else is possible)")

    def explain_illegal(self, action: Action) -> str:
        return self.why_not(action) or super().explain_illegal(action)

    def copy(self) -> "DiamondState":
        s = DiamondState.__new__(DiamondState)
        s.config = self.config
        s.rng = self.rng.copy()
        s.deck = self.deck[:]
        s.row = self.row[:]
        s.boxed = self.boxed[:]
        s.hands = [h[:] for h in self.hands]
        s.tableaus = [t[:] for t in self.tableaus]
        s.protected = set(self.protected)
        s.turn = self.turn
        s.first = self.first
        s.phase = self.phase
        s.pending = dict(self.pending) if self.pending else None
        s.last_turns_left = self.last_turns_left
        s.round = self.round
        s.passes = self.passes
        s.shown = set(self.shown)
        s.lacks = [set(x) for x in self.lacks]
        s.ending_kind = self.ending_kind
        s.winners = self.winners
        s._ev = []
        s._quiet = False
        return s

    def advance(self, action: Action) -> "DiamondState":
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
        p, kind, args = self.turn, action.kind, action.args
        if kind != PASS_KIND:
            self.passes = 0
        if self.phase == REWARD:
            self._reward(action)
            self._end_turn()
            return self._ev
        if kind == RETIRE:
            self._retire(p, [int(a) for a in args])
            return self._ev
        if kind == BOMB_KIND:
            if self._bomb(p, int(args[0]), args[1]):
                return self._ev   # a Yes: the bomber chooses the reward next
        elif kind == RESUPPLY:
            self._resupply(p, int(args[0]), args[1])
        elif kind == INVEST:
            self._invest(p, args)
        else:
            self.passes += 1
            if GEM_ID in self.hands[p] or GEM_ID in self.tableaus[p]:
                in_hand = GEM_ID in self.hands[p]
                if in_hand:
                    self.shown.add(GEM_ID)   # the words tell every seat where the Gem is
                self._emit("pass", f"{self.name(p)} keeps the Gem and passes", player=p,
                           card=GEM_ID if in_hand else None)
            else:
                self._emit("pass", f"{self.name(p)} can do nothing and passes", player=p)
            if self.passes >= self.n:
                self._emit("stall", "Every player passed in turn: the game ends")
                self._finish()
                return self._ev
        self._end_turn()
        return self._ev

    def _take_from_hand(self, p: int, cid: int) -> bool:
        """Card `cid` leaves p's hand face up; True when the others did not know it was there."""
        self.hands[p].remove(cid)
        if cid in self.shown:
            self.shown.discard(cid)
            return False
        return True

    def _to_hand(self, p: int, cid: int, seen: bool) -> None:
        """Card `cid` joins p's hand; `seen`: every seat saw it (else the others forget their
        "no <resource>" facts about p)."""
        self.hands[p].append(cid)
        self.hands[p].sort()
        if seen:
            self.shown.add(cid)
        else:
            self.lacks[p].clear()

    def _draw(self, p: int, why: str) -> int | None:
        """The deck's top to p's hand (nothing when the deck is empty)."""
        if not self.deck:
            return None
        cid = self.deck.pop()
        self._to_hand(p, cid, seen=False)
        self._emit("draw", f"{self.name(p)} draws {card_name(cid)}", frozenset({p}), player=p,
                   card=cid, why=why)
        self._emit("drew", f"{self.name(p)} draws a card from the deck ({why})", player=p,
                   why=why, deck=len(self.deck))
        self._deck_check()
        return cid

    def _deck_check(self) -> None:
        if self.deck or self.last_turns_left is not None:
            return
        self.last_turns_left = self.n
        order = [(self.turn + k) % self.n for k in range(1, self.n + 1)]
        self._emit("last", "The deck has run out: after this turn every player takes one more turn ("
                   + ", ".join(self.name(q) for q in order) + ")", order=order, reason="deck")

    def _bomb(self, p: int, q: int, res: str) -> bool:
        bombs = self.bombs_in_hand(p)
        # Which Bomb goes does not matter to the rules; chosen at random, its number shown tells
        # nothing of the others in the hand (the lowest would tell that none lower is there).
        # Games begun before this was so keep the lowest (LEGACY_OPTIONS), to replay as played.
        random_bomb = self.config.options.get(BOMB_OPTION, RANDOM_BOMB) == RANDOM_BOMB
        bomb = bombs[self.rng.below(len(bombs))] if random_bomb and len(bombs) > 1 else bombs[0]
        self._take_from_hand(p, bomb)
        self.boxed.append(bomb)
        self.protected.add(q)
        self._emit("bomb", f"{self.name(p)} bombs {self.name(q)} for {resource_name(res)}",
                   bomber=p, target=q, resource=res, card=bomb)
        matching = [c for c in self.hands[q] if resource_of(c) == res]
        if not matching:
            self.lacks[q].add(res)
            self._emit("answer", f"{self.name(q)} has no {resource_name(res)} in hand", target=q,
                       resource=res, answer="no", card=None)
            got = self._draw(p, "replacement")
            if got is None:
                self._emit("no_draw", f"The deck is empty: {self.name(p)} draws no replacement",
                           player=p)
            return False
        # Which card of the resource is named does not matter to the rules; chosen at random so
        # that showing it tells nothing more than the Yes.
        named = matching[self.rng.below(len(matching))]
        self.shown.add(named)
        self.pending = {"bomber": p, "target": q, "resource": res, "card": named}
        self.phase = REWARD
        self._emit("answer", f"{self.name(q)} has {resource_name(res)}: {card_name(named)}",
                   target=q, resource=res, answer="yes", card=named)
        return True

    def _reward(self, action: Action) -> None:
        assert self.pending is not None
        p, q, named = self.pending["bomber"], self.pending["target"], self.pending["card"]
        kind, args = action.kind, action.args
        if kind == ROW_KIND:
            cid = self.row.pop(int(args[0]))
            self.tableaus[p].append(cid)
            self._emit("reward", f"{self.name(p)} takes {card_name(cid)} from the row", player=p,
                       card=cid, source="row")
            self._box_named(q, named)
        elif kind == DECK_KIND:
            self._emit("reward", f"{self.name(p)} takes the deck's top card", player=p, card=None,
                       source="deck")
            self._box_named(q, named)
            self._draw(p, "reward")
        else:
            self._take_from_hand(q, named)
            self.tableaus[p].append(named)
            self._emit("steal", f"{self.name(p)} steals {card_name(named)} from {self.name(q)}",
                       player=p, target=q, card=named)
            if args and args[0] == DECK_KIND:
                self._emit("replace", f"{self.name(q)} gets the deck's top card in return",
                           player=q, card=None, source="deck")
                self._draw(q, "in return")
            elif args:
                cid = self.row.pop(int(args[0].partition(":")[2]))
                self._to_hand(q, cid, seen=True)
                self._emit("replace", f"{self.name(q)} gets {card_name(cid)} from the row in return",
                           player=q, card=cid, source="row")
            else:
                self._emit("replace", f"The row and the deck are empty: {self.name(q)} gets nothing "
                           "in return", player=q, card=None, source="none")
        self.pending = None
        self.phase = PLAY

    def _box_named(self, q: int, named: int) -> None:
        self._take_from_hand(q, named)
        self.boxed.append(named)
        self._emit("box", f"{self.name(q)} loses {card_name(named)}: out of the game", player=q,
                   card=named)

    def _resupply(self, p: int, cid: int, where: str) -> None:
        news = p if self._take_from_hand(p, cid) else None
        take = _row_arg(where)
        if take is None:
            self.row.append(cid)
            self._emit("resupply", f"{self.name(p)} discards {card_name(cid)} and draws from the deck",
                       news=news, player=p, card=cid, source="deck", took=None)
            self._draw(p, "resupply")
            return
        got = self.row.pop(take)
        self.row.append(cid)
        self.tableaus[p].append(got)
        self._emit("resupply", f"{self.name(p)} discards {card_name(cid)} and takes {card_name(got)} "
                   "from the row", news=news, player=p, card=cid, source="row", took=got)

    def _invest(self, p: int, args: tuple[str, ...]) -> None:
        news = None
        if GEM_ID in self.hands[p]:
            news = p if self._take_from_hand(p, GEM_ID) else None
        else:
            self.tableaus[p].remove(GEM_ID)
        if args == (DECK_KIND,):
            self.row.append(GEM_ID)
            count = min(INVEST_DRAW, len(self.deck))
            self._emit("invest", f"{self.name(p)} invests the Gem and draws {plural(count, 'card')}",
                       news=news, player=p, source="deck", took=[], count=count)
            for _ in range(count):
                self._draw(p, "invest")
            return
        i, j = _row_arg(args[0]), int(args[1])
        assert i is not None
        took = [self.row[i], self.row[j]]
        self.row = [c for k, c in enumerate(self.row) if k not in (i, j)] + [GEM_ID]
        self.tableaus[p].extend(took)
        self._emit("invest", f"{self.name(p)} invests the Gem and takes {names(took)} from the row",
                   news=news, player=p, source="row", took=took, count=len(took))

    def _retire(self, p: int, ids: list[int]) -> None:
        for c in ids:
            if c in self.hands[p]:
                self._take_from_hand(p, c)
            else:
                self.tableaus[p].remove(c)
        self.boxed.extend(ids)
        ending = RETIRE_THREE_GEM if GEM_ID in ids else RETIRE_FOUR
        self._emit("retire", f"{self.name(p)} retires with {names(ids)}", player=p, cards=ids,
                   ending=ending)
        self._over(ending, (p,), set_words(ids))

    def _end_turn(self) -> None:
        if self.phase == OVER:
            return
        if self.last_turns_left is not None:
            if self.last_turns_left == 0:
                self._finish()
                return
            self.last_turns_left -= 1
        nxt = (self.turn + 1) % self.n
        if nxt == self.first:
            self.round += 1
            if self.round > STALL_ROUNDS and self.last_turns_left is None:
                self.last_turns_left = self.n - 1
                order = [(nxt + k) % self.n for k in range(self.n)]
                self._emit("last", f"{STALL_ROUNDS} rounds are over: every player takes one more turn ("
                           + ", ".join(self.name(q) for q in order) + ")", order=order,
                           reason="rounds")
        self._begin_turn(nxt)

    def _begin_turn(self, p: int) -> None:
        self.turn = p
        self.phase = PLAY
        if p in self.protected:
            self.protected.discard(p)
            self._emit("unprotected", f"{self.name(p)} may be bombed again", player=p)
        self._emit("turn", f"{self.name(p)}'s turn", player=p, round=self.round,
                   last_turns_left=self.last_turns_left)

    def fours(self, p: int) -> list[tuple[int, ...]]:
        """The four-of-a-kind sets (Bombs too) seat p holds in hand and tableau."""
        return [s for s in self.retire_sets(p) if GEM_ID not in s]

    def _finish(self) -> None:
        """The last turns are over. "If no player can discard four-of-a-kind, the player holding
        the gem wins": a player who could (four of a kind come to them after their own last
        turn, by a bomb's exchange, or taken on it) wins instead, several sharing the win."""
        fours = [p for p in range(self.n) if self.fours(p)]
        if fours:
            self._over(FOUR_AT_END, tuple(fours), set_words(self.fours(fours[0])[0]))
            return
        holder = self.gem_holder()
        if holder is None:
            self._over(EVERYBODY_LOSES, ())
        else:
            self._over(GEM_HOLDER, (holder,))

    def _over(self, ending: str, winners: tuple[int, ...], retired: str = "") -> None:
        """The game ends; `retired` says with what a player retired ("four Fish")."""
        self.phase = OVER
        self.pending = None
        self.ending_kind = ending
        self.winners = winners
        text = {
            RETIRE_FOUR: f"retires with {retired or 'four of a kind'} and wins",
            RETIRE_THREE_GEM: f"retires with {retired or 'three of a kind and the Gem'} and wins",
            GEM_HOLDER: "holds the Gem and wins",
            FOUR_AT_END: f"could still discard {retired or 'four of a kind'} and wins",
        }
        # How the game was won, without the winner's name (the results' headline names them).
        how = {
            RETIRE_FOUR: f"Retired with {retired or 'four of a kind'}",
            RETIRE_THREE_GEM: f"Retired with {retired or 'three of a kind and the Gem'}",
            GEM_HOLDER: "Held the Gem when the game ended",
            FOUR_AT_END: f"Held {retired or 'four of a kind'} when the game ended",
        }
        if len(winners) > 1:
            msg = (f"Game over: {and_list([self.name(w) for w in winners])} could each still "
                   "discard four of a kind and share the win")
            self._emit("end", msg, ending=ending, winners=list(winners),
                       how="Each held four of a kind when the game ended")
        elif winners:
            msg = f"Game over: {self.name(winners[0])} {text[ending]}"
            self._emit("end", msg, ending=ending, winners=list(winners), how=how[ending])
        else:
            msg = "Game over: nobody holds the Gem, so everybody loses"
            self._emit("end", msg, ending=ending, winners=list(winners))

    # ----------------------------------------------------------------- outcome
    def outcome(self) -> Outcome:
        """The winner scores 1 (nobody, when everybody loses); mid-game, the Gem's holder leads."""
        if self.phase == OVER:
            winners = self.winners
        else:
            holder = self.gem_holder()
            winners = () if holder is None else (holder,)
        scores = tuple(PlayerScore(p, 1 if p in winners else 0,
                                   ((self.how_won(p), 1),) if p in winners else
                                   self.how_near(p) if self.phase == OVER else ())
                       for p in range(self.n))
        return Outcome(scores, winners)

    def how_won(self, p: int) -> str:
        """Winner p's line on the results, with the set as the headline names it: the set a
        retire put out of the game is the last four cards boxed."""
        ending = self.ending_kind if self.phase == OVER else None
        if ending in (RETIRE_FOUR, RETIRE_THREE_GEM) and len(self.boxed) >= 4:
            return f"Retired with {set_words(self.boxed[-4:])}"
        if ending == FOUR_AT_END and self.fours(p):
            return f"Held {set_words(self.fours(p)[0])} at the end"
        if ending is None:
            return "Holds the Gem"
        return {GEM_HOLDER: "Held the Gem at the end"}.get(ending, "")

    def how_near(self, p: int) -> tuple[tuple[str, int], ...]:
        """How near seat p came to retiring, for the results: its most cards of one kind (hand
        and tableau together), and the Gem if it held it; or the set it held and could have
        retired with, had its turn come before the game ended."""
        sets = self.retire_sets(p)
        if sets:
            return ((f"Held {set_words(set_to_name(sets))}, never retired", 0),)
        held = self.hands[p] + self.tableaus[p]
        counts: dict[str, int] = {}
        for c in held:
            if c >= 0 and c != GEM_ID:
                counts[kind_of(c)] = counts.get(kind_of(c), 0) + 1
        lines: list[tuple[str, int]] = []
        if counts:
            kind, most = max(sorted(counts.items()), key=lambda kv: kv[1])
            word = "Bombs" if kind == BOMB else resource_name(kind)
            lines.append((f"Most of one kind: {most} {word}" if most > 1 else "No two cards alike", 0))
        if GEM_ID in held:
            lines.append(("Held the Gem", 0))
        return tuple(lines) or (("Held no cards", 0),)

    # ----------------------------------------------------------------- views & saves
    def _mask(self, p: int | None) -> "DiamondState":
        s = self.copy()
        s.rng = Rng(0)
        for q in range(self.n):
            if q != p:
                known = sorted(c for c in self.hands[q] if c in self.shown)
                s.hands[q] = known + [HIDDEN] * (len(self.hands[q]) - len(known))
        s.deck = [HIDDEN] * len(self.deck)
        return s

    def view(self, player: int | None) -> "DiamondView":
        """What `player` may know (None: a spectator, who sees only what is public)."""
        return DiamondView(self, player)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": INFO.name,
            "config": self.config.to_json(),
            "rng": self.rng.state,
            "deck": list(self.deck), "row": list(self.row), "boxed": list(self.boxed),
            "hands": [list(h) for h in self.hands], "tableaus": [list(t) for t in self.tableaus],
            "protected": sorted(self.protected), "turn": self.turn, "first": self.first,
            "phase": self.phase, "pending": dict(self.pending) if self.pending else None,
            "last_turns_left": self.last_turns_left, "round": self.round, "passes": self.passes,
            "shown": sorted(self.shown), "lacks": [sorted(x) for x in self.lacks],
            "ending": self.ending_kind, "winners": list(self.winners),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "DiamondState":
        """Rebuild a state; raises `BadSave` naming the problem when the data does not add up."""
        try:
            config = cls.config_from_json(data)
            s = cls(config)
            s.rng = Rng(_int(data["rng"]))
            s.deck = [_int(c) for c in data["deck"]]
            s.row = [_int(c) for c in data["row"]]
            s.boxed = [_int(c) for c in data["boxed"]]
            s.hands = [[_int(c) for c in h] for h in data["hands"]]
            s.tableaus = [[_int(c) for c in t] for t in data["tableaus"]]
            s.protected = {_int(q) for q in data["protected"]}
            s.turn = _int(data["turn"])
            s.first = _int(data["first"])
            s.phase = str(data["phase"])
            pending = data["pending"]
            if pending is not None:
                s.pending = {"bomber": _int(pending["bomber"]), "target": _int(pending["target"]),
                             "resource": str(pending["resource"]), "card": _int(pending["card"])}
            last = data["last_turns_left"]
            s.last_turns_left = None if last is None else _int(last)
            s.round = _int(data["round"])
            s.passes = _int(data["passes"])
            s.shown = {_int(c) for c in data["shown"]}
            s.lacks = [{str(r) for r in x} for x in data["lacks"]]
            s.ending_kind = None if data["ending"] is None else str(data["ending"])
            s.winners = tuple(_int(w) for w in data["winners"])
        except BadSave:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadSave(f"the Diamond in the Rough position is unreadable ({exc!r})") from exc
        s.check()
        return s

    def check(self) -> None:
        """Raise `BadSave` unless every card is in exactly one place and the position adds up."""
        n = self.n
        if not len(self.hands) == len(self.tableaus) == len(self.lacks) == n:
            raise BadSave("the position has the wrong number of players")
        if sorted(_zones(self)) != list(deck_ids(n)):
            raise BadSave(f"the cards do not add up to the {len(deck_ids(n))}-card deck")
        if self.phase not in PHASES:
            raise BadSave(f"unknown phase {self.phase!r}")
        if not 0 <= self.turn < n or not 0 <= self.first < n:
            raise BadSave("the seat to move is not at the table")
        if any(not 0 <= q < n for q in self.protected) or any(not 0 <= w < n for w in self.winners):
            raise BadSave("a protected seat or a winner is not at the table")
        if any(h != sorted(h) for h in self.hands):
            raise BadSave("a hand is out of order")
        if self.round < 1 or not 0 <= self.passes <= n:
            raise BadSave("the round or pass count is unreadable")
        if self.last_turns_left is not None and not 0 <= self.last_turns_left <= n:
            raise BadSave("the count of last turns is unreadable")
        if self.last_turns_left is None and not self.deck and self.phase != OVER:
            raise BadSave("the deck is empty but the last turns have not begun")
        in_hands = {c for h in self.hands for c in h}
        if not self.shown <= in_hands:
            raise BadSave("a card known to be in a hand is not in any hand")
        for q in range(n):
            if any(r not in self.resources for r in self.lacks[q]):
                raise BadSave("an unknown resource in what the players know")
            hidden = [c for c in self.hands[q] if c not in self.shown]
            if any(resource_of(c) in self.lacks[q] for c in hidden):
                raise BadSave(f"the others know {self.name(q)} lacks a resource that is in their hand")
        if (self.phase == REWARD) != (self.pending is not None):
            raise BadSave("a reward choice without a bomb under way, or the other way round")
        if self.pending is not None:
            pd = self.pending
            if pd["bomber"] != self.turn or not 0 <= pd["target"] < n or pd["target"] == pd["bomber"]:
                raise BadSave("the bomb under way names the wrong seats")
            if (pd["card"] not in self.hands[pd["target"]] or pd["card"] not in self.shown
                    or resource_of(pd["card"]) != pd["resource"]):
                raise BadSave("the card named by the bomb is not in the bombed player's hand")
        if self.phase == OVER:
            if self.ending_kind not in ENDINGS:
                raise BadSave("a finished game with an unknown ending")
            if ((self.ending_kind == EVERYBODY_LOSES) != (not self.winners)
                    or (len(self.winners) > 1 and self.ending_kind != FOUR_AT_END)
                    or len(set(self.winners)) != len(self.winners)
                    or not all(0 <= w < n for w in self.winners)):
                raise BadSave("the winners do not match the ending")
        elif self.ending_kind is not None or self.winners:
            raise BadSave("a game still going has an ending")


def _zones(s: DiamondState) -> list[int]:
    out = s.deck + s.row + s.boxed
    for q in range(s.n):
        out = out + s.hands[q] + s.tableaus[q]
    return out


class DiamondView(View):
    """What one seat (or a spectator, `player` None) may know: `state` is a masked copy in which
    every card the seat does not know is `HIDDEN`, zone sizes kept."""

    def __init__(self, state: DiamondState, player: int | None) -> None:
        self.player = player  # type: ignore[assignment]
        self.state = state._mask(player)
        self._known: set[int] | None = None

    def to_move(self) -> int | None:
        return self.state.to_move()

    def legal_actions(self) -> list[Action]:
        """The legal actions, when this seat is the one to move (they depend on its hand)."""
        if self.player is None or self.state.to_move() != self.player:
            return []
        return self.state.legal_actions()

    def knows(self, card_id: int) -> bool:
        """Whether this seat knows where card `card_id` is (its face is in the view)."""
        if self._known is None:
            self._known = {c for c in _zones(self.state) if c >= 0}
        return card_id in self._known

    def no_resource(self, p: int) -> frozenset[str]:
        """The resources this seat knows seat p lacks in hand (for its own seat: what the others
        know of it)."""
        return self.state.no_resource(p)

    def unknown(self) -> list[int]:
        """The ids of the cards of this game whose place this seat does not know."""
        return [c for c in deck_ids(self.state.n) if not self.knows(c)]

    def sample_state(self, rng: Rng, lean: Callable[[int, int], float] | None = None) -> DiamondState:
        """A full state that agrees with this view: the unknown cards dealt at random to the hidden
        hand places and the deck, never a card of a resource a hand is known to lack.

        With no `lean` every deal that agrees with the view is equally likely. `lean(q, card)`, a
        positive weight, makes the deal a guess rather than a blind one: each of seat q's hidden
        places gets one of the cards that keep the rest dealable with a chance in proportion to
        its weight (the hard bot's reading of what a seat collects)."""
        s = self.state.copy()
        pool = self.unknown()
        rng.shuffle(pool)
        slots = {q: sum(1 for c in s.hands[q] if c == HIDDEN) for q in range(s.n)}
        seats = [q for q in range(s.n) if slots[q]]
        if lean is None:
            fair = _fair_deal(pool, seats, slots, s.lacks, rng)
            if fair is not None:
                return self._dealt(s, seats, fair[0], fair[1], rng)
        need = dict(slots)
        dealt: dict[int, list[int]] = {q: [] for q in seats}
        # A guess (or a blind deal that no shuffle fitted): deal slot by slot, each time a random
        # card that keeps the rest dealable (Hall's condition over the seats: the constraints
        # depend only on the seat), so this never fails on a view that a real position produced
        # and never loops. A guess takes the places in a random order, so that no seat gets first
        # pick of the cards its lean favours.
        places = [q for q in sorted(seats, key=lambda q: -len(s.lacks[q])) for _ in range(slots[q])]
        if lean is not None:
            rng.shuffle(places)
        for q in places:
            tries = [k for k, c in enumerate(pool) if resource_of(c) not in s.lacks[q]]
            weights = [lean(q, pool[k]) for k in tries] if lean is not None else None
            while tries:
                i = 0 if weights is None else _pick(weights, rng)
                k = tries[i]
                rest = pool[:k] + pool[k + 1:]
                need[q] -= 1
                if _dealable(rest, need, s.lacks):
                    dealt[q].append(pool[k])
                    pool = rest
                    break
                need[q] += 1
                del tries[i]
                if weights is not None:
                    del weights[i]
            else:
                raise ValueError("this view cannot be dealt: its knowledge does not add up")
        return self._dealt(s, seats, dealt, pool, rng)

    @staticmethod
    def _dealt(s: DiamondState, seats: list[int], dealt: Mapping[int, list[int]], deck: list[int],
               rng: Rng) -> DiamondState:
        for q in seats:
            s.hands[q] = sorted([c for c in s.hands[q] if c != HIDDEN] + dealt[q])
        if len(deck) != len(s.deck):
            raise ValueError("this view cannot be dealt: the deck does not add up")
        s.deck = deck
        s.rng = Rng(rng.next64())
        return s

    def fingerprint(self) -> Any:
        return json.dumps({"player": self.player, "state": self.state.to_json()}, sort_keys=True)


FAIR_TRIES = 400   # shuffles a blind deal tries before it deals place by place


def _fair_deal(pool: list[int], seats: list[int], slots: Mapping[int, int], lacks: list[set[str]],
               rng: Rng) -> tuple[dict[int, list[int]], list[int]] | None:
    """Every deal that agrees with what is known, equally likely: shuffle the unknown cards, deal
    them out in order and shuffle again until no hand has a card of a resource it lacks (in
    four-player games between normal bots one shuffle in two fits at the median, about one in
    thirty at worst). None after `FAIR_TRIES` shuffles."""
    if len(pool) < sum(slots[q] for q in seats):
        return None
    tries = FAIR_TRIES if any(lacks[q] for q in seats) else 1
    for attempt in range(tries):
        if attempt:
            rng.shuffle(pool)
        dealt: dict[int, list[int]] = {}
        i = 0
        for q in seats:
            hand = pool[i:i + slots[q]]
            if any(resource_of(c) in lacks[q] for c in hand):
                break
            dealt[q] = hand
            i += slots[q]
        else:
            return dealt, pool[i:]
    return None


def _pick(weights: list[float], rng: Rng) -> int:
    """An index into `weights`, each with a chance in proportion to its weight."""
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


def _dealable(pool: list[int], need: Mapping[int, int], lacks: list[set[str]]) -> bool:
    """Whether `pool` can fill `need[q]` hidden places of each seat q, no seat getting a card of a
    resource it lacks (Hall's condition, checked over every group of seats)."""
    seats = [q for q, k in need.items() if k]
    if sum(need[q] for q in seats) > len(pool):
        return False
    kinds: dict[str | None, int] = {}
    for c in pool:
        r = resource_of(c)
        kinds[r] = kinds.get(r, 0) + 1
    for size in range(1, len(seats) + 1):
        for group in combinations(seats, size):
            barred = set.intersection(*(lacks[q] for q in group))
            usable = sum(k for r, k in kinds.items() if r not in barred)
            if usable < sum(need[q] for q in group):
                return False
    return True


# The option saying which Bomb a bomb boxes: one at random from the hand (every new game), or the
# lowest-numbered (how games begun before the option came were played: see LEGACY_OPTIONS).
BOMB_OPTION, RANDOM_BOMB, LOWEST_BOMB = "bomb_boxed", "random", "lowest"
LEGACY_OPTIONS = {BOMB_OPTION: LOWEST_BOMB}


def default_options() -> dict[str, Any]:
    return {BOMB_OPTION: RANDOM_BOMB}


def new_game(config: GameConfig, seed: int) -> tuple[DiamondState, list[Event]]:
    """Shuffle the game's cards, deal four to each hand and three face up; seat 0 starts (or the
    `first_player` option)."""
    n = config.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction(f"Diamond in the Rough is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    if config.options.get(BOMB_OPTION, RANDOM_BOMB) not in (RANDOM_BOMB, LOWEST_BOMB):
        raise IllegalAction(f"the option {BOMB_OPTION} must be {RANDOM_BOMB!r} or {LOWEST_BOMB!r}, "
                            f"not {config.options[BOMB_OPTION]!r}")
    s = DiamondState(config)
    s.rng = Rng(seed)
    first, _ = first_player(config, s.rng)
    s.deck = list(deck_ids(n))
    s.rng.shuffle(s.deck)
    s._ev = []
    s._emit("deal", "The cards are shuffled", frozenset(), order=list(s.deck))
    for _ in range(HAND_SIZE):
        for p in range(n):
            s.hands[p].append(s.deck.pop())
    for p in range(n):
        s.hands[p].sort()
        s._emit("hand", f"{s.name(p)} is dealt {names(s.hands[p])}", frozenset({p}), player=p,
                cards=list(s.hands[p]))
    for _ in range(ROW_SIZE):
        s.row.append(s.deck.pop())
    s.first = s.turn = first
    s._emit("setup", f"Four cards to each hand; {names(s.row)} face up in the row; "
            f"{s.name(first)} starts", players=n, first=first, row=list(s.row),
            deck=len(s.deck))
    s._begin_turn(first)
    events, s._ev = s._ev, []
    return s, events


def state_from_json(data: Mapping[str, Any]) -> DiamondState:
    return DiamondState.from_json(data)


INFO = GameInfo(
    name="diamond_in_the_rough",
    title="Diamond in the Rough",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new=new_game,
    from_json=state_from_json,
    rules_doc="diamond_in_the_rough.md",
    blurb="Bomb your rivals for resources, invest the Gem, and retire with four of a kind.",
    private_hands=True,
    scored=False,
    default_options=default_options,
    legacy_options=LEGACY_OPTIONS,
)
DiamondState.info = INFO
