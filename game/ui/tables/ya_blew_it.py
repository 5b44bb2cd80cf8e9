"""The Ya Blew It! table: the deck and the Claim in the middle, every scoring area around it.

The scene never changes rules state on its own. A button (or a bot's decision) goes to
`Match.apply`; the events that come back are queued (the machinery is `TableScene`'s, in base.py),
and a *display model* (`TableModel`) catches up with them one at a time while cards fly, dice
tumble and the Fire in the Hole goes round the table. Drawing is a function of that model and the
clock. Whenever the queue runs dry the model is compared with `match.state` and rebuilt from it, so
the picture can never drift from the rules (a mismatch is counted in `drift`, which the tests keep
at zero).

Seats sit clockwise around the table: the bottom row from right to left, then the top row from
left to right, so "the Prospector's left" is the next panel clockwise.

The layout, the display model and the drawing are in ya_blew_it_drawing.py (`TableDrawing`, mixed
into the scene); this module is the scene: the beats, the buttons and the input. A key whose
action is not allowed now says why in the table's message, in the rules' words (`why_not`).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.core.contract import Action, Event
from game.core.match import Match
from game.core.words import sentence
from game.games.ya_blew_it.cards import GEM, SAFE, WILD, card_set
from game.games.ya_blew_it.rules import FIRE_PHASE, MINER
from game.ui import cards as art
from game.ui import placing, theme
from game.ui.dice import DieSprite
from game.ui.tables.base import Beat, Callout, LogPanel, TableScene, callout_image, seat_rgb
from game.ui.tables.ya_blew_it_drawing import (
    ACTION_UI,
    BUTTON_Y,
    CALLOUT_C,
    CALLOUT_RISE,
    CENTRE,
    CLAIM_X0,
    CLAIM_X1,
    CLAIM_Y,
    COLOURS,
    DECK_C,
    DISCARD_C,
    FELT_AREA,
    FIRE_C,
    FIRE_SHOW_C,
    FIRE_WORDS_C,
    LOG,
    PANEL_HEAD,
    PRIMARY,
    SIDES,
    T_AFTER_ROLL,
    T_BOT_PAUSE,
    T_FLY,
    T_ROLL,
    TOKEN,
    card,
    Flyer,
    TableDrawing,
    TableModel,
    _marker_image,
)
from game.ui.tween import arc, ease_in_out_cubic
from game.ui.widgets import Button, key_name

log = logging.getLogger(__name__)

# Each action's key and the action it stands for (Enter: keep the roll).
ACTION_KEYS: dict[int, str] = {k: kind for kind, (_, k) in ACTION_UI.items()}


# ============================================================================ the scene
class YaBlewItTable(TableDrawing, TableScene):
    """The Ya Blew It! table for one `Match`: humans click or press keys, bots play themselves.

    Tests and tools: `idle` is True when no animation is pending; `fast_forward()` finishes them;
    `model` is the display model; `drift` counts the times it disagreed with the rules state.
    """

    bot_pause = T_BOT_PAUSE
    logger = log

    def __init__(self, match: Match) -> None:
        self._logged_kind: str | None = None   # the kind of the event the log told last
        super().__init__(match, LogPanel(LOG, top=40, footer=30, title_y=10, hint_bottom=8))
        self.flyers: list[Flyer] = []
        self.flash = 0.0
        self.panel_shake: dict[int, float] = {}
        self.hl_number = 0       # a rolled number that matched the Claim, outlined for a moment
        self.hl_time = 0.0
        self.spotlight: tuple[int, tuple[int, int], tuple[int, int]] | None = None  # a card held up big
        self._last_event: Event | None = None
        self.buttons: list[tuple[Action | None, Button]] = []
        self.safe_pick: list[str] = []
        self._safe_pick_key: Any = None
        self._odds_cache: tuple[Any, str] | None = None
        self._synced = False
        # Every log entry as it was written (the log panel holds them wrapped into screen lines).
        self.log_entries: list[tuple[str, tuple[int, int, int], bool]] = []
        # seat -> (what its area shows, {focused: its picture})
        self._panel_cache: dict[int, tuple[Any, dict[bool, pygame.Surface]]] = {}
        self._background: pygame.Surface | None = None
        self.rects = self._seat_rects()
        # (No number before a player's first roll: an 8 there read as one.)
        self.dice = [DieSprite(SIDES, 40, seed=p + 1, blank=True) for p in range(self.n)]
        self.big_die = DieSprite(SIDES, 76, seed=99, blank=True)
        self.marker_pos: tuple[float, float] | None = None
        self._marker_from: tuple[float, float] | None = None
        # A new game shows its own deal; a resumed one starts from the saved position.
        if not match.fresh:
            self.model = TableModel.from_state(match.state)
            self._resume_history()
            self._resume_dice()
        else:
            self.model = self._opening_model()
        for p in range(self.n):
            self.dice[p].set_out(self.model.out[p])

    # ------------------------------------------------------------------ set-up
    def _resume_dice(self) -> None:
        """A resumed game's dice show what each player last rolled, as they did before it was
        closed (the rolls are in the history), not a fresh 8."""
        for ev in self.match.history:
            if ev.kind in ("roll", "reroll"):
                p, value = int(ev.data["player"]), int(ev.data["value"])
                self.model.dice[p] = value
                self.dice[p].roll(value, 0)
                self.model.last_roll = (p, value)
        if self.model.last_roll is not None:
            self.big_die.roll(self.model.last_roll[1], 0)

    def _opening_model(self) -> TableModel:
        """The table before the opening events: no Cursed Gems out, the deck not yet drawn from."""
        state = self.match.state
        model = TableModel.from_state(state)
        drawn = [e for e in self.match.history if e.kind in ("draw", "fire_drawn")]
        if drawn:
            model.deck = int(drawn[0].data["deck"]) + 1
        model.claim = []
        model.fire_card = None
        model.cursed = [None] * self.n
        model.round_no = 0
        model.prospector = -1
        return model

    # ------------------------------------------------------------------ scene lifecycle
    def release_pictures(self) -> None:
        super().release_pictures()
        self._panel_cache.clear()
        self._background = None

    def enter(self) -> None:
        # Everything drawn once up front, so that no frame of play pays for a first drawing.
        art.prewarm(self._symbols())
        self._bg()
        _marker_image()

    def resume(self) -> None:
        self._panel_cache.clear()
        super().resume()

    # ------------------------------------------------------------------ settings
    def _symbols(self) -> bool:
        return bool(self.app.settings.colour_symbols) if self.app is not None else True

    # ------------------------------------------------------------------ public helpers
    def button_actions(self) -> list[Action]:
        """The actions the buttons on screen stand for (the fire button: the current Safe choice)."""
        return [a if a is not None else self._fire_action() for a, _ in self.buttons]

    # ------------------------------------------------------------------ the table's part of the machinery
    def _moving(self) -> bool:
        return bool(self.flyers) or self.big_die.busy or any(d.busy for d in self.dice)

    def _settle(self) -> None:
        self.flyers.clear()
        self.big_die.settle()
        for d in self.dice:
            d.set_out(d.out)

    def _events_arrived(self) -> None:
        self.buttons = []  # whatever was on offer has been decided

    def _beat_rolling(self, beat: Beat) -> bool:
        return self.big_die.rolling and beat.event.kind in ("roll", "reroll")

    def _end_roll(self, beat: Beat) -> None:
        if beat.event.kind in ("roll", "reroll") and self.big_die.rolling:
            self.big_die.settle()

    def _log_beat(self, ev: Event, beat: Beat) -> None:
        if ev.kind not in ("roll", "reroll"):  # a roll's text would give away the number early
            self._log(ev)
        else:
            beat.on_end.append(lambda: self._log(ev))
        self._last_event = ev

    # ------------------------------------------------------------------ animation helpers
    def _fly(self, beat: Beat, cid: int | None, a: tuple[float, float], b: tuple[float, float],
             on_land: Callable[[], None], *, size_a: tuple[int, int] = art.CARD,
             size_b: tuple[int, int] = art.CARD, flip: bool = False, delay: float = 0.0,
             duration: float = T_FLY, lift: float = 50.0, token: bool = False,
             on_start: Callable[[], None] | None = None) -> None:
        """A card flies from a to b along an arc, then `on_land` puts it in the model."""
        if self.speed() <= 0:
            if on_start:
                on_start()
            on_land()
            return
        fl = Flyer(cid, a, b, size_a, size_b, flip, lift, token)
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

    # ------------------------------------------------------------------ model helpers
    def _to_discard(self, cids: list[int]) -> None:
        for c in cids:
            for area in self.model.areas:
                if c in area:
                    area.remove(c)
            if c in self.model.claim:
                self.model.claim.remove(c)
            self.model.safes.pop(c, None)
        self.model.discard.extend(cids)

    def _move_marker(self, p: int, beat: Beat, duration: float) -> None:
        target = self.marker_home(p)
        start = self.marker_pos or (DECK_C[0], DECK_C[1])
        self.model.prospector = p
        s = self.speed()
        if s <= 0 or start == target:
            self.marker_pos = target
            return
        self._marker_from = start

        def upd(t: float) -> None:
            assert self._marker_from is not None
            self.marker_pos = arc(self._marker_from, target, t, 40)

        self._tween(beat, duration, upd, None, 0.0, ease_in_out_cubic)

    # ------------------------------------------------------------------ event handlers
    def _on_cursed(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])

        def land() -> None:
            self.model.cursed[p] = cid
            self._panel_cache.pop(p, None)

        self._fly(beat, cid, (CENTRE.centerx, CENTRE.centery), self.cursed_pos(p), land,
                  size_a=art.CARD, size_b=art.CURSED_MINI, duration=0.5, lift=30)
        self._hold(beat, 0.12)

    def _on_first(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._move_marker(p, beat, 0.6)
        self._panel_callout(p, "First Prospector", seat_rgb(p), 22, 1.2)
        self._hold(beat, 0.5)

    def _on_round(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["prospector"])
        self.model.round_no = int(ev.data["round"])
        self.model.out = [False] * self.n
        self.model.claim = []
        s = self.speed()
        for d in self.dice:
            d.set_out(False, 0.25 * s)
        self._move_marker(p, beat, 0.55)
        self._callout(f"Round {self.model.round_no}", ((CLAIM_X0 + CLAIM_X1) / 2, CLAIM_Y + 8), theme.GOLD, 34, 0.9)
        self._panel_cache.clear()
        self._hold(beat, 0.45)

    def _on_draw(self, ev: Event, beat: Beat) -> None:
        cid = int(ev.data["card"])
        self.model.deck = int(ev.data["deck"])
        count = len(self.model.claim) + 1
        target = self.claim_pos(count - 1, count)

        def land() -> None:
            self.model.claim.append(cid)

        self._play("draw")
        self._fly(beat, cid, DECK_C, target, land, flip=True, lift=36)
        self._hold(beat, 0.12)

    def _on_fire_drawn(self, ev: Event, beat: Beat) -> None:
        cid = int(ev.data["card"])
        self.model.deck = int(ev.data["deck"])
        s = self.speed()
        self._play("blast")
        big = art.SHOWN
        mid = (FIRE_SHOW_C[0], FIRE_SHOW_C[1])

        def arrive() -> None:
            # The card stays up, big, while the table shakes; the words go beside it.
            self.spotlight = (cid, mid, big)
            if s > 0:
                self.shake = 1.0
                self.flash = 1.0
            self._callout("FIRE IN", (FIRE_WORDS_C[0], FIRE_WORDS_C[1] - 28), (255, 190, 70), 52, 1.5)
            self._callout("THE HOLE!", (FIRE_WORDS_C[0], FIRE_WORDS_C[1] + 28), (255, 190, 70), 52, 1.5)
            if ev.data.get("final"):
                self._callout("the last card of the deck", (FIRE_WORDS_C[0], FIRE_WORDS_C[1] + 78), theme.INK,
                              22, 1.5)

        def park() -> None:
            self.model.fire_card = cid

        self._fly(beat, cid, DECK_C, mid, arrive, size_b=big, flip=True, duration=0.45, lift=20)
        self._fly(beat, cid, mid, FIRE_C, park, size_a=big, size_b=art.CARD, delay=1.45, duration=0.45, lift=10,
                  on_start=self._clear_spotlight)
        beat.on_end.append(self._clear_spotlight)
        self._hold(beat, 1.95)

    def _clear_spotlight(self) -> None:
        self.spotlight = None

    def _on_discard_claim(self, ev: Event, beat: Beat) -> None:
        self._claim_to_discard(beat, [int(c) for c in ev.data["cards"]])
        self._hold(beat, 0.3)

    def _claim_to_discard(self, beat: Beat, cids: list[int], wait: float = 0.0) -> None:
        count = len(self.model.claim)
        starts = {c: self.claim_pos(i, count) for i, c in enumerate(self.model.claim)}
        if wait > 0 and self.speed() > 0:
            # Leave the Claim on show for a moment (the matching number is outlined) before it goes.
            self._tween(beat, wait, lambda t: None, lambda: self._claim_to_discard(beat, cids))
            return
        self.model.claim = [c for c in self.model.claim if c not in cids]
        for k, c in enumerate(cids):
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            self._fly(beat, c, starts.get(c, (CLAIM_X0, CLAIM_Y)), DISCARD_C,
                      lambda c=c: self._to_discard([c]), delay=0.05 * k, duration=0.45, lift=40)  # type: ignore[misc]

    def _on_must_take(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Must take it", seat_rgb(p), 24, 1.2)
        self._hold(beat, 0.6)

    def _on_pass(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Pass", theme.INK, 26, 0.9)
        self._hold(beat, 0.35)

    def _on_roll(self, ev: Event, beat: Beat) -> None:
        p, value = int(ev.data["player"]), int(ev.data["value"])
        why = str(ev.data.get("why", ""))
        if why == "fire":
            last = self._last_event
            # `fire` with no Safes emits no `safes` event but still lifts any Safes placed before.
            if not (last is not None and last.kind == "safes" and last.data.get("player") == p):
                for s_cid in list(self.model.placed_safes(p).values()):
                    self.model.safes.pop(s_cid, None)
                self._panel_cache.pop(p, None)
        self._roll_die(beat, p, value)

    def _on_reroll(self, ev: Event, beat: Beat) -> None:
        p, value, det = int(ev.data["player"]), int(ev.data["value"]), int(ev.data["card"])
        start = self.area_pos(p, det)
        self._to_discard_from_area(p, det)
        self._fly(beat, det, start, DISCARD_C, lambda: self._to_discard([det]), size_a=TOKEN,
                  token=True, duration=0.45, lift=40)
        self._panel_callout(p, "Faulty Detonator!", (255, 200, 120), 22, 1.0)
        self._roll_die(beat, p, value)

    def _to_discard_from_area(self, p: int, cid: int) -> None:
        """Lift `cid` out of p's area now (it is in the air); it lands on the discard later."""
        if cid in self.model.areas[p]:
            self.model.areas[p].remove(cid)
        self.model.safes.pop(cid, None)
        self._panel_cache.pop(p, None)

    def _roll_die(self, beat: Beat, p: int, value: int) -> None:
        s = self.speed()
        self._play("dice")
        self.model.last_roll = (p, value)
        self.big_die.roll(value, T_ROLL * s)

        def done() -> None:
            self.model.dice[p] = value
            self.dice[p].roll(value, 0)

        beat.on_end.append(done)
        self._hold(beat, T_ROLL + T_AFTER_ROLL)

    def _highlight(self, number: int, seconds: float) -> None:
        self.hl_number = number
        self.hl_time = seconds * self.speed()

    def _on_steal(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._highlight(int(ev.data["value"]), 1.0)
        self._play("steal")
        self._callout("STOLEN!", CALLOUT_C, seat_rgb(p), 40, 1.1)
        self._hold(beat, 0.7)

    def _on_miss(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self.model.out[p] = True
        self.dice[p].set_out(True, 0.3 * self.speed())
        self._panel_callout(p, "Miss: out", theme.INK_DIM, 24, 1.0)
        self._panel_cache.pop(p, None)
        self._hold(beat, 0.5)

    def _on_take(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        cids = [int(c) for c in ev.data["cards"]]
        count = len(self.model.claim)
        starts = {c: self.claim_pos(i, count) for i, c in enumerate(self.model.claim)}
        self.model.claim = [c for c in self.model.claim if c not in cids]
        # Work out every landing spot against the area as it will be, column by column.
        extra: dict[str, int] = {}
        for k, c in enumerate(cids):
            kc = card(c)
            slot = "wild" if kc.kind == WILD else kc.colour if kc.kind == GEM else ""
            if slot:
                index = len(self.model.stack(p, slot)) + extra.get(slot, 0)
                extra[slot] = extra.get(slot, 0) + 1
                target = self.area_pos(p, c, index)
                size_b = art.MINI
            else:
                index = len(self.model.specials(p)) + extra.get("special", 0)
                extra["special"] = extra.get("special", 0) + 1
                target = self.special_pos(p, index, index + 1)
                size_b = TOKEN

            def land(c: int = c) -> None:
                self.model.areas[p].append(c)
                self._panel_cache.pop(p, None)

            self._fly(beat, c, starts.get(c, (CLAIM_X0, CLAIM_Y)), target, land, size_b=size_b,
                      delay=0.07 * k, duration=0.55, lift=60, token=not slot)
        self._hold(beat, 0.2)

    def _on_jump(self, ev: Event, beat: Beat) -> None:
        p, cid = int(ev.data["player"]), int(ev.data["card"])
        start = self.area_pos(p, cid)
        self._to_discard_from_area(p, cid)
        self._play("steal")
        self._fly(beat, cid, start, DISCARD_C, lambda: self._to_discard([cid]), size_a=TOKEN, token=True,
                  duration=0.5, lift=50)
        self._panel_callout(p, "Claim Jumper!", seat_rgb(p), 28, 1.2)
        self._hold(beat, 0.7)

    def _on_keep(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Keeps the Claim", seat_rgb(p), 24, 1.0)
        self._hold(beat, 0.4)

    def _on_add(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Adds cards", seat_rgb(p), 24, 1.0)
        self._hold(beat, 0.4)

    def _on_gamble(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Gambles!", (255, 200, 90), 30, 1.1)
        self._hold(beat, 0.55)

    def _on_draw_more(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._panel_callout(p, "Draws again", seat_rgb(p), 24, 1.0)
        self._hold(beat, 0.35)

    def _on_gamble_lost(self, ev: Event, beat: Beat) -> None:
        self._play("blast")
        if self.speed() > 0:
            self.shake = 0.8
            self.flash = 0.6
        self._callout("YA BLEW IT!", CALLOUT_C, (255, 120, 80), 44, 1.4)
        self._highlight(int(ev.data["value"]), 0.7)
        self._claim_to_discard(beat, [int(c) for c in ev.data["cards"]], 0.6)
        self._hold(beat, 0.9)

    def _on_gamble_won(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self._play("steal")
        self._callout("Won the gamble!", CALLOUT_C, seat_rgb(p), 34, 1.1)
        self._hold(beat, 0.5)

    def _on_safes(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        colours = [str(c) for c in ev.data["colours"]]
        owned = self.model.owned(p, SAFE)
        # The rules say which Safe guards which stack (older saves: the oldest Safes, in order).
        chosen = [int(c) for c in ev.data.get("safes", owned[: len(colours)])]
        starts = {s: self.area_pos(p, s) for s in owned}
        for s in owned:
            self.model.safes.pop(s, None)
        for k, (s, colour) in enumerate(zip(chosen, colours)):
            target = self.slot_rect(p, colour)
            dest = (target.centerx, self.rects[p].y + self._badge_y(len(self.model.stack(p, colour))))

            def land(s: int = s, colour: str = colour) -> None:
                self.model.safes[s] = colour

            self._fly(beat, s, starts[s], dest, land, size_a=TOKEN, size_b=art.BADGE, token=True,
                      delay=0.08 * k, duration=0.4, lift=24)
        self._hold(beat, 0.25)

    def _on_blast(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        lost = [int(c) for c in ev.data["lost"]]
        used = [int(c) for c in ev.data["safes_used"]]
        gone = sorted(set(lost) | set(used))
        starts = {c: self.area_pos(p, c) for c in gone}
        kinds = {c: card(c).kind for c in gone}
        for c in gone:
            self._to_discard_from_area(p, c)
        if gone:
            self._play("blast")
            if self.speed() > 0:
                self.panel_shake[p] = 1.0
        for k, c in enumerate(gone):
            small = art.MINI if kinds[c] in (GEM, WILD) else (art.BADGE if c in used else TOKEN)
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            self._fly(beat, c, starts[c], DISCARD_C, lambda c=c: self._to_discard([c]), size_a=small,  # type: ignore[misc]
                      token=kinds[c] not in (GEM, WILD), delay=0.12 + 0.06 * k, duration=0.55, lift=70)
        if lost:
            self._panel_callout(p, f"Boom! Lost {len(lost)}", (255, 130, 80), 28, 1.3)
        elif used:
            self._panel_callout(p, "Saved by a Safe", theme.GOOD, 26, 1.2)
        else:
            self._panel_callout(p, "Phew: nothing lost", theme.GOOD, 24, 1.1)
        self._hold(beat, 0.75)

    def _on_fire_done(self, ev: Event, beat: Beat) -> None:
        cid = self.model.fire_card
        if cid is not None:
            self.model.fire_card = None

            def land(c: int = cid) -> None:
                self.model.discard.append(c)

            self._fly(beat, cid, FIRE_C, DISCARD_C, land, duration=0.45, lift=40)
        self._hold(beat, 0.3)

    def _on_game_over(self, ev: Event, beat: Beat) -> None:
        self._announce_winners(ev, beat, ((CLAIM_X0 + CLAIM_X1) / 2, CLAIM_Y + 20), 52)

    def _panel_callout(self, p: int, text: str, colour: tuple[int, int, int], size: int,
                       duration: float) -> None:
        """Words about player p over their scoring area, where they hide no card, name or score:
        the free felt nearest the middle of the area, else the nearest free place on the table."""
        s = self.speed()
        if s <= 0:
            return
        r = self.rects[p]
        img = callout_image(text, size, colour)
        spot = placing.free_spot((r.centerx, r.y + 96), img.get_size(), self.covered_rects(),
                                 FELT_AREA, rise=CALLOUT_RISE)
        if spot is None:  # the table is full: over the area's header, which the callout outlives
            spot = (r.centerx, r.y + PANEL_HEAD // 2 + CALLOUT_RISE)
        self.callouts.append(Callout(img, spot, max(0.5, duration * s), rise=CALLOUT_RISE))

    # ------------------------------------------------------------------ truth
    def _sync(self) -> None:
        """Compare the caught-up model with the rules state, then take the state's word for it."""
        self._synced = True
        self._adopt_truth(TableModel.from_state(self.match.state))
        for p in range(self.n):
            if self.dice[p].out != self.model.out[p]:
                self.dice[p].set_out(self.model.out[p])
        if self.model.prospector >= 0 and not self.flyers:
            self.marker_pos = self.marker_home(self.model.prospector)
        # (No need to drop the panel pictures: each is keyed by everything it shows.)
        roll = getattr(self.match.state, "roll", None)
        turn = self.match.to_move()
        if roll and turn is not None and self.model.last_roll != (turn, roll["value"]):
            # A roll waiting for a re-roll decision (say, in a resumed game) shows on the die.
            self.model.last_roll = (turn, int(roll["value"]))
            self.big_die.roll(int(roll["value"]), 0)

    # ------------------------------------------------------------------ the frame
    def _animate(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt * 2.0)
        self.hl_time = max(0.0, self.hl_time - dt)
        for p in list(self.panel_shake):
            self.panel_shake[p] -= dt * 2.0
            if self.panel_shake[p] <= 0:
                del self.panel_shake[p]
        self.big_die.update(dt)
        for d in self.dice:
            d.update(dt)

    def _needs_sync(self) -> bool:
        # Never compared yet (a resumed game), or the opening never reached the table.
        return not self._synced or self.model.round_no == 0 or self.model.prospector < 0

    # ------------------------------------------------------------------ buttons and input
    def _prepare_human_turn(self) -> None:
        self._ensure_buttons()

    def _ensure_buttons(self) -> None:
        key = (len(self.match.actions), self.match.to_move())
        if key == self._buttons_key:
            return
        self._buttons_key = key
        state = self.match.state
        legal = self.match.legal_actions()
        specs: list[tuple[Action | None, str, int, bool]] = []
        if state.phase == FIRE_PHASE:
            self._init_safe_pick()
            specs.append((None, "Roll", pygame.K_r, True))
        else:
            for a in legal:
                label, k = ACTION_UI[a.kind]
                if a.kind == "roll" and state.phase == MINER:
                    label = "Roll to steal"
                specs.append((a, label, k, a.kind in PRIMARY))
        # Room for the label and, at the bottom right, the shortcut hint the Button draws.
        widths = [max(150, theme.font(20, True).size(lbl)[0] + 2 * theme.font(11).size(key_name(k))[0] + 44)
                  for _, lbl, k, _ in specs]
        total = sum(widths) + 16 * (len(widths) - 1)
        x = (CLAIM_X0 + CLAIM_X1) // 2 - total // 2
        self.buttons = []
        for (a, lbl, k, primary), w in zip(specs, widths):
            # (mypy cannot type a lambda whose default binds the loop variable: python/mypy#15459.)
            cb: Callable[[], None] = (lambda a=a: self._press(a))  # type: ignore[misc]
            self.buttons.append((a, Button((x, BUTTON_Y, w, 44), lbl, cb, k, primary=primary)))
            x += w + 16

    def _press(self, action: Action | None) -> None:
        if self.app is not None:
            self.app.play("click")
        self._apply(action if action is not None else self._fire_action())

    def _init_safe_pick(self) -> None:
        p = self.match.to_move()
        key = (len(self.match.actions), p)
        if key == self._safe_pick_key or p is None:
            return
        self._safe_pick_key = key
        state = self.match.state
        stacks = state.stacks(p)
        safes = state.owned(p, SAFE)
        # Safes stay where they were put last time, if that stack is still there.
        placed = [state.safes[s] for s in safes if s in state.safes and state.safes[s] in stacks]
        self.safe_pick = [c for c in COLOURS if c in placed][: len(safes)]

    def _hint_spots(self, action: Action) -> list[pygame.Rect]:
        """The coach's best choice: its button; for the Fire, the stacks to put Safes on and Roll."""
        if action.kind == "fire":
            p = self.match.to_move()
            if p is None:
                return []
            return ([self.slot_rect(p, c) for c in action.args if c in COLOURS]
                    + [b.rect for a, b in self.buttons if a is None])
        return [b.rect for a, b in self.buttons if a == action]

    def _fire_action(self) -> Action:
        return Action("fire", tuple(c for c in COLOURS if c in self.safe_pick))

    def toggle_safe(self, colour: str) -> None:
        """Put a Safe on (or take it off) a colour stack of the player rolling for the Fire."""
        state = self.match.state
        p = self.match.to_move()
        if p is None or state.phase != FIRE_PHASE or not self.match.human_to_move():
            return
        safes = len(state.owned(p, SAFE))
        name = card_set().colour(colour).name
        if not safes:
            self._say("You have no Safe to place.")
            return
        if colour not in state.stacks(p):
            self._say(f"You have no {name} stack to protect.")
            return
        if colour in self.safe_pick:
            self.safe_pick.remove(colour)
        else:
            if len(self.safe_pick) >= safes:
                self.safe_pick.pop(0)  # move the oldest Safe over, rather than refusing
            self.safe_pick.append(colour)
        if self.app is not None:
            self.app.play("click")
        self._panel_cache.pop(p, None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._undo_click(event) or self._hint_click(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if self._table_key(event):
                return True
            if event.key == pygame.K_KP_ENTER:
                event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=event.mod,
                                           unicode="\r", scancode=0)
            if self.buttons and pygame.K_1 <= event.key <= pygame.K_6:
                self.toggle_safe(COLOURS[event.key - pygame.K_1])
                return True
        if event.type == pygame.MOUSEWHEEL and self._wheel_log(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.buttons:
            p = self.match.to_move()
            if p is not None and self.match.state.phase == FIRE_PHASE:
                for colour in COLOURS:
                    if self.slot_rect(p, colour).collidepoint(event.pos):
                        self.toggle_safe(colour)
                        return True
        if self.idle and self.match.human_to_move():
            for _, b in list(self.buttons):
                if b.handle_event(event):
                    return True
            if event.type == pygame.KEYDOWN and self._refuse_key(event.key):
                return True
        return False

    def _refuse_key(self, k: int) -> bool:
        """An action's key pressed when no button offers it: the rules' reason it is not allowed
        now goes in the message (a key that is no action's, or whose action is allowed, says
        nothing: the buttons play what is allowed)."""
        kind = ACTION_KEYS.get(k)
        if kind is None or self.replay:
            return False
        reason = self.match.state.why_not(Action(kind))
        if reason is None:
            return False
        self._say(sentence(reason))
        return True

    # ------------------------------------------------------------------ the log
    def _log(self, ev: Event) -> None:
        if ev.kind in ("shuffle",):
            return
        # A Claim taken after a line that counted its cards ("kept the Claim: 2 cards") is not
        # told again ("takes 2 cards"); after a Jumper or the final Claim it says the count.
        said, self._logged_kind = self._logged_kind, ev.kind
        if ev.kind == "take" and said in ("keep", "steal", "gamble_won"):
            return
        p = ev.data.get("player")
        colour = seat_rgb(p) if isinstance(p, int) else theme.INK_DIM
        heading = ev.kind in ("round", "game_over", "fire_drawn")
        if ev.kind == "round":
            colour = theme.GOLD
        elif ev.kind in ("fire_drawn", "fire_done"):
            colour = (255, 170, 80)
        self.log_entries.append((ev.text, colour, heading))
        self.log_panel.add(ev.text, colour, heading)

    def _event_on_show(self) -> tuple[Event, int | None] | None:
        """The event the table is showing, and its actor; None when it waits for a decision.

        Between a decision and the start of its first beat (a bot decides at the end of a frame)
        the table is already busy: it shows the event about to start, never the next prompt.
        """
        if self.idle:
            return None
        if self.beat is not None:
            return self.beat.event, self.beat.actor
        ev = self.pending[0] if self.pending else self._last_event
        if ev is None:
            return None
        p = ev.data.get("player")
        return ev, p if isinstance(p, int) else None

    def _can_place_safes(self, p: int) -> bool:
        """Whether p has a Safe and a Gem stack to put it on (the Fire in the Hole's 1-6 keys)."""
        state = self.match.state
        return bool(state.owned(p, SAFE)) and bool(state.stacks(p))
