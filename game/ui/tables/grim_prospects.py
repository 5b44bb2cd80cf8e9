"""The Grim Prospects table: the Mine, the Rubble and (two players) the Geode in the middle, the
other players above, your hand, stash and inventory below, the log at the side.

The scene never changes rules state on its own and never decides what is legal: a button, a key
or a click on a card makes an action; the rules say whether it is legal and, when it is not, why
(`why_not`), and the refusal is shown in those words. Bots decide on their own thread; their
choice is put on show for a moment before it is played.

What is drawn comes only from what the seat at the table may know. The display model
(`GrimModel`) is built from the *masked* view of the table's viewer (`match.viewer()`: the one
human, or in hot-seat the seat whose curtain was lifted last), where every card that seat does
not know is `HIDDEN`, and it catches up with the events that seat may see (`Match.sees`). A card
of a private zone (a hand, a stash, the cards being looked at, the known top of the Mine) is drawn
face up only while `secret_seat()` says the viewer's secrets may be on screen (in hot-seat, not
while the hand is hidden); everything else is a card back. Public zones (the Rubble, the Geode,
every Inventory) are face up for all. Every face goes through `gp_cards`, which writes it in the
privacy face log that the curtain test reads; a cached layer writes its faces again each time it
is shown, so the log always holds what the frame shows.

Seen events become beats (`TableScene`'s machinery): a dig flips the cards it draws over the
middle of the table, a trap shakes the screen and holds up what it destroyed before it goes to
the Rubble, a prospect opens the chooser (`grim_chooser`), a return to base sweeps the hand into
the stash. Whenever the queue runs dry the model is compared with the view and rebuilt from it
(`drift` counts a disagreement; the tests keep it at zero).

Keys: D dig, 3 dig three (Pickaxe), P prospect, B return to base, X blast the Geode, E or Enter
end the turn; ←/→ choose a card in your hand and ↑ (or I) places a Bundle; R shows the whole
Rubble, S your stash; V held peeks at a hidden hot-seat hand; the chooser has its own keys (see
grim_chooser).

The layout, the display model and the drawing are in grim_drawing.py (`TableDrawing`, mixed in).
"""

from __future__ import annotations

import logging
from typing import Any, Callable, cast

import pygame

from game.core.contract import Action, Event
from game.core.match import Match
from game.core.words import or_list, plural, sentence
from game.games.grim_prospects.cards import card
from game.games.grim_prospects.rules import HIDDEN
from game.ui import gp_cards, theme
from game.ui.tables import grim_chooser as chooser_mod
from game.ui import placing
from game.ui.tables.base import Beat, Callout, LogPanel, TableScene, callout_image, seat_rgb
from game.ui.tables.grim_chooser import Chooser
from game.ui.tables.grim_drawing import (
    ACTION_WORDS,
    ACTIONS,
    BANNER,
    BUTTON_H,
    BUTTON_Y,
    CALLOUT_RISE,
    FELT,
    GEODE_BOX,
    HAND,
    HAND_BOX,
    LOG,
    MID,
    MINE_C,
    RUBBLE_BOX,
    SMALL,
    STASH_C,
    T_BOT_SHOW,
    T_BOT_THINK,
    T_FLIP,
    T_FLY,
    T_SHOW,
    Flyer,
    GrimModel,
    Layer,
    Spot,
    TableDrawing,
    _background,
    _hidden,
    dynamite_in,
)
from game.ui.widgets import Button

log = logging.getLogger(__name__)


# ============================================================================ the scene
# A trap's lines in the log: a deep red, apart from every seat's colour (a salmon read as the
# orange of seat 2's lines).
TRAP_RGB = (205, 45, 45)
# Prospecting in hot-seat with the hand still face down: the cards looked at are face down too.
HIDDEN_CHOICE = "Your cards are face down: click them or press U to see them, or hold V to peek"
KEEP_FIRST = "Choose the card to keep first: click it, or press its number."
STASH_WAITS = "Your stash stays face down until your next turn: someone else may be at the screen."

