"""The Gold Mine table: the hex mountain, the compass, the four dice and the move being assembled.

The scene never changes rules state on its own, and it never decides what is legal: a human's
clicks and keys build a `Move` (the rules' own partial-move type), `state.preview(move)` says
what it would do and why not, and only an action from `match.legal_actions()` is sent to
`Match.apply`. Bots think on a worker thread (`BotThinker`); their move is shown on the map for a
moment before it is played, so everybody sees what is coming.

The events that come back are queued (the machinery is `TableScene`'s, in base.py), and a *display
model* (`MineModel`) catches up with them one at a time while dice tumble, miners walk their
tunnels, blasts go off and fences grow. Drawing is a function of that model and the clock.
Whenever the queue runs dry the model is compared with `match.state` and rebuilt from it (a
mismatch is counted in `drift`, which the tests keep at zero).

The layout, the display model and the drawing are in gold_mine_drawing.py (`TableDrawing`, mixed
into the scene). The move being assembled, and every question about it, is `MoveBuilder`'s
(gold_mine_moves.py).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.core.contract import Action, Event, IllegalAction
from game.core.match import Match
from game.games.gold_mine.board import Hex
from game.games.gold_mine.rules import (
    ACTION_TITLES,
    START,
    GoldMineState,
    Move,
    Preview,
    start_action,
    start_label,
)
from game.games.gold_mine.tables import DICE
from game.core import words
from game.ui import placing, theme
from game.ui.dice import DieSprite, die_face
from game.ui.hexmap import HexMapView, MapPreview, compass_image, miner_token, seat_rgb
from game.ui.tables.base import Beat, Callout, LogPanel, TableScene, callout_image
from game.ui.tables.coach import Spot
from game.ui.tables.gold_mine_drawing import (
    ACTION_VERBS,
    COMPASS_SIZE,
    DIE_SIZE,
    IVORY,
    LOG,
    MAP,
    MAP_RISE,
    MOVE_BOX,
    PLAYERS_BOX,
    T_BLAST,
    T_BOT_SHOW,
    T_BOT_THINK,
    T_ROLL,
    T_STEP,
    Coin,
    MineModel,
    PlayersList,
    TableDrawing,
    _after_name,
    _ease_drop,
    _start_hex,
)
from game.ui.tables.gold_mine_moves import FIELDS, MoveBuilder
from game.ui.tween import ease_in_out_cubic, ease_out_cubic, lerp2
from game.ui.widgets import Button

log = logging.getLogger(__name__)


# ============================================================================ the scene
class GoldMineTable(TableDrawing, TableScene):
    """The Gold Mine table for one `Match`: humans click or press keys, bots play themselves.

    Tests and tools: `idle` is True when no animation is pending; `fast_forward()` finishes them;
    `model` is the display model; `drift` counts the times it disagreed with the rules state;
    `move` is the human's move being assembled and `current_action()` the action it makes.
    """

    says_replay_keys = True   # (the move panel's foot: REPLAY_KEYS)

    bot_pause = T_BOT_THINK
    message_seconds = 4.5
    shake_decay = 2.4
    callout_bounce = True
    callout_clamp = True
    drift_details = True
    logger = log

    def __init__(self, match: Match) -> None:
        if match.game != "gold_mine":
            raise ValueError(f"the Gold Mine table cannot show {match.game}")
        super().__init__(match, LogPanel(LOG, top=38, footer=26, title_y=9, hint_bottom=7))
        state = self.state
        self.view = HexMapView(state.map, MAP, used_starts=self._used_starts(match.history))
        self.coins: list[Coin] = []
        # Animation overrides: miners walking (pixel positions), dropping in (lift), blasts.
        self.walk: dict[int, tuple[float, float]] = {}
        self.lift: dict[int, float] = {}
        self.bursts: list[tuple[Hex, float]] = []
        self.anim_preview: MapPreview | None = None     # the move being played, drawn while it animates
        self.shown_direction = 0
        self.shown_money: list[float] = []
        # A bot's decision, shown on the map before it is applied: (action, preview, seconds left).
        self.bot_preview: Preview | None = None     # the rules' preview of that move (its words)
        # While start points are chosen: the X the keys have picked out (Enter chooses it).
        self.start_pick: Hex | None = None
        # The human's move being assembled.
        self.moves = MoveBuilder(match, lambda: self.model, can_act=self._human_turn, say=self._say,
                                 changed=self._move_changed, note=self._note)
        self.buttons: list[Button] = []
        self._players_cache: PlayersList | None = None
        self._last_shown: Event | None = None   # the latest event shown (it is in the log)
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self.dice = [DieSprite(6, DIE_SIZE, seed=i + 1, look=IVORY) for i in range(DICE)]
        # A new game shows its own set-up; a resumed one starts from the saved position.
        if not match.fresh:
            self.model = MineModel.from_state(state)
            self._cosmetics_from_history()
            self._resume_history()
            for i, d in enumerate(self.dice):
                if self.model.round_no == 0:   # start points still being chosen: no roll yet
                    d.set_out(True)
                    continue
                d.roll(self.model.dice[i], 0)
                d.set_out(self.model.taken[i] is not None)
        else:
            self.model = self._opening_model()
            for d in self.dice:
                d.set_out(True)  # lying in the tray until the first roll
        self.shown_money = [float(m) for m in self.model.money]

    @property
    def state(self) -> GoldMineState:
        s = self.match.state
        assert isinstance(s, GoldMineState)
        return s

    # ------------------------------------------------------------------ set-up
    def _used_starts(self, events: list[Event]) -> list[Hex] | None:
        """The X miners started on, once every seat has one (None: show every X)."""
        used = [e.data["hex"] for e in events if e.kind == "start"]
        return used if len(used) == self.n else None

    def _show_used_starts(self) -> None:
        """Every seat stands on an X: the X nobody chose fade (the map is drawn again)."""
        used = self._used_starts(self.match.history)
        if used is not None and frozenset(used) != self.view.used_starts:
            self.view = HexMapView(self.state.map, MAP, used_starts=used)
            self._static = None

    def _opening_model(self) -> MineModel:
        """The table before the opening events: no miners placed, no dice rolled."""
        model = MineModel.from_state(self.state)
        model.pos = [None] * self.n
        model.round_no = 0
        model.starter = 0
        model.dice = (0, 0, 0, 0)
        model.taken = [None] * DICE
        model.step = 0
        return model

    def _cosmetics_from_history(self) -> None:
        """What each taken die was used for this round, read back from the events."""
        for ev in self.match.history:
            if ev.kind == "round":
                self.model.taken_as = [""] * DICE
                self.model.acted = {}
            elif ev.kind in ("mine", "blow", "block", "barrier", "income"):
                self._note_taken(ev)
                if ev.kind == "mine":
                    self.model.tunnels.append((int(ev.data["player"]),
                                               (ev.data["start"],) + tuple(ev.data["path"])))
                elif ev.kind == "barrier":
                    self.model.barrier_starts.append(ev.data["start"])
            elif ev.kind == "stuck":
                self.model.acted[int(ev.data["player"])] = "sat out"

    def _note_taken(self, ev: Event) -> None:
        p, die = int(ev.data["player"]), int(ev.data["die"])
        word = ACTION_VERBS[ev.kind]
        if ev.data.get("modifier"):
            word = f"Mod → {word}"
        self.model.taken_as[die] = word
        self.model.acted[p] = word

    # ------------------------------------------------------------------ scene lifecycle
    def release_pictures(self) -> None:
        super().release_pictures()
        self._static = None
        self._players_cache = None
        self.view.release()

    def enter(self) -> None:
        # Everything drawn once up front, so that no frame of play pays for a first drawing.
        self.view.prewarm()
        self._static_surface()
        for p in range(self.n):
            miner_token(p, self.view.size)
        for v in range(1, 7):
            die_face(6, v, DIE_SIZE, IVORY)
            die_face(6, v, 34, IVORY)
            compass_image(COMPASS_SIZE, v, ())
        compass_image(COMPASS_SIZE, 0, ())

    def resume(self) -> None:
        self._players_cache = None
        super().resume()

    # ------------------------------------------------------------------ the table's part of the machinery
    def _moving(self) -> bool:
        return super()._moving() or any(d.busy for d in self.dice)

    def _settle(self) -> None:
        for d in self.dice:
            d.settle()
            d.set_out(d.out)
        self.walk.clear()
        self.lift.clear()
        self.bursts.clear()
        self.coins.clear()
        self.anim_preview = None

    def _beat_rolling(self, beat: Beat) -> bool:
        return beat.event.kind == "round" and any(d.rolling for d in self.dice)

    def _end_roll(self, beat: Beat) -> None:
        if beat.event.kind == "round":
            for d in self.dice:
                d.settle()

    # ------------------------------------------------------------------ animation helpers
    def _row_callout(self, p: int, text: str, colour: tuple[int, int, int]) -> None:
        """Words about a player ("−4$ dice") in their row of the players list, in place of
        its second line (which comes back when they have gone), so they hide no name and no
        money; several in a row wait their turn instead of piling up."""
        s = self.speed()
        if s <= 0:
            return
        part = self.player_row_parts(p)["status"]
        size = theme.fit_size(text, part.w - 4, 15, 11, title=True)
        img = callout_image(text, size, colour)
        pos = (part.x - placing.PADDING + img.get_width() / 2, part.centery)
        queued = [c.delay - c.age for c in self.callouts if c.pos[1] == pos[1] and PLAYERS_BOX.collidepoint(c.pos)]
        wait = max([0.0] + [q + 0.45 * s for q in queued])
        self.callouts.append(Callout(img, pos, 1.1 * s, rise=0.0, delay=wait))
        self._players_cache = None

    def _row_callouts(self) -> tuple[int, ...]:
        """The players whose row shows floating words now (their second line makes way)."""
        busy = []
        for p in range(self.n):
            part = self.player_row_parts(p)["status"]
            if any(part.collidepoint(c.pos) and c.age >= c.delay for c in self.callouts):
                busy.append(p)
        return tuple(busy)

    def _map_callout(self, text: str, anchor: tuple[float, float], colour: tuple[int, int, int], size: int,
                     duration: float) -> None:
        """Words over the mountain, at the free place nearest `anchor`: never over a mine's value
        or a miner (smaller, when a big one finds no room)."""
        s = self.speed()
        if s <= 0:
            return
        obstacles = self.map_covered_rects()
        for points in range(size, 13, -4):
            img = callout_image(text, points, colour)
            spot = placing.free_spot(anchor, img.get_size(), obstacles, MAP.inflate(-8, -8), rise=MAP_RISE)
            if spot is not None:
                self.callouts.append(Callout(img, spot, max(0.5, duration * s), rise=MAP_RISE))
                return
        self._callout(text, anchor, colour, size, duration)

    def _walk(self, beat: Beat, p: int, hexes: list[Hex], on_hex: Callable[[int], None] | None = None,
              delay: float = 0.0) -> None:
        """The miner of `p` walks from its hex through `hexes`; `on_hex(i)` as it reaches each one."""
        start = self.model.pos[p]
        if start is None or not hexes:
            return
        points = [self.view.centre(start)] + [self.view.centre(h) for h in hexes]
        s = self.speed()
        if s <= 0:
            for i in range(len(hexes)):
                if on_hex:
                    on_hex(i)
            return
        reached = [-1]

        def upd(t: float) -> None:
            x = t * len(hexes)
            k = min(len(hexes) - 1, int(x))
            frac = x - k
            self.walk[p] = lerp2(points[k], points[k + 1], ease_in_out_cubic(min(1.0, frac)))
            while reached[0] < min(len(hexes) - 1, int(x + 0.5) - 1 if t < 1 else len(hexes) - 1):
                reached[0] += 1
                if on_hex:
                    on_hex(reached[0])

        def done() -> None:
            while reached[0] < len(hexes) - 1:
                reached[0] += 1
                if on_hex:
                    on_hex(reached[0])
            self.walk.pop(p, None)

        self._tween(beat, T_STEP * len(hexes) + 0.1, upd, done, delay, ease=lambda t: t)

    # ------------------------------------------------------------------ event handlers
    def _on_setup(self, ev: Event, beat: Beat) -> None:
        self._hold(beat, 0.2)

    def _on_start(self, ev: Event, beat: Beat) -> None:
        p, h = int(ev.data["player"]), ev.data["hex"]
        self.model.pos[p] = h
        if "order" in ev.data:   # chosen in play: the next seat chooses
            self.model.step = int(ev.data["order"]) + 1
            self.start_pick = None
            self._play("click")

        def upd(t: float) -> None:
            self.lift[p] = (1 - t) * 120

        def landed() -> None:
            self.lift.pop(p, None)

        self._tween(beat, 0.4, upd, landed, ease=_ease_drop)
        self._hold(beat, 0.15)

    def _on_first(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self.model.starter = p
        self._players_cache = None
        h = self.model.pos[p]
        x, y = self.view.centre(h) if h is not None else MAP.center
        self._map_callout(f"{self.match.seats[p].name} starts", (x, y - self.view.size), seat_rgb(p), 22, 1.3)
        self._hold(beat, 0.5)

    def _on_round(self, ev: Event, beat: Beat) -> None:
        self._show_used_starts()
        m = self.model
        m.round_no = int(ev.data["round"])
        m.starter = int(ev.data["starter"])
        m.dice = tuple(int(x) for x in ev.data["dice"])
        m.taken = [None] * DICE
        m.taken_as = [""] * DICE
        m.acted = {}
        m.step = 0
        self._players_cache = None
        s = self.speed()
        self._play("dice")
        for i, d in enumerate(self.dice):
            d.set_out(False, 0.2 * s)
            d.roll(m.dice[i], (T_ROLL + 0.1 * i) * s)
        self._map_callout(f"Round {m.round_no}", (MAP.centerx, MAP.centery - 40), theme.GOLD, 46, 1.1)
        self._hold(beat, T_ROLL + 0.5)

    def _on_modifier(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        die, value, kind = int(ev.data["die"]), int(ev.data["value"]), str(ev.data["kind"])
        h = self.model.pos[p]
        x, y = self.view.centre(h) if h is not None else MAP.center
        self._map_callout(f"die {die + 1} acts as {value}: {ACTION_TITLES[kind]}", (x, y - self.view.size),
                          seat_rgb(p), 20, 1.4)
        self._hold(beat, 0.5)

    def _begin_action(self, ev: Event, beat: Beat) -> int:
        """What every action does first: the die is taken, dice changes are paid, the move is shown."""
        p = int(ev.data["player"])
        die = int(ev.data["die"])
        self.model.taken[die] = p
        self._note_taken(ev)
        self.dice[die].set_out(True, 0.3 * self.speed())
        cost = int(ev.data.get("change_cost", 0))
        if cost:
            self._money(p, -cost)
            self._row_callout(p, f"{words.money(-cost)} dice", (255, 150, 130))
        d = ev.data.get("direction")
        self.shown_direction = int(d) if d else 0
        return p

    def _end_action(self) -> None:
        # The turn passes once the barrier fees that follow a tunnel have been paid too.
        if not (self.pending and self.pending[0].kind == "fee"):
            self.model.step += 1
        self.anim_preview = None
        self.shown_direction = 0
        self._players_cache = None

    def _on_mine(self, ev: Event, beat: Beat) -> None:
        p = self._begin_action(ev, beat)
        path = [h for h in ev.data["path"]]
        paid = dict((h, int(x)) for h, x in ev.data.get("collected", ()))
        self.anim_preview = MapPreview("mine", p, ev.data["start"], path=tuple(path), end=path[-1])
        self._money(p, -int(ev.data.get("mining_cost", 0)))
        start = ev.data["start"]
        self.model.tunnels.append((p, (start,)))
        tunnel = len(self.model.tunnels) - 1
        self._row_callout(p, f"{words.money(-int(ev.data.get('mining_cost', 0)))} digging", (255, 150, 130))

        def reach(i: int) -> None:
            h = path[i]
            self.model.tunnels[tunnel] = (p, (start,) + tuple(path[:i + 1]))
            if h in paid:
                self.model.collected[h] = (p, paid[h], "mined")
                self._money(p, paid[h])
                self._play("coin")
                self._map_callout(words.money(paid[h], signed=True), self.view.centre(h), (255, 226, 120), 26, 1.0)

        def arrive() -> None:
            self.model.pos[p] = path[-1]
            self._end_action()

        self._walk(beat, p, path, reach)
        beat.on_end.append(arrive)
        self._hold(beat, 0.3)

    def _on_fee(self, ev: Event, beat: Beat) -> None:
        p, owner, amount = int(ev.data["player"]), int(ev.data["owner"]), int(ev.data["amount"])
        a, b = self.money_pos(p), self.money_pos(owner)
        coin = Coin(a, b)
        self._play("steal")
        self._money(p, -amount)
        self._row_callout(p, f"{words.money(-amount)} fee", (255, 150, 130))

        def upd(t: float) -> None:
            coin.t = t
            if coin not in self.coins:
                self.coins.append(coin)

        def land() -> None:
            if coin in self.coins:
                self.coins.remove(coin)
            self._money(owner, amount)
            self._row_callout(owner, f"{words.money(amount, signed=True)} fee", (255, 226, 120))

        self._tween(beat, 0.6, upd, land)
        beat.on_end.append(self._end_action)
        self._hold(beat, 0.5)

    def _on_blow(self, ev: Event, beat: Beat) -> None:
        p = self._begin_action(ev, beat)
        hexes = [h for h in ev.data["hexes"]]
        paid = dict((h, int(x)) for h, x in ev.data.get("collected", ()))
        path = tuple(ev.data["path"])
        self.anim_preview = MapPreview("blow", p, ev.data["start"], path=path, area=tuple(hexes))

        def boom() -> None:
            self._play("blast")
            if self.speed() > 0:
                self.shake = 0.7
            for h in hexes:
                self.model.blasted.add(h)
                if h in paid:
                    self.model.collected[h] = (p, paid[h], "blown")
                if paid.get(h):   # (a 1$ mine blown pays half of it: nothing to show)
                    self._money(p, paid[h])
                    self._map_callout(words.money(paid[h], signed=True), self.view.centre(h), (255, 226, 120),
                                      26, 1.1)
            self.anim_preview = None
            for h in hexes:
                self.bursts.append((h, 0.0))

        def upd(t: float) -> None:
            self.bursts = [(h, t) for h, _ in self.bursts]

        self._later(beat, 0.5, boom)
        self._tween(beat, T_BLAST, upd, lambda: self.bursts.clear(), delay=0.5, ease=ease_out_cubic)
        beat.on_end.append(self._end_action)
        self._hold(beat, 0.6)

    def _on_block(self, ev: Event, beat: Beat) -> None:
        p = self._begin_action(ev, beat)
        hexes = [h for h in ev.data["hexes"]]
        self.anim_preview = MapPreview("block", p, ev.data["start"], path=tuple(ev.data["path"]), area=tuple(hexes))

        def place() -> None:
            for h in hexes:
                self.model.blocked.setdefault(h, p)
            self._play("click")
            self._map_callout("BLOCKED", self.view.centre(hexes[0]), (240, 240, 240), 22, 1.0)
            self.anim_preview = None

        self._later(beat, 0.55, place)
        beat.on_end.append(self._end_action)
        self._hold(beat, 0.9)

    def _on_barrier(self, ev: Event, beat: Beat) -> None:
        p = self._begin_action(ev, beat)
        hexes = [h for h in ev.data["hexes"]]
        self.model.barriers.append((p, ()))
        index = len(self.model.barriers) - 1
        del self.model.barrier_starts[index:]
        self.model.barrier_starts += [None] * (index - len(self.model.barrier_starts)) + [ev.data["start"]]

        def reach(i: int) -> None:
            self.model.barriers[index] = (p, tuple(hexes[:i + 1]))

        def arrive() -> None:
            self.model.barriers[index] = (p, tuple(hexes))
            self.model.pos[p] = hexes[-1]
            self._end_action()

        self._walk(beat, p, hexes, reach)
        beat.on_end.append(arrive)
        self._hold(beat, 0.3)

    def _on_income(self, ev: Event, beat: Beat) -> None:
        p = self._begin_action(ev, beat)
        income = int(ev.data.get("income", 0))

        def pay() -> None:
            self._money(p, income)
            self._play("coin")
            self._row_callout(p, f"{words.money(income, signed=True)} income", (255, 226, 120))
            h = self.model.pos[p]
            if h is not None:
                self._map_callout(words.money(income, signed=True), self.view.centre(h), (255, 226, 120), 24, 1.0)

        self._later(beat, 0.2, pay)
        beat.on_end.append(self._end_action)
        self._hold(beat, 0.8)

    def _on_stuck(self, ev: Event, beat: Beat) -> None:
        p = int(ev.data["player"])
        self.model.acted[p] = "sat out"
        self._row_callout(p, "can't act: sits out", theme.INK_DIM)
        beat.on_end.append(self._end_action)
        self._hold(beat, 0.9)

    def _on_game_over(self, ev: Event, beat: Beat) -> None:
        self.model.over = True
        self.model.step = 0
        # The winners' names, big, over the mountain (where they hide no mine's value).
        winners = [int(w) for w in ev.data.get("winners", [])]
        self._play_end(winners)
        if winners:
            names = " & ".join(self.match.seats[w].name for w in winners)
            verb = "wins!" if len(winners) == 1 else "tie!"
            self._map_callout(f"{names} {verb}", MAP.center, seat_rgb(winners[0]), 48, 3.0)
        self._hold(beat, 0.8)

    # ------------------------------------------------------------------ truth
    def _sync(self) -> None:
        """Compare the caught-up model with the rules state, then take the state's word for it."""
        self._adopt_truth(MineModel.from_state(self.state))
        for i, d in enumerate(self.dice):
            if self.model.round_no == 0:
                break   # not rolled yet: the dice lie in the tray
            if not d.rolling and d.value != self.model.dice[i]:
                d.roll(self.model.dice[i], 0)
            out = self.model.taken[i] is not None
            if d.out != out:
                d.set_out(out)
        self._players_cache = None

    # ------------------------------------------------------------------ the frame
    def _animate(self, dt: float) -> None:
        for d in self.dice:
            d.update(dt)
        self._count_money(dt)

    def _needs_sync(self) -> bool:
        return self.model.round_no == 0

    def _count_money(self, dt: float) -> None:
        """The money shown counts towards the model's, a few dollars a frame."""
        if len(self.shown_money) != self.n:
            self.shown_money = [float(m) for m in self.model.money]
        for p in range(self.n):
            target = self.model.money[p]
            cur = self.shown_money[p]
            if cur != target:
                rate = max(12.0, abs(target - cur) * 6)
                step_ = rate * dt if self.speed() > 0 else abs(target - cur)
                cur = min(target, cur + step_) if target > cur else max(target, cur - step_)
                self.shown_money[p] = cur
                self._players_cache = None

    def _play_bot(self, action: Action) -> None:
        if self.speed() <= 0:
            self._apply(action)
            return
        if action.kind == "start":
            # A start point: the X it takes is picked out on the map for a moment.
            h = _start_hex(action)
            p = self.match.to_move() or 0
            self.show_bot_move(action, MapPreview("start", p, h, choices=(h,), targets=(h,)),
                               T_BOT_SHOW)
            self.bot_preview = None
            return
        # Show what the bot is about to do, then do it.
        try:
            pv = self.state.preview(action)
            shown = self._map_preview(pv, self.match.to_move() or 0)
        except (IllegalAction, ValueError):
            shown = None
        if shown is None:
            self._apply(action)
            return
        self.show_bot_move(action, shown, T_BOT_SHOW)
        self.bot_preview = pv

    def _bot_words(self) -> str:
        """What the bot on show is about to do, without its name."""
        assert self.bot_move is not None
        action = self.bot_move[0]
        if action.kind == "start":
            return f"chooses {start_label(self.state.map, _start_hex(action))}"
        bot = self.match.to_move() or 0
        return _after_name(self._bot_preview().text, self.match.seats[bot].name)

    def _bot_preview(self) -> Preview:
        assert self.bot_move is not None
        if self.bot_preview is None or self.bot_preview.action != self.bot_move[0]:
            self.bot_preview = self.state.preview(self.bot_move[0])
        return self.bot_preview

    # ================================================================== the human's move
    @property
    def move(self) -> Move:
        """The human's move being assembled."""
        return self.moves.move

    @move.setter
    def move(self, move: Move) -> None:
        self.moves.move = move

    @property
    def focus(self) -> str | None:
        """The row of the move panel that takes the +/- keys."""
        return self.moves.focus

    @focus.setter
    def focus(self, slot: str | None) -> None:
        self.moves.focus = slot

    def preview(self) -> Preview | None:
        """The rules' preview of the move as it stands (None before an action die is chosen)."""
        return self.moves.preview()

    def current_action(self) -> Action | None:
        """The action the move makes, when it is complete (legal or not)."""
        return self.moves.current_action()

    def why_not(self) -> str:
        """Why Confirm cannot be pressed now ("" when it can), in the rules' words."""
        return self.moves.why_not()

    # ================================================================== choosing a start point
    def choosing(self) -> bool:
        """Whether the start points are being chosen (before the first roll)."""
        return self.state.phase == START

    def free_starts(self) -> list[Hex]:
        """The X the seat choosing now may take, in the map's order."""
        return self.state.free_starts()

    def start_number(self, h: Hex) -> int:
        """The number (1-4) of an X: its place in the map's left-to-right order, and its key."""
        return self.state.map.starts.index(h) + 1

    def pick_start(self, h: Hex | None) -> bool:
        """Keys: pick out the X at `h` (Enter then chooses it); False when it is not free."""
        if not self._human_turn() or not self.choosing():
            return False
        if h is None or h not in self.free_starts():
            if h is not None:
                self._say(self._why_not_start(h))
            return False
        self.start_pick = h
        self._buttons_key = None
        self.message_time = 0.0   # (a refusal of another X no longer stands beside "picked")
        return True

    def choose_start(self, h: Hex | None = None) -> bool:
        """Start on the X at `h` (or the one picked out with the keys); else say why not."""
        if not self._human_turn() or not self.choosing():
            return False
        h = h if h is not None else self.start_pick
        if h is None:
            self._say("Pick a start point first: press its number (1-4) or Tab, or click an X.")
            return False
        if h not in self.free_starts():
            self._say(self._why_not_start(h))
            return False
        if self.app is not None:
            self.app.play("click")
        return self._apply(start_action(h))

    def _why_not_start(self, h: Hex) -> str:
        if h not in self.state.map.starts:
            return "That hex is not a start point: choose one of the X."
        owner = next((p for p, ph in enumerate(self.state.pos) if ph == h), None)
        if owner is not None:
            return f"{self.match.seats[owner].name} already starts at {start_label(self.state.map, h)}."
        return "A two-player game uses the two central X (the ones numbered brightly)."

    def _start_words(self, h: Hex) -> str:
        """What the tooltip says about an X while start points are chosen."""
        label = start_label(self.state.map, h)
        owner = next((p for p, ph in enumerate(self.state.pos) if ph == h), None)
        if owner is not None:
            return f"{label[:1].upper()}{label[1:]}: {self.match.seats[owner].name} starts here"
        if h not in self.free_starts():
            return f"{label[:1].upper()}{label[1:]}: not used in a two-player game"
        if self._human_turn():
            return f"{label[:1].upper()}{label[1:]}: free. Click to start here (or press " \
                   f"{self.start_number(h)}, then Enter)"
        return f"{label[:1].upper()}{label[1:]}: free"

    def _start_key(self, k: int, mod: int) -> bool:
        """Keys while choosing a start point: 1-4 or Tab pick an X out, Enter chooses it."""
        free = self.free_starts()
        if pygame.K_1 <= k <= pygame.K_4 or pygame.K_KP1 <= k <= pygame.K_KP4:
            i = k - (pygame.K_1 if k <= pygame.K_4 else pygame.K_KP1)
            starts = self.state.map.starts
            self.pick_start(starts[i] if i < len(starts) else None)
            return True
        if k == pygame.K_TAB and free:
            cur = free.index(self.start_pick) if self.start_pick in free else -1
            self.pick_start(free[(cur + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(free)])
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose_start()
            return True
        return False

    def _ensure_start_buttons(self) -> None:
        key = ("start", len(self.match.actions), self.start_pick)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self.buttons = []
        for h, row in self._start_rows():
            if h in self.free_starts():
                b = Button((row.right - 112, row.y + 6, 104, row.h - 12), "Start here",
                           self._starter(h), None, size=15, primary=h == self.start_pick)
                self.buttons.append(b)

    def _starter(self, h: Hex) -> Callable[[], None]:
        def press() -> None:
            self.choose_start(h)

        return press

    def _start_rows(self) -> list[tuple[Hex, pygame.Rect]]:
        """The move panel's rows while choosing: one per X, in number order."""
        return [(h, pygame.Rect(MOVE_BOX.x + 8, MOVE_BOX.y + 92 + i * 50, MOVE_BOX.w - 16, 44))
                for i, h in enumerate(self.state.map.starts)]

    def _prepare_human_turn(self) -> None:
        if self.moves.start_turn():
            self._buttons_key = None
        if self.choosing():
            if self.start_pick not in self.free_starts():
                self.start_pick = None
            self._ensure_start_buttons()
            return
        self._ensure_buttons()

    def _after_apply(self) -> None:
        self.moves.clear()

    def confirm(self) -> bool:
        """Play the assembled move if it is one of the legal actions; else say why not."""
        if not self._human_turn():
            return False
        action = self.current_action()
        if action is None or action not in self.moves.legal_set():
            self._say(self.why_not() or "That move is not allowed.")
            return False
        if self.app is not None:
            self.app.play("click")
        return self._apply(action)

    def _human_turn(self) -> bool:
        return self.idle and self.match.human_to_move() and not self.match.is_over()

    def _say(self, text: str) -> None:
        super()._say(text)
        self.message_colour = theme.DANGER   # a refusal

    def _note(self, text: str) -> None:
        """What a choice did that the player did not ask for (a die turned to fit): said in the
        money box like a refusal, but in gold, for it is none."""
        super()._say(text)
        self.message_colour = theme.GOLD

    def _move_changed(self) -> None:
        if self.app is not None:
            self.app.play("click")
        self._buttons_key = None
        self.message_time = 0.0

    def _ensure_buttons(self) -> None:
        key = (len(self.match.actions), self.move, self.focus)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self.buttons = []
        h = self.row_height()
        for slot, y in self.move_rows():
            row = pygame.Rect(MOVE_BOX.x + 8, y, MOVE_BOX.w - 16, h - 4)
            by = row.y + (5 if h >= 50 else 2)
            bh = 30 if h >= 50 else 27
            if slot == "second":
                if self.move.dist_die is not None:
                    self.buttons.append(Button((row.right - 94, by, 42, bh), "◀", lambda: self.moves.cycle_second(-1),
                                               None, size=14))
                    self.buttons.append(Button((row.right - 48, by, 42, bh), "▶", lambda: self.moves.cycle_second(1),
                                               None, size=14))
                continue
            die = self.moves.die_of(slot)
            if die is None:
                continue
            change = self.moves.change_of(slot)
            for delta, x in ((-1, row.right - 94), (1, row.right - 48)):
                # Enabled only when the change can still end in a legal action (it may skip values
                # that cannot); dimmed with the reason otherwise.
                nxt, reason = self.moves.change_choice(slot, delta)
                ok = nxt is not None
                new_change = getattr(nxt, FIELDS[slot][1]) if nxt is not None else change
                step_price = self.moves.price(slot, new_change) - self.moves.price(slot, change)
                b = Button((x, by, 42, bh), f"{'+' if delta > 0 else '−'}1",
                           self._changer(slot, delta), None, enabled=ok, reason=reason[:1].upper() + reason[1:], size=15)
                b.price = step_price  # type: ignore[attr-defined]
                if ok and abs(new_change - change) > 1:
                    # Values that lead nowhere are skipped: say so, or the price looks wrong.
                    rolled = self.model.dice[die]
                    skipped = [str(v) for v in range(rolled + change + delta, rolled + new_change, delta)]
                    which = (f"{skipped[0]}, which leads" if len(skipped) == 1
                             else f"{', '.join(skipped[:-1])} and {skipped[-1]}, which lead")
                    cost = words.money(step_price) if step_price > 0 else "free"
                    b.note = (f"Turns die {die + 1} to {rolled + new_change} ({cost}): it skips "  # type: ignore[attr-defined]
                              f"{which} to no legal move")
                self.buttons.append(b)
        bw = (MOVE_BOX.w - 36) // 2
        by = MOVE_BOX.bottom - 48
        # Their keys (Backspace, Enter) are handled by the table, and shown in the labels.
        # ("Back", as in the other tables: the Undo above the log takes back a whole decision.)
        undo = Button((MOVE_BOX.x + 12, by, bw, 38), "Back  ⌫", lambda: None if self.moves.undo() else None, None,
                      enabled=self.move.action_die is not None, size=17)
        why = self.why_not()
        ok = not why and self.current_action() is not None
        go = Button((MOVE_BOX.x + 24 + bw, by, bw, 38), "Confirm  ⏎", lambda: None if self.confirm() else None, None,
                    enabled=ok, reason=why, primary=True, size=17)
        self.buttons += [undo, go]

    def button_for(self, label: str) -> Button | None:
        """The button whose label starts with `label` ("Confirm", "Back", "+1"...)."""
        return next((b for b in self.buttons if b.label.startswith(label)), None)

    def _changer(self, slot: str, delta: int) -> Callable[[], None]:
        def press() -> None:
            self.moves.change(slot, delta)

        return press

    def change_button(self, slot: str, delta: int) -> Button | None:
        """The -1 / +1 button of a row of the move panel (None when that row has none)."""
        h = self.row_height()
        label = f"{'+' if delta > 0 else '−'}1"
        for s, y in self.move_rows():
            if s == slot:
                return next((b for b in self.buttons if b.label == label and y <= b.rect.y < y + h), None)
        return None

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._undo_click(event) or self._hint_click(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for b in self.buttons:
                b.handle_event(event)
            return False
        if event.type == pygame.KEYDOWN:
            if self._table_key(event):
                return True
            k = event.key
            if not self._human_turn():
                return False
            if self.choosing():
                return self._start_key(k, event.mod)
            if pygame.K_1 <= k <= pygame.K_4 or pygame.K_KP1 <= k <= pygame.K_KP4:
                i = k - (pygame.K_1 if k <= pygame.K_4 else pygame.K_KP1)
                self.moves.pick_die(i)
                return True
            if k in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.moves.change(self.moves.focus_slot(), 1)
                return True
            if k in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.moves.change(self.moves.focus_slot(), -1)
                return True
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                if self.moves.current_slot() == "second" or self.move.second is not None:
                    self.moves.cycle_second(1 if k == pygame.K_RIGHT else -1)
                return True
            if k == pygame.K_TAB:
                if self.moves.cycle_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1):
                    self._buttons_key = None
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
                return True
            if k == pygame.K_BACKSPACE:
                self.moves.undo()
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel_log(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self._human_turn():
                return False
            for b in list(self.buttons):
                if b.handle_event(event):
                    return True
            if self.choosing():
                h = self.view.hex_at(event.pos) if MAP.collidepoint(event.pos) else None
                if h is not None and h in self.state.map.starts:
                    return self.choose_start(h)
                if h is not None:
                    self._say("Click one of the X to start there.")
                    return True
                return False
            for i in range(DICE):
                if self.die_rect(i).collidepoint(event.pos):
                    self.moves.pick_die(i)
                    return True
            for slot, y in self.move_rows():
                row = pygame.Rect(MOVE_BOX.x + 8, y, MOVE_BOX.w - 16, self.row_height() - 4)
                if row.collidepoint(event.pos) and self.moves.die_of(slot) is not None:
                    self.focus = slot
                    self._buttons_key = None
                    return True
            h = self.view.hex_at(event.pos) if MAP.collidepoint(event.pos) else None
            if h is not None:
                return self.moves.click_hex(h)
        return False

    def _hint_spots(self, action: Action) -> list[Spot]:
        """The coach's best choice: a start point's hex; else the action die and the hexes the
        move mines, blasts, blocks or fences (its end, for income). A blast or block outlines its
        two hexes alone: with the line to them outlined too, the two could not be told apart."""
        if action.kind == "start":
            return [self.view.corners(_start_hex(action), 3)]
        try:
            move = self.state.move_of(action)
            pv = self.state.preview(action)
        except (IllegalAction, ValueError):
            return []
        # (the dice modifier's route: the die that becomes the new action too, its second step)
        spots: list[Spot] = [self.die_rect(d) for d in (move.action_die, move.new_die) if d is not None]
        hexes = (list(pv.blasted or pv.blocked) or list(dict.fromkeys(pv.path + pv.barrier))
                 or [pv.end])
        return spots + [self.view.corners(h, 3) for h in hexes[:8]]

    # ------------------------------------------------------------------ the log
    def _log(self, ev: Event) -> None:
        p = ev.data.get("player")
        colour = seat_rgb(p) if isinstance(p, int) else theme.INK_DIM
        heading = ev.kind in ("round", "game_over")
        if heading:
            colour = theme.GOLD
        self.log_panel.add(ev.text, colour, heading)
        self._last_shown = ev
