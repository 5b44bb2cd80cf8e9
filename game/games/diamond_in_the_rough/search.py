"""Diamond in the Rough: the hard bot's search policy (`POLICY`, read by game/bots/search.py).

A game lasts about six turns with two players, so every playout runs to the end; no evaluation is
needed. What the search needs from the game is a playout that plays it the way players do, and a
tree that does not spend its iterations on moves that are the same:

- Deals (`deal`): the hidden hands are guessed, not dealt blind. A player collects what lies in
  their tableau, so a resource there is likelier in their hidden hand too (by weights fitted to
  normal bots' games; the answers to bombs still rule out what a hand was shown to lack).
- Playouts (`move`, on the full dealt position, played on in place without events): retire the
  moment it is possible; take the Gem whenever it lies face up; collect the resource held most of,
  taking it from the row and bombing for it a player who holds it; holding the Gem, bomb the
  player nearest to retiring for what they collect and otherwise draw from the deck to bring the
  end nearer; not holding it while somebody else does, never draw from the deck (that too brings
  the end nearer) when a face-up card will do; keep Bombs in hand rather than discard them. One
  move in ten is random, so the search does not trust one line of play too much.
- The tree (`tree_actions`) keeps one move for each different effect: two Crates are alike, so
  discarding either (or taking either from the row) is one move; any retire wins at once, so one
  is kept; giving the Gem back to the row by discarding it is never considered.
- The coach's words (`describe`, `reason`) come from the view only: the move as a player says it,
  and why (the Gem and the deck, the chance a bombed player holds the resource, how far a card
  brings you toward retiring). The panel shows the share of play-outs won beside it.

Pure Python; never imports pygame.
"""

from __future__ import annotations

import math
from typing import Hashable, Sequence, cast

from game.bots.search import Choice, Policy
from game.core.contract import Action, GameState, View
from game.core.rng import Rng
from game.core.words import plural, with_article
from game.games.diamond_in_the_rough.cards import resources
from game.games.diamond_in_the_rough.rules import (
    BOMB_IDS,
    BOMB_KIND,
    DECK_KIND,
    GEM_ID,
    HIDDEN,
    INVEST,
    INVEST_DRAW,
    KINDS,
    OVER,
    PASS_KIND,
    RESUPPLY,
    RETIRE,
    REWARD,
    ROW_KIND,
    STEAL,
    DiamondState,
    DiamondView,
    card_name,
    names,
    resource_name,
    resource_of,
)

BOMB = "bomb"
GEM = "gem"
# How much a seat's tableau says about its hidden hand (`DiamondPolicy.deal`): a resource's cards
# weigh e to the power of TABLEAU_LEAN times the number of its cards in the seat's tableau, plus
# TOP_LEAN for the resource (or the tied resources) the tableau holds most of; every other card
# weighs 1. Fitted (most likely) to the hidden hands of four-player games between normal bots.
TABLEAU_LEAN = 1.0
TOP_LEAN = 0.4
_BOMBS = frozenset(BOMB_IDS)


def _row(i: int) -> str:
    return f"{ROW_KIND}:{i}"


def _retire(cards: list[int]) -> Action:
    return Action(RETIRE, tuple(str(c) for c in sorted(cards)))