class GrimProspectsTable(TableDrawing, TableScene):
    """The Grim Prospects table for one `Match`: humans click or press keys, bots play themselves.

    Tests and tools: `idle`, `fast_forward()`, `drift` as every table; `model` is the display
    model; `chooser` the prospect choice being assembled (None when not prospecting);
    `button_for(kind)`, `hand_rect(i)`, `hand_cards()` where things are; `choose(action)` what a
    button does.
    """

    bot_pause = T_BOT_THINK
    message_seconds = 4.5
    shake_decay = 2.6
    callout_bounce = True
    callout_clamp = True
    drift_details = True
    logger = log

    def __init__(self, match: Match) -> None:
        if match.game != "grim_prospects":
            raise ValueError(f"the Grim Prospects table cannot show {match.game}")
        super().__init__(match, LogPanel(LOG, top=40, footer=30, title_y=10, hint_bottom=8))
        self.flyers: list[Flyer] = []
        self._spot: Spot | None = None
        self.chooser: Chooser | None = None
        self.hand_focus: int | None = None
        self.viewing: str | None = None          # "rubble" or "stash": the whole pile on show
        self.buttons: list[tuple[str, Button]] = []
        self._layers: dict[str, Layer] = {}
        self._truth_cache: tuple[Any, Any] = (None, None)
        self._why_cache: dict[Any, str | None] = {}
        self._put_back_done = False
        self._kept_seen = False
        self._last_trap: int | None = None
        self._model_seat: int | None = self.match.viewer()
        self.model = GrimModel.from_state(self._truth())
        if not match.fresh:
            self._resume_history()

    # ------------------------------------------------------------------ who sees what
    @property
    def state(self) -> Any:
        return self.match.state

    def _truth(self) -> Any:
        """The state as the seat the model is drawn for knows it: its masked view (everything, in
        a replay showing every hand)."""
        key = (self.match.version, self._model_seat, self.match.reveal_all)
        if self._truth_cache[0] != key:
            if self.match.reveal_all:
                truth = self.match.state
            else:
                truth = self.match.state.view(self._model_seat).state
            self._truth_cache = (key, truth)
        return self._truth_cache[1]

    def eyes(self) -> bool:
        """Whether the viewer's private cards may be drawn face up now."""
        if self.match.reveal_all:
            return True
        seat = self.secret_seat()
        return seat is not None and seat == self._model_seat

    def home(self) -> int:
        """The seat whose hand is drawn large at the bottom: the viewer (seat 0 for onlookers)."""
        v = self._model_seat
        return v if v is not None else 0

    def others(self) -> list[int]:
        h = self.home()
        return [(h + i) % self.n for i in range(1, self.n)]

    def two_player(self) -> bool:
        return self.n == 2

    def _viewer_changed(self) -> None:
        """Another seat's eyes (hot-seat): the model is rebuilt from that seat's view."""
        self.flyers.clear()
        self.spot = None
        self.chooser = None
        self.hand_focus = None
        self.viewing = None
        self._layers.clear()
        self._model_seat = self.match.viewer()
        self.model = GrimModel.from_state(self._truth())
        self._buttons_key = None

    # ------------------------------------------------------------------ the rules, asked once per change
    def legal(self) -> set[str]:
        key = ("legal", self.match.version)
        if key not in self._why_cache:
            self._why_cache.clear()
            self._why_cache[key] = {str(a) for a in self.match.legal_actions()}  # type: ignore[assignment]
        return self._why_cache[key]  # type: ignore[return-value]

    def why_not(self, action: Action | str) -> str | None:
        """The rules' reason `action` cannot be played now (None when it can)."""
        text = str(action)
        if text in self.legal():
            return None
        key = ("why", self.match.version, text)
        if key not in self._why_cache:
            reason = self.state.why_not(Action.parse(text))
            self._why_cache[key] = reason or "that is not possible now"
        return self._why_cache[key]

    def _human_turn(self) -> bool:
        return (self.idle and self.match.human_to_move() and not self.match.is_over() and not self.replay
                and self.app is not None and self.app.top is self)

    # ------------------------------------------------------------------ scene lifecycle
    def release_pictures(self) -> None:
        super().release_pictures()
        self._layers.clear()

    def enter(self) -> None:
        # Draw the pieces once up front, so that no frame of play pays for a first drawing.
        _background()
        gp_cards.prewarm(tuple(dict.fromkeys((HAND, SMALL, self.opp, chooser_mod.CARD))))

    def resume(self) -> None:
        self._layers.clear()
        super().resume()

    # ------------------------------------------------------------------ the table's part of the machinery
    def _moving(self) -> bool:
        return bool(self.flyers) or self.bot_move is not None

    def _settle(self) -> None:
        self.flyers.clear()
        self.spot = None

    def _events_arrived(self) -> None:
        self.buttons = []

    def _needs_sync(self) -> bool:
        return cast(bool, self._model_seat != self.match.viewer())

    def _sync(self) -> None:
        if self._model_seat != self.match.viewer():
            # The viewer changed without the curtain (a human's turn after a bot's): rebuild.
            self._viewer_changed()
            return
        self.spot = None
        self._adopt_truth(GrimModel.from_state(self._truth()))
        if self.state.phase != "choose" or not self.match.human_to_move():
            self.chooser = None

    def _after_apply(self) -> None:
        self.hand_focus = None
        self.chooser = None
        self.viewing = None

    def _play_bot(self, action: Action) -> None:
        if self.speed() <= 0 or action.kind in ("keep", "end"):
            self._apply(action)
            return
        self.show_bot_move(action, str(action), T_BOT_SHOW)

    def _prepare_human_turn(self) -> None:
        if self.state.phase == "choose" and self.chooser is None:
            looking = [int(c) for c in self._truth().looking]
            self.chooser = Chooser(tuple(looking))
        self._ensure_buttons()

    # ------------------------------------------------------------------ animation helpers
    def _fly(self, beat: Beat, cid: int, a: tuple[float, float], b: tuple[float, float],
             on_land: Callable[[], None], *, size_a: tuple[int, int], size_b: tuple[int, int],
             private: bool, flip: bool = False, delay: float = 0.0, duration: float = T_FLY,
             lift: float = 40.0, on_start: Callable[[], None] | None = None) -> None:
        """A card flies from a to b along an arc; `on_land` then puts it in the model."""
        if self.speed() <= 0:
            if on_start:
                on_start()
            on_land()
            return
        fl = Flyer(cid, a, b, size_a, size_b, private, flip, lift)
        self.flyers.append(fl)

        def upd(t: float) -> None:
            if not fl.visible and on_start:
                on_start()
            fl.t = t
            fl.visible = True

        def done() -> None:
            if fl in self.flyers:
                self.flyers.remove(fl)
            on_land()

        self._tween(beat, duration, upd, done, delay)

    def _callout(self, text: str, pos: tuple[float, float], colour: tuple[int, int, int] = theme.INK,
                 size: int = 24, duration: float = 1.0, delay: float = 0.0) -> None:
        """Words that float up from the free felt nearest `pos`: they hide no card, name or count
        (over the nearest free place, smaller where big words find none; where the table is full
        even for those, at `pos` itself)."""
        s = self.speed()
        if s <= 0:
            return
        covered = self.covered_rects()
        for tried in dict.fromkeys(max(16, round(size * k)) for k in (1.0, 0.8, 0.65)):
            img = callout_image(text, tried, colour)
            spot = placing.free_spot(pos, img.get_size(), covered, FELT, rise=CALLOUT_RISE)
            if spot is not None:
                break
        else:
            img = callout_image(text, size, colour)
        self.callouts.append(Callout(img, spot or pos, max(0.5, duration * s), rise=CALLOUT_RISE,
                                     delay=delay * s))

    @property
    def spot(self) -> Spot | None:
        """The cards held up in the middle (a card drawn, a trap going off), if any."""
        return self._spot

    @spot.setter
    def spot(self, held: Spot | None) -> None:
        self._spot = held
        if held is not None and held.cards:
            self._words_off_the_held_cards()

    def _words_off_the_held_cards(self) -> None:
        """Floating words already on their way where a card is now held up move to the nearest
        free felt (they were placed before the card was there): the card is what everyone looks
        at."""
        held = [r for what, r in self.things() if what == "a card held up"]
        for c in self.callouts:
            size = c.image.get_size()
            if not any(placing.flight(c.pos, size, c.rise).colliderect(r) for r in held):
                continue
            others = [r for _, r in self.things(ahead=True)] + [
                placing.flight(o.pos, o.image.get_size(), o.rise) for o in self.callouts if o is not c]
            moved = placing.free_spot(c.pos, size, others, FELT, rise=c.rise)
            if moved is not None:
                c.pos = moved

    def covered_rects(self) -> list[pygame.Rect]:
        """What floating words must leave visible: everything `things()` lists, and the words
        already floating."""
        out = [r for _, r in self.things(ahead=True)]
        for c in self.callouts:
            out.append(placing.flight(c.pos, c.image.get_size(), c.rise))
        return out

    def _seat_callout(self, p: int, text: str, colour: tuple[int, int, int], size: int = 24,
                      duration: float = 1.1) -> None:
        if p == self.home():   # over the middle of the hand, where no name or count is
            self._callout(text, (HAND_BOX.centerx, HAND_BOX.centery), colour, size, duration)
            return
        r = self.seat_rect(p)
        self._callout(text, (r.centerx, r.centery + 8), colour, size, duration)

    # ------------------------------------------------------------------ event handlers
    def _on_deal(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.0)

    def _on_turn(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data.get("player", self.model.turn))
        self.model.turn = p
        self.model.round = int(ev.data.get("round", self.model.round))
        self._put_back_done = False
        self._kept_seen = False
        self._layers.pop("opps", None)
        self._hold(beat, 0.2)

    def _upcoming(self, p: int, kinds: tuple[str, ...]) -> list[Event]:
        """The queued events of this action by seat p of the given kinds (up to the next turn)."""
        out = []
        for ev in self.pending:
            if ev.kind in ("turn", "geode", "end"):
                break
            if ev.kind in kinds and ev.data.get("player") == p:
                out.append(ev)
        return out

    def _on_dig(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        count = min(int(ev.data.get("count", 2)), len(self.model.mine))
        self._play("draw")
        seen = [int(e.data["card"]) for e in self._upcoming(p, ("draw",)) if "card" in e.data]
        seen = seen[:count]
        top = list(reversed(self.model.mine[len(self.model.mine) - count:])) if count else []
        # Cards the viewer does not see drawn (another seat's cards going to its hand) go now, as
        # backs (or as the cards the viewer knew were on top); the seen ones get their own beats.
        unseen = count - len(seen)
        known_unseen = [c for c in top if not _hidden(c) and c not in seen]
        hidden_draws = (known_unseen + [HIDDEN] * unseen)[:unseen]
        del self.model.mine[len(self.model.mine) - count:]
        for k, cid in enumerate(hidden_draws):
            target, size = self.hand_slot(p, len(self.model.hands[p]) + k, len(self.model.hands[p]) + k + 1)

            def land(cid: int = cid) -> None:
                self.model.hands[p].append(cid)

            self._fly(beat, cid, MINE_C, target, land, size_a=HAND, size_b=size, private=True,
                      delay=0.12 * k, lift=60)
        self._seat_callout(p, f"Digs {count}" if count != 2 else "Digs", seat_rgb(p), 22, 0.9)
        self._hold(beat, 0.15)

    def _on_draw(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cid = int(ev.data["card"])
        c = card(cid)
        private = ev.visible_to is not None
        self._play("draw")

        def show() -> None:
            self.spot = Spot([cid], self.reveal_c, private)

        self._fly(beat, cid, MINE_C, self.reveal_c, show, size_a=HAND, size_b=HAND, private=private, flip=True,
                  duration=T_FLIP, lift=30)
        if c.goes_to_hand:
            def go() -> None:
                self.spot = None
                target, size = self.hand_target(p)

                def land() -> None:
                    self.model.hands[p].append(cid)

                self._fly(beat, cid, self.reveal_c, target, land, size_a=HAND, size_b=size, private=private,
                          lift=40)

            self._later(beat, T_FLIP + T_SHOW, go)
        # An Item or a Trap stays on show: its own event says where it goes.
        self._hold(beat, T_FLIP + T_SHOW)

    def _from_spot(self, cid: int) -> tuple[float, float]:
        if self.spot is not None and cid in self.spot.cards:
            i = self.spot.cards.index(cid)
            pos = self.reveal_pos(i, len(self.spot.cards), self.spot.size)
            self.spot.cards = [c for c in self.spot.cards if c != cid]
            if not self.spot.cards:
                self.spot = None
            return pos
        return MINE_C

    def _on_item(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])
        start = self._from_spot(cid)
        target, size = self.inv_pos(p, cid)

        def land() -> None:
            self.model.inventories[p].append(cid)

        self._fly(beat, cid, start, target, land, size_a=HAND, size_b=size, private=False)
        self._seat_callout(p, card(cid).name, (150, 210, 255), 22, 1.0)
        self._hold(beat, 0.2)

    def _on_trap(self, ev: Event, beat: Beat) -> None:
        cid = int(ev.data["card"])
        self._last_trap = cid
        c = card(cid)
        self._play("blast")
        if self.spot is None or cid not in self.spot.cards:
            self.spot = Spot([cid], self.reveal_c, False)
        if self.speed() > 0:
            self.shake = 0.7 if c.key == "dynamite" else 0.5
        # Beside the card that went off, so its name and its words stay readable under the cry.
        words = f"{c.name}!"
        width = callout_image(words, 40, (255, 150, 70)).get_width()
        self._callout(words, (self.reveal_c[0] - HAND[0] / 2 - 24 - width / 2, self.reveal_c[1]),
                      (255, 150, 70), 40, 1.2)

        def to_rubble() -> None:
            start = self._from_spot(cid)

            def land() -> None:
                self.model.rubble.append(cid)

            self._fly(beat, cid, start, self.rubble_top_pos(), land, size_a=HAND, size_b=SMALL,
                      private=False, lift=30)

        self._later(beat, 0.55, to_rubble)
        self._hold(beat, 0.6)

    def _on_discard(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cids = [int(c) for c in ev.data.get("cards", [])]
        if not cids:
            self._seat_callout(p, "Nothing to lose", theme.INK_DIM, 20, 1.0)
            self._hold(beat, 0.3)
            return
        hand = self.hand_cards(p)
        starts = []
        for cid in cids:
            i = hand.index(cid) if cid in hand else max(0, len(hand) - 1)
            starts.append(self.hand_slot(p, i, max(1, len(hand)))[0])
        for cid in cids:
            self.model.take(self.model.hands[p], cid)
        names = ", ".join(card(c).name for c in cids)
        trap = f"to the {card(self._last_trap).name}" if self._last_trap is not None else ""
        self._seat_callout(p, f"Lost: {names}", (255, 140, 110), 22, 1.6)
        # What the trap destroyed is held up over the middle, face up (everyone sees it go), then
        # it goes to the Rubble.
        for k, cid in enumerate(cids):
            mid = self.reveal_pos(k, len(cids), SMALL)

            def held(cid: int = cid) -> None:
                if self.spot is None or self.spot.size != SMALL:
                    self.spot = Spot([], self.reveal_c, False, f"{self.match.seats[p].name} lost {trap}",
                                     (255, 150, 110), SMALL)
                self.spot.cards.append(cid)
                self._words_off_the_held_cards()

            self._fly(beat, cid, starts[k], mid, held, size_a=self.hand_slot(p, 0, 1)[1], size_b=SMALL,
                      private=False, delay=0.06 * k, lift=50)

        def to_rubble() -> None:
            shown = list(self.spot.cards) if self.spot is not None else []
            self.spot = None
            for k, cid in enumerate(cids):
                start = self.reveal_pos(shown.index(cid), len(shown), SMALL) if cid in shown else self.reveal_c

                def land(cid: int = cid) -> None:
                    self.model.rubble.append(cid)

                self._fly(beat, cid, start, self.rubble_top_pos(), land, size_a=SMALL, size_b=SMALL,
                          private=False, delay=0.05 * k, lift=30)

        self._later(beat, T_FLY + 0.8, to_rubble)
        self._hold(beat, T_FLY + 0.9)

    def _on_spared(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._seat_callout(p, "Spared by the Canary", theme.GOOD, 20, 1.2)
        self._hold(beat, 0.35)

    def _on_prospect(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        count = min(int(ev.data.get("count", 3)), len(self.model.mine))
        taken = list(reversed(self.model.mine[len(self.model.mine) - count:])) if count else []
        del self.model.mine[len(self.model.mine) - count:]
        self._put_back_done = False
        self._kept_seen = False
        for k in range(count):
            def land(k: int = k) -> None:
                if len(self.model.looking) < count:
                    self.model.looking.append(taken[k])

            self._fly(beat, HIDDEN, MINE_C, self.reveal_pos(k, count, SMALL), land, size_a=HAND, size_b=SMALL,
                      private=True, delay=0.08 * k, lift=30)
        self._seat_callout(p, "Prospects", seat_rgb(p), 22, 0.9)
        self._hold(beat, 0.3)

    def _on_look(self, ev: Event, beat: Beat) -> None:
        cids = [int(c) for c in ev.data.get("cards", [])]
        self.model.looking = list(cids)
        self._hold(beat, 0.25)

    def _looking_pos(self, cid: int) -> tuple[int, int]:
        looking = self.model.looking
        i = looking.index(cid) if cid in looking else 0
        return self.reveal_pos(i, max(1, len(looking)), SMALL)

    def _on_keep(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cid = int(ev.data["card"]) if "card" in ev.data else HIDDEN
        private = ev.visible_to is not None
        self._kept_seen = True
        start = self._looking_pos(cid)
        self.model.take(self.model.looking, cid)
        if _hidden(cid):
            self._to_hand(beat, p, HIDDEN, start, SMALL)
            self._hold(beat, 0.2)
            return
        c = card(cid)
        if c.goes_to_hand:
            self._to_hand(beat, p, cid, start, SMALL, private=private)
        else:
            # An Item, or a Trap (kept unlit, or going off): held up for all; its own event
            # ("item" or "trap") says where it goes next.
            self._fly(beat, cid, start, self.reveal_c, lambda: setattr(self, "spot", Spot([cid], self.reveal_c)),
                      size_a=SMALL, size_b=HAND, private=False)
            if c.is_trap and self.two_player():
                self._seat_callout(p, "Dynamite, kept unlit", (255, 190, 90), 20, 1.2)
        self._hold(beat, 0.3)

    def _to_hand(self, beat: Beat, p: int, cid: int, start: tuple[float, float], size_a: tuple[int, int],
                 private: bool = True) -> None:
        target, size = self.hand_target(p)

        def land() -> None:
            self.model.hands[p].append(cid)

        self._fly(beat, cid, start, target, land, size_a=size_a, size_b=size, private=private)

    def _on_put_back(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cards = ev.data.get("cards")
        if cards is None:
            # The public word: N cards went back. The prospector sees the order in a private one.
            if self._put_back_done or any("cards" in e.data for e in self._upcoming(p, ("put_back",))):
                self._hold(beat, 0.1)
                return
            count = int(ev.data.get("count", 0))
            back = [HIDDEN] * count
        else:
            back = [int(c) for c in cards]
        self._put_back_done = True
        starts = [self._looking_pos(c) for c in back]
        for c in back:
            self.model.take(self.model.looking, c)
        # The first listed goes on top: the last to land.
        for k, cid in enumerate(reversed(back)):
            def land(cid: int = cid) -> None:
                self.model.mine.append(cid)

            self._fly(beat, cid, starts[len(back) - 1 - k], MINE_C, land, size_a=SMALL, size_b=HAND, private=True,
                      delay=0.1 * k, lift=30)
        # Someone else's prospect: the card they kept went to their hand unseen (and whatever the
        # viewer knew of the cards looked at, it no longer knows which went where).
        if not self._kept_seen and self.model.looking and not self._upcoming(p, ("keep",)):
            for cid in list(self.model.looking):
                start = self._looking_pos(cid)
                self.model.take(self.model.looking, cid)
                self._to_hand(beat, p, HIDDEN, start, SMALL)
        self._seat_callout(p, f"Puts back {len(back)}", seat_rgb(p), 20, 0.9)
        self._hold(beat, 0.25)

    def _on_bank(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        hand = self.hand_cards(p)
        target, size = self.stash_pos(p)
        count = len(hand)
        for k, cid in enumerate(hand):
            start, size_a = self.hand_slot(p, k, count)

            def land(cid: int = cid) -> None:
                self.model.stashes[p].append(cid)

            self._fly(beat, cid, start, target, land, size_a=size_a, size_b=size, private=True,
                      delay=0.05 * k, lift=30)
        self.model.hands[p] = []
        self._play("coin")
        self._seat_callout(p, f"Banks {plural(count, 'card')}", theme.GOLD, 22, 1.1)
        self._hold(beat, 0.3)

    def _on_place(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])
        hand = self.hand_cards(p)
        i = hand.index(cid) if cid in hand else max(0, len(hand) - 1)
        start, size_a = self.hand_slot(p, i, max(1, len(hand)))
        self.model.take(self.model.hands[p], cid)
        target, size = self.inv_pos(p, cid)

        def land() -> None:
            self.model.inventories[p].append(cid)

        self._fly(beat, cid, start, target, land, size_a=size_a, size_b=size, private=False)
        self._hold(beat, 0.15)

    def _on_geode(self, ev: Event, beat: Beat) -> None:
        cid = ev.data.get("card")
        traps = [int(t) for t in ev.data.get("traps", [])]
        shown = traps + ([int(cid)] if cid is not None else [])
        for _ in shown:
            if self.model.mine:
                self.model.mine.pop()
        for k, t in enumerate(traps):
            pos = self.reveal_pos(k, max(1, len(shown)), SMALL)
            self._fly(beat, t, MINE_C, pos, lambda: None, size_a=HAND, size_b=SMALL, private=False, flip=True,
                      delay=0.15 * k, duration=T_FLIP)
        if traps:
            self._later(beat, T_FLIP + 0.15 * len(traps), lambda: setattr(
                self, "spot", Spot(list(traps), self.reveal_c, False, "back into the Mine", theme.INK_DIM, SMALL)))
        if cid is not None:
            c = int(cid)

            def land() -> None:
                self.model.geode.append(c)

            self._fly(beat, c, MINE_C, self.geode_pos(c), land, size_a=HAND, size_b=SMALL, private=False,
                      flip=True, delay=0.15 * len(traps), duration=T_FLY + 0.1)
        if traps:
            def back() -> None:
                self.spot = None
                for k, t in enumerate(traps):
                    def land(t: int = t) -> None:
                        self.model.mine.append(HIDDEN)

                    self._fly(beat, t, self.reveal_pos(k, len(shown), SMALL), MINE_C, land, size_a=SMALL,
                              size_b=HAND, private=False, delay=0.05 * k)

            self._later(beat, T_FLY + 0.15 * len(traps) + 0.7, back)
        self._callout("The Geode grows", (GEODE_BOX.centerx, GEODE_BOX.y + 150), (200, 170, 255), 20, 1.0)
        self._hold(beat, 0.5 + (0.9 if traps else 0.0))

    def _on_shuffle(self, ev: Event, beat: Beat) -> None:
        self.model.mine = [HIDDEN] * len(self.model.mine)
        self._callout("The Mine is shuffled", (MINE_C[0] + 40, MINE_C[1] - 90), theme.INK, 20, 1.0)
        self._hold(beat, 0.3)

    def _on_blast(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cids = [int(c) for c in ev.data.get("cards", [])]
        dyn = ev.data.get("dynamite")
        dyn = int(dyn) if dyn is not None else dynamite_in(self.model.inventories[p])
        self._play("blast")
        if self.speed() > 0:
            self.shake = 1.0
        self._callout("BOOM!", (GEODE_BOX.centerx, GEODE_BOX.y + 40), (255, 150, 70), 44, 1.2)
        if dyn is not None:
            start, size = self.inv_pos(p, dyn)
            self.model.take(self.model.inventories[p], dyn)

            def land_d() -> None:
                self.model.rubble.append(dyn)

            self._fly(beat, dyn, start, self.rubble_top_pos(), land_d, size_a=size, size_b=SMALL, private=False)
        starts = {c: self.geode_pos(c) for c in self.model.geode}
        self.model.geode = [c for c in self.model.geode if c not in cids]
        to_hand = [c for c in cids if card(c).goes_to_hand]
        n0 = len(self.model.hands[p])
        for k, cid in enumerate(cids):
            if cid in to_hand:
                i = to_hand.index(cid)
                target, size = self.hand_slot(p, n0 + i, n0 + len(to_hand))
                zone = self.model.hands[p]
            else:   # an Item from the Geode goes where Items go
                target, size = self.inv_pos(p, cid)
                zone = self.model.inventories[p]

            def land(cid: int = cid, zone: list[int] = zone) -> None:
                zone.append(cid)

            self._fly(beat, cid, starts.get(cid, GEODE_BOX.center), target, land, size_a=SMALL, size_b=size,
                      private=False, delay=0.2 + 0.06 * k, lift=60)
        self._hold(beat, 0.8)

    def _on_foresight(self, ev: Event, beat: Beat) -> None:
        cid = int(ev.data["card"])
        if self.model.mine:
            self.model.mine[-1] = cid
        self._hold(beat, 0.2)

    def _on_end(self, ev: Event, beat: Beat) -> None:
        self._announce_winners(ev, beat, (MID.centerx, MID.centery), 48)

    # ------------------------------------------------------------------ the human's choices
    def choose(self, action: Action | str) -> bool:
        """Play `action` if the rules allow it now; else say why not, in their words."""
        if not self._human_turn():
            return False
        text = str(action)
        reason = self.why_not(text)
        if reason is not None:
            self._say(sentence(reason))
            return False
        self._click()
        return self._apply(Action.parse(text))

    def place(self, cid: int) -> bool:
        """Put card `cid` from your hand into your Inventory (a Bundle)."""
        return self.choose(f"place:{cid}")

    def confirm_keep(self) -> bool:
        if self.chooser is None:
            return False
        if not self.eyes():
            self._say(HIDDEN_CHOICE)
            return False
        action = self.chooser.action()
        if action is None:
            self._say(KEEP_FIRST)
            return False
        return self.choose(action)

    def toggle_view(self, what: str) -> None:
        if self.viewing == what:
            self.viewing = None
            return
        if what == "stash" and not self.eyes():
            self._say("Show your hand first (click it): your stash is as secret as your hand." if self.may_turn_up()
                      else STASH_WAITS)
            return
        self.viewing = what
        self._click()

    def _click(self) -> None:
        if self.app is not None:
            self.app.play("click")

    def reveal(self) -> None:
        reveal = getattr(self, "reveal_hand", None)
        if callable(reveal):
            reveal()
            self._layers.clear()

    # ------------------------------------------------------------------ buttons
    def _ensure_buttons(self) -> None:
        key = (self.match.version, self.n, self.chooser is not None)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        specs = [s for s in ACTIONS if s[0] != "blast" or self.two_player()]
        gap = 10
        w = (BANNER.w - gap * (len(specs) - 1)) // len(specs)
        x = BANNER.x
        self.buttons = []
        for kind, label, k in specs:
            reason = self.why_not(kind)
            primary = kind == "end" and self.state.phase == "after"
            size = theme.fit_size(label, w - 30, 18, 13, bold=True)
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            b = Button((x, BUTTON_Y, w, BUTTON_H), label, lambda kind=kind: self.choose(kind), k,  # type: ignore[misc]
                       enabled=reason is None, reason=sentence(reason or ""), primary=primary, size=size)
            self.buttons.append((kind, b))
            x += w + gap
        # Prospecting: the action buttons give way to the chooser's one.
        self.keep_button = Button((BANNER.centerx - 260, BUTTON_Y, 520, BUTTON_H), "Choose a card to keep",
                                  self.confirm_keep, pygame.K_RETURN, primary=True, size=18)

    def _hint_spots(self, action: Action) -> list[pygame.Rect]:
        """The coach's best choice: its button; while prospecting, the card to keep, then the
        first card still to move for the order the hint puts them back in (its words say the
        order), then the keep button, once the chooser holds that very keep; the hand card to
        place in the Inventory."""
        if action.kind == "keep" and action.args and self.chooser is not None:
            ch = self.chooser
            wanted = [int(a) for a in action.args if a.isdigit()]
            if not wanted or wanted[0] not in ch.order:
                return []
            spots = [ch.card_rect(wanted[0])]
            if ch.keep != wanted[0]:
                return spots
            if ch.action() == action:
                return spots + [self.keep_button.rect]
            # Kept as hinted, not yet in the hinted order: the first card out of place.
            back = ch.returned()
            out = next((w for w, b in zip(wanted[1:], back) if w != b and w in ch.order), None)
            return spots + ([ch.card_rect(out)] if out is not None else [])
        if action.kind == "place" and action.args and action.args[0].isdigit():
            hand = self.hand_cards()
            cid = int(action.args[0])
            return [self.hand_rect(hand.index(cid), len(hand))] if cid in hand else []
        b = self.button_for(str(action))
        return [b.rect] if b is not None else []

    def button_for(self, kind: str) -> Button | None:
        return next((b for k, b in self.buttons if k == kind), None)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.privacy_event(event):   # the peek key, down and up
            self._layers.clear()
            return True
        if self._undo_click(event) or self._hint_click(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for _, b in self.buttons:
                b.handle_event(event)
            if self.chooser is not None:
                self.chooser.mouse_move(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel_log(event)
        if event.type == pygame.KEYDOWN:
            if self.viewing is not None:
                # Any key closes the pile on show, as a click does, and plays nothing on the
                # table it covered (D dug there at once).
                self.viewing = None
                return True
            if self._table_key(event):
                return True
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.chooser is not None:
            if self.chooser.mouse_up(event.pos):
                self._click()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        return False

    def _mouse_down(self, pos: tuple[int, int]) -> bool:
        if self.viewing is not None:
            self.viewing = None
            return True
        if self._pile_click(pos):
            return True
        if not self._human_turn():
            if HAND_BOX.collidepoint(pos) and getattr(self, "hand_hidden", False):
                self.reveal()
                return True
            return False
        if self.chooser is not None and self.state.phase == "choose":
            if not self.eyes() and chooser_mod.PANEL.collidepoint(pos):
                self.reveal()
                return True
            if self.keep_button.rect.collidepoint(pos):
                self.confirm_keep()
                return True
            if self.chooser.mouse_down(pos):
                return True
            if any(b.rect.collidepoint(pos) for _, b in self.buttons):
                return True   # the action buttons are put away while choosing
        for kind, b in self.buttons:
            if b.rect.collidepoint(pos):
                self.choose(kind)
                return True
        i = self.hand_index_at(pos)
        if i is not None or HAND_BOX.collidepoint(pos):
            if not self.eyes():
                self.reveal()
                return True
            if i is not None:
                cid = self.hand_cards()[i]
                self.hand_focus = i
                self.place(cid)
                return True
        return False

    def _pile_click(self, pos: tuple[int, int]) -> bool:
        if RUBBLE_BOX.collidepoint(pos) and self.model.rubble:
            self.toggle_view("rubble")
            return True
        r = pygame.Rect(0, 0, *SMALL)
        r.center = (int(STASH_C[0]), int(STASH_C[1]))
        if r.collidepoint(pos) and self.model.stashes[self.home()] and self._model_seat is not None:
            self.toggle_view("stash")
            return True
        return False

    def hand_index_at(self, pos: tuple[int, int]) -> int | None:
        n = len(self.model.hands[self.home()])
        for i in range(n - 1, -1, -1):
            if self.hand_rect(i, n).collidepoint(pos):
                return i
        return None

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_r:
            if self.model.rubble:
                self.toggle_view("rubble")
            else:
                self._say("The Rubble is empty.")
            return True
        if k == pygame.K_s:
            if self.match.reveal_all:   # every hand shown (the final table, a replay): every stash
                if any(self.model.stashes):
                    self.toggle_view("stash")
                else:
                    self._say("Every stash is empty.")
            elif self._model_seat is not None and self.model.stashes[self._model_seat]:
                self.toggle_view("stash")
            else:
                self._say("Your stash is empty: Return to base (B) puts your hand in it.")
            return True
        if not self._human_turn():
            return False
        if self.chooser is not None and self.state.phase == "choose":
            return self._chooser_key(event)
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            n = len(self.model.hands[self.home()])
            if n:
                step = -1 if k == pygame.K_LEFT else 1
                self.hand_focus = (0 if step > 0 else n - 1) if self.hand_focus is None else \
                    (self.hand_focus + step) % n
            return True
        if k in (pygame.K_UP, pygame.K_i):
            hand = self.hand_cards()
            if self.hand_focus is None or not (0 <= self.hand_focus < len(hand)):
                self._say("Choose a card in your hand first: ← and →, then ↑ places it.")
                return True
            if not self.eyes():
                self.reveal()
                return True
            self.place(hand[self.hand_focus])
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("end")
            return True
        for kind, _, key in ACTIONS:
            if k == key or (kind == "dig:3" and k == pygame.K_KP3):
                if kind == "blast" and not self.two_player():
                    self._say("Blasting the Geode is only in a two-player game.")
                    return True
                self.choose(kind)
                return True
        return False

    def _chooser_key(self, event: pygame.event.Event) -> bool:
        ch = self.chooser
        assert ch is not None
        k = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        choosing = (pygame.K_1 <= k <= pygame.K_4 or k in (pygame.K_UP, pygame.K_k, pygame.K_RETURN, pygame.K_KP_ENTER)
                    or (k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_COMMA, pygame.K_PERIOD)))
        if choosing and not self.eyes():
            # (A hot-seat hand still face down: nobody keeps or orders cards unseen.)
            self._say(HIDDEN_CHOICE)
            return True
        if getattr(event, "repeat", False) and k in (pygame.K_UP, pygame.K_k):
            return True   # (↑ held down: the focus has moved on from the card it kept)
        if pygame.K_1 <= k <= pygame.K_4:
            if ch.keep_slot(k - pygame.K_1):
                self._click()
            else:
                self._say(f"There are only {len(ch.order)} cards to choose from.")
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_COMMA, pygame.K_PERIOD):
            delta = -1 if k in (pygame.K_LEFT, pygame.K_COMMA) else 1
            if shift or k in (pygame.K_COMMA, pygame.K_PERIOD):
                if not ch.shift(delta):
                    self._say("That card is already at the end of the row.")
            else:
                ch.move_focus(delta)
            return True
        if k in (pygame.K_UP, pygame.K_k):
            ch.keep_slot(ch.focus)
            self._click()
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm_keep()
            return True
        for kind, _, key in ACTIONS:
            if k == key:
                self.choose(kind)     # refused: the rules say to choose the card to keep
                return True
        return False

    # ------------------------------------------------------------------ the log
    def _log(self, ev: Event) -> None:
        if ev.kind in ("deal",) or not ev.text:
            return
        p = ev.data.get("player")
        if ev.kind == "put_back" and ev.visible_to is None and isinstance(p, int) \
                and self.log_shows_private(p):
            return   # the viewer reads what was kept and put back in the prospector's own lines
        colour = seat_rgb(p) if isinstance(p, int) else theme.INK_DIM
        heading = ev.kind in ("turn", "end")
        if ev.kind == "end":
            colour = theme.GOLD
        elif ev.kind in ("trap", "discard", "blast"):
            colour = TRAP_RGB
        elif ev.kind in ("geode", "shuffle"):
            colour = (190, 160, 250)
        self.log_panel.add(ev.text, colour, heading)

    # ------------------------------------------------------------------ what to say
    def banner_segments(self) -> list[tuple[str, tuple[int, int, int]]]:
        m = self.match
        if self.beat is not None:
            return [(self.beat_words(self.beat.event), theme.INK)]
        if self.bot_move is not None:
            p = m.to_move() or 0
            kind = self.bot_move[0].kind if self.bot_move[0].kind != "dig" else str(self.bot_move[0])
            return [(m.seats[p].name, seat_rgb(p)), (f" {ACTION_WORDS.get(kind, 'plays')}…", theme.INK)]
        if not self.idle:
            return [("…", theme.INK_DIM)]
        if m.is_over():
            outcome = self.state.outcome()
            names = " and ".join(m.seats[w].name for w in outcome.winners)
            top = max(s.total for s in outcome.scores)
            verb = "wins" if len(outcome.winners) == 1 else "share the win"
            return [("Game over: ", theme.GOLD), (f"{names} {verb} with {plural(top, 'point')}", theme.INK)]
        p = m.to_move()
        assert p is not None
        name, col = m.seats[p].name, seat_rgb(p)
        if self.replay:
            return [(name, col), ("'s turn", theme.INK)]
        if not m.seats[p].is_human:
            return [(name, col), (" is thinking…", theme.INK)]
        phase = self.state.phase
        if phase == "choose":
            return [(name, col), (": keep one card, put the others back (top first)", theme.INK)]
        if phase == "after":
            return [(name, col), (": place a Bundle from your hand, or End turn", theme.INK)]
        # Only the moves there are (an empty hand has nothing to take back to base).
        kinds = {a.kind for a in m.legal_actions()}
        moves = [word for word, kind in (("dig", "dig"), ("prospect", "prospect"), ("return to base", "bank"))
                 if kind in kinds]
        return [(name, col), (": " + or_list(moves), theme.INK)]

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        """The line above the buttons: a refusal in red, else what the keys do now."""
        # (A refusal to confirm before a card is kept no longer holds once one is.)
        answered = self.message == KEEP_FIRST and self.chooser is not None and self.chooser.action() is not None
        if self.message_time > 0 and self.message and not answered:
            return self.message, theme.DANGER
        stash = "S your stash  ·  " if self.eyes() else ""   # (a hand face down keeps its stash so)
        if not self._human_turn():
            if self.replay:
                return "", theme.INK_FAINT
            return ("Space skips the animation  ·  R the Rubble  ·  F1 rules  ·  Esc menu" if not self.idle
                    else f"R the Rubble  ·  {stash}F1 rules  ·  Esc menu"), theme.INK_FAINT
        if getattr(self, "hand_hidden", False) and not self.eyes():
            if self.state.phase == "choose":
                return HIDDEN_CHOICE, theme.FOCUS
            if self.model.hands[self.home()]:
                return "Your hand is face down: click it or press U to see your cards, or hold V to peek", theme.FOCUS
        if self.state.phase == "choose":
            count = len(self.chooser.order) if self.chooser is not None else 4
            return (f"1-{count} or a click keeps a card  ·  drag or Shift+←/→ orders the rest  ·  Enter confirms",
                    theme.INK_DIM)
        bundles = [c for c in self.hand_cards() if not _hidden(c) and card(c).ability == "bundle"]
        tip = "Click a Bundle in your hand (or ←/→ then ↑) to place it  ·  " if bundles else ""
        return tip + f"R the Rubble  ·  {stash}F1 rules", theme.INK_DIM
