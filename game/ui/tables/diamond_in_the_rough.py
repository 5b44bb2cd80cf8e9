"""The Diamond in the Rough table: your hand and tableau at the bottom, the other players across
the top, the deck, the face-up row and the boxed cards in the middle, the log at the side.

The scene never changes rules state on its own and never decides what is legal: the options it
offers come from `match.legal_actions()`, and a refused choice shows the rules' own reason
(`state.why_not`). A human picks an action with a button or its key (B bomb, R resupply, I invest,
T retire, P pass when nothing else is possible or only giving the Gem away is), then its choices
one step at a time: each choice on offer carries a number (on a tile in the middle, or on the card or the player it stands for),
chosen with that key (from 10 up, two digits) or a click; Enter plays the move, Backspace steps back. Clicking a card of
your hand starts a resupply with it; clicking another player starts a bomb at them. After a Yes
the reward chooser offers the bomber's three choices.

Secrets. Every face is drawn from what the seat of `secret_seat()` may know: the model is built
from that seat's view (`state.view(seat)`, unknown cards `HIDDEN`), and every face passes a last
check against the view's `knows` before it is drawn, so a card can never be shown face up to the
wrong player, not even in the middle of an animation (hot-seat: the hand stays face down after a
curtain until it is clicked or V is held). A replay that shows every hand draws the true state.
What the table knows of another player's hand is drawn with it: cards known to be there face up,
and a crossed "no Fish" marker for every resource a bomb's No showed they lack.

The events that come back are queued (`TableScene`'s machinery, in base.py) and a display model
(`Shown`) catches up with them one at a time while cards fly: a bomb flies to its target, its fuse
burns down and it blows up, and the answer is stamped over the bombed player for everyone to see;
the bombed player carries a shield until their next turn. Whenever the queue runs dry the model is
compared with the view and rebuilt from it (`drift` counts any disagreement; tests keep it at 0).

The layout, the display model and the drawing are in diamond_drawing.py (`TableDrawing`, mixed
into the scene); this module is the scene: its secrets, the choices on offer, the beats, the input.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, cast

import pygame

from game.core.contract import Action, Event
from game.core.match import Match
from game.core.words import and_list, plural, sentence
from game.ui import dr_cards as art
from game.ui import theme
from game.ui.tables.base import Beat, Callout, LogPanel, TableScene, callout_image, seat_rgb
from game.ui.tween import ease_in_out_cubic, ease_out_cubic
from game.ui.tables.diamond_drawing import (
    BUTTON_H,
    BUTTON_Y,
    DECK_RECT,
    HIDDEN,
    LOG,
    ME,
    NO_RGB,
    RGB,
    T_ANSWER,
    T_BLAST,
    T_BOMB_FLY,
    T_BOT_PAUSE,
    T_BOT_SHOW,
    T_FLY,
    T_FUSE,
    T_STAMP,
    YES_RGB,
    BombFx,
    Flyer,
    Option,
    Pos,
    Shown,
    Stamp,
    Step,
    TableDrawing,
    _all_ids,
    _plural_kind,
    _rules,
    _take,
    card_words,
    kind_of,
    resource_words,
    rules_resource,
)
from game.ui.widgets import Button

log = logging.getLogger(__name__)

# Draws whose event's previous line already says a card comes from the deck ("Ana invests the Gem
# and draws 2 cards"): the log leaves out their public "draws a card from the deck" line.
SAID_DRAWS = frozenset({"reward", "resupply", "invest", "in return"})
TYPE_WAIT = 0.8   # seconds a first digit waits for a second one (choices 10 and up)
DIGIT_KEYS = {pygame.K_0 + i: i for i in range(10)} | {pygame.K_KP0: 0} | \
    {pygame.K_KP1 + i: i + 1 for i in range(9)}


# ============================================================================ the scene
class DiamondTable(TableDrawing, TableScene):
    """The Diamond in the Rough table for one `Match`: humans click or press keys, bots play.

    Tests and tools: `mode` is the action being assembled (None, "bomb", "resupply", "invest",
    "retire", "reward"), `picks` its choices so far; `steps()` what is on offer, `choose(n)` picks
    option n of the current step (1-based, as its key), `current_action()` the action the choices
    make; `faces_allowed()` the card ids the table may draw face up now.
    """

    bot_pause = T_BOT_PAUSE
    message_seconds = 4.5
    says_replay_keys = True   # (over the buttons' place: REPLAY_KEYS)
    shake_decay = 2.6
    drift_details = True
    logger = log

    def __init__(self, match: Match) -> None:
        if match.game != "diamond_in_the_rough":
            raise ValueError(f"the Diamond in the Rough table cannot show {match.game}")
        super().__init__(match, LogPanel(LOG, top=40, footer=30, title_y=10, hint_bottom=8))
        self.mode: str | None = None
        self.picks: list[str] = []
        self.flyers: list[Flyer] = []
        self.count_pops: dict[int, Callout] = {}   # each seat's latest "+1" / "-1"
        self.hint_places: list[Any] = []   # what the last hint outlined (its headings stay on top)
        self.bomb_fx: BombFx | None = None
        self.stamps: list[Stamp] = []
        self.flash = 0.0
        self.big_words: tuple[str, RGB, float] | None = None   # the game's last words, big
        self._legal: tuple[Any, list[str], set[str]] = (None, [], set())
        self._why: dict[str, str] = {}
        self._allowed: tuple[Any, frozenset[int] | None] = (None, frozenset())
        self._background: tuple[Any, pygame.Surface] | None = None
        # Panels drawn once per change: (key, layer, the faces on it, re-reported when shown).
        self._layers: dict[str, tuple[Any, pygame.Surface, list[int]]] = {}
        self._capture: list[int] | None = None
        self._seat_memo: tuple[Any, int] = (None, 0)
        self._action_buttons: list[tuple[str, Button]] = []
        self._extra_buttons: list[Button] = []
        self._steps_cache: tuple[Any, list[Step]] = (None, [])
        self._typed: tuple[int, float] | None = None   # a first digit waiting for a second
        rules = _rules()
        self.resources: tuple[str, ...] = tuple(rules.game_resources(self.n)) if hasattr(rules, "game_resources") \
            else tuple(self.state.resources)
        if match.fresh:
            deck = len(self.state.deck) + len(self.state.row) + sum(len(h) for h in self.state.hands)
            self.model = Shown.empty(self.n, deck)
        else:
            self.model = self._truth()
            self._resume_history()
            if match.is_over():
                # A table opened on a game already over (the results' final table, a replay's End
                # or its slider): the last words stand as on the move that ended it.
                self.model.over = True
                self.big_words = self._last_words(list(self.state.outcome().winners))

    @property
    def state(self) -> Any:
        return self.match.state

    # ------------------------------------------------------------------ scene lifecycle
    def release_pictures(self) -> None:
        super().release_pictures()
        self._layers.clear()
        self._background = None

    def enter(self) -> None:
        # Every picture drawn once up front, so no frame of play pays for a first drawing.
        art.prewarm(players=self.n)
        self._bg()

    def pause(self) -> None:
        self._typed = None   # a digit typed before the menu opened is no choice made after it
        super().pause()

    def resume(self) -> None:
        self._steps_cache = (None, [])
        super().resume()

    # ------------------------------------------------------------------ what may be shown
    def _shows_all(self) -> bool:
        """Every hand face up: in a replay that shows them, and once the game is over (nothing is
        secret then, and the winner's Gem is the point)."""
        return cast(bool, self.match.reveal_all or self.match.is_over())

    def _truth(self) -> Shown:
        """The model the rules state gives for the viewer."""
        if self._shows_all():
            s = self.state
            return Shown.of(s, self.n, s.no_resource)
        view = self.state.view(self.match.viewer())
        return Shown.of(view.state, self.n, view.no_resource)

    def faces_allowed(self) -> frozenset[int] | None:
        """The ids the table may draw face up now: what `secret_seat()`'s view knows (None: all,
        in a replay that shows every hand, and once the game is over)."""
        if self._shows_all():
            return None
        seat = self.secret_seat()
        key = (self.match.version, seat)
        if self._allowed[0] != key:
            view = self.state.view(seat)
            known = frozenset(c for c in _all_ids(view.state) if view.knows(c))
            self._allowed = (key, known)
        return self._allowed[1]

    def _face_ok(self, cid: int) -> bool:
        if cid < 0:
            return False
        allowed = self.faces_allowed()
        return allowed is None or cid in allowed

    def my_hand_hidden(self) -> bool:
        """Hot-seat: the bottom hand is face down until clicked (or peeked at)."""
        return self.match.hotseat and self.secret_seat() is None

    def _viewer_changed(self) -> None:
        self.model = self._truth()
        self._allowed = (None, frozenset())
        self._steps_cache = (None, [])
        self._cancel_mode()
        # A "+1" still rising stood over a panel that now belongs to another seat: it goes.
        for pop in self.count_pops.values():
            if pop in self.callouts:
                self.callouts.remove(pop)
        self.count_pops.clear()

    # ------------------------------------------------------------------ the rules, asked once per change
    def legal(self) -> set[str]:
        key = self.match.version
        if self._legal[0] != key:
            acts = [str(a) for a in self.match.legal_actions()]
            self._legal = (key, acts, set(acts))
            self._why = {}
        return self._legal[2]

    def legal_list(self) -> list[str]:
        self.legal()
        return self._legal[1]

    def why_not(self, action: str) -> str:
        """The rules' reason `action` is refused now ("" when it is legal)."""
        if action in self.legal():
            return ""
        if action not in self._why:
            reason = self.state.why_not(action) if hasattr(self.state, "why_not") else None
            self._why[action] = reason or "that is not allowed now"
        return self._why[action]

    def _human_turn(self) -> bool:
        """A human decides now and may see their choices (hot-seat: their hand is turned up; the
        choices on offer would tell an onlooker what the hidden hand holds)."""
        return (self.idle and self.match.human_to_move() and not self.match.is_over() and not self.replay
                and self.bot_move is None and not self.my_hand_hidden())

    def phase(self) -> str:
        return str(getattr(self.state, "phase", "play"))

    # ------------------------------------------------------------------ the choices on offer
    def _clause(self, prompt: str) -> str:
        """A step's prompt ("Bomb Cornish Kate for which resource?") after a colon: its first
        letter small unless it begins with a player's name, names as they are, and a full stop
        unless it ends in one already."""
        named = any(prompt.startswith(seat.name) for seat in self.match.seats)
        text = prompt if named else prompt[:1].lower() + prompt[1:]
        return text if text.endswith((".", "?", "!")) else text + "."

    def steps(self) -> list[Step]:
        """The steps of the action being assembled, as far as the choices so far lead."""
        key = (self.match.version, self.mode, tuple(self.picks), self.secret_seat())
        if self._steps_cache[0] == key:
            return self._steps_cache[1]
        out = self._build_steps()
        self._steps_cache = (key, out)
        return out

    def step(self) -> Step | None:
        """The step waiting for a choice now (None when the action is complete or none is on)."""
        steps = self.steps()
        done = self._picked_steps()
        return steps[done] if done < len(steps) else None

    def _picked_steps(self) -> int:
        """How many steps the picks so far complete (a two-card step takes two picks)."""
        steps = self.steps()
        i = n = 0
        while i < len(steps) and n + steps[i].count <= len(self.picks):
            n += steps[i].count
            i += 1
        return i

    def _step_picks(self) -> list[str]:
        """The picks made so far in the current (unfinished) step."""
        steps = self.steps()
        n = sum(s.count for s in steps[:self._picked_steps()])
        return self.picks[n:]

    def _build_steps(self) -> list[Step]:
        mode, picks = self.mode, self.picks
        p = self.match.to_move()
        if mode is None or p is None:
            return []
        s = self.state
        legal = self.legal()
        if mode == "bomb":
            res0 = self.resources[0]
            seats = [q for q in range(self.n) if q != p]
            opts = []
            for q in seats:
                ok = any(a.startswith(f"bomb:{q},") for a in legal)
                opts.append(Option(str(q), self.match.seats[q].name, "seat", q,
                                   "" if ok else self.why_not(f"bomb:{q},{res0}")))
            steps = [Step("Bomb whom? Choose an opponent", opts)]
            if picks:
                q = int(picks[0])
                lacks = self.model.lacks[q]
                ropts = []
                for r in self.resources:
                    action = f"bomb:{q},{r}"
                    detail = "known: none in hand" if r in lacks else ""
                    ropts.append(Option(r, resource_words(r), "tile", r, self.why_not(action), r, detail))
                steps.append(Step(f"Bomb {self.match.seats[q].name} for which resource?", ropts))
            return steps
        if mode == "resupply":
            hand = self._my_hand_cards()
            opts = []
            for cid in hand:
                ok = any(a.startswith(f"resupply:{cid},") for a in legal)
                why = "" if ok else self.why_not(f"resupply:{cid},deck")
                opts.append(Option(str(cid), card_words(cid), "hand", cid, why))
            steps = [Step("Resupply: which card of your hand do you discard?", opts)]
            if picks:
                cid = int(picks[0])
                topts = [Option("deck", "Draw the deck's top to your hand", "deck", None,
                                self.why_not(f"resupply:{cid},deck"), None,
                                plural(self.model.deck, "card") + " left")]
                for i, rc in enumerate(self.model.row):
                    topts.append(Option(f"row:{i}", card_words(rc), "row", i,
                                        self.why_not(f"resupply:{cid},row:{i}")))
                places = [what for what, there in (("the deck's top", self.model.deck),
                                                    ("a face-up card to your tableau", self.model.row)) if there]
                take = ', or '.join(places) or "nothing: the deck and the row are empty"
                steps.append(Step(f"Discard {card_words(cid)}, then take: {take}", topts))
            return steps
        if mode == "invest":
            opts = [Option("deck", "Draw three from the deck", "tile", None, self.why_not("invest:deck"), "gem",
                           "to your hand"),
                    Option("row", "Take two face-up cards", "tile", None,
                           "" if any(a.startswith("invest:row:") for a in legal)
                           else self.why_not("invest:row:0,1"), "gem", "to your tableau")]
            steps = [Step("Invest the Gem: it goes face up to the row. Then?", opts)]
            if picks and picks[0] == "row":
                chosen = [int(k.split(":")[1]) for k in picks[1:]]
                ropts = []
                for i, rc in enumerate(self.model.row):
                    ok = any(self._invest_pair(a, i, chosen) for a in legal)
                    why = "" if ok else self.why_not("invest:row:0,1") if len(self.model.row) < 2 \
                        else "choose two different face-up cards"
                    ropts.append(Option(f"row:{i}", card_words(rc), "row", i, why))
                steps.append(Step("Choose two face-up cards for your tableau", ropts, count=2))
            return steps
        if mode == "retire":
            opts = []
            for a in self.legal_list():
                if a.startswith("retire:"):
                    ids = [int(x) for x in a.split(":", 1)[1].split(",")]
                    kinds = [kind_of(c) for c in ids]
                    main = max(set(kinds), key=kinds.count)
                    what = ("Four " + _plural_kind(main)) if "gem" not in kinds or main == "gem" \
                        else f"Three {_plural_kind(main)} and the Gem"
                    opts.append(Option(a.split(":", 1)[1], what, "tile", tuple(ids), "", main,
                                       " ".join(f"#{c}" for c in ids)))
            return [Step("Retire: which cards? You win at once", opts)]
        if mode == "reward":
            pend = getattr(s, "pending", None) or {}
            target = pend.get("target")
            res = pend.get("resource", "")
            named = pend.get("card")
            qn = self.match.seats[target].name if isinstance(target, int) else "They"
            what = resource_words(res) if res else "the card"
            one = card_words(named).split(" #")[0] if isinstance(named, int) else "card"
            take_ok = any(a.startswith("row:") for a in legal)
            steal_ok = any(a == "steal" or a.startswith("steal") for a in legal)
            opts = [Option("row", "Take a face-up card", "tile", None,
                           "" if take_ok else self.why_not("row:0"), "row",
                           f"to your tableau; they lose the {one}"),
                    Option("deck", "Draw the deck's top", "tile", None, self.why_not("deck"), "deck",
                           f"to your hand; they lose the {one}"),
                    Option("steal", f"Steal the {one}", "tile", named, "" if steal_ok else self.why_not("steal:deck"),
                           res or None, "to your tableau; they get nothing back" if "steal" in legal
                           else "to your tableau; they get a card back")]
            steps = [Step(f"{qn} had {what}! Choose your reward", opts)]
            if picks and picks[0] == "row":
                ropts = [Option(str(i), card_words(rc), "row", i, self.why_not(f"row:{i}"))
                         for i, rc in enumerate(self.model.row)]
                steps.append(Step("Which face-up card goes to your tableau?", ropts))
            elif picks and picks[0] == "steal" and "steal" not in legal:
                gopts = [Option("deck", f"Give {qn} the deck's top", "deck", None, self.why_not("steal:deck"),
                                None, plural(self.model.deck, "card") + " left")]
                for i, rc in enumerate(self.model.row):
                    gopts.append(Option(f"row:{i}", card_words(rc), "row", i, self.why_not(f"steal:row:{i}")))
                steps.append(Step(f"What does {qn} get back: the deck's top or a face-up card?", gopts))
            return steps
        return []

    @staticmethod
    def _invest_pair(action: str, i: int, chosen: list[int]) -> bool:
        if not action.startswith("invest:row:"):
            return False
        a, b = (int(x) for x in action.split(":", 2)[2].split(","))
        pair = {a, b}
        return i in pair and i not in chosen and all(c in pair for c in chosen)

    def _my_hand_cards(self) -> list[int]:
        """The cards of the hand at the bottom that the player may point at (known ones)."""
        me = self.bottom_seat()
        return [c for c in self.display_hand(me) if c >= 0]

    def current_action(self) -> str | None:
        """The action the choices make (as the rules spell it), None while incomplete."""
        if self.mode is None or self.step() is not None:
            return None
        picks = self.picks
        if self.mode == "bomb":
            return f"bomb:{picks[0]},{picks[1]}"
        if self.mode == "resupply":
            return f"resupply:{picks[0]},{picks[1]}"
        if self.mode == "invest":
            if picks[0] == "deck":
                return "invest:deck"
            i, j = sorted(int(k.split(":")[1]) for k in picks[1:3])
            return f"invest:row:{i},{j}"
        if self.mode == "retire":
            return f"retire:{picks[0]}"
        if self.mode == "reward":
            if picks[0] == "row":
                return f"row:{picks[1]}"
            if picks[0] == "deck":
                return "deck"
            if "steal" in self.legal() and len(picks) == 1:
                return "steal"
            return f"steal:{picks[1]}"
        return None

    def describe_action(self, action: str) -> str:
        """The action in a player's words (for the confirm button)."""
        kind, _, rest = action.partition(":")
        args = rest.split(",") if rest else []
        seats = self.match.seats
        if kind == "bomb":
            return f"Bomb {seats[int(args[0])].name} for {resource_words(args[1])}"
        if kind == "resupply":
            where = "draw from the deck" if args[1] == "deck" else f"take {card_words(self.model.row[int(args[1][4:])])}"
            return f"Discard {card_words(int(args[0]))}, {where}"
        if kind == "invest":
            if args == ["deck"]:
                return "Invest: draw three"
            i, j = int(args[0][4:]), int(args[1])
            return f"Invest: take #{self.model.row[i]} and #{self.model.row[j]}"
        if kind == "retire":
            return "Retire and win"
        if kind == "row":
            return f"Take {card_words(self.model.row[int(args[0])])}"
        if kind == "deck":
            return "Draw the deck's top"
        if kind == "steal":
            if not args:
                return "Steal it"
            if args[0] == "deck":
                return "Steal; they get the deck's top"
            return f"Steal; they get #{self.model.row[int(args[0][4:])]}"
        return action

    # ------------------------------------------------------------------ the human's choices
    def start(self, mode: str) -> bool:
        """Begin assembling a `mode` action; refused (with the rules' reason) when none is legal."""
        if not self._human_turn():
            return False
        if self.phase() == "reward":
            if mode != "reward":
                self._say("First choose your reward for the bomb: " + self._clause(self.steps()[0].prompt))
            return False
        reason = self.mode_reason(mode)
        if reason:
            self._say(sentence(reason))
            return False
        if self.mode != mode:
            self.mode, self.picks = mode, []
            self.message_time = 0.0
            self._click()
            if mode == "bomb" and self._lone_rival() is not None:
                self.picks = [str(self._lone_rival())]   # (two players: "whom?" has one answer)
        self._buttons_key = None
        return True

    def _lone_rival(self) -> int | None:
        """The only other player, in a two-player game."""
        p = self.match.to_move()
        others = [q for q in range(self.n) if q != p]
        return others[0] if len(others) == 1 else None

    def mode_reason(self, mode: str) -> str:
        """Why no `mode` action may be played now, in the rules' words ("" when one may)."""
        legal = self.legal_list()
        prefix = {"bomb": "bomb:", "resupply": "resupply:", "invest": "invest:", "retire": "retire:",
                  "pass": "pass"}[mode]
        if any(a.startswith(prefix) for a in legal):
            return ""
        p = self.match.to_move()
        if mode == "bomb":
            q = next((q for q in range(self.n) if q != p), 0)
            return self.why_not(f"bomb:{q},{self.resources[0]}")
        if mode == "resupply":
            hand = self._my_hand_cards()
            if not hand:
                return "you have no card in your hand to discard"
            return self.why_not(f"resupply:{hand[0]},deck")
        if mode == "invest":
            return self.why_not("invest:deck")
        if mode == "retire":
            return self.why_not("retire")
        return self.why_not("pass")

    def choose(self, number: int) -> bool:
        """Pick option `number` (1-based) of the step on offer; a refused one says why."""
        step = self.step()
        if step is None or not self._human_turn():
            return False
        if not 1 <= number <= len(step.options):
            self._say(f"There is no choice {number} now: {self._clause(step.prompt)}")
            return False
        return self.pick(step.options[number - 1])

    def pick(self, option: Option) -> bool:
        self._typed = None   # a click, or a choice made: no digit waits any longer
        step = self.step()
        if step is None:
            return False
        if option.reason:
            self._say(sentence(option.reason))
            return False
        current = self._step_picks()
        if step.count > 1 and option.key in current:   # a second click takes a card back
            self.picks.remove(option.key)
            self._click()
            return True
        self.picks.append(option.key)
        self.message_time = 0.0
        self._click()
        self._buttons_key = None
        return True

    def back(self) -> None:
        """One choice back; out of the action when none is left (the reward cannot be left)."""
        if self.mode == "bomb" and self.picks == [str(self._lone_rival())]:
            self._cancel_mode()   # (the rival was never asked for: out of the bomb at once)
        elif self.picks:
            self.picks.pop()
        elif self.mode != "reward":
            self.mode = None
        self._buttons_key = None

    def _cancel_mode(self) -> None:
        self.mode, self.picks = None, []
        self._buttons_key = None

    def confirm(self) -> bool:
        """Play the action the choices make, if it is complete and legal; else say why not."""
        if not self._human_turn():
            return False
        if self.mode is None:
            if "pass" in self.legal():
                return self.pass_turn()
            self._say("Choose an action first: Bomb (B), Resupply (R), Invest (I) or Retire (T).")
            return False
        action = self.current_action()
        if action is None:
            step = self.step()
            self._say(f"Not yet: {self._clause(step.prompt)}" if step else "Not yet.")
            return False
        why = self.why_not(action)
        if why:
            self._say(sentence(why))
            return False
        self._click()
        return self._apply(Action.parse(action))

    def pass_turn(self) -> bool:
        if not self._human_turn():
            return False
        why = self.why_not("pass")
        if why:
            self._say(sentence(why))
            return False
        return self._apply(Action("pass"))

    def _click(self) -> None:
        if self.app is not None:
            self.app.play("click")

    def _after_apply(self) -> None:
        self.mode, self.picks = None, []

    def _prepare_human_turn(self) -> None:
        if self.phase() == "reward" and self.mode != "reward":
            self.mode, self.picks = "reward", []
        self._ensure_buttons()

    # ------------------------------------------------------------------ buttons
    def _ensure_buttons(self) -> None:
        key = (self.match.version, self.mode, tuple(self.picks))
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self._action_buttons = []
        self._extra_buttons = []
        if self.phase() != "reward":
            specs = [("bomb", "Bomb", pygame.K_b), ("resupply", "Resupply", pygame.K_r),
                     ("invest", "Invest", pygame.K_i), ("retire", "Retire", pygame.K_t)]
            legal = self.legal()
            if legal == {"pass"}:
                specs = [("pass", "Pass", pygame.K_p)]
            elif "pass" in legal:   # the Gem's holder may keep it rather than give it away
                specs.append(("pass", "Pass", pygame.K_p))
            x = ME.x + 12
            for mode, label, k in specs:
                reason = self.mode_reason(mode)
                # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
                b = Button((x, BUTTON_Y, 124, BUTTON_H), label,
                           (lambda m=mode: self.pass_turn() if m == "pass" else self.start(m)), k,  # type: ignore[misc]
                           enabled=not reason, reason=sentence(reason) if reason else "",
                           primary=self.mode == mode, size=18)
                self._action_buttons.append((mode, b))
                x += 132
        if self.mode is not None:
            action = self.current_action()
            label = self.describe_action(action) if action else "Choose…"
            x1 = ME.right - 12
            step = self.step()
            go = Button((x1 - 300, BUTTON_Y, 300, BUTTON_H), label, lambda: None if self.confirm() else None,
                        pygame.K_RETURN, enabled=action is not None and not self.why_not(action),
                        reason=("Not yet: " + self._clause(step.prompt)) if step else "",
                        primary=True, size=theme.fit_size(label, 270, 17, 12, True))
            self._extra_buttons.append(go)
            if self.picks or self.mode != "reward":
                self._extra_buttons.append(Button((x1 - 300 - 128, BUTTON_Y, 120, BUTTON_H), "Back  ⌫",
                                                  self.back, None, size=17))

    def confirm_button(self) -> Button | None:
        """The button that plays the move being assembled (None when no action is on)."""
        return self._extra_buttons[0] if self._extra_buttons else None

    @property
    def buttons_all(self) -> list[Button]:
        return [b for _, b in self._action_buttons] + self._extra_buttons

    def _hint_spots(self, action: Action) -> list[pygame.Rect]:
        """The coach's best choice: its button, and the places it names: the bombed player, the
        hand cards given up, the face-up cards or the deck taken."""
        spots = [b.rect for mode, b in self._action_buttons if mode == action.kind]
        if self.phase() == "reward":
            # The reward's kind is a tile of its own (take, draw, steal): it comes first, so the
            # badge marks it and not the card a steal gives back.
            spots += [r for o, r in self.option_rects() if o.where == "tile" and o.key == action.kind]
        me = self.bottom_seat()
        hand = list(zip(self.display_hand(me), self.hand_rects(me)))
        row = self.row_rects()

        def row_card(text: str) -> None:
            if text.isdigit() and int(text) < len(row):
                spots.append(row[int(text)])

        for i, arg in enumerate(action.args):
            if arg == "deck":
                spots.append(DECK_RECT)
            elif arg.startswith("row:"):
                row_card(arg[4:])
            elif not arg.isdigit():
                continue
            elif action.kind == "bomb" and i == 0 and int(arg) < self.n:
                spots.append(self.seat_rect(int(arg)))
            elif action.kind in ("resupply", "retire"):
                spots += [r for c, r in hand if c == int(arg)][:1]
            elif action.kind in ("invest", "row"):
                row_card(arg)
        if action.kind == "deck":
            spots.append(DECK_RECT)
        if action.kind == "bomb" and len(action.args) == 2 and list(self.picks[:1]) == [action.args[0]]:
            # The player has chosen the seat the coach would bomb: now the resource to name.
            spots += [r for o, r in self.option_rects() if o.where == "tile" and o.key == action.args[1]]
        # (Outlined next, then `_draw_over_hint` writes the headings the glow reaches again.)
        self.hint_places = list(spots)
        return spots

    def button_for(self, label: str) -> Button | None:
        return next((b for b in self.buttons_all if b.label.startswith(label)), None)

    # ------------------------------------------------------------------ the table's part of the machinery
    def _moving(self) -> bool:
        return bool(self.flyers) or self.bot_move is not None

    def _settle(self) -> None:
        self.flyers.clear()
        self.bomb_fx = None

    def _events_arrived(self) -> None:
        self._action_buttons, self._extra_buttons = [], []

    def _sync(self) -> None:
        self._adopt_truth(self._truth())
        self.bomb_fx = None

    def _animate(self, dt: float) -> None:
        self._typed_alone()
        self.flash = max(0.0, self.flash - dt * 3.5)
        for st in self.stamps:
            st.age += dt
        self.stamps = [st for st in self.stamps if st.age < st.life]
        if self.big_words is not None:
            text, colour, left = self.big_words
            self.big_words = (text, colour, left - dt) if left > dt or self.match.is_over() else None

    # ------------------------------------------------------------------ animation helpers
    def _fly(self, beat: Beat, cid: int, a: tuple[Pos, tuple[int, int]], b: tuple[Pos, tuple[int, int]],
             on_land: Callable[[], None], delay: float = 0.0, duration: float = T_FLY) -> None:
        """A card flies from place a to place b along an arc, then `on_land` puts it in the model."""
        if self.speed() <= 0:
            on_land()
            return
        fl = Flyer(cid, a[0], b[0], a[1], b[1])
        self.flyers.append(fl)

        def upd(t: float) -> None:
            fl.t = t
            fl.visible = True

        def done() -> None:
            if fl in self.flyers:
                self.flyers.remove(fl)
            on_land()

        self._tween(beat, duration, upd, done, delay)

    def _count_callout(self, p: int, text: str, colour: RGB) -> None:
        s = self.speed()
        if s <= 0:
            return
        # A hand that gives a card and takes one at once ("-1", then "+1") shows them one after
        # the other: the second replaces the first, which ends as it appears.
        delay = 0.0
        before = self.count_pops.get(p)
        if before is not None and before in self.callouts:
            delay = max(0.0, before.delay + 0.45 * s - before.age)
            before.duration = max(0.05, before.age + delay - before.delay)
        pop = Callout(callout_image(text, 18, colour), self.count_pos(p), max(0.5, 1.2 * s), rise=10.0,
                      delay=delay)
        self.count_pops[p] = pop
        self.callouts.append(pop)

    def _from_hand(self, p: int, cid: int | None) -> tuple[Pos, tuple[int, int]]:
        return self.zone_pos("hand", p, self._hand_index(p, cid))

    def _sees_private(self, p: int) -> bool:
        """Whether the viewer saw p's private events (p's own draws)."""
        return cast(bool, self.match.reveal_all or self.match.viewer() == p)

    # ------------------------------------------------------------------ events
    def _on_deal(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.05)

    def _on_hand(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.05)

    def _on_setup(self, ev: Event, beat: Beat) -> None:
        """The deal: four cards to each hand, three face up to the row."""
        truth = self._truth()
        row = [int(c) for c in ev.data.get("row", truth.row)]
        n = self.n
        order = []
        for r in range(4):
            for p in range(n):
                order.append(p)
        hands_now = [self._deal_order(p, truth) for p in range(n)]
        dealt = [0] * n
        self._play("draw")
        for k, p in enumerate(order):
            cid = hands_now[p][dealt[p]] if dealt[p] < len(hands_now[p]) else HIDDEN
            dealt[p] += 1
            self.model.deck -= 1

            def land(p: int = p, cid: int = cid) -> None:
                self.model.hands[p].append(cid)

            self._fly(beat, cid, self.zone_pos("deck"), self.zone_pos("hand", p, dealt[p] - 1, count=4), land,
                      delay=k * 0.06, duration=0.32)
        for i, cid in enumerate(row):
            self.model.deck -= 1

            def put(cid: int = cid) -> None:
                self.model.row.append(cid)

            self._fly(beat, cid, self.zone_pos("deck"), self.zone_pos("row", None, i, count=len(row)), put,
                      delay=len(order) * 0.06 + i * 0.1, duration=0.36)
        self._hold(beat, 0.3)

    def _deal_order(self, p: int, truth: Shown) -> list[int]:
        """The cards p was dealt as the viewer knows them (the model's hand after the deal)."""
        cards = truth.hands[p]
        if len(cards) == 4:
            return list(cards)
        return [HIDDEN] * 4

    def _on_turn(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.12)

    def _on_unprotected(self, ev: Event, beat: Beat) -> None:
        p = ev.data.get("player")
        if isinstance(p, int):
            self.model.protected.discard(p)
        self._hold(beat, 0.2)

    def _on_bomb(self, ev: Event, beat: Beat) -> None:
        p, q = int(ev.data["bomber"]), int(ev.data["target"])
        bomb = ev.data.get("card")
        cid = int(bomb) if isinstance(bomb, int) else None
        a = self._from_hand(p, cid)[0]
        b = self.stamp_centre(q)
        _take(self.model.hands[p], cid)
        self._count_callout(p, "-1", NO_RGB)
        fx = BombFx(p, q, a, b)
        self.bomb_fx = fx
        self._play("click")

        def fly(t: float) -> None:
            fx.fly = t

        def fuse(t: float) -> None:
            fx.fuse = t

        def lit() -> None:
            self._play("blast")
            self.shake = 1.0
            self.flash = 1.0
            self.model.protected.add(q)

        def blast(t: float) -> None:
            fx.blast = max(0.02, t)

        def done() -> None:
            fx.done = True
            if cid is not None:
                self.model.boxed.append(cid)
            else:
                self.model.boxed.append(HIDDEN)
            if self.bomb_fx is fx:
                self.bomb_fx = None

        if self.speed() <= 0:
            self.model.protected.add(q)
            done()
            return
        self._tween(beat, T_BOMB_FLY, fly, ease=ease_in_out_cubic)
        self._tween(beat, T_FUSE, fuse, lit, delay=T_BOMB_FLY, ease=lambda t: t)
        self._tween(beat, T_BLAST, blast, done, delay=T_BOMB_FLY + T_FUSE, ease=ease_out_cubic)

    def _on_answer(self, ev: Event, beat: Beat) -> None:
        q = int(ev.data["target"])
        yes = str(ev.data.get("answer")) == "yes"
        res = str(ev.data.get("resource", ""))
        named = ev.data.get("card")
        named_id = int(named) if isinstance(named, int) else None
        if yes and named_id is not None and named_id not in self.model.hands[q]:
            # The named card is known to everyone from now on: it turns face up in their hand.
            if HIDDEN in self.model.hands[q]:
                self.model.hands[q].remove(HIDDEN)
            self.model.hands[q].append(named_id)
        if not yes:
            self.model.lacks[q] = frozenset(self.model.lacks[q] | {res})
        self.stamps = [s for s in self.stamps if s.target != q]
        self.stamps.append(Stamp(q, yes, res, named_id, life=max(0.6, T_STAMP * max(0.4, self.speed()))))
        self._play("click")
        self._hold(beat, T_ANSWER)

    def _on_draw(self, ev: Event, beat: Beat) -> None:
        """A private draw: the drawer (the viewer) sees which card; the public twin follows."""
        p = int(ev.data["player"])
        cid = int(ev.data["card"])
        self.model.deck = max(0, self.model.deck - 1)
        self._play("draw")
        self._count_callout(p, "+1", YES_RGB)
        self._fly(beat, cid, self.zone_pos("deck"), self.zone_pos("hand", p),
                  lambda: self.model.hands[p].append(cid))

    def _on_drew(self, ev: Event, beat: Beat) -> None:
        """A card from the deck to p's hand, as everybody saw it (the drawer saw it already)."""
        p = int(ev.data["player"])
        # A card the others did not see: what they knew p lacks no longer holds.
        self.model.lacks[p] = frozenset()
        if self._sees_private(p):
            self._hold(beat, 0.05)
            return
        self.model.deck = max(0, self.model.deck - 1)
        self._play("draw")
        self._count_callout(p, "+1", YES_RGB)
        self._fly(beat, HIDDEN, self.zone_pos("deck"), self.zone_pos("hand", p),
                  lambda: self.model.hands[p].append(HIDDEN))

    def _on_reward(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cid = ev.data.get("card")
        if ev.data.get("source") == "row" and isinstance(cid, int):
            i = self.model.row.index(cid) if cid in self.model.row else None
            a = self.zone_pos("row", None, i)
            if i is not None:
                self.model.row.pop(i)
            self._fly(beat, cid, a, self.zone_pos("tableau", p), lambda: self.model.tableaus[p].append(cid))
        else:
            self._hold(beat, 0.25)

    def _on_box(self, ev: Event, beat: Beat) -> None:
        q = int(ev.data["player"])
        cid = int(ev.data["card"])
        a = self._from_hand(q, cid)
        _take(self.model.hands[q], cid)
        self._count_callout(q, "-1", NO_RGB)
        self._fly(beat, cid, a, self.zone_pos("boxed"), lambda: self.model.boxed.append(cid))

    def _on_steal(self, ev: Event, beat: Beat) -> None:
        p, q = int(ev.data["player"]), int(ev.data["target"])
        cid = int(ev.data["card"])
        a = self._from_hand(q, cid)
        _take(self.model.hands[q], cid)
        self._count_callout(q, "-1", NO_RGB)
        self._play("steal")
        self._fly(beat, cid, a, self.zone_pos("tableau", p), lambda: self.model.tableaus[p].append(cid),
                  duration=T_FLY * 1.3)

    def _on_replace(self, ev: Event, beat: Beat) -> None:
        q = int(ev.data["player"])
        cid = ev.data.get("card")
        if ev.data.get("source") == "row" and isinstance(cid, int):
            i = self.model.row.index(cid) if cid in self.model.row else None
            a = self.zone_pos("row", None, i)
            if i is not None:
                self.model.row.pop(i)
            self._count_callout(q, "+1", YES_RGB)
            self._fly(beat, cid, a, self.zone_pos("hand", q), lambda: self._to_hand(q, cid))
        else:
            self._hold(beat, 0.25)

    def _to_hand(self, q: int, cid: int) -> None:
        """A card everybody saw joins q's hand: whatever they knew q lacks of its kind is void."""
        self.model.hands[q].append(cid)
        res = rules_resource(cid)
        if res in self.model.lacks[q]:
            self.model.lacks[q] = frozenset(self.model.lacks[q] - {res})

    def _on_resupply(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cid = int(ev.data["card"])
        took = ev.data.get("took")
        a = self._from_hand(p, cid)
        _take(self.model.hands[p], cid)
        self._count_callout(p, "-1", NO_RGB)
        if isinstance(took, int) and took in self.model.row:
            i = self.model.row.index(took)
            b = self.zone_pos("row", None, i)
            self.model.row.pop(i)
            self._fly(beat, took, b, self.zone_pos("tableau", p), lambda: self.model.tableaus[p].append(took),
                      delay=0.12)
        self._fly(beat, cid, a, self.zone_pos("row"), lambda: self.model.row.append(cid))

    def _on_invest(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        gem = int(_rules().GEM_ID)
        if gem in self.model.tableaus[p]:
            i = self.model.tableaus[p].index(gem)
            a = self.zone_pos("tableau", p, i)
            self.model.tableaus[p].pop(i)
        else:
            a = self._from_hand(p, gem)
            _take(self.model.hands[p], gem)
            self._count_callout(p, "-1", NO_RGB)
        took = [int(c) for c in ev.data.get("took") or []]
        for k, c in enumerate(took):
            if c in self.model.row:
                i = self.model.row.index(c)
                b = self.zone_pos("row", None, i)
                self.model.row.pop(i)
                # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
                self._fly(beat, c, b, self.zone_pos("tableau", p, len(self.model.tableaus[p]) + k,
                                                    count=len(self.model.tableaus[p]) + len(took)),
                          lambda c=c: self.model.tableaus[p].append(c), delay=0.1 * (k + 1))  # type: ignore[misc]
        self._fly(beat, gem, a, self.zone_pos("row", None, len(self.model.row), count=len(self.model.row) + 1),
                  lambda: self.model.row.append(gem))
        self._play("click")

    def _on_retire(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        ids = [int(c) for c in ev.data.get("cards") or []]
        self._play("coin")   # (the end's own sound follows: the fanfare, or not, is the end's)
        for k, c in enumerate(ids):
            if c in self.model.tableaus[p]:
                i = self.model.tableaus[p].index(c)
                a = self.zone_pos("tableau", p, i)
                self.model.tableaus[p].pop(i)
            else:
                a = self._from_hand(p, c)
                _take(self.model.hands[p], c)
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            self._fly(beat, c, a, self.zone_pos("boxed", None, len(self.model.boxed) + k,
                                                count=len(self.model.boxed) + len(ids)),
                      lambda c=c: self.model.boxed.append(c), delay=0.12 * k, duration=0.6)  # type: ignore[misc]
        self._hold(beat, 0.6)

    def _on_last(self, ev: Event, beat: Beat) -> None:
        self.big_words = ("Last turns!", theme.GOLD, 1.6 * max(0.4, self.speed()))
        self._hold(beat, 0.9)

    def _on_pass(self, ev: Event, beat: Beat) -> None:
        gem = ev.data.get("card")
        p = int(ev.data.get("player", 0))
        if isinstance(gem, int) and gem not in self.model.hands[p]:
            # "Keeps the Gem and passes": everyone now knows the Gem is in that hand.
            _take(self.model.hands[p], HIDDEN)
            self.model.hands[p].append(gem)
        self._hold(beat, 0.5)

    def _on_no_draw(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.4)

    def _on_stall(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.8)

    def _on_end(self, ev: Event, beat: Beat) -> None:
        # Nothing is secret now: every hand turns face up (the winner's Gem among them).
        self.model.adopt(self._truth())
        self.model.over = True
        winners = [int(w) for w in ev.data.get("winners", [])]
        self.big_words = self._last_words(winners)
        if winners:
            self._play_end(winners)
        else:
            self._play("blast")
        self._hold(beat, 1.0)

    def _last_words(self, winners: list[int]) -> tuple[str, RGB, float]:
        """The big words over a finished game: who won, or that everybody lost."""
        if len(winners) > 1:   # (four of a kind held by two when the game ended)
            names = and_list([self.match.seats[w].name for w in winners])
            return (f"{names} share the win!", theme.GOLD, 99.0)
        if winners:
            return (f"{self.match.seats[winners[0]].name} wins!", seat_rgb(winners[0]), 99.0)
        return ("Everybody loses", NO_RGB, 99.0)

    # ------------------------------------------------------------------ bots
    def _play_bot(self, action: Action) -> None:
        if self.speed() <= 0 or action.kind == "pass":
            self._apply(action)
            return
        self.show_bot_move(action, self._bot_highlights(action), T_BOT_SHOW)

    def _bot_highlights(self, action: Action) -> list[pygame.Rect]:
        """The places a bot's move is about, outlined while it is on show."""
        out: list[pygame.Rect] = []
        kind, args = action.kind, action.args
        row = self.row_rects()

        def row_at(text: str) -> None:
            if text.startswith("row:"):
                i = int(text[4:])
                if 0 <= i < len(row):
                    out.append(row[i])
            elif text == "deck":
                out.append(DECK_RECT)

        if kind == "bomb":
            out.append(self.seat_rect(int(args[0])))
        elif kind == "resupply":
            row_at(args[1])
        elif kind == "invest":
            if args[0] == "deck":
                out.append(DECK_RECT)
            else:
                row_at(args[0])
                row_at(f"row:{args[1]}")
        elif kind == "row":
            row_at(f"row:{args[0]}")
        elif kind == "deck":
            out.append(DECK_RECT)
        elif kind == "steal":
            pend = getattr(self.state, "pending", None) or {}
            if isinstance(pend.get("target"), int):
                out.append(self.seat_rect(pend["target"]))
            if args:
                row_at(args[0])
        return out

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._undo_click(event) or self._hint_click(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for b in self.buttons_all:
                b.handle_event(event)
            return False
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            if event.type == pygame.KEYUP:
                return self.privacy_event(event)
            if self._table_key(event):
                return True
            if not self._human_turn() and not (self.my_hand_hidden() and self.idle and self.match.human_to_move()):
                return False
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel_log(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.privacy_event(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if self._typed is not None and k not in DIGIT_KEYS:
            self._typed_alone(now=True)   # another key: the digit typed is a choice of its own
        if self.my_hand_hidden():
            self._say("Turn your hand up first: click it or press U, or hold V to peek.")
            return True
        digits = DIGIT_KEYS
        if k in digits:
            step = self.step()
            if step is None:
                self._say("Choose an action first: Bomb (B), Resupply (R), Invest (I) or Retire (T).")
                return True
            self._type_digit(digits[k], len(step.options))
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        if k == pygame.K_BACKSPACE:
            self.back()
            return True
        modes = {pygame.K_b: "bomb", pygame.K_r: "resupply", pygame.K_i: "invest", pygame.K_t: "retire"}
        if k in modes:
            self.start(modes[k])
            return True
        if k == pygame.K_p:
            self.pass_turn()
            return True
        return False

    def _type_digit(self, d: int, count: int) -> None:
        """A number key. With ten choices or more a choice may take two digits: a first digit
        that could begin one waits `TYPE_WAIT` seconds for the second ("1" then "2": choice 12),
        and is taken alone when none comes (or on a key that is not a digit)."""
        first = self._typed
        self._typed = None
        if first is not None:
            self.choose(first[0] * 10 + d)
        elif 1 <= d and d * 10 <= count:
            self._typed = (d, self.clock)
            top = min(count, d * 10 + 9)
            self._say(f"{d}… the next digit chooses {d}0 to {top}; or wait for choice {d}")
        else:
            self.choose(d)

    def _typed_alone(self, now: bool = False) -> None:
        """A first digit whose second did not come in time is a choice of its own."""
        if self._typed is not None and (now or self.clock - self._typed[1] >= TYPE_WAIT):
            d, _ = self._typed
            self._typed = None
            self.choose(d)

    def _mouse_down(self, pos: tuple[int, int]) -> bool:
        if self.my_hand_hidden() and self._my_hand_area().collidepoint(pos) and not self.replay:
            self.reveal_hand()
            self._click()
            return True
        if not self._human_turn():
            return False
        for b in self.buttons_all:
            if b.rect.collidepoint(pos):
                if not b.enabled:
                    if b.reason:
                        self._say(b.reason)
                    return True
                b.on_click()
                return True
        # A choice on offer, on a tile or on the table.
        for opt, rect in self.option_rects():
            if rect.collidepoint(pos):
                self.pick(opt)
                return True
        # Shortcuts: a hand card starts a resupply with it, another player a bomb at them.
        if self.mode is None and self.phase() != "reward":
            hit = self.hand_card_at(pos)
            if hit is not None:
                if self.start("resupply"):
                    offer = next((o for o in self.steps()[0].options if o.ref == hit), None)
                    if offer is not None:
                        self.pick(offer)
                return True
        if self.mode in (None, "bomb") and self.phase() != "reward":
            for q in self.opponents():
                if self.opp_rect(q).collidepoint(pos):
                    if self.start("bomb") and self.picks != [str(q)]:   # (two players: picked already)
                        opt = next(o for o in self.steps()[0].options if o.ref == q)
                        if opt.reason:   # (a rival who may not be bombed: the bomb stays where it was)
                            self._say(sentence(opt.reason))
                        else:
                            self.picks = []   # another rival clicked instead: them now
                            self.pick(opt)
                    return True
        return False

    # ------------------------------------------------------------------ the log
    def _log(self, ev: Event) -> None:
        # (In hot-seat the table base keeps a face-down hand's private lines out of the log.)
        if ev.kind in ("deal", "turn"):
            if ev.kind == "turn":
                p = ev.data.get("player")
                colour = seat_rgb(p) if isinstance(p, int) else theme.GOLD
                self.log_panel.add(ev.text, colour, True)
            return
        if ev.kind == "drew":
            q = ev.data.get("player")
            if ev.data.get("why") in SAID_DRAWS:
                return   # the line before it says the card came from the deck
            if isinstance(q, int) and self.log_shows_private(q):
                return   # the drawer's own line ("Ana draws Fish #12") says it, and what
        p = ev.data.get("player", ev.data.get("bomber"))
        colour = seat_rgb(p) if isinstance(p, int) else theme.INK_DIM
        heading = ev.kind in ("end", "last", "stall")
        if ev.kind == "answer":   # the answering player's line, in their colour (a Yes's green
            q = ev.data.get("target")   # was read as the green seat's)
            colour = seat_rgb(q) if isinstance(q, int) else theme.INK_DIM
        if heading:
            colour = theme.GOLD
        self.log_panel.add(ev.text, colour, heading)