class DiamondPolicy(Policy):
    """The hard bot's Diamond in the Rough: see the module docstring."""

    iterations = 1000    # simulate and tests: reproducible
    seconds = 0.8        # at the table
    exploration = 0.4
    noise = 0.1          # the share of random playout moves

    # ------------------------------------------------------------------ deals
    def deal(self, view: View, rng: Rng) -> DiamondState:
        """A position dealt from the view that guesses the hidden hands from the tableaus: a
        player collects what lies in front of them, so each card of a resource in a seat's
        tableau multiplies that resource's weight in the seat's hidden hand by e to the power of
        `TABLEAU_LEAN`, and the resource its tableau holds most of (every one, on a tie) by e to
        the power of `TOP_LEAN` besides."""
        seen = cast(DiamondView, view)   # the search is given this game's views
        leans = _leans(seen.state)

        def lean(q: int, card: int) -> float:
            r = resource_of(card)
            return leans[q].get(r, 1.0) if r is not None else 1.0

        return seen.sample_state(rng, lean)

    # ------------------------------------------------------------------ playouts
    def playout(self, state: GameState, rng: Rng) -> GameState:
        """Plays the dealt position to the end in place, keeping no events."""
        s: DiamondState = state  # type: ignore[assignment]
        s._quiet = True
        while s.phase != OVER:
            s._apply(self.move(s, rng))
        return s

    def rollout_action(self, state: GameState, rng: Rng) -> Action:
        return self.move(state, rng)  # type: ignore[arg-type]

    def move(self, s: DiamondState, rng: Rng) -> Action:
        """The playout move of the seat to move on a full position (always legal)."""
        if rng.random() < self.noise:
            return rng.choice(s.legal_actions())
        p = s.turn
        hand, tab, row = s.hands[p], s.tableaus[p], s.row
        holder = GEM_ID in hand or GEM_ID in tab
        if s.phase == REWARD:
            pd = s.pending
            assert pd is not None
            if GEM_ID in row:
                return Action(ROW_KIND, (str(row.index(GEM_ID)),))
            if holder and s.deck:
                return Action(DECK_KIND)
            if row:
                q = pd["target"]
                theirs: dict[str, int] = {}
                for c in s.hands[q] + s.tableaus[q]:
                    k = KINDS[c]
                    theirs[k] = theirs.get(k, 0) + 1
                i = min(range(len(row)), key=lambda k: (theirs.get(KINDS[row[k]], 0), k))
                return Action(STEAL, (_row(i),))
            return Action(STEAL, (DECK_KIND,)) if s.deck else Action(STEAL)
        mine: dict[str, list[int]] = {}
        for c in hand:
            mine.setdefault(KINDS[c], []).append(c)
        for c in tab:
            mine.setdefault(KINDS[c], []).append(c)
        resources = s.resources
        for k, cs in mine.items():
            if k == GEM:
                continue
            if len(cs) >= 4:
                return _retire(cs[:4])
            if holder and len(cs) >= 3 and k != BOMB:
                return _retire(cs[:3] + [GEM_ID])
        target = max(resources, key=lambda k: (len(mine.get(k, ())), -resources.index(k)))
        spare = [c for c in hand if c != GEM_ID]
        junk = None
        if spare:
            junk = min(spare, key=lambda c: (KINDS[c] == target, c in _BOMBS, len(mine[KINDS[c]]), c))
        if junk is not None and GEM_ID in row:
            return Action(RESUPPLY, (str(junk), _row(row.index(GEM_ID))))
        have = len(mine.get(target, ()))
        if junk is not None and (have >= 3 or (holder and have >= 2)) and KINDS[junk] != target:
            for i, c in enumerate(row):
                if KINDS[c] == target:
                    return Action(RESUPPLY, (str(junk), _row(i)))
        bombs = BOMB in mine and any(c in _BOMBS for c in hand)
        foes = [q for q in range(s.n) if q != p and q not in s.protected] if bombs else []
        if holder:
            if foes:
                best = None
                for q in foes:
                    cnt: dict[str, int] = {}
                    for c in s.hands[q]:
                        k = KINDS[c]
                        cnt[k] = cnt.get(k, 0) + 1
                    for c in s.tableaus[q]:
                        k = KINDS[c]
                        cnt[k] = cnt.get(k, 0) + 1
                    k = max(resources, key=lambda r: (cnt.get(r, 0), -resources.index(r)))
                    key = (cnt.get(k, 0), -q)
                    if best is None or key > best[0]:
                        best = (key, q, k)
                assert best is not None
                return Action(BOMB_KIND, (str(best[1]), best[2]))
            if junk is not None and s.deck:
                return Action(RESUPPLY, (str(junk), DECK_KIND))
        else:
            if junk is not None and KINDS[junk] != target:
                for i, c in enumerate(row):
                    if KINDS[c] == target:
                        return Action(RESUPPLY, (str(junk), _row(i)))
            for q in foes:
                if any(KINDS[c] == target for c in s.hands[q]):
                    return Action(BOMB_KIND, (str(q), target))
            # Somebody else holds the Gem: drawing brings the end nearer, so a face-up card is better.
            if junk is not None and s.deck and s.gem_holder() is None:
                return Action(RESUPPLY, (str(junk), DECK_KIND))
        if junk is not None and row and GEM_ID not in row:
            i = max(range(len(row)), key=lambda k: (len(mine.get(KINDS[row[k]], ())), -k))
            return Action(RESUPPLY, (str(junk), _row(i)))
        acts = s.legal_actions()
        for a in acts:
            if a.kind != INVEST and not (a.kind == RESUPPLY and a.args[0] == str(GEM_ID)):
                return a
        return acts[0]

    # ------------------------------------------------------------------ the tree
    def tree_actions(self, state: GameState, legal: list[Action]) -> list[Action]:
        """One action for each different effect: cards of one kind are alike, so discarding
        either of two Crates (or taking either of two face-up Oils) is the same move; any retire
        wins at once, so one is enough; giving the Gem back to the row is never considered."""
        s: DiamondState = state  # type: ignore[assignment]
        row = s.row
        seen: set[Hashable] = set()
        out: list[Action] = []
        key: Hashable   # what makes two actions the same move
        for a in legal:
            kind, args = a.kind, a.args
            if kind == RETIRE:
                return [a]
            if kind == RESUPPLY:
                c = int(args[0])
                if c == GEM_ID:
                    continue
                where = args[1]
                key = (kind, KINDS[c], where if where == DECK_KIND else KINDS[row[int(where[4:])]])
            elif kind == INVEST and len(args) == 2:
                i, j = int(args[0][4:]), int(args[1])
                key = (kind, tuple(sorted((KINDS[row[i]], KINDS[row[j]]))))
            elif kind == ROW_KIND:
                key = (kind, KINDS[row[int(args[0])]])
            elif kind == STEAL and args and args[0] != DECK_KIND:
                key = (kind, KINDS[row[int(args[0][4:])]])
            else:
                key = a
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out or legal


    # ------------------------------------------------------------------ the coach's words
    def describe(self, view: View, action: Action) -> str:
        s: DiamondState = view.state  # type: ignore[attr-defined]
        kind, args = action.kind, action.args
        if kind == RETIRE:
            ids = [int(a) for a in args]
            if GEM_ID in ids:
                three = [c for c in ids if c != GEM_ID]
                return f"Retire with three {_kind_name(KINDS[three[0]], 3)} and the Gem"
            return f"Retire with four {_kind_name(KINDS[ids[0]], 4)}"
        if kind == BOMB_KIND:
            return f"Bomb {s.name(int(args[0]))} for {resource_name(args[1])}"
        if kind == RESUPPLY:
            gone = card_name(int(args[0]))
            if args[1] == DECK_KIND:
                return f"Discard {gone}, draw from the deck"
            return f"Discard {gone}, take {card_name(s.row[int(args[1][4:])])} from the row"
        if kind == INVEST:
            if args == (DECK_KIND,):
                return f"Invest the Gem, draw {plural(min(INVEST_DRAW, len(s.deck)), 'card')}"
            took = [s.row[int(args[0][4:])], s.row[int(args[1])]]
            return f"Invest the Gem, take {names(took)} from the row"
        pd = s.pending
        if pd is not None and kind in (ROW_KIND, DECK_KIND, STEAL):
            theirs = f"{s.name(pd['target'])}'s {card_name(pd['card'])}"
            if kind == ROW_KIND:
                return f"Take {card_name(s.row[int(args[0])])} from the row; {theirs} goes out of the game"
            if kind == DECK_KIND:
                return f"Take the deck's top card; {theirs} goes out of the game"
            if not args:
                return f"Steal {theirs}"
            if args[0] == DECK_KIND:
                return f"Steal {theirs}; they draw from the deck"
            return f"Steal {theirs}; they get {card_name(s.row[int(args[0][4:])])}"
        return "Pass" if len(view.legal_actions()) == 1 else "Pass and keep the Gem"

    def reason(self, view: View, choice: Choice, choices: Sequence[Choice]) -> str:
        s: DiamondState = view.state  # type: ignore[attr-defined]
        p = view.player
        a = choice.action
        if a.kind == RETIRE:
            return "Retiring wins the game at once"
        if a.kind == PASS_KIND:
            if len(view.legal_actions()) > 1:
                return "Keeps the Gem: every other move gives it away"
            return "Nothing else is possible"
        holder = s.gem_holder()
        deck = plural(len(s.deck), "card")
        took = _taken(s, a)
        if GEM_ID in took:
            return f"Takes the Gem: its holder wins when the deck runs out ({deck} left)"
        if a.kind == INVEST:
            return "Gives the Gem back to the row for the cards"
        if a.kind == RESUPPLY and a.args[0] == str(GEM_ID):
            return f"Gives the Gem back to the row, where anyone may take it ({deck} left)"
        if a.kind == RESUPPLY and took and KINDS[int(a.args[0])] == KINDS[took[0]]:
            kind = KINDS[took[0]]
            return f"Swaps one {_kind_name(kind, 1)} for another: no nearer to retiring"
        if a.kind == BOMB_KIND:
            q, res = int(a.args[0]), a.args[1]
            chance = _holds(view, q, res)
            if holder == p and s.deck and chance < 0.5:
                # Holding the Gem, a No is welcome too: its card comes off the deck.
                return (f"You hold the Gem: a No still draws you a card and brings the end nearer "
                        f"({deck} left); {s.name(q)} holds {resource_name(res)} with a chance of "
                        f"about {chance:.0%}")
            return (f"{s.name(q)} holds {resource_name(res)} in hand with a chance of about "
                    f"{chance:.0%}")
        if a.kind == STEAL and took and s.pending is not None:
            # The steals differ in what the robbed player gets back: say it.
            q = s.pending["target"]
            back = s.row[int(a.args[0][4:])] if a.args and a.args[0] != DECK_KIND else None
            if back == GEM_ID:
                given = f"gives {s.name(q)} the Gem"
            elif back is not None:
                kind = KINDS[back]
                have = sum(1 for c in s.owned(q) if c != took[0] and KINDS[c] == kind) + 1
                nth = f"{_nth(have)} " if have > 1 else ""
                given = f"gives {s.name(q)} {with_article(nth + _kind_name(kind, 1))}"
            elif a.args:
                given = f"{s.name(q)} draws an unseen card"
            else:
                given = f"{s.name(q)} gets nothing back"
            return f"{_toward(s, p, KINDS[took[0]])}; {given}"
        if a.kind in (ROW_KIND, STEAL) and took:
            return f"{_toward(s, p, KINDS[took[0]])}"
        if holder == p and (a.kind == DECK_KIND or (a.kind == RESUPPLY and a.args[1] == DECK_KIND)):
            return f"You hold the Gem: every card drawn brings the end nearer ({deck} left)"
        if a.kind == RESUPPLY and took:
            return f"{_toward(s, p, KINDS[took[0]])}"
        if holder is not None and holder != p:
            return (f"{s.name(holder)} holds the Gem and wins when the deck runs out ({deck} left): "
                    f"you must retire first")
        if a.kind == RESUPPLY:
            # A blind draw: what tells one from another is the card given up.
            kind = KINDS[int(a.args[0])]
            have = sum(1 for c in s.owned(p) if KINDS[c] == kind)
            gone = (f"gives up your only {_kind_name(kind, 1)}" if have <= 1 else
                    f"gives up one of your {_count_word(have)} {_kind_name(kind, have)}")
            return f"{gone[:1].upper()}{gone[1:]}; draws an unseen card ({deck} left)"
        return f"The deck holds {deck}"


def _kind_name(kind: str, count: int) -> str:
    """"Crates", "Crate", "Bombs", "Fish" for `count` cards of a kind."""
    if kind == BOMB:
        return "Bomb" if count == 1 else "Bombs"
    r = resources()[kind]
    return r.one if count == 1 else r.name


def _count_word(n: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(n, str(n))


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def _toward(s: DiamondState, p: int, kind: str) -> str:
    """What one more card of `kind` does for seat p: "Your third Crate toward retiring"."""
    have = sum(1 for c in s.owned(p) if KINDS[c] == kind) + 1
    nth = _nth(have)
    gem = GEM_ID in s.owned(p)
    if have >= 4 or (have == 3 and gem and kind != BOMB):
        return f"Your {nth} {_kind_name(kind, 1)}: enough to retire on your next turn"
    return f"Your {nth} {_kind_name(kind, 1)} toward retiring"


def _taken(s: DiamondState, a: Action) -> list[int]:
    """The face-up cards action `a` takes for the player to move (none for a deck draw)."""
    kind, args = a.kind, a.args
    if kind == RESUPPLY and args[1] != DECK_KIND:
        return [s.row[int(args[1][4:])]]
    if kind == INVEST and len(args) == 2:
        return [s.row[int(args[0][4:])], s.row[int(args[1])]]
    if kind == ROW_KIND:
        return [s.row[int(args[0])]]
    if kind == STEAL and s.pending is not None:
        return [s.pending["card"]]
    return []


def _leans(s: DiamondState) -> list[dict[str, float]]:
    """For each seat, the weight of each resource in its tableau (`DiamondPolicy.deal`); a
    resource not listed weighs 1."""
    out: list[dict[str, float]] = []
    for q in range(s.n):
        count: dict[str, int] = {}
        for c in s.tableaus[q]:
            r = resource_of(c)
            if r is not None:
                count[r] = count.get(r, 0) + 1
        top = max(count.values(), default=0)
        out.append({r: math.exp(TABLEAU_LEAN * k + (TOP_LEAN if k == top else 0.0))
                    for r, k in count.items()})
    return out


def _holds(view: View, q: int, res: str) -> float:
    """The chance, from `view` alone, that seat q holds a card of `res` in hand, as the hard bot
    guesses the hands: the share of `HOLD_DEALS` of its deals (`DiamondPolicy.deal`, from a fixed
    generator, so the same view always gets the same words) in which it does."""
    s: DiamondState = view.state  # type: ignore[attr-defined]
    hand = s.hands[q]
    if any(c != HIDDEN and resource_of(c) == res for c in hand):
        return 1.0
    if res in s.lacks[q] or HIDDEN not in hand:
        return 0.0
    key = view.fingerprint()
    shares = _HELD.get(key)
    if shares is None:
        counts: dict[tuple[int, str], int] = {}
        rng = Rng(HOLD_SEED)
        for _ in range(HOLD_DEALS):
            dealt = POLICY.deal(view, rng)
            for p in range(s.n):
                for r in {resource_of(c) for c in dealt.hands[p]}:
                    if r is not None:
                        counts[(p, r)] = counts.get((p, r), 0) + 1
        shares = {k: v / HOLD_DEALS for k, v in counts.items()}
        if len(_HELD) >= 64:
            _HELD.clear()
        _HELD[key] = shares
    return shares.get((q, res), 0.0)


HOLD_DEALS = 200
HOLD_SEED = 41
_HELD: dict[str, dict[tuple[int, str], float]] = {}   # the coach's shares, by view (a few kept)


POLICY = DiamondPolicy()
